"""A misspelt persona, arcs file or adapter path is one line that names the nearest existing names
and, when they are few, lists them (issue 35.6)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from recallbench._suggest import nearest_hint

ROOT = Path(__file__).resolve().parent.parent


def _recallbench(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "recallbench", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize("command", ["run", "plan", "validate"])
def test_a_misspelt_persona_names_the_nearest_and_lists_them(command: str) -> None:
    extra = ["--no-save"] if command == "run" else []
    done = _recallbench(command, "--personas", "executive-asistant", *extra)
    assert done.returncode == 2
    assert "did you mean executive-assistant?" in done.stderr + done.stdout
    assert "research-scientist" in done.stderr + done.stdout  # six personas: all listed
    assert "Traceback" not in done.stderr


def test_a_misspelt_arcs_file_is_one_line_naming_the_arcs_files() -> None:
    done = _recallbench(
        "run", "--personas", "executive-assistant", "--arcs", "arcs-180.yaml", "--no-save"
    )
    assert done.returncode == 2
    problems = [line for line in done.stderr.splitlines() if "✗" in line]
    assert len(problems) == 1, done.stderr  # not also its questions and memories folders
    assert "did you mean arcs-180d.yaml" in problems[0]
    assert "arcs files there: arcs-1000d.yaml, arcs-180d.yaml" in problems[0]


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("examples/keyword_memory", "did you mean examples/keyword_memory.py?"),
        ("examples/keyword_memroy.py", "did you mean keyword_memory.py"),
    ],
)
def test_a_misspelt_adapter_path_names_the_file_it_likely_meant(spec: str, needle: str) -> None:
    done = _recallbench("run", "--adapter", spec, "--personas", "executive-assistant", "--no-save")
    assert done.returncode == 2
    assert needle in done.stderr


def test_nearest_hint() -> None:
    assert nearest_hint("x", [], "names") == ""
    assert nearest_hint("qqq", ["alpha", "beta"], "names") == " (names: alpha, beta)"
    many = [f"persona-{n:02d}" for n in range(20)]
    hint = nearest_hint("persona-7", many, "names")  # too many to list: the nearest only
    assert hint.startswith("; did you mean ") and "persona-07" in hint and "(names" not in hint
