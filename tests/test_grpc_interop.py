"""Interop with real processes: ``recallbench serve`` in one, ``recallbench run --adapter grpc://…`` in
another, as a user runs them; the same with the server killed mid-run, with two runs competing for one
server, with signals, and against the example server written only against the generated stubs.

Every process is started in a session of its own and killed (as a group) when its test ends, whatever
happened.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from recallbench.results import read_question_log
from recallbench.testing import write_persona

pytestmark = pytest.mark.skipif(os.name != "posix", reason="signals and process groups are POSIX")

ROOT = Path(__file__).resolve().parents[1]
SERVE = [sys.executable, "-m", "recallbench", "serve"]
RUN = [sys.executable, "-m", "recallbench", "run"]
EXAMPLE = ROOT / "examples" / "grpc_memory_server.py"
LISTENING = re.compile(r"listening on (\S+):(\d+)")

SLOW_MODULE = """
from recallbench.testing import ScriptedAdapter

def adapter():
    # Answers from memory (the line of the day the question names), 50 ms per question.
    return ScriptedAdapter(name="slow-scripted", delay=0.05)

def slower():
    return ScriptedAdapter(name="slower-scripted", delay=0.1)
"""


class Proc:
    """A subprocess whose output goes to files (read while it runs, no pipe to fill up)."""

    def __init__(
        self, argv: list[str], directory: Path, name: str, env: dict[str, str] | None = None
    ) -> None:
        self.name = name
        self.out = directory / f"{name}.out"
        self.err = directory / f"{name}.err"
        with self.out.open("wb") as out, self.err.open("wb") as err:
            # A session of its own, so that killing the group takes whatever it started too.
            self.popen = subprocess.Popen(
                argv,
                stdout=out,
                stderr=err,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                env=env,
            )

    @property
    def stdout(self) -> str:
        return self.out.read_text(encoding="utf-8", errors="replace")

    @property
    def stderr(self) -> str:
        return self.err.read_text(encoding="utf-8", errors="replace")

    def signal(self, signum: int) -> None:
        if self.popen.poll() is None:
            os.killpg(self.popen.pid, signum)

    def wait(self, timeout: float) -> int:
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{self.name} still running after {timeout} s:\n{self.stderr}")

    def kill(self) -> None:
        """SIGKILL the whole group and reap the leader (a no-op once it has exited)."""
        if self.popen.poll() is None:
            # It may exit between the poll and the kill.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, signal.SIGKILL)
        self.popen.wait(10)


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Callable[..., Proc]]:
    """Start processes that are always killed when the test ends (passed, failed or timed out)."""
    started: list[Proc] = []

    def start(argv: list[str], name: str, env: dict[str, str] | None = None) -> Proc:
        proc = Proc(argv, tmp_path, name, env)
        started.append(proc)
        return proc

    try:
        yield start
    finally:
        for proc in started:
            proc.kill()


def wait_until(
    condition: Callable[[], Any], timeout: float, what: str, proc: Proc | None = None
) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        if proc is not None and proc.popen.poll() is not None:
            pytest.fail(f"exited ({proc.popen.returncode}) before {what}:\n{proc.stderr}")
        time.sleep(0.02)
    pytest.fail(f"timed out after {timeout} s waiting for {what}")


def listening_port(proc: Proc) -> int:
    """The port a server printed in its "listening on HOST:PORT" line."""
    match = wait_until(lambda: LISTENING.search(proc.stdout), 20, "the listening line", proc)
    return int(match.group(2))


def start_serve(
    spawn: Callable[..., Proc], adapter: str, name: str = "serve", *extra: str
) -> tuple[Proc, int]:
    proc = spawn([*SERVE, "--adapter", adapter, "--port", "0", *extra], name)
    return proc, listening_port(proc)


def run_argv(port: int, data: Path, out: Path, *extra: str) -> list[str]:
    return [
        *RUN,
        "--adapter",
        f"grpc://127.0.0.1:{port}",
        "--data",
        str(data),
        "--arcs",
        "arcs-30d.yaml",
        "--json-out",
        str(out / "result.json"),
        "--no-heatmap-png",
        "--no-judge-cache",
        *extra,
    ]


def jsonl(path: Path) -> list[dict[str, Any]]:
    """Every line parsed: a line that is not valid JSON fails the test."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def first_checkpoint(progress: Path) -> dict[str, Any] | None:
    if not progress.exists():
        return None
    for line in progress.read_text(encoding="utf-8").splitlines():
        if line.endswith("}") and '"type":"checkpoint"' in line.replace(" ", ""):
            record: dict[str, Any] = json.loads(line)
            return record
    return None


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root)
    return root


@pytest.fixture
def slow_module(tmp_path: Path) -> Path:
    module = tmp_path / "slow_adapter.py"
    module.write_text(SLOW_MODULE, encoding="utf-8")
    return module


# -- end to end --------------------------------------------------------------------------------------


@pytest.mark.slow
def test_run_against_serve_end_to_end(
    spawn: Callable[..., Proc], data: Path, tmp_path: Path
) -> None:
    server, port = start_serve(spawn, "builtin:bm25")
    out = tmp_path / "run"
    run = spawn(run_argv(port, data, out, "--judge", "rubric"), "run")
    assert run.wait(60) == 0, run.stderr
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert result["adapterName"] == "builtin:bm25"  # the server's name, adopted at Healthcheck
    # The default ranges over 30 days: 30d reaches the corpus's end, and 90d, 6mo, 1y and full,
    # past it, would ask day 30 again: asked once (issue 35.7).
    assert [r["label"] for r in result["ranges"]] == ["30d"]
    assert result["metadata"]["totalEvalsRun"] == 31
    assert result["metadata"]["adapterErrors"] == 0
    # bm25 reports its retrieval over the wire, day numbers included: retrieval metrics.
    assert result["retrieval"]["overall"]["recall@5"] > 0.9
    factual = [
        q
        for q in read_question_log(out / "questions.jsonl")
        if q["qa"]["category"] == "factual-recall"
    ]
    assert factual and all(q["retrieval"][0]["day"] for q in factual)
    # The fresh lifecycle: one lifecycle per checkpoint, one line each, already logged.
    lines = [line for line in server.stderr.splitlines() if line.startswith("[serve] lifecycle")]
    assert len(lines) == 1, server.stderr  # one lifecycle per checkpoint (fresh)
    assert lines[0].startswith("[serve] lifecycle 1: 30 days ingested, 31 queries, ")
    server.signal(signal.SIGTERM)
    assert server.wait(10) == 0
    assert "recallbench serve: stopped" in server.stderr


@pytest.mark.slow
def test_the_example_server_speaks_the_proto(
    spawn: Callable[..., Proc], data: Path, tmp_path: Path
) -> None:
    server = spawn([sys.executable, str(EXAMPLE), "--port", "0"], "example")
    port = listening_port(server)
    out = tmp_path / "run"
    run = spawn(run_argv(port, data, out, "--ranges", "10d", "--judge", "rubric"), "run")
    assert run.wait(60) == 0, run.stderr
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert result["adapterName"] == "keyword-memory (gRPC)"
    assert result["metadata"]["adapterErrors"] == 0
    assert result["retrieval"]["overall"]["recall@5"] > 0.5
    server.signal(signal.SIGTERM)
    assert server.wait(10) == 0


# -- overlapping lifecycles and a server killed mid-run ----------------------------------------------


@pytest.mark.slow
def test_a_second_run_is_refused_while_a_lifecycle_is_active(
    spawn: Callable[..., Proc], data: Path, slow_module: Path, tmp_path: Path
) -> None:
    server, port = start_serve(spawn, f"{slow_module}:slower")
    # A short first checkpoint (5 questions), then 31 questions at 100 ms: the second run has
    # about three seconds to start up and reach its Setup while the first is still in its lifecycle.
    extra = ("--judge", "stub", "--lifecycle", "incremental", "--ranges", "5,30")
    first_out, second_out = tmp_path / "first", tmp_path / "second"
    first = spawn(run_argv(port, data, first_out, *extra), "first")
    wait_until(lambda: first_checkpoint(first_out / "progress.jsonl"), 30, "a checkpoint", first)
    second = spawn(run_argv(port, data, second_out, *extra), "second")
    assert second.wait(30) == 1
    assert "Traceback" not in second.stderr
    assert "a lifecycle is already active" in second.stderr
    assert "FAILED_PRECONDITION" in second.stderr
    # The refused run's teardown did not end the first run's lifecycle: it finishes cleanly.
    assert first.wait(60) == 0, first.stderr
    result = json.loads((first_out / "result.json").read_text(encoding="utf-8"))
    assert result["metadata"]["adapterErrors"] == 0
    assert "[serve] refused Setup" in server.stderr


@pytest.mark.slow
def test_a_server_killed_mid_run_fails_the_run_and_keeps_what_was_answered(
    spawn: Callable[..., Proc], data: Path, slow_module: Path, tmp_path: Path
) -> None:
    server, port = start_serve(spawn, f"{slow_module}:adapter")
    out = tmp_path / "run"
    extra = ("--judge", "stub", "--lifecycle", "incremental", "--ranges", "10,20,30")
    run = spawn(run_argv(port, data, out, *extra), "run")
    checkpoint = wait_until(
        lambda: first_checkpoint(out / "progress.jsonl"), 30, "the first checkpoint", run
    )
    # SIGKILL: no graceful stop, connections drop mid-call, as when a machine or container dies.
    server.signal(signal.SIGKILL)
    server.wait(10)
    code = run.wait(30)
    assert code != 0
    assert "Traceback" not in run.stderr
    reasons = [
        line
        for line in run.stderr.splitlines()
        if line.startswith("recallbench run:") and "stopped" in line
    ]
    assert len(reasons) == 1, run.stderr
    # Everything answered before the kill is in the log, every line intact.
    records = read_question_log(out / "questions.jsonl")
    answered = [r for r in records if r["checkpointIndex"] == 1]
    assert len(answered) == checkpoint["questionsEvaluated"] > 0
    assert not any("error" in r for r in answered)
    # Questions asked after the kill carry the failure; the persona records why it stopped.
    assert all("UNAVAILABLE" in r["error"]["message"] for r in records if "error" in r)
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert result["personas"][0]["error"]


# -- the serve command itself ------------------------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_serve_gracefully(spawn: Callable[..., Proc], signum: int) -> None:
    server, _ = start_serve(spawn, "builtin:null")
    started = time.monotonic()
    server.signal(signum)
    assert server.wait(10) == 0, server.stderr
    assert time.monotonic() - started < 5
    name = signal.Signals(signum).name
    assert f"recallbench serve: {name}: shutting down" in server.stderr
    assert server.stderr.rstrip().endswith("recallbench serve: stopped")
    assert "Traceback" not in server.stderr


def test_a_bad_adapter_spec_is_one_line_and_exit_2(spawn: Callable[..., Proc]) -> None:
    proc = spawn([*SERVE, "--adapter", "builtin:nope", "--port", "0"], "bad")
    assert proc.wait(30) == 2
    assert proc.stderr.strip().splitlines() == [proc.stderr.strip()] and proc.stderr.startswith(
        'recallbench serve: error: no built-in adapter "builtin:nope"'
    )


def test_a_port_in_use_is_one_line_and_exit_2(spawn: Callable[..., Proc]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = spawn([*SERVE, "--adapter", "builtin:null", "--port", str(port)], "taken")
        assert proc.wait(30) == 2
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert f"cannot listen on 127.0.0.1:{port}: the address is already in use" in proc.stderr


# -- lifecycles owned by their client (issue 19) -----------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_a_client_killed_mid_lifecycle_does_not_block_the_next_run(
    spawn: Callable[..., Proc], data: Path, slow_module: Path, tmp_path: Path, signum: int
) -> None:
    server, port = start_serve(spawn, f"{slow_module}:slower")
    out = tmp_path / "run"
    extra = ("--judge", "stub", "--lifecycle", "incremental", "--ranges", "5,30")
    first = spawn(run_argv(port, data, out, *extra), "first")
    wait_until(lambda: first_checkpoint(out / "progress.jsonl"), 30, "a checkpoint", first)
    # Killed in the middle of its lifecycle (31 questions at 100 ms to go): no Teardown is sent
    # (SIGKILL; SIGTERM too unless the run handles it), only the connection closes.
    first.signal(signum)
    first.wait(10)
    # Once stuck for good ("a lifecycle is already active … Teardown first"); now the server
    # ends the abandoned lifecycle, and the resumed run proceeds.
    resumed = spawn(
        run_argv(port, data, out, *extra, "--resume", str(out / "progress.jsonl")), "resumed"
    )
    assert resumed.wait(60) == 0, resumed.stderr
    assert "already active" not in resumed.stderr
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert result["metadata"]["adapterErrors"] == 0
    assert len(result["personas"][0]["rangeResults"]) == 2
    lines = [line for line in server.stderr.splitlines() if line.startswith("[serve] lifecycle 1:")]
    assert len(lines) == 1, server.stderr
    if signum == signal.SIGKILL:
        assert "torn down by the server: its client's connection closed" in lines[0]
    # And a fresh run after that.
    fresh = spawn(run_argv(port, data, tmp_path / "fresh", *extra), "fresh")
    assert fresh.wait(60) == 0, fresh.stderr


CLIENT_SCRIPT = """
import sys, grpc
from recallbench._proto import memory_bench_service_pb2 as pb
from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc

stub = pb_grpc.MemoryBenchServiceStub(grpc.insecure_channel(sys.argv[1]))
stub.Setup(pb.SetupRequest())  # a token-less (reference-style) client
stub.IngestDay(pb.IngestDayRequest(day_number=1, content="day one"))
print("set up", flush=True)
sys.stdin.read()  # wait to be killed
"""


def test_a_killed_client_script_frees_serve_at_once(
    spawn: Callable[..., Proc], tmp_path: Path
) -> None:
    # The default idle timeout (600 s) is not what frees it: the closed connection is.
    server, port = start_serve(spawn, "builtin:null")
    script = tmp_path / "client.py"
    script.write_text(CLIENT_SCRIPT, encoding="utf-8")
    client = spawn([sys.executable, str(script), f"127.0.0.1:{port}"], "client")
    wait_until(lambda: "set up" in client.stdout, 20, "the client's Setup", client)
    client.signal(signal.SIGKILL)
    client.wait(10)
    line = wait_until(
        lambda: [x for x in server.stderr.splitlines() if x.startswith("[serve] lifecycle 1:")],
        10,
        "the server's teardown",
    )[0]
    assert "1 days ingested" in line
    assert "torn down by the server: its client's connection closed (no Teardown)" in line


def test_serve_refuses_a_bind_beyond_loopback_without_tls_or_a_token(
    spawn: Callable[..., Proc], tmp_path: Path
) -> None:
    proc = spawn([*SERVE, "--adapter", "builtin:null", "--host", "0.0.0.0", "--port", "0"], "open")
    assert proc.wait(30) == 2
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert proc.stderr.startswith(
        "recallbench serve: error: refusing to listen on 0.0.0.0, which is not loopback"
    )
    assert "--insecure" in proc.stderr
    ok = spawn(
        [*SERVE, "--adapter", "builtin:null", "--host", "0.0.0.0", "--port", "0", "--insecure"],
        "insecure",
    )
    listening_port(ok)
    ok.signal(signal.SIGTERM)
    assert ok.wait(10) == 0


def test_serve_checks_its_token_and_tls_files(spawn: Callable[..., Proc], tmp_path: Path) -> None:
    (tmp_path / "empty").write_text("", encoding="utf-8")
    (tmp_path / "cert.pem").write_text("not a certificate", encoding="utf-8")
    for flags, message in (
        (("--token-file", str(tmp_path / "missing")), "cannot read the token file"),
        (("--token-file", str(tmp_path / "empty")), "is empty"),
        (("--tls-cert", str(tmp_path / "cert.pem")), "TLS needs both --tls-cert and --tls-key"),
        (
            ("--tls-cert", str(tmp_path / "cert.pem"), "--tls-key", str(tmp_path / "cert.pem")),
            "is not PEM",
        ),
    ):
        proc = spawn([*SERVE, "--adapter", "builtin:null", "--port", "0", *flags], "bad")
        assert proc.wait(30) == 2
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert message in proc.stderr


@pytest.mark.slow
def test_a_run_needs_the_token_of_a_server_with_a_token_file(
    spawn: Callable[..., Proc], data: Path, tmp_path: Path
) -> None:
    token = tmp_path / "token"
    token.write_text("correct-horse-battery\n", encoding="utf-8")
    server, port = start_serve(
        spawn, "builtin:bm25", "serve", "--host", "0.0.0.0", "--token-file", str(token)
    )
    assert "(token)" in server.stdout
    extra = ("--ranges", "10d", "--judge", "stub")
    env = {k: v for k, v in os.environ.items() if k != "RECALLBENCH_GRPC_TOKEN"}
    without = spawn(run_argv(port, data, tmp_path / "without", *extra), "without", env)
    assert without.wait(60) == 1
    assert "UNAUTHENTICATED" in without.stderr and "Traceback" not in without.stderr
    env["RECALLBENCH_GRPC_TOKEN"] = "correct-horse-battery"
    with_token = spawn(run_argv(port, data, tmp_path / "with", *extra), "with", env)
    assert with_token.wait(60) == 0, with_token.stderr


@pytest.mark.slow
def test_a_day_over_4_mib_runs_over_grpc(
    spawn: Callable[..., Proc], data: Path, tmp_path: Path
) -> None:
    day = data / "tiny" / "memories-30d" / "day-0003.md"
    filler = "### Note\nA long transcript line that fills the day with words, again and again.\n"
    with day.open("a", encoding="utf-8") as f:
        f.write(filler * (5 * 1024 * 1024 // len(filler) + 1))
    assert day.stat().st_size > 5 * 1024 * 1024
    server, port = start_serve(spawn, "builtin:bm25")
    out = tmp_path / "run"
    run = spawn(run_argv(port, data, out, "--ranges", "10d", "--judge", "stub"), "run")
    assert run.wait(120) == 0, run.stderr
    assert "RESOURCE_EXHAUSTED" not in run.stderr
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert result["metadata"]["adapterErrors"] == 0
    assert "10 days ingested" in server.stderr
