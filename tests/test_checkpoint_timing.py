"""The timing at each checkpoint (``recallbench.results.checkpoint_timing``), in the text and HTML
reports: a system that slows as it grows shows its curve."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

import recallbench as rb
from recallbench.adapters.lexical import Bm25Adapter
from recallbench.harness.config import RunConfig
from recallbench.render.html import render_html_report
from recallbench.render.report import format_text_report
from recallbench.results.checkpoint_timing import checkpoint_timings
from recallbench.testing import write_persona


class SlowingMemory(Bm25Adapter):
    """bm25 whose answers take 1 ms per day held: slower as it grows."""

    name = "slowing"

    async def query_detail(self, question: str, **kwargs: object) -> rb.QueryDetail:
        await anyio.sleep(len(self.store.days) / 1000)
        return await super().query_detail(question, **kwargs)  # type: ignore[arg-type]


@pytest.mark.anyio
async def test_each_checkpoint_has_its_timing_and_the_curve_shows(tmp_path: Path) -> None:
    root = tmp_path / "personas"
    write_persona(root)
    write_persona(root, "tiny2")
    result = await rb.Harness(
        SlowingMemory,
        root,
        judge="rubric",
        config=RunConfig(arcs_file="arcs-30d.yaml", ranges=("5d", "30d"), lifecycle="incremental"),
    ).run()
    rows = checkpoint_timings(result.personas)
    assert [r.label for r in rows] == ["5d", "30d"]
    assert [r.days for r in rows] == [5, 30]
    assert [r.new_days for r in rows] == [10, 50]  # two personas
    answers = [
        sum(len(rr.question_results) for p in result.personas for rr in p.range_results
            if rr.range.label == label)
        for label in ("5d", "30d")
    ]  # fmt: skip
    assert [r.query.count for r in rows if r.query] == answers
    # every answer at 30d waited at least 30 ms (a lower bound, whatever the machine's load)
    assert rows[1].query is not None and rows[1].query.p50 >= 30.0
    assert all(r.ingest_ms_per_day is not None and r.writes_refused == 0 for r in rows)
    text = format_text_report(result).split("Timing:")[1]
    assert "by checkpoint:" in text and "\n  5d " in text and "\n  30d " in text
    html = render_html_report(result)
    assert "By checkpoint, over the personas" in html


def test_no_checkpoints_no_rows() -> None:
    assert checkpoint_timings(()) == ()
