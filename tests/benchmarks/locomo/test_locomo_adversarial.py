"""LoCoMo's adversarial category is reachable: the built-in baselines' abstention is one the official
check recognises ("not mentioned" / "no information available"), so a memory that declines scores
1.0 there under ``locomo-f1``; the wording is configurable; the report prints LoCoMo's own all-category
"Overall accuracy" beside overall (1–4)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from _public_sets import locomo_records, write_json

import recallbench as rb
from recallbench.adapters import ABSTENTION
from recallbench.adapters.answering import answer_system
from recallbench.adapters.builtin import builtin_adapter
from recallbench.benchmarks.locomo.judges import adversarial_declined
from recallbench.data.qa import QAPair
from recallbench.harness import AdapterSpec
from recallbench.judges.base import JudgeContext
from recallbench.judges.rubric import RubricJudge


def _run(tmp_path: Path, *argv: str) -> dict[str, object]:
    locomo = write_json(tmp_path / "locomo10.json", locomo_records())
    out = tmp_path / "run"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "recallbench",
            "run",
            "--data",
            f"locomo:{locomo}",
            "--judge",
            "locomo-f1",
            "--output",
            str(out),
            "--no-html",
            "--no-heatmap-png",
            *argv,
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "RECALLBENCH_CACHE_DIR": str(tmp_path / "cache")},
        timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr
    result: dict[str, object] = json.loads((out / "result.json").read_text(encoding="utf-8"))
    return result


def test_the_null_memory_scores_one_on_the_adversarial_category(tmp_path: Path) -> None:
    pytest.importorskip("nltk", reason="locomo-f1 stems with nltk (the benchmarks extra)")
    result = _run(tmp_path, "--adapter", "builtin:null")
    locomo = result["publicBenchmark"]["locomo"]  # type: ignore[index]
    assert locomo["adversarial"]["questionCount"] >= 1
    assert locomo["adversarial"]["F1"] == 1.0
    every = locomo["overallAccuracy"]
    assert every["questionCount"] == locomo["questionCount"]


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_a_configured_wording_the_check_does_not_know_scores_zero(tmp_path: Path) -> None:
    pytest.importorskip("nltk", reason="locomo-f1 stems with nltk (the benchmarks extra)")
    locomo = write_json(tmp_path / "locomo10.json", locomo_records())
    result = await rb.Harness(
        AdapterSpec("builtin:null", {"abstention": "I have nothing on that."}),
        f"locomo:{locomo}",
        judge="locomo-f1",
    ).run()
    assert result.public_benchmark is not None
    assert result.public_benchmark["locomo"]["adversarial"]["F1"] == 0.0


def test_the_abstention_reads_as_declining_to_every_scorer() -> None:
    assert adversarial_declined(ABSTENTION)
    assert "exactly: " + ABSTENTION in answer_system()
    assert "exactly: Nothing." in answer_system("Nothing.")


@pytest.mark.parametrize(
    ("category", "reference", "expected"),
    [("negative-recall", "No, it was never booked.", 3), ("factual-recall", "Lisbon.", 0)],
)
def test_the_rubric_judge_reads_the_abstention_as_one(
    category: str, reference: str, expected: int
) -> None:
    pair = QAPair(
        id="q1",
        question="Did Dana book the offsite?",
        answer=reference,
        category=category,
        difficulty="easy",
        relevant_days=(3,),
    )
    score = RubricJudge().score_sync(pair.question, reference, ABSTENTION, JudgeContext(qa=pair))
    assert score.correctness == expected
    assert score.hallucination == 1  # declining invents nothing


def test_every_built_in_adapter_takes_another_wording() -> None:
    for name in ("bm25", "fts5", "recency", "random", "oracle", "null", "echo-reference"):
        adapter = builtin_adapter(name, {"abstention": "Nothing on that."})
        assert adapter.abstention == "Nothing on that."
