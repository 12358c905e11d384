"""The seed's hallucination views: rates, per-category and per-persona splits, trends, correlation."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench import BenchmarkResult, JudgeScore, PersonaResult, QuestionResult, TimeRangeResult
from recallbench.data import CORE_CATEGORIES, QAPair, TimeRange
from recallbench.render.hallucination_text import (
    analysis_to_json,
    correlation_reading,
    format_hallucination_lines,
    trend_reading,
)
from recallbench.results import RunMetadata
from recallbench.results.aggregate import merge_heatmaps, persona_heatmap, summarize_checkpoint
from recallbench.results.hallucination import (
    WARNING,
    HallucinationAnalysis,
    LinearFit,
    analyze_hallucination,
    direction,
    least_squares,
    pearson_r,
)
from recallbench.results.reading import read_run
from recallbench.results.records import QuestionError

# --- builders (also used by test_render_hallucination_png) -------------------------------------


def answer(
    qid: str,
    category: str = "factual-recall",
    score: tuple[int, int, int] = (3, 2, 1),
    *,
    error: QuestionError | None = None,
) -> QuestionResult:
    """A judged answer: ``score`` is (correctness, completeness, hallucination)."""
    qa = QAPair(
        id=qid,
        question=f"question {qid}?",
        answer=f"answer {qid}",
        category=category,
        difficulty="medium",
        relevant_days=(1,),
    )
    js = JudgeScore(correctness=score[0], completeness=score[1], hallucination=score[2])
    return QuestionResult(
        qa=qa,
        system_answer="an answer",
        score=js,
        composite_score=float(js.composite),
        latency_ms=5.0,
        error=error,
    )


def checkpoint(
    days: int, answers: Sequence[QuestionResult], unscored: Sequence[QuestionResult] = ()
) -> TimeRangeResult:
    return summarize_checkpoint(TimeRange(label=f"{days}d", days=days), days, answers, {}, unscored)


def persona(pid: str, checkpoints: Sequence[TimeRangeResult]) -> PersonaResult:
    return PersonaResult(
        persona_id=pid,
        adapter_name="Scripted",
        range_results=tuple(checkpoints),
        heatmap=persona_heatmap(checkpoints),
        total_ingestion_ms=0.0,
        total_query_ms=0.0,
        unique_qa_pair_count=0,
        total_evals_run=sum(len(c.question_results) for c in checkpoints),
    )


def run(personas: Sequence[PersonaResult]) -> BenchmarkResult:
    ranges = {rr.range.label: rr.range for p in personas for rr in p.range_results}
    return BenchmarkResult(
        timestamp="2026-01-01T00:00:00.000Z",
        adapter_name="Scripted",
        ranges=tuple(sorted(ranges.values(), key=lambda r: r.days)),
        personas=tuple(personas),
        heatmap=merge_heatmaps(p.heatmap for p in personas),
        metadata=RunMetadata(duration_ms=None, total_evals_run=0, unique_qa_pair_count=0),
    )


def strip_questions(result: BenchmarkResult) -> BenchmarkResult:
    """The result as re-read from a progress.jsonl: checkpoint aggregates only."""
    return attrs.evolve(
        result,
        personas=tuple(
            attrs.evolve(
                p,
                range_results=tuple(
                    attrs.evolve(rr, question_results=(), unscored_results=None)
                    for rr in p.range_results
                ),
            )
            for p in result.personas
        ),
    )


PERSONA_IDS = (
    "executive-assistant",
    "software-engineer",
    "family-lawyer",
    "er-physician",
    "high-school-teacher",
    "restaurant-owner",
)


def synthetic_run(
    *,
    personas: int = 6,
    checkpoints: int = 143,
    per_checkpoint: int = 12,
    fabricating: bool = False,
    seed: int = 0,
) -> BenchmarkResult:
    """A run over 7-day checkpoints whose recall falls as the corpus grows. Healthy: hallucination
    rises as recall falls. Fabricating: hallucination falls with it. negative-recall and synthesis
    hallucinate more than the rest."""
    rng = random.Random(seed)
    out = []
    for k in range(personas):
        pid = PERSONA_IDS[k % len(PERSONA_IDS)] + (f"-{k}" if k >= len(PERSONA_IDS) else "")
        offset = (k - personas / 2) * 0.15
        cps = []
        for i in range(checkpoints):
            t = i / max(1, checkpoints - 1)
            quality = min(5.0, max(0.0, 4.4 - 2.6 * t + offset))
            base = 0.32 - 0.27 * t if fabricating else 0.03 + 0.22 * t
            answers = []
            for j in range(per_checkpoint):
                category = rng.choice(CORE_CATEGORIES)
                p = base * (2.2 if category in ("negative-recall", "synthesis") else 1.0)
                c = round(min(3.0, max(0.0, rng.gauss(quality * 0.6, 0.7))))
                m = round(min(2.0, max(0.0, rng.gauss(quality * 0.4, 0.4))))
                h = 0 if rng.random() < min(1.0, max(0.0, p + offset / 10)) else 1
                answers.append(answer(f"{pid}-{i}-{j}", category, (c, m, h)))
            cps.append(checkpoint(7 * (i + 1), answers))
        out.append(persona(pid, cps))
    return run(out)


# --- strategies --------------------------------------------------------------------------------

scores = st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 1))


@st.composite
def runs(draw: st.DrawFn, judge_errors: bool = True) -> BenchmarkResult:
    n_personas = draw(st.integers(1, 3))
    days = draw(st.lists(st.integers(1, 400), min_size=1, max_size=4, unique=True))
    personas = []
    for k in range(n_personas):
        cps = []
        for d in days:
            n = draw(st.integers(0, 6))
            answers = [
                answer(f"p{k}-{d}-{i}", draw(st.sampled_from(CORE_CATEGORIES)), draw(scores))
                for i in range(n)
            ]
            unscored = []
            if judge_errors and draw(st.booleans()):
                unscored.append(
                    answer(
                        f"p{k}-{d}-u",
                        score=(0, 0, 0),
                        error=QuestionError(stage="judge", type="JudgeError", message="boom"),
                    )
                )
            cps.append(checkpoint(d, answers, unscored))
        personas.append(persona(f"persona-{k}", cps))
    return run(personas)


def shuffled(result: BenchmarkResult, rng: random.Random) -> BenchmarkResult:
    personas = list(result.personas)
    rng.shuffle(personas)
    out = []
    for p in personas:
        rrs = []
        for rr in p.range_results:
            qs = list(rr.question_results)
            rng.shuffle(qs)
            rrs.append(attrs.evolve(rr, question_results=tuple(qs)))
        rng.shuffle(rrs)
        out.append(attrs.evolve(p, range_results=tuple(rrs)))
    return attrs.evolve(result, personas=tuple(out))


# --- properties --------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(runs())
def test_rates_are_percentages_and_counts_are_the_scored_answers(result: BenchmarkResult) -> None:
    a = analyze_hallucination(result)
    scored = [q for p in result.personas for rr in p.range_results for q in rr.question_results]
    assert a.count == len(scored)
    if not scored:
        assert a.overall_rate is None and a.points == () and a.by_category == ()
        return
    hallucinated = sum(1 for q in scored if q.score.hallucination == 0)
    assert a.overall_rate == pytest.approx(hallucinated / len(scored) * 100)
    for point in (*a.points, *a.checkpoints):
        assert 0.0 <= point.hallucination_rate <= 100.0
        assert 0.0 <= point.recall_composite <= 5.0
        assert point.count > 0
    for c in a.by_category:
        assert 0.0 <= c.rate <= 100.0
        assert c.first_rate is not None and 0.0 <= c.first_rate <= 100.0
    assert sum(c.count for c in a.by_category) == a.count
    assert sum(p.count for p in a.by_persona) == a.count
    assert sum(p.count for p in a.checkpoints) == a.count
    assert a.correlation is None or -1.0 <= a.correlation <= 1.0
    json.dumps(analysis_to_json(a), allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(runs(), st.randoms(use_true_random=False))
def test_order_of_personas_checkpoints_and_answers_changes_nothing(
    result: BenchmarkResult, rng: random.Random
) -> None:
    assert analyze_hallucination(shuffled(result, rng)) == analyze_hallucination(result)


@settings(max_examples=60, deadline=None)
@given(
    a=st.integers(0, 50),
    b=st.integers(0, 5),
    step=st.integers(1, 30),
    n=st.integers(2, 10),
)
def test_an_exactly_linear_series_gives_its_slope_and_intercept(
    a: int, b: int, step: int, n: int
) -> None:
    # checkpoint i at day step·(i+1) with a + b·i of 100 answers hallucinated:
    # rate = (a − b) + (b / step)·day.
    cps = [
        checkpoint(
            step * (i + 1),
            [answer(f"q{i}-{j}", score=(3, 2, 0 if j < a + b * i else 1)) for j in range(100)],
        )
        for i in range(n)
    ]
    fit = analyze_hallucination(run([persona("p", cps)])).hallucination_trend
    assert fit is not None
    assert fit.n == n
    assert fit.slope == pytest.approx(b / step, abs=1e-9)
    assert fit.intercept == pytest.approx(a - b, abs=1e-9)
    if b:
        assert fit.r_squared == pytest.approx(1.0)
    else:
        assert fit.r_squared is None


@settings(max_examples=60, deadline=None)
@given(runs(judge_errors=False))
def test_the_derived_recall_composite_equals_the_per_question_one(result: BenchmarkResult) -> None:
    full = analyze_hallucination(result)
    derived = analyze_hallucination(strip_questions(result))
    assert full.recall_source == "questions"
    assert derived.points == () or derived.recall_source == "checkpoints"
    assert len(derived.points) == len(full.points)
    for d, f in zip(
        (*derived.points, *derived.checkpoints), (*full.points, *full.checkpoints), strict=True
    ):
        assert (d.persona_id, d.label, d.days, d.count) == (f.persona_id, f.label, f.days, f.count)
        assert d.recall_composite == pytest.approx(f.recall_composite, abs=1e-9)
        assert d.hallucination_rate == pytest.approx(f.hallucination_rate, abs=1e-9)
    assert derived.by_category == ()  # nothing per category without per-question data


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        # y in hundredths: values that differ only by rounding dust count as constant
        st.tuples(st.integers(0, 1000), st.integers(-10_000, 10_000).map(lambda v: v / 100)),
        min_size=0,
        max_size=12,
    )
)
def test_least_squares_and_pearson_are_bounded_and_defined_when_they_should_be(
    pairs: list[tuple[int, float]],
) -> None:
    xs = [float(x) for x, _ in pairs]
    ys = [y for _, y in pairs]
    fit = least_squares(xs, ys)
    assert (fit is None) == (len(set(xs)) < 2)
    if fit is not None:
        assert fit.n == len(xs)
        assert fit.r_squared is None or 0.0 <= fit.r_squared <= 1.0
    r = pearson_r(xs, ys)
    if len(xs) < 3 or len(set(xs)) < 2 or len(set(ys)) < 2:
        assert r is None
    else:
        assert r is not None and -1.0 <= r <= 1.0


# --- examples ----------------------------------------------------------------------------------


def rate_series(
    rates_by_day: dict[int, int], recall: dict[int, tuple[int, int]] | None = None
) -> list[TimeRangeResult]:
    """One persona, 100 answers per checkpoint, ``rate`` of them hallucinated; every answer scores
    ``recall[day]`` (correctness, completeness), (3, 2) by default."""
    cps = []
    for d, rate in rates_by_day.items():
        c, m = (recall or {}).get(d, (3, 2))
        cps.append(
            checkpoint(
                d, [answer(f"{d}-{j}", score=(c, m, 0 if j < rate else 1)) for j in range(100)]
            )
        )
    return cps


def test_trend_readings_are_per_100_days_signed_with_a_true_minus() -> None:
    cps = rate_series(
        {100: 2, 200: 3, 300: 4},
        recall={100: (3, 2), 200: (3, 1), 300: (2, 1)},
    )
    a = analyze_hallucination(run([persona("p", cps)]))
    assert trend_reading(a.hallucination_trend, unit="pp") == "+1.0 pp per 100 days"
    assert trend_reading(a.recall_trend, unit="") == "\N{MINUS SIGN}1.00 per 100 days"
    assert a.hallucination_trend == LinearFit(slope=0.01, intercept=1.0, r_squared=1.0, n=3)
    assert trend_reading(LinearFit(slope=0.009, intercept=0, r_squared=None, n=2), unit="pp") == (
        "+0.9 pp per 100 days"
    )
    assert trend_reading(LinearFit(slope=-0.0012, intercept=0, r_squared=None, n=2), unit="") == (
        "\N{MINUS SIGN}0.12 per 100 days"
    )
    assert trend_reading(LinearFit(slope=-1e-9, intercept=0, r_squared=None, n=2), unit="pp") == (
        "+0.0 pp per 100 days"
    )


def test_with_one_corpus_size_there_is_no_fit_and_the_reading_says_why() -> None:
    a = analyze_hallucination(run([persona("p", rate_series({30: 5}))]))
    assert a.hallucination_trend is None and a.recall_trend is None
    assert a.by_persona[0].trend is None
    assert trend_reading(None, unit="pp") == "no trend (fewer than 2 distinct corpus sizes)"
    assert any(
        "no trend (fewer than 2 distinct corpus sizes)" in line
        for line in format_hallucination_lines(a)
    )


def test_unscored_answers_are_left_out_and_adapter_failures_counted() -> None:
    judge_failed = QuestionError(stage="judge", type="JudgeError", message="timed out")
    adapter_failed = QuestionError(stage="query", type="AdapterTimeout", message="slow")
    cp = checkpoint(
        10,
        [
            answer("a", score=(3, 2, 0)),
            answer("b", score=(0, 0, 1), error=adapter_failed),
            # a judge-error answer left among the scored ones (an older log) is not scored either
            answer("c", score=(0, 0, 0), error=judge_failed),
        ],
        unscored=[answer("d", score=(0, 0, 0), error=judge_failed)],
    )
    a = analyze_hallucination(run([persona("p", [cp])]))
    assert a.count == 2
    assert a.overall_rate == 50.0
    assert a.points[0].recall_composite == 2.5


def test_aggregate_checkpoints_are_question_weighted_across_personas() -> None:
    one = persona("a", [checkpoint(10, [answer("a1", score=(3, 2, 0))])])
    three = persona("b", [checkpoint(10, [answer(f"b{i}", score=(0, 1, 1)) for i in range(3)])])
    a = analyze_hallucination(run([one, three]))
    (cp,) = a.checkpoints
    assert (cp.persona_id, cp.label, cp.count) == ("*", "10d", 4)
    assert cp.hallucination_rate == 25.0
    assert cp.recall_composite == 2.0
    assert [(p.persona_id, p.rate, p.count) for p in a.by_persona] == [
        ("a", 100.0, 1),
        ("b", 0.0, 3),
    ]


def test_a_category_far_above_the_overall_rate_is_called_out() -> None:
    # 2 % overall would be masked: 8 of 20 negative-recall answers hallucinated, none of 380 others.
    answers = [answer(f"n{i}", "negative-recall", (0, 0, 0 if i < 8 else 1)) for i in range(20)]
    answers += [answer(f"f{i}", "factual-recall") for i in range(380)]
    answers += [answer(f"s{i}", "synthesis") for i in range(10)]
    cps = [checkpoint(30, answers[:200]), checkpoint(60, answers[200:])]
    a = analyze_hallucination(run([persona("p", cps)]))
    assert a.overall_rate == pytest.approx(8 / 410 * 100)
    by = {c.category: c for c in a.by_category}
    assert list(by) == ["factual-recall", "synthesis", "negative-recall"]  # the fixed order
    assert by["negative-recall"].rate == 40.0
    assert by["negative-recall"].far_above and by["negative-recall"].high_risk
    assert by["negative-recall"].first_rate == 40.0  # all 20 were at the first checkpoint
    assert by["negative-recall"].last_rate == 40.0
    assert by["synthesis"].high_risk and not by["synthesis"].far_above
    assert not by["factual-recall"].high_risk and not by["factual-recall"].far_above
    text = "\n".join(format_hallucination_lines(a))
    assert "[high risk, FAR ABOVE]" in text
    assert "! negative-recall: 40.0% against 2.0% overall — the aggregate masks it" in text


def test_first_and_last_rates_follow_the_category_over_checkpoints() -> None:
    cps = [
        checkpoint(10, [answer("a", "synthesis", (3, 2, 1)), answer("b")]),
        checkpoint(20, [answer("c")]),
        checkpoint(30, [answer("d", "synthesis", (0, 0, 0)), answer("e", "synthesis")]),
    ]
    by = {c.category: c for c in analyze_hallucination(run([persona("p", cps)])).by_category}
    assert (by["synthesis"].first_rate, by["synthesis"].last_rate) == (0.0, 50.0)
    assert (by["factual-recall"].first_rate, by["factual-recall"].last_rate) == (0.0, 0.0)


def test_the_warning_fires_when_hallucination_falls_as_recall_falls() -> None:
    a = analyze_hallucination(synthetic_run(personas=3, checkpoints=30, fabricating=True))
    assert a.correlation is not None and a.correlation >= 0.3
    assert a.warning == WARNING
    assert "falls as recall falls" in WARNING and "fabricating" in WARNING
    text = format_hallucination_lines(a)
    assert f"  WARNING: {WARNING}" in text


def test_a_healthy_run_has_no_warning() -> None:
    a = analyze_hallucination(synthetic_run(personas=3, checkpoints=30))
    assert a.correlation is not None and a.correlation <= -0.3
    assert a.warning is None
    assert a.hallucination_trend is not None and a.hallucination_trend.slope > 0
    assert a.recall_trend is not None and a.recall_trend.slope < 0
    text = "\n".join(format_hallucination_lines(a))
    assert "WARNING" not in text
    assert "hallucination rises as recall falls — the expected direction" in text
    assert "[high risk]: negative-recall and synthesis, the categories most prone" in text


def test_a_direction_is_not_read_from_a_handful_of_hallucinations() -> None:
    """r = −0.37 at a 0.1% rate (the issue's case): too few hallucinated answers to call it
    anything, and no legend without marked rows."""
    a = analyze_hallucination(synthetic_run(personas=3, checkpoints=30))
    few = attrs.evolve(a, overall_rate=100 * 3 / a.count)  # three hallucinated answers
    assert direction(a) == "expected" and direction(few) == "unclear"
    reading = correlation_reading(few)
    assert "too few hallucinated answers (3 of" in reading and "expected" not in reading
    # A weak correlation over a few points is no direction either (it could be noise).
    weak = attrs.evolve(a, correlation=-0.31, points=a.points[:5])
    assert direction(weak) == "unclear"
    assert correlation_reading(weak).endswith("no clear relationship")


def test_the_warning_needs_enough_points_to_be_more_than_noise() -> None:
    # Perfectly positive (r = 1) over 4 points: too few to warn.
    four = rate_series(
        {10: 40, 20: 30, 30: 20, 40: 10}, recall={10: (3, 2), 20: (3, 1), 30: (2, 1), 40: (1, 1)}
    )
    a = analyze_hallucination(run([persona("p", four)]))
    assert a.correlation == pytest.approx(1.0)
    assert a.warning is None
    five = rate_series(
        {10: 40, 20: 30, 30: 20, 40: 10, 50: 5},
        recall={10: (3, 2), 20: (3, 1), 30: (2, 1), 40: (1, 1), 50: (1, 0)},
    )
    assert analyze_hallucination(run([persona("p", five)])).warning == WARNING


def test_format_lines_without_scored_answers() -> None:
    a = analyze_hallucination(run([persona("p", [checkpoint(10, [])])]))
    assert a == HallucinationAnalysis(
        overall_rate=None,
        count=0,
        checkpoints=(),
        points=(),
        by_category=(),
        by_persona=(),
        hallucination_trend=None,
        recall_trend=None,
        correlation=None,
        warning=None,
        recall_source="questions",
    )
    assert format_hallucination_lines(a)[-1] == "  No scored answers."


def test_the_text_section() -> None:
    cps = rate_series({100: 2, 200: 3, 300: 4}, recall={100: (3, 2), 200: (3, 1), 300: (2, 1)})
    lines = format_hallucination_lines(analyze_hallucination(run([persona("p", cps)])))
    assert lines[:4] == [
        "",
        "═" * 59,
        "HALLUCINATION (share of scored answers judged fabricated)",
        "═" * 59,
    ]
    assert lines[4:10] == [
        "  Overall:             3.0% of 300 scored answers",
        "  Hallucination trend: +1.0 pp per 100 days",
        "      intercept 1.0 pp · slope +0.0100 pp/day · r² 1.00 · n=3 checkpoints",
        "  Recall trend:        \N{MINUS SIGN}1.00 per 100 days",
        "      intercept 6.00 · slope \N{MINUS SIGN}0.01000/day · r² 1.00 · n=3 checkpoints",
        "  Recall composite:    correctness + completeness (0–5), from per-question scores",
    ]
    assert ["p", "3.0%", "300", "+1.0", "pp", "per", "100", "days"] in [
        line.split() for line in lines
    ]


def test_json_is_camel_case_and_complete() -> None:
    a = analyze_hallucination(synthetic_run(personas=2, checkpoints=5))
    data = analysis_to_json(a)
    assert set(data) == {
        "overallRate",
        "count",
        "recallSource",
        "hallucinationTrend",
        "hallucinationTrendReading",
        "recallTrend",
        "recallTrendReading",
        "correlation",
        "correlationReading",
        "warning",
        "byCategory",
        "byPersona",
        "checkpoints",
        "points",
        "hallucinationMode",
        "hallucinationWindow",
        "hallucinationModeInferred",
        "hallucinationDefinition",
    }
    assert set(data["points"][0]) == {
        "personaId",
        "label",
        "days",
        "recallComposite",
        "hallucinationRate",
        "count",
    }
    assert set(data["hallucinationTrend"]) == {"slope", "intercept", "rSquared", "n"}
    assert data["byPersona"][0]["trendReading"].endswith("per 100 days")
    assert {"category", "rate", "count", "firstRate", "lastRate", "highRisk", "farAbove"} == set(
        data["byCategory"][0]
    )
    assert len(data["points"]) == 10 and len(data["checkpoints"]) == 5
    assert json.loads(json.dumps(data, allow_nan=False)) == data


def test_the_module_is_pure() -> None:
    code = (
        "import sys, recallbench.results.hallucination; "
        "print(sorted(m for m in ('anyio', 'aiohttp', 'grpc', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- the reference's run -----------------------------------------------------------------------


@pytest.mark.reference
def test_the_reference_baseline_run(reference_data: Path) -> None:
    run_dir = reference_data / "bench-results" / "ea-180d-recall-baseline"
    a = analyze_hallucination(read_run(run_dir / "result.json").result)
    assert a.recall_source == "questions"
    assert a.count == 1639
    assert len(a.checkpoints) == len(a.points) == 30
    assert [p.persona_id for p in a.by_persona] == ["executive-assistant"]
    assert a.overall_rate == pytest.approx(255 / 1639 * 100)  # 255 answers scored hallucination 0
    by = {c.category: c for c in a.by_category}
    assert by["synthesis"].high_risk and by["synthesis"].far_above
    assert by["synthesis"].rate == pytest.approx(60 / 137 * 100)
    assert by["negative-recall"].high_risk and not by["negative-recall"].far_above
    assert trend_reading(a.hallucination_trend, unit="pp") == "+7.1 pp per 100 days"
    assert trend_reading(a.recall_trend, unit="") == "\N{MINUS SIGN}0.27 per 100 days"
    assert a.correlation == pytest.approx(-0.75, abs=0.01)
    assert a.warning is None
    # The progress log holds checkpoint aggregates only: the derived recall composite agrees.
    derived = analyze_hallucination(read_run(run_dir / "progress.jsonl").result)
    assert derived.recall_source == "checkpoints"
    assert [(p.label, p.days, p.count) for p in derived.points] == [
        (p.label, p.days, p.count) for p in a.points
    ]
    for d, f in zip(derived.points, a.points, strict=True):
        assert d.recall_composite == pytest.approx(f.recall_composite, abs=1e-9)
        assert d.hallucination_rate == pytest.approx(f.hallucination_rate, abs=1e-9)
