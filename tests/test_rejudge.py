"""``recallbench rejudge`` and ``recallbench.rejudge`` (issue 45): a run's answers judged again, the
memory system never called.

The runs are real: the tiny persona answered by an adapter file that logs every query it gets to a
file (and every import of its module), judged by the rubric judge, made by ``recallbench run`` in a
subprocess. Re-judging runs ``recallbench rejudge`` in a subprocess too, or the library against a
real loopback HTTP server speaking OpenAI's API for an LLM judge.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import recallbench as rb
from recallbench.results.reading import read_run
from recallbench.results.result_json import read_result
from recallbench.testing import write_persona

pytestmark = pytest.mark.xdist_group("rejudge")

ROOT = Path(__file__).resolve().parents[1]

ADAPTER = """
import os
from pathlib import Path

from recallbench.adapters.base import QueryDetail, RetrievalEntry

LOG = Path(os.environ["REJUDGE_TEST_LOG"])
with LOG.open("a") as f:
    f.write("imported\\n")


class Memory:
    name = "logged"

    async def setup(self):
        self.days = {}

    async def ingest_day(self, day, content, metadata):
        self.days[day] = content

    async def finalize_ingestion(self):
        pass

    async def query_detail(self, question):
        with LOG.open("a") as f:
            f.write("query\\n")
        date = question.rsplit(" ", 1)[-1].rstrip("?")
        for day, text in self.days.items():
            if date in text:
                if day % 3 == 0:
                    raise RuntimeError("the memory system fell over")
                code = text.split(" is ")[-1].strip().rstrip(".")
                answer = code if day % 2 else f"I believe it was {code}, approved for $4,512,000."
                return QueryDetail(
                    answer=answer, retrieval=(RetrievalEntry(path=f"day-{day}", day=day),)
                )
        return QueryDetail(answer="I don't know.", retrieval=())

    async def query(self, question):
        return (await self.query_detail(question)).answer

    async def teardown(self):
        pass
"""

STRICT = """
from recallbench.results.scoring import JudgeScore


class Strict:
    name = "strict"
    synchronous = True

    async def score(self, question, reference, answer, context):
        if "2026-01-05" in question:
            raise RuntimeError("the strict judge gave up")
        exact = answer.strip() == reference.strip()
        return JudgeScore(correctness=3 if exact else 0, completeness=2 if exact else 0,
                          hallucination=1, reasoning="exact" if exact else "not exact")


judge = Strict()
"""


def cli(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "recallbench", *map(str, args)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        check=False,
        timeout=300,
    )


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real run of the logging adapter over the tiny persona (10 days), judged by the rubric."""
    root = tmp_path_factory.mktemp("rejudge")
    write_persona(root / "personas", days=10, suffix="10d")
    (root / "memory.py").write_text(ADAPTER, encoding="utf-8")
    (root / "strict.py").write_text(STRICT, encoding="utf-8")
    log = root / "adapter.log"
    env = {"REJUDGE_TEST_LOG": str(log), "RECALLBENCH_CACHE_DIR": str(root / "cache")}
    done = cli(
        "run",
        "--adapter",
        root / "memory.py:Memory",
        "--data",
        root / "personas",
        "--arcs",
        "arcs-10d.yaml",
        "--ranges",
        "5d",
        "10d",
        "--judge",
        "rubric",
        "--max-adapter-errors",
        "100%",
        "--no-heatmap-png",
        "--output",
        root / "run",
        env=env,
    )
    assert done.returncode == 0, done.stderr
    return {"root": root, "run": root / "run", "log": log, "env": env}


def _without_clock(data: Any) -> Any:
    volatile = {"timestamp", "durationMs", "sha256", "rejudged"}
    if isinstance(data, dict):
        return {k: _without_clock(v) for k, v in data.items() if k not in volatile}
    if isinstance(data, list):
        return [_without_clock(v) for v in data]
    return data


def test_the_same_judge_gives_the_same_run_without_calling_the_system(
    made: dict[str, Any],
) -> None:
    log: Path = made["log"]
    before = log.read_text(encoding="utf-8")
    assert before.count("query") == 16  # 5 questions at 5d (4 codes + negative), 11 at 10d
    out = made["root"] / "same"
    done = cli("rejudge", made["run"], "--judge", "rubric", "--output", out, env=made["env"])
    assert done.returncode == 0, done.stderr
    assert log.read_text(encoding="utf-8") == before  # never imported, never asked
    assert "the memory system was not called" in done.stdout
    a = json.loads((made["run"] / "result.json").read_text(encoding="utf-8"))
    b = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert _without_clock(a) == _without_clock(b)
    assert b["metadata"]["fingerprint"]["rejudged"] == {
        "judgeModel": "rubric",
        "digest": a["metadata"]["fingerprint"]["digest"],
        "sha256": a["metadata"]["fingerprint"]["sha256"],
        "judges": a["metadata"]["fingerprint"]["judges"],
    }
    # The question log: the same records, the same verdicts; the retrieval log beside it.
    old = (made["run"] / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    new = (out / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    assert [_without_clock(json.loads(x)) for x in old] == [
        _without_clock(json.loads(x)) for x in new
    ]
    assert read_run(out).details  # the retrieval entries read back through the new folder
    assert (out / "report.html").is_file()
    assert "Attribution    correct" in done.stdout


def test_another_judge_scores_the_same_answers_again(made: dict[str, Any]) -> None:
    out = made["root"] / "strict"
    done = cli(
        "rejudge", made["run"], "--judge", made["root"] / "strict.py:judge", "--output", out,
        env=made["env"],
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    old, _ = read_result(made["run"] / "result.json")
    new, _ = read_result(out / "result.json")
    assert new.metadata.judge_model.endswith("strict.py:judge")
    assert new.metadata.fingerprint is not None
    assert new.metadata.fingerprint["judges"]["primary"]["name"] == "strict"
    assert new.metadata.fingerprint["rejudged"]["judgeModel"] == "rubric"

    def answers(r: rb.BenchmarkResult) -> dict[tuple[str, str], Any]:
        return {
            (rr.range.label, q.qa.id): q
            for p in r.personas
            for rr in p.range_results
            for q in (*rr.question_results, *(rr.unscored_results or ()))
        }

    a, b = answers(old), answers(new)
    assert a.keys() == b.keys()
    for key, q in a.items():
        r = b[key]
        assert r.system_answer == q.system_answer and r.latency_ms == q.latency_ms
        assert r.retrieval_metrics == q.retrieval_metrics
        if q.error is not None and q.error.stage == "query":  # no answer: kept as it was
            assert r == q
        elif "2026-01-05" in q.qa.question:  # the strict judge fails on it: unscored
            assert r.error is not None and r.error.stage == "judge"
        else:
            exact = q.system_answer.strip() == q.qa.answer.strip()
            assert r.score.correctness == (3 if exact else 0)
    unscored = [
        q for p in new.personas for rr in p.range_results for q in rr.unscored_results or ()
    ]
    assert len(unscored) == 2  # day 5's question at 5d and at 10d
    assert new.metadata.judge_errors == 2
    assert "2 left unscored" in done.stdout
    # compare sets the two side by side and says the difference is the judges'.
    shown = cli("compare", made["run"], out, env=made["env"])
    assert shown.returncode == 0, shown.stderr
    assert "B is A's answers re-judged (recallbench rejudge: rubric → " in shown.stdout
    assert "Attribution of the 14 paired answers, A → B" in shown.stdout


def test_several_judges_give_score_and_spread(made: dict[str, Any]) -> None:
    out = made["root"] / "panel"
    done = cli(
        "rejudge", made["run"], "--judge", "rubric", "--judge", made["root"] / "strict.py:judge",
        "--output", out, env=made["env"],
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    new, _ = read_result(out / "result.json")
    scored = [q for p in new.personas for rr in p.range_results for q in rr.question_results]
    judged = [q for q in scored if q.panel is not None]
    strict = str(made["root"] / "strict.py:judge")  # a panel names its judges by their specs
    assert judged and all({v.judge for v in q.panel or ()} == {"rubric", strict} for q in judged)
    lines = done.stdout.splitlines()
    score = next(line for line in lines if line.startswith("  Score"))
    assert "judge spread" in score and " ± " in score
    judges = next(line for line in lines if line.startswith("  Judges"))
    assert "rubric " in judges and "strict.py:judge " in judges
    from recallbench.results.judge_spread import judge_spread

    spread = judge_spread(new)
    assert spread is not None
    assert spread.scores["rubric"] > spread.scores[strict]
    assert spread.spread == pytest.approx(
        max(abs(s - spread.overall) for s in spread.scores.values())
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["nowhere", "--judge", "rubric"], "nowhere: no such file or directory"),
        (["{run}", "--judge", "nosuchjudge:x"], "nosuchjudge"),
        (["{run}", "--judge", "stub"], "--judge stub scores every answer 0"),
        (["{run}", "--judge", "rubric", "--output", "{run}"], "already holds a run"),
        (["{run}", "--judge", "rubric", "--data", "{root}/nodata"], "no such directory"),
    ],
)
def test_bad_input_is_one_line(made: dict[str, Any], args: list[str], says: str) -> None:
    filled = [a.format(run=made["run"], root=made["root"]) for a in args]
    done = cli("rejudge", *filled, env=made["env"])
    assert done.returncode == 2
    assert says in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_the_library_with_an_llm_judge_over_http(made: dict[str, Any]) -> None:
    from recallbench.testing.providers import FakeProviderServer, RecordedRequest, reply

    def judge(request: RecordedRequest) -> Any:
        user = (request.json or {})["messages"][-1]["content"]
        ok = "$4,512,000" not in user.split("SYSTEM ANSWER:")[-1]
        verdict = {"correctness": 3 if ok else 1, "completeness": 2 if ok else 1,
                   "hallucination": 1 if ok else 0, "reasoning": "ok" if ok else "unsupported: $"}  # fmt: skip
        return reply(json.dumps(verdict), input_tokens=100, output_tokens=10, delay=0.05)

    log: Path = made["log"]
    before = log.read_text(encoding="utf-8")
    async with FakeProviderServer() as server:
        server.script(judge)
        done = await rb.rejudge(
            made["run"],
            f"openai:gpt-test;{server.url}/v1",
            output=made["root"] / "llm",
            parallelism=4,
        )
    assert log.read_text(encoding="utf-8") == before
    assert done.judged == len(server.requests) == 12  # 16 answers, 4 of them failed: kept
    assert done.kept == 4 and done.unscored == 0
    md = done.result.metadata
    assert md.judge_usage is not None and md.judge_usage["calls"] == 12
    assert md.hallucination_mode == "reference-only"
    assert server.max_in_flight > 1
    again, _ = read_result(made["root"] / "llm" / "result.json")
    assert again.overall_score == done.result.overall_score
    # Each answer's usage names the judge's model; the adapter paid nothing.
    used = [q.usage for p in again.personas for r in p.range_results for q in r.question_results]
    assert all(u is None or set(u) == {"judge"} for u in used)
    assert sum(1 for u in used if u) == 12


@pytest.mark.anyio
async def test_the_library_from_a_result_in_memory(made: dict[str, Any]) -> None:
    result, _ = read_result(made["run"] / "result.json")
    done = await rb.rejudge(result, "rubric")  # days from the data directory the run records
    assert done.source is None and done.warnings == ()
    assert done.result.overall_score == result.overall_score
    assert done.result.heatmap == result.heatmap


def test_a_public_benchmark_run_keeps_its_published_figures(tmp_path: Path) -> None:
    """A LoCoMo run scored by its official F1 judge, re-judged by the same: the same result, its
    published figures included — the judge reads the pairs as the data holds them (their LoCoMo
    category), not as the result read back from JSON spells their keys."""
    from _public_sets import locomo_records, write_json

    data = write_json(tmp_path / "locomo10.json", locomo_records())
    env = {"RECALLBENCH_CACHE_DIR": str(tmp_path / "cache")}
    made = cli(
        "run", "--adapter", "builtin:bm25", "--data", f"locomo:{data}", "--judge", "locomo-f1",
        "--no-heatmap-png", "--no-html", "--output", tmp_path / "run", env=env,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    done = cli(
        "rejudge", tmp_path / "run", "--judge", "locomo-f1", "--output", tmp_path / "again",
        "--no-html", env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    a = json.loads((tmp_path / "run" / "result.json").read_text(encoding="utf-8"))
    b = json.loads((tmp_path / "again" / "result.json").read_text(encoding="utf-8"))
    assert a["publicBenchmark"]["locomo"]["questionCount"] > 0
    assert _without_clock(a) == _without_clock(b)


FORKED = """
import json, sys
import anyio
from recallbench.harness.rejudge import rejudge_run
from recallbench._fork import can_fork
from recallbench.judges.rubric import RubricJudge

async def main():
    out, indexes = {}, {}
    for processes in (1, 2):
        judge = RubricJudge()
        done = await rejudge_run(sys.argv[1], judge, processes=processes)
        out[processes] = [
            [q.qa.id, q.composite_score, q.score.reasoning]
            for p in done.result.personas for r in p.range_results for q in r.question_results
        ]
        indexes[processes] = len(judge._indexes)  # the corpora this process indexed
    return {"runs": out, "indexes": indexes}

print(json.dumps({"fork": can_fork(), **anyio.run(main)}))
"""


def test_scoring_on_two_cores_gives_the_same_verdicts(tmp_path: Path) -> None:
    """The personas split between this process and a forked child (a large run's path, forced
    here on a small one) give the verdicts one process gives, in the same order."""
    for persona in ("alpha", "beta", "gamma"):
        write_persona(tmp_path / "personas", persona, days=10, suffix="10d")
    made = cli(
        "run", "--adapter", "builtin:bm25", "--data", tmp_path / "personas", "--arcs",
        "arcs-10d.yaml", "--ranges", "5d", "10d", "--judge", "rubric", "--no-heatmap-png",
        "--no-html", "--output", tmp_path / "run",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    script = tmp_path / "forked.py"
    script.write_text(FORKED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "run")],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    if not got["fork"]:
        pytest.skip("no second core here: the forked path cannot run")
    one, two = got["runs"]["1"], got["runs"]["2"]
    assert len(one) == 3 * 16
    assert one == two
    # Here all three personas' corpora were indexed with one process, fewer with two: the child
    # indexed and scored the others.
    assert got["indexes"]["1"] == 3
    assert 1 <= got["indexes"]["2"] < 3
