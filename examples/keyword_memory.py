"""A minimal in-process memory system for recallbench: keyword overlap over ``###`` sections.

Run it:

    recallbench run --adapter examples/keyword_memory.py --data DIR --arcs arcs-180d.yaml

The module's ``adapter`` attribute is what ``--adapter`` loads (``file.py:attr`` picks another one).
Copy this file to wire in your own system: replace the body of each method.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from recallbench import DayMetadata
from recallbench.adapters.base import QueryDetail, RetrievalEntry

WORD = re.compile(r"[a-z0-9][a-z0-9'$.-]*[a-z0-9]|[a-z0-9]")
STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "did",
        "do",
        "for",
        "from",
        "had",
        "has",
        "have",
        "how",
        "i",
        "in",
        "is",
        "it",
        "of",
        "on",
        "or",
        "the",
        "to",
        "was",
        "were",
        "what",
        "when",
        "which",
        "who",
        "why",
        "with",
    ]
)


def words(text: str) -> list[str]:
    return [w for w in WORD.findall(text.lower()) if w not in STOP]


class KeywordMemory:
    """Keeps every ``###`` section of every day; answers with the section sharing most words."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        # recallbench passes the profile's harness.config (empty without a profile).
        self.name = str((config or {}).get("name", "keyword-memory"))
        self.sections: list[tuple[int, str, Counter[str]]] = []

    async def setup(self) -> None:
        self.sections = []

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        for block in re.split(r"^(?=### )", content, flags=re.MULTILINE):
            text = block.strip()
            if text.startswith("### "):
                self.sections.append((day, text, Counter(words(text))))

    async def finalize_ingestion(self) -> None:
        pass

    async def query_detail(self, question: str) -> QueryDetail:
        asked = set(words(question))
        ranked = sorted(
            self.sections,
            key=lambda s: sum(1 for w in asked if w in s[2]),
            reverse=True,
        )[:3]
        if not ranked or not asked & set(ranked[0][2]):
            return QueryDetail(answer="No evidence found in memory.")
        _, text, _ = ranked[0]
        body = " ".join(text.splitlines()[1:])[:600]
        return QueryDetail(
            answer=body or text,
            retrieval=tuple(
                RetrievalEntry(path=f"day-{d:04d}.md", snippet=t[:120], day=d) for d, t, _ in ranked
            ),
        )

    async def query(self, question: str) -> str:
        return (await self.query_detail(question)).answer

    async def teardown(self) -> None:
        self.sections = []


adapter = KeywordMemory
