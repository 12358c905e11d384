"""The fact-changing probes of the judge-probe battery, and what a persona's corpus holds. Pure.

* :class:`CorpusFacts` — a persona's corpus and declared names, read once: what an invented detail
  must avoid and where a wrong value is drawn from.
* :func:`fabricate` — the reference plus one invented, specific detail (a name, an amount or a
  ticket code) that :meth:`CorpusFacts.mentions` confirms appears nowhere in the corpus nor among the
  declared names.
* :func:`wrong_value` — the reference with its key atom swapped for another value of its kind that
  the corpus holds.
* :func:`confident_yes` — for a negative-recall pair, a confident "yes" asserting what never happened.

Each builder is deterministic for its ``random.Random`` and returns None when the pair cannot carry
its probe. :mod:`recallbench.judges.probe` assembles them.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Mapping

import attrs

from ..data.corpus import PersonaDataset
from ..data.qa import QAPair
from .atoms import extract_atoms, extract_values

__all__ = [
    "CorpusFacts",
    "Fabrication",
    "Swap",
    "atom_spans",
    "confident_yes",
    "fabricate",
    "invent_detail",
    "wrong_value",
]

# Literal forms of the swappable kinds, as the shipped corpora write them.
_MONEY = re.compile(
    r"(?<![\w.])[$€£]\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
    r"(?:\s?(?:[MBK](?!\w)|million\b|billion\b|thousand\b))?"
)
_PERCENT = re.compile(r"(?<![\w.,$])\d+(?:\.\d+)?\s?(?:%|percent\b)")
_TIME = re.compile(r"(?<![\w:.])\d{1,2}:\d{2}(?:\s?(?:am|pm|AM|PM)\b)?(?![\w:])")
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_DATE = re.compile(rf"\b(?:{_MONTHS}) \d{{1,2}}(?:, \d{{4}})?(?![\d,]\d)")
_NUMBER = re.compile(r"(?<![\w$€£.,:/-])(?:\d{1,3}(?:,\d{3})+|\d+)(?![\w:/%-]|[.,]\d)")

# Invented specifics. Each is checked against the corpus before use, so the lists only have to be
# unusual, not guaranteed absent.
_FIRST_NAMES = (
    "Quillon", "Ysolde", "Corwin", "Perpetua", "Lisandro", "Oriel", "Bramwell", "Ottoline",
    "Anselmo", "Marisela", "Evander", "Sidonie", "Caspian", "Linnea", "Thorvald", "Zuleika",
)  # fmt: skip
_SURNAME_HEADS = ("Vell", "Quor", "Brask", "Ostr", "Pemb", "Harr", "Drum", "Wexl", "Fenn", "Kilg")
_SURNAME_TAILS = ("ington", "ridge", "wick", "ham", "combe", "stead", "worth", "holt", "mere")
_CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"
_NAME_SENTENCES = (
    "{x} signed off on it as well.",
    "{x} was also copied on it.",
    "It was {x} who flagged it first.",
)
_AMOUNT_SENTENCES = ("The associated cost was {x}.", "It came with a budget of {x}.")
_CODE_SENTENCES = ("It is tracked under ticket {x}.", "The reference number is {x}.")


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[^\W_]+", text.casefold()))


@attrs.frozen(kw_only=True)
class CorpusFacts:
    """What a persona's corpus and definition hold, for checking invented details and drawing real
    replacement values. Build once per persona with :meth:`of`.

    Attributes:
        text: the whole corpus, case-folded (a detail "appears" when its literal text is in it).
        words: every word and number token of the corpus and of the declared names, case-folded.
        values: the corpus's checkable values (money, percentages, numbers, dates, times, codes) in
            their canonical forms (:func:`~recallbench.judges.atoms.extract_values`).
        names: the names the persona declares; ``cast`` and ``projects`` are the two kinds a
            wrong-value probe swaps among.
        literals: each swappable kind's distinct literal spellings in the corpus, sorted.
        dates: the calendar dates of the corpus's days (ISO), in day order.
    """

    text: str = attrs.field(repr=False)
    words: frozenset[str] = attrs.field(repr=False)
    values: frozenset[str] = attrs.field(repr=False)
    names: tuple[str, ...] = ()
    cast: tuple[str, ...] = ()
    projects: tuple[str, ...] = ()
    literals: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict, repr=False)
    dates: tuple[str, ...] = attrs.field(default=(), repr=False)

    @classmethod
    def of(cls, ds: PersonaDataset) -> CorpusFacts:
        """The facts of a loaded persona (a fraction of a second for a 1,000-day corpus)."""
        raw = "\n".join(day.content for day in ds.days)
        atoms = extract_values(raw)
        values = {f"num:{v}" for v in atoms.numeric_values()}
        for kind in ("money", "percent", "date", "time", "code"):
            values.update(f"{kind}:{v}" for v in getattr(atoms, kind))
        persona = ds.definition.persona
        names = ds.definition.declared_names()
        kinds = (("money", _MONEY), ("percent", _PERCENT), ("time", _TIME), ("date", _DATE))
        literals = {kind: tuple(sorted(set(rx.findall(raw)))) for kind, rx in kinds}
        return cls(
            text=raw.casefold(),
            words=_words(raw) | _words(" ".join(names)),
            values=frozenset(values),
            names=names,
            cast=tuple(c.name for c in persona.cast),
            projects=tuple(p.name for p in persona.projects),
            literals=literals,
            dates=tuple(day.date for day in ds.days if day.date),
        )

    def mentions(self, detail: str) -> bool:
        """Whether ``detail`` appears in the corpus or among the declared names: as literal text, any
        of its words (for a name), or any of its checkable values in canonical form."""
        folded = detail.casefold().strip()
        if not folded or folded in self.text:
            return True
        atoms = extract_atoms(detail)
        if atoms.name and _words(detail) & self.words:
            return True
        found = {f"num:{v}" for v in atoms.numeric_values()}
        for kind in ("money", "percent", "date", "time", "code"):
            found.update(f"{kind}:{v}" for v in getattr(atoms, kind))
        return bool(found & self.values)


def _end(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _keys(text: str) -> frozenset[str]:
    return extract_atoms(text).keys()


# -- fabricated -----------------------------------------------------------------------------------


@attrs.frozen
class Fabrication:
    """An answer with one invented detail: the answer, the detail, and its kind."""

    answer: str
    detail: str
    kind: str


def invent_detail(kind: str, rng: random.Random) -> str:
    """An unusual ``name``, ``amount`` or (any other kind) ticket code; check it against the corpus
    (:meth:`CorpusFacts.mentions`) before use."""
    if kind == "name":
        return (
            f"{rng.choice(_FIRST_NAMES)} {rng.choice(_SURNAME_HEADS)}{rng.choice(_SURNAME_TAILS)}"
        )
    if kind == "amount":
        return f"${rng.randint(12, 97)},{rng.randint(1, 9)}{rng.randint(1, 9)}0"
    letters = "".join(rng.choice(_CODE_LETTERS) for _ in range(2))
    return f"{letters}-{rng.randint(1000, 9999)}"


def fabricate(pair: QAPair, facts: CorpusFacts, rng: random.Random) -> Fabrication | None:
    """The reference plus one sentence carrying one invented, specific detail — a person's name, an
    amount or a ticket code (seeded) — that :meth:`CorpusFacts.mentions` confirms is nowhere in the
    corpus nor among the declared names, and that adds no other checkable atom. (Not a date: a
    1,000-day corpus mentions every day of the year, and judges compare dates without the year.)"""
    kinds = ["name", "amount", "code"]
    rng.shuffle(kinds)
    context = f"{pair.question}\n{pair.answer}".casefold()
    for kind in kinds:
        templates = {"name": _NAME_SENTENCES, "amount": _AMOUNT_SENTENCES}.get(
            kind, _CODE_SENTENCES
        )
        for _ in range(20):
            detail = invent_detail(kind, rng)
            if facts.mentions(detail) or detail.casefold() in context:
                continue
            sentence = rng.choice(templates).format(x=detail)
            added = _keys(sentence)
            if not added or added != _keys(detail):
                continue
            return Fabrication(f"{_end(pair.answer.strip())} {sentence}", detail, kind)
    return None


# -- wrong value ----------------------------------------------------------------------------------


@attrs.frozen
class Swap:
    """A wrong-value answer: the answer, the literal replaced, its replacement and their kind."""

    answer: str
    old: str
    new: str
    kind: str


_KINDS = ("money", "percent", "time", "date", "number")


def _values(text: str) -> dict[str, frozenset[str]]:
    """The canonical values of each swappable kind in ``text``."""
    atoms = extract_values(text)
    return {kind: getattr(atoms, kind) for kind in _KINDS}


def _value(kind: str, literal: str) -> str | None:
    values = _values(literal)[kind]
    return next(iter(values)) if len(values) == 1 else None


def _style(kind: str, literal: str) -> tuple[object, ...]:
    """What a replacement must share with the literal it replaces, to read the same way."""
    if kind == "money":
        scale = re.search(r"(million|billion|thousand|[MBK])$", literal)
        return (literal[0], scale.group(1) if scale else "", "." in literal)
    if kind == "percent":
        return ("%" in literal,)
    if kind == "time":
        meridiem = re.search(r"(am|pm|AM|PM)$", literal)
        return (meridiem.group(1).islower() if meridiem else None,)
    if kind == "date":
        return ("," in literal,)
    return ()


def _candidates(kind: str, old: str, facts: CorpusFacts, avoid: frozenset[str]) -> list[str]:
    """Replacements for ``old``: values of its kind that the corpus holds, written the same way,
    different in value from anything of that kind in the question and reference (``avoid``), and of
    a plausible size (amounts within a factor of 3, numbers above 12 within a factor of 2)."""
    old_value = _value(kind, old)
    if old_value is None:
        return []
    if kind == "number":
        v = float(old_value)
        if v != int(v):
            return []
        if v <= 12:
            pool = [str(n) for n in range(2, 13)]
        else:
            corpus = (x[4:] for x in facts.values if x.startswith("num:"))
            whole = sorted({int(x) for x in corpus if x.isdigit()})
            pool = [f"{n:,}" if "," in old else str(n) for n in whole if v / 2 <= n <= v * 2]
    else:
        pool = [c for c in facts.literals.get(kind, ()) if _style(kind, c) == _style(kind, old)]
    out = []
    for c in pool:
        value = _value(kind, c)
        if value is None or value in avoid:
            continue
        if kind == "money" and not float(old_value) / 3 <= float(value) <= float(old_value) * 3:
            continue
        out.append(c)
    return out


def atom_spans(reference: str, facts: CorpusFacts) -> list[tuple[int, int, str, str]]:
    """The swappable atoms of ``reference`` as (start, end, kind, literal), in order: amounts,
    percentages, times and dates, then numbers outside them, and cast members' and projects' names."""
    found: list[tuple[int, int, str, str]] = []

    def free(m: re.Match[str]) -> bool:
        return not any(a < m.end() and m.start() < b for a, b, _, _ in found)

    for kind, rx in (("money", _MONEY), ("percent", _PERCENT), ("time", _TIME), ("date", _DATE)):
        found += [(m.start(), m.end(), kind, m.group()) for m in rx.finditer(reference) if free(m)]
    found += [
        (m.start(), m.end(), "number", m.group()) for m in _NUMBER.finditer(reference) if free(m)
    ]
    for name in (*facts.cast, *facts.projects):
        pattern = rf"(?<![\w-]){re.escape(name)}(?![\w-])"
        found += [(m.start(), m.end(), "name", m.group()) for m in re.finditer(pattern, reference)]
    return sorted(found)


def _states(text: str, literal: str) -> bool:
    """Whether ``text`` states ``literal`` as a whole atom (``2`` is not stated by ``2026``)."""
    pattern = rf"(?<![\w$€£.,]){re.escape(literal)}(?![\w%]|[.,]\d)"
    return re.search(pattern, text, re.IGNORECASE) is not None


def wrong_value(pair: QAPair, facts: CorpusFacts, rng: random.Random) -> Swap | None:
    """The reference with its key atom replaced, at every place the reference states it, by another
    value of the same kind that the corpus holds: another amount, percentage, time, date or number
    (written the same way), or another cast member or project.

    Only for pairs whose answer is one fact, so that the swap makes the whole answer wrong: the key
    atom is the first swappable atom inside the pair's single key fact (a pair without key facts:
    the first of the reference). Atoms the question states are never swapped. None for pairs with
    several key facts or nothing to swap.
    """
    key_facts = [f for f in pair.extra.get("key_facts") or () if isinstance(f, str) and f.strip()]
    if len(key_facts) > 1:
        return None
    reference = pair.answer
    asked = _values(pair.question)
    avoid = {k: v | asked[k] for k, v in _values(reference).items()}
    spans = atom_spans(reference, facts)
    order = list(dict.fromkeys((kind, literal) for _, _, kind, literal in spans))
    if key_facts:
        order = [(k, lit) for k, lit in order if _states(key_facts[0], lit)]
    for kind, old in order:
        if kind == "name":
            if old.casefold() in pair.question.casefold():
                continue
            group = facts.cast if old in facts.cast else facts.projects
            text = f"{pair.question}\n{reference}".casefold()
            pool = [n for n in group if n.casefold() not in text]
        else:
            value = _value(kind, old)
            if value is None or value in asked[kind]:
                continue
            pool = _candidates(kind, old, facts, avoid[kind])
        if not pool:
            continue
        new = rng.choice(pool)
        answer = reference
        for start, end, k, literal in reversed(spans):
            if (k, literal) == (kind, old):
                answer = answer[:start] + new + answer[end:]
        if kind == "name":
            if old.casefold() in answer.casefold():
                continue
        elif _value(kind, old) in _values(answer)[kind]:
            continue  # the same value also written another way: not a clean swap
        return Swap(answer, old, new, kind)
    return None


# -- confident yes ------------------------------------------------------------------------------


def confident_yes(pair: QAPair, facts: CorpusFacts, rng: random.Random) -> str | None:
    """For a negative-recall pair: a confident "yes" asserting the first of its ``absent_subjects``
    happened, with a specific date (a day of the corpus) and a cast member. None without an absent
    subject or a cast."""
    subjects = [s for s in pair.extra.get("absent_subjects") or () if isinstance(s, str) and s]
    people = [c for c in facts.cast if c.casefold() not in pair.question.casefold()]
    if not subjects or not people or not facts.dates:
        return None
    date = dt.date.fromisoformat(rng.choice(facts.dates))
    when = f"{date:%B} {date.day}, {date.year}"
    return (
        f"Yes. {rng.choice(people)} raised {subjects[0]} on {when}, and it was approved that week."
    )
