"""LoCoMo conversations asked at their own session quarters through the harness: each persona's
checkpoints, the heatmap's columns lined up by label, ``--ranges`` replacing them, and resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from _public_sets import locomo_records, write_json

import recallbench as rb
from recallbench.benchmarks.locomo.importer import convert_locomo
from recallbench.family import open_dataset
from recallbench.harness.resume import read_resume_log
from recallbench.results import heatmap_view
from recallbench.testing import ScriptedAdapter

SHARES = ["25%", "50%", "75%", "100%"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def imported(tmp_path: Path) -> Path:
    out = tmp_path / "locomo"
    convert_locomo(write_json(tmp_path / "locomo10.json", locomo_records()), out)
    return out


def _ingested_before_each_question(adapter: ScriptedAdapter) -> list[tuple[str, int]]:
    """Each question asked, with the last day ingested before it."""
    last, out = 0, []
    for call in adapter.calls:
        if call[0] == "setup":
            last = 0
        elif call[0] == "ingest_day":
            last = call[1]
        elif call[0] == "query":
            out.append((call[1], last))
    return out


@pytest.mark.anyio
async def test_each_conversation_at_its_own_quarters(imported: Path) -> None:
    adapter = ScriptedAdapter(answer="I don't know.")
    result = await rb.Harness(adapter, imported, judge="rubric").run()
    asked = {
        p.persona_id: [(r.range.label, r.days_ingested) for r in p.range_results]
        for p in result.personas
    }
    assert asked == {
        "conv-26": [("25%", 1), ("50%", 1), ("75%", 44), ("100%", 86)],
        "conv-30": [("25%", 1), ("50%", 1), ("75%", 2), ("100%", 2)],
    }
    # The adapter saw each conversation's days only up to its own quarter point.
    seen = _ingested_before_each_question(adapter)
    assert ("What did Gina open?", 2) in seen
    assert all(day in (1, 2, 44, 86) for _, day in seen)
    # The run's columns: one per label, at the most days a conversation reached it.
    assert [(r.label, r.days) for r in result.ranges] == [
        ("25%", 1),
        ("50%", 1),
        ("75%", 44),
        ("100%", 86),
    ]
    # The heatmap merges the conversations column by column.
    assert {c.range for c in result.heatmap} <= set(SHARES)
    view = heatmap_view(result)
    assert list(view.columns) == SHARES
    merged = [c for c in result.heatmap if c.range == "100%" and c.category == "factual-recall"]
    (cell,) = merged
    # conv-26's two single-hop questions and conv-30's one, all asked at 100%.
    assert cell.question_count == 3


@pytest.mark.anyio
async def test_the_data_spec_asks_the_same(
    imported: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "locomo10.json"
    from_dir = await rb.Harness(ScriptedAdapter(), imported, judge="rubric").run()
    from_spec = await rb.Harness(ScriptedAdapter(), f"locomo:{source}", judge="rubric").run()

    def shape(result: rb.BenchmarkResult) -> list[tuple[str, str, int, int]]:
        return [
            (p.persona_id, r.range.label, r.days_ingested, r.questions_evaluated)
            for p in result.personas
            for r in p.range_results
        ]

    assert shape(from_dir) == shape(from_spec)


@pytest.mark.anyio
async def test_named_ranges_replace_them(imported: Path) -> None:
    config = rb.RunConfig(ranges=["30d", "90d"])
    result = await rb.Harness(ScriptedAdapter(), imported, judge="rubric", config=config).run()
    labels = {p.persona_id: [r.range.label for r in p.range_results] for p in result.personas}
    # conv-30 has 2 days: 30d and 90d beyond them are asked once, at its end.
    assert labels == {"conv-26": ["30d", "86d"], "conv-30": ["2d"]}
    assert open_dataset(imported).ranges_of("conv-26")[0].label == "25%"


@pytest.mark.anyio
async def test_resume_skips_the_checkpoints_logged(imported: Path, tmp_path: Path) -> None:
    first = tmp_path / "first"
    output = rb.RunOutput(progress=first / "progress.jsonl", questions=first / "questions.jsonl")
    await rb.Harness(ScriptedAdapter(), imported, judge="rubric", output=output).run()
    resume = read_resume_log(first / "progress.jsonl", first / "questions.jsonl")
    again = ScriptedAdapter()
    result = await rb.Harness(again, imported, judge="rubric", resume=resume).run()
    assert not [c for c in again.calls if c[0] == "query"]  # every answer came from the log
    assert [r.range.label for r in result.personas[0].range_results] == SHARES
    assert sum(r.questions_evaluated for p in result.personas for r in p.range_results) == 18
