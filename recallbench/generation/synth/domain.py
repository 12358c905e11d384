"""The material a persona's world is built from: who is in it and what can happen to them.

A :class:`Domain` is authored data — one module per shipped persona under ``recallbench/synth/domains``.
The engine decides *when* things happen, *who* does them and *which* numbers come up; the domain says
*what* can happen and how to say it twice: once as the log writes it (``log``) and once as a question
asks about it (``ask``, different words), with the atom a correct answer must contain (``key``).

Templates are ``str.format`` strings. Slots the engine fills:

- ``{principal}`` — the principal's first name; ``{person}`` — a cast member's full name, chosen by the
  engine; ``{name}`` — the subject person of a relationship; ``{value}`` — a value drawn from a
  :class:`Quantity` or a value list; ``{thing}`` — an item of an errand's or filler topic's ``things``;
  ``{date}`` — an ISO date; ``{n}`` — a small count (2–9); ``{place}`` — a leave's place.

Pure data and a pure checker (:func:`check_domain`); no I/O.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Iterator
from typing import Any, Literal, cast

import attrs

from ...data.matching import contains, normalize

__all__ = [
    "Correction",
    "Decision",
    "Domain",
    "Errand",
    "Fact",
    "FillerTopic",
    "Incident",
    "Learning",
    "Leave",
    "Link",
    "Meeting",
    "NegativeProbe",
    "Person",
    "Phrase",
    "Project",
    "Quantity",
    "Relationship",
    "Session",
    "Stance",
    "check_domain",
    "contains",
    "normalize",
]


@attrs.frozen
class Quantity:
    """Numbers ``lo, lo+step, …, hi`` shown as ``fmt.format(n / div)`` (``div`` 1 keeps integers)."""

    lo: int
    hi: int
    step: int = 1
    fmt: str = "{}"
    div: int = 1

    def render(self, n: int) -> str:
        return self.fmt.format(n // self.div if self.div == 1 else n / self.div)

    def choices(self) -> int:
        return (self.hi - self.lo) // self.step + 1


@attrs.frozen
class Phrase:
    """One idea worded twice. ``key`` (default: ``log``) is the atom an answer must contain and must
    occur inside ``log``; ``ask`` words the same idea for a question, sharing as few words as it can."""

    log: str
    ask: str
    key: str = ""

    @property
    def atom(self) -> str:
        return self.key or self.log


@attrs.frozen
class Fact:
    """A self-contained needle: the sentence the log writes, the question that asks for it, the reference
    answer and the atoms (``keys``, templates too) that must appear in the formatted ``log``."""

    log: str
    ask: str
    answer: str
    keys: tuple[str, ...]


@attrs.frozen
class Person:
    name: str
    role: str
    kind: Literal["human", "agent"] = "human"


@attrs.frozen
class Session:
    """A conversation stream. ``principal`` (the 1:1 with the principal) is always the first.

    ``cadence`` is the chance the session has content on a weekday, ``weekend`` on a Saturday or Sunday.
    ``span`` bounds its life as fractions of the story (``(0.1, 0.4)`` of 1,000 days is days 101–400).
    ``label`` is how the log and questions name it ("the #platform-team channel").
    """

    id: str
    kind: Literal["1to1", "group"]
    label: str
    description: str
    participants: tuple[str, ...] = ()
    isolated: bool = False
    sensitive_topics: tuple[str, ...] = ()
    cadence: float = 1.0
    weekend: float = 0.0
    span: tuple[float, float] = (0.0, 1.0)


@attrs.frozen
class Project:
    """A long-running effort (a project arc). ``name`` is its proper name; ``ask`` how a question
    refers to it without the name ("the rewrite of invoice reconciliation")."""

    name: str
    ask: str
    goal: str
    metric: Phrase
    quantity: Quantity
    milestones: tuple[str, ...]
    tasks: tuple[str, ...]
    risks: tuple[Phrase, ...]
    artifacts: tuple[str, ...]
    session: str = "principal"


@attrs.frozen
class Incident:
    """A short burst (an incident arc): onset, diagnosis, fix, follow-up."""

    name: str
    ask: str
    system: str
    symptom: str
    cause: Phrase
    fix: Phrase
    impact: str
    quantity: Quantity
    followup: str
    session: str = "principal"


@attrs.frozen
class Decision:
    """A deliberation (a decision arc): ``options[0]`` is proposed with ``arguments[0]``; someone
    objects with one of ``objections``; ``options[1]`` is put up with ``arguments[1]``; one wins."""

    name: str
    topic: Phrase
    options: tuple[str, ...]
    arguments: tuple[str, ...]
    objections: tuple[Phrase, ...]
    rationale: tuple[str, ...]
    session: str = "principal"


@attrs.frozen
class Learning:
    """Skill acquisition (a learning arc): a resource, insights on the way, a practice piece, an
    assessment with a score."""

    skill: Phrase
    resource: Phrase
    insights: tuple[Phrase, ...]
    exercise: str
    assessment: str
    score: Quantity
    session: str = "principal"


@attrs.frozen
class Relationship:
    """An interpersonal thread with ``person`` (a cast name): traits learned, events in order, a
    friction and its repair. ``{name}`` in the facts is the person."""

    person: str
    traits: tuple[Fact, ...]
    events: tuple[Fact, ...]
    friction: Phrase
    repair: str
    session: str = "principal"


@attrs.frozen
class Correction:
    """A belief revision (a correction arc): ``subject`` is first logged as ``wrong``, later corrected to
    ``right`` (because of ``cause``) and, when ``later`` is set, changed again afterwards."""

    subject: str
    ask: str
    wrong: str
    right: str
    cause: str
    later: str = ""
    session: str = "principal"


@attrs.frozen
class Errand:
    """A one-off item that makes a needle: ``log`` mentions ``{thing}`` and ``{value}``."""

    topic: str
    things: tuple[str, ...]
    log: str
    ask: str
    answer: str
    quantity: Quantity | None = None
    values: tuple[str, ...] = ()
    session: str = "principal"


@attrs.frozen
class Stance:
    """What one participant said in a meeting (``quote``) and how a question paraphrases it (``ask``:
    a verb phrase, "argued for longer on-call rotations")."""

    quote: str
    ask: str


@attrs.frozen
class Meeting:
    """A discussion in a group ``session`` where each stance is voiced by a different participant."""

    title: str
    session: str
    stances: tuple[Stance, ...]
    outcome: Phrase


@attrs.frozen
class FillerTopic:
    """Routine work with no story behind it: the hay. ``lines`` are sentences (slots ``{person}``,
    ``{n}``, ``{thing}``, ``{principal}``)."""

    title: str
    lines: tuple[str, ...]
    things: tuple[str, ...] = ()


@attrs.frozen
class NegativeProbe:
    """A plausible thing never discussed: ``subject`` must appear nowhere in the corpus."""

    subject: str
    question: str


@attrs.frozen
class Link:
    """Something two unrelated arcs share, never stated together: ``log_a``/``log_b`` (slot ``{arc}``,
    the arc's name) each mention ``value``; the question asks which two arcs share it."""

    value: str
    log_a: str
    log_b: str
    question: str


@attrs.frozen
class Leave:
    """A quiet period (vacation, leave). ``log`` announces it (slots ``{principal}``, ``{place}``,
    ``{date}`` = the return date, ``{person}`` = who covers); ``quiet_lines`` are the minimal entries."""

    kind: str
    places: tuple[str, ...]
    log: str
    ask_place: str
    ask_cover: str
    quiet_lines: tuple[str, ...]


@attrs.frozen(kw_only=True)
class Domain:
    """Everything the engine needs to write one persona."""

    id: str
    agent: str
    role: str
    domain: str
    organisation_key: Literal["company", "institution", "firm"]
    organisation: str
    team_size: int
    profile: str
    communication_style: str
    principal: Person
    principal_profile: str
    shared_knowledge: tuple[str, ...]
    cast: tuple[Person, ...]
    sessions: tuple[Session, ...]
    projects: tuple[Project, ...]
    incidents: tuple[Incident, ...]
    decisions: tuple[Decision, ...]
    learnings: tuple[Learning, ...]
    relationships: tuple[Relationship, ...]
    corrections: tuple[Correction, ...]
    errands: tuple[Errand, ...]
    meetings: tuple[Meeting, ...]
    fillers: tuple[FillerTopic, ...]
    negatives: tuple[NegativeProbe, ...]
    links: tuple[Link, ...]
    leaves: tuple[Leave, ...]
    person_asks: tuple[tuple[str, str], ...] = ()
    """(cast name, how a question names them without the name: "the treasurer"). Engine version 2
    asks about people by role; the log keeps their names."""
    thing_asks: tuple[tuple[str, str], ...] = ()
    """(errand thing, how a question describes it in other words). Engine version 2 asks about a
    thing by its description ("the cash briefing before the treasury review"); the log keeps the
    thing's own words."""

    session_asks: tuple[tuple[str, str], ...] = ()
    """(group session id, how a question names the group without its label: "the CEO's staff")."""
    link_asks: tuple[tuple[str, str], ...] = ()
    """(link value, how a cross-reference question describes it: "the build machine nobody owned")."""

    @property
    def principal_first(self) -> str:
        return self.principal.name.split()[0]

    def session_ask(self, sid: str) -> str:
        """How a question names session ``sid``: its description when given, else its label."""
        return _lookup(self.session_asks).get(sid) or self.session(sid).label

    def link_ask(self, link: Link) -> str:
        """A cross-reference question with the shared thing described, not named."""
        described = _lookup(self.link_asks).get(link.value)
        if described is None or link.value not in link.question:
            return link.question
        return link.question.replace(link.value, described)

    def person_ask(self, name: str) -> str:
        """How a question refers to ``name``: its role when the domain gives one, else the name."""
        return _lookup(self.person_asks).get(name, name)

    def thing_ask(self, thing: str) -> str:
        """How a question describes an errand thing: its description, else the thing itself."""
        return _lookup(self.thing_asks).get(thing, thing)

    def session(self, sid: str) -> Session:
        for s in self.sessions:
            if s.id == sid:
                return s
        raise KeyError(sid)


@functools.cache
def _lookup(pairs: tuple[tuple[str, str], ...]) -> dict[str, str]:
    return dict(pairs)


MINIMUMS: dict[str, int] = {
    "cast": 15,
    "projects": 10,
    "incidents": 10,
    "decisions": 8,
    "learnings": 5,
    "relationships": 6,
    "corrections": 8,
    "errands": 25,
    "fillers": 25,
    "negatives": 40,
    "links": 6,
    "leaves": 2,
}

_SLOTS = {"principal", "person", "name", "value", "thing", "date", "n", "place", "arc"}


def _slots(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _strings(obj: object) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, tuple):
        for v in obj:
            yield from _strings(v)
    elif attrs.has(type(obj)):
        for a in attrs.fields(cast(Any, type(obj))):
            yield from _strings(getattr(obj, a.name))


def check_domain(d: Domain) -> list[str]:
    """Every problem of an authored domain, one sentence each; an empty list means usable."""
    problems: list[str] = []
    for name, least in MINIMUMS.items():
        have = len(getattr(d, name))
        if have < least:
            problems.append(f"{name}: {have} given, at least {least} needed")
    names = {p.name for p in d.cast}
    if len(names) != len(d.cast):
        problems.append("cast: names repeat")
    if d.principal.name in names:
        problems.append("cast: the principal is listed in the cast")
    if not d.sessions or d.sessions[0].id != "principal":
        problems.append("sessions: the first session must be 'principal'")
    sids = {s.id for s in d.sessions}
    for s in d.sessions:
        for p in s.participants:
            if p not in names and p != d.principal.name:
                problems.append(f"session {s.id}: participant {p!r} is not in the cast")
    groups = [s for s in d.sessions if s.kind == "group"]
    for where, obj in _session_users(d):
        if obj not in sids:
            problems.append(f"{where}: unknown session {obj!r}")
    for m in d.meetings:
        if m.session in sids and d.session(m.session).kind != "group":
            problems.append(f"meeting {m.title!r}: session {m.session!r} is not a group session")
        if len(m.stances) < 2:
            problems.append(f"meeting {m.title!r}: needs at least 2 stances")
        if m.session in sids and len(m.stances) > len(d.session(m.session).participants):
            problems.append(f"meeting {m.title!r}: more stances than participants in {m.session!r}")
    for g in groups:
        if sum(m.session == g.id for m in d.meetings) < 6:
            problems.append(f"session {g.id}: at least 6 meetings needed")
    for r in d.relationships:
        if r.person not in names:
            problems.append(f"relationship with {r.person!r}: not in the cast")
        if len(r.traits) < 3 or len(r.events) < 2:
            problems.append(f"relationship with {r.person!r}: needs ≥3 traits and ≥2 events")
    for proj in d.projects:
        if len(proj.milestones) < 3 or len(proj.tasks) < 6 or not proj.risks or not proj.artifacts:
            problems.append(
                f"project {proj.name!r}: needs ≥3 milestones, ≥6 tasks, risks, artifacts"
            )
    for dec in d.decisions:
        if len(dec.options) < 2 or len(dec.arguments) < 2 or not dec.objections:
            problems.append(f"decision {dec.name!r}: needs ≥2 options, ≥2 arguments, objections")
    for lrn in d.learnings:
        if len(lrn.insights) < 3:
            problems.append(f"learning {lrn.skill.log!r}: needs ≥3 insights")
    for e in d.errands:
        if len(e.things) < 4:
            problems.append(f"errand {e.topic!r}: needs ≥4 things")
        if (e.quantity is None) == (not e.values):
            problems.append(f"errand {e.topic!r}: give exactly one of quantity or values")
        if "{value}" not in e.log or "{thing}" not in e.log:
            problems.append(f"errand {e.topic!r}: log must contain {{thing}} and {{value}}")
    for f in d.fillers:
        if len(f.lines) < 8:
            problems.append(f"filler {f.title!r}: needs ≥8 lines")
        if any("{thing}" in line for line in f.lines) and not f.things:
            problems.append(f"filler {f.title!r}: lines use {{thing}} but no things given")
    for lk in d.links:
        if lk.value not in lk.log_a or lk.value not in lk.log_b:
            problems.append(f"link {lk.value!r}: both logs must contain the value")
    problems += _phrase_problems(d)
    problems += _ask_problems(d)
    problems += _slot_problems(d)
    problems += _negative_problems(d)
    problems += _name_problems(d)
    return problems


def _session_users(d: Domain) -> Iterator[tuple[str, str]]:
    for group in (d.projects, d.incidents, d.decisions, d.learnings, d.relationships):
        for item in group:
            yield type(item).__name__.lower(), item.session
    for c in d.corrections:
        yield f"correction {c.subject!r}", c.session
    for e in d.errands:
        yield f"errand {e.topic!r}", e.session
    for m in d.meetings:
        yield f"meeting {m.title!r}", m.session


def _phrase_problems(d: Domain) -> list[str]:
    out: list[str] = []

    def walk(obj: object, where: str) -> None:
        if isinstance(obj, Phrase):
            if not contains(normalize(obj.log), obj.atom):
                out.append(f"{where}: key {obj.atom!r} does not occur in log {obj.log!r}")
            if normalize(obj.log) == normalize(obj.ask):
                out.append(f"{where}: ask repeats log {obj.log!r} word for word")
        elif isinstance(obj, Fact):
            for k in obj.keys:
                if normalize(k) and normalize(k) not in normalize(obj.log):
                    out.append(f"{where}: key {k!r} does not occur in log {obj.log!r}")
        elif isinstance(obj, tuple):
            for v in obj:
                walk(v, where)
        elif attrs.has(type(obj)):
            for a in attrs.fields(cast(Any, type(obj))):
                walk(getattr(obj, a.name), f"{where}.{a.name}")

    for a in attrs.fields(Domain):
        walk(getattr(d, a.name), a.name)
    return out


def _ask_problems(d: Domain) -> list[str]:
    """The version-2 wording tables name things that exist, each once, in words of their own."""
    known = {
        "person_asks": {p.name for p in d.cast},
        "thing_asks": {t for e in d.errands for t in e.things},
        "session_asks": {s.id for s in d.sessions if s.id != "principal"},
        "link_asks": {lk.value for lk in d.links},
    }
    out = []
    for field, names in known.items():
        pairs: tuple[tuple[str, str], ...] = getattr(d, field)
        keys = [k for k, _ in pairs]
        asks = [normalize(a) for _, a in pairs]
        for key, ask in pairs:
            if key not in names:
                out.append(f"{field}: {key!r} is not in the domain")
            if normalize(ask) == normalize(key):
                out.append(f"{field}: {key!r} is asked in its own words")
        if len(set(keys)) != len(keys) or len(set(asks)) != len(asks):
            out.append(f"{field}: a name or a wording repeats")
        if pairs and field == "thing_asks" and set(keys) != names:
            out.append(f"thing_asks: no wording for {sorted(names - set(keys))[:3]}")
    return out


def _slot_problems(d: Domain) -> list[str]:
    out = []
    for s in _strings(d):
        try:
            bad = _slots(s) - _SLOTS
        except ValueError as exc:
            out.append(f"bad template {s!r}: {exc}")
            continue
        if bad:
            out.append(f"template {s!r}: unknown slot(s) {sorted(bad)}")
    return out


def _negative_problems(d: Domain) -> list[str]:
    text = normalize(
        " ".join(
            s
            for a in attrs.fields(Domain)
            if a.name != "negatives"
            for s in _strings(getattr(d, a.name))
        )
    )
    out = []
    seen: set[str] = set()
    for probe in d.negatives:
        if contains(text, probe.subject):
            out.append(f"negative {probe.subject!r}: appears elsewhere in the domain")
        if normalize(probe.subject) in seen:
            out.append(f"negative {probe.subject!r}: repeated")
        seen.add(normalize(probe.subject))
        if normalize(probe.subject) not in normalize(probe.question):
            out.append(f"negative {probe.subject!r}: the question must name the subject")
    return out


def _name_problems(d: Domain) -> list[str]:
    """Arc names must be distinct and none may contain another (key facts match on words)."""
    names = (
        [p.name for p in d.projects] + [i.name for i in d.incidents] + [x.name for x in d.decisions]
    )
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if contains(normalize(a), b) or contains(normalize(b), a):
                out.append(f"arc names {a!r} and {b!r} overlap")
    return out
