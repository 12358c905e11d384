"""The model baselines (``builtin:full-context``, ``builtin:rag``) against a real HTTP provider server:
what the prompt holds, the token budget, retrieval entries, the model-call cache, delete/update,
pickling, every provider, and a run through the CLI."""

from __future__ import annotations

import json
import os
import pickle
import re
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from _public_sets import longmemeval_records, write_json

from recallbench.adapters import builtin_adapter
from recallbench.adapters.answering import (
    ANSWER_SYSTEM,
    FullContextAdapter,
    RagAdapter,
    estimate_tokens,
)
from recallbench.data.corpus import DayMetadata
from recallbench.data.persona import day_date
from recallbench.errors import ConfigError
from recallbench.family import open_dataset
from recallbench.harness.evaluate import ask
from recallbench.results import read_question_log
from recallbench.testing import day_code, write_persona
from recallbench.testing.providers import FakeProviderServer, RecordedRequest, reply

ROOT = Path(__file__).resolve().parents[1]
EPOCH = "2026-01-01"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "ak-test")
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "user-cache"))


def day_log(n: int) -> str:
    return (
        f"---\ntype: daily\n---\n\n# session: principal\n\n### Access code\n"
        f"On {day_date(EPOCH, n)} the access code for day {n} is {day_code(n)}.\n"
        f"The weather on day {n} was mild.\n"
    )


def meta(n: int) -> DayMetadata:
    return DayMetadata(day_number=n, date=day_date(EPOCH, n), persona_id="tiny")


async def ingest(adapter: Any, days: range) -> None:
    await adapter.setup()
    for n in days:
        await adapter.ingest_day(n, day_log(n), meta(n))
    await adapter.finalize_ingestion()


def user_message(request: RecordedRequest) -> str:
    messages = request.json["messages"]
    return str(messages[-1]["content"])


def codes_in(text: str) -> list[int]:
    return [int(m) for m in re.findall(r"CODE-(\d{4})", text)]


def config(server: FakeProviderServer, tmp_path: Path, **more: Any) -> dict[str, Any]:
    return {"model": f"openai:gpt-test;{server.url}/v1", "cache": str(tmp_path / "mc"), **more}


# -- full-context -----------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_full_context_holds_every_day_newest_last_with_the_date(tmp_path: Path) -> None:
    async with FakeProviderServer("CODE-0003") as server:
        adapter = builtin_adapter("builtin:full-context", config(server, tmp_path))
        await ingest(adapter, range(1, 11))
        detail = await adapter.query_detail("What was the access code on day 3?")
        await adapter.teardown()
    assert detail.answer == "CODE-0003"
    assert detail.retrieval == ()
    body = server.requests[0].json
    assert body["messages"][0] == {"role": "system", "content": ANSWER_SYSTEM}
    assert body["temperature"] == 0
    text = user_message(server.requests[0])
    assert codes_in(text) == list(range(1, 11))  # oldest first, newest last
    # The question comes after the memory, dated by the last day ingested.
    assert text.endswith(
        f"Current date: {day_date(EPOCH, 10)}\nQuestion: What was the access code on day 3?\nAnswer:"
    )
    assert f"## Day 10 ({day_date(EPOCH, 10)})" in text
    (call,) = detail.tool_calls
    assert call.tool == "model"
    assert call.args["inputTokens"] == 11 and call.args["outputTokens"] == 7
    assert call.args["daysInContext"] == 10 and call.args["cached"] is False
    assert adapter.usage.as_dict() == {
        "calls": 1,
        "inputTokens": 11,
        "outputTokens": 7,
        "cacheHits": 0,
        "cacheMisses": 1,
    }


@pytest.mark.anyio
# The smallest leaves room for a day after the system prompt, which grew with the abstention wording.
@pytest.mark.parametrize("budget", [175, 250, 400, 700])
async def test_full_context_is_cut_to_the_budget_oldest_days_first(
    tmp_path: Path, budget: int
) -> None:
    async with FakeProviderServer("ok") as server:
        adapter = builtin_adapter(
            "full-context", config(server, tmp_path, contextTokens=budget, cache=False)
        )
        await ingest(adapter, range(1, 31))
        detail = await adapter.query_detail("Which code?")
        await adapter.teardown()
    text = user_message(server.requests[0])
    kept = codes_in(text)
    assert kept and kept == list(range(kept[0], 31))  # a run of the newest days, newest last
    assert kept[0] > 1  # 30 days do not fit
    assert estimate_tokens(ANSWER_SYSTEM + text) <= budget
    assert detail.tool_calls[0].args["promptTokensEstimate"] <= budget
    # The oldest day held may be cut to its last lines (here: after its code).
    assert kept[0] - 1 <= detail.tool_calls[0].args["firstDayInContext"] <= kept[0]


@pytest.mark.anyio
async def test_a_day_too_long_for_the_budget_keeps_its_last_lines(tmp_path: Path) -> None:
    long_day = "# session: principal\n\n### Notes\n" + "".join(
        f"Line {i} of the notes.\n" for i in range(200)
    )
    async with FakeProviderServer("ok") as server:
        adapter = builtin_adapter(
            "full-context", config(server, tmp_path, contextTokens=300, cache=False)
        )
        await adapter.setup()
        await adapter.ingest_day(1, day_log(1), meta(1))
        await adapter.ingest_day(2, long_day, meta(2))
        await adapter.query_detail("What is in the notes?")
        await adapter.teardown()
    text = user_message(server.requests[0])
    assert "CODE-0001" not in text and "Line 199 of the notes." in text
    assert "Line 0 of the notes." not in text and "left out to fit the context" in text
    assert estimate_tokens(ANSWER_SYSTEM + text) <= 300


# -- rag ---------------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_rag_prompt_holds_the_top_k_chunks_and_reports_their_days(tmp_path: Path) -> None:
    async with FakeProviderServer("CODE-0007") as server:
        adapter = builtin_adapter("builtin:rag", config(server, tmp_path, top_k=3))
        await ingest(adapter, range(1, 21))
        question = f"What was the access code issued on {day_date(EPOCH, 7)}?"
        ranked = adapter.passages(question)
        detail = await adapter.query_detail(question)
        await adapter.teardown()
    assert detail.answer == "CODE-0007"
    assert len(ranked) == 3 and ranked[0][0].day == 7
    text = user_message(server.requests[0])
    for rank, (chunk, _) in enumerate(ranked, start=1):
        assert f"[{rank}] Day {chunk.day} ({day_date(EPOCH, chunk.day)})" in text
        assert chunk.text.strip() in text
    assert len(codes_in(text)) == 3  # only the top-k chunks, not the whole memory
    assert [e.day for e in detail.retrieval] == [c.day for c, _ in ranked]
    assert all(e.path.startswith(f"memories/day-{e.day:04d}.md") for e in detail.retrieval)
    assert detail.tool_calls[0].args["passages"] == 3
    assert text.endswith(f"Question: {question}\nAnswer:")


# -- the question date -------------------------------------------------------------------------------

LME_DATE = "2023/05/30 (Tue) 23:40"


@pytest.mark.anyio
@pytest.mark.parametrize("name", ["full-context", "rag"])
async def test_the_question_is_dated_by_its_own_question_date(tmp_path: Path, name: str) -> None:
    question = f"What was the access code issued on {day_date(EPOCH, 3)}?"
    async with FakeProviderServer("CODE-0003") as server:
        adapter = builtin_adapter(name, config(server, tmp_path, cache=False))
        await ingest(adapter, range(1, 6))
        await adapter.query_detail(question, question_date=LME_DATE)
        await adapter.query_detail(question, question_date=None)
        await adapter.query_detail(question, question_date="  ")
        await adapter.query_detail(question)
        await adapter.teardown()
    dated, *undated = [user_message(r) for r in server.requests]
    assert dated.endswith(f"Current date: {LME_DATE}\nQuestion: {question}\nAnswer:")
    assert f"Current date: {day_date(EPOCH, 5)}" not in dated
    for text in undated:  # no date of its own (or a blank one): the last day ingested
        assert text.endswith(f"Current date: {day_date(EPOCH, 5)}\nQuestion: {question}\nAnswer:")
    # Only the date differs.
    assert dated.replace(LME_DATE, day_date(EPOCH, 5)) == undated[0]


@pytest.mark.anyio
@pytest.mark.parametrize("name", ["full-context", "rag"])
async def test_the_harness_hands_a_longmemeval_pair_and_its_date_reaches_the_prompt(
    tmp_path: Path, name: str
) -> None:
    source = write_json(tmp_path / "longmemeval_s_cleaned.json", longmemeval_records())
    persona = open_dataset(f"longmemeval:{source}").load("e47becba")
    (pair,) = persona.qa
    async with FakeProviderServer("Biscuit") as server:
        adapter = builtin_adapter(name, config(server, tmp_path, cache=False))
        await adapter.setup()
        for day in persona.days:
            await adapter.ingest_day(day.number, day.content, day.metadata("e47becba"))
        await adapter.finalize_ingestion()
        detail = await ask(adapter, pair, timeout=None)
        await adapter.teardown()
    assert detail.answer == "Biscuit"
    text = user_message(server.requests[0])
    assert text.endswith(f"Current date: {LME_DATE}\nQuestion: {pair.question}\nAnswer:")
    assert "My dog Biscuit loves the park." in text


# -- the cache ----------------------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("name", ["full-context", "rag"])
async def test_a_second_identical_run_calls_the_model_zero_times(tmp_path: Path, name: str) -> None:
    questions = [f"What was the access code issued on {day_date(EPOCH, d)}?" for d in (2, 5, 9)]
    async with FakeProviderServer(lambda r: f"answer {len(r.body)}") as server:
        answers = []
        for _ in range(2):
            adapter = builtin_adapter(name, config(server, tmp_path))
            await ingest(adapter, range(1, 11))
            answers.append([(await adapter.query_detail(q)).answer for q in questions])
            await adapter.teardown()
            if not answers[1:]:
                assert len(server.requests) == 3
        assert len(server.requests) == 3  # the second run: no call at all
    assert answers[0] == answers[1]
    assert adapter.usage.cache_hits == 3 and adapter.usage.calls == 0
    assert list((tmp_path / "mc").rglob("*.json"))
    # Off: every call goes to the model.
    async with FakeProviderServer("x") as server:
        adapter = builtin_adapter(name, config(server, tmp_path, cache=False))
        await ingest(adapter, range(1, 11))
        for q in questions * 2:
            await adapter.query_detail(q)
        await adapter.teardown()
        assert len(server.requests) == 6


@pytest.mark.anyio
async def test_the_default_cache_is_in_the_user_cache_dir(tmp_path: Path) -> None:
    async with FakeProviderServer("ok") as server:
        adapter = builtin_adapter("rag", {"model": f"openai:gpt-test;{server.url}/v1"})
        await ingest(adapter, range(1, 4))
        await adapter.query_detail("access code?")
        await adapter.teardown()
    assert list((tmp_path / "user-cache" / "models").rglob("*.json"))


# -- delete and update ----------------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("name", ["full-context", "rag"])
async def test_delete_and_update_change_what_the_model_reads(tmp_path: Path, name: str) -> None:
    question = f"What was the access code issued on {day_date(EPOCH, 3)}?"
    async with FakeProviderServer("ok") as server:
        adapter = builtin_adapter(name, config(server, tmp_path, cache=False))
        await ingest(adapter, range(1, 6))
        await adapter.query_detail(question)
        assert 3 in codes_in(user_message(server.requests[-1]))
        await adapter.delete_memory("day-0003")
        detail = await adapter.query_detail(question)
        assert 3 not in codes_in(user_message(server.requests[-1]))
        assert all(e.day != 3 for e in detail.retrieval)
        updated = day_log(3).replace(day_code(3), "CODE-9999")
        with pytest.raises(KeyError):
            await adapter.update_memory("day-0003", updated)
        await adapter.update_memory("day-0004", day_log(4).replace(day_code(4), "CODE-8888"))
        await adapter.query_detail(f"access code day 4 {day_date(EPOCH, 4)}")
        text = user_message(server.requests[-1])
        assert "CODE-8888" in text and "CODE-0004" not in text
        with pytest.raises(KeyError):
            await adapter.delete_memory("day-0003")
        await adapter.teardown()


# -- providers, pickling, configuration ---------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("name", ["full-context", "rag"])
async def test_every_provider_and_pickling(tmp_path: Path, name: str) -> None:
    async with FakeProviderServer("CODE-0002") as server:
        for spec, api in [
            (f"anthropic:claude-test;{server.url}", "anthropic"),
            (f"openai:gpt-test;{server.url}/v1", "openai"),
        ]:
            adapter = builtin_adapter(name, {"model": spec, "cache": False})
            copy = pickle.loads(pickle.dumps(adapter))  # unset-up: no model yet
            await ingest(copy, range(1, 4))
            assert (await copy.query_detail("access code?")).answer == "CODE-0002"
            assert server.requests[-1].api == api
            moved = pickle.loads(pickle.dumps(copy))  # set up: the model is not carried
            assert moved._model is None and moved.store.days == [1, 2, 3]
            await copy.teardown()
    assert server.requests[0].json["system"] == ANSWER_SYSTEM  # Anthropic's system field


def test_a_model_is_required_and_keys_are_checked() -> None:
    with pytest.raises(ConfigError, match="needs a model"):
        builtin_adapter("full-context")
    with pytest.raises(ConfigError, match="'contextTokens' must be an integer >= 1"):
        builtin_adapter("full-context", {"model": "openai:x", "contextTokens": 0})
    with pytest.raises(ConfigError, match="no config key 'contextTokens'"):
        builtin_adapter("rag", {"model": "openai:x", "contextTokens": 5})
    with pytest.raises(ConfigError, match="'cache' must be true, false or a directory path"):
        builtin_adapter("rag", {"model": "openai:x", "cache": 3})
    assert isinstance(builtin_adapter("rag", {"model": "openai:x"}), RagAdapter)
    assert isinstance(builtin_adapter("full-context", {"model": "openai:x"}), FullContextAdapter)


# -- the CLI ---------------------------------------------------------------------------------------------


async def _run_cli(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    result = await anyio.run_process(
        [sys.executable, "-m", "recallbench", *args], env=env, check=False
    )
    return result.returncode, result.stderr.decode("utf-8", "replace")


@pytest.mark.anyio
@pytest.mark.slow
async def test_run_builtin_rag_through_the_cli(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data, days=12, suffix="12d")
    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k}
    env.update(
        PYTHONPATH=str(ROOT),
        OPENAI_API_KEY="sk-test",
        RECALLBENCH_CACHE_DIR=str(tmp_path / "user-cache"),
    )

    def answer(request: RecordedRequest) -> Any:
        codes = re.findall(r"CODE-\d{4}", user_message(request))
        return reply(codes[0] if codes else "I do not know.", input_tokens=120, output_tokens=4)

    async with FakeProviderServer(answer) as server:
        base = [
            "run",
            "--adapter",
            "builtin:rag",
            "--adapter-model",
            f"openai:gpt-test;{server.url}/v1",
            "--data",
            str(data),
            "--arcs",
            "arcs-12d.yaml",
            "--ranges",
            "6d,12d",
            "--judge",
            "rubric",
        ]
        code, stderr = await _run_cli([*base, "--output", str(tmp_path / "a")], env)
        assert code == 0, stderr
        first = len(server.requests)
        assert first > 0 and all(r.api == "openai" for r in server.requests)
        code, stderr = await _run_cli([*base, "--output", str(tmp_path / "b")], env)
        assert code == 0, stderr
        assert len(server.requests) == first  # every call came from the model cache
        code, stderr = await _run_cli(
            [*base, "--output", str(tmp_path / "c"), "--no-judge-cache"], env
        )
        assert code == 0, stderr
        assert len(server.requests) == 2 * first
        code, stderr = await _run_cli([*base[:3], *base[5:], "--output", str(tmp_path / "d")], env)
        assert code == 2 and "needs a model" in stderr
    lines = read_question_log(tmp_path / "a" / "questions.jsonl")
    assert lines
    answered = [q for q in lines if q.get("retrieval")]
    assert answered and all(e["day"] for q in answered for e in q["retrieval"])
    assert all(q["toolCalls"][0]["tool"] == "model" for q in lines)
    result = json.loads((tmp_path / "a" / "result.json").read_text())
    assert result["retrieval"]["overall"]["recall@10"] > 0
