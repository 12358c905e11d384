"""The cookbook's summarising memory (examples/adapters/summarising_memory.py) against
FakeProviderServer, a real aiohttp server speaking the OpenAI and Anthropic HTTP APIs: one summary
per day and session, made once per process; answers from the summaries only, never from an isolated
session's; a run through the harness and through the CLI."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import anyio.to_thread
import pytest
from _cookbook import run_adapter_cli

import recallbench as rb
from recallbench.errors import ConfigError
from recallbench.testing import ScriptedJudge, containment_judge, write_persona
from recallbench.testing.providers import FakeProviderServer, RecordedRequest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "adapters" / "summarising_memory.py"
sys.path.insert(0, str(EXAMPLE.parent))

import summarising_memory  # noqa: E402


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "ak-test")
    monkeypatch.delenv("SUMMARY_MODEL", raising=False)


def prompts(request: RecordedRequest) -> tuple[str, str]:
    """(system, user) of an OpenAI or Anthropic request."""
    body = request.json or {}
    if request.api == "anthropic":
        system = body.get("system", "")
        if isinstance(system, list):
            system = " ".join(part.get("text", "") for part in system)
        return str(system), str(body["messages"][-1]["content"])
    messages = body["messages"]
    return str(messages[0]["content"]), str(messages[-1]["content"])


def fake_model(request: RecordedRequest) -> str:
    """Summaries: the log's sentences, headings dropped, prefixed 'Summary:'. Answers: the access
    code of the note naming the question's date, else the first in the notes (a model that reads
    them), else the abstention."""
    system, user = prompts(request)
    if system.startswith("You maintain"):
        lines = [line for line in user.splitlines() if line.strip() and not line.startswith("#")]
        return "Summary: " + " ".join(lines)
    notes, _, question = user.partition("Question: ")
    dates = re.findall(r"\d{4}-\d\d-\d\d", question)
    lines = [line for line in notes.splitlines() if any(d in line for d in dates)] or [notes]
    codes = re.findall(r"CODE-\d{4}|\d+k", "\n".join(lines))
    return codes[0] if codes else summarising_memory.ABSTAIN


def summary_requests(server: FakeProviderServer) -> list[str]:
    return [prompts(r)[1] for r in server.requests if prompts(r)[0].startswith("You maintain")]


@pytest.mark.anyio
@pytest.mark.parametrize("provider", ["openai", "anthropic"])
async def test_through_the_harness(tmp_path: Path, provider: str) -> None:
    write_persona(tmp_path, "tiny", days=30, sessions=("principal", "ops"))
    summarising_memory._summaries.clear()
    async with FakeProviderServer(fake_model) as server:
        spec = f"{provider}:model-x;{server.url}" + ("/v1" if provider == "openai" else "")
        result = await rb.run(
            lambda: summarising_memory.SummarisingMemory({"model": spec}),
            tmp_path,
            judge=ScriptedJudge(scorer=containment_judge),
            config=rb.RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,30d"),
        )
        summaries = summary_requests(server)
    [persona] = result.personas
    assert persona.error is None
    # Fresh lifecycle: days 1-10 are ingested twice, but each day and session is summarised once.
    assert len(summaries) == 30 * 2
    assert len(set(summaries)) == len(summaries)
    for checkpoint in persona.range_results:
        recall = [q for q in checkpoint.question_results if q.qa.category == "factual-recall"]
        assert recall and all(q.score.correctness == 3 for q in recall)
        assert checkpoint.retrieval.by_category["factual-recall"].recall_at_5 == 1.0
        negative = [q for q in checkpoint.question_results if q.qa.category == "negative-recall"]
        assert all(q.system_answer == summarising_memory.ABSTAIN for q in negative)


def meta(day: int) -> rb.DayMetadata:
    return rb.DayMetadata(
        day_number=day, date=f"2026-01-{day:02d}", persona_id="p", isolated_sessions=("hr",)
    )


@pytest.mark.anyio
async def test_answers_come_from_summaries_and_isolated_ones_stay_private() -> None:
    summarising_memory._summaries.clear()
    async with FakeProviderServer(fake_model) as server:
        memory = summarising_memory.SummarisingMemory(
            {"model": f"openai:model-x;{server.url}/v1", "top_k": 3}
        )
        await memory.setup()
        day = (
            "# session: principal\n\n### Lunch\nLunch with Sam.\n\n"
            "# session: hr\n\n### Pay\nSam's pay is 90k.\n"
        )
        await memory.ingest_day(1, day, meta(1))
        await memory.finalize_ingestion()
        assert sorted(memory.notes) == ["d0001/hr", "d0001/principal"]
        assert memory.notes["d0001/hr"][0].text == "Summary: Sam's pay is 90k."
        detail = await memory.query_detail("What is Sam's pay?")
        assert detail.answer == summarising_memory.ABSTAIN
        assert [r.path for r in detail.retrieval] == ["d0001/principal"]
        asked = prompts(server.requests[-1])[1]
        assert "[2026-01-01] Summary: Lunch with Sam." in asked and "90k" not in asked
        assert await memory.query("What is Sam's pay?", session="hr") == "90k"
        # No summary shares a word: no model call at all.
        before = len(server.requests)
        assert await memory.query("Where is Zanzibar?") == summarising_memory.ABSTAIN
        assert len(server.requests) == before
        await memory.delete_memory("day-0001")
        assert memory.notes == {}
        with pytest.raises(KeyError):
            await memory.delete_memory("day-0001")
        await memory.teardown()


def test_without_a_model_it_says_how_to_name_one() -> None:
    with pytest.raises(ConfigError, match="config key 'model' or SUMMARY_MODEL=SELECTOR"):
        summarising_memory.SummarisingMemory()
    with pytest.raises(ConfigError, match=r"unknown config keys \['topk'\]"):
        summarising_memory.SummarisingMemory({"model": "openai:x", "topk": 2})


@pytest.mark.anyio
async def test_from_the_command_line(tmp_path: Path) -> None:
    write_persona(tmp_path / "data", "tiny")
    out = tmp_path / "run" / "result.json"
    async with FakeProviderServer(fake_model) as server:
        # The CLI in a worker thread, so that this loop keeps serving the fake provider meanwhile.
        done = await anyio.to_thread.run_sync(
            lambda: run_adapter_cli(
                EXAMPLE,
                tmp_path / "data",
                out,
                "--lifecycle",
                "incremental",
                cwd=tmp_path,
                env={"SUMMARY_MODEL": f"openai:model-x;{server.url}/v1"},
            )
        )
        assert done.returncode == 0, done.stderr[-3000:]
        assert len(summary_requests(server)) == 30
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["adapterName"] == "summarising-memory"
    [persona] = result["personas"]
    assert (
        persona["rangeResults"][-1]["retrieval"]["byCategory"]["factual-recall"]["recall@5"] == 1.0
    )
