"""Pass 2 (generate-conversations): reply parsing, file formats, and the pass over a persona."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import anyio
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data.dataset import load_persona_definition
from recallbench.data.persona import PersonaDefinition
from recallbench.errors import ModelError
from recallbench.generation.conversations import (
    ConversationOptions,
    ConversationTurn,
    conversation_file,
    format_conversation,
    generate_conversations,
    parse_conversation,
    parse_conversation_markdown,
)
from recallbench.generation.daylogs import DayPassProgress, log_date
from recallbench.models.cli_agent import CliAgentModel
from recallbench.testing import ScriptedModel, day_code, write_persona
from recallbench.testing.agents import fake_agent_command


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def turns_json(n: int, text: str = "hello") -> str:
    return json.dumps(
        [
            {"role": "user" if i % 2 == 0 else "assistant", "content": f"{text} {i}"}
            for i in range(n)
        ]
    )


def code_of(user_message: str) -> str:
    m = re.search(r"CODE-\d{4}", user_message)
    assert m is not None, "every prompt carries its day's log"
    return m.group(0)


def echo_code(_system: str, user: str) -> str:
    """A conversation about the day's access code: checkable against the log."""
    code = code_of(user)
    return turns_json(4, f"The code is {code}.")


@pytest.fixture
def persona(tmp_path: Path) -> tuple[PersonaDefinition, Path]:
    root = tmp_path / "personas"
    pdir = write_persona(root, days=10, suffix="10d")
    return load_persona_definition(root, "tiny", "arcs-10d.yaml"), pdir


# ---- parsing ----------------------------------------------------------------------------------


def test_parse_bare_fenced_and_prose_wrapped_replies() -> None:
    bare = turns_json(4)
    assert len(parse_conversation(bare)) == 4
    assert parse_conversation(f"```json\n{bare}\n```") == parse_conversation(bare)
    assert parse_conversation(f"Here you go:\n{bare}\nHope it helps.") == parse_conversation(bare)


def test_parse_keeps_only_user_and_assistant_turns_trimmed() -> None:
    items = json.loads(turns_json(4))
    items.insert(1, {"role": "system", "content": "ignored"})
    items.insert(2, {"role": "user", "content": "   "})
    items[0]["content"] = "  padded  "
    turns = parse_conversation(json.dumps(items))
    assert [t.role for t in turns] == ["user", "assistant", "user", "assistant"]
    assert turns[0].content == "padded"


@pytest.mark.parametrize("n", [0, 2, 3, 13, 20])
def test_a_turn_count_outside_4_to_12_is_an_error_not_a_fallback(n: int) -> None:
    with pytest.raises(ModelError, match=rf"has {n} user/assistant turns; expected 4–12"):
        parse_conversation(turns_json(n))


@pytest.mark.parametrize("n", [4, 7, 12])
def test_turn_counts_inside_the_range_parse(n: int) -> None:
    assert len(parse_conversation(turns_json(n))) == n


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ("no json here", "no JSON array"),
        ("[not parseable", "no JSON array"),
        ('[{"role": "user", "content": "x"},]', "not valid JSON"),
    ],
)
def test_unusable_replies_are_model_errors(reply: str, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        parse_conversation(reply)


def test_markdown_layout_is_the_references() -> None:
    turns = (
        ConversationTurn(role="user", content="Hi"),
        ConversationTurn(role="assistant", content="Hello\n\nTwo paragraphs."),
    )
    assert format_conversation(turns, "markdown") == (
        "**User**:\n\nHi\n\n**Assistant**:\n\nHello\n\nTwo paragraphs.\n"
    )


_content = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r"), min_size=1
).filter(lambda s: s.strip() == s and "**User**:" not in s and "**Assistant**:" not in s)
_turns = st.lists(
    st.builds(ConversationTurn, role=st.sampled_from(["user", "assistant"]), content=_content),
    min_size=1,
    max_size=12,
)


@given(_turns)
def test_markdown_round_trips(turns: list[ConversationTurn]) -> None:
    assert parse_conversation_markdown(format_conversation(turns, "markdown")) == tuple(turns)


@given(_turns.filter(lambda t: 4 <= len(t) <= 12))
def test_json_files_round_trip_through_the_reply_parser(turns: list[ConversationTurn]) -> None:
    assert parse_conversation(format_conversation(turns, "json")) == tuple(turns)


def test_log_date_prefers_front_matter_then_epoch() -> None:
    assert log_date("---\ntype: daily\ndate: 2024-03-30\n---\n# x", "2026-01-01", 5) == "2024-03-30"
    assert log_date("---\ntype: daily\n---\n# x", "2026-01-01", 5) == "2026-01-05"
    assert log_date("# x", None, 5) is None


# ---- the pass -----------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_every_day_gets_a_conversation_grounded_in_its_log(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    model = ScriptedModel(echo_code, input_tokens=100, output_tokens=40)
    out = pdir / "conversations-10d"
    seen: list[DayPassProgress] = []
    result = await generate_conversations(
        model,
        definition.persona,
        pdir / "memories-10d",
        out,
        epoch=definition.epoch,
        on_day=seen.append,
    )
    assert result.written == tuple(range(1, 11))
    assert sorted(p.day for p in seen) == list(range(1, 11))
    assert {p.status for p in seen} == {"written"}
    for day in range(1, 11):
        turns = parse_conversation_markdown(conversation_file(out, day).read_text("utf-8"))
        assert len(turns) == 4
        assert all(day_code(day) in t.content for t in turns)
    # The prompt carries the persona, the date and the log.
    call = next(c for c in model.calls if "CODE-0003" in c.user_message)
    assert "Tess" in call.system_prompt and "Pat Example" in call.user_message
    assert "Day 3 (2026-01-03, Saturday)" in call.user_message
    assert "type: daily" not in call.user_message  # front matter stripped
    assert {c.temperature for c in model.calls} == {0.7}
    assert {c.max_tokens for c in model.calls} == {4000}
    summary = result.to_json("conversationsGenerated")
    assert summary["conversationsGenerated"] == 10
    assert summary["modelCalls"] == 10
    assert summary["totalInputTokens"] == 1000
    assert summary["totalOutputTokens"] == 400


@pytest.mark.anyio
async def test_existing_files_are_skipped_before_any_model_call(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    out = pdir / "conversations-10d"
    out.mkdir()
    kept = "**User**:\n\nkept\n"
    for day in (3, 7):
        conversation_file(out, day).write_text(kept, "utf-8")
    model = ScriptedModel(echo_code)
    result = await generate_conversations(
        model, definition.persona, pdir / "memories-10d", out, epoch=definition.epoch
    )
    assert result.existing == (3, 7)
    assert len(model.calls) == 8
    assert not any(code_of(c.user_message) in {"CODE-0003", "CODE-0007"} for c in model.calls)
    assert conversation_file(out, 3).read_text("utf-8") == kept

    again = ScriptedModel(echo_code)
    await generate_conversations(
        again,
        definition.persona,
        pdir / "memories-10d",
        out,
        epoch=definition.epoch,
        options=ConversationOptions(overwrite=True),
        start=3,
        end=3,
    )
    assert len(again.calls) == 1
    assert "CODE-0003" in conversation_file(out, 3).read_text("utf-8")


@pytest.mark.anyio
async def test_a_failing_day_is_listed_and_leaves_no_file(
    persona: tuple[PersonaDefinition, Path], caplog: pytest.LogCaptureFixture
) -> None:
    definition, pdir = persona

    def reply(system: str, user: str) -> str | Exception:
        code = code_of(user)
        if code == "CODE-0005":
            return RuntimeError("agent crashed")
        if code == "CODE-0006":
            return turns_json(2)  # the reference would have written a fallback greeting here
        return echo_code(system, user)

    out = pdir / "conversations-10d"
    seen: list[DayPassProgress] = []
    caplog.set_level(logging.INFO, logger="recallbench")
    result = await generate_conversations(
        ScriptedModel(reply),
        definition.persona,
        pdir / "memories-10d",
        out,
        epoch=definition.epoch,
        on_day=seen.append,
    )
    assert result.failed_days == (5, 6)
    assert "agent crashed" in result.failed[0].reason
    assert "expected 4–12" in result.failed[1].reason
    assert not conversation_file(out, 5).exists() and not conversation_file(out, 6).exists()
    assert len(result.written) == 8
    assert result.usage.failed_calls == 1  # the model failed once; day 6 was a bad reply
    assert "[conversations] day=5 skipped: RuntimeError: agent crashed" in caplog.text
    assert sorted(p.day for p in seen if p.status == "failed") == [5, 6]
    assert result.to_json()["failedDays"] == [5, 6]


@pytest.mark.anyio
async def test_days_run_in_parallel_within_the_bound(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    in_flight = peak = 0

    class Counting:
        async def complete(self, system_prompt: str, user_message: str, **_: object) -> str:
            nonlocal in_flight, peak
            in_flight += 1
            peak = max(peak, in_flight)
            await anyio.sleep(0.01)
            in_flight -= 1
            return echo_code(system_prompt, user_message)

    result = await generate_conversations(
        Counting(),
        definition.persona,
        pdir / "memories-10d",
        pdir / "out",
        epoch=definition.epoch,
        options=ConversationOptions(parallelism=3),
    )
    assert len(result.written) == 10
    assert peak == 3


@pytest.mark.anyio
async def test_a_call_over_its_timeout_fails_that_day(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    result = await generate_conversations(
        ScriptedModel(echo_code, delay=30),
        definition.persona,
        pdir / "memories-10d",
        pdir / "out",
        epoch=definition.epoch,
        start=1,
        end=2,
        options=ConversationOptions(timeout=0.05),
    )
    assert result.failed_days == (1, 2)
    assert all("timed out" in f.reason for f in result.failed)
    assert not (pdir / "out").exists() or not any((pdir / "out").iterdir())


@pytest.mark.anyio
async def test_json_format_and_missing_logs(persona: tuple[PersonaDefinition, Path]) -> None:
    definition, pdir = persona
    (pdir / "memories-10d" / "day-0004.md").unlink()
    out = pdir / "conv-json"
    result = await generate_conversations(
        ScriptedModel(echo_code),
        definition.persona,
        pdir / "memories-10d",
        out,
        epoch=definition.epoch,
        start=2,
        end=5,
        options=ConversationOptions(format="json"),
    )
    assert result.missing_logs == (4,)
    assert result.written == (2, 3, 5)
    data = json.loads(conversation_file(out, 5, "json").read_text("utf-8"))
    assert data[0] == {"role": "user", "content": "The code is CODE-0005. 0"}
    assert sorted(p.name for p in out.iterdir()) == [
        "conv-0002.json",
        "conv-0003.json",
        "conv-0005.json",
    ]


@pytest.mark.anyio
async def test_with_the_fake_cli_agent(persona: tuple[PersonaDefinition, Path]) -> None:
    definition, pdir = persona
    record = pdir / "agent.jsonl"
    agent = CliAgentModel(
        "claude",
        command=fake_agent_command("--reply", turns_json(6), "--record", str(record)),
    )
    out = pdir / "conversations-10d"
    result = await generate_conversations(
        agent,
        definition.persona,
        pdir / "memories-10d",
        out,
        epoch=definition.epoch,
        start=1,
        end=3,
        options=ConversationOptions(parallelism=2),
    )
    assert result.written == (1, 2, 3)
    assert len(parse_conversation_markdown(conversation_file(out, 2).read_text("utf-8"))) == 6
    prompts = [json.loads(line)["stdin"] for line in record.read_text("utf-8").splitlines()]
    assert sorted(code_of(p) for p in prompts) == ["CODE-0001", "CODE-0002", "CODE-0003"]
    assert result.usage.calls == 3 and result.usage.input_tokens == 0


@pytest.mark.anyio
async def test_an_unreadable_log_fails_its_day_and_stale_temp_files_go(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    (pdir / "memories-10d" / "day-0003.md").write_bytes(b"caf\xe9\n")
    out = pdir / "conversations-10d"
    out.mkdir()
    stale = out / ".conv-0002.md.k3j2.tmp"  # left by a run killed with SIGKILL mid-write
    stale.write_text("half a conv", "utf-8")
    result = await generate_conversations(
        ScriptedModel(echo_code),
        definition.persona,
        pdir / "memories-10d",
        out,
        epoch=definition.epoch,
        end=4,
    )
    assert result.failed_days == (3,)
    assert "day-0003.md:1: not UTF-8 text" in result.failed[0].reason
    assert result.written == (1, 2, 4)
    assert not stale.exists()
