"""A miss counts: an adapter that reports retrieval and retrieved nothing for a question scores 0 on
that question's recall@k, nDCG@10 and MRR (``QueryDetail.retrieval == ()``), where "not reported"
(``None``) stays distinct — and once a system reports retrieval, an answer that failed or reported
none counts as a miss in the summaries. Through the harness, its logs, a resume and gRPC."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest

import recallbench as rb
from recallbench.adapters.base import to_query_detail
from recallbench.adapters.grpc.server import open_server
from recallbench.data.corpus import DayMetadata
from recallbench.data.qa import QAPair
from recallbench.harness import AdapterErrorLimit, AdapterSpec, read_resume_log
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.results.measures import MISSED, question_retrieval, summarize_retrieval
from recallbench.testing import write_persona


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("personas")
    write_persona(root, "ada", days=10, suffix="10d")
    return root


class Finder:
    """Retrieves each question's first relevant day — except for the question about ``blind``
    (a day number), where it does what ``miss`` says: ``"empty"`` reports that it retrieved
    nothing, ``"unreported"`` reports no retrieval, ``"raise"`` fails."""

    def __init__(self, config: dict[str, Any] | None = None):
        config = config or {}
        self.name = "finder"
        self.blind = int(config.get("blind", 7))
        self.miss = str(config.get("miss", "empty"))
        self.days: set[int] = set()

    async def setup(self) -> None:
        self.days = set()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        self.days.add(day)

    async def finalize_ingestion(self) -> None:
        pass

    async def query(self, question: str) -> str:
        return "unused"

    async def query_detail(self, question: str) -> Any:
        # write_persona asks "What was the access code issued on <date>?" of each day's code.
        found = re.search(r"\d{4}-\d{2}-\d{2}", question)
        day = (date.fromisoformat(found.group()) - EPOCH).days + 1 if found else None
        if day == self.blind:
            if self.miss == "raise":
                raise ConnectionResetError("the store went away")
            if self.miss == "unreported":
                return {"answer": "No evidence found in memory."}
            return {"answer": "No evidence found in memory.", "retrieval": []}
        if day is None:
            return {"answer": "No evidence found in memory.", "retrieval": []}
        return {
            "answer": f"From day {day}.",
            "retrieval": [{"path": f"memories/day-{day:04d}.md", "day": day}],
        }

    async def teardown(self) -> None:
        pass


EPOCH = date(2026, 1, 1)


def _config(**overrides: Any) -> RunConfig:
    return RunConfig(arcs_file="arcs-10d.yaml", ranges="10d", **overrides)


@pytest.mark.anyio
@pytest.mark.parametrize("miss", ["empty", "unreported", "raise"])
async def test_one_miss_in_ten_answers_takes_a_tenth_off_recall(
    miss: str, data: Path, tmp_path: Path
) -> None:
    result = await rb.Harness(
        Finder({"miss": miss}),
        data,
        config=_config(max_adapter_errors=AdapterErrorLimit(share=None)),
        output=RunOutput(questions=tmp_path / "questions.jsonl"),
    ).run()
    assert result.retrieval is not None
    # Ten questions with evidence (the negative-recall one has none): nine found, one missed.
    assert result.retrieval.question_count == 10
    assert result.retrieval.overall.recall_at_10 == pytest.approx(0.9)
    assert result.retrieval.overall.mrr == pytest.approx(0.9)
    (checkpoint,) = result.personas[0].range_results
    assert checkpoint.retrieval is not None
    assert checkpoint.retrieval.overall.recall_at_10 == pytest.approx(0.9)
    missed = [
        q
        for q in (*checkpoint.question_results, *(checkpoint.unscored_results or ()))
        if q.qa.relevant_days == (7,)
    ]
    (answer,) = missed
    # The question itself: zeros when the system said it found nothing, no metrics otherwise.
    assert answer.retrieval_metrics == (MISSED if miss == "empty" else None)
    logged = {
        json.loads(line)["qa"]["id"]: json.loads(line)
        for line in (tmp_path / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    }
    record = logged[answer.qa.id]
    if miss == "empty":
        assert record["retrieval"] == []  # logged as found nothing, not as not reported
    else:
        assert "retrieval" not in record


@pytest.mark.anyio
async def test_a_system_that_never_reports_retrieval_has_no_retrieval_figures(
    data: Path,
) -> None:
    adapter = rb.testing.ScriptedAdapter()
    result = await rb.Harness(adapter, data, config=_config()).run()
    assert result.retrieval is None


@pytest.mark.anyio
async def test_a_resumed_run_keeps_the_miss(data: Path, tmp_path: Path) -> None:
    out = RunOutput(
        result_json=tmp_path / "result.json",
        progress=tmp_path / "progress.jsonl",
        questions=tmp_path / "questions.jsonl",
    )
    first = await rb.Harness(Finder(), data, config=_config(), output=out).run()
    resumed = await rb.Harness(
        Finder({"blind": 99}),  # would find everything: every answer comes from the logs
        data,
        config=_config(),
        resume=read_resume_log(tmp_path / "progress.jsonl", tmp_path / "questions.jsonl"),
    ).run()
    assert first.retrieval is not None and resumed.retrieval is not None
    assert resumed.retrieval.overall == first.retrieval.overall
    assert resumed.retrieval.overall.recall_at_10 == pytest.approx(0.9)


@pytest.mark.anyio
@pytest.mark.parametrize("miss", ["empty", "unreported"])
async def test_grpc_carries_found_nothing_apart_from_not_reported(miss: str, data: Path) -> None:
    async with open_server(Finder({"miss": miss}), port=0) as listening:
        result = await rb.Harness(
            AdapterSpec(f"grpc://127.0.0.1:{listening.port}"), data, config=_config()
        ).run()
    (checkpoint,) = result.personas[0].range_results
    (answer,) = [q for q in checkpoint.question_results if q.qa.relevant_days == (7,)]
    assert answer.retrieval_metrics == (MISSED if miss == "empty" else None)
    assert result.retrieval is not None
    assert result.retrieval.overall.recall_at_10 == pytest.approx(0.9)


def test_found_nothing_and_not_reported_read_apart() -> None:
    assert to_query_detail({"answer": "x", "retrieval": []}).retrieval == ()
    assert to_query_detail({"answer": "x"}).retrieval is None
    assert to_query_detail("x").retrieval is None


def test_question_retrieval_of_nothing_found_is_zero_and_of_nothing_reported_none() -> None:
    pair = QAPair(
        id="q1",
        question="What was the code?",
        answer="CODE-0001",
        category="factual-recall",
        difficulty="easy",
        relevant_days=(1,),
    )
    assert question_retrieval(pair, []) == MISSED
    assert question_retrieval(pair, None) is None
    assert question_retrieval(pair, [None]) is None  # entries naming no day: not measurable
    assert summarize_retrieval([]) is None
