"""The generic MCP memory adapter: any memory server that speaks MCP, driven by a mapping
(:class:`~.config.McpConfig`, docs/mcp.md).

``setup`` makes the unit's data folder (:mod:`.folders`) and starts a keeper task (:mod:`.server`)
that starts the server over stdio (:mod:`.stdio`) — or connects to one over streamable HTTP — and
holds its ``ClientSession``; then it makes the mapping's ``reset`` and ``setup`` calls. ``teardown``
makes the ``teardown`` calls, stops the keeper, the server's process tree and removes the folder.
Both run in one task (the keeper lives in a task group setup opens): :meth:`McpAdapter.lifespan`.

Each day is stored as one or more memory records (``unit``: the day, each session, or each ``###``
section), each a call of the ingest tool. The adapter keeps which record came from which day and
session (:mod:`.records`), so the hits a search returns map back to days (retrieval metrics), a
session's isolated content is filtered out of another session's hits, and
``delete_memory("day-0007")`` deletes every record of that day. A write the server refuses (the
mapping's ``success`` rule, :mod:`.writes`) is not kept: ``ingest_day`` makes the day's other writes
and raises :class:`~recallbench.errors.WritesRefused`, which the harness counts.

A server reached by URL keeps one memory for every unit that uses it: unless the mapping gives each
unit a namespace (``{namespace}`` in its tools' arguments), the adapter carries
``concurrent_units = 1`` and a ``concurrency_note`` saying why, so the harness runs its units one
at a time.

Answers are extractive from the best hits (:func:`~.._memory.compose_answer`,
as ``builtin:bm25``), or — with ``answer.model`` (``--adapter-model``) — a model's over them (the
prompt and model of ``builtin:rag``).

A server that fails — does not start, lacks a tool, returns an error or a result the mapping
cannot read — raises :class:`~recallbench.errors.AdapterError` in one line naming the server and the
tool; in a query, that is the question's error and the run goes on. A server that dies or hangs
raises :class:`~.server.McpServerDown` (an AdapterError that is a ``ConnectionError``: the question
is recorded as unreachable and asked again by ``--resume``); a dead one is started again, up to
``server.restarts`` times a unit.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from ...data.corpus import DayMetadata, memory_id_day
from ...errors import AdapterError, ConfigError
from .._memory import (
    DEFAULT_SESSION,
    SNIPPET_CHARS,
    Chunk,
    MemoryStore,
    abstain,
    compose_answer,
    query_terms,
)
from ..base import QueryDetail, RetrievalEntry, ToolCall
from ..capabilities import ADD_MEMORY, DELETE_MEMORY, RETRIEVE_MEMORY, UPDATE_MEMORY
from ..retrieval.base import Document
from .config import McpConfig, ToolCallConfig, parse_mcp_config
from .environ import expand_env
from .records import Record, RecordBook
from .results import Hit, MalformedResult, fill, search_hits
from .writes import Refusals, WriteFailed, write_refusal

__all__ = ["MCP_EXTRA_HINT", "McpAdapter", "head_snippet", "require_mcp"]

log = logging.getLogger("recallbench")

MCP_EXTRA_HINT = "pip install 'recallbench[mcp]'"


def require_mcp() -> None:
    """Refuse at once, in one line, when the ``mcp`` extra is not installed.

    Raises:
        ConfigError: the ``mcp`` package cannot be imported.
    """
    try:
        import mcp  # noqa: F401
    except ImportError:
        raise ConfigError(f"the MCP adapter needs the mcp package: {MCP_EXTRA_HINT}") from None


_HEAD = 4 * SNIPPET_CHARS
_ANSWERS_KEPT = 2000


def head_snippet(text: str) -> str:
    """:func:`~.._memory.snippet` of ``text``, reading only its head when that holds the snippet:
    a session-sized hit is kilobytes, its snippet 200 characters, and flattening every hit's whole
    text was a good part of what a search cost the adapter. Flattened by ``str.split`` (the same
    whitespace as the snippet's ``\\s+``, at a fraction of a regular expression's cost)."""
    flat = " ".join(text[:_HEAD].split())
    if len(text) > _HEAD and len(flat) <= SNIPPET_CHARS:  # the head holds too little: the whole
        flat = " ".join(text.split())
    if len(flat) <= SNIPPET_CHARS:
        return flat
    return flat[: SNIPPET_CHARS - 1].rstrip() + "…"


@attrs.frozen
class _Result:
    structured: Any
    texts: list[str]
    is_error: bool


class McpAdapter:
    """A memory system behind an MCP server (see the module docstring).

    Args:
        config: an :class:`McpConfig`, or a mapping to check into one (docs/mcp.md).
        persona: filled into ``{persona}`` placeholders (the harness does not say; default empty).

    Attributes:
        concurrent_units: 1 for a server reached by URL whose mapping gives units no namespace of
            their own (they would share its memory), else None (no limit).
        concurrency_note: why, in one line (None without a limit).
    """

    def __init__(self, config: McpConfig | Mapping[str, Any], *, persona: str = "") -> None:
        self.config = config if isinstance(config, McpConfig) else parse_mcp_config(config)
        self.name = f"mcp:{self.config.name}"
        self.persona = persona
        self._stack: contextlib.AsyncExitStack | None = None
        self._keeper: Any = None
        self.data_dir: Path | None = None
        self.unit = ""
        """The unit of work's slug (``{unit}``), new at each setup."""
        self._book = RecordBook(self.config)
        self._answers = MemoryStore()
        self._answered = 0
        self._answerer: Any = None
        self.concurrent_units: int | None = None
        self.concurrency_note: str | None = None
        server = self.config.server
        if server.url is not None and not self.config.namespaced:
            kept = (
                "resets it for each unit (reset)"
                if self.config.reset
                else "neither resets it (reset) nor gives each unit a namespace"
            )
            self.concurrent_units = 1
            self.concurrency_note = (
                f"{self._label()} at {server.url} keeps one memory for every unit, and its mapping "
                f"({self.config.source}) {kept}: its units run one at a time"
            )
        answer = self.config.answer
        if answer.model is not None:
            from ..answering import FullContextAdapter

            self._answerer = FullContextAdapter(
                {"model": answer.model, "maxTokens": answer.max_tokens, "cache": answer.cache}
            )
            self._answerer.name = self.name  # its errors name this adapter

    @property
    def capabilities(self) -> frozenset[str]:
        """``delete_memory`` and ``update_memory`` only when the mapping names a delete tool (an
        update without an update tool is a delete and a new ingest)."""
        names = {ADD_MEMORY, RETRIEVE_MEMORY}
        if self.config.delete is not None:
            names |= {DELETE_MEMORY, UPDATE_MEMORY}
        return frozenset(names)

    @property
    def usage(self) -> Any:
        """The answering model's token usage (None without a model)."""
        return self._answerer.usage if self._answerer is not None else None

    def __getstate__(self) -> dict[str, Any]:
        if self._stack is not None:
            raise TypeError(f"{self.name} holds a live MCP session and cannot be copied")
        return dict(self.__dict__)

    # ----------------------------------------------------------------------------------------------
    # The session

    def _label(self, tool: str | None = None) -> str:
        where = f'mcp server "{self.config.name}"'
        return f"{where}: tool {tool}" if tool else where

    @property
    def session(self) -> Any:
        """The ``ClientSession`` with the server while one is up (else None)."""
        conn = self._keeper.conn if self._keeper is not None else None
        return conn.session if conn is not None else None

    def _server_values(self) -> dict[str, Any]:
        values = {
            "data_dir": str(self.data_dir) if self.data_dir else "",
            "persona": self.persona,
            "unit": self.unit,
        }
        values["namespace"] = fill(self.config.namespace, values)
        return values

    def _expand(self, template: Any) -> Any:
        return expand_env(fill(template, self._server_values()))

    async def setup(self) -> None:
        """Start (or connect to) the server with an empty memory and open the session; check that
        every tool the mapping calls is there; make the ``reset`` calls, then the ``setup`` calls.
        First, once per process, stop what a killed run left (:func:`~.folders.sweep_once`).

        Raises:
            ConfigError: the ``mcp`` extra is missing.
            AdapterError: the server did not start, did not answer, lacks a tool, or a reset or
                setup call failed.
        """
        require_mcp()
        await self.teardown()  # a reused adapter starts clean
        self._reset()
        from .folders import DataFolder, sweep_once
        from .server import ServerKeeper

        sweep_once()
        stack = contextlib.AsyncExitStack()
        await stack.__aenter__()
        try:
            folder = DataFolder()
            stack.callback(folder.remove)
            self.data_dir = folder.path
            self.unit = secrets.token_hex(6)
            server = self.config.server
            keeper = ServerKeeper(
                label=self._label(),
                connect=self._connect,
                restarts=server.restarts if server.command is not None else 0,
                probe_after=server.probe_after,
                start_timeout=server.start_timeout,
                on_restart=self._replay if server.replay else None,
            )
            await keeper.start(stack)
            self._stack, self._keeper = stack, keeper
            await self._unit_calls("reset", self.config.reset)
            await self._unit_calls("setup", self.config.setup)
        except BaseException as exc:
            self._stack = self._keeper = None
            await stack.aclose()
            if isinstance(exc, Exception) and not isinstance(exc, AdapterError | ConfigError):
                raise AdapterError(f"{self._label()} did not start: {exc}") from exc
            raise

    async def _unit_calls(self, key: str, calls: Sequence[ToolCallConfig]) -> None:
        """The mapping's ``reset`` or ``setup`` calls, in order.

        Raises:
            AdapterError: one failed: ``mcp server "x": setup call 1 (tool t) failed: …``.
        """
        values = self._server_values()
        for n, call in enumerate(calls, 1):
            try:
                await self.call(call.tool, fill(call.args, values))
            except AdapterError as exc:
                detail = str(exc).removeprefix(self._label(call.tool)).lstrip(": ")
                raise AdapterError(
                    f"{self._label()}: {key} call {n} (tool {call.tool}) failed: {detail}; see "
                    f"{key} in {self.config.source}"
                ) from exc

    async def _connect(self, stack: contextlib.AsyncExitStack, first: bool) -> Any:
        from .server import open_connection

        assert self.data_dir is not None
        return await open_connection(
            self.config,
            stack,
            label=self._label(),
            data_dir=self.data_dir,
            expand=self._expand,
            check_tools=first,
        )

    async def _replay(self, conn: Any) -> None:
        """On a server started again (``server.replay``): the ``setup`` calls, then every record
        held stored again."""
        limit = self.config.server.call_timeout
        values = self._server_values()
        for call in self.config.setup:
            await conn.call(call.tool, fill(call.args, values), limit)
        ingest = self.config.ingest
        for record_id, record in self._book.records.items():
            args = self._book.values(record.day, record_id, record.session, record.text, values)
            await conn.call(ingest.tool, fill(ingest.args, args), limit)

    async def teardown(self) -> None:
        """Make the ``teardown`` calls (a failure is a warning), close the session, stop the
        server's whole process tree and remove the unit's data folder."""
        stack = self._stack
        if stack is not None and self.config.teardown:
            values = self._server_values()
            for call in self.config.teardown:
                try:
                    await self.call(call.tool, fill(call.args, values))
                except AdapterError as exc:
                    log.warning("[mcp] teardown call (tool %s) failed: %s", call.tool, exc)
        stack, self._stack, self._keeper = self._stack, None, None
        if stack is not None:
            await stack.aclose()
        if self._answerer is not None:
            await self._answerer.teardown()

    @contextlib.asynccontextmanager
    async def lifespan(self) -> AsyncIterator[McpAdapter]:
        """``setup`` on entry, ``teardown`` on exit, in the task that enters it."""
        await self.setup()
        try:
            yield self
        finally:
            await self.teardown()

    def _answer_store(self) -> MemoryStore:
        """Where the hits' sentences and terms are cached, by text: answers re-read the same hits
        question after question (started afresh every :data:`_ANSWERS_KEPT` answers)."""
        self._answered += 1
        if self._answered > _ANSWERS_KEPT:
            self._answers, self._answered = MemoryStore(), 1
        return self._answers

    def _reset(self) -> None:
        self._answers, self._answered = MemoryStore(), 0
        self._book.clear()

    async def _result(self, tool: str, arguments: Mapping[str, Any], *, store: bool) -> _Result:
        keeper = self._keeper
        if keeper is None:
            raise AdapterError(f"{self._label(tool)}: called with no session (setup first)")
        conn = keeper.conn
        if conn is None or conn.failure is not None:
            conn = await keeper.connection()
        limit = self.config.server.call_timeout
        try:
            result = await conn.call(tool, arguments, limit)
        except ConnectionError:
            if not store:
                raise
            conn = await keeper.connection()
            result = await conn.call(tool, arguments, limit)
        texts = [getattr(c, "text", "") for c in result.content if getattr(c, "type", "") == "text"]
        return _Result(result.structured_content, texts, bool(result.is_error))

    async def call(
        self, tool: str, arguments: Mapping[str, Any], *, store: bool = False
    ) -> tuple[Any, list[str]]:
        """Call one tool: its ``structuredContent`` and the texts of its content. A call that
        stores (``store``: ingest, update, delete) and meets the server's death is made once more on
        the server started again.

        Raises:
            McpServerDown: the server died under the call, or is down (an AdapterError and a
                ConnectionError: a question it fails is recorded as unreachable).
            AdapterError: no session, no answer within ``server.callTimeout`` (from a server that
                still answers pings), an answer that could not be read, or a result flagged as an
                error; one line naming server and tool.
        """
        result = await self._result(tool, arguments, store=store)
        if result.is_error:
            detail = next(
                (t.strip().splitlines()[0] for t in result.texts if t.strip()), "no message"
            )
            raise AdapterError(f"{self._label(tool)} returned an error: {detail[:300]}")
        return result.structured, result.texts

    async def _write(self, call: ToolCallConfig, values: Mapping[str, Any]) -> str | None:
        """One write (ingest, delete, update): why the server refused it, or None when done.

        Raises:
            AdapterError: the call failed (an error result the mapping does not call a refusal).
        """
        result = await self._result(call.tool, fill(call.args, values), store=True)
        try:
            return write_refusal(
                call.success,
                is_error=result.is_error,
                structured=result.structured,
                texts=result.texts,
            )
        except WriteFailed as exc:
            raise AdapterError(f"{self._label(call.tool)} returned an error: {exc}") from None

    # ----------------------------------------------------------------------------------------------
    # Memories

    async def _store(
        self, day: int, record_id: str, session: str, text: str, refusals: Refusals
    ) -> None:
        values = self._book.values(day, record_id, session, text, self._server_values())
        refused = await self._write(self.config.ingest, values)
        if refused is not None:
            refusals.add(f"{record_id}: {refused}")
            return
        self._book.keep(record_id, Record(day, session, text))

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Store one day as its records (a day already held is not stored again).

        Raises:
            WritesRefused: the server refused some of the day's records (the others are stored).
            AdapterError: a write failed.
        """
        book = self._book
        if day in book.days:
            return
        book.open_day(day, metadata)
        refusals = Refusals()
        for record_id, session, text in book.split(day, content, self._server_values()):
            if text.strip():
                await self._store(day, record_id, session, text, refusals)
        refusals.raise_any()

    async def finalize_ingestion(self) -> None:
        """Nothing to do: a server indexes what it is given (or says so in its own tools)."""

    def _held(self, memory_id: str) -> int:
        day = memory_id_day(memory_id)
        if day not in self._book.days:
            raise KeyError(f'no memory "{memory_id}": day {day} is not held')
        return day

    async def _delete_record(self, record_id: str, refusals: Refusals) -> None:
        delete = self.config.delete
        if delete is None:
            raise AdapterError(f"{self._label()}: the mapping names no delete tool")
        record = self._book.records[record_id]
        values = self._book.values(
            record.day, record_id, record.session, record.text, self._server_values()
        )
        refused = await self._write(delete, values)
        if refused is not None:
            refusals.add(f"deleting {record_id}: {refused}")
            return
        self._book.forget(record_id)

    async def delete_memory(self, memory_id: str) -> None:
        """Delete every record of one day (``"day-0007"``) with the delete tool.

        Raises:
            ValueError: the id names no day.
            KeyError: the day is not held.
            WritesRefused: the server refused to delete some records (they stay held).
            AdapterError: no delete tool, or the server failed.
        """
        day = self._held(memory_id)
        refusals = Refusals()
        for record_id in list(self._book.days[day]):
            await self._delete_record(record_id, refusals)
        if not self._book.days[day]:
            self._book.close_day(day)
        refusals.raise_any()

    async def update_memory(self, memory_id: str, content: str) -> None:
        """Replace one day's content: records whose id stays are updated with the update tool (when
        the mapping names one), the others deleted, the new ones ingested. The day keeps its
        metadata.

        Raises:
            ValueError: the id names no day.
            KeyError: the day is not held.
            WritesRefused: the server refused some of these writes (the others are made).
            AdapterError: no delete tool, or the server failed.
        """
        day = self._held(memory_id)
        if self.config.delete is None:
            raise AdapterError(f"{self._label()}: the mapping names no delete tool")
        book = self._book
        unit_values = self._server_values()
        fresh = {
            rid: (session, text) for rid, session, text in book.split(day, content, unit_values)
        }
        update = self.config.update
        refusals = Refusals()
        for record_id in list(book.days[day]):
            if update is not None and record_id in fresh and fresh[record_id][1].strip():
                session, text = fresh.pop(record_id)
                values = book.values(day, record_id, session, text, unit_values)
                refused = await self._write(update, values)
                if refused is not None:
                    refusals.add(f"updating {record_id}: {refused}")
                    continue
                book.forget(record_id)
                book.keep(record_id, Record(day, session, text))
            else:
                await self._delete_record(record_id, refusals)
        for record_id, (session, text) in fresh.items():
            if text.strip():
                await self._store(day, record_id, session, text, refusals)
        refusals.raise_any()

    # -- searching and answering ---------------------------------------------------------------

    def queries(self, question: str) -> list[str]:
        """The queries the search tool is called with for ``question`` (``search.query``)."""
        mode = self.config.search.query
        if mode == "whole":
            return [question]
        terms = query_terms(question)[: self.config.search.max_keywords] or [question]
        if mode == "each":
            return terms
        return [(" OR " if mode == "or" else " ").join(terms)]

    async def _search(self, question: str) -> tuple[list[Hit], list[ToolCall]]:
        search = self.config.search
        hits: dict[str, Hit] = {}
        calls: list[ToolCall] = []
        unit_values = self._server_values()
        for query in self.queries(question):
            args = fill(
                search.args, {**unit_values, "query": query, "limit": search.limit, "session": ""}
            )
            structured, texts = await self.call(search.tool, args)
            try:
                found = search_hits(structured, texts, self.config.hits, self._book.last_day)
            except MalformedResult as exc:
                raise AdapterError(
                    f"{self._label(search.tool)} returned malformed results: {exc}; see hits in "
                    f"{self.config.source}"
                ) from None
            calls.append(ToolCall(tool=search.tool, args=args, result_preview=f"{len(found)} hits"))
            for hit in found:
                hits.setdefault(hit.id, hit)
        return list(hits.values()), calls

    async def query_detail(
        self, question: str, *, session: str = DEFAULT_SESSION, question_date: str | None = None
    ) -> QueryDetail:
        """Search, map the hits to days, drop what ``session`` may not see, rank (``search.rank``),
        keep ``search.limit``, and answer from them."""
        found, calls = await self._search(question)
        chunks: list[tuple[Chunk, float | None]] = []
        for hit in found:
            day, hit_session = self._book.place(hit)
            if not self._book.visible(day, hit_session, session):
                continue
            # Keyed by its text, the store's splits of a hit are those of any hit of that text.
            document = Document(id=hit.text, text=hit.text, day=day, session=hit_session or None)
            chunks.append((Chunk(document=document, path=hit.id, isolated=False), hit.score))
        store = self._answer_store()
        weights = {t: self._book.stats.idf(t) for t in query_terms(question)}
        if self.config.search.rank == "overlap":
            ranked = store.rank_by_overlap([c for c, _ in chunks], weights)
            chunks = [(c, score) for c, score in ranked]
        chunks = chunks[: self.config.search.limit]
        retrieval = tuple(
            RetrievalEntry(
                path=c.path,
                score=None if score is None else round(score, 6),
                snippet=head_snippet(c.text),
                day=c.document.day,
            )
            for c, score in chunks
        )
        if self._answerer is not None:
            return await self._model_answer(question, question_date, chunks, retrieval, calls)
        answer = self.config.answer
        if not chunks:
            return attrs.evolve(abstain(retrieval), tool_calls=tuple(calls))
        text = compose_answer(
            store,
            [c for c, _ in chunks[: answer.answer_hits]],
            weights,
            sentences=answer.sentences,
            cite=answer.cite,
        )
        if text is None:
            return attrs.evolve(abstain(retrieval), tool_calls=tuple(calls))
        return QueryDetail(answer=text, retrieval=retrieval, tool_calls=tuple(calls))

    async def _model_answer(
        self,
        question: str,
        question_date: str | None,
        chunks: list[tuple[Chunk, float | None]],
        retrieval: tuple[RetrievalEntry, ...],
        calls: list[ToolCall],
    ) -> QueryDetail:
        from ..answering import rag_prompt

        if self._answerer._model is None:
            await self._answerer.setup()
        dated = [
            (c, self._book.metadata[c.day].date if c.day in self._book.metadata else None)
            for c, _ in chunks
        ]
        when = (
            question_date.strip()
            if isinstance(question_date, str) and question_date.strip()
            else None
        )
        if when is None and self._book.metadata:
            when = self._book.metadata[max(self._book.metadata)].date
        detail: QueryDetail = await self._answerer.answer(
            rag_prompt(dated, question, when), retrieval, passages=len(chunks)
        )
        return attrs.evolve(detail, tool_calls=(*calls, *detail.tool_calls))

    async def query(self, question: str, *, session: str = DEFAULT_SESSION) -> str:
        """The answer alone."""
        return (await self.query_detail(question, session=session)).answer
