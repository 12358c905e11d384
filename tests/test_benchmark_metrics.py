"""The metrics of data-driven benchmarks: reference formulas (hypothesis), edge cases, ir-measures,
aggregation per benchmark and question type, the JSON records and the text table."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data.qa import QAPair
from recallbench.render.benchmark_metrics import metrics_table_lines
from recallbench.results.benchmark_metrics import (
    BENCHMARK_METRICS,
    BenchmarkAnswer,
    QuestionRetrievalMetrics,
    benchmark_metrics_table,
    correctness,
    faithfulness,
    metrics_records,
    question_retrieval_metrics,
    question_type,
    requested_metrics,
    retrieval_coverage,
    retrieval_f1,
    retrieval_map,
    retrieval_ndcg,
    retrieval_precision,
    retrieval_recall,
)
from recallbench.results.scoring import JudgeScore

# ---------------------------------------------------------------------------------------------------
# Reference formulas, written out the long way


def _distinct(ranking: list[str], k: int | None) -> list[str]:
    seen: list[str] = []
    for item in ranking:
        if item not in seen:
            seen.append(item)
    return seen if k is None else seen[:k]


def ref_precision(ranking: list[str], gold: set[str], k: int | None) -> float:
    top = _distinct(ranking, k)
    return len([x for x in top if x in gold]) / len(top) if top else 0.0


def ref_recall(ranking: list[str], gold: set[str], k: int | None) -> float:
    return len(set(_distinct(ranking, k)) & gold) / len(gold)


def ref_ndcg(ranking: list[str], gold: set[str], k: int | None) -> float:
    top = _distinct(ranking, k)
    dcg = sum(1 / math.log2(i + 2) for i, x in enumerate(top) if x in gold)
    ideal_n = len(gold) if k is None else min(k, len(gold))
    return dcg / sum(1 / math.log2(i + 2) for i in range(ideal_n))


def ref_ap(ranking: list[str], gold: set[str], k: int | None) -> float:
    top = _distinct(ranking, k)
    total = 0.0
    for i, x in enumerate(top):
        if x in gold:
            total += len([y for y in top[: i + 1] if y in gold]) / (i + 1)
    return total / len(gold)


items = st.sampled_from([f"s{i}" for i in range(15)])
rankings = st.lists(items, max_size=20)
golds = st.sets(items, min_size=1, max_size=6)
cutoffs = st.none() | st.integers(1, 25)


@given(rankings, golds, cutoffs)
def test_metrics_match_reference_formulas(
    ranking: list[str], gold: set[str], k: int | None
) -> None:
    p, r = ref_precision(ranking, gold, k), ref_recall(ranking, gold, k)
    assert retrieval_precision(ranking, gold, k) == pytest.approx(p)
    assert retrieval_recall(ranking, gold, k) == pytest.approx(r)
    assert retrieval_f1(ranking, gold, k) == pytest.approx(2 * p * r / (p + r) if p + r else 0.0)
    assert retrieval_coverage(ranking, gold, k) == (1.0 if r > 0 else 0.0)
    assert retrieval_ndcg(ranking, gold, k) == pytest.approx(ref_ndcg(ranking, gold, k))
    assert retrieval_map(ranking, gold, k) == pytest.approx(ref_ap(ranking, gold, k))


@given(rankings, golds, cutoffs)
def test_metrics_are_in_the_unit_interval(
    ranking: list[str], gold: set[str], k: int | None
) -> None:
    m = question_retrieval_metrics(ranking, gold, k)
    assert m is not None
    assert all(0.0 <= v <= 1.0 + 1e-12 for v in m.as_tuple())
    # A precision or recall of 0 leaves nothing found: every metric is then 0.
    if m.recall == 0:
        assert m.as_tuple() == (0.0,) * 6


@given(golds, st.lists(st.sampled_from(["x1", "x2", "x3"]), max_size=5))
def test_gold_first_is_perfect_ranking(gold: set[str], tail: list[str]) -> None:
    ranking = sorted(gold) + tail
    assert retrieval_recall(ranking, gold) == 1.0
    assert retrieval_coverage(ranking, gold) == 1.0
    assert retrieval_ndcg(ranking, gold) == pytest.approx(1.0)
    assert retrieval_map(ranking, gold) == pytest.approx(1.0)


@given(rankings, golds)
def test_repeats_change_nothing(ranking: list[str], gold: set[str]) -> None:
    doubled = [x for item in ranking for x in (item, item)]
    assert question_retrieval_metrics(doubled, gold) == question_retrieval_metrics(ranking, gold)


# ---------------------------------------------------------------------------------------------------
# Edge cases and the tie rule


def test_no_gold_is_undefined() -> None:
    assert question_retrieval_metrics(["a"], []) is None
    for fn in (
        retrieval_precision,
        retrieval_recall,
        retrieval_f1,
        retrieval_coverage,
        retrieval_ndcg,
        retrieval_map,
    ):
        with pytest.raises(ValueError, match="gold"):
            fn(["a"], set())


def test_nothing_retrieved_scores_zero() -> None:
    assert question_retrieval_metrics([], {"a", "b"}) == QuestionRetrievalMetrics(
        precision=0, recall=0, f1=0, coverage=0, ndcg=0, map=0
    )


def test_tied_items_keep_the_systems_order() -> None:
    # Two items the system scored equally: the one it returned first is rank 1. Swapping them moves
    # the gold item, so the order given decides, not an id.
    assert retrieval_ndcg(["b", "a"], {"a"}) == pytest.approx(1 / math.log2(3))
    assert retrieval_ndcg(["a", "b"], {"a"}) == 1.0
    assert retrieval_map(["b", "a"], {"a"}) == 0.5


def test_by_hand() -> None:
    ranking = ["s3", "s1", "s9", "s1", "s2"]  # distinct: s3 s1 s9 s2
    gold = {"s1", "s2", "s7"}
    assert retrieval_precision(ranking, gold) == 0.5
    assert retrieval_recall(ranking, gold) == pytest.approx(2 / 3)
    assert retrieval_f1(ranking, gold) == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))
    assert retrieval_map(ranking, gold) == pytest.approx((1 / 2 + 2 / 4) / 3)
    assert retrieval_precision(ranking, gold, 2) == 0.5
    assert retrieval_recall(ranking, gold, 1) == 0.0
    with pytest.raises(ValueError, match="k must"):
        retrieval_precision(ranking, gold, 0)


# ---------------------------------------------------------------------------------------------------
# Cross-check against ir-measures (trec_eval)


def test_metrics_agree_with_ir_measures() -> None:
    ir_measures = pytest.importorskip("ir_measures")
    from ir_measures import AP, P, Qrel, R, ScoredDoc, Success, nDCG

    rnd = random.Random(23)
    checked = 0
    # P@k needs one cutoff per query: group the queries by their ranking's length.
    for length in range(1, 16):
        qrels: list[object] = []
        run: list[object] = []
        ours: dict[str, QuestionRetrievalMetrics] = {}
        for q in range(12):
            qid = f"q{q}"
            universe = [f"d{i}" for i in range(rnd.randint(length, 40))]
            gold = set(rnd.sample(universe, rnd.randint(1, min(6, len(universe)))))
            ranking = rnd.sample(universe, length)
            qrels += [Qrel(qid, d, 1) for d in gold]
            # Scores fall strictly with rank, so trec_eval's tie-break by id never applies.
            run += [ScoredDoc(qid, d, float(length - i)) for i, d in enumerate(ranking)]
            m = question_retrieval_metrics(ranking, gold)
            assert m is not None
            ours[qid] = m
        wanted = {
            str(P @ length): "precision",
            "R@1000": "recall",
            "AP": "map",
            "nDCG": "ndcg",
            "Success@1000": "coverage",
        }
        for metric in ir_measures.iter_calc(
            [P @ length, R @ 1000, AP, nDCG, Success @ 1000], qrels, run
        ):
            field = wanted[str(metric.measure)]
            assert metric.value == pytest.approx(getattr(ours[metric.query_id], field), abs=1e-9)
            checked += 1
    assert checked == 15 * 12 * 5


# ---------------------------------------------------------------------------------------------------
# Answers and the table


def _score(c: int, comp: int = 0, h: int = 1) -> JudgeScore:
    return JudgeScore(correctness=c, completeness=comp, hallucination=h)


def test_correctness_and_faithfulness() -> None:
    assert correctness([]) is None
    assert correctness([_score(3), _score(0)]) == 0.5
    assert correctness([_score(2)]) == pytest.approx(2 / 3)
    assert faithfulness([_score(3, h=1), _score(0, h=0)], "llm-as-judge") == 0.5
    assert faithfulness([_score(3)], "exact-match") is None
    assert faithfulness([], "llm-as-judge") is None


def _pair(qtype: str | None) -> QAPair:
    extra = {"questionType": qtype} if qtype else {}
    return QAPair(
        id="q1",
        question="Q?",
        answer="A",
        category="factual-recall",
        difficulty="easy",
        relevant_days=(1,),
        extra=extra,
    )


def test_question_type_falls_back_to_the_category() -> None:
    assert question_type(_pair("temporal")) == "temporal"
    assert question_type(_pair(None)) == "factual-recall"


def _answers() -> list[BenchmarkAnswer]:
    full = question_retrieval_metrics(["a"], {"a"})
    none = question_retrieval_metrics(["b"], {"a"})
    return [
        BenchmarkAnswer(
            benchmark="b1",
            question_type="temporal",
            score=_score(3),
            protocol="llm-as-judge",
            retrieval=full,
        ),
        BenchmarkAnswer(
            benchmark="b1",
            question_type="factual",
            score=_score(0, h=0),
            protocol="llm-as-judge",
            retrieval=none,
        ),
        BenchmarkAnswer(
            benchmark="b1", question_type="factual", score=None, protocol="llm-as-judge"
        ),
        BenchmarkAnswer(
            benchmark="b2", question_type="simple", score=_score(3), protocol="exact-match"
        ),
    ]


def test_table_per_benchmark_and_type() -> None:
    rows = benchmark_metrics_table(_answers())
    assert [(r.benchmark, r.question_type) for r in rows] == [
        ("b1", None),
        ("b1", "factual"),
        ("b1", "temporal"),
        ("b2", None),
        ("b2", "simple"),
    ]
    b1 = rows[0]
    assert (b1.question_count, b1.scored_count, b1.retrieval_count) == (3, 2, 2)
    assert b1.correctness == 0.5
    assert b1.faithfulness == 0.5
    assert b1.retrieval is not None
    assert b1.retrieval.recall == 0.5
    assert rows[3].faithfulness is None  # exact-match judges no grounding
    assert rows[3].retrieval is None


@given(st.permutations(_answers()))
def test_table_does_not_depend_on_answer_order(answers: list[BenchmarkAnswer]) -> None:
    rows = benchmark_metrics_table(answers)
    assert {(r.benchmark, r.question_type): r for r in rows} == {
        (r.benchmark, r.question_type): r for r in benchmark_metrics_table(_answers())
    }


def test_records_are_json_ready_and_omit_missing_values() -> None:
    records = metrics_records(benchmark_metrics_table(_answers()))
    json.dumps(records, allow_nan=False)
    assert records[0]["benchmark"] == "b1"
    assert "questionType" not in records[0]
    assert records[0]["retrieval_recall"] == 0.5
    assert "faithfulness" not in records[3]
    assert "retrieval_precision" not in records[3]
    only = metrics_records(benchmark_metrics_table(_answers()), ("correctness",))
    assert set(only[0]) == {
        "benchmark",
        "questionCount",
        "scoredCount",
        "retrievalCount",
        "correctness",
    }
    with pytest.raises(ValueError, match="unknown metric"):
        metrics_records([], ("recall",))


def test_requested_metrics_keep_report_order() -> None:
    assert requested_metrics(None) == BENCHMARK_METRICS
    assert requested_metrics(["retrieval_f1", "correctness"]) == ("correctness", "retrieval_f1")
    with pytest.raises(ValueError, match="unknown metric 'bleu'"):
        requested_metrics(["bleu"])


def test_text_table() -> None:
    lines = metrics_table_lines(
        benchmark_metrics_table(_answers()), ("correctness", "faithfulness", "retrieval_recall")
    )
    assert lines[0].split() == [
        "benchmark",
        "type",
        "n",
        "correctness",
        "faithfulness",
        "retrieval_recall",
    ]
    assert lines[1].split() == ["b1", "(all)", "3", "0.500", "0.500", "0.500"]
    assert lines[-1].split() == ["simple", "1", "1.000", "–", "–"]


def test_pure_module_imports_no_async_stacks() -> None:
    code = (
        "import json, sys; import recallbench.results.benchmark_metrics; "
        "print(json.dumps([m for m in ('numpy', 'anyio', 'grpc', 'aiohttp', 'matplotlib') "
        "if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_benchmark_answer_from_a_question_result() -> None:
    from recallbench.results.benchmark_metrics import benchmark_answer, evidence_ids
    from recallbench.results.records import QuestionResult

    pair = QAPair(
        id="q1",
        question="Q?",
        answer="A",
        category="temporal-reasoning",
        difficulty="easy",
        relevant_days=(1,),
        extra={"questionType": "temporal", "evidence": ["s1", "s2"]},
    )
    result = QuestionResult(
        qa=pair, system_answer="A", score=_score(3, 2), composite_score=6, latency_ms=1.0
    )
    a = benchmark_answer(result, benchmark="b", protocol="exact-match", ranking=["s2", "s9"])
    assert a.question_type == "temporal"
    assert a.score == _score(3, 2)
    assert a.retrieval is not None
    assert (a.retrieval.precision, a.retrieval.recall, a.retrieval.coverage) == (0.5, 0.5, 1.0)
    assert benchmark_answer(result, benchmark="b", protocol=None, ranking=None).retrieval is None
    assert (
        benchmark_answer(result, benchmark="b", protocol=None, ranking=[], scored=False).score
        is None
    )
    assert evidence_ids(_pair(None)) == ()
    assert evidence_ids(_pair("x")) == ()
