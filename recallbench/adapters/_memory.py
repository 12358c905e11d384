"""What the built-in adapters share: the ingested days, chunked, and how an answer is composed.

* :class:`MemoryStore` keeps every ingested day as chunks (one per session and ``###`` section, from
  :func:`recallbench.adapters.retrieval.base.chunk_day`), each with its path (``memories/day-0005.md#principal/2``)
  and whether its session was isolated on that day.
* The session rule (:func:`visible`): a chunk of session X may answer a question asked in session S
  iff X == S or X is not one of the ``isolated_sessions`` its day's metadata carried. Content outside
  any session heading belongs to no session and is visible to every session.
* :func:`compose_answer`: an extractive answer, the sentences of the candidate chunks that share the
  most (weighted) query terms, best first, optionally each followed by ``(day N)``;
  :func:`pick_sentences` does the same for any per-sentence score (the dense adapter's cosines).
* :data:`ABSTENTION`: the text every built-in adapter answers with when it has no evidence (its
  ``abstention`` config key changes it); the rubric judge and LoCoMo's official adversarial check
  both read it as declining to answer.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from ..data.corpus import DayMetadata
from ..errors import ConfigError
from .base import QueryDetail, RetrievalEntry
from .capabilities import memory_id_day
from .retrieval.base import Document, chunk_day
from .retrieval.tokenize import tokenize, unique_tokens

__all__ = [
    "ABSTAINING",
    "ABSTENTION",
    "DEFAULT_SESSION",
    "SNIPPET_CHARS",
    "Abstaining",
    "Chunk",
    "MemoryStore",
    "Option",
    "StoreAdapter",
    "abstain",
    "cite_day",
    "compose_answer",
    "entry",
    "parse_options",
    "pick_sentences",
    "query_terms",
    "snippet",
    "split_sentences",
    "visible",
]

ABSTENTION = "Not mentioned in memory: no evidence found."
"""The answer of an adapter that found nothing to answer from (null always; bm25 and fts5 below their
threshold; the baselines when nothing they may use overlaps the question). Worded so that every
scorer reads it as declining to answer: the rubric judge's abstention ("no evidence", "not
mentioned"), and LoCoMo's official adversarial check, which credits an answer containing "not
mentioned" or "no information available" (it was "No evidence found in memory.", which that check
does not recognise). Every built-in adapter takes another wording as its ``abstention`` config key."""


DEFAULT_SESSION = "principal"
"""The query session when a caller passes none (the harness always passes one)."""

SNIPPET_CHARS = 200
"""The longest snippet a retrieval entry carries."""

# A sentence ends at . ! or ? followed by space and what starts a sentence (a capital, a digit, an
# opening quote or bracket), or at a line break. Requiring the capital keeps "e.g. the" and "v1.2"
# whole; "Dr. Okafor" still splits, which costs an extractive answer little.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[\"'“‘(\[]?[A-Z0-9])|\s*\n\s*")
_LINE_MARK = re.compile(r"^(?:[-*+]\s+|\d+[.)]\s+|>\s*)")
_WHITESPACE = re.compile(r"\s+")


# ---------------------------------------------------------------------------------------------------
# Chunks and the store


@attrs.frozen(kw_only=True)
class Chunk:
    """One retrievable piece of a day: a ``###`` section of one session (or a whole session body).

    Attributes:
        document: what the retrieval indexes hold (its ``id``, ``text``, ``day`` and ``session``).
        path: where it lives, ``memories/day-0005.md#principal/2`` (the principal session's third
            chunk, counted from 0 as :func:`~recallbench.adapters.retrieval.base.chunk_day` counts); without
            a session, ``memories/day-0005.md#2``.
        isolated: whether its session was one of its day's ``isolated_sessions``.
    """

    document: Document
    path: str
    isolated: bool

    @property
    def day(self) -> int:
        return self.document.day or 0

    @property
    def session(self) -> str | None:
        return self.document.session or None

    @property
    def text(self) -> str:
        return self.document.text


def visible(chunk: Chunk, session: str) -> bool:
    """Whether ``chunk`` may be used to answer a question asked in ``session``."""
    return not chunk.isolated or chunk.session == session


@attrs.define(eq=False)
class MemoryStore:
    """The days an adapter has ingested, as chunks, in ingestion order.

    Sentences are split lazily, on the first answer that needs a chunk's: ingestion stays a single
    pass of chunking, which is what the 1,000-days-in-2-seconds target of the bm25 adapter affords.
    """

    chunks: list[Chunk] = attrs.field(factory=list)
    _by_id: dict[str, Chunk] = attrs.field(factory=dict, repr=False)
    _by_day: dict[int, list[Chunk]] = attrs.field(factory=dict, repr=False)
    _metadata: dict[int, DayMetadata] = attrs.field(factory=dict, repr=False)
    _sentences: dict[str, tuple[str, ...]] = attrs.field(factory=dict, repr=False)
    _terms: dict[str, frozenset[str]] = attrs.field(factory=dict, repr=False)
    _sentence_terms: dict[str, tuple[frozenset[str], ...]] = attrs.field(factory=dict, repr=False)
    _visible: dict[str, list[Chunk]] = attrs.field(factory=dict, repr=False)

    def clear(self) -> None:
        """Forget everything (``setup`` starts every unit of work from an empty memory)."""
        self.chunks.clear()
        self._by_id.clear()
        self._by_day.clear()
        self._metadata.clear()
        self._sentences.clear()
        self._terms.clear()
        self._sentence_terms.clear()
        self._visible.clear()

    def add_day(self, day: int, content: str, metadata: DayMetadata) -> list[Chunk]:
        """Chunk and keep one day; return its new chunks (to be indexed).

        A day already held is not added again: the indexes are append-only, and a resumed or
        replayed ingestion must not double a day's weight. Returns ``[]`` for it.
        """
        if day in self._by_day:
            return []
        isolated = frozenset(metadata.isolated_sessions)
        added: list[Chunk] = []
        for document in chunk_day(day, content):
            session = document.session or None
            # The anchor is the chunk's id without its day: "d0005/principal/2" (the third chunk
            # of the principal session, counted from 0 as the retrieval package counts) becomes
            # "#principal/2", so a path and a retrieval-benchmark id name the same chunk.
            index = document.id.rpartition("/")[2]
            anchor = f"{session}/{index}" if session else index
            chunk = Chunk(
                document=document,
                path=f"memories/day-{day:04d}.md#{anchor}",
                isolated=session is not None and session in isolated,
            )
            added.append(chunk)
            self._by_id[document.id] = chunk
        self._by_day[day] = added
        self._metadata[day] = metadata
        self.chunks.extend(added)
        self._visible.clear()
        return added

    def remove_day(self, day: int) -> list[Chunk]:
        """Forget one day; return its chunks (to be taken out of the indexes).

        Raises:
            KeyError: the day is not held.
        """
        removed = self._by_day.pop(day)
        del self._metadata[day]
        ids = {c.document.id for c in removed}
        self.chunks = [c for c in self.chunks if c.document.id not in ids]
        for key in ids:
            del self._by_id[key]
        self.forget_cached(ids)
        self._visible.clear()
        return removed

    def forget_cached(self, keys: Iterable[str]) -> None:
        """Drop the cached splits of these document ids: they are by id, which an updated day's
        chunks (or a dense adapter's passages of them) reuse with new text."""
        for key in keys:
            self._sentences.pop(key, None)
            self._terms.pop(key, None)
            self._sentence_terms.pop(key, None)

    def metadata(self, day: int) -> DayMetadata:
        """The metadata the day was ingested with.

        Raises:
            KeyError: the day is not held.
        """
        return self._metadata[day]

    def chunk(self, document: Document) -> Chunk:
        """The chunk holding ``document`` (a search result of an index fed from this store)."""
        return self._by_id[document.id]

    @property
    def days(self) -> list[int]:
        """The day numbers held, ascending."""
        return sorted(self._by_day)

    def __contains__(self, day: object) -> bool:
        return day in self._by_day

    def visible_chunks(self, session: str) -> list[Chunk]:
        """Every chunk ``session`` may see, in ingestion order (cached until the next day is added;
        do not modify the list)."""
        found = self._visible.get(session)
        if found is None:
            found = self._visible[session] = [c for c in self.chunks if visible(c, session)]
        return found

    def chunks_of(self, days: Iterable[int], session: str) -> list[Chunk]:
        """The chunks of ``days`` (those held) visible to ``session``, in day and file order."""
        out: list[Chunk] = []
        for day in sorted(set(days)):
            out.extend(c for c in self._by_day.get(day, ()) if visible(c, session))
        return out

    def sentences(self, chunk: Chunk) -> tuple[str, ...]:
        """The chunk's sentences (its heading left out), split once and cached."""
        key = chunk.document.id
        found = self._sentences.get(key)
        if found is None:
            found = self._sentences[key] = split_sentences(chunk.text)
        return found

    def sentence_terms(self, chunk: Chunk) -> tuple[frozenset[str], ...]:
        """The distinct terms of each of the chunk's sentences, cached (answers re-read the top
        chunks of many questions)."""
        key = chunk.document.id
        found = self._sentence_terms.get(key)
        if found is None:
            found = tuple(frozenset(tokenize(s)) for s in self.sentences(chunk))
            self._sentence_terms[key] = found
        return found

    def terms(self, chunk: Chunk) -> frozenset[str]:
        """The chunk's distinct terms (pinned tokenizer), computed once and cached."""
        key = chunk.document.id
        found = self._terms.get(key)
        if found is None:
            found = self._terms[key] = frozenset(tokenize(chunk.text))
        return found

    def rank_by_overlap(
        self, chunks: Iterable[Chunk], weights: Mapping[str, float]
    ) -> list[tuple[Chunk, float]]:
        """``chunks`` that share a query term, by summed weight of the terms shared, best first
        (ties: the later day first, then file order)."""
        scored = []
        for order, chunk in enumerate(chunks):
            terms = self.terms(chunk)
            score = sum(w for t, w in weights.items() if t in terms)
            if score > 0:
                scored.append((-score, -chunk.day, order, chunk))
        scored.sort(key=lambda s: s[:3])
        return [(chunk, -neg) for neg, _, _, chunk in scored]


# ---------------------------------------------------------------------------------------------------
# Text


def split_sentences(text: str) -> tuple[str, ...]:
    """The sentences of a chunk's text; markdown headings and session headings are left out, list
    and quote marks stripped."""
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or stripped == "---":
            continue
        for piece in _SENTENCE_BREAK.split(_LINE_MARK.sub("", stripped)):
            sentence = piece.strip()
            if sentence:
                out.append(sentence)
    return tuple(out)


def snippet(text: str, limit: int = SNIPPET_CHARS) -> str:
    """``text`` on one line, cut to at most ``limit`` characters (ending in … when cut)."""
    flat = _WHITESPACE.sub(" ", text).strip()
    if len(flat) <= limit:
        return flat
    return flat[: limit - 1].rstrip() + "…"


def query_terms(question: str) -> list[str]:
    """The question's distinct terms in the pinned tokenizer's spelling (stopwords dropped, plurals
    stemmed), in first-seen order."""
    return unique_tokens(question)


def compose_answer(
    store: MemoryStore,
    candidates: Sequence[Chunk],
    weights: Mapping[str, float],
    *,
    sentences: int,
    cite: bool = False,
) -> str | None:
    """An extractive answer from ``candidates`` (best chunk first), or None when no sentence shares a
    query term.

    Each sentence scores the summed weight of the distinct query terms it contains; equally scored
    sentences go in chunk rank, then file order, so ties favour the better-retrieved evidence. A
    sentence repeated word for word (daily boilerplate) is used once.

    Args:
        store: where the chunks' sentences are cached.
        candidates: the chunks to draw from, best first.
        weights: term → weight (idf for the lexical adapters, 1 for the baselines).
        sentences: how many sentences at most.
        cite: follow each sentence with ``(day N)``.
    """
    if not weights:
        return None

    def overlap(chunk: Chunk) -> list[float]:
        return [
            sum(w for t, w in weights.items() if t in terms)
            for terms in store.sentence_terms(chunk)
        ]

    return pick_sentences(store, candidates, overlap, sentences=sentences, cite=cite)


def pick_sentences(
    store: MemoryStore,
    candidates: Sequence[Chunk],
    score: Callable[[Chunk], Sequence[float]],
    *,
    sentences: int,
    cite: bool = False,
) -> str | None:
    """The best ``sentences`` sentences of ``candidates`` (best chunk first) by ``score``, joined;
    None when none scores above 0.

    ``score(chunk)`` gives one number per sentence of ``store.sentences(chunk)``. Equally scored
    sentences go in chunk rank, then file order; a sentence repeated word for word is used once.
    """
    if sentences < 1:
        return None
    scored: list[tuple[float, int, int, str, int]] = []
    for rank, chunk in enumerate(candidates):
        values = score(chunk)
        for position, sentence in enumerate(store.sentences(chunk)):
            value = float(values[position])
            if value > 0:
                scored.append((-value, rank, position, sentence, chunk.day))
    if not scored:
        return None
    scored.sort()
    chosen: list[str] = []
    seen: set[str] = set()
    for _, _, _, sentence, day in scored:
        if sentence in seen:  # repeated boilerplate across days says nothing twice
            continue
        seen.add(sentence)
        chosen.append(cite_day(sentence, day) if cite else sentence)
        if len(chosen) == sentences:
            break
    return " ".join(chosen)


def cite_day(sentence: str, day: int) -> str:
    """``sentence`` with ``(day N)`` before its closing punctuation: ``"It shipped (day 5)."``."""
    body = sentence.rstrip()
    end = len(body.rstrip(".!?"))
    return f"{body[:end]} (day {day}){body[end:]}"


def entry(chunk: Chunk, score: float | None) -> RetrievalEntry:
    """The retrieval entry reporting ``chunk``."""
    return RetrievalEntry(
        path=chunk.path,
        score=None if score is None else round(score, 6),
        snippet=snippet(chunk.text),
        day=chunk.day,
    )


def abstain(retrieval: Sequence[RetrievalEntry] = (), text: str = ABSTENTION) -> QueryDetail:
    """The abstention answer (``text``), with whatever was retrieved before deciding to abstain."""
    return QueryDetail(answer=text, retrieval=tuple(retrieval))


# ---------------------------------------------------------------------------------------------------
# Configuration


OptionKind = Literal["count", "number", "flag", "int", "text", "path"]


@attrs.frozen
class Option:
    """One configuration key of a built-in adapter: its default and the check its value must pass.

    Attributes:
        default: the value when the key is absent.
        kind: ``"count"`` (an integer ≥ 1), ``"number"`` (a finite number ≥ 0, kept as a float),
            ``"flag"`` (a bool), ``"int"`` (any integer), ``"text"`` (a non-empty string, or None
            when that is the default) or ``"path"`` (a bool, or a non-empty string naming a
            directory).
        doc: what the key does (shown in errors).
    """

    default: Any
    kind: OptionKind
    doc: str = ""


_CHECKS: dict[OptionKind, tuple[str, Callable[[Any], bool]]] = {
    "count": (
        "an integer >= 1",
        lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1,
    ),
    "number": (
        "a number >= 0",
        lambda v: (
            isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) and v >= 0
        ),
    ),
    "flag": ("true or false", lambda v: isinstance(v, bool)),
    "int": ("an integer", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "text": ("a non-empty string", lambda v: v is None or (isinstance(v, str) and bool(v.strip()))),
    "path": (
        "true, false or a directory path",
        lambda v: isinstance(v, bool) or (isinstance(v, str) and bool(v.strip())),
    ),
}


def parse_options(
    adapter: str, options: Mapping[str, Option], config: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The adapter's settings: ``config`` checked against ``options``, defaults filled in.

    Raises:
        ConfigError: a key the adapter does not know (the message lists the ones it does), or a
            value of the wrong kind. A typo in a profile fails the run at once rather than being
            silently ignored.
    """
    if config is not None and not isinstance(config, Mapping):
        raise ConfigError(f"{adapter} takes a mapping of settings, got {type(config).__name__}")
    given = dict(config or {})
    unknown = sorted(set(given) - set(options))
    if unknown:
        known = ", ".join(f"{k} ({o.doc})" if o.doc else k for k, o in options.items()) or "none"
        raise ConfigError(
            f"{adapter} has no config key {', '.join(repr(k) for k in unknown)}; known keys: {known}"
        )
    settings: dict[str, Any] = {}
    for key, option in options.items():
        value = given.get(key, option.default)
        what, check = _CHECKS[option.kind]
        if not check(value):
            raise ConfigError(f"{adapter} config key {key!r} must be {what}, got {value!r}")
        settings[key] = float(value) if option.kind == "number" else value
    return settings


# ---------------------------------------------------------------------------------------------------
# The lifecycle every store-backed adapter shares


ABSTAINING: Mapping[str, Option] = {
    "abstention": Option(ABSTENTION, "text", "the answer when nothing is found")
}
"""The ``abstention`` config key every built-in adapter takes."""


class Abstaining:
    """What a built-in adapter answers when it finds nothing: its ``abstention`` setting (parsed
    with :data:`ABSTAINING` among its options)."""

    settings: dict[str, Any]

    @property
    def abstention(self) -> str:
        """The abstention text."""
        return str(self.settings["abstention"])

    def abstain(self, retrieval: Sequence[RetrievalEntry] = ()) -> QueryDetail:
        """The abstention, with whatever was retrieved before deciding to abstain."""
        return abstain(retrieval, self.abstention)


class StoreAdapter(Abstaining):
    """Base of the built-in adapters that keep the ingested days in a :class:`MemoryStore`.

    Subclasses set ``name`` and ``OPTIONS`` and implement :meth:`query_detail`; ``setup`` empties the
    memory (so one instance per unit of work, or one reused, starts clean) and ``ingest_day`` is
    incremental (a later ``ingest_day`` adds to what is held; ``finalize_ingestion`` may run again).

    Args:
        config: the settings (a profile's ``harness.config``), keys as in the subclass's ``OPTIONS``.

    Raises:
        ConfigError: an unknown key or a value of the wrong kind.
    """

    name: str = "builtin:store"
    OPTIONS: Mapping[str, Option] = {}

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self.settings = parse_options(self.name, {**ABSTAINING, **self.OPTIONS}, config)
        self.store = MemoryStore()

    async def setup(self) -> None:
        """Start from an empty memory."""
        self.store.clear()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Chunk and keep one day."""
        self.added(self.store.add_day(day, content, metadata))

    def added(self, chunks: list[Chunk]) -> None:
        """Hook for subclasses that index the chunks of each ingested day."""

    def removed(self, chunks: list[Chunk]) -> None:
        """Hook for subclasses that take the chunks of a deleted (or updated) day out of their
        indexes."""

    async def finalize_ingestion(self) -> None:
        """Nothing to do: everything ingested is searchable at once."""

    def held_day(self, memory_id: str) -> int:
        """The day ``memory_id`` names (``"day-0007"``), which must be held.

        Raises:
            ValueError: the id names no day.
            KeyError: the day is not held (never ingested, or deleted).
        """
        day = memory_id_day(memory_id)
        if day not in self.store:
            raise KeyError(f'no memory "{memory_id}": day {day} is not held')
        return day

    async def delete_memory(self, memory_id: str) -> None:
        """Forget one ingested day (``"day-0007"``): none of its chunks is retrieved or quoted
        afterwards, and the index statistics no longer count them.

        Raises:
            ValueError: the id names no day.
            KeyError: the day is not held.
        """
        self.removed(self.store.remove_day(self.held_day(memory_id)))

    async def update_memory(self, memory_id: str, content: str) -> None:
        """Replace one ingested day's log (``"day-0007"``) with ``content``, a whole day log as
        ``ingest_day`` takes one; the day keeps its metadata (date, isolated sessions). Its new
        chunks are searchable at once (``finalize_ingestion`` is run for them).

        Raises:
            ValueError: the id names no day.
            KeyError: the day is not held.
        """
        day = self.held_day(memory_id)
        metadata = self.store.metadata(day)
        self.removed(self.store.remove_day(day))
        self.added(self.store.add_day(day, content, metadata))
        await self.finalize_ingestion()

    async def query_detail(self, question: str, *, session: str = DEFAULT_SESSION) -> QueryDetail:
        """The answer with the chunks it came from."""
        raise NotImplementedError

    async def query(self, question: str, *, session: str = DEFAULT_SESSION) -> str:
        """The answer alone."""
        return (await self.query_detail(question, session=session)).answer

    async def teardown(self) -> None:
        """Release the memory."""
        self.store.clear()
