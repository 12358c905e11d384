"""The mapping's second version against a real MCP server process (the fake memory server): reset and
setup calls before the first ingest, a failing one stopping the unit in one line; refused writes
counted (WritesRefused after the day's other writes), never kept; hits as columns and in prose; and
two units against one server over streamable HTTP, kept apart by a namespace each — or run one at a
time, through the harness, when the mapping gives none."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from _mcp_support import day_log, fake_mapping, metadata
from test_mcp_adapter import serving_http

from recallbench.adapters.mcp import McpAdapter
from recallbench.errors import AdapterError, WritesRefused
from recallbench.testing import write_persona

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def spaced(mapping: dict[str, Any]) -> dict[str, Any]:
    """``mapping`` with every tool call in the unit's namespace."""
    for key in ("ingest", "search", "delete", "update"):
        mapping[key]["args"]["namespace"] = "{namespace}"
    return mapping


async def test_reset_then_setup_run_before_the_first_ingest() -> None:
    mapping = spaced(fake_mapping("--strict-namespaces"))
    mapping["reset"] = [{"tool": "reset", "args": {"namespace": "{namespace}"}}]
    mapping["setup"] = [{"tool": "create_namespace", "args": {"namespace": "{namespace}"}}]
    adapter = McpAdapter(mapping)
    async with adapter.lifespan():
        assert len(adapter.unit) == 12
        namespace = f"recallbench-{adapter.unit}"
        stats, _ = await adapter.call("stats", {"namespace": namespace})
        assert stats["count"] == 0 and namespace in stats["namespaces"]
        await adapter.ingest_day(1, day_log(1), metadata(1))
        detail = await adapter.query_detail("access code day 1")
        assert "CODE-0001" in detail.answer
        assert detail.tool_calls[0].args["namespace"] == namespace
        first = adapter.unit
    async with adapter.lifespan():  # a new unit: a new slug, a new namespace
        assert adapter.unit != first


async def test_without_its_setup_call_the_strict_server_refuses_the_unit() -> None:
    """The control: the setup call is what makes the namespace the writes need."""
    adapter = McpAdapter(spaced(fake_mapping("--strict-namespaces")))
    async with adapter.lifespan():
        with pytest.raises(AdapterError, match="create_namespace first"):
            await adapter.ingest_day(1, day_log(1), metadata(1))


async def test_a_failing_setup_call_stops_the_unit_in_one_line() -> None:
    mapping = spaced(fake_mapping("--namespaces", "--error-on", "create_namespace"))
    mapping["setup"] = [{"tool": "create_namespace", "args": {"namespace": "{namespace}"}}]
    adapter = McpAdapter(mapping)
    with pytest.raises(AdapterError) as caught:
        await adapter.setup()
    message = str(caught.value)
    assert message == (
        'mcp server "fake": setup call 1 (tool create_namespace) failed: returned an error: '
        "Error executing tool create_namespace: create_namespace fails on purpose; see setup in "
        "config"
    )
    assert adapter.session is None and adapter.data_dir is not None
    assert not adapter.data_dir.exists(), "the unit's folder went with the failed setup"


@pytest.mark.parametrize(
    ("flags", "success"),
    [
        ((), None),  # {"success": false}: refused without a rule
        ((), {"path": "success"}),
        (("--refuse-as-error",), {"errorRefusal": "Not stored"}),
    ],
)
async def test_a_refused_write_is_counted_after_the_days_other_writes(
    flags: tuple[str, ...], success: dict[str, Any] | None
) -> None:
    mapping = fake_mapping("--refuse", "twelve", *flags)
    if success is not None:
        mapping["ingest"]["success"] = success
    adapter = McpAdapter(mapping)
    async with adapter.lifespan():
        secret = "The board budget is twelve million."
        with pytest.raises(WritesRefused) as caught:
            await adapter.ingest_day(2, day_log(2, board=secret), metadata(2))
        assert caught.value.count == 1
        assert caught.value.reasons[0].startswith("day-0002.board: ")
        assert "Not stored: it holds 'twelve'" in caught.value.reasons[0]
        await adapter.ingest_day(3, day_log(3), metadata(3))  # the unit goes on
        stats, _ = await adapter.call("stats", {})
        assert stats["ids"] == ["day-0002.principal", "day-0003.principal"]
        held = await adapter.query_detail("board budget twelve", session="board")
        assert "twelve" not in held.answer and {e.day for e in held.retrieval} <= {2, 3}
        await adapter.ingest_day(2, day_log(2), metadata(2))  # a day held is not stored again
        await adapter.delete_memory("day-0002")  # what was stored of it, and no more
        stats, _ = await adapter.call("stats", {})
        assert stats["ids"] == ["day-0003.principal"]


async def test_an_error_result_the_rule_does_not_call_a_refusal_stops_the_ingest() -> None:
    adapter = McpAdapter(fake_mapping("--refuse", "twelve", "--refuse-as-error"))
    async with adapter.lifespan():
        with pytest.raises(
            AdapterError, match=r"tool remember returned an error: .*Not stored"
        ) as caught:
            await adapter.ingest_day(2, day_log(2, board="twelve"), metadata(2))
        assert not isinstance(caught.value, WritesRefused)


async def test_hits_in_columns_and_in_prose_map_back_to_days() -> None:
    columns = fake_mapping(
        "--columns",
        hits={
            "columns": {
                "id": "ids.0",
                "text": "documents.0",
                "d": "distances.0",
                "m": "metadatas.0",
            },
            "score": "d",
            "day": "m.day",
            "session": "m.session",
        },
    )
    prose = fake_mapping(
        "--prose",
        hits={
            "from": "text",
            "pattern": r"(?ms)^\d+\. (?P<text>.*?)\n   id: (?P<id>\S+) · score: (?P<s>\S+) · "
            r"tags: (?P<tags>[^\n]*)$",
            "empty": "^No memories found",
            "day": "tags",
        },
    )
    prose["ingest"]["args"]["tags"] = ["S1", "day:{day}"]
    for mapping in (columns, prose):
        async with McpAdapter(mapping).lifespan() as adapter:
            for day in (1, 2, 3):
                await adapter.ingest_day(day, day_log(day), metadata(day))
            detail = await adapter.query_detail("What is the access code for day 2?")
            assert "CODE-0002" in detail.answer
            assert detail.retrieval[0].path == "day-0002.principal"
            assert [e.day for e in detail.retrieval][:1] == [2]
            assert {e.day for e in detail.retrieval} == {1, 2, 3}
            nothing = await adapter.query_detail("zebra")
            assert nothing.retrieval == ()


async def _unit(
    mapping: dict[str, Any], days: range, word: str, ready: anyio.Event, go: anyio.Event
) -> list[int | None]:
    """One unit: ingest its days (each a word of its own), wait for the other unit to have
    ingested, then search for both units' words; the days of its hits."""
    async with McpAdapter(mapping).lifespan() as adapter:
        for day in days:
            text = f"# session: principal\n\n### Note\n\nThe {word} ledger for day {day} is kept.\n"
            await adapter.ingest_day(day, text, metadata(day))
        ready.set()
        await go.wait()
        detail = await adapter.query_detail("alpha bravo ledger")
        return [entry.day for entry in detail.retrieval]


async def _two_units(mapping: dict[str, Any]) -> tuple[list[int | None], list[int | None]]:
    found: dict[str, list[int | None]] = {}
    ready = [anyio.Event(), anyio.Event()]
    go = anyio.Event()

    async def run(name: str, days: range, event: anyio.Event) -> None:
        found[name] = await _unit(mapping, days, name, event, go)

    async with anyio.create_task_group() as group:
        group.start_soon(run, "alpha", range(1, 4), ready[0])
        group.start_soon(run, "bravo", range(4, 7), ready[1])
        for event in ready:
            await event.wait()
        go.set()
    return found["alpha"], found["bravo"]


async def test_two_units_against_one_url_server_see_only_their_own_days() -> None:
    with serving_http("--namespaces") as (url, _):
        shared = fake_mapping(server={"url": url})
        mixed = await _two_units(shared)
        # The control: with no namespace, each unit's search finds the other's memories (days
        # 4-6 are alpha's own numbers too: it stored days 1-3, so they map to no record of it).
        assert len(mixed[0]) == 6 and len(mixed[1]) == 6
        apart = await _two_units(spaced(fake_mapping(server={"url": url})))
        assert sorted(d or 0 for d in apart[0]) == [1, 2, 3]
        assert sorted(d or 0 for d in apart[1]) == [4, 5, 6]


def _run(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "recallbench", "run", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=dict(os.environ, NO_COLOR="1"),
        timeout=300,
        check=False,
    )


@pytest.mark.slow
def test_through_the_harness_units_share_a_url_server_only_when_namespaced(
    tmp_path: Path,
) -> None:
    data = tmp_path / "personas"
    for persona in ("alpha", "bravo"):
        write_persona(data, persona, days=5, suffix="5d")
    with serving_http("--namespaces") as (url, _):
        outcomes = {}
        for name, mapping in (
            ("shared", fake_mapping(server={"url": url})),
            ("spaced", spaced(fake_mapping(server={"url": url}))),
        ):
            if name == "spaced":
                mapping["teardown"] = [{"tool": "stats", "args": {"namespace": "{namespace}"}}]
            config = tmp_path / f"{name}.yaml"
            config.write_text(json.dumps(mapping), encoding="utf-8")
            argv = ["--adapter", f"mcp:{config}", "--data", str(data), "--arcs", "arcs-5d.yaml"]
            argv += ["--ranges", "5d", "--judge", "rubric", "--unit-parallelism", "2"]
            argv += ["--output", str(tmp_path / name)]
            outcomes[name] = _run(*argv, cwd=tmp_path)
        held = anyio.run(_held, url)
    shared, apart = outcomes["shared"], outcomes["spaced"]
    assert shared.returncode == 0 and apart.returncode == 0, shared.stderr + apart.stderr
    assert "1 unit(s) at a time, not 2" in shared.stderr
    assert "keeps one memory for every unit" in shared.stderr
    assert "unit(s) at a time" not in apart.stderr
    for out in ("shared", "spaced"):
        lines = (tmp_path / out / "questions.jsonl").read_text(encoding="utf-8").splitlines()
        rows = [json.loads(line) for line in lines]
        assert rows and not any(r.get("error") for r in rows)
    # The shared run wrote both personas into one memory; the namespaced one, each into its own.
    assert held[""] == 5
    units = {name: count for name, count in held.items() if name.startswith("recallbench-")}
    assert len(units) == 2 and set(units.values()) == {5}, held


async def _held(url: str) -> dict[str, int]:
    """How many memories each namespace of the server holds."""
    async with McpAdapter(fake_mapping(server={"url": url})).lifespan() as adapter:
        stats, _ = await adapter.call("stats", {})
        counts = {}
        for name in stats["namespaces"]:
            counts[name] = (await adapter.call("stats", {"namespace": name}))[0]["count"]
        return counts
