"""memos-os (examples/adapters/memos_memory.py) offline, embedding through ``recallbench embed-serve``:
through the harness, isolated sessions, forgetting and updating a day, an embedder that cannot be
reached, and the shipped executive assistant from the command line.

Needs memos-os (.ci/run installs it: its pins agree with ours, so it shares our venv) and the dense
extra; each test skips with the reason when one is missing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("memos", reason="memos-os is not installed: pip install 'memos-os>=2.3,<2.4'")

import recallbench as rb
from recallbench.adapters.retrieval.minilm import dense_unavailable
from recallbench.testing import ScriptedJudge, containment_judge, write_persona

UNAVAILABLE = dense_unavailable()
pytestmark = pytest.mark.skipif(UNAVAILABLE is not None, reason=str(UNAVAILABLE))

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "adapters" / "memos_memory.py"
sys.path.insert(0, str(EXAMPLE.parent))

import memos_memory  # noqa: E402


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def meta(day: int, isolated: tuple[str, ...] = ()) -> rb.DayMetadata:
    return rb.DayMetadata(
        day_number=day, date=f"2026-01-{day:02d}", persona_id="p", isolated_sessions=isolated
    )


@pytest.mark.anyio
async def test_through_the_harness_with_its_own_embed_server(tmp_path: Path) -> None:
    write_persona(tmp_path, "tiny", days=30)
    result = await rb.run(
        memos_memory.MemosMemory,
        tmp_path,
        judge=ScriptedJudge(scorer=containment_judge),
        config=rb.RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,30d", lifecycle="incremental"),
    )
    [persona] = result.personas
    assert persona.error is None
    assert result.adapter_name == "memos-os"
    # The tiny persona's days differ only in their date and code ("the access code for day 7 is
    # CODE-0007"), which all-MiniLM-L6-v2 barely tells apart: memos-os finds every day among 10
    # (1.0 measured) but only 11 of 30 (0.37) at the last checkpoint.
    first, last = persona.range_results
    assert first.retrieval.by_category["factual-recall"].recall_at_10 >= 0.9
    assert last.retrieval.by_category["factual-recall"].recall_at_10 >= 0.25
    for checkpoint in persona.range_results:
        assert all(q.error is None for q in checkpoint.question_results)


@pytest.mark.anyio
async def test_it_embeds_through_the_server_and_keeps_sessions_and_days_apart() -> None:
    from recallbench.adapters.retrieval.embed_server import serve_embeddings

    async with serve_embeddings() as server:
        memory = memos_memory.MemosMemory({"embed_host": server.url})
        await memory.setup()
        try:
            day1 = (
                "# session: principal\n\n### Lunch\nLunch with Sam at noon.\n\n"
                "# session: hr\n\n### Pay\nSam's pay is 90k.\n"
            )
            await memory.ingest_day(1, day1, meta(1, ("hr",)))
            day2 = "# session: principal\n\n### Car\nThe car is blue.\n"
            await memory.ingest_day(2, day2, meta(2, ("hr",)))
            await memory.finalize_ingestion()
            before = server.batcher.texts
            assert before >= 3  # the probe and every chunk, embedded by this server

            detail = await memory.query_detail("What colour is the car?")
            assert server.batcher.texts > before  # the question too
            assert detail.answer == "The car is blue."
            assert detail.retrieval is not None and detail.retrieval[0].day == 2
            assert detail.retrieval[0].path == "day-0002#principal/0"

            private = await memory.query_detail("What is Sam's pay?")
            assert "90k" not in private.answer
            assert all("hr" not in r.path for r in private.retrieval or ())
            assert "90k" in await memory.query("What is Sam's pay?", session="hr")

            await memory.update_memory(
                "day-0002", "# session: principal\n\n### Car\nThe car is red.\n"
            )
            assert await memory.query("What colour is the car?") == "The car is red."
            await memory.delete_memory("day-0002")
            gone = await memory.query_detail("What colour is the car?")
            assert "red" not in gone.answer and all(r.day != 2 for r in gone.retrieval or ())
            with pytest.raises(KeyError):
                await memory.delete_memory("day-0002")
        finally:
            await memory.teardown()


@pytest.mark.anyio
async def test_an_embedder_it_cannot_reach_is_one_line_at_setup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # memos-os's own variable names the embedder when the config does not.
    monkeypatch.setenv("MEMOS_EMBED_HOST", "http://127.0.0.1:9")
    memory = memos_memory.MemosMemory()
    with pytest.raises(rb.errors.AdapterError) as caught:
        await memory.setup()
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("memos-os cannot embed through http://127.0.0.1:9/api/embed")
    await memory.teardown()


def test_unknown_config_keys_are_refused() -> None:
    with pytest.raises(rb.errors.ConfigError, match=r"unknown config keys \['topk'\]"):
        memos_memory.MemosMemory({"topk": 3})


def test_long_chunks_are_cut_under_their_heading() -> None:
    text = "### Notes\n" + "\n".join(
        f"Line {n} says something fairly long here." for n in range(60)
    )
    parts = memos_memory.pieces(text, 300)
    assert len(parts) > 1 and all(p.startswith("### Notes\n") for p in parts)
    assert all(len(p) <= 300 + len("### Notes\n") + 60 for p in parts)
    body = "\n".join(p.removeprefix("### Notes\n") for p in parts)
    assert body == text.removeprefix("### Notes\n")


@pytest.mark.slow
def test_the_shipped_executive_assistant_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "result.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "recallbench",
            "run",
            "--adapter",
            str(EXAMPLE),
            "--personas",
            "executive-assistant",
            "--arcs",
            "arcs-180d.yaml",
            "--ranges",
            "30d",
            "--judge",
            "rubric",
            "--json-out",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["adapterName"] == "memos-os"
    [persona] = result["personas"]
    [checkpoint] = persona["rangeResults"]
    assert not persona.get("error")
    # 0.968 measured (31 questions); keywords alone (memos-os without an embedder) find fewer.
    assert checkpoint["retrieval"]["overall"]["recall@10"] >= 0.8
