"""mem0's open-source library (examples/adapters/mem0_server.py) benchmarked offline: mem0ai runs in
its own virtual environment (it requires protobuf<7, recallbench protobuf>=7.35.1), behind the
cookbook's REST API, with its model at FakeProviderServer and its embedder at a local
OpenAI-compatible embeddings server; every other address goes to a dead proxy, so a call to the
internet would fail the run. recallbench drives it through examples/adapters/rest_memory.py.

Runs when ``MEM0_PYTHON`` names a Python with ``mem0ai`` and ``aiohttp`` (.ci/run makes one);
skipped otherwise."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import anyio.to_thread
import pytest
from _cookbook import hashed_words
from aiohttp import web

import recallbench as rb
from recallbench.testing import ScriptedJudge, containment_judge, write_persona
from recallbench.testing.providers import FakeProviderServer, RecordedRequest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "adapters"
SERVER = EXAMPLES / "mem0_server.py"
MEM0_PYTHON = os.environ.get("MEM0_PYTHON", "")


def _mem0_ready() -> str | None:
    if not MEM0_PYTHON:
        return "MEM0_PYTHON is not set (a Python with mem0ai and aiohttp: .ci/run makes one)"
    done = subprocess.run(
        [MEM0_PYTHON, "-c", "import mem0, aiohttp"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return f"MEM0_PYTHON={MEM0_PYTHON} cannot import mem0 and aiohttp: {done.stderr.strip()[-200:]}"
    return None


WHY_NOT = _mem0_ready()
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=str(WHY_NOT))

sys.path.insert(0, str(EXAMPLES))
import rest_memory  # noqa: E402

DIMS = 512


def extraction(request: RecordedRequest) -> str:
    """mem0's fact extraction, as a model would do it on these logs: every sentence of the new
    messages is a memory."""
    body = request.json or {}
    user = str(body["messages"][-1]["content"])
    new = user.partition("## New Messages\n")[2].partition("\n## ")[0]
    facts = []
    for line in new.splitlines():
        line = re.sub(r"^(user: )?(\[[0-9-]+\] )?", "", line.strip())
        if line and not line.startswith("#"):
            facts.append({"text": line})
    return json.dumps({"memory": facts})


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
async def mem0_service(
    tmp_path_factory: pytest.TempPathFactory,
) -> AsyncIterator[tuple[str, FakeProviderServer]]:
    async def embeddings(request: web.Request) -> web.Response:
        body = await request.json()
        inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = [
            {"object": "embedding", "index": i, "embedding": vector}
            for i, vector in enumerate(hashed_words([str(x) for x in inputs], DIMS))
        ]
        usage = {"prompt_tokens": 1, "total_tokens": 1}
        return web.json_response(
            {"object": "list", "data": data, "model": "hashed", "usage": usage}
        )

    app = web.Application()
    app.router.add_post("/v1/embeddings", embeddings)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    embedder = f"http://127.0.0.1:{runner.addresses[0][1]}/v1"
    dead = "http://127.0.0.1:9"
    env = dict(
        os.environ,
        HOME=str(tmp_path_factory.mktemp("mem0-home")),
        OPENAI_API_KEY="sk-test",
        HTTP_PROXY=dead,
        HTTPS_PROXY=dead,
        http_proxy=dead,
        https_proxy=dead,
        NO_PROXY="127.0.0.1,localhost",
        no_proxy="127.0.0.1,localhost",
    )
    env.pop("VIRTUAL_ENV", None)
    async with FakeProviderServer(extraction) as model:
        server = subprocess.Popen(
            [
                MEM0_PYTHON,
                str(SERVER),
                "--port",
                "0",
                "--llm-url",
                f"{model.url}/v1",
                "--llm-model",
                "fake-model",
                "--embedder-url",
                embedder,
                "--embedder-model",
                "hashed",
                "--dims",
                str(DIMS),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        try:
            assert server.stdout is not None
            first = await anyio.to_thread.run_sync(server.stdout.readline)
            assert first.startswith("listening on "), first + (
                server.stderr.read() if server.stderr else ""
            )
            yield first.split()[-1], model
        finally:
            server.terminate()
            _, err = server.communicate(timeout=30)
            await runner.cleanup()
            assert "posthog" not in err.lower(), err[-2000:]
            assert "ProxyError" not in err, err[-2000:]


@pytest.mark.anyio
async def test_mem0_through_the_harness_offline(
    tmp_path: Path, mem0_service: tuple[str, FakeProviderServer]
) -> None:
    url, model = mem0_service
    write_persona(tmp_path, "tiny", days=30)
    result = await rb.run(
        lambda: rest_memory.RestMemory({"url": url, "timeout": 120}),
        tmp_path,
        judge=ScriptedJudge(scorer=containment_judge),
        config=rb.RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,30d", lifecycle="incremental"),
    )
    [persona] = result.personas
    assert persona.error is None
    assert result.adapter_name.startswith("rest:mem0-")
    assert len(model.requests) == 30  # one extraction per day: mem0 kept what the model gave it
    for checkpoint in persona.range_results:
        recall = [q for q in checkpoint.question_results if q.qa.category == "factual-recall"]
        assert sum(q.score.correctness == 3 for q in recall) >= 0.9 * len(recall)
        assert checkpoint.retrieval.by_category["factual-recall"].recall_at_5 >= 0.9


@pytest.mark.anyio
async def test_mem0_forgets_a_day(mem0_service: tuple[str, FakeProviderServer]) -> None:
    url, _ = mem0_service
    memory = rest_memory.RestMemory({"url": url, "timeout": 120})
    await memory.setup()
    meta = rb.DayMetadata(day_number=4, date="2026-01-04", persona_id="p")
    await memory.ingest_day(4, "# session: principal\n\n### Car\nThe car is blue.\n", meta)
    await memory.finalize_ingestion()
    assert (await memory.query_detail("What colour is the car?")).answer == "The car is blue."
    await memory.delete_memory("day-0004")
    detail = await memory.query_detail("What colour is the car?")
    assert "blue" not in detail.answer and not detail.retrieval
    with pytest.raises(KeyError):
        await memory.delete_memory("day-0004")
    await memory.teardown()
