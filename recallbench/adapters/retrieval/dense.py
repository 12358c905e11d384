"""Dense retrieval: chunks and queries embedded with all-MiniLM-L6-v2, ranked by cosine (``builtin:dense``).

Every chunk and every query becomes a unit-length 384-dimensional vector
(:class:`~recallbench.adapters.retrieval.minilm.MiniLMEncoder`: mean-pooled, L2-normalised, the
sentence-transformers recipe), so the cosine of a query and a chunk is their dot product, in
``[-1, 1]``. Unlike the lexical baselines, a chunk needs no word in common with the query to rank:
"the hospital visit" finds "she was admitted to the clinic".

Results are the ``k`` documents of highest cosine (every document scores, so a search returns ``k``
whenever the index holds that many); equal scores keep insertion order (the earlier-added document
first), as in :mod:`~recallbench.adapters.retrieval.bm25`.

**Passages and days.** The model reads at most 256 word pieces of a text. A chunk within the
passage budget (64 word pieces by default) is embedded whole, exactly as before passages existed; a
longer one (a LoCoMo session runs to 800–1,850) is cut into passages within it, with overlap where a
cut falls inside a paragraph
(:func:`passage_documents`, :mod:`~recallbench.adapters.retrieval.passages`), and each passage is
embedded. :meth:`DenseIndex.search_grouped` then ranks *days*: a day scores the mean of its
``top`` best passages' cosines (:func:`group_scores`; ``top`` 1, the best passage alone, is the
default: see :data:`DAY_PASSAGES`), and is reported by its best passage. :class:`DenseRetriever`
returns each of the ``k`` best days' best chunk, so its ``k`` results are ``k`` different days.

**Layout.** :meth:`DenseIndex.add` only queues documents; the next search (or
:meth:`DenseIndex.finalize`) encodes the queued ones in batches and appends their vectors to one
float32 matrix, so an incremental ingestion encodes each chunk once. The encoder caches vectors by
text, so a rebuilt index over the same chunks costs no encoding at all.

Needs the ``dense`` extra and the weights (:data:`~recallbench.adapters.retrieval.minilm.INSTALL_HINT`);
constructing a :class:`DenseRetriever` or :class:`DenseIndex` without them raises a one-line
:class:`~recallbench.errors.ConfigError`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

from .base import Document, IndexRetriever
from .minilm import MiniLMEncoder, load_encoder
from .passages import OVERLAP_PIECES, PASSAGE_PIECES, split_passages, word_spans

__all__ = [
    "DAY_PASSAGES",
    "HUB_NEIGHBOURS",
    "HUB_WEIGHT",
    "DenseIndex",
    "DenseRetriever",
    "GroupHit",
    "group_scores",
    "passage_documents",
]

_Floats = npt.NDArray[np.float32]
_Rows = npt.NDArray[np.intp]

DAY_PASSAGES = 1
"""Passages a day's score is the mean of, best first: 1, its best passage alone. The mean of the
best 2 or 3 was measured (docs/baselines.md): it lost 0.03–0.16 recall@10 on the executive
assistant, whose days hold eight sections of which usually one is the evidence, and gained at most
0.03 on the long-session file."""

HUB_NEIGHBOURS = 30
"""Nearest other passages whose mean cosine measures how much a passage is a *hub* (see
:class:`DenseIndex`)."""

HUB_WEIGHT = 0.5
"""How much of a passage's hubness its ranking score loses: the score is its cosine less this times
the mean cosine of its :data:`HUB_NEIGHBOURS` nearest other passages; 0 ranks by cosine alone."""

_HUB_BLOCK = 1024  # passages compared with the whole index at once (a block × rows matrix)

GroupHit = tuple[Document, float, float]
"""A day found by :meth:`DenseIndex.search_grouped`: its best passage, the day's score and that
passage's cosine."""


class DenseIndex:
    """An incrementally built index of document vectors, searched by cosine less hubness.

    **Hubness.** In a corpus of routine text — a log that says "Showed both local times in every
    cross-region invite" on hundreds of days — some passages sit close to everything, the question
    included, and crowd out the one passage that answers it: they are *hubs*, a known trait of
    nearest-neighbour search among sentence embeddings. The index ranks by each document's cosine
    with the query less ``hub_weight`` times its *hubness*, the mean cosine of its
    ``hub_neighbours`` nearest other documents in the index (the CSLS correction of Conneau et al.,
    "Word translation without parallel data", ICLR 2018, with the corpus's own documents as the
    neighbourhood). A passage as close to the query as a hub but far from the rest of the corpus —
    the day something happened — now ranks above it. Measured on the six shipped personas and the
    LoCoMo-shaped file (docs/baselines.md): +0.04 to +0.13 recall@10 on every corpus. The
    neighbourhoods are kept up to date incrementally (a new document is compared with every other
    once), and recomputed after a removal; the cosine itself is still what
    :meth:`search_grouped` reports beside the day's score, for thresholds.

    Args:
        encoder: the text encoder (default: the shared all-MiniLM-L6-v2 one, :func:`load_encoder`).
        hub_neighbours: nearest other documents a document's hubness is the mean cosine of (≥ 1;
            all the others when the index holds fewer).
        hub_weight: how much hubness a ranking score loses (≥ 0; 0 ranks by cosine alone).

    Raises:
        ConfigError: no encoder given and the dense extra or the weights are missing.
        ValueError: ``hub_neighbours`` < 1 or ``hub_weight`` < 0.
    """

    def __init__(
        self,
        encoder: MiniLMEncoder | None = None,
        *,
        hub_neighbours: int = HUB_NEIGHBOURS,
        hub_weight: float = HUB_WEIGHT,
    ) -> None:
        if hub_neighbours < 1:
            raise ValueError(f"hub_neighbours must be at least 1, got {hub_neighbours}")
        if not hub_weight >= 0:
            raise ValueError(f"hub_weight must be at least 0, got {hub_weight}")
        self.encoder = encoder if encoder is not None else load_encoder()
        self.hub_neighbours = hub_neighbours
        self.hub_weight = float(hub_weight)
        # Each row's hub_neighbours best cosines with other rows (-inf where it has fewer), for
        # the first _near_rows rows; the penalty cached with the row count it was made for.
        self._near: _Floats = np.zeros((0, hub_neighbours), dtype=np.float32)
        self._near_rows = 0
        self._penalty: _Floats | None = None
        self.documents: list[Document] = []
        """Every document added, in order (a document's position is its row)."""
        self._positions: dict[str, int] = {}
        self._groups: list[int] = []  # each document's group number, by row
        self._group_numbers: dict[Hashable, int] = {}
        self.version = 0
        """Changes whenever documents are added or removed (a caller's per-row cache key)."""
        self._vectors: _Floats = np.zeros((0, self.encoder.dim), dtype=np.float32)
        self._rows = 0  # rows of _vectors in use; the rest is room to grow

    def __len__(self) -> int:
        return len(self.documents)

    def add(
        self, documents: Iterable[Document], *, groups: Iterable[Hashable] | None = None
    ) -> None:
        """Queue more documents (encoded on the next search or :meth:`finalize`).

        Args:
            documents: the documents.
            groups: what :meth:`search_grouped` ranks each document under, one per document
                (default: its day, or its id when it has none).

        Raises:
            ValueError: a document id is already in the index (or repeats in ``documents``).
        """
        documents = list(documents)
        keys = [_group_key(d) for d in documents] if groups is None else list(groups)
        if len(keys) != len(documents):
            raise ValueError(f"{len(keys)} groups for {len(documents)} documents")
        for document, key in zip(documents, keys, strict=True):
            if document.id in self._positions:
                raise ValueError(f"document id {document.id!r} is already in the index")
            self._positions[document.id] = len(self.documents)
            self.documents.append(document)
            self._groups.append(self._group_numbers.setdefault(key, len(self._group_numbers)))
        self.version += 1

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
        self._groups = [self._groups[n] for n in keep]
        self._positions = {d.id: n for n, d in enumerate(self.documents)}
        self._near = self._near[:0]
        self._near_rows = 0
        self._penalty = None
        self.version += 1
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

    def hub_penalty(self) -> _Floats:
        """What each document's ranking score loses, by insertion order: ``hub_weight`` times the
        mean cosine of its ``hub_neighbours`` nearest other documents (0 for a lone document)."""
        vectors = self.vectors
        if self.hub_weight == 0 or len(vectors) < 2:
            return np.zeros(len(vectors), dtype=np.float32)
        if self._penalty is None or len(self._penalty) != len(vectors):
            near = self._nearest(vectors)
            found = np.isfinite(near)
            sums = np.where(found, near, np.float32(0)).sum(axis=1, dtype=np.float64)
            means = sums / np.maximum(found.sum(axis=1), 1)
            self._penalty = (self.hub_weight * means).astype(np.float32)
        return self._penalty

    def _nearest(self, vectors: _Floats) -> _Floats:
        """Bring every row's best cosines with the other rows up to date and return them: rows
        added since the last call are compared with every row (a block at a time), and an older
        row's list takes in the new rows that beat its worst."""
        rows, old, k = len(vectors), self._near_rows, self.hub_neighbours
        near = np.full((rows, k), -np.inf, dtype=np.float32)
        near[:old] = self._near[:old]
        for start in range(old, rows, _HUB_BLOCK):
            stop = min(start + _HUB_BLOCK, rows)
            sims = vectors[start:stop] @ vectors.T
            sims[np.arange(stop - start), np.arange(start, stop)] = -np.inf  # not its own neighbour
            near[start:stop] = _best(sims, k)
            if old:
                fresh = sims[:, :old].T  # the old rows against this block
                beats = np.flatnonzero(fresh.max(axis=1) > near[:old].min(axis=1))
                if len(beats):
                    near[beats] = _best(np.concatenate([near[beats], fresh[beats]], axis=1), k)
        self._near, self._near_rows = near, rows
        return near

    def ranking_scores(self, query: str) -> _Floats:
        """What the index ranks by, by insertion order: each document's cosine with ``query`` less
        its :meth:`hub_penalty`."""
        return self._ranked(self.scores(query))

    def _ranked(self, cosines: _Floats) -> _Floats:
        """``cosines`` (one per document) less each document's :meth:`hub_penalty`."""
        if self.hub_weight == 0:
            return cosines
        ranked: _Floats = cosines - self.hub_penalty()
        return ranked

    def search(
        self,
        query: str,
        k: int,
        *,
        allow: Callable[[Document], bool] | None = None,
    ) -> list[tuple[Document, float]]:
        """The best ``k`` documents for ``query`` with their ranking scores (:meth:`ranking_scores`), best first.

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
        return _top(self.ranking_scores(query), self.documents, k, allow)

    def search_grouped(
        self,
        query: str,
        k: int,
        *,
        top: int = DAY_PASSAGES,
        mask: npt.NDArray[np.bool_] | None = None,
    ) -> list[GroupHit]:
        """The best ``k`` groups (days) for ``query``, best first, each scored by the mean of its
        ``top`` best documents' ranking scores (:meth:`ranking_scores`, :func:`group_scores`) and
        reported by its best document with that document's cosine.

        Args:
            query: free text.
            k: how many groups at most.
            top: documents a group's score is the mean of (all of them when it has fewer).
            mask: when given, one bool per document by insertion order: only those set count (e.g.
                the passages a question's session may see).

        Raises:
            ValueError: ``k`` or ``top`` < 1, or a mask of the wrong length.
        """
        if k < 1 or top < 1:
            raise ValueError(f"k and top must be at least 1, got {k} and {top}")
        if not self.documents:
            return []
        cosines = self.scores(query)
        scores = self._ranked(cosines)
        rows = np.arange(len(scores))
        if mask is not None:
            if len(mask) != len(scores):
                raise ValueError(f"a mask of {len(mask)} for {len(scores)} documents")
            rows = rows[mask]
        if not len(rows):
            return []
        groups = np.asarray(self._groups, dtype=np.intp)[rows]
        means, best = group_scores(scores[rows], groups, top)
        # Best score first; equal scores: the group whose best document was added first.
        order = np.lexsort((rows[best], -means))[:k]
        return [
            (self.documents[rows[best[g]]], float(means[g]), float(cosines[rows[best[g]]]))
            for g in order.tolist()
        ]

    def document(self, doc_id: str) -> Document:
        """The document with that id.

        Raises:
            KeyError: no such document.
        """
        return self.documents[self._positions[doc_id]]

    def index_size_bytes(self) -> int:
        """The vectors' bytes (4 × 384 per document); queued documents are encoded first."""
        return int(self.vectors.nbytes)


def _best(values: _Floats, k: int) -> _Floats:
    """Each row's ``k`` largest values, unordered (-inf fills a row of fewer than ``k``)."""
    if values.shape[1] <= k:
        pad = np.full((values.shape[0], k - values.shape[1]), -np.inf, dtype=np.float32)
        return np.concatenate([values, pad], axis=1)
    best: _Floats = np.partition(values, values.shape[1] - k, axis=1)[:, -k:]
    return best


def _group_key(document: Document) -> Hashable:
    return document.id if document.day is None else ("day", document.day)


def group_scores(scores: _Floats, groups: _Rows, top: int) -> tuple[npt.NDArray[np.float64], _Rows]:
    """Each group's score and best position, for the groups present in ``groups``.

    Args:
        scores: one score per position.
        groups: one group number per position.
        top: a group scores the mean of its ``top`` best scores (all of them when it has fewer);
            1 is its best score.

    Returns:
        ``(means, best)``, one entry per distinct group in ascending group number: the group's score
        (float64; exactly its best score when ``top`` is 1) and the position of its best score (the
        earliest among equals).
    """
    if top < 1:
        raise ValueError(f"top must be at least 1, got {top}")
    if not len(scores):
        return np.zeros(0, dtype=np.float64), np.zeros(0, dtype=np.intp)
    positions = np.arange(len(scores))
    order = np.lexsort((positions, -scores, groups))  # by group, best score first, then position
    sorted_groups = groups[order]
    starts = np.flatnonzero(np.r_[True, sorted_groups[1:] != sorted_groups[:-1]])
    sizes = np.diff(np.r_[starts, len(order)])
    rank = positions - np.repeat(starts, sizes)  # place within its group, best first
    kept = rank < top
    kept_scores = scores[order][kept].astype(np.float64)
    kept_starts = np.flatnonzero(rank[kept] == 0)
    means = np.add.reduceat(kept_scores, kept_starts) / np.minimum(sizes, top)
    best: _Rows = order[starts]
    return means, best


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


def passage_documents(
    documents: Sequence[Document],
    encoder: MiniLMEncoder,
    *,
    budget: int = PASSAGE_PIECES,
    overlap: int = OVERLAP_PIECES,
) -> list[tuple[Document, Document]]:
    """Every document's passages, paired with the document, in order.

    A document whose word pieces fit ``budget`` is its own single passage (the same object, so the
    same id, text and vector); a longer one becomes passages ``<id>#p0``, ``<id>#p1``, … with its
    day and session (:func:`~recallbench.adapters.retrieval.passages.split_passages`). When the
    document's first line is a markdown heading (``### Investor relations inbox``) of at most a
    third of ``budget``, every passage starts with it, so a passage cut from the middle of a section
    still says what the section is about; the rest is split within what the heading leaves.
    """
    # A text of at most `budget` characters has at most `budget` word pieces: skip counting it.
    long = [d for d in documents if len(d.text) > budget]
    counts = dict(
        zip((d.id for d in long), encoder.word_counts([d.text for d in long]), strict=True)
    )
    out: list[tuple[Document, Document]] = []
    for document in documents:
        words = counts.get(document.id)
        if words is None or sum(words) <= budget:
            out.append((document, document))
            continue
        text = document.text
        heading, body, body_words, room = "", text, words, budget
        line_end = text.find("\n")
        if text.startswith("#") and line_end > 0:
            spans = word_spans(text)
            inside = sum(1 for start, _ in spans if start < line_end)
            if 0 < inside < len(spans) and sum(words[:inside]) <= budget // 3:
                heading = text[:line_end] + "\n"
                body, body_words = text[spans[inside][0] :], words[inside:]
                room = budget - sum(words[:inside])
        pieces = split_passages(body, body_words, budget=room, overlap=overlap)
        for i, p in enumerate(pieces):
            passage = Document(
                id=f"{document.id}#p{i}",
                text=heading + body[p.start : p.end],
                day=document.day,
                session=document.session,
            )
            out.append((passage, document))
    return out


class DenseRetriever(IndexRetriever[DenseIndex]):
    """:class:`DenseIndex` as a :class:`~recallbench.adapters.retrieval.base.Retriever` (``name="dense"``).

    Each document is indexed as its passages (:func:`passage_documents`); :meth:`retrieve` ranks
    days by their best passages (:meth:`DenseIndex.search_grouped`) and returns, for each of the
    ``k`` best days, the id of the document holding its best passage (a document without a day is
    a group of its own).

    Args:
        encoder: the text encoder (default: the shared all-MiniLM-L6-v2 one).
        name: the label in reports.
        passage_pieces: word pieces a passage holds at most.
        overlap: word pieces a passage cut inside a paragraph repeats.
        day_passages: passages a day's score is the mean of.
        hub_neighbours: nearest other passages a passage's hubness is the mean cosine of.
        hub_weight: how much hubness a passage's ranking score loses (0: rank by cosine alone).

    Raises:
        ConfigError: no encoder given and the dense extra or the weights are missing.
    """

    def __init__(
        self,
        encoder: MiniLMEncoder | None = None,
        *,
        name: str = "dense",
        passage_pieces: int = PASSAGE_PIECES,
        overlap: int = OVERLAP_PIECES,
        day_passages: int = DAY_PASSAGES,
        hub_neighbours: int = HUB_NEIGHBOURS,
        hub_weight: float = HUB_WEIGHT,
    ) -> None:
        self.name = name
        self.index = DenseIndex(encoder, hub_neighbours=hub_neighbours, hub_weight=hub_weight)
        self.passage_pieces = passage_pieces
        self.overlap = overlap
        self.day_passages = day_passages
        self._sources: dict[str, Document] = {}  # passage id -> the document it comes from

    def build_index(self, corpus: Sequence[Document]) -> None:
        """Replace the index with one over ``corpus``'s passages, encoded."""
        self.index = self.new_index()
        self._sources = {}
        self.add(corpus)
        self.index.finalize()

    def add(self, documents: Iterable[Document]) -> None:
        """Index more documents' passages (incremental ingestion)."""
        pairs = passage_documents(
            list(documents), self.encoder, budget=self.passage_pieces, overlap=self.overlap
        )
        self.index.add(
            (p for p, _ in pairs),
            groups=[_group_key(source) for _, source in pairs],
        )
        self._sources.update((p.id, source) for p, source in pairs)

    def remove(self, doc_ids: Iterable[str]) -> int:
        """Take documents (all their passages) out of the index; how many documents it removed."""
        gone = set(doc_ids)
        held = {source.id for source in self._sources.values()} & gone
        passages = [p for p, source in self._sources.items() if source.id in gone]
        for p in passages:
            del self._sources[p]
        self.index.remove(passages)
        return len(held)

    def search(
        self, query: str, k: int, *, allow: Callable[[Document], bool] | None = None
    ) -> list[tuple[Document, float]]:
        """The documents holding the best passage of each of the ``k`` best days that ``allow``
        accepts (a document is accepted or not with all its passages), with the day's score."""
        mask = None
        if allow is not None:
            mask = np.fromiter(
                (allow(self._sources[d.id]) for d in self.index.documents),
                dtype=np.bool_,
                count=len(self.index),
            )
        hits = self.index.search_grouped(query, k, top=self.day_passages, mask=mask)
        return [(self._sources[d.id], score) for d, score, _ in hits]

    def retrieve(self, query: str, k: int) -> list[str]:
        """The ids of the documents holding the best passages of the ``k`` best days."""
        return [d.id for d, _ in self.search(query, k)]

    @property
    def encoder(self) -> MiniLMEncoder:
        """The text encoder."""
        return self.index.encoder

    def new_index(self) -> DenseIndex:
        """An empty index on the same encoder (its vectors cached by text)."""
        return DenseIndex(
            self.index.encoder,
            hub_neighbours=self.index.hub_neighbours,
            hub_weight=self.index.hub_weight,
        )

    def __repr__(self) -> str:
        return f"DenseRetriever(name={self.name!r}, encoder={self.encoder.label!r}, docs={len(self.index)})"
