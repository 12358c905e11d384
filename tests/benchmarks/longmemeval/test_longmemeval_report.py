"""LongMemEval's figures in the published layout (``publicBenchmark["longmemeval"]``): the pure
figures against hand-computed cases, and a whole run through ``rb.Harness`` (a fake-provider
``longmemeval`` judge)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _public_sets import longmemeval_records, write_json

import recallbench as rb
from recallbench.adapters.builtin import builtin_adapter
from recallbench.benchmarks.longmemeval.judge import LongMemEvalJudge
from recallbench.benchmarks.longmemeval.report import longmemeval_report
from recallbench.data.qa import QAPair
from recallbench.models.openai import OpenAIModel
from recallbench.render.public_benchmarks import public_section_lines
from recallbench.results.measures import question_retrieval
from recallbench.results.records import QuestionResult
from recallbench.results.scoring import JudgeScore
from recallbench.testing.providers import FakeProviderServer, RecordedRequest


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _pair(pid: str, **extra: Any) -> QAPair:
    return QAPair(
        id=pid,
        question=f"question {pid}?",
        answer="a",
        category="factual-recall",
        difficulty="medium",
        relevant_days=(1,),
        extra=extra,
    )


def _answer(pair: QAPair, reasoning: str, answer: str = "x") -> QuestionResult:
    return QuestionResult(
        qa=pair,
        system_answer=answer,
        score=JudgeScore(correctness=0, completeness=0, hallucination=1, reasoning=reasoning),
        composite_score=0.0,
        latency_ms=1.0,
    )


def _lme(
    pid: str, qtype: str, label: int, *, abstention: bool = False
) -> tuple[QuestionResult, bool]:
    extra: dict[str, Any] = {"questionType": qtype, "questionDate": "d", "answerSessionIds": []}
    if abstention:
        extra["abstention"] = True
    head = f"accuracy {label} [longmemeval {'abstention' if abstention else qtype}]: yes"
    return _answer(_pair(pid, **extra), head), True


def test_longmemeval_as_print_qa_metrics() -> None:
    answers = [
        _lme("1", "single-session-user", 1),
        _lme("2", "single-session-user", 0),
        _lme("3_abs", "single-session-user", 1, abstention=True),
        _lme("4", "temporal-reasoning", 1),
        _lme("5", "knowledge-update", 0),
        _lme("6_abs", "knowledge-update", 0, abstention=True),
    ]
    report = longmemeval_report(answers)
    types = {t["questionType"]: t for t in report["types"]}
    # _abs answers count under their type too, as the official script appends them to type2acc.
    assert types["single-session-user"]["accuracy"] == pytest.approx(2 / 3)
    assert types["temporal-reasoning"]["accuracy"] == 1.0
    assert types["knowledge-update"]["accuracy"] == 0.0
    assert "accuracy" not in types["multi-session"]
    # (2/3 + 1 + 0) / 3 = 0.5556; 3 of 6; 1 of 2 abstentions.
    assert round(report["taskAveragedAccuracy"], 4) == 0.5556
    assert report["overallAccuracy"] == 0.5
    assert report["abstentionAccuracy"] == 0.5
    assert report["typesMissing"] == [
        "single-session-preference",
        "single-session-assistant",
        "multi-session",
    ]
    text = "\n".join(public_section_lines({"longmemeval": report}))
    assert "task-averaged accuracy          0.5556" in text
    assert "overall accuracy           6    0.5000" in text


def test_retrieval_skips_abstention_questions() -> None:
    pair = _pair("x_abs", abstention=True)
    assert question_retrieval(pair, [1]) is None
    assert question_retrieval(_pair("x"), [1]) is not None


@pytest.mark.slow
@pytest.mark.anyio
async def test_longmemeval_run_with_fake_provider_judge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "c"))
    source = write_json(tmp_path / "lme.json", longmemeval_records(60))

    def grade(request: RecordedRequest) -> str:
        # The dog and the (abstention) cat questions are right; the hiking boots one is wrong.
        return "no" if "hiking boots" in request.body else "yes"

    async with FakeProviderServer(grade) as server:
        model = OpenAIModel("gpt-test", endpoint=f"{server.url}/v1", api_key="sk-test")
        judge = LongMemEvalJudge(model, name="longmemeval:test")
        result = await rb.Harness(
            builtin_adapter("bm25"),
            f"longmemeval:{source}",
            judge=judge,
            output=rb.RunOutput(result_json=tmp_path / "run" / "result.json"),
        ).run()
    lme = (result.public_benchmark or {})["longmemeval"]
    types = {t["questionType"]: t for t in lme["types"]}
    assert types["single-session-user"]["accuracy"] == 1.0  # the dog and the _abs cat
    assert types["temporal-reasoning"]["accuracy"] == 0.0
    assert lme["taskAveragedAccuracy"] == 0.5  # (1 + 0) / 2 types judged
    assert lme["overallAccuracy"] == pytest.approx(2 / 3)
    assert lme["abstentionAccuracy"] == 1.0 and lme["abstentionCount"] == 1
    written = json.loads((tmp_path / "run" / "result.json").read_text(encoding="utf-8"))
    assert written["publicBenchmark"]["longmemeval"] == json.loads(json.dumps(lme))
    # The abstention question has no retrieval metrics.
    for persona in written["personas"]:
        for r in persona["rangeResults"]:
            for q in r["questionResults"]:
                if q["qa"]["id"].endswith("abs") or q["qa"].get("abstention"):
                    assert "retrievalMetrics" not in q
