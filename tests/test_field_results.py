"""benchmarks/field_results.py: the record it writes holds the run's own figures (read back here
with recallbench.read_run, never written down), its whole process tree's memory, the exact command
and no path of this machine; it writes where it is told and never over the committed records
unless asked; a companion is checked, with real listening processes, to be what answers its URL;
a failed run is reported as failed, and bad input is one line."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import recallbench

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "field_results.py"
RECORDS = ROOT / "benchmarks" / "results" / "field"
sys.path.insert(0, str(ROOT / "benchmarks"))

from fieldkit import companion as companion_mod  # noqa: E402
from fieldkit.errors import Refusal  # noqa: E402
from fieldkit.figures import markdown_row, writes_refused  # noqa: E402
from fieldkit.install import probe_python  # noqa: E402
from fieldkit.sampling import TreeSampler  # noqa: E402
from fieldkit.systems import SYSTEMS, installed_version, parse_installed  # noqa: E402


def _cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _refused(done: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit 2, one line on stderr naming ``words``, no traceback."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in lines[0], lines[0]


def _measure(
    tmp_path: Path, adapter: str, *flags: str, extra: tuple[str, ...] = ()
) -> tuple[dict[str, Any], subprocess.CompletedProcess[str]]:
    out, run_dir = tmp_path / "records", tmp_path / "run"
    done = _cli(
        "--name", "t", "--adapter", adapter, "--selection", "ea-180d", "--out", str(out),
        "--run-dir", str(run_dir), *flags, "--", *extra,
    )  # fmt: skip
    return json.loads((out / "t--ea-180d.json").read_text()), done


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _http_server(port: int) -> list[str]:
    return [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]


def _wait_listening(port: int, pid: int | None = None) -> list[companion_mod.Listener]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = companion_mod.listeners(port)
        if found and (pid is None or any(pid in listener.pids for listener in found)):
            return found
        time.sleep(0.05)
    raise AssertionError(f"nothing listened on {port}")


@contextlib.contextmanager
def _stranger(port: int) -> Iterator[subprocess.Popen[bytes]]:
    """A real HTTP server on ``port`` that no companion started."""
    process = subprocess.Popen(
        _http_server(port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        _wait_listening(port, process.pid)
        yield process
    finally:
        process.kill()
        process.wait()


def test_record_holds_the_runs_own_figures(tmp_path: Path) -> None:
    record, done = _measure(tmp_path, "builtin:bm25")
    assert done.returncode == 0, done.stderr
    assert record["exitCode"] == 0 and record["failureLine"] is None
    assert record["command"] == (
        "python -m recallbench run --adapter builtin:bm25 --personas executive-assistant "
        "--arcs arcs-180d.yaml --ranges 30d,90d,full --judge rubric --lifecycle incremental"
    )
    result = recallbench.read_run(tmp_path / "run").result
    f = record["figures"]
    assert result.overall_score is not None
    assert f["score"] == round(result.overall_score, 4)
    assert f["answers"] == sum(
        len(rr.question_results) for p in result.personas for rr in p.range_results
    )
    assert result.retrieval is not None
    assert f["retrieval"]["recall@10"] == round(result.retrieval.overall.recall_at_10, 4)
    assert f["retrieval"]["recall@5"] == round(result.retrieval.overall.recall_at_5, 4)
    assert f["retrieval"]["mrr"] == round(result.retrieval.overall.mrr, 4)
    assert result.timing is not None and result.timing.query_latency_ms is not None
    assert f["timing"]["queryP95Ms"] == result.timing.query_latency_ms.p95
    checkpoints = result.personas[0].range_results
    days = sum(c.new_days_ingested or 0 for c in checkpoints)
    assert f["timing"]["daysIngested"] == days == checkpoints[-1].days_ingested  # incremental
    spent = sum((c.ingest_ms or 0) + (c.finalize_ms or 0) for c in checkpoints)
    assert f["timing"]["ingestSecondsPerDay"] == pytest.approx(spent / days / 1000, abs=1e-5)
    assert f["errors"] == []
    assert f["writesRefused"] == (writes_refused(tmp_path / "run") or 0)
    memory = record["memory"]
    assert memory["maxProcessRssMiB"] > 10 and memory["samples"] >= 1
    row = markdown_row(record)
    assert row.startswith("| t | ea-180d | ") and row.count("|") == 16
    assert f"{result.retrieval.overall.recall_at_10:.3f}" in row


def test_a_record_names_no_path_of_this_machine(tmp_path: Path) -> None:
    """--out, an --env value under it and the checkout become $OUT and '.'; the command to rerun
    the row is in the record."""
    record, done = _measure(
        tmp_path, "builtin:bm25", "--env", f"RB_FIELD_PROBE={tmp_path / 'records' / 'x'}"
    )
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "records" / "t--ea-180d.json").read_text()
    assert str(tmp_path) not in text and str(ROOT) not in text
    assert record["env"] == ["RB_FIELD_PROBE=$OUT/x"]
    assert record["reproduce"].startswith(
        "python benchmarks/field_results.py --name t --adapter builtin:bm25 --env RB_FIELD_PROBE=$OUT/x"
    )
    assert record["reproduce"].endswith("--selection ea-180d --out $OUT")


REFUSING = """
from recallbench.adapters.lexical import Bm25Adapter
from recallbench.errors import WritesRefused


class Refusing(Bm25Adapter):
    name = "refusing"

    async def ingest_day(self, day, content, metadata):
        if day in (3, 40):  # before the 30d checkpoint, and after it
            raise WritesRefused(2 if day == 40 else 1, ("duplicate of an earlier memory",))
        await super().ingest_day(day, content, metadata)


adapter = Refusing
"""


def test_writes_refused_are_counted_in_the_record_and_the_row(tmp_path: Path) -> None:
    """A real adapter whose memory refuses three writes: the harness counts them, the record and
    its row show them, per checkpoint too; a record made before they were counted shows a dash."""
    refusing = tmp_path / "refusing.py"
    refusing.write_text(REFUSING)
    record, done = _measure(tmp_path, str(refusing))
    assert done.returncode == 0, done.stderr
    # The run goes on: a refusal is the system's answer, not a failure of the run (exit 0).
    assert record["exitCode"] == 0 and record["failureLine"] is None, record["lastLines"]
    result = recallbench.read_run(tmp_path / "run").result
    assert result.metadata.writes_refused == 3 == writes_refused(tmp_path / "run")
    f = record["figures"]
    assert f["writesRefused"] == 3
    assert [c["writesRefused"] for c in f["checkpoints"]] == [1, 2, 0]
    assert record["warnings"] == []
    assert "| 3 | 0 |" in markdown_row(record)
    old = {**record, "figures": {k: v for k, v in f.items() if k != "writesRefused"}}
    assert "| — | 0 |" in markdown_row(old)


def test_a_failed_run_is_reported_as_failed(tmp_path: Path) -> None:
    record, done = _measure(tmp_path, str(tmp_path / "no_such_adapter.py"))
    assert done.returncode == 0  # the script reports; it does not hide the run's failure
    assert record["exitCode"] != 0
    assert record["figures"] is None
    assert any("no_such_adapter" in line for line in record["lastLines"])
    row = markdown_row(record)
    assert "| failed |" in row and "run failed" in row


def test_the_committed_records_are_written_only_with_record(tmp_path: Path) -> None:
    before = {p.name: p.stat().st_mtime_ns for p in RECORDS.iterdir()}
    args = ("--name", "t", "--adapter", "builtin:bm25", "--selection", "ea-180d")
    _refused(_cli(*args, "--out", str(RECORDS)), "--out", "committed", "--record")
    _refused(_cli(*args, "--out", "benchmarks/results/field/"), "--record")
    _refused(_cli(*args), "--out DIR is required")
    _refused(_cli(*args, "--out", str(tmp_path), "--record"), "--record")
    assert {p.name: p.stat().st_mtime_ns for p in RECORDS.iterdir()} == before
    assert not list(tmp_path.iterdir())


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    base = ("--name", "t", "--adapter", "builtin:bm25", "--out", str(tmp_path / "o"))
    _refused(_cli(*base, "--selection", "ea-999d"), "--selection ea-999d", "ea-180d")
    _refused(_cli(*base, "--selection", "locomo"), "--locomo FILE", "snap-research/locomo")
    bad = tmp_path / "bad.json"
    bad.write_text('{"not": "a list"}')
    _refused(_cli(*base, "--selection", "locomo", "--locomo", str(bad)), "bad.json", "list")
    bad.write_text('[{"sample_id": "conv-1", "qa": []}]')
    _refused(_cli(*base, "--selection", "locomo", "--locomo", str(bad)), "'conversation'")
    _refused(_cli(*base, "--selection", "ea-180d", "--env", "NOEQUALS"), "--env NOEQUALS")
    _refused(
        _cli(*base, "--selection", "ea-180d", "--installed", f"server-memory={tmp_path}"),
        "--installed",
        "install server-memory --into",
    )
    _refused(
        _cli(*base, "--selection", "ea-180d", "--installed", "nosuch=x"), "nosuch", "mempalace"
    )
    _refused(_cli(*base, "--selection", "ea-180d", "--companion", "sleep 1"), "--companion-ready")
    _refused(_cli("install", "nosuch", "--into", str(tmp_path / "i")), "nosuch", "server-memory")
    full = tmp_path / "full"
    full.mkdir()
    (full / "notes.txt").write_text("mine")
    _refused(
        _cli("install", "server-memory", "--into", str(full)), str(full), "new or empty folder"
    )
    assert (full / "notes.txt").read_text() == "mine"
    assert not (tmp_path / "o").exists()


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="needs a Python older than 3.12")
def test_basic_memory_refuses_a_python_older_than_312(tmp_path: Path) -> None:
    done = _cli(
        "install", "basic-memory", "--into", str(tmp_path / "bm"), "--python", sys.executable
    )
    _refused(done, f"--python {sys.executable}", "3.12 or later")
    assert not (tmp_path / "bm").exists()


def test_memory_service_refuses_a_python_whose_sqlite_cannot_load_extensions(
    tmp_path: Path,
) -> None:
    from fieldkit.install import _candidates

    unable = next((p for p in _candidates() if (probe_python(p) or {}).get("ext")), None)
    if unable is None:
        pytest.skip("every Python here can load sqlite extensions")
    done = _cli("install", "memory-service", "--into", str(tmp_path / "ms"), "--python", unable)
    _refused(done, f"--python {unable}", "cannot load extensions", "/usr/bin/python3")
    assert not (tmp_path / "ms").exists()


@pytest.mark.slow
def test_install_memos_os_into_a_folder_of_its_own(tmp_path: Path) -> None:
    """A real install from the package index: memos-os pinned, with what this environment lacks,
    into the folder; a second install sees it there; a run can be pointed at it."""
    into = tmp_path / "tools" / "memos-os"
    done = _cli("install", "memos-os", "--into", str(into), timeout=600)
    assert done.returncode == 0, done.stderr
    assert f"export PYTHONPATH={into}:$PYTHONPATH" in done.stdout
    memos = SYSTEMS["memos-os"]
    assert installed_version(memos, into) == "2.3.11"
    marker = json.loads((into / "recallbench-install.json").read_text())
    assert marker["system"] == "memos-os" and "memos_os==2.3.11" in marker["packages"]
    assert parse_installed(f"memos-os={into}") == (memos, into.resolve())
    again = _cli("install", "memos-os", "--into", str(into))
    assert again.returncode == 0 and "already there" in again.stdout
    probe = subprocess.run(
        [sys.executable, "-c", "import memos, sys; print(memos.__file__)"],
        env={**os.environ, "PYTHONPATH": f"{into}{os.pathsep}{ROOT}"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.startswith(str(into))


def test_the_tree_sampler_counts_children() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", "import subprocess, sys, time; "
         "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3)']); "
         "time.sleep(3); p.wait()"]
    )  # fmt: skip
    try:
        sampler = TreeSampler(child.pid, interval=0.05).start()
        deadline = time.monotonic() + 5
        while sampler.peak_processes < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        sampler.stop()
    finally:
        child.wait()
    assert sampler.peak_processes == 2
    assert sampler.peak_sum >= max(sampler.peak_by_name.values())


# --- the companion check, with real listening processes ---------------------------------------


def test_listeners_name_the_process_holding_a_port() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        found = companion_mod.listeners(port)
        assert [(x.address, x.pids) for x in found] == [("127.0.0.1", (os.getpid(),))]
    if socket.has_ipv6:
        with socket.socket(socket.AF_INET6) as s6:
            try:
                s6.bind(("::1", 0))
            except OSError:
                return  # no IPv6 loopback here
            s6.listen()
            port6 = s6.getsockname()[1]
            assert [(x.address, x.pids) for x in companion_mod.listeners(port6)] == [
                ("::1", (os.getpid(),))
            ]
    assert companion_mod.listeners(port) == []


def _companion(tmp_path: Path, command: str, port: int) -> companion_mod.Companion:
    return companion_mod.Companion(
        command,
        f"http://127.0.0.1:{port}/",
        cwd=tmp_path,
        env=dict(os.environ),
        log=tmp_path / "companion.log",
    )


def test_a_companion_that_answers_itself_is_accepted_and_stopped(tmp_path: Path) -> None:
    port = _free_port()
    c = _companion(tmp_path, " ".join(_http_server(port)), port)
    try:
        c.start(timeout=60)
        assert c.ready_seconds is not None
        assert any(c.pid in x.pids for x in companion_mod.listeners(port))
        c.check()
    finally:
        c.stop()
    assert not c.alive()
    assert companion_mod.listeners(port) == []


def test_a_companion_answering_through_its_child_is_accepted(tmp_path: Path) -> None:
    """A shell wrapper's child holds the port: a process the companion started."""
    port = _free_port()
    c = _companion(tmp_path, f"sh -c '{' '.join(_http_server(port))}; exit 0'", port)
    try:
        c.start(timeout=60)
        holders = {pid for x in companion_mod.listeners(port) for pid in x.pids}
        assert c.pid not in holders  # the shell's child, not the shell
    finally:
        c.stop()
    assert companion_mod.listeners(port) == []  # the group went, the child with it


def test_a_port_held_by_another_process_is_refused_before_the_companion_starts(
    tmp_path: Path,
) -> None:
    port = _free_port()
    marker = tmp_path / "started"
    with _stranger(port) as stranger:
        c = _companion(tmp_path, f"touch {marker}", port)
        with pytest.raises(Refusal) as refused:
            c.start(timeout=30)
        message = str(refused.value)
        assert f"port {port}" in message and f"pid {stranger.pid}" in message
        assert "http.server" in message and "\n" not in message
        assert not marker.exists()  # never started
        assert stranger.poll() is None  # and the stranger was left alone


def test_a_stranger_answering_for_the_companion_is_refused(tmp_path: Path) -> None:
    """The companion starts a server it does not keep as a child (a double fork): the URL answers,
    but not from the companion's tree."""
    port = _free_port()
    pidfile = tmp_path / "daemon.pid"
    code = (
        "import os, sys, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        f"        open({str(pidfile)!r}, 'w').write(str(os.getpid()))\n"
        f"        os.execv(sys.executable, {_http_server(port)!r})\n"
        "    os._exit(0)\n"
        "os.wait()\n"
        "time.sleep(120)\n"
    )
    script = tmp_path / "daemonize.py"
    script.write_text(code)
    c = _companion(tmp_path, f"{sys.executable} {script}", port)
    try:
        with pytest.raises(Refusal) as refused:
            c.start(timeout=60)
        daemon = int(pidfile.read_text())
        message = str(refused.value)
        assert f"port {port}" in message and f"pid {daemon}" in message
        assert f"not the companion (pid {c.pid})" in message
    finally:
        c.stop()
        with contextlib.suppress(FileNotFoundError, ValueError, ProcessLookupError):
            os.kill(int(pidfile.read_text()), signal.SIGKILL)


def test_a_companion_that_exits_first_is_one_line(tmp_path: Path) -> None:
    port = _free_port()
    c = _companion(
        tmp_path, f"{sys.executable} -c \"print('no model here'); raise SystemExit(3)\"", port
    )
    with pytest.raises(Refusal, match=r"exited with code 3 before .*: no model here$"):
        c.start(timeout=60)


def test_the_script_refuses_to_measure_against_a_stranger(tmp_path: Path) -> None:
    port = _free_port()
    out = tmp_path / "records"
    with _stranger(port) as stranger:
        done = _cli(
            "--name", "t", "--adapter", "builtin:bm25", "--selection", "ea-180d",
            "--out", str(out), "--companion", " ".join(_http_server(port)),
            "--companion-ready", f"http://127.0.0.1:{port}/",
        )  # fmt: skip
        _refused(done, f"port {port}", f"pid {stranger.pid}")
        assert stranger.poll() is None
    assert not (out / "t--ea-180d.json").exists()


@pytest.mark.slow
def test_a_locomo_shaped_file_runs_as_its_own_selection_and_is_never_recorded(
    tmp_path: Path,
) -> None:
    shaped = tmp_path / "locomo-shaped.json"
    subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "locomo_shaped.py"), "--out", str(shaped),
         "--conversations", "1"],
        check=True, capture_output=True, cwd=ROOT,
    )  # fmt: skip
    out = tmp_path / "records"
    done = _cli(
        "--name", "t", "--adapter", "builtin:bm25", "--selection", "locomo",
        "--locomo", str(shaped), "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = json.loads((out / "t--locomo-shaped.json").read_text())
    assert record["selection"] == "locomo-shaped" and "not its text" in record["selectionLabel"]
    assert record["command"] == (
        "python -m recallbench run --adapter builtin:bm25 --data locomo:locomo-shaped.json "
        "--judge locomo-f1 --lifecycle incremental"
    )
    raw = json.loads((out / "t--locomo-shaped" / "result.json").read_text())
    f1 = raw["publicBenchmark"]["locomo"]["overall"]["F1"]
    assert record["figures"]["official"]["value"] == round(f1, 4)
    assert f"F1 {f1:.3f}" in markdown_row(record)
    _refused(
        _cli("--name", "t", "--adapter", "builtin:bm25", "--selection", "locomo",
             "--locomo", str(shaped), "--record"),
        "LoCoMo-shaped", "not LoCoMo",
    )  # fmt: skip
