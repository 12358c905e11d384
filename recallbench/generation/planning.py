"""What each day of a story asks for (Pass 1 planning, reference §5.2 steps 1–4): pure functions.

For a day ``d`` the plan holds the arcs running that day with their phase, day in the arc and whether
they echo into their referenced sessions; the sessions that speak that day (``principal`` first,
then the persona's declared order, then anything else in discovery order); a density hint; the
directives due; and the belief state of every correction arc.

Which days get a log (:func:`plan_story`):

* ``every-day`` (the reference's v0.7 behaviour and the default): every day an arc with a session
  runs;
* ``arc-days`` (the seed's original design): only the days each arc selects for itself
  (:func:`select_arc_days`: directive, boundary and correction days plus a weekday spread).

Then, with gap filling (the seed's Step 2b, which the reference never runs), every Monday–Sunday
week with fewer than five active weekdays gets routine filler days (:func:`identify_gap_days`),
except inside the story's declared ``quietPeriods`` — those gaps are intentional. Weeks are laid
over the whole story, not the span a run asks for, so a resumed run plans the same filler days as
an uninterrupted one.

The calendar is pure date arithmetic on the epoch (:func:`recallbench.data.persona.day_date`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from ..data.persona import PRINCIPAL, Arc, PersonaDefinition, SessionDef, Story, day_date

__all__ = [
    "WEEKDAYS",
    "ActiveArc",
    "CorrectionState",
    "DayDirective",
    "DayPlan",
    "Density",
    "Phase",
    "Schedule",
    "active_arcs",
    "active_sessions",
    "arc_phase",
    "correction_states",
    "day_directives",
    "density_hint",
    "echo_today",
    "identify_gap_days",
    "plan_day",
    "plan_story",
    "quiet_days",
    "select_arc_days",
    "story_horizon",
    "weekday",
]

Phase = Literal["early", "mid", "late", "concluding"]
Density = Literal["quiet", "normal", "busy", "dense"]
CorrectionPhase = Literal["wrong_belief", "correction_day", "post_correction"]
Schedule = Literal["every-day", "arc-days"]

WEEKDAYS: tuple[str, ...] = (
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
)
_WEEKEND = frozenset({"Saturday", "Sunday"})
ECHO_INTERVAL = 14
"""Arc-internal days between the "sprint boundary" echoes of an arc (arc days 15, 29, 43, …)."""


def weekday(epoch: str, day: int) -> str:
    """The English weekday of ``day`` (1-based) in a story starting on ``epoch``."""
    return WEEKDAYS[dt.date.fromisoformat(day_date(epoch, day)).weekday()]


@attrs.frozen(kw_only=True)
class ActiveArc:
    """An arc on one of its days."""

    arc: Arc
    day_in_arc: int
    arc_length: int
    phase: Phase
    echo_today: bool

    @property
    def id(self) -> str:
        return self.arc.id


@attrs.frozen(kw_only=True)
class DayDirective:
    """A mandatory event of an arc, due today."""

    arc_id: str
    event: str


@attrs.frozen(kw_only=True)
class CorrectionState:
    """Where a correction arc's belief stands today."""

    arc_id: str
    phase: CorrectionPhase
    wrong_belief: str
    corrected_belief: str | None = None


def arc_phase(day_in_arc: int, arc_length: int) -> Phase:
    """``early`` below 15 % of the arc, ``mid`` to 75 %, ``late`` to 90 %, then ``concluding``."""
    if arc_length <= 0:
        return "mid"
    share = day_in_arc / arc_length
    if share < 0.15:
        return "early"
    if share <= 0.75:
        return "mid"
    if share <= 0.90:
        return "late"
    return "concluding"


def echo_today(arc: Arc, day: int) -> bool:
    """Whether ``arc`` echoes into its referenced sessions on ``day``: its first and last day,
    correction key days, directive days and every 14th arc day after the first two weeks. Never for
    an arc without referenced sessions or outside the arc — echoes are kept rare on purpose, as the reference does."""
    if not arc.referenced_sessions or not arc.active_on(day):
        return False
    if day in (arc.start_day, arc.end_day, arc.wrong_day, arc.corrected_day):
        return True
    if any(d.day == day for d in arc.directives):
        return True
    day_in_arc = day - arc.start_day + 1
    return day_in_arc > ECHO_INTERVAL and (day_in_arc - 1) % ECHO_INTERVAL == 0


def _annotate(arc: Arc, day: int) -> ActiveArc:
    day_in_arc = day - arc.start_day + 1
    length = arc.end_day - arc.start_day + 1
    return ActiveArc(
        arc=arc,
        day_in_arc=day_in_arc,
        arc_length=length,
        phase=arc_phase(day_in_arc, length),
        echo_today=echo_today(arc, day),
    )


def active_arcs(arcs: Iterable[Arc], day: int) -> tuple[ActiveArc, ...]:
    """The arcs running on ``day`` (start ≤ day ≤ end), in file order, annotated."""
    return tuple(_annotate(a, day) for a in arcs if a.active_on(day))


def active_sessions(arcs: Iterable[ActiveArc], declared: Sequence[str] = ()) -> tuple[str, ...]:
    """The sessions speaking today: every primary session of an active arc and the referenced
    sessions of every arc that echoes today. ``principal`` first, then ``declared`` order, then the
    rest in the order they were found."""
    found: dict[str, None] = {}
    for a in arcs:
        if a.arc.primary_session:
            found.setdefault(a.arc.primary_session)
        if a.echo_today:
            for s in a.arc.referenced_sessions:
                found.setdefault(s)
    ordered = [PRINCIPAL] if PRINCIPAL in found else []
    ordered += [s for s in declared if s != PRINCIPAL and s in found]
    ordered += [s for s in found if s not in ordered]
    return tuple(ordered)


def day_directives(arcs: Iterable[Arc], day: int) -> tuple[DayDirective, ...]:
    """Every directive due on ``day``, in arc order."""
    return tuple(
        DayDirective(arc_id=a.id, event=d.event) for a in arcs for d in a.directives if d.day == day
    )


def correction_states(arcs: Iterable[Arc], day: int) -> tuple[CorrectionState, ...]:
    """The belief state of every correction arc running on ``day`` that names a wrong belief and a
    corrected day: still wrong before it, corrected on it, known after it."""
    states = []
    for a in arcs:
        if a.type != "correction" or not a.active_on(day):
            continue
        if not a.wrong_belief or a.corrected_day is None:
            continue
        phase: CorrectionPhase
        if day < a.corrected_day:
            phase = "wrong_belief"
        elif day == a.corrected_day:
            phase = "correction_day"
        else:
            phase = "post_correction"
        states.append(
            CorrectionState(
                arc_id=a.id,
                phase=phase,
                wrong_belief=a.wrong_belief,
                corrected_belief=a.corrected_belief if phase != "wrong_belief" else None,
            )
        )
    return tuple(states)


def density_hint(
    day_name: str,
    arcs: Sequence[ActiveArc],
    directives: Sequence[DayDirective],
    corrections: Sequence[CorrectionState],
) -> Density:
    """How full the day should be (reference §5.2 step 3, the order of the rules matters)."""
    has_incident = any(a.arc.type == "incident" for a in arcs)
    if day_name in _WEEKEND and not has_incident:
        return "quiet"
    if any(c.phase == "correction_day" for c in corrections):
        return "dense"
    if len(directives) >= 2 and len(arcs) >= 3:
        return "dense"
    boundary = any(a.day_in_arc == 1 or a.phase == "concluding" for a in arcs)
    if has_incident or directives or boundary or len(arcs) >= 3:
        return "busy"
    if not arcs:
        return "quiet"
    return "normal"


@attrs.frozen(kw_only=True)
class DayPlan:
    """Everything Pass 1 needs to know about one day before calling the model.

    Attributes:
        filler: a gap-filling routine day (no arc, the principal's session only).
    """

    day: int
    date: str
    weekday: str
    arcs: tuple[ActiveArc, ...]
    sessions: tuple[str, ...]
    density: Density
    directives: tuple[DayDirective, ...]
    corrections: tuple[CorrectionState, ...]
    filler: bool = False

    def primary_arcs(self, session: str) -> tuple[ActiveArc, ...]:
        """The arcs unfolding in ``session`` today."""
        return tuple(a for a in self.arcs if a.arc.primary_session == session)

    def echo_arcs(self, session: str) -> tuple[ActiveArc, ...]:
        """Arcs of other sessions that touch ``session`` today."""
        return tuple(
            a
            for a in self.arcs
            if a.echo_today
            and session in a.arc.referenced_sessions
            and a.arc.primary_session != session
        )

    def arc_ids(self, session: str) -> tuple[str, ...]:
        """Primary then echo arcs of ``session``."""
        return tuple(a.id for a in (*self.primary_arcs(session), *self.echo_arcs(session)))

    def directives_for(self, session: str) -> tuple[DayDirective, ...]:
        ids = set(self.arc_ids(session))
        return tuple(d for d in self.directives if d.arc_id in ids)

    def corrections_for(self, session: str) -> tuple[CorrectionState, ...]:
        ids = set(self.arc_ids(session))
        return tuple(c for c in self.corrections if c.arc_id in ids)


def _in_lifecycle(session: SessionDef | None, day: int) -> bool:
    if session is None:
        return True
    if session.first_day is not None and day < session.first_day:
        return False
    return session.last_day is None or day <= session.last_day


def plan_day(
    epoch: str,
    arcs: Sequence[ActiveArc],
    day: int,
    sessions: Sequence[SessionDef] = (),
    *,
    filler: bool = False,
) -> DayPlan:
    """The plan of ``day`` given the arcs active on it.

    Sessions outside their lifecycle (``firstDay``/``lastDay``, merged from the story) are left out
    — the reference's comments promise this, its code does not do it. A filler day speaks in the
    principal's session only.
    """
    by_id = {s.id: s for s in sessions}
    plain = [a.arc for a in arcs]
    directives = day_directives(plain, day)
    corrections = correction_states(plain, day)
    name = weekday(epoch, day)
    if filler:
        speaking: tuple[str, ...] = (PRINCIPAL,)
    else:
        speaking = tuple(
            s
            for s in active_sessions(arcs, [s.id for s in sessions])
            if _in_lifecycle(by_id.get(s), day)
        )
    return DayPlan(
        day=day,
        date=day_date(epoch, day),
        weekday=name,
        arcs=tuple(arcs),
        sessions=speaking,
        density=density_hint(name, arcs, directives, corrections),
        directives=directives,
        corrections=corrections,
        filler=filler,
    )


def select_arc_days(arc: Arc, epoch: str) -> tuple[int, ...]:
    """The days an arc selects for itself (the seed's arc-driven design; reference legacy helper).

    Always its first and last day, its directive days and its correction key days inside it; then
    a spread over the other days — every 2nd (arcs shorter than 15 days), 3rd (shorter than 100) or
    5th day, counting weekdays only unless the arc is an incident. A pinned day restarts the count.
    """
    pinned = {d.day for d in arc.directives if arc.start_day <= d.day <= arc.end_day}
    pinned |= {arc.start_day, arc.end_day}
    pinned |= {d for d in (arc.wrong_day, arc.corrected_day) if d is not None and arc.active_on(d)}
    length = arc.end_day - arc.start_day + 1
    interval = 2 if length < 15 else 3 if length < 100 else 5
    chosen = set(pinned)
    since = interval  # ready to place one on the first free day
    for day in range(arc.start_day, arc.end_day + 1):
        if arc.type != "incident" and weekday(epoch, day) in _WEEKEND:
            continue
        if day in pinned:
            since = 0
            continue
        since += 1
        if since >= interval:
            chosen.add(day)
            since = 0
    return tuple(sorted(chosen))


def identify_gap_days(
    active_days: Collection[int], start: int, end: int, epoch: str, target: int = 5
) -> tuple[int, ...]:
    """Weekdays to fill so that every Monday–Sunday week in ``[start, end]`` has ``target`` active
    weekdays (or all its weekdays in the span, when fewer).

    Weeks begin on the Monday on or before ``start``; the picks spread evenly over a week's empty
    weekdays (every ``len(empty) // needed``-th one from the first).
    """
    gaps: list[int] = []
    offset = dt.date.fromisoformat(day_date(epoch, start)).weekday()  # 0 = Monday
    week_start = start - offset
    while week_start <= end:
        days = range(max(week_start, start), min(week_start + 6, end) + 1)
        weekdays = [d for d in days if weekday(epoch, d) not in _WEEKEND]
        active = sum(1 for d in weekdays if d in active_days)
        needed = max(0, min(target, len(weekdays)) - active)
        if needed:
            empty = [d for d in weekdays if d not in active_days]
            step = max(1, len(empty) // needed)
            gaps.extend(empty[::step][:needed])
        week_start += 7
    return tuple(gaps)


def story_horizon(story: Story) -> int:
    """The story's last day: the latest arc end (0 for a story without arcs)."""
    return max((a.end_day for a in story.arcs), default=0)


def quiet_days(story: Story) -> frozenset[int]:
    """The days of the story's declared ``quietPeriods`` (``[{startDay, endDay, kind?}]``, an extra
    key the synthetic engine and our ``create-persona`` write): intentional gaps, never filled."""
    raw = story.extra.get("quietPeriods")
    days: set[int] = set()
    if isinstance(raw, list):
        for period in raw:
            if not isinstance(period, Mapping):
                continue
            first, last = _int(period, "startDay"), _int(period, "endDay")
            if first is not None and last is not None:
                days.update(range(first, last + 1))
    return frozenset(days)


def _int(mapping: Mapping[str, Any], key: str) -> int | None:
    value = mapping.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def plan_story(
    definition: PersonaDefinition,
    *,
    schedule: Schedule = "every-day",
    gap_fill: bool = True,
) -> dict[int, DayPlan]:
    """The plan of every day of the story that gets a log, by day number (ascending).

    Args:
        definition: the persona and its story.
        schedule: ``every-day`` (each day an arc runs) or ``arc-days`` (the days arcs select).
        gap_fill: add routine filler days to weeks with fewer than five active weekdays, outside
            the story's ``quietPeriods``.
    """
    story = definition.story
    epoch = definition.epoch
    horizon = story_horizon(story)
    sessions = definition.sessions()
    if schedule == "arc-days":
        selected: dict[int, list[Arc]] = {}
        for arc in story.arcs:
            for d in select_arc_days(arc, epoch):
                selected.setdefault(d, []).append(arc)
        by_day = {d: [_annotate(a, d) for a in arcs] for d, arcs in selected.items()}
    else:
        by_day = {d: list(active_arcs(story.arcs, d)) for d in range(1, horizon + 1)}
    plans: dict[int, DayPlan] = {}
    for d in sorted(by_day):
        plan = plan_day(epoch, by_day[d], d, sessions)
        if plan.sessions:
            plans[d] = plan
    if gap_fill and horizon:
        accounted = set(plans) | quiet_days(story)
        for d in identify_gap_days(accounted, 1, horizon, epoch):
            plans[d] = plan_day(epoch, (), d, sessions, filler=True)
    return dict(sorted(plans.items()))
