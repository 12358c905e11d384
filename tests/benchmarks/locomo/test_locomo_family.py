"""The LoCoMo family object (``recallbench.benchmarks.locomo:benchmark``) through the ``Benchmark``
protocol: what it declares, detection, ``--data locomo:FILE`` / ``locomo-mem0:FILE`` and the
``--locomo-categories`` rules, opening, conversion, its judges, and its figures and tables, held to
what the core made of the same data before the family moved (issue 41)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest
from _public_sets import locomo_records, longmemeval_records, write_json

from recallbench.benchmarks.locomo import LoCoMo, benchmark
from recallbench.benchmarks.locomo.dataset import LocomoConversations
from recallbench.benchmarks.locomo.judges import LocomoF1Judge, LocomoLlmJudge
from recallbench.data.importers._native import IMPORT_MARKER, ImportedDataset
from recallbench.data.qa import QAPair
from recallbench.data.ranges import TimeRange
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
def locomo_file(tmp_path: Path) -> Path:
    return write_json(tmp_path / "locomo10.json", locomo_records())


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "imports"


def test_the_registry_gives_the_family_and_what_it_declares() -> None:
    assert family("locomo") is benchmark
    assert isinstance(benchmark, Benchmark) and isinstance(benchmark, LoCoMo)
    assert (benchmark.name, benchmark.title, benchmark.unit) == ("locomo", "LoCoMo", "conversation")
    assert benchmark.can_import and benchmark.categories is None
    (option,) = benchmark.data_options
    assert option.flag == "--locomo-categories" and option.dest == "locomo_categories"
    assert option.choices == ("official", "mem0") and option.import_default == "official"
    assert benchmark.judge_forms == ("locomo-f1", "locomo-llm:<model spec>")


def test_the_package_stays_light() -> None:
    code = (
        "import sys, recallbench.benchmarks.locomo as f; f.benchmark.name; "
        "heavy = [m for m in sys.modules if m.startswith(('recallbench.benchmarks.locomo.', "
        "'recallbench.data', 'recallbench.judges', 'nltk'))]; print(heavy)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "['recallbench.benchmarks.locomo.family']"


# ---------------------------------------------------------------------------------------------------
# Detection


def test_detects_a_published_file_by_its_first_record(locomo_file: Path, tmp_path: Path) -> None:
    assert benchmark.detect(locomo_file)
    # The published locomo10.json writes "qa" first: its questions' keys are what the first KB hold.
    published_order = [
        {"qa": r["qa"], **{k: v for k, v in r.items() if k != "qa"}} for r in locomo_records()
    ]
    assert benchmark.detect(write_json(tmp_path / "ordered.json", published_order))
    # Only the start is read: what follows the first 16 KB is never looked at.
    tail = tmp_path / "long.json"
    tail.write_text(locomo_file.read_text()[:-1] + "," + " " * 20_000 + "not json", "utf-8")
    assert benchmark.detect(tail)
    lme = write_json(tmp_path / "lme.json", longmemeval_records(haystack=45))
    assert not benchmark.detect(lme)
    for text in ("", "{}", '{"sample_id": "x", "qa": []}', "[]", "[1, 2]", "not json"):
        other = tmp_path / "other.json"
        other.write_text(text, "utf-8")
        assert not benchmark.detect(other), text
    assert not benchmark.detect(tmp_path / "missing.json")


def test_detects_the_folders_it_converted(locomo_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    benchmark.convert(locomo_file, out, {})
    assert json.loads((out / IMPORT_MARKER).read_text())["family"] == "locomo"
    assert benchmark.detect(out)
    assert detect(out) is benchmark  # the core's detection: the marker names the family
    # A marker written before families had names there: its source's first word.
    old = json.loads((out / IMPORT_MARKER).read_text())
    del old["family"]
    (out / IMPORT_MARKER).write_text(json.dumps(old), "utf-8")
    assert benchmark.detect(out) and detect(out) is benchmark
    lme = tmp_path / "lme"
    family("longmemeval").convert(write_json(tmp_path / "l.json", longmemeval_records(45)), lme, {})
    assert not benchmark.detect(lme)
    write_persona(tmp_path / "personas", "tiny")
    assert not benchmark.detect(tmp_path / "personas")
    assert not benchmark.detect(tmp_path / "empty-folder-missing")


# ---------------------------------------------------------------------------------------------------
# Resolution


def test_resolve_converts_once_into_the_cache(locomo_file: Path, cache: Path) -> None:
    official = benchmark.resolve("locomo", str(locomo_file), {})
    assert official.parent == cache and official.name.startswith("locomo-v")
    assert len(official.name.rsplit("-", 1)[1]) == 24
    stamp = (official / "conv-26" / "persona.yaml").stat().st_mtime_ns
    assert benchmark.resolve("locomo", str(locomo_file), {}) == official  # converted once
    assert (official / "conv-26" / "persona.yaml").stat().st_mtime_ns == stamp
    assert benchmark.resolve("locomo", str(locomo_file), {"locomo_categories": "official"}) == (
        official
    )
    mem0 = benchmark.resolve("locomo-mem0", str(locomo_file), {})
    assert mem0.name.startswith("locomo-mem0-v") and mem0 != official
    assert benchmark.resolve("locomo", str(locomo_file), {"locomo_categories": "mem0"}) == mem0
    assert benchmark.resolve("locomo-mem0", str(locomo_file), {"locomo_categories": "mem0"}) == mem0
    assert sorted(p.name for p in cache.iterdir()) == sorted([official.name, mem0.name])
    # Through the core's --data resolution (the registry), the same folders.
    assert resolve_data(f"locomo:{locomo_file}") == official
    assert resolve_data(f"locomo-mem0:{locomo_file}") == mem0
    assert resolve_data(f"locomo:{locomo_file}", {"locomo_categories": "mem0"}) == mem0
    # A folder it converted is itself, as a plain path and as locomo:DIR.
    assert benchmark.resolve("locomo", str(official), {}) == official
    assert resolve_data(official) == official


@pytest.mark.parametrize(
    ("spec", "options", "error", "message"),
    [
        (
            "locomo-mem0",
            {"locomo_categories": "official"},
            ConfigError,
            "--data locomo-mem0:FILE reads mem0's category names; --locomo-categories official "
            "contradicts it (use --data locomo:FILE)",
        ),
        (
            "locomo",
            {"locomo_categories": "other"},
            ConfigError,
            "--locomo-categories must be official or mem0, not 'other'",
        ),
        (
            "locomo-f1",
            {},
            ConfigError,
            "--data locomo-f1:…: the locomo family knows no 'locomo-f1' (locomo:FILE, "
            "locomo-mem0:FILE)",
        ),
    ],
)
def test_the_categories_rules(
    locomo_file: Path, cache: Path, spec: str, options: dict[str, Any], error: type, message: str
) -> None:
    with pytest.raises(error) as info:
        benchmark.resolve(spec, str(locomo_file), options)
    assert str(info.value) == message
    assert not cache.exists()  # nothing converted


def test_a_converted_folder_keeps_its_names(locomo_file: Path, cache: Path) -> None:
    folder = benchmark.resolve("locomo", str(locomo_file), {})
    with pytest.raises(ConfigError) as info:
        benchmark.resolve("locomo", str(folder), {"locomo_categories": "mem0"})
    assert str(info.value) == (
        f"--locomo-categories applies to --data locomo:FILE, not to {folder}: an imported "
        "directory keeps the names 'recallbench import --locomo-categories' gave it"
    )


def test_missing_and_malformed_files(tmp_path: Path, cache: Path) -> None:
    missing = tmp_path / "nowhere.json"
    with pytest.raises(DatasetError) as info:
        benchmark.resolve("locomo", str(missing), {})
    assert str(info.value) == f"{missing}: --data locomo:FILE: no such file"
    with pytest.raises(DatasetError, match="--data locomo-mem0:FILE: no such file"):
        benchmark.resolve("locomo", str(missing), {"locomo_categories": "mem0"})
    with pytest.raises(DatasetError, match="--data locomo:FILE: no such file"):
        benchmark.resolve("locomo", str(tmp_path), {})  # a folder it did not convert
    records = locomo_records()
    records[0]["qa"][1]["category"] = 7
    bad = write_json(tmp_path / "bad.json", records)
    with pytest.raises(DatasetError, match=r"record 0 \(sample_id 'conv-26'\): qa\[1\]\.category"):
        benchmark.resolve("locomo", str(bad), {})
    assert not any(p for p in cache.iterdir() if not p.name.startswith("."))


# ---------------------------------------------------------------------------------------------------
# Opening, validation, conversion


def test_open_gives_a_dataset_naming_its_family(locomo_file: Path, cache: Path) -> None:
    folder = benchmark.resolve("locomo", str(locomo_file), {})
    dataset = benchmark.open(folder, arcs_file="arcs-1000d.yaml")
    assert isinstance(dataset, LocomoConversations) and isinstance(dataset, ImportedDataset)
    assert dataset.benchmark is benchmark and benchmark_of(dataset) is benchmark
    assert dataset.persona_ids() == ["conv-26", "conv-30"]
    assert benchmark.unit_ids(folder, arcs_file="arcs-1000d.yaml") == ["conv-26", "conv-30"]
    assert [(r.label, r.days) for r in dataset.ranges_of("conv-30")] == [
        ("25%", 1),
        ("50%", 1),
        ("75%", 2),
        ("100%", 2),
    ]
    assert [r.label for r in dataset.default_ranges] == ["25%", "50%", "75%", "100%"]
    assert dataset.load("conv-26").qa[1].extra["locomoCategory"] == 4
    # A published file given as it is: converted first (into the same cache folder).
    assert benchmark.open(locomo_file, arcs_file="arcs-1000d.yaml").data_dir == folder


def test_validate_and_preflight_as_persona_folders(locomo_file: Path, cache: Path) -> None:
    folder = benchmark.resolve("locomo", str(locomo_file), {})
    found = benchmark.validate(folder, personas=None, arcs_file="arcs-1000d.yaml", deep=False)
    assert [p for p in found.problems if p.severity == "error"] == []
    assert found.ok == f"OK: {folder} is valid with arcs-1000d.yaml"
    assert benchmark.preflight(folder, personas=[], arcs_file="arcs-1000d.yaml", full=True) == []
    wrong = benchmark.preflight(folder, personas=["conv-26"], arcs_file="arcs-180d.yaml", full=True)
    assert len(wrong) == 1 and "arcs file not found" in wrong[0]


def test_convert_says_what_the_import_command_prints(locomo_file: Path, tmp_path: Path) -> None:
    summary = benchmark.convert(locomo_file, tmp_path / "a", {"locomo_categories": None})
    assert summary == ImportSummary(
        what="2 conversation(s)",
        questions=7,
        detail="; default checkpoints 25%, 50%, 75%, 100% of each conversation's sessions",
    )
    mem0 = benchmark.convert(locomo_file, tmp_path / "b", {"locomo_categories": "mem0"})
    assert mem0 == summary
    marker = json.loads((tmp_path / "b" / IMPORT_MARKER).read_text())
    assert (marker["family"], marker["source"]) == ("locomo", "locomo (mem0 categories)")
    with pytest.raises(ConfigError, match="must be official or mem0, not 'x'"):
        benchmark.convert(locomo_file, tmp_path / "c", {"locomo_categories": "x"})
    # The line `recallbench import` prints is made of the summary, word for word.
    out = tmp_path / "cli"
    printed = subprocess.run(
        [
            sys.executable,
            "-m",
            "recallbench",
            "import",
            "locomo",
            str(locomo_file),
            "--out",
            str(out),
        ],
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
# Judges


def test_load_judge() -> None:
    for spec in ("locomo-f1", "LoCoMo-F1", " locomo-f1 "):
        assert isinstance(benchmark.load_judge(spec, base_dir=None, timeout=None), LocomoF1Judge)
    spec = "locomo-llm:openai:gpt-x;http://127.0.0.1:9/v1"
    llm = benchmark.load_judge(spec, base_dir=None, timeout=3.0)
    assert isinstance(llm, LocomoLlmJudge)
    assert llm.name == spec and llm.temperature == 0
    for other in ("locomo-x", "longmemeval:openai:gpt-x", "rubric", "locomo"):
        assert benchmark.load_judge(other, base_dir=None, timeout=None) is None


@pytest.mark.parametrize("spec", ["locomo-llm", "locomo-llm: ", "LOCOMO-LLM:"])
def test_the_llm_judge_needs_a_model(spec: str) -> None:
    with pytest.raises(ConfigError) as info:
        benchmark.load_judge(spec, base_dir=None, timeout=None)
    text, kind = spec.strip(), "locomo-llm"
    assert str(info.value) == (
        f'cannot load judge "{text}": {kind} needs a model, as {kind}:<model spec> '
        f"(e.g. {kind}:openai:gpt-4o-mini); model specs are: {MODEL_SPEC_FORMS}"
    )


def test_the_judges_keep_their_fingerprint_type() -> None:
    # As the runs recorded before the move name it (tests/data/before-plugins/locomo.result.json.gz).
    assert describe_judge(LocomoF1Judge()) == {
        "type": "recallbench.judges.locomo.LocomoF1Judge",
        "name": "locomo-f1",
    }
    spec = "locomo-llm:openai:gpt-x;http://127.0.0.1:9/v1"
    llm = benchmark.load_judge(spec, base_dir=None, timeout=None)
    assert describe_judge(llm)["type"] == "recallbench.judges.locomo.LocomoLlmJudge"


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


OFFICIAL = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


def _locomo(pid: str, number: int, head: str) -> QuestionResult:
    return _answer(_pair(pid, locomoCategory=number, questionType=OFFICIAL[number]), head)


def _run() -> list[PersonaResult]:
    """F1 and J answers, a rubric one, an unjudged one, adversarial ones, an earlier asking, and a
    LongMemEval answer that is not LoCoMo's."""
    first = [_locomo("a", 1, "F1 0.0000 [locomo 1 multi-hop]"), _locomo("b", 4, "F1 0.2500 [x]")]
    last = [
        _locomo("a", 1, "F1 0.5000 [locomo 1 multi-hop]"),
        _locomo("b", 4, "F1 0.7500 [locomo 4 single-hop]"),
        _locomo("c", 2, "J 1 [locomo 2 temporal]: CORRECT"),
        _locomo("d", 3, "The answer matches the reference."),
        _locomo("e", 5, "F1 1.0000 [locomo 5 adversarial]"),
        _locomo("f", 5, "J excluded [locomo 5 adversarial]: not part"),
        _answer(
            _pair("z", questionType="multi-session", questionDate="d", answerSessionIds=[]),
            "accuracy 1 [longmemeval multi-session]: yes",
        ),
    ]
    unjudged = [_locomo("g", 4, "judge failed")]
    return [_persona((1, first, []), (2, last, unjudged))]


EXPECTED = {
    "categoryMapping": "official",
    "categoryNames": {
        "1": "multi-hop",
        "2": "temporal",
        "3": "open-domain",
        "4": "single-hop",
        "5": "adversarial",
    },
    "asking": "last",
    "questionCount": 7,
    "metrics": ["F1", "J"],
    "categories": [
        {"category": 1, "name": "multi-hop", "questionCount": 1, "F1": 0.5, "F1Count": 1},
        {"category": 2, "name": "temporal", "questionCount": 1, "J": 1.0, "JCount": 1},
        {"category": 3, "name": "open-domain", "questionCount": 1},
        {"category": 4, "name": "single-hop", "questionCount": 2, "F1": 0.75, "F1Count": 1},
        {"category": 5, "name": "adversarial", "questionCount": 2, "F1": 1.0, "F1Count": 1},
    ],
    "overall": {"questionCount": 5, "F1": 0.625, "F1Count": 2, "J": 1.0, "JCount": 1},
    "adversarial": {"questionCount": 2, "F1": 1.0, "F1Count": 1},
    "overallAccuracy": {"questionCount": 7, "F1": 0.75, "F1Count": 3, "J": 1.0, "JCount": 1},
    "unjudgedCount": 1,
    "warnings": [
        "this run's answers were judged by both locomo-f1 (F1) and locomo-llm (J): each figure "
        "covers only the answers its judge scored",
        "1 of 7 answers were judged by another judge (rubric or LLM rubric, no official figure): "
        "they are not comparable with published LoCoMo F1 (locomo-f1) or J (locomo-llm) figures "
        "and are left out of the figures",
    ],
}
"""What ``public_benchmark(personas)["locomo"]`` made of :func:`_run` before the move."""


def test_figures_as_before() -> None:
    figures = benchmark.figures(cast(Any, None), cast(Any, None), _run())
    assert figures == Figures(published=EXPECTED) and figures.metrics is None
    assert list(cast(dict[str, Any], figures.published)) == list(EXPECTED)  # in order
    # A run without LoCoMo questions has no LoCoMo figures.
    lme_only = [q for q in _run()[0].range_results[-1].question_results if q.qa.id == "z"]
    assert benchmark.figures(cast(Any, None), cast(Any, None), [_persona((1, lme_only, []))]) == (
        Figures()
    )
    assert benchmark.figures(cast(Any, None), cast(Any, None), []) == Figures()


def test_tables_as_before() -> None:
    # What render.public_benchmarks.public_tables({"locomo": EXPECTED}) built before the move.
    assert benchmark.tables(EXPECTED) == (
        Table(
            title="LoCoMo",
            notes=(
                "category mapping: official (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, "
                "5 adversarial)",
                "each question counts once, by its last asking (the final checkpoint's answer)",
                "1 answers unjudged (judge failed)",
                "WARNING: this run's answers were judged by both locomo-f1 (F1) and locomo-llm "
                "(J): each figure covers only the answers its judge scored",
                "WARNING: 1 of 7 answers were judged by another judge (rubric or LLM rubric, no "
                "official figure): they are not comparable with published LoCoMo F1 (locomo-f1) "
                "or J (locomo-llm) figures and are left out of the figures",
            ),
            header=("category", "n", "F1", "J"),
            rows=(
                ("1 multi-hop", "1", "0.5000", "–"),
                ("2 temporal", "1", "–", "1.0000"),
                ("3 open-domain", "1", "–", "–"),
                ("4 single-hop", "2", "0.7500", "–"),
                ("overall (1–4)", "5", "0.6250", "1.0000"),
                ("5 adversarial (apart)", "2", "1.0000", "–"),
                ("overall accuracy (1–5)", "7", "0.7500", "1.0000"),
            ),
        ),
    )
    bare = {"categoryMapping": "mem0", "categoryNames": {"1": "single-hop"}, "metrics": []}
    (table,) = benchmark.tables(bare)
    assert table.notes == (
        "category mapping: mem0 (1 single-hop)",
        "each question counts once, by its last asking (the final checkpoint's answer)",
        "no official figure: judge with --judge locomo-f1 or locomo-llm:MODEL",
    )
    assert table.header == ("category", "n") and table.rows == (("overall (1–4)", "0"),)
