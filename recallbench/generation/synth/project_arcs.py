"""Project arcs: kick-off, milestones, a slip, completion."""

from __future__ import annotations

from typing import Any

import attrs

from .arcbase import ArcPlan, World, outstanding, spread_days
from .domain import Project
from .ledger import Candidate, Event
from .rng import Rng
from .text import Section, bullets, cap, lead, pick

__all__ = ["ProjectArc", "plan_project"]


@attrs.define
class ProjectArc(ArcPlan):
    spec: Project = attrs.field(kw_only=True)
    values: list[str] = attrs.field(kw_only=True)
    goal_value: str = attrs.field(kw_only=True)
    final_value: str = attrs.field(kw_only=True)
    target0: int = attrs.field(kw_only=True)
    risk: int = attrs.field(kw_only=True)
    milestones: list[str] = attrs.field(kw_only=True)

    @property
    def owner(self) -> str:
        return self.participants[0]

    def render(self, day: int, kind: str, w: World, rng: Rng) -> Section:
        p, name = self.spec, self.spec.name
        t0, t1 = w.cal.long(self.target0), w.cal.long(self.end)
        if kind == "kickoff":
            s = self._section(
                day, f"{name} - {rng.choice(('kickoff', 'scoping', 'day one', 'kicked off'))}"
            )
            helpers = " and ".join(self.participants[1:3])
            s.add(
                pick(
                    rng,
                    (
                        "{name} started today. The goal is to {goal}.",
                        "We opened {name} this morning; the aim is to {goal}.",
                        "{name} is officially under way. In one line: {goal}.",
                    ),
                    name=name,
                    goal=p.goal,
                )
                + " "
                + pick(
                    rng,
                    (
                        "{owner} owns it, with {helpers} helping.",
                        "{owner} is the owner; {helpers} are contributing.",
                        "{owner} took ownership and pulled in {helpers}.",
                    ),
                    owner=self.owner,
                    helpers=helpers,
                ),
                bullets(
                    [
                        f"Owner: {self.owner}",
                        f"Target: {p.metric.log} at {self.goal_value} or better",
                        f"Planned finish: {t0}",
                        f"Milestones: {', '.join(self.milestones)}",
                        f"Artifacts: `{p.artifacts[0]}`",
                    ]
                ),
                outstanding(rng, f"a plan for the {self.milestones[0]}"),
            )
        elif kind.startswith("milestone"):
            i = int(kind.removeprefix("milestone"))
            m, v = self.milestones[i], self.values[i]
            s = self._section(day, f"{name} - {m}")
            s.add(
                pick(
                    rng,
                    (
                        "{name} reached the {m} milestone today; {metric} came in at {v}.",
                        "We closed out the {m} stage of {name}. Measured {metric}: {v}.",
                        "The {m} for {name} is done, and {metric} measured {v}.",
                    ),
                    name=name,
                    m=m,
                    metric=p.metric.log,
                    v=v,
                ),
                lead(rng, f"{rng.choice(self.participants)} {rng.choice(p.tasks)}."),
                outstanding(rng, self._next_step(i)),
            )
        elif kind == "slip":
            r = p.risks[self.risk]
            s = self._section(
                day, f"{name} - {rng.choice(('timeline moved', 'new date', 'schedule change'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "The finish date for {name} moved from {t0} to {t1} because {why}.",
                        "{owner} pushed {name} out to {t1} (it was {t0}); the reason: {why}.",
                        "New target for {name}: {t1}, replacing {t0}, since {why}.",
                    ),
                    name=name,
                    t0=t0,
                    t1=t1,
                    why=r.log,
                    owner=self.owner,
                ),
                outstanding(rng, f"tell stakeholders about the {t1} date"),
            )
        else:  # done
            s = self._section(day, f"{name} - {rng.choice(('shipped', 'wrapped up', 'complete'))}")
            s.add(
                pick(
                    rng,
                    (
                        "{name} wrapped up today, {date}. Final {metric}: {v}.",
                        "We closed {name} on {date}; {metric} settled at {v}.",
                        "{name} is finished as of {date}, with {metric} at {v}.",
                    ),
                    name=name,
                    date=t1,
                    metric=p.metric.log,
                    v=self.final_value,
                ),
                f"{self.owner} {rng.choice(p.tasks)}, and the write-up is in `{p.artifacts[-1]}`.",
            )
        return self._finish(s, day)

    def _next_step(self, i: int) -> str:
        return (
            f"the {self.milestones[i + 1]}"
            if i + 1 < len(self.milestones)
            else "the wrap-up and retrospective"
        )

    def touch(self, day: int, w: World, rng: Rng) -> Section | None:
        p = self.spec
        s = self._section(
            day, f"{p.name} - {rng.choice(('progress', 'status', 'work log', 'notes'))}"
        )
        done = rng.sample(p.tasks, 2)
        s.add(
            lead(rng, f"I {done[0]}.") + " " + f"{rng.choice(self.participants)} {done[1]}.",
            outstanding(
                rng,
                rng.choice(
                    (
                        f"review `{rng.choice(p.artifacts)}`",
                        f"line up the {rng.choice(self.milestones)}",
                        f"a status note on {p.name} for {w.principal}",
                    )
                ),
            ),
        )
        return s

    def candidates(self, w: World) -> list[Candidate]:
        p, ask = self.spec, self.spec.ask
        ms = sorted(d for d, k in self.beats.items() if k.startswith("milestone"))
        slip = next(d for d, k in self.beats.items() if k == "slip")
        r = p.risks[self.risk]
        org = f"project:{p.name}"
        out = [
            Candidate(
                category="factual-recall",
                question=f"Who was made responsible for {ask}?",
                answer=f"{self.owner}.",
                difficulty="medium",
                days=(self.start,),
                keys=(self.owner,),
                origin=org,
            ),
            Candidate(
                category="factual-recall",
                question=f"What level of {p.metric.ask} was {p.name} aiming for when it began?",
                answer=f"{self.goal_value} or better.",
                difficulty="easy",
                days=(self.start,),
                keys=(self.goal_value,),
                origin=org,
            ),
            Candidate(
                category="contradiction-resolution",
                question=f"When is {ask} expected to be finished?",
                answer=f"{w.cal.long(self.end)} - it was first planned for {w.cal.long(self.target0)} "
                f"but moved because {r.log}.",
                difficulty="medium",
                days=(self.start, slip),
                keys=(w.cal.long(self.end),),
                origin=org,
            ),
            Candidate(
                category="factual-recall",
                question=f"What pushed back the schedule of {ask}?",
                answer=f"{cap(r.log)}.",
                difficulty="medium",
                days=(slip,),
                keys=(r.atom,),
                origin=org,
            ),
            Candidate(
                category="synthesis",
                question=f"How did the {p.metric.ask} of {ask} change from milestone to milestone?",
                answer="; ".join(
                    f"{m}: {v}" for m, v in zip(self.milestones, self.values, strict=True)
                )
                + f"; final {self.final_value}.",
                difficulty="hard",
                days=(*ms, self.end),
                keys=(*self.values, self.final_value),
                requires_synthesis=True,
                origin=org,
            ),
            Candidate(
                category="temporal-reasoning",
                question=f"How many days passed between the start of {ask} and its completion?",
                answer=f"{self.end - self.start} days ({w.cal.long(self.start)} to {w.cal.long(self.end)}).",
                difficulty="hard",
                days=(self.start, self.end),
                keys=(f"{self.end - self.start} days",),
                derived=(f"{self.end - self.start} days",),
                derivation={"op": "days_between", "from": self.start, "to": self.end},
                requires_synthesis=True,
                origin=org,
            ),
        ]
        for d, m, v in zip(ms, self.milestones, self.values, strict=True):
            out.append(
                Candidate(
                    category="factual-recall",
                    question=f"At the {m} stage of {p.name}, what was the {p.metric.ask}?",
                    answer=f"{v}.",
                    difficulty="easy",
                    days=(d,),
                    keys=(v,),
                    origin=org,
                )
            )
        return out

    def events(self, w: World) -> list[Event]:
        return [
            Event(self.start, f"the start of {self.spec.ask}", self.id),
            Event(self.end, f"the completion of {self.spec.ask}", self.id),
        ]

    def link_day(self) -> int:
        return min(d for d, k in self.beats.items() if k.startswith("milestone"))


def plan_project(spec: Project, base: dict[str, Any], blocked: frozenset[int]) -> ProjectArc:
    rng: Rng = base["rng"]
    start, end = base["start"], base["end"]
    k = min(len(spec.milestones), 3 if end - start < 80 else 4)
    milestones = list(spec.milestones[:k])
    q = spec.quantity
    picks = sorted(rng.sample(range(q.choices()), k + 2), reverse=rng.chance(0.5))
    values = [
        q.render(q.lo + i * q.step) for i in picks
    ]  # a trend: milestones, final, then the goal
    days = spread_days(start + 1, end - 1, k + 1, blocked | {start, end})
    slip_at = 1 + rng.below(k - 1) if k > 1 else 1
    beat_days = days[:slip_at] + days[slip_at + 1 :]
    beats = {start: "kickoff", end: "done", days[slip_at]: "slip"}
    for i, d in enumerate(beat_days[:k]):
        beats[d] = f"milestone{i}"
    target0 = start + max(7, round((end - start) * rng.uniform(0.55, 0.8)))
    return ProjectArc(
        **base,
        beats=beats,
        spec=spec,
        values=values[:k],
        goal_value=values[k + 1],
        final_value=values[k],
        target0=target0,
        risk=rng.below(len(spec.risks)),
        milestones=milestones,
    )
