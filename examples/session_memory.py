"""A complete memory system for recallbench: every part of the adapter protocol, in one file.

docs/adapters.md explains each part. Run it (from the repository root):

    python -m recallbench run --adapter examples/session_memory.py --judge rubric \
        --personas executive-assistant --arcs arcs-180d.yaml --ranges 30d,90d

``--adapter`` loads this module's attribute ``adapter`` (the class below); ``FILE.py:make_memory``
would load the factory instead. A profile's ``config`` (``harness.config``) reaches ``__init__``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from recallbench import DayMetadata, QueryDetail, RetrievalEntry
from recallbench.data.corpus import split_sessions

WORD = re.compile(r"[a-z0-9][a-z0-9'$.-]*[a-z0-9]|[a-z0-9]")
_STOP_WORDS = (
    "a an and are as at be by did do does for from had has have how i in is it of on or the to "
    "was were what when where which who whom why with"
)
STOP = frozenset(_STOP_WORDS.split())


def words(text: str) -> list[str]:
    return [w for w in WORD.findall(text.lower()) if w not in STOP]


@attrs.frozen
class Section:
    """One ``###`` section of a day log, with where it came from."""

    day: int
    date: str
    session: str
    text: str
    counts: Counter[str]


class SessionMemory:
    """Keeps every ``###`` section of every day with its day and session, and answers a question
    from the best-matching sections it may use in the session the question is asked in."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        # The config mapping: a profile's `config` / `harness.config`, or None from the command line.
        settings = dict(config or {})
        unknown = sorted(set(settings) - {"name", "top_k"})
        if unknown:
            # Raised while the adapter is built: the run stops that persona with this message.
            raise ValueError(f"unknown config keys {unknown}; this adapter takes name and top_k")
        self.name: str = str(settings.get("name", "session-memory"))
        self.top_k = int(settings.get("top_k", 5))
        self._reset()

    def _reset(self) -> None:
        self.sections: list[Section] = []  # everything indexed, in ingestion order
        self.pending: list[Section] = []  # ingested since the last finalize_ingestion
        self.index: dict[str, set[int]] = {}  # word -> positions in self.sections
        self.isolated: frozenset[str] = frozenset()

    # -- the lifecycle ------------------------------------------------------------------------------

    async def healthcheck(self) -> str:
        """Optional: a display name for the run's report (called before setup)."""
        return self.name

    async def setup(self) -> None:
        """Start empty: nothing may leak from an earlier lifecycle."""
        self._reset()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Store one day log. Days arrive in order, each once per lifecycle."""
        self.isolated = frozenset(metadata.isolated_sessions)
        # A day log holds `# session: <id>` sections; one without headings is one session's.
        bodies = split_sessions(content) or {"principal": content}
        for session, body in bodies.items():
            for block in re.split(r"^(?=### )", body, flags=re.MULTILINE):
                text = block.strip()
                if text.startswith("### "):
                    section = Section(day, metadata.date, session, text, Counter(words(text)))
                    self.pending.append(section)

    async def finalize_ingestion(self) -> None:
        """Build what queries need. Called after each batch of days (again and again in the
        incremental lifecycle), so it indexes only what arrived since the last call."""
        for section in self.pending:
            position = len(self.sections)
            self.sections.append(section)
            for word in section.counts:
                self.index.setdefault(word, set()).add(position)
        self.pending = []

    async def query_detail(self, question: str, *, session: str = "principal") -> QueryDetail:
        """Answer with the evidence: the retrieved sections, best first, each with its day, give the
        run its retrieval metrics (recall@5/10, nDCG@10, MRR against the relevant days)."""
        asked = set(words(question))
        candidates = {p for word in asked for p in self.index.get(word, ())}
        scored = sorted(
            (
                (sum(self.sections[p].counts[w] > 0 for w in asked), -p, self.sections[p])
                for p in candidates
                # An isolated session's content answers only questions asked in that session.
                if self.sections[p].session == session
                or self.sections[p].session not in self.isolated
            ),
            key=lambda item: (item[0], item[1]),
            reverse=True,
        )[: self.top_k]
        if not scored:
            return QueryDetail(answer="I don't know: nothing in memory mentions that.")
        best = scored[0][2]
        body = " ".join(best.text.splitlines()[1:]).strip() or best.text
        return QueryDetail(
            answer=f"On {best.date} (day {best.day}): {body[:600]}",
            retrieval=tuple(
                RetrievalEntry(
                    path=f"day-{s.day:04d}.md#{s.session}",
                    score=float(hits),
                    snippet=s.text[:160],
                    day=s.day,
                )
                for hits, _, s in scored
            ),
        )

    async def query(self, question: str, *, session: str = "principal") -> str:
        """The answer alone (the harness prefers query_detail when there is one)."""
        return (await self.query_detail(question, session=session)).answer

    async def snapshot(self) -> int:
        """Optional, for `--lifecycle snapshot`: a token for the state after ingestion. Queries
        change nothing here, so the number of sections indexed is enough."""
        return len(self.sections)

    async def restore(self, token: int) -> None:
        """Optional: go back to the state ``token`` names."""
        while len(self.sections) > token:
            position = len(self.sections) - 1
            for word in self.sections.pop().counts:
                self.index[word].discard(position)

    async def teardown(self) -> None:
        """Release everything setup made; called even when the unit failed."""
        self._reset()


def make_memory(config: Mapping[str, Any] | None = None) -> SessionMemory:
    """A factory: what `--adapter examples/session_memory.py:make_memory` loads. It may be async."""
    return SessionMemory(config)


adapter = SessionMemory
