"""The create-persona and generate commands end to end: a Python-file model in real subprocesses (a
SIGKILL crash then resume, Ctrl-C, a failing day), the fake CLI agent, and one-line errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest
from _genfakes import (
    ARCS,
    ARCS_REPLY,
    MEMORIES,
    PERSONA_REPLY,
    PLANNED_DAYS,
    cli_argv,
    invoke,
    log_events,
    run_cli,
    subprocess_env,
    write_gen_persona,
    write_model_file,
)

from recallbench.cli import main
from recallbench.testing.agents import fake_agent_command, process_state

posix_only = pytest.mark.skipif(os.name != "posix", reason="signals and process groups are POSIX")


def generate_args(pdir: Path, model: Path, *extra: str) -> list[str]:
    return ["generate", "--persona", str(pdir), "--arcs", ARCS, "--model", f"{model}:model", *extra]


def day_files(memories: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(memories.glob("day-*.md"))}


def started(log: Path) -> list[str]:
    return [e["user"] for e in log_events(log) if e["event"] == "start"]


def finished(log: Path) -> list[str]:
    return [e["user"] for e in log_events(log) if e["event"] == "done"]


@pytest.fixture(scope="module")
def reference_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], list[str]]:
    """An uninterrupted run: its day files and the prompts it sent."""
    root = tmp_path_factory.mktemp("reference")
    pdir = write_gen_persona(root / "personas")
    model = write_model_file(root)
    log = root / "calls.jsonl"
    done = run_cli(
        [*generate_args(pdir, model), "--json"], env=subprocess_env(GEN_LOG=str(log)), cwd=root
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["daysGenerated"] == len(PLANNED_DAYS)
    assert summary["modelCalls"] == 25
    assert summary["totalInputTokens"] == 2500 and summary["totalOutputTokens"] == 1000
    assert summary["skippedDays"] == []
    assert "Generated day 21/21 (19 unique)" in done.stderr.splitlines()
    return day_files(pdir / MEMORIES), started(log)


@posix_only
def test_sigkill_at_day_n_then_resume_sends_the_same_prompts(
    tmp_path: Path, reference_run: tuple[dict[str, str], list[str]]
) -> None:
    reference_files, reference_prompts = reference_run
    pdir = write_gen_persona(tmp_path / "personas")
    model = write_model_file(tmp_path)
    crash_log, resume_log = tmp_path / "crash.jsonl", tmp_path / "resume.jsonl"
    crashed = run_cli(
        generate_args(pdir, model),
        env=subprocess_env(GEN_LOG=str(crash_log), GEN_KILL_DATE="2026-01-14"),  # day 10
        cwd=tmp_path,
    )
    assert crashed.returncode == -signal.SIGKILL
    memories = pdir / MEMORIES
    assert sorted(day_files(memories)) == [f"day-{d:04d}.md" for d in range(1, 10)]
    assert [p.name for p in memories.iterdir() if p.name.startswith(".day-")] == []

    resumed = run_cli(
        [*generate_args(pdir, model), "--start", "10"],
        env=subprocess_env(GEN_LOG=str(resume_log)),
        cwd=tmp_path,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stderr.splitlines()[0] == "Generated day 10/21 (10 unique)"
    *answered, killed = started(crash_log)
    assert ", 2026-01-14." in killed
    # The history was rebuilt from disk: together the two runs sent exactly the reference's
    # prompts, and the resumed run redid nothing but the day that was killed.
    assert Counter(answered + started(resume_log)) == Counter(reference_prompts)
    assert killed in started(resume_log)
    assert day_files(memories) == reference_files


@posix_only
def test_ctrl_c_leaves_whole_files_and_a_rerun_does_nothing_twice(
    tmp_path: Path, reference_run: tuple[dict[str, str], list[str]]
) -> None:
    reference_files, reference_prompts = reference_run
    pdir = write_gen_persona(tmp_path / "personas")
    model = write_model_file(tmp_path)
    memories = pdir / MEMORIES
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    proc = subprocess.Popen(
        [*cli_argv(), *generate_args(pdir, model)],
        env=subprocess_env(GEN_LOG=str(first), GEN_DELAY="0.15"),
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not (memories / "day-0004.md").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "interrupted" in err and "rerun the same command" in err
    written = day_files(memories)
    assert "day-0004.md" in written and len(written) < len(PLANNED_DAYS)
    for name, text in written.items():  # every file on disk is a whole day, as the reference run's
        assert text == reference_files[name]
    assert [p.name for p in memories.iterdir() if p.name.endswith(".tmp")] == []

    rerun = run_cli(
        generate_args(pdir, model), env=subprocess_env(GEN_LOG=str(second)), cwd=tmp_path
    )
    assert rerun.returncode == 0, rerun.stderr
    assert not set(finished(first)) & set(started(second))  # no answered call is made again
    assert Counter(finished(first) + started(second)) == Counter(reference_prompts)
    assert day_files(memories) == reference_files
    assert not (memories / ".partial").exists()


def test_a_failing_day_is_logged_listed_and_redone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pdir = write_gen_persona(tmp_path / "personas")
    model = write_model_file(tmp_path)
    monkeypatch.setenv("GEN_FAIL", "2026-01-07/eng-team")  # day 3's engineering room
    assert invoke([*generate_args(pdir, model), "--json"]) == 1
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert summary["skippedDays"] == [3]
    assert summary["failures"][0]["sessions"] == ["eng-team"]
    assert summary["daysGenerated"] == len(PLANNED_DAYS) - 1
    assert summary["failedCalls"] == 1
    lines = err.splitlines()
    assert (
        "[generator] arc=project-atlas day=3 skipped: session eng-team: "
        "RuntimeError: scripted failure on 2026-01-07"
    ) in lines
    assert "Generated day 4/21 (3 unique)" in lines  # the run went on
    assert lines[-1].startswith("recallbench generate: 1 day(s) skipped: 3 — ")
    assert "--start N --end N" in lines[-1]
    monkeypatch.delenv("GEN_FAIL")
    monkeypatch.setenv("GEN_LOG", str(tmp_path / "redo.jsonl"))
    assert invoke([*generate_args(pdir, model), "--start", "3", "--end", "3", "--json"]) == 0
    redo = json.loads(capsys.readouterr().out)
    assert (redo["daysGenerated"], redo["modelCalls"], redo["reusedSessions"]) == (1, 1, 1)
    assert len(started(tmp_path / "redo.jsonl")) == 1  # only the session that failed


def test_text_summary_and_kept_days(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdir = write_gen_persona(tmp_path / "personas")
    model = write_model_file(tmp_path)
    assert invoke(generate_args(pdir, model, "--days", "2")) == 0
    out = capsys.readouterr().out
    assert "daysGenerated: 2\n" in out and "skippedDays: none\n" in out
    assert invoke(generate_args(pdir, model, "--days", "3", "--json")) == 0
    again = json.loads(capsys.readouterr().out)
    assert (again["daysGenerated"], again["daysKept"], again["modelCalls"]) == (1, 2, 2)


def test_create_persona_then_generate_then_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = write_model_file(tmp_path)
    root = tmp_path / "personas"
    spec = ["--model", f"{model}:model"]
    created = ["create-persona", "--prompt", "A lab manager", "--persona", str(root / "lab")]
    assert invoke([*created, *spec, "--days", "30", "--epoch", "2024-01-01"]) == 0
    capsys.readouterr()
    gen = ["generate", "--persona", str(root / "lab"), "--arcs", "arcs-30d.yaml", *spec]
    assert invoke([*gen, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["personaId"], summary["fillerDays"], summary["end"]) == ("lab", 1, 30)
    memories = root / "lab" / "memories-30d"
    days = sorted(int(p.name[4:8]) for p in memories.glob("day-*.md"))
    assert days == [*range(1, 20), *range(24, 31)]  # 20–23 are the persona's quiet period
    qa = root / "lab" / "qa-30d"
    qa.mkdir()
    (qa / "questions.yaml").write_text(
        "- id: lab-q001\n  question: What moved on the first day?\n  answer: Fold Atlas.\n"
        "  category: factual-recall\n  difficulty: easy\n  relevant_days: [1]\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert main(["validate", "--data", str(root), "--arcs", "arcs-30d.yaml"]) == 0
    assert "OK:" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--days", "5", "--start", "2"], "give either --days or --start/--end, not both"),
        (["--start", "9", "--end", "3"], "--start 9 is after --end 3"),
        (["--start", "40"], "--start 40 is after the story's last day in arcs-21d.yaml (day 21)"),
        (["--memories-dir", "x", "--model", "nope:"], "model"),
    ],
)
def test_bad_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    pdir = write_gen_persona(tmp_path / "personas")
    model = write_model_file(tmp_path)
    assert invoke([*generate_args(pdir, model), *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_missing_persona_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert invoke(["generate", "--persona", str(tmp_path / "nope"), "--model", "claude"]) == 2
    assert "no such persona directory" in capsys.readouterr().err


# --- the fake CLI agent -------------------------------------------------------------------------


def claude_shim(directory: Path, *flags: str) -> Path:
    """A ``claude`` on PATH that is the fake agent (the built-in selector runs it in stdin mode)."""
    directory.mkdir(parents=True, exist_ok=True)
    shim = directory / "claude"
    argv = " ".join(f"'{a}'" for a in fake_agent_command(*flags))
    shim.write_text(f'#!/bin/sh\nexec {argv} "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    return directory


@posix_only
def test_fake_cli_agent_end_to_end(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(
        json.dumps(
            [
                ["Create a persona for this description", PERSONA_REPLY],
                ["Design the story arcs", ARCS_REPLY],
                [
                    r"Write the log of session `([^`]+)` for (\w+), (\S+)\.",
                    "### Routine\nOn \\3 I kept \\1 moving.",
                ],
            ]
        ),
        encoding="utf-8",
    )
    shims = claude_shim(tmp_path / "bin", "--reply-map", str(rules))
    env = subprocess_env(PATH=f"{shims}{os.pathsep}{os.environ['PATH']}")
    lab = tmp_path / "personas" / "lab"
    made = run_cli(
        [
            *("create-persona", "--prompt", "A lab manager", "--model", "claude"),
            *("--persona", str(lab), "--days", "30", "--epoch", "2024-01-01", "--json"),
        ],
        env=env,
        cwd=tmp_path,
    )
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["arcsCreated"] == 5
    done = run_cli(
        [
            *("generate", "--persona", str(lab), "--arcs", "arcs-30d.yaml", "--model", "claude"),
            *("--end", "6", "--json"),
        ],
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["daysGenerated"] == 6
    assert summary["totalInputTokens"] == 0  # agents report no token counts
    day5 = (lab / "memories-30d" / "day-0005.md").read_text(encoding="utf-8")
    assert "# session: lab-group\n\n### Routine\nOn 2024-01-05 I kept lab-group moving.\n" in day5


@posix_only
def test_a_timed_out_agent_dies_with_its_process_tree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pidfile = tmp_path / "pids.json"
    shims = claude_shim(tmp_path / "bin", "--spawn-grandchild", str(pidfile), "--sleep", "60")
    monkeypatch.setenv("PATH", f"{shims}{os.pathsep}{os.environ['PATH']}")
    pdir = write_gen_persona(tmp_path / "personas")
    args = ["generate", "--persona", str(pdir), "--arcs", ARCS, "--model", "claude"]
    assert invoke([*args, "--start", "2", "--end", "2", "--timeout", "1500"]) == 1
    err = capsys.readouterr().err
    assert (
        "[generator] arc=project-atlas,correction-budget day=2 skipped: session principal:" in err
    )
    assert "timed out" in err
    pids = json.loads(pidfile.read_text(encoding="utf-8"))
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and (
        process_state(pids["agent"]) != "gone" or process_state(pids["grandchild"]) == "running"
    ):
        time.sleep(0.02)
    assert process_state(pids["agent"]) == "gone"
    assert process_state(pids["grandchild"]) != "running"
    assert not (pdir / MEMORIES / "day-0002.md").exists()


def test_progress_goes_to_stderr_and_the_summary_to_stdout(tmp_path: Path) -> None:
    pdir = write_gen_persona(tmp_path / "personas")
    model = write_model_file(tmp_path)
    done = subprocess.run(
        [*cli_argv(), *generate_args(pdir, model, "--days", "1", "--json")],
        env=subprocess_env(),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "Generated day 1/1 (1 unique)\n"
    assert json.loads(done.stdout)["outputDir"] == str(pdir / MEMORIES)
