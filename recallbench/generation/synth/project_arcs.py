"""Project arcs: kick-off, milestones, a slip, completion."""

from __future__ import annotations

from typing import Any

import attrs

from .arcbase import ArcPlan, World, outstanding, spread_days
from .domain import Project
from .ledger import Candidate, Event
from .rng import Rng
from .text import Section, bullets, cap, lead, pick

__all__ = ["ORDINALS", "ProjectArc", "plan_project"]

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


@attrs.define
class ProjectArc(ArcPlan):
    spec: Project = attrs.field(kw_only=True)
    values: list[str] = attrs.field(kw_only=True)
    goal_value: str = attrs.field(kw_only=True)
    final_value: str = attrs.field(kw_only=True)
    target0: int = attrs.field(kw_only=True)
    risk: int = attrs.field(kw_only=True)
    milestones: list[str] = attrs.field(kw_only=True)
    interim: list[str] = attrs.field(kw_only=True, factory=list)
    """Version 2: readings of the metric between milestones, written by progress notes (distractors)."""
    revised_goal: str | None = attrs.field(kw_only=True, default=None)
    """Version 2: the target the slip sets beside the first one."""

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
                    )
                    if not w.v2
                    else (
                        "That stage is behind us now, and the reading on {metric} was {v}.",
                        "Signed off today with {first}. Where {metric} stood at that point: {v}.",
                        "We got through it this week; {metric} came out at {v}.",
                        "Closed out, a little later in the day than planned. Reading for the stage: {v} "
                        "({metric}).",
                    ),
                    first=self.owner.split()[0],
                    name=name,
                    m=m,
                    metric=p.metric.log,
                    v=v,
                ),
                _plain_or_lead(rng, f"{rng.choice(self.participants)} {rng.choice(p.tasks)}.", w),
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
            if self.revised_goal is not None:
                s.lines.insert(
                    1,
                    pick(
                        rng,
                        (
                            "With the new date the target changes too: {metric} at {g} or better.",
                            "{owner} also reset the goal for {metric} to {g}.",
                            "The bar moves with it - {g} on {metric} is the new target.",
                        ),
                        metric=p.metric.log,
                        g=self.revised_goal,
                        owner=self.owner.split()[0],
                    ),
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
                    )
                    if not w.v2
                    else (
                        "It is finished, on {date}. The last reading of {metric} was {v}.",
                        "We closed it today ({date}), with {metric} ending at {v}.",
                        "Finished as of {date}; {metric} settled at {v} at the end.",
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
        first = _plain_or_lead(rng, f"I {done[0]}.", w)
        irng = rng.fork("interim")
        if self.interim and irng.chance(0.6):
            v = irng.choice(self.interim)
            s.add(
                pick(
                    irng,
                    (
                        "Interim reading on {metric}: {v}, not a milestone number.",
                        "A mid-stage check put {metric} at {v}.",
                        "{metric} was running at {v} when I looked today.",
                    ),
                    metric=p.metric.log,
                    v=v,
                )
            )
        s.add(
            first + " " + f"{rng.choice(self.participants)} {done[1]}.",
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
                question=f"What level of {p.metric.ask} was {ask if w.v2 else p.name} aiming for "
                "when it began?",
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
        if self.revised_goal is not None:
            out.append(
                Candidate(
                    category="contradiction-resolution",
                    question=f"Once its finish date had moved, what level of {p.metric.ask} was "
                    f"{ask} aiming for?",
                    answer=f"{self.revised_goal} or better (the target at the start was "
                    f"{self.goal_value}).",
                    difficulty="medium",
                    days=(self.start, slip),
                    keys=(self.revised_goal,),
                    origin=org,
                )
            )
        for i, (d, m, v) in enumerate(zip(ms, self.milestones, self.values, strict=True)):
            question = f"At the {m} stage of {p.name}, what was the {p.metric.ask}?"
            if w.v2:
                question = f"What was the {p.metric.ask} of {ask} at its {ORDINALS[i]} milestone?"
            out.append(
                Candidate(
                    category="factual-recall",
                    question=question,
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

    def marks(self, w: World) -> list[Event]:
        ask = self.spec.ask
        out = self.events(w)
        for d, k in sorted(self.beats.items()):
            if k.startswith("milestone"):
                i = int(k.removeprefix("milestone"))
                out.append(Event(d, f"the day {ask} reached its {ORDINALS[i]} milestone", self.id))
            elif k == "slip":
                out.append(Event(d, f"the day {ask} slipped", self.id))
        return out

    def link_day(self) -> int:
        return min(d for d, k in self.beats.items() if k.startswith("milestone"))


def _plain_or_lead(rng: Rng, sentence: str, w: World) -> str:
    """Version 1 opened routine sentences with a connective; version 2 writes them plain."""
    return sentence if w.v2 else lead(rng, sentence)


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
    interim: list[str] = []
    revised: str | None = None
    if base["version"] >= 2:
        # other readings of the same metric: the progress notes' interim values and a second
        # target set when the schedule slips (drawn from their own stream: version 1 is unchanged)
        vrng = rng.fork("v2")
        rest = [q.render(q.lo + i * q.step) for i in range(q.choices())]
        rest = [v for v in rest if v not in values]
        vrng.shuffle(rest)
        revised = rest.pop() if rest else None
        interim = rest[: min(3, len(rest))]
    return ProjectArc(
        **base,
        interim=interim,
        revised_goal=revised,
        beats=beats,
        spec=spec,
        values=values[:k],
        goal_value=values[k + 1],
        final_value=values[k],
        target0=target0,
        risk=rng.below(len(spec.risks)),
        milestones=milestones,
    )
