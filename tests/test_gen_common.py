"""The generation passes' one model call: its deadline, the model's own timeouts, token totals."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from recallbench.errors import ModelError, ModelTimeout
from recallbench.generation._common import GenerationUsage, call_model, strip_fences
from recallbench.models.base import Completion
from recallbench.testing import ScriptedModel

pytestmark = pytest.mark.anyio


async def test_our_deadline_names_itself() -> None:
    usage = GenerationUsage()
    with pytest.raises(ModelTimeout, match=r"timed out after 0\.05 s"):
        await call_model(
            ScriptedModel("late", delay=5),
            "s",
            "u",
            temperature=None,
            max_tokens=None,
            timeout=0.05,
            usage=usage,
        )
    assert (usage.calls, usage.failed_calls) == (0, 1)


async def test_the_models_own_timeout_keeps_its_message() -> None:
    agent = ScriptedModel(ModelTimeout("claude: no reply within 3 s; process group killed"))
    with pytest.raises(ModelTimeout, match="process group killed"):
        await call_model(agent, "s", "u", temperature=None, max_tokens=None, timeout=60)
    user = ScriptedModel(TimeoutError("socket read"))
    with pytest.raises(ModelTimeout, match="TimeoutError: socket read"):
        await call_model(user, "s", "u", temperature=None, max_tokens=None, timeout=60)


async def test_any_failure_is_a_model_error_and_tokens_add_up() -> None:
    usage = GenerationUsage()
    with pytest.raises(ModelError, match="RuntimeError: boom"):
        await call_model(
            ScriptedModel(RuntimeError("boom")),
            "s",
            "u",
            temperature=None,
            max_tokens=None,
            timeout=None,
            usage=usage,
        )
    reply = Completion(text="ok", input_tokens=7, output_tokens=3)
    for _ in range(2):
        await call_model(
            ScriptedModel(reply),
            "s",
            "u",
            temperature=0.3,
            max_tokens=9,
            timeout=None,
            usage=usage,
        )
    assert usage.to_json() == {
        "modelCalls": 2,
        "failedCalls": 1,
        "totalInputTokens": 14,
        "totalOutputTokens": 6,
    }


@pytest.mark.parametrize(
    ("reply", "body"),
    [("```yaml\na: 1\n```", "a: 1"), ("a: 1", "a: 1"), ("  ```\n[1]\n```  ", "[1]")],
)
def test_strip_fences(reply: str, body: str) -> None:
    assert strip_fences(reply) == body


def test_a_second_corpus_gets_its_own_outputs(tmp_path: Path) -> None:
    from recallbench.cli._generation import sibling_dir

    def args(**given: str | None) -> argparse.Namespace:
        return argparse.Namespace(persona=tmp_path, arcs="arcs-180d.yaml", **given)

    derived = args(memories_dir=None)
    assert sibling_dir(derived, "memories") == tmp_path / "memories-180d"
    assert sibling_dir(derived, "tools") == tmp_path / "tools-180d"
    second = args(memories_dir="memories-v2")
    assert sibling_dir(second, "memories") == tmp_path / "memories-v2"
    assert sibling_dir(second, "tools") == tmp_path / "tools-v2"
    assert sibling_dir(second, "qa") == tmp_path / "qa-v2"
    assert sibling_dir(second, "qa", "/elsewhere/qa") == Path("/elsewhere/qa")
    other = args(memories_dir=str(tmp_path / "days"))
    assert sibling_dir(other, "conversations") == tmp_path / "conversations-days"


def test_text_summaries_print_records_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    from recallbench.cli._generation import print_summary

    summary = {"daysGenerated": 3, "failures": [{"day": 30, "reason": "timed out"}], "skipped": []}
    print_summary(summary, argparse.Namespace(json=False))
    assert capsys.readouterr().out.splitlines() == [
        "daysGenerated: 3",
        'failures: {"day": 30, "reason": "timed out"}',
        "skipped: none",
    ]


async def test_an_http_provider_keeps_its_own_clock_and_retries_a_slow_attempt() -> None:
    from recallbench._retry import RetryPolicy
    from recallbench.models.openai import OpenAIModel
    from recallbench.testing.providers import FakeProviderServer, slow

    # The first attempt hangs past the timeout; the retry answers at once.
    async with FakeProviderServer([slow(5.0), "a day's log"]) as server:
        retry = RetryPolicy(attempts=3, initial_delay=0.01, max_delay=0.05)
        async with OpenAIModel("m", endpoint=f"{server.url}/v1", timeout=0.3, retry=retry) as model:
            usage = GenerationUsage()
            reply = await call_model(
                model, "s", "u", temperature=None, max_tokens=None, timeout=0.3, usage=usage
            )
        assert reply.text == "a day's log"
        assert len(server.requests) == 2
        assert (usage.calls, usage.failed_calls) == (1, 0)
