"""Which memory record came from which day and session: what the MCP adapter keeps of what it
stored, so the hits a search returns map back to days (retrieval metrics), a session's isolated
content is filtered out of another session's hits, and a day is deleted record by record.

A day is stored as one or more records (``unit``: the day, each session, or each ``###`` section),
each named by the mapping's ``recordId``. A hit names its record exactly, or as the server slugged
it (``day-0007 principal`` → ``main/days/day-0007-principal``), or by a ``day-N`` in its id.

Pure: no anyio, no mcp.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ...data.corpus import DayMetadata, day_memory_id, split_sessions
from ..lexical import TermStats
from ..retrieval.base import chunk_day
from .config import McpConfig
from .results import Hit, day_in_id, fill, slug

__all__ = ["Record", "RecordBook"]


@attrs.frozen
class Record:
    """One stored memory record."""

    day: int
    session: str
    text: str


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


class RecordBook:
    """The records stored in one unit of work, by id, slug and day, with the days' metadata and the
    term statistics of their texts."""

    def __init__(self, config: McpConfig) -> None:
        self.config = config
        self.records: dict[str, Record] = {}
        self.by_slug: dict[str, str] = {}
        self.days: dict[int, list[str]] = {}
        self.metadata: dict[int, DayMetadata] = {}
        self.stats = TermStats()
        self.last_day = 0

    def clear(self) -> None:
        """Forget everything (a unit of work starts)."""
        self.records.clear()
        self.by_slug.clear()
        self.days.clear()
        self.metadata.clear()
        self.stats.clear()
        self.last_day = 0

    def open_day(self, day: int, metadata: DayMetadata) -> None:
        """A day starts being stored (it is held from now on, whatever its writes come to)."""
        self.metadata[day] = metadata
        self.days[day] = []
        self.last_day = max(self.last_day, day)

    def close_day(self, day: int) -> None:
        """A day is deleted: it is held no more."""
        del self.days[day]
        self.metadata.pop(day, None)

    def keep(self, record_id: str, record: Record) -> None:
        """A record the server stored."""
        self.records[record_id] = record
        self.by_slug[slug(record_id)] = record_id
        self.days.setdefault(record.day, []).append(record_id)
        self.stats.add([record.text])

    def forget(self, record_id: str) -> None:
        """A record the server deleted."""
        record = self.records.pop(record_id)
        self.by_slug.pop(slug(record_id), None)
        self.days[record.day].remove(record_id)
        self.stats.remove([record.text])

    def split(
        self, day: int, content: str, unit_values: Mapping[str, Any]
    ) -> list[tuple[str, str, str]]:
        """``(record id, session, text)`` for each memory record of a day."""
        values: dict[str, Any] = {**unit_values, "day": day, "memory_id": day_memory_id(day)}
        values["date"] = self.metadata[day].date if day in self.metadata else ""
        unit = self.config.unit
        pieces: list[tuple[str, str, int]]
        if unit == "chunk":
            pieces = []
            for document in chunk_day(day, content):
                index = int(document.id.rpartition("/")[2])
                pieces.append((document.session or "", document.text, index))
        elif unit == "session":
            sessions = split_sessions(content)
            pieces = [(s, body, 0) for s, body in sessions.items()] or [("", content, 0)]
        else:
            pieces = [("", content, 0)]
        out = []
        for session, text, index in pieces:
            record_id = fill(self.config.record_id, {**values, "session": session, "index": index})
            out.append((str(record_id), session, text))
        return out

    def values(
        self, day: int, record_id: str, session: str, text: str, unit_values: Mapping[str, Any]
    ) -> dict[str, Any]:
        """What a write's template is filled with."""
        metadata = self.metadata.get(day)
        return {
            **unit_values,
            "day": day,
            "memory_id": day_memory_id(day),
            "record_id": record_id,
            "date": metadata.date if metadata is not None else "",
            "content": text,
            "lines": _lines(text),
            "session": session,
        }

    def place(self, hit: Hit) -> tuple[int | None, str | None]:
        """The day and session a hit came from: its own fields, else the record it names (exactly,
        or as the server slugged it), else a ``day-N`` in its id."""
        record_id = hit.id if hit.id in self.records else self.by_slug.get(slug(hit.id))
        if record_id is None:
            tail = slug(hit.id)
            record_id = next((r for s, r in self.by_slug.items() if tail.endswith(s)), None)
        record = self.records.get(record_id) if record_id else None
        day = (
            hit.day
            if hit.day is not None
            else (record.day if record else day_in_id(hit.id, self.last_day))
        )
        session = hit.session if hit.session is not None else (record.session if record else None)
        return day, session

    def visible(self, day: int | None, session: str | None, asked_in: str) -> bool:
        """Whether a hit of ``session`` on ``day`` may answer a question asked in ``asked_in``."""
        if day is None or not session or session == asked_in:
            return True
        metadata = self.metadata.get(day)
        return metadata is None or session not in metadata.isolated_sessions
