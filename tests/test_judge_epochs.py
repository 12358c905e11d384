"""``--judge-epochs``: an LLM judge on a real loopback provider that answers differently call by
call judges every answer N times; every verdict is kept, the cache holds each epoch's reply apart
(epoch 1 under the key a plain run uses), and a second run makes no call at all."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from recallbench import RunConfig, RunOutput
from recallbench.harness.engine import Harness
from recallbench.harness.judge_loading import load_judge
from recallbench.judges.panel import JudgePanel
from recallbench.results.panel_agreement import panel_agreement
from recallbench.testing import ScriptedAdapter, write_persona
from recallbench.testing.providers import FakeProviderServer, FakeReply, RecordedRequest

ROOT = Path(__file__).resolve().parents[1]
PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "matches"}'
HALF = '{"correctness": 1, "completeness": 1, "hallucination": 1, "reasoning": "partly"}'
MADE_UP = '{"correctness": 0, "completeness": 0, "hallucination": 0, "reasoning": "invented"}'


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _moody() -> Any:
    """A judge provider whose verdicts go round: pass, partly, made up, pass, …"""
    counter = {"n": 0}

    def respond(request: RecordedRequest) -> FakeReply | str:
        counter["n"] += 1
        return (PASS, HALF, MADE_UP)[counter["n"] % 3]

    return respond


async def _run(data: Path, out: Path, judge: Any, cache: Path) -> Any:
    harness = Harness(
        ScriptedAdapter(),
        data,
        judge=judge,
        config=RunConfig(
            ranges="10d,20d", arcs_file="arcs-30d.yaml", judge_cache=cache, parallelism=4
        ),
        output=RunOutput.beside(out / "result.json"),
    )
    return await harness.run()


def _panels(out: Path) -> dict[tuple[str, str], list[tuple[int, int, str]]]:
    saved = json.loads((out / "result.json").read_text(encoding="utf-8"))
    return {
        (r["range"]["label"] if isinstance(r["range"], dict) else str(r["range"]), q["qa"]["id"]): [
            (v["epoch"], v["composite"], v["reasoning"]) for v in q.get("panel", ())
        ]
        for p in saved["personas"]
        for r in p["rangeResults"]
        for q in r["questionResults"]
    }


@pytest.mark.anyio
async def test_each_epoch_is_judged_and_cached_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")
    data = tmp_path / "data"
    write_persona(data)
    cache = tmp_path / "cache"
    async with FakeProviderServer() as server:
        server.script(_moody())
        spec = f"openai:moody-judge;{server.url}/v1"

        # A plain run first: one call per distinct answer (a question asked again at a later
        # checkpoint with the same answer is a cache hit), cached under today's keys.
        plain = await _run(data, tmp_path / "plain", load_judge(spec, timeout=10), cache)
        answers = plain.metadata.total_evals_run
        distinct = len(server.requests)
        assert 0 < distinct <= answers
        assert plain.metadata.judge_usage["calls"] == distinct

        # Three epochs: epoch 1 is found in the cache, epochs 2 and 3 are asked.
        panel = JudgePanel([load_judge(spec, timeout=10)], epochs=3)
        first = await _run(data, tmp_path / "run1", panel, cache)
        assert len(server.requests) == distinct * 3
        assert first.metadata.judge_usage["calls"] == distinct * 2
        assert first.metadata.judge_usage["cacheHits"] == answers * 3 - distinct * 2
        panels = _panels(tmp_path / "run1")
        assert len(panels) == answers
        for verdicts in panels.values():
            assert [e for e, _, _ in verdicts] == [1, 2, 3]
        # The provider's moods differ call by call: the epochs do not all agree.
        assert {c for verdicts in panels.values() for _, c, _ in verdicts} == {6, 3, 0}
        # Epoch 1 is the plain run's verdict, read from its cache entry.
        saved = json.loads((tmp_path / "plain" / "result.json").read_text(encoding="utf-8"))
        plain_scores = {
            (
                r["range"]["label"] if isinstance(r["range"], dict) else str(r["range"]),
                q["qa"]["id"],
            ): q["compositeScore"]
            for p in saved["personas"]
            for r in p["rangeResults"]
            for q in r["questionResults"]
        }
        assert {k: v[0][1] for k, v in panels.items()} == plain_scores
        # The answer's score is the epochs' mean.
        saved1 = json.loads((tmp_path / "run1" / "result.json").read_text(encoding="utf-8"))
        for p in saved1["personas"]:
            for r in p["rangeResults"]:
                for q in r["questionResults"]:
                    composites = [v["composite"] for v in q["panel"]]
                    assert q["compositeScore"] == pytest.approx(sum(composites) / 3)
        agreement = panel_agreement(first)
        assert agreement is not None and agreement.epochs == 3
        assert agreement.raters == tuple(f"{spec} #{e}" for e in (1, 2, 3))  # the judge's name

        # A second run with the same judge and epochs: not one request, the same verdicts.
        again = await _run(
            data, tmp_path / "run2", JudgePanel([load_judge(spec, timeout=10)], epochs=3), cache
        )
        assert len(server.requests) == distinct * 3
        assert again.metadata.judge_usage["calls"] == 0
        assert again.metadata.judge_usage["cacheHits"] == answers * 3
        assert _panels(tmp_path / "run2") == panels


@pytest.mark.anyio
async def test_the_command_line_judges_every_answer_n_times(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data)
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k}
    env.update(
        PYTHONPATH=str(ROOT),
        RECALLBENCH_CACHE_DIR=str(tmp_path / "user-cache"),
        OPENAI_API_KEY="sk-test-not-a-key",
    )
    async with FakeProviderServer() as server:
        server.script(_moody())
        args = [
            sys.executable, "-m", "recallbench", "run", "--adapter", "builtin:bm25",
            "--data", str(data), "--arcs", "arcs-30d.yaml", "--ranges", "10d",
            "--judge", f"openai:moody-judge;{server.url}/v1", "--judge-epochs", "2",
            "--panel-aggregate", "median", "--judge-cache", str(tmp_path / "cache"),
            "--no-judge-check",  # its one request is counted apart (test_adv_judge_check.py)
            "--output", str(out), "--no-heatmap-png", "--no-html",
        ]  # fmt: skip
        done = await anyio.run_process(args, env=env, check=False)
        assert done.returncode == 0, done.stderr.decode()
        stdout = done.stdout.decode()
        saved = json.loads((out / "result.json").read_text(encoding="utf-8"))
        answers = [
            q for p in saved["personas"] for r in p["rangeResults"] for q in r["questionResults"]
        ]
        assert answers and len(server.requests) == 2 * len(answers)
        for q in answers:
            assert [v["epoch"] for v in q["panel"]] == [1, 2]
            assert q["compositeScore"] == sum(v["composite"] for v in q["panel"]) / 2
        model = saved["metadata"]["judgeModel"]
        assert model.startswith("panel median(openai:moody-judge;") and model.endswith(" x2")
        assert "  Panel          alpha " in stdout


@pytest.mark.anyio
async def test_a_panels_usage_is_the_sum_over_its_members_by_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")
    data = tmp_path / "data"
    write_persona(data)
    async with FakeProviderServer([PASS] * 500) as server:
        panel = JudgePanel(
            [
                load_judge(f"openai:model-a;{server.url}/v1", timeout=10),
                load_judge(f"openai:model-b;{server.url}/v1", timeout=10),
            ],
            epochs=2,
        )
        result = await _run(data, tmp_path / "run", panel, tmp_path / "cache")
        usage = result.metadata.judge_usage
        assert usage["calls"] == len(server.requests) > 0
        assert usage["cacheMisses"] == len(server.requests)
        saved = json.loads((tmp_path / "run" / "result.json").read_text(encoding="utf-8"))
        asked = [
            q for p in saved["personas"] for r in p["rangeResults"] for q in r["questionResults"]
        ]
        # Each answer judged afresh counts each member's two epochs under its own model.
        fresh = [q["usage"]["judge"] for q in asked if q.get("usage")]
        assert fresh and all(
            set(u) == {"model-a", "model-b"} and all(m["calls"] == 2 for m in u.values())
            for u in fresh
        )
        assert sum(m["calls"] for u in fresh for m in u.values()) == len(server.requests)
