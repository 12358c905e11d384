"""Issue 45's target on real data: on the 180-day executive assistant with ``builtin:bm25`` (rubric
judge, the default checkpoints), the split into retrieval misses and reading errors agrees with
recall@10 answer by answer — no answer whose evidence days were all retrieved is a retrieval miss,
and every answer that fell short with an evidence day missing is one — and every answer has exactly
one class.

Needs the reference data (``RECALLBENCH_REFERENCE_DATA``); a real run of about half a minute.
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

import recallbench as rb
from recallbench.adapters.lexical import Bm25Adapter
from recallbench.results.attribution import CLASSES, attribute_run
from recallbench.results.attribution_summary import summarize_attribution
from recallbench.results.evidence import has_evidence
from recallbench.results.result_json import read_result

pytestmark = [pytest.mark.reference, pytest.mark.slow]

SHORT_FELL = frozenset({"retrieval-miss", "reading-error", "wrong-abstention", "retrieval-unknown"})
"""The classes of an answer that fell short (below full marks) without being made up, an error or
in doubt."""


def test_misses_and_reading_errors_agree_with_recall(reference_data: Path, tmp_path: Path) -> None:
    async def main() -> None:
        await rb.run(
            Bm25Adapter,
            reference_data / "personas",
            judge="rubric",
            config=rb.RunConfig(arcs_file="arcs-180d.yaml", personas=("executive-assistant",)),
            output=rb.RunOutput(result_json=tmp_path / "result.json"),
            progress=False,
        )

    anyio.run(main)
    result, _ = read_result(tmp_path / "result.json")  # decided from what the run holds
    answers = list(attribute_run(result))
    assert len(answers) == 484  # 30d, 90d, 6mo
    summary = summarize_attribution(result)
    assert summary.reported
    assert sum(summary.overall.values()) == summary.total == len(answers)
    assert all(a.attribution.kind in CLASSES for a in answers)

    retrieved = misses = 0
    for a in answers:
        q, kind = a.answer, a.attribution.kind
        metrics = q.retrieval_metrics
        recall = metrics.recall_at_10 if metrics is not None else 0.0
        if has_evidence(q.qa) and recall >= 1.0:
            retrieved += 1
            assert kind != "retrieval-miss", q.qa.id
        if kind == "retrieval-miss":
            misses += 1
            assert has_evidence(q.qa) and recall < 1.0, q.qa.id
        if kind in SHORT_FELL and has_evidence(q.qa) and recall < 1.0:
            assert kind == "retrieval-miss", q.qa.id
        if kind == "reading-error":
            assert not has_evidence(q.qa) or recall >= 1.0, q.qa.id
    # The run has both kinds in numbers: the split is a split, not one class.
    assert retrieved >= 50
    assert misses >= 100
    assert summary.overall["reading-error"] >= 10
