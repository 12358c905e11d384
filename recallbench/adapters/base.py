"""The adapter seam: what a memory system under test is (:class:`Adapter`), what it answers with
(:class:`QueryDetail`), and the small rules every caller of one shares — building one from a factory
(:func:`make_adapter`), checking that an object is one, and reading what its query returned
(:func:`to_query_detail`).

Plain objects qualify: anything with a string ``name`` and the right async methods is an adapter.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, TypeGuard, cast, runtime_checkable

import attrs

from .._importing import describe, is_async
from ..data.corpus import DayMetadata
from ..errors import ConfigError

__all__ = [
    "ADAPTER_METHODS",
    "Adapter",
    "AdapterBuilder",
    "AdapterFactory",
    "MemoryDeleting",
    "MemoryUpdating",
    "QueryDetail",
    "RetrievalEntry",
    "ToolCall",
    "accepts",
    "built_adapter",
    "check_adapter",
    "is_adapter",
    "looks_like_adapter",
    "make_adapter",
    "required_methods",
    "to_query_detail",
]


@attrs.frozen(kw_only=True)
class RetrievalEntry:
    """One memory the system retrieved for an answer."""

    path: str
    score: float | None = None
    snippet: str | None = None
    day: int | None = None
    """The corpus day the memory came from, when the system knows it."""
    turn: str | None = None
    """The turn of the conversation the memory came from, when the data names turns and the system
    knows it: the id a day's text gives the turn (an imported LoCoMo day writes each turn as
    ``[D5:8] Caroline: …``, so ``"D5:8"``). Measured against the pair's gold turns
    (``extra["evidenceTurns"]``) as turn-level recall, beside the day-level metrics; an entry
    holding several turns is reported as one entry per turn."""


@attrs.frozen(kw_only=True)
class ToolCall:
    """One tool call the memory system made for an answer: the tool's name, its arguments and an
    optional preview of its result."""

    tool: str
    args: Mapping[str, Any] = attrs.field(factory=dict)
    result_preview: str | None = None


@attrs.frozen(kw_only=True)
class QueryDetail:
    """An answer with the evidence behind it (what ``query_detail`` returns)."""

    answer: str
    retrieval: tuple[RetrievalEntry, ...] | None = None
    """What the system retrieved for the answer, best first. ``()`` — it retrieved nothing — is a
    miss and scores 0 on the retrieval metrics; None — it does not report retrieval — is left out
    of them."""
    tool_calls: tuple[ToolCall, ...] = ()


@runtime_checkable
class Adapter(Protocol):
    """The memory system under test.

    Lifecycle per unit of work: ``setup`` → ``ingest_day`` for each day in order →
    ``finalize_ingestion`` → ``query`` for each question → ``teardown``. ``finalize_ingestion`` may be
    called again after more days (incremental lifecycle) and must be incremental/idempotent.

    ``setup`` and ``teardown`` of one unit are called from one task, with no cancel scope of the
    harness's in between: what ``setup`` opens (an MCP session, an anyio task group, an aiohttp
    session) ``teardown`` may close, as one ``async with`` would (:mod:`recallbench.adapters.lifespan`).
    Every other method may be called from any task, queries concurrently.

    Optional methods, used when present:

    * ``lifespan() -> async context manager``: used instead of ``setup`` and ``teardown`` (which
      may then be left out): entered where ``setup`` would be called, exited where ``teardown``
      would, in the same task, with the same timeouts;
    * ``async query_detail(question) -> QueryDetail`` (or a mapping with ``answer``, ``retrieval``,
      ``tool_calls``): preferred over ``query``, so retrieval can be logged and measured (an empty
      ``retrieval`` is a miss, scored 0; a missing one is not measured);
    * ``async healthcheck() -> str``: a display name, adopted as the adapter's name;
    * ``async snapshot() -> token`` and ``async restore(token)``: enable the ``snapshot`` lifecycle;
    * ``async delete_memory(memory_id)`` (:class:`MemoryDeleting`): forget one memory, so it is no
      longer retrieved nor used to answer;
    * ``async update_memory(memory_id, content)`` (:class:`MemoryUpdating`): replace one memory's
      content, so answers come from the new content;
    * ``capabilities``: a set (or tuple) of the capability names it supports, which overrides what
      its methods suggest (:mod:`recallbench.adapters.capabilities`: ``add_memory``,
      ``retrieve_memory``, ``delete_memory``, ``update_memory``).

    For an adapter whose memories are days, a ``memory_id`` is the day's id ``"day-0007"``
    (:func:`~recallbench.adapters.capabilities.day_memory_id`); an update's ``content`` is a whole
    day log, as ``ingest_day`` receives one, and keeps the day's metadata. Both take effect at once
    (no ``finalize_ingestion`` needed) and raise ``KeyError`` for a memory not held.

    ``query`` and ``query_detail`` that accept a keyword argument ``session`` are passed the question's
    query session (``principal`` unless the pair names another); a memory system must not answer it
    from the content of another session listed in ``DayMetadata.isolated_sessions``. Methods that
    accept ``qa`` are passed the :class:`~recallbench.data.qa.QAPair` itself — only for reference systems
    that are meant to cheat (the oracle and echo-reference baselines).
    """

    name: str

    async def setup(self) -> None: ...

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None: ...

    async def finalize_ingestion(self) -> None: ...

    async def query(self, question: str) -> str: ...

    async def teardown(self) -> None: ...


@runtime_checkable
class MemoryDeleting(Protocol):
    """An adapter that can forget one memory (the ``delete_memory`` capability)."""

    async def delete_memory(self, memory_id: str) -> None:
        """Forget the memory ``memory_id``: it is no longer retrieved nor used to answer.

        Raises:
            KeyError: no memory of that id is held (never ingested, or deleted already).
        """
        ...


@runtime_checkable
class MemoryUpdating(Protocol):
    """An adapter that can replace one memory's content (the ``update_memory`` capability)."""

    async def update_memory(self, memory_id: str, content: str) -> None:
        """Replace the content of the memory ``memory_id``: answers come from ``content`` from now
        on, and nothing of the old content is retrieved.

        Raises:
            KeyError: no memory of that id is held.
        """
        ...


AdapterFactory = Callable[[], "Adapter | Awaitable[Adapter]"]
"""Builds a fresh adapter (sync, or async) for one unit of work (a checkpoint in the fresh lifecycle, a persona in the
incremental and snapshot lifecycles)."""


ADAPTER_METHODS: tuple[str, ...] = (
    "setup",
    "ingest_day",
    "finalize_ingestion",
    "query",
    "teardown",
)
"""The async methods every adapter has (besides a string ``name``)."""

AdapterBuilder = Callable[[], Adapter | Awaitable[Adapter]]
"""What :func:`recallbench.harness.loading.adapter_factory` returns: builds one adapter, possibly
asynchronously. Pass it to :func:`make_adapter` to get the adapter either way."""


async def make_adapter(factory: Callable[[], Adapter | Awaitable[Adapter]]) -> Adapter:
    """Build one adapter with a builder from :func:`~recallbench.harness.loading.adapter_factory` (or any plain factory),
    awaiting it when it is async."""
    result = factory()
    if inspect.isawaitable(result) and not looks_like_adapter(result):
        return await result
    return cast(Adapter, result)


def built_adapter(result: object, label: str) -> Adapter | Awaitable[Adapter]:
    """What a factory returned, checked to be an adapter: the adapter, or an awaitable of it when the
    factory is async (``label`` names the factory in the error)."""
    if inspect.isawaitable(result) and not looks_like_adapter(result):
        return _await_adapter(result, label)
    return check_adapter(result, label)


async def _await_adapter(pending: Awaitable[object], label: str) -> Adapter:
    return check_adapter(await pending, label)


def required_methods(obj: object) -> tuple[str, ...]:
    """The async methods ``obj`` must have to be an adapter: :data:`ADAPTER_METHODS`, less
    ``setup`` and ``teardown`` when it offers ``lifespan()`` instead."""
    if callable(getattr(obj, "lifespan", None)):
        return tuple(m for m in ADAPTER_METHODS if m not in ("setup", "teardown"))
    return ADAPTER_METHODS


def is_adapter(obj: object) -> TypeGuard[Adapter]:
    """Whether ``obj`` is an adapter (a string ``name`` and the methods of
    :func:`required_methods`): the :class:`Adapter` protocol's check, knowing ``lifespan()``."""
    return isinstance(getattr(obj, "name", None), str) and all(
        callable(getattr(obj, m, None)) for m in required_methods(obj)
    )


def looks_like_adapter(obj: object) -> bool:
    return hasattr(obj, "query") or hasattr(obj, "setup") or hasattr(obj, "lifespan")


def check_adapter(obj: object, label: str) -> Adapter:
    missing = [] if isinstance(getattr(obj, "name", None), str) else ["name (a string)"]
    not_async = []
    for method in required_methods(obj):
        fn = getattr(obj, method, None)
        if fn is None:
            missing.append(method)
        elif not is_async(fn):
            not_async.append(method)
    if missing or not_async:
        problems = []
        if missing:
            problems.append(f"missing {', '.join(missing)}")
        if not_async:
            problems.append(f"not async: {', '.join(not_async)}")
        raise ConfigError(
            f"{label} did not produce an adapter: {'; '.join(problems)} (got {describe(obj)}); "
            f"an adapter has a string name and async {', '.join(ADAPTER_METHODS)}"
        )
    return cast(Adapter, obj)


@functools.lru_cache(maxsize=256)
def _function_accepts(fn: Any, name: str) -> bool:
    try:
        return name in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def accepts(method: Any, name: str) -> bool:
    """Whether a query method takes the keyword ``name`` (``session``, ``qa``)."""
    # Cached on the underlying function: signature inspection costs more than a fast adapter call.
    fn = getattr(method, "__func__", method)
    try:
        return _function_accepts(fn, name)
    except TypeError:  # unhashable callable
        return _function_accepts.__wrapped__(fn, name)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _valid_text(value: Any) -> Any:
    """``value`` with every lone UTF-16 surrogate (what bytes decoded loosely leave, and no UTF-8
    file can hold) replaced by U+FFFD, in strings, mappings and sequences."""
    if isinstance(value, str):
        return value if value.isascii() else _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, Mapping):
        return {_valid_text(k): _valid_text(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_valid_text(v) for v in value)
    return value


def to_query_detail(value: Any) -> QueryDetail:
    """What an adapter's query returned, as a :class:`QueryDetail` whose texts are valid Unicode.

    Raises:
        TypeError: neither a string, a QueryDetail nor a mapping with a string ``answer``.
    """
    detail = _to_detail(value)
    if detail.answer.isascii() and not detail.retrieval and not detail.tool_calls:
        return detail
    return QueryDetail(
        answer=_valid_text(detail.answer),
        retrieval=None
        if detail.retrieval is None
        else tuple(
            attrs.evolve(r, path=_valid_text(r.path), snippet=_valid_text(r.snippet))
            for r in detail.retrieval
        ),
        tool_calls=tuple(
            attrs.evolve(
                c,
                tool=_valid_text(c.tool),
                args=_valid_text(dict(c.args)),
                result_preview=_valid_text(c.result_preview),
            )
            for c in detail.tool_calls
        ),
    )


def _to_detail(value: Any) -> QueryDetail:
    if isinstance(value, QueryDetail):
        return value
    if isinstance(value, str):
        return QueryDetail(answer=value)
    if isinstance(value, Mapping) and isinstance(value.get("answer"), str):
        given = value.get("retrieval")
        retrieval = (
            None
            if given is None
            else tuple(
                r
                if isinstance(r, RetrievalEntry)
                else RetrievalEntry(
                    path=str(r.get("path", "")),
                    score=r.get("score"),
                    snippet=r.get("snippet"),
                    day=r.get("day"),
                    turn=r.get("turn"),
                )
                for r in given
            )
        )
        tool_calls = tuple(
            t
            if isinstance(t, ToolCall)
            else ToolCall(
                tool=str(t.get("tool", "")),
                args=t.get("args") or {},
                result_preview=t.get("resultPreview", t.get("result_preview")),
            )
            for t in value.get("tool_calls", value.get("toolCalls")) or ()
        )
        return QueryDetail(answer=value["answer"], retrieval=retrieval, tool_calls=tool_calls)
    raise TypeError(
        f"an adapter query must return a string or a QueryDetail, got {type(value).__name__}"
    )
