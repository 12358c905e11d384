"""LLM judges in real runs: the command line against a real loopback server speaking the providers'
APIs — keys never reach any output, flaky providers are survived, and an identical re-run is free."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from recallbench.testing import write_persona
from recallbench.testing.providers import (
    FakeProviderServer,
    FakeReply,
    RecordedRequest,
    rate_limited,
    server_error,
)

ROOT = Path(__file__).resolve().parents[1]
CANARY_AZURE = "azk-CANARY-7f3a9c2e51d04b8e"
CANARY_OPENAI = "sk-CANARY-0b9e8d7c6a5f4e3d"
PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "matches"}'
FAIL = '{"correctness": 0, "completeness": 0, "hallucination": 1, "reasoning": "no answer"}'


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _answer_of(request: RecordedRequest) -> str:
    body = request.json or {}
    user = body.get("messages", [{}, {}])[-1].get("content", "")
    match = re.search(r"SYSTEM ANSWER:\n(.*?)\n\nOutput the JSON", user, re.S)
    return match.group(1) if match else ""


def _flaky_judge(request: RecordedRequest, serial: int) -> FakeReply | str:
    """A judge provider with bad moments: rate limits, server errors and an unparsable reply now
    and then; otherwise it passes answers that hold an access code."""
    if serial % 17 == 3:
        return server_error(500)
    if serial % 19 == 5:
        return rate_limited(0.05)
    if serial % 23 == 7:
        return "Sure! Here is my assessment of the answer."  # no JSON: the judge asks again
    return PASS if "CODE-" in _answer_of(request) else FAIL


def _script(server: FakeProviderServer) -> Any:
    counter = {"n": 0}

    def respond(request: RecordedRequest) -> FakeReply | str:
        counter["n"] += 1
        return _flaky_judge(request, counter["n"])

    return respond


def _cli_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k and "AZURE" not in k}
    env["PYTHONPATH"] = str(ROOT)
    env["RECALLBENCH_CACHE_DIR"] = str(tmp_path / "user-cache")  # never the real user cache
    env["OPENAI_API_KEY"] = CANARY_OPENAI
    return env


async def _run_cli(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    result = await anyio.run_process(
        [sys.executable, "-m", "recallbench", *args], env=env, check=False
    )
    return (
        result.returncode,
        result.stdout.decode("utf-8", "replace"),
        result.stderr.decode("utf-8", "replace"),
    )


def _every_artifact(*roots: Path) -> dict[Path, str]:
    files: dict[Path, str] = {}
    for root in roots:
        for path in root.rglob("*"):
            if path.is_file():
                files[path] = path.read_text(encoding="utf-8", errors="replace")
    return files


@pytest.mark.anyio
@pytest.mark.slow
async def test_llm_judged_run_keeps_keys_out_of_every_artifact_and_log(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data)
    out = tmp_path / "out"
    cache = tmp_path / "judge-cache"
    async with FakeProviderServer() as server:
        server.script(_script(server))
        # The Azure key and endpoint come only from the dotenv file a profile names.
        dotenv = tmp_path / "secrets.env"
        dotenv.write_text(
            f"AZURE_OPENAI_API_KEY={CANARY_AZURE}\nAZURE_OPENAI_ENDPOINT={server.url}\n",
            encoding="utf-8",
        )
        profile = tmp_path / "profile.yaml"
        profile.write_text(
            f"env:\n  file: {dotenv.name}\nharness:\n  adapter: {ROOT / 'examples' / 'keyword_memory.py'}\n",
            encoding="utf-8",
        )
        args = [
            "run",
            "--profile",
            str(profile),
            "--data",
            str(data),
            "--arcs",
            "arcs-30d.yaml",
            "--ranges",
            "10d,20d,30d",
            "--judge",
            "azure:gpt-judge",
            "--appellate-judge",
            f"openai:gpt-appeal;{server.url}/v1",
            "--judge-memory-window",
            "1",
            "--judge-cache",
            str(cache),
            "--json-out",
            str(out / "result.json"),
            "--timeout",
            "5000",
            "--parallelism",
            "4",
        ]
        env = _cli_env(tmp_path)
        code, stdout, stderr = await _run_cli(args, env)
        assert code == 0, stderr
        first_requests = len(server.requests)

        # The keys were really used...
        azure = [r for r in server.requests if r.api == "azure"]
        openai = [r for r in server.requests if r.api == "openai"]
        assert azure and openai
        assert all(r.headers.get("api-key") == CANARY_AZURE for r in azure)
        assert all(r.headers.get("authorization") == f"Bearer {CANARY_OPENAI}" for r in openai)
        assert all(r.json["temperature"] == 0 for r in azure)

        # ... and appear nowhere we write or print.
        artifacts = _every_artifact(out, cache, tmp_path / "user-cache")
        assert {p.name for p in artifacts} >= {
            "result.json",
            "progress.jsonl",
            "questions.jsonl",
            "failures.jsonl",
        }
        for text, where in [(stdout, "stdout"), (stderr, "stderr")] + [
            (t, str(p)) for p, t in artifacts.items()
        ]:
            for canary in (CANARY_AZURE, CANARY_OPENAI, "CANARY"):
                assert canary not in text, f"{canary} leaked into {where}"

        result = json.loads((out / "result.json").read_text())
        md = result["metadata"]
        assert md["judgeModel"] == "azure:gpt-judge"
        assert md["appellateJudgeModel"] == f"openai:gpt-appeal;{server.url}/v1"
        assert md.get("judgeErrors", 0) == 0  # every flaky moment was retried away
        usage, appeal = md["judgeUsage"], md["appellateJudgeUsage"]
        # A model call may take several HTTP attempts (the provider retries 429s and 5xx).
        assert 0 < usage["calls"] < len(azure)
        assert usage["inputTokens"] > 0 and usage["outputTokens"] > 0
        assert appeal["calls"] >= 1
        # The headline says what judging cost: calls and tokens of both judges.
        assert "  Judge          azure:gpt-judge: " in stdout and " out tokens" in stdout
        assert f"  Appellate      openai:gpt-appeal;{server.url}/v1: " in stdout

        # An identical re-run is answered from the cache: not one request.
        out2 = tmp_path / "out2"
        args2 = [a if a != str(out / "result.json") else str(out2 / "result.json") for a in args]
        code, _stdout2, stderr2 = await _run_cli(args2, env)
        assert code == 0, stderr2
        assert len(server.requests) == first_requests
        again = json.loads((out2 / "result.json").read_text())
        assert again["metadata"]["judgeUsage"]["calls"] == 0
        assert again["metadata"]["judgeUsage"]["cacheHits"] == md["totalEvalsRun"]
        assert again["heatmap"] == result["heatmap"]
