"""Hallucination modes, plainly (issue 17): which definition of a hallucination a run's judge applied —
named from the judge, recorded in result.json, inferred for runs that do not record it, shown by the
reports, warned about by ``compare``, and matched by ``judge-agreement``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench import cli, run_sync
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.judges.cache import CachedJudge, JudgeCache
from recallbench.judges.llm import LlmJudge
from recallbench.judges.modes import grounding_for_labels, judge_mode
from recallbench.judges.rubric import RubricJudge
from recallbench.models.spec import named_model
from recallbench.render.html import render_html_report
from recallbench.render.report import format_text_report
from recallbench.results.comparison import compare_results
from recallbench.results.hallucination_mode import (
    HallucinationMode,
    infer_mode,
    is_llm_judge_spec,
    mode_label,
    mode_text,
    run_mode,
)
from recallbench.results.reading import read_run
from recallbench.results.records import BenchmarkResult
from recallbench.results.scoring import StubJudge
from recallbench.testing import ScriptedAdapter, ScriptedJudge, ScriptedModel, write_persona

PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "ok"}'
INVENTED = "invented: a claim found on no day ingested by the checkpoint"
WINDOW_1 = (
    "outside the evidence window: a claim found on no day within ±1 day of the question's "
    "relevant days"
)
REFERENCE_ONLY = "reference-only: a claim not in the reference answer or the question"

# The real runs below are made once per module: on one xdist worker, not once on each.
pytestmark = pytest.mark.xdist_group("hallucination-modes")


# ---------------------------------------------------------------------------------------------------
# The definitions, in words


def test_descriptions() -> None:
    assert HallucinationMode(mode="invented").description == INVENTED
    assert HallucinationMode(mode="window", window=1).description == WINDOW_1
    assert "±3 days of" in HallucinationMode(mode="window", window=3).description
    assert (
        "among the question's relevant days"
        in HallucinationMode(mode="window", window=0).description
    )
    assert HallucinationMode(mode="reference-only").description == REFERENCE_ONLY
    assert (
        HallucinationMode(mode="window", window=2).label == "outside the evidence window (±2 days)"
    )
    assert mode_text(None) == mode_label(None) == "not recorded"
    inferred = HallucinationMode(mode="invented", inferred=True)
    assert mode_text(inferred) == (
        f"{INVENTED} (not recorded; inferred from the judge and its memory window)"
    )
    assert mode_label(inferred) == "invented (inferred)"


def test_a_window_belongs_to_the_window_mode() -> None:
    with pytest.raises(ValueError, match="only the window mode"):
        HallucinationMode(mode="invented", window=1)
    with pytest.raises(ValueError, match="whole number"):
        HallucinationMode(mode="window", window=-1)
    with pytest.raises(ValueError, match="must be in"):
        HallucinationMode(mode="made-up")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("judge_model", "window", "expected"),
    [
        ("azure:gpt-5.4-mini", 1, HallucinationMode(mode="window", window=1, inferred=True)),
        ("openai", None, HallucinationMode(mode="reference-only", inferred=True)),
        ("claude", 0, HallucinationMode(mode="reference-only", inferred=True)),
        ("rubric", 1, HallucinationMode(mode="invented", inferred=True)),
        ("my_pkg.judges:judge", 1, None),
        (None, 1, None),
    ],
)
def test_inferred_from_the_judge_and_its_window(
    judge_model: str | None, window: int | None, expected: HallucinationMode | None
) -> None:
    assert infer_mode(judge_model, window) == expected


def test_recorded_keys_win_over_inference() -> None:
    metadata = {
        "judgeModel": "azure:gpt-5.4-mini",
        "judgeMemoryWindow": 1,
        "hallucinationMode": "invented",
    }
    assert run_mode(metadata) == HallucinationMode(mode="invented")
    metadata["hallucinationMode"] = "something-else"  # unknown: inferred instead
    assert run_mode(metadata) == HallucinationMode(mode="window", window=1, inferred=True)


@given(st.one_of(st.text(max_size=30), st.sampled_from(["openai", "AZURE:x", "codex", "rubric"])))
def test_llm_spec_check_agrees_with_the_model_spec_grammar(spec: str) -> None:
    assert is_llm_judge_spec(spec) == (named_model(spec) is not None)


# ---------------------------------------------------------------------------------------------------
# A judge's mode


class DeclaringJudge:
    """A judge of your own that says which definition it applies."""

    def __init__(self, mode: str, window: int | None = None) -> None:
        self.hallucination_mode = mode
        if window is not None:
            self.hallucination_window = window

    async def score(self, question: str, reference: str, answer: str, context: Any) -> Any:
        return {"correctness": 3, "completeness": 2, "hallucination": 1}


def test_judge_modes(tmp_path: Path) -> None:
    llm = LlmJudge(ScriptedModel(PASS))
    assert judge_mode(RubricJudge()) == HallucinationMode(mode="invented")
    assert judge_mode(RubricJudge(), memory_window=2) == HallucinationMode(mode="invented")
    assert judge_mode(RubricJudge(hallucination_window=2)) == HallucinationMode(
        mode="window", window=2
    )
    assert judge_mode(llm, memory_window=1) == HallucinationMode(mode="window", window=1)
    assert judge_mode(llm) == HallucinationMode(mode="reference-only")
    cached = CachedJudge(llm, JudgeCache(tmp_path))
    assert judge_mode(cached, memory_window=3) == HallucinationMode(mode="window", window=3)
    assert judge_mode(StubJudge()) is None
    assert judge_mode(ScriptedJudge()) is None
    assert judge_mode(DeclaringJudge("window"), memory_window=2) == HallucinationMode(
        mode="window", window=2
    )
    assert judge_mode(DeclaringJudge("window", 4)) == HallucinationMode(mode="window", window=4)
    assert judge_mode(DeclaringJudge("window")) == HallucinationMode(mode="window")
    assert judge_mode(DeclaringJudge("reference-only")) == HallucinationMode(mode="reference-only")
    assert judge_mode(DeclaringJudge("vibes")) is None


# ---------------------------------------------------------------------------------------------------
# Real runs record it


def far_answer(question: str, adapter: Any) -> str:
    """A real code, but from day 1: grounded by the invented definition, outside a ±1-day window
    for every question about day 3 or later."""
    return "The code was CODE-0001."


def bench(
    data: Path, out: Path, judge: Any, *, window: int = 0, answer: Any = far_answer
) -> tuple[BenchmarkResult, dict[str, Any], dict[str, Any]]:
    output = RunOutput.beside(out / "result.json")
    config = RunConfig(arcs_file="arcs-30d.yaml", ranges="10d", judge_memory_window=window)
    result = run_sync(
        ScriptedAdapter(answer=answer), data, judge=judge, config=config, output=output
    )
    assert output.result_json is not None and output.progress is not None
    saved = json.loads(output.result_json.read_text(encoding="utf-8"))
    header = json.loads(output.progress.read_text(encoding="utf-8").splitlines()[0])
    return result, saved, header


@pytest.fixture(scope="module")
def module_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny persona the module's runs read: ``judge-agreement`` reads the same days."""
    root = tmp_path_factory.mktemp("hallucination-modes") / "personas"
    write_persona(root)
    return root


@pytest.fixture(scope="module")
def runs(module_data: Path) -> dict[str, Any]:
    """Three real runs, made once for the module (each test only reads them, or writes beside them
    under a name of its own)."""
    out = module_data.parent
    llm = LlmJudge(ScriptedModel(PASS), name="scripted-llm")
    return {
        "rubric": bench(module_data, out / "rubric", RubricJudge()),
        "llm": bench(module_data, out / "llm", llm, window=1),
        "stub": bench(module_data, out / "stub", None),
        "dir": out,
    }


def test_metadata_keys_of_real_runs(runs: dict[str, Any]) -> None:
    _, rubric, rubric_header = runs["rubric"]
    assert rubric["metadata"]["hallucinationMode"] == "invented"
    assert "hallucinationWindow" not in rubric["metadata"]
    assert rubric_header["hallucinationMode"] == "invented"

    _, llm, llm_header = runs["llm"]
    assert llm["metadata"]["judgeMemoryWindow"] == 1
    assert llm["metadata"]["hallucinationMode"] == "window"
    assert llm["metadata"]["hallucinationWindow"] == 1
    # Ours, after every key of the reference's (then where the data was read, then the run's
    # fingerprint: issue 25).
    assert list(llm["metadata"])[-5:] == [
        "hallucinationMode",
        "hallucinationWindow",
        "dataDir",
        "arcsFile",
        "fingerprint",
    ]
    assert (llm_header["hallucinationMode"], llm_header["hallucinationWindow"]) == ("window", 1)

    _, stub, stub_header = runs["stub"]
    for data in (stub["metadata"], stub_header):
        assert "hallucinationMode" not in data and "hallucinationWindow" not in data


def test_read_back_keeps_it(runs: dict[str, Any]) -> None:
    directory = runs["dir"] / "llm"
    from_result = read_run(directory / "result.json").result.metadata
    from_progress = read_run(directory / "progress.jsonl").result.metadata
    for md in (from_result, from_progress):
        assert (md.hallucination_mode, md.hallucination_window) == ("window", 1)
        assert run_mode(md) == HallucinationMode(mode="window", window=1)
    stub = read_run(runs["dir"] / "stub" / "result.json").result.metadata
    assert stub.hallucination_mode is None and run_mode(stub) is None


def test_result_json_round_trips_byte_for_byte(runs: dict[str, Any]) -> None:
    # The run writes result_file's layout (an answer a line); format_json_report the reference's.
    from recallbench.harness.result_file import result_json_pieces
    from recallbench.render.report import format_json_report

    for name in ("rubric", "llm", "stub"):
        path = runs["dir"] / name / "result.json"
        result = read_run(path).result
        assert b"".join(result_json_pieces(result)) == path.read_bytes()
        assert json.loads(format_json_report(result)) == json.loads(path.read_bytes())


# ---------------------------------------------------------------------------------------------------
# The reports say it


def definition_line(result: BenchmarkResult) -> str:
    lines = format_text_report(result).split("\n")
    return next(line for line in lines if line.startswith("  Definition:"))


def test_text_report_says_which_definition(runs: dict[str, Any]) -> None:
    rubric, llm = runs["rubric"][0], runs["llm"][0]
    assert definition_line(rubric) == f"  Definition:          {INVENTED}"
    assert definition_line(llm) == f"  Definition:          {WINDOW_1}"
    # An old run (no keys): inferred from the judge spec and its window, and said so.
    old = attrs.evolve(
        llm,
        metadata=attrs.evolve(
            llm.metadata,
            judge_model="azure:gpt-5.4-mini",
            hallucination_mode=None,
            hallucination_window=None,
        ),
    )
    assert definition_line(old) == (
        f"  Definition:          {WINDOW_1} (not recorded; inferred from the judge and its memory "
        "window)"
    )
    unknown = attrs.evolve(
        llm,
        metadata=attrs.evolve(
            old.metadata, judge_model="my_pkg.judges:judge", judge_memory_window=None
        ),
    )
    assert definition_line(unknown) == "  Definition:          not recorded"


def test_html_and_json_reports_say_it(
    runs: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    page = render_html_report(runs["llm"][0])
    assert (
        "<b>Definition:</b> outside the evidence window: a claim found on no day within ±1 day"
        in page
    )
    assert "judged fabricated · outside the evidence window (±1 day)" in page

    assert cli.main(["report", str(runs["dir"] / "rubric" / "result.json"), "--json"]) == 0
    analysis = json.loads(capsys.readouterr().out)["hallucinationAnalysis"]
    assert analysis["hallucinationMode"] == "invented"
    assert analysis["hallucinationModeInferred"] is False
    assert analysis["hallucinationDefinition"] == INVENTED


@pytest.mark.reference
def test_reference_run_is_inferred(reference_data: Path) -> None:
    path = reference_data / "bench-results" / "ea-180d-recall-baseline" / "result.json"
    result = read_run(path).result
    assert "(not recorded; inferred" in definition_line(result)
    assert WINDOW_1 in definition_line(result)


# ---------------------------------------------------------------------------------------------------
# compare warns


def mode_warnings(a: BenchmarkResult, b: BenchmarkResult) -> list[str]:
    warnings = compare_results(a, b, resamples=50).warnings
    return [w for w in warnings if "hallucination definitions" in w]


def test_compare_warns_when_definitions_differ(runs: dict[str, Any]) -> None:
    rubric, llm = runs["rubric"][0], runs["llm"][0]
    (warning,) = mode_warnings(rubric, llm)
    assert warning == (
        "different hallucination definitions (A: invented; B: outside the evidence window "
        "(±1 day)): their hallucination rates are not comparable"
    )
    assert mode_warnings(rubric, rubric) == []
    # An older run of the same judge (its mode inferred) counts alike: no warning.
    old = attrs.evolve(
        rubric,
        metadata=attrs.evolve(rubric.metadata, judge_model="rubric", hallucination_mode=None),
    )
    assert mode_warnings(old, rubric) == []
    # The same judge, another window: the rates differ in meaning.
    wider = attrs.evolve(llm, metadata=attrs.evolve(llm.metadata, hallucination_window=3))
    assert len(mode_warnings(llm, wider)) == 1


# ---------------------------------------------------------------------------------------------------
# judge-agreement matches the labels' definition


def agree(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any], str]:
    code = cli.main(["judge-agreement", *argv, "--json"])
    out = capsys.readouterr()
    return code, json.loads(out.out) if code == 0 else {}, out.err


def with_data(data: Path) -> list[str]:
    return ["--data", str(data), "--arcs", "arcs-30d.yaml"]


def test_agreement_defaults_to_the_labels_window(
    runs: dict[str, Any], module_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = str(runs["dir"] / "llm" / "result.json")
    code, default, err = agree(capsys, result, *with_data(module_data))
    assert code == 0 and err == ""
    assert (default["hallucinationMode"], default["hallucinationWindow"]) == ("window", 1)
    assert default["hallucinationModeNote"].startswith(
        "labels from scripted-llm with a ±1-day memory window: grounding claims in the same window"
    )
    assert (default["labelsHallucinationMode"], default["labelsHallucinationWindow"]) == (
        "window",
        1,
    )
    assert default["warnings"] == []
    _, explicit, _ = agree(capsys, result, *with_data(module_data), "--hallucination-window", "1")
    _, invented, err = agree(
        capsys, result, *with_data(module_data), "--hallucination-mode", "invented"
    )
    figures = ("spearman", "hallucinationKappa", "judgeHallucinationRate")
    assert [default[k] for k in figures] == [explicit[k] for k in figures]
    # Day 1's code is real, so only the window calls it made up.
    assert default["judgeHallucinationRate"] > invented["judgeHallucinationRate"] == 0
    assert invented["hallucinationMode"] == "invented"
    assert "different definitions" in err and invented["warnings"]


def test_agreement_text_says_so(
    runs: dict[str, Any], module_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = str(runs["dir"] / "llm" / "result.json")
    assert cli.main(["judge-agreement", result, *with_data(module_data)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == f"hallucination: {WINDOW_1}"
    assert lines[2].startswith("(labels from scripted-llm with a ±1-day memory window:")


def test_agreement_with_invented_labels_and_with_unknown_ones(
    runs: dict[str, Any], module_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data, err = agree(
        capsys, str(runs["dir"] / "rubric" / "result.json"), *with_data(module_data)
    )
    assert code == 0 and err == "" and data["warnings"] == []
    assert data["hallucinationMode"] == "invented"
    assert data["spearman"] == pytest.approx(1.0) and data["mae"] == 0  # itself, grounded alike

    unknown = json.loads((runs["dir"] / "llm" / "result.json").read_text(encoding="utf-8"))
    for key in ("hallucinationMode", "hallucinationWindow", "judgeModel"):
        unknown["metadata"].pop(key)
    path = runs["dir"] / "unknown.json"
    path.write_text(json.dumps(unknown), encoding="utf-8")
    code, data, err = agree(capsys, str(path), *with_data(module_data))
    assert code == 0 and data["hallucinationMode"] == "invented"
    (warning,) = data["warnings"]
    assert "does not say which definition" in warning and "may differ" in warning
    assert f"recallbench judge-agreement: warning: {warning}" in err


def test_agreement_without_data_warns_reference_only(
    runs: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    # A result that does not say where its data was (the reference's, or one moved elsewhere).
    moved = json.loads((runs["dir"] / "rubric" / "result.json").read_text(encoding="utf-8"))
    del moved["metadata"]["dataDir"], moved["metadata"]["arcsFile"]
    path = runs["dir"] / "moved.json"
    path.write_text(json.dumps(moved), encoding="utf-8")
    code, data, err = agree(capsys, str(path))
    assert code == 0 and data["hallucinationMode"] == "reference-only"
    (warning,) = data["warnings"]
    assert "grounding is reference-only" in warning and "counts as made up" in warning
    assert warning in err


def test_agreement_mode_flags_checked(
    runs: dict[str, Any], module_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rubric = str(runs["dir"] / "rubric" / "result.json")
    for argv, message in [
        (["--hallucination-mode", "window"], "records no memory window"),
        (["--hallucination-mode", "invented", "--hallucination-window", "1"], "contradict"),
        (["--judge", "stub", "--hallucination-mode", "invented"], "rubric judge only"),
    ]:
        code, _, err = agree(capsys, rubric, *with_data(module_data), *argv)
        assert code == 2 and message in err


def test_grounding_for_reference_only_labels_warns() -> None:
    choice = grounding_for_labels(HallucinationMode(mode="reference-only"), "openai")
    assert choice.window is None and choice.warning is not None
    assert "run without --data" in choice.warning
