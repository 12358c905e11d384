"""The offline all-MiniLM-L6-v2 as an embedding endpoint on a loopback port (``recallbench embed-serve``).

Memory systems that embed (MemPalace, memos-os, Chroma, mem0 …) expect an embedding service to
call. :func:`serve_embeddings` gives them recallbench's own encoder — the one ``builtin:dense``
uses (:func:`~recallbench.adapters.retrieval.minilm.load_encoder`: no torch, no download) — behind
the two APIs they speak (:mod:`~recallbench.adapters.retrieval.embed_api`):

* ``POST /v1/embeddings``: OpenAI format (``input``: a string or strings; float or base64);
* ``POST /api/embed``: Ollama format (``input``: a string or strings);
* ``POST /api/embeddings``: Ollama's older format (``prompt``: one string);
* ``GET /v1/models`` and ``GET /api/tags``: the model, as OpenAI and Ollama list models;
* ``POST /api/pull``: ``{"status": "success"}``, nothing to download (mem0's Ollama embedder pulls
  a model it does not find listed);
* ``GET /health``: ``{"status": "ok", "model", "dimensions": 384, …}``, the batcher's counters and
  the limits.

**Batches.** Requests arriving together are encoded together, in calls of bounded size
(:class:`~recallbench.adapters.retrieval.embed_batcher.EmbeddingBatcher`), on a worker thread, so
the event loop keeps accepting requests while the model runs; a large request is encoded in several
calls and smaller ones arriving meanwhile ride in the next.

**The vectors are the encoder's own**: the same shared :class:`~recallbench.adapters.retrieval.minilm.MiniLMEncoder`
``builtin:dense`` uses in the process (mean-pooled, L2-normalised, texts cut at 256 word pieces),
through its text cache, so a text embedded once is returned bit for bit the same afterwards. A
text's vector from a fresh encoder may differ by float32 rounding (about 1e-7 per coordinate) with
the batch it was encoded in, exactly as inside ``builtin:dense``.

**What it refuses** (a JSON error in the shape of the API called, naming the field or the limit):
a malformed request, 400; a request over a size limit (:mod:`~recallbench.adapters.retrieval.embed_limits`:
texts, characters a text and a request, word pieces a request, body bytes), 413, never cut
silently; a body not sent as ``application/json``, 415 — so a web page cannot send one without the
browser asking first, which this server never grants; a request from a web page whose origin is not
this machine (an ``Origin`` header not naming a loopback host), 403.
"""

from __future__ import annotations

import contextlib
import ipaddress
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import anyio
import attrs
import numpy as np
import orjson
from aiohttp import hdrs, web
from yarl import URL

from .embed_api import (
    DIMENSIONS,
    MODEL_NAME,
    EmbedRequest,
    RequestError,
    check_sizes,
    check_word_pieces,
    ollama_error,
    ollama_legacy_request,
    ollama_legacy_response,
    ollama_request,
    ollama_response,
    openai_error,
    openai_request,
    openai_response,
)
from .embed_batcher import EmbeddingBatcher
from .embed_limits import DEFAULT_LIMITS, MIB, EmbedLimits
from .minilm import MiniLMEncoder, load_encoder

__all__ = [
    "DEFAULT_LIMITS",
    "EmbedLimits",
    "EmbedServer",
    "EmbeddingBatcher",
    "serve_embeddings",
]

Floats = np.ndarray[Any, np.dtype[np.float32]]

INLINE_CHARS = 4_096
"""A request of at most this many characters is tokenized on the event loop (well under a
millisecond); a larger one on a worker thread."""


@attrs.frozen(kw_only=True)
class EmbedServer:
    """A running embedding server (what :func:`serve_embeddings` yields).

    Attributes:
        host, port: where it listens (``port`` is the bound one when 0 was asked).
        batcher: its batcher, whose counters say how requests were coalesced.
        limits: what it takes.
    """

    host: str
    port: int
    batcher: EmbeddingBatcher
    limits: EmbedLimits = DEFAULT_LIMITS

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


def loopback_origin(origin: str) -> bool:
    """Whether a browser's ``Origin`` header names this machine (``http://localhost:3000``,
    ``http://127.0.0.1``, ``http://[::1]:8080``); ``null`` and other hosts do not."""
    host = URL(origin).host if "://" in origin else None
    if not host:
        return False
    if host.lower() == "localhost" or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class _Reservations:
    """Bytes of memory the requests being served have reserved, at most ``total`` together.

    A request that does not fit waits (unread) until enough is given back; smaller ones that fit
    go ahead of it meanwhile, so a large request waiting never holds up small ones.
    """

    def __init__(self, total: int) -> None:
        self.total = total
        self.held = 0
        self._changed = anyio.Condition()

    @contextlib.asynccontextmanager
    async def hold(self, amount: int) -> AsyncIterator[None]:
        amount = min(amount, self.total)
        async with self._changed:
            while self.held + amount > self.total:
                await self._changed.wait()
            self.held += amount
        try:
            yield
        finally:
            with anyio.CancelScope(shield=True):
                async with self._changed:
                    self.held -= amount
                    self._changed.notify_all()


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _app(batcher: EmbeddingBatcher, limits: EmbedLimits) -> web.Application:
    encoder = batcher.encoder
    window = encoder.max_length
    started = time.time()
    reservations = _Reservations(int(limits.memory_mb * MIB))

    def reserve(request: web.Request) -> int:
        # A compressed body (aiohttp inflates it) may grow to the largest: reserve for that.
        encoded = request.headers.get(hdrs.CONTENT_ENCODING, "identity").lower() != "identity"
        return limits.reserve(None if encoded else request.content_length)

    async def read(request: web.Request) -> object:
        if request.content_type != "application/json":
            sent = request.content_type if hdrs.CONTENT_TYPE in request.headers else "none"
            raise RequestError(
                "Content-Type",
                f"expected application/json, got {sent} (send the body as JSON with "
                "Content-Type: application/json)",
                status=415,
            )
        if (request.content_length or 0) > limits.max_body:
            raise RequestError("body", f"larger than {limits.max_body_mb:g} MiB", status=413)
        raw = bytearray()
        while chunk := await request.content.readany():
            raw += chunk
            if len(raw) > limits.max_body:
                raise RequestError("body", f"larger than {limits.max_body_mb:g} MiB", status=413)
        if not raw.strip():
            raise RequestError("body", "empty: send a JSON object")
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise RequestError("body", f"not JSON ({exc})") from None

    def window_of(texts: tuple[str, ...]) -> tuple[list[str], list[int]]:
        prefixes = encoder.read_prefixes(texts)
        return prefixes, encoder.word_pieces(prefixes)

    async def accept(request: web.Request, parse: Callable[[object], EmbedRequest]) -> Any:
        """The checked request, the prefixes the model reads and their word pieces."""
        embed_request = parse(await read(request))
        check_sizes(
            embed_request,
            max_texts=limits.max_texts,
            max_text_chars=limits.max_text_chars,
            max_request_chars=limits.max_request_chars,
            window=window,
        )
        texts = embed_request.texts
        if sum(map(len, texts)) <= INLINE_CHARS:  # a millisecond at most: no thread hop
            prefixes, pieces = window_of(texts)
        else:
            prefixes, pieces = await anyio.to_thread.run_sync(window_of, texts)
        check_word_pieces(embed_request, pieces, limit=limits.max_request_pieces, window=window)
        return embed_request, prefixes, pieces

    def endpoint(
        parse: Callable[[object], EmbedRequest],
        respond: Callable[[EmbedRequest, Floats, list[int], float], dict[str, Any]],
        error: Callable[[RequestError | str], dict[str, Any]],
    ) -> Handler:
        async def handle(request: web.Request) -> web.StreamResponse:
            began = time.perf_counter()
            async with reservations.hold(reserve(request)):
                try:
                    embed_request, prefixes, pieces = await accept(request, parse)
                except RequestError as exc:
                    return _json(error(exc), exc.status)
                # Only what the model reads is kept from here: a long text's tail is let go.
                embed_request = attrs.evolve(embed_request, texts=())
                try:
                    vectors = await batcher.embed(prefixes, pieces)
                except (
                    Exception
                ) as exc:  # the encoder failed: the client gets a 500, the server goes on
                    return _json(error(f"encoding failed: {type(exc).__name__}: {exc}"), 500)
                return _json(respond(embed_request, vectors, pieces, time.perf_counter() - began))

        return handle

    def openai_err(problem: RequestError | str) -> dict[str, Any]:
        if isinstance(problem, RequestError):
            return openai_error(str(problem), param=problem.field)
        return openai_error(problem, kind="server_error")

    def ollama_err(problem: RequestError | str) -> dict[str, Any]:
        return ollama_error(str(problem))

    @web.middleware
    async def same_machine(request: web.Request, handler: Handler) -> web.StreamResponse:
        origin = request.headers.get(hdrs.ORIGIN)
        if origin is not None and not loopback_origin(origin):
            message = (
                f"Origin: {origin} is a web page of another site; this server answers local "
                "programs and pages of this machine only"
            )
            body = openai_error(message, param="Origin")
            if not request.path.startswith("/v1/"):
                body = ollama_error(message)
            return _json(body, 403)
        return await handler(request)

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
                "max_tokens": window,
                "encoder": encoder.label,
                "requests": batcher.requests,
                "batches": batcher.batches,
                "texts": batcher.texts,
                "largest_batch": batcher.largest_batch,
                "uptime_seconds": round(time.time() - started, 3),
                "limits": {
                    "texts_per_request": limits.max_texts,
                    "characters_per_text": limits.max_text_chars,
                    "characters_per_request": limits.max_request_chars,
                    "word_pieces_per_request": limits.max_request_pieces,
                    "body_bytes": limits.max_body,
                },
            }
        )

    # The body is read by the handlers, chunk by chunk, against limits.max_body.
    app = web.Application(client_max_size=limits.max_body, middlewares=[same_machine])
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
        limits: batching, sizes and memory (:class:`~recallbench.adapters.retrieval.embed_limits.EmbedLimits`).

    Raises:
        ConfigError: no encoder given and the dense extra or the weights are missing.
        OSError: the address cannot be bound.
    """
    if encoder is None:
        encoder = await anyio.to_thread.run_sync(load_encoder)
    batcher = EmbeddingBatcher(
        encoder,
        max_batch=limits.max_batch,
        batch_wait=limits.batch_wait,
        call_pieces=limits.call_pieces,
    )
    runner = web.AppRunner(_app(batcher, limits), access_log=None, handle_signals=False)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
        bound = runner.addresses[0]
        yield EmbedServer(host=str(bound[0]), port=int(bound[1]), batcher=batcher, limits=limits)
    finally:
        # Shielded: the server closes even when the block was cancelled.
        with anyio.CancelScope(shield=True):
            await runner.cleanup()
