"""The wording probes of the judge-probe battery: the reference's facts in other words, half of them,
none of them, or an abstention. Pure.

* :func:`paraphrase` — the same facts in other words, every checkable atom literal (its docstring
  says exactly what changes).
* :func:`partial` — about half the key facts removed, clause by clause.
* :func:`vague` — the question's topic words and no facts: no numbers, names, dates or codes.
* :func:`abstention` — a plain "no evidence".

Each builder is deterministic for its ``random.Random``; those that return None cannot build their
probe for that pair. :mod:`recallbench.judges.probe` assembles them, with the fact-changing probes of
:mod:`recallbench.judges.probe_facts` and the restyled ones of :mod:`recallbench.judges.restyle`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from ..data.qa import QAPair
from .atoms import STOPWORDS, content_words, extract_atoms

__all__ = ["ABSTENTIONS", "abstention", "paraphrase", "partial", "vague"]

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])")
_CLAUSE_SPLIT = re.compile(r"(;\s+|,\s+(?!\d))")
_LEAD_ANSWER = re.compile(r"^(?P<word>(?:No|Yes)[.,!])\s+(?=\S)")
_TRAILING_PAREN = re.compile(r"^(?P<main>[^()]+?)\s*\((?P<aside>[^()]+)\)(?P<end>[.!?]?)$")

ABSTENTIONS: tuple[str, ...] = (
    "No evidence found in memory.",
    "I couldn't find anything about that in my memories.",
    "There is no information about this in memory.",
    "I don't know; nothing in my memory mentions it.",
)
"""Plain abstentions; :func:`abstention` picks one."""

# Whole words and phrases (lower-case occurrences only) and what replaces each, chosen to read in the
# same grammatical slot. Capitalised words are never touched: they may be names.
_SYNONYMS: dict[str, str] = dict(
    line.split(" → ")
    for line in """\
approved → signed off on
decided → determined
chose → picked
chosen → picked
finished → completed
completed → finished
changed → altered
moved → shifted
said → stated
told → informed
problem → issue
problems → issues
issue → problem
issues → problems
mistake → error
big → large
large → big
small → minor
quickly → rapidly
wrong → incorrect
incorrect → wrong
bought → purchased
buy → purchase
suggested → proposed
proposed → suggested
reason → cause
stays → remains
stay → remain
stayed → remained
kept → retained
fixed → resolved
objected to → pushed back on
citing → pointing to
instead of → rather than
while → whereas
every → each
whole → entire
team → group
rule → policy
important → significant
main → primary
reviewed → examined
received → got
confirmed → verified
cancelled → called off
canceled → called off
delayed → postponed
postponed → delayed
ended → concluded
began → started
lasted → ran
arrived → showed up
customers → clients
customer → client
employees → staff
visitors → guests
guests → visitors""".splitlines()
)
_SYNONYM_RE = re.compile(
    r"(?<![\w'’-])("
    + "|".join(sorted(map(re.escape, _SYNONYMS), key=len, reverse=True))
    + r")(?![\w'’-])"
)
_SEQUENCING = re.compile(
    r"(?:then|after|afterwards|later|finally|next|eventually|subsequently|meanwhile|by then"
    r"|along the way|before|since|until|now)\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”")

_COLON_FRAMES = ("In short:", "Put simply:", "To sum up:", "What the record shows:")

# The question words a vague answer drops along with stopwords and anything checkable.
_QUESTION_WORDS = frozenset(
    """what when who whom whose which where why how many much long did does do ever happened happen
    was were is are has have had i me my mine agree agreed got get went come came turned passed
    wanted discussed expected named used end ended""".split()  # noqa: SIM905 - a word list
)
_NUMBER_WORDS = frozenset(
    """one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
    sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety
    hundred thousand million billion first second third fourth fifth half dozen""".split()  # noqa: SIM905
)
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_MONTH_AND_DAY_WORDS = frozenset(f"{_MONTHS.lower()}|{_WEEKDAYS}".split("|"))
_VAGUE_FRAMES = (
    "That question concerns {topic}. The answer depends on the context and on how things "
    "developed over time.",
    "This is about {topic}; the specifics depend on the circumstances and on how the situation "
    "evolved.",
    "On {topic}: it depends on the context, and the details shifted as things went along.",
)


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def _end(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _keys(text: str) -> frozenset[str]:
    return extract_atoms(text).keys()


# -- paraphrase -----------------------------------------------------------------------------------


def _synonyms(text: str) -> str:
    """Swap words of :data:`_SYNONYMS` outside quoted text, lower-case occurrences only."""
    out, pos = [], 0
    for m in _QUOTED.finditer(text):
        out.append(_SYNONYM_RE.sub(lambda w: _SYNONYMS[w.group(1)], text[pos : m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(_SYNONYM_RE.sub(lambda w: _SYNONYMS[w.group(1)], text[pos:]))
    return "".join(out)


def _orderless(clauses: Sequence[str]) -> bool:
    """Whether a list of clauses or sentences reads the same in any order: none after the first
    opens with a sequencing word, and at most one states a number (numbered steps are a sequence)."""
    if any(_SEQUENCING.match(c.strip()) for c in clauses[1:]):
        return False
    return sum(1 for c in clauses if re.search(r"\d", c)) <= 1


def _reorder(text: str) -> str:
    """One change of clause order, only where order carries no meaning (:func:`_orderless`): the
    ``;`` clauses of a sentence reversed; else the first of several sentences moved last; else a
    trailing parenthesis made a sentence of its own (``X (Y).`` → ``X. Y.``)."""
    sentences = _SENTENCE_SPLIT.split(text.strip())
    if any("; " in s for s in sentences):
        out = []
        for s in sentences:
            clauses = [c.strip() for c in s.rstrip(".!?").split("; ")]
            if len(clauses) < 2 or not _orderless(clauses):
                out.append(s)
                continue
            end = s[-1] if s[-1] in ".!?" else ""
            out.append(_capitalise("; ".join(reversed(clauses))) + end)
        return " ".join(out)
    if len(sentences) >= 2:
        if not _orderless(sentences):
            return text
        return " ".join([*sentences[1:], _end(_capitalise(sentences[0]))])
    m = _TRAILING_PAREN.match(text.strip())
    if m:
        return f"{_end(m['main'].strip())} {_end(_capitalise(m['aside'].strip()))}"
    return text


def _is_short_fact(text: str) -> bool:
    body = text.strip().rstrip(".")
    words = body.split()
    if not 1 <= len(words) <= 6 or _SENTENCE_SPLIT.search(body):
        return False
    return body[:1] in "$€£" or body[:1].isdigit() or all(w[:1].isupper() for w in words)


def paraphrase(reference: str, rng: random.Random) -> str:
    """The reference in other words, every checkable atom (amounts, numbers, dates, times, names,
    codes, quoted text) kept literal.

    Exactly what changes, in order:

    1. A leading ``No.`` / ``Yes,`` stays in front; the rest is rewritten.
    2. Clause order, only where order carries no meaning (no clause or sentence after the first
       opens with a sequencing word such as ``Then`` or ``After``, and at most one states a number):
       in a sentence with ``;`` clauses their order is reversed; otherwise a text of two or more
       sentences has its first sentence moved last; otherwise a trailing parenthesis ``X (Y).``
       becomes a sentence of its own, ``X. Y.``.
    3. Words: lower-case occurrences of a fixed table of about fifty common verbs, nouns and
       connectives (``approved`` → ``signed off on``, ``objected to`` → ``pushed back on``,
       ``citing`` → ``pointing to``, ``employees`` → ``staff``, …; :data:`_SYNONYMS`) outside quotes.
    4. Frame: a short fact (a number, amount or name of at most six words) becomes ``It was X.``;
       anything else is introduced by a seeded ``In short:`` / ``Put simply:`` / ``To sum up:`` /
       ``What the record shows:``.

    If steps 2–3 would lose an atom (a capitalised word moved to a sentence start no longer reads as
    a name), only the frame is applied; the result always keeps every atom of the reference.
    """
    text = reference.strip()
    lead = ""
    m = _LEAD_ANSWER.match(text)
    if m:
        lead, text = m["word"], text[m.end() :]
    want = _keys(reference)
    body = _synonyms(_reorder(text))
    if not want <= _keys(f"{lead} {body}"):
        body = text
    if _is_short_fact(body) and not lead:
        framed = f"It was {body.strip().rstrip('.')}."
    else:
        framed = f"{rng.choice(_COLON_FRAMES)} {body.strip()}"
    out = f"{lead} {framed}" if lead else framed
    if not want <= _keys(out):  # a frame never loses atoms; this guards the reorder only
        out = f"{lead} {rng.choice(_COLON_FRAMES)} {text}".strip()
    return out


# -- partial --------------------------------------------------------------------------------------


def _split(reference: str) -> list[list[str]]:
    """Sentences, each a list of pieces alternating clause, separator, clause, …"""
    return [_CLAUSE_SPLIT.split(s) for s in _SENTENCE_SPLIT.split(reference.strip())]


def _locate(fact: str, clauses: Sequence[str]) -> int | None:
    folded = fact.casefold()
    for i, clause in enumerate(clauses):
        if folded in clause.casefold():
            return i
    want = content_words(fact)
    best, best_overlap = None, 0
    for i, clause in enumerate(clauses):
        overlap = len(want & content_words(clause))
        if overlap > best_overlap:
            best, best_overlap = i, overlap
    return best


def _cut(text: str, fact: str) -> str:
    """``text`` without the first occurrence of ``fact`` and the connective it leaves dangling."""
    i = text.casefold().find(fact.casefold())
    if i < 0:
        return text
    text = text[:i] + text[i + len(fact) :]
    text = re.sub(r"\s*,?\s+(?:and|or)\s*(?=[.;,!?:]|$)", "", text)  # "A and ." → "A."
    text = re.sub(r"(^|[.;:]\s+)(?:and|or)\s+", r"\1", text)  # ". and B" → ". B"
    text = re.sub(r"\s*,\s*(?=[.;,!?]|$)", "", text)
    text = re.sub(r"^\s*[,;]\s*", "", text)
    text = re.sub(r"\s+(?=[.;,!?])", "", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def partial(pair: QAPair, rng: random.Random) -> tuple[str, tuple[str, ...]] | None:
    """The reference with about half its key facts removed, and the facts removed.

    The reference is cut into clauses (sentences, then ``;`` and ``,`` pieces); each key fact is
    located in a clause (literally, else by shared content words). A seeded ``⌊n/2⌋`` of the ``n``
    located facts (at least one) are kept; every clause holding a removed fact and no kept one is
    dropped, and a removed fact still written out in a kept clause is cut from it with its dangling
    ``and`` or comma. None for pairs with fewer than two located key facts, or when the cut would
    remove nothing, leave nothing, or leave a removed fact in place.
    """
    facts = [f for f in pair.extra.get("key_facts") or () if isinstance(f, str) and f.strip()]
    if len(facts) < 2:
        return None
    sentences = _split(pair.answer)
    flat = [(si, pi) for si, s in enumerate(sentences) for pi in range(0, len(s), 2)]
    clauses = [sentences[si][pi] for si, pi in flat]
    where = {f: _locate(f, clauses) for f in facts}
    located = [f for f in facts if where[f] is not None]
    if len(located) < 2:
        return None
    kept = set(rng.sample(located, max(1, len(located) // 2)))
    removed = tuple(f for f in located if f not in kept)
    drop = {where[f] for f in removed} - {where[f] for f in kept}
    out_sentences = []
    for si, pieces in enumerate(sentences):
        kept_pieces: list[str] = []
        for pi in range(0, len(pieces), 2):
            if flat.index((si, pi)) in drop:
                continue
            if kept_pieces:
                kept_pieces.append(pieces[pi - 1])
            kept_pieces.append(pieces[pi])
        text = "".join(kept_pieces).strip().rstrip(",;")
        for fact in removed:
            text = _cut(text, fact)
        if text.strip(" .,;:!?"):
            out_sentences.append(_end(_capitalise(text)))
    answer = " ".join(out_sentences)
    folded = answer.casefold()
    literal_kept = [f for f in kept if f.casefold() in pair.answer.casefold()]
    if (
        not answer
        or answer == pair.answer
        or any(f.casefold() in folded for f in removed)
        or not all(f.casefold() in folded for f in literal_kept)
    ):
        return None
    return answer, removed


# -- vague and abstention --------------------------------------------------------------------------


def _topic(question: str, names: Sequence[str]) -> list[str]:
    """The question's topic as runs of adjacent content words: no stopwords, question words,
    capitalised words (names, months), numbers, number words or declared names."""
    # Capitalised names are dropped as capitalised words; this catches lower-case ones (session ids).
    banned = {n.casefold() for n in names}
    runs: list[list[str]] = [[]]
    for m in re.finditer(r"[\w'’-]+", question):
        word = m.group()
        low = word.casefold()
        drop = (
            word[:1].isupper()
            or any(ch.isdigit() for ch in word)
            or low in STOPWORDS
            or low in _QUESTION_WORDS
            or any(part in _NUMBER_WORDS for part in re.split(r"[-–]", low))
            or low in _MONTH_AND_DAY_WORDS
            or low in banned
            or len(low) < 3
        )
        if drop:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append(low)
    phrases = list(dict.fromkeys(" ".join(r) for r in runs if r))
    longest = sorted(phrases, key=lambda p: -len(p.split()))[:3]
    return [p for p in phrases if p in longest]


def vague(pair: QAPair, names: Sequence[str], rng: random.Random) -> str | None:
    """An on-topic non-answer: the question's topic words (:func:`_topic`) in a seeded frame that
    asserts nothing, with no checkable atom. None when the question leaves no topic words."""
    phrases = _topic(pair.question, names)
    if not phrases:
        return None
    topic = phrases[0] if len(phrases) == 1 else f"{', '.join(phrases[:-1])} and {phrases[-1]}"
    text = rng.choice(_VAGUE_FRAMES).format(topic=topic)
    atoms = extract_atoms(text)
    if atoms.keys() or atoms.soft_number:
        return None
    return text


def abstention(rng: random.Random) -> str:
    """A plain abstention, one of :data:`ABSTENTIONS`."""
    return rng.choice(ABSTENTIONS)
