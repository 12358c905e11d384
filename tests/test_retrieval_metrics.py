"""Retrieval metrics: hand-computed cases, properties, and a cross-check against ir-measures."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.results.retrieval_metrics import (
    METRICS,
    RetrievalMetrics,
    bootstrap_columns,
    days_ranking,
    mean_scores,
    ndcg_at_k,
    paired_bootstrap,
    recall_at_k,
    reciprocal_rank,
    retrieval_scores,
)


def _d(rank: int) -> float:
    return 1 / math.log2(rank + 1)


# ---------------------------------------------------------------------------------------------------
# Hand-computed cases


def test_days_ranking_collapses_repeats_and_skips_missing_days() -> None:
    assert days_ranking([5, None, 3, 5, 9, 3, None]) == [5, 3, 9]
    assert days_ranking([]) == []
    assert days_ranking([None, None]) == []


def test_recall_by_hand() -> None:
    ranking = [7, 2, 9, 4, 1, 3]
    relevant = {2, 3, 8}
    assert recall_at_k(ranking, relevant, 1) == 0
    assert recall_at_k(ranking, relevant, 2) == pytest.approx(1 / 3)
    assert recall_at_k(ranking, relevant, 5) == pytest.approx(1 / 3)
    assert recall_at_k(ranking, relevant, 6) == pytest.approx(2 / 3)
    assert recall_at_k(ranking, relevant, 10) == pytest.approx(2 / 3)


def test_ndcg_by_hand() -> None:
    # Relevant at ranks 2 and 4 of 3 relevant items: DCG = 1/log2(3) + 1/log2(5);
    # IDCG@10 = 1 + 1/log2(3) + 1/log2(4).
    ranking = [9, 1, 8, 2, 7]
    relevant = [1, 2, 3]
    expected = (_d(2) + _d(4)) / (_d(1) + _d(2) + _d(3))
    assert ndcg_at_k(ranking, relevant, 10) == pytest.approx(expected)
    # At k = 2 only rank 2 counts and the ideal has two relevant items.
    assert ndcg_at_k(ranking, relevant, 2) == pytest.approx(_d(2) / (_d(1) + _d(2)))
    assert ndcg_at_k([1, 2, 3], relevant, 10) == pytest.approx(1.0)
    assert ndcg_at_k([4, 5], relevant, 10) == 0.0


def test_reciprocal_rank_by_hand() -> None:
    assert reciprocal_rank([4, 5, 1, 2], {1, 2}) == pytest.approx(1 / 3)
    assert reciprocal_rank([1], {1}) == 1.0
    assert reciprocal_rank([4, 5], {1}) == 0.0
    assert reciprocal_rank([], {1}) == 0.0
    assert reciprocal_rank([4, 5, 1], {1}, k=2) == 0.0


def test_repeats_count_at_their_first_position_only() -> None:
    # Without collapsing, the repeated 1 would count twice and push recall past 1.
    assert recall_at_k([1, 1, 1], {1, 2}, 3) == 0.5
    assert ndcg_at_k([5, 1, 5, 1, 2], {1, 2}, 3) == ndcg_at_k([5, 1, 2], {1, 2}, 3)


def test_retrieval_scores_bundles_the_four_metrics() -> None:
    s = retrieval_scores([3, 1, 2], (1, 2))
    assert s.as_dict() == {
        "recall@5": 1.0,
        "recall@10": 1.0,
        "ndcg@10": pytest.approx((_d(2) + _d(3)) / (_d(1) + _d(2))),
        "mrr": 0.5,
    }
    assert tuple(s.as_dict()) == METRICS


@pytest.mark.parametrize(
    "call",
    [
        lambda: recall_at_k([1], [], 5),
        lambda: ndcg_at_k([1], set(), 5),
        lambda: reciprocal_rank([1], ()),
        lambda: recall_at_k([1], {1}, 0),
        lambda: ndcg_at_k([1], {1}, -1),
    ],
)
def test_bad_input_raises_value_error(call: object) -> None:
    with pytest.raises(ValueError, match=r"relevant|k must"):
        call()  # type: ignore[operator]


def test_scores_outside_unit_interval_are_refused() -> None:
    with pytest.raises(ValueError, match="within"):
        RetrievalMetrics(recall_at_5=1.5, recall_at_10=1, ndcg_at_10=1, mrr=1)


def test_mean_scores() -> None:
    assert mean_scores([]) is None
    a = RetrievalMetrics(recall_at_5=1, recall_at_10=1, ndcg_at_10=0.5, mrr=1)
    b = RetrievalMetrics(recall_at_5=0, recall_at_10=0.5, ndcg_at_10=0.25, mrr=0)
    assert mean_scores([a, b]) == RetrievalMetrics(
        recall_at_5=0.5, recall_at_10=0.75, ndcg_at_10=0.375, mrr=0.5
    )


# ---------------------------------------------------------------------------------------------------
# Properties

rankings = st.lists(st.integers(1, 40), max_size=30)
relevants = st.sets(st.integers(1, 40), min_size=1, max_size=10)
ks = st.integers(1, 40)


@given(rankings, relevants, ks)
def test_metrics_are_within_unit_interval(ranking: list[int], relevant: set[int], k: int) -> None:
    for value in (
        recall_at_k(ranking, relevant, k),
        ndcg_at_k(ranking, relevant, k),
        reciprocal_rank(ranking, relevant),
    ):
        assert 0.0 <= value <= 1.0 + 1e-12


@given(rankings, relevants, ks, ks)
def test_recall_is_monotone_in_k(ranking: list[int], relevant: set[int], k1: int, k2: int) -> None:
    lo, hi = sorted((k1, k2))
    assert recall_at_k(ranking, relevant, lo) <= recall_at_k(ranking, relevant, hi)


@given(relevants, st.lists(st.integers(41, 80), unique=True, max_size=10), ks)
def test_perfect_ranking_scores_one(relevant: set[int], tail: list[int], k: int) -> None:
    ranking = sorted(relevant) + tail
    assert ndcg_at_k(ranking, relevant, k) == pytest.approx(1.0)
    assert reciprocal_rank(ranking, relevant) == 1.0
    if k >= len(relevant):
        assert recall_at_k(ranking, relevant, k) == 1.0
    else:
        assert recall_at_k(ranking, relevant, k) == pytest.approx(k / len(relevant))


@given(st.lists(st.integers(1, 40), unique=True, max_size=30), relevants, ks, st.randoms())
def test_permuting_irrelevant_items_changes_nothing(
    ranking: list[int], relevant: set[int], k: int, rnd: random.Random
) -> None:
    # Shuffle only the irrelevant items among the positions they occupy.
    slots = [i for i, x in enumerate(ranking) if x not in relevant]
    items = [ranking[i] for i in slots]
    rnd.shuffle(items)
    permuted = list(ranking)
    for i, x in zip(slots, items, strict=True):
        permuted[i] = x
    assert recall_at_k(permuted, relevant, k) == recall_at_k(ranking, relevant, k)
    assert ndcg_at_k(permuted, relevant, k) == ndcg_at_k(ranking, relevant, k)
    assert reciprocal_rank(permuted, relevant) == reciprocal_rank(ranking, relevant)


@given(rankings, relevants, ks)
def test_items_below_the_cutoff_change_nothing(
    ranking: list[int], relevant: set[int], k: int
) -> None:
    # Fill the ranking to k with irrelevant items, then append relevant ones below the cutoff.
    top = list(dict.fromkeys(ranking))[:k]
    padded = top + list(range(100, 100 + k - len(top)))
    extended = [*padded, *relevant]
    assert recall_at_k(extended, relevant, k) == recall_at_k(ranking, relevant, k)
    assert ndcg_at_k(extended, relevant, k) == ndcg_at_k(ranking, relevant, k)
    assert reciprocal_rank(extended, relevant, k) == reciprocal_rank(ranking, relevant, k)


@given(st.lists(st.tuples(rankings, relevants), min_size=1, max_size=8), st.randoms())
def test_mean_scores_is_permutation_invariant_and_bounded(
    cases: list[tuple[list[int], set[int]]], rnd: random.Random
) -> None:
    scores = [retrieval_scores(r, rel) for r, rel in cases]
    shuffled = list(scores)
    rnd.shuffle(shuffled)
    mean = mean_scores(scores)
    other = mean_scores(shuffled)
    assert mean is not None and other is not None
    for a, b in zip(mean.as_tuple(), other.as_tuple(), strict=True):
        assert a == pytest.approx(b)
    for j, value in enumerate(mean.as_tuple()):
        column = [s.as_tuple()[j] for s in scores]
        assert min(column) - 1e-12 <= value <= max(column) + 1e-12


# ---------------------------------------------------------------------------------------------------
# Paired bootstrap


def test_bootstrap_is_seeded_and_brackets_the_mean() -> None:
    rnd = random.Random(7)
    a = [rnd.random() for _ in range(200)]
    b = [x - 0.1 + rnd.gauss(0, 0.05) for x in a]
    first = paired_bootstrap(a, b, resamples=2_000, seed=3)
    assert paired_bootstrap(a, b, resamples=2_000, seed=3) == first
    assert paired_bootstrap(a, b, resamples=2_000, seed=4) != first
    assert first.mean_diff == pytest.approx(float(np.mean(np.array(a) - np.array(b))))
    assert first.low <= first.mean_diff <= first.high
    assert 0.08 < first.low < first.high < 0.12


def test_bootstrap_of_identical_or_shifted_samples_is_degenerate() -> None:
    a = [0.2, 0.5, 0.9]
    same = paired_bootstrap(a, a, resamples=500)
    assert (same.mean_diff, same.low, same.high) == (0.0, 0.0, 0.0)
    shifted = paired_bootstrap([x + 0.25 for x in a], a, resamples=500)
    assert shifted.low == pytest.approx(0.25)
    assert shifted.high == pytest.approx(0.25)


def test_bootstrap_columns_match_per_metric_bootstraps() -> None:
    rng = np.random.default_rng(1)
    diffs = rng.normal(size=(150, 4))
    together = bootstrap_columns(diffs, resamples=1_000, seed=9)
    for j in range(4):
        alone = paired_bootstrap(diffs[:, j].tolist(), [0.0] * 150, resamples=1_000, seed=9)
        assert together[j].mean_diff == pytest.approx(alone.mean_diff)
        assert together[j].low == pytest.approx(alone.low)
        assert together[j].high == pytest.approx(alone.high)


def test_bootstrap_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="length"):
        paired_bootstrap([1.0], [1.0, 2.0])
    with pytest.raises(ValueError, match="no observations"):
        paired_bootstrap([], [])
    with pytest.raises(ValueError, match="resamples"):
        paired_bootstrap([1.0], [0.0], resamples=0)


# ---------------------------------------------------------------------------------------------------
# Cross-check against ir-measures (trec_eval)


def test_metrics_agree_with_ir_measures_on_random_rankings() -> None:
    ir_measures = pytest.importorskip("ir_measures")
    from ir_measures import RR, Qrel, R, ScoredDoc, nDCG

    rnd = random.Random(20240607)
    qrels: list[object] = []
    run: list[object] = []
    ours: dict[str, dict[str, float]] = {}
    for q in range(300):
        qid = f"q{q}"
        universe = list(range(1, rnd.randint(5, 60)))
        relevant = set(rnd.sample(universe, rnd.randint(1, min(8, len(universe)))))
        ranking = rnd.sample(universe, rnd.randint(1, min(30, len(universe))))
        for doc in relevant:
            qrels.append(Qrel(qid, f"d{doc}", 1))
        # Some judged-irrelevant documents too: they must count as irrelevant, not unjudged-relevant.
        for doc in rnd.sample(universe, min(3, len(universe))):
            if doc not in relevant:
                qrels.append(Qrel(qid, f"d{doc}", 0))
        # Scores decrease strictly with rank, so trec_eval's tie-breaking never applies.
        for rank, doc in enumerate(ranking):
            run.append(ScoredDoc(qid, f"d{doc}", float(len(ranking) - rank)))
        s = retrieval_scores(ranking, relevant)
        ours[qid] = {
            "R@5": s.recall_at_5,
            "R@10": s.recall_at_10,
            "nDCG@10": s.ndcg_at_10,
            "RR": s.mrr,
        }

    seen = 0
    for metric in ir_measures.iter_calc([R @ 5, R @ 10, nDCG @ 10, RR], qrels, run):
        assert metric.value == pytest.approx(ours[metric.query_id][str(metric.measure)], abs=1e-9)
        seen += 1
    assert seen == 4 * len(ours)


# ---------------------------------------------------------------------------------------------------
# Purity


def test_pure_retrieval_modules_import_no_numpy_or_async_stacks() -> None:
    code = (
        "import json, sys; import recallbench.results.retrieval_metrics, recallbench.adapters.retrieval.tokenize, "
        "recallbench.adapters.retrieval.base, recallbench.adapters.retrieval; "
        "print(json.dumps([m for m in ('numpy', 'anyio', 'grpc', 'aiohttp', 'matplotlib') "
        "if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
