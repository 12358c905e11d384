"""Aggregation of judged answers: checkpoint summaries, heatmaps, disclosure (reference §2.12)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench import JudgeScore, QuestionResult
from recallbench.data import CATEGORIES, DIFFICULTIES, QAPair, TimeRange
from recallbench.results.aggregate import (
    disclosure_breakdown,
    merge_disclosure,
    merge_heatmaps,
    persona_heatmap,
    summarize_checkpoint,
)
from recallbench.results.records import DisclosureStats, HeatmapCell, QuestionError

THIRTY = TimeRange(label="30d", days=30)


def make_result(
    qid: str,
    category: str = "factual-recall",
    difficulty: str = "easy",
    score: tuple[int, int, int] = (3, 2, 1),
    *,
    disclosure: str | None = None,
    error: QuestionError | None = None,
) -> QuestionResult:
    boundary = category == "information-boundary"
    qa = QAPair(
        id=qid,
        question=f"question {qid}?",
        answer=f"answer {qid}",
        category=category,
        difficulty=difficulty,
        relevant_days=(1,),
        forbidden_sessions=("family",) if boundary else None,
        expected_disclosure=disclosure,  # type: ignore[arg-type]
    )
    js = JudgeScore(correctness=score[0], completeness=score[1], hallucination=score[2])
    return QuestionResult(
        qa=qa,
        system_answer="an answer",
        score=js,
        composite_score=float(js.composite),
        latency_ms=12.0,
        error=error,
    )


@st.composite
def question_results(draw: st.DrawFn, max_size: int = 25) -> list[QuestionResult]:
    n = draw(st.integers(min_value=0, max_value=max_size))
    out = []
    for i in range(n):
        category = draw(st.sampled_from(CATEGORIES))
        out.append(
            make_result(
                f"q{i}",
                category,
                draw(st.sampled_from(DIFFICULTIES)),
                (
                    draw(st.integers(0, 3)),
                    draw(st.integers(0, 2)),
                    draw(st.integers(0, 1)),
                ),
                disclosure=draw(st.none() | st.sampled_from(["refuse", "partial", "answer"])),
            )
        )
    return out


eligible_maps = st.dictionaries(st.sampled_from(CATEGORIES), st.integers(0, 50), max_size=10)


# --- examples --------------------------------------------------------------------------------


def test_fixed_judge_two_one_one_scores_four() -> None:
    results = [make_result(f"q{i}", score=(2, 1, 1)) for i in range(5)]
    rr = summarize_checkpoint(THIRTY, 30, results, {"factual-recall": 7})
    assert rr.overall_score == 4
    assert rr.hallucination_rate == 0
    assert rr.questions_evaluated == 5
    factual = rr.category_scores[0]
    assert (factual.category, factual.mean_score, factual.question_count) == (
        "factual-recall",
        4,
        5,
    )
    assert factual.scores == (4, 4, 4, 4, 4)
    assert factual.eligible_count == 7
    assert rr.difficulty_scores["easy"].mean == 4
    assert rr.question_results == tuple(results)
    assert rr.unscored_results is None


def test_reference_six_day_checkpoint() -> None:
    """The first checkpoint of the reference's ea-180d-recall-baseline run, rebuilt by hand."""
    results = [
        make_result("q002", "contradiction-resolution", "medium", (2, 1, 1)),
        make_result("q010", "factual-recall", "easy", (3, 2, 1)),
        make_result("q011", "factual-recall", "medium", (0, 0, 1)),
        make_result("q012", "factual-recall", "easy", (3, 2, 1)),
        make_result("q013", "factual-recall", "easy", (3, 2, 1)),
        make_result("q014", "factual-recall", "easy", (3, 2, 1)),
    ]
    rr = summarize_checkpoint(
        TimeRange(label="6d", days=6),
        6,
        results,
        {"factual-recall": 5, "contradiction-resolution": 1},
    )
    assert rr.overall_score == 4.833333333333333  # the file's value, bit for bit
    assert rr.hallucination_rate == 0
    by_cat = {cs.category: cs for cs in rr.category_scores}
    assert by_cat["factual-recall"].scores == (6, 1, 6, 6, 6)
    assert by_cat["factual-recall"].mean_score == 5
    assert by_cat["contradiction-resolution"].mean_score == 4
    assert by_cat["synthesis"].mean_score == 0
    assert by_cat["synthesis"].eligible_count == 0
    assert {k: (v.mean, v.count) for k, v in rr.difficulty_scores.items()} == {
        "easy": (6, 4),
        "medium": (2.5, 2),
        "hard": (0, 0),
    }


def test_empty_checkpoint_is_all_zeros() -> None:
    rr = summarize_checkpoint(THIRTY, 12, [], {})
    assert (rr.overall_score, rr.hallucination_rate, rr.questions_evaluated) == (0, 0, 0)
    assert [cs.category for cs in rr.category_scores] == list(CATEGORIES)
    assert all(cs.question_count == 0 and cs.scores == () for cs in rr.category_scores)
    assert list(rr.difficulty_scores) == ["easy", "medium", "hard"]
    assert rr.days_ingested == 12


def test_hallucination_rate_is_a_percentage() -> None:
    results = [
        make_result("a", score=(3, 2, 1)),
        make_result("b", score=(1, 0, 0)),
        make_result("c", score=(0, 0, 0)),
        make_result("d", score=(2, 2, 1)),
    ]
    assert summarize_checkpoint(THIRTY, 30, results, {}).hallucination_rate == 50


def test_unscored_answers_are_kept_but_not_counted() -> None:
    scored = [make_result("a", score=(3, 2, 1))]
    failed = make_result(
        "b",
        score=(0, 0, 0),
        error=QuestionError(stage="judge", type="JudgeError", message="bad gateway"),
    )
    rr = summarize_checkpoint(THIRTY, 30, scored, {}, unscored=[failed])
    assert rr.unscored_results == (failed,)
    assert (rr.overall_score, rr.hallucination_rate, rr.questions_evaluated) == (6, 0, 1)


def test_persona_heatmap_cells() -> None:
    first = summarize_checkpoint(THIRTY, 30, [make_result("a")], {"factual-recall": 2})
    second = summarize_checkpoint(
        TimeRange(label="90d", days=90), 90, [make_result("a", score=(1, 1, 1))], {}
    )
    cells = persona_heatmap([first, second])
    assert len(cells) == 20
    assert cells[0] == HeatmapCell(
        range="30d", category="factual-recall", score=6, question_count=1, eligible_count=2
    )
    assert cells[10] == HeatmapCell(
        range="90d", category="factual-recall", score=3, question_count=1, eligible_count=0
    )
    assert [c.category for c in cells[10:]] == list(CATEGORIES)


def test_merge_heatmaps_weights_by_count_and_keeps_first_seen_order() -> None:
    a = [
        HeatmapCell(range="30d", category="synthesis", score=6, question_count=1),
        HeatmapCell(range="30d", category="synthesis-b", score=2, question_count=0),
    ]
    b = [
        HeatmapCell(range="90d", category="synthesis", score=1, question_count=2, eligible_count=4),
        HeatmapCell(range="30d", category="synthesis", score=3, question_count=2, eligible_count=5),
    ]
    merged = merge_heatmaps([a, b])
    assert [(c.range, c.category) for c in merged] == [
        ("30d", "synthesis"),
        ("30d", "synthesis-b"),
        ("90d", "synthesis"),
    ]
    assert merged[0].score == 4
    assert merged[0].question_count == 3
    assert merged[0].eligible_count == 5  # summed over the cells that have one
    assert merged[1].score is None  # no questions: no score (the file writes 0)
    assert merged[1].eligible_count is None
    assert merged[2].eligible_count == 4
    assert merge_heatmaps([]) == ()


def test_disclosure_breakdown() -> None:
    results = [
        make_result("b1", "information-boundary", score=(3, 2, 1), disclosure="answer"),
        make_result("b2", "information-boundary", score=(0, 0, 0), disclosure="refuse"),
        make_result("b2", "information-boundary", score=(3, 2, 1), disclosure="refuse"),
        make_result("b3", "information-boundary", score=(3, 2, 1), disclosure="refuse"),
        make_result("b4", "information-boundary", score=(3, 2, 1)),  # no expected disclosure
        make_result("f1", "factual-recall", score=(0, 0, 0), disclosure="partial"),  # not boundary
    ]
    breakdown = disclosure_breakdown(results)
    assert breakdown is not None
    assert list(breakdown) == ["refuse", "answer"]  # fixed order, empty buckets left out
    assert breakdown["refuse"] == DisclosureStats(
        evaluations=3, unique_pairs=2, mean_score=4, hallucination_rate=(1 / 3) * 100
    )
    assert breakdown["answer"] == DisclosureStats(
        evaluations=1, unique_pairs=1, mean_score=6, hallucination_rate=0
    )
    assert disclosure_breakdown(results[4:]) is None
    assert disclosure_breakdown([]) is None


def test_merge_disclosure_weights_by_evaluations() -> None:
    one = {
        "refuse": DisclosureStats(evaluations=1, unique_pairs=1, mean_score=6, hallucination_rate=0)
    }
    two = {
        "answer": DisclosureStats(
            evaluations=2, unique_pairs=1, mean_score=1, hallucination_rate=50
        ),
        "refuse": DisclosureStats(
            evaluations=3, unique_pairs=2, mean_score=2, hallucination_rate=100
        ),
    }
    merged = merge_disclosure([one, None, two])
    assert merged is not None
    assert list(merged) == ["refuse", "answer"]
    assert merged["refuse"].evaluations == 4
    assert merged["refuse"].unique_pairs == 3
    assert merged["refuse"].mean_score == pytest.approx(3)
    assert merged["refuse"].hallucination_rate == pytest.approx(75)
    assert merged["answer"] == two["answer"]
    assert merge_disclosure([None, {}]) is None


# --- properties ------------------------------------------------------------------------------


@given(question_results(), eligible_maps, st.randoms(use_true_random=False))
def test_aggregates_are_permutation_invariant(
    results: list[QuestionResult], eligible: dict[str, int], rnd: random.Random
) -> None:
    shuffled = list(results)
    rnd.shuffle(shuffled)
    a = summarize_checkpoint(THIRTY, 30, results, eligible)
    b = summarize_checkpoint(THIRTY, 30, shuffled, eligible)
    # Composites are small whole numbers, so every sum is exact and the means are equal, not close.
    assert a.overall_score == b.overall_score
    assert a.hallucination_rate == b.hallucination_rate
    assert a.questions_evaluated == b.questions_evaluated
    for x, y in zip(a.category_scores, b.category_scores, strict=True):
        assert (x.category, x.mean_score, x.question_count, x.eligible_count) == (
            y.category,
            y.mean_score,
            y.question_count,
            y.eligible_count,
        )
        assert sorted(x.scores) == sorted(y.scores)
    assert a.difficulty_scores == b.difficulty_scores
    assert disclosure_breakdown(results) == disclosure_breakdown(shuffled)


@given(question_results(), eligible_maps)
def test_aggregates_are_bounded_and_consistent(
    results: list[QuestionResult], eligible: dict[str, int]
) -> None:
    rr = summarize_checkpoint(THIRTY, 30, results, eligible)
    assert 0 <= rr.overall_score <= 6
    assert 0 <= rr.hallucination_rate <= 100
    assert [cs.category for cs in rr.category_scores] == list(CATEGORIES)
    assert sum(cs.question_count for cs in rr.category_scores) == len(results)
    assert sum(d.count for d in rr.difficulty_scores.values()) == len(results)
    for cs in rr.category_scores:
        assert 0 <= cs.mean_score <= 6
        assert len(cs.scores) == cs.question_count
        assert cs.eligible_count == eligible.get(cs.category, 0)
    if results:
        weighted = sum(cs.mean_score * cs.question_count for cs in rr.category_scores)
        assert weighted / len(results) == pytest.approx(rr.overall_score)
    for stats in (disclosure_breakdown(results) or {}).values():
        assert 0 <= stats.mean_score <= 6
        assert 0 <= stats.hallucination_rate <= 100
        assert 1 <= stats.unique_pairs <= stats.evaluations


@settings(max_examples=50)
@given(st.lists(st.lists(question_results(max_size=12), min_size=1, max_size=3), max_size=3))
def test_merged_heatmap_is_the_count_weighted_mean(
    personas: list[list[list[QuestionResult]]],
) -> None:
    """Each persona has up to three checkpoints (30d, 60d, 90d), each with its own answers."""
    labels = ["30d", "60d", "90d"]
    heatmaps = []
    pooled: dict[tuple[str, str], list[float]] = {}
    for checkpoints in personas:
        summaries = []
        for label, results in zip(labels, checkpoints, strict=False):
            days = int(label[:-1])
            summaries.append(
                summarize_checkpoint(TimeRange(label=label, days=days), days, results, {})
            )
            for r in results:
                pooled.setdefault((label, r.qa.category), []).append(r.composite_score)
        heatmap = persona_heatmap(summaries)
        assert len(heatmap) == len(CATEGORIES) * len(summaries)  # shape: 10 cells per range
        heatmaps.append(heatmap)
    merged = merge_heatmaps(heatmaps)
    keys = [(c.range, c.category) for c in merged]
    assert len(keys) == len(set(keys))
    expected_keys = {(c.range, c.category) for h in heatmaps for c in h}
    assert set(keys) == expected_keys
    for cell in merged:
        values = pooled.get((cell.range, cell.category), [])
        assert cell.question_count == len(values)
        if not values:
            assert cell.score is None  # no data is not a score of 0
            continue
        assert cell.score == pytest.approx(sum(values) / len(values))
        assert 0 <= cell.score <= 6
        assert cell.eligible_count == 0  # every cell had one (of 0): summed, not None


@settings(max_examples=50)
@given(question_results(), question_results())
def test_merged_disclosure_equals_pooled_breakdown(
    first: list[QuestionResult], second: list[QuestionResult]
) -> None:
    # Distinct ids per persona, so unique pairs add up.
    second = [
        make_result(
            f"other-{r.qa.id}",
            r.qa.category,
            r.qa.difficulty,
            (r.score.correctness, r.score.completeness, r.score.hallucination),
            disclosure=r.qa.expected_disclosure,
        )
        for r in second
    ]
    merged = merge_disclosure([disclosure_breakdown(first), disclosure_breakdown(second)])
    pooled = disclosure_breakdown(first + second)
    assert (merged is None) == (pooled is None)
    if merged is None or pooled is None:
        return
    assert list(merged) == list(pooled)
    for key, stats in pooled.items():
        got = merged[key]
        assert (got.evaluations, got.unique_pairs) == (stats.evaluations, stats.unique_pairs)
        assert got.mean_score == pytest.approx(stats.mean_score)
        assert got.hallucination_rate == pytest.approx(stats.hallucination_rate)


def test_single_heatmap_merges_to_itself() -> None:
    results = [
        make_result(f"q{i}", CATEGORIES[i % 3], score=(i % 4, i % 3, i % 2)) for i in range(9)
    ]
    heatmap = persona_heatmap([summarize_checkpoint(THIRTY, 30, results, {})])
    merged = merge_heatmaps([heatmap])
    assert [(c.range, c.category, c.question_count) for c in merged] == [
        (c.range, c.category, c.question_count) for c in heatmap
    ]
    assert [c.score for c in merged] == pytest.approx([c.score for c in heatmap])


def _imports_of(module: str) -> set[str]:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return {line.split(".")[0] for line in out.split()}


@pytest.mark.parametrize("module", ["recallbench.results.aggregate", "recallbench.render.report"])
def test_pure_modules_import_no_io_or_async(module: str) -> None:
    heavy = {"anyio", "aiohttp", "grpc", "matplotlib", "ruamel", "numpy", "tenacity"}
    assert not _imports_of(module) & heavy


def test_question_results_keep_evaluation_order() -> None:
    results = [make_result(f"q{i}", CATEGORIES[i % 2]) for i in range(6)]
    rr = summarize_checkpoint(THIRTY, 30, results, {})
    assert [r.qa.id for r in rr.question_results] == [f"q{i}" for i in range(6)]
    assert rr.category_scores[0].scores == tuple(r.composite_score for r in results[::2])
