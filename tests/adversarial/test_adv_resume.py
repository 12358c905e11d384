"""Resume and retry against the artifacts they read (issue 34.1, 34.2, 34.6, deliver 2): real runs
SIGKILLed once they have logged some answers, resumed with the artifacts placed anywhere, to the
uninterrupted run's result.json (ignoring clocks); damaged logs refused in one line, exit 2, the
good result.json left as it was; a resume or retry with nothing left to ask keeping the adapter's
name and the fingerprint."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from _kill import (
    FAKES,
    answer_counts,
    argv,
    comparable,
    first_difference,
    placement,
    read,
    run,
    run_killed,
)

from recallbench.testing import write_persona

# Real runs killed and resumed in subprocesses: end to end, so out of the quick set (-m "not slow");
# CI runs them (python -m pytest -n 2).
pytestmark = [
    pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX"),
    pytest.mark.slow,
]

BASE = ("--lifecycle", "incremental")


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("resume")
    write_persona(root / "personas")
    fakes = root / "fakes.py"
    fakes.write_text(FAKES, encoding="utf-8")
    return root / "personas", fakes


_BASELINES: dict[tuple[str, ...], Any] = {}


def baseline(setup: tuple[Path, Path], root: Path, *extra: str) -> Any:
    """The uninterrupted run's result.json with these flags (made once per flags)."""
    if extra not in _BASELINES:
        data, fakes = setup
        out = root / "baseline"
        done = run(argv(data, fakes, *extra, "--output", str(out)))
        assert done.returncode == 0, done.stderr
        _BASELINES[extra] = read(out / "result.json")
    return _BASELINES[extra]


def _kill_and_resume(
    setup: tuple[Path, Path],
    tmp_path: Path,
    where: str,
    after: int,
    extra: tuple[str, ...] = BASE,
    *,
    resume_without: tuple[str, ...] = (),
) -> None:
    data, fakes = setup
    expected = baseline(setup, tmp_path.parent / f"base-{'-'.join(extra)}", *extra)
    place = placement(where, tmp_path)
    killed = run_killed(argv(data, fakes, *extra, *place.flags), place.questions, after)
    assert 0 < killed < expected["metadata"]["totalEvalsRun"]
    flags = list(place.resume_flags())
    for flag in resume_without:  # a flag left out of the resumed command, with its value
        i = flags.index(flag)
        del flags[i : i + 2]
    done = run(argv(data, fakes, *extra, *flags))
    assert done.returncode == 0, done.stderr
    resumed = read(place.result)
    assert comparable(resumed) == comparable(expected), first_difference(
        comparable(resumed), comparable(expected)
    )
    counts = answer_counts(place.questions)
    assert (
        max(counts.values()) == 1 and sum(counts.values()) == expected["metadata"]["totalEvalsRun"]
    )


def test_a_question_log_elsewhere_is_read_by_a_resume_that_does_not_name_it(
    setup: tuple[Path, Path], tmp_path: Path
) -> None:
    """Finding 1: --question-log elsewhere, killed after 26 answers (two checkpoints done), resumed
    with --output and --resume as the stop message says: every answer kept (before, the two
    finished checkpoints came back as summaries without their answers)."""
    _kill_and_resume(setup, tmp_path, "question-log", 26, resume_without=("--question-log",))


@pytest.mark.parametrize("damage", ["empty", "random-bytes", "truncated", "deleted"])
@pytest.mark.parametrize("how", ["resume", "retry-errors"])
def test_a_damaged_question_log_is_refused_and_the_result_kept(
    setup: tuple[Path, Path], tmp_path: Path, damage: str, how: str
) -> None:
    """Finding 2: a complete run's questions.jsonl emptied, filled with random bytes, cut to its
    first lines or deleted: --resume and --retry-errors refuse in one line naming it, exit 2, and
    result.json is untouched (it was rewritten with summaries and no answers, exit 0)."""
    data, fakes = setup
    out = tmp_path / "run"
    done = run(argv(data, fakes, *BASE, "--output", str(out)))
    assert done.returncode == 0, done.stderr
    log, result = out / "questions.jsonl", out / "result.json"
    kept = result.read_bytes()
    if damage == "empty":
        log.write_bytes(b"")
    elif damage == "random-bytes":
        log.write_bytes(os.urandom(4096))
    elif damage == "truncated":
        log.write_bytes(b"".join(log.read_bytes().splitlines(keepends=True)[:5]))
    else:
        log.unlink()
    os.utime(result)  # the retry's "has the run ended" check passes: the damage is what is found
    flags = (
        ("--output", str(out), "--resume", str(out / "progress.jsonl"))
        if how == "resume"
        else ("--retry-errors", str(out))
    )
    done = run(argv(data, fakes, *BASE, *flags))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and "questions.jsonl" in errors[0], done.stderr
    assert result.read_bytes() == kept


def test_a_result_holding_answers_the_log_lost_is_not_overwritten(
    setup: tuple[Path, Path], tmp_path: Path
) -> None:
    """The last guard: a question log that still matches its progress records (the last
    checkpoint's record cut too) but lost answers result.json holds is refused, naming result.json."""
    data, fakes = setup
    out = tmp_path / "run"
    assert run(argv(data, fakes, *BASE, "--output", str(out))).returncode == 0
    progress, log, result = out / "progress.jsonl", out / "questions.jsonl", out / "result.json"
    records = progress.read_bytes().splitlines(keepends=True)
    progress.write_bytes(b"".join(r for r in records if b'"label":"30d"' not in r))
    log.write_bytes(b"".join(r for r in log.read_bytes().splitlines(True) if b'"30d"' not in r))
    kept = result.read_bytes()
    done = run(argv(data, fakes, *BASE, "--output", str(out), "--resume", str(progress)))
    assert done.returncode == 2 and "result.json holds" in done.stderr, done.stderr
    assert result.read_bytes() == kept


@pytest.mark.parametrize("how", ["resume", "retry-errors"])
@pytest.mark.parametrize("adapter", ["factory", "snapshot"])
def test_nothing_left_to_ask_keeps_the_adapters_name_and_fingerprint(
    setup: tuple[Path, Path], tmp_path: Path, how: str, adapter: str
) -> None:
    """Finding 6: a resume or retry of a finished run builds no adapter; the result keeps the name
    its setup gave ('slow', not 'adapter') and the fingerprint, and equals the run's."""
    data, fakes = setup
    out = tmp_path / "run"
    extra = BASE if adapter == "factory" else ("--lifecycle", "snapshot")
    spec = f"{fakes}:adapter" if adapter == "factory" else f"{fakes}:snapshot_adapter"
    assert run(argv(data, fakes, *extra, "--output", str(out), adapter=spec)).returncode == 0
    first = read(out / "result.json")
    flags = (
        ("--output", str(out), "--resume", str(out / "progress.jsonl"))
        if how == "resume"
        else ("--retry-errors", str(out))
    )
    done = run(argv(data, fakes, *extra, *flags, adapter=spec))
    assert done.returncode == 0, done.stderr
    again = read(out / "result.json")
    assert again["adapterName"] == first["adapterName"] != "adapter"
    assert again["metadata"]["fingerprint"] == first["metadata"]["fingerprint"]
    assert comparable(again) == comparable(first)
    compared = run(
        [*argv(data, fakes)[:3], "compare", str(out / "result.json"), str(out / "result.json")]
    )
    assert "adapter name" not in compared.stdout


@pytest.mark.parametrize("where", ["output", "question-log", "failure-log"])
def test_a_retried_run_equals_the_run_that_never_failed(
    setup: tuple[Path, Path], tmp_path: Path, where: str
) -> None:
    """--retry-errors of a run whose memory system failed some questions, its logs placed anywhere
    a retry takes them from (the run's folder; the question and failure logs elsewhere): the
    result of a run that never failed them."""
    data, fakes = setup
    extra = (*BASE, "--appellate-judge", f"{fakes}:appellate")
    expected = baseline(setup, tmp_path.parent / "base-appellate", *extra)
    place = placement(where, tmp_path)
    failed = run(argv(data, fakes, *extra, *place.flags), {"RB_FAIL": "1"})
    assert failed.returncode in (0, 1), failed.stderr
    assert read(place.result)["metadata"]["adapterErrors"] > 0
    done = run(argv(data, fakes, *extra, "--retry-errors", str(place.result.parent)))
    assert done.returncode == 0, done.stderr
    retried = read(place.result)
    assert comparable(retried) == comparable(expected), first_difference(
        comparable(retried), comparable(expected)
    )


PLACEMENTS = ["output", "json-out", "question-log", "progress-jsonl", "failure-log", "spread"]


@pytest.mark.slow
@pytest.mark.parametrize("after", [3, 22])
@pytest.mark.parametrize(
    "extra",
    [
        pytest.param(BASE, id="incremental"),
        pytest.param(("--lifecycle", "incremental", "--epochs", "2"), id="epochs"),
        pytest.param(("--lifecycle", "fresh", "--unit-parallelism", "2"), id="units"),
    ],
)
@pytest.mark.parametrize("where", PLACEMENTS)
def test_a_killed_run_resumes_to_the_uninterrupted_result_wherever_its_files_are(
    setup: tuple[Path, Path], tmp_path: Path, where: str, extra: tuple[str, ...], after: int
) -> None:
    """Every placement of --output, --json-out, --question-log, --progress-jsonl and
    --failure-log, with and without --epochs and with units in parallel: SIGKILL after 3 or 22
    answers, --resume with the same flags, the uninterrupted run's result.json."""
    _kill_and_resume(setup, tmp_path, where, after, extra)
