"""``--max-cost``: a run stopped by its budget keeps everything paid for, sends no call past it, and
``--resume`` continues it to the result an unbudgeted run gives — in the library and on the command
line, against a real loopback provider."""

from __future__ import annotations

import contextvars
import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from _clocks import without_clocks

from recallbench.errors import BudgetExceeded, ConfigError
from recallbench.harness.budget import Budget
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.harness.engine import Harness
from recallbench.harness.resume import read_resume_log
from recallbench.judges.llm import LlmJudge
from recallbench.models.base import Completion
from recallbench.models.openai import OpenAIModel
from recallbench.results.cost import Price, PriceTable
from recallbench.testing import ScriptedAdapter, write_persona
from recallbench.testing.providers import FakeProviderServer, RecordedRequest, reply

ROOT = Path(__file__).resolve().parents[1]
PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "ok"}'
FAIL = '{"correctness": 0, "completeness": 0, "hallucination": 1, "reasoning": "no"}'
# gpt-4o-mini at $0.15 / $0.60 per million: each judged answer costs 2,000 × 0.15e-6 + 100 × 0.6e-6.
PER_ANSWER = 2000 * 0.15e-6 + 100 * 0.60e-6


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _judge(request: RecordedRequest) -> Any:
    user = (request.json or {})["messages"][-1]["content"]
    ok = "CODE-" in user.split("SYSTEM ANSWER:")[-1]
    return reply(PASS if ok else FAIL, input_tokens=2000, output_tokens=100, delay=0.005)


def _comparable(path: Path) -> Any:
    """result.json without what any resume changes: clocks, the budget, the resumed flag, the
    judge's per-invocation call counters (``judgeUsage``: this process's calls; the cost, from each
    answer's own usage, must match) and ingestion bookkeeping (``newDaysIngested`` of a checkpoint
    restored from the log)."""
    data = without_clocks(json.loads(path.read_text(encoding="utf-8")))
    meta = data["metadata"]
    for key in ("resumed", "judgeUsage"):
        meta.pop(key, None)
    meta.get("cost", {}).pop("budget", None)
    for persona in data["personas"]:
        for checkpoint in persona["rangeResults"]:
            checkpoint.pop("newDaysIngested", None)
    return data


async def _run(
    data: Path,
    out: Path,
    server: FakeProviderServer,
    *,
    max_cost: float | None = None,
    resume: bool = False,
    units: int = 1,
) -> Any:
    judge = LlmJudge(OpenAIModel("gpt-4o-mini", endpoint=f"{server.url}/v1", api_key="sk-test"))
    config = RunConfig(
        ranges=("4d", "8d"),
        arcs_file="arcs-8d.yaml",
        parallelism=3,
        unit_parallelism=units,
        max_cost=max_cost,
    )
    log = (
        read_resume_log((out / "progress.jsonl").resolve(), out / "questions.jsonl")
        if resume
        else None
    )
    harness = Harness(
        ScriptedAdapter(),
        data,
        judge=judge,
        config=config,
        output=RunOutput.directory(out),
        resume=log,
    )
    return await harness.run()


@pytest.mark.anyio
@pytest.mark.parametrize("units", [1, 2])
async def test_a_budget_stop_resumes_to_the_unbudgeted_result(tmp_path: Path, units: int) -> None:
    """With two units in flight at once (the fresh lifecycle's two checkpoints), one budget holds
    across both."""
    data = tmp_path / "data"
    write_persona(data, days=8, suffix="8d")
    async with FakeProviderServer() as server:
        server.script(_judge)
        await _run(data, tmp_path / "whole", server)
        whole_calls = len(server.requests)
        assert whole_calls == 13  # 4 answers at 4d, 9 at 8d (which asks 4d's again)

        server.requests.clear()
        budget = 6.5 * PER_ANSWER  # room for six answers and a half
        with pytest.raises(BudgetExceeded) as info:
            await _run(data, tmp_path / "split", server, max_cost=budget, units=units)
        paid = len(server.requests)
        stopped = info.value.result  # type: ignore[attr-defined]
        cost = stopped.metadata.cost
        assert cost["budget"]["stopped"] is True
        assert cost["budget"]["maxUsd"] == budget
        # No call past the budget was sent; every one sent was paid for and logged.
        assert cost["budget"]["spentUsd"] <= budget
        assert cost["budget"]["spentUsd"] == pytest.approx(paid * PER_ANSWER, abs=1e-6)
        logged = (tmp_path / "split" / "questions.jsonl").read_text(encoding="utf-8").splitlines()
        assert len(logged) == paid
        assert 4 <= paid < whole_calls
        written = json.loads((tmp_path / "split" / "result.json").read_text(encoding="utf-8"))
        assert written["metadata"]["cost"]["budget"]["stopped"] is True

        server.requests.clear()
        await _run(data, tmp_path / "split", server, resume=True, units=units)
        assert len(server.requests) == whole_calls - paid  # nothing paid for twice
    assert _comparable(tmp_path / "split" / "result.json") == _comparable(
        tmp_path / "whole" / "result.json"
    )


def test_a_budget_with_a_judge_it_cannot_price_is_refused_before_the_run(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data, days=3, suffix="3d")
    judge = LlmJudge(OpenAIModel("in-house-judge", endpoint="http://127.0.0.1:9/v1", api_key="k"))
    config = RunConfig(ranges=("3d",), arcs_file="arcs-3d.yaml", max_cost=1.0)
    with pytest.raises(ConfigError, match="no price for the judge's model 'in-house-judge'"):
        Harness(ScriptedAdapter(), data, judge=judge, config=config)


def test_a_panel_member_it_cannot_price_is_refused_before_the_run(tmp_path: Path) -> None:
    from recallbench.judges.rubric import RubricJudge

    data = tmp_path / "data"
    write_persona(data, days=3, suffix="3d")
    unpriced = LlmJudge(
        OpenAIModel("in-house-judge", endpoint="http://127.0.0.1:9/v1", api_key="k")
    )
    priced = LlmJudge(OpenAIModel("gpt-4o-mini", endpoint="http://127.0.0.1:9/v1", api_key="k"))
    config = RunConfig(ranges=("3d",), arcs_file="arcs-3d.yaml", max_cost=1.0)
    with pytest.raises(ConfigError, match="no price for the judge's model 'in-house-judge'"):
        Harness(ScriptedAdapter(), data, judge=[priced, RubricJudge(), unpriced], config=config)
    Harness(ScriptedAdapter(), data, judge=[priced, RubricJudge()], config=config)  # all priced


def test_calls_in_flight_hold_their_estimate_until_they_return() -> None:
    table = PriceTable(prices={"m": Price(input_per_mtok=1.0, output_per_mtok=1.0)}, date="d")
    budget = Budget(0.0025, table)
    # Each call: 500 prompt tokens + 500 max_tokens = 1,000 tokens = $0.001 at most.
    budget.before_call("m", 500, 500)
    budget.before_call("m", 500, 500)
    with pytest.raises(BudgetExceeded, match="would pass it"):
        budget.before_call("m", 500, 500)  # $0.003 with the two in flight
    assert budget.stopped
    # Once stopped, every call is refused, even one that would fit.
    budget.after_call("m", 500, 500, Completion(text="x", input_tokens=400, output_tokens=10))
    budget.after_call("m", 500, 500, None)  # failed: releases its estimate, costs nothing counted
    assert budget.spent == pytest.approx(410e-6)
    with pytest.raises(BudgetExceeded, match="reached"):
        budget.before_call("m", 1, 1)
    assert budget.to_json() == {"maxUsd": 0.0025, "spentUsd": 0.00041, "stopped": True}


def test_a_model_without_a_price_is_refused_under_a_budget() -> None:
    budget = Budget(1.0, PriceTable(prices={}, date="d"))
    with pytest.raises(BudgetExceeded, match="no price for model 'x'"):
        budget.before_call("x", 1, 1)


async def _cli(args: list[str], env: dict[str, str], cwd: Path) -> tuple[int, str]:
    done = await anyio.run_process(
        [sys.executable, "-m", "recallbench", *args], env=env, cwd=cwd, check=False
    )
    return done.returncode, done.stderr.decode("utf-8", "replace")


@pytest.mark.anyio
@pytest.mark.slow
async def test_the_command_line_stops_at_max_cost_and_resumes(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data, days=8, suffix="8d")
    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k}
    env |= {"PYTHONPATH": str(ROOT), "RECALLBENCH_CACHE_DIR": str(tmp_path / "cache")}
    env["OPENAI_API_KEY"] = "sk-test"
    async with FakeProviderServer() as server:
        server.script(_judge)
        judge = f"openai:gpt-4o-mini;{server.url}/v1"
        common = ["--data", str(data), "--arcs", "arcs-8d.yaml", "--ranges", "4d", "8d"]
        common += ["--judge", judge, "--no-judge-cache", "--skip-preflight"]
        out = tmp_path / "run"
        code, err = await _cli(
            ["run", *common, "--max-cost", f"{5.5 * PER_ANSWER:.8f}", "--output", str(out)],
            env,
            tmp_path,
        )
        assert code == 1, err
        assert "stopped by the budget" in err and "--resume" in err, err
        assert "Traceback" not in err
        assert json.loads((out / "result.json").read_text())["metadata"]["cost"]["budget"][
            "stopped"
        ]
        paid = len(server.requests)
        server.requests.clear()
        code, err = await _cli(
            ["run", *common, "--resume", str(out / "progress.jsonl"), "--output", str(out)],
            env,
            tmp_path,
        )
        assert code == 0, err
        assert 0 < paid < 13
        assert paid + len(server.requests) == 13  # nothing paid for twice
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert result["metadata"]["cost"]["answers"] == 13
    assert "budget" not in result["metadata"]["cost"]


class _PricedModel:
    """gpt-4o-mini as far as prices go, answering in-process (a unit elsewhere keeps its own
    connections, which a thread standing in for a worker process would leave open)."""

    model = "gpt-4o-mini"

    def __init__(self) -> None:
        self.calls = 0

    async def complete(self, system_prompt: str, user_message: str, **_: Any) -> Completion:
        self.calls += 1
        ok = "CODE-" in user_message.split("SYSTEM ANSWER:")[-1]
        return Completion(text=PASS if ok else FAIL, input_tokens=2000, output_tokens=100)


class _ElsewhereExecutor:
    """Runs each unit as the Ray executor does — on an event loop of its own in another thread,
    reporting its records as events (:func:`recallbench.harness.remote.unit_events`) — without
    Ray, and in an empty context: a unit elsewhere (a Ray worker process) sees no budget."""

    async def run(self, jobs: Any, work: Any) -> None:
        import anyio.to_thread

        from recallbench.harness.remote import unit_events

        for job in jobs:
            if not work.wanted(job):
                continue
            events = unit_events(work.shipment(), job.unit, job.dataset, work.resume_for(job))
            step = contextvars.Context()
            try:
                while True:
                    batch = await anyio.to_thread.run_sync(step.run, next, events, None)
                    assert batch is not None, "a unit ended without its outcome"
                    outcome = None
                    for event in batch:
                        outcome = await work.absorb(job, event) or outcome
                    if outcome is not None:
                        work.done(job, outcome)
                        break
                    if work.stopping:
                        return
            finally:
                await anyio.to_thread.run_sync(step.run, events.close)


@pytest.mark.anyio
async def test_units_run_elsewhere_are_held_to_the_budget_at_the_driver(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data, days=8, suffix="8d")
    model = _PricedModel()
    config = RunConfig(ranges=("4d", "8d"), arcs_file="arcs-8d.yaml", max_cost=2.5 * PER_ANSWER)
    out = tmp_path / "out"
    harness = Harness(
        ScriptedAdapter(),
        data,
        judge=LlmJudge(model),
        config=config,
        output=RunOutput.directory(out),
        executor=_ElsewhereExecutor(),
    )
    with pytest.raises(BudgetExceeded, match="units running elsewhere") as info:
        await harness.run()
    budget = info.value.result.metadata.cost["budget"]  # type: ignore[attr-defined]
    assert budget["stopped"] is True
    # Checked as the answers arrive: the run stops at the batch of events that reached the
    # budget; every answer paid for until then is counted and logged.
    logged = len((out / "questions.jsonl").read_text().splitlines())
    assert budget["spentUsd"] >= 2.5 * PER_ANSWER
    assert budget["spentUsd"] == pytest.approx(logged * PER_ANSWER, abs=1e-6)
    assert model.calls >= logged and logged < 13
