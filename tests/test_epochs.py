"""``--epochs N``: every question asked N times at each checkpoint, each answer kept with its epoch,
means over all of them, bootstrap intervals, and resume keyed by (question, epoch)."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path
from typing import Any

import anyio
import attrs
import pytest

from recallbench.harness.config import RunConfig, RunOutput
from recallbench.harness.engine import Harness
from recallbench.harness.resume import read_resume_log
from recallbench.results.comparison import compare_results
from recallbench.results.intervals import question_means
from recallbench.results.reading import read_run
from recallbench.results.records import BenchmarkResult
from recallbench.testing import ScriptedAdapter, ScriptedJudge, recall_by_date, write_persona

SEED = 25


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("epochs")
    write_persona(root, days=30)
    return root


@attrs.define
class Coins:
    """What the stochastic adapters share: how often each (checkpoint, question) was asked, so
    that the k-th asking of a question gets the same answer in a resumed run as in an uninterrupted
    one; optionally a scope to cancel (the run "killed") before the ``stop_at``-th answer."""

    asked: Counter[tuple[int, str]] = attrs.field(factory=Counter)
    answers: int = 0
    stop_at: int | None = None
    scope: anyio.CancelScope | None = None


def stochastic(coins: Coins) -> ScriptedAdapter:
    """An adapter that recalls a day's code with probability 0.6 and otherwise abstains, by a
    seeded generator per (checkpoint, question, asking)."""

    async def never() -> None:
        await anyio.sleep_forever()

    def answer(question: str, adapter: ScriptedAdapter) -> str:
        key = (max(adapter.memory, default=0), question)
        k = coins.asked[key]
        coins.asked[key] += 1
        coins.answers += 1
        if random.Random(f"{SEED}|{key}|{k}").random() < 0.6:
            return recall_by_date(question, adapter)
        return "I don't know."

    class Stochastic(ScriptedAdapter):
        async def query(self, question: str) -> str:
            if coins.stop_at is not None and coins.answers + 1 >= coins.stop_at:
                assert coins.scope is not None
                coins.scope.cancel()  # the run is "killed" while this question is in flight
                await never()
            return await super().query(question)

    return Stochastic(answer=answer, name="stochastic")


def cfg(**overrides: Any) -> RunConfig:
    settings: dict[str, Any] = {
        "arcs_file": "arcs-30d.yaml",
        "ranges": "10d,20d,30d",
        "epochs": 3,
        "parallelism": 4,
    }
    settings.update(overrides)
    return RunConfig(**settings)


async def run(
    data: Path, config: RunConfig, out: Path | None = None, coins: Coins | None = None, **kw: Any
) -> BenchmarkResult:
    shared = coins or Coins()
    return await Harness(
        lambda: stochastic(shared),
        data,
        judge=ScriptedJudge(),
        config=config,
        output=RunOutput.beside(out / "result.json") if out is not None else None,
        **kw,
    ).run()


def essence(result: BenchmarkResult) -> Any:
    return [
        (
            rr.range.label,
            rr.overall_score,
            rr.score_interval,
            sorted(
                (q.qa.id, q.epoch, q.system_answer, q.composite_score) for q in rr.question_results
            ),
        )
        for p in result.personas
        for rr in p.range_results
    ] + [result.heatmap, result.overall_interval, result.checkpoint_intervals]


@pytest.mark.anyio
async def test_three_epochs_ask_every_question_three_times(data: Path, tmp_path: Path) -> None:
    result = await run(data, cfg(), tmp_path)
    assert result.metadata.epochs == 3
    assert result.metadata.intervals is not None
    assert result.metadata.intervals["resamples"] == 2000
    assert result.metadata.intervals["seed"] == 0
    for rr in result.personas[0].range_results:
        asked = Counter(q.qa.id for q in rr.question_results)
        assert len(asked) == (31 if rr.range.days == 30 else rr.range.days)  # + negative-recall
        assert set(asked.values()) == {3}
        assert Counter(q.epoch for q in rr.question_results) == {e: len(asked) for e in (1, 2, 3)}
        # Epoch-major: all of epoch 1 before any of epoch 2.
        assert [q.epoch for q in rr.question_results] == sorted(
            q.epoch or 0 for q in rr.question_results
        )
        # The means are over every answer, which (three epochs each) is the mean of question means.
        composites = [q.composite_score for q in rr.question_results]
        assert rr.overall_score == pytest.approx(math.fsum(composites) / len(composites))
        assert rr.overall_score == pytest.approx(
            sum(question_means(rr.question_results)) / len(asked)
        )
        assert rr.questions_evaluated == 3 * len(asked)
        assert rr.score_interval is not None
        assert rr.score_interval.low <= rr.overall_score <= rr.score_interval.high
    # The adapter is stochastic: some question got different answers across its epochs.
    answers: dict[tuple[str, str], set[str]] = {}
    for rr in result.personas[0].range_results:
        for q in rr.question_results:
            answers.setdefault((rr.range.label, q.qa.id), set()).add(q.system_answer)
    assert any(len(a) > 1 for a in answers.values())
    for cell in result.heatmap:
        if cell.question_count:
            assert cell.interval is not None and cell.score is not None
            assert cell.interval.low <= cell.score <= cell.interval.high
    assert result.overall_interval is not None
    assert result.checkpoint_intervals is not None
    assert set(result.checkpoint_intervals) == {"10d", "20d", "30d"}

    # On disk: each answer's epoch in result.json, questions.jsonl; the run's epochs and intervals.
    written = json.loads((tmp_path / "result.json").read_text(encoding="utf-8"))
    assert written["metadata"]["epochs"] == 3
    first = written["personas"][0]["rangeResults"][0]
    assert {q["epoch"] for q in first["questionResults"]} == {1, 2, 3}
    assert set(first["scoreInterval"]) == {"low", "high"}
    assert "interval" in written["heatmap"][0]
    assert set(written["overallInterval"]) == {"low", "high"}
    # Read back, each answer keeps its own log record (report.html's detail panel).
    details = read_run(tmp_path / "result.json").details
    assert {details[("tiny", "10d", f"tiny-q001#{e}")]["epoch"] for e in (1, 2, 3)} == {1, 2, 3}
    progress = [json.loads(x) for x in (tmp_path / "progress.jsonl").read_text().splitlines()]
    assert [r.get("epochs") for r in progress if r["type"] != "summary"] == [3, 3, 3, 3]
    logged = [json.loads(line) for line in (tmp_path / "questions.jsonl").read_text().splitlines()]
    assert len(logged) == 3 * (10 + 20 + 31)
    assert (
        Counter((r["checkpoint"], r["qa"]["id"], r["epoch"]) for r in logged).most_common(1)[0][1]
        == 1
    )


@pytest.mark.anyio
@pytest.mark.parametrize("lifecycle", ["fresh", "incremental"])
async def test_resume_mid_epoch_gives_the_uninterrupted_result(
    data: Path, tmp_path: Path, lifecycle: str
) -> None:
    config = cfg(parallelism=1, lifecycle=lifecycle)
    full_coins = Coins()
    full = await run(data, config, coins=full_coins)

    # Killed at the 58th answer: the 20d checkpoint, in its second epoch (10 × 3 + 20 + 7 logged).
    coins = Coins(stop_at=58)
    out = tmp_path / "run"
    with anyio.CancelScope() as scope:
        coins.scope = scope
        await run(data, config, out, coins=coins)
    assert scope.cancelled_caught
    logged = (out / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(logged) == 57
    assert json.loads(logged[-1])["epoch"] == 2

    coins.stop_at = None
    resume = read_resume_log(out / "progress.jsonl", out / "questions.jsonl")
    resumed = await run(data, config, out, coins=coins, resume=resume)
    assert essence(resumed) == essence(full)
    # Nothing was asked twice: the two attempts together asked what the uninterrupted run did.
    assert coins.asked == full_coins.asked
    records = [json.loads(x) for x in (out / "questions.jsonl").read_text().splitlines()]
    keys = Counter((r["checkpoint"], r["qa"]["id"], r["epoch"]) for r in records)
    assert len(keys) == 3 * (10 + 20 + 31) and set(keys.values()) == {1}


@pytest.mark.anyio
async def test_epochs_with_unit_parallelism_give_the_same_result(data: Path) -> None:
    one = await run(data, cfg(parallelism=1))
    many = await run(data, cfg(parallelism=3, unit_parallelism=3))
    assert essence(many) == essence(one)


@pytest.mark.anyio
async def test_one_epoch_writes_no_epoch_keys(data: Path, tmp_path: Path) -> None:
    result = await run(data, cfg(epochs=1), tmp_path)
    assert result.metadata.epochs is None and result.metadata.intervals is None
    assert result.overall_interval is None and result.checkpoint_intervals is None
    text = (tmp_path / "result.json").read_text(encoding="utf-8")
    for key in ('"epoch"', '"epochs"', '"interval"', "Interval", '"intervals"'):
        assert key not in text
    assert '"epoch"' not in (tmp_path / "questions.jsonl").read_text(encoding="utf-8")
    assert '"epochs"' not in (tmp_path / "progress.jsonl").read_text(encoding="utf-8")


@pytest.mark.anyio
async def test_identical_answers_across_epochs_hit_the_judge_cache(
    data: Path, tmp_path: Path
) -> None:
    class CachedScripted(ScriptedJudge):
        cache_identity = "scripted-for-epochs-v1"

    judge = CachedScripted()
    config = cfg(parallelism=1, judge_cache=tmp_path / "cache", ranges="10d")
    result = await Harness(lambda: ScriptedAdapter(), data, judge=judge, config=config).run()
    (rr,) = result.personas[0].range_results
    assert len(rr.question_results) == 3 * 10
    # The adapter answers alike every time: the judge is called once per question, not per answer.
    assert len(judge.calls) == 10
    assert result.metadata.judge_usage is not None
    assert result.metadata.judge_usage.get("cacheHits") == 20


@pytest.mark.anyio
async def test_compare_pairs_questions_each_the_mean_of_its_epochs(data: Path) -> None:
    one = await run(data, cfg(epochs=1))
    three = await run(data, cfg())
    c = compare_results(one, three)
    assert c.overall.answers_a == 10 + 20 + 31
    assert c.overall.answers_b == 3 * (10 + 20 + 31)
    assert c.overall.paired is not None
    assert c.overall.paired.count == 10 + 20 + 31
    means = [
        m
        for p in three.personas
        for rr in p.range_results
        for m in question_means(rr.question_results)
    ]
    assert c.overall.paired.score_b == pytest.approx(sum(means) / len(means))


@pytest.mark.anyio
async def test_a_one_epoch_run_resumed_with_three_asks_only_epochs_two_and_three(
    data: Path, tmp_path: Path
) -> None:
    coins = Coins()
    one = await run(data, cfg(epochs=1, parallelism=1), tmp_path, coins=coins)
    asked_once = coins.answers
    out = RunOutput.beside(tmp_path / "result.json")
    resume = read_resume_log(out.progress, out.questions)
    three = await run(data, cfg(parallelism=1), tmp_path, coins=coins, resume=resume)
    assert coins.answers == 3 * asked_once  # epochs 2 and 3 only
    assert three.metadata.warnings is not None
    assert "--epochs 1 with --epochs 3: epoch 1 is taken from its log" in three.metadata.warnings[0]
    for a, b in zip(one.personas[0].range_results, three.personas[0].range_results, strict=True):
        first = [(q.qa.id, q.system_answer) for q in b.question_results if q.epoch == 1]
        assert first == [(q.qa.id, q.system_answer) for q in a.question_results]
        assert Counter(q.epoch for q in b.question_results) == {e: len(first) for e in (1, 2, 3)}
