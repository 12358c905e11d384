"""Reading big runs back (issue 21, item 3): the fast paths read exactly what the plain ones read.

Speed is measured by benchmarks/bench_read_run.py, never here. These tests pin the equivalences the
fast paths rest on: a result.json read a persona at a time is the result parsed whole; shared
question and score records equal fresh ones; the streamed JSONL reader keeps the old reader's
verdicts (torn last line, line numbers, undecodable bytes); the question log beside a result.json is
read only when used; the array-based comparison is the per-answer one; judges re-score in order with
a pool of workers; and ``report --json`` writes the standard library's bytes.
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path
from typing import Any

import anyio
import pytest

from recallbench._convert import to_json
from recallbench.cli import main
from recallbench.errors import DatasetError
from recallbench.judges.agreement import JudgedAnswer, judged_answers, rescore
from recallbench.results import result_json
from recallbench.results.comparison import compare_results
from recallbench.results.question_log import LazyDetails, jsonl_records, read_details
from recallbench.results.reading import read_run
from recallbench.results.records import BenchmarkResult
from recallbench.results.result_stream import NotSplit, split_personas
from recallbench.results.scoring import JudgeScore
from recallbench.results.stats import bootstrap_discrete


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("run")
    argv = ["run", "--personas", "executive-assistant", "backend-eng-saas", "--ranges", "30d,90d"]
    argv += ["--sample", "6", "--judge", "rubric", "--json-out", str(out / "result.json")]
    assert main(argv) == 0
    return out


def _whole(path: Path) -> BenchmarkResult:
    """The result as the detailed converter builds it from the whole file: no split, no sharing."""
    return result_json._json_detailed.structure(
        json.loads(path.read_text(encoding="utf-8")), BenchmarkResult
    )


def _answers(result: BenchmarkResult) -> list[Any]:
    return [q for p in result.personas for r in p.range_results for q in r.question_results]


# --- result.json a persona at a time -----------------------------------------------------------


def test_a_result_read_a_persona_at_a_time_is_the_result_read_whole(run_dir: Path) -> None:
    path = run_dir / "result.json"
    split = split_personas(path.read_bytes())
    assert split is not None and len(split.spans) == 2
    read = read_run(path).result
    whole = _whole(path)
    assert read == whole
    assert to_json(read) == to_json(whole)  # extra keys too (QAPair equality ignores them)
    # Equal question and score objects became one record each.
    answers = _answers(read)
    assert len({id(q.qa) for q in answers}) == len({q.qa.id for q in answers}) < len(answers)
    assert len({id(q.score) for q in answers}) < len(answers)


def _reindented(data: Any) -> bytes:
    return json.dumps(data, indent=2, ensure_ascii=False).encode()


@pytest.mark.parametrize(
    "rewrite",
    [
        pytest.param(lambda d: json.dumps(d).encode(), id="compact"),
        pytest.param(lambda d: json.dumps(d, indent=4).encode(), id="indent-4"),
        pytest.param(
            lambda d: _reindented(
                {**d, "personas": [dict(reversed(p.items())) for p in d["personas"]]}
            ),
            id="personaId-last",
        ),
        pytest.param(
            lambda d: _reindented({**d, "personas": [], "late": d["personas"]}).replace(
                b'"late"', b'"personas"'
            ),
            id="personas-twice",
        ),
    ],
)
def test_other_layouts_are_read_whole_with_the_same_result(
    run_dir: Path, tmp_path: Path, rewrite: Any
) -> None:
    data = json.loads((run_dir / "result.json").read_text(encoding="utf-8"))
    path = tmp_path / "result.json"
    path.write_bytes(rewrite(data))
    assert read_run(path).result == _whole(path)


def test_a_persona_order_that_misleads_the_split_falls_back(run_dir: Path) -> None:
    raw = _reindented({**_json(run_dir), "personas": [_persona_last_first(run_dir)] * 3})
    split = split_personas(raw)
    assert split is not None  # the separators look right; the spans are checked when parsed
    with pytest.raises(NotSplit):
        list(split.personas())


def _json(run_dir: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((run_dir / "result.json").read_text(encoding="utf-8"))
    return data


def _persona_last_first(run_dir: Path) -> dict[str, Any]:
    persona = _json(run_dir)["personas"][0]
    return {k: persona[k] for k in sorted(persona, key=lambda k: k != "rangeResults")}


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda raw: raw.replace(b"\n    },\n    {", b"\n    }\n    {", 1), "not valid JSON"),
        (lambda raw: raw.replace(b'"systemAnswer"', b'"systemAnswer" 1', 1), "not valid JSON"),
        (
            lambda raw: re.sub(rb'"correctness": ?[0-9]', b'"correctness": 9', raw, count=1),
            r"score: correctness must be a whole number from 0 to 3, got 9",
        ),
    ],
)
def test_a_damaged_file_gets_the_error_it_always_got(
    run_dir: Path, tmp_path: Path, damage: Any, message: str
) -> None:
    path = tmp_path / "result.json"
    path.write_bytes(damage((run_dir / "result.json").read_bytes()))
    with pytest.raises(DatasetError, match=message) as caught:
        read_run(path)
    assert str(path) in str(caught.value)


def test_shared_records_are_the_records_read_afresh() -> None:
    interner = result_json.Interner()
    qa = {
        "id": "q1",
        "question": "Q?",
        "answer": "A.",
        "category": "synthesis",
        "relevantDays": [1],
    }
    assert interner.qa(dict(qa)) is interner.qa(dict(qa))
    other = interner.qa({**qa, "keyFacts": ["x"]})  # same id, another question object
    assert other is not interner.qa(dict(qa)) and other.extra == {"key_facts": ["x"]}
    score = {"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "r"}
    assert interner.score(dict(score)) is interner.score(dict(score))
    floats = {**score, "correctness": 3.0}  # read as before, not from the shared record
    assert interner.score(floats) == result_json.score_from_json(floats)
    with pytest.raises(ValueError, match="correctness"):
        interner.score({**score, "correctness": 9})


# --- the question log --------------------------------------------------------------------------


def _old_jsonl(path: Path) -> list[tuple[int, dict[str, Any]]] | str:
    """The reader this module replaced (read whole, split, stdlib), for comparison."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except UnicodeDecodeError as exc:
        return f"{path}: cannot read: {exc}"
    last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
    out = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            if i == last:
                return out
            return f"{path}:{i + 1}: not a JSON line: {exc.msg}"
        if not isinstance(record, dict):
            return f"{path}:{i + 1}: expected a JSON object per line"
        out.append((i + 1, record))
    return out


@pytest.mark.parametrize(
    "content",
    [
        b'{"a": 1}\n\n{"b": 2}\n',
        b'{"a": 1}\n{"b": 2}\n{"c": ',  # torn last line
        b'{"a": 1}\n{"b": \n{"c": 3}\n',  # bad middle line
        b'{"a": 1}\n{"b": 2, \n  \n\n',  # torn line followed by blank lines
        b'{"a": 1}\n[1, 2]\n',
        b'{"a": NaN}\n{"b": 1e999}\n',  # the standard library's extensions
        b'{"a": "\xe2\x80\xa8 \xc2\x85"}\r\n{"b": 2}\n',  # line separators inside a string
        b'{"a": 1}\n{"b": "\xff"}\n',  # not UTF-8
        b'{"a": 1}\n{"b": \n{"c": "\xc3"}\n',  # a bad line, then undecodable bytes
        b'\xef\xbb\xbf{"a": 1}\n',  # a byte-order mark
        b"",
    ],
)
def test_the_streamed_log_reads_as_the_whole_file_did(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "questions.jsonl"
    path.write_bytes(content)
    expected = _old_jsonl(path)
    try:
        got: Any = list(jsonl_records(path))
    except DatasetError as exc:
        got = str(exc)
    if isinstance(expected, list) and any(
        isinstance(v, float) and math.isnan(v) for _, r in expected for v in r.values()
    ):
        assert repr(got) == repr(expected)  # NaN != NaN
    else:
        assert got == expected


def test_the_log_beside_a_result_is_read_when_used(run_dir: Path, tmp_path: Path) -> None:
    for name in ("result.json", "questions.jsonl"):
        (tmp_path / name).write_bytes((run_dir / name).read_bytes())
    # The answers' retrieved memories are in the retrieval log beside the log (issue 35): a log
    # copied without it says so, naming the file, when its details are looked into.
    bare = read_run(tmp_path)
    with pytest.raises(DatasetError, match=r"questions\.jsonl:1: .*questions\.retrieval\.jsonl"):
        len(bare.details)
    kept = "questions.retrieval.jsonl.gz"
    (tmp_path / kept).write_bytes((run_dir / kept).read_bytes())
    loaded = read_run(tmp_path)
    assert isinstance(loaded.details, LazyDetails) and "unread" in repr(loaded.details)
    assert dict(loaded.details) == read_details(tmp_path / "questions.jsonl")
    # A malformed log no longer stops what never looks at it; what does look is told where.
    (tmp_path / "questions.jsonl").write_text('{"qa": 1}\nnot json\n{}\n', encoding="utf-8")
    broken = read_run(tmp_path)
    with pytest.raises(DatasetError, match=r"questions\.jsonl:2: not a JSON line"):
        len(broken.details)


# --- comparison --------------------------------------------------------------------------------


def _rescored(result: BenchmarkResult, seed: int) -> BenchmarkResult:
    """``result`` with every answer's score drawn anew (the comparison reads the answers)."""
    import attrs

    rng = random.Random(seed)

    def answer(q: Any) -> Any:
        score = JudgeScore(
            correctness=rng.randint(0, 3),
            completeness=rng.randint(0, 2),
            hallucination=rng.randint(0, 1),
        )
        return attrs.evolve(q, score=score, composite_score=float(score.composite))

    personas = tuple(
        attrs.evolve(
            p,
            range_results=tuple(
                attrs.evolve(r, question_results=tuple(answer(q) for q in r.question_results))
                for r in p.range_results
            ),
        )
        for p in result.personas
    )
    return attrs.evolve(result, personas=personas)


def test_the_array_comparison_is_the_per_answer_one(run_dir: Path) -> None:
    base = read_run(run_dir).result
    a, b = _rescored(base, 1), _rescored(base, 2)
    c = compare_results(a, b, resamples=500, seed=3)

    def by_key(r: BenchmarkResult) -> dict[tuple[str, str, str], Any]:
        return {
            (p.persona_id, rr.range.label, q.qa.id): q
            for p in r.personas
            for rr in p.range_results
            for q in rr.question_results
        }

    qa_, qb = by_key(a), by_key(b)
    keys = sorted(qa_.keys() & qb.keys())
    n = len(keys)
    paired = c.overall.paired
    assert paired is not None and paired.count == n
    assert paired.score_a == math.fsum(qa_[k].composite_score for k in keys) / n
    assert paired.score_b == math.fsum(qb[k].composite_score for k in keys) / n
    bad = [[float(q[k].score.hallucination == 0) for k in keys] for q in (qa_, qb)]
    assert paired.hallucination_b == 100 * (math.fsum(bad[1]) / n)
    import numpy as np

    diffs = np.array(
        [
            [qb[k].composite_score - qa_[k].composite_score, 100 * (hb - ha)]
            for k, ha, hb in zip(keys, bad[0], bad[1], strict=True)
        ],
        dtype=np.float64,
    )
    assert [paired.interval, paired.hallucination_interval] == bootstrap_discrete(
        diffs, resamples=500, seed=3
    )
    for group in c.personas:
        mine = [k for k in keys if k[0] == group.name]
        assert group.paired is not None and group.paired.count == len(mine)
        assert group.paired.score_b == math.fsum(qb[k].composite_score for k in mine) / len(mine)


# --- judge agreement ---------------------------------------------------------------------------


def test_judged_answers_read_a_persona_at_a_time_are_those_read_whole(run_dir: Path) -> None:
    raw = (run_dir / "result.json").read_bytes()
    split = split_personas(raw)
    assert split is not None
    apart = judged_answers(split.skeleton, personas=split.personas())
    assert apart == judged_answers(json.loads(raw)) and apart


def test_rescoring_with_workers_keeps_the_order_and_the_limit() -> None:
    from recallbench.data.qa import QAPair

    label = JudgeScore(correctness=0, completeness=0, hallucination=1)
    answers = [
        JudgedAnswer(
            persona_id="p",
            days_ingested=1,
            qa=QAPair(
                id=f"q{i}",
                question="Q?",
                answer="A.",
                category="synthesis",
                difficulty="easy",
                relevant_days=(1,),
            ),
            answer=str(i),
            label=label,
        )
        for i in range(40)
    ]
    in_flight, most = 0, 0

    class Judge:
        async def score(self, question: str, reference: str, answer: str, context: Any) -> Any:
            nonlocal in_flight, most
            in_flight += 1
            most = max(most, in_flight)
            await anyio.sleep(random.random() / 1000)
            in_flight -= 1
            if answer == "7":
                raise RuntimeError("this one fails")
            return {"correctness": int(answer) % 4, "completeness": 0, "hallucination": 1}

    scores = anyio.run(lambda: rescore(Judge(), answers, parallelism=3))  # type: ignore[arg-type]
    assert most == 3
    assert scores[7] is None
    assert [s.correctness for s in scores if s is not None] == [i % 4 for i in range(40) if i != 7]


# --- report --json -----------------------------------------------------------------------------


def test_report_json_writes_the_standard_librarys_bytes(
    run_dir: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    from recallbench.render.hallucination_text import analysis_to_json
    from recallbench.results.hallucination import analyze_hallucination
    from recallbench.results.hallucination_mode import run_mode

    assert main(["report", str(run_dir), "--json"]) == 0
    result = read_run(run_dir).result
    data = to_json(result)
    data["hallucinationAnalysis"] = analysis_to_json(
        analyze_hallucination(result), run_mode(result.metadata)
    )
    expected = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    assert capsysbinary.readouterr().out == expected.encode()
