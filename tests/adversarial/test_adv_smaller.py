"""The smaller findings of issue 34.12 and finding 34.11, each through the real command line: a stop by
signal names the real progress file, a failed answer says what failed, a snapshot lifecycle without
snapshots is refused before any work, a failure log that cannot be written is refused before any work,
long lists in messages are cut short, a full disk under the views exits 1, and an adapter that ends
its own process loses nothing logged."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _cli import ROOT

from recallbench.testing import write_persona

# Each finding through the real command line in a subprocess: end to end, so out of the quick set
# (-m "not slow"); CI runs them (python -m pytest -n 2).
pytestmark = [pytest.mark.skipif(os.name != "posix", reason="signals are POSIX"), pytest.mark.slow]

FAKES = """
import os
from recallbench.testing import ScriptedAdapter, ScriptedJudge


def adapter():
    return ScriptedAdapter(name="slow", delay=float(os.environ.get("RB_DELAY", "0.3")))


judge = ScriptedJudge(name="containment")
"""

RUN = ("--arcs", "arcs-30d.yaml", "--ranges", "10:30:10", "--sample", "4")


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("smaller")
    write_persona(root / "personas")
    fakes = root / "fakes.py"
    fakes.write_text(FAKES, encoding="utf-8")
    return root / "personas", fakes


def _argv(data: Path, fakes: Path, *extra: str | Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "recallbench",
        "run",
        "--adapter",
        f"{fakes}:adapter",
        "--judge",
        f"{fakes}:judge",
        "--data",
        str(data),
        *RUN,
        "--parallelism",
        "2",
        "--no-heatmap-png",
        "--no-html",
        "--no-judge-cache",
        *map(str, extra),
    ]


def _env(**extra: str) -> dict[str, str]:
    full = {k: v for k, v in os.environ.items() if k != "RECALLBENCH_DEBUG"}
    return {**full, "PYTHONPATH": str(ROOT), **extra}


def _signalled(args: list[str], signum: int, ready: object, stderr: Path) -> tuple[int, str]:
    """Start ``args``, send ``signum`` once ``ready()`` holds; its exit code and stderr."""
    with stderr.open("wb") as err:
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err, env=_env())
        deadline = time.monotonic() + 60
        try:
            while time.monotonic() < deadline and proc.poll() is None and not ready():  # type: ignore[operator]
                time.sleep(0.01)
            assert proc.poll() is None, "the run ended before it could be stopped"
            proc.send_signal(signum)
            proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return proc.returncode, stderr.read_text(encoding="utf-8")


# -- 34.12: the stop by signal names the real progress file ------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_by_signal_names_the_real_progress_file_and_resumes_from_it(
    setup: tuple[Path, Path], tmp_path: Path, signum: int
) -> None:
    data, fakes = setup
    progress = tmp_path / "elsewhere dir" / "mine.jsonl"
    flags = ("--output", tmp_path / "run", "--progress-jsonl", progress)
    questions = tmp_path / "run" / "questions.jsonl"

    def ready() -> bool:
        return questions.exists() and len(questions.read_bytes().splitlines()) >= 3

    code, err = _signalled(_argv(data, fakes, *flags), signum, ready, tmp_path / "err")
    assert code == 128 + signum, err
    assert "Traceback" not in err and "PROGRESS.jsonl" not in err
    last = err.strip().splitlines()[-1]
    assert f"--resume '{progress}' to go on" in last, last
    assert "every answer logged so far is kept" in last
    resumed = subprocess.run(
        _argv(data, fakes, *flags, "--resume", progress),
        capture_output=True,
        text=True,
        env=_env(RB_DELAY="0"),
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert (tmp_path / "run" / "result.json").is_file()


def test_a_stop_by_signal_with_no_save_says_nothing_was_kept(
    setup: tuple[Path, Path], tmp_path: Path
) -> None:
    data, fakes = setup
    err_file = tmp_path / "err"

    def ready() -> bool:  # the first checkpoint's line is printed: the run is asking questions
        return err_file.exists() and "[ 1/ 3]" in err_file.read_text(encoding="utf-8")

    code, err = _signalled(_argv(data, fakes, "--no-save"), signal.SIGINT, ready, err_file)
    assert code == 130, err
    last = err.strip().splitlines()[-1]
    assert last == (
        "recallbench run: interrupted; nothing was kept (--no-save): rerun the same command to "
        "start again"
    ), last
    assert not list(tmp_path.glob("run*"))


# -- 34.12: refused before any work: a snapshot lifecycle without snapshots, a failure log unwritable --

CLASS_ADAPTER = """
class Plain:
    name = "plain"

    def __init__(self):
        open({marker!r}, "a").write("built\\n")

    async def setup(self):
        open({marker!r}, "a").write("setup\\n")

    async def ingest_day(self, day, content, metadata):
        open({marker!r}, "a").write("ingest\\n")

    async def finalize_ingestion(self):
        pass

    async def query(self, question):
        return "I don't know."

    async def teardown(self):
        pass
"""


@pytest.mark.parametrize("form", ["class", "factory", "grpc"])
def test_a_snapshot_lifecycle_without_snapshots_is_refused_before_any_work(
    setup: tuple[Path, Path], tmp_path: Path, form: str
) -> None:
    data, fakes = setup
    marker = tmp_path / "calls"
    path = tmp_path / "plain.py"
    path.write_text(CLASS_ADAPTER.format(marker=str(marker)), encoding="utf-8")
    adapter = {
        "class": f"{path}:Plain",
        "factory": f"{fakes}:adapter",
        "grpc": "grpc://127.0.0.1:1",
    }[form]
    args = _argv(data, fakes, "--lifecycle", "snapshot", "--output", tmp_path / "run")
    args[args.index("--adapter") + 1] = adapter
    done = subprocess.run(args, capture_output=True, text=True, env=_env(), timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert errors == [
        f'recallbench run: error: --lifecycle snapshot: adapter "{adapter}" has no snapshot() or '
        "restore()"
        + (" (the gRPC service has no snapshot call)" if form == "grpc" else "")
        + "; use --lifecycle incremental or fresh"
    ], done.stderr
    assert not (tmp_path / "run").exists()
    assert not marker.exists() or marker.read_text() == ""


def test_a_snapshot_lifecycle_with_snapshots_runs(setup: tuple[Path, Path], tmp_path: Path) -> None:
    data, fakes = setup
    snap = tmp_path / "snap.py"
    snap.write_text(
        "from recallbench.testing import ScriptedSnapshotAdapter\nadapter = ScriptedSnapshotAdapter\n",
        encoding="utf-8",
    )
    args = _argv(data, fakes, "--lifecycle", "snapshot", "--no-save")
    args[args.index("--adapter") + 1] = f"{snap}:adapter"
    done = subprocess.run(args, capture_output=True, text=True, env=_env(), timeout=60)
    assert done.returncode == 0, done.stderr


def test_an_unwritable_failure_log_is_refused_before_any_work(
    setup: tuple[Path, Path], tmp_path: Path
) -> None:
    data, fakes = setup
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    log = blocker / "failures.jsonl"
    args = _argv(data, fakes, "--output", tmp_path / "run", "--failure-log", log)
    done = subprocess.run(args, capture_output=True, text=True, env=_env(), timeout=60)
    assert done.returncode == 2, done.stderr
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and str(log) in errors[0], done.stderr
    assert "Traceback" not in done.stderr
    assert not [p for p in (tmp_path / "run").rglob("*") if p.is_file()]  # the folder may be made


# -- 34.12: a view that cannot be written is exit 1 ---------------------------------------------------


def test_a_view_that_cannot_be_written_exits_1_with_the_result_intact(
    setup: tuple[Path, Path], tmp_path: Path
) -> None:
    """report.html cannot be written (a directory stands where it goes: the atomic rename fails as a
    full disk fails the write); result.json and the logs are whole and the run exits 1."""
    data, fakes = setup
    run = tmp_path / "run"
    (run / "report.html").mkdir(parents=True)
    args = [a for a in _argv(data, fakes, "--output", run) if a != "--no-html"]
    done = subprocess.run(args, capture_output=True, text=True, env=_env(RB_DELAY="0"), timeout=120)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "HTML report skipped" in done.stderr
    assert (
        f"recallbench run: report.html could not be written (see above); result.json and the logs "
        f"are intact: recallbench report {run / 'result.json'} --html PATH writes the report again"
    ) in done.stderr
    result = json.loads((run / "result.json").read_text(encoding="utf-8"))
    assert result["personas"]
    assert (run / "questions.jsonl").read_text(encoding="utf-8").count("\n") == 39


# -- 34.12: long lists in messages are cut short -----------------------------------------------------


def test_300_checkpoints_past_the_corpus_are_said_in_a_short_line(
    setup: tuple[Path, Path], tmp_path: Path
) -> None:
    data, fakes = setup
    series = ",".join(f"{d}:{d + 300}:1" for d in range(1, 301))  # 300 series, 600 checkpoints
    args = _argv(data, fakes, "--no-save", "--dry-run")
    args[args.index("--ranges") + 1] = series
    done = subprocess.run(args, capture_output=True, text=True, env=_env(), timeout=120)
    assert done.returncode == 0, done.stderr[:2000]
    assert "and 565 more fall past its end" in done.stderr, done.stderr[:2000]
    assert max(map(len, (done.stdout + done.stderr).splitlines())) < 300


# -- 34.11: an adapter that ends its own process ------------------------------------------------------

EXITING = """
import os
from recallbench.testing import ScriptedAdapter

COUNT = {count!r}


class Exiting(ScriptedAdapter):
    async def query(self, question):
        answer = await super().query(question)
        if os.environ.get("RB_EXIT_AFTER"):
            with open(COUNT, "a") as f:
                f.write("q\\n")
            with open(COUNT) as f:
                if len(f.read().splitlines()) >= int(os.environ["RB_EXIT_AFTER"]):
                    os._exit(5)  # no teardown, no finally, no flush of anything buffered
        return answer


def adapter():
    return Exiting(name="exiting", delay=0.01)
"""


def test_an_adapter_calling_os_exit_loses_nothing_logged_and_resume_goes_on(
    setup: tuple[Path, Path], tmp_path: Path
) -> None:
    """An adapter in the run's process can end it (os._exit runs no handler): the run exits with its
    code, every answer logged before stays, and --resume asks the rest, to the uninterrupted result."""
    from _kill import answer_counts, comparable, first_difference

    data, fakes = setup
    exiting = tmp_path / "exiting.py"
    exiting.write_text(EXITING.format(count=str(tmp_path / "count")), encoding="utf-8")

    def args(out: Path, *extra: str | Path) -> list[str]:
        a = _argv(data, fakes, "--output", out, "--lifecycle", "incremental", *extra)
        a[a.index("--adapter") + 1] = f"{exiting}:adapter"
        return a

    clean = subprocess.run(args(tmp_path / "clean"), capture_output=True, text=True, env=_env())
    assert clean.returncode == 0, clean.stderr
    run = tmp_path / "run"
    died = subprocess.run(args(run), capture_output=True, text=True, env=_env(RB_EXIT_AFTER="20"))
    assert died.returncode == 5, died.stderr
    logged = answer_counts(run / "questions.jsonl")
    assert 0 < sum(logged.values()) < 39 and max(logged.values()) == 1
    resumed = subprocess.run(
        args(run, "--resume", run / "progress.jsonl"), capture_output=True, text=True, env=_env()
    )
    assert resumed.returncode == 0, resumed.stderr
    answers = answer_counts(run / "questions.jsonl")
    assert sum(answers.values()) == 39 and max(answers.values()) == 1
    assert logged.keys() <= answers.keys()
    a = comparable(json.loads((tmp_path / "clean" / "result.json").read_text(encoding="utf-8")))
    b = comparable(json.loads((run / "result.json").read_text(encoding="utf-8")))
    assert a == b, first_difference(a, b)


# -- 34.12: questions citing days beyond the corpus ---------------------------------------------------


def test_questions_beyond_the_corpus_are_warned_by_plan_and_refused_by_run_without_preflight(
    tmp_path: Path,
) -> None:
    """plan says, per persona, how many questions cite days past its last (a few ids); run refuses
    them in one line, exit 2, before any work, with --skip-preflight too (a `full` checkpoint asked
    them)."""
    beyond = [
        {
            "id": f"x{n}",
            "question": f"What happened on day {30 + n}?",
            "answer": "nothing",
            "category": "factual-recall",
            "difficulty": "easy",
            "relevant_days": [3, 30 + n],
        }
        for n in range(1, 8)
    ]
    write_persona(tmp_path / "personas", extra_pairs=beyond)
    write_persona(tmp_path / "personas", "clean")
    data = tmp_path / "personas"
    base = ("--data", str(data), "--arcs", "arcs-30d.yaml", "--ranges", "10,full")
    plan = subprocess.run(
        [sys.executable, "-m", "recallbench", "plan", *base],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=120,
    )
    assert plan.returncode == 0, plan.stderr
    warnings = [line for line in plan.stderr.splitlines() if "beyond its corpus" in line]
    assert warnings == [
        "recallbench plan: warning: persona 'tiny': 7 question(s) cite days beyond its corpus "
        "(last day 30): x1, x2, x3, x4, x5 and 2 more; `recallbench run` refuses to start on them, "
        "`recallbench validate` lists them with their lines"
    ]
    out = tmp_path / "out"
    for extra in ((), ("--skip-preflight",)):
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "recallbench",
                "run",
                *base,
                "--adapter",
                "builtin:bm25",
                "--judge",
                "rubric",
                "--output",
                str(out),
                *extra,
            ],
            capture_output=True,
            text=True,
            env=_env(),
            timeout=120,
        )
        assert run.returncode == 2, run.stderr
        assert "7 question(s)" in run.stderr and "x1, x2, x3, x4, x5 and 2 more" in run.stderr
        assert not out.exists()  # before any work: no output folder, no adapter
    refused = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(refused) == 1 and "--skip-preflight skips no data rule" in refused[0], run.stderr


# -- 34.12: a failed answer's marker says what failed -------------------------------------------------

FAILING = """
import os
from recallbench.testing import ScriptedAdapter


def adapter():
    if os.environ.get("RB_HEALED"):
        return ScriptedAdapter(name="failing")
    # day 3's question raises RuntimeError, day 4's never answers (times out)
    return ScriptedAdapter(name="failing", fail_on=["2026-01-03"], hang_on=["2026-01-04"])
"""


def test_a_failed_answer_reads_timeout_only_for_a_timeout_and_a_resume_keeps_it(
    setup: tuple[Path, Path], tmp_path: Path
) -> None:
    """A query that raised stores `[ERROR: RuntimeError]`, one that timed out the reference's
    `[TIMEOUT]`; the run stops past --max-adapter-errors, and --resume (the adapter healed) keeps
    both answers as logged (--max-adapter-errors none: they count again), asking only what was never
    asked."""
    data, fakes = setup
    failing = tmp_path / "failing.py"
    failing.write_text(FAILING, encoding="utf-8")
    run = tmp_path / "run"
    args = _argv(data, fakes, "--output", run, "--lifecycle", "incremental", "--timeout", "300")
    args[args.index("--adapter") + 1] = f"{failing}:adapter"
    args[args.index("--sample") : args.index("--sample") + 2] = []  # every question: days 3, 4 too

    def answers(checkpoint: str) -> dict[str, str]:
        result = json.loads((run / "result.json").read_text(encoding="utf-8"))
        (persona,) = result["personas"]
        (rr,) = [r for r in persona["rangeResults"] if r["range"]["label"] == checkpoint]
        return {q["qa"]["id"]: q["systemAnswer"] for q in rr["questionResults"]}

    stopped = subprocess.run(args, capture_output=True, text=True, env=_env(), timeout=180)
    assert stopped.returncode == 1, stopped.stderr  # 2 of 10 failed: past 10% after 10d
    first = answers("10d")
    assert first["tiny-q003"] == "[ERROR: RuntimeError]"
    assert first["tiny-q004"] == "[TIMEOUT]"
    logged = {
        r["qa"]["id"]: r["systemAnswer"]
        for r in map(json.loads, (run / "questions.jsonl").read_text("utf-8").splitlines())
    }
    assert (logged["tiny-q003"], logged["tiny-q004"]) == ("[ERROR: RuntimeError]", "[TIMEOUT]")

    resumed = subprocess.run(
        [*args, "--resume", run / "progress.jsonl", "--max-adapter-errors", "none"],
        capture_output=True,
        text=True,
        env=_env(RB_HEALED="1"),
        timeout=180,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert answers("10d") == first  # kept from the logs, not asked again
    later = answers("20d")  # asked by the healed adapter: the markers came from the logs
    assert not later["tiny-q003"].startswith("[") and not later["tiny-q004"].startswith("[")
