"""Comparing two runs (recallbench.results.comparison): pairing, deltas, intervals, canaries, text and JSON."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench import BenchmarkResult, JudgeScore, PersonaResult, QuestionResult
from recallbench.data import CATEGORIES, QAPair, TimeRange
from recallbench.render.comparison import MAX_CANARIES, comparison_to_json, format_comparison, thin
from recallbench.results import RunMetadata
from recallbench.results.aggregate import merge_heatmaps, persona_heatmap, summarize_checkpoint
from recallbench.results.comparison import FEW_PAIRED, compare_results
from recallbench.results.comparison_records import RunComparison
from recallbench.results.records import QuestionError

# (persona id, checkpoint label, question id) -> (correctness, completeness, hallucination)
Answers = Mapping[tuple[str, str, str], tuple[int, int, int]]

DAYS = {"10d": 10, "20d": 20, "30d": 30}
CATEGORY = {f"q{i}": CATEGORIES[i % 8] for i in range(1, 9)}


def qa(qid: str) -> QAPair:
    return QAPair(
        id=qid,
        question=f"what about {qid}?",
        answer=f"answer {qid}",
        category=CATEGORY.get(qid, "factual-recall"),
        difficulty="easy",
        relevant_days=(1,),
    )


def answer(qid: str, score: tuple[int, int, int], error: str | None = None) -> QuestionResult:
    js = JudgeScore(correctness=score[0], completeness=score[1], hallucination=score[2])
    return QuestionResult(
        qa=qa(qid),
        system_answer="an answer",
        score=js,
        composite_score=float(js.composite),
        latency_ms=1.0,
        error=QuestionError(stage=error, type="X", message="failed") if error else None,
    )


def build(
    answers: Answers,
    *,
    judge: str | None = "rubric",
    ranges: Iterable[str] | None = None,
    shuffle: random.Random | None = None,
    extra: Mapping[tuple[str, str], list[QuestionResult]] | None = None,
    days: Mapping[str, int] = DAYS,
) -> BenchmarkResult:
    """A result holding exactly ``answers`` (plus ``extra`` raw results per (persona, label))."""
    grouped: dict[str, dict[str, list[QuestionResult]]] = {}
    for (pid, label, qid), score in answers.items():
        grouped.setdefault(pid, {}).setdefault(label, []).append(answer(qid, score))
    for (pid, label), results in (extra or {}).items():
        grouped.setdefault(pid, {}).setdefault(label, []).extend(results)
    personas = []
    for pid, by_label in grouped.items():
        checkpoints = []
        for label in sorted(by_label, key=days.__getitem__):
            results = list(by_label[label])
            if shuffle is not None:
                shuffle.shuffle(results)
            checkpoints.append(
                summarize_checkpoint(
                    TimeRange(label=label, days=days[label]), days[label], results, {}
                )
            )
        personas.append(
            PersonaResult(
                persona_id=pid,
                adapter_name="Scripted",
                range_results=tuple(checkpoints),
                heatmap=persona_heatmap(checkpoints),
                total_ingestion_ms=0.0,
                total_query_ms=0.0,
                unique_qa_pair_count=8,
                total_evals_run=sum(r.questions_evaluated for r in checkpoints),
            )
        )
    if shuffle is not None:
        shuffle.shuffle(personas)
    labels = list(ranges) if ranges is not None else sorted(days, key=days.__getitem__)
    return BenchmarkResult(
        timestamp="2026-01-01T00:00:00.000Z",
        adapter_name="Scripted",
        ranges=tuple(TimeRange(label=lb, days=days[lb]) for lb in labels),
        personas=tuple(personas),
        heatmap=merge_heatmaps(p.heatmap for p in personas),
        metadata=RunMetadata(
            duration_ms=1.0, total_evals_run=len(answers), unique_qa_pair_count=8, judge_model=judge
        ),
    )


def summaries_only(result: BenchmarkResult) -> BenchmarkResult:
    """What a progress.jsonl alone holds: the checkpoint summaries, no per-question answers."""
    personas = tuple(
        attrs.evolve(p, range_results=tuple(attrs.evolve(r, question_results=()) for r in p.range_results))
        for p in result.personas
    )  # fmt: skip
    return attrs.evolve(result, personas=personas)


scores = st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 1))
keys = st.tuples(
    st.sampled_from(["ann", "bob"]),
    st.sampled_from(sorted(DAYS)),
    st.sampled_from(sorted(CATEGORY)),
)
answer_maps = st.dictionaries(keys, scores, max_size=30)

FAST = 200  # resamples: the properties hold for any count


def swapped_canary(q: Any) -> Any:
    return attrs.evolve(
        q,
        hallucinated_a=q.hallucinated_b,
        evaluations_a=q.evaluations_b,
        hallucinated_b=q.hallucinated_a,
        evaluations_b=q.evaluations_a,
    )


# ---------------------------------------------------------------------------------------------------
# Properties


@settings(max_examples=60, deadline=None)
@given(answer_maps)
def test_a_run_compared_with_itself_has_zero_deltas(answers: Answers) -> None:
    result = build(answers)
    c = compare_results(result, result, resamples=FAST)
    assert c.unavailable is None
    assert (c.unpaired_a, c.unpaired_b) == (0, 0)
    assert c.canaries is not None
    assert c.canaries.a_only == () and c.canaries.b_only == ()
    assert c.canaries.a_unmatched == () and c.canaries.b_unmatched == ()
    hallucinating = {(p, q) for (p, _, q), s in answers.items() if s[2] == 0}
    assert {(q.persona_id, q.qa_id) for q in c.canaries.both} == hallucinating
    for g in (c.overall, *c.categories, *c.checkpoints, *c.personas):
        assert g.score_delta in (0.0, None)
        assert g.hallucination_delta in (0.0, None)
        if g.paired is not None:
            assert g.paired.delta == 0.0
            for ci in (g.paired.interval, g.paired.hallucination_interval):
                if ci is not None:
                    assert (ci.mean_diff, ci.low, ci.high) == (0.0, 0.0, 0.0)
    if answers:
        assert c.overall.paired is not None and c.overall.paired.count == len(answers)
        assert c.overall.paired.interval is not None


@settings(max_examples=60, deadline=None)
@given(answer_maps, answer_maps)
def test_swapping_a_and_b_negates_deltas_and_swaps_canaries(a_map: Answers, b_map: Answers) -> None:
    a, b = build(a_map), build(b_map)
    ab = compare_results(a, b, resamples=FAST, seed=5)
    ba = compare_results(b, a, resamples=FAST, seed=5)
    assert (ab.unpaired_a, ab.unpaired_b) == (ba.unpaired_b, ba.unpaired_a)
    assert ab.a == ba.b and ab.b == ba.a
    assert [g.name for g in ab.checkpoints] == [g.name for g in ba.checkpoints]
    pairs = zip(
        (ab.overall, *ab.categories, *ab.checkpoints),
        (ba.overall, *ba.categories, *ba.checkpoints),
        strict=True,
    )
    for x, y in pairs:
        assert (x.answers_a, x.answers_b) == (y.answers_b, y.answers_a)
        if x.score_delta is None:
            assert y.score_delta is None
        else:
            assert x.score_delta == -y.score_delta  # type: ignore[operator]
        assert (x.paired is None) == (y.paired is None)
        if x.paired is not None and y.paired is not None:
            assert x.paired.delta == -y.paired.delta
            if x.paired.interval is not None and y.paired.interval is not None:
                assert x.paired.interval.low == pytest.approx(-y.paired.interval.high, abs=1e-9)
                assert x.paired.interval.high == pytest.approx(-y.paired.interval.low, abs=1e-9)
    assert ab.canaries is not None and ba.canaries is not None
    assert ab.canaries.a_only == tuple(swapped_canary(q) for q in ba.canaries.b_only)
    assert ab.canaries.b_only == tuple(swapped_canary(q) for q in ba.canaries.a_only)
    assert ab.canaries.both == tuple(swapped_canary(q) for q in ba.canaries.both)
    assert ab.canaries.a_unmatched == tuple(swapped_canary(q) for q in ba.canaries.b_unmatched)


@settings(max_examples=40, deadline=None)
@given(answer_maps, answer_maps, st.randoms(use_true_random=False))
def test_pairing_ignores_order(a_map: Answers, b_map: Answers, rnd: random.Random) -> None:
    straight = compare_results(build(a_map), build(b_map), resamples=FAST)
    shuffled = compare_results(build(a_map, shuffle=rnd), build(b_map, shuffle=rnd), resamples=FAST)
    assert shuffled.overall.paired == straight.overall.paired
    assert shuffled.canaries == straight.canaries
    assert (shuffled.unpaired_a, shuffled.unpaired_b) == (straight.unpaired_a, straight.unpaired_b)
    assert [g.paired for g in shuffled.categories] == [g.paired for g in straight.categories]
    assert [g.name for g in shuffled.checkpoints] == [g.name for g in straight.checkpoints]
    for x, y in zip(shuffled.categories, straight.categories, strict=True):
        assert x.score_a == pytest.approx(y.score_a) and x.score_b == pytest.approx(y.score_b)
    assert {g.name: g.paired for g in shuffled.personas} == {
        g.name: g.paired for g in straight.personas
    }


@settings(max_examples=60, deadline=None)
@given(answer_maps, answer_maps)
def test_counts_add_up_and_intervals_are_bounded(a_map: Answers, b_map: Answers) -> None:
    c = compare_results(build(a_map), build(b_map), resamples=FAST)
    shared = a_map.keys() & b_map.keys()
    assert c.unpaired_a == len(a_map) - len(shared)
    assert c.unpaired_b == len(b_map) - len(shared)
    assert (c.overall.answers_a, c.overall.answers_b) == (len(a_map), len(b_map))
    assert sum(g.answers_a for g in c.categories) == len(a_map)
    assert sum(g.answers_b for g in c.checkpoints) == len(b_map)
    paired = c.overall.paired
    assert (paired.count if paired else 0) == len(shared)
    if paired is not None and paired.interval is not None:
        ci = paired.interval
        assert -6 <= ci.low <= ci.mean_diff + 1e-9 and ci.mean_diff - 1e-9 <= ci.high <= 6
        assert ci.mean_diff == pytest.approx(paired.delta)
        hci = paired.hallucination_interval
        assert hci is not None and -100 <= hci.low <= hci.high <= 100
    if paired is not None:  # the categories' pairs partition the overall pairs
        assert sum(g.paired.count for g in c.categories if g.paired) == paired.count


@given(st.integers(0, 400), st.integers(2, 20))
def test_thin_keeps_first_and_last(count: int, limit: int) -> None:
    shown = thin(count, limit)
    assert shown == sorted(set(shown))
    assert len(shown) == min(count, limit)
    if count:
        assert shown[0] == 0 and shown[-1] == count - 1


# ---------------------------------------------------------------------------------------------------
# Worked examples

A_MAP: Answers = {
    ("ann", "10d", "q1"): (3, 2, 1),  # 6
    ("ann", "10d", "q2"): (1, 0, 0),  # 1, hallucinated in A only
    ("ann", "20d", "q1"): (2, 2, 1),  # 5
    ("ann", "20d", "q3"): (0, 0, 0),  # 0, hallucinated in both
    ("ann", "20d", "q4"): (0, 0, 0),  # 0, hallucinated; never asked in B
}
B_MAP: Answers = {
    ("ann", "10d", "q1"): (3, 2, 1),  # 6
    ("ann", "10d", "q2"): (2, 1, 1),  # 4, fixed
    ("ann", "20d", "q1"): (1, 0, 0),  # 1, q1 regresses at 20d
    ("ann", "20d", "q3"): (0, 1, 0),  # 1
    ("ann", "30d", "q5"): (3, 2, 1),  # only in B
}


def test_worked_example() -> None:
    c = compare_results(build(A_MAP), build(B_MAP), resamples=500)
    p = c.overall.paired
    assert p is not None and p.count == 4
    assert (p.score_a, p.score_b) == (12 / 4, 12 / 4)
    assert p.delta == 0.0
    assert (p.hallucination_a, p.hallucination_b) == (50.0, 50.0)
    assert (c.unpaired_a, c.unpaired_b) == (1, 1)
    assert c.overall.score_a == pytest.approx(12 / 5)
    assert c.overall.score_b == pytest.approx(18 / 5)
    assert c.overall.hallucination_a == pytest.approx(60.0)
    assert c.overall.hallucination_b == pytest.approx(40.0)
    assert [g.name for g in c.checkpoints] == ["10d", "20d", "30d"]
    ten, twenty, thirty = c.checkpoints
    assert ten.paired is not None and ten.paired.delta == pytest.approx(1.5)
    assert twenty.paired is not None and twenty.paired.delta == pytest.approx(-1.5)
    assert thirty.paired is None and thirty.score_a is None and thirty.score_b == 6.0
    assert (thirty.answers_a, thirty.answers_b, thirty.days) == (0, 1, 30.0)
    k = c.canaries
    assert k is not None
    assert [(q.qa_id, q.hallucinated_a, q.evaluations_a) for q in k.a_only] == [("q2", 1, 1)]
    assert [(q.qa_id, q.hallucinated_b, q.evaluations_b) for q in k.b_only] == [("q1", 1, 2)]
    assert [q.qa_id for q in k.both] == ["q3"]
    assert [(q.qa_id, q.evaluations_b) for q in k.a_unmatched] == [("q4", 0)]
    assert k.b_unmatched == ()
    assert k.a_only[0].question == "what about q2?" and k.a_only[0].category == CATEGORY["q2"]


def test_a_uniform_gain_has_a_degenerate_interval_and_the_text_line_says_so() -> None:
    a_map = {("ann", "10d", f"q{i}"): (1, 1, 1) for i in range(1, 9)}
    b_map = dict.fromkeys(a_map, (2, 1, 1))
    c = compare_results(build(a_map), build(b_map), resamples=300)
    assert c.overall.paired is not None and c.overall.paired.interval is not None
    ci = c.overall.paired.interval
    assert (ci.mean_diff, ci.low, ci.high) == pytest.approx((1.0, 1.0, 1.0))
    text = format_comparison(c, label_a="runs/a", label_b="runs/b")
    assert "B − A: +1.00 [+1.00, +1.00] over 8 paired answers" in text
    assert "  A  runs/a" in text and "  B  runs/b" in text


def test_judge_failures_are_left_out() -> None:
    failed = answer("q7", (0, 0, 0), error="judge")
    adapter_failed = answer("q8", (0, 0, 1), error="query")
    raw = {("ann", "10d"): [failed, adapter_failed]}
    a = build({("ann", "10d", "q1"): (3, 2, 1)}, extra=raw)
    # summarize_checkpoint counted the judge failure as scored: move it where the harness puts it.
    rr = a.personas[0].range_results[0]
    kept = tuple(r for r in rr.question_results if r is not failed)
    rr = summarize_checkpoint(rr.range, 10, kept, {}, unscored=(failed,))
    rr_with_stray = attrs.evolve(rr, question_results=(*rr.question_results, failed))
    persona = attrs.evolve(
        a.personas[0], range_results=(rr_with_stray,), heatmap=persona_heatmap([rr])
    )
    a = attrs.evolve(a, personas=(persona,), heatmap=merge_heatmaps([persona.heatmap]))
    c = compare_results(a, a, resamples=50)
    assert c.a.unscored == 1
    assert c.overall.paired is not None and c.overall.paired.count == 2  # q1 and q8, not q7
    assert c.canaries is not None and c.canaries.both == ()  # q7's placeholder zeros are no canary


def test_without_per_question_answers_pairs_and_canaries_are_unavailable() -> None:
    full_b = build(B_MAP)
    c = compare_results(build(A_MAP), summaries_only(full_b), resamples=100)
    assert c.unavailable is not None and "B has no per-question answers" in c.unavailable
    assert c.overall.paired is None and c.canaries is None
    assert (c.unpaired_a, c.unpaired_b) == (None, None)
    assert all(g.paired is None and g.hallucination_b is None for g in c.categories)
    # the heatmap means and checkpoint hallucination rates are still there
    assert c.overall.score_b == pytest.approx(18 / 5)
    assert c.overall.hallucination_b == pytest.approx(40.0)
    assert c.checkpoints[0].hallucination_b == pytest.approx(0.0)
    text = format_comparison(c, label_a="a", label_b="b")
    assert "B − A (paired): unavailable — B has no per-question answers" in text
    assert "paired answers" not in text and "0 paired" not in text
    assert "Canary questions" in text and "  unavailable — " in text
    data = comparison_to_json(c)
    assert data["overall"]["paired"] is None and data["canaries"] is None
    assert data["overall"]["unpairedB"] is None
    assert data["unavailable"] == c.unavailable


def test_warnings_name_different_judges_ranges_and_few_pairs() -> None:
    a = build(A_MAP, judge="openai:gpt-4o", ranges=["10d", "20d"])
    b = build(B_MAP, judge="rubric")
    c = compare_results(a, b, resamples=50)
    text = "\n".join(c.warnings)
    assert "different judges (A: openai:gpt-4o, B: rubric): their scores are not comparable" in text
    assert "different ranges: 0 checkpoint(s) only in A (none), 1 only in B (30d)" in text
    assert "share few answers: 4 paired of 5 in A and 5 in B" in text
    assert FEW_PAIRED > 4
    same = compare_results(build(A_MAP), build(A_MAP), resamples=50)
    assert not any("judges" in w or "ranges" in w for w in same.warnings)
    assert "WARNING: different judges" in format_comparison(c, label_a="a", label_b="b")


def test_checkpoints_naming_the_same_days_are_one_checkpoint() -> None:
    """6mo and 180d are both 180 days: every answer pairs, and a note says how they were matched."""
    days = {"30d": 30, "6mo": 180, "180d": 180}
    answers_a = {("p", lb, q): (3, 2, 1) for lb in ("30d", "6mo") for q in ("q1", "q2", "q3")}
    answers_b = {("p", lb, q): (2, 1, 1) for lb in ("30d", "180d") for q in ("q1", "q2", "q3")}
    c = compare_results(
        build(answers_a, days=days, ranges=["30d", "6mo"]),
        build(answers_b, days=days, ranges=["30d", "180d"]),
        resamples=50,
    )
    assert c.unpaired_a == c.unpaired_b == 0
    assert c.overall.paired is not None and c.overall.paired.count == 6
    assert [g.name for g in c.checkpoints] == ["30d", "6mo"]
    assert "checkpoints matched by their days: B's 180d is A's 6mo (180 days)" in c.warnings
    assert not any(w.startswith("different ranges") for w in c.warnings)


def test_many_checkpoints_are_thinned_and_long_canary_lists_capped() -> None:
    labels = [f"{d}d" for d in range(1, 31)]
    days = {lb: int(lb[:-1]) for lb in labels}
    a_map = {("ann", lb, f"q{i}"): (3, 2, 1) for lb in labels for i in range(1, 3)}
    b_map = {("ann", lb, f"q{i}"): (3, 2, 1) for lb in labels for i in range(1, 3)}
    a_map.update({("ann", "1d", f"x{i:02d}"): (3, 2, 1) for i in range(15)})
    b_map.update({("ann", "1d", f"x{i:02d}"): (0, 0, 0) for i in range(15)})
    c = compare_results(build(a_map, days=days), build(b_map, days=days), resamples=50)
    assert len(c.checkpoints) == 30
    text = format_comparison(c, label_a="a", label_b="b")
    assert "showing 12 of 30 checkpoints, first and last included" in text
    header = next(line for line in text.splitlines() if line.strip().startswith("1d "))
    assert header.split() == [labels[i] for i in thin(30)]
    assert c.canaries is not None and len(c.canaries.b_only) == 15
    assert "regressions (hallucinated in B only): 15" in text
    assert f"… and {15 - MAX_CANARIES} more" in text
    assert len(comparison_to_json(c)["canaries"]["bOnly"]) == 15


def _keys(data: Any) -> Iterable[str]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from _keys(v)
    elif isinstance(data, list):
        for v in data:
            yield from _keys(v)


def test_json_has_camel_case_keys_and_everything() -> None:
    c = compare_results(build(A_MAP), build(B_MAP), resamples=100)
    data = comparison_to_json(c)
    json.dumps(data, allow_nan=False)
    assert all(re.fullmatch(r"[a-z][A-Za-z0-9]*", k) for k in _keys(data))
    assert data["overall"]["paired"]["count"] == 4
    assert data["overall"]["unpairedA"] == 1
    assert [x["category"] for x in data["categories"]] == [g.name for g in c.categories]
    assert [x["label"] for x in data["checkpoints"]] == ["10d", "20d", "30d"]
    assert data["checkpoints"][2]["daysIngested"] == 30
    assert data["canaries"]["aUnmatched"][0]["qaId"] == "q4"
    assert data["bootstrap"] == {"resamples": 100, "seed": 0, "confidence": 0.95}
    assert data["a"]["trend"]["points"] == 2


def test_categories_follow_the_fixed_order() -> None:
    c = compare_results(build(A_MAP), build(B_MAP), resamples=50)
    names = [g.name for g in c.categories]
    assert names == [cat for cat in CATEGORIES if cat in names]
    assert set(names) == {CATEGORY[q] for q in ("q1", "q2", "q3", "q4", "q5")}


def test_trend_is_the_least_squares_slope_per_100_days() -> None:
    # composite 6 at 10d, 4 at 20d, 2 at 30d: -0.2 a day, -20 per 100 days
    a_map = {
        ("ann", "10d", "q1"): (3, 2, 1),
        ("ann", "20d", "q1"): (2, 1, 1),
        ("ann", "30d", "q1"): (1, 0, 1),
    }
    c = compare_results(build(a_map), build(a_map), resamples=10)
    assert c.a.trend is not None
    assert c.a.trend.score_slope == pytest.approx(-20.0)
    assert c.a.trend.hallucination_slope == pytest.approx(0.0)
    assert (c.a.trend.first_day, c.a.trend.last_day, c.a.trend.points) == (10.0, 30.0, 3)
    one = {("ann", "10d", "q1"): (3, 2, 1)}
    assert compare_results(build(one), build(one), resamples=10).a.trend is None


def test_bad_resamples_are_refused() -> None:
    with pytest.raises(ValueError, match="resamples"):
        compare_results(build(A_MAP), build(B_MAP), resamples=0)


def test_empty_runs_compare_without_numbers() -> None:
    c = compare_results(build({}), build({}), resamples=10)
    assert isinstance(c, RunComparison)
    assert c.overall.paired is None and c.overall.score_a is None and c.categories == ()
    text = format_comparison(c, label_a="a", label_b="b")
    assert "no answer is in both runs" in text


def test_the_bootstrap_moved_to_stats_and_is_still_importable_from_retrieval() -> None:
    from recallbench.results import retrieval_metrics as metrics
    from recallbench.results import stats

    assert metrics.paired_bootstrap is stats.paired_bootstrap
    assert metrics.BootstrapInterval is stats.BootstrapInterval
    assert metrics.DEFAULT_RESAMPLES == stats.DEFAULT_RESAMPLES == 10_000


def test_compare_modules_are_pure() -> None:
    code = (
        "import sys, recallbench.results.comparison, recallbench.results.stats; "
        "print(sorted(m for m in ('anyio', 'aiohttp', 'grpc', 'matplotlib', 'numpy') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_canaries_list_the_most_hallucinating_first() -> None:
    a_map = {("ann", lb, q): (3, 2, 1) for lb in ("10d", "20d") for q in ("q1", "q2", "q3")}
    b_map = {
        **a_map,
        ("ann", "10d", "q1"): (1, 0, 0),
        ("ann", "10d", "q2"): (1, 0, 0),
        ("ann", "20d", "q2"): (1, 0, 0),
    }
    c = compare_results(build(a_map), build(b_map), resamples=10)
    assert c.canaries is not None
    assert [(q.qa_id, q.hallucinated_b, q.evaluations_b) for q in c.canaries.b_only] == [
        ("q2", 2, 2),
        ("q1", 1, 2),
    ]


# ---------------------------------------------------------------------------------------------------
# The discrete bootstrap (recallbench.results.stats)


def test_discrete_bootstrap_resamples_like_the_index_bootstrap() -> None:
    import numpy as np

    from recallbench.results.stats import bootstrap_columns, bootstrap_discrete

    rng = np.random.default_rng(11)
    diffs = np.column_stack(
        [rng.integers(-6, 7, size=400), 100.0 * rng.integers(-1, 2, size=400)]
    ).astype(np.float64)
    fast = bootstrap_discrete(diffs, resamples=20_000, seed=1)
    slow = bootstrap_columns(diffs, resamples=20_000, seed=1)
    for f, s in zip(fast, slow, strict=True):
        assert f.mean_diff == pytest.approx(s.mean_diff)
        width = s.high - s.low
        assert abs(f.low - s.low) < 0.05 * width and abs(f.high - s.high) < 0.05 * width
    assert bootstrap_discrete(diffs, resamples=500, seed=2) == bootstrap_discrete(
        diffs, resamples=500, seed=2
    )


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(-6, 6), st.integers(-1, 1)), min_size=1, max_size=60))
def test_discrete_bootstrap_mirrors_under_negation(rows: list[tuple[int, int]]) -> None:
    import numpy as np

    from recallbench.results.stats import bootstrap_discrete

    diffs = np.array(rows, dtype=np.float64)
    for x, y in zip(
        bootstrap_discrete(diffs, resamples=300, seed=4),
        bootstrap_discrete(-diffs, resamples=300, seed=4),
        strict=True,
    ):
        assert x.mean_diff == -y.mean_diff
        assert x.low == pytest.approx(-y.high, abs=1e-9)
        assert x.high == pytest.approx(-y.low, abs=1e-9)
        assert x.low <= x.mean_diff + 1e-9 and x.mean_diff - 1e-9 <= x.high


def test_discrete_bootstrap_defers_to_the_index_bootstrap_for_continuous_data() -> None:
    import numpy as np

    from recallbench.results.stats import bootstrap_columns, bootstrap_discrete

    diffs = np.random.default_rng(3).normal(size=(2_000, 2))
    assert bootstrap_discrete(diffs, resamples=200, seed=5) == bootstrap_columns(
        diffs, resamples=200, seed=5
    )
    with pytest.raises(ValueError, match="no observations"):
        bootstrap_discrete(np.empty((0, 2)))
    with pytest.raises(ValueError, match="resamples"):
        bootstrap_discrete(diffs, resamples=0)
