"""``recallbench embed-serve``: the offline MiniLM behind OpenAI's and Ollama's embedding APIs.

A real server on a loopback port (:func:`serve_embeddings`) and a real aiohttp client; the command
line as a real subprocess. Tests that embed need the dense extra and skip with its reason when it is
absent (CI installs it).
"""

from __future__ import annotations

import base64
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import anyio
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.adapters.retrieval.embed_api import (
    DIMENSIONS,
    MODEL_NAME,
    RequestError,
    ollama_request,
    openai_request,
    openai_response,
)
from recallbench.adapters.retrieval.minilm import dense_unavailable

UNAVAILABLE = dense_unavailable()
needs_dense = pytest.mark.skipif(UNAVAILABLE is not None, reason=str(UNAVAILABLE))

TEXTS = [
    "The car is blue.",
    "She was admitted to the clinic on Tuesday.",
    "Quarterly planning moved to the ninth floor.",
    "",
]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
async def server() -> AsyncIterator[Any]:
    from recallbench.adapters.retrieval.embed_server import serve_embeddings

    async with serve_embeddings() as running:
        yield running


@pytest.fixture
async def client() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def _post(client: aiohttp.ClientSession, url: str, body: Any) -> tuple[int, Any]:
    async with client.post(url, json=body) as response:
        return response.status, await response.json()


def _encoder() -> Any:
    from recallbench.adapters.retrieval.minilm import load_encoder

    return load_encoder()


# -- the wire formats -----------------------------------------------------------------------------


@needs_dense
@pytest.mark.anyio
async def test_openai_format_gives_the_dense_encoders_vectors(
    server: Any, client: aiohttp.ClientSession
) -> None:
    status, body = await _post(
        client, f"{server.url}/v1/embeddings", {"model": "text-embedding-3-small", "input": TEXTS}
    )
    assert status == 200
    assert body["object"] == "list" and body["model"] == MODEL_NAME
    assert [d["index"] for d in body["data"]] == list(range(len(TEXTS)))
    assert {d["object"] for d in body["data"]} == {"embedding"}
    vectors = np.array([d["embedding"] for d in body["data"]], dtype=np.float32)
    assert vectors.shape == (len(TEXTS), DIMENSIONS)
    # Bit for bit what builtin:dense's encoder gives for the same texts (the shared, cached one).
    assert np.array_equal(vectors, _encoder().encode(TEXTS))
    # And what a fresh encode of each text alone gives, to float32 rounding: unit length, same
    # normalisation.
    alone = np.stack([_encoder().encode_uncached([t])[0] for t in TEXTS])
    assert np.abs(vectors - alone).max() < 1e-6
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    words = _encoder().word_pieces(TEXTS)
    assert body["usage"] == {"prompt_tokens": sum(words), "total_tokens": sum(words)}


@needs_dense
@pytest.mark.anyio
async def test_openai_base64_is_little_endian_float32(
    server: Any, client: aiohttp.ClientSession
) -> None:
    body = {"model": "m", "input": "The car is blue.", "encoding_format": "base64"}
    status, answer = await _post(client, f"{server.url}/v1/embeddings", body)
    assert status == 200
    vector = np.frombuffer(base64.b64decode(answer["data"][0]["embedding"]), dtype="<f4")
    assert np.array_equal(vector, _encoder().encode(["The car is blue."])[0])


@needs_dense
@pytest.mark.anyio
async def test_ollama_formats(server: Any, client: aiohttp.ClientSession) -> None:
    status, body = await _post(
        client, f"{server.url}/api/embed", {"model": "nomic-embed-text", "input": TEXTS[:2]}
    )
    assert status == 200 and body["model"] == MODEL_NAME
    assert np.array_equal(
        np.array(body["embeddings"], dtype=np.float32), _encoder().encode(TEXTS[:2])
    )
    assert body["prompt_eval_count"] == sum(_encoder().word_pieces(TEXTS[:2]))
    status, one = await _post(client, f"{server.url}/api/embed", {"input": TEXTS[1]})
    assert status == 200 and one["embeddings"] == body["embeddings"][1:]
    status, legacy = await _post(client, f"{server.url}/api/embeddings", {"prompt": TEXTS[0]})
    assert status == 200 and legacy["embedding"] == body["embeddings"][0]


@needs_dense
@pytest.mark.anyio
async def test_models_tags_pull_and_health(server: Any, client: aiohttp.ClientSession) -> None:
    async with client.get(f"{server.url}/v1/models") as response:
        models = await response.json()
    assert [m["id"] for m in models["data"]] == [MODEL_NAME]
    async with client.get(f"{server.url}/api/tags") as response:
        tags = await response.json()
    assert [m["name"] for m in tags["models"]] == [MODEL_NAME]
    status, pulled = await _post(client, f"{server.url}/api/pull", {"model": "nomic-embed-text"})
    assert (status, pulled) == (200, {"status": "success"})
    await _post(client, f"{server.url}/api/embed", {"input": ["a", "b"]})
    async with client.get(f"{server.url}/health") as response:
        health = await response.json()
    assert response.status == 200
    assert health["status"] == "ok" and health["model"] == MODEL_NAME
    assert health["dimensions"] == DIMENSIONS and health["max_tokens"] == 256
    assert health["requests"] == 1 and health["texts"] == 2


# -- batching ---------------------------------------------------------------------------------------


@needs_dense
@pytest.mark.anyio
async def test_concurrent_requests_share_encoder_calls(client: aiohttp.ClientSession) -> None:
    from recallbench.adapters.retrieval.embed_server import EmbedLimits, serve_embeddings

    texts = [f"note {n}: the meeting with team {n % 7} moved to room {n}" for n in range(60)]
    got: dict[int, list[float]] = {}

    async def one(n: int, url: str) -> None:
        status, body = await _post(client, f"{url}/api/embed", {"input": texts[n]})
        assert status == 200
        got[n] = body["embeddings"][0]

    limits = EmbedLimits(max_batch=32, batch_wait=0.02)
    async with serve_embeddings(limits=limits) as running:
        async with anyio.create_task_group() as group:
            for n in range(len(texts)):
                group.start_soon(one, n, running.url)
        batcher = running.batcher
    assert batcher.requests == len(texts) and batcher.texts == len(texts)
    # Coalesced: far fewer encoder calls than requests, none above max_batch.
    assert batcher.batches <= len(texts) // 4
    assert 1 < batcher.largest_batch <= 32
    # Each request got its own text's vector, whatever batch it rode in.
    vectors = np.array([got[n] for n in range(len(texts))], dtype=np.float32)
    assert np.array_equal(vectors, _encoder().encode(texts))


@needs_dense
@pytest.mark.anyio
async def test_a_large_request_is_one_encoder_call(client: aiohttp.ClientSession) -> None:
    from recallbench.adapters.retrieval.embed_server import EmbedLimits, serve_embeddings

    texts = [f"line {n} of a long document" for n in range(50)]
    async with serve_embeddings(limits=EmbedLimits(max_batch=8, batch_wait=0)) as running:
        status, body = await _post(
            client, f"{running.openai_url}/embeddings", {"model": "m", "input": texts}
        )
        assert status == 200 and len(body["data"]) == 50
        assert running.batcher.batches == 1 and running.batcher.largest_batch == 50


# -- errors -----------------------------------------------------------------------------------------

BAD = [
    ("/v1/embeddings", {"input": "x"}, "model"),
    ("/v1/embeddings", {"model": "m"}, "input"),
    ("/v1/embeddings", {"model": "m", "input": []}, "input"),
    ("/v1/embeddings", {"model": "m", "input": 7}, "input"),
    ("/v1/embeddings", {"model": "m", "input": ["a", None]}, "input[1]"),
    ("/v1/embeddings", {"model": "m", "input": [101, 2003]}, "input"),
    ("/v1/embeddings", {"model": "m", "input": [[101, 2003]]}, "input"),
    ("/v1/embeddings", {"model": "m", "input": "x", "encoding_format": "int8"}, "encoding_format"),
    ("/v1/embeddings", {"model": "m", "input": "x", "dimensions": 1536}, "dimensions"),
    ("/v1/embeddings", [1, 2], "body"),
    ("/api/embed", {"model": "m"}, "input"),
    ("/api/embed", {"input": {"text": "x"}}, "input"),
    ("/api/embeddings", {"model": "m"}, "prompt"),
    ("/api/embeddings", {"prompt": ["x"]}, "prompt"),
]


@needs_dense
@pytest.mark.anyio
@pytest.mark.parametrize(("path", "body", "field"), BAD)
async def test_bad_requests_get_400_naming_the_field(
    server: Any, client: aiohttp.ClientSession, path: str, body: Any, field: str
) -> None:
    status, answer = await _post(client, f"{server.url}{path}", body)
    assert status == 400
    if path == "/v1/embeddings":
        assert answer["error"]["param"] == field
        assert answer["error"]["message"].startswith(f"{field}: ")
        assert answer["error"]["type"] == "invalid_request_error"
    else:
        assert answer["error"].startswith(f"{field}: ")


@needs_dense
@pytest.mark.anyio
async def test_bodies_that_are_not_json_or_too_large(client: aiohttp.ClientSession) -> None:
    from recallbench.adapters.retrieval.embed_server import EmbedLimits, serve_embeddings

    async with serve_embeddings(limits=EmbedLimits(max_body_mb=0.01)) as running:
        async with client.post(f"{running.url}/api/embed", data=b"{not json") as response:
            assert response.status == 400
            assert (await response.json())["error"].startswith("body: not JSON")
        async with client.post(f"{running.url}/api/embed", data=b"") as response:
            assert response.status == 400
        big = {"model": "m", "input": "word " * 5000}
        async with client.post(f"{running.openai_url}/embeddings", json=big) as response:
            assert response.status == 413
            assert (await response.json())["error"]["param"] == "body"
        # The server still serves after refusing.
        status, _ = await _post(client, f"{running.url}/api/embed", {"input": "ok"})
        assert status == 200


# -- the pure request and response functions ------------------------------------------------------


@given(st.lists(st.text(max_size=20), min_size=1, max_size=8), st.sampled_from(["float", "base64"]))
def test_requests_keep_their_texts_and_responses_their_vectors(
    texts: list[str], encoding: str
) -> None:
    request = openai_request({"model": "any", "input": texts, "encoding_format": encoding})
    assert request.texts == tuple(texts)
    assert ollama_request({"input": texts}).texts == tuple(texts)
    rng = np.random.default_rng(len(texts))
    vectors = rng.standard_normal((len(texts), DIMENSIONS)).astype(np.float32)
    body = openai_response(request, vectors, [3] * len(texts))
    for n, row in enumerate(body["data"]):
        got = row["embedding"]
        back = (
            np.frombuffer(base64.b64decode(got), dtype="<f4")
            if encoding == "base64"
            else np.asarray([float(x) for x in got], dtype=np.float32)
        )
        assert np.array_equal(back, vectors[n])
    assert body["usage"]["prompt_tokens"] == 3 * len(texts)


def test_a_single_string_is_one_text_and_token_ids_are_refused() -> None:
    assert openai_request({"model": "m", "input": "hi"}).texts == ("hi",)
    with pytest.raises(RequestError, match="token ids are not accepted"):
        openai_request({"model": "m", "input": [1, 2, 3]})


# -- the command line -------------------------------------------------------------------------------


@needs_dense
def test_the_command_serves_until_sigterm() -> None:
    import urllib.request

    process = subprocess.Popen(
        [sys.executable, "-m", "recallbench", "embed-serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(
            "recallbench embed-serve: all-MiniLM-L6-v2 (384 dimensions) listening on http://127.0.0.1:"
        )
        url = line.split()[-1]
        with urllib.request.urlopen(f"{url}/health", timeout=30) as response:
            assert b'"status":"ok"' in response.read()
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert "SIGTERM: shutting down" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "env", "message"),
    [
        (["--host", "0.0.0.0"], {}, "beyond loopback"),
        ([], {"RECALLBENCH_DENSE_MODEL": "/nonexistent/model"}, "RECALLBENCH_DENSE_MODEL"),
    ],
)
def test_the_command_refuses_in_one_line(
    argv: list[str], env: dict[str, str], message: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "recallbench", "embed-serve", "--port", "0", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **env},
        check=False,
    )
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("recallbench embed-serve: error: ") and message in line
