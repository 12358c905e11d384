"""The cookbook's REST memory (examples/adapters/rest_memory.py) against its reference service
(rest_memory_server.py), both real: an aiohttp server on a loopback port, in process and as a
subprocess driven by the CLI. Its answers are the bm25 baseline's (the service wraps it), and every
failure of the service is one line naming the request."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import anyio
import pytest
from _cookbook import run_adapter_cli
from aiohttp import web

import recallbench as rb
from recallbench.adapters import builtin_adapter
from recallbench.errors import AdapterError, AdapterTimeout
from recallbench.testing import ScriptedJudge, containment_judge, write_persona

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "adapters"
sys.path.insert(0, str(EXAMPLES))

import rest_memory  # noqa: E402
import rest_memory_server  # noqa: E402


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
async def service() -> AsyncIterator[str]:
    runner, url = await rest_memory_server.start()
    try:
        yield url
    finally:
        await runner.cleanup()


def answers(result: Any) -> dict[tuple[str, str], tuple[str, Any]]:
    [persona] = result.personas
    assert persona.error is None
    return {
        (checkpoint.range.label, q.qa.id): (q.system_answer, q.retrieval_metrics)
        for checkpoint in persona.range_results
        for q in checkpoint.question_results
    }


@pytest.mark.anyio
async def test_runs_through_the_harness_with_the_baselines_answers(
    tmp_path: Path, service: str
) -> None:
    write_persona(tmp_path, "tiny", days=30, sessions=("principal", "ops"))
    config = rb.RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,30d", lifecycle="incremental")
    judge = ScriptedJudge(scorer=containment_judge)
    over_http = await rb.run(
        lambda: rest_memory.RestMemory({"url": service}), tmp_path, judge=judge, config=config
    )
    in_process = await rb.run(lambda: builtin_adapter("bm25"), tmp_path, judge=judge, config=config)
    assert over_http.adapter_name == "rest:rest-memory-server"
    got = answers(over_http)
    assert got == answers(in_process)
    assert len(got) == 41
    [persona] = over_http.personas
    assert persona.range_results[-1].retrieval.by_category["factual-recall"].recall_at_5 == 1.0


@pytest.mark.anyio
async def test_delete_and_teardown_reach_the_service(service: str) -> None:
    memory = rest_memory.RestMemory({"url": service})
    await memory.setup()
    day = "# session: principal\n\n### Code\nThe vault code is 4417.\n"
    meta = rb.DayMetadata(day_number=3, date="2026-01-03", persona_id="p")
    await memory.ingest_day(3, day, meta)
    await memory.finalize_ingestion()
    assert "4417" in await memory.query("What is the vault code?")
    await memory.delete_memory("day-0003")
    assert "4417" not in await memory.query("What is the vault code?")
    with pytest.raises(KeyError):
        await memory.delete_memory("day-0003")
    held = memory.memory_id
    await memory.teardown()
    assert memory.http is None
    # The memory is gone from the service: another client asking for it gets its 404, as one line.
    other = rest_memory.RestMemory({"url": service})
    await other.setup()
    other.memory_id = held
    with pytest.raises(
        AdapterError, match=rf"POST {service}/memories/{held}/search: HTTP 404: no memory {held}$"
    ):
        await other.query("anything?")
    await other.teardown()  # a memory already gone is not a teardown failure
    assert other.http is None


@pytest.mark.anyio
async def test_a_bad_request_is_the_services_own_message(service: str) -> None:
    memory = rest_memory.RestMemory({"url": service})
    await memory.setup()
    with pytest.raises(
        AdapterError, match=r"HTTP 400: field 'day' is missing: expected a whole number from 1$"
    ):
        await memory._call("POST", f"/memories/{memory.memory_id}/days", {"content": "x"})
    await memory.teardown()


_DAY = {"day": 3, "date": "2026-01-03", "content": "# session: principal\n\nThe code is 4417.\n"}


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("path", "body", "error"),
    [
        (
            "days",
            b'{"day": 1e400, "date": "2026-01-03", "content": "x"}',
            "field 'day' must be a whole number from 1, got Infinity",
        ),
        ("days", {**_DAY, "day": 2.5}, "field 'day' must be a whole number from 1, got 2.5"),
        ("days", {**_DAY, "day": True}, "field 'day' must be a whole number from 1, got true"),
        ("days", {**_DAY, "day": 0}, "field 'day' must be a whole number from 1, got 0"),
        (
            "days",
            {**_DAY, "isolated_sessions": "abc"},
            "field 'isolated_sessions' must be a list of session ids, got \"abc\"",
        ),
        (
            "days",
            {**_DAY, "isolated_sessions": ["ops", 7]},
            "field 'isolated_sessions' must be a list of session ids, got [\"ops\", 7]",
        ),
        ("days", {**_DAY, "content": None}, "field 'content' must be a string, got null"),
        ("days", {**_DAY, "date": 20260103}, "field 'date' must be a string, got 20260103"),
        (
            "search",
            {"question": {"text": "what?"}},
            'field \'question\' must be a string, got {"text": "what?"}',
        ),
        (
            "search",
            {"question": "what?", "session": ["ops"]},
            "field 'session' must be a session id, got [\"ops\"]",
        ),
        ("search", {}, "field 'question' is missing: expected a string"),
        (
            "days",
            b'{"day": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
            "the body is nested too deep: more than 200 levels",
        ),
        (
            "search",
            b"[" * 100_000 + b"]" * 100_000,
            "the body is nested too deep: more than 200 levels",
        ),
    ],
)
async def test_a_wrongly_typed_or_too_deep_body_is_a_400_naming_the_field(
    service: str, path: str, body: Any, error: str
) -> None:
    """Over real HTTP: what the service cannot use is the caller's fault, a 400 with one JSON line
    naming the field (these were 500s, or accepted: ``"abc"`` as three sessions, ``null`` content
    as the text "None", a dict question as its repr)."""
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{service}/memories") as made:
            memory_id = (await made.json())["id"]
        url = f"{service}/memories/{memory_id}/{path}"
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        async with http.post(url, data=data, headers=headers) as reply:
            assert reply.status == 400
            assert await reply.json() == {"error": error}
        # The memory is whole after it: a good day goes in and is found.
        async with http.post(f"{service}/memories/{memory_id}/days", json=_DAY) as reply:
            assert reply.status == 204
        async with http.post(f"{service}/memories/{memory_id}/finalize") as reply:
            assert reply.status == 204
        search = {"question": "What is the code?", "session": None}
        async with http.post(f"{service}/memories/{memory_id}/search", json=search) as reply:
            assert reply.status == 200
            assert "4417" in (await reply.json())["answer"]


async def _hanging_server(handler: Any) -> tuple[web.AppRunner, str]:
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app, access_log=None, handler_cancellation=True, shutdown_timeout=0.2)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    return runner, f"http://127.0.0.1:{port}"


@pytest.mark.anyio
async def test_a_slow_service_is_a_timeout_naming_the_request() -> None:
    async def hang(request: web.Request) -> web.Response:
        await anyio.sleep(30)
        return web.json_response({})

    runner, url = await _hanging_server(hang)
    try:
        memory = rest_memory.RestMemory({"url": url, "timeout": 0.2})
        with pytest.raises(
            AdapterTimeout, match=rf"^memory service POST {url}/memories: no reply within 0.2 s$"
        ):
            await memory.setup()
        await memory.teardown()
    finally:
        await runner.cleanup()


@pytest.mark.anyio
async def test_an_html_error_page_is_cut_to_one_line() -> None:
    async def broken(request: web.Request) -> web.Response:
        return web.Response(status=502, text="<html>\n<body>Bad   gateway</body>\n</html>\n")

    runner, url = await _hanging_server(broken)
    try:
        memory = rest_memory.RestMemory({"url": url})
        with pytest.raises(
            AdapterError, match=r"HTTP 502: <html> <body>Bad gateway</body> </html>$"
        ):
            await memory.setup()
        await memory.teardown()
    finally:
        await runner.cleanup()


@pytest.mark.anyio
async def test_an_unreachable_service_says_so() -> None:
    memory = rest_memory.RestMemory({"url": "http://127.0.0.1:9"})
    with pytest.raises(
        AdapterError, match=r"GET http://127.0.0.1:9/health: cannot reach the service"
    ):
        await memory.healthcheck()


def test_the_reference_server_and_the_cli(tmp_path: Path) -> None:
    write_persona(tmp_path / "data", "tiny", sessions=("principal", "ops"))
    server = subprocess.Popen(
        [sys.executable, str(EXAMPLES / "rest_memory_server.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("listening on http://127.0.0.1:"), first
        url = first.split()[-1]
        out = tmp_path / "run" / "result.json"
        done = run_adapter_cli(
            EXAMPLES / "rest_memory.py",
            tmp_path / "data",
            out,
            cwd=tmp_path,
            env={"MEMORY_SERVICE_URL": url},
        )
        assert done.returncode == 0, done.stderr[-3000:]
        result = json.loads(out.read_text(encoding="utf-8"))
        assert result["adapterName"] == "rest:rest-memory-server"
        [persona] = result["personas"]
        assert [r["range"]["label"] for r in persona["rangeResults"]] == ["10d", "30d"]
        assert (
            persona["rangeResults"][-1]["retrieval"]["byCategory"]["factual-recall"]["recall@5"]
            == 1.0
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
        assert server.stdout is not None
        server.stdout.close()
