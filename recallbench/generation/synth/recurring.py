"""Errands: the one-off items that make factual needles, and (engine version 2) their recurrences.

Version 1 writes two or three errands a week, a thing at most once a month. Version 2 writes one or
two every weekday: the same kind of item comes back with other things, the same thing comes back with
other values weeks later, and some values are changed a few days after they were logged — the
near-misses a real assistant's record is full of, so that a question about one of them needs the
right day, not a matching one. Pure; no prose.
"""

from __future__ import annotations

import attrs

from .domain import Domain, Errand
from .rng import Rng
from .text import Calendar

__all__ = ["ErrandUse", "errand_value", "plan_errands_v2"]

MIN_GAP = 28
"""Days before the same thing of the same errand may come back (version 2)."""
UPDATE_CHANCE = 0.14
"""The share of version-2 errands whose value a later day changes."""
NOTE_CHANCE = 0.35
"""The share of version-2 errands mentioned again, without their value, a few days later."""


@attrs.frozen
class ErrandUse:
    """An errand written on ``day``. An update (``first`` set) changes the value the entry of day
    ``first`` logged (``previous``) to ``value``; an entry a later day changes has ``updated`` set."""

    day: int
    errand: Errand
    thing: str
    value: str
    session: str
    repeated: bool
    previous: str | None = None
    first: int | None = None
    updated: int | None = None
    note: bool = False
    """A later mention of the item without its value (version 2): the same thing, no answer."""


def errand_value(e: Errand, rng: Rng) -> str:
    if e.quantity is not None:
        q = e.quantity
        return q.render(q.lo + rng.below(q.choices()) * q.step)
    return rng.choice(e.values)


def plan_errands_v2(
    domain: Domain,
    cal: Calendar,
    rng: Rng,
    quiet_days: set[int],
    spans: dict[str, tuple[int, int]],
) -> dict[int, list[ErrandUse]]:
    """About one and a half errands a weekday, things cycling, each thing at most every
    :data:`MIN_GAP` days, one kind of errand at most once a day; some changed a few days later."""
    combos = [(e, t) for e in domain.errands for t in e.things]
    order = list(combos)
    rng.shuffle(order)
    plan: list[tuple[int, Errand, str]] = []
    last: dict[tuple[str, str], int] = {}
    topics_on: dict[int, set[str]] = {}
    i = 0
    for week_start in range(1, cal.days + 1, 7):
        week = list(range(week_start, min(cal.days, week_start + 6) + 1))
        weekdays = [d for d in week if not cal.is_weekend(d)]
        if not weekdays:
            continue
        in_quiet = all(d in quiet_days for d in weekdays)
        k = 1 if in_quiet else rng.randint(4, 6)
        for day in sorted(rng.choice(weekdays) for _ in range(k)):
            for _ in range(len(order)):
                errand, thing = order[i % len(order)]
                i += 1
                lo, hi = spans.get(errand.session, (1, cal.days))
                if not lo <= day <= hi:
                    continue
                if day in quiet_days and errand.session != "principal":
                    continue
                if errand.topic in topics_on.get(day, set()):
                    continue
                if day - last.get((errand.topic, thing), -MIN_GAP) < MIN_GAP:
                    continue
                last[(errand.topic, thing)] = day
                topics_on.setdefault(day, set()).add(errand.topic)
                plan.append((day, errand, thing))
                break
    counts: dict[tuple[str, str], int] = {}
    for _, e, t in plan:
        counts[(e.topic, t)] = counts.get((e.topic, t), 0) + 1
    out: dict[int, list[ErrandUse]] = {}
    last_value: dict[tuple[str, str], str] = {}
    for day, e, t in plan:
        vrng = rng.fork("value", day, e.topic, t)
        value = _fresh_value(e, vrng, last_value.get((e.topic, t)))
        use = ErrandUse(day, e, t, value, e.session, counts[(e.topic, t)] > 1)
        later = _update_day(use, cal, vrng, quiet_days, spans, topics_on)
        if later is not None:
            new = _fresh_value(e, vrng, value)
            use = attrs.evolve(use, updated=later)
            update = ErrandUse(later, e, t, new, e.session, True, previous=value, first=day)
            topics_on.setdefault(later, set()).add(e.topic)
            out.setdefault(later, []).append(update)
            value = new
        last_value[(e.topic, t)] = value
        out.setdefault(day, []).append(use)
        note = _note_day(use, cal, vrng, quiet_days, spans)
        if note is not None:
            out.setdefault(note, []).append(
                attrs.evolve(use, day=note, note=True, updated=None, first=use.day)
            )
    for uses in out.values():
        uses.sort(key=lambda u: (u.note, u.first is not None, u.errand.topic, u.thing))
    return out


def _fresh_value(e: Errand, rng: Rng, avoid: str | None) -> str:
    value = errand_value(e, rng)
    for _ in range(8):
        if value != avoid:
            break
        value = errand_value(e, rng)
    return value


def _update_day(
    use: ErrandUse,
    cal: Calendar,
    rng: Rng,
    quiet_days: set[int],
    spans: dict[str, tuple[int, int]],
    topics_on: dict[int, set[str]],
) -> int | None:
    """A weekday one to four days after ``use`` on which its value changes, or ``None``."""
    if not rng.chance(UPDATE_CHANCE):
        return None
    hi = spans.get(use.session, (1, cal.days))[1]
    for step in rng.sample(range(1, 5), 4):
        day = use.day + step
        if (
            day <= min(hi, cal.days)
            and not cal.is_weekend(day)
            and day not in quiet_days
            and use.errand.topic not in topics_on.get(day, set())
        ):
            return day
    return None


def _note_day(
    use: ErrandUse,
    cal: Calendar,
    rng: Rng,
    quiet_days: set[int],
    spans: dict[str, tuple[int, int]],
) -> int | None:
    """A weekday ten to forty days after ``use`` that mentions it again, or ``None``."""
    if not rng.chance(NOTE_CHANCE):
        return None
    hi = min(spans.get(use.session, (1, cal.days))[1], cal.days)
    day = use.day + rng.randint(10, 40)
    if day > hi or cal.is_weekend(day) or day in quiet_days:
        return None
    return day
