"""The corpus a memory system ingests: days, their metadata, and a loaded persona dataset."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, overload, runtime_checkable

import attrs

from .._fields import positive_int, str_tuple
from .persona import PersonaDefinition
from .qa import QAPair

__all__ = [
    "Day",
    "DayMetadata",
    "DaySource",
    "PersonaDataset",
    "StoredDays",
    "day_memory_id",
    "memory_id_day",
    "split_sessions",
]

_FRONT_MATTER = re.compile(r"---\n.*?\n---\n?", re.DOTALL)
_HEADING = "# session:"
# A heading's line from its "# session:" on; it must also start a line (checked apart: a pattern
# opening with ^ is tried at every character of a 25 KB log, a literal is found by str.find).
_SESSION_HEADING = re.compile(r"# session:\s*(\S+)\s*$", re.MULTILINE)


def _headings(text: str) -> list[re.Match[str]]:
    """What ``re.finditer(r"^# session:\\s*(\\S+)\\s*$", text, re.MULTILINE)`` finds: each match
    starts a line, and none starts inside the one before it."""
    found: list[re.Match[str]] = []
    end = 0
    at = text.find(_HEADING)
    while at >= 0:
        if at >= end and (at == 0 or text[at - 1] == "\n"):
            m = _SESSION_HEADING.match(text, at)
            if m is not None:
                found.append(m)
                end = m.end()
        at = text.find(_HEADING, at + 1)
    return found


def split_sessions(content: str) -> dict[str, str]:
    """Split a day log into its per-session bodies (reference §1.4).

    Front matter is dropped; each ``# session: <id>`` heading starts a body that runs to the next
    heading, trimmed. Text before the first heading is not part of any session. A log without
    headings has no sessions (an empty mapping). A session heading that repeats keeps its last body,
    as the reference does.
    """
    front = _FRONT_MATTER.match(content)
    text = content[front.end() :] if front is not None else content
    matches = _headings(text)
    bodies: dict[str, str] = {}
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        bodies[m.group(1)] = text[m.end() : end].strip()
    return bodies


@attrs.frozen(kw_only=True)
class DayMetadata:
    """What the adapter is told about a day besides its content."""

    day_number: int = attrs.field(validator=positive_int)
    date: str
    persona_id: str
    active_arcs: tuple[str, ...] = attrs.field(default=(), converter=str_tuple)
    isolated_sessions: tuple[str, ...] = attrs.field(default=(), converter=str_tuple)
    """Ours: the persona's sessions marked ``isolated`` — their content may be used only to answer
    questions asked in that same session."""


@attrs.frozen(kw_only=True)
class Day:
    """One day log: the whole file as ``content`` plus its per-session bodies (:attr:`sessions`).

    ``sessions=`` gives the bodies; without it they are split from ``content`` when asked for, and
    not kept: a loaded corpus holds each day's text once (a 1,000-day persona, or LongMemEval's
    ``_m`` haystacks of 500 sessions a question, would otherwise be held twice)."""

    number: int = attrs.field(validator=positive_int)
    date: str
    content: str = attrs.field(repr=False)
    active_arcs: tuple[str, ...] = attrs.field(default=(), converter=str_tuple)
    _sessions: Mapping[str, str] | None = attrs.field(
        default=None, alias="sessions", repr=False, eq=False
    )

    @property
    def sessions(self) -> Mapping[str, str]:
        """Session id → its body (reference §1.4): as given, else :func:`split_sessions` of
        ``content`` (empty for a log without session headings)."""
        return self._sessions if self._sessions is not None else split_sessions(self.content)

    def metadata(self, persona_id: str, isolated_sessions: tuple[str, ...] = ()) -> DayMetadata:
        return DayMetadata(
            day_number=self.number,
            date=self.date,
            persona_id=persona_id,
            active_arcs=self.active_arcs,
            isolated_sessions=isolated_sessions,
        )


@runtime_checkable
class DaySource(Protocol):
    """Where :class:`StoredDays` read their days from (a persona's day files, a benchmark's data
    file): each day asked for, in the order asked, read when the iteration reaches it."""

    def read_days(self, numbers: Sequence[int]) -> Iterator[Day]: ...


class StoredDays(Sequence[Day]):
    """A persona's days left where they are stored: their numbers in memory, each day's text read
    when it is asked for and not kept (a LongMemEval ``_m`` run of 500 haystacks holds the days of
    the units in flight, not all of them: :meth:`PersonaDataset.loaded`).

    Iterating reads one day at a time; ``days[i]`` reads one day; each read makes a new
    :class:`Day`. Pickled (a unit shipped to a Ray worker), it goes as the tuple of its days, read
    then, so a worker on another machine needs no access to the files. Equal to other
    :class:`StoredDays` of the same numbers and source, never to a tuple.
    """

    __slots__ = ("numbers", "source")

    def __init__(self, numbers: Sequence[int], source: DaySource):
        self.numbers = tuple(numbers)
        """The day numbers, ascending."""
        self.source = source

    def __len__(self) -> int:
        return len(self.numbers)

    @overload
    def __getitem__(self, index: int) -> Day: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Day, ...]: ...

    def __getitem__(self, index: int | slice) -> Day | tuple[Day, ...]:
        if isinstance(index, slice):
            return tuple(self.source.read_days(self.numbers[index]))
        return next(iter(self.source.read_days((self.numbers[index],))))

    def __iter__(self) -> Iterator[Day]:
        return iter(self.source.read_days(self.numbers))

    def through(self, cutoff: int, *, after: int = 0) -> tuple[Day, ...]:
        """The days with ``after < number <= cutoff``, read now."""
        lo = bisect.bisect_right(self.numbers, after)
        hi = bisect.bisect_right(self.numbers, cutoff)
        return tuple(self.source.read_days(self.numbers[lo:hi]))

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (tuple(self),))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StoredDays):
            return NotImplemented
        return self.numbers == other.numbers and self.source == other.source

    def __hash__(self) -> int:
        return hash((self.numbers, self.source))

    def __repr__(self) -> str:
        return f"StoredDays({len(self.numbers)} days, {self.source!r})"


@attrs.frozen(kw_only=True)
class PersonaDataset:
    """A loaded persona: its definition, its days in order, and its questions in file order.

    ``days`` is a tuple of days in memory, or :class:`StoredDays` read when asked for (what an
    imported benchmark's ``load`` gives: planning needs only the days' numbers);
    :meth:`loaded` reads them into memory for the unit of work that ingests them."""

    definition: PersonaDefinition
    days: Sequence[Day]
    qa: tuple[QAPair, ...]
    persona_dir: Path
    memories_dir: Path
    qa_file: Path
    benchmark: str | None = None
    """The benchmark it comes from (a MemoryBench manifest's ``name``), or None for a persona."""
    required_capabilities: tuple[str, ...] = attrs.field(default=(), converter=str_tuple)
    """What an adapter must support to be run on it (a manifest's ``required_capabilities``;
    :mod:`recallbench.adapters.capabilities`)."""
    categories: tuple[str, ...] | None = None
    """Its benchmark family's question categories, in report order, when they are not Recall
    Bench's (:func:`~recallbench.data.qa.report_categories`)."""

    @property
    def id(self) -> str:
        return self.definition.persona.id

    @property
    def day_numbers(self) -> tuple[int, ...]:
        """The days' numbers, ascending, without reading stored days."""
        days = self.days
        return days.numbers if isinstance(days, StoredDays) else tuple(d.number for d in days)

    @property
    def max_day(self) -> int:
        """The highest day number on disk (0 for an empty corpus)."""
        days = self.days
        if isinstance(days, StoredDays):
            return days.numbers[-1] if days.numbers else 0
        return days[-1].number if days else 0

    def days_through(self, cutoff: int, *, after: int = 0) -> tuple[Day, ...]:
        """Days with ``after < number <= cutoff``, in order."""
        if isinstance(self.days, StoredDays):
            return self.days.through(cutoff, after=after)
        return tuple(d for d in self.days if after < d.number <= cutoff)

    def loaded(self) -> PersonaDataset:
        """This persona with its days in memory: itself when they are, else a copy whose days
        were read now (the harness calls it as a unit starts; the copy goes when the unit ends).

        Raises:
            DatasetError: a stored day cannot be read (naming its file and line).
        """
        if not isinstance(self.days, StoredDays):
            return self
        return attrs.evolve(self, days=tuple(self.days))


DELETE_BEFORE_ASKING = "deleteMemoryId"
"""A pair's ``extra`` key: the memory (a day's id) the harness deletes through the adapter after the
checkpoint's ingestion and before asking it (add-delete-verify benchmarks)."""
DELETE_DELAY_MS = "phaseDelayMs"
"""A pair's ``extra`` key: milliseconds to wait between the deletion and the question."""

# A memory is one ingested day (docs/adapters.md): its id names the day.
_DAY_ID = re.compile(r"(?:day-)?(\d{1,9})")


def day_memory_id(day: int) -> str:
    """The memory id of an ingested day: ``"day-0007"`` (the day file's name without ``.md``)."""
    if day < 1:
        raise ValueError(f"days are numbered from 1, got {day}")
    return f"day-{day:04d}"


def memory_id_day(memory_id: str) -> int:
    """The day a memory id names: ``"day-0007"``, ``"day-7"`` and ``"7"`` all name day 7.

    Raises:
        ValueError: the id names no day (another shape, or day 0).
    """
    found = _DAY_ID.fullmatch(memory_id.strip())
    day = int(found.group(1)) if found is not None else 0
    if day < 1:
        raise ValueError(
            f'memory id "{memory_id}" names no day: expected "day-0007" (or "7") for day 7'
        )
    return day
