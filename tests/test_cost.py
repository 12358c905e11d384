"""Cost accounting: the arithmetic of recallbench.results.cost, and each answer's usage recorded by
real runs against a real loopback provider (judge, appellate judge, adapter-reported), never mixed
between questions judged at once, and absent from runs that paid for nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.adapters.base import QueryDetail, ToolCall
from recallbench.data.qa import QAPair
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.harness.engine import Harness
from recallbench.judges.llm import LlmJudge
from recallbench.models.openai import OpenAIModel
from recallbench.results.cost import (
    Price,
    PriceTable,
    add_usage,
    cost_of_answers,
    is_correct,
    usage_cost,
)
from recallbench.results.records import QuestionResult
from recallbench.results.scoring import JudgeScore
from recallbench.testing import ScriptedAdapter, write_persona
from recallbench.testing.providers import FakeProviderServer, RecordedRequest, reply

PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "ok"}'
FAIL = '{"correctness": 0, "completeness": 0, "hallucination": 0, "reasoning": "invented"}'
TABLE = PriceTable(
    prices={
        "judge-a": Price(input_per_mtok=1.0, output_per_mtok=10.0),
        "judge-b": Price(input_per_mtok=2.0, output_per_mtok=20.0),
    },
    date="2026-01-01",
)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _answer(correctness: int, usage: Any = None) -> QuestionResult:
    score = JudgeScore(correctness=correctness, completeness=0, hallucination=1, reasoning="r")
    qa = QAPair(
        id=f"q{correctness}",
        question="Q?",
        answer="A",
        category="factual-recall",
        difficulty="easy",
        relevant_days=(1,),
    )
    return QuestionResult(
        qa=qa,
        system_answer="A",
        score=score,
        composite_score=score.composite,
        latency_ms=1.0,
        usage=usage,
    )


def _u(model: str, tokens_in: int, tokens_out: int, role: str = "judge") -> dict[str, Any]:
    return {role: {model: {"calls": 1, "inputTokens": tokens_in, "outputTokens": tokens_out}}}


def test_cost_per_correct_answer_counts_every_paid_answer_over_the_correct_ones() -> None:
    # judge-a: 1,000 in × $1/M + 100 out × $10/M = $0.002 per answer.
    answers = [_answer(c, _u("judge-a", 1000, 100)) for c in (3, 2, 1, 0)]
    unscored = [_answer(3, _u("judge-a", 1000, 100))]  # paid for, never correct
    summary = cost_of_answers(answers, TABLE, unscored)
    assert summary.usd == pytest.approx(0.010)
    assert (summary.answers, summary.correct) == (5, 2)  # correctness 3 and 2 of the scored
    assert summary.per_correct == pytest.approx(0.005)
    assert summary.to_json()["usdPerCorrectAnswer"] == 0.005
    assert [is_correct(a) for a in answers] == [True, True, False, False]


def test_nothing_correct_or_an_unknown_price_is_unknown_never_zero() -> None:
    wrong = cost_of_answers([_answer(0, _u("judge-a", 1000, 0))], TABLE)
    assert wrong.usd == pytest.approx(0.001)
    assert wrong.per_correct is None
    mixed = [_answer(3, _u("judge-a", 1000, 0)), _answer(3, _u("mystery-model", 5, 5))]
    summary = cost_of_answers(mixed, TABLE)
    assert summary.usd is None
    assert summary.per_correct is None
    assert summary.unpriced == ("mystery-model",)
    assert summary.to_json()["usd"] is None


def test_cost_is_split_by_role() -> None:
    usage = add_usage(
        _u("judge-a", 1000, 0),
        _u("judge-b", 1000, 0, "appellate"),
        _u("judge-a", 0, 100, "adapter"),
    )
    split = usage_cost(usage, TABLE)
    assert split["judge"] == pytest.approx(0.001)
    assert split["appellate"] == pytest.approx(0.002)
    assert split["adapter"] == pytest.approx(0.001)
    assert split["total"] == pytest.approx(0.004)


_counts = st.fixed_dictionaries(
    {
        "calls": st.integers(0, 5),
        "inputTokens": st.integers(0, 10**6),
        "outputTokens": st.integers(0, 10**5),
    }
)
_usage = st.dictionaries(
    st.sampled_from(["judge", "appellate", "adapter"]),
    st.dictionaries(st.sampled_from(["judge-a", "judge-b"]), _counts, min_size=1),
)


@given(st.lists(_usage, max_size=6), st.randoms())
def test_a_panel_sums_by_model_whatever_the_order(usages: list[Any], rnd: Any) -> None:
    total = add_usage(*usages)
    shuffled = list(usages)
    rnd.shuffle(shuffled)
    assert add_usage(*shuffled) == total
    for role, models in total.items():
        for model, counts in models.items():
            for key, value in counts.items():
                assert value == sum(u.get(role, {}).get(model, {}).get(key, 0) for u in usages)
    # Priced parts add up to the total.
    split = usage_cost(total, TABLE)
    parts = [v for k, v in split.items() if k != "total"]
    assert split["total"] == pytest.approx(sum(p or 0 for p in parts))


def test_price_lookup_strips_providers_and_dated_snapshots_only() -> None:
    table = PriceTable(prices={"gpt-x": Price(input_per_mtok=1, output_per_mtok=2)}, date="d")
    assert table.price_of("openai:gpt-x") is not None
    assert table.price_of("azure:gpt-x;https://h.example") is not None
    assert table.price_of("gpt-x-2024-07-18") is not None
    assert table.price_of("GPT-X-latest") is not None
    assert table.price_of("gpt-x-mini") is None  # another model, not a snapshot
    assert table.price_of("gpt-y") is None


# -- real runs -------------------------------------------------------------------------------------


def _day_of(question: str) -> int:
    """The day a write_persona question asks about (its date's day of the month; 0 for none)."""
    match = re.search(r"\d{4}-\d{2}-(\d{2})", question)
    return int(match.group(1)) if match else 0


def _judge_reply(request: RecordedRequest) -> Any:
    """PASS for answers holding a day code; the reported tokens encode the question's day, so each
    answer's usage says which call it was given."""
    user = (request.json or {})["messages"][-1]["content"]
    day = _day_of(user.split("QUESTION:", 1)[-1].split("\n", 2)[1])
    ok = "CODE-" in user.split("SYSTEM ANSWER:")[-1]
    return reply(PASS if ok else FAIL, input_tokens=1000 + day, output_tokens=10 + day, delay=0.01)


async def _run(
    tmp_path: Path,
    *,
    judge: str = "gpt-4o-mini",
    appellate: bool = False,
    adapter: Any = None,
    parallelism: int = 4,
) -> dict[str, Any]:
    data = tmp_path / "data"
    if not data.exists():
        write_persona(data, days=8, suffix="8d")
    out = tmp_path / "out"
    async with FakeProviderServer() as server:
        server.script(_judge_reply)
        url = f"{server.url}/v1"
        llm = LlmJudge(OpenAIModel(judge, endpoint=url, api_key="sk-test"))
        second = (
            LlmJudge(OpenAIModel("gpt-4o", endpoint=url, api_key="sk-test")) if appellate else None
        )
        config = RunConfig(ranges=("8d",), arcs_file="arcs-8d.yaml", parallelism=parallelism)
        harness = Harness(
            adapter or ScriptedAdapter(),
            data,
            judge=llm,
            appellate_judge=second,
            config=config,
            output=RunOutput.directory(out),
        )
        await harness.run()
    return json.loads((out / "result.json").read_text(encoding="utf-8"))


def _answers(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        q
        for p in result["personas"]
        for r in p["rangeResults"]
        for q in [*r["questionResults"], *(r.get("unscoredResults") or [])]
    ]


@pytest.mark.anyio
async def test_each_answer_keeps_its_own_judge_tokens_when_judged_concurrently(
    tmp_path: Path,
) -> None:
    result = await _run(tmp_path, parallelism=4)
    answers = _answers(result)
    assert len(answers) == 9
    for q in answers:
        day = _day_of(q["qa"]["question"])
        assert q["usage"] == {
            "judge": {
                "gpt-4o-mini": {"calls": 1, "inputTokens": 1000 + day, "outputTokens": 10 + day}
            }
        }
    cost = result["metadata"]["cost"]
    tokens_in = sum(q["usage"]["judge"]["gpt-4o-mini"]["inputTokens"] for q in answers)
    tokens_out = sum(q["usage"]["judge"]["gpt-4o-mini"]["outputTokens"] for q in answers)
    assert cost["usd"] == round((tokens_in * 0.15 + tokens_out * 0.60) / 1e6, 6)
    assert cost["correctAnswers"] == sum(q["score"]["correctness"] >= 2 for q in answers)
    assert cost["prices"]["date"] == "2026-03-21"
    persona = result["personas"][0]["cost"]
    assert persona["checkpoints"]["8d"]["usd"] == cost["usd"]
    # The usage is in questions.jsonl too (resume reads it back).
    lines = (tmp_path / "out" / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    assert all("usage" in json.loads(line) for line in lines)


@pytest.mark.anyio
async def test_the_appellate_judges_tokens_are_its_own(tmp_path: Path) -> None:
    result = await _run(tmp_path, appellate=True, parallelism=2)
    appealed = [q for q in _answers(result) if q.get("primaryScore")]
    assert appealed  # the negative-recall answer fails the primary judge
    for q in appealed:
        assert set(q["usage"]) == {"judge", "appellate"}
        assert set(q["usage"]["appellate"]) == {"gpt-4o"}
    cost = result["metadata"]["cost"]
    assert cost["appellateUsd"] > 0
    assert cost["usd"] == pytest.approx(cost["judgeUsd"] + cost["appellateUsd"], abs=2e-6)


class _ModelAdapter(ScriptedAdapter):
    """Reports its own model calls as the built-in model baselines do; every other answer came
    from its cache."""

    async def query_detail(self, question: str) -> QueryDetail:
        answer = await self.query(question)
        cached = _day_of(question) == 2
        call = ToolCall(
            tool="model",
            args={
                "model": "openai:gpt-4o",
                "cached": cached,
                "inputTokens": 500,
                "outputTokens": 50,
            },
        )
        return QueryDetail(answer=answer, tool_calls=(call,))


@pytest.mark.anyio
async def test_adapter_reported_tokens_count_except_its_cache_hits(tmp_path: Path) -> None:
    result = await _run(tmp_path, adapter=_ModelAdapter(), parallelism=1)
    for q in _answers(result):
        adapter = q["usage"].get("adapter")
        if _day_of(q["qa"]["question"]) == 2:
            assert adapter is None
        else:
            assert adapter == {
                "openai:gpt-4o": {"calls": 1, "inputTokens": 500, "outputTokens": 50}
            }
    cost = result["metadata"]["cost"]
    assert cost["adapterUsd"] > 0 and cost["judgeUsd"] > 0


@pytest.mark.anyio
async def test_an_unpriced_judge_model_leaves_the_cost_unknown(tmp_path: Path) -> None:
    result = await _run(tmp_path, judge="in-house-judge-7", parallelism=2)
    cost = result["metadata"]["cost"]
    assert cost["usd"] is None and cost["usdPerCorrectAnswer"] is None
    assert cost["unpricedModels"] == ["in-house-judge-7"]


@pytest.mark.anyio
async def test_runs_that_pay_for_nothing_write_no_usage_or_cost(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data, days=5, suffix="5d")
    out = tmp_path / "out"
    config = RunConfig(ranges=("5d",), arcs_file="arcs-5d.yaml")
    await Harness(
        ScriptedAdapter(), data, judge="rubric", config=config, output=RunOutput.directory(out)
    ).run()
    text = (out / "result.json").read_text(encoding="utf-8")
    assert '"usage"' not in text and '"cost"' not in text
    assert '"usage"' not in (out / "questions.jsonl").read_text(encoding="utf-8")


def test_cost_functions_import_nothing_async() -> None:
    import subprocess
    import sys

    code = (
        "import sys, recallbench.results.cost, recallbench.models.metering; "
        "print(sorted(m for m in ('anyio', 'aiohttp', 'grpc') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.anyio
async def test_a_rejudged_answer_keeps_what_its_failed_judging_cost(tmp_path: Path) -> None:
    """A judge that replies with no score twice leaves the answer unscored (two paid calls); the
    resumed run judges it again and the answer's usage holds all three calls."""
    from recallbench.harness.resume import read_resume_log

    data = tmp_path / "data"
    write_persona(data, days=3, suffix="3d")
    out = tmp_path / "out"
    broken = {"on": True}

    def respond(request: RecordedRequest) -> Any:
        user = (request.json or {})["messages"][-1]["content"]
        if broken["on"] and "2026-01-02" in user:
            return reply("I cannot grade this.", input_tokens=100, output_tokens=5)
        return reply(PASS, input_tokens=100, output_tokens=5)

    async with FakeProviderServer() as server:
        server.script(respond)
        for attempt in (1, 2):
            log = (
                read_resume_log((out / "progress.jsonl").resolve(), out / "questions.jsonl")
                if attempt == 2
                else None
            )
            judge = LlmJudge(OpenAIModel("gpt-4o-mini", endpoint=f"{server.url}/v1", api_key="k"))
            config = RunConfig(ranges=("3d",), arcs_file="arcs-3d.yaml")
            harness = Harness(
                ScriptedAdapter(),
                data,
                judge=judge,
                config=config,
                output=RunOutput.directory(out),
                resume=log,
            )
            result = await harness.run()
            if attempt == 1:
                (failed,) = [
                    q for r in result.personas[0].range_results for q in r.unscored_results or ()
                ]
                assert failed.usage == {
                    "judge": {"gpt-4o-mini": {"calls": 2, "inputTokens": 200, "outputTokens": 10}}
                }
                broken["on"] = False
    answers = [q for r in result.personas[0].range_results for q in r.question_results]
    (rejudged,) = [q for q in answers if "2026-01-02" in q.qa.question]
    assert rejudged.usage == {
        "judge": {"gpt-4o-mini": {"calls": 3, "inputTokens": 300, "outputTokens": 15}}
    }
    assert result.metadata.cost is not None
    assert result.metadata.cost["usage"]["judge"]["gpt-4o-mini"]["calls"] == len(answers) + 2


@pytest.mark.anyio
async def test_a_panels_members_add_up_by_model_on_each_answer(tmp_path: Path) -> None:
    """Two members on one model, judging twice each (--judge-epochs 2), and one on another: the
    answer's judge usage is per model, the sum of its members' calls."""
    from recallbench.judges.panel import JudgePanel

    data = tmp_path / "data"
    write_persona(data, days=3, suffix="3d")
    out = tmp_path / "out"
    async with FakeProviderServer() as server:
        server.script(lambda _r: reply(PASS, input_tokens=100, output_tokens=5))
        url = f"{server.url}/v1"

        def member(model: str, name: str) -> LlmJudge:
            return LlmJudge(OpenAIModel(model, endpoint=url, api_key="k"), name=name)

        panel = JudgePanel(
            (member("gpt-4o-mini", "a"), member("gpt-4o-mini", "b"), member("gpt-4o", "c")),
            epochs=2,
        )
        config = RunConfig(ranges=("3d",), arcs_file="arcs-3d.yaml", parallelism=2)
        result = await Harness(
            ScriptedAdapter(), data, judge=panel, config=config, output=RunOutput.directory(out)
        ).run()
    answers = [q for r in result.personas[0].range_results for q in r.question_results]
    assert answers
    for q in answers:
        assert q.usage == {
            "judge": {
                "gpt-4o-mini": {"calls": 4, "inputTokens": 400, "outputTokens": 20},
                "gpt-4o": {"calls": 2, "inputTokens": 200, "outputTokens": 10},
            }
        }
    assert len(server.requests) == 6 * len(answers)
