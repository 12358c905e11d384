"""``recallbench embed-serve``: the offline all-MiniLM-L6-v2 as an embedding endpoint on a loopback port.

For memory systems that call an embedding service (MemPalace, memos-os, Chroma, mem0): OpenAI's
``POST /v1/embeddings`` and Ollama's ``POST /api/embed`` (and ``/api/embeddings``), ``GET
/v1/models``, ``GET /api/tags`` and ``GET /health``, over the encoder ``builtin:dense`` uses
(:mod:`recallbench.adapters.retrieval.embed_server`; docs/embed-serve.md). Any model name a client
sends is accepted; responses name the real one, ``all-MiniLM-L6-v2``. Prints one line once it
accepts requests (stdout, flushed)::

    recallbench embed-serve: all-MiniLM-L6-v2 (384 dimensions) listening on http://127.0.0.1:11435

SIGINT (Ctrl-C) or SIGTERM stops it (requests in flight finish first) and it exits 0.

What it takes (:mod:`recallbench.adapters.retrieval.embed_limits`): 2,048 texts a request, 65,536
characters a text, 1 Mi characters and 16,384 word pieces read a request, a 16 MiB body sent as
``application/json``; past any of them a request is refused with 413 and a JSON error naming the
limit, never cut.

Exit codes: 0 stopped by a signal; 2 the dense extra or the weights missing, an address that cannot
be bound, or a bind beyond loopback without ``--insecure``.
"""

from __future__ import annotations

import argparse
import functools
import ipaddress
import math
import signal
import sys
from typing import Any

from ..errors import ConfigError

__all__ = ["DEFAULT_PORT", "register"]

DEFAULT_PORT = 11435
"""Next to Ollama's 11434, so both can run on one machine."""


def _number(text: str, what: str) -> int | float:
    """A flag's number as written: a whole number (``1e9`` too), or a float that is not finite.
    Its range is checked with every bound (recallbench._bounds), in one line naming the flag; only
    text that is no number at all is argparse's to refuse."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if value.is_integer():
        return int(value)
    if not math.isfinite(value):
        return value  # refused by its bound, naming the flag
    raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")


def _port(text: str) -> int | float:
    return _number(text, "a port number")  # 0 to 65535


def _count(text: str) -> int | float:
    return _number(text, "a whole number")  # 1 to 4,096 texts


def _milliseconds(text: str) -> float:
    try:
        return float(text)  # 0 to 10,000, checked with every bound (recallbench._bounds)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected milliseconds, got {text!r}") from None


def register(sub: Any) -> None:
    p = sub.add_parser(
        "embed-serve",
        help="serve the offline MiniLM as an OpenAI/Ollama embedding API",
        description="Serve recallbench's offline all-MiniLM-L6-v2 (the builtin:dense encoder) on a "
        "loopback port as POST /v1/embeddings (OpenAI format) and POST /api/embed (Ollama format), "
        "for memory systems that call an embedding service. Any requested model name is "
        "accepted; responses name all-MiniLM-L6-v2 (384 dimensions). Needs the dense extra. "
        "Stops on Ctrl-C or SIGTERM.",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="interface to listen on (default 127.0.0.1, loopback: local clients only); beyond "
        "loopback needs --insecure",
    )
    p.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one, printed at start)",
    )
    p.add_argument(
        "--max-batch",
        type=_count,
        default=256,
        metavar="TEXTS",
        help="texts in one encoder call at most (default 256; a larger request is encoded in "
        "several calls, requests arriving meanwhile riding in the next)",
    )
    p.add_argument(
        "--batch-wait-ms",
        type=_milliseconds,
        default=2.0,
        metavar="MS",
        help="how long a request waits for others to share its encoder call (default 2; 0: no "
        "wait, though requests arriving during an encode still share the next one)",
    )
    p.add_argument(
        "--insecure",
        action="store_true",
        help="allow listening beyond loopback: anyone who can reach the port can use the encoder",
    )
    p.set_defaults(handler=embed_serve)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def embed_serve(args: argparse.Namespace) -> int:
    from ..adapters.retrieval.minilm import require_dense

    if not _loopback(args.host) and not args.insecure:
        raise ConfigError(
            f"--host {args.host} is beyond loopback: anyone who can reach it could use the "
            "encoder; pass --insecure to mean it"
        )
    require_dense()  # one line naming the install, before anything starts
    import anyio

    _return_freed_memory()

    anyio.run(_serve, args, backend="asyncio")
    return 0


def _return_freed_memory() -> None:
    """Have glibc's malloc give large blocks back to the system when freed, for this process.

    By default glibc raises its mmap threshold as large blocks are freed (up to 32 MiB) and keeps
    one heap per thread, so a server that once parsed a large body stays that size (6 GB after one
    request, before issue 42). A fixed threshold of 128 KiB and two heaps make every block of
    128 KiB or more its own mapping, unmapped when freed: the server returns to within a few MB
    of its size before each request (``benchmarks/embed_serve_limits.py``). Elsewhere (macOS,
    musl) nothing is done.
    """
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc
        return
    m_mmap_threshold, m_arena_max = -3, -8
    mallopt(m_mmap_threshold, 128 * 1024)
    mallopt(m_arena_max, 2)


async def _serve(args: argparse.Namespace) -> None:
    import anyio

    from ..adapters.retrieval.embed_api import DIMENSIONS, MODEL_NAME
    from ..adapters.retrieval.embed_limits import ENCODER_BATCH_TOKENS
    from ..adapters.retrieval.embed_server import EmbedLimits, serve_embeddings
    from ..adapters.retrieval.minilm import load_encoder

    def say(line: str, stream: Any = sys.stderr) -> None:
        print(f"recallbench embed-serve: {line}", file=stream, flush=True)

    encoder = await anyio.to_thread.run_sync(
        functools.partial(load_encoder, batch_tokens=ENCODER_BATCH_TOKENS)
    )
    limits = EmbedLimits(max_batch=args.max_batch, batch_wait=args.batch_wait_ms / 1000)

    def server() -> Any:
        return serve_embeddings(args.host, args.port, encoder=encoder, limits=limits)

    def listening(url: str) -> None:
        say(f"{MODEL_NAME} ({DIMENSIONS} dimensions) listening on {url}", sys.stdout)

    try:
        if sys.platform == "win32":  # no signal receivers on Windows' event loop: Ctrl-C ends it
            async with server() as running:
                listening(running.url)
                await anyio.sleep_forever()
            return
        # Installed before the server starts, so a signal sent the moment the "listening" line
        # appears (what a supervisor or a test does) already means a graceful stop.
        with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
            async with server() as running:
                listening(running.url)
                async for signum in signals:
                    say(f"{signal.Signals(signum).name}: shutting down")
                    break
            say(
                f"stopped after {running.batcher.requests} requests, {running.batcher.texts} "
                f"texts in {running.batcher.batches} encoder calls"
            )
    except OSError as exc:
        raise ConfigError(
            f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc} (--port 0 picks a "
            "free port)"
        ) from None
