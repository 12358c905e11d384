"""The offline all-MiniLM-L6-v2 as an embedding endpoint on a loopback port (``recallbench embed-serve``).

Memory systems that embed (MemPalace, memos-os, Chroma, mem0 …) expect an embedding service to
call. :func:`serve_embeddings` gives them recallbench's own encoder — the one ``builtin:dense``
uses (:func:`~recallbench.adapters.retrieval.minilm.load_encoder`: numpy, no torch, no download) —
behind the two APIs they speak (:mod:`~recallbench.adapters.retrieval.embed_api`):

* ``POST /v1/embeddings``: OpenAI format (``input``: a string or strings; float or base64);
* ``POST /api/embed``: Ollama format (``input``: a string or strings);
* ``POST /api/embeddings``: Ollama's older format (``prompt``: one string);
* ``GET /v1/models`` and ``GET /api/tags``: the model, as OpenAI and Ollama list models;
* ``POST /api/pull``: ``{"status": "success"}``, nothing to download (mem0's Ollama embedder pulls
  a model it does not find listed);
* ``GET /health``: ``{"status": "ok", "model", "dimensions": 384, …}`` and the batcher's counters.

**Batches.** Requests arriving together are encoded together (:class:`EmbeddingBatcher`): the first
request waits up to ``batch_wait`` seconds for others, or until ``max_batch`` texts are gathered,
and the lot is encoded in one call on a worker thread, so the event loop keeps accepting requests
while the model runs; whatever arrives during an encode forms the next batch. A request of more
than ``max_batch`` texts is encoded alone, in one call.

**The vectors are the encoder's own**: the same shared :class:`~recallbench.adapters.retrieval.minilm.MiniLMEncoder`
``builtin:dense`` uses in the process (mean-pooled, L2-normalised, texts cut at 256 word pieces),
through its text cache, so a text embedded once is returned bit for bit the same afterwards. A
text's vector from a fresh encoder may differ by float32 rounding (about 1e-7 per coordinate) with
the batch it was encoded in, exactly as inside ``builtin:dense``.

A malformed request gets HTTP 400 with a JSON body naming the field (in the error shape of the API
it called); a body over ``max_body_mb`` gets 413.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import anyio
import attrs
import numpy as np
import orjson
from aiohttp import web

from .embed_api import (
    DIMENSIONS,
    MODEL_NAME,
    EmbedRequest,
    RequestError,
    ollama_error,
    ollama_legacy_request,
    ollama_legacy_response,
    ollama_request,
    ollama_response,
    openai_error,
    openai_request,
    openai_response,
)
from .minilm import MiniLMEncoder, load_encoder

__all__ = [
    "DEFAULT_LIMITS",
    "EmbedLimits",
    "EmbedServer",
    "EmbeddingBatcher",
    "serve_embeddings",
]

log = logging.getLogger("recallbench")

Floats = np.ndarray[Any, np.dtype[np.float32]]


@attrs.frozen(kw_only=True)
class EmbedLimits:
    """How the server batches and what it accepts.

    Attributes:
        max_batch: texts gathered into one encode before it starts without waiting further.
        batch_wait: seconds the first request of a batch waits for others (0: encode at once;
            requests arriving during an encode still form the next batch).
        max_body_mb: the largest request body taken, in MiB (413 above it).
    """

    max_batch: int = attrs.field(default=256, validator=attrs.validators.ge(1))
    batch_wait: float = attrs.field(default=0.002, validator=attrs.validators.ge(0))
    max_body_mb: float = attrs.field(default=32.0, validator=attrs.validators.gt(0))


DEFAULT_LIMITS = EmbedLimits()


@attrs.define(eq=False)
class _Job:
    texts: Sequence[str]
    done: bool = False
    vectors: Floats | None = None
    tokens: list[int] = attrs.field(factory=list)
    error: Exception | None = None
    abandoned: bool = False


class EmbeddingBatcher:
    """Coalesces concurrent embedding requests into encoder batches.

    Every request queues its texts and takes a turn at a lock; whoever holds it *leads* one batch:
    it waits up to ``batch_wait`` for more requests (or until ``max_batch`` texts are queued), takes
    the queue from the front, encodes it on a worker thread and hands each request its rows. A
    request already served by an earlier leader returns at once. So there is no worker task to
    start or stop: the batcher is only as busy as its callers, and one encode runs at a time (the
    encoder spreads a large one over the cores itself).

    Args:
        encoder: the text encoder.
        limits: ``max_batch`` and ``batch_wait``.
    """

    def __init__(self, encoder: MiniLMEncoder, limits: EmbedLimits = DEFAULT_LIMITS) -> None:
        self.encoder = encoder
        self.limits = limits
        self._queue: deque[_Job] = deque()
        self._queued_texts = 0
        self._turn = anyio.Lock()
        self._arrived = anyio.Event()
        self.requests = 0
        """Requests answered."""
        self.batches = 0
        """Encoder calls made."""
        self.texts = 0
        """Texts embedded (cache hits included)."""
        self.largest_batch = 0
        """The most texts one encoder call has taken."""

    async def embed(self, texts: Sequence[str]) -> tuple[Floats, list[int]]:
        """The vectors of ``texts`` (one row each, in order) and the word pieces each was read as.

        Raises:
            Exception: what the encoder raised for the batch this request was in.
        """
        job = _Job(texts)
        self._queue.append(job)
        self._queued_texts += len(texts)
        self._arrived.set()
        try:
            while not job.done:
                async with self._turn:
                    if not job.done:
                        await self._lead()
        finally:
            # A request cancelled before its batch was taken (its client went away) is skipped.
            job.abandoned = not job.done
        if job.error is not None:
            raise job.error
        assert job.vectors is not None
        self.requests += 1
        return job.vectors, job.tokens

    async def _lead(self) -> None:
        """Gather one batch (waiting up to ``batch_wait`` for company), encode it, hand it out."""
        deadline = anyio.current_time() + self.limits.batch_wait
        while self._queued_texts < self.limits.max_batch:
            remaining = deadline - anyio.current_time()
            if remaining <= 0:
                break
            self._arrived = anyio.Event()
            with anyio.move_on_after(remaining):
                await self._arrived.wait()
        jobs: list[_Job] = []
        count = 0
        while self._queue and (
            not jobs or count + len(self._queue[0].texts) <= self.limits.max_batch
        ):
            job = self._queue.popleft()
            self._queued_texts -= len(job.texts)
            if not job.abandoned:
                jobs.append(job)
                count += len(job.texts)
        if not jobs:
            return
        texts = [t for job in jobs for t in job.texts]
        # Shielded: once taken, a batch is encoded and handed out even if the leading request is
        # cancelled meanwhile, or the requests riding with it would never be answered.
        with anyio.CancelScope(shield=True):
            try:
                vectors, tokens = await anyio.to_thread.run_sync(self._encode, texts)
            except Exception as exc:  # this batch's requests fail; the server goes on
                log.warning(
                    "embed-serve: encoding %d texts failed: %s: %s",
                    len(texts),
                    type(exc).__name__,
                    exc,
                )
                for job in jobs:
                    job.error, job.done = exc, True
                return
        self.batches += 1
        self.texts += len(texts)
        self.largest_batch = max(self.largest_batch, len(texts))
        start = 0
        for job in jobs:
            end = start + len(job.texts)
            job.vectors, job.tokens, job.done = vectors[start:end], tokens[start:end], True
            start = end

    def _encode(self, texts: list[str]) -> tuple[Floats, list[int]]:
        return self.encoder.encode(texts), self.encoder.word_pieces(texts)


@attrs.frozen(kw_only=True)
class EmbedServer:
    """A running embedding server (what :func:`serve_embeddings` yields).

    Attributes:
        host, port: where it listens (``port`` is the bound one when 0 was asked).
        batcher: its batcher, whose counters say how requests were coalesced.
    """

    host: str
    port: int
    batcher: EmbeddingBatcher

    @property
    def url(self) -> str:
        """``http://HOST:PORT``: memos-os's ``embed_host``, an Ollama client's base URL."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def openai_url(self) -> str:
        """``http://HOST:PORT/v1``: an OpenAI client's ``base_url``."""
        return f"{self.url}/v1"


def _json(body: Any, status: int = 200) -> web.Response:
    return web.Response(
        body=orjson.dumps(body, option=orjson.OPT_SERIALIZE_NUMPY),
        status=status,
        content_type="application/json",
    )


Handler = Callable[[web.Request], Awaitable[web.Response]]


def _app(batcher: EmbeddingBatcher, limits: EmbedLimits) -> web.Application:
    encoder = batcher.encoder
    started = time.time()

    async def read(request: web.Request) -> object:
        try:
            raw = await request.read()
        except web.HTTPRequestEntityTooLarge:
            raise RequestError(
                "body", f"larger than {limits.max_body_mb:g} MiB", status=413
            ) from None
        if not raw.strip():
            raise RequestError("body", "empty: send a JSON object")
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise RequestError("body", f"not JSON ({exc})") from None

    def endpoint(
        parse: Callable[[object], EmbedRequest],
        respond: Callable[[EmbedRequest, Floats, list[int], float], dict[str, Any]],
        error: Callable[[RequestError | str], dict[str, Any]],
    ) -> Handler:
        async def handle(request: web.Request) -> web.Response:
            began = time.perf_counter()
            try:
                embed_request = parse(await read(request))
            except RequestError as exc:
                return _json(error(exc), exc.status)
            try:
                vectors, tokens = await batcher.embed(embed_request.texts)
            except (
                Exception
            ) as exc:  # the encoder failed: the client gets a 500, the server goes on
                return _json(error(f"encoding failed: {type(exc).__name__}: {exc}"), 500)
            return _json(respond(embed_request, vectors, tokens, time.perf_counter() - began))

        return handle

    def openai_err(problem: RequestError | str) -> dict[str, Any]:
        if isinstance(problem, RequestError):
            return openai_error(str(problem), param=problem.field)
        return openai_error(problem, kind="server_error")

    def ollama_err(problem: RequestError | str) -> dict[str, Any]:
        return ollama_error(str(problem))

    async def models(request: web.Request) -> web.Response:
        entry = {
            "id": MODEL_NAME,
            "object": "model",
            "created": int(started),
            "owned_by": "recallbench",
        }
        return _json({"object": "list", "data": [entry]})

    async def tags(request: web.Request) -> web.Response:
        details = {"format": "safetensors", "family": "bert", "parameter_size": "22.7M"}
        entry = {"name": MODEL_NAME, "model": MODEL_NAME, "size": 0, "details": details}
        return _json({"models": [entry]})

    async def pull(request: web.Request) -> web.Response:
        # Ollama clients pull a model they do not find listed; any name runs this one model.
        return _json({"status": "success"})

    async def health(request: web.Request) -> web.Response:
        return _json(
            {
                "status": "ok",
                "model": MODEL_NAME,
                "dimensions": DIMENSIONS,
                "max_tokens": encoder.max_length,
                "encoder": encoder.label,
                "requests": batcher.requests,
                "batches": batcher.batches,
                "texts": batcher.texts,
                "largest_batch": batcher.largest_batch,
                "uptime_seconds": round(time.time() - started, 3),
            }
        )

    app = web.Application(client_max_size=int(limits.max_body_mb * 1024 * 1024))
    app.router.add_post(
        "/v1/embeddings",
        endpoint(openai_request, lambda r, v, t, s: openai_response(r, v, t), openai_err),
    )
    app.router.add_post(
        "/api/embed",
        endpoint(ollama_request, lambda r, v, t, s: ollama_response(v, t, s), ollama_err),
    )
    app.router.add_post(
        "/api/embeddings",
        endpoint(ollama_legacy_request, lambda r, v, t, s: ollama_legacy_response(v), ollama_err),
    )
    app.router.add_get("/v1/models", models)
    app.router.add_get("/api/tags", tags)
    app.router.add_post("/api/pull", pull)
    app.router.add_get("/health", health)
    return app


@contextlib.asynccontextmanager
async def serve_embeddings(
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    encoder: MiniLMEncoder | None = None,
    limits: EmbedLimits = DEFAULT_LIMITS,
) -> AsyncIterator[EmbedServer]:
    """Serve ``encoder`` (default: the shared all-MiniLM-L6-v2, :func:`load_encoder`) over HTTP until
    the block ends. Needs the asyncio backend (aiohttp).

    Args:
        host: the interface (default loopback).
        port: the port (0: a free one; the bound port is on the yielded server).
        encoder: the text encoder.
        limits: batching and body limits.

    Raises:
        ConfigError: no encoder given and the dense extra or the weights are missing.
        OSError: the address cannot be bound.
    """
    if encoder is None:
        encoder = await anyio.to_thread.run_sync(load_encoder)
    batcher = EmbeddingBatcher(encoder, limits)
    runner = web.AppRunner(_app(batcher, limits), access_log=None, handle_signals=False)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
        bound = runner.addresses[0]
        yield EmbedServer(host=str(bound[0]), port=int(bound[1]), batcher=batcher)
    finally:
        # Shielded: the server closes even when the block was cancelled.
        with anyio.CancelScope(shield=True):
            await runner.cleanup()
