"""The LongMemEval family object (``recallbench.benchmarks.longmemeval:benchmark``) through the
``Benchmark`` protocol: what it declares, detection, ``--data longmemeval:FILE``, opening,
conversion, its judge, and its figures and tables, held to what the core made of the same data
before the family moved (issue 41)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest
from _public_sets import locomo_records, longmemeval_records, write_json

from recallbench.benchmarks.longmemeval import LongMemEval, benchmark
from recallbench.benchmarks.longmemeval.dataset import LongMemEvalQuestions
from recallbench.benchmarks.longmemeval.judge import LongMemEvalJudge
from recallbench.data.importers._native import IMPORT_MARKER, ImportedDataset
from recallbench.data.qa import QAPair
from recallbench.data.ranges import NAMED_RANGES, TimeRange
from recallbench.errors import ConfigError, DatasetError
from recallbench.family.base import Benchmark, Figures, ImportSummary, Table
from recallbench.family.opening import benchmark_of, detect, resolve_data
from recallbench.family.registry import family
from recallbench.judges.describe import describe_judge
from recallbench.models.spec import MODEL_SPEC_FORMS
from recallbench.results.records import PersonaResult, QuestionResult, TimeRangeResult
from recallbench.results.scoring import JudgeScore
from recallbench.testing import write_persona


@pytest.fixture
def lme_file(tmp_path: Path) -> Path:
    return write_json(tmp_path / "longmemeval_s_cleaned.json", longmemeval_records(haystack=45))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "imports"


def test_the_registry_gives_the_family_and_what_it_declares() -> None:
    assert family("longmemeval") is benchmark
    assert isinstance(benchmark, Benchmark) and isinstance(benchmark, LongMemEval)
    assert (benchmark.name, benchmark.title, benchmark.unit) == (
        "longmemeval",
        "LongMemEval",
        "question",
    )
    assert benchmark.can_import and benchmark.categories is None
    assert benchmark.data_options == ()
    assert benchmark.judge_forms == ("longmemeval:<model spec>",)


def test_the_package_stays_light() -> None:
    code = (
        "import sys, recallbench.benchmarks.longmemeval as f; f.benchmark.name; "
        "heavy = [m for m in sys.modules if m.startswith(('recallbench.benchmarks.longmemeval.', "
        "'recallbench.data', 'recallbench.judges'))]; print(heavy)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "['recallbench.benchmarks.longmemeval.family']"


# ---------------------------------------------------------------------------------------------------
# Detection


def test_detects_a_published_file_by_its_first_record(lme_file: Path, tmp_path: Path) -> None:
    assert benchmark.detect(lme_file)
    # An _m-sized first record: its keys come first, its haystack runs far past what is read.
    big = write_json(tmp_path / "m.json", [longmemeval_records(haystack=2_000)[2]])
    assert big.stat().st_size > 100_000 and benchmark.detect(big)
    assert not benchmark.detect(write_json(tmp_path / "locomo10.json", locomo_records()))
    for text in ("", "{}", '{"question_id": "x", "question_type": "y"}', "[]", "[1]", "no"):
        other = tmp_path / "other.json"
        other.write_text(text, "utf-8")
        assert not benchmark.detect(other), text
    assert not benchmark.detect(tmp_path / "missing.json")


def test_detects_the_folders_it_converted(lme_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    benchmark.convert(lme_file, out, {})
    assert json.loads((out / IMPORT_MARKER).read_text())["family"] == "longmemeval"
    assert benchmark.detect(out) and detect(out) is benchmark
    old = json.loads((out / IMPORT_MARKER).read_text())
    del old["family"]  # a marker written before families had names there
    (out / IMPORT_MARKER).write_text(json.dumps(old), "utf-8")
    assert benchmark.detect(out) and detect(out) is benchmark
    locomo = tmp_path / "locomo"
    family("locomo").convert(write_json(tmp_path / "l.json", locomo_records()), locomo, {})
    assert not benchmark.detect(locomo)
    write_persona(tmp_path / "personas", "tiny")
    assert not benchmark.detect(tmp_path / "personas")


# ---------------------------------------------------------------------------------------------------
# Resolution


def test_resolve_converts_once_into_the_cache(lme_file: Path, cache: Path) -> None:
    folder = benchmark.resolve("longmemeval", str(lme_file), {})
    assert folder.parent == cache and folder.name.startswith("longmemeval-v")
    assert len(folder.name.rsplit("-", 1)[1]) == 24
    stamp = (folder / "e47becba" / "persona.yaml").stat().st_mtime_ns
    assert benchmark.resolve("longmemeval", str(lme_file), {}) == folder
    assert (folder / "e47becba" / "persona.yaml").stat().st_mtime_ns == stamp
    assert [p.name for p in cache.iterdir()] == [folder.name]
    assert resolve_data(f"longmemeval:{lme_file}") == folder  # the core's --data, by the registry
    assert benchmark.resolve("longmemeval", str(folder), {}) == folder
    assert resolve_data(folder) == folder


def test_resolve_errors(tmp_path: Path, cache: Path) -> None:
    with pytest.raises(ConfigError) as info:
        benchmark.resolve("longmemeval-x", str(tmp_path / "f.json"), {})
    assert str(info.value) == (
        "--data longmemeval-x:…: the longmemeval family knows no 'longmemeval-x' (longmemeval:FILE)"
    )
    missing = tmp_path / "nowhere.json"
    with pytest.raises(DatasetError) as missing_info:
        benchmark.resolve("longmemeval", str(missing), {})
    assert str(missing_info.value) == f"{missing}: --data longmemeval:FILE: no such file"
    with pytest.raises(DatasetError, match="no such file"):
        benchmark.resolve("longmemeval", str(tmp_path), {})  # a folder it did not convert
    records = longmemeval_records(haystack=45)
    records[1]["haystack_dates"] = ["someday"]
    bad = write_json(tmp_path / "bad.json", records)
    with pytest.raises(DatasetError, match=r"record 1 \(question_id 'e47becba_abs'\)"):
        benchmark.resolve("longmemeval", str(bad), {})
    assert not any(p for p in cache.iterdir() if not p.name.startswith("."))


# ---------------------------------------------------------------------------------------------------
# Opening, validation, conversion


def test_open_gives_a_dataset_naming_its_family(lme_file: Path, cache: Path) -> None:
    folder = benchmark.resolve("longmemeval", str(lme_file), {})
    dataset = benchmark.open(folder, arcs_file="arcs-1000d.yaml")
    assert isinstance(dataset, LongMemEvalQuestions) and isinstance(dataset, ImportedDataset)
    assert dataset.benchmark is benchmark and benchmark_of(dataset) is benchmark
    ids = ["e47becba", "e47becba_abs", "gpt4_m_1"]
    assert dataset.persona_ids() == ids
    assert benchmark.unit_ids(folder, arcs_file="arcs-1000d.yaml") == ids
    assert dataset.default_ranges == (NAMED_RANGES["full"],) and dataset.ranges_of("gpt4_m_1") == ()
    assert dataset.load("e47becba").qa[0].extra["questionDate"] == "2023/05/30 (Tue) 23:40"
    assert benchmark.open(lme_file, arcs_file="arcs-1000d.yaml").data_dir == folder


def test_validate_and_preflight_as_persona_folders(lme_file: Path, cache: Path) -> None:
    folder = benchmark.resolve("longmemeval", str(lme_file), {})
    found = benchmark.validate(folder, personas=None, arcs_file="arcs-1000d.yaml", deep=False)
    assert [p for p in found.problems if p.severity == "error"] == []
    assert found.ok == f"OK: {folder} is valid with arcs-1000d.yaml"
    assert benchmark.preflight(folder, personas=[], arcs_file="arcs-1000d.yaml", full=True) == []
    assert benchmark.preflight(folder, personas=[], arcs_file="arcs-1000d.yaml", full=False) == []


def test_convert_says_what_the_import_command_prints(lme_file: Path, tmp_path: Path) -> None:
    summary = benchmark.convert(lme_file, tmp_path / "a", {})
    assert summary == ImportSummary(
        what="3 LongMemEval record(s)",
        questions=3,
        detail="; each asked once, after its haystack",
    )
    marker = json.loads((tmp_path / "a" / IMPORT_MARKER).read_text())
    assert (marker["family"], marker["source"]) == ("longmemeval", "longmemeval")
    out = tmp_path / "cli"
    printed = subprocess.run(
        [sys.executable, "-m", "recallbench", "import", "longmemeval", str(lme_file), "--out", out],
        capture_output=True,
        text=True,
        env={**os.environ, "RECALLBENCH_CACHE_DIR": str(tmp_path / "c")},
        timeout=120,
    )
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == (
        f"recallbench import: {summary.what}, {summary.questions} question(s) written as personas "
        f"under {out}{summary.detail}\n"
    )


# ---------------------------------------------------------------------------------------------------
# Judge


def test_load_judge() -> None:
    spec = "longmemeval:openai:gpt-x;http://127.0.0.1:9/v1"
    judge = benchmark.load_judge(f" {spec} ", base_dir=None, timeout=3.0)
    assert isinstance(judge, LongMemEvalJudge)
    assert judge.name == spec and (judge.temperature, judge.max_tokens) == (0, 10)
    assert isinstance(
        benchmark.load_judge(
            spec.replace("longmemeval", "LongMemEval", 1), base_dir=None, timeout=None
        ),
        LongMemEvalJudge,
    )
    for other in ("locomo-f1", "locomo-llm:openai:gpt-x", "rubric", "longmemeval-x:openai:m"):
        assert benchmark.load_judge(other, base_dir=None, timeout=None) is None
    # As the runs recorded before the move would name it.
    assert describe_judge(judge)["type"] == "recallbench.judges.longmemeval.LongMemEvalJudge"


@pytest.mark.parametrize("spec", ["longmemeval", "longmemeval:", "longmemeval:  "])
def test_the_judge_needs_a_model(spec: str) -> None:
    with pytest.raises(ConfigError) as info:
        benchmark.load_judge(spec, base_dir=None, timeout=None)
    text, kind = spec.strip(), "longmemeval"
    assert str(info.value) == (
        f'cannot load judge "{text}": {kind} needs a model, as {kind}:<model spec> '
        f"(e.g. {kind}:openai:gpt-4o-mini); model specs are: {MODEL_SPEC_FORMS}"
    )


# ---------------------------------------------------------------------------------------------------
# Figures and tables, against what the core computed from the same answers before the move


def _pair(pid: str, **extra: Any) -> QAPair:
    return QAPair(
        id=pid,
        question=f"question {pid}?",
        answer="a",
        category="factual-recall",
        difficulty="medium",
        relevant_days=(1,),
        extra=extra,
    )


def _answer(pair: QAPair, reasoning: str) -> QuestionResult:
    return QuestionResult(
        qa=pair,
        system_answer="x",
        score=JudgeScore(correctness=0, completeness=0, hallucination=1, reasoning=reasoning),
        composite_score=0.0,
        latency_ms=1.0,
    )


def _persona(*checkpoints: tuple[int, list[QuestionResult], list[QuestionResult]]) -> PersonaResult:
    ranges = tuple(
        TimeRangeResult(
            range=TimeRange(label=f"{days}d", days=days),
            days_ingested=days,
            questions_evaluated=len(scored),
            overall_score=0.0,
            category_scores=(),
            difficulty_scores={},
            hallucination_rate=0.0,
            question_results=tuple(scored),
            unscored_results=tuple(unscored),
        )
        for days, scored, unscored in checkpoints
    )
    return PersonaResult(
        persona_id="p",
        adapter_name="a",
        range_results=ranges,
        heatmap=(),
        total_ingestion_ms=0.0,
        total_query_ms=0.0,
        unique_qa_pair_count=1,
        total_evals_run=2,
    )


def _lme(pid: str, qtype: str, head: str, *, abstention: bool = False) -> QuestionResult:
    extra: dict[str, Any] = {"questionType": qtype, "questionDate": "d", "answerSessionIds": []}
    if abstention:
        extra["abstention"] = True
    return _answer(_pair(pid, **extra), head)


def _run() -> list[PersonaResult]:
    """Judged answers of several types (one the official script does not list), an abstention, a
    rubric answer, an unjudged one, an earlier asking, and a LoCoMo answer (which also has the
    LongMemEval keys: a LoCoMo category makes it LoCoMo's)."""
    first = [_lme("1", "single-session-user", "accuracy 0 [longmemeval single-session-user]: no")]
    last = [
        _lme("1", "single-session-user", "accuracy 1 [longmemeval single-session-user]: yes"),
        _lme("2", "single-session-user", "accuracy 0 [longmemeval single-session-user]: no"),
        _lme(
            "3_abs",
            "single-session-user",
            "accuracy 1 [longmemeval abstention]: yes",
            abstention=True,
        ),
        _lme("4", "temporal-reasoning", "accuracy 1 [longmemeval temporal-reasoning]: yes"),
        _lme("5", "knowledge-update", "The answer matches the reference."),
        _lme("6", "trivia", "accuracy 0 [longmemeval trivia]: no"),
        _answer(
            _pair(
                "y",
                locomoCategory=4,
                questionType="single-hop",
                questionDate="d",
                answerSessionIds=[],
            ),
            "F1 1.0000 [locomo 4 single-hop]",
        ),
    ]
    unjudged = [_lme("7", "multi-session", "judge failed")]
    return [_persona((1, first, []), (2, last, unjudged))]


EXPECTED = {
    "asking": "last",
    "questionCount": 7,
    "types": [
        {
            "questionType": "single-session-user",
            "questionCount": 3,
            "judgedCount": 3,
            "accuracy": 2 / 3,
        },
        {"questionType": "single-session-preference", "questionCount": 0, "judgedCount": 0},
        {"questionType": "single-session-assistant", "questionCount": 0, "judgedCount": 0},
        {"questionType": "multi-session", "questionCount": 1, "judgedCount": 0},
        {
            "questionType": "temporal-reasoning",
            "questionCount": 1,
            "judgedCount": 1,
            "accuracy": 1.0,
        },
        {"questionType": "knowledge-update", "questionCount": 1, "judgedCount": 0},
        {"questionType": "trivia", "questionCount": 1, "judgedCount": 1, "accuracy": 0.0},
    ],
    "judgedCount": 5,
    "abstentionCount": 1,
    "taskAveragedAccuracy": 0.5555555555555555,
    "overallAccuracy": 0.6,
    "abstentionAccuracy": 1.0,
    "typesMissing": [
        "single-session-preference",
        "single-session-assistant",
        "multi-session",
        "knowledge-update",
    ],
    "unjudgedCount": 1,
    "warnings": [
        "1 of 7 answers were judged by another judge (no official yes/no label): they are not "
        "comparable with published LongMemEval accuracies (the longmemeval judge's yes/no "
        "prompts) and are left out of the figures"
    ],
}
"""What ``public_benchmark(personas)["longmemeval"]`` made of :func:`_run` before the move."""


def test_figures_as_before() -> None:
    figures = benchmark.figures(cast(Any, None), cast(Any, None), _run())
    assert figures == Figures(published=EXPECTED) and figures.metrics is None
    assert list(cast(dict[str, Any], figures.published)) == list(EXPECTED)  # in order
    locomo_only = [q for q in _run()[0].range_results[-1].question_results if q.qa.id == "y"]
    assert (
        benchmark.figures(cast(Any, None), cast(Any, None), [_persona((1, locomo_only, []))])
        == Figures()
    )
    assert benchmark.figures(cast(Any, None), cast(Any, None), []) == Figures()


def test_tables_as_before() -> None:
    # What render.public_benchmarks.public_tables({"longmemeval": EXPECTED}) built before the move.
    assert benchmark.tables(EXPECTED) == (
        Table(
            title="LongMemEval",
            notes=(
                "each question counts once, by its last asking (the final checkpoint's answer)",
                "figures as LongMemEval's print_qa_metrics.py computes them",
                "task average over the types judged; no answers of: single-session-preference, "
                "single-session-assistant, multi-session, knowledge-update",
                "1 answers unjudged (judge failed)",
                "WARNING: 1 of 7 answers were judged by another judge (no official yes/no label): "
                "they are not comparable with published LongMemEval accuracies (the longmemeval "
                "judge's yes/no prompts) and are left out of the figures",
            ),
            header=("question type", "n", "accuracy"),
            rows=(
                ("single-session-user", "3", "0.6667"),
                ("single-session-preference", "0", "–"),
                ("single-session-assistant", "0", "–"),
                ("multi-session", "1", "–"),
                ("temporal-reasoning", "1", "1.0000"),
                ("knowledge-update", "1", "–"),
                ("trivia", "1", "0.0000"),
                ("task-averaged accuracy", "", "0.5556"),
                ("overall accuracy", "5", "0.6000"),
                ("abstention accuracy", "1", "1.0000"),
            ),
        ),
    )
    (bare,) = benchmark.tables({})
    assert bare.notes == (
        "each question counts once, by its last asking (the final checkpoint's answer)",
        "figures as LongMemEval's print_qa_metrics.py computes them",
    )
    assert bare.rows == (
        ("task-averaged accuracy", "", "–"),
        ("overall accuracy", "0", "–"),
        ("abstention accuracy", "0", "–"),
    )
