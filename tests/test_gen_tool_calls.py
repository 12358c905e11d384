"""Pass 3 (generate-tool-calls): reply parsing, the §1.6 file layout, chains and the pass."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data.dataset import load_persona_definition
from recallbench.data.persona import PersonaDefinition
from recallbench.errors import DatasetError, ModelError
from recallbench.generation.tool_calls import (
    ToolCall,
    ToolCallDay,
    ToolCallOptions,
    chains,
    format_tool_calls,
    generate_tool_calls,
    parse_tool_calls,
    read_tool_calls,
    tool_calls_file,
)
from recallbench.testing import ScriptedModel, write_persona


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def persona(tmp_path: Path) -> tuple[PersonaDefinition, Path]:
    root = tmp_path / "personas"
    pdir = write_persona(root, days=10, suffix="10d", sessions=("principal", "ops"))
    return load_persona_definition(root, "tiny", "arcs-10d.yaml"), pdir


def day_of(user_message: str) -> int:
    m = re.search(r"^Day (\d+) — ", user_message, re.MULTILINE)
    assert m is not None
    return int(m.group(1))


def calls_for(_system: str, user: str) -> str:
    """Two calls quoting the day's code: a file's calls show which day they came from."""
    day = day_of(user)
    return json.dumps(
        {
            "calls": [
                {"session": "principal", "tool": "memorySave", "content": f"Code of day {day}."},
                {"session": "ops", "tool": "memorySave", "content": f"Ops note {day}\n- item"},
            ]
        }
    )


# ---- parsing and the file format ----------------------------------------------------------------


def test_parse_keeps_memory_saves_with_session_and_content() -> None:
    reply = json.dumps(
        {
            "calls": [
                {"session": " principal ", "tool": "memorySave", "content": "  kept  "},
                {"session": "", "tool": "memorySave", "content": "no session"},
                {"session": "ops", "tool": "memorySearch", "content": "wrong tool"},
                {"session": "ops", "tool": "memorySave", "content": "   "},
                {"session": "ops", "tool": "memorySave"},
                "not an object",
            ]
        }
    )
    assert parse_tool_calls(f"```json\n{reply}\n```") == (
        ToolCall(session="principal", content="kept"),
    )


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ("nothing", "no JSON object"),
        ('{"calls": [', "no JSON object"),
        ('{"calls": [}', "not valid JSON"),
        ('{"saves": []}', 'no "calls" list'),
    ],
)
def test_unusable_replies_are_model_errors(reply: str, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        parse_tool_calls(reply)


def _record(contents: list[str]) -> ToolCallDay:
    return ToolCallDay(
        day=3,
        date="2026-01-03",
        day_of_week="Saturday",
        persona="tiny",
        calls=tuple(ToolCall(session="principal", content=c) for c in contents),
    )


def test_file_layout_matches_the_reference_with_literal_blocks(tmp_path: Path) -> None:
    text = format_tool_calls(_record(["One line.", "Two\nlines"]))
    lines = text.splitlines()
    assert all(line.startswith("# ") for line in lines[:4])
    assert lines[0] == "# 2026-01-03 — Tool calls (memorySave invocations) for tiny day 3."
    assert lines[4] == ""
    assert lines[5:14] == [
        "day: 3",
        "date: 2026-01-03",  # unquoted: a YAML date, like the reference's files
        "day_of_week: Saturday",
        "persona: tiny",
        "calls:",
        "  - session: principal",
        "    tool: memorySave",
        "    content: |-",
        "      One line.",
    ]
    assert text.count("content: |-") == 2
    path = tmp_path / "day-0003.yaml"
    path.write_text(text, "utf-8")
    assert read_tool_calls(path) == _record(["One line.", "Two\nlines"])


# Any text a UTF-8 file can hold but NUL, which no data file may (refused where data is read,
# issue 34.8): no lone surrogates.
@given(
    st.lists(
        st.text(
            alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
            min_size=1,
        ).filter(str.strip),
        min_size=1,
        max_size=4,
    )
)
def test_any_content_round_trips(contents: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "day-0003.yaml"
        path.write_text(format_tool_calls(_record(contents)), "utf-8")
        assert read_tool_calls(path) == _record(contents)


def test_a_file_that_is_not_a_tool_call_day_is_a_dataset_error(tmp_path: Path) -> None:
    path = tmp_path / "day-0001.yaml"
    path.write_text("day: 1\n", "utf-8")
    with pytest.raises(DatasetError, match=r"day-0001.yaml: not a tool-call day"):
        read_tool_calls(path)


@pytest.mark.reference
def test_reads_and_rewrites_the_reference_files(reference_data: Path, tmp_path: Path) -> None:
    tools = reference_data / "personas" / "executive-assistant" / "tools-180d"
    for day in (1, 2, 90, 180):
        original = read_tool_calls(tools / f"day-{day:04d}.yaml")
        assert original.day == day and original.persona == "executive-assistant"
        assert all(c.tool == "memorySave" for c in original.calls)
        ours = tmp_path / f"day-{day:04d}.yaml"
        ours.write_text(format_tool_calls(original), "utf-8")
        assert read_tool_calls(ours) == original
        # The same skeleton as the reference's: header comments, then the same keys and indents.
        theirs = (tools / f"day-{day:04d}.yaml").read_text("utf-8").splitlines()
        mine = ours.read_text("utf-8").splitlines()
        assert mine[4:12] == theirs[4:12]


@given(st.lists(st.integers(1, 2000), unique=True).map(sorted), st.integers(1, 12))
def test_chains_split_days_into_contiguous_balanced_runs(days: list[int], count: int) -> None:
    runs = chains(days, count)
    assert [d for run in runs for d in run] == days
    assert len(runs) == min(count, len(days))
    assert all(runs)
    if runs:
        sizes = [len(r) for r in runs]
        assert max(sizes) - min(sizes) <= 1


# ---- the pass -----------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_each_prompt_carries_the_previous_days_calls(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    model = ScriptedModel(calls_for, input_tokens=50, output_tokens=20)
    out = pdir / "tools-10d"
    result = await generate_tool_calls(
        model,
        definition,
        pdir / "memories-10d",
        out,
        options=ToolCallOptions(parallelism=1),
    )
    assert result.written == tuple(range(1, 11))
    by_day = {day_of(c.user_message): c.user_message for c in model.calls}
    assert "previous day's tool calls" not in by_day[1]
    for day in range(2, 11):
        assert tool_calls_file(out, day - 1).read_text("utf-8").strip() in by_day[day]
    # Persona, sessions with their kinds, the date, the log; the reference's temperature.
    assert "Day 3 — 2026-01-03 (Saturday)" in by_day[3]
    assert "- ops (group)" in by_day[3] and "- principal (1to1)" in by_day[3]
    assert "CODE-0003" in by_day[3]
    assert {c.temperature for c in model.calls} == {0.3}
    record = read_tool_calls(tool_calls_file(out, 4))
    assert record.day_of_week == "Sunday"
    assert [c.session for c in record.calls] == ["principal", "ops"]
    assert result.to_json()["totalInputTokens"] == 500


@pytest.mark.anyio
async def test_parallel_chains_give_the_same_prompts_whatever_the_timing(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    out = pdir / "tools-10d"
    (out).mkdir()
    seed = format_tool_calls(_record(["Seeded day five."]))
    tool_calls_file(out, 5).write_text(seed, "utf-8")
    model = ScriptedModel(calls_for, delay=0.001)
    result = await generate_tool_calls(
        model, definition, pdir / "memories-10d", out, options=ToolCallOptions(parallelism=3)
    )
    assert result.existing == (5,)
    assert result.written == (1, 2, 3, 4, 6, 7, 8, 9, 10)
    by_day = {day_of(c.user_message): c.user_message for c in model.calls}
    assert 5 not in by_day  # kept: no model call
    # Chains of the nine days to do: (1, 2, 3), (4, 6, 7), (8, 9, 10). A chain's first day sees
    # its previous day's file only if it was on disk when the pass began (never a race); inside a
    # chain each day sees what the chain just wrote, or a kept file.
    heads = {1, 4, 8}
    for day in heads:
        assert "previous day's" not in by_day[day]
    assert "Code of day 1." in by_day[2] and "Code of day 2." in by_day[3]
    assert "Seeded day five." in by_day[6]  # kept, read from disk
    assert "Code of day 6." in by_day[7]
    assert "Code of day 8." in by_day[9] and "Code of day 9." in by_day[10]


@pytest.mark.anyio
async def test_a_failed_or_empty_day_leaves_no_file_and_breaks_only_its_link(
    persona: tuple[PersonaDefinition, Path], caplog: pytest.LogCaptureFixture
) -> None:
    definition, pdir = persona

    def reply(system: str, user: str) -> str | Exception:
        day = day_of(user)
        if day == 3:
            return RuntimeError("agent hung")
        if day == 4:
            return json.dumps(
                {"calls": [{"session": "ops", "tool": "memorySearch", "content": "x"}]}
            )
        return calls_for(system, user)

    caplog.set_level(logging.INFO, logger="recallbench")
    model = ScriptedModel(reply)
    out = pdir / "tools-10d"
    result = await generate_tool_calls(
        model, definition, pdir / "memories-10d", out, options=ToolCallOptions(parallelism=1)
    )
    assert result.failed_days == (3, 4)
    assert "no usable memorySave call" in result.failed[1].reason
    assert not tool_calls_file(out, 3).exists() and not tool_calls_file(out, 4).exists()
    assert "[tool-calls] day=3 skipped: RuntimeError: agent hung" in caplog.text
    by_day = {day_of(c.user_message): c.user_message for c in model.calls}
    assert "previous day's" not in by_day[5]  # day 4 failed: no previous calls to show
    assert "Code of day 5." in by_day[6]

    rerun = ScriptedModel(calls_for)
    again = await generate_tool_calls(rerun, definition, pdir / "memories-10d", out)
    assert again.written == (3, 4)
    assert len(again.existing) == 8
    assert sorted(day_of(c.user_message) for c in rerun.calls) == [3, 4]
