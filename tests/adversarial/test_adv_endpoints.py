"""A model endpoint that is hung or gone stops the run in seconds, naming it (issue 34.10); one that
is slow but serving is waited for. Real sockets on loopback, the real command line."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from _cli import Outcome, cli

from recallbench.models.liveness import CONNECT_TIMEOUT, PROBE_AFTER, PROBE_TIMEOUT
from recallbench.models.openai import OpenAIModel
from recallbench.testing import write_persona
from recallbench.testing.providers import FakeProviderServer, FakeReply

ARGS = ("--arcs", "arcs-30d.yaml", "--ranges", "10d,30d", "--adapter", "builtin:oracle")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root)
    return root


@contextlib.contextmanager
def _hung_server() -> Iterator[int]:
    """A TCP server that accepts every connection and never sends a byte."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                held.append(listener.accept()[0])

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stop.set()
        thread.join()
        for conn in held:
            conn.close()
        listener.close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run_judged_by(data: Path, tmp_path: Path, url: str, *extra: str) -> tuple[Outcome, float]:
    started = time.monotonic()
    done = cli("run", "--data", data, *ARGS, "--judge", f"openai:gpt-4o-mini;{url}",
               "--no-judge-cache", "--output", tmp_path / "run", *extra,
               env={"OPENAI_API_KEY": "sk-test"}, timeout=180)  # fmt: skip
    return done, time.monotonic() - started


def _stop(done: Outcome, checked: bool) -> str:
    """The one line that says why the run stopped: before any work, by the judge check (issue
    42), or without it by the run's own limit on judge failures in a row."""
    assert "Traceback" not in done.err, done.err
    start = "recallbench run: stopped before any work:" if checked else "recallbench run: failed:"
    (line,) = [line for line in done.err.splitlines() if line.startswith(start)]
    if not checked:
        assert "the judge failed on 3 questions in a row" in line, line
    return line


CHECKED = [pytest.param(True, id="checked"), pytest.param(False, id="no-judge-check")]


@pytest.mark.slow
def test_a_hung_llm_endpoint_stops_the_run_within_60_s_naming_it(
    data: Path, tmp_path: Path
) -> None:
    """Default flags (--timeout 30 s: 300 s a judge attempt; 600 s an HTTP attempt), the judge
    check skipped so that the run's own liveness finds it. Measured 2026-11-29: 29 s (it was
    902 s). The judge check finding a hung endpoint before any work (26 s by the same probe) is
    test_adv_judge_check's."""
    checked = False
    extra = ("--no-judge-check",)
    with _hung_server() as port:
        url = f"http://127.0.0.1:{port}/v1"
        done, took = _run_judged_by(data, tmp_path, url, *extra)
    assert done.code == 1, done.err
    line = _stop(done, checked)
    assert f"{url}/chat/completions accepted the connection but answered nothing" in line
    assert took < 60
    assert took > PROBE_AFTER  # it was given its time to answer


@pytest.mark.parametrize("checked", CHECKED)
def test_a_refused_llm_port_stops_the_run_fast_naming_it(
    data: Path, tmp_path: Path, checked: bool
) -> None:
    """Measured 2026-11-29: 16 s (it was 82 s); the judge check: 9 s, before any work
    (2026-12-07)."""
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    extra = () if checked else ("--no-judge-check",)
    done, took = _run_judged_by(data, tmp_path, url, *extra)
    assert done.code == 1, done.err
    line = _stop(done, checked)
    if (
        checked
    ):  # the first caller is told how its connections failed; later ones, "nothing answers"
        assert f"connection to {url}/chat/completions failed" in line, line
    else:
        assert f"nothing answers at {url}/chat/completions" in line, line
    assert took < 30


def test_a_slow_endpoint_that_serves_is_waited_for() -> None:
    """A reply generated for longer than the silence before a probe (the probe is answered: the
    server is serving) is received whole: a long generation is not cut."""

    async def main() -> tuple[str, float]:
        async with FakeProviderServer(FakeReply(text="a long answer", delay=3.0)) as server:
            model = OpenAIModel("slow", endpoint=f"{server.url}/v1", api_key="sk-test")
            model.probe_after = 0.5  # probed six times over, answered each time
            async with model:
                started = time.monotonic()
                completion = await model.complete("system", "question")
            assert len(server.requests) == 1  # not retried
            return completion.text, time.monotonic() - started

    text, took = anyio.run(main)
    assert text == "a long answer" and took >= 3.0


def test_a_hung_endpoint_in_the_library_is_endpoint_down_and_stays_down_a_while() -> None:
    from recallbench.models.http import EndpointDown

    async def main() -> tuple[float, float]:
        with _hung_server() as port:
            model = OpenAIModel("hung", endpoint=f"http://127.0.0.1:{port}/v1", api_key="k")
            model.probe_after = 0.5
            async with model:
                started = time.monotonic()
                with pytest.raises(EndpointDown, match="answered nothing"):
                    await model.complete("s", "q")
                first = time.monotonic() - started
                started = time.monotonic()
                with pytest.raises(EndpointDown, match="answered nothing"):
                    await model.complete("s", "q")  # at once: it is down
                return first, time.monotonic() - started

    first, second = anyio.run(main)
    assert 0.5 + PROBE_TIMEOUT - 1 < first < 0.5 + PROBE_TIMEOUT + 3
    assert second < 0.5
    assert CONNECT_TIMEOUT <= 10
