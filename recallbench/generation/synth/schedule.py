"""When things happen: quiet periods, arc placement (never more than four at once), session activity,
density, and the dates of errands, meetings and leave announcements. Pure; no prose.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs

from .arcs import ArcPlan, World, plan_arc, spread_days
from .domain import Domain, Errand, Leave, Meeting
from .recurring import ErrandUse, errand_value, plan_errands_v2
from .rng import Rng
from .text import Calendar

__all__ = ["MAX_CONCURRENT", "ErrandUse", "Schedule", "make_schedule"]

MAX_CONCURRENT = 4
DENSITIES = ("quiet", "normal", "busy", "dense")

# per 1,000 days, and the floor for short stories
_ARC_COUNTS = {
    "project": (8, 3),
    "incident": (9, 3),
    "decision": (7, 3),
    "learning": (4, 2),
    "relationship": (5, 3),
    "correction": (7, 3),
}
_SPEC_FIELD = {
    "project": "projects",
    "incident": "incidents",
    "decision": "decisions",
    "learning": "learnings",
    "relationship": "relationships",
    "correction": "corrections",
}


@attrs.frozen
class QuietPeriod:
    start: int
    end: int
    leave: Leave
    place: str
    cover: str

    @property
    def announce(self) -> int:
        return self.start - 1

    @property
    def back(self) -> int:
        return self.end + 1


@attrs.frozen
class MeetingUse:
    day: int
    meeting: Meeting
    speakers: tuple[str, ...]


@attrs.define
class Schedule:
    world: World
    arcs: list[ArcPlan]
    quiet: list[QuietPeriod]
    active: dict[int, list[str]]
    density: dict[int, str]
    errands: dict[int, list[ErrandUse]]
    meetings: dict[int, list[MeetingUse]]
    spans: dict[str, tuple[int, int]]
    previews: dict[int, list[MeetingUse]] = attrs.field(factory=dict)
    """Version 2: an earlier, unattributed round of a meeting's discussion, by the day it is written."""

    @property
    def team(self) -> list[str]:
        return team_of(self.world.domain)

    @property
    def cal(self) -> Calendar:
        return self.world.cal

    def quiet_period(self, day: int) -> QuietPeriod | None:
        return next((q for q in self.quiet if q.start <= day <= q.end), None)


def team_of(domain: Domain) -> list[str]:
    """The people who work alongside the principal: members of the non-isolated group sessions
    (isolated sessions hold clients, committees, family), or the whole cast when there are none."""
    team = [
        p
        for s in domain.sessions
        if s.kind == "group" and not s.isolated
        for p in s.participants
        if p != domain.principal.name
    ]
    humans = {c.name for c in domain.cast if c.kind == "human"}
    unique = [p for i, p in enumerate(team) if p not in team[:i] and p in humans]
    return unique or [c.name for c in domain.cast]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:48]


def make_schedule(
    domain: Domain, days: int, seed: int, version: int = 1, epoch: str = "2026-01-01"
) -> Schedule:
    rng = Rng(seed)
    cal = Calendar(epoch, days)
    world = World(domain, cal, version)
    quiet = _quiet_periods(domain, cal, rng.fork("quiet"))
    blocked = frozenset(d for q in quiet for d in range(q.start, q.end + 1))
    spans = _session_spans(domain, days)
    arcs = _place_arcs(domain, days, rng.fork("arcs"), blocked, spans, version)
    meetings = _meetings(domain, cal, rng.fork("meetings"), blocked, spans)
    if version >= 2:
        quiet_days = {d for q in quiet for d in range(q.start, q.end + 1)}
        errands = plan_errands_v2(domain, cal, rng.fork("errands-v2"), quiet_days, spans)
    else:
        errands = _errands(domain, cal, rng.fork("errands"), quiet, spans)
    previews = (
        _previews(cal, rng.fork("previews"), blocked, spans, meetings) if version >= 2 else {}
    )
    forced = {d: meetings.get(d, []) + previews.get(d, []) for d in {*meetings, *previews}}
    active = _activity(
        domain, cal, rng.fork("activity"), blocked, spans, arcs, forced, errands, quiet
    )
    density = _density(cal, rng.fork("density"), blocked, arcs)
    return Schedule(world, arcs, quiet, active, density, errands, meetings, spans, previews)


def _previews(
    cal: Calendar,
    rng: Rng,
    blocked: frozenset[int],
    spans: dict[str, tuple[int, int]],
    meetings: dict[int, list[MeetingUse]],
) -> dict[int, list[MeetingUse]]:
    """Most meetings had a first, inconclusive round two to twelve days before (version 2)."""
    out: dict[int, list[MeetingUse]] = {}
    taken = set(meetings)
    for day in sorted(meetings):
        for m in meetings[day]:
            mrng = rng.fork(day, m.meeting.title)
            if not mrng.chance(0.7):
                continue
            lo = spans[m.meeting.session][0]
            for back in mrng.sample(range(2, 13), 11):
                d = day - back
                if d >= lo and d not in blocked and d not in taken and not cal.is_weekend(d):
                    out.setdefault(d, []).append(attrs.evolve(m, day=d))
                    taken.add(d)
                    break
    return out


def _quiet_periods(domain: Domain, cal: Calendar, rng: Rng) -> list[QuietPeriod]:
    n = cal.days
    windows = [(0.3, 0.45), (0.7, 0.85)] if n >= 300 else [(0.45, 0.7)]
    out = []
    for i, (a, b) in enumerate(windows):
        length = rng.randint(10, 15)
        start = rng.randint(max(2, round(n * a)), round(n * b) - length)
        leave = domain.leaves[i % len(domain.leaves)]
        out.append(
            QuietPeriod(
                start,
                start + length - 1,
                leave,
                rng.choice(leave.places),
                rng.choice(team_of(domain)),
            )
        )
    return out


def _session_spans(domain: Domain, days: int) -> dict[str, tuple[int, int]]:
    spans = {}
    for s in domain.sessions:
        a, b = s.span
        spans[s.id] = (max(1, round(a * days) + 1 if a > 0 else 1), min(days, round(b * days)))
    return spans


def _arc_count(kind: str, days: int, available: int) -> int:
    per_1000, floor = _ARC_COUNTS[kind]
    return min(available, max(floor, round(per_1000 * days / 1000)))


def _arc_length(kind: str, days: int, rng: Rng, spec: Any) -> int:
    if kind == "project":
        return max(30, round(days * rng.uniform(0.07, 0.15)))
    if kind == "incident":
        return rng.randint(4, 7)
    if kind == "decision":
        return max(8, round(days * rng.uniform(0.012, 0.035)))
    if kind == "learning":
        return max(20, round(days * rng.uniform(0.04, 0.08)))
    if kind == "relationship":
        return max(40, round(days * rng.uniform(0.12, 0.22)))
    base = max(10, round(days * rng.uniform(0.02, 0.07)))
    return base + (max(8, round(days * rng.uniform(0.015, 0.04))) if spec.later else 0)


def _place_arcs(
    domain: Domain,
    days: int,
    rng: Rng,
    blocked: frozenset[int],
    spans: dict[str, tuple[int, int]],
    version: int,
) -> list[ArcPlan]:
    wanted: list[tuple[str, Any, int]] = []
    for kind, field in _SPEC_FIELD.items():
        specs: Sequence[Any] = getattr(domain, field)
        pick_rng = rng.fork("pick", kind)
        for spec in pick_rng.sample(specs, _arc_count(kind, days, len(specs))):
            wanted.append((kind, spec, _arc_length(kind, days, pick_rng, spec)))
    wanted.sort(key=lambda w: -w[2])
    load = [0] * (days + 2)
    arcs: list[ArcPlan] = []
    place_rng = rng.fork("place")
    cast = [p.name for p in domain.cast]
    for kind, spec, length in wanted:
        lo, hi = spans.get(spec.session, (1, days))
        hi_start = hi - length + 1
        if hi_start < lo:
            continue
        best: tuple[int, int, int] | None = None
        for _ in range(60):
            start = place_rng.randint(lo, hi_start)
            end = start + length - 1
            if start in blocked or end in blocked:
                continue
            if kind == "incident" and any(d in blocked for d in range(start, end + 1)):
                continue
            peak = max(load[start : end + 1])
            if peak >= MAX_CONCURRENT:
                continue
            score = (peak, sum(load[start : end + 1]) // max(1, length), start)
            if best is None or score[:2] < (best[0], best[1]):
                best = score
        if best is None:
            continue
        start = best[2]
        end = start + length - 1
        for d in range(start, end + 1):
            load[d] += 1
        arc = _make_arc(kind, spec, start, end, domain, cast, rng, blocked, version)
        arcs.append(arc)
    arcs.sort(key=lambda a: (a.start, a.id))
    return arcs


def _make_arc(
    kind: str,
    spec: Any,
    start: int,
    end: int,
    domain: Domain,
    cast: list[str],
    rng: Rng,
    blocked: frozenset[int],
    version: int,
) -> ArcPlan:
    title = _title(kind, spec, domain)
    arc_rng = rng.fork("arc", kind, title)
    session = domain.session(spec.session)
    pool = (
        [p for p in session.participants if p != domain.principal.name]
        if session.kind == "group"
        else []
    )
    if len(pool) < 3:
        pool = pool + [c for c in team_of(domain) if c not in pool]
    if len(pool) < 3:
        pool = pool + [c for c in cast if c not in pool]
    participants = arc_rng.sample(pool, 3)
    if kind == "relationship":
        participants = [spec.person]
    base = {
        "id": f"{kind}-{slug(title)}",
        "type": kind,
        "title": title,
        "description": _description(kind, spec, domain),
        "start": start,
        "end": end,
        "session": spec.session,
        "participants": participants,
        "rng": arc_rng,
        "version": version,
    }
    return plan_arc(kind, spec, base, blocked)


def _title(kind: str, spec: Any, domain: Domain) -> str:
    if kind in ("project", "incident", "decision"):
        return str(spec.name)
    if kind == "learning":
        return f"Learning {spec.skill.log}"
    if kind == "relationship":
        return f"Working relationship with {spec.person}"
    return f"Correction: {spec.subject}"


def _description(kind: str, spec: Any, domain: Domain) -> str:
    if kind == "project":
        return f"Goal: {spec.goal}."
    if kind == "incident":
        return f"{spec.symptom[:1].upper()}{spec.symptom[1:]} in {spec.system}."
    if kind == "decision":
        return f"Deciding {spec.topic.log}: {' or '.join(spec.options[:2])}."
    if kind == "learning":
        return f"{domain.principal_first} learns {spec.skill.log}."
    if kind == "relationship":
        return f"How the working relationship with {spec.person} develops."
    return f"A belief about {spec.subject} is logged, then corrected."


def _meetings(
    domain: Domain,
    cal: Calendar,
    rng: Rng,
    blocked: frozenset[int],
    spans: dict[str, tuple[int, int]],
) -> dict[int, list[MeetingUse]]:
    out: dict[int, list[MeetingUse]] = {}
    for s in domain.sessions:
        mine = [m for m in domain.meetings if m.session == s.id]
        if not mine:
            continue
        lo, hi = spans[s.id]
        avoid = frozenset(d for d in range(lo, hi + 1) if cal.is_weekend(d)) | blocked
        srng = rng.fork(s.id)
        take = min(len(mine), max(2, round(len(mine) * min(1.0, (hi - lo + 1) / 400))))
        chosen = srng.sample(mine, take)
        first = lo + srng.below(max(1, min(20, (hi - lo) // 10)))
        days = spread_days(first, hi - 1, take, avoid)
        speakers_pool = list(s.participants)
        for d, m in zip(days, chosen, strict=True):
            speakers = tuple(srng.sample(speakers_pool, len(m.stances)))
            out.setdefault(d, []).append(MeetingUse(d, m, speakers))
    return out


def _errands(
    domain: Domain,
    cal: Calendar,
    rng: Rng,
    quiet: list[QuietPeriod],
    spans: dict[str, tuple[int, int]],
) -> dict[int, list[ErrandUse]]:
    combos = [(e, t) for e in domain.errands for t in e.things]
    order = list(combos)
    rng.shuffle(order)
    quiet_days = {d for q in quiet for d in range(q.start, q.end + 1)}
    plan: list[tuple[int, Errand, str]] = []
    used_months: dict[tuple[str, str], set[str]] = {}
    i = 0
    for week_start in range(1, cal.days + 1, 7):
        week = list(range(week_start, min(cal.days, week_start + 6) + 1))
        in_quiet = all(d in quiet_days for d in week if not cal.is_weekend(d))
        candidates = [d for d in week if not cal.is_weekend(d)]
        if not candidates:
            continue
        k = 1 if in_quiet else rng.randint(2, 3)
        for day in sorted(rng.sample(candidates, min(k, len(candidates)))):
            for _ in range(len(order)):
                errand, thing = order[i % len(order)]
                i += 1
                lo, hi = spans.get(errand.session, (1, cal.days))
                if not lo <= day <= hi:
                    continue
                if day in quiet_days and errand.session != "principal":
                    continue
                month = cal.month(day)
                if month in used_months.get((errand.topic, thing), set()):
                    continue
                used_months.setdefault((errand.topic, thing), set()).add(month)
                plan.append((day, errand, thing))
                break
    counts: dict[tuple[str, str], int] = {}
    for _, e, t in plan:
        counts[(e.topic, t)] = counts.get((e.topic, t), 0) + 1
    out: dict[int, list[ErrandUse]] = {}
    last_value: dict[tuple[str, str], str] = {}
    for day, e, t in plan:
        vrng = rng.fork("value", day, e.topic, t)
        for _ in range(8):
            value = errand_value(e, vrng)
            if value != last_value.get((e.topic, t)):
                break
        last_value[(e.topic, t)] = value
        out.setdefault(day, []).append(
            ErrandUse(day, e, t, value, e.session, counts[(e.topic, t)] > 1)
        )
    return out


def _activity(
    domain: Domain,
    cal: Calendar,
    rng: Rng,
    blocked: frozenset[int],
    spans: dict[str, tuple[int, int]],
    arcs: list[ArcPlan],
    meetings: dict[int, list[MeetingUse]],
    errands: dict[int, list[ErrandUse]],
    quiet: list[QuietPeriod],
) -> dict[int, list[str]]:
    forced: dict[int, set[str]] = {}
    for a in arcs:
        for d in a.beats:
            forced.setdefault(d, set()).add(a.session)
    for d, ms in meetings.items():
        for m in ms:
            forced.setdefault(d, set()).add(m.meeting.session)
    for d, es in errands.items():
        for e in es:
            forced.setdefault(d, set()).add(e.session)
    out: dict[int, list[str]] = {}
    for day in range(1, cal.days + 1):
        srng = rng.fork(day)
        sessions = []
        for s in domain.sessions:
            lo, hi = spans[s.id]
            if s.id == "principal":
                sessions.append(s.id)
                continue
            if not lo <= day <= hi:
                continue
            p = s.weekend if cal.is_weekend(day) else s.cadence
            if s.id in forced.get(day, set()) or (day not in blocked and srng.chance(p)):
                sessions.append(s.id)
        out[day] = sessions
    return out


def _density(
    cal: Calendar, rng: Rng, blocked: frozenset[int], arcs: list[ArcPlan]
) -> dict[int, str]:
    beats: dict[int, int] = {}
    for a in arcs:
        for d in a.beats:
            beats[d] = beats.get(d, 0) + 1
    out = {}
    for day in range(1, cal.days + 1):
        if day in blocked:
            out[day] = "quiet"
            continue
        r = rng.fork(day).random()
        if cal.is_weekend(day):
            level = 0 if r < 0.75 else 1
        else:
            level = 1 if r < 0.6 else 2 if r < 0.9 else 3
        if beats.get(day, 0) >= 3:
            level = max(level, 2)
        out[day] = DENSITIES[level]
    return out
