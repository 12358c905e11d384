"""What a retriever indexes and the protocol it implements (the seed-004 plug-in interface).

* :class:`Document`: one retrievable chunk of a day, with its day number (its relevance to a question
  is whether that day is one of the question's ``relevant_days``).
* :func:`chunk_day`: the chunks of a day log: one per session and ``###`` section.
* :class:`Retriever`: anything with ``retrieve(query, k) -> ranked doc ids``. Optional, used when
  present (duck-typed, as in the seed): ``build_index(corpus)`` (timed separately),
  ``index_size_bytes()`` (reported) and a ``name`` (the label in reports). :func:`as_retriever`
  also accepts a bare callable ``retrieve(query, k)``.

Pure: no numpy, no I/O.
"""

from __future__ import annotations

import inspect
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast, runtime_checkable

import attrs

from ...data.corpus import split_sessions
from ...errors import ConfigError

__all__ = [
    "NO_SESSION",
    "CallableRetriever",
    "Document",
    "Retriever",
    "as_retriever",
    "chunk_day",
    "retriever_name",
]

NO_SESSION = "_"
"""The session part of the id of a chunk from a day log without ``# session:`` headings."""

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n?", re.DOTALL)
_SECTION = re.compile(r"^### ", re.MULTILINE)


@attrs.frozen(kw_only=True)
class Document:
    """One retrievable chunk.

    Attributes:
        id: unique in its corpus; :func:`chunk_day` makes ``d0005/principal/2`` (day 5, session
            ``principal``, its third chunk counting from 0).
        text: what is indexed, the section heading included.
        day: the day the text comes from, when known (it decides relevance).
        session: the session the text belongs to, when known.
    """

    id: str
    text: str = attrs.field(repr=False)
    day: int | None = None
    session: str | None = None


def _sections(body: str) -> list[str]:
    """``body`` cut before every ``### `` heading; pieces that are only whitespace are dropped."""
    starts = [m.start() for m in _SECTION.finditer(body)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    starts.append(len(body))
    pieces = (body[a:b].strip() for a, b in itertools.pairwise(starts))
    return [p for p in pieces if p]


def chunk_day(day_number: int, content: str) -> list[Document]:
    """The chunks of one day log, in file order.

    The log is split into sessions with :func:`~recallbench.data.corpus.split_sessions` (front matter
    dropped; a repeated session heading keeps its last body, as the harness does), then each session
    body before every ``### `` heading. Each chunk's text starts with its heading; text before a
    session's first heading is a chunk of its own. A log without session headings is chunked whole,
    with session None and ``_`` in the ids. Chunks are numbered from 0 within their session:
    ``d0005/principal/0``, ``d0005/principal/1``, …

    Args:
        day_number: the day (1-based), recorded on every chunk.
        content: the whole day file.
    """
    sessions: dict[str | None, str] = {}
    sessions.update(split_sessions(content))
    if not sessions:
        sessions[None] = _FRONT_MATTER.sub("", content, count=1)
    out: list[Document] = []
    for session, body in sessions.items():
        label = NO_SESSION if session is None else session
        for i, text in enumerate(_sections(body)):
            out.append(
                Document(
                    id=f"d{day_number:04d}/{label}/{i}", text=text, day=day_number, session=session
                )
            )
    return out


@runtime_checkable
class Retriever(Protocol):
    """A retriever: ranks the documents it indexed for a query.

    Only ``retrieve`` is required. Used when present:

    * ``build_index(corpus: Sequence[Document]) -> None``: (re)build the index over ``corpus``,
      replacing any previous one; timed separately from the queries.
    * ``index_size_bytes() -> int``: the index's size, reported.
    * ``name: str``: the label in reports (default: the class or function name).
    """

    def retrieve(self, query: str, k: int) -> Sequence[str]:
        """Up to ``k`` document ids, best first."""
        ...


class SearchIndex(Protocol):
    """An index a retriever wraps (:class:`~recallbench.adapters.retrieval.bm25.BM25Index`,
    :class:`~recallbench.adapters.retrieval.dense.DenseIndex`)."""

    def __len__(self) -> int: ...

    def add(self, documents: Iterable[Document]) -> None: ...

    def remove(self, doc_ids: Iterable[str]) -> int: ...

    def finalize(self) -> None: ...

    def search(
        self, query: str, k: int, *, allow: Callable[[Document], bool] | None = None
    ) -> list[tuple[Document, float]]: ...

    def index_size_bytes(self) -> int: ...


IndexT = TypeVar("IndexT", bound=SearchIndex)


class IndexRetriever(Generic[IndexT]):
    """A :class:`SearchIndex` as a :class:`Retriever`: ``build_index`` replaces the index with a new
    one (:meth:`new_index`) over the corpus, finalised; the rest passes through."""

    name: str
    index: IndexT

    def new_index(self) -> IndexT:
        """An empty index of this retriever's settings."""
        raise NotImplementedError

    def build_index(self, corpus: Sequence[Document]) -> None:
        """Replace the index with one over ``corpus``, finalised."""
        self.index = self.new_index()
        self.index.add(corpus)
        self.index.finalize()

    def add(self, documents: Iterable[Document]) -> None:
        """Index more documents (incremental ingestion)."""
        self.index.add(documents)

    def remove(self, doc_ids: Iterable[str]) -> int:
        """Take documents out of the index (ids it does not hold are ignored); how many it
        removed."""
        return self.index.remove(doc_ids)

    def search(
        self, query: str, k: int, *, allow: Callable[[Document], bool] | None = None
    ) -> list[tuple[Document, float]]:
        """The best ``k`` documents that ``allow`` accepts, with their scores, best first."""
        return self.index.search(query, k, allow=allow)

    def retrieve(self, query: str, k: int) -> list[str]:
        """The ids of the best ``k`` documents, best first."""
        return [d.id for d, _ in self.index.search(query, k)]

    def index_size_bytes(self) -> int:
        """The index's size in bytes."""
        return self.index.index_size_bytes()


@attrs.define(eq=False)
class CallableRetriever:
    """A bare ``retrieve(query, k)`` function as a :class:`Retriever` (it has no index of its own).

    Attributes:
        fn: the function.
        name: the label in reports (default: the function's ``__name__``).
    """

    fn: Callable[[str, int], Sequence[str]]
    name: str = attrs.field(default=attrs.Factory(lambda self: _label(self.fn), takes_self=True))

    def retrieve(self, query: str, k: int) -> Sequence[str]:
        """What the function returns for ``(query, k)``."""
        return self.fn(query, k)


def _label(obj: object) -> str:
    name = getattr(obj, "__name__", None) or type(obj).__name__
    return str(name)


def as_retriever(obj: object) -> Retriever:
    """``obj`` as a retriever: an object with ``retrieve`` as is, a bare callable wrapped.

    Raises:
        ConfigError: ``obj`` is a class (instantiate it first), an async function, or neither a
            retriever nor callable.
    """
    if inspect.isclass(obj):
        raise ConfigError(
            f"{obj.__qualname__} is a class, not a retriever: pass an instance of it "
            "(the command line instantiates classes without arguments)"
        )
    retrieve = getattr(obj, "retrieve", None)
    target: Any = retrieve if retrieve is not None else obj
    if inspect.iscoroutinefunction(target):
        raise ConfigError(
            f"{_label(obj)}: retrieve must be a plain function, not async "
            "(the retrieval benchmark calls it synchronously and times each call)"
        )
    if retrieve is not None:
        if not callable(retrieve):
            raise ConfigError(f"{_label(obj)}.retrieve is not callable")
        return cast(Retriever, obj)
    if callable(obj):
        return CallableRetriever(cast(Callable[[str, int], Sequence[str]], obj))
    raise ConfigError(
        f"a {type(obj).__name__} object is not a retriever: expected an object with "
        "retrieve(query, k) -> ranked ids, or a function retrieve(query, k)"
    )


def retriever_name(retriever: object) -> str:
    """The retriever's ``name`` when it is a non-empty string, else its class (or function) name."""
    name = getattr(retriever, "name", None)
    if isinstance(name, str) and name:
        return name
    return type(retriever).__name__
