"""The judge check (issue 42, finding 5): a judge endpoint that takes a chat completion and never
answers, while its server answers everything else, stops a run with default flags within 60 s, in
one line naming it, exit 1, before any setup or ingestion; the check costs a cached or offline judge
nothing and is outside the run's judge usage. And a judge URL carrying ``user:password@`` is
refused before any work (finding 9). A real aiohttp server speaking the OpenAI API
(:class:`~recallbench.testing.providers.FakeProviderServer`), the real command line."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from _cli import ROOT, Outcome, adapter_file

from recallbench.harness.judge_check import CHECK_QUESTION, check_judge_models, judge_models
from recallbench.judges.cache import CachedJudge, JudgeCache
from recallbench.judges.llm import LlmJudge
from recallbench.judges.panel import JudgePanel
from recallbench.judges.rubric import RubricJudge
from recallbench.models.openai import OpenAIModel
from recallbench.testing import write_persona
from recallbench.testing.providers import FakeProviderServer, RecordedRequest, error, hang

pytestmark = pytest.mark.anyio

SCORE = json.dumps({"correctness": 3, "completeness": 2, "hallucination": 0, "reasoning": "ok"})
ARGS = ("--arcs", "arcs-30d.yaml", "--ranges", "10d")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    write_persona(tmp_path / "personas")
    return tmp_path / "personas"


async def _run(tmp_path: Path, *args: str | Path, timeout: float = 120) -> tuple[Outcome, float]:
    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k}
    env.update(
        PYTHONPATH=str(ROOT),
        OPENAI_API_KEY="sk-test-not-a-key",
        RECALLBENCH_CACHE_DIR=str(tmp_path / "user-cache"),
    )
    env.pop("RECALLBENCH_DEBUG", None)
    started = time.monotonic()
    with anyio.fail_after(timeout):
        done = await anyio.run_process(
            [sys.executable, "-m", "recallbench", "run", *map(str, args)], env=env, check=False
        )
    out = Outcome(done.returncode, done.stdout.decode(), done.stderr.decode())
    return out, time.monotonic() - started


def _checks(server: FakeProviderServer) -> list[RecordedRequest]:
    return [r for r in server.requests if CHECK_QUESTION in r.body]


async def test_a_judge_that_hangs_on_completions_but_serves_stops_the_run_within_60_s(
    data: Path, tmp_path: Path
) -> None:
    """Default flags (the judge cache on, --timeout 30 s). The server answers the liveness probe
    (a GET: 405), so the endpoint is taken as serving; the check's request is given the time of
    one judge call. Measured 2026-12-07: 31 s, exit 1 (it was still waiting after 300 s)."""
    marker = tmp_path / "set-up"
    adapter = adapter_file(tmp_path, setup=f"open({str(marker)!r}, 'w').close()")
    async with FakeProviderServer(hang()) as server:
        url = f"{server.url}/v1"
        done, took = await _run(tmp_path, "--data", data, *ARGS, "--adapter", adapter,
                                "--judge", f"openai:gpt-4o-mini;{url}",
                                "--output", tmp_path / "run")  # fmt: skip
    assert done.code == 1, done.err
    line = done.one_line_error()
    assert line.startswith("recallbench run: stopped before any work: judge model")
    assert f"{url}/chat/completions did not score a check request within 30 s" in line
    assert took < 60
    assert len(server.requests) == 1  # the check, and nothing else
    assert not marker.exists()  # no setup, no ingestion
    assert not (tmp_path / "run" / "result.json").exists()


async def test_a_judge_that_refuses_the_check_stops_the_run_at_once(
    data: Path, tmp_path: Path
) -> None:
    """A bad key, an unknown model: the provider's own words, before any work (it was three
    questions' worth of judge failures later)."""
    async with FakeProviderServer(error(401, code="invalid_api_key", message="Bad key")) as server:
        done, took = await _run(tmp_path, "--data", data, *ARGS,
                                "--judge", f"openai:gpt-4o-mini;{server.url}/v1", "--no-save")  # fmt: skip
    assert done.code == 1, done.err
    line = done.one_line_error()
    assert "failed a check request" in line and "HTTP 401 (invalid_api_key)" in line
    assert "Bad key" in line and "sk-test" not in done.err
    assert took < 30


async def test_the_check_costs_a_cached_judge_nothing_and_is_outside_the_run_usage(
    data: Path, tmp_path: Path
) -> None:
    """The first run sends one check request more than its judging; an identical re-run, judged
    from the cache, sends nothing at all; judgeUsage is the same with and without the check."""
    async with FakeProviderServer(SCORE) as server:
        judge = f"openai:gpt-4o-mini;{server.url}/v1"
        first, _ = await _run(tmp_path, "--data", data, *ARGS, "--judge", judge,
                              "--output", tmp_path / "a")  # fmt: skip
        assert first.code == 0, first.err
        assert len(_checks(server)) == 1
        assert "scored a check request in" in first.err
        assert "outside the run's judge usage" in first.err
        sent = len(server.requests)
        again, _ = await _run(tmp_path, "--data", data, *ARGS, "--judge", judge,
                              "--output", tmp_path / "b")  # fmt: skip
        assert again.code == 0, again.err
        assert len(server.requests) == sent  # not one request
        assert "its check is in the judge cache (no request sent)" in again.err
        unchecked, _ = await _run(tmp_path, "--data", data, *ARGS, "--judge", judge,
                                  "--no-judge-cache", "--no-judge-check",
                                  "--output", tmp_path / "c")  # fmt: skip
        assert unchecked.code == 0, unchecked.err
        assert len(_checks(server)) == 1  # --no-judge-check asked nothing
    usage = [_usage(tmp_path / d) for d in "abc"]
    assert usage[0]["calls"] == usage[2]["calls"] == sent - 1 > 0
    assert usage[0]["inputTokens"] == usage[2]["inputTokens"]
    assert usage[1]["calls"] == 0 and usage[1]["cacheHits"] == usage[0]["calls"]


def _usage(run: Path) -> dict[str, Any]:
    saved = json.loads((run / "result.json").read_text(encoding="utf-8"))
    usage: dict[str, Any] = saved["metadata"]["judgeUsage"]
    return usage


async def test_an_offline_judge_is_not_checked(data: Path, tmp_path: Path) -> None:
    for judge in ("rubric", "stub"):
        done, _ = await _run(tmp_path, "--data", data, *ARGS, "--judge", judge, "--no-save")
        assert done.code == 0, done.err
        assert "check request" not in done.err and "[bench preflight] OK" in done.err


@pytest.mark.parametrize("skip", ["--skip-preflight", "--no-judge-check"])
async def test_the_check_can_be_skipped(data: Path, tmp_path: Path, skip: str) -> None:
    async with FakeProviderServer(SCORE) as server:
        done, _ = await _run(tmp_path, "--data", data, *ARGS, skip, "--no-save",
                             "--judge", f"openai:gpt-4o-mini;{server.url}/v1")  # fmt: skip
    assert done.code == 0, done.err
    assert not _checks(server) and server.requests  # judged, never checked


@pytest.mark.parametrize("where", ["--judge", "--appellate-judge", "--judge-model"])
@pytest.mark.parametrize("skip", [(), ("--skip-preflight",)])
async def test_a_judge_url_with_a_password_is_refused_before_any_work(
    data: Path, tmp_path: Path, where: str, skip: tuple[str, ...]
) -> None:
    """It passed preflight and failed after three calls with aiohttp's header error (it cannot
    send a password in the URL beside a key); the URL, password and all, was the judge's name in
    result.json. Refused whatever is skipped, the password shown nowhere."""
    async with FakeProviderServer(SCORE) as server:
        port = server.url.rsplit(":", 1)[1]
        spec = f"openai:gpt-4o-mini;http://judge:hunter2@127.0.0.1:{port}/v1"
        extra: tuple[str, ...] = (where, spec)
        if where == "--appellate-judge":
            extra = ("--judge", "rubric", *extra)
        done, _ = await _run(tmp_path, "--data", data, *ARGS, *extra, *skip, "--no-save")
    assert done.code == 2, done.err
    line = done.one_line_error()
    assert f'{where} "openai:gpt-4o-mini;http://127.0.0.1:{port}/v1"' in line
    assert "user:password@" in line and "hunter2" not in done.err + done.out
    assert not server.requests


async def test_check_judge_models_finds_each_http_model_once() -> None:
    """Through a panel, a judge cache and a family's judges (``inner``, ``judges``), an LLM
    judge's model; offline members skipped; one check each, a hung one bounded by its time."""
    async with FakeProviderServer(SCORE) as good, FakeProviderServer(hang()) as hung:
        a = OpenAIModel("a", endpoint=f"{good.url}/v1", api_key="k")
        b = OpenAIModel("b", endpoint=f"{hung.url}/v1", api_key="k")
        b.probe_after = None  # a hung generation: the probe would be answered anyway
        panel = JudgePanel(
            [LlmJudge(a), CachedJudge(LlmJudge(b), JudgeCache("/nonexistent")), RubricJudge()]
        )
        assert [m.name for m in judge_models([panel, LlmJudge(a), None])] in (
            ["openai:a", "openai:b"],
            ["openai:b", "openai:a"],
        )
        started = time.monotonic()
        checks = await check_judge_models([panel], timeout=1.5)
        took = time.monotonic() - started
    by_name = {c.model: c for c in checks}
    assert by_name["openai:a"].ok and by_name["openai:a"].usage.calls == 1
    assert not by_name["openai:b"].ok and by_name["openai:b"].timed_out
    assert "within 1.5 s" in by_name["openai:b"].line()
    assert 1.5 <= took < 5
