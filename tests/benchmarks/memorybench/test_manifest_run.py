"""Runs over MemoryBench benchmarks: through `rb.Harness`, and `python -m recallbench run`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from _manifests import DELETIONS, sessions, simple, write_benchmark

import recallbench as rb
from recallbench.adapters.builtin import builtin_adapter
from recallbench.benchmarks.memorybench.deletion_check import DeletionCheckJudge
from recallbench.cli import main
from recallbench.errors import ConfigError
from recallbench.testing import ScriptedAdapter, ScriptedJudge


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _answers(result: rb.BenchmarkResult) -> dict[str, str]:
    return {
        q.qa.id: q.system_answer
        for p in result.personas
        for r in p.range_results
        for q in r.question_results
    }


@pytest.mark.anyio
async def test_harness_over_a_simple_benchmark(tmp_path: Path) -> None:
    folder = simple(tmp_path / "b")
    adapter = ScriptedAdapter(answer=lambda question, a: " ".join(a.memory.values()))
    result = await rb.Harness(adapter, folder, judge=ScriptedJudge()).run()
    assert [p.persona_id for p in result.personas] == ["c1", "c2"]
    assert [r.label for r in result.ranges] == ["full"]  # one checkpoint: after the unit's last day
    assert _answers(result) == {
        "c1": "The harbour bell rings at noon.",
        "c2": "Miso the cat sleeps on the red sofa.",
    }
    assert result.metadata.data_dir == str(folder.resolve())


@pytest.mark.anyio
async def test_harness_over_sessions_with_bm25(tmp_path: Path) -> None:
    folder = sessions(tmp_path / "lme")
    result = await rb.Harness(builtin_adapter("bm25"), folder, judge="rubric").run()
    assert [p.persona_id for p in result.personas] == ["q1", "q2"]
    q1 = next(q for r in result.personas[0].range_results for q in r.question_results)
    assert "Ana" in q1.system_answer
    # Retrieval entries trace back to the session's day: the evidence day (1) is found.
    assert q1.retrieval_metrics is not None
    assert q1.retrieval_metrics.recall_at_10 == 1.0


@pytest.mark.anyio
async def test_named_ranges_still_apply(tmp_path: Path) -> None:
    config = rb.RunConfig(ranges="1d")
    result = await rb.Harness(
        ScriptedAdapter(), sessions(tmp_path / "lme"), judge=ScriptedJudge(), config=config
    ).run()
    # q1 has 3 days: its question (evidence on day 1) is asked at day 1; q2 has one day.
    assert {r.range.label for p in result.personas for r in p.range_results} == {"1d"}


def test_plan_and_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    simple(tmp_path / "all" / "one")
    sessions(tmp_path / "all" / "two")
    assert main(["list", "--data", str(tmp_path / "all"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == ["one/c1", "one/c2", "two/q1", "two/q2"]
    assert main(["plan", "--data", str(tmp_path / "all" / "two"), "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert [
        (p["personaId"], p["maxDay"], [c["label"] for c in p["checkpoints"]])
        for p in plan["personas"]
    ] == [
        ("q1", 3, ["full"]),
        ("q2", 1, ["full"]),
    ]
    assert plan["totals"]["questions"] == 2


def test_retrieval_eval(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["retrieval-eval", "--data", str(sessions(tmp_path / "lme")), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)


ADV_INGESTION = {
    "strategy": "add-delete-verify",
    "add_content_field": "content",
    "delete_target_field": "delete_id",
    "verify_query_field": "verify_query",
}
ADV_EVALUATION = {"protocol": "deletion-check", "deleted_content_field": "deleted"}


def forgetting(folder: Path) -> Path:
    return write_benchmark(
        folder,
        DELETIONS,
        ingestion=ADV_INGESTION,
        query={},
        evaluation=ADV_EVALUATION,
        required_capabilities=["add_memory", "retrieve_memory", "delete_memory"],
    )


class Forgetful(ScriptedAdapter):
    """The scripted adapter, able to delete a day (and saying which it was asked to)."""

    def __init__(self) -> None:
        super().__init__(name="forgetful")
        self.deleted: list[str] = []

    async def delete_memory(self, memory_id: str) -> None:
        self.deleted.append(memory_id)
        self.memory.pop(int(memory_id.removeprefix("day-")), None)


@pytest.mark.anyio
async def test_add_delete_verify_deletes_before_asking(tmp_path: Path) -> None:
    adapter = Forgetful()
    judge = DeletionCheckJudge(deleted_content_field="deleted")
    result = await rb.Harness(adapter, forgetting(tmp_path / "adv"), judge=judge).run()
    # Ingested, finalized, then the target deleted, then the verify query asked.
    assert [c[0] for c in adapter.calls] == [
        "setup",
        "ingest_day",
        "ingest_day",
        "finalize_ingestion",
        "query",
        "teardown",
    ]
    assert adapter.deleted == ["day-0001"]
    (answer,) = [q for r in result.personas[0].range_results for q in r.question_results]
    assert answer.qa.question == "What is my locker code?"


@pytest.mark.anyio
async def test_bm25_forgets_what_was_deleted(tmp_path: Path) -> None:
    judge = DeletionCheckJudge(deleted_content_field="deleted")
    result = await rb.Harness(
        builtin_adapter("bm25"), forgetting(tmp_path / "adv"), judge=judge
    ).run()
    (answer,) = [q for r in result.personas[0].range_results for q in r.question_results]
    assert "4417" not in answer.system_answer
    assert (answer.score.correctness, answer.score.hallucination) == (3, 1)


@pytest.mark.anyio
async def test_an_adapter_lacking_a_required_capability_is_refused_before_any_work(
    tmp_path: Path,
) -> None:
    adapter = ScriptedAdapter()  # no delete_memory
    harness = rb.Harness(adapter, forgetting(tmp_path / "adv"), judge=ScriptedJudge())
    with pytest.raises(ConfigError) as caught:
        await harness.run()
    assert str(caught.value) == (
        'adapter "scripted" lacks delete_memory, which benchmark "tiny" requires '
        "(required_capabilities in its manifest.json)"
    )
    assert adapter.calls == []


def test_skip_unsupported_leaves_such_benchmarks_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forgetting(tmp_path / "all" / "adv")
    simple(tmp_path / "all" / "one")
    module = tmp_path / "plain.py"
    module.write_text(
        "from recallbench.testing import ScriptedAdapter\nadapter = ScriptedAdapter\n",
        encoding="utf-8",
    )
    argv = ["run", "--data", str(tmp_path / "all"), "--adapter", str(module), "--judge", "rubric"]
    assert main([*argv, "--output", str(tmp_path / "refused")]) == 2
    assert 'lacks delete_memory, which benchmark "tiny" requires' in capsys.readouterr().err
    assert main([*argv, "--skip-unsupported", "--json", "--output", str(tmp_path / "out")]) == 0
    result = json.loads((tmp_path / "out" / "result.json").read_text(encoding="utf-8"))
    assert [p["personaId"] for p in result["personas"]] == ["one/c1", "one/c2"]


def test_run_refuses_an_invalid_benchmark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = simple(tmp_path / "b")
    (folder / "data.jsonl").unlink()
    code = main(
        [
            "run",
            "--data",
            str(folder),
            "--adapter",
            "builtin:bm25",
            "--judge",
            "rubric",
            "--output",
            str(tmp_path / "out"),
        ]
    )
    assert code == 2
    assert "$.data_file: 'data.jsonl' is not there" in capsys.readouterr().err


@pytest.mark.slow
def test_python_dash_m_run_over_a_folder_of_benchmarks(tmp_path: Path) -> None:
    simple(tmp_path / "all" / "facts")
    sessions(tmp_path / "all" / "chats")
    out = tmp_path / "out"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "recallbench",
            "run",
            "--data",
            str(tmp_path / "all"),
            "--adapter",
            "builtin:bm25",
            "--judge",
            "rubric",
            "--output",
            str(out),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    assert [p["personaId"] for p in result["personas"]] == [
        "chats/q1",
        "chats/q2",
        "facts/c1",
        "facts/c2",
    ]
    assert result["metadata"]["totalEvalsRun"] == 4
    assert (out / "result.json").is_file()
