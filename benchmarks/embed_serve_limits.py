"""``recallbench embed-serve`` at its limits: the server's peak memory and each request's time.

Starts ``python -m recallbench embed-serve --port 0`` as a process of its own and sends it, one at a
time, requests at each documented limit (recallbench/adapters/retrieval/embed_limits.py) and past
them — the issue's own reproductions among them — then a small request while the largest is in
flight, and several large ones at once. Every text is new to the server (its encoder caches
vectors by text). For each request: the HTTP status, the seconds it took, the server's resident
memory after it and the most it reached meanwhile (sampled every 20 ms, and the kernel's own peak,
``VmHWM``, at the end).

    python benchmarks/embed_serve_limits.py            # prints one line a request
    python benchmarks/embed_serve_limits.py --json out.json

Needs the ``dense`` extra and the weights. Targets (issue 42): peak ≤ 500 MB, no request over 10 s,
a small request answered while a large one is in flight.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import aiohttp
import anyio

from recallbench.adapters.retrieval.embed_limits import DEFAULT_LIMITS as LIMITS
from recallbench.adapters.retrieval.minilm import load_encoder

_PROSE = (
    "the meeting moved to thursday after the quarterly review and she asked whether the clinic "
    "had called back about the results of her appointment on the ninth floor with doctor patel"
)
WORDS = _PROSE.split(" ")
_serial = itertools.count()


def prose(chars: int) -> str:
    """New prose of exactly ``chars`` characters (a serial number first: never seen before)."""
    rng = random.Random(next(_serial))
    out = [f"note {next(_serial)}:"]
    size = len(out[0])
    while size < chars:
        word = rng.choice(WORDS)
        out.append(word)
        size += len(word) + 1
    return " ".join(out)[:chars]


def texts_of_pieces(count: int, pieces: int) -> list[str]:
    """``count`` new texts the model reads exactly ``pieces`` word pieces of ([CLS]/[SEP] too)."""
    encoder = load_encoder()
    out = []
    for _ in range(count):
        words = [f"n{next(_serial)}"]
        while True:
            text = " ".join(words)
            [n] = encoder.word_pieces([text])
            if n >= pieces:
                break
            words.append(random.choice(WORDS))
        while n > pieces:  # the serial's own pieces may overshoot: trim words
            words.pop()
            text = " ".join(words)
            [n] = encoder.word_pieces([text])
        out.append(text)
    return out


class Memory:
    """The server's resident memory, sampled every 20 ms on a thread."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.samples: list[tuple[float, int]] = []
        self.since = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def status(self, key: str) -> int:
        with open(f"/proc/{self.pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
        return 0

    def now(self) -> int:
        return self.status("VmRSS")

    def _run(self) -> None:
        while not self._stop.wait(0.02):
            try:
                self.samples.append((time.monotonic(), self.now()))
            except OSError:
                return

    def window(self) -> None:
        """Start a new window: :attr:`peak` counts samples from now on."""
        self.since = time.monotonic()

    @property
    def peak(self) -> int:
        return max([rss for at, rss in self.samples if at >= self.since] + [self.now()])

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def mb(n: int) -> str:
    return f"{n / 1e6:.0f}"


async def send(
    session: aiohttp.ClientSession,
    url: str,
    body: Any,
    *,
    headers: dict[str, str] | None = None,
    chunked: bool = False,
) -> tuple[int, str, float]:
    """POST ``body`` (JSON-able, or bytes as they are); the status, the start of the answer, the
    seconds."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    sent: Any = data
    if chunked:

        async def pieces() -> Any:
            for start in range(0, len(data), 1 << 20):
                yield data[start : start + (1 << 20)]

        sent = pieces()
    began = time.perf_counter()
    try:
        async with session.post(
            url, data=sent, headers={"Content-Type": "application/json", **(headers or {})}
        ) as response:
            answer = await response.read()
            status = response.status
    except aiohttp.ClientError as exc:  # the server may answer 413 and close mid-upload
        return -1, f"{type(exc).__name__}: {exc}", time.perf_counter() - began
    text = answer[:160].decode("utf-8", "replace") if status != 200 else f"{len(answer):,} bytes"
    return status, text, time.perf_counter() - began


def cases() -> Iterator[tuple[str, str, Callable[[], Any], dict[str, Any]]]:
    """(label, path, body maker, send options) at and past each limit."""
    L = LIMITS
    per_text = L.max_request_chars // (L.max_request_pieces // 256)  # 64 texts × 16,384 chars
    yield "one short text", "/api/embed", lambda: {"input": prose(60)}, {}
    yield (
        f"one text of {L.max_text_chars:,} chars (prose)",
        "/api/embed",
        lambda: {"input": prose(L.max_text_chars)},
        {},
    )
    yield (
        f"one text of {L.max_text_chars:,} chars, one word ([UNK])",
        "/api/embed",
        lambda: {"input": f"{next(_serial)}" + "a" * (L.max_text_chars - 8)},
        {},
    )
    yield (
        f"one text of {L.max_text_chars:,} chars, 1 piece a char",
        "/api/embed",
        lambda: {"input": (f"{next(_serial)} " + "!" * L.max_text_chars)[: L.max_text_chars]},
        {},
    )
    yield (
        f"{L.max_request_pieces // 256} texts of {per_text:,} chars (prose): "
        f"{L.max_request_chars:,} chars, {L.max_request_pieces:,} pieces",
        "/v1/embeddings",
        lambda: {
            "model": "m",
            "input": [prose(per_text) for _ in range(L.max_request_pieces // 256)],
        },
        {},
    )
    yield (
        f"{L.max_request_pieces // 256} texts of 256 pieces, Hangul (3 pieces a char)",
        "/v1/embeddings",
        lambda: {
            "model": "m",
            "input": [
                f"{next(_serial)} "
                + " ".join(
                    "".join(chr(0xAC00 + (n * 131 + w * 7 + k) % 11172) for k in range(3))
                    for w in range(200)
                )
                for n in range(L.max_request_pieces // 256)
            ],
        },
        {},
    )
    yield (
        f"{L.max_texts:,} texts of {L.max_request_pieces // L.max_texts} pieces",
        "/v1/embeddings",
        lambda: {
            "model": "m",
            "input": texts_of_pieces(L.max_texts, L.max_request_pieces // L.max_texts),
        },
        {},
    )
    yield (
        f"{L.max_texts:,} texts of {L.max_request_chars // L.max_texts} chars, base64",
        "/v1/embeddings",
        lambda: {
            "model": "m",
            "encoding_format": "base64",
            "input": [prose(L.max_request_chars // L.max_texts) for _ in range(L.max_texts)],
        },
        {},
    )
    yield (
        f"a body of {L.max_body_mb:g} MiB, one string with an emoji (past the chars)",
        "/api/embed",
        lambda: b'{"input": "\\ud83d\\ude00' + b"a" * (L.max_body - 40) + b'"}',
        {},
    )
    yield (
        "issue 42: one string of 31 MiB",
        "/api/embed",
        lambda: {"input": "a " * (31 * 1024 * 512)},
        {},
    )
    yield (
        "issue 42: 2,048 strings of 15 KiB",
        "/api/embed",
        lambda: {"input": ["word " * 3072 for _ in range(2048)]},
        {},
    )
    yield (
        "31 MiB sent chunked (no length)",
        "/api/embed",
        lambda: {"input": "a " * (31 * 1024 * 512)},
        {"chunked": True},
    )
    yield (
        "gzip bomb: 100 MiB of JSON in 100 KiB",
        "/api/embed",
        lambda: gzip.compress(b'{"input": "' + b"a" * (100 << 20) + b'"}', 9),
        {"headers": {"Content-Encoding": "gzip"}},
    )
    yield (
        "text/plain (a web page's simple request)",
        "/api/embed",
        lambda: b'{"input": "x"}',
        {"headers": {"Content-Type": "text/plain"}},
    )


async def main(args: argparse.Namespace) -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "recallbench", "embed-serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    rows: list[dict[str, Any]] = []
    try:
        assert server.stdout is not None
        url = (await anyio.to_thread.run_sync(server.stdout.readline)).split()[-1]
        memory = Memory(server.pid)
        idle = memory.now()
        print(f"server idle: {mb(idle)} MB resident")
        timeout = aiohttp.ClientTimeout(total=600)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            for label, path, make, options in cases():
                body = make()
                memory.window()
                status, answer, seconds = await send(session, url + path, body, **options)
                row = {
                    "request": label,
                    "status": status,
                    "seconds": round(seconds, 2),
                    "rss_after_mb": round(memory.now() / 1e6),
                    "peak_mb": round(memory.peak / 1e6),
                }
                rows.append(row)
                shown = "" if status == 200 else f"  {answer[:110]}"
                print(
                    f"{label:64s} {status:>4} {seconds:6.2f} s  peak {row['peak_mb']:>4} MB, "
                    f"after {row['rss_after_mb']:>4} MB{shown}"
                )
            rows.append(await _alongside(session, url, memory))
            rows.append(await _together(session, url, memory, args.together))
        hwm = memory.status("VmHWM")
        print(f"server peak resident (VmHWM): {mb(hwm)} MB; idle at start {mb(idle)} MB")
        rows.append({"request": "server VmHWM", "peak_mb": round(hwm / 1e6)})
        memory.stop()
    finally:
        server.terminate()
        server.wait(timeout=30)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)


def _largest() -> dict[str, Any]:
    count = LIMITS.max_request_pieces // 256
    per_text = LIMITS.max_request_chars // count
    return {"model": "m", "input": [prose(per_text) for _ in range(count)]}


async def _alongside(session: aiohttp.ClientSession, url: str, memory: Memory) -> dict[str, Any]:
    """A one-text request sent 0.5 s into the largest: its time, and whether it ended first."""
    memory.window()
    ends: dict[str, float] = {}
    timing: dict[str, tuple[int, float]] = {}

    async def large() -> None:
        status, _, seconds = await send(session, f"{url}/v1/embeddings", _largest())
        timing["large"] = status, seconds
        ends["large"] = time.perf_counter()

    async def small() -> None:
        await anyio.sleep(0.5)
        status, _, seconds = await send(session, f"{url}/api/embed", {"input": prose(60)})
        timing["small"] = status, seconds
        ends["small"] = time.perf_counter()

    async with anyio.create_task_group() as group:
        group.start_soon(large)
        group.start_soon(small)
    first = ends["small"] < ends["large"]
    print(
        f"{'a small request 0.5 s into the largest':64s} {timing['small'][0]:>4} "
        f"{timing['small'][1]:6.2f} s  (the largest: {timing['large'][1]:.2f} s; the small one "
        f"{'ended first' if first else 'ended LAST'}), peak {mb(memory.peak)} MB"
    )
    return {
        "request": "small alongside the largest",
        "status": timing["small"][0],
        "seconds": round(timing["small"][1], 2),
        "large_seconds": round(timing["large"][1], 2),
        "small_ended_first": first,
        "peak_mb": round(memory.peak / 1e6),
    }


async def _together(
    session: aiohttp.ClientSession, url: str, memory: Memory, count: int
) -> dict[str, Any]:
    """``count`` of the largest requests at once, and small ones beside them."""
    memory.window()
    seconds: list[float] = []
    statuses: list[int] = []

    async def one(body: Any, path: str) -> None:
        status, _, took = await send(session, url + path, body)
        statuses.append(status)
        seconds.append(took)

    began = time.perf_counter()
    async with anyio.create_task_group() as group:
        for _ in range(count):
            group.start_soon(one, _largest(), "/v1/embeddings")
        for _ in range(8):
            group.start_soon(one, {"input": prose(60)}, "/api/embed")
    wall = time.perf_counter() - began
    print(
        f"{f'{count} of the largest at once, 8 small beside':64s} "
        f"{'200' if set(statuses) == {200} else statuses!s:>4} {wall:6.2f} s wall, "
        f"slowest {max(seconds):.2f} s  peak {mb(memory.peak)} MB, after {mb(memory.now())} MB"
    )
    return {
        "request": f"{count} largest at once + 8 small",
        "statuses": sorted(set(statuses)),
        "wall_seconds": round(wall, 2),
        "slowest_seconds": round(max(seconds), 2),
        "peak_mb": round(memory.peak / 1e6),
        "rss_after_mb": round(memory.now() / 1e6),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument(
        "--together", type=int, default=3, help="largest requests sent at once (default 3)"
    )
    anyio.run(main, parser.parse_args(), backend="asyncio")
