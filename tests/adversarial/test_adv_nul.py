"""A NUL character in data is refused wherever data is loaded (issue 34.8): a day log, a YAML file's
escaped ``"\\0"``, a MemoryBench file's ``\\u0000`` — by ``validate`` and by ``run`` alike, one line
naming the file (and line), exit 2, before the adapter is called. Real files, the real command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from _cli import ROOT, adapter_file, cli

from recallbench.testing import write_persona

ARGS = ("--arcs", "arcs-30d.yaml", "--ranges", "10d,30d")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root)
    return root


def _recording_adapter(tmp_path: Path) -> Path:
    """An adapter that notes every day it is given in ``calls.txt``."""
    calls = tmp_path / "calls.txt"
    return adapter_file(tmp_path, ingest=f"open({str(calls)!r}, 'a').write(repr(content))")


def _refused_everywhere(data: Path, tmp_path: Path, where: str, *extra: str) -> None:
    checked = cli("validate", "--data", data, *([] if extra else ARGS[:2]))
    assert checked.code == 2 and where in checked.out + checked.err, checked.out + checked.err
    adapter = _recording_adapter(tmp_path)
    out = tmp_path / "run"
    done = cli("run", "--data", data, *(extra or ARGS), "--adapter", adapter, "--output", out)
    assert done.code == 2, done.err
    assert "Traceback" not in done.err
    # One line for it: the run's error, or the preflight's line for the file.
    lines = [line for line in done.err.splitlines() if where in line and "NUL" in line]
    assert lines and all(line == lines[0] or "case '" in line for line in lines), done.err
    assert not (tmp_path / "calls.txt").exists()  # the adapter got nothing
    assert not (out / "result.json").exists()


def test_a_nul_byte_in_a_day_is_refused_by_run_too(data: Path, tmp_path: Path) -> None:
    day = data / "tiny" / "memories-30d" / "day-0004.md"
    day.write_text(day.read_text(encoding="utf-8") + "\nhalf\x00written\n", encoding="utf-8")
    lines = day.read_text(encoding="utf-8").index("\x00")
    line = day.read_text(encoding="utf-8").count("\n", 0, lines) + 1
    _refused_everywhere(data, tmp_path, f"day-0004.md:{line}")


def test_an_escaped_nul_in_questions_yaml_is_refused(data: Path, tmp_path: Path) -> None:
    questions = data / "tiny" / "qa-30d" / "questions.yaml"
    text = questions.read_text(encoding="utf-8")
    first = text.index("question:")
    end = text.index("\n", first)
    questions.write_text(
        text[:first] + 'question: "What was\\0 the code?"' + text[end:], encoding="utf-8"
    )
    line = text.count("\n", 0, first) + 1
    _refused_everywhere(data, tmp_path, f"questions.yaml:{line}")


def test_a_nul_in_memorybench_content_is_refused(tmp_path: Path) -> None:
    bench = tmp_path / "bench"
    shutil.copytree(ROOT / "examples" / "benchmarks" / "household-chats", bench)
    path = bench / "conversations.json"
    cases = json.loads(path.read_text(encoding="utf-8"))
    cases[0]["sessions"][0][0]["content"] += "\x00"
    path.write_text(json.dumps(cases, indent=2), encoding="utf-8")  # written as \u0000
    assert "\\u0000" in path.read_text(encoding="utf-8")
    _refused_everywhere(bench, tmp_path, "conversations.json", "--judge", "rubric")
