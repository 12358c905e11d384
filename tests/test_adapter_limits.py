"""What an adapter may tell the harness about itself besides answers: writes its memory system
refused (``WritesRefused``: counted, shown, the run goes on) and how many of its units may run at
once (``concurrent_units``: a memory server at a URL that cannot keep units apart)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

import recallbench as rb
from recallbench.adapters.lexical import Bm25Adapter
from recallbench.data.corpus import DayMetadata
from recallbench.errors import WritesRefused
from recallbench.harness.config import RunConfig
from recallbench.render.headline import format_headline
from recallbench.render.report import format_text_report
from recallbench.results.result_json import read_result
from recallbench.testing import write_persona


class RefusingMemory(Bm25Adapter):
    """bm25 whose store refuses the days named, one write each (day 20: two), as a memory server
    refusing near-duplicates does; every other day is stored."""

    name = "refusing"

    def __init__(self, refuse: tuple[int, ...] = (3, 20)) -> None:
        super().__init__()
        self.refuse = refuse

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        if day not in self.refuse:
            await super().ingest_day(day, content, metadata)
            return
        reasons = ("duplicate of an earlier memory",) * (2 if day == 20 else 1)
        raise WritesRefused(len(reasons), reasons)


class CountingMemory(Bm25Adapter):
    """bm25 that records how many of its kind are set up at once."""

    name = "counting"
    live = 0
    most = 0

    def __init__(self, limit: int | None = None) -> None:
        super().__init__()
        if limit is not None:
            self.concurrent_units = limit
            self.concurrency_note = "one server, no namespace: units would see each other's days"

    async def setup(self) -> None:
        await super().setup()
        type(self).live += 1
        type(self).most = max(type(self).most, type(self).live)

    async def finalize_ingestion(self) -> None:
        import anyio

        await super().finalize_ingestion()
        await anyio.sleep(0.05)  # long enough for a second unit to start, if it may

    async def teardown(self) -> None:
        type(self).live -= 1
        await super().teardown()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root)
    write_persona(root, "tiny2")
    return root


def _config(**kwargs: Any) -> RunConfig:
    return RunConfig(arcs_file="arcs-30d.yaml", ranges=("10d", "30d"), **kwargs)


@pytest.mark.anyio
async def test_refused_writes_are_counted_shown_and_the_run_goes_on(
    data: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = tmp_path / "run"
    caplog.set_level(logging.WARNING, logger="recallbench")
    result = await rb.Harness(
        RefusingMemory,
        data,
        judge="rubric",
        config=_config(personas=("tiny",), lifecycle="incremental"),
        output=rb.RunOutput.directory(out),
    ).run()
    persona = result.personas[0]
    assert persona.error is None
    assert [r.days_ingested for r in persona.range_results] == [10, 30]  # never stopped
    assert [r.writes_refused for r in persona.range_results] == [1, 2]
    assert result.metadata.writes_refused == 3
    assert result.metadata.warnings is None  # the system's answer, not a failure of the run
    logged = [r.message for r in caplog.records if "write(s) refused" in r.message]
    assert len(logged) == 2 and "day 20: 2 write(s) refused: duplicate" in logged[1]
    assert "Writes refused 3" in format_headline(result)
    report = format_text_report(result)
    assert "refused" in report.split("by checkpoint:")[-1]
    # the refused day's evidence is not in memory: its question is a retrieval miss
    day3 = next(
        q for r in persona.range_results for q in r.question_results if q.qa.relevant_days == (3,)
    )
    assert 3 not in (day3.retrieved_days or ())
    on_disk = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert on_disk["metadata"]["writesRefused"] == 3
    assert [r.get("writesRefused") for r in on_disk["personas"][0]["rangeResults"]] == [1, 2]
    read, _ = read_result(out / "result.json")
    assert read.metadata.writes_refused == 3
    assert [r.writes_refused for r in read.personas[0].range_results] == [1, 2]


@pytest.mark.anyio
async def test_a_run_refusing_nothing_writes_no_count(data: Path) -> None:
    result = await rb.Harness(
        Bm25Adapter, data, judge="rubric", config=_config(personas=("tiny",))
    ).run()
    assert result.metadata.writes_refused is None
    assert all(r.writes_refused is None for r in result.personas[0].range_results)
    assert "Writes refused" not in format_headline(result)


@pytest.mark.anyio
@pytest.mark.parametrize(("limit", "most"), [(None, 2), (1, 1)])
async def test_an_adapter_that_cannot_share_runs_one_unit_at_a_time(
    data: Path, limit: int | None, most: int, caplog: pytest.LogCaptureFixture
) -> None:
    CountingMemory.live = CountingMemory.most = 0
    caplog.set_level(logging.WARNING, logger="recallbench")
    result = await rb.Harness(
        lambda: CountingMemory(limit),
        data,
        judge="rubric",
        config=_config(lifecycle="fresh", unit_parallelism=2),
    ).run()
    assert [p.error for p in result.personas] == [None, None]
    assert CountingMemory.most == most
    noted = [r.message for r in caplog.records if "unit(s) at a time" in r.message]
    assert bool(noted) == (limit is not None)
    if noted:
        assert "units would see each other's days" in noted[0]


@pytest.mark.anyio
async def test_a_resumed_run_keeps_the_refusals_it_logged(data: Path, tmp_path: Path) -> None:
    """Resumed, a checkpoint whose answers were all logged ingests nothing again: its count of
    refused writes comes from the progress log."""
    from recallbench.harness.resume import read_resume_log

    out = tmp_path / "run"
    config = _config(personas=("tiny",), lifecycle="incremental")
    first = await rb.Harness(
        RefusingMemory, data, judge="rubric", config=config, output=rb.RunOutput.directory(out)
    ).run()
    assert first.metadata.writes_refused == 3
    resume = read_resume_log(out / "progress.jsonl", out / "questions.jsonl")
    # A memory that refuses nothing: what is counted can only come from the log.
    again = await rb.Harness(Bm25Adapter, data, judge="rubric", config=config, resume=resume).run()
    assert [r.writes_refused for r in again.personas[0].range_results] == [1, 2]
    assert again.metadata.writes_refused == 3


class RefusingDeletes(Bm25Adapter):
    """bm25 whose store refuses every deletion, as a server refusing a write does."""

    name = "refusing-deletes"

    async def delete_memory(self, memory_id: str) -> None:
        raise WritesRefused(1, (f"{memory_id} is locked",))


class RefusingAtFinalize(Bm25Adapter):
    """Raises WritesRefused where no write is made: that is a failure like any other."""

    name = "refusing-at-finalize"

    async def finalize_ingestion(self) -> None:
        raise WritesRefused(1, ("nothing to refuse here",))


@pytest.mark.anyio
async def test_a_refused_deletion_is_counted_and_the_run_goes_on(tmp_path: Path) -> None:
    root = tmp_path / "personas"
    pair = {
        "id": "tiny-delete-3",
        "question": "What was the access code issued on 2026-01-03?",
        "answer": "unknown",
        "category": "factual-recall",
        "difficulty": "easy",
        "relevant_days": [3],
        "deleteMemoryId": "day-0003",
    }
    write_persona(root, extra_pairs=[pair])
    result = await rb.Harness(
        RefusingDeletes, root, judge="rubric", config=_config(lifecycle="incremental")
    ).run()
    assert result.personas[0].error is None
    assert result.metadata.writes_refused is not None and result.metadata.writes_refused >= 1


@pytest.mark.anyio
async def test_writes_refused_outside_a_write_stops_the_persona_in_one_line(
    data: Path,
) -> None:
    result = await rb.Harness(
        RefusingAtFinalize, data, judge="rubric", config=_config(personas=("tiny",))
    ).run()
    assert result.personas[0].error is not None
    assert "finalize_ingestion failed: WritesRefused" in result.personas[0].error
