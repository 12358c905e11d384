"""The command line: list, ranges, plan, and how bad input is reported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from recallbench.cli import main
from recallbench.testing import write_persona


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_text_and_json(tiny_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_persona(tiny_data, "another")
    code, out, _ = run(capsys, "list", "--data", str(tiny_data))
    assert code == 0
    assert out.splitlines() == ["Available personas:", "  - another", "  - tiny"]
    code, out, _ = run(capsys, "list", "--data", str(tiny_data), "--json")
    assert json.loads(out) == ["another", "tiny"]


def test_list_missing_data_dir(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "list", "--data", str(tmp_path / "nope"))
    assert code == 2
    assert "nope" in err and "not found" in err and "Traceback" not in err


def test_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ranges")
    assert code == 0
    assert "  30d    → 30 days" in out and "  6mo    → 180 days" in out and "full" in out
    code, out, _ = run(capsys, "ranges", "--json")
    data = json.loads(out)
    assert [r["label"] for r in data] == ["30d", "90d", "6mo", "1y", "full"]
    assert data[-1]["days"] == 9007199254740991


def _plan(capsys: pytest.CaptureFixture[str], data: Path, *extra: str) -> dict:
    code, out, err = run(
        capsys, "plan", "--data", str(data), "--arcs", "arcs-30d.yaml", "--json", *extra
    )
    assert code == 0, err
    return json.loads(out)


def test_plan_json_shape_and_totals_fresh(
    tiny_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = _plan(capsys, tiny_data, "--ranges", "10d", "20d,30d")
    [persona] = plan["personas"]
    assert persona["personaId"] == "tiny"
    cps = persona["checkpoints"]
    assert [(c["label"], c["days"], c["daysToIngest"]) for c in cps] == [
        ("10d", 10, 10),
        ("20d", 20, 20),
        ("30d", 30, 30),
    ]
    # One pair per day plus a negative-recall pair on day 30: 10, 20, 31 eligible, all asked.
    assert [len(c["questionIds"]) for c in cps] == [10, 20, 31]
    assert plan["totals"] == {"setups": 3, "dayIngests": 60, "questions": 61, "judgeCalls": 61}


def test_plan_incremental_ingests_each_day_once(
    tiny_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = _plan(
        capsys, tiny_data, "--ranges", "10d,20d,30d", "--lifecycle", "incremental", "--sample", "5"
    )
    cps = plan["personas"][0]["checkpoints"]
    assert [c["daysToIngest"] for c in cps] == [10, 10, 10]
    assert [len(c["questionIds"]) for c in cps] == [10, 15, 16]
    assert plan["totals"]["setups"] == 1 and plan["totals"]["dayIngests"] == 30


def test_plan_series_and_full(tiny_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plan = _plan(capsys, tiny_data, "--ranges", "7:30:7", "full", "--lifecycle", "incremental")
    cps = plan["personas"][0]["checkpoints"]
    assert [c["label"] for c in cps] == ["7d", "14d", "21d", "28d", "30d", "full"]
    assert cps[-1]["days"] == 30 and cps[-1]["daysToIngest"] == 0


def test_plan_text(tiny_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "plan", "--data", str(tiny_data), "--arcs", "arcs-30d.yaml", "--ranges", "10d,30d"
    )
    assert code == 0
    assert "tiny (30 days on disk)" in out
    assert "Totals: 2 adapter setup(s) · 40 day ingests · 41 questions · 41 judge calls" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--ranges", "weekly"], "invalid time range 'weekly'"),
        (["--ranges", "7:1:7"], "end 1 is before start 7"),
        (["--personas", "../escape"], "not a directory name"),
        (["--personas", "ghost"], "persona 'ghost' not found"),
        (["--arcs", "arcs-90d.yaml"], "arcs-90d.yaml: file not found"),
    ],
)
def test_plan_bad_input_is_one_clear_line(
    tiny_data: Path, capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    args = ["plan", "--data", str(tiny_data), "--arcs", "arcs-30d.yaml", *argv]
    code, out, err = run(capsys, *args)
    assert code == 2
    assert needle in err
    assert "Traceback" not in err + out


def test_bad_flag_value_exits_2(tiny_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["plan", "--data", str(tiny_data), "--sample", "-3"])
    assert exc.value.code == 2
    assert "--sample" in capsys.readouterr().err


def test_python_dash_m_entry_point(tiny_data: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "recallbench", "list", "--data", str(tiny_data), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout) == ["tiny"]
