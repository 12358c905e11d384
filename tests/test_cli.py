"""The command line: list, ranges, plan, and how bad input is reported."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from recallbench.cli import main
from recallbench.data.dataset import shipped_personas_dir
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
    assert data[-1]["days"] is None  # every day on disk, not a sentinel number
    assert data[2] == {"label": "6mo", "days": 180}


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
    (persona,) = plan["personas"]
    # 30d reaches the last day: full, past it, would ask the same days again.
    assert [c["label"] for c in persona["checkpoints"]] == ["7d", "14d", "21d", "28d", "30d"]
    assert persona["collapsed"] == ["full"]
    repeated = _plan(
        capsys, tiny_data, "--ranges", "7:30:7", "full", "--lifecycle", "incremental",
        "--repeat-checkpoints",
    )  # fmt: skip
    cps = repeated["personas"][0]["checkpoints"]
    assert [c["label"] for c in cps] == ["7d", "14d", "21d", "28d", "30d", "full"]
    assert cps[-1]["days"] == 30 and cps[-1]["daysToIngest"] == 0
    assert repeated["personas"][0]["collapsed"] == []


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


# ---------------------------------------------------------------------------------------------------
# Issue 20, a newcomer's first hour: the real entry point, in a subprocess


def cli(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run(
        [sys.executable, "-m", "recallbench", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
        check=False,
    )


SHIPPED_NOTE = "using the shipped personas ({}); --data DIR names another data directory"


def test_list_plan_and_validate_default_to_the_shipped_personas() -> None:
    shipped = shipped_personas_dir()
    listed = cli("list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert "executive-assistant" in json.loads(listed.stdout)
    assert listed.stderr.strip() == "recallbench list: " + SHIPPED_NOTE.format(shipped)

    selection = ("--personas", "executive-assistant", "--arcs", "arcs-180d.yaml")
    plan = cli("plan", *selection, "--ranges", "30d", "--json")
    assert plan.returncode == 0, plan.stderr
    assert json.loads(plan.stdout)["personas"][0]["personaId"] == "executive-assistant"
    assert "recallbench plan: " + SHIPPED_NOTE.format(shipped) in plan.stderr

    valid = cli("validate", *selection)
    assert valid.returncode == 0, valid.stdout + valid.stderr
    assert f"OK: {shipped} is valid with arcs-180d.yaml" in valid.stdout
    assert "recallbench validate: " + SHIPPED_NOTE.format(shipped) in valid.stderr


def test_given_data_is_used_without_a_note(tiny_data: Path) -> None:
    listed = cli("list", "--data", str(tiny_data))
    assert listed.returncode == 0
    assert listed.stderr == ""


@pytest.mark.parametrize(
    ("arcs_files", "hint"),
    [
        (["arcs-500d.yaml"], "its arcs file is arcs-500d.yaml: pass --arcs arcs-500d.yaml"),
        (
            ["arcs-500d.yaml", "arcs-90d.yaml"],
            "its arcs files are arcs-500d.yaml, arcs-90d.yaml: pass --arcs with one of them",
        ),
        ([], "it has no arcs file at all (arcs-<N>d.yaml, selecting memories-<N>d/ and qa-<N>d/)"),
    ],
)
def test_a_missing_arcs_file_names_those_there(
    tmp_path: Path, arcs_files: list[str], hint: str
) -> None:
    root = tmp_path / "data"
    pdir = write_persona(root, "solo", days=30, suffix="500d")
    (pdir / "arcs-500d.yaml").rename(pdir / "arcs.keep")
    for name in arcs_files:
        (pdir / name).write_text((pdir / "arcs.keep").read_text())
    missing = pdir / "arcs-1000d.yaml"

    valid = cli("validate", "--data", str(root))
    assert valid.returncode == 2
    lines = valid.stdout.splitlines()
    assert f"{missing}: error: file not found" in lines
    assert f"{missing}: note: solo has no arcs-1000d.yaml; {hint}" in lines

    plan = cli("plan", "--data", str(root))
    assert plan.returncode == 2
    assert plan.stderr.strip() == f"recallbench plan: error: {missing}: file not found; {hint}"


RUN_ON_TINY = ("--arcs", "arcs-30d.yaml", "--ranges", "10d")


def _one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    """The run refused before any work: exit 2, nothing asked, one error line."""
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "[bench] [" not in done.stderr  # no checkpoint ran
    assert done.stdout == ""
    [line] = [x for x in done.stderr.splitlines() if x.startswith("recallbench run: error: ")]
    assert [x for x in done.stderr.splitlines() if x != line] in ([], ["[bench preflight] OK"])
    return line.removeprefix("recallbench run: error: ")


@pytest.mark.parametrize(
    ("flag", "spec", "expected"),
    [
        (
            "--judge",
            "gpt-4o-mini",
            'cannot load judge "gpt-4o-mini": not a known name, a module path or a Python file (did you mean '
            "openai:gpt-4o-mini?); judge specs are: stub | rubric | beam:<model spec> | "
            "beam-paper:<model spec> | beam-nuggets | locomo-f1 | locomo-llm:<model spec> | "
            "longmemeval:<model spec> | claude | codex | copilot | "
            "openai | openai:<model>[;<endpoint>] | anthropic:<model>[;<endpoint>] | "
            "azure:<deployment>[;<endpoint>] | pkg.module:attr | path/to/file.py[:attr]",
        ),
        (
            "--judge",
            "anthropic",
            'cannot load judge "anthropic": anthropic needs a model (did you mean anthropic:<model>?); judge '
            "specs are: stub | rubric | beam:<model spec> | beam-paper:<model spec> | beam-nuggets | "
            "locomo-f1",
        ),
        (
            "--adapter",
            "bm25",
            'cannot load adapter "bm25": no module named bm25 (did you mean builtin:bm25?); adapter specs are: '
            "builtin:<name> (bm25, fts5, ",
        ),
    ],
)
def test_bad_specs_say_the_accepted_forms_and_the_nearest(
    tiny_data: Path, flag: str, spec: str, expected: str
) -> None:
    other = ("--judge", "rubric") if flag == "--adapter" else ("--adapter", "builtin:bm25")
    done = cli("run", flag, spec, *other, "--data", str(tiny_data), *RUN_ON_TINY)
    assert _one_error_line(done).startswith(expected)


def test_a_malformed_adapter_class_is_refused_before_any_work(
    tiny_data: Path, tmp_path: Path
) -> None:
    """Issue 20 item 6: a class missing finalize_ingestion printed an empty report and the same
    error once per unit of work, exit 1."""
    adapter = tmp_path / "broken.py"
    adapter.write_text(
        "class Memory:\n"
        "    name = 'broken'\n"
        "    async def setup(self): ...\n"
        "    async def ingest_day(self, day, content, metadata): ...\n"
        "    async def query(self, question): return ''\n"
        "    async def teardown(self): ...\n"
        "adapter = Memory\n",
        encoding="utf-8",
    )
    done = cli(
        "run",
        "--adapter",
        str(adapter),
        "--judge",
        "rubric",
        "--data",
        str(tiny_data),
        "--arcs",
        "arcs-30d.yaml",
        "--ranges",
        "5d,10d,15d,20d",
        cwd=tmp_path,
    )
    assert _one_error_line(done) == (
        f'adapter "{adapter}": class Memory is not an adapter (missing finalize_ingestion); an '
        "adapter class defines async setup, ingest_day, finalize_ingestion, query, teardown and "
        "has a string name (docs/adapters.md)"
    )


def test_a_flat_profile_runs_what_it_says(tmp_path: Path) -> None:
    """Issue 20 item 3: this profile ran the full default main job instead."""
    data = tmp_path / "data"
    write_persona(data, "tiny")
    write_persona(data, "other")
    example = Path(__file__).resolve().parents[1] / "examples" / "session_memory.py"
    profile = tmp_path / "run.yaml"
    profile.write_text(
        f"adapter: {example}\n"
        "config: {name: from-profile}\n"
        "data: data\n"
        "personas: tiny\n"
        "arcs: arcs-30d.yaml\n"
        "judge: rubric\n"
        "ranges: [10d, 20d]\n"
        "lifecycle: incremental\n",
        encoding="utf-8",
    )
    out = tmp_path / "out" / "result.json"
    done = cli("run", "--profile", str(profile), "--json", "--json-out", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["adapterName"] == "from-profile"
    [persona] = result["personas"]
    assert persona["personaId"] == "tiny"
    assert [r["range"]["label"] for r in persona["rangeResults"]] == ["10d", "20d"]
    assert result["metadata"]["judgeModel"] == "rubric"
    assert result["metadata"]["lifecycle"] == "incremental"
    assert "Using the built-in defaults" not in done.stdout + done.stderr

    # Flags win over the profile.
    again = cli(
        "run",
        "--profile",
        str(profile),
        "--personas",
        "other",
        "--ranges",
        "5d",
        "--json",
        "--json-out",
        str(out),
        cwd=tmp_path,
    )
    assert again.returncode == 0, again.stderr
    [persona] = json.loads(again.stdout)["personas"]
    assert persona["personaId"] == "other"
    assert [r["range"]["label"] for r in persona["rangeResults"]] == ["5d"]


def test_a_profile_key_the_loader_does_not_know_is_an_error(tmp_path: Path) -> None:
    profile = tmp_path / "run.yaml"
    profile.write_text("adapter: builtin:bm25\njudge: rubric\nrange: 30d\n", encoding="utf-8")
    done = cli("run", "--profile", str(profile), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(
        f'recallbench run: error: profile {profile}:3: unknown key "range" (did you mean '
        '"ranges"?): a profile holds either'
    )


def test_shipped_personas_are_built_once_into_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What an installed package does (tests/test_install.py does it for real, with all seven
    variants): no checkout personas, so they are built into the cache — here just one variant."""
    import recallbench.data.dataset as dataset
    import recallbench.generation.synth as synth
    from recallbench.cli._shipped import personas_cache_dir
    from recallbench.cli._shipped import shipped_personas_dir as cli_shipped

    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(dataset, "SOURCE_PERSONAS_DIR", tmp_path / "no-checkout")
    small = [v for v in synth.SHIPPED_VARIANTS if v[1] < 365][:1]
    monkeypatch.setattr(synth, "SHIPPED_VARIANTS", tuple(small))
    expected = tmp_path / "cache" / "personas" / f"engine-v{synth.ENGINE_VERSION}"
    assert personas_cache_dir(synth.ENGINE_VERSION) == expected

    said = io.StringIO()
    assert cli_shipped(said) == expected
    assert said.getvalue().startswith(
        "recallbench: this installation has no shipped personas yet: building them once with the "
        f"deterministic engine (version {synth.ENGINE_VERSION}) into {expected} "
    )
    assert "recallbench: built 1 shipped persona variants in " in said.getvalue()
    [(persona_id, days, _)] = small
    assert (expected / persona_id / f"arcs-{days}d.yaml").is_file()
    assert list((tmp_path / "cache" / "personas").iterdir()) == [expected]  # no partial build left

    again = io.StringIO()
    assert cli_shipped(again) == expected
    assert again.getvalue() == ""
