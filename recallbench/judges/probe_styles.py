"""The style probes of the judge-probe battery: the reference written as memory systems the judge
never saw write it, each with the truth it keeps. Pure.

The styles come from the answers of LLM-backed memory systems: long markdown answers that add several
grounded details, stamp a date on every sentence, label their bullets in bold, and hedge. Some keep
the answer's truth, some change it on purpose, so that a judge which forgives the style cannot also
forgive the error it hides:

================ ========================================================= ======= =======
kind             built as                                                  correct flagged
================ ========================================================= ======= =======
many-details     the reference plus five or more sentences of the pair's   yes     no
                 evidence days (its relevant days, then their neighbours)
                 as a markdown list: true, grounded, and long
stamped          a date-stamped citation after every sentence of the       yes     no
                 reference — ``(2026-03-04)``, ``[day 12]``, ``(day 12)``, ``— Mar 4`` —
                 naming a relevant day
labelled         the reference as bold-labelled bullets                    yes     no
                 (``- **Owner:** Dana``)
stamp-off        the reference, its citation stamp one day off the         yes     no
                 relevant day (a real neighbouring day): where it was
                 found is misdated, what it says is right
date-off         every date of the reference that the question does not    no      —
                 give moved one day, with a right citation stamp: the
                 answer is wrong, however well it cites
hedged           "I'm not certain, but it seems <reference>" (answerable   yes     no
                 pairs)
hedged-partial   "I'm not certain, but it seems <half the key facts>; I    —       no
                 couldn't find <what the rest is about>"
hedged-negative  "I couldn't find <the question's topic>; what I did find  only on no
                 is <a sentence of the relevant days without the           negative
                 reference's facts>"                                       recall
================ ========================================================= ======= =======

A citation stamp is provenance: where the system found something, not what it claims. So an
off-by-one stamp beside a right date keeps the answer right, and a right stamp beside a wrong date
does not rescue it. Every builder is deterministic for its ``random.Random`` and returns None when the
pair cannot carry its probe (no date to move, no relevant day to cite, too few evidence sentences, …).
:mod:`recallbench.judges.probe` assembles them with the other kinds.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable, Sequence

import attrs

from ..data.corpus import Day, PersonaDataset
from ..data.qa import QAPair
from .atoms import content_words, extract_atoms
from .probe_text import _topic, partial
from .restyle import evidence_sentences

__all__ = ["STYLE_KINDS", "StyleProbe", "reword_dates", "shift_dates", "style_probes"]

STYLE_KINDS: tuple[str, ...] = (
    "many-details",
    "stamped",
    "labelled",
    "stamp-off",
    "date-off",
    "hedged",
    "hedged-partial",
    "hedged-negative",
)
"""The style probes' kinds, in the order reports list them."""

MIN_DETAILS = 5
"""A many-details probe adds at least this many grounded sentences."""
_MAX_DETAILS = 7

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(])")
_MONTH_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_MONTH_ALT = "|".join(m for name in _MONTH_NAMES for m in (name, name[:3] + r"\.?"))
# The written dates a reference holds: ISO, "March 4[, 2026]", "Mar 4", "4 March [2026]".
_DATE = re.compile(
    rf"\b(?P<iso>(?P<y>\d{{4}})-(?P<m>\d{{2}})-(?P<d>\d{{2}}))\b"
    rf"|\b(?P<md>(?P<mdm>{_MONTH_ALT})\s+(?P<mdd>\d{{1,2}})(?P<mds>st|nd|rd|th)?(?P<mdy>,?\s+\d{{4}})?)\b(?!:)"
    rf"|\b(?P<dm>(?P<dmd>\d{{1,2}})(?P<dms>st|nd|rd|th)?\s+(?P<dmm>{_MONTH_ALT})(?P<dmy>,?\s+\d{{4}})?)\b"
)
_WEEKDAY = re.compile(r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b", re.IGNORECASE)
_HEDGES = (
    "I'm not certain, but it seems",
    "I can't be sure, but it looks like",
    "I'm not entirely sure, but I believe",
    "If I'm reading the notes right,",
)
_LABELS_BY_KIND = {
    "money": ("Amount", "Budget", "Figure"),
    "date": ("Date", "When", "Timing"),
    "name": ("Owner", "Who", "People Involved"),
    "other": ("Decision", "Status", "Key Point", "Current Status", "Detail", "Outcome"),
}


@attrs.frozen(kw_only=True)
class StyleProbe:
    """One style probe before it becomes a :class:`~recallbench.judges.probe.Probe`.

    Attributes:
        kind: one of :data:`STYLE_KINDS`.
        answer: the probe answer.
        should_be_correct: a sound judge scores it correct (None: either is defensible).
        should_be_flagged: a sound judge flags it as hallucinated (None: either is defensible).
        note: what was done, in a few words.
    """

    kind: str
    answer: str
    should_be_correct: bool | None
    should_be_flagged: bool | None
    note: str


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


def _lower_first(text: str) -> str:
    """Lower-case a plain first word (not a name or an acronym) so the text can follow a hedge."""
    m = re.match(r"([A-Z])([a-z]+)\b", text)
    plain = ("The", "A", "An", "It", "They", "There", "This", "That", "No", "Yes", "Both", "In")
    if m is None or m.group() not in plain:
        return text
    return text[:1].lower() + text[1:]


def _split_end(sentence: str) -> tuple[str, str]:
    """A sentence's body and its closing punctuation (``.``, ``!``, ``?`` or nothing)."""
    body = sentence.rstrip()
    if body[-1:] in ".!?":
        return body[:-1].rstrip(), body[-1]
    return body, ""


def _date_of(day: Day) -> dt.date | None:
    try:
        return dt.date.fromisoformat(day.date)
    except (TypeError, ValueError):
        return None


def _stamp(day: Day, rng: random.Random) -> tuple[str, bool]:
    """A citation stamp naming ``day`` and whether it goes after the sentence's punctuation."""
    date = _date_of(day)
    forms = [(f"[day {day.number}]", False), (f"(day {day.number})", False)]
    if date is not None:
        forms += [
            (f"({date.isoformat()})", False),
            (f"[{date.isoformat()}]", False),
            (f"— {date:%b} {date.day}", False),
            (f"({date:%b} {date.day})", True),
        ]
    return rng.choice(forms)


def _stamped(text: str, days: Sequence[Day], rng: random.Random) -> str:
    """``text`` with a citation stamp after every sentence, naming ``days`` in turn."""
    out = []
    for i, sentence in enumerate(_sentences(text)):
        stamp, after = _stamp(days[i % len(days)], rng)
        body, end = _split_end(sentence)
        out.append(f"{body}{end} {stamp}" if after else f"{body} {stamp}{end or '.'}")
    return " ".join(out)


def _written_date(m: re.Match[str], year: int, skip: frozenset[str]) -> dt.date | None:
    """The date a match of :data:`_DATE` writes (a date without a year read in ``year``); None
    when it is no calendar date or its ``MM-DD`` is in ``skip``."""
    if m["iso"]:
        y, month, day = int(m["y"]), int(m["m"]), int(m["d"])
    elif m["md"]:
        y, month, day = _year(m["mdy"], year), _month(m["mdm"]), int(m["mdd"])
    else:
        y, month, day = _year(m["dmy"], year), _month(m["dmm"]), int(m["dmd"])
    try:
        date = dt.date(y, month, day)
    except ValueError:
        return None
    return None if f"{month:02d}-{day:02d}" in skip else date


def shift_dates(text: str, skip: frozenset[str], delta: int, year: int) -> tuple[str, int]:
    """``text`` with every written date whose ``MM-DD`` is not in ``skip`` moved ``delta`` days,
    each in its own format, and how many were moved. A date without a year is read in ``year``."""
    moved = 0

    def shift(m: re.Match[str]) -> str:
        nonlocal moved
        date = _written_date(m, year, skip)
        if date is None:
            return m.group()
        y = date.year
        new = date + dt.timedelta(days=delta)
        moved += 1
        if m["iso"]:
            return new.isoformat()
        name = m["mdm"] or m["dmm"]
        month_name = _MONTH_NAMES[new.month - 1]
        written = month_name if len(name.rstrip(".")) > 3 else month_name[:3] + name[3:]
        suffix = _ordinal(new.day) if (m["mds"] or m["dms"]) else ""
        written_year = (m["mdy"] or m["dmy"] or "").replace(str(y), str(new.year))
        if m["md"]:
            return f"{written} {new.day}{suffix}{written_year}"
        return f"{new.day}{suffix} {written}{written_year}"

    return _DATE.sub(shift, text), moved


def reword_dates(text: str, skip: frozenset[str], year: int) -> tuple[str, int]:
    """``text`` with every written date whose ``MM-DD`` is not in ``skip`` written another way —
    a month and day as ISO, ISO and a day and month as "Wednesday, March 4[, 2026]" (the weekday
    that date falls on, unless one is written just before it) — and how many were rewritten. The
    same day, never another."""
    reworded = 0

    def reword(m: re.Match[str]) -> str:
        nonlocal reworded
        date = _written_date(m, year, skip)
        if date is None:
            return m.group()
        reworded += 1
        name = _MONTH_NAMES[date.month - 1]
        if m["md"]:
            return date.isoformat()
        written = (
            f"{name} {date.day}, {date.year}" if m["iso"] or m["dmy"] else f"{name} {date.day}"
        )
        named = _WEEKDAY.search(text[max(0, m.start() - 12) : m.start()])
        return written if named else f"{date:%A}, {written}"

    return _DATE.sub(reword, text), reworded


def _year(written: str | None, default: int) -> int:
    digits = re.sub(r"\D", "", written or "")
    return int(digits) if digits else default


def _month(name: str) -> int:
    return [m[:3].casefold() for m in _MONTH_NAMES].index(name[:3].casefold()) + 1


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _days_of(ds: PersonaDataset, numbers: Sequence[int]) -> list[Day]:
    wanted = set(numbers)
    return [d for d in ds.days if d.number in wanted]


def _neighbour(ds: PersonaDataset, pair: QAPair, rng: random.Random) -> Day | None:
    """A real day next to a relevant day that is not itself relevant (an off-by-one citation)."""
    relevant = set(pair.relevant_days)
    by_number = {d.number: d for d in ds.days}
    for day in sorted(relevant):
        steps = [-1, 1]
        rng.shuffle(steps)
        for step in steps:
            found = by_number.get(day + step)
            if found is not None and found.number not in relevant and _date_of(found):
                return found
    return None


def _details(ds: PersonaDataset, pair: QAPair, reference: str) -> list[str]:
    """Sentences of the pair's evidence days (relevant days first, then their neighbours) that the
    reference does not already hold, best supporting first."""
    about = pair.answer + " " + pair.question
    relevant = _days_of(ds, pair.relevant_days)
    near = _days_of(ds, sorted({d + s for d in pair.relevant_days for s in (-1, 1)}))
    found: list[str] = []
    for days in (relevant, near):
        for sentence in evidence_sentences(days, about, limit=_MAX_DETAILS * 2):
            if sentence not in reference and sentence not in found:
                found.append(sentence)
        if len(found) >= _MAX_DETAILS:
            break
    return found[:_MAX_DETAILS]


def _many_details(ds: PersonaDataset, pair: QAPair, rng: random.Random) -> str | None:
    details = _details(ds, pair, pair.answer)
    if len(details) < MIN_DETAILS:
        return None
    lead = rng.choice(("**Answer:**", "**Short answer:**", "## Answer\n\n"))
    intro = rng.choice(("Other details from the notes:", "**Related context:**", "### Details"))
    bullets = "\n".join(f"- {s}" for s in details)
    return f"{lead} {pair.answer.strip()}\n\n{intro}\n{bullets}".replace("\n\n ", "\n\n")


def _label(item: str, rng: random.Random) -> str:
    atoms = extract_atoms(item)
    kind = (
        "money"
        if atoms.money or atoms.percent
        else "date"
        if any(v[:1].isdigit() for v in atoms.date)
        else "name"
        if atoms.name
        else "other"
    )
    return rng.choice(_LABELS_BY_KIND[kind])


def _labelled(reference: str, rng: random.Random) -> str:
    items = _sentences(reference)
    if len(items) == 1:
        parts = [p.strip() for p in re.split(r";\s+", reference.strip()) if p.strip()]
        items = parts if len(parts) > 1 else items
    lines, used = [], set()
    for item in items:
        label = _label(item, rng)
        if label in used:
            label = next((x for x in _LABELS_BY_KIND["other"] if x not in used), label)
        used.add(label)
        lines.append(f"- **{label}:** {item}")
    return "\n".join(lines)


def _missing_topic(removed: Sequence[str]) -> str:
    """What removed facts are about, named without stating them (no atom of theirs is written)."""
    kinds = set()
    for fact in removed:
        atoms = extract_atoms(fact)
        if atoms.money:
            kinds.add("the amount")
        if any(v[:1].isdigit() for v in atoms.date):
            kinds.add("the date")
        if atoms.time:
            kinds.add("the time")
        if atoms.percent or atoms.number:
            kinds.add("the exact figures")
        if atoms.name:
            kinds.add("who else was involved")
    return " or ".join(sorted(kinds)) or "the rest of the details"


def _str_facts(pair: QAPair) -> list[str]:
    facts = pair.extra.get("key_facts", pair.extra.get("keyFacts", ()))
    return [f for f in facts if isinstance(f, str)] if isinstance(facts, list | tuple) else []


def _found_instead(ds: PersonaDataset, pair: QAPair) -> str | None:
    """A sentence of the evidence days that says something related but not the answer: none of the
    reference's values (numbers in words too), no word of its key facts, and at most a quarter of
    its content words. For a negative-recall pair, any evidence sentence (there is no answer to give away)."""
    ref = extract_atoms(pair.answer)
    facts = [f.casefold() for f in _str_facts(pair)]
    fact_words = frozenset(w for f in facts for w in content_words(f))
    ref_words = content_words(pair.answer)
    for sentence in _details(ds, pair, pair.answer) if pair.relevant_days else ():
        if pair.category == "negative-recall":
            return sentence
        atoms = extract_atoms(sentence)
        shared = len(ref_words & content_words(sentence))
        folded = sentence.casefold()
        if (
            not atoms.keys() & ref.keys()
            and not atoms.numeric_values() & ref.numeric_values()
            and not any(re.search(rf"\b{re.escape(f)}\b", folded) for f in facts)
            and shared * 4 <= len(ref_words)
            and not fact_words & content_words(sentence)
        ):
            return sentence
    return None


def _hedged_negative(
    ds: PersonaDataset, pair: QAPair, names: Sequence[str], rng: random.Random
) -> str | None:
    found = _found_instead(ds, pair)
    if found is None:
        return None
    phrases = _topic(pair.question, names)
    topic = f"anything about {phrases[0]}" if phrases else "an answer to that"
    opener = rng.choice(("I couldn't find", "I wasn't able to find", "I could not find"))
    bridge = rng.choice(("what I did find is that", "the closest thing I found:", "however,"))
    return f"{opener} {topic} in my notes; {bridge} {_lower_first(found)}"


def style_probes(
    ds: PersonaDataset, pair: QAPair, names: Sequence[str], rng_of: Callable[[str], random.Random]
) -> tuple[StyleProbe, ...]:
    """Every style probe ``pair`` can carry, in the order of :data:`STYLE_KINDS`.

    Args:
        ds: the persona (its days are cited and quoted).
        pair: the pair.
        names: the persona's declared names (kept out of a hedged negative's topic).
        rng_of: ``kind -> random.Random``, the battery's seeded source per kind.
    """
    negative = pair.category == "negative-recall"
    reference = pair.answer.strip()
    relevant = _days_of(ds, pair.relevant_days)
    out: list[StyleProbe] = []

    def add(
        kind: str, answer: str | None, correct: bool | None, flagged: bool | None, note: str
    ) -> None:
        if answer is not None and answer.strip() and answer.strip() != reference:
            out.append(
                StyleProbe(
                    kind=kind,
                    answer=answer,
                    should_be_correct=correct,
                    should_be_flagged=flagged,
                    note=note,
                )
            )

    add(
        "many-details",
        _many_details(ds, pair, rng_of("many-details")),
        True,
        False,
        f"plus ≥{MIN_DETAILS} evidence-day sentences",
    )
    if relevant:
        add(
            "stamped",
            _stamped(reference, relevant, rng_of("stamped")),
            True,
            False,
            "a date stamp after every sentence",
        )
    add("labelled", _labelled(reference, rng_of("labelled")), True, False, "bold-labelled bullets")
    r = rng_of("stamp-off")
    off = _neighbour(ds, pair, r)
    if off is not None:
        add(
            "stamp-off",
            _stamped(reference, [off], r),
            True,
            False,
            f"cites day {off.number}, next to the evidence",
        )
    year = next((d.year for d in map(_date_of, relevant) if d is not None), 2026)
    given = extract_atoms(pair.question).date
    r = rng_of("date-off")
    delta = r.choice((-1, 1))
    moved, count = shift_dates(reference, frozenset(given), delta, year)
    if count and relevant:
        # Wrong where the date is the answer (every key fact dates something); elsewhere a wrong
        # date beside right facts is partly right: either verdict, but never full correctness.
        facts = _str_facts(pair) or [reference]
        dated = all(shift_dates(f, frozenset(given), delta, year)[1] for f in facts)
        add(
            "date-off",
            _stamped(moved, relevant, r),
            False if dated else None,
            None,
            f"{count} date(s) moved {delta:+d} day, rightly cited",
        )
    if not negative:
        r = rng_of("hedged")
        add("hedged", f"{r.choice(_HEDGES)} {_lower_first(reference)}", True, False, "hedged")
        r = rng_of("hedged-partial")
        cut = partial(pair, r)
        if cut is not None:
            kept, removed = cut
            body = _lower_first(kept.strip()).rstrip(".")
            answer = f"{r.choice(_HEDGES)} {body}; I couldn't find {_missing_topic(removed)}."
            add(
                "hedged-partial",
                answer,
                None,
                False,
                f"hedged, {len(removed)} key fact(s) left out",
            )
    add(
        "hedged-negative",
        _hedged_negative(ds, pair, names, rng_of("hedged-negative")),
        negative,
        False,
        "no evidence of the asked thing, then a related finding",
    )
    return tuple(out)
