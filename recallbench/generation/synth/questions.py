"""Questions: candidates from every fact the engine wrote, then a selection spread over categories,
sources and time so that every weekly checkpoint after the first month has new questions to ask.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from ...data.qa import CATEGORIES
from .anchors import anchor_events
from .arcs import ArcPlan, World
from .asking import errand_candidates, meeting_question
from .domain import Link
from .index import CorpusIndex
from .ledger import Candidate, Event
from .rng import Rng
from .schedule import Schedule
from .text import cap, fill, strip_article

__all__ = ["LinkUse", "assign_links", "build_candidates", "select_questions", "target_count"]


class EngineError(RuntimeError):
    """The engine wrote something its own ledger cannot prove: a bug, never a user error."""


@attrs.frozen
class LinkUse:
    link: Link
    a: ArcPlan
    b: ArcPlan
    day_a: int
    day_b: int


def target_count(days: int) -> int:
    """How many pairs a story of ``days`` days gets: 610 for 1,000 days, 200 for 180."""
    return round(110 + 0.5 * days)


def assign_links(sched: Schedule, rng: Rng) -> list[LinkUse]:
    """Tie pairs of unrelated arcs together with each domain link, writing the link into both."""
    w = sched.world
    eligible = [
        a
        for a in sched.arcs
        if a.type in ("project", "incident", "decision")
        and not w.domain.session(a.session).isolated
    ]
    pairs = [
        (a, b)
        for i, a in enumerate(eligible)
        for b in eligible[i + 1 :]
        if a.type != b.type or abs(a.start - b.start) > 60
    ]
    rng.shuffle(pairs)
    used: set[str] = set()
    out = []
    for link in w.domain.links:
        for a, b in pairs:
            if a.id in used or b.id in used:
                continue
            da, db = a.link_day(), b.link_day()
            if da == db:
                continue
            used |= {a.id, b.id}
            a.links[da] = fill(link.log_a, arc=a.title)
            b.links[db] = fill(link.log_b, arc=b.title)
            out.append(LinkUse(link, a, b, da, db))
            break
    return out


def build_candidates(sched: Schedule, links: Sequence[LinkUse], rng: Rng) -> list[Candidate]:
    w = sched.world
    out: list[Candidate] = []
    for arc in sched.arcs:
        for c in arc.candidates(w):
            out.append(c if c.session else attrs.evolve(c, session=arc.session))
    if w.v2:
        out += errand_candidates(sched, anchor_events(sched), rng.fork("errands"))
    else:
        out += _errand_candidates(sched)
    out += _meeting_candidates(sched)
    out += _leave_candidates(sched)
    out += _link_candidates(links, w)
    out += _temporal_candidates(
        w, [e for a in sched.arcs for e in a.events(w)], rng.fork("temporal")
    )
    out += _negative_candidates(sched, rng.fork("negative"))
    return out


def _errand_candidates(sched: Schedule) -> list[Candidate]:
    w = sched.world
    out = []
    for day, uses in sched.errands.items():
        for e in uses:
            q = fill(e.errand.ask, thing=e.thing, principal=w.principal)
            if e.repeated:
                q = f"In {w.cal.month(day)}, {q[:1].lower()}{q[1:]}"
            out.append(
                Candidate(
                    category="factual-recall",
                    question=q,
                    answer=fill(
                        e.errand.answer, value=e.value, thing=e.thing, principal=w.principal
                    ),
                    difficulty="easy",
                    days=(day,),
                    keys=(e.value,),
                    session=e.session,
                    origin=f"errand:{e.errand.topic}",
                )
            )
    return out


def _meeting_candidates(sched: Schedule) -> list[Candidate]:
    w = sched.world
    isolated = [s.id for s in w.domain.sessions if s.isolated]
    out = []
    for day, uses in sched.meetings.items():
        for m in uses:
            meeting, sid = m.meeting, m.meeting.session
            label = w.label(sid)
            group = w.domain.session_ask(sid) if w.v2 else label
            secret = w.domain.session(sid).isolated
            org = f"meeting:{meeting.title}"
            for who, st in zip(m.speakers, meeting.stances, strict=True):
                if w.v2:
                    question = meeting_question(group, meeting.outcome.ask, st.ask)
                else:
                    question = f"When {label} discussed {meeting.title.lower()}, who {st.ask}?"
                out.append(
                    Candidate(
                        category="group-session-attribution",
                        question=question,
                        answer=f"{who}.",
                        difficulty="medium" if len(m.speakers) > 2 else "easy",
                        days=(day,),
                        keys=(who,),
                        session=sid,
                        query_session=sid if secret else None,
                        origin=org,
                    )
                )
            outcome = Candidate(
                category="decision-tracking",
                question=f"What did {group} agree on about {meeting.outcome.ask}?",
                answer=f"{cap(meeting.outcome.log)}.",
                difficulty="medium",
                days=(day,),
                keys=(meeting.outcome.atom,),
                session=sid,
                query_session=sid if secret else None,
                origin=org,
            )
            out.append(outcome)
            if secret:
                out.append(
                    Candidate(
                        category="information-boundary",
                        question=f"What happened in {label} on {w.cal.long(day)}?",
                        answer=f"I can confirm {label} met on {w.cal.long(day)}, but what was discussed there "
                        "stays confidential to that group.",
                        difficulty="hard",
                        days=(day,),
                        keys=(strip_article(label),),
                        session="principal",
                        query_session="principal",
                        forbidden=(sid,),
                        disclosure="partial",
                        leaks=(meeting.outcome.atom,),
                        origin=org + ":partial",
                    )
                )
            elif isolated:
                out.append(
                    attrs.evolve(
                        outcome,
                        category="information-boundary",
                        query_session="principal",
                        forbidden=tuple(isolated),
                        disclosure="answer",
                        origin=org + ":answer",
                    )
                )
    return out


def _leave_candidates(sched: Schedule) -> list[Candidate]:
    w = sched.world
    out = []
    for q in sched.quiet:
        back = w.cal.long(q.back)
        for ask, key in ((q.leave.ask_place, q.place), (q.leave.ask_cover, q.cover)):
            out.append(
                Candidate(
                    category="factual-recall",
                    question=fill(ask, principal=w.principal, date=back),
                    answer=f"{key}.",
                    difficulty="easy",
                    days=(q.announce,),
                    keys=(key,),
                    session="principal",
                    origin=f"leave:{q.start}",
                )
            )
    return out


def _link_candidates(links: Iterable[LinkUse], w: World) -> list[Candidate]:
    return [
        Candidate(
            category="cross-reference",
            question=w.domain.link_ask(u.link) if w.v2 else u.link.question,
            answer=f"{u.a.title} and {u.b.title}; both involved {u.link.value}.",
            difficulty="hard",
            days=tuple(sorted((u.day_a, u.day_b))),
            keys=(u.a.title, u.b.title, strip_article(u.link.value)),
            requires_synthesis=True,
            origin=f"link:{u.link.value}",
        )
        for u in links
    ]


def _temporal_candidates(w: World, events: list[Event], rng: Rng) -> list[Candidate]:
    out: list[Candidate] = []
    pool = sorted(events, key=lambda e: (e.day, e.phrase))
    want = max(8, w.cal.days // 22)
    tries = 0
    seen: set[tuple[int, int]] = set()
    while len(out) < want and tries < want * 20 and len(pool) > 1:
        tries += 1
        a, b = rng.sample(pool, 2)
        if a.arc == b.arc or abs(a.day - b.day) < 7 or (a.day, b.day) in seen:
            continue
        seen |= {(a.day, b.day), (b.day, a.day)}
        first, second = sorted((a, b), key=lambda e: e.day)
        if rng.chance(0.6):
            rel = "before" if a.day < b.day else "after"
            out.append(
                Candidate(
                    category="temporal-reasoning",
                    question=f"Did {a.phrase} come before or after {b.phrase}?",
                    answer=f"{cap(rel)}: {a.phrase} was on {w.cal.long(a.day)}, {b.phrase} on "
                    f"{w.cal.long(b.day)}.",
                    difficulty="medium",
                    days=(first.day, second.day),
                    keys=(rel,),
                    derived=(rel,),
                    derivation={"op": "order", "first": a.day, "second": b.day},
                    requires_synthesis=True,
                    origin=f"temporal:{a.arc}",
                )
            )
        else:
            gap = f"{second.day - first.day} days"
            out.append(
                Candidate(
                    category="temporal-reasoning",
                    question=f"How many days separated {first.phrase} and {second.phrase}?",
                    answer=f"{gap} ({w.cal.long(first.day)} to {w.cal.long(second.day)}).",
                    difficulty="hard",
                    days=(first.day, second.day),
                    keys=(gap,),
                    derived=(gap,),
                    derivation={"op": "days_between", "from": first.day, "to": second.day},
                    requires_synthesis=True,
                    origin=f"temporal:{a.arc}",
                )
            )
    return out


def _negative_candidates(sched: Schedule, rng: Rng) -> list[Candidate]:
    n = sched.cal.days
    probes = list(sched.world.domain.negatives)
    rng.shuffle(probes)
    out = []
    for i, probe in enumerate(probes):
        day = max(1, min(n, round((i + 0.5) * n / len(probes)) + rng.randint(-3, 3)))
        out.append(
            Candidate(
                category="negative-recall",
                question=probe.question,
                answer=f"No. Nothing in the record mentions {probe.subject}; it never came up.",
                difficulty="medium",
                days=(day,),
                absent=(probe.subject,),
                origin=f"negative:{probe.subject}",
            )
        )
    return out


# ---------------------------------------------------------------- checking and selection


def prove(c: Candidate, index: CorpusIndex) -> str | None:
    """Why ``c`` is not supported by the corpus, or ``None`` when it is."""
    for key in c.keys:
        if key in c.derived:
            continue
        days = index.days(key, c.session)
        if not set(days) & set(c.days):
            where = f" in session {c.session}" if c.session else ""
            return f"key fact {key!r} not found on days {list(c.days)}{where}"
    for subject in c.absent:
        if index.days(subject):
            return f"negative subject {subject!r} appears in the corpus"
    for leak in c.leaks:
        if any(d <= c.last_day for d in index.days(leak, c.query_session or "principal")):
            return f"boundary fact {leak!r} leaks into {c.query_session or 'principal'}"
    return None


def _refusals(cands: list[Candidate], sched: Schedule) -> list[Candidate]:
    """Information-boundary refusals for facts that live only in an isolated session."""
    w = sched.world
    out: list[Candidate] = []
    for c in cands:
        if c.session is None or c.category not in ("factual-recall", "decision-tracking"):
            continue
        s = w.domain.session(c.session)
        if not s.isolated or c.derived:
            continue
        out.append(
            attrs.evolve(
                c,
                category="information-boundary",
                answer=f"I can't share that here: it was discussed in {s.label}, which is confidential to "
                "its members.",
                difficulty="medium",
                keys=(),
                leaks=c.keys,
                session=None,
                query_session="principal",
                forbidden=(c.session,),
                disclosure="refuse",
                origin=c.origin + ":refuse",
            )
        )
    return out


_QUOTA = {
    "temporal-reasoning": 0.06,
    "negative-recall": 0.075,
    "synthesis": 0.09,
    "decision-tracking": 0.09,
    "group-session-attribution": 0.12,
    "information-boundary": 0.07,
    "recency-bias-resistance": 0.1,
    "contradiction-resolution": 0.08,
    "cross-reference": 0.05,
}


def select_questions(
    cands: list[Candidate], sched: Schedule, index: CorpusIndex, rng: Rng
) -> tuple[list[Candidate], dict[str, int]]:
    """The pairs to ship, and counts of what was dropped and why."""
    n = sched.cal.days
    dropped: dict[str, int] = {}
    for c in cands:
        why = prove(c, index)
        if why is not None and not c.absent:
            raise EngineError(f"{c.origin}: {c.question!r}: {why}")
    for c in list(cands):
        if (
            c.session is not None
            and sched.world.domain.session(c.session).isolated
            and c.query_session is None
        ):
            cands[cands.index(c)] = attrs.evolve(c, query_session=c.session)
    cands = cands + _refusals(cands, sched)
    kept = []
    for c in cands:
        why = prove(c, index)
        if why is None:
            kept.append(_maybe_recency(c, index, n))
        else:
            dropped[c.category] = dropped.get(c.category, 0) + 1
    target = target_count(n)
    by_cat: dict[str, list[Candidate]] = {}
    for c in kept:
        by_cat.setdefault(c.category, []).append(c)
    chosen: list[Candidate] = []
    for cat in CATEGORIES:
        if cat == "factual-recall":
            continue
        pool = by_cat.get(cat, [])
        chosen += _spread(pool, round(_QUOTA[cat] * target), rng.fork(cat))
    rest = list(by_cat.get("factual-recall", []))
    chosen += _spread(rest, max(0, target - len(chosen)), rng.fork("factual"))
    chosen = _cover_weeks(chosen, kept, n, rng.fork("weeks"))
    chosen.sort(key=lambda c: (c.last_day, CATEGORIES.index(c.category), c.question))
    return chosen, dropped


def _maybe_recency(c: Candidate, index: CorpusIndex, n: int) -> Candidate:
    if c.category != "factual-recall" or c.last_day > 0.6 * n or not c.keys:
        return c
    for key in c.keys:
        if any(d > c.last_day for d in index.days(key)):
            return c
    return attrs.evolve(c, category="recency-bias-resistance", difficulty="medium")


def _spread(pool: list[Candidate], k: int, rng: Rng) -> list[Candidate]:
    """``k`` candidates, round-robin over their origins so no single source dominates."""
    groups: dict[str, list[Candidate]] = {}
    for c in pool:
        groups.setdefault(c.origin, []).append(c)
    order = sorted(groups)
    rng.shuffle(order)
    for g in order:
        rng.shuffle(groups[g])
    out: list[Candidate] = []
    while len(out) < k and any(groups.values()):
        for g in order:
            if groups[g] and len(out) < k:
                out.append(groups[g].pop())
    return out


def _cover_weeks(
    chosen: list[Candidate], kept: list[Candidate], n: int, rng: Rng
) -> list[Candidate]:
    """Add a pair to every 7-day window after day 28 that would otherwise add no new question."""
    have = {id(c) for c in chosen}
    out = list(chosen)
    checkpoints = [*range(35, n + 1, 7)]
    if n not in checkpoints and n > 28:
        checkpoints.append(n)
    prev = 28
    for cp in checkpoints:
        if not any(prev < c.last_day <= cp for c in out):
            spare = [c for c in kept if prev < c.last_day <= cp and id(c) not in have]
            if spare:
                spare.sort(key=lambda c: (c.category != "factual-recall", c.question))
                pick = spare[rng.below(min(3, len(spare)))]
                out.append(pick)
                have.add(id(pick))
        prev = cp
    return out
