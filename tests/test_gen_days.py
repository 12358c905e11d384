"""Pass 1 in the library: prompts, files, history and arc summaries, resume, failures, parallelism."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import anyio
import pytest
from _genfakes import ARCS, MEMORIES, PLANNED_DAYS, write_entry, write_gen_persona
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data.corpus import split_sessions
from recallbench.data.dataset import load_persona_definition
from recallbench.data.persona import PersonaDefinition
from recallbench.generation.day_prompts import assemble_day, clean_body
from recallbench.generation.days import (
    PARTIAL_DIR,
    DayProgress,
    GenerateOptions,
    GenerateResult,
    generate_days,
)
from recallbench.generation.history import StoryMemory, first_sentence, sections
from recallbench.models.base import Completion
from recallbench.testing import ScriptedModel


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def persona(root: Path) -> tuple[PersonaDefinition, Path]:
    pdir = write_gen_persona(root)
    return load_persona_definition(root, "gen-test", ARCS), pdir / MEMORIES


def writer(**knobs: Any) -> ScriptedModel:
    return ScriptedModel(replies=write_entry, input_tokens=100, output_tokens=40, **knobs)


def prompt_for(model: ScriptedModel, date: str, session: str) -> str:
    [user] = [
        c.user_message
        for c in model.calls
        if f"session `{session}` for" in c.user_message and f", {date}." in c.user_message
    ]
    return user


def files(directory: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(directory.glob("day-*.md"))}


async def run(
    model: Any, definition: PersonaDefinition, memories: Path, **kw: Any
) -> tuple[GenerateResult, list[DayProgress]]:
    events: list[DayProgress] = []
    options = kw.pop("options", GenerateOptions())
    result = await generate_days(
        model, definition, memories, options=options, on_day=events.append, **kw
    )
    return result, events


@pytest.mark.anyio
async def test_a_run_writes_every_planned_day(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)
    model = writer()
    result, events = await run(model, definition, memories)
    assert result.written == PLANNED_DAYS
    assert result.filler == (17, 18)
    assert result.failed == ()
    assert sorted(files(memories)) == [f"day-{d:04d}.md" for d in PLANNED_DAYS]
    assert len(model.calls) == 25  # one per active session per day
    json = result.to_json()
    assert (json["daysGenerated"], json["modelCalls"], json["totalInputTokens"]) == (19, 25, 2500)
    assert json["skippedDays"] == []
    assert [e.progress_line() for e in events][:2] == [
        "Generated day 1/21 (1 unique)",
        "Generated day 2/21 (2 unique)",
    ]
    assert events[-1].progress_line() == "Generated day 21/21 (19 unique)"
    day3 = (memories / "day-0003.md").read_text(encoding="utf-8")
    assert day3.startswith("---\ntype: daily\n---\n\n# session: principal\n\n### Atlas Platform")
    assert day3.endswith("Nothing urgent.\n") and not day3.endswith("\n\n")
    assert list(split_sessions(day3)) == ["principal", "eng-team"]
    assert not (memories / PARTIAL_DIR).exists()


@pytest.mark.anyio
async def test_prompts_carry_the_plan_the_history_and_the_story_so_far(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)
    model = writer()
    await run(model, definition, memories)
    # Day 3 (Wed 2026-01-07): atlas directive day, budget still believed wrong.
    day3 = prompt_for(model, "2026-01-07", "principal")
    assert day3.startswith("Write the log of session `principal` for Wednesday, 2026-01-07.")
    assert "Density: busy" in day3
    assert "### Atlas Platform (arc project-atlas, project)\nPhase: mid — day 3 of 14" in day3
    assert "### Q1 Budget (arc correction-budget, correction)\nPhase: mid — day 2 of 11" in day3
    assert "## Must happen today\n- [project-atlas] Atlas kickoff demo" in day3
    assert 'You believe: "The Q1 budget is 40k"' in day3
    # The story so far: the arcs' earlier sections, from every session of the arc.
    assert (
        "- 2026-01-05 (eng-team): Atlas Platform — update — On 2026-01-05 I moved Atlas "
        "Platform forward in eng-team." in day3
    )
    assert "- 2026-01-06 (principal): Q1 Budget — update" in day3
    # Recent entries: the last three principal bodies, as read back from the day files.
    history = day3.split("## Your recent entries in this session\n", 1)[1]
    assert history.count("[") == 2  # days 1 and 2 only, so far
    assert "[Monday, 2026-01-05]\n### Atlas Platform — update" in history
    day1_body = split_sessions((memories / "day-0001.md").read_text(encoding="utf-8"))["principal"]
    assert day1_body in history
    # The same day's echo in the engineering room.
    echo = prompt_for(model, "2026-01-07", "eng-team")
    assert "## Threads from other sessions that touch this one today" in echo
    assert "unfolds in session principal" in echo
    assert "Fourth line." not in echo  # echoes show three lines of the description
    # Correction day, then after it.
    fix = prompt_for(model, "2026-01-12", "principal")
    assert "Density: dense" in fix
    assert 'Today you learn you were wrong: "The Q1 budget is 40k" is not so' in fix
    after = prompt_for(model, "2026-01-13", "principal")
    assert 'You now know: "The Q1 budget is 55k"' in after
    # A later prompt keeps only the window of three.
    day10 = prompt_for(model, "2026-01-14", "principal")
    assert day10.split("## Your recent entries")[1].count("\n[") == 3
    # A gap-filling day is a routine day with history and no threads.
    filler = prompt_for(model, "2026-01-21", "principal")
    assert "## A routine day between story threads" in filler
    assert "## The story so far" not in filler
    assert "Density: quiet" in filler
    # The isolated room's system prompt says so.
    [room] = [c for c in model.calls if "session `people-room`" in c.user_message][:1]
    assert "# Focus session: people-room" in room.system_prompt
    assert "ISOLATED" in room.system_prompt
    assert "Sensitive topics: salaries" in room.system_prompt
    assert {c.temperature for c in model.calls} == {0.7}
    assert {c.max_tokens for c in model.calls} == {2000}


@pytest.mark.anyio
async def test_resume_from_disk_sends_the_same_prompts(tmp_path: Path) -> None:
    full_def, full_dir = persona(tmp_path / "a")
    full = writer()
    await run(full, full_def, full_dir)

    part_def, part_dir = persona(tmp_path / "b")
    first, second = writer(), writer()
    await run(first, part_def, part_dir, end=9)
    result, _ = await run(second, part_def, part_dir, start=10)
    assert result.written == tuple(d for d in PLANNED_DAYS if d >= 10)
    assert [c.user_message for c in first.calls + second.calls] == [
        c.user_message for c in full.calls
    ]
    assert files(part_dir) == files(full_dir)


@pytest.mark.anyio
async def test_existing_days_are_kept_and_feed_the_history(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)
    full = writer()
    await run(full, definition, memories)
    for d in (5, 6, 7):
        (memories / f"day-{d:04d}.md").unlink()
    again = writer()
    result, events = await run(again, definition, memories)
    assert result.written == (5, 6, 7)
    assert len(result.kept) == len(PLANNED_DAYS) - 3
    redone = [c.user_message for c in again.calls]
    dates = (", 2026-01-09.", ", 2026-01-10.", ", 2026-01-11.")  # days 5, 6 and 7
    assert redone == [c.user_message for c in full.calls if any(d in c.user_message for d in dates)]
    assert events[0].progress_line() == "Generated day 5/21 (17 unique)"
    nothing = writer()
    result, _ = await run(nothing, definition, memories)
    assert nothing.calls == [] and result.written == ()


@pytest.mark.anyio
async def test_overwrite_regenerates(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)
    await run(writer(), definition, memories, end=3)
    model = writer()
    result, _ = await run(
        model, definition, memories, end=3, options=GenerateOptions(overwrite=True)
    )
    assert result.written == (1, 2, 3) and result.kept == ()
    assert len(model.calls) == 5


@pytest.mark.anyio
async def test_a_failing_session_skips_its_day_and_the_run_goes_on(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)

    def flaky(system: str, user: str) -> Any:
        if "session `eng-team`" in user and ", 2026-01-07." in user:
            return RuntimeError("agent crashed")
        return write_entry(system, user)

    model = ScriptedModel(replies=flaky)
    result, events = await run(model, definition, memories)
    [failure] = result.failed
    assert (failure.day, failure.sessions, failure.arcs) == (3, ("eng-team",), ("project-atlas",))
    assert failure.log_line() == (
        "[generator] arc=project-atlas day=3 skipped: session eng-team: RuntimeError: agent crashed"
    )
    assert result.to_json()["skippedDays"] == [3]
    assert result.usage.failed_calls == 1
    assert result.written == tuple(d for d in PLANNED_DAYS if d != 3)
    assert [e.status for e in events if e.day == 3] == ["failed"]
    assert not (memories / "day-0003.md").exists()
    # The principal's entry of day 3 waits in .partial; day 4's history does not include day 3.
    assert (memories / PARTIAL_DIR / "day-0003" / "principal.md").is_file()
    day4 = prompt_for(model, "2026-01-08", "principal")
    assert "[Wednesday, 2026-01-07]" not in day4

    retry = writer()
    result, _ = await run(retry, definition, memories, start=3, end=3)
    assert result.written == (3,) and result.reused_sessions == 1
    assert [c.user_message.split("\n")[0] for c in retry.calls] == [
        "Write the log of session `eng-team` for Wednesday, 2026-01-07."
    ]
    assert not (memories / PARTIAL_DIR).exists()


@pytest.mark.anyio
async def test_an_empty_entry_fails_and_a_stale_cache_is_ignored(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)
    model = ScriptedModel(replies=lambda s, u: "" if "eng-team" in u else write_entry(s, u))
    result, _ = await run(model, definition, memories, end=1)
    assert "the model's entry was empty" in result.failed[0].reason
    # A body cached for another prompt (the persona or the history changed since) is not used.
    pending = memories / PARTIAL_DIR / "day-0002"
    pending.mkdir(parents=True)
    (pending / "principal.md").write_text(
        "<!-- prompt-sha256: " + "0" * 64 + " -->\nstale", encoding="utf-8"
    )
    retry = writer()
    result, _ = await run(retry, definition, memories, start=2, end=2)
    assert result.reused_sessions == 0 and len(retry.calls) == 1
    assert "stale" not in (memories / "day-0002.md").read_text(encoding="utf-8")


@pytest.mark.anyio
async def test_a_timeout_is_a_skipped_day(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)
    model = ScriptedModel(replies="### x\ny.", delay=30)
    result, _ = await run(model, definition, memories, end=1, options=GenerateOptions(timeout=0.05))
    assert [f.day for f in result.failed] == [1]
    assert "timed out after 0.05 s" in result.failed[0].reason


@pytest.mark.anyio
@pytest.mark.parametrize(("parallelism", "expected"), [(1, 1), (4, 2)])
async def test_sessions_of_a_day_run_in_parallel(
    tmp_path: Path, parallelism: int, expected: int
) -> None:
    definition, memories = persona(tmp_path)
    running = 0
    peak = 0

    class Tracking:
        async def complete(self, system: str, user: str, **_: Any) -> Completion:
            nonlocal running, peak
            running += 1
            peak = max(peak, running)
            await anyio.sleep(0.02)
            running -= 1
            return Completion(text=write_entry(system, user))

    await run(
        Tracking(), definition, memories, end=3, options=GenerateOptions(parallelism=parallelism)
    )
    assert peak == expected  # day 1 and day 3 have two sessions each


@pytest.mark.anyio
async def test_stale_temporary_files_are_removed(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)
    memories.mkdir(parents=True)
    stale = memories / ".day-0001.md.abc123.tmp"
    stale.write_text("half a da", encoding="utf-8")
    await run(writer(), definition, memories, end=1)
    assert not stale.exists()


def test_story_memory_from_disk_matches_the_running_one(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)
    anyio.run(generate_days, writer(), definition, memories)
    arcs = definition.story.arcs
    running = StoryMemory(arcs, epoch=definition.epoch, window=2, summary_limit=3)
    for name, text in files(memories).items():
        running.absorb(int(name[4:8]), text)
    rebuilt = StoryMemory(arcs, epoch=definition.epoch, window=2, summary_limit=3)
    rebuilt.absorb_files(memories, before=100)
    for session in ("principal", "eng-team", "people-room"):
        assert rebuilt.recent(session) == running.recent(session)
        assert len(rebuilt.recent(session)) == 2
    summary = rebuilt.summary("project-atlas")
    assert len(summary) == 4  # the first entry, "… n more …" and the latest two
    assert summary[0].startswith("- 2026-01-05 (principal): Atlas Platform — update")
    assert summary[1].startswith("- … ") and "more entries" in summary[1]
    with pytest.raises(ValueError, match="days go in order"):
        rebuilt.absorb(3, "")


def test_sections_and_gists() -> None:
    body = "### One\n- First point. Second.\n\n### Two ##\nNo period here"
    assert sections(body) == [("One", "- First point. Second."), ("Two", "No period here")]
    assert first_sentence("- First point. Second.") == "First point."
    assert first_sentence("x" * 500).endswith("…")


def test_clean_body_drops_what_would_break_a_day_log() -> None:
    reply = "```markdown\n---\ntype: daily\n---\n# session: principal\n# Big title\n### Topic\nText.\n```"
    assert clean_body(reply) == "### Big title\n### Topic\nText."
    assert clean_body("   ") == ""


bodies = st.lists(
    st.text(
        st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")) | st.just("\n"), max_size=60
    ),
    min_size=1,
    max_size=4,
)


@given(bodies)
def test_cleaned_bodies_read_back_unchanged(raw: list[str]) -> None:
    cleaned = [(f"s{i}", clean_body(b)) for i, b in enumerate(raw)]
    kept = [(s, b) for s, b in cleaned if b]
    text = assemble_day(kept)
    assert split_sessions(text) == dict(kept)
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_a_partial_dir_left_after_success_is_only_for_other_days(tmp_path: Path) -> None:
    definition, memories = persona(tmp_path)
    other = memories / PARTIAL_DIR / "day-0009"
    other.mkdir(parents=True)
    (other / "principal.md").write_text("x", encoding="utf-8")
    anyio.run(functools.partial(run, writer(), definition, memories, end=2))
    assert other.is_dir()  # another day's pending work is left alone
