"""A memory server that fails, with real processes: one that does not start, exits at once, lacks a
tool, returns malformed results or an error, or dies mid-run — each one clear line naming the server
and the tool; in a run, a failing query is that question's error, a dead server's question is
unreachable (asked again by --resume), and the run goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from _mcp_support import day_log, fake_mapping, metadata

from recallbench.adapters.mcp import McpAdapter, McpServerDown, mcp_builder
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


async def test_a_server_that_dies_mid_run_fails_the_call_naming_why_and_comes_back() -> None:
    adapter = McpAdapter(fake_mapping("--die-after", "3"))
    async with adapter.lifespan():
        await adapter.ingest_day(1, day_log(1), metadata(1))  # call 1
        assert "CODE-0001" in await adapter.query("access code")  # call 2
        with pytest.raises(McpServerDown) as caught:  # call 3 kills it
            await adapter.query("access code")
        assert str(caught.value).startswith('mcp server "fake": tool search failed:')
        assert "dying on purpose at call 3" in str(caught.value)
        # Started again (tests/test_mcp_restarts.py): this one kept nothing in its process.
        assert "CODE-0001" not in await adapter.query("access code")


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
def test_in_a_run_a_dying_server_is_unreachable_questions_and_resume_asks_them(
    tmp_path: Path,
) -> None:
    data = tmp_path / "personas"
    write_persona(data, days=10, suffix="10d")
    flag = tmp_path / "died"
    mapping = fake_mapping("--die-after", "8", "--die-once", str(flag))  # in the 5d unit
    mapping["server"]["env"] = {"MCP_MEMORY_FILE": "{data_dir}/memories.json"}
    config = tmp_path / "fake.yaml"
    config.write_text(json.dumps(mapping), encoding="utf-8")
    out = tmp_path / "out"
    common = ["--adapter", f"mcp:{config}", "--data", str(data), "--arcs", "arcs-10d.yaml"]
    common += ["--ranges", "5d,10d", "--judge", "rubric", "--output", str(out)]
    first = _run(*common, cwd=tmp_path)
    assert first.returncode == 1 and "Traceback" not in first.stderr, first.stderr
    assert "could not reach the memory system" in first.stderr and "--resume" in first.stderr
    rows = [json.loads(line) for line in (out / "questions.jsonl").read_text().splitlines()]
    errors = [r for r in rows if r.get("error")]
    assert [e["error"]["stage"] for e in errors] == ["connection"]
    assert errors[0]["error"]["type"] == "McpServerDown"
    assert (
        'mcp server "fake": tool search failed: the server exited with code 3'
        in (errors[0]["error"]["message"])
    )
    after = rows[rows.index(errors[0]) + 1 :]
    assert after and not any(r.get("error") for r in after), "the server started again answered"
    again = _run(*common, "--resume", str(out / "progress.jsonl"), cwd=tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    result = json.loads((out / "result.json").read_text())
    assert "connectionErrors" not in result["metadata"]
