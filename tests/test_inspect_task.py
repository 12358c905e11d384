"""``recall_bench`` run in-process by inspect: samples, shared ingestion in the harness's lifecycles,
epochs, teardown however the task ends, and scores equal to the harness's on the same answers."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("inspect_ai", reason="the inspect extra is not installed")

import _inspect_support as support
from _inspect_support import (
    INSPECT_WARNINGS,
    collected_while_ignored,  # noqa: F401 (an autouse fixture)
    run_task,
    scores_of,
    scripted,
)

from recallbench.data.ranges import parse_ranges
from recallbench.harness.config import RunConfig
from recallbench.harness.engine import Harness
from recallbench.harness.loading import AdapterSpec
from recallbench.inspect.task import TaskParameterError, recall_bench

pytestmark = INSPECT_WARNINGS

RANGES = "10d,20d"


@pytest.fixture(autouse=True)
def _fresh_recorder() -> None:
    support.BUILT.clear()


def _calls(kind: str, adapter: object) -> list[tuple[object, ...]]:
    return [c for c in adapter.calls if c[0] == kind]  # type: ignore[attr-defined]


def test_one_sample_per_checkpoint_question_with_its_metadata(
    tiny_data: Path, tmp_path: Path
) -> None:
    log = run_task(tmp_path / "logs", data=str(tiny_data), arcs="arcs-30d.yaml", ranges=RANGES)
    assert log.status == "success", log.error
    assert log.samples is not None
    config = RunConfig(ranges=parse_ranges(RANGES), arcs_file="arcs-30d.yaml")
    harness = Harness(AdapterSpec("builtin:bm25"), tiny_data, config=config)
    ds = harness.dataset.load("tiny")
    expected = [(t.label, p.id) for t in harness.tasks(ds) for p in t.selection.order]
    assert sorted((s.metadata["checkpoint"], s.metadata["pairId"]) for s in log.samples) == sorted(
        expected
    )
    sample = next(s for s in log.samples if s.metadata["pairId"] == "tiny-q003")
    assert sample.id == f"tiny/{sample.metadata['checkpoint']}/tiny-q003"
    assert sample.metadata["persona"] == "tiny"
    assert sample.metadata["category"] == "factual-recall"
    assert sample.metadata["evidence"] == {"relevantDays": [3]}
    assert sample.metadata["hasEvidence"] is True
    assert sample.input == ds.qa[2].question and sample.target == ds.qa[2].answer
    # bm25 reports retrieval: the retrieval metrics are the scorer's, beside the judge's.
    metrics = {s.name: s.metrics for s in log.results.scores}  # type: ignore[union-attr]
    assert set(metrics["recall_judge"]) == {"recall@5", "recall@10", "ndcg@10", "mrr"}
    assert set(metrics["composite"]) == {"mean", "stderr"}
    assert set(metrics["hallucination"]) == {"recallbench/hallucination_rate"}


def test_fresh_builds_a_memory_per_checkpoint_shared_by_its_samples(
    tiny_data: Path, tmp_path: Path
) -> None:
    log = run_task(
        tmp_path / "logs",
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges=RANGES,
        adapter="_inspect_support:recorder",
        max_samples=8,
    )
    assert log.status == "success", log.error
    by_checkpoint = {}
    for s in log.samples or ():
        by_checkpoint.setdefault(s.metadata["checkpoint"], []).append(s)
    assert len(support.BUILT) == 2  # one unit of work per checkpoint, whatever the concurrency
    for adapter, (label, days) in zip(support.BUILT, (("10d", 10), ("20d", 20)), strict=True):
        assert adapter.calls[0] == ("setup",) and adapter.calls[-1] == ("teardown",)
        assert [c[1] for c in _calls("ingest_day", adapter)] == list(range(1, days + 1))
        assert len(_calls("finalize_ingestion", adapter)) == 1
        assert len(_calls("query", adapter)) == len(by_checkpoint[label])


def test_incremental_ingests_a_checkpoint_only_after_the_one_before_is_answered(
    tiny_data: Path, tmp_path: Path
) -> None:
    log = run_task(
        tmp_path / "logs",
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges=RANGES,
        adapter="_inspect_support:recorder",
        lifecycle="incremental",
        max_samples=8,
    )
    assert log.status == "success", log.error
    first = sum(1 for s in log.samples or () if s.metadata["checkpoint"] == "10d")
    second = sum(1 for s in log.samples or () if s.metadata["checkpoint"] == "20d")
    [adapter] = support.BUILT  # one memory for the persona
    calls = adapter.calls
    assert (
        calls[0] == ("setup",) and calls[-1] == ("teardown",) and len(_calls("setup", adapter)) == 1
    )
    turn = calls.index(("ingest_day", 11))
    before, after = calls[:turn], calls[turn:]
    assert [c[1] for c in before if c[0] == "ingest_day"] == list(range(1, 11))
    assert sum(c[0] == "query" for c in before) == first
    assert [c[1] for c in after if c[0] == "ingest_day"] == list(range(11, 21))
    assert sum(c[0] == "query" for c in after) == second
    # Day 15's code is known at 20d only: the answers show which memory answered.
    answers = {str(s.id): s.output.completion for s in log.samples or ()}
    assert "CODE-0015" in answers["tiny/20d/tiny-q015"]


def test_epochs_ask_every_question_again_of_the_same_memory(
    tiny_data: Path, tmp_path: Path
) -> None:
    log = run_task(
        tmp_path / "logs",
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges="10d",
        adapter="_inspect_support:recorder",
        epochs=3,
    )
    assert log.status == "success", log.error
    scores = scores_of(log)
    ids = {i for i, _ in scores}
    assert {e for _, e in scores} == {1, 2, 3} and len(scores) == 3 * len(ids)
    [adapter] = support.BUILT
    assert len(_calls("setup", adapter)) == 1 and len(_calls("ingest_day", adapter)) == 10
    assert len(_calls("query", adapter)) == 3 * len(ids)
    for sample_id in ids:  # a deterministic memory and judge: the same score each epoch
        assert scores[(sample_id, 1)] == scores[(sample_id, 2)] == scores[(sample_id, 3)]


def test_scores_are_the_harness_s_own_on_the_same_answers(tiny_data: Path, tmp_path: Path) -> None:
    import anyio

    log = run_task(tmp_path / "logs", data=str(tiny_data), arcs="arcs-30d.yaml", ranges=RANGES)
    config = RunConfig(ranges=parse_ranges(RANGES), arcs_file="arcs-30d.yaml")
    result = anyio.run(
        Harness(AdapterSpec("builtin:bm25"), tiny_data, judge="rubric", config=config).run
    )
    harness = {
        f"tiny/{r.range.label}/{q.qa.id}": (
            q.system_answer,
            q.score.correctness,
            q.score.completeness,
            q.score.hallucination,
            q.composite_score,
            q.retrieval_metrics,
        )
        for p in result.personas
        for r in p.range_results
        for q in r.question_results
    }
    inspect_side = {}
    for s in log.samples or ():
        score = s.scores["recall_judge"]  # type: ignore[index]
        value = score.value
        figures = (value["recall@5"], value["recall@10"], value["ndcg@10"], value["mrr"])  # type: ignore[index]
        inspect_side[str(s.id)] = (
            score.answer,
            value["correctness"],
            value["completeness"],  # type: ignore[index]
            value["hallucination"],
            value["composite"],
            figures,
        )  # type: ignore[index]
    assert inspect_side.keys() == harness.keys()
    for key, mine in inspect_side.items():
        answer, c, k, h, composite, retrieval = harness[key]
        assert mine[:5] == (answer, c, k, h, composite), key
        assert retrieval is not None and mine[5] == retrieval.as_tuple(), key


def test_a_unit_that_cannot_be_set_up_fails_its_samples_in_one_line(
    tiny_data: Path, tmp_path: Path
) -> None:
    log = run_task(
        tmp_path / "logs",
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges="10d",
        adapter="_inspect_support:failing_setup",
        fail_on_error=False,
    )
    assert log.samples
    errors = {s.error.message for s in log.samples if s.error is not None}  # type: ignore[union-attr]
    assert len(errors) == 1 and len([s for s in log.samples if s.error]) == len(log.samples)
    [message] = errors
    assert "tiny@10d: setup failed: RuntimeError: scripted setup failure" in message
    [adapter] = support.BUILT  # built once: the samples share the unit's failure
    assert adapter.calls == [("setup",), ("teardown",)]


def test_a_failing_task_still_tears_its_memories_down(tiny_data: Path, tmp_path: Path) -> None:
    """The judge fails on the first answer: the task fails (inspect's fail_on_error), and the unit
    waiting for its next checkpoint is torn down by the run-end hook."""
    log = run_task(
        tmp_path / "logs",
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges=RANGES,
        adapter="_inspect_support:recorder",
        judge="_inspect_support:failing_judge",
        lifecycle="incremental",
        max_samples=1,
    )
    assert log.status == "error"
    assert log.error is not None and "the judge failed" in log.error.message
    [adapter] = support.BUILT
    assert adapter.calls[-1] == ("teardown",)
    assert ("ingest_day", 11) not in adapter.calls  # nothing ingested that no sample asked for


def test_model_reads_what_the_memory_retrieved(tiny_data: Path, tmp_path: Path) -> None:
    model = scripted(*["The access code is CODE-0003."] * 40)
    log = run_task(
        tmp_path / "logs",
        model=model,
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges="10d",
        solver="model",
        sample_id="tiny/10d/tiny-q003",
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    system, user, _ = sample.messages
    assert system.role == "system" and "If the memory does not say" in system.text
    assert "Your memory system was asked the question" in user.text
    assert "[1] Day 3 (" in user.text and "CODE-0003" in user.text  # bm25's best entry
    assert user.text.rstrip().endswith("Answer:") and "Current date: 2026-01-10" in user.text
    score = sample.scores["recall_judge"]  # type: ignore[index]
    assert score.answer == "The access code is CODE-0003."
    assert score.value["correctness"] == 3  # type: ignore[index]
    assert score.value["recall@5"] == 1.0  # type: ignore[index]
    assert score.metadata is not None and score.metadata["retrievedDays"][0] == 3


def test_an_llm_judge_through_the_grader_role(tiny_data: Path, tmp_path: Path) -> None:
    verdict = '{"correctness": 2, "completeness": 1, "hallucination": 1, "reasoning": "graded"}'
    log = run_task(
        tmp_path / "logs",
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges="10d",
        judge="role:grader",
        model_roles={"grader": scripted(*[verdict] * 40)},
    )
    assert log.status == "success", log.error
    for s in log.samples or ():
        score = s.scores["recall_judge"]  # type: ignore[index]
        assert (score.value["correctness"], score.value["composite"]) == (2, 4)  # type: ignore[index]
        assert score.explanation == "graded"
    assert log.eval.metadata and log.eval.metadata["judge"] == "role:grader"


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"solver": "agent"}, "-T solver=agent needs the memory behind an MCP server"),
        ({"judge": "role:"}, "-T judge=role:NAME names an inspect model role"),
        ({"lifecycle": "snapshot"}, "-T lifecycle takes fresh | incremental"),
        ({"personas": "nobody"}, "persona 'nobody' not found"),
    ],
)
def test_what_the_task_cannot_use_is_refused_in_one_line(
    tiny_data: Path, kwargs: dict[str, str], expected: str
) -> None:
    from inspect_ai._util.error import PrerequisiteError

    with pytest.raises(TaskParameterError) as caught:
        recall_bench(data=str(tiny_data), arcs="arcs-30d.yaml", **kwargs)
    assert isinstance(caught.value, PrerequisiteError)  # inspect prints it alone, no traceback
    assert caught.value.message.startswith("recallbench/recall_bench: ")
    assert expected in caught.value.message


def test_another_family_s_data_and_its_official_scorer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """LoCoMo, named as ``--data locomo:FILE`` names it, judged by its official F1 scorer: the
    samples are its questions and their scores those of the harness on the same data."""
    import anyio
    from _public_sets import locomo_records, write_json

    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    data = f"locomo:{write_json(tmp_path / 'locomo10.json', locomo_records())}"
    log = run_task(tmp_path / "logs", data=data, judge="locomo-f1")
    assert log.status == "success", log.error
    harness = Harness(AdapterSpec("builtin:bm25"), data, judge="locomo-f1")
    result = anyio.run(harness.run)
    expected = {
        f"{p.persona_id}/{r.range.label}/{q.qa.id}": (q.system_answer, q.composite_score)
        for p in result.personas
        for r in p.range_results
        for q in r.question_results
    }
    found = {
        str(s.id): (s.scores["recall_judge"].answer, s.scores["recall_judge"].value["composite"])  # type: ignore[index]
        for s in log.samples or ()
    }
    assert found == expected and len(found) > 5
    assert log.eval.metadata is not None and log.eval.metadata["judge"] == "locomo-f1"


def test_one_task_evaluated_twice_runs_twice_with_memories_of_its_own(
    tiny_data: Path, tmp_path: Path
) -> None:
    """A Task object run again (a notebook's second ``eval``) starts from its first checkpoint
    with new memories, whether its first run ended well or failed."""
    from inspect_ai import eval as inspect_eval

    task = recall_bench(
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges=RANGES,
        adapter="_inspect_support:recorder",
        lifecycle="incremental",
    )
    logs = [
        inspect_eval(task, model=scripted(), display="none", log_dir=str(tmp_path / f"logs{i}"))[0]
        for i in range(2)
    ]
    assert [log.status for log in logs] == ["success", "success"]
    assert scores_of(logs[0]) == scores_of(logs[1]) and len(scores_of(logs[1])) == 30
    assert len(support.BUILT) == 2
    assert all(a.calls[-1] == ("teardown",) for a in support.BUILT)


def test_one_sample_of_a_later_checkpoint_alone(tiny_data: Path, tmp_path: Path) -> None:
    """``--sample-id`` of a 20d question in the incremental lifecycle: the unit goes through 10d
    (no sample asks it) to 20d, and answers from twenty days; epochs ask it again."""
    log = run_task(
        tmp_path / "logs",
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges=RANGES,
        adapter="_inspect_support:recorder",
        lifecycle="incremental",
        sample_id="tiny/20d/tiny-q015",
        epochs=2,
    )
    assert log.status == "success", log.error
    assert [s.output.completion for s in log.samples or ()] == [
        "On 2026-01-15 the access code for day 15 is CODE-0015."
    ] * 2
    [adapter] = support.BUILT
    assert [c[1] for c in _calls("ingest_day", adapter)] == list(range(1, 21))
    assert len(_calls("query", adapter)) == 2 and adapter.calls[-1] == ("teardown",)
