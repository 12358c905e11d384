"""Dense retrieval: chunks and queries embedded with all-MiniLM-L6-v2, ranked by cosine (``builtin:dense``).

Every chunk and every query becomes a unit-length 384-dimensional vector
(:class:`~recallbench.adapters.retrieval.minilm.MiniLMEncoder`: mean-pooled, L2-normalised, the
sentence-transformers recipe), so the cosine of a query and a chunk is their dot product, in
``[-1, 1]``. Unlike the lexical baselines, a chunk needs no word in common with the query to rank:
"the hospital visit" finds "she was admitted to the clinic".

Results are the ``k`` documents of highest cosine (every document scores, so a search returns ``k``
whenever the index holds that many); equal scores keep insertion order (the earlier-added document
first), as in :mod:`~recallbench.adapters.retrieval.bm25`. A chunk's text is embedded whole up to
the model's 256 word pieces; the rest of a longer chunk does not count (the shipped personas'
chunks are at most 200 word pieces).

**Layout.** :meth:`DenseIndex.add` only queues documents; the next search (or
:meth:`DenseIndex.finalize`) encodes the queued ones in batches and appends their vectors to one
float32 matrix, so an incremental ingestion encodes each chunk once. The encoder caches vectors by
text, so a rebuilt index over the same chunks costs no encoding at all.

Needs the ``dense`` extra and the weights (:data:`~recallbench.adapters.retrieval.minilm.INSTALL_HINT`);
constructing a :class:`DenseRetriever` or :class:`DenseIndex` without them raises a one-line
:class:`~recallbench.errors.ConfigError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

from .base import Document, IndexRetriever
from .minilm import MiniLMEncoder, load_encoder

__all__ = ["DenseIndex", "DenseRetriever"]

_Floats = npt.NDArray[np.float32]


class DenseIndex:
    """An incrementally built index of document vectors, searched by cosine.

    Args:
        encoder: the text encoder (default: the shared all-MiniLM-L6-v2 one, :func:`load_encoder`).

    Raises:
        ConfigError: no encoder given and the dense extra or the weights are missing.
    """

    def __init__(self, encoder: MiniLMEncoder | None = None) -> None:
        self.encoder = encoder if encoder is not None else load_encoder()
        self.documents: list[Document] = []
        """Every document added, in order (a document's position is its row)."""
        self._positions: dict[str, int] = {}
        self._vectors: _Floats = np.zeros((0, self.encoder.dim), dtype=np.float32)
        self._rows = 0  # rows of _vectors in use; the rest is room to grow

    def __len__(self) -> int:
        return len(self.documents)

    def add(self, documents: Iterable[Document]) -> None:
        """Queue more documents (encoded on the next search or :meth:`finalize`).

        Raises:
            ValueError: a document id is already in the index (or repeats in ``documents``).
        """
        for document in documents:
            if document.id in self._positions:
                raise ValueError(f"document id {document.id!r} is already in the index")
            self._positions[document.id] = len(self.documents)
            self.documents.append(document)

    def remove(self, doc_ids: Iterable[str]) -> int:
        """Take documents out of the index (their vectors with them; queued ones are never
        encoded); ids it does not hold are ignored. Returns how many it removed."""
        gone = {self._positions[i] for i in doc_ids if i in self._positions}
        if not gone:
            return 0
        keep = [n for n in range(len(self.documents)) if n not in gone]
        # Encoded documents are a prefix of the list, so the kept ones still are.
        encoded = [n for n in keep if n < self._rows]
        self._vectors = self._vectors[encoded]
        self._rows = len(encoded)
        self.documents = [self.documents[n] for n in keep]
        self._positions = {d.id: n for n, d in enumerate(self.documents)}
        return len(gone)

    @property
    def pending(self) -> int:
        """Documents added but not yet encoded."""
        return len(self.documents) - self._rows

    def finalize(self) -> None:
        """Encode the queued documents now (a search does it when needed)."""
        if not self.pending:
            return
        fresh = self.encoder.encode([d.text for d in self.documents[self._rows :]])
        needed = self._rows + len(fresh)
        if needed > len(self._vectors):
            # Grow geometrically: an ingestion finalized after every day stays linear.
            grown = np.zeros((max(needed, 2 * len(self._vectors)), self.encoder.dim), np.float32)
            grown[: self._rows] = self._vectors[: self._rows]
            self._vectors = grown
        self._vectors[self._rows : needed] = fresh
        self._rows = needed

    @property
    def vectors(self) -> _Floats:
        """The documents' vectors, one row each in insertion order (queued ones encoded first)."""
        self.finalize()
        return self._vectors[: self._rows]

    def embed(self, query: str) -> _Floats:
        """The query's vector (cached by the encoder like any text)."""
        vector: _Floats = self.encoder.encode([query])[0]
        return vector

    def scores(self, query: str) -> _Floats:
        """The cosine of every document with ``query``, by insertion order."""
        scores: _Floats = self.vectors @ self.embed(query)
        return scores

    def search(
        self,
        query: str,
        k: int,
        *,
        allow: Callable[[Document], bool] | None = None,
    ) -> list[tuple[Document, float]]:
        """The best ``k`` documents for ``query`` with their cosines, best first.

        Args:
            query: free text.
            k: how many at most.
            allow: when given, only documents it accepts are returned (e.g. the chunks a question's
                session may see); the others are skipped, not counted against ``k``.

        Raises:
            ValueError: ``k`` < 1.
        """
        if k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        if not self.documents:
            return []
        return _top(self.scores(query), self.documents, k, allow)

    def document(self, doc_id: str) -> Document:
        """The document with that id.

        Raises:
            KeyError: no such document.
        """
        return self.documents[self._positions[doc_id]]

    def index_size_bytes(self) -> int:
        """The vectors' bytes (4 × 384 per document); queued documents are encoded first."""
        return int(self.vectors.nbytes)


def _top(
    scores: _Floats,
    documents: Sequence[Document],
    k: int,
    allow: Callable[[Document], bool] | None,
) -> list[tuple[Document, float]]:
    """The ``k`` best-scoring documents ``allow`` accepts, ties in insertion order."""
    candidates = np.arange(len(scores))
    # Without a filter only the k best can be returned; with one, start from a generous slice and
    # fall back to everything when the filter rejects too many of it.
    want = k if allow is None else 4 * k + 16
    if len(scores) > want:
        kth = np.partition(scores, len(scores) - want)[len(scores) - want]
        candidates = np.flatnonzero(scores >= kth)
    out = _accepted(scores, candidates, documents, k, allow)
    if len(out) < k and len(candidates) < len(scores):
        out = _accepted(scores, np.arange(len(scores)), documents, k, allow)
    return out


def _accepted(
    scores: _Floats,
    candidates: npt.NDArray[np.intp],
    documents: Sequence[Document],
    k: int,
    allow: Callable[[Document], bool] | None,
) -> list[tuple[Document, float]]:
    order = candidates[np.lexsort((candidates, -scores[candidates]))]
    out: list[tuple[Document, float]] = []
    for number in order.tolist():
        document = documents[number]
        if allow is not None and not allow(document):
            continue
        out.append((document, float(scores[number])))
        if len(out) == k:
            break
    return out


class DenseRetriever(IndexRetriever[DenseIndex]):
    """:class:`DenseIndex` as a :class:`~recallbench.adapters.retrieval.base.Retriever` (``name="dense"``).

    Args:
        encoder: the text encoder (default: the shared all-MiniLM-L6-v2 one).
        name: the label in reports.

    Raises:
        ConfigError: no encoder given and the dense extra or the weights are missing.
    """

    def __init__(self, encoder: MiniLMEncoder | None = None, *, name: str = "dense") -> None:
        self.name = name
        self.index = DenseIndex(encoder)

    @property
    def encoder(self) -> MiniLMEncoder:
        """The text encoder."""
        return self.index.encoder

    def new_index(self) -> DenseIndex:
        """An empty index on the same encoder (its vectors cached by text)."""
        return DenseIndex(self.index.encoder)

    def __repr__(self) -> str:
        return f"DenseRetriever(name={self.name!r}, encoder={self.encoder.label!r}, docs={len(self.index)})"
