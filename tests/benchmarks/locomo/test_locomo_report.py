"""LoCoMo's figures in the published layout (``publicBenchmark["locomo"]``): the pure figures
against hand-computed cases, and whole runs through the CLI (locomo-f1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest
from _public_sets import locomo_records, write_json

from recallbench.benchmarks.locomo.report import locomo_report
from recallbench.data.qa import QAPair
from recallbench.data.ranges import TimeRange
from recallbench.family.registry import family
from recallbench.judges.published import last_askings
from recallbench.render.public_benchmarks import public_html_section, public_section_lines
from recallbench.results.records import PersonaResult, QuestionResult, TimeRangeResult
from recallbench.results.scoring import JudgeScore


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


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


def _answer(pair: QAPair, reasoning: str, answer: str = "x") -> QuestionResult:
    return QuestionResult(
        qa=pair,
        system_answer=answer,
        score=JudgeScore(correctness=0, completeness=0, hallucination=1, reasoning=reasoning),
        composite_score=0.0,
        latency_ms=1.0,
    )


def _locomo(pid: str, category: int, name: str, head: str) -> tuple[QuestionResult, bool]:
    pair = _pair(pid, locomoCategory=category, questionType=name)
    return _answer(pair, head), True


OFFICIAL = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


def test_locomo_f1_by_category_overall_and_adversarial_apart() -> None:
    answers = [
        _locomo("a", 1, OFFICIAL[1], "F1 0.5000 [locomo 1 multi-hop]"),
        _locomo("b", 2, OFFICIAL[2], "F1 1.0000 [locomo 2 temporal]"),
        _locomo("c", 4, OFFICIAL[4], "F1 0.2500 [locomo 4 single-hop]"),
        _locomo("d", 4, OFFICIAL[4], "F1 0.7500 [locomo 4 single-hop]"),
        _locomo("e", 5, OFFICIAL[5], "F1 1.0000 [locomo 5 adversarial]"),
    ]
    report = locomo_report(answers)
    assert report["categoryMapping"] == "official"
    assert report["metrics"] == ["F1"]
    by = {c["category"]: c for c in report["categories"]}
    assert by[1]["F1"] == 0.5 and by[2]["F1"] == 1.0 and by[4]["F1"] == 0.5
    # (0.5 + 1 + 0.25 + 0.75) / 4: the mean over the questions of categories 1-4, not of categories.
    assert report["overall"] == {"questionCount": 4, "F1": 0.625, "F1Count": 4}
    assert report["adversarial"] == {"questionCount": 1, "F1": 1.0, "F1Count": 1}
    # (0.5 + 1 + 0.25 + 0.75 + 1) / 5
    assert report["overallAccuracy"] == {"questionCount": 5, "F1": 0.7, "F1Count": 5}
    assert "warnings" not in report
    text = "\n".join(public_section_lines({"locomo": report}))
    assert "category mapping: official (1 multi-hop, 2 temporal" in text
    assert "overall (1–4)           4  0.6250" in text
    # LoCoMo's own statistics' "Overall accuracy": every category, adversarial included.
    assert "overall accuracy (1–5)  5  0.7000" in text
    assert "5 adversarial (apart)   1  1.0000" in text


def test_locomo_j_excludes_category_5_and_mem0_mapping_named() -> None:
    mem0 = {1: "single-hop", 3: "multi-hop", 5: "adversarial"}
    answers = [
        _locomo("a", 1, mem0[1], "J 1 [locomo 1 single-hop]: CORRECT"),
        _locomo("b", 1, mem0[1], "J 0 [locomo 1 single-hop]: WRONG"),
        _locomo("c", 3, mem0[3], "J 1 [locomo 3 multi-hop]: CORRECT"),
        _locomo("d", 5, mem0[5], "J excluded [locomo 5 adversarial]: not part"),
    ]
    report = locomo_report(answers)
    assert report["categoryMapping"] == "mem0"
    assert report["metrics"] == ["J"]
    assert report["overall"]["J"] == pytest.approx(2 / 3)
    assert report["adversarial"] == {"questionCount": 1}  # counted, no J
    assert "category mapping: mem0 (1 single-hop" in "\n".join(
        public_section_lines({"locomo": report})
    )


def test_locomo_warns_on_mixed_conventions_and_rubric_answers() -> None:
    answers = [
        _locomo("a", 1, "multi-hop", "F1 1.0000 [locomo 1 multi-hop]"),
        _locomo("b", 1, "single-hop", "F1 0.0000 [locomo 1 single-hop]"),
        _locomo("c", 4, "single-hop", "The answer matches the reference."),
    ]
    report = locomo_report(answers)
    assert report["categoryMapping"] == "mixed"
    mixed, rubric = report["warnings"]
    assert "mixes LoCoMo category conventions (mem0: 1 questions, official: 2 questions)" in mixed
    assert "1 of 3 answers were judged by another judge" in rubric
    assert "published LoCoMo F1 (locomo-f1) or J (locomo-llm)" in rubric
    assert report["overall"]["F1"] == 0.5  # the rubric answer is left out
    assert "WARNING: this run mixes" in "\n".join(public_section_lines({"locomo": report}))
    assert "rb-banner" in public_html_section({"locomo": report})


def test_last_asking_counts_and_persona_runs_get_nothing() -> None:
    pair = _pair("q", locomoCategory=4, questionType="single-hop")

    def checkpoint(days: int, head: str) -> TimeRangeResult:
        return TimeRangeResult(
            range=TimeRange(label=f"{days}d", days=days),
            days_ingested=days,
            questions_evaluated=1,
            overall_score=0.0,
            category_scores=(),
            difficulty_scores={},
            hallucination_rate=0.0,
            question_results=(_answer(pair, head),),
        )

    persona = PersonaResult(
        persona_id="p",
        adapter_name="a",
        range_results=(checkpoint(1, "F1 0.0000 [x]"), checkpoint(2, "F1 0.5000 [x]")),
        heatmap=(),
        total_ingestion_ms=0.0,
        total_query_ms=0.0,
        unique_qa_pair_count=1,
        total_evals_run=2,
    )
    assert [q.score.reasoning for q, _ in last_askings([persona])] == ["F1 0.5000 [x]"]
    assert public_benchmark([persona]) == {"locomo": locomo_report(last_askings([persona]))}
    plain = attrs_evolve_pair(persona)
    assert public_benchmark([plain]) is None


def public_benchmark(personas: list[PersonaResult]) -> dict[str, Any] | None:
    """``publicBenchmark`` as the families make it: each one's published figures, by its name."""
    found = {
        name: family(name).figures(cast(Any, None), cast(Any, None), personas).published
        for name in ("locomo", "longmemeval")
    }
    return {name: p for name, p in found.items() if p is not None} or None


def attrs_evolve_pair(persona: PersonaResult) -> PersonaResult:
    import attrs

    ranges = tuple(
        attrs.evolve(
            r,
            question_results=tuple(
                attrs.evolve(q, qa=attrs.evolve(q.qa, extra={})) for q in r.question_results
            ),
        )
        for r in persona.range_results
    )
    return attrs.evolve(persona, range_results=ranges)


def _cli(*argv: str, cache: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "recallbench", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "RECALLBENCH_CACHE_DIR": str(cache)},
        timeout=120,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("convention", "flags", "mapping"),
    [
        ("locomo", [], "official"),
        ("locomo-mem0", [], "mem0"),
        ("locomo", ["--locomo-categories", "mem0"], "mem0"),  # after --data: order is free
    ],
)
def test_locomo_run_with_f1_judge(
    convention: str, flags: list[str], mapping: str, tmp_path: Path
) -> None:
    source = write_json(tmp_path / "locomo10.json", locomo_records())
    out = tmp_path / "run"
    run = _cli(
        "run",
        "--data",
        f"{convention}:{source}",
        *flags,
        "--adapter",
        "builtin:bm25",
        "--judge",
        "locomo-f1",
        "--output",
        str(out),
        cache=tmp_path / "c",
    )
    assert run.returncode == 0, run.stderr
    # Converted once, under the names asked for (no conversion under the default first).
    (cached,) = (tmp_path / "c" / "imports").iterdir()
    assert cached.name.startswith("locomo-mem0-" if mapping == "mem0" else "locomo-v")
    assert f"category mapping: {mapping} (" in run.stdout
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    locomo = result["publicBenchmark"]["locomo"]
    assert locomo["categoryMapping"] == mapping
    # By hand from the answers: each question's last asking is its final checkpoint's answer.
    last: dict[str, tuple[int, float]] = {}
    for persona in result["personas"]:
        for r in persona["rangeResults"]:
            for q in r["questionResults"]:
                figure = float(q["score"]["reasoning"].split()[1])
                last[persona["personaId"] + q["qa"]["id"]] = (q["qa"]["locomoCategory"], figure)
    assert len(last) == 7 == locomo["questionCount"]
    main = [f for c, f in last.values() if c != 5]
    assert locomo["overall"]["F1"] == pytest.approx(sum(main) / len(main))
    assert locomo["overall"]["questionCount"] == 6
    assert locomo["adversarial"]["questionCount"] == 1
    for row in locomo["categories"]:
        values = [f for c, f in last.values() if c == row["category"]]
        assert row["F1"] == pytest.approx(sum(values) / len(values))
    report = _cli("report", str(out), cache=tmp_path / "c")
    assert f"category mapping: {mapping} (" in report.stdout
    assert 'id="public-benchmark"' in (out / "report.html").read_text(encoding="utf-8")
