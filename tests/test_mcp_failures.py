"""A memory server that fails, with real processes: one that does not start, exits at once, lacks a
tool, returns malformed results or an error, or dies mid-run — each one clear line naming the server
and the tool; in a run, a failing query is that question's error and the run (and --resume) goes
on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from _mcp_support import day_log, fake_mapping, metadata

from recallbench.adapters.mcp import McpAdapter, mcp_builder
from recallbench.errors import AdapterError, ConfigError
from recallbench.testing import write_persona

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def test_a_server_that_is_not_there_is_refused_before_any_work() -> None:
    mapping = fake_mapping()
    mapping["server"] = {"command": "no-such-memory-server-here"}
    with pytest.raises(
        ConfigError, match=r'mcp server "fake": cannot find .no-such-memory-server-here'
    ):
        mcp_builder("mcp:", mapping)


async def test_a_server_that_exits_at_once_fails_setup_in_one_line() -> None:
    mapping = fake_mapping()
    mapping["server"] = {
        "command": sys.executable,
        "args": ["-c", "import sys; print('no memory today', file=sys.stderr); sys.exit(2)"],
    }
    adapter = McpAdapter(mapping)
    with pytest.raises(AdapterError) as caught:
        await adapter.setup()
    await adapter.teardown()
    message = str(caught.value)
    assert message.startswith('mcp server "fake" did not start:')
    assert "no memory today" in message and "\n" not in message


async def test_a_missing_tool_is_named_at_setup() -> None:
    adapter = McpAdapter(fake_mapping("--without", "search"))
    with pytest.raises(
        AdapterError,
        match=r'mcp server "fake" has no tool search \(its tools: forget, remember, replace, stats\)',
    ):
        await adapter.setup()
    await adapter.teardown()


async def test_malformed_results_and_error_results_name_the_tool() -> None:
    async with McpAdapter(fake_mapping("--malformed")).lifespan() as adapter:
        await adapter.ingest_day(1, day_log(1), metadata(1))
        with pytest.raises(
            AdapterError, match=r'tool search returned malformed results: "hits" is a str'
        ):
            await adapter.query("access code")
    async with McpAdapter(fake_mapping("--error-on", "search")).lifespan() as adapter:
        with pytest.raises(
            AdapterError, match=r"tool search returned an error: .*search fails on purpose"
        ):
            await adapter.query("access code")
    mapping = fake_mapping(hits={"path": "hits", "id": "identifier", "text": "text"})
    async with McpAdapter(mapping).lifespan() as adapter:
        await adapter.ingest_day(1, day_log(1), metadata(1))
        with pytest.raises(AdapterError, match=r'hit 0 has no "identifier" \(its keys: id, text'):
            await adapter.query("access code")


async def test_a_server_that_dies_mid_run_fails_each_call_at_once_naming_why() -> None:
    adapter = McpAdapter(fake_mapping("--die-after", "3"))
    async with adapter.lifespan():
        await adapter.ingest_day(1, day_log(1), metadata(1))  # call 1
        assert "CODE-0001" in await adapter.query("access code")  # call 2
        for _ in range(2):  # call 3 kills it; later calls fail at once, not by a timeout
            with pytest.raises(AdapterError) as caught:
                await adapter.query("access code")
            assert str(caught.value).startswith('mcp server "fake": tool search failed:')
            assert "dying on purpose at call 3" in str(caught.value)


def _run(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "recallbench", "run", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.mark.slow
def test_in_a_run_a_dying_server_is_question_errors_and_resume_goes_on(tmp_path: Path) -> None:
    data = tmp_path / "personas"
    write_persona(data, days=10, suffix="10d")
    flag = tmp_path / "died"
    mapping = fake_mapping("--die-after", "8", "--die-once", str(flag))  # in the 5d unit
    config = tmp_path / "fake.yaml"
    config.write_text(json.dumps(mapping), encoding="utf-8")
    out = tmp_path / "out"
    common = ["--adapter", f"mcp:{config}", "--data", str(data), "--arcs", "arcs-10d.yaml"]
    common += ["--ranges", "5d,10d", "--judge", "rubric", "--output", str(out)]
    first = _run(*common, "--max-adapter-errors", "100", cwd=tmp_path)
    assert "Traceback" not in first.stderr, first.stderr
    rows = [json.loads(line) for line in (out / "questions.jsonl").read_text().splitlines()]
    errors = [r for r in rows if r.get("error")]
    assert errors, "the queries after the server died are recorded as errors"
    assert all('mcp server "fake": tool search failed' in r["error"]["message"] for r in errors)
    after = rows[rows.index(errors[-1]) + 1 :]
    assert after and not any(r.get("error") for r in after), "the 10d unit's new server answered"

    # A server dying during ingestion stops that unit in one line; --resume finishes the run.
    stopped = tmp_path / "stopped"
    mapping = fake_mapping("--die-after", "3", "--die-once", str(tmp_path / "died-again"))
    config.write_text(json.dumps(mapping), encoding="utf-8")
    common[common.index(str(out))] = str(stopped)
    first = _run(*common, cwd=tmp_path)
    assert first.returncode == 1 and "Traceback" not in first.stderr, first.stderr
    assert 'mcp server "fake": tool remember failed' in first.stdout + first.stderr
    again = _run(*common, "--resume", str(stopped / "progress.jsonl"), cwd=tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    rows = [json.loads(line) for line in (stopped / "questions.jsonl").read_text().splitlines()]
    assert rows and not any(r.get("error") for r in rows)
