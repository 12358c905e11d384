"""Arcs about people and beliefs: learning tracks, working relationships and corrections."""

from __future__ import annotations

from typing import Any

import attrs

from .arcbase import ArcPlan, World, outstanding, spread_days
from .domain import Correction, Learning, Relationship
from .ledger import Candidate, Event
from .rng import Rng
from .text import Section, cap, fill, pick, strip_article

__all__ = [
    "CorrectionArc",
    "LearningArc",
    "RelationshipArc",
    "plan_correction",
    "plan_learning",
    "plan_relationship",
]

# ---------------------------------------------------------------- learning


@attrs.define
class LearningArc(ArcPlan):
    spec: Learning = attrs.field(kw_only=True)
    score: str = attrs.field(kw_only=True)
    insights: list[int] = attrs.field(kw_only=True)

    def render(self, day: int, kind: str, w: World, rng: Rng) -> Section:
        p, who = self.spec, w.principal
        if kind == "begin":
            s = self._section(
                day,
                f"Learning {p.skill.log} - {rng.choice(('starting out', 'first session', 'plan'))}",
            )
            s.add(
                pick(
                    rng,
                    (
                        "{who} started on {skill} today, working through {res}.",
                        "New study track for {who}: {skill}. The main resource is {res}.",
                        "{who} wants to get solid on {skill}; I set up a reading plan around {res}.",
                    ),
                    who=who,
                    skill=p.skill.log,
                    res=p.resource.log,
                ),
                outstanding(rng, f"book time for {p.exercise}"),
            )
        elif kind.startswith("insight"):
            ins = p.insights[self.insights[int(kind.removeprefix("insight"))]]
            s = self._section(
                day, f"Learning {p.skill.log} - {rng.choice(('notes', 'takeaway', 'study log'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "Study notes for {who}: {ins}.",
                        "Today's takeaway from {skill}: {ins}.",
                        "{who} worked a chapter and came away with this - {ins}.",
                    ),
                    who=who,
                    ins=ins.log,
                    skill=p.skill.log,
                ),
            )
        elif kind == "exercise":
            s = self._section(day, f"Learning {p.skill.log} - practice")
            s.add(
                pick(
                    rng,
                    (
                        "{who} finished {ex} as a practice piece.",
                        "Practice day: {who} built {ex} end to end.",
                    ),
                    who=who,
                    ex=p.exercise,
                )
            )
        else:
            s = self._section(
                day, f"Learning {p.skill.log} - {rng.choice(('assessment', 'result', 'done'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "{who} completed {a} and scored {v}.",
                        "Result from {a}: {v} for {who}.",
                        "{who} sat {a} today; the score came back at {v}.",
                    ),
                    who=who,
                    a=p.assessment,
                    v=self.score,
                )
            )
        return self._finish(s, day)

    def candidates(self, w: World) -> list[Candidate]:
        p, who = self.spec, w.principal
        ins_days = sorted(d for d, k in self.beats.items() if k.startswith("insight"))
        org = f"learning:{p.skill.log}"
        chosen = [p.insights[i] for i in self.insights]
        return [
            Candidate(
                category="factual-recall",
                question=f"What did {who} rely on to study {p.skill.ask}?",
                answer=f"{cap(p.resource.log)}.",
                difficulty="easy",
                days=(self.start,),
                keys=(p.resource.atom,),
                origin=org,
            ),
            Candidate(
                category="factual-recall",
                question=f"How did {who} score at the end of studying {p.skill.ask}?"
                if w.v2
                else f"How did {who} do on {p.assessment}?",
                answer=f"{self.score}.",
                difficulty="easy",
                days=(self.end,),
                keys=(self.score,),
                origin=org,
            ),
            Candidate(
                category="synthesis",
                question=f"What lessons did {who} take away while studying {p.skill.ask}?",
                answer="; ".join(cap(i.log) for i in chosen) + ".",
                difficulty="hard",
                days=tuple(ins_days),
                keys=tuple(i.atom for i in chosen),
                requires_synthesis=True,
                origin=org,
            ),
        ]

    def events(self, w: World) -> list[Event]:
        if w.v2:
            return [
                Event(
                    self.end, f"the end of {w.principal}'s study of {self.spec.skill.ask}", self.id
                )
            ]
        return [Event(self.end, f"the day {w.principal} completed {self.spec.assessment}", self.id)]

    def touch(self, day: int, w: World, rng: Rng) -> Section | None:
        if not w.v2:
            return None
        p = self.spec
        s = self._section(day, f"Learning {p.skill.log} - {rng.choice(('study block', 'reading'))}")
        s.add(
            pick(
                rng,
                (
                    "{who} put in another hour on {skill}, working from {res}.",
                    "Study block for {who} on {skill} today; {res} again.",
                    "{who} reread a section of {res} and took notes on {skill}.",
                    "The practice questions on {skill} went better than last week, {who} said.",
                    "{who} asked me to move tomorrow's reading on {skill} to the evening.",
                ),
                who=w.principal,
                skill=p.skill.log,
                res=p.resource.log,
            )
        )
        return s

    def marks(self, w: World) -> list[Event]:
        begun = f"the start of {w.principal}'s study of {self.spec.skill.ask}"
        return [Event(self.start, begun, self.id), *self.events(w)]


def plan_learning(spec: Learning, base: dict[str, Any], blocked: frozenset[int]) -> LearningArc:
    rng: Rng = base["rng"]
    start, end = base["start"], base["end"]
    k = min(3, len(spec.insights))
    days = spread_days(start + 1, end - 1, k + 1, blocked)
    beats = {start: "begin", end: "assessment", days[-1]: "exercise"}
    for i, d in enumerate(days[:k]):
        beats[d] = f"insight{i}"
    q = spec.score
    return LearningArc(
        **base,
        beats=beats,
        spec=spec,
        score=q.render(q.lo + rng.below(q.choices()) * q.step),
        insights=sorted(rng.sample(range(len(spec.insights)), k)),
    )


# ---------------------------------------------------------------- relationship


@attrs.define
class RelationshipArc(ArcPlan):
    spec: Relationship = attrs.field(kw_only=True)
    order: list[tuple[str, int]] = attrs.field(kw_only=True)

    def render(self, day: int, kind: str, w: World, rng: Rng) -> Section:
        p, name = self.spec, self.spec.person
        first = name.split()[0]
        if kind.startswith(("trait", "event")):
            fact = p.traits[int(kind[5:])] if kind.startswith("trait") else p.events[int(kind[5:])]
            heading = rng.choice(
                (f"{name}", f"Working with {first}", f"{first} - notes", f"About {first}")
            )
            s = self._section(day, heading)
            s.add(fill(fact.log, name=name, principal=w.principal))
        elif kind == "friction":
            s = self._section(
                day, f"{first} - {rng.choice(('friction', 'a rough patch', 'tension'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "Things got tense with {name}: {why}.",
                        "A rough moment with {name} today - {why}.",
                        "{name} was unhappy, and fairly so: {why}.",
                    ),
                    name=name,
                    why=p.friction.log,
                )
            )
        else:
            s = self._section(
                day, f"{first} - {rng.choice(('patched up', 'repair', 'back on track'))}"
            )
            s.add(
                pick(
                    rng,
                    (
                        "Cleared the air with {name}; {repair}.",
                        "{name} and I talked it through, and {repair}.",
                        "Back on good terms with {name}: {repair}.",
                    ),
                    name=name,
                    repair=p.repair,
                )
            )
        return self._finish(s, day)

    def marks(self, w: World) -> list[Event]:
        who = w.domain.person_ask(self.spec.person)
        return [
            Event(d, f"the day of the falling-out with {who}", self.id)
            for d, k in self.beats.items()
            if k == "friction"
        ]

    def candidates(self, w: World) -> list[Candidate]:
        p, name = self.spec, self.spec.person
        org = f"relationship:{name}"
        out: list[Candidate] = []
        days = {k: d for d, k in self.beats.items()}
        who = w.domain.person_ask(name) if w.v2 else name
        for kind, idx in self.order:
            fact = p.traits[idx] if kind == "trait" else p.events[idx]
            out.append(
                Candidate(
                    category="factual-recall",
                    question=cap(fill(fact.ask, name=who, principal=w.principal)),
                    answer=fill(fact.answer, name=name, principal=w.principal),
                    difficulty="easy",
                    days=(days[f"{kind}{idx}"],),
                    keys=tuple(fill(k, name=name, principal=w.principal) for k in fact.keys),
                    origin=org,
                )
            )
        fr, rep = days["friction"], days["repair"]
        out.append(
            Candidate(
                category="factual-recall",
                question=f"What caused the tension with {who}, and how was it settled?",
                answer=f"{cap(p.friction.log)}; {p.repair}.",
                difficulty="medium",
                days=(fr, rep),
                keys=(p.friction.atom,),
                origin=org,
            )
        )
        ev = [(days[f"event{i}"], p.events[i]) for i in range(len(p.events)) if f"event{i}" in days]
        if len(ev) >= 2:
            keys = [fill(f.keys[0], name=name, principal=w.principal) for _, f in ev]
            out.append(
                Candidate(
                    category="synthesis",
                    question=f"Trace how things developed with {who} over time, including any rough "
                    "patch.",
                    answer=" Then ".join(
                        fill(f.answer, name=name, principal=w.principal) for _, f in ev
                    )
                    + f" Along the way: {p.friction.log}.",
                    difficulty="hard",
                    days=tuple(sorted([d for d, _ in ev] + [fr])),
                    keys=(*keys, p.friction.atom),
                    requires_synthesis=True,
                    origin=org,
                )
            )
        return out


def plan_relationship(
    spec: Relationship, base: dict[str, Any], blocked: frozenset[int]
) -> RelationshipArc:
    rng: Rng = base["rng"]
    start, end = base["start"], base["end"]
    ntraits = min(len(spec.traits), 4)
    nevents = min(len(spec.events), 3)
    traits = [("trait", i) for i in rng.sample(range(len(spec.traits)), ntraits)]
    rng.shuffle(traits)
    # events keep their order; traits are interleaved around them
    slots: list[tuple[str, int]] = []
    events = [("event", i) for i in range(nevents)]
    while traits or events:
        if events and (not traits or rng.chance(0.45)):
            slots.append(events.pop(0))
        else:
            slots.append(traits.pop())
    n = len(slots) + 2
    days = spread_days(start, end, n, blocked)
    fpos = 1 + rng.below(n - 3)
    beats: dict[int, str] = {}
    order: list[tuple[str, int]] = []
    it = iter(slots)
    for i, d in enumerate(days):
        if i == fpos:
            beats[d] = "friction"
        elif i == fpos + 1:
            beats[d] = "repair"
        else:
            kind, idx = next(it)
            beats[d] = f"{kind}{idx}"
            order.append((kind, idx))
    return RelationshipArc(**base, beats=beats, spec=spec, order=order)


# ---------------------------------------------------------------- correction


@attrs.define
class CorrectionArc(ArcPlan):
    spec: Correction = attrs.field(kw_only=True)

    def render(self, day: int, kind: str, w: World, rng: Rng) -> Section:
        p = self.spec
        subject = p.subject
        if kind == "wrong":
            s = self._section(day, cap(strip_article(subject)))
            s.add(
                pick(
                    rng,
                    (
                        "For the record, I noted that {subject} is {v}.",
                        "Logged: {subject} is {v}.",
                        "Per my notes today, {subject} is {v}.",
                    ),
                    subject=subject,
                    v=p.wrong,
                )
            )
        elif kind == "restated":
            s = self._section(day, f"Reminder - {strip_article(subject)}")
            if not w.v2:
                s.add(
                    f"Working from my earlier note that {subject} is {p.wrong}, I planned around it."
                )
            else:
                s.add(
                    pick(
                        rng,
                        (
                            "Working from my earlier note that {subject} is {v}, I planned around it.",
                            "I used {v} for {subject} in today's prep sheet, as logged.",
                            "{S} went into the planning note as {v}.",
                            "Reminded {who} that {subject} is {v}; nobody questioned it.",
                        ),
                        subject=subject,
                        S=cap(subject),
                        v=p.wrong,
                        who=rng.choice(self.participants),
                    )
                )
        elif kind == "corrected":
            s = self._section(day, f"Correction - {strip_article(subject)}")
            s.add(
                pick(
                    rng,
                    (
                        "Correction: {subject} is {right}, not {wrong}; {cause}.",
                        "I had it wrong. {S} is {right}, not {wrong} - {cause}.",
                        "Fixing my earlier note: {subject} is actually {right} (I had {wrong}); {cause}.",
                    ),
                    subject=subject,
                    S=cap(subject),
                    right=p.right,
                    wrong=p.wrong,
                    cause=p.cause,
                )
            )
        else:
            s = self._section(day, f"Update - {strip_article(subject)}")
            s.add(
                pick(
                    rng,
                    (
                        "{S} changed again: it is now {later}, replacing {right}.",
                        "Another change - {subject} moved from {right} to {later}.",
                    ),
                    S=cap(subject),
                    subject=subject,
                    later=p.later,
                    right=p.right,
                )
            )
        return self._finish(s, day)

    def marks(self, w: World) -> list[Event]:
        fixed = next(d for d, k in self.beats.items() if k == "corrected")
        return [Event(fixed, f"the day my note on {self.spec.subject} was put right", self.id)]

    def candidates(self, w: World) -> list[Candidate]:
        p = self.spec
        org = f"correction:{p.subject}"
        later = next((d for d, k in self.beats.items() if k == "later"), None)
        wrong = self.start
        fixed = next(d for d, k in self.beats.items() if k == "corrected")
        out = [
            Candidate(
                category="contradiction-resolution",
                question=p.ask,
                answer=f"{p.right} (corrected on {w.cal.long(fixed)}; it had first been logged as {p.wrong}).",
                difficulty="medium",
                days=(wrong, fixed),
                keys=(p.right,),
                irrelevant_after=None if later is None else later - 1,
                origin=org,
            ),
            Candidate(
                category="contradiction-resolution",
                question=f"What figure had I first logged for {strip_article(p.subject)} before it was corrected, "
                "and why was it wrong?",
                answer=f"{p.wrong}; {p.cause}.",
                difficulty="medium",
                days=(wrong, fixed),
                keys=(p.wrong,),
                origin=org,
            ),
        ]
        if later is not None:
            out.append(
                Candidate(
                    category="contradiction-resolution",
                    question=p.ask,
                    answer=f"{p.later} (it was {p.right} until {w.cal.long(later)}, and {p.wrong} before a "
                    "correction).",
                    difficulty="hard",
                    days=(wrong, fixed, later),
                    keys=(p.later,),
                    origin=org,
                )
            )
        return out


def plan_correction(
    spec: Correction, base: dict[str, Any], blocked: frozenset[int]
) -> CorrectionArc:
    start, end = base["start"], base["end"]
    rng: Rng = base["rng"]
    if spec.later:
        fixed = spread_days(start + 1, end - 1, 1 + rng.below(2), blocked)[-1]
        beats = {start: "wrong", fixed: "corrected", end: "later"}
    else:
        fixed = end
        beats = {start: "wrong", end: "corrected"}
    mid = [d for d in range(start + 2, fixed - 1) if d not in blocked]
    if mid and rng.chance(0.6):
        beats[rng.choice(mid)] = "restated"
    if base["version"] >= 2:
        # the stale value is used again before anyone corrects it: a matching day, not the right one
        free = [d for d in mid if d not in beats]
        for d in rng.fork("v2").sample(free, min(len(free), 2)):
            beats[d] = "restated"
    return CorrectionArc(
        **base,
        beats=beats,
        spec=spec,
        wrong_day=start,
        corrected_day=fixed,
        wrong_belief=f"{spec.subject} is {spec.wrong}",
        corrected_belief=f"{spec.subject} is {spec.right}",
    )
