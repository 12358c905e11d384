"""JSON nested 100,000 levels deep, on every path that reads JSON from a file (issue 34.9): one line
naming the file (and the line of a JSON Lines log), exit 2 — never ``internal error: RecursionError``.
The real command line in a subprocess, real files."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from _cli import Outcome, cli
from hypothesis import given
from hypothesis import strategies as st

from recallbench._jsonread import MAX_DEPTH, JSONTooDeep, json_loads, orjson_loads, too_deep
from recallbench.testing import write_persona

DEPTH = 100_000
DEEP = "[" * DEPTH + "]" * DEPTH
ARGS = ("--arcs", "arcs-30d.yaml", "--ranges", "10d,30d", "--adapter", "builtin:null")
EXPECTED = f"nested deeper than {MAX_DEPTH} levels"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A persona root and a finished run of it (``runs/base``)."""
    root = tmp_path_factory.mktemp("deep")
    write_persona(root / "personas")
    done = cli("run", "--data", root / "personas", *ARGS, "--output", root / "runs" / "base")
    assert done.code == 0, done.err
    return root


@pytest.fixture
def deep_file(tmp_path: Path) -> Path:
    path = tmp_path / "deep.json"
    path.write_text(DEEP, encoding="utf-8")
    return path


def _refused(done: Outcome, where: str) -> None:
    assert done.code == 2, done.err
    assert "Traceback" not in done.err and "RecursionError" not in done.err, done.err
    (line,) = [line for line in done.err.splitlines() if EXPECTED in line]
    assert line.startswith("recallbench") and where in line, line


@pytest.mark.parametrize(
    "command",
    [
        ("report", "{deep}"),
        ("compare", "{deep}", "{base}/runs/base/result.json"),
        ("import", "locomo", "{deep}", "--out", "{tmp}/imported"),
        ("import", "longmemeval", "{deep}", "--out", "{tmp}/imported"),
        ("run", "--data", "locomo:{deep}", "--adapter", "builtin:null"),
        ("run", "--data", "longmemeval:{deep}", "--adapter", "builtin:null"),
        ("run", "--data", "{base}/personas", *ARGS, "--prices", "{deep}", "--output", "{tmp}/r"),
    ],
    ids=[
        "report",
        "compare",
        "import-locomo",
        "import-longmemeval",
        "run-locomo",
        "run-longmemeval",
        "prices",
    ],
)
@pytest.mark.slow  # the real command line in a subprocess per case: CI runs it
def test_a_deep_json_file_is_one_line_and_exit_2(
    command: tuple[str, ...], base: Path, deep_file: Path, tmp_path: Path
) -> None:
    args = [a.format(deep=deep_file, base=base, tmp=tmp_path) for a in command]
    done = cli(*args, env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    _refused(done, f"{deep_file}:1")
    imported = tmp_path / "imported"
    assert not imported.exists() or not any(imported.iterdir())  # no persona written
    assert not (tmp_path / "r" / "result.json").exists()


@pytest.mark.parametrize("log", ["progress.jsonl", "questions.jsonl"])
@pytest.mark.parametrize("how", ["resume", "retry-errors"])
@pytest.mark.slow  # the real command line in a subprocess per case: CI runs it
def test_a_deep_line_in_a_log_names_the_file_and_line(
    log: str, how: str, base: Path, tmp_path: Path
) -> None:
    run = tmp_path / "run"
    shutil.copytree(base / "runs" / "base", run)
    lines = (run / log).read_text(encoding="utf-8").count("\n")
    with (run / log).open("a", encoding="utf-8") as f:
        f.write(DEEP + "\n")
    result = run / "result.json"
    before = result.read_bytes()
    if how == "resume":
        result.unlink()
        done = cli("run", "--data", base / "personas", *ARGS, "--output", run,
                   "--resume", run / "progress.jsonl")  # fmt: skip
    else:  # the run has ended: its logs are older than its result
        for name in ("progress.jsonl", "questions.jsonl"):
            os.utime(run / name, (0, 0))
        done = cli("run", "--data", base / "personas", *ARGS, "--retry-errors", run)
    _refused(done, f"{log}:{lines + 1}")
    if how == "retry-errors":
        assert result.read_bytes() == before  # the good result is not overwritten


def test_a_deep_result_json_in_the_library_reader(deep_file: Path) -> None:
    from recallbench.errors import DatasetError
    from recallbench.results.result_json import load_result_data

    with pytest.raises(DatasetError, match=EXPECTED):
        load_result_data(deep_file)


def test_a_deep_line_is_refused_not_taken_for_a_torn_one(tmp_path: Path) -> None:
    """A whole line nested too deep, last in its log, is damage, not a killed writer's torn line."""
    from recallbench.errors import DatasetError
    from recallbench.results.question_log import jsonl_records

    log = tmp_path / "questions.jsonl"
    log.write_text('{"a": 1}\n' + DEEP + "\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=f"questions.jsonl:2: .*{EXPECTED}"):
        list(jsonl_records(log))


# -- the rule itself ------------------------------------------------------------------------------


def _nested(depth: int, leaf: object) -> object:
    value = leaf
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


@given(
    depth=st.integers(0, MAX_DEPTH + 3),
    leaf=st.one_of(st.text(alphabet='[]{}"\\ab'), st.integers(), st.none()),
)
def test_the_depth_is_exact_whatever_the_strings_hold(depth: int, leaf: object) -> None:
    """Brackets, quotes and backslashes inside strings neither add nor hide a level."""
    text = json.dumps(_nested(depth, leaf))
    assert too_deep(text) == (depth > MAX_DEPTH)
    if depth > MAX_DEPTH:
        with pytest.raises(JSONTooDeep):
            json_loads(text)
        with pytest.raises(json.JSONDecodeError):  # orjson's error, a JSONDecodeError too
            orjson_loads(text.encode())
    else:
        assert json_loads(text) == orjson_loads(text.encode()) == json.loads(text)
