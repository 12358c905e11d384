"""What Pass 1 remembers between days: each session's recent entries and a running summary of each arc.

Both are derived from the day logs alone, so a run resumed with ``--start`` rebuilds them from the
files on disk — with no model call — exactly as an uninterrupted run had them in memory:

* the **sliding window** of a session is its last ``window`` bodies, as
  :func:`recallbench.data.corpus.split_sessions` reads them back from the day files;
* the **arc summary** is extractive: for each day of an arc, the ``###`` sections of the arc's
  sessions (its primary and referenced ones) that name the arc — their heading and first sentence —
  capped to the arc's first entry and its latest ones.

Days must be absorbed in increasing order (the window and the summaries are "so far").
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from pathlib import Path

import attrs

from ..data._yaml import read_text
from ..data.corpus import split_sessions
from ..data.dataset import scan_day_files
from ..data.persona import Arc, day_date

__all__ = ["RecentEntry", "StoryMemory", "SummaryEntry", "first_sentence", "sections"]

GIST_LIMIT = 220
"""Characters of a section's first sentence kept in an arc summary."""

_SECTION = re.compile(r"^###[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_SENTENCE = re.compile(r"^(.+?[.!?])(?=\s|$)", re.DOTALL)
_MARKUP = re.compile(r"^\s*(?:[-*+>]|\d+[.)])\s+", re.MULTILINE)


@attrs.frozen(kw_only=True)
class RecentEntry:
    """One earlier body of a session."""

    day: int
    date: str
    body: str


@attrs.frozen(kw_only=True)
class SummaryEntry:
    """One line of an arc's running summary."""

    day: int
    date: str
    session: str
    heading: str
    gist: str

    def render(self) -> str:
        gist = f" — {self.gist}" if self.gist else ""
        return f"- {self.date} ({self.session}): {self.heading}{gist}"


def sections(body: str) -> list[tuple[str, str]]:
    """The ``### heading`` sections of a session body, as (heading, text) pairs."""
    found = list(_SECTION.finditer(body))
    out = []
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(body)
        out.append((m.group(1).strip(), body[m.end() : end].strip()))
    return out


def first_sentence(text: str, limit: int = GIST_LIMIT) -> str:
    """The first sentence of a section's text, list markers and line breaks flattened, capped."""
    flat = " ".join(_MARKUP.sub("", text).split())
    m = _SENTENCE.match(flat)
    sentence = m.group(1) if m else flat
    return sentence if len(sentence) <= limit else sentence[: limit - 1].rstrip() + "…"


def _names(arc: Arc) -> tuple[str, ...]:
    return tuple(n.casefold() for n in (arc.title.strip(), arc.id) if n)


class StoryMemory:
    """Per-session sliding windows and per-arc running summaries, fed day by day.

    Args:
        arcs: the story's arcs.
        epoch: the story's first date.
        window: how many recent bodies of each session to keep.
        summary_limit: how many lines an arc summary shows (its first and its latest ones).
    """

    def __init__(
        self, arcs: Sequence[Arc], *, epoch: str, window: int = 3, summary_limit: int = 12
    ) -> None:
        if window < 0 or summary_limit < 2:
            raise ValueError("window must be ≥ 0 and summary_limit ≥ 2")
        self._arcs = tuple(arcs)
        self._epoch = epoch
        self._window = window
        self._limit = summary_limit
        self._recent: dict[str, deque[RecentEntry]] = {}
        self._summaries: dict[str, list[SummaryEntry]] = {}
        self.last_day = 0

    def absorb(self, day: int, text: str) -> None:
        """Take in the day log of ``day`` (later than every day absorbed so far)."""
        if day <= self.last_day:
            raise ValueError(f"day {day} absorbed after day {self.last_day}: days go in order")
        self.last_day = day
        bodies = split_sessions(text)
        date = day_date(self._epoch, day)
        for session, body in bodies.items():
            if self._window:
                window = self._recent.setdefault(session, deque(maxlen=self._window))
                window.append(RecentEntry(day=day, date=date, body=body))
        for arc in self._arcs:
            if arc.active_on(day) and arc.primary_session:
                self._summarise(arc, day, date, bodies)

    def _summarise(self, arc: Arc, day: int, date: str, bodies: dict[str, str]) -> None:
        names = _names(arc)
        for session in (arc.primary_session, *arc.referenced_sessions):
            body = bodies.get(session or "")
            if not body:
                continue
            for heading, text in sections(body):
                key = heading.casefold()
                if any(n in key for n in names) or any(n in text.casefold() for n in names):
                    self._summaries.setdefault(arc.id, []).append(
                        SummaryEntry(
                            day=day,
                            date=date,
                            session=session or "",
                            heading=heading,
                            gist=first_sentence(text),
                        )
                    )

    def recent(self, session: str) -> tuple[RecentEntry, ...]:
        """The session's last bodies, oldest first."""
        return tuple(self._recent.get(session, ()))

    def summary(self, arc_id: str) -> tuple[str, ...]:
        """The arc's running summary as lines: its first entry, a count of the ones left out, and
        its latest entries."""
        entries = self._summaries.get(arc_id, [])
        if len(entries) <= self._limit:
            return tuple(e.render() for e in entries)
        tail = entries[-(self._limit - 1) :]
        skipped = len(entries) - len(tail) - 1
        return (
            entries[0].render(),
            f"- … {skipped} more entr{'y' if skipped == 1 else 'ies'} …",
            *(e.render() for e in tail),
        )

    def absorb_files(self, memories_dir: Path, *, before: int) -> list[int]:
        """Absorb every day log in ``memories_dir`` numbered below ``before`` (and above the days
        already absorbed); returns their day numbers."""
        if not memories_dir.is_dir():
            return []
        numbers = sorted(
            (f.number, f.path)
            for f in scan_day_files(memories_dir)
            if f.number is not None and self.last_day < f.number < before
        )
        for number, path in numbers:
            self.absorb(number, read_text(path))
        return [n for n, _ in numbers]
