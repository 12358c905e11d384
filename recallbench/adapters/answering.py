"""The baselines LoCoMo and LongMemEval are reported against: a model reading its memory.

* ``builtin:full-context`` gives the model everything ingested so far, oldest day first and newest
  last, cut to ``contextTokens`` (the oldest days go first), with the question and its date;
* ``builtin:rag`` gives it the ``top_k`` chunks ``builtin:bm25`` retrieves
  (:class:`~recallbench.adapters.retrieval.bm25.BM25Index` over the same session × ``###`` chunks),
  best first, and reports them as its retrieval entries, so the retrieval metrics see its ranking.

Both take the model as a selector in their config (``model``: ``openai:gpt-4o-mini``,
``anthropic:claude-…``, ``azure:…``, ``claude``, ``pkg.module:attr`` — anything
:func:`~recallbench.models.factory.load_model` takes), build it in ``setup`` (an unset-up adapter
holds no connection and pickles for the Ray executor), and close it in ``teardown``. Each call is
cached on disk (:mod:`recallbench.models.cache`, keyed by the model's selector and the exact
prompts), so re-running an identical run calls the model zero times. Each answer carries one
``model`` tool call recording the tokens it cost (``inputTokens``/``outputTokens`` as the provider
reported them, ``promptTokensEstimate``, ``cached``); ``adapter.usage`` sums them.

**The prompt** (:data:`ANSWER_SYSTEM`, :func:`full_context_prompt`, :func:`rag_prompt`) is ours,
written in the shape both benchmarks' own baselines use: LongMemEval's full-history reader gives the
timestamped history sessions first, then the current date, then the question; LoCoMo's QA baseline
asks for a short answer drawn from the conversation only.

**The question's date** is the question's own, when it has one: both ``query_detail`` methods take
``question_date``, which the harness passes to query methods that accept it (the pair's
``extra["questionDate"]``: LongMemEval's ``question_date``, kept there by its importer) — never the
pair itself, whose reference answer a baseline must not see. Without it (a persona, LoCoMo, a call
without a date) the question is dated by the last day in memory: in a persona run the questions of a
checkpoint are asked right after its last day.

**Tokens are estimated**, not counted: ``ceil(characters / 4)`` (:func:`estimate_tokens`), the
usual rule of thumb for English under OpenAI's cl100k/o200k and Anthropic's tokenizers, which needs
no tokenizer files and treats every provider alike. A provider's own count of the same prompt may
differ by some tenths; keep ``contextTokens`` a margin below the model's window.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import ConfigError, ModelError
from ..models.metering import estimate_tokens
from ._memory import (
    ABSTENTION,
    DEFAULT_SESSION,
    Chunk,
    MemoryStore,
    Option,
    StoreAdapter,
    entry,
)
from .base import QueryDetail, ToolCall
from .lexical import Bm25Adapter

__all__ = [
    "ANSWER_SYSTEM",
    "DEFAULT_CONTEXT_TOKENS",
    "FullContextAdapter",
    "RagAdapter",
    "answer_system",
    "estimate_tokens",
    "full_context_prompt",
    "rag_prompt",
]

DEFAULT_CONTEXT_TOKENS = 100_000
"""``builtin:full-context``'s default prompt budget: a margin below the 128k-token windows of the
models LongMemEval's full-context figures were measured with."""


def answer_system(abstention: str = ABSTENTION) -> str:
    """The system prompt of both model baselines, telling the model to reply ``abstention`` word for
    word when the memory does not say (so LoCoMo's adversarial check and the rubric judge read the
    same declining answer from a model as from the extractive baselines)."""
    return (
        "You are a personal assistant with a long-term memory. Answer the user's question using "
        "only the memory you are given. Reply with the answer alone, in a short phrase or one "
        "sentence; when the memory holds several values for the same thing, the most recent one "
        f"counts. If the memory does not say, reply exactly: {abstention}"
    )


ANSWER_SYSTEM = answer_system()
"""The system prompt of both model baselines with the default abstention."""

_FULL_CONTEXT_HEAD = "Your memory, one day at a time, oldest first and newest last:"
_RAG_HEAD = "The passages of your memory that best match the question, best first:"
_CUT_MARK = "[… earlier lines of this day left out to fit the context …]"


def _tail(question: str, date: str | None) -> str:
    when = f"Current date: {date}\n" if date else ""
    return f"{when}Question: {question}\nAnswer:"


def _day_heading(day: int, date: str | None) -> str:
    return f"## Day {day} ({date})" if date else f"## Day {day}"


def _day_block(day: int, date: str | None, chunks: Sequence[Chunk]) -> str:
    lines = [_day_heading(day, date)]
    session: str | None = None
    for chunk in chunks:
        if chunk.session is not None and chunk.session != session:
            lines.append(f"[session: {chunk.session}]")
        session = chunk.session
        lines.append(chunk.text.strip())
    return "\n".join(lines)


def _cut_head(block: str, budget: int) -> str | None:
    """The block's heading and as many of its last lines as fit ``budget`` tokens (None: not even
    the heading and one line fit)."""
    heading, _, body = block.partition("\n")
    kept: list[str] = []
    used = estimate_tokens(f"{heading}\n{_CUT_MARK}\n")
    for line in reversed(body.splitlines()):
        cost = estimate_tokens(line + "\n")
        if used + cost > budget:
            break
        kept.append(line)
        used += cost
    if not kept:
        return None
    return "\n".join([heading, _CUT_MARK, *reversed(kept)])


def full_context_prompt(
    days: Sequence[tuple[int, str | None, Sequence[Chunk]]],
    question: str,
    date: str | None,
    *,
    context_tokens: int,
) -> tuple[str, list[int]]:
    """The user message of ``builtin:full-context`` and the days it holds (ascending).

    The days (``(number, date, chunks)``, ascending) are added newest first while the whole prompt
    — system prompt included — stays within ``context_tokens``; the newest day that does not fit
    whole keeps its last lines. They are written oldest first, so the newest day is last, right
    before the date and the question.
    """
    tail = _tail(question, date)
    budget = context_tokens - estimate_tokens(f"{ANSWER_SYSTEM}{_FULL_CONTEXT_HEAD}\n\n\n\n{tail}")
    blocks: list[tuple[int, str]] = []
    for number, day_date, chunks in reversed(days):
        block = _day_block(number, day_date, chunks)
        cost = estimate_tokens(block + "\n\n")
        if cost > budget:
            cut = _cut_head(block, budget)
            if cut is not None:
                blocks.append((number, cut))
            break
        blocks.append((number, block))
        budget -= cost
    blocks.reverse()
    memory = "\n\n".join(text for _, text in blocks) or "(nothing)"
    return f"{_FULL_CONTEXT_HEAD}\n\n{memory}\n\n{tail}", [number for number, _ in blocks]


def rag_prompt(
    passages: Sequence[tuple[Chunk, str | None]], question: str, date: str | None
) -> str:
    """The user message of ``builtin:rag``: the retrieved chunks (with their day's date), best
    first, numbered, then the date and the question."""
    parts = []
    for rank, (chunk, day_date) in enumerate(passages, start=1):
        when = f"Day {chunk.day} ({day_date})" if day_date else f"Day {chunk.day}"
        session = f", session {chunk.session}" if chunk.session is not None else ""
        parts.append(f"[{rank}] {when}{session}\n{chunk.text.strip()}")
    memory = "\n\n".join(parts) or "(nothing matched)"
    return f"{_RAG_HEAD}\n\n{memory}\n\n{_tail(question, date)}"


def _options() -> dict[str, Option]:
    return {
        "model": Option(None, "text", "the answering model's selector, e.g. openai:gpt-4o-mini"),
        "cache": Option(
            True, "path", "cache model calls: true (the user cache), false, or a directory"
        ),
        "maxTokens": Option(256, "count", "the most tokens an answer may take"),
    }


class _ModelAnswering(StoreAdapter):
    """A store-backed adapter answering with a model: the model's lifecycle, cache and usage."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        super().__init__(config)
        if self.settings["model"] is None:
            raise ConfigError(
                f"{self.name} needs a model: set the config key 'model' (a profile's "
                "harness.config) or pass --adapter-model SPEC, e.g. openai:gpt-4o-mini"
            )
        from ..models.spec import format_model_spec, parse_model_spec

        self.model_spec: str = format_model_spec(parse_model_spec(self.settings["model"]))
        from ..models.cache import ModelUsage

        self.usage = ModelUsage()
        self._model: Any = None
        self.system = answer_system(self.abstention)
        """The system prompt, with its abstention."""

    def __getstate__(self) -> dict[str, Any]:
        # The model holds a connection pool: a copy sent to another process builds its own.
        return {**self.__dict__, "_model": None}

    def _cache_dir(self) -> Path | None:
        from ..models.cache import default_model_cache_dir

        value = self.settings["cache"]
        if value is False:
            return None
        return default_model_cache_dir() if value is True else Path(value).expanduser()

    async def setup(self) -> None:
        """Start from an empty memory, with the model built (once per adapter)."""
        await super().setup()
        if self._model is None:
            from ..models.cache import CachedModel, ModelCache
            from ..models.factory import load_model

            directory = self._cache_dir()
            self._model = CachedModel(
                load_model(self.model_spec),
                self.model_spec,
                ModelCache(directory) if directory is not None else None,
                usage=self.usage,
            )

    async def teardown(self) -> None:
        """Release the memory and close the model's connections."""
        await super().teardown()
        model, self._model = self._model, None
        if model is not None:
            from ..models.factory import aclose_model

            await aclose_model(model.inner)

    def question_date(self, own: str | None = None) -> str | None:
        """The date the question is asked: its own (``question_date``) when it is a non-empty
        string, else the date of the last day in memory (see the module docstring)."""
        if isinstance(own, str) and own.strip():
            return own.strip()
        days = self.store.days
        return self.store.metadata(days[-1]).date if days else None

    async def answer(
        self, user_message: str, retrieval: Sequence[Any] = (), **record: Any
    ) -> QueryDetail:
        """The model's answer to ``user_message``, with its usage as a ``model`` tool call.

        Raises:
            ModelError: the model replied with nothing (a refusal or a content filter), or the
                adapter was not set up.
        """
        if self._model is None:
            raise ModelError(f"{self.name}: query before setup (the model is built in setup)")
        reply, cached = await self._model.call(
            self.system, user_message, temperature=0.0, max_tokens=self.settings["maxTokens"]
        )
        if not reply.text:
            raise ModelError(f"{self.name}: {self.model_spec} returned an empty answer")
        args: dict[str, Any] = {
            "model": self.model_spec,
            "cached": cached,
            "promptTokensEstimate": estimate_tokens(self.system + user_message),
            **record,
        }
        if reply.input_tokens is not None:
            args["inputTokens"] = reply.input_tokens
        if reply.output_tokens is not None:
            args["outputTokens"] = reply.output_tokens
        return QueryDetail(
            answer=reply.text,
            retrieval=tuple(retrieval),
            tool_calls=(ToolCall(tool="model", args=args),),
        )


def _dated(store: MemoryStore, day: int) -> str | None:
    return store.metadata(day).date if day in store else None


class FullContextAdapter(_ModelAnswering):
    """Everything ingested so far (that the query session may see), newest day last, cut to
    ``contextTokens``, answered by a model.

    Config keys: ``model`` (required), ``contextTokens`` (:data:`DEFAULT_CONTEXT_TOKENS`),
    ``maxTokens`` (256), ``cache`` (true).
    """

    name = "builtin:full-context"
    OPTIONS: Mapping[str, Option] = {
        **_options(),
        "contextTokens": Option(
            DEFAULT_CONTEXT_TOKENS, "count", "the prompt's token budget (estimated: chars / 4)"
        ),
    }

    def prompt(
        self, question: str, session: str = DEFAULT_SESSION, question_date: str | None = None
    ) -> tuple[str, list[int]]:
        """The user message for ``question`` asked in ``session`` (dated ``question_date`` when
        given), and the days it holds."""
        by_day: dict[int, list[Chunk]] = {}
        for chunk in self.store.visible_chunks(session):
            by_day.setdefault(chunk.day, []).append(chunk)
        days = [(d, _dated(self.store, d), by_day[d]) for d in sorted(by_day)]
        return full_context_prompt(
            days,
            question,
            self.question_date(question_date),
            context_tokens=self.settings["contextTokens"],
        )

    async def query_detail(
        self, question: str, *, session: str = DEFAULT_SESSION, question_date: str | None = None
    ) -> QueryDetail:
        """The model's answer from the whole (cut) memory; no retrieval entries."""
        message, days = self.prompt(question, session, question_date)
        first = days[0] if days else None
        return await self.answer(message, daysInContext=len(days), firstDayInContext=first)


class RagAdapter(_ModelAnswering, Bm25Adapter):
    """``builtin:bm25``'s ``top_k`` chunks answered by a model; its retrieval entries are those
    chunks, best first, with their days.

    Config keys: ``model`` (required), ``top_k`` (10), ``maxTokens`` (256), ``cache`` (true).
    """

    name = "builtin:rag"
    OPTIONS: Mapping[str, Option] = {
        **_options(),
        "top_k": Option(10, "count", "chunks retrieved, given to the model and reported"),
    }

    def passages(self, question: str, session: str = DEFAULT_SESSION) -> list[tuple[Chunk, float]]:
        """The ``top_k`` chunks ``session`` may see, best first, with their BM25 scores."""
        ranked, _, _ = self.retrieve(question, session)
        return ranked

    async def query_detail(
        self, question: str, *, session: str = DEFAULT_SESSION, question_date: str | None = None
    ) -> QueryDetail:
        """The model's answer from the retrieved chunks, which are reported as retrieval
        (retrieval uses the question alone; ``question_date`` dates it in the prompt)."""
        ranked = self.passages(question, session)
        message = rag_prompt(
            [(chunk, _dated(self.store, chunk.day)) for chunk, _ in ranked],
            question,
            self.question_date(question_date),
        )
        return await self.answer(
            message, [entry(chunk, score) for chunk, score in ranked], passages=len(ranked)
        )
