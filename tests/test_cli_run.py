"""`recallbench run` end to end through its real entry point (in-process main, and a subprocess)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from recallbench.cli import main

FAKES = """
from recallbench.testing import ScriptedAdapter, ScriptedJudge

def adapter(config):
    return ScriptedAdapter(name=config.get("name", "scripted"))

def broken():
    return ScriptedAdapter(name="broken", fail_ingest_day=7)

judge = ScriptedJudge(name="containment")
"""


@pytest.fixture
def fakes(tmp_path: Path) -> Path:
    path = tmp_path / "fakes.py"
    path.write_text(FAKES, encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["run", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_run_text_report_and_artifacts(
    tiny_data: Path, fakes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "out"
    code, out, err = _run(
        capsys,
        "--adapter",
        f"{fakes}:adapter",
        "--judge",
        f"{fakes}:judge",
        "--data",
        str(tiny_data),
        "--arcs",
        "arcs-30d.yaml",
        "--ranges",
        "10d",
        "30d",
        "--json-out",
        str(out_dir / "result.json"),
    )
    assert code == 0, err
    assert "[bench preflight] OK" in err
    assert (
        "[bench] [ 1/ 2] tiny    10d" in err
    )  # plain progress lines when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].startswith("recallbench · scripted · 1 persona · 2 checkpoints")
    assert len(lines) <= 26  # the headline, not the full report
    assert re.search(r"^  Score          \d\.\d\d/6\.0 \(\d+\.\d%\)", out, re.M)
    assert f"  Judge          {fakes}:judge (no model calls)" in lines and "NOT JUDGED" not in out
    assert "  OVERALL " in out  # the aggregate heatmap with its OVERALL row
    assert f"  Report  {out_dir / 'report.html'}" in lines
    assert f"  Result  {out_dir / 'result.json'}" in lines
    assert lines[-1].startswith(f"Saved in {out_dir}/: result.json, heatmap.png")
    assert {p.name for p in out_dir.iterdir()} >= {
        "result.json",
        "progress.jsonl",
        "questions.jsonl",
        "heatmap.png",
        "hallucination.png",
        "report.html",
    }
    result = json.loads((out_dir / "result.json").read_text(encoding="utf-8"))
    assert [r["range"]["label"] for r in result["personas"][0]["rangeResults"]] == ["10d", "30d"]
    assert result["metadata"]["lifecycle"] == "fresh"


def test_stub_judge_is_announced(
    tiny_data: Path, fakes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(
        capsys,
        "--adapter",
        f"{fakes}:adapter",
        "--data",
        str(tiny_data),
        "--arcs",
        "arcs-30d.yaml",
        "--ranges",
        "5d",
    )
    assert code == 0
    lines = out.splitlines()
    # Not a score of 0 and a hallucination rate of 100%: the headline says nothing was judged.
    assert lines[1].startswith("  Score          NOT JUDGED — the stub judge scores every answer 0")
    assert lines[2] == "  Hallucination  n/a (nothing was judged)"
    assert "100.0%" not in out


def test_heatmap_grid_wins_over_json(
    tiny_data: Path, fakes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(
        capsys,
        "--adapter",
        f"{fakes}:adapter",
        "--judge",
        f"{fakes}:judge",
        "--data",
        str(tiny_data),
        "--arcs",
        "arcs-30d.yaml",
        "--ranges",
        "10d,20d",
        "--heatmap",
        "--json",
    )
    assert code == 0
    grid = json.loads(out)
    assert grid["ranges"] == ["10d", "20d"]
    assert grid["scores"][0] == [6, 6]  # factual-recall, all answered from memory
    assert len(grid["categories"]) == 10


def test_profile_supplies_settings_and_flags_win(
    tiny_data: Path, fakes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "profile.yaml"
    profile.write_text(
        f"persona: {{id: tiny, dir: {tiny_data / 'tiny'}, arcs: arcs-30d.yaml}}\n"
        f"models: {{judge: '{fakes}:judge'}}\n"
        f"harness: {{adapter: '{fakes}', factory: adapter, config: {{name: from-profile}}}}\n"
        "run: {ranges: [10d, 20d], seed: 7, lifecycle: incremental}\n",
        encoding="utf-8",
    )
    code, out, err = _run(capsys, "--profile", str(profile), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["adapterName"] == "from-profile"
    assert [r["label"] for r in result["ranges"]] == ["10d", "20d"]
    assert result["metadata"]["lifecycle"] == "incremental"
    code, out, err = _run(
        capsys, "--profile", str(profile), "--ranges", "5d", "--lifecycle", "fresh", "--json"
    )
    assert code == 0, err
    result = json.loads(out)
    assert [r["label"] for r in result["ranges"]] == ["5d"]
    assert result["metadata"]["lifecycle"] == "fresh"


def test_preflight_failure_exits_2(
    tmp_path: Path, fakes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(
        capsys, "--adapter", f"{fakes}:adapter", "--data", str(tmp_path / "nowhere")
    )
    assert code == 2
    assert "[bench preflight] FAILED" in err and "data directory not found" in err
    assert "--skip-preflight" not in err  # skipping the checks cannot make missing data appear


def test_without_an_adapter_the_builtin_defaults_run_and_say_so(
    tiny_data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RECALLBENCH_RUNS_DIR")  # the default: runs/ in the working directory
    code, out, err = _run(capsys, "--data", str(tiny_data), "--arcs", "arcs-30d.yaml")
    assert code == 0, err
    first = out.splitlines()[0]
    assert first.startswith("Using the built-in defaults: adapter builtin:bm25")
    assert "judge rubric" in first
    assert "To benchmark your own memory system: recallbench run --adapter" in out
    (result_json,) = (tmp_path / "runs").glob("bm25-*/result.json")
    data = json.loads(result_json.read_text())
    assert data["adapterName"] == "builtin:bm25"
    assert data["metadata"]["judgeModel"] == "rubric"
    assert data["retrieval"]["questionCount"] > 0  # bm25 reports the days it retrieved
    assert "  Retrieval      recall@10 " in out and "recallbench · builtin:bm25" in out
    assert out.splitlines()[-1].startswith(f"Saved in {Path('runs') / result_json.parent.name}/")
    # With --json the notice goes to stderr, so stdout stays one JSON document.
    code, out, err = _run(capsys, "--data", str(tiny_data), "--arcs", "arcs-30d.yaml", "--json")
    assert code == 0 and json.loads(out)["adapterName"] == "builtin:bm25"
    assert "Using the built-in defaults" in err


def test_unknown_builtin_adapter_is_one_clear_line(
    tiny_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(capsys, "--adapter", "builtin:nope", "--data", str(tiny_data))
    assert code == 2
    assert "builtin:nope" in err and "builtin:bm25" in err and "Traceback" not in err


def test_a_stopped_persona_exits_1_and_keeps_its_logs(
    tiny_data: Path, fakes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "out"
    code, _, err = _run(
        capsys,
        "--adapter",
        f"{fakes}:broken",
        "--judge",
        f"{fakes}:judge",
        "--data",
        str(tiny_data),
        "--arcs",
        "arcs-30d.yaml",
        "--ranges",
        "5d,10d",
        "--lifecycle",
        "incremental",
        "--json-out",
        str(out_dir / "result.json"),
    )
    assert code == 1
    assert "persona tiny stopped: ingesting day 7 failed" in err
    lines = (out_dir / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5  # the 5d checkpoint was answered before day 7 broke ingestion
    result = json.loads((out_dir / "result.json").read_text(encoding="utf-8"))
    assert "ingesting day 7" in result["personas"][0]["error"]


def test_bad_ranges_exit_2(
    tiny_data: Path, fakes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(
        capsys,
        "--adapter",
        f"{fakes}:adapter",
        "--data",
        str(tiny_data),
        "--arcs",
        "arcs-30d.yaml",
        "--ranges",
        "weekly",
    )
    assert code == 2
    assert "--ranges: invalid time range 'weekly'" in err


def test_python_dash_m_run(tiny_data: Path, fakes: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "recallbench",
            "run",
            "--adapter",
            f"{fakes}:adapter",
            "--judge",
            f"{fakes}:judge",
            "--data",
            str(tiny_data),
            "--arcs",
            "arcs-30d.yaml",
            "--ranges",
            "3d",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["metadata"]["totalEvalsRun"] == 3
