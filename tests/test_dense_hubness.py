"""The dense index's hubness correction: kept up to date incrementally, and what it ranks."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench.adapters.retrieval.base import Document
from recallbench.adapters.retrieval.dense import DenseIndex, DenseRetriever

_Floats = np.ndarray[Any, np.dtype[np.float32]]


class TableEncoder:
    """Vectors looked up by text (given ones first), else a unit vector drawn from the text's hash."""

    dim = 16
    label = "table"

    def __init__(self, table: dict[str, Sequence[float]] | None = None) -> None:
        self.table = {k: np.asarray(v, dtype=np.float32) for k, v in (table or {}).items()}

    def encode(self, texts: Sequence[str]) -> _Floats:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            vector = self.table.get(text)
            if vector is None:
                seed = int.from_bytes(hashlib.sha1(text.encode()).digest()[:4], "big")
                vector = np.random.default_rng(seed).standard_normal(self.dim).astype(np.float32)
            out[row] = vector / np.linalg.norm(vector)
        return out

    def word_counts(self, texts: Sequence[str]) -> list[list[int]]:
        return [[1] * len(text.split()) for text in texts]


def _brute_penalty(vectors: _Floats, neighbours: int, weight: float) -> _Floats:
    """The definition, computed the slow way: the mean of each row's best cosines with the others."""
    sims = vectors.astype(np.float64) @ vectors.T.astype(np.float64)
    np.fill_diagonal(sims, -np.inf)
    out = np.zeros(len(vectors))
    for row in range(len(vectors)):
        others = np.sort(sims[row][np.isfinite(sims[row])])[::-1][:neighbours]
        out[row] = weight * others.mean() if len(others) else 0.0
    return out.astype(np.float32)


def _docs(n: int, prefix: str = "t") -> list[Document]:
    return [
        Document(id=f"{prefix}{i}", text=f"{prefix} text {i}", day=i // 3 + 1) for i in range(n)
    ]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 40), min_size=1, max_size=6),
    st.integers(1, 12),
    st.sets(st.integers(0, 150), max_size=20),
)
def test_incremental_neighbourhoods_equal_the_definition(
    batches: list[int], neighbours: int, gone: set[int]
) -> None:
    docs = _docs(sum(batches))
    index = DenseIndex(TableEncoder(), hub_neighbours=neighbours, hub_weight=0.5)  # type: ignore[arg-type]
    start = 0
    for size in batches:  # the penalty is read between batches, as checkpoints do
        index.add(docs[start : start + size])
        start += size
        expected = _brute_penalty(index.vectors, neighbours, 0.5)
        np.testing.assert_allclose(index.hub_penalty(), expected, atol=1e-5)
    index.remove(f"t{i}" for i in gone)
    np.testing.assert_allclose(
        index.hub_penalty(), _brute_penalty(index.vectors, neighbours, 0.5), atol=1e-5
    )


def test_the_block_boundary_is_crossed_incrementally(monkeypatch: pytest.MonkeyPatch) -> None:
    from recallbench.adapters.retrieval import dense

    monkeypatch.setattr(dense, "_HUB_BLOCK", 7)  # several blocks per update, old rows merged
    docs = _docs(40)
    index = DenseIndex(TableEncoder(), hub_neighbours=5)  # type: ignore[arg-type]
    index.add(docs[:11])
    index.hub_penalty()
    index.add(docs[11:])
    np.testing.assert_allclose(
        index.hub_penalty(), _brute_penalty(index.vectors, 5, index.hub_weight), atol=1e-5
    )


def _hub_corpus() -> tuple[TableEncoder, list[Document]]:
    """A routine passage repeated (nearly) on ten days, and the one day's passage that answers."""
    query = np.zeros(16)
    query[0] = 1.0
    routine = np.zeros(16)
    routine[0], routine[1] = 0.62, 0.78  # cosine 0.62 with the query, close to its copies
    answer = np.zeros(16)
    answer[0], answer[2] = 0.60, 0.80  # cosine 0.60 with the query, close to nothing else
    table: dict[str, Sequence[float]] = {"the question": query.tolist(), "answer": answer.tolist()}
    docs = [Document(id="answer", text="answer", day=11)]
    for day in range(1, 11):
        text = f"routine {day}"
        jitter = np.zeros(16)
        jitter[3 + day] = 0.05
        table[text] = (routine + jitter).tolist()
        docs.append(Document(id=text, text=text, day=day))
    return TableEncoder(table), docs


def test_a_hub_no_longer_crowds_out_the_passage_that_answers() -> None:
    encoder, docs = _hub_corpus()
    plain = DenseIndex(encoder, hub_weight=0)  # type: ignore[arg-type]
    plain.add(docs)
    assert plain.search("the question", 1)[0][0].id.startswith("routine")
    corrected = DenseIndex(encoder)  # type: ignore[arg-type]
    corrected.add(docs)
    [(best, score, cosine)] = corrected.search_grouped("the question", 1)
    assert best.id == "answer"
    # The day's score is the ranking score; the cosine beside it is the passage's own.
    assert cosine == pytest.approx(0.6, abs=1e-6)
    assert score == pytest.approx(cosine - float(corrected.hub_penalty()[0]), abs=1e-6)
    retriever = DenseRetriever(encoder)  # type: ignore[arg-type]
    retriever.build_index(docs)
    assert retriever.retrieve("the question", 1) == ["answer"]


def test_weight_zero_ranks_by_cosine_and_bad_settings_are_refused() -> None:
    encoder, docs = _hub_corpus()
    index = DenseIndex(encoder, hub_weight=0)  # type: ignore[arg-type]
    index.add(docs)
    assert np.array_equal(index.ranking_scores("the question"), index.scores("the question"))
    assert not index.hub_penalty().any()
    with pytest.raises(ValueError, match="hub_neighbours"):
        DenseIndex(encoder, hub_neighbours=0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hub_weight"):
        DenseIndex(encoder, hub_weight=-0.1)  # type: ignore[arg-type]
    lone = DenseIndex(encoder)  # type: ignore[arg-type]
    lone.add(docs[:1])
    assert lone.hub_penalty().tolist() == [0.0]


def test_the_adapter_takes_and_checks_the_hub_settings() -> None:
    from recallbench.adapters.dense import DenseAdapter
    from recallbench.errors import ConfigError

    encoder, _ = _hub_corpus()
    adapter = DenseAdapter({"hub_neighbours": 7, "hub_weight": 0.25}, encoder=encoder)  # type: ignore[arg-type]
    assert (adapter.index.hub_neighbours, adapter.index.hub_weight) == (7, 0.25)
    with pytest.raises(ConfigError, match="hub_weight"):
        DenseAdapter({"hub_weight": -1}, encoder=encoder)  # type: ignore[arg-type]
