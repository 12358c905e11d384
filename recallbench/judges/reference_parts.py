"""What a correct answer contains, and how much of it an answer holds (the rubric judge's matching).

A reference is cut into **parts**: its checkable atoms (money, numbers, dates, times, codes, names, quoted
strings), each weighing four content words, and its content words (a word the question already uses
weighs less: it shows little by itself). :func:`parts_share` is the weighted share of parts an answer
holds; :func:`key_fact_share` the share of one key fact. References and questions repeat across
checkpoints, so their analysis is cached.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs

from ..data.matching import contains, normalize
from .atoms import Atoms, bigrams, clean, extract_atoms, tokens

__all__ = [
    "ATOM_WEIGHT",
    "ECHO_WEIGHT",
    "EMPTY_TEXT",
    "WORD_WEIGHT",
    "Part",
    "Text",
    "analyse",
    "analyse_cached",
    "found_share",
    "key_fact_share",
    "parts_share",
    "reference_parts",
    "show_number",
]

# Weights of a reference part in the found share: a checkable atom is what a grader looks for first.
ATOM_WEIGHT = 4.0
WORD_WEIGHT = 1.0
# A reference word the question already uses shows little by itself, but in an either/or question
# ("move to negotiation prep or stay in synthesis?") it is the answer: it counts, lightly.
ECHO_WEIGHT = 0.5


@attrs.define
class Text:
    cleaned: str
    atoms: Atoms
    numeric: frozenset[str]
    tokens: list[str]
    token_set: frozenset[str]

    @functools.cached_property
    def pairs(self) -> frozenset[str]:
        """Adjacent token pairs (reference quotes are matched by them)."""
        return frozenset(bigrams(self.tokens))

    @functools.cached_property
    def normalized(self) -> str:
        """What key facts are matched against (only pairs with key facts need it)."""
        return normalize(self.cleaned)


def analyse(text: str) -> Text:
    cleaned = clean(text)
    atoms = extract_atoms(cleaned, cleaned=True)
    toks = tokens(cleaned, cleaned=True)
    return Text(
        cleaned=cleaned,
        atoms=atoms,
        numeric=atoms.numeric_values(),
        tokens=toks,
        token_set=frozenset(toks),
    )


analyse_cached = functools.lru_cache(maxsize=8192)(analyse)
EMPTY_TEXT = analyse("")


@attrs.frozen
class Part:
    """One thing a correct answer contains: an atom, a quote or a content word of the reference."""

    kind: str
    value: Any
    weight: float
    shown: str = ""

    @property
    def label(self) -> str:
        if self.shown:
            return self.shown
        if self.kind == "name":
            return " ".join(self.value).title()
        if self.kind == "quote":
            return "“" + " ".join(self.value[:6]) + ("…" if len(self.value) > 6 else "") + "”"
        return str(self.value)


@functools.lru_cache(maxsize=8192)
def reference_parts(
    reference: str, question: str, context: frozenset[str] = frozenset()
) -> tuple[Part, ...]:
    """The parts of ``reference`` a correct answer holds. ``context`` are name tokens that frame
    every question of the persona (its own name, its principal's, its company's): in a reference
    they weigh as a content word, not as an entity the answer must name."""
    ref, q = analyse_cached(reference), analyse_cached(question)
    a, qa = ref.atoms, q.atoms
    parts = [
        Part("num", v, ATOM_WEIGHT, show_number(v, a)) for v in sorted(ref.numeric - q.numeric)
    ]
    for kind in ("date", "time", "code"):
        values = getattr(a, kind) - getattr(qa, kind)
        parts += [Part(kind, v, ATOM_WEIGHT) for v in sorted(values) if v[:1].isalnum()]
    for name in sorted(a.name - qa.name):
        toks = tuple(name.split())
        if not all(t in q.token_set for t in toks):
            # The persona's framing names qualify an answer more often than they are it ("Jamie
            # wanted …"): they weigh as a content word.
            framing = all(t in context for t in toks)
            parts.append(Part("name", toks, WORD_WEIGHT if framing else ATOM_WEIGHT))
    parts += [Part("quote", quote, ATOM_WEIGHT) for quote in a.quotes]
    name_words = {w for n in a.name for w in n.split()}
    for word in sorted(a.words - name_words):
        weight = ECHO_WEIGHT if word in qa.words else WORD_WEIGHT
        parts.append(Part("word", word, weight))
    return tuple(parts)


def show_number(value: str, atoms: Atoms) -> str:
    """A canonical number as a reader expects it: ``$2,412``, ``10%``, ``3.2``."""
    whole = f"{int(value):,}" if value.isdigit() else value
    if value in atoms.money:
        return f"${whole}"
    if value in atoms.percent:
        return f"{value}%"
    return whole


def found_share(part: Part, ans: Text) -> float:
    """How much of ``part`` the answer holds, 0–1."""
    kind, value = part.kind, part.value
    if kind == "num":
        return 1.0 if value in ans.numeric else 0.0
    if kind == "date":
        if value.startswith("month:"):  # "end of May" is met by any date in May
            month = value[6:8]
            return (
                1.0
                if value in ans.atoms.date or any(d[:2] == month for d in ans.atoms.date)
                else 0.0
            )
        return 1.0 if value in ans.atoms.date else 0.0
    if kind == "time":
        return 1.0 if value in ans.atoms.time else 0.0
    if kind == "code":
        return 1.0 if value in ans.atoms.code or value in ans.token_set else 0.0
    if kind == "name":
        return sum(1 for t in value if t in ans.token_set) / len(value)
    if kind == "quote":
        pairs = list(bigrams(list(value)))
        return sum(1 for p in pairs if p in ans.pairs) / len(pairs)
    return 1.0 if value in ans.atoms.words else 0.0


def parts_share(parts: Sequence[Part], ans: Text) -> tuple[float, list[str], list[str]]:
    total = found_weight = 0.0
    found: list[str] = []
    missing: list[str] = []
    for p in parts:
        f = found_share(p, ans)
        total += p.weight
        found_weight += p.weight * f
        if p.kind != "word":
            (found if f >= 0.99 else missing).append(p.label)
    return (found_weight / total if total else 1.0), found, missing


def key_fact_share(fact: str, ans: Text, parts_of: Text | None = None) -> float:
    """How much of one key fact the answer holds: 1 when it occurs verbatim (normalised), else its
    parts' share — at most a half when its number, date or name is missing: words alone are not it.
    ``parts_of`` is what the parts are looked for in (default: the answer itself)."""
    # Word-boundary containment, but numbers in digits compare whole: "5%" is not inside "7.5%".
    a = analyse_cached(fact).atoms
    if contains(ans.normalized, fact) and (a.money | a.percent | a.number) <= ans.numeric:
        return 1.0
    parts = reference_parts(fact, "")
    if not parts:  # nothing to match but the text itself ("6E"), and that was not found
        return 0.0
    share, _, missing = parts_share(parts, parts_of if parts_of is not None else ans)
    return min(share, 0.5) if missing else share
