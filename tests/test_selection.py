"""Checkpoint question selection: eligibility, gating, new/historical, stratified sampling and order
(reference §2.5–2.8)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from _examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench.data import (
    CATEGORIES,
    GROUP_CATEGORIES,
    QAPair,
    SelectionPolicy,
    TimeRange,
    filter_qa_by_range,
    iter_checkpoints,
    seeded_shuffle,
    select_checkpoint,
    stratified_sample,
)
from recallbench.data.selection import gate_groups, is_eligible, split_new_historical

MAX_DAY = 60
LIGHT = settings(max_examples=60)


def _pair_spec(categories: Sequence[str]) -> st.SearchStrategy[tuple[Any, ...]]:
    return st.tuples(
        st.sampled_from(categories),
        st.lists(st.integers(min_value=1, max_value=MAX_DAY), min_size=1, max_size=4, unique=True),
        st.none() | st.integers(min_value=0, max_value=30),  # irrelevant_after - last day
        st.lists(st.sampled_from(["room-a", "room-b", "dm"]), max_size=2),
        st.sampled_from(["easy", "medium", "hard"]),
        st.booleans(),
        st.none() | st.sampled_from(["principal", "room-a"]),
        st.none() | st.sampled_from(["refuse", "partial", "answer"]),
    )


def _build_pairs(specs: list[tuple[Any, ...]]) -> list[QAPair]:
    """Pairs with unique ids, sorted unique positive days, irrelevant_after ≥ the last day, and
    forbidden sessions on every information-boundary pair."""
    out = []
    for i, (category, days, after, forbidden, difficulty, synth, query, disclosure) in enumerate(
        specs
    ):
        days = sorted(days)
        if category == "information-boundary" and not forbidden:
            forbidden = ["room-a"]
        out.append(
            QAPair(
                id=f"p-q{i:03d}",
                question=f"question {i}?",
                answer=f"answer {i}",
                category=category,
                difficulty=difficulty,
                relevant_days=days,
                requires_synthesis=synth,
                query_session=query,
                forbidden_sessions=forbidden or None,
                expected_disclosure=disclosure,
                irrelevant_after=None if after is None else days[-1] + after,
            )
        )
    return out


def qa_lists(
    max_size: int = 25, categories: Sequence[str] = CATEGORIES
) -> st.SearchStrategy[list[QAPair]]:
    return st.lists(_pair_spec(categories), max_size=max_size).map(_build_pairs)


def ids(pairs: Sequence[QAPair]) -> list[str]:
    return [p.id for p in pairs]


def rule(p: QAPair, days: float, respect: bool = True) -> bool:
    """Reference §2.5, written independently of the package."""
    if max(p.relevant_days) > days:
        return False
    return not (respect and p.irrelevant_after is not None and days > p.irrelevant_after)


def is_subsequence(sub: Sequence[str], full: Sequence[str]) -> bool:
    it = iter(full)
    return all(x in it for x in sub)


def make_pair(qid: str, category: str, days: Sequence[int], **kw: object) -> QAPair:
    if category == "information-boundary":
        kw.setdefault("forbidden_sessions", ["room-a"])
    return QAPair(
        id=qid,
        question="Q?",
        answer="A",
        category=category,
        difficulty="easy",
        relevant_days=list(days),
        **kw,  # type: ignore[arg-type]
    )


days_st = st.integers(min_value=0, max_value=MAX_DAY + 35) | st.floats(
    min_value=0.5, max_value=MAX_DAY + 35, allow_nan=False
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)

# ---------------------------------------------------------------------------------------------------
# filter_qa_by_range


@LIGHT
@given(qa_lists(), days_st, st.booleans())
def test_filter_follows_the_rule_in_order(qa: list[QAPair], days: float, respect: bool) -> None:
    out = filter_qa_by_range(qa, days, respect_irrelevant_after=respect)
    assert ids(out) == [p.id for p in qa if rule(p, days, respect)]
    assert is_subsequence(ids(out), ids(qa))
    assert all(
        is_eligible(p, days, respect_irrelevant_after=respect) == rule(p, days, respect) for p in qa
    )
    # A TimeRange filters by its days.
    if days > 0:
        as_range = filter_qa_by_range(
            qa, TimeRange(label="r", days=days), respect_irrelevant_after=respect
        )
        assert ids(as_range) == ids(out)


@LIGHT
@given(qa_lists(), days_st)
def test_filter_is_idempotent(qa: list[QAPair], days: float) -> None:
    once = filter_qa_by_range(qa, days)
    assert filter_qa_by_range(once, days) == once


@LIGHT
@given(qa_lists(), days_st, st.integers(min_value=1, max_value=50))
def test_filter_monotone_without_irrelevant_after(qa: list[QAPair], days: float, more: int) -> None:
    earlier = set(ids(filter_qa_by_range(qa, days)))
    later = set(ids(filter_qa_by_range(qa, days + more)))
    for p in qa:
        if p.irrelevant_after is None and p.id in earlier:
            assert p.id in later
    # Ignoring irrelevant_after, eligibility is monotone for every pair.
    earlier_all = set(ids(filter_qa_by_range(qa, days, respect_irrelevant_after=False)))
    later_all = set(ids(filter_qa_by_range(qa, days + more, respect_irrelevant_after=False)))
    assert earlier_all <= later_all


@LIGHT
@given(qa_lists(), days_st)
def test_respect_irrelevant_after_false_ignores_field(qa: list[QAPair], days: float) -> None:
    out = filter_qa_by_range(qa, days, respect_irrelevant_after=False)
    assert ids(out) == [p.id for p in qa if max(p.relevant_days) <= days]
    strict = filter_qa_by_range(qa, days)
    assert is_subsequence(ids(strict), ids(out))


def test_irrelevant_after_boundary() -> None:
    p = make_pair("q1", "factual-recall", [3, 5], irrelevant_after=10)
    assert filter_qa_by_range([p], 4) == []
    assert filter_qa_by_range([p], 5) == [p]
    assert filter_qa_by_range([p], 10) == [p]  # still eligible on the day itself
    assert filter_qa_by_range([p], 10.5) == []
    assert filter_qa_by_range([p], 11) == []
    assert filter_qa_by_range([p], 11, respect_irrelevant_after=False) == [p]
    assert filter_qa_by_range([p], TimeRange(label="full", days=9007199254740991)) == []
    q = make_pair("q2", "factual-recall", [7], irrelevant_after=7)
    assert filter_qa_by_range([q], 7) == [q]
    assert filter_qa_by_range([q], 8) == []


def test_every_relevant_day_must_be_covered() -> None:
    p = make_pair("q1", "synthesis", [1, 20, 40])
    assert filter_qa_by_range([p], 39) == []
    assert filter_qa_by_range([p], 40) == [p]
    assert filter_qa_by_range([p], TimeRange(label="full", days=9007199254740991)) == [p]


# ---------------------------------------------------------------------------------------------------
# gate_groups and split_new_historical


@LIGHT
@given(qa_lists())
def test_gate_groups(qa: list[QAPair]) -> None:
    assert gate_groups(qa, True) == qa
    gated = gate_groups(qa, False)
    assert ids(gated) == [p.id for p in qa if p.category not in GROUP_CATEGORIES]
    assert {p.category for p in qa} - {p.category for p in gated} <= set(GROUP_CATEGORIES)
    assert set(GROUP_CATEGORIES) == {"group-session-attribution", "information-boundary"}


@LIGHT
@given(qa_lists(), st.data())
def test_split_new_historical_partitions(qa: list[QAPair], data: st.DataObject) -> None:
    prev = data.draw(st.sets(st.sampled_from([*ids(qa), "not-a-pair"])))
    new, historical = split_new_historical(qa, prev)
    assert all(p.id not in prev for p in new)
    assert all(p.id in prev for p in historical)
    assert sorted(ids(new) + ids(historical)) == sorted(ids(qa))
    assert is_subsequence(ids(new), ids(qa))
    assert is_subsequence(ids(historical), ids(qa))
    assert split_new_historical(qa, frozenset(prev)) == (new, historical)


# ---------------------------------------------------------------------------------------------------
# stratified_sample


@given(qa_lists(max_size=40), st.data(), seeds)
@settings(max_examples=examples(150))
def test_stratified_sample_properties(qa: list[QAPair], data: st.DataObject, seed: int) -> None:
    n = data.draw(st.integers(min_value=-3, max_value=len(qa) + 3), label="n")
    out = stratified_sample(qa, n, seed)
    assert len(out) == min(max(n, 0), len(qa))
    assert len(set(ids(out))) == len(out)
    assert set(ids(out)) <= set(ids(qa))
    assert stratified_sample(qa, n, seed) == out
    if n >= len(qa):
        assert sorted(ids(out)) == sorted(ids(qa))
        assert out == seeded_shuffle(qa, seed)
        return
    if n <= 0:
        return
    pool_counts = Counter(p.category for p in qa)
    got = Counter(p.category for p in out)
    total = len(qa)
    for category, size in pool_counts.items():
        low = n * size // total
        high = -(-n * size // total)
        assert low <= got[category] <= high, (category, size, got[category], n, total)
    # Categories appear in first-appearance order, each a block.
    order = list(dict.fromkeys(p.category for p in qa))
    positions = [order.index(p.category) for p in out]
    assert positions == sorted(positions)
    # Each category's seats are the first of that category's own seeded shuffle.
    for category in pool_counts:
        group = [p for p in qa if p.category == category]
        chosen = [p for p in out if p.category == category]
        assert chosen == seeded_shuffle(group, seed)[: len(chosen)]


@LIGHT
@given(qa_lists(max_size=30), st.data())
def test_stratified_sample_seed_zero_takes_dataset_prefixes(
    qa: list[QAPair], data: st.DataObject
) -> None:
    n = data.draw(st.integers(min_value=1, max_value=max(1, len(qa))), label="n")
    out = stratified_sample(qa, n, 0)
    for category in {p.category for p in qa}:
        group = ids([p for p in qa if p.category == category])
        chosen = ids([p for p in out if p.category == category])
        assert chosen == group[: len(chosen)]


def test_stratified_sample_reference_example() -> None:
    pool = [make_pair(f"f{i}", "factual-recall", [1]) for i in range(20)] + [
        make_pair(f"n{i}", "negative-recall", [1]) for i in range(10)
    ]
    out = stratified_sample(pool, 9, 42)
    assert Counter(p.category for p in out) == {"factual-recall": 6, "negative-recall": 3}
    assert [p.category for p in out] == ["factual-recall"] * 6 + ["negative-recall"] * 3
    assert out[:6] == seeded_shuffle(pool[:20], 42)[:6]
    assert out[6:] == seeded_shuffle(pool[20:], 42)[:3]


def test_stratified_sample_largest_remainder() -> None:
    # 3 categories of sizes 5, 3, 2 (pool 10), n = 5: shares 2.5, 1.5, 1.0 → bases 2, 1, 1, one
    # leftover seat; equal remainders 0.5 → the larger group wins.
    pool = (
        [make_pair(f"a{i}", "synthesis", [1]) for i in range(5)]
        + [make_pair(f"b{i}", "cross-reference", [1]) for i in range(3)]
        + [make_pair(f"c{i}", "factual-recall", [1]) for i in range(2)]
    )
    out = stratified_sample(pool, 5, 7)
    assert Counter(p.category for p in out) == {
        "synthesis": 3,
        "cross-reference": 1,
        "factual-recall": 1,
    }


def test_stratified_sample_edges() -> None:
    pool = [make_pair(f"q{i}", "factual-recall", [1]) for i in range(4)]
    assert stratified_sample(pool, 0, 42) == []
    assert stratified_sample(pool, -1, 42) == []
    assert stratified_sample([], 3, 42) == []
    assert stratified_sample(pool, 4, 42) == seeded_shuffle(pool, 42)
    assert stratified_sample(pool, 9, 0) == pool


# ---------------------------------------------------------------------------------------------------
# select_checkpoint and iter_checkpoints

policies = st.builds(
    SelectionPolicy,
    sample=st.none() | st.integers(min_value=0, max_value=8),
    seed=st.sampled_from([0, 1, 42]) | seeds,
    groups_enabled=st.booleans(),
    respect_irrelevant_after=st.booleans(),
)
range_lists = st.lists(
    st.integers(min_value=1, max_value=MAX_DAY + 35), min_size=1, max_size=6, unique=True
).map(lambda ds: [TimeRange(label=f"{d}d", days=d) for d in sorted(ds)])


@given(qa_lists(max_size=30), range_lists, policies)
@settings(max_examples=examples(150))
def test_iter_checkpoints_properties(
    qa: list[QAPair], ranges: list[TimeRange], policy: SelectionPolicy
) -> None:
    selections = list(iter_checkpoints(qa, ranges, policy))
    assert [s.range for s in selections] == ranges
    ever_eligible: set[str] = set()
    for sel in selections:
        days = sel.range.days
        pre_gate = [p for p in qa if rule(p, days, policy.respect_irrelevant_after)]
        gated = [p for p in pre_gate if policy.groups_enabled or p.category not in GROUP_CATEGORIES]
        assert ids(sel.eligible) == ids(gated)

        # eligible_by_category: all ten categories, fixed order, counted before the gate.
        assert list(sel.eligible_by_category) == list(CATEGORIES)
        assert dict(sel.eligible_by_category) == {
            c: sum(p.category == c for p in pre_gate) for c in CATEGORIES
        }

        # New = eligible now and never eligible at an earlier checkpoint; always all asked.
        assert ids(sel.new) == [p.id for p in gated if p.id not in ever_eligible]
        assert not set(ids(sel.new)) & ever_eligible
        historical_pool = [p for p in gated if p.id in ever_eligible]
        assert sel.historical_available == len(historical_pool)
        assert set(ids(sel.historical)) <= set(ids(historical_pool))
        assert len(set(ids(sel.historical))) == len(sel.historical)
        if policy.sample is not None:
            assert len(sel.historical) <= policy.sample
        if policy.sample is None or len(historical_pool) <= policy.sample:
            assert ids(sel.historical) == ids(historical_pool)
        else:
            assert len(sel.historical) == policy.sample

        # Order: a permutation of new + historical (a seeded shuffle of it).
        assert sorted(sel.question_ids) == sorted(ids(sel.new) + ids(sel.historical))
        assert set(ids(sel.new)) <= set(sel.question_ids)
        assert sel.order == tuple(seeded_shuffle([*sel.new, *sel.historical], policy.seed))
        if policy.seed == 0:
            assert sel.order == (*sel.new, *sel.historical)
            assert is_subsequence(ids(sel.new), ids(qa))
        if not any(p.category in GROUP_CATEGORIES for p in qa) or policy.groups_enabled:
            assert sum(sel.eligible_by_category.values()) == len(sel.eligible)

        ever_eligible |= set(ids(sel.eligible))


@given(qa_lists(max_size=30), range_lists, policies)
@settings(max_examples=60)
def test_iter_checkpoints_matches_select_checkpoint(
    qa: list[QAPair], ranges: list[TimeRange], policy: SelectionPolicy
) -> None:
    prev: set[str] = set()
    for sel in iter_checkpoints(qa, ranges, policy):
        assert sel == select_checkpoint(qa, sel.range, frozenset(prev), policy)
        prev |= set(ids(sel.eligible))


def test_reference_example_one_pair_per_day() -> None:
    qa = [make_pair(f"q{d}", "factual-recall", [d]) for d in range(1, 11)]
    ranges = [TimeRange(label=f"{d}d", days=d) for d in (3, 6, 9)]
    sels = list(iter_checkpoints(qa, ranges, SelectionPolicy(sample=2, seed=42)))
    assert [len(s.order) for s in sels] == [3, 5, 5]
    assert [ids(s.new) for s in sels] == [
        ["q1", "q2", "q3"],
        ["q4", "q5", "q6"],
        ["q7", "q8", "q9"],
    ]
    assert [s.historical_available for s in sels] == [0, 3, 6]
    assert [len(s.historical) for s in sels] == [0, 2, 2]
    # Without a sample everything eligible is asked.
    unsampled = list(iter_checkpoints(qa, ranges, SelectionPolicy(seed=42)))
    assert [len(s.order) for s in unsampled] == [3, 6, 9]


def test_first_checkpoint_not_capped_by_sample() -> None:
    qa = [make_pair(f"q{d}", "factual-recall", [d]) for d in range(1, 11)]
    (sel,) = iter_checkpoints(qa, [TimeRange(label="10d", days=10)], SelectionPolicy(sample=1))
    assert len(sel.order) == 10


def test_eligible_count_is_pre_gate() -> None:
    qa = [
        make_pair("a", "factual-recall", [1]),
        make_pair("b", "information-boundary", [1]),
        make_pair("c", "group-session-attribution", [2]),
        make_pair("d", "information-boundary", [50]),
    ]
    r = TimeRange(label="30d", days=30)
    off = select_checkpoint(qa, r, frozenset(), SelectionPolicy(groups_enabled=False))
    assert ids(off.eligible) == ["a"]
    assert off.question_ids == ("a",)
    expected = dict.fromkeys(CATEGORIES, 0) | {
        "factual-recall": 1,
        "information-boundary": 1,
        "group-session-attribution": 1,
    }
    assert dict(off.eligible_by_category) == expected
    on = select_checkpoint(qa, r, frozenset(), SelectionPolicy(groups_enabled=True, seed=0))
    assert ids(on.eligible) == ["a", "b", "c"]
    assert on.question_ids == ("a", "b", "c")
    assert dict(on.eligible_by_category) == expected


def test_previously_eligible_seeds_the_run() -> None:
    qa = [make_pair(f"q{d}", "factual-recall", [d]) for d in range(1, 5)]
    (sel,) = iter_checkpoints(
        qa,
        [TimeRange(label="4d", days=4)],
        SelectionPolicy(seed=0),
        previously_eligible=["q1", "q3"],
    )
    assert ids(sel.new) == ["q2", "q4"]
    assert ids(sel.historical) == ["q1", "q3"]
    assert sel.question_ids == ("q2", "q4", "q1", "q3")


@pytest.mark.parametrize("bad", [-1, True, 1.5, "3"])
def test_selection_policy_rejects_bad_sample(bad: object) -> None:
    with pytest.raises(ValueError, match="sample"):
        SelectionPolicy(sample=bad)  # type: ignore[arg-type]


def test_selection_policy_defaults() -> None:
    policy = SelectionPolicy()
    assert (policy.sample, policy.seed, policy.groups_enabled, policy.respect_irrelevant_after) == (
        None,
        42,
        False,
        True,
    )
