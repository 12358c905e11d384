"""generate-conversations, generate-tool-calls and generate-qa as commands: real subprocesses with a
Python-file model that logs its calls, the fake CLI agent behind the ``claude`` selector, SIGINT in
the middle of a run, and bad input."""

from __future__ import annotations

import argparse
import json
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from recallbench.data.dataset import read_questions
from recallbench.data.validate import validate_dataset
from recallbench.generation.conversations import conversation_file, parse_conversation_markdown
from recallbench.generation.qa_store import parse_progress_header
from recallbench.generation.tool_calls import read_tool_calls, tool_calls_file
from recallbench.testing import write_persona

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ("generate-conversations", "generate-tool-calls", "generate-qa")

MODEL = """
import asyncio, json, os, re

LOG = os.environ["GEN_LOG"]
DELAY = float(os.environ.get("GEN_DELAY", "0"))
FAIL = os.environ.get("GEN_FAIL", "")


def _turns(code):
    return [{"role": r, "content": f"{r} on {code}"} for r in ("user", "assistant") * 2]


class Model:
    async def complete(self, system_prompt, user_message, *, temperature=None, max_tokens=None):
        if "reconstruct the conversation" in system_prompt:
            kind, key = "conversations", re.search(r"^Day (\\d+) \\(", user_message, re.M)
        elif "memorySave tool calls" in system_prompt:
            kind, key = "tool-calls", re.search(r"^Day (\\d+) — ", user_message, re.M)
        else:
            kind, key = "qa", re.search(r"^Checkpoint: day (\\d+)", user_message, re.M)
        key = int(key.group(1))
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps({"pass": kind, "key": key}) + "\\n")
        await asyncio.sleep(DELAY)
        if FAIL == f"{kind}:{key}":
            raise RuntimeError(f"scripted failure on {kind} {key}")
        if kind == "conversations":
            text = json.dumps(_turns(f"day {key}"))
        elif kind == "tool-calls":
            text = json.dumps({"calls": [
                {"session": "principal", "tool": "memorySave", "content": f"Saved day {key}."}
            ]})
        else:
            days = [int(d) for d in re.findall(r"^# Day (\\d+) — ", user_message, re.M)]
            text = json.dumps([
                {"question": f"What was the access code for day {d}?", "answer": f"CODE-{d:04d}",
                 "category": "factual-recall", "difficulty": "easy", "relevant_days": [d]}
                for d in days
            ])
        return {"text": text, "input_tokens": 100, "output_tokens": 10}


model = Model()
"""

_RUNNER = """
import argparse, sys
from recallbench.cli import generate_conversations, generate_qa, generate_tool_calls
from recallbench.errors import RecallBenchError
p = argparse.ArgumentParser(prog="recallbench")
sub = p.add_subparsers(dest="command", required=True)
for m in (generate_conversations, generate_tool_calls, generate_qa):
    m.register(sub)
args = p.parse_args(sys.argv[1:])
try:
    sys.exit(args.handler(args))
except RecallBenchError as exc:
    print(f"recallbench {args.command}: error: {exc}", file=sys.stderr)
    sys.exit(2)
except KeyboardInterrupt:
    print(f"recallbench {args.command}: interrupted", file=sys.stderr)
    sys.exit(130)
"""


def _registered() -> bool:
    from recallbench.cli import build_parser

    return any(
        all(c in (a.choices or {}) for c in COMMANDS)
        for a in build_parser()._actions
        if isinstance(a, argparse._SubParsersAction)
    )


def cli_argv() -> list[str]:
    """``python -m recallbench``, or the commands' own parser until they are registered there."""
    return (
        [sys.executable, "-m", "recallbench"] if _registered() else [sys.executable, "-c", _RUNNER]
    )


@pytest.fixture
def persona(tmp_path: Path) -> Path:
    return write_persona(tmp_path / "personas", days=30, suffix="30d")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "model.py").write_text(MODEL, "utf-8")
    out = {k: v for k, v in os.environ.items() if not k.startswith("GEN_")}
    out["PYTHONPATH"] = str(ROOT) + os.pathsep + out.get("PYTHONPATH", "")
    out["GEN_LOG"] = str(tmp_path / "calls.jsonl")
    return out


def run(
    args: Sequence[str], env: dict[str, str], cwd: Path, **extra: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*cli_argv(), *args],
        env=env | extra,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def calls(env: dict[str, str], kind: str) -> list[int]:
    path = Path(env["GEN_LOG"])
    if not path.exists():
        return []
    events = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    return [e["key"] for e in events if e["pass"] == kind]


def base_args(command: str, persona: Path, *more: str) -> list[str]:
    return [
        command,
        "--persona",
        str(persona),
        "--arcs",
        "arcs-30d.yaml",
        "--model",
        "model.py:model",
        *more,
    ]


def interrupt_when(proc: subprocess.Popen[str], ready: Any) -> tuple[str, str]:
    """Send SIGINT once ``ready()`` is true; return the process's output."""
    deadline = time.monotonic() + 60
    while not ready():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the run never got far enough to interrupt"
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    return proc.communicate(timeout=60)


# ---- generate-conversations ---------------------------------------------------------------------


def test_conversations_json_summary_with_token_totals(
    persona: Path, env: dict[str, str], tmp_path: Path
) -> None:
    done = run(
        base_args(
            "generate-conversations",
            persona,
            "--start",
            "2",
            "--end",
            "5",
            "--json",
            "--format",
            "json",
        ),
        env,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["conversationsGenerated"] == 4
    assert (summary["modelCalls"], summary["totalInputTokens"]) == (4, 400)
    assert summary["totalOutputTokens"] == 40
    out = persona / "conversations-30d"
    assert summary["outputDir"] == str(out)
    assert sorted(p.name for p in out.iterdir()) == [f"conv-000{d}.json" for d in (2, 3, 4, 5)]
    assert "Generated conversation 5/5" in done.stderr


def test_conversations_need_no_arcs_file(
    persona: Path, env: dict[str, str], tmp_path: Path
) -> None:
    (persona / "arcs-30d.yaml").unlink()  # the reference's Pass 2 never read one either
    args = ["generate-conversations", "--persona", str(persona), "--memories-dir", "memories-30d"]
    done = run([*args, "--model", "model.py:model", "--days", "2"], env, tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (persona / "conversations-30d").iterdir()) == [
        "conv-0001.md",
        "conv-0002.md",
    ]


def _conversation_is_whole(out: Path, day: int) -> bool:
    return len(parse_conversation_markdown(conversation_file(out, day).read_text("utf-8"))) == 4


def _tool_calls_are_whole(out: Path, day: int) -> bool:
    saved = read_tool_calls(tool_calls_file(out, day))
    return [c.content for c in saved.calls] == [f"Saved day {day}."]


@pytest.mark.parametrize(
    ("command", "kind", "directory", "prefix", "suffix", "whole"),
    [
        ("generate-conversations", "conversations", "conversations-30d", "conv-", ".md",
         _conversation_is_whole),
        ("generate-tool-calls", "tool-calls", "tools-30d", "day-", ".yaml", _tool_calls_are_whole),
    ],
)  # fmt: skip
def test_sigint_mid_run_leaves_complete_files_and_a_rerun_does_only_the_rest(
    persona: Path,
    env: dict[str, str],
    tmp_path: Path,
    command: str,
    kind: str,
    directory: str,
    prefix: str,
    suffix: str,
    whole: Callable[[Path, int], bool],
) -> None:
    out = persona / directory
    args = base_args(command, persona, "--parallelism", "3")
    proc = subprocess.Popen(
        [*cli_argv(), *args],
        env=env | {"GEN_DELAY": "0.3"},
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _, stderr = interrupt_when(
        proc, lambda: out.is_dir() and len(list(out.glob(prefix + "*"))) >= 4
    )
    assert proc.returncode == 130, stderr
    assert "interrupted after writing" in stderr
    assert "Traceback" not in stderr
    first = sorted(int(p.stem[-4:]) for p in out.glob(f"{prefix}*{suffix}"))
    assert 4 <= len(first) < 30
    assert sorted(p.name for p in out.iterdir()) == [f"{prefix}{d:04d}{suffix}" for d in first]
    assert all(whole(out, day) for day in first)  # and no temporary file is left (above)
    called_first = calls(env, kind)

    done = run(args, env, tmp_path)
    assert done.returncode == 0, done.stderr
    called_second = calls(env, kind)[len(called_first) :]
    assert sorted(called_second) == sorted(set(range(1, 31)) - set(first))
    assert len(list(out.glob(f"{prefix}*{suffix}"))) == 30


def test_a_failing_day_exits_1_and_says_how_to_redo_it(
    persona: Path, env: dict[str, str], tmp_path: Path
) -> None:
    args = base_args("generate-conversations", persona, "--days", "6", "--json")
    done = run(args, env, tmp_path, GEN_FAIL="conversations:4")
    assert done.returncode == 1
    assert "[conversations] day=4 skipped: RuntimeError: scripted failure" in done.stderr
    assert "redo each with --start N --end N" in done.stderr
    summary = json.loads(done.stdout)
    assert summary["failedDays"] == [4] and summary["conversationsGenerated"] == 5
    redo = run([*args[:-3], "--start", "4", "--end", "4"], env, tmp_path)
    assert redo.returncode == 0, redo.stderr
    assert calls(env, "conversations")[-1] == 4 and calls(env, "conversations").count(4) == 2


# ---- generate-tool-calls with the fake CLI agent --------------------------------------------------


def fake_claude(tmp_path: Path, *flags: str) -> dict[str, str]:
    """A ``claude`` on PATH that is the fake agent with ``flags``."""
    bindir = tmp_path / "bin"
    bindir.mkdir(exist_ok=True)
    script = bindir / "claude"
    quoted = " ".join("'" + f.replace("'", "'\\''") + "'" for f in flags)
    script.write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -m recallbench.testing.fake_agent {quoted} "$@"\n',
        "utf-8",
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return {"PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script stands in for claude")
def test_tool_calls_through_the_fake_claude_agent(
    persona: Path, env: dict[str, str], tmp_path: Path
) -> None:
    reply = json.dumps(
        {"calls": [{"session": "principal", "tool": "memorySave", "content": "Saved.\nTwo lines"}]}
    )
    args = [
        "generate-tool-calls",
        "--persona",
        str(persona),
        "--arcs",
        "arcs-30d.yaml",
        "--model",
        "claude",
        "--days",
        "3",
        "--json",
    ]
    done = run(args, env, tmp_path, **fake_claude(tmp_path, "--reply", reply))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["daysGenerated"], summary["modelCalls"]) == (3, 3)
    assert summary["totalInputTokens"] == 0  # agents report no tokens
    day2 = read_tool_calls(tool_calls_file(persona / "tools-30d", 2))
    assert day2.date == "2026-01-02" and day2.calls[0].content == "Saved.\nTwo lines"
    again = run(args, env, tmp_path, **fake_claude(tmp_path, "--exit-code", "3"))
    assert again.returncode == 0, again.stderr  # everything exists: the agent is never started
    assert json.loads(again.stdout)["skippedExisting"] == 3


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script stands in for claude")
def test_a_hung_agent_is_killed_at_the_timeout_and_the_day_fails(
    persona: Path, env: dict[str, str], tmp_path: Path
) -> None:
    args = [
        "generate-tool-calls",
        "--persona",
        str(persona),
        "--arcs",
        "arcs-30d.yaml",
        "--model",
        "claude",
        "--days",
        "2",
        "--timeout",
        "300",
        "--json",
    ]
    done = run(args, env, tmp_path, **fake_claude(tmp_path, "--sleep", "60"))
    assert done.returncode == 1
    assert json.loads(done.stdout)["failedDays"] == [1, 2]
    assert "[tool-calls] day=1 skipped:" in done.stderr and "timed out" in done.stderr
    assert not (persona / "tools-30d").exists() or not any((persona / "tools-30d").iterdir())


# ---- generate-qa ----------------------------------------------------------------------------------


def test_qa_sigint_then_resume_redoes_no_checkpoint(
    persona: Path, env: dict[str, str], tmp_path: Path
) -> None:
    qa_file = persona / "qa-30d" / "questions.yaml"
    qa_file.unlink()
    args = base_args("generate-qa", persona, "--interval", "3", "--parallelism", "1")

    def two_done() -> bool:
        if not qa_file.exists():
            return False
        header = parse_progress_header(qa_file.read_text("utf-8"))
        return header is not None and len(header.done.get("standard", ())) >= 2

    proc = subprocess.Popen(
        [*cli_argv(), *args],
        env=env | {"GEN_DELAY": "0.2"},
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _, stderr = interrupt_when(proc, two_done)
    assert proc.returncode == 130, stderr
    header = parse_progress_header(qa_file.read_text("utf-8"))
    assert header is not None
    done_first = set(header.done["standard"])
    kept = read_questions(qa_file)  # a whole, valid file
    assert len(kept) == 3 * len(done_first)
    assert [p.id for p in kept] == [f"tiny-q{n:03d}" for n in range(1, len(kept) + 1)]
    assert not [p for p in qa_file.parent.iterdir() if p.name.endswith(".tmp")]

    called_first = len(calls(env, "qa"))
    finish = run([*args, "--json"], env, tmp_path)
    assert finish.returncode == 0, finish.stderr
    redone = calls(env, "qa")[called_first:]
    assert not set(redone) & done_first
    assert sorted(set(redone) | done_first) == list(range(3, 31, 3))
    summary = json.loads(finish.stdout)
    assert summary["totalPairs"] == 30 and summary["checkpointsAlreadyDone"] == len(done_first)
    assert "  [qa]   day " in finish.stderr
    pairs = read_questions(qa_file)
    assert [p.id for p in pairs] == [f"tiny-q{n:03d}" for n in range(1, 31)]
    assert validate_dataset(persona.parent, arcs_file="arcs-30d.yaml") == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["generate-qa", "--persona", "missing", "--model", "model.py:model"],
            "persona directory not found",
        ),
        (
            [
                "generate-conversations",
                "--persona",
                "P",
                "--arcs",
                "arcs-30d.yaml",
                "--model",
                "model.py:model",
                "--days",
                "5",
                "--start",
                "2",
            ],
            "give either --days or --start/--end",
        ),
        (
            [
                "generate-tool-calls",
                "--persona",
                "P",
                "--arcs",
                "arcs-30d.yaml",
                "--model",
                "model.py:model",
                "--start",
                "31",
            ],
            "after the last day log (day 30)",
        ),
        (
            [
                "generate-qa",
                "--persona",
                "P",
                "--arcs",
                "arcs-30d.yaml",
                "--model",
                "model.py:model",
                "--mode",
                "boundary",
            ],
            "no isolated session",
        ),
        (
            [
                "generate-tool-calls",
                "--persona",
                "P",
                "--arcs",
                "arcs-9d.yaml",
                "--model",
                "model.py:model",
            ],
            "arcs-9d.yaml: file not found",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    persona: Path, env: dict[str, str], tmp_path: Path, args: list[str], message: str
) -> None:
    args = [str(persona) if a == "P" else a for a in args]
    done = run(args, env, tmp_path)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert calls(env, "qa") == [] and calls(env, "conversations") == []
