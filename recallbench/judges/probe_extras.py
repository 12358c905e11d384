"""The extra-detail probes of the judge-probe battery: true and invented details the reference leaves
out, dates written another way, a hedged wrong answer, citations and markdown. Pure.

Memory systems that answer at length add details the reference does not give — often from days far
from the question's evidence — cite where they found them, and write dates their own way. A judge
that checks an answer only against the reference, or against a window of days, flags the true
details with the invented ones. These probes keep the two apart:

================ ========================================================= ======= =======
kind             built as                                                  correct flagged
================ ========================================================= ======= =======
distant-extra    the reference plus a true sentence from a day outside     yes     no
                 the question's evidence days (its relevant days ±1),
                 nearest first, holding a checkable detail (an amount, a
                 number, a code, a date, a time or a name) that neither
                 the reference, the question nor the evidence days hold
invented-extra   the same sentence with that detail replaced by an         —       yes
                 invented one found nowhere in the corpus: a name, an
                 amount or a number
cited-extra      the reference in markdown (a heading, bold), the          yes     no
                 distant sentence as a bullet, each with a footnote, and
                 the footnotes naming the memory files of the days cited
date-reworded    every date of the reference the question does not give    yes     no
                 written another way (ISO as "Wednesday, March 4, 2026",
                 "March 4" as ISO): the same day
hedged-wrong     "I'm not certain, but it seems <the wrong-value           no      —
                 answer>": a hedge does not make a wrong value right
================ ========================================================= ======= =======

The distant sentence shares words with the question or the reference — two where the nearest
sixty days either side allow, else one — and states no value of a kind the reference states (no other amount beside the reference's amount,
no other date beside its date): an extra, never a contradiction. Every builder is deterministic for
its ``random.Random`` and returns None when the pair cannot carry its probe.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

import attrs

from ..data.corpus import Day, PersonaDataset
from ..data.qa import QAPair
from .atoms import clean, content_words, extract_atoms, extract_values
from .probe_facts import CorpusFacts, atom_spans, invent_detail, wrong_value
from .probe_styles import reword_dates
from .restyle import evidence_sentences

__all__ = ["EXTRA_KINDS", "ExtraProbe", "distant_sentence", "extra_probes"]

EXTRA_KINDS: tuple[str, ...] = (
    "distant-extra",
    "invented-extra",
    "cited-extra",
    "date-reworded",
    "hedged-wrong",
)
"""The extra-detail probes' kinds, in the order reports list them."""

_EVIDENCE = 1  # the question's evidence days: its relevant days ±1
_FARTHEST = 60  # days searched for a distant sentence, either side of the relevant days
_DAYS_PER_STEP = 6  # days read at a time, nearest first
_RELATED = 2  # content words a distant sentence shares with the pair, where the days allow
_SMALL_NUMBER = 12  # counts a system derives ("3 meetings") are not checked by judges
_INTROS = ("The notes also mention:", "Related:", "Also noted:", "For context:")
_HEDGES = ("I'm not certain, but it seems", "I can't be sure, but it looks like")
_CHECKED_KINDS = ("money", "percent", "number", "date", "time", "code")


@attrs.frozen(kw_only=True)
class ExtraProbe:
    """One extra-detail probe before it becomes a :class:`~recallbench.judges.probe.Probe`."""

    kind: str
    answer: str
    should_be_correct: bool | None
    should_be_flagged: bool | None
    note: str


@attrs.frozen
class _Distant:
    sentence: str
    day: Day
    detail: str
    """The checkable detail it adds (its literal), when it can be swapped for an invented one."""


def _keys(text: str) -> set[str]:
    atoms = extract_values(clean(text))
    out = {f"num:{v}" for v in atoms.numeric_values()}
    for kind in ("money", "percent", "date", "time", "code"):
        out.update(f"{kind}:{v}" for v in getattr(atoms, kind))
    return out


def _checked(text: str) -> dict[str, set[str]]:
    """The values of ``text`` a judge checks, by kind (small counts, years, weekdays left out)."""
    atoms = extract_values(clean(text))
    out: dict[str, set[str]] = {}
    for kind in _CHECKED_KINDS:
        values = set(getattr(atoms, kind))
        if kind == "number":
            values = {
                v
                for v in values
                if float(v) > _SMALL_NUMBER and not (len(v) == 4 and 1900 <= float(v) <= 2100)
            }
        if kind == "date":
            values = {v for v in values if v[:1].isdigit()}
        if values:
            out[kind] = values
    return out


def _outward(ds: PersonaDataset, pair: QAPair) -> list[list[Day]]:
    """Days outside the evidence days, nearest the relevant days first, in small batches."""
    relevant = pair.relevant_days
    if not relevant:
        return []
    evidence = {d + k for d in relevant for k in range(-_EVIDENCE, _EVIDENCE + 1)}
    by_number = {d.number: d for d in ds.days}
    order: list[Day] = []
    for distance in range(_EVIDENCE + 1, _FARTHEST + 1):
        for n in sorted({r + s * distance for r in relevant for s in (-1, 1)}):
            day = by_number.get(n)
            if day is not None and n not in evidence and day not in order:
                order.append(day)
    return [order[i : i + _DAYS_PER_STEP] for i in range(0, len(order), _DAYS_PER_STEP)]


def distant_sentence(
    ds: PersonaDataset, pair: QAPair, facts: CorpusFacts, rng: random.Random
) -> _Distant | None:
    """A true sentence from a day outside the pair's evidence days that adds a checkable detail the
    reference, the question and the evidence days lack, about the pair's subject, contradicting
    nothing (see the module docstring); None when the nearest sixty days either side hold none."""
    about = f"{pair.question} {pair.answer}"
    topic = content_words(about)
    stated = _checked(about)
    wanted = {d + k for d in pair.relevant_days for k in range(-_EVIDENCE, _EVIDENCE + 1)}
    evidence_keys: set[str] = set()
    for day in ds.days:
        if day.number in wanted:
            evidence_keys |= _keys(day.content)
    known = _keys(about) | evidence_keys
    fallback: list[tuple[int, int, str, Day]] = []
    for batch in _outward(ds, pair):
        found: list[tuple[int, int, str, Day]] = []
        for day in batch:
            for sentence in evidence_sentences([day], about, limit=4):
                overlap = len(topic & content_words(sentence))
                if not overlap:
                    continue
                checked = _checked(sentence)
                # No value of a kind the reference or question states: an extra, not a rival one.
                if any(kind in stated and vals - stated[kind] for kind, vals in checked.items()):
                    continue
                if checked and {k for k in _keys(sentence) if k not in known}:
                    found.append((-overlap, day.number, sentence, day))
        # The nearest days whose sentence shares two words with the pair, else one.
        if any(-overlap >= _RELATED for overlap, _, _, _ in found):
            fallback = found
            break
        fallback = fallback or found
    if not fallback:
        return None
    _, _, sentence, day = rng.choice(sorted(fallback)[:3])
    return _Distant(sentence, day, _swappable(sentence, facts))


def _swappable(sentence: str, facts: CorpusFacts) -> str:
    for _, _, kind, literal in atom_spans(sentence, facts):
        if kind in ("money", "number", "name") and (kind != "number" or _big(literal)):
            return literal
    return ""


def _big(literal: str) -> bool:
    digits = literal.replace(",", "")
    return digits.isdigit() and int(digits) > _SMALL_NUMBER and not 1900 <= int(digits) <= 2100


def _invented(
    distant: _Distant, pair: QAPair, facts: CorpusFacts, rng: random.Random
) -> str | None:
    """The distant sentence with its swappable detail replaced by one found nowhere."""
    old = distant.detail
    if not old:
        return None
    kind = "amount" if old.lstrip()[:1] in "$€£" else "number" if _big(old) else "name"
    context = f"{pair.question}\n{pair.answer}".casefold()
    for _ in range(20):
        if kind == "number":
            # Above the years and above every day number (a plain number may cite a day).
            n = rng.randint(2101, 9999)
            new = f"{n:,}" if "," in old else str(n)
        else:
            new = invent_detail(kind, rng)
        if facts.mentions(new) or new.casefold() in context:
            continue
        swapped = distant.sentence.replace(old, new)
        if swapped != distant.sentence:
            return swapped
    return None


def _end(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _lower_first(text: str) -> str:
    m = re.match(r"([A-Z])([a-z]+)\b", text)
    plain = ("The", "A", "An", "It", "They", "There", "This", "That", "No", "Yes", "Both", "In")
    return text[:1].lower() + text[1:] if m is not None and m.group() in plain else text


def _cited(reference: str, distant: _Distant, relevant: Sequence[int]) -> str:
    first = f"memories/day-{relevant[0]:04d}.md"
    other = f"memories/day-{distant.day.number:04d}.md"
    return (
        f"## Answer\n\n**{_end(reference)}** [1]\n\n- {_end(distant.sentence)} [2]\n\n"
        f"[1] {first}\n[2] {other}"
    )


def extra_probes(
    ds: PersonaDataset, pair: QAPair, facts: CorpusFacts, rng_of: Callable[[str], random.Random]
) -> tuple[ExtraProbe, ...]:
    """Every extra-detail probe ``pair`` can carry, in the order of :data:`EXTRA_KINDS`.

    Args:
        ds: the persona (its days are searched for a distant sentence).
        pair: the pair.
        facts: the persona's :class:`~recallbench.judges.probe_facts.CorpusFacts`.
        rng_of: ``kind -> random.Random``, the battery's seeded source per kind.
    """
    negative = pair.category == "negative-recall"
    reference = pair.answer.strip()
    out: list[ExtraProbe] = []

    def add(
        kind: str, answer: str | None, correct: bool | None, flagged: bool | None, note: str
    ) -> None:
        if answer is not None and answer.strip() and answer.strip() != reference:
            out.append(ExtraProbe(kind=kind, answer=answer, should_be_correct=correct,
                                  should_be_flagged=flagged, note=note))  # fmt: skip

    distant = distant_sentence(ds, pair, facts, rng_of("distant-extra")) if not negative else None
    if distant is not None:
        intro = rng_of("distant-extra").choice(_INTROS)
        away = min(abs(distant.day.number - d) for d in pair.relevant_days)
        add(
            "distant-extra",
            f"{_end(reference)} {intro} {_end(distant.sentence)}",
            True,
            False,
            f"plus a true sentence of day {distant.day.number}, {away} days from the evidence",
        )
        invented = _invented(distant, pair, facts, rng_of("invented-extra"))
        if invented is not None:
            intro = rng_of("invented-extra").choice(_INTROS)
            add(
                "invented-extra",
                f"{_end(reference)} {intro} {_end(invented)}",
                None,
                True,
                f"the distant sentence, its {distant.detail} replaced by an invented detail",
            )
        add(
            "cited-extra",
            _cited(reference, distant, pair.relevant_days),
            True,
            False,
            "markdown, footnotes naming memory files, a distant sentence",
        )
    given = frozenset(extract_atoms(pair.question).date)
    year = next(
        (int(d.date[:4]) for d in ds.days if d.number in pair.relevant_days and d.date), 2026
    )
    reworded, count = reword_dates(reference, given, year)
    if count:
        add("date-reworded", reworded, True, False, f"{count} date(s) written another way")
    if not negative:
        swap = wrong_value(pair, facts, rng_of("wrong-value"))
        if swap is not None:
            hedge = rng_of("hedged-wrong").choice(_HEDGES)
            add(
                "hedged-wrong",
                f"{hedge} {_lower_first(swap.answer.strip())}",
                False,
                None,
                f"hedged, {swap.kind} {swap.old} → {swap.new}",
            )
    return tuple(out)
