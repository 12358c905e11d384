"""Relative time: pinning a day by a memorable event near it instead of by its date (engine version 2).

"The day after the wrong slides went out", "in the week before the start of the ledger merger", "the
last time before the final decision on the bank line": a question names a dated event of the story
and an offset, and the asker's memory must place both. Every phrase is chosen so that exactly one
day (or one use of a recurring item) fits it. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .arcbase import World
from .schedule import Schedule

__all__ = ["Anchor", "anchor_events", "relative_to"]

SEQUENCE_LIMIT = 45
"""The furthest an event may lie from a day called "the first time after" or "the last time
before" it."""


@attrs.frozen
class Anchor:
    """A dated event a question can point from: ``phrase`` names it without a date."""

    day: int
    phrase: str
    session: str


def anchor_events(sched: Schedule) -> list[Anchor]:
    """The story's memorable dated events: arc events and group-meeting outcomes."""
    w = sched.world
    out = [Anchor(e.day, e.phrase, a.session) for a in sched.arcs for e in a.marks(w) if e.phrase]
    for q in sched.quiet:
        kind = q.leave.kind
        out.append(Anchor(q.start, f"the start of {w.principal}'s {kind}", "principal"))
        out.append(Anchor(q.back, f"the day {w.principal} was back from the {kind}", "principal"))
    for day, uses in sched.meetings.items():
        for m in uses:
            group = w.domain.session_ask(m.meeting.session)
            out.append(
                Anchor(day, f"the day {group} settled {m.meeting.outcome.ask}", m.meeting.session)
            )
    out.sort(key=lambda a: (a.day, a.phrase))
    return out


def usable(w: World, anchors: Sequence[Anchor], session: str) -> list[Anchor]:
    """Anchors a question asked in ``session`` may name: its own session's, or any non-isolated one's."""
    return [a for a in anchors if a.session == session or not w.domain.session(a.session).isolated]


def relative_to(
    day: int, anchors: Sequence[Anchor], others: Sequence[int]
) -> tuple[str, Anchor] | None:
    """A phrase that pins ``day`` among ``others`` (days of other uses of the same item) by an anchor,
    with the anchor; ``None`` when no anchor is near enough to do it unambiguously. Anchors on or
    before ``day`` come first, so the question can be asked as soon as its day is written."""
    before = sorted((a for a in anchors if a.day <= day), key=lambda a: (day - a.day, a.phrase))
    after = sorted((a for a in anchors if a.day > day), key=lambda a: (a.day - day, a.phrase))
    for a in before:
        pinned = _near(day, a, others)
        if pinned is not None:
            return pinned, a
    for a in before:
        if day - a.day > SEQUENCE_LIMIT:
            break
        if not any(a.day <= d < day for d in others):
            return f"the first time after {_bare(a.phrase)}", a
    for a in after:
        pinned = _near(day, a, others)
        if pinned is not None:
            return pinned, a
    for a in after:
        if a.day - day > SEQUENCE_LIMIT:
            break
        if not any(day < d <= a.day for d in others):
            return f"the last time before {_bare(a.phrase)}", a
    return None


def _near(day: int, a: Anchor, others: Sequence[int]) -> str | None:
    gap = a.day - day
    if abs(gap) > 7:
        return None
    side = "before" if gap > 0 else "after"
    if gap == 0:
        return f"on the day {_bare(a.phrase)}" if _is_day(a) else f"on the day of {a.phrase}"
    if abs(gap) <= 2:
        return f"{'the day' if abs(gap) == 1 else 'two days'} {side} {_bare(a.phrase)}"
    lo, hi = (a.day - 7, a.day - 1) if gap > 0 else (a.day + 1, a.day + 7)
    if not any(lo <= d <= hi for d in others):
        return f"in the week {side} {_bare(a.phrase)}"
    return None


def _is_day(a: Anchor) -> bool:
    return a.phrase.startswith("the day ")


def _bare(phrase: str) -> str:
    """``the day Rosalie completed X`` → ``Rosalie completed X`` (after "the day before")."""
    return phrase.removeprefix("the day ")
