"""What every arc shares: the world it is written in, its planned beats, and day spreading.

An arc chooses every value a question relies on when it is planned; its renderer writes those values
verbatim and :meth:`ArcPlan.candidates` states the questions they answer. ``validate --deep`` proves
that the two agree. The arc types live in :mod:`.work_arcs` and :mod:`.life_arcs`.
"""

from __future__ import annotations

import attrs

from .domain import Domain
from .ledger import Candidate, Event
from .rng import Rng
from .text import Calendar, Section, pick

__all__ = ["ArcPlan", "World", "outstanding", "spread_days"]


@attrs.define
class World:
    """What every renderer may consult: the domain, the calendar and a few derived names."""

    domain: Domain
    cal: Calendar
    version: int = 1
    """The engine version writing this world: 1 keeps the first shipped personas' bytes."""

    @property
    def v2(self) -> bool:
        return self.version >= 2

    @property
    def principal(self) -> str:
        return self.domain.principal_first

    def label(self, session: str) -> str:
        return self.domain.session(session).label


def spread_days(start: int, end: int, k: int, blocked: frozenset[int]) -> list[int]:
    """``k`` strictly increasing days in ``[start, end]``, evenly spaced, avoiding ``blocked`` days."""
    free = [d for d in range(start, end + 1) if d not in blocked]
    if len(free) < k:
        raise ValueError(f"no room for {k} beats in days {start}-{end}")
    if k == 1:
        return [free[0]]
    step = (len(free) - 1) / (k - 1)
    return [free[round(i * step)] for i in range(k)]


@attrs.define
class ArcPlan:
    """One planned arc. Subclasses fill ``beats`` (day → beat kind) when constructed."""

    id: str
    type: str
    title: str
    description: str
    start: int
    end: int
    session: str
    participants: list[str]
    rng: Rng
    version: int = 1
    beats: dict[int, str] = attrs.field(factory=dict)
    links: dict[int, str] = attrs.field(factory=dict)
    wrong_day: int | None = None
    corrected_day: int | None = None
    wrong_belief: str | None = None
    corrected_belief: str | None = None

    def render(self, day: int, kind: str, w: World, rng: Rng) -> Section:
        raise NotImplementedError

    def candidates(self, w: World) -> list[Candidate]:
        raise NotImplementedError

    def events(self, w: World) -> list[Event]:
        return []

    def marks(self, w: World) -> list[Event]:
        """Version 2: the arc's dated moments a question may pin another day by ("the day after the
        cause of X was found"); each phrase names one day."""
        return self.events(w)

    def directive(self, day: int, kind: str) -> str:
        return f"{self.title}: {kind}"

    def link_day(self) -> int:
        """The day a cross-reference sentence about this arc is written on."""
        return sorted(self.beats)[len(self.beats) // 2]

    def touch(self, day: int, w: World, rng: Rng) -> Section | None:
        """A progress note on a day with no beat, or ``None`` when the arc type has none."""
        return None

    def _section(self, day: int, heading: str) -> Section:
        s = Section(self.session, heading)
        return s

    def _finish(self, s: Section, day: int) -> Section:
        if day in self.links:
            s.add(self.links[day])
        return s


def outstanding(rng: Rng, item: str) -> str:
    return pick(
        rng,
        (
            "Outstanding: {item}.",
            "Open loops: {item}.",
            "Still open: {item}.",
            "Next step: {item}.",
            "Carry forward: {item}.",
            "Pending: {item}.",
        ),
        item=item,
    )
