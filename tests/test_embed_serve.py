"""``recallbench embed-serve``: the offline MiniLM behind OpenAI's and Ollama's embedding APIs.

A real server on a loopback port (:func:`serve_embeddings`) and a real aiohttp client; the command
line as a real subprocess. Tests that embed need the dense extra and skip with its reason when it is
absent (CI installs it).
"""

from __future__ import annotations

import base64
import functools
import json
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
async def test_a_large_request_is_encoded_in_calls_of_max_batch(
    client: aiohttp.ClientSession,
) -> None:
    from recallbench.adapters.retrieval.embed_server import EmbedLimits, serve_embeddings

    texts = [f"line {n} of a long document" for n in range(50)]
    async with serve_embeddings(limits=EmbedLimits(max_batch=8, batch_wait=0)) as running:
        status, body = await _post(
            client, f"{running.openai_url}/embeddings", {"model": "m", "input": texts}
        )
        assert status == 200 and len(body["data"]) == 50
        assert running.batcher.batches == 7 and running.batcher.largest_batch == 8
        assert running.batcher.requests == 1 and running.batcher.texts == 50
    vectors = np.array([d["embedding"] for d in body["data"]], dtype=np.float32)
    assert np.array_equal(vectors, _encoder().encode(texts))


@needs_dense
@pytest.mark.anyio
async def test_a_second_client_is_answered_while_a_large_request_is_in_flight(
    client: aiohttp.ClientSession,
) -> None:
    """The large request is encoded a window a call (``call_pieces=256``); the small one, sent once
    the first call is under way, rides in a call of its own and is answered long before."""
    from recallbench.adapters.retrieval.embed_server import EmbedLimits, serve_embeddings

    large = [f"document {n}: " + "the quarterly review moved to thursday " * 60 for n in range(40)]
    finished: list[str] = []
    limits = EmbedLimits(call_pieces=256, batch_wait=0)
    async with serve_embeddings(limits=limits) as running:

        async def send_large() -> None:
            status, body = await _post(
                client, f"{running.openai_url}/embeddings", {"model": "m", "input": large}
            )
            assert status == 200 and len(body["data"]) == len(large)
            assert body["usage"]["prompt_tokens"] == 256 * len(large)  # each read to its window
            finished.append("large")

        async with anyio.create_task_group() as group:
            group.start_soon(send_large)
            with anyio.fail_after(60):
                while running.batcher.batches < 1:  # the large request's first call is done
                    await anyio.sleep(0.005)
            status, body = await _post(client, f"{running.url}/api/embed", {"input": "hello"})
            assert status == 200
            finished.append("small")
            calls_by_then = running.batcher.batches
        assert finished == ["small", "large"]
        assert calls_by_then < len(large) // 2  # answered within a few of the large one's 40 calls
        assert running.batcher.batches == len(large) + 1
    assert np.array_equal(
        np.array(body["embeddings"], dtype=np.float32), _encoder().encode(["hello"])
    )


# -- the first window ---------------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "word",
        "Ünïcödé",
        "naïve",
        "e\u0301",
        "\u0301",
        "中文字",
        "한국어",
        "😀",
        "!",
        "...",
        " ",
        "  \t\n",
        "\x00",
        "İ",
        "ΣΑΣ",
        "x" * 120,
        "https://example.com/a?b=c",
        "ﬁ",
        "\u200b",
        "don't",
        "unbelievably",
    ]
)


@functools.lru_cache
def _tokenizer(max_length: int | None) -> Any:
    from tokenizers import Tokenizer

    from recallbench.adapters.retrieval.minilm import locate_model

    tokenizer = Tokenizer.from_file(str(locate_model() / "tokenizer.json"))
    tokenizer.no_padding()
    if max_length is None:
        tokenizer.no_truncation()
    else:
        tokenizer.enable_truncation(max_length=max_length)
    return tokenizer


@needs_dense
@given(
    st.lists(st.tuples(_PIECES, st.sampled_from(["", " ", "\n"])), max_size=120),
    st.sampled_from([3, 4, 5, 8, 16]),
)
def test_a_prefix_reads_as_the_whole_text(parts: list[tuple[str, str]], max_length: int) -> None:
    """Whatever the text, the prefix :func:`read_prefixes` cuts is tokenized into exactly the
    word pieces the model reads of the whole (small windows, so texts of a few hundred characters
    are cut)."""
    from recallbench.adapters.retrieval.window import read_prefixes

    text = "".join(a + b for a, b in parts)
    [prefix] = read_prefixes(_tokenizer(None), [text], max_length)
    assert text.startswith(prefix)
    truncating = _tokenizer(max_length)
    assert truncating.encode(prefix).ids == truncating.encode(text).ids


@needs_dense
@pytest.mark.anyio
async def test_a_text_longer_than_the_window_is_embedded_from_its_first_window(
    server: Any, client: aiohttp.ClientSession
) -> None:
    from recallbench.adapters.retrieval.bert import forward
    from recallbench.adapters.retrieval.bert_onnx import onnx_forward

    encoder = _encoder()
    texts = [
        "She was admitted to the clinic on Tuesday. " * 1500,  # 64,500 characters of prose
        "!" * 65_000,  # a piece a character
        "a" * 30_000 + " the end",  # one long word first ([UNK]), read whole
        "한국어 " * 16_000,
    ]
    prefixes = encoder.read_prefixes(texts)
    whole = _tokenizer(256)
    for text, prefix in zip(texts, prefixes, strict=True):
        assert whole.encode(prefix).ids == whole.encode(text).ids
    assert max(len(p) for p in prefixes[:2]) < 2_048  # only the window was tokenized
    status, body = await _post(
        client, f"{server.url}/v1/embeddings", {"model": "m", "input": texts}
    )
    assert status == 200
    vectors = np.array([d["embedding"] for d in body["data"]], dtype=np.float32)
    assert body["usage"]["prompt_tokens"] == sum(len(whole.encode(t).ids) for t in texts)
    # What the model gives for the whole text's first window, tokenized the old way (whole).
    run = onnx_forward(encoder.weights) if encoder.runtime == "onnxruntime" else None
    for text, vector in zip(texts, vectors, strict=True):
        ids = np.array([whole.encode(text).ids], dtype=np.int64)
        mask = np.ones_like(ids, dtype=np.bool_)
        reference = run(ids, mask) if run else forward(encoder.weights, ids, mask)
        assert np.abs(vector - reference[0]).max() < 1e-6


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


async def _raw(
    client: aiohttp.ClientSession, url: str, data: bytes, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    sent = {"Content-Type": "application/json", **(headers or {})}
    async with client.post(url, data=data, headers=sent) as response:
        return response.status, await response.json()


@needs_dense
@pytest.mark.anyio
async def test_bodies_that_are_not_json_or_too_large(client: aiohttp.ClientSession) -> None:
    from recallbench.adapters.retrieval.embed_server import EmbedLimits, serve_embeddings

    async with serve_embeddings(limits=EmbedLimits(max_body_mb=0.01)) as running:
        status, answer = await _raw(client, f"{running.url}/api/embed", b"{not json")
        assert status == 400 and answer["error"].startswith("body: not JSON")
        status, _ = await _raw(client, f"{running.url}/api/embed", b"")
        assert status == 400
        big = {"model": "m", "input": "word " * 5000}
        async with client.post(f"{running.openai_url}/embeddings", json=big) as response:
            assert response.status == 413
            assert (await response.json())["error"]["param"] == "body"
        # Said before a byte of it is read, and without a length (chunked) once it is past.
        status, answer = await _raw(client, f"{running.url}/api/embed", b" " * 20_000)
        assert (status, answer["error"]) == (413, "body: larger than 0.01 MiB")

        async def chunks() -> AsyncIterator[bytes]:
            for _ in range(40):
                yield b" " * 1000

        async with client.post(
            f"{running.url}/api/embed", data=chunks(), headers={"Content-Type": "application/json"}
        ) as response:
            assert response.status == 413
        # The server still serves after refusing.
        status, _ = await _post(client, f"{running.url}/api/embed", {"input": "ok"})
        assert status == 200


def _small_limits(**changes: int) -> Any:
    from recallbench.adapters.retrieval.embed_server import EmbedLimits

    limits = {"max_texts": 4, "max_text_chars": 100, "max_request_chars": 250}
    return EmbedLimits(**{"max_request_pieces": 1000, **limits, **changes})


_94_PIECES = ["! " * 45, "? " * 45]  # (45 + 2) word pieces each


SIZES = [
    pytest.param(["a"] * 5, "input", "5 texts, at most 4 in one request", id="texts"),
    pytest.param(
        ["a", "b" * 101], "input[1]", "101 characters, at most 100 in one text", id="text-chars"
    ),
    pytest.param("b" * 101, "input", "101 characters, at most 100 in one text", id="one-text"),
    pytest.param(
        ["c" * 100, "d" * 100, "e" * 51],
        "input",
        "251 characters in all, at most 250 in one request",
        id="request-chars",
    ),
    pytest.param(
        _94_PIECES,
        "input",
        "94 word pieces to read (at most 256 a text), at most 93 in one request",
        id="word-pieces",
    ),
]


@needs_dense
@pytest.mark.anyio
@pytest.mark.parametrize(("texts", "field", "message"), SIZES)
async def test_a_request_past_a_size_limit_gets_413_naming_it(
    client: aiohttp.ClientSession, texts: Any, field: str, message: str
) -> None:
    from recallbench.adapters.retrieval.embed_server import serve_embeddings

    async with serve_embeddings(limits=_small_limits(max_request_pieces=93)) as running:
        status, answer = await _post(
            client, f"{running.openai_url}/embeddings", {"model": "m", "input": texts}
        )
        assert status == 413
        assert answer["error"]["param"] == field
        assert answer["error"]["message"].startswith(f"{field}: {message}")
        assert answer["error"]["type"] == "invalid_request_error"
        status, answer = await _post(client, f"{running.url}/api/embed", {"input": texts})
        assert status == 413 and answer["error"].startswith(f"{field}: {message}")
        assert running.batcher.batches == 0  # nothing was encoded


@needs_dense
@pytest.mark.anyio
async def test_a_request_at_every_limit_is_served(client: aiohttp.ClientSession) -> None:
    from recallbench.adapters.retrieval.embed_server import serve_embeddings

    async with serve_embeddings(limits=_small_limits(max_request_pieces=94)) as running:
        status, body = await _post(client, f"{running.url}/api/embed", {"input": _94_PIECES})
        assert status == 200 and body["prompt_eval_count"] == 94
    async with serve_embeddings(limits=_small_limits()) as running:
        for texts in (["a"] * 4, ["b" * 100], ["c" * 100, "d" * 100, "e" * 50]):
            status, body = await _post(client, f"{running.url}/api/embed", {"input": texts})
            assert status == 200 and len(body["embeddings"]) == len(texts)
        status, legacy = await _post(client, f"{running.url}/api/embeddings", {"prompt": "f" * 100})
        assert status == 200 and len(legacy["embedding"]) == DIMENSIONS
        status, refused = await _post(
            client, f"{running.url}/api/embeddings", {"prompt": "f" * 101}
        )
        assert status == 413 and refused["error"].startswith("prompt: 101 characters")
        async with client.get(f"{running.url}/health") as response:
            limits = (await response.json())["limits"]
        assert limits == {
            "texts_per_request": 4,
            "characters_per_text": 100,
            "characters_per_request": 250,
            "word_pieces_per_request": 1000,
            "body_bytes": 16 * 1024 * 1024,
        }


@needs_dense
@pytest.mark.anyio
@pytest.mark.parametrize(
    ("content_type", "shown"),
    [
        ("text/plain", "text/plain"),  # what a web page may send without asking first
        ("application/x-www-form-urlencoded", "application/x-www-form-urlencoded"),  # curl -d
        ("multipart/form-data; boundary=x", "multipart/form-data"),
        (None, "none"),
    ],
)
async def test_a_body_not_sent_as_json_gets_415(
    server: Any, client: aiohttp.ClientSession, content_type: str | None, shown: str
) -> None:
    headers = {} if content_type is None else {"Content-Type": content_type}
    for path, body in (
        ("/api/embed", b'{"input": "x"}'),
        ("/v1/embeddings", b'{"model": "m", "input": "x"}'),
    ):
        async with client.post(
            f"{server.url}{path}", data=body, headers=headers, skip_auto_headers=["Content-Type"]
        ) as response:
            assert response.status == 415
            answer = await response.json()
        message = answer["error"]["message"] if path.startswith("/v1") else answer["error"]
        assert message.startswith(f"Content-Type: expected application/json, got {shown}")
    assert server.batcher.batches == 0
    status, _ = await _raw(
        client,
        f"{server.url}/api/embed",
        b'{"input": "x"}',
        {"Content-Type": "application/json; charset=utf-8"},
    )
    assert status == 200


@needs_dense
@pytest.mark.anyio
async def test_web_pages_of_other_sites_are_refused(
    server: Any, client: aiohttp.ClientSession
) -> None:
    body = json.dumps({"model": "m", "input": "x"}).encode()
    for origin in ("http://evil.example", "https://127.0.0.1.evil.example", "null"):
        status, answer = await _raw(client, f"{server.url}/v1/embeddings", body, {"Origin": origin})
        assert status == 403 and answer["error"]["param"] == "Origin"
        status, answer = await _raw(client, f"{server.url}/api/embed", body, {"Origin": origin})
        assert status == 403 and answer["error"].startswith(f"Origin: {origin} is a web page")
    for origin in ("http://localhost:5173", "http://127.0.0.1:8080", "http://[::1]:3000"):
        status, _ = await _raw(client, f"{server.url}/api/embed", body, {"Origin": origin})
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
        (["--max-batch", "0"], {}, "--max-batch: 0 is less than 1"),
        (["--max-batch", "1e9"], {}, "--max-batch: 1000000000 is more than 4,096 texts"),
        (["--max-batch", "-3"], {}, "--max-batch: -3 is less than 1"),
        (["--port", "1e6"], {}, "--port: 1000000 is more than 65,535"),
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
