"""Arcs about the work: incidents (onset, diagnosis, fix, review) and decisions (proposal, objection,
resolution). Projects, the longest arcs, are :mod:`.project_arcs`."""

from __future__ import annotations

from typing import Any

import attrs

from .arcbase import ArcPlan, World, outstanding, spread_days
from .domain import Decision, Incident
from .ledger import Candidate, Event
from .rng import Rng
from .text import Section, cap, fill, pick, quote

__all__ = [
    "DecisionArc",
    "IncidentArc",
    "plan_decision",
    "plan_incident",
]

# ---------------------------------------------------------------- incident


@attrs.define
class IncidentArc(ArcPlan):
    spec: Incident = attrs.field(kw_only=True)
    impact: str = attrs.field(kw_only=True)
    hours: int = attrs.field(kw_only=True)
    early_hours: int | None = attrs.field(kw_only=True, default=None)
    """Version 2: how long it had run when the cause was found (a duration that is not the answer)."""

    @property
    def detector(self) -> str:
        return self.participants[0]

    def render(self, day: int, kind: str, w: World, rng: Rng) -> Section:
        p = self.spec
        impact = fill(p.impact, value=self.impact)
        if kind == "onset":
            s = self._section(
                day, f"{p.name} - {rng.choice(('detected', 'opened', 'first report'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "{who} flagged it first: {symptom}. Impact so far: {impact}.",
                        "Trouble with {system}: {symptom}. {who} noticed it, and the damage so far is {impact}.",
                        "{who} raised the alarm after {symptom}; we counted {impact}.",
                    ),
                    who=self.detector,
                    symptom=p.symptom,
                    impact=impact,
                    system=p.system,
                ),
                outstanding(rng, f"find the root cause in {p.system}"),
            )
        elif kind == "diagnosis":
            s = self._section(
                day, f"{p.name} - {rng.choice(('root cause', 'diagnosis', 'what broke'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "Root cause found: {cause}.",
                        "We traced it down. The cause: {cause}.",
                        "{who} confirmed what happened - {cause}.",
                    ),
                    cause=p.cause.log,
                    who=rng.choice(self.participants),
                ),
            )
            if self.early_hours is not None:
                s.add(
                    pick(
                        rng.fork("early"),
                        (
                            "By then it had been going on for {h} hours, and it was not over yet.",
                            "That was {h} hours in; recovery was still ahead of us.",
                            "We were {h} hours into it at that point.",
                        ),
                        h=self.early_hours,
                    )
                )
        elif kind == "fix":
            s = self._section(day, f"{p.name} - {rng.choice(('resolved', 'fixed', 'mitigated'))}")
            s.add(
                pick(
                    rng,
                    (
                        "{who} {fix}, and {system} recovered after {h} hours in total.",
                        "Resolved: {who} {fix}. Start to finish it took {h} hours.",
                        "The fix held. {who} {fix}; the whole episode ran {h} hours.",
                    ),
                    who=rng.choice(self.participants),
                    fix=p.fix.log,
                    system=p.system,
                    h=self.hours,
                ),
            )
        else:
            s = self._section(
                day, f"{p.name} - {rng.choice(('follow-up', 'review', 'postmortem'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "Review done. Action item: {followup}, owned by {who}.",
                        "We walked through the timeline; the one action that matters is to {followup} ({who}).",
                        "Postmortem notes filed. {who} will {followup}.",
                    ),
                    followup=p.followup,
                    who=self.participants[-1],
                ),
            )
        return self._finish(s, day)

    def candidates(self, w: World) -> list[Candidate]:
        p, ask = self.spec, self.spec.ask
        onset, diag, fix = sorted(self.beats)[:3]
        org = f"incident:{p.name}"
        impact = fill(p.impact, value=self.impact)
        return [
            Candidate(
                category="factual-recall",
                question=f"What turned out to be behind {ask}?",
                answer=f"{cap(p.cause.log)}.",
                difficulty="medium",
                days=(diag,),
                keys=(p.cause.atom,),
                origin=org,
            ),
            Candidate(
                category="factual-recall",
                question=f"Who was the first to notice {ask}?",
                answer=f"{self.detector}.",
                difficulty="easy",
                days=(onset,),
                keys=(self.detector,),
                origin=org,
            ),
            Candidate(
                category="factual-recall",
                question=f"What remedy ended {ask}?",
                answer=f"Someone {p.fix.log}.",
                difficulty="medium",
                days=(fix,),
                keys=(p.fix.atom,),
                origin=org,
            ),
            Candidate(
                category="factual-recall",
                question=f"How long did {ask} last, from first report to recovery?",
                answer=f"{self.hours} hours.",
                difficulty="easy",
                days=(fix,),
                keys=(f"{self.hours} hours",),
                origin=org,
            ),
            Candidate(
                category="synthesis",
                question=f"Summarise {ask}: how bad it was, why it happened and how it was fixed.",
                answer=f"Impact: {impact}. Cause: {p.cause.log}. Fix: {p.fix.log}.",
                difficulty="hard",
                days=(onset, diag, fix),
                keys=(self.impact, p.cause.atom, p.fix.atom),
                requires_synthesis=True,
                origin=org,
            ),
        ]

    def events(self, w: World) -> list[Event]:
        return [Event(self.start, self.spec.ask, self.id)]

    def touch(self, day: int, w: World, rng: Rng) -> Section | None:
        fixed = sorted(self.beats)[2]
        if not w.v2 or day <= fixed:
            return None
        p = self.spec
        s = self._section(day, f"{p.name} - {rng.choice(('aftermath', 'clean-up', 'loose ends'))}")
        s.add(
            pick(
                rng,
                (
                    "{who} is still working through the clean-up after {name}.",
                    "Loose ends from {name}: the action to {followup} is not done yet.",
                    "{who} asked for the timeline of {name} ahead of the review.",
                    "Nothing new on {name}; {system} has been stable since the fix.",
                ),
                who=rng.choice(self.participants),
                name=p.name,
                followup=p.followup,
                system=p.system,
            )
        )
        return s

    def marks(self, w: World) -> list[Event]:
        ask = self.spec.ask
        phrases = {
            "diagnosis": f"the day we learned why {ask} happened",
            "fix": f"the day {ask} was put right",
            "followup": f"the look back at {ask}",
        }
        return self.events(w) + [
            Event(d, phrases[k], self.id) for d, k in sorted(self.beats.items()) if k in phrases
        ]

    def link_day(self) -> int:
        return sorted(self.beats)[1]


def plan_incident(spec: Incident, base: dict[str, Any], blocked: frozenset[int]) -> IncidentArc:
    rng: Rng = base["rng"]
    start, end = base["start"], base["end"]
    beats = {start: "onset", start + 1: "diagnosis", start + 2: "fix", end: "followup"}
    q = spec.quantity
    arc = IncidentArc(
        **base,
        beats=beats,
        spec=spec,
        impact=q.render(q.lo + rng.below(q.choices()) * q.step),
        hours=rng.randint(3, 40),
    )
    if base["version"] >= 2:
        arc.early_hours = rng.fork("v2").randint(1, arc.hours - 1)
    return arc


# ---------------------------------------------------------------- decision


@attrs.define
class DecisionArc(ArcPlan):
    spec: Decision = attrs.field(kw_only=True)
    objection: int = attrs.field(kw_only=True)
    chosen: int = attrs.field(kw_only=True)
    rationale: int = attrs.field(kw_only=True)

    @property
    def proposer(self) -> str:
        return self.participants[0]

    @property
    def objector(self) -> str:
        return self.participants[1]

    @property
    def decider(self) -> str:
        return self.participants[2] if len(self.participants) > 2 else self.participants[0]

    def render(self, day: int, kind: str, w: World, rng: Rng) -> Section:
        p = self.spec
        a, b = p.options[0], p.options[1]
        if kind == "proposal":
            s = self._section(
                day, f"{p.name} - {rng.choice(('proposal', 'opening the question', 'options'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "The open question is {topic}. {who} proposed {a}.",
                        "{who} put {a} on the table for {topic}.",
                        "We started on {topic}; {who}'s proposal is {a}.",
                    ),
                    topic=p.topic.log,
                    who=self.proposer,
                    a=a,
                ),
                quote(self.proposer, p.arguments[0]),
                outstanding(rng, f"collect objections on {a}"),
            )
        elif kind == "objection":
            o = p.objections[self.objection]
            s = self._section(
                day, f"{p.name} - {rng.choice(('pushback', 'objection', 'counter-proposal'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "{who} objected to {a} and argued for {b} instead.",
                        "Pushback from {who}, who prefers {b} over {a}.",
                        "{who} is not convinced by {a}; the counter-proposal is {b}.",
                    ),
                    who=self.objector,
                    a=a,
                    b=b,
                ),
                quote(self.objector, o.log),
                quote(self.objector, p.arguments[1]),
            )
        elif kind == "rationale":
            c = p.options[self.chosen]
            s = self._section(day, f"{p.name} - {rng.choice(('the reasoning', 'why', 'write-up'))}")
            s.add(
                pick(
                    rng,
                    (
                        "{who} sent round why we went with {c}: {why}.",
                        "The reasoning behind {c}, as {who} put it in the write-up: {why}.",
                        "Follow-up on {topic}. What tipped it, per {who}: {why}.",
                    ),
                    c=c,
                    who=self.decider,
                    why=p.rationale[self.rationale],
                    topic=p.topic.log,
                )
            )
        elif "rationale" in self.beats.values():
            c = p.options[self.chosen]
            s = self._section(
                day, f"{p.name} - {rng.choice(('decided', 'resolution', 'final call'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "Decision made: {c}. {who} signed off; the reasons follow in writing.",
                        "{who} settled it - we go with {c}. The write-up comes later.",
                        "Final call on {topic}: {c}, decided by {who}.",
                    ),
                    c=c,
                    who=self.decider,
                    topic=p.topic.log,
                ),
                outstanding(rng, f"write up the decision for {c}"),
            )
        else:
            c = p.options[self.chosen]
            s = self._section(
                day, f"{p.name} - {rng.choice(('decided', 'resolution', 'final call'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "Decision made: {c}. {who} signed off because {why}.",
                        "{who} settled it - we go with {c}, since {why}.",
                        "Final call on {topic}: {c}. The deciding reason, per {who}: {why}.",
                    ),
                    c=c,
                    who=self.decider,
                    why=p.rationale[self.rationale],
                    topic=p.topic.log,
                ),
                outstanding(rng, f"write up the decision for {c}"),
            )
        return self._finish(s, day)

    def touch(self, day: int, w: World, rng: Rng) -> Section | None:
        p = self.spec
        s = self._section(
            day, f"{p.name} - {rng.choice(('deliberation', 'still open', 'weighing options'))}"
        )
        s.add(
            pick(
                rng,
                (
                    "No decision yet on {topic}; I gathered notes on {a} and {b} for {who}.",
                    "{who} asked me to compare {a} and {b} side by side. Still undecided.",
                    "Spent some time on {topic}. Both {a} and {b} remain in play.",
                ),
                topic=p.topic.log,
                a=p.options[0],
                b=p.options[1],
                who=self.decider,
            )
        )
        return s

    def candidates(self, w: World) -> list[Candidate]:
        p, topic = self.spec, self.spec.topic.ask
        day = {k: d for d, k in self.beats.items()}
        prop, obj, res = day["proposal"], day["objection"], day["resolution"]
        o = p.objections[self.objection]
        c = p.options[self.chosen]
        org = f"decision:{p.name}"
        chosen = Candidate(
            category="decision-tracking",
            question=f"On {topic}, what did we end up choosing, who pushed back on the first "
            "proposal, and on what grounds?",
            answer=f"{c}. {self.objector} objected to {p.options[0]}, citing {o.ask}.",
            difficulty="hard",
            days=(prop, obj, res),
            keys=(c, self.objector, o.atom),
            requires_synthesis=True,
            origin=org,
        )
        first = Candidate(
            category="decision-tracking",
            question=f"Who first suggested {p.options[0]} when we were working out {topic}?",
            answer=f"{self.proposer}.",
            difficulty="easy",
            days=(prop,),
            keys=(self.proposer,),
            origin=org,
        )
        if w.v2:
            # the proposal named by its fate, not its words: the proposal and the decision both
            first = attrs.evolve(
                first,
                question=f"When we were working out {topic}, who had first suggested the option "
                "that was turned down in the end?",
                answer=f"{self.proposer} ({p.options[0]}; we chose {c}).",
                difficulty="medium",
                days=(prop, res),
                requires_synthesis=True,
            )
        final = Candidate(
            category="decision-tracking",
            question=f"What was the final outcome on {topic}, and who made the call?",
            answer=f"{c}, decided by {self.decider}.",
            difficulty="medium",
            days=(res,),
            keys=(c, self.decider),
            origin=org,
        )
        out = [chosen, first, final]
        if "rationale" in day:
            # version 2 gives the reasons days after the decision: the question needs both days
            why = p.rationale[self.rationale]
            out.insert(
                0,
                Candidate(
                    category="decision-tracking",
                    question=f"What reason was given for settling {topic} the way we did?",
                    answer=f"{cap(why)} (the choice was {c}).",
                    difficulty="hard",
                    days=(res, day["rationale"]),
                    keys=(why,),
                    requires_synthesis=True,
                    origin=org,
                ),
            )
        return out

    def events(self, w: World) -> list[Event]:
        res = next(d for d, k in self.beats.items() if k == "resolution")
        if w.v2:
            return [Event(res, f"the day {self.spec.topic.ask} was settled", self.id)]
        return [Event(res, f"the final decision on {self.spec.topic.ask}", self.id)]

    def marks(self, w: World) -> list[Event]:
        topic = self.spec.topic.ask
        phrases = {
            "proposal": f"the opening suggestion on {topic}",
            "objection": f"the day someone argued against the opening suggestion on {topic}",
        }
        return self.events(w) + [
            Event(d, phrases[k], self.id) for d, k in sorted(self.beats.items()) if k in phrases
        ]


def plan_decision(spec: Decision, base: dict[str, Any], blocked: frozenset[int]) -> DecisionArc:
    rng: Rng = base["rng"]
    start, end = base["start"], base["end"]
    v2 = base["version"] >= 2 and end - start >= 7
    # version 2 gives its reasons a few days after the decision: the objection comes earlier
    last = end - 4 if v2 else end - 1
    mid = spread_days(start + 1, last, 1 + rng.below(2), blocked)[-1]
    beats = {start: "proposal", mid: "objection", end: "resolution"}
    if v2:
        res = end - rng.fork("v2").randint(1, 3)
        while res in blocked and res > mid + 1:
            res -= 1
        if mid < res < end and res not in blocked:
            beats = {start: "proposal", mid: "objection", res: "resolution", end: "rationale"}
    return DecisionArc(
        **base,
        beats=beats,
        spec=spec,
        objection=rng.below(len(spec.objections)),
        chosen=1,  # the counter-proposal wins: the domains write their rationales for it
        rationale=rng.below(len(spec.rationale)),
    )
