"""Records for a persona's identity (``persona.yaml``) and its story (``arcs-*.yaml``).

A persona owns the shape of its sessions; the story owns their timing (reference §1.2–1.3). Keys on disk
keep the reference's spellings; records use snake_case attributes.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping
from typing import Any, Literal

import attrs

from .._fields import extra_field, keys, optional, positive_int, str_tuple

__all__ = [
    "ARC_TYPES",
    "Arc",
    "CastMember",
    "Directive",
    "Persona",
    "PersonaDefinition",
    "Principal",
    "Project",
    "SessionDef",
    "SessionLifecycle",
    "Story",
    "day_date",
]

ARC_TYPES: tuple[str, ...] = (
    "project",
    "incident",
    "decision",
    "learning",
    "relationship",
    "correction",
)
SessionKind = Literal["1to1", "group"]
DEFAULT_EPOCH = "2024-01-01"
PRINCIPAL = "principal"


def _iso_date(_inst: object, a: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    try:
        dt.date.fromisoformat(str(value))
    except ValueError:
        raise ValueError(f"{a.name} must be a YYYY-MM-DD date, got {value!r}") from None


def day_date(epoch: str, day: int) -> str:
    """The calendar date of ``day`` (1-based) for a story starting on ``epoch``: pure date arithmetic."""
    return (dt.date.fromisoformat(epoch) + dt.timedelta(days=day - 1)).isoformat()


@attrs.frozen(kw_only=True)
class Principal:
    name: str
    role: str = ""
    profile: str | None = None
    extra: Mapping[str, Any] = extra_field()


@attrs.frozen(kw_only=True)
class CastMember:
    name: str
    role: str = ""
    kind: Literal["human", "agent"] | None = None
    extra: Mapping[str, Any] = extra_field()

    @property
    def effective_kind(self) -> str:
        """``kind``, or ``agent`` for an ``@handle`` and ``human`` otherwise (reference §1.2)."""
        return self.kind or ("agent" if self.name.startswith("@") else "human")


@attrs.frozen(kw_only=True)
class Project:
    id: str
    name: str = ""
    description: str = ""
    extra: Mapping[str, Any] = extra_field()


@attrs.frozen(kw_only=True)
class SessionDef:
    """A conversation stream of the persona: the principal's 1:1 or a group room."""

    id: str
    kind: SessionKind = "group"
    participants: tuple[str, ...] = attrs.field(default=(), converter=str_tuple)
    isolated: bool = False
    shared: bool = False
    first_day: int | None = attrs.field(
        default=None, validator=optional(positive_int), metadata=keys(disk="firstDay")
    )
    last_day: int | None = attrs.field(
        default=None, validator=optional(positive_int), metadata=keys(disk="lastDay")
    )
    sensitive_topics: tuple[str, ...] = attrs.field(default=(), converter=str_tuple)
    extra: Mapping[str, Any] = extra_field()


@attrs.frozen(kw_only=True)
class Persona:
    """``persona.yaml``: who the agent is, whom it serves, and its sessions."""

    id: str
    name: str
    role: str = ""
    domain: str = ""
    epoch: str | None = attrs.field(default=None, validator=_iso_date)
    company: str | None = None
    institution: str | None = None
    team_size: int | None = None
    profile: str = ""
    communication_style: str = ""
    projects: tuple[Project, ...] = ()
    principal: Principal | None = None
    cast: tuple[CastMember, ...] = ()
    sessions: tuple[SessionDef, ...] = ()
    shared_knowledge: tuple[str, ...] = attrs.field(
        default=(), converter=str_tuple, metadata=keys(disk="sharedKnowledge")
    )
    extra: Mapping[str, Any] = extra_field()

    @property
    def organisation(self) -> str | None:
        """``institution`` or ``company``, or a ``firm`` key the reference never read."""
        firm = self.extra.get("firm")
        return self.institution or self.company or (firm if isinstance(firm, str) else None)


@attrs.frozen(kw_only=True)
class Directive:
    """A mandatory event of an arc on one day."""

    day: int = attrs.field(validator=positive_int)
    event: str


@attrs.frozen(kw_only=True)
class Arc:
    """One narrative thread of the story (reference §1.3)."""

    id: str
    type: str = attrs.field(validator=attrs.validators.in_(ARC_TYPES))
    title: str = ""
    description: str = ""
    start_day: int = attrs.field(validator=positive_int, metadata=keys(disk="startDay"))
    end_day: int = attrs.field(validator=positive_int, metadata=keys(disk="endDay"))
    primary_session: str | None = attrs.field(default=None, metadata=keys(disk="primarySession"))
    referenced_sessions: tuple[str, ...] = attrs.field(
        default=(), converter=str_tuple, metadata=keys(disk="referencedSessions")
    )
    participants: tuple[str, ...] = attrs.field(default=(), converter=str_tuple)
    directives: tuple[Directive, ...] = ()
    wrong_day: int | None = attrs.field(
        default=None, validator=optional(positive_int), metadata=keys(disk="wrongDay")
    )
    corrected_day: int | None = attrs.field(
        default=None, validator=optional(positive_int), metadata=keys(disk="correctedDay")
    )
    wrong_belief: str | None = attrs.field(default=None, metadata=keys(disk="wrongBelief"))
    corrected_belief: str | None = attrs.field(default=None, metadata=keys(disk="correctedBelief"))
    forbidden_sessions: tuple[str, ...] = attrs.field(
        default=(), converter=str_tuple, metadata=keys(disk="forbiddenSessions")
    )
    extra: Mapping[str, Any] = extra_field()

    def __attrs_post_init__(self) -> None:
        if self.end_day < self.start_day:
            raise ValueError(f"end_day {self.end_day} is before startDay {self.start_day}")

    def active_on(self, day: int) -> bool:
        return self.start_day <= day <= self.end_day


@attrs.frozen(kw_only=True)
class SessionLifecycle:
    """A story's timing override for one persona session."""

    id: str
    first_day: int | None = attrs.field(
        default=None, validator=optional(positive_int), metadata=keys(disk="firstDay")
    )
    last_day: int | None = attrs.field(
        default=None, validator=optional(positive_int), metadata=keys(disk="lastDay")
    )
    extra: Mapping[str, Any] = extra_field()


@attrs.frozen(kw_only=True)
class Story:
    """An arcs file: epoch, session lifecycles and arcs."""

    epoch: str | None = attrs.field(default=None, validator=_iso_date)
    sessions: tuple[SessionLifecycle, ...] = ()
    arcs: tuple[Arc, ...] = ()
    extra: Mapping[str, Any] = extra_field()

    def active_arcs(self, day: int) -> tuple[str, ...]:
        """Ids of the arcs running on ``day``, in file order."""
        return tuple(a.id for a in self.arcs if a.active_on(day))


@attrs.frozen(kw_only=True)
class PersonaDefinition:
    """A persona and one of its stories: everything but the corpus and the questions."""

    persona: Persona
    story: Story
    arcs_file: str

    @property
    def id(self) -> str:
        return self.persona.id

    @property
    def epoch(self) -> str:
        """The story's epoch, else the persona's, else 2024-01-01 (reference §1.3)."""
        return self.story.epoch or self.persona.epoch or DEFAULT_EPOCH

    def declared_names(self) -> tuple[str, ...]:
        """The names the dataset itself declares: the persona's, its principal's, every cast member's,
        its company or institution, its projects' and its sessions' (ids, as written). A judge takes
        these as known entities, never as invented ones."""
        return self._declared_names

    @functools.cached_property
    def _declared_names(self) -> tuple[str, ...]:
        # Asked once per judged answer: made once per persona.
        p = self.persona
        names = [p.name, p.company or "", p.institution or ""]
        names.append(p.principal.name if p.principal is not None else "")
        names += [c.name for c in p.cast]
        names += [proj.name for proj in p.projects]
        names += [s.id for s in p.sessions]
        return tuple(dict.fromkeys(n.strip() for n in names if n and n.strip()))

    def context_names(self) -> tuple[str, ...]:
        """The names that frame every question of the persona: its own, its principal's and its
        company's or institution's (a subset of :meth:`declared_names`)."""
        return self._context_names

    @functools.cached_property
    def _context_names(self) -> tuple[str, ...]:
        p = self.persona
        names = [p.name, p.principal.name if p.principal is not None else ""]
        names += [p.company or "", p.institution or ""]
        return tuple(dict.fromkeys(n.strip() for n in names if n and n.strip()))

    def sessions(self) -> tuple[SessionDef, ...]:
        """Persona sessions with the story's lifecycle merged in: the persona owns the shape, the story
        owns the timing (a session the story lists loses timing the story omits)."""
        timing = {s.id: s for s in self.story.sessions}
        merged = []
        for s in self.persona.sessions:
            t = timing.get(s.id)
            merged.append(
                s if t is None else attrs.evolve(s, first_day=t.first_day, last_day=t.last_day)
            )
        return tuple(merged)
