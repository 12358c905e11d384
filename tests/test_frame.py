"""rb.to_dataframe: one row per answer, scored and unscored, from a result or its result.json."""

from __future__ import annotations

from pathlib import Path

import pytest

import recallbench as rb
from recallbench.results.frame import COLUMNS, answer_rows
from recallbench.testing import ScriptedAdapter

pd = pytest.importorskip("pandas", reason="to_dataframe needs the pandas extra")


async def _run(data: Path, out: Path) -> rb.BenchmarkResult:
    return await rb.run(
        ScriptedAdapter(fail_on=["2026-01-03"]),
        data,
        judge="rubric",
        config=rb.RunConfig(
            ranges="10d,20d,30d", arcs_file="arcs-30d.yaml", lifecycle="incremental"
        ),
        output=rb.RunOutput.directory(out),
        progress=False,
    )


@pytest.mark.anyio
async def test_rows_follow_the_result(tiny_data: Path, tmp_path: Path) -> None:
    result = await _run(tiny_data, tmp_path / "run")
    df = rb.to_dataframe(result)
    assert tuple(df.columns) == COLUMNS
    answers = [
        (p.persona_id, rr.range.label, q)
        for p in result.personas
        for rr in p.range_results
        for q in rr.question_results
    ]
    assert len(df) == len(answers) == result.metadata.total_evals_run
    assert list(df["checkpoint"].unique()) == ["10d", "20d", "30d"]
    assert list(df["days_ingested"].unique()) == [10, 20, 30]
    # Means from the frame equal the result's own.
    for rr in result.personas[0].range_results:
        rows = df[df["checkpoint"] == rr.range.label]
        assert rows["composite"].mean() == pytest.approx(rr.overall_score)
    # The failing question keeps its error stage and its 0/0/1 score.
    failed = df[df["error"] == "query"]
    assert len(failed) > 0
    assert set(failed["composite"]) == {1}


@pytest.mark.anyio
async def test_a_result_json_reads_the_same(tiny_data: Path, tmp_path: Path) -> None:
    result = await _run(tiny_data, tmp_path / "run")
    from_file = rb.to_dataframe(tmp_path / "run" / "result.json")
    in_memory = rb.to_dataframe(result)
    pd.testing.assert_frame_equal(
        from_file.drop(columns=["latency_ms"]), in_memory.drop(columns=["latency_ms"])
    )


def test_unscored_answers_have_no_scores() -> None:
    from recallbench.data.qa import QAPair
    from recallbench.data.ranges import TimeRange
    from recallbench.results.records import (
        PersonaResult,
        QuestionError,
        QuestionResult,
        RunMetadata,
        TimeRangeResult,
    )
    from recallbench.results.scoring import JudgeScore

    qa = QAPair(
        id="q1",
        question="Q?",
        answer="A",
        category="factual-recall",
        difficulty="easy",
        relevant_days=(1,),
    )
    unscored = QuestionResult(
        qa=qa,
        system_answer="A",
        score=JudgeScore(correctness=0, completeness=0, hallucination=0),
        composite_score=0,
        latency_ms=1.0,
        error=QuestionError(stage="judge", type="JudgeError", message="down"),
    )
    rr = TimeRangeResult(
        range=TimeRange(label="5d", days=5),
        days_ingested=5,
        questions_evaluated=0,
        overall_score=0,
        category_scores=(),
        difficulty_scores={},
        hallucination_rate=0,
        question_results=(),
        unscored_results=(unscored,),
    )
    persona = PersonaResult(
        persona_id="p",
        adapter_name="a",
        range_results=(rr,),
        heatmap=(),
        total_ingestion_ms=0,
        total_query_ms=0,
        unique_qa_pair_count=1,
        total_evals_run=1,
    )
    result = rb.BenchmarkResult(
        timestamp="t",
        adapter_name="a",
        ranges=(rr.range,),
        personas=(persona,),
        heatmap=(),
        metadata=RunMetadata(duration_ms=0, total_evals_run=1, unique_qa_pair_count=1),
    )
    (row,) = answer_rows(result)
    assert row["scored"] is False
    assert row["error"] == "judge"
    assert row["composite"] is None
    df = rb.to_dataframe(result)
    assert df["composite"].isna().all()


@pytest.mark.anyio
async def test_each_epoch_is_its_own_row(tiny_data: Path) -> None:
    result = await rb.run(
        ScriptedAdapter(),
        tiny_data,
        judge="rubric",
        config=rb.RunConfig(ranges="10d", arcs_file="arcs-30d.yaml", epochs=3),
        progress=False,
    )
    df = rb.to_dataframe(result)
    assert sorted(df["epoch"].unique()) == [1, 2, 3]
    per_question = df.groupby(["checkpoint", "question_id"])["epoch"].apply(sorted)
    assert all(epochs == [1, 2, 3] for epochs in per_question)


@pytest.mark.anyio
async def test_checkpoints_group_in_corpus_order_not_by_their_labels(tiny_data: Path) -> None:
    result = await rb.run(
        ScriptedAdapter(),
        tiny_data,
        judge="rubric",
        # "9d" sorts after "20d" as text, "30d" after "9d": the frame keeps the corpus's order.
        config=rb.RunConfig(ranges="9d,20d,30d", arcs_file="arcs-30d.yaml"),
        progress=False,
    )
    df = rb.to_dataframe(result)
    assert list(df.groupby("checkpoint", observed=True)["composite"].mean().index) == [
        "9d",
        "20d",
        "30d",
    ]
    assert df["checkpoint"].cat.ordered
    assert list(df["persona"].cat.categories) == [p.persona_id for p in result.personas]
    assert df["category"].cat.categories[0] == "factual-recall"
