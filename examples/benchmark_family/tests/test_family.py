"""The family through recallbench: the registry's checks, --data, validate, the judges, a run's
figures and report section, the fingerprint, and the command line (in this process)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from recallbench_diary.convert import IMPORT_MARKER, convert_file
from recallbench_diary.format import read_diaries
from recallbench_diary.judge import DiaryF1Judge

import recallbench as rb
from recallbench.errors import ConfigError, DatasetError
from recallbench.family import Benchmark, detect, family, open_data, resolve_data
from recallbench.harness import AdapterErrorLimit
from recallbench.testing import ScriptedAdapter

pytestmark = pytest.mark.usefixtures("diary")


def _answers(sample: Path) -> dict[str, str]:
    """Every question of the sample answered with its reference."""
    return {q.question: q.answer for d in read_diaries(sample) for q in d.questions}


def test_the_registry_accepts_it() -> None:
    found = family("diary")
    assert isinstance(found, Benchmark)
    assert found.title == "Diary Recall"
    assert all(o.flag.startswith("--diary-") for o in found.data_options)
    assert all(form.startswith("diary") for form in found.judge_forms)


def test_data_resolves_to_the_converted_folder(sample: Path) -> None:
    folder = resolve_data(f"diary:{sample}")
    assert (folder / IMPORT_MARKER).is_file()
    assert detect(folder).name == "diary"  # the marker names the family
    owner, dataset = open_data(f"diary:{sample}", "arcs-1000d.yaml")
    assert owner is family("diary")
    assert getattr(dataset, "benchmark", None) is owner
    assert dataset.persona_ids() == ["ada", "ben"]
    assert [r.label for r in dataset.default_ranges] == ["full"]  # type: ignore[attr-defined]
    assert {q.category for q in dataset.load("ada").qa} == {"fact", "date", "latest", "absent"}


def test_a_file_given_to_open_is_converted_first(sample: Path) -> None:
    dataset = family("diary").open(sample, arcs_file="arcs-1000d.yaml")
    assert dataset.persona_ids() == ["ada", "ben"]


def test_what_it_refuses(tmp_path: Path, sample: Path) -> None:
    owner = family("diary")
    with pytest.raises(ConfigError, match="--data diary:FILE"):
        owner.resolve("diary-x", str(sample), {})
    folder = resolve_data(f"diary:{sample}")
    with pytest.raises(ConfigError, match="--diary-absent applies to --data diary:FILE"):
        resolve_data(f"diary:{folder}", {"diary_absent": "skip"})
    with pytest.raises(DatasetError, match="no Diary Recall data here"):
        owner.open(tmp_path, arcs_file="arcs-1000d.yaml")
    (tmp_path / IMPORT_MARKER).write_text('{"family": "personas"}', encoding="utf-8")
    with pytest.raises(DatasetError, match="names the personas family, not diary"):
        owner.open(tmp_path, arcs_file="arcs-1000d.yaml")


def test_validate(tmp_path: Path, sample: Path) -> None:
    owner = family("diary")
    ok = owner.validate(sample, personas=None, arcs_file="arcs-1000d.yaml", deep=False)
    assert (ok.problems, ok.ok) == ((), f"OK: {sample} is a valid Diary Recall file")
    bad = tmp_path / "bad.json"
    bad.write_text(sample.read_text().replace('"ada-01"]}', '"ada-99"]}'), encoding="utf-8")
    found = owner.validate(bad, personas=None, arcs_file="arcs-1000d.yaml", deep=False)
    assert [(p.path, p.message) for p in found.problems] == [
        (bad, "diaries[0].questions[0].evidence: 'ada-99' is no entry of this diary")
    ]
    out = tmp_path / "out"
    convert_file(sample, out, {})
    assert owner.validate(out, personas=None, arcs_file="arcs-1000d.yaml", deep=True).problems == ()
    (out / "ben" / "persona.yaml").unlink()
    problems = owner.validate(out, personas=None, arcs_file="arcs-1000d.yaml", deep=False).problems
    assert [p.path.name for p in problems] == ["persona.yaml"]
    assert owner.unit_ids(out, arcs_file="arcs-1000d.yaml") == ["ada", "ben"]


def test_its_judge_loads_by_name() -> None:
    assert isinstance(rb.load_judge("diary-f1"), DiaryF1Judge)
    owner = family("diary")
    assert owner.load_judge("diary-exact", base_dir=None, timeout=None) is None
    assert owner.own_default_judge


def test_a_run_gets_its_judge_figures_section_and_fingerprint(tmp_path: Path, sample: Path) -> None:
    result = rb.run_sync(
        ScriptedAdapter(answer=_answers(sample)),
        f"diary:{sample}",
        output=rb.RunOutput.directory(tmp_path / "run"),
        progress=False,
    )
    published: dict[str, Any] = json.loads((tmp_path / "run" / "result.json").read_text())[
        "publicBenchmark"
    ]["diary"]
    assert published["questions"] == 12
    assert published["overallF1"] == 1.0
    assert [c["category"] for c in published["categories"]] == ["fact", "date", "latest", "absent"]
    assert result.overall_score == 6.0  # the default judge is diary-f1: every answer exact
    text = rb.format_text_report(result)
    assert "DIARY RECALL (published layout; see docs/reports.md)" in text
    assert "  overall          12  1.0000" in text
    datasets = result.metadata.fingerprint["datasets"]
    assert datasets["ada"]["source"].startswith("diary-v1-")
    assert result.metadata.fingerprint["judges"]["primary"]["name"] == "diary-f1"


def test_the_figures_do_not_depend_on_the_judge(tmp_path: Path, sample: Path) -> None:
    answers = _answers(sample)
    fails = "How much is the rent of Ben's new flat?"
    result = rb.run_sync(
        ScriptedAdapter(answer=answers, fail_on=[fails]),
        f"diary:{sample}",
        judge="stub",
        config=rb.RunConfig(max_adapter_errors=AdapterErrorLimit.parse("none")),
        progress=False,
    )
    published = result.public_benchmark["diary"]
    assert published["failedAnswers"] == 1  # counted as 0
    assert published["overallF1"] == round(11 / 12, 4)
    assert result.metadata.fingerprint["judges"]["primary"]["type"].endswith("StubJudge")
    owner = family("diary")
    (table,) = owner.tables(published)
    assert "1 answer(s) failed (an error or a timeout): counted as 0" in table.notes
    assert owner.headline(published) == "Diary Recall: F1 0.9167 over 12 questions (diary-f1)"


def test_a_section_without_figures() -> None:
    owner = family("diary")
    published = {"questions": 0, "overallF1": None, "categories": [], "unanswered": 3}
    (table,) = owner.tables(published)
    assert table.rows == (("overall", "0", "—"),)
    assert table.notes[-1].startswith("WARNING: 3 question(s) got no answer")
    assert owner.headline(published) is None


def test_the_command_line(tmp_path: Path, sample: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from recallbench.cli import main

    assert main(["import", "diary", str(sample), "--out", str(tmp_path / "d")]) == 0
    said = capsys.readouterr().out
    assert "2 diary(ies), 12 question(s) written as personas" in said
    assert main(["list", "--data", str(tmp_path / "d")]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Available writers (Diary Recall benchmark):",
        "  - ada",
        "  - ben",
    ]
    assert main(["validate", "--data", str(tmp_path / "d")]) == 0
    assert "is valid Diary Recall data" in capsys.readouterr().out
    code = main(
        [
            "run",
            "--adapter",
            "builtin:bm25",
            "--data",
            f"diary:{sample}",
            "--diary-absent",
            "skip",
            "--judge",
            "diary-f1",
            "--output",
            str(tmp_path / "run"),
        ]
    )
    assert code == 0
    assert "DIARY RECALL (published layout" in capsys.readouterr().out
    result = json.loads((tmp_path / "run" / "result.json").read_text())
    assert result["publicBenchmark"]["diary"]["questions"] == 10  # no absent questions
