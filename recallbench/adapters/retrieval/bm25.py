"""Okapi BM25 over chunks, in numpy: the fast lexical baseline (``builtin:bm25``).

Scoring, for a query with distinct terms ``t`` (repeats in the query count once) and a document
``d`` of ``|d|`` tokens, ``avgdl`` the mean document length and ``N`` the number of documents::

    score(d) = Σ_t idf(t) · tf(t, d) · (k1 + 1) / (tf(t, d) + k1 · (1 − b + b · |d| / avgdl))
    idf(t)   = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))

with ``k1 = 1.2`` and ``b = 0.75``. The idf is Lucene's: always positive, where Robertson's original
``ln((N − df + 0.5) / (df + 0.5))`` goes negative for a term in more than half the chunks and would
make matching a common word *lower* a chunk's score. Tokens come from the pinned tokenizer
(:mod:`recallbench.adapters.retrieval.tokenize`).

Results are the documents that share at least one term with the query, by score descending; equal
scores keep insertion order (the earlier-added document first), so a ranking never depends on ids.

**Layout.** :meth:`BM25Index.add` only tokenizes and appends postings to Python lists (ingestion is
one pass, day by day); the first search after new adds compacts everything into a CSR of numpy
arrays (postings sorted by term, per-posting precomputed BM25 weights), which a query reads with a
handful of vector operations per term. Compaction re-sorts all postings (tens of milliseconds at
1,000 days), so it pays to search at checkpoints rather than after every single add; call
:meth:`BM25Index.finalize` to do it ahead of the first query.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable

import numpy as np
import numpy.typing as npt

from .base import Document, IndexRetriever
from .tokenize import tokenize, unique_tokens

__all__ = ["DEFAULT_B", "DEFAULT_K1", "BM25Index", "BM25Retriever"]

DEFAULT_K1 = 1.2
"""Term-frequency saturation."""
DEFAULT_B = 0.75
"""Length normalisation."""

_Ints = npt.NDArray[np.int32]
_Floats = npt.NDArray[np.float64]


class BM25Index:
    """An incrementally built BM25 index over :class:`~recallbench.adapters.retrieval.base.Document` chunks.

    Args:
        k1: term-frequency saturation (default 1.2).
        b: length normalisation (default 0.75).
        tokenizer: text → tokens; the pinned tokenizer unless told (queries use the same one).

    Example:
        >>> index = BM25Index()
        >>> index.add([Document(id="a", text="invoice totals"), Document(id="b", text="a cat")])
        >>> [(d.id, round(s, 3)) for d, s in index.search("invoices", 5)]
        [('a', 0.61)]
    """

    def __init__(
        self,
        *,
        k1: float = DEFAULT_K1,
        b: float = DEFAULT_B,
        tokenizer: Callable[[str], list[str]] = tokenize,
    ) -> None:
        if k1 < 0 or not 0 <= b <= 1:
            raise ValueError(f"BM25 needs k1 >= 0 and 0 <= b <= 1, got k1={k1}, b={b}")
        self.k1 = k1
        self.b = b
        self._tokenize = tokenizer
        self.documents: list[Document] = []
        """Every document added, in order (a document's position is its internal number)."""
        self._positions: dict[str, int] = {}
        self._vocab: dict[str, int] = {}
        self._lengths: list[int] = []
        # Postings added since the last compaction, as parallel lists (term id, doc number, tf).
        self._new_terms: list[int] = []
        self._new_docs: list[int] = []
        self._new_tfs: list[int] = []
        # The compacted CSR: postings of term t are [indptr[t], indptr[t+1]), doc numbers ascending.
        self._indptr: _Ints = np.zeros(1, dtype=np.int32)
        self._post_docs: _Ints = np.zeros(0, dtype=np.int32)
        self._post_tfs: _Ints = np.zeros(0, dtype=np.int32)
        self._post_weights: _Floats = np.zeros(0, dtype=np.float64)
        self._idf: _Floats = np.zeros(0, dtype=np.float64)
        self._doc_lengths: _Ints = np.zeros(0, dtype=np.int32)
        self._compacted_docs = 0

    def __len__(self) -> int:
        return len(self.documents)

    def add(self, documents: Iterable[Document]) -> None:
        """Index more documents (tokenized now; compacted on the next search or :meth:`finalize`).

        Raises:
            ValueError: a document id is already in the index (or repeats in ``documents``).
        """
        vocab = self._vocab
        terms, docs, tfs = self._new_terms, self._new_docs, self._new_tfs
        for document in documents:
            if document.id in self._positions:
                raise ValueError(f"document id {document.id!r} is already in the index")
            number = len(self.documents)
            self._positions[document.id] = number
            self.documents.append(document)
            tokens = self._tokenize(document.text)
            self._lengths.append(len(tokens))
            counts = Counter(tokens)
            for term, tf in counts.items():
                tid = vocab.get(term)
                if tid is None:
                    tid = vocab[term] = len(vocab)
                terms.append(tid)
                tfs.append(tf)
            docs.extend([number] * len(counts))

    def finalize(self) -> None:
        """Compact pending postings into the numpy arrays now (a search does it when needed)."""
        if self._compacted_docs == len(self.documents):
            return
        vocab_size = len(self._vocab)
        old_terms = np.repeat(
            np.arange(len(self._indptr) - 1, dtype=np.int32), np.diff(self._indptr)
        )
        terms = np.concatenate([old_terms, np.asarray(self._new_terms, dtype=np.int32)])
        docs = np.concatenate([self._post_docs, np.asarray(self._new_docs, dtype=np.int32)])
        tfs = np.concatenate([self._post_tfs, np.asarray(self._new_tfs, dtype=np.int32)])
        # Stable: old postings precede new ones and were added earlier, so doc numbers stay
        # ascending within each term.
        order = np.argsort(terms, kind="stable")
        self._post_docs = docs[order]
        self._post_tfs = tfs[order]
        counts = np.bincount(terms, minlength=vocab_size)
        self._indptr = np.zeros(vocab_size + 1, dtype=np.int32)
        np.cumsum(counts, out=self._indptr[1:])
        self._doc_lengths = np.asarray(self._lengths, dtype=np.int32)
        self._new_terms, self._new_docs, self._new_tfs = [], [], []
        self._compacted_docs = len(self.documents)
        self._reweight()

    def remove(self, doc_ids: Iterable[str]) -> int:
        """Take documents out of the index; ids it does not hold are ignored. Returns how many it
        removed.

        The other documents keep their order and their postings (renumbered, in numpy: no text is
        tokenized again); idf and the per-posting weights are recomputed, since N and avgdl change.
        A removed document's id may be added again (an updated memory).
        """
        gone = sorted({self._positions[i] for i in doc_ids if i in self._positions})
        if not gone:
            return 0
        self.finalize()
        keep = np.ones(len(self.documents), dtype=bool)
        keep[gone] = False
        # A kept document's new number is the count of kept ones before it: monotone, so the
        # postings of each term stay in ascending document order.
        renumber = (np.cumsum(keep) - 1).astype(np.int32)
        terms = np.repeat(np.arange(len(self._indptr) - 1, dtype=np.int32), np.diff(self._indptr))
        kept = keep[self._post_docs]
        self._post_docs = renumber[self._post_docs[kept]]
        self._post_tfs = self._post_tfs[kept]
        counts = np.bincount(terms[kept], minlength=len(self._vocab))
        self._indptr = np.zeros(len(self._vocab) + 1, dtype=np.int32)
        np.cumsum(counts, out=self._indptr[1:])
        self.documents = [d for d, k in zip(self.documents, keep.tolist(), strict=True) if k]
        self._positions = {d.id: n for n, d in enumerate(self.documents)}
        self._lengths = [n for n, k in zip(self._lengths, keep.tolist(), strict=True) if k]
        self._doc_lengths = np.asarray(self._lengths, dtype=np.int32)
        self._compacted_docs = len(self.documents)
        self._reweight()
        return len(gone)

    def _reweight(self) -> None:
        """Recompute idf and the per-posting weights: both depend on N and avgdl, which every add
        changes."""
        n = len(self.documents)
        total = int(self._doc_lengths.sum())
        avgdl = total / n if n and total else 1.0
        df = np.diff(self._indptr).astype(np.float64)
        self._idf = np.log1p((n - df + 0.5) / (df + 0.5))
        tf = self._post_tfs.astype(np.float64)
        dl = self._doc_lengths[self._post_docs].astype(np.float64)
        norm = self.k1 * (1.0 - self.b + self.b * dl / avgdl)
        self._post_weights = tf * (self.k1 + 1.0) / (tf + norm)

    def idf(self, term: str) -> float:
        """The idf of a term in the pinned tokenizer's spelling (0 for a term never seen)."""
        self.finalize()
        tid = self._vocab.get(term)
        return 0.0 if tid is None else float(self._idf[tid])

    def scores(self, query: str) -> _Floats:
        """The BM25 score of every document for ``query``, by insertion order (0: no shared term)."""
        self.finalize()
        scores = np.zeros(len(self.documents), dtype=np.float64)
        for term in unique_tokens(self._tokenize(query)):
            tid = self._vocab.get(term)
            if tid is None:
                continue
            start, stop = self._indptr[tid], self._indptr[tid + 1]
            # A term lists each document once, so fancy-index += cannot lose a repeated index.
            scores[self._post_docs[start:stop]] += self._idf[tid] * self._post_weights[start:stop]
        return scores

    def search(
        self,
        query: str,
        k: int,
        *,
        allow: Callable[[Document], bool] | None = None,
    ) -> list[tuple[Document, float]]:
        """The best ``k`` documents for ``query`` with their scores, best first.

        Args:
            query: free text, tokenized like the documents.
            k: how many at most.
            allow: when given, only documents it accepts are returned (e.g. the chunks a question's
                session may see); the others are skipped, not counted against ``k``.

        Raises:
            ValueError: ``k`` < 1.
        """
        if k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        scores = self.scores(query)
        candidates = np.flatnonzero(scores)
        if allow is None and len(candidates) > k:
            # Keep everything scoring at least the k-th best, ties at the boundary included, so
            # the sort below applies the tie rule to all of them.
            values = scores[candidates]
            kth = np.partition(values, len(values) - k)[len(values) - k]
            candidates = candidates[values >= kth]
        order = candidates[np.lexsort((candidates, -scores[candidates]))]
        out: list[tuple[Document, float]] = []
        for number in order.tolist():
            document = self.documents[number]
            if allow is not None and not allow(document):
                continue
            out.append((document, float(scores[number])))
            if len(out) == k:
                break
        return out

    def document(self, doc_id: str) -> Document:
        """The document with that id.

        Raises:
            KeyError: no such document.
        """
        return self.documents[self._positions[doc_id]]

    def index_size_bytes(self) -> int:
        """The index's size: the numpy arrays' ``nbytes`` plus an estimate of the vocabulary.

        The vocabulary estimate is the dict's own size (``sys.getsizeof``) plus each term string's
        and each term id's. Documents (their text) are the corpus, not the index, and are not
        counted. Pending postings are compacted first.
        """
        self.finalize()
        arrays = (
            self._indptr,
            self._post_docs,
            self._post_tfs,
            self._post_weights,
            self._idf,
            self._doc_lengths,
        )
        vocab = self._vocab
        vocab_bytes = sys.getsizeof(vocab) + sum(
            sys.getsizeof(t) + sys.getsizeof(i) for t, i in vocab.items()
        )
        return int(sum(a.nbytes for a in arrays)) + vocab_bytes


class BM25Retriever(IndexRetriever[BM25Index]):
    """:class:`BM25Index` as a :class:`~recallbench.adapters.retrieval.base.Retriever` (``name="bm25"``).

    Args:
        k1: term-frequency saturation.
        b: length normalisation.
        name: the label in reports.
    """

    def __init__(self, *, k1: float = DEFAULT_K1, b: float = DEFAULT_B, name: str = "bm25") -> None:
        self.k1 = k1
        self.b = b
        self.name = name
        self.index = BM25Index(k1=k1, b=b)

    def new_index(self) -> BM25Index:
        """An empty index with this retriever's ``k1`` and ``b``."""
        return BM25Index(k1=self.k1, b=self.b)

    def __repr__(self) -> str:
        return (
            f"BM25Retriever(name={self.name!r}, k1={self.k1}, b={self.b}, docs={len(self.index)})"
        )
