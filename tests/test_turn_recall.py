"""Issue 33.5 (a): turn-level retrieval beside day-level, for data whose evidence is a turn (LoCoMo's
``D5:8``) and an adapter that reports the turn of each retrieved memory (``RetrievalEntry.turn``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _public_sets import locomo_records, write_json

import recallbench as rb
from recallbench.adapters.base import QueryDetail, RetrievalEntry
from recallbench.benchmarks.locomo.importer import convert_locomo
from recallbench.cli import main
from recallbench.data.qa import QAPair
from recallbench.results.turn_retrieval import question_turn_retrieval
from recallbench.testing import ScriptedAdapter, write_persona

# conv-26's gold turns by question (tests/_public_sets.locomo_records); conv-30-q001 is D2:1.
# q005 names no evidence and q006 is adversarial (negative-recall): neither is measured.
RETRIEVED: dict[str, tuple[tuple[int, str | None], ...]] = {
    "conv-26-q001": ((1, "D1:1"),),  # found at rank 1
    "conv-26-q002": ((1, "D1:2"), (1, "D1:3")),  # the right day twice, the gold turn second
    "conv-26-q003": ((3, "D3:1"),),
    "conv-26-q004": ((1, "D1:2"),),  # one of its two gold turns
    "conv-30-q001": (),  # retrieved nothing: a miss at both levels
}


class Turning(ScriptedAdapter):
    """Reports the scripted entries for each pair; ``turns=False`` leaves the turns out."""

    def __init__(self, *, turns: bool = True) -> None:
        super().__init__(answer="I do not know.")
        self.turns = turns

    async def query_detail(self, question: str, qa: QAPair) -> QueryDetail:
        answer = await self.query(question)
        entries = RETRIEVED.get(qa.id, ((1, "D1:1"),))
        return QueryDetail(
            answer=answer,
            retrieval=tuple(
                RetrievalEntry(path=f"day-{d:04d}.md", day=d, turn=t if self.turns else None)
                for d, t in entries
            ),
        )


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def locomo_dir(tmp_path: Path) -> Path:
    out = tmp_path / "locomo"
    convert_locomo(write_json(tmp_path / "locomo10.json", locomo_records()), out)
    return out


def _config() -> rb.RunConfig:
    return rb.RunConfig(ranges="full")


@pytest.mark.anyio
async def test_turn_level_beside_day_level(locomo_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = await rb.Harness(
        Turning(),
        locomo_dir,
        judge="rubric",
        config=_config(),
        output=rb.RunOutput(result_json=out / "result.json"),
    ).run()
    summary = result.retrieval
    assert summary is not None and summary.turns is not None
    # Five answers with gold turns: recall@10 1, 1, 1, 1/2 and the miss 0.
    assert summary.turn_question_count == 5
    assert summary.turns.recall_at_10 == pytest.approx(3.5 / 5)
    # MRR: ranks 1, 2, 1, 1, and the miss.
    assert summary.turns.mrr == pytest.approx((1 + 0.5 + 1 + 1 + 0) / 5)
    # Day level counts q005 too (its relevant days are all days) and misses conv-30-q001.
    assert summary.question_count == 6
    written = json.loads((out / "result.json").read_text(encoding="utf-8"))
    turns = written["retrieval"]["turns"]
    assert turns["recall@10"] == pytest.approx(0.7)
    assert written["retrieval"]["turnQuestionCount"] == 5
    answers = {
        q["qa"]["id"]: q
        for p in written["personas"]
        for r in p["rangeResults"]
        for q in r["questionResults"]
    }
    assert answers["conv-26-q002"]["turnRetrievalMetrics"]["mrr"] == 0.5
    assert "turnRetrievalMetrics" not in answers["conv-30-q001"]  # the miss is counted, not faked
    assert "turnRetrievalMetrics" not in answers["conv-26-q005"]  # no gold turns


def test_report_prints_the_turn_row(
    locomo_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    rb.run_sync(
        Turning(),
        locomo_dir,
        judge="rubric",
        config=_config(),
        output=rb.RunOutput(result_json=out / "result.json"),
    )
    capsys.readouterr()
    assert main(["report", str(out / "result.json")]) == 0
    report = capsys.readouterr().out
    section = report[report.index("RETRIEVAL (") :]
    day, turn = section.splitlines()[3:5]
    assert day.split()[0] == "overall" and day.endswith("n=6")
    assert turn.split()[:3] == ["overall,", "by", "turn"] and turn.endswith("n=5")
    assert "0.700" in turn


@pytest.mark.anyio
async def test_no_turns_reported_means_no_turn_figures(locomo_dir: Path) -> None:
    result = await rb.Harness(
        Turning(turns=False), locomo_dir, judge="rubric", config=_config()
    ).run()
    assert result.retrieval is not None
    assert result.retrieval.turns is None and result.retrieval.turn_question_count is None


@pytest.mark.anyio
async def test_persona_data_without_turns_is_unchanged(tmp_path: Path) -> None:
    write_persona(tmp_path / "data")
    config = rb.RunConfig(arcs_file="arcs-30d.yaml", ranges="30d")
    result = await rb.Harness(Turning(), tmp_path / "data", judge="rubric", config=config).run()
    assert result.retrieval is not None and result.retrieval.turns is None


def _pair(**extra: Any) -> QAPair:
    return QAPair(
        id="q",
        question="?",
        answer="a",
        category="factual-recall",
        difficulty="medium",
        relevant_days=(1,),
        extra=extra,
    )


def test_question_turn_retrieval_rules() -> None:
    pair = _pair(evidenceTurns=["D1:1", "D1:2"])
    assert question_turn_retrieval(pair, None) is None  # not reported
    assert question_turn_retrieval(pair, []) is None  # nothing: a miss in the summary
    assert question_turn_retrieval(pair, [None, None]) is None  # entries name no turn
    m = question_turn_retrieval(pair, ["D9:9", "D1:2", None, "D1:2"])
    assert m is not None and (m.recall_at_10, m.mrr) == (0.5, 0.5)
    assert question_turn_retrieval(_pair(), ["D1:1"]) is None  # no gold turns
    abstention = _pair(evidenceTurns=["D1:1"], abstention=True)
    assert question_turn_retrieval(abstention, ["D1:1"]) is None


class _TurnServer(ScriptedAdapter):
    async def query_detail(self, question: str) -> QueryDetail:
        return QueryDetail(
            answer="x",
            retrieval=(
                RetrievalEntry(path="day-0005.md", day=5, turn="D5:8"),
                RetrievalEntry(path="day-0006.md", day=6),
            ),
        )


@pytest.mark.anyio
async def test_turns_cross_the_grpc_door() -> None:
    from recallbench.adapters.grpc.client import GrpcAdapter
    from recallbench.adapters.grpc.server import open_server

    async with open_server(_TurnServer(), port=0) as listening:
        client = GrpcAdapter(f"grpc://127.0.0.1:{listening.port}")
        await client.setup()
        try:
            detail = await client.query_detail("Where?")
        finally:
            await client.teardown()
    assert detail.retrieval is not None
    assert [(e.day, e.turn) for e in detail.retrieval] == [(5, "D5:8"), (6, None)]
