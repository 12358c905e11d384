"""Issue 33.5 (b): LoCoMo's loosely written evidence references in a MemoryBench benchmark read where
their intent is clear and warned about once where not (moved from tests/test_evidence_refs.py)."""

from __future__ import annotations

import copy
from pathlib import Path

from _manifests import LOCOMO_LIKE, write_benchmark

from recallbench.benchmarks.memorybench.dataset import ManifestDataset, validate_manifests


def test_manifest_dialog_refs_read_loosely_and_warn_once(tmp_path: Path) -> None:
    cases = copy.deepcopy(LOCOMO_LIKE)
    qa = cases[0]["qa"]
    qa[0]["evidence"] = ["D:2:1"]
    qa[1]["evidence"] = ["D01:01;", "D10"]
    qa[2]["evidence"] = ["D10:01", "oops"]
    folder = write_benchmark(
        tmp_path / "b",
        cases,
        ingestion={
            "strategy": "session-based",
            "sessions_field": "conversation",
            "sessions_format": "dynamic_keys",
            "evidence_field": "evidence",
            "evidence_parser": "dialog_refs",
        },
        data_file="data.json",
        flatten={"field": "qa", "promote_fields": ["question", "answer", "category", "evidence"]},
    )
    problems = validate_manifests(folder)
    assert [p.severity for p in problems] == ["warning"]
    assert problems[0].message.startswith("2 evidence reference(s) of 2 question(s) name no turn")
    assert "'D10'" in problems[0].message and "'oops'" in problems[0].message
    (unit,) = ManifestDataset(folder).benchmarks()[""].units
    pairs = {p.id: p for p in unit.qa}
    assert [pairs[i].extra["evidenceSessions"] for i in sorted(pairs)] == [
        ["D2"],
        ["D1", "D10"],
        ["D10"],
    ]
    assert [pairs[i].extra.get("evidenceTurns") for i in sorted(pairs)] == [
        ["D2:1"],
        ["D1:1"],
        ["D10:1"],
    ]
