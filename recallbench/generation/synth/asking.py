"""How engine version 2 asks: questions worded away from the log.

A question names a thing by its description, a person by their role, a meeting by what it settled
and a day by an event near it ("the day after the wrong slides went out") — while every key fact stays
literal in the day it cites, so ``validate --deep`` proves each pair as before. A recurring item is
pinned to one of its uses by relative time, and a value changed days later is asked both ways: the
value now, and the one first logged. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from .anchors import Anchor, relative_to, usable
from .arcbase import World
from .ledger import Candidate
from .recurring import ErrandUse
from .rng import Rng
from .schedule import Schedule
from .text import cap, fill

__all__ = ["errand_candidates", "meeting_question", "when_prefix"]

NAMED_SHARE = 0.1
"""The share of errand questions that name their thing as the log does (the rest describe it)."""
ALONE_SHARE = 0.9
"""The share of a recurring thing's first uses asked without a date while they are the only one."""
LATEST_SHARE = 1.0
MONTH_SHARE = 0.5
"""The share of described things pinned by their month (where it pins them) rather than by an
event."""
"""The share of a recurring thing's last uses asked as "most recently"."""


def when_prefix(question: str, when: str) -> str:
    """``Which room…?`` with ``the day after X`` → ``The day after X, which room…?``"""
    return f"{cap(when)}, {question[:1].lower()}{question[1:]}"


def errand_candidates(sched: Schedule, anchors: Sequence[Anchor], rng: Rng) -> list[Candidate]:
    """Errand questions. A thing is named as the log names it or described in other words; a thing
    logged more than once is pinned to one use: the first while it is the only one (stale once the
    next is logged), the last as the most recent, the others by their month or an event near them.
    A changed value is asked as it stands and as first logged."""
    w = sched.world
    uses: dict[tuple[str, str], list[ErrandUse]] = {}
    for day in sorted(sched.errands):
        for e in sched.errands[day]:
            if not e.note:
                uses.setdefault((e.errand.topic, e.thing), []).append(e)
    out: list[Candidate] = []
    for (topic, thing), items in uses.items():
        originals = [e for e in items if e.first is None]
        for i, e in enumerate(originals):
            erng = rng.fork(e.day, topic, thing)
            alone = i == 0 and len(originals) > 1 and erng.chance(ALONE_SHARE)
            # a first use asked while it is the only one names its thing: easy to find while it
            # is alone, hard once the thing has come back with other values
            named = alone or erng.chance(NAMED_SHARE)
            base = fill(
                e.errand.ask,
                thing=thing if named else w.domain.thing_ask(thing),
                principal=w.principal,
            )
            pinned = _pin(w, anchors, base, originals, i, named, alone, erng)
            if pinned is None:
                continue
            question, days, stale = pinned
            origin = f"errand:{topic}"
            if e.updated is None:
                answer = fill(e.errand.answer, value=e.value, thing=thing, principal=w.principal)
                out.append(
                    Candidate(
                        category="factual-recall",
                        question=question,
                        answer=answer,
                        difficulty="easy" if len(days) == 1 else "medium",
                        days=days,
                        keys=(e.value,),
                        session=e.session,
                        irrelevant_after=stale,
                        origin=origin,
                    )
                )
                continue
            change = next(u for u in items if u.first == e.day)
            both = tuple(sorted({*days, change.day}))
            out.append(
                Candidate(
                    category="contradiction-resolution",
                    question=question,
                    answer=f"{change.value} - it was first logged as {e.value} and changed on "
                    f"{w.cal.long(change.day)}.",
                    difficulty="medium",
                    days=both,
                    keys=(change.value,),
                    session=e.session,
                    irrelevant_after=stale,
                    origin=origin,
                )
            )
            out.append(
                Candidate(
                    category="factual-recall",
                    question=f"{question.rstrip('?')}, before it was changed?",
                    answer=f"{e.value} (later changed to {change.value}).",
                    difficulty="medium",
                    days=both,
                    keys=(e.value,),
                    session=e.session,
                    irrelevant_after=stale,
                    origin=origin,
                )
            )
    return out


def _pin(
    w: World,
    anchors: Sequence[Anchor],
    base: str,
    originals: Sequence[ErrandUse],
    i: int,
    named: bool,
    alone: bool,
    rng: Rng,
) -> tuple[str, tuple[int, ...], int | None] | None:
    """The question for the ``i``-th use of a thing, its relevant days and the day after which a
    later use makes it ambiguous (``None``: never); ``None`` when nothing pins it unambiguously."""
    e = originals[i]
    if len(originals) == 1:
        return base, (e.day,), None
    if alone:
        return base, (e.day,), originals[1].day - 1
    if i == len(originals) - 1 and rng.chance(LATEST_SHARE):
        return when_prefix(base, "most recently"), (e.day,), None
    others = [u.day for u in originals if u is not e]
    month = w.cal.month(e.day)
    pinned = relative_to(e.day, usable(w, anchors, e.session), others)
    month_pins = all(w.cal.month(d) != month for d in others)
    # a named thing is pinned by its month where that is enough, a described one as often by an
    # event near it: the first is a date to look up, the second a memory to place
    if month_pins and (named or pinned is None or rng.chance(MONTH_SHARE)):
        return when_prefix(base, f"in {month}"), (e.day,), None
    if pinned is not None:
        return when_prefix(base, pinned[0]), tuple(sorted({e.day, pinned[1].day})), None
    return None


def meeting_question(label: str, about: str, stance_ask: str) -> str:
    """Who said what in a group meeting, the meeting named by what it settled."""
    return f"When {label} talked through {about}, who {stance_ask}?"
