"""The seams a caller composes: the memory system under test (Adapter) and the judge (Judge).

Plain objects qualify: anything with the right async methods is an adapter; a plain async function
``score(question, reference, answer, context)`` can be a judge (see :func:`as_judge`).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from .corpus import Day, DayMetadata, PersonaDataset
from .qa import QAPair
from .scoring import JudgeScore

__all__ = [
    "Adapter",
    "AdapterFactory",
    "Dataset",
    "Judge",
    "JudgeContext",
    "QueryDetail",
    "RetrievalEntry",
    "ToolCall",
    "as_judge",
]


@attrs.frozen(kw_only=True)
class RetrievalEntry:
    """One memory the system retrieved for an answer."""

    path: str
    score: float | None = None
    snippet: str | None = None
    day: int | None = None
    """The corpus day the memory came from, when the system knows it."""


@attrs.frozen(kw_only=True)
class ToolCall:
    tool: str
    args: Mapping[str, Any] = attrs.field(factory=dict)
    result_preview: str | None = None


@attrs.frozen(kw_only=True)
class QueryDetail:
    """An answer with the evidence behind it (what ``query_detail`` returns)."""

    answer: str
    retrieval: tuple[RetrievalEntry, ...] = ()
    tool_calls: tuple[ToolCall, ...] = ()


@runtime_checkable
class Adapter(Protocol):
    """The memory system under test.

    Lifecycle per unit of work: ``setup`` → ``ingest_day`` for each day in order →
    ``finalize_ingestion`` → ``query`` for each question → ``teardown``. ``finalize_ingestion`` may be
    called again after more days (incremental lifecycle) and must be incremental/idempotent.

    Optional methods, used when present:

    * ``async query_detail(question) -> QueryDetail`` (or a mapping with ``answer``, ``retrieval``,
      ``tool_calls``): preferred over ``query``, so retrieval can be logged and measured;
    * ``async healthcheck() -> str``: a display name, adopted as the adapter's name;
    * ``async snapshot() -> token`` and ``async restore(token)``: enable the ``snapshot`` lifecycle.

    ``query`` and ``query_detail`` that accept a keyword argument ``session`` are passed the question's
    query session (``principal`` unless the pair names another); a memory system must not answer it
    from the content of another session listed in ``DayMetadata.isolated_sessions``. Methods that
    accept ``qa`` are passed the :class:`~recallbench.qa.QAPair` itself — only for reference systems
    that are meant to cheat (the oracle and echo-reference baselines).
    """

    name: str

    async def setup(self) -> None: ...

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None: ...

    async def finalize_ingestion(self) -> None: ...

    async def query(self, question: str) -> str: ...

    async def teardown(self) -> None: ...


AdapterFactory = Callable[[], "Adapter | Awaitable[Adapter]"]
"""Builds a fresh adapter (sync, or async) for one unit of work (a checkpoint in the fresh lifecycle, a persona in the
incremental and snapshot lifecycles)."""


@runtime_checkable
class Dataset(Protocol):
    """Where personas come from: a directory of persona folders (:class:`recallbench.DirectoryDataset`),
    or an importer of another benchmark's format."""

    def persona_ids(self) -> list[str]: ...

    def load(self, persona_id: str) -> PersonaDataset: ...


@attrs.frozen(kw_only=True)
class JudgeContext:
    """What a judge may see besides question, reference and answer.

    Attributes:
        memory_excerpts: the days around each relevant day (``--- DAY n (date) ---`` blocks), built
            only from days already ingested at this checkpoint; None without a memory window.
        expected_disclosure, query_session, forbidden_sessions: for information-boundary pairs.
        qa: the pair being judged (category, key facts, …).
        days: every day ingested at this checkpoint, for judges that check grounding offline.
    """

    memory_excerpts: str | None = None
    expected_disclosure: str | None = None
    query_session: str | None = None
    forbidden_sessions: tuple[str, ...] | None = None
    qa: QAPair | None = attrs.field(default=None, eq=False, repr=False)
    days: Sequence[Day] = attrs.field(default=(), eq=False, repr=False)


@runtime_checkable
class Judge(Protocol):
    """Scores one answer. May return a JudgeScore or a mapping with ``correctness``, ``completeness``,
    ``hallucination`` and optional ``reasoning``; values out of range are that question's judge error."""

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore | Mapping[str, Any]: ...


ScoreFunction = Callable[
    [str, str, str, JudgeContext | None], Awaitable[JudgeScore | Mapping[str, Any]]
]


@attrs.define
class _FunctionJudge:
    fn: ScoreFunction
    name: str

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore | Mapping[str, Any]:
        return await self.fn(question, reference, answer, context)


def as_judge(obj: Judge | ScoreFunction) -> Judge:
    """A judge from a judge object or a plain async ``score`` function."""
    if isinstance(obj, Judge):
        return obj
    if inspect.iscoroutinefunction(obj):
        return _FunctionJudge(obj, getattr(obj, "__name__", "judge"))
    raise TypeError(
        f"expected a judge (an object with async score(question, reference, answer, context)) or an "
        f"async function, got {type(obj).__name__}"
    )
