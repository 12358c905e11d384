"""Faults no run survives badly: full or read-only disks, hanging and misbehaving adapters, a memory
server that goes away, a dead judge endpoint, secrets echoed back. Real files, real subprocesses,
real sockets."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from _cli import ROOT, adapter_file, cli

from recallbench.testing import write_persona
from recallbench.testing.providers import FakeProviderServer, FakeReply

ARGS = ("--arcs", "arcs-30d.yaml", "--ranges", "10d,30d")

# Each test runs the real command line in a subprocess with a fault injected: end to end, so out of
# the quick set (-m "not slow"); CI runs it (python -m pytest -n 2).
pytestmark = pytest.mark.slow


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root)
    return root


def _result(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# -- where the run writes --------------------------------------------------------------------------


@contextlib.contextmanager
def _mounted(path: Path, options: str) -> Iterator[Path]:
    """A tmpfs mounted at ``path`` (root and mount permission needed: else the test skips)."""
    path.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip() or 'not permitted'})")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True)


def test_a_read_only_folder_is_refused_before_any_work(data: Path, tmp_path: Path) -> None:
    with _mounted(tmp_path / "ro", "ro,size=1m") as ro:
        out = ro / "run" / "result.json"
        done = cli("run", "--data", data, *ARGS, "--adapter", "builtin:null", "--json-out", out)
    assert done.code == 2
    assert "cannot write" in done.one_line_error() and "Read-only" in done.err
    assert "[bench]" not in done.err  # no checkpoint ran


def test_an_output_beneath_a_regular_file_is_refused_before_any_work(
    data: Path, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("x")
    out = tmp_path / "file" / "result.json"
    done = cli("run", "--data", data, *ARGS, "--adapter", "builtin:null", "--json-out", out)
    assert done.code == 2 and f"cannot write {out}" in done.one_line_error()


def test_a_full_disk_mid_run_stops_with_one_line_and_resumes_to_the_same_result(
    data: Path, tmp_path: Path
) -> None:
    whole = tmp_path / "whole" / "result.json"
    assert cli("run", "--data", data, *ARGS, "--adapter", "builtin:oracle", "--judge", "rubric",
               "--json-out", whole).code == 0  # fmt: skip

    out = tmp_path / "run" / "result.json"
    out.parent.mkdir()
    log = out.parent / "questions.jsonl"
    log.symlink_to("/dev/full")  # every write: ENOSPC, as a full disk answers
    done = cli("run", "--data", data, *ARGS, "--adapter", "builtin:oracle", "--judge", "rubric",
               "--json-out", out)  # fmt: skip
    assert done.code == 1
    line = done.one_line_error()
    assert f"cannot write {log}" in line and "No space left" in line and "--resume" in line
    assert not out.exists() and (out.parent / "progress.jsonl").is_file()

    log.unlink()  # space freed
    resumed = cli("run", "--data", data, *ARGS, "--adapter", "builtin:oracle", "--judge", "rubric",
                  "--json-out", out, "--resume", out.parent / "progress.jsonl")  # fmt: skip
    assert resumed.code == 0, resumed.err
    a, b = _result(whole), _result(out)
    assert a["heatmap"] == b["heatmap"]
    assert a["metadata"]["totalEvalsRun"] == b["metadata"]["totalEvalsRun"]


def test_a_disk_that_fills_up_mid_run(data: Path, tmp_path: Path) -> None:
    """A real tmpfs of 64 KiB: the question log outgrows it part-way through."""
    with _mounted(tmp_path / "small", "size=64k") as small:
        out = small / "result.json"
        done = cli("run", "--data", data, "--arcs", "arcs-30d.yaml", "--ranges", "1:30:1",
                   "--adapter", "builtin:oracle", "--judge", "rubric", "--json-out", out)  # fmt: skip
        assert done.code == 1, done.err
        assert "No space left on device" in done.one_line_error()
        assert (small / "progress.jsonl").stat().st_size > 0


# -- misbehaving adapters -------------------------------------------------------------------------


def test_a_lone_surrogate_in_an_answer_is_written_as_valid_text(data: Path, tmp_path: Path) -> None:
    adapter = adapter_file(tmp_path, query='return "broken \\udc80 bytes"')
    out = tmp_path / "run" / "result.json"
    done = cli("run", "--data", data, *ARGS, "--adapter", adapter, "--judge", "rubric",
               "--json-out", out)  # fmt: skip
    assert done.code == 0, done.err
    answers = [q["systemAnswer"] for p in _result(out)["personas"] for r in p["rangeResults"]
               for q in r["questionResults"]]  # fmt: skip
    assert answers and all(a == "broken \ufffd bytes" for a in answers)


@pytest.mark.parametrize(
    ("step", "flag", "code"),
    [
        ("setup", "--setup-timeout", "await anyio.sleep(3600)"),
        ("ingest", "--ingest-timeout", "await anyio.sleep(3600)"),
    ],
)
def test_a_hanging_lifecycle_step_stops_the_persona_in_bounded_time(
    data: Path, tmp_path: Path, step: str, flag: str, code: str
) -> None:
    adapter = adapter_file(tmp_path, **{step: code})
    started = time.monotonic()
    done = cli("run", "--data", data, *ARGS, "--adapter", adapter, flag, "1", timeout=60)
    assert time.monotonic() - started < 30
    assert done.code == 1
    assert f"did not finish within 1 s ({flag})" in done.err


def test_a_hanging_teardown_is_a_warning_and_a_failing_exit(data: Path, tmp_path: Path) -> None:
    adapter = adapter_file(tmp_path, teardown="await anyio.sleep(3600)")
    out = tmp_path / "run" / "result.json"
    done = cli("run", "--data", data, *ARGS, "--adapter", adapter, "--teardown-timeout", "1",
               "--json-out", out, timeout=60)  # fmt: skip
    assert done.code == 1
    assert "teardown did not finish within 1 s" in done.err
    assert _result(out)["metadata"]["warnings"]


def test_an_adapter_blocking_the_event_loop_is_timed_out(data: Path, tmp_path: Path) -> None:
    adapter = adapter_file(tmp_path, query="time.sleep(1.2)")
    out = tmp_path / "run" / "result.json"
    done = cli("run", "--data", data, "--arcs", "arcs-30d.yaml", "--ranges", "3d",
               "--adapter", adapter, "--timeout", "500", "--json-out", out,
               "--max-adapter-errors", "none")  # fmt: skip
    assert done.code == 0, done.err
    errors = [q["error"] for p in _result(out)["personas"] for r in p["rangeResults"]
              for q in r["questionResults"]]  # fmt: skip
    assert errors and all(e["type"] == "AdapterTimeout" and "answered after" in e["message"]
                          for e in errors)  # fmt: skip


@pytest.mark.parametrize("raised", ["SystemExit(3)", "KeyboardInterrupt"])
def test_an_adapter_raising_system_exit_fails_its_questions_not_the_run(
    data: Path, tmp_path: Path, raised: str
) -> None:
    adapter = adapter_file(tmp_path, query=f"raise {raised}")
    out = tmp_path / "run" / "result.json"
    done = cli("run", "--data", data, *ARGS, "--adapter", adapter, "--json-out", out)
    assert "Traceback" not in done.err and out.is_file(), done.err
    errors = [q["error"]["type"] for p in _result(out)["personas"] for r in p["rangeResults"]
              for q in r["questionResults"]]  # fmt: skip
    assert set(errors) == {raised.split("(")[0]}


# -- a memory server that goes away ----------------------------------------------------------------

SERVER = """
import socket, sys
limit = int(sys.argv[2])
with socket.socket() as s:
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", int(sys.argv[1])))
    s.listen()
    print("ready", flush=True)
    for _ in range(limit):
        conn, _ = s.accept()
        with conn:
            conn.sendall(conn.recv(65536))  # echo: the answer went through the wire
"""

REMOTE = """
import os, re, anyio

class Remote:
    name = "remote"

    def __init__(self):
        self.days = {}

    async def setup(self): pass
    async def finalize_ingestion(self): pass
    async def teardown(self): pass

    async def ingest_day(self, day, content, metadata):
        self.days[day] = content

    async def query(self, question):
        m = re.search(r"issued on (\\d{4}-\\d{2}-\\d{2})", question)
        answer = "I don't know."
        for text in self.days.values():
            if m and m.group(1) in text:
                answer = next(l for l in text.splitlines() if "access code" in l).strip()
        stream = await anyio.connect_tcp("127.0.0.1", int(os.environ["ANSWER_PORT"]))
        async with stream:
            await stream.send(answer.encode())
            return (await stream.receive()).decode()

adapter = Remote
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _serving(script: Path, port: int, limit: int) -> Iterator[subprocess.Popen[str]]:
    """The echo server on ``port`` for ``limit`` connections; stopped and reaped on exit."""
    proc = subprocess.Popen(
        [sys.executable, str(script), str(port), str(limit)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        yield proc
    finally:
        proc.kill()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()


def test_a_memory_server_that_dies_is_asked_again_on_resume(data: Path, tmp_path: Path) -> None:
    server = tmp_path / "server.py"
    server.write_text(SERVER)
    adapter = tmp_path / "remote.py"
    adapter.write_text(REMOTE)
    args = ("--data", data, *ARGS, "--adapter", adapter, "--judge", "rubric")

    whole = tmp_path / "whole" / "result.json"
    port = _free_port()
    with _serving(server, port, 10_000):
        assert cli("run", *args, "--json-out", whole, env={"ANSWER_PORT": str(port)}).code == 0
    port = _free_port()
    env = {"ANSWER_PORT": str(port)}
    out = tmp_path / "run" / "result.json"
    with _serving(server, port, 5):  # answers five questions, then the server is gone
        done = cli("run", *args, "--json-out", out, env=env)
    assert done.code == 1
    assert "could not reach the memory system" in done.err and "--resume" in done.err
    first = _result(out)["metadata"]
    assert first["connectionErrors"] > 0 and first["adapterErrors"] == 0

    with _serving(server, port, 10_000):
        resumed = cli(
            "run", *args, "--json-out", out, "--resume", out.parent / "progress.jsonl", env=env
        )
    assert resumed.code == 0, resumed.err
    a, b = _result(whole), _result(out)
    assert a["heatmap"] == b["heatmap"]
    assert b["metadata"]["adapterErrors"] == a["metadata"]["adapterErrors"] == 0
    assert "connectionErrors" not in b["metadata"]


# -- the judge ------------------------------------------------------------------------------------


@pytest.mark.parametrize("checked", [True, False], ids=["checked", "no-judge-check"])
def test_a_judge_endpoint_that_never_answers_fails_the_run_fast(
    data: Path, tmp_path: Path, checked: bool
) -> None:
    """With the judge check (issue 42) it stops before any work; without it, by the run's own
    limit on judge failures in a row."""
    extra = () if checked else ("--no-judge-check",)

    async def main() -> tuple[object, float]:
        async with FakeProviderServer(FakeReply(text="{}", delay=3600)) as server:
            started = time.monotonic()
            done = await anyio.to_thread.run_sync(
                lambda: cli(
                    "run",
                    "--data",
                    data,
                    *ARGS,
                    "--adapter",
                    "builtin:null",
                    "--judge",
                    f"openai:dead;{server.url}/v1",
                    "--timeout",
                    "100",
                    "--no-judge-cache",
                    *extra,
                    timeout=120,
                )
            )
            return done, time.monotonic() - started

    done, took = anyio.run(main)
    assert done.code == 1  # type: ignore[attr-defined]
    said = (
        "did not score a check request" if checked else "the judge failed on 3 questions in a row"
    )
    assert said in done.err  # type: ignore[attr-defined]
    assert took < 60


def test_a_secret_echoed_by_a_model_reaches_no_file(data: Path, tmp_path: Path) -> None:
    key = "sk-canaryabcdefghijklmnopqrstuvwxyz012345"
    echo = f"I cannot grade this. Request had Authorization: Bearer {key} and api_key={key}"

    async def main() -> object:
        async with FakeProviderServer(echo) as server:
            return await anyio.to_thread.run_sync(
                lambda: cli(
                    "run",
                    "--data",
                    data,
                    *ARGS,
                    "--adapter",
                    "builtin:null",
                    "--judge",
                    f"openai:echo;{server.url}/v1",
                    "--max-errors",
                    "1000",
                    "--no-judge-cache",
                    "--json-out",
                    tmp_path / "run" / "result.json",
                    env={"OPENAI_API_KEY": key},
                )
            )

    done = anyio.run(main)
    assert key not in done.out + done.err  # type: ignore[attr-defined]
    written = [p for p in (tmp_path / "run").rglob("*") if p.is_file()]
    assert {p.name for p in written} >= {"result.json", "questions.jsonl", "report.html"}
    for path in written:
        assert key.encode() not in path.read_bytes(), path
    assert "[REDACTED]" in (tmp_path / "run" / "questions.jsonl").read_text()


# -- signals ---------------------------------------------------------------------------------------

JUDGE = """
from recallbench.models.cli_agent import CliAgentModel
from recallbench.testing.agents import fake_agent_command

judge = CliAgentModel(
    "fake", command=fake_agent_command("--spawn-grandchild", {pidfile!r}, "--sleep", "60")
)
"""


def _ignore_sigint() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize(
    ("signame", "code", "background"),
    [("SIGTERM", 143, False), ("SIGHUP", 129, False), ("SIGTERM", 143, True)],
    ids=["SIGTERM", "SIGHUP", "SIGTERM-with-ctrl-c-ignored"],
)
def test_a_terminated_run_kills_the_judges_process_tree_and_tears_down(
    data: Path, tmp_path: Path, signame: str, code: int, background: bool
) -> None:
    """Also when Ctrl-C is ignored, as it is for a command a shell starts in the background (`&`
    without job control, `nohup`): the event loop then installs no interrupt handler to lean on."""
    import signal

    from recallbench.testing.agents import process_state

    pidfile = tmp_path / "agent.json"
    marker = tmp_path / "torn-down"
    judge = tmp_path / "judge.py"
    judge.write_text(JUDGE.format(pidfile=str(pidfile)))
    adapter = adapter_file(tmp_path, teardown=f"open({str(marker)!r}, 'w').close()")
    proc = subprocess.Popen(
        [sys.executable, "-m", "recallbench", "run", "--data", str(data), *ARGS,
         "--adapter", str(adapter), "--judge", str(judge), "--no-judge-cache"],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ignore_sigint if background else None,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while not pidfile.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pidfile.exists(), proc.stderr.read() if proc.poll() is not None else "no agent started"
    time.sleep(0.2)
    pids = json.loads(pidfile.read_text())
    proc.send_signal(getattr(signal, signame))
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == code, err
    assert f"stopped by {signame}" in err and "Traceback" not in err
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(
        process_state(int(pids[k])) == "running" for k in ("agent", "grandchild")
    ):
        time.sleep(0.05)
    assert process_state(int(pids["agent"])) != "running"
    assert process_state(int(pids["grandchild"])) != "running"
    assert marker.exists()
