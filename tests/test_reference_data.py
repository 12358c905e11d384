"""Against the original project's real data (skipped without RECALLBENCH_REFERENCE_DATA)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import recallbench as rb
from recallbench.cli import main
from recallbench.data import (
    CATEGORIES,
    SelectionPolicy,
    load_persona_definition,
    parse_time_range,
    plan_persona,
)

pytestmark = pytest.mark.reference

EA = "executive-assistant"
OTHERS = (
    "backend-eng-saas",
    "er-physician",
    "financial-advisor",
    "litigation-attorney",
    "research-scientist",
)


def test_loads_the_180_day_executive_assistant_unchanged(reference_data: Path) -> None:
    ds = rb.load_persona(reference_data / "personas", EA, "arcs-180d.yaml")
    assert len(ds.days) == 180
    assert [d.number for d in ds.days] == list(range(1, 181))
    assert len(ds.qa) == 316
    assert ds.days[0].date == "2026-01-01" and ds.days[-1].date == "2026-06-29"
    assert ds.memories_dir.name == "memories-180d" and ds.qa_file.parent.name == "qa-180d"
    # Days are split into their sessions; every day has the principal session.
    assert all("principal" in d.sessions for d in ds.days)
    assert sum(len(d.sessions) for d in ds.days) / 180 == pytest.approx(4.63, abs=0.01)
    # Merged session lifecycles: the story owns the timing.
    condor = next(s for s in ds.definition.sessions() if s.id == "project-condor")
    assert (condor.first_day, condor.last_day, condor.isolated) == (1, 150, True)
    counts = {c: sum(p.category == c for p in ds.qa) for c in CATEGORIES}
    assert counts["factual-recall"] == 144 and counts["information-boundary"] == 4
    assert sum(p.irrelevant_after is not None for p in ds.qa) == 14


@pytest.mark.parametrize("persona_id", [EA, *OTHERS])
def test_loads_every_persona_definition(reference_data: Path, persona_id: str) -> None:
    d = load_persona_definition(reference_data / "personas", persona_id)
    assert d.persona.id == persona_id
    assert d.epoch == "2026-01-01"
    assert d.story.arcs and d.persona.sessions and d.persona.principal is not None
    assert len(d.persona.cast) >= 10


def test_the_180_day_dataset_validates_clean(
    reference_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "validate",
            "--data",
            str(reference_data / "personas"),
            "--personas",
            EA,
            "--arcs",
            "arcs-180d.yaml",
        ]
    )
    assert code == 0, capsys.readouterr().out


def _baseline_result(reference_data: Path) -> dict:
    path = reference_data / "bench-results" / "ea-180d-recall-baseline" / "result.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_plan_reproduces_the_reference_question_order(
    reference_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Acceptance: every checkpoint's questionIds equals the id order of the reference run."""
    result = _baseline_result(reference_data)
    ranges = [r["label"] for r in result["ranges"]]
    assert len(ranges) == 30
    code = main(
        [
            "plan",
            "--data",
            str(reference_data / "personas"),
            "--personas",
            EA,
            "--arcs",
            "arcs-180d.yaml",
            "--seed",
            "42",
            "--sample",
            "50",
            "--ignore-irrelevant-after",
            "--ranges",
            ",".join(ranges),
            "--json",
        ]
    )
    assert code == 0
    plan = json.loads(capsys.readouterr().out)
    [persona] = plan["personas"]
    assert persona["personaId"] == EA
    expected = result["personas"][0]["rangeResults"]
    assert [c["label"] for c in persona["checkpoints"]] == [r["range"]["label"] for r in expected]
    for got, want in zip(persona["checkpoints"], expected, strict=True):
        assert got["questionIds"] == [q["qa"]["id"] for q in want["questionResults"]], got["label"]
    assert plan["totals"]["questions"] == result["metadata"]["totalEvalsRun"] == 1639


def test_plan_with_irrelevant_after_differs_from_the_old_run(reference_data: Path) -> None:
    """The old run predates irrelevant_after: honouring the field must change some checkpoints."""
    ds = rb.load_persona(reference_data / "personas", EA, "arcs-180d.yaml")
    result = _baseline_result(reference_data)
    ranges = [parse_time_range(r) for r in result["ranges"]]
    days = [d.number for d in ds.days]
    new = plan_persona(EA, ds.qa, days, ranges, policy=SelectionPolicy(sample=50))
    old = plan_persona(
        EA,
        ds.qa,
        days,
        ranges,
        policy=SelectionPolicy(sample=50, respect_irrelevant_after=False),
    )
    assert [c.question_ids for c in new.checkpoints] != [c.question_ids for c in old.checkpoints]


def test_result_records_serialise_like_the_reference(reference_data: Path) -> None:
    """QA pairs written by our converter have the reference's key order and value shapes."""
    ds = rb.load_persona(reference_data / "personas", EA, "arcs-180d.yaml")
    result = _baseline_result(reference_data)
    written = {
        q["qa"]["id"]: q["qa"]
        for r in result["personas"][0]["rangeResults"]
        for q in r["questionResults"]
    }
    from recallbench._convert import to_json

    compared = 0
    for pair in ds.qa:
        if pair.id in written:
            ours, theirs = list(to_json(pair)), list(written[pair.id])
            # The dataset gained irrelevant_after after that run; nothing else may differ.
            assert [k for k in ours if k != "irrelevantAfter"] == theirs, pair.id
            compared += 1
    assert compared == 312
