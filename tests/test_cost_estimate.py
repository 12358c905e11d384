"""``plan --estimate``: the judge calls and prompt tokens it predicts are the ones the run then sends
(checked against the requests a real loopback provider receives), and its cost is their price."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from recallbench.cli import main
from recallbench.data.dataset import load_persona
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.harness.engine import Harness
from recallbench.judges.llm import LlmJudge
from recallbench.models.openai import OpenAIModel
from recallbench.testing import ScriptedAdapter, write_persona
from recallbench.testing.providers import FakeProviderServer

PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "ok"}'


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _estimate(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["plan", *args, "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out)["estimate"])


@pytest.mark.anyio
@pytest.mark.parametrize("window", [0, 1])
async def test_the_estimate_predicts_the_calls_and_prompt_tokens_the_run_sends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], window: int
) -> None:
    data = tmp_path / "data"
    write_persona(data, days=6, suffix="6d")
    flags = ["--data", str(data), "--arcs", "arcs-6d.yaml", "--ranges", "3d", "6d"]
    estimate = _estimate(
        capsys,
        *flags,
        "--estimate",
        "--judge",
        "openai:gpt-4o-mini",
        "--judge-memory-window",
        str(window),
        "--judge-cache",
        str(tmp_path / "no-cache"),
    )
    (judge,) = estimate["judges"]

    # The run, with an adapter answering each question with its reference answer (the estimate's
    # one assumption about the answer), sends exactly the predicted prompts.
    persona = load_persona(data, "tiny", "arcs-6d.yaml")
    adapter = ScriptedAdapter(answer={q.question: q.answer for q in persona.qa})
    async with FakeProviderServer() as server:
        server.script(lambda _request: PASS)
        llm = LlmJudge(OpenAIModel("gpt-4o-mini", endpoint=f"{server.url}/v1", api_key="k"))
        config = RunConfig(
            ranges=("3d", "6d"), arcs_file="arcs-6d.yaml", judge_memory_window=window
        )
        await Harness(
            adapter, data, judge=llm, config=config, output=RunOutput.directory(tmp_path / "o")
        ).run()
        sent = [r.json or {} for r in server.requests]
    assert judge["calls"] == estimate["judgeCalls"] == len(sent) == 10
    tokens = sum(math.ceil(sum(len(m["content"]) for m in body["messages"]) / 4) for body in sent)
    assert judge["inputTokens"] == tokens
    assert judge["expectedOutputTokens"] == 100 * len(sent)
    assert judge["maxOutputTokens"] == 400 * len(sent)
    assert judge["usd"] == pytest.approx((tokens * 0.15 + 100 * len(sent) * 0.60) / 1e6)
    assert judge["cachedEntries"] == 0


def test_epochs_panels_and_an_appellate_ceiling_multiply_as_a_run_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    write_persona(data, days=4, suffix="4d")
    flags = ["--data", str(data), "--arcs", "arcs-4d.yaml", "--ranges", "4d"]
    one = _estimate(capsys, *flags, "--estimate", "--judge", "openai:gpt-4o-mini")
    many = _estimate(
        capsys,
        *flags,
        "--estimate",
        "--judge",
        "openai:gpt-4o-mini",
        "--judge",
        "anthropic:claude-haiku-4-5",
        "--judge",
        "rubric",
        "--appellate-judge",
        "openai:gpt-4o",
        "--epochs",
        "2",
        "--judge-epochs",
        "3",
    )
    base = one["judges"][0]
    mini, haiku, rubric, appeal = many["judges"]
    assert mini["calls"] == base["calls"] * 6 and mini["inputTokens"] == base["inputTokens"] * 6
    assert haiku["calls"] == mini["calls"] and haiku["usd"] > mini["usd"]
    assert rubric["calls"] == 0 and rubric["usd"] == 0
    assert appeal["role"] == "appellate" and appeal["calls"] == base["calls"] * 2
    assert many["judgeCalls"] == 2 * mini["calls"]
    assert many["usd"] == pytest.approx(mini["usd"] + haiku["usd"])
    assert many["usdMax"] == pytest.approx(mini["usdMax"] + haiku["usdMax"] + appeal["usdMax"])


def test_an_unpriced_model_is_unknown_and_a_bare_model_name_is_corrected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    write_persona(data, days=3, suffix="3d")
    flags = ["--data", str(data), "--arcs", "arcs-3d.yaml", "--ranges", "3d", "--estimate"]
    unknown = _estimate(capsys, *flags, "--judge", "openai:my-finetune-7b")
    assert unknown["usd"] is None and unknown["judges"][0]["usd"] is None
    assert main(["plan", *flags]) == 2
    assert "--judge SPEC" in capsys.readouterr().err
    assert main(["plan", *flags, "--judge", "gpt-4o"]) == 2
    assert "did you mean 'openai:gpt-4o'" in capsys.readouterr().err
    # Priced through a price file of one's own.
    prices = tmp_path / "prices.yaml"
    prices.write_text("prices:\n  my-finetune-7b: {input: 1, output: 4}\n", encoding="utf-8")
    priced = _estimate(capsys, *flags, "--judge", "openai:my-finetune-7b", "--prices", str(prices))
    judge = priced["judges"][0]
    assert judge["usd"] == pytest.approx(
        (judge["inputTokens"] * 1 + judge["expectedOutputTokens"] * 4) / 1e6
    )
    assert main(["plan", *flags, "--judge", "openai:gpt-4o-mini"]) == 0
    text = capsys.readouterr().out
    assert "Estimate (before any call):" in text and "judge calls" in text
