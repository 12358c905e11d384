"""``compare`` reading big runs (issue 21, item 3): the numbers read straight from a result.json are
those flattened from the records read_run builds; the answer columns are the per-answer sums they
replaced; the command's second run read in a forked child gives the same bytes as read in process.

Speed is measured by benchmarks/bench_read_run.py, never here.
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench.cli import main
from recallbench.data import CATEGORIES
from recallbench.data.qa import QAPair
from recallbench.data.ranges import TimeRange
from recallbench.results.comparison import compare_flat, compare_results
from recallbench.results.comparison_flat import Flat, flatten
from recallbench.results.comparison_read import read_flat
from recallbench.results.reading import read_run
from recallbench.results.records import (
    BenchmarkResult,
    PersonaResult,
    QuestionError,
    QuestionResult,
    RunMetadata,
    TimeRangeResult,
)
from recallbench.results.scoring import JudgeScore


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("run")
    argv = ["run", "--personas", "executive-assistant", "backend-eng-saas", "--ranges", "30d,90d"]
    argv += ["--sample", "6", "--judge", "rubric", "--json-out", str(out / "result.json")]
    assert main(argv) == 0
    return out


def _rows(flat: Flat) -> dict[tuple[str, str, str], tuple[QAPair, float, float]]:
    a = flat.answers
    return {
        (a.personas[p], a.labels[lb], a.questions[q]): (a.qas[qa], c, h)
        for p, lb, q, qa, c, h in zip(
            a.persona.tolist(),
            a.label.tolist(),
            a.question.tolist(),
            a.qa.tolist(),
            a.composite.tolist(),
            a.hallucinated.tolist(),
            strict=True,
        )
    }


def assert_same_flat(x: Flat, y: Flat) -> None:
    assert x.cells == y.cells and x.checkpoints == y.checkpoints
    assert list(_rows(x).items()) == list(_rows(y).items())
    assert x.hallucinated_by_category == y.hallucinated_by_category
    assert x.evaluations == y.evaluations
    assert (x.question_answers, x.unscored, x.label_days) == (
        y.question_answers,
        y.unscored,
        y.label_days,
    )


def _without_answers(result: BenchmarkResult) -> BenchmarkResult:
    personas = tuple(
        attrs.evolve(p, range_results=tuple(attrs.evolve(r, question_results=()) for r in p.range_results))
        for p in result.personas
    )  # fmt: skip
    return attrs.evolve(result, personas=personas)


def _assert_reads_as_read_run(path: Path) -> None:
    read = read_flat(path)
    assert read is not None
    run, flat = read
    slow = read_run(path)
    assert run.result == _without_answers(slow.result)
    assert (run.source, run.interim, run.checkpoints_done) == (
        slow.source,
        slow.interim,
        slow.checkpoints_done,
    )
    assert_same_flat(flat, flatten(slow.result))


# --- the reader --------------------------------------------------------------------------------


def test_a_result_read_for_comparison_is_the_result_read_run_reads(run_dir: Path) -> None:
    _assert_reads_as_read_run(run_dir)
    _assert_reads_as_read_run(run_dir / "result.json")


def test_answers_of_other_shapes_are_read_by_the_converter(run_dir: Path, tmp_path: Path) -> None:
    data = json.loads((run_dir / "result.json").read_text(encoding="utf-8"))
    answers = data["personas"][0]["rangeResults"][1]["questionResults"]
    answers[0]["error"] = {"stage": "judge", "type": "JudgeError", "message": "no"}
    answers[1]["error"] = {"stage": "query", "type": "AdapterTimeout", "message": "slow"}
    answers[2]["primaryScore"] = dict(answers[2]["score"])
    answers[3]["compositeScore"] = 2.5
    answers.append(dict(answers[4]))  # a key answered twice
    data["metadata"]["reconstructedComplete"] = False
    path = tmp_path / "result.json"
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    _assert_reads_as_read_run(path)
    read = read_flat(path)
    assert read is not None and read[0].interim


@pytest.mark.parametrize(
    "rewrite",
    [
        pytest.param(lambda raw: json.dumps(json.loads(raw)).encode(), id="compact"),
        pytest.param(lambda raw: raw.replace(b'"systemAnswer"', b'"systemAnswer" 1', 1), id="torn"),
        pytest.param(
            lambda raw: re.sub(rb'"correctness": ?[0-9]', b'"correctness": 9', raw, count=1),
            id="bad",
        ),
        pytest.param(
            lambda raw: raw.replace(b'"questionResults": [', b'"questionResults": 3, "x": [', 1),
            id="not-a-list",
        ),
    ],
)
def test_what_the_reader_cannot_vouch_for_is_left_to_read_run(
    run_dir: Path, tmp_path: Path, rewrite: Any
) -> None:
    path = tmp_path / "result.json"
    path.write_bytes(rewrite((run_dir / "result.json").read_bytes()))
    assert read_flat(path) is None


def test_progress_files_and_missing_runs_are_left_to_read_run(
    run_dir: Path, tmp_path: Path
) -> None:
    assert read_flat(tmp_path / "nope") is None
    assert read_flat(tmp_path) is None  # a directory without a result.json
    progress = tmp_path / "progress.jsonl"
    progress.write_text("{}\n", encoding="utf-8")
    assert read_flat(progress) is None


def test_the_comparison_of_runs_read_apart_is_the_comparison_of_their_records(
    run_dir: Path,
) -> None:
    read = read_flat(run_dir)
    assert read is not None
    full = read_run(run_dir).result
    assert compare_flat(read[0].result, read[1], read[0].result, read[1]) == compare_results(
        full, full
    )


# --- the answer columns ------------------------------------------------------------------------


def _oracle(
    result: BenchmarkResult,
) -> tuple[dict[Any, Any], dict[Any, Any], dict[str, list[float]]]:
    """The per-answer sums the columns replaced, as the code before them computed them."""
    sums: dict[tuple[str, str, str], list[Any]] = {}
    evaluations: dict[tuple[str, str], list[Any]] = {}
    for persona in result.personas:
        pid = persona.persona_id
        for rr in persona.range_results:
            for qr in rr.question_results:
                if qr.error is not None and qr.error.stage == "judge":
                    continue
                qa, bad = qr.qa, 1 if qr.score.hallucination == 0 else 0
                key = (pid, rr.range.label, qa.id)
                total = sums.get(key)
                if total is None:
                    sums[key] = [qa, 0.0 + qr.composite_score, 0.0 + bad, 1]
                else:
                    total[0] = qa
                    total[1] += qr.composite_score
                    total[2] += bad
                    total[3] += 1
                seen = evaluations.get((pid, qa.id))
                if seen is None:
                    evaluations[(pid, qa.id)] = [qa, bad, 1]
                else:
                    seen[0] = qa
                    seen[1] += bad
                    seen[2] += 1
    answers, by_category = {}, {}
    for k, (qa, composite, hallucinated, n) in sums.items():
        answers[k] = (qa, composite / n, hallucinated / n)
        by_category.setdefault(qa.category, []).append(hallucinated / n)
    return answers, evaluations, by_category


def _qa(qid: str, variant: int) -> QAPair:
    return QAPair(
        id=qid,
        question=f"{qid} asked {variant}?",
        answer="a",
        category=CATEGORIES[(int(qid[1:]) + variant) % 4],
        difficulty="easy",
        relevant_days=(1,),
    )


answers_strategy = st.lists(
    st.tuples(
        st.sampled_from(["ann", "bob", "cy"]),
        st.sampled_from(["10d", "20d", "6mo"]),
        st.sampled_from(["q1", "q2", "q3", "q10"]),
        st.integers(0, 1),  # which of two question records with that id
        st.one_of(st.integers(0, 6), st.floats(0, 6, allow_nan=False)),
        st.integers(0, 1),  # hallucination
        st.sampled_from([None, "judge", "query"]),
    ),
    max_size=40,
)


def _result(rows: list[tuple[Any, ...]]) -> BenchmarkResult:
    by: dict[str, dict[str, list[QuestionResult]]] = {}
    for pid, label, qid, variant, composite, hallucination, stage in rows:
        by.setdefault(pid, {}).setdefault(label, []).append(
            QuestionResult(
                qa=_qa(qid, variant),
                system_answer="x",
                score=JudgeScore(correctness=0, completeness=0, hallucination=hallucination),
                composite_score=composite,
                latency_ms=1.0,
                error=QuestionError(stage=stage, type="X", message="m") if stage else None,
            )
        )
    days = {"10d": 10, "20d": 20, "6mo": 180}
    personas = tuple(
        PersonaResult(
            persona_id=pid,
            adapter_name="a",
            range_results=tuple(
                TimeRangeResult(
                    range=TimeRange(label=label, days=days[label]),
                    days_ingested=days[label],
                    questions_evaluated=len(results),
                    overall_score=0.0,
                    category_scores=(),
                    difficulty_scores={},
                    hallucination_rate=0.0,
                    question_results=tuple(results),
                )
                for label, results in labels.items()
            ),
            heatmap=(),
            total_ingestion_ms=0.0,
            total_query_ms=0.0,
            unique_qa_pair_count=0,
            total_evals_run=0,
        )
        for pid, labels in by.items()
    )
    return BenchmarkResult(
        timestamp="t",
        adapter_name="a",
        ranges=(),
        personas=personas,
        heatmap=(),
        metadata=RunMetadata(duration_ms=None, total_evals_run=0, unique_qa_pair_count=0),
    )


@settings(max_examples=150, deadline=None)
@given(answers_strategy)
def test_the_answer_columns_are_the_per_answer_sums(rows: list[tuple[Any, ...]]) -> None:
    result = _result(rows)
    flat = flatten(result)
    answers, evaluations, by_category = _oracle(result)
    got = _rows(flat)
    assert list(got) == list(answers)
    for key, (qa, composite, hallucinated) in answers.items():
        qa2, composite2, hallucinated2 = got[key]
        assert qa2 is qa
        assert math.copysign(1, composite2) == math.copysign(1, composite)
        assert (composite2, hallucinated2) == (composite, hallucinated)
    assert flat.evaluations == evaluations
    assert all(flat.evaluations[k][0] is v[0] for k, v in evaluations.items())
    assert flat.hallucinated_by_category == by_category


@settings(max_examples=100, deadline=None)
@given(answers_strategy, answers_strategy)
def test_comparisons_do_not_depend_on_which_reader_flattened(
    rows_a: list[tuple[Any, ...]], rows_b: list[tuple[Any, ...]]
) -> None:
    a, b = _result(rows_a), _result(rows_b)
    assert compare_flat(a, flatten(a), b, flatten(b), resamples=50) == compare_results(
        a, b, resamples=50
    )


# --- the command -------------------------------------------------------------------------------


def test_the_command_reads_its_second_run_in_a_child_with_the_same_output(
    run_dir: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    data = json.loads((run_dir / "result.json").read_text(encoding="utf-8"))
    for persona in data["personas"]:
        for rr in persona["rangeResults"]:
            for qr in rr["questionResults"][::2]:
                qr["compositeScore"] = 6 - qr["compositeScore"]
                qr["score"]["hallucination"] = 1 - qr["score"]["hallucination"]
    (other / "result.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    compact = tmp_path / "compact"
    compact.mkdir()
    (compact / "result.json").write_text(json.dumps(data), encoding="utf-8")
    for b in (other, compact):
        for flags in ([], ["--json"]):
            argv = ["compare", str(run_dir), str(b), "--resamples", "300", *flags]
            # In process (a test runner's threads: no fork) and as a command (forked).
            script = textwrap.dedent(
                f"""
                import sys
                from recallbench._fork import can_fork
                from recallbench.results.comparison import compare_results
                from recallbench.results.reading import read_run
                assert can_fork() == (len(__import__("os").sched_getaffinity(0)) > 1)
                sys.exit(__import__("recallbench.cli", fromlist=["main"]).main({argv!r}))
                """
            )
            forked = subprocess.run(
                [sys.executable, "-c", script], capture_output=True, text=True, check=True
            )
            plain = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    "import numpy; " + script.replace("assert can_fork", "can_fork"),
                ],
                capture_output=True,
                text=True,
                check=True,
            )
            assert forked.stdout == plain.stdout and forked.stdout


def test_a_bad_second_run_is_named_as_before(run_dir: Path, tmp_path: Path) -> None:
    bad = tmp_path / "result.json"
    raw = (run_dir / "result.json").read_bytes()
    bad.write_bytes(re.sub(rb'"correctness": ?[0-9]', b'"correctness": 9', raw, count=1))
    out = subprocess.run(
        [sys.executable, "-m", "recallbench", "compare", str(run_dir), str(bad)],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(f"recallbench compare: error: {bad}: ")
    assert "correctness must be a whole number from 0 to 3, got 9" in out.stderr


# --- the fork ----------------------------------------------------------------------------------


def test_a_call_in_a_child_returns_its_value_or_none() -> None:
    script = textwrap.dedent(
        """
        import os
        from recallbench._fork import can_fork, in_child

        def boom():
            raise RuntimeError("no")

        assert can_fork() == (len(os.sched_getaffinity(0)) > 1)
        assert in_child(sum, [1, 2, 3]).result() == 6
        assert in_child(boom).result() is None
        assert in_child(lambda: None).result() is None
        assert in_child(os.getpid).result() != os.getpid() or not can_fork()
        slow = in_child(__import__("time").sleep, 30)
        slow.cancel()
        slow.cancel()
        print("ok")
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=20)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "ok\n"


# --- judge-agreement's answers on two cores ----------------------------------------------------


def test_answers_read_in_two_parts_are_the_answers_read_in_one(run_dir: Path) -> None:
    from recallbench.cli._judged_apart import _cut
    from recallbench.judges.agreement import judged_answers
    from recallbench.results.result_stream import split_personas

    split = split_personas((run_dir / "result.json").read_bytes())
    assert split is not None and len(split.spans) == 2
    assert _cut(split.spans) == 1
    whole = list(split.personas())
    assert list(split.personas(stop=1)) + list(split.personas(start=1)) == whole
    script = textwrap.dedent(
        f"""
        import os, pickle, sys
        from pathlib import Path
        from recallbench._fork import can_fork
        from recallbench.cli._judged_apart import judged_apart
        from recallbench.results.result_stream import map_file, split_personas

        assert can_fork() == (len(os.sched_getaffinity(0)) > 1)
        split = split_personas(map_file(Path({str(run_dir / "result.json")!r})))
        sys.stdout.buffer.write(pickle.dumps(judged_apart(split)))
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, check=True)
    import pickle

    apart = pickle.loads(out.stdout)
    assert apart == judged_answers(split.skeleton, personas=split.personas()) and apart
    # The rebuilt records share their questions as the ones read here do.
    assert len({id(a.qa) for a in apart}) == len({(a.persona_id, a.qa.id) for a in apart})


@given(st.lists(st.integers(1, 1000), min_size=1, max_size=12))
def test_the_child_gets_the_later_half_of_the_bytes(sizes: list[int]) -> None:
    from recallbench.cli._judged_apart import _cut

    spans, at = [], 0
    for size in sizes:
        spans.append((at, at + size))
        at += size + 7
    cut = _cut(tuple(spans))
    if len(sizes) == 1:
        assert cut is None
        return
    assert cut is not None and 1 <= cut < len(sizes)
    total = sum(sizes)
    gaps = [abs(total - 2 * sum(sizes[:i])) for i in range(1, len(sizes))]
    assert abs(total - 2 * sum(sizes[:cut])) == min(gaps)


def test_judge_agreement_reads_a_large_result_as_before(run_dir: Path) -> None:
    """The command, forked, prints what the answers read in one process give (stub judge)."""
    argv = ["judge-agreement", str(run_dir / "result.json"), "--judge", "stub", "--worst", "3"]
    forked = subprocess.run(
        [sys.executable, "-m", "recallbench", *argv], capture_output=True, text=True, check=True
    )
    plain = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import numpy, sys; from recallbench.cli import main; sys.exit(main({argv!r}))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert (forked.stdout, forked.stderr) == (plain.stdout, plain.stderr) and forked.stdout
