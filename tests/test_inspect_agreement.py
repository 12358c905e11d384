"""Issue 44's agreement: the 180-day executive assistant at 30d, ``builtin:bm25`` judged by
``rubric``, through inspect (offline, ``mockllm/model``) and through a real ``recallbench run``
process: every question's answer, score and retrieval metrics identical, and so the run's means.
Skips cleanly without the reference data (RECALLBENCH_REFERENCE_DATA)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("inspect_ai", reason="the inspect extra is not installed")

from _inspect_support import INSPECT_WARNINGS, collected_while_ignored, run_task  # noqa: F401

pytestmark = [*INSPECT_WARNINGS, pytest.mark.slow, pytest.mark.reference]

SELECTION = {"personas": "executive-assistant", "arcs": "arcs-180d.yaml", "ranges": "30d"}


def test_inspect_eval_and_recallbench_run_score_every_question_alike(
    reference_data: Path, tmp_path: Path
) -> None:
    data = reference_data / "personas"
    run_dir = tmp_path / "run"
    subprocess.run(
        [sys.executable, "-m", "recallbench", "run", "--data", str(data), "--personas",
         "executive-assistant", "--arcs", "arcs-180d.yaml", "--ranges", "30d", "--adapter",
         "builtin:bm25", "--judge", "rubric", "--output", str(run_dir), "--no-heatmap-png",
         "--no-html"],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip
    result = json.loads((run_dir / "result.json").read_text(encoding="utf-8"))
    expected = {}
    for persona in result["personas"]:
        for checkpoint in persona["rangeResults"]:
            label = checkpoint["range"]["label"]
            for q in checkpoint["questionResults"]:
                figures = q.get("retrievalMetrics") or {}
                expected[f"{persona['personaId']}/{label}/{q['qa']['id']}"] = (
                    q["systemAnswer"],
                    q["score"]["correctness"],
                    q["score"]["completeness"],
                    q["score"]["hallucination"],
                    q["compositeScore"],
                    tuple(figures.get(k) for k in ("recall@5", "recall@10", "ndcg@10", "mrr")),
                )

    log = run_task(
        tmp_path / "logs", data=str(data), adapter="builtin:bm25", judge="rubric", **SELECTION
    )
    assert log.status == "success", log.error
    found = {}
    for sample in log.samples or ():
        score = sample.scores["recall_judge"]  # type: ignore[index]
        value = score.value
        figures = tuple(
            None if math.isnan(v := value[k]) else v  # type: ignore[index]
            for k in ("recall@5", "recall@10", "ndcg@10", "mrr")
        )
        found[str(sample.id)] = (
            score.answer,
            value["correctness"],  # type: ignore[index]
            value["completeness"],  # type: ignore[index]
            value["hallucination"],  # type: ignore[index]
            value["composite"],  # type: ignore[index]
            figures,
        )
    assert len(expected) == 45
    assert found == expected

    # And the run's figures: the mean composite is recallbench's OVERALL, the retrieval means its.
    metrics = {s.name: s.metrics for s in log.results.scores}  # type: ignore[union-attr]
    composite = [v[4] for v in expected.values()]
    assert metrics["composite"]["mean"].value == pytest.approx(
        math.fsum(composite) / len(composite)
    )
    overall = result["retrieval"]["overall"]
    for key in ("recall@5", "recall@10", "ndcg@10", "mrr"):
        assert metrics["recall_judge"][key].value == pytest.approx(overall[key])
    rate = 100 * sum(v[3] == 0 for v in expected.values()) / len(expected)
    assert metrics["hallucination"]["recallbench/hallucination_rate"].value == pytest.approx(rate)
