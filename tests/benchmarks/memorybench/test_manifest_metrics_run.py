"""Manifest runs judged by their own protocols, with the benchmark metrics in result.json, the text
report and report.html (issue 23, items 4 and 5). Benchmarks written by the tests (tests/_manifests.py);
the llm-as-judge protocol is answered by a real loopback HTTP server speaking OpenAI's API."""

from __future__ import annotations

import json
import math
import os
import pickle
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from _manifests import sessions, simple

import recallbench as rb
from recallbench.adapters.base import QueryDetail, RetrievalEntry
from recallbench.benchmarks.memorybench.dataset import ManifestDataset
from recallbench.benchmarks.memorybench.judge import ManifestJudge, manifest_judge
from recallbench.cli import main
from recallbench.errors import ConfigError
from recallbench.judges.modes import judge_mode
from recallbench.models.openai import OpenAIModel
from recallbench.testing import ScriptedAdapter
from recallbench.testing.providers import FakeProviderServer, RecordedRequest

ROOT = Path(__file__).resolve().parents[3]
LOG3 = math.log2(3)

# The session benchmark (tests/_manifests.CONVERSATIONS) in date order: q1's days are s-a (day 1,
# 2023-05-01), s-b (day 2) and s-c (day 3); its evidence is s-a. q2 has one day, s-x, its evidence.
RETRIEVED = {"Who visits in June?": (2, 1), "What instrument do I play?": (1,)}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Retrieving(ScriptedAdapter):
    """Answers the reference for the simple benchmark's first case, and reports retrieved days."""

    async def query_detail(self, question: str) -> QueryDetail:
        answer = await self.query(question)
        days = RETRIEVED.get(question, ())
        return QueryDetail(
            answer=answer, retrieval=tuple(RetrievalEntry(path=f"d{d}", day=d) for d in days)
        )


ANSWERS = {"When does the harbour bell ring?": "At  NOON", "Where does Miso sleep?": "in a box"}


def _grade(request: RecordedRequest) -> str:
    user = request.json["messages"][-1]["content"]
    if "Who visits in June?" in user:
        return '{"score": 0.0, "faithfulness": 0.0}'
    return '{"score": 1.0, "faithfulness": 1.0}'


def _model(server: FakeProviderServer) -> OpenAIModel:
    return OpenAIModel("gpt-test", endpoint=f"{server.url}/v1", api_key="sk-test", timeout=5.0)


def _folder(tmp_path: Path) -> Path:
    root = tmp_path / "suite"
    simple(root / "a-simple", name="simple-qa")
    sessions(
        root / "b-sessions",
        name="sessions-qa",
        metrics=[
            "correctness",
            "faithfulness",
            "retrieval_precision",
            "retrieval_recall",
            "retrieval_f1",
            "retrieval_coverage",
            "retrieval_ndcg",
            "retrieval_map",
        ],
    )
    return root


def _rows(records: Any) -> dict[tuple[str, str | None], dict[str, Any]]:
    return {(r["benchmark"], r.get("questionType")): r for r in records}


def _check_metrics(records: Any) -> None:
    rows = _rows(records)
    assert list(rows) == [
        ("simple-qa", None),
        ("simple-qa", "factual-recall"),
        ("sessions-qa", None),
        ("sessions-qa", "single-session-user"),
        ("sessions-qa", "temporal-reasoning"),
    ]
    # Simple: c1 matches (case and spacing forgiven), c2 does not; its data names no evidence, so
    # no retrieval metric (declared retrieval_recall absent, never 0).
    s = rows["simple-qa", None]
    assert (s["questionCount"], s["scoredCount"], s["retrievalCount"]) == (2, 2, 0)
    assert s["correctness"] == 0.5
    assert "retrieval_recall" not in s and "faithfulness" not in s
    # q1 retrieved s-b then s-a (gold s-a): P 1/2, R 1, F1 2/3, coverage 1, nDCG 1/log2(3), AP 1/2;
    # its grade 0.0/0.0 is correctness 0 and not faithful.
    q1 = rows["sessions-qa", "temporal-reasoning"]
    assert q1["retrieval_precision"] == 0.5
    assert q1["retrieval_recall"] == 1
    assert q1["retrieval_f1"] == pytest.approx(2 / 3)
    assert q1["retrieval_coverage"] == 1
    assert q1["retrieval_ndcg"] == pytest.approx(1 / LOG3)
    assert q1["retrieval_map"] == 0.5
    assert (q1["correctness"], q1["faithfulness"]) == (0, 0)
    # q2 retrieved its one gold session: every metric 1, graded 1.0/1.0.
    q2 = rows["sessions-qa", "single-session-user"]
    assert all(q2[m] == 1 for m in ("retrieval_precision", "retrieval_ndcg", "retrieval_map"))
    assert (q2["correctness"], q2["faithfulness"]) == (1, 1)
    both = rows["sessions-qa", None]
    assert (both["questionCount"], both["retrievalCount"]) == (2, 2)
    assert both["retrieval_precision"] == 0.75
    assert both["retrieval_ndcg"] == pytest.approx((1 / LOG3 + 1) / 2)
    assert (both["correctness"], both["faithfulness"]) == (0.5, 0.5)


@pytest.mark.anyio
async def test_harness_judges_each_benchmark_by_its_protocol(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    dataset = ManifestDataset(root)
    # Without a model, the llm-as-judge benchmark is one line naming what to pass.
    with pytest.raises(ConfigError, match=r"llm-as-judge needs a judge model: pass --judge-model"):
        rb.Harness(Retrieving(answer=ANSWERS), root)
    out = tmp_path / "run"
    async with FakeProviderServer(_grade) as server:
        judge = manifest_judge(dataset, _model(server), model_name="openai:gpt-test")
        assert pickle.loads(pickle.dumps(judge)).name == judge.name  # Ray ships judges
        result = await rb.Harness(
            Retrieving(answer=ANSWERS),
            dataset,
            judge=judge,
            output=rb.RunOutput(result_json=out / "result.json"),
        ).run()
        # Only the llm-as-judge benchmark's two answers reached the model.
        assert len(server.requests) == 2
    md = result.metadata
    assert md.judge_model == (
        "memorybench: sessions-qa=llm-as-judge, simple-qa=exact-match (openai:gpt-test)"
    )
    # exact-match and llm-as-judge (no memory window) both ground in the reference only.
    assert md.hallucination_mode == "reference-only"
    assert md.judge_usage is not None and md.judge_usage["calls"] == 2
    _check_metrics(result.benchmark_metrics)
    written = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert list(written)[-1] == "benchmarkMetrics"
    _check_metrics(written["benchmarkMetrics"])


@pytest.mark.anyio
async def test_default_judge_of_an_exact_match_benchmark_and_overrides(tmp_path: Path) -> None:
    folder = simple(tmp_path / "s", name="simple-qa")
    result = await rb.Harness(Retrieving(answer=ANSWERS), folder).run()
    assert result.metadata.judge_model == "memorybench: exact-match"
    rows = _rows(result.benchmark_metrics)
    assert rows["simple-qa", None]["correctness"] == 0.5
    # Any judge given scores every benchmark; faithfulness is then never reported.
    ruled = await rb.Harness(Retrieving(answer=ANSWERS), folder, judge="rubric").run()
    assert ruled.metadata.judge_model == "rubric"
    assert ruled.benchmark_metrics is not None
    assert "faithfulness" not in _rows(ruled.benchmark_metrics)["simple-qa", None]


def test_mixed_definitions_record_none(tmp_path: Path) -> None:
    from _manifests import DELETIONS, write_benchmark

    simple(tmp_path / "all" / "a", name="a")
    write_benchmark(
        tmp_path / "all" / "d",
        DELETIONS,
        name="d",
        ingestion={
            "strategy": "add-delete-verify",
            "add_content_field": "content",
            "delete_target_field": "delete_id",
            "verify_query_field": "verify_query",
        },
        query={"expected_answer_field": "answer"},
        evaluation={"protocol": "deletion-check", "deleted_content_field": "deleted"},
        required_capabilities=["add_memory", "retrieve_memory", "delete_memory"],
    )
    judge = manifest_judge(ManifestDataset(tmp_path / "all"))
    assert isinstance(judge, ManifestJudge) and judge.synchronous
    assert judge_mode(judge) is None  # exact-match's reference-only beside deletion-check's own
    assert judge_mode(manifest_judge(ManifestDataset(tmp_path / "all" / "a"))) is not None


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "recallbench", "run", "--adapter", "builtin:bm25", *args]


@pytest.mark.anyio
async def test_cli_run_and_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _folder(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    base = ["--data", str(root), "--no-judge-cache"]
    missing = await anyio.run_process(
        _cli(*base, "--output", str(tmp_path / "x")), env=env, check=False
    )
    assert missing.returncode == 2
    err = missing.stderr.decode()
    assert "llm-as-judge needs a judge model: pass --judge-model SPEC" in err
    assert "Traceback" not in err
    out = tmp_path / "run"
    async with FakeProviderServer(_grade) as server:
        spec = f"openai:gpt-test;{server.url}/v1"
        done = await anyio.run_process(
            _cli(*base, "--judge-model", spec, "--output", str(out)), env=env, check=False
        )
    assert done.returncode == 0, done.stderr.decode()
    stdout = done.stdout.decode()
    assert "BENCHMARK METRICS" in stdout and "temporal-reasoning" in stdout
    data = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert data["metadata"]["judgeModel"].startswith("memorybench: sessions-qa=llm-as-judge")
    rows = _rows(data["benchmarkMetrics"])
    # bm25 answers with what it retrieved: never an exact match, and q2's one session is found.
    assert rows["simple-qa", None]["correctness"] == 0
    assert rows["sessions-qa", "single-session-user"]["retrieval_recall"] == 1
    assert rows["sessions-qa", "single-session-user"]["faithfulness"] == 1
    # recallbench report reads them back from result.json.
    assert main(["report", str(out / "result.json")]) == 0
    report = capsys.readouterr().out
    section = report[report.index("BENCHMARK METRICS") :]
    assert "sessions-qa" in section and "single-session-user" in section
    assert "retrieval_ndcg" in section
    html = (out / "report.html").read_text(encoding="utf-8")
    assert 'id="benchmark-metrics"' in html and "temporal-reasoning" in html


def test_judge_model_needs_manifest_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from recallbench.testing import write_persona

    data = tmp_path / "personas"
    write_persona(data)
    args = ["run", "--data", str(data), "--arcs", "arcs-30d.yaml", "--adapter", "builtin:bm25"]
    assert main([*args, "--judge-model", "claude", "--output", str(tmp_path / "o")]) == 2
    assert "--judge-model: " in capsys.readouterr().err
    manifest = simple(tmp_path / "m")
    over = ["--data", str(manifest), "--judge", "rubric", "--judge-model", "claude"]
    code = main(["run", *over, "--adapter", "builtin:bm25", "--output", str(tmp_path / "o2")])
    assert code == 2
    assert "pass one or the other" in capsys.readouterr().err
