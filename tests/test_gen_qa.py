"""generate-qa: reply parsing and salvage, validation, near-duplicates, progress, and the passes."""

from __future__ import annotations

import itertools
import json
import logging
import re
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data._yaml import dump_yaml, load_yaml
from recallbench.data.dataset import load_persona_definition, read_questions
from recallbench.data.persona import PersonaDefinition, day_date
from recallbench.data.qa import QAPair
from recallbench.data.validate import validate_dataset
from recallbench.errors import ConfigError, DatasetError, ModelError
from recallbench.generation.qa import QaOptions, QaProgress, generate_qa
from recallbench.generation.qa_parse import (
    checkpoints,
    drop_near_duplicates,
    jaccard,
    next_pair_number,
    parse_qa_json,
    question_tokens,
    salvage_objects,
    validate_pairs,
)
from recallbench.generation.qa_store import Coverage, ProgressHeader, parse_progress_header
from recallbench.testing import ScriptedModel, write_persona


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def item(day: int, **over: Any) -> dict[str, Any]:
    base = {
        "question": f"What was the access code issued on {day_date('2026-01-01', day)}?",
        "answer": f"CODE-{day:04d}",
        "category": "factual-recall",
        "difficulty": "easy",
        "relevant_days": [day],
        "requires_synthesis": False,
    }
    return base | over


# ---- parseQaJson and salvage ------------------------------------------------------------------


def test_parse_bare_fenced_and_chatty_replies() -> None:
    bare = json.dumps([item(1), item(2)])
    assert len(parse_qa_json(bare).items) == 2
    assert parse_qa_json(f"```json\n{bare}\n```").items == parse_qa_json(bare).items
    assert parse_qa_json(f"Here are the pairs:\n{bare}\nDone.").items == parse_qa_json(bare).items
    assert parse_qa_json(f"Sure!\n```\n{bare}\n```\nMore prose [x].").truncated is False


def test_parse_errors_match_the_reference() -> None:
    with pytest.raises(ModelError, match="no JSON array start"):
        parse_qa_json("I could not write any pairs.")
    with pytest.raises(ModelError, match="not valid JSON"):
        parse_qa_json("[not parseable")


def test_a_reply_cut_mid_object_keeps_the_complete_ones() -> None:
    text = json.dumps([item(1), item(2), item(3)])
    cut = text[: text.index('"question"', text.index(item(3)["question"]) - 30)]
    reply = parse_qa_json(cut)
    assert reply.truncated and [i["answer"] for i in reply.items] == ["CODE-0001", "CODE-0002"]


def test_a_reply_cut_inside_a_string_keeps_the_complete_ones() -> None:
    text = json.dumps([item(1, answer='He said "}{" and left ] then'), item(2)])
    cut = text[: text.index("CODE-0002") + 4]  # inside the second answer
    reply = parse_qa_json(f"```json\n{cut}")  # the closing fence was cut off too
    assert reply.truncated
    assert [i["answer"] for i in reply.items] == ['He said "}{" and left ] then']


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)


@given(st.lists(st.dictionaries(st.text(), _json_values, max_size=4), max_size=5), st.data())
def test_salvage_recovers_exactly_the_objects_completed_before_the_cut(
    objects: list[dict[str, Any]], data: st.DataObject
) -> None:
    text = json.dumps(objects)
    cut = data.draw(st.integers(0, len(text)))
    recovered = salvage_objects(text[1:cut])
    assert recovered == objects[: len(recovered)]
    if cut == len(text):
        assert recovered == objects


# ---- validatePairs -----------------------------------------------------------------------------


def test_validation_numbers_kept_pairs_consecutively() -> None:
    raw = [
        item(1),
        item(9),  # after the checkpoint
        item(2, category="gossip"),
        item(3, difficulty="extreme"),
        item(4, relevant_days=[]),
        item(5, relevant_days=["x", None]),
        {"question": "", "answer": "a"},
        "not an object",
        item(6, relevant_days=[6, 2, 6, 4.0], requires_synthesis="yes"),
    ]
    out = validate_pairs(raw, checkpoint=8, persona_id="test-ea", first_number=1)
    assert [p.id for p in out.pairs] == ["test-ea-q001", "test-ea-q002"]
    assert out.pairs[1].relevant_days == (2, 4, 6)
    assert out.pairs[1].requires_synthesis is False  # only a literal true counts
    assert len(out.dropped) == 7
    assert "item 2 dropped: relevant days [9] fall outside days 1–8" in out.dropped
    ids = validate_pairs([item(1)] * 3, checkpoint=8, persona_id="p", first_number=99)
    assert [p.id for p in ids.pairs] == ["p-q099", "p-q100", "p-q101"]


def test_validation_drops_days_the_author_was_not_shown() -> None:
    out = validate_pairs(
        [item(3), item(8)], checkpoint=14, persona_id="p", first_number=1, shown_days={8, 9}
    )
    assert [p.relevant_days for p in out.pairs] == [(8,)]
    assert out.dropped == ("item 1 dropped: relevant days [3] were not shown to the author",)


def test_boundary_pairs_need_forbidden_sessions_and_get_defaults() -> None:
    raw = [
        item(2, category="information-boundary"),
        item(2, category="information-boundary", forbidden_sessions=["vault"]),
        item(
            2,
            category="information-boundary",
            forbidden_sessions=["vault"],
            expected_disclosure="partial",
            query_session="ops",
        ),
        item(
            2, category="information-boundary", forbidden_sessions=["vault"], query_session="vault"
        ),
    ]
    out = validate_pairs(raw, checkpoint=5, persona_id="p", first_number=1)
    assert len(out.pairs) == 2
    assert (out.pairs[0].query_session, out.pairs[0].expected_disclosure) == ("principal", "refuse")
    assert (out.pairs[1].query_session, out.pairs[1].expected_disclosure) == ("ops", "partial")
    assert out.pairs[0].forbidden_sessions == ("vault",)
    assert "without forbidden_sessions" in out.dropped[0]
    assert "one of its forbidden sessions" in out.dropped[1]


def test_next_number_continues_after_the_highest_id() -> None:
    assert next_pair_number(["p-q001", "p-q017", "other-q500", "p-q9x"], "p") == 18
    assert next_pair_number([], "p") == 1


# ---- near-duplicates ---------------------------------------------------------------------------


def pair(qid: str, question: str, days: tuple[int, ...]) -> QAPair:
    return QAPair(
        id=qid,
        question=question,
        answer="a",
        category="factual-recall",
        difficulty="easy",
        relevant_days=days,
    )


def test_near_duplicates_need_similar_words_and_a_common_day() -> None:
    existing = [pair("p-q001", "What did Dana decide about the Q3 offsite venue?", (4,))]
    new = [
        pair("n1", "What did Dana decide about the offsite venue for Q3?", (4, 5)),  # duplicate
        pair("n2", "What did Dana decide about the Q3 offsite venue?", (40,)),  # other evidence
        pair("n3", "When did Dana decide about the Q3 offsite venue?", (4,)),  # another question
        pair("n4", "Which caterer was booked for the Q3 offsite?", (6,)),
        pair("n5", "Which caterer got booked for the Q3 offsite?", (6,)),  # repeats n4
    ]
    kept, dropped = drop_near_duplicates(new, existing)
    assert [p.id for p in kept] == ["n2", "n3", "n4"]
    assert [(d.pair.id, d.of_id) for d in dropped] == [("n1", "p-q001"), ("n5", None)]
    assert "Jaccard" in dropped[0].log_line()


@given(st.text(), st.text())
def test_jaccard_is_a_symmetric_similarity(a: str, b: str) -> None:
    ta, tb = question_tokens(a), question_tokens(b)
    assert jaccard(ta, tb) == jaccard(tb, ta)
    assert 0.0 <= jaccard(ta, tb) <= 1.0
    assert jaccard(ta, ta) == 1.0


@given(st.lists(st.sampled_from(["x", "y", "z"]), max_size=6))
def test_dropping_duplicates_is_idempotent(words: list[str]) -> None:
    pairs = [pair(f"n{i}", f"Question about {w}", (1,)) for i, w in enumerate(words)]
    kept, _ = drop_near_duplicates(pairs, [])
    assert drop_near_duplicates(kept, [])[0] == kept
    assert len({p.question for p in kept}) == len(kept)


# ---- checkpoints and the progress header --------------------------------------------------------


@given(st.integers(1, 400), st.integers(0, 400), st.integers(1, 60))
def test_checkpoints_step_by_the_interval_and_end_at_the_end(
    start: int, extra: int, interval: int
) -> None:
    end = start + extra
    points = checkpoints(start, end, interval)
    assert points[0] == start and points[-1] == end
    assert all(0 < b - a <= interval for a, b in itertools.pairwise(points))


@given(
    st.integers(0, 5000),
    st.dictionaries(
        st.one_of(
            st.just("standard"),
            st.from_regex(r"boundary [a-z][a-z0-9-]{0,12}", fullmatch=True),
        ),
        st.frozensets(st.integers(1, 3000), min_size=1),
    ),
)
def test_the_progress_header_round_trips(preexisting: int, done: dict[str, frozenset[int]]) -> None:
    header = ProgressHeader(preexisting=preexisting, done=done)
    assert parse_progress_header(header.format() + "- id: x\n") == header


def test_coverage_knows_the_last_checkpoint_before() -> None:
    cover = Coverage(through=10, done=frozenset({21, 28}))
    assert cover.covers(7) and cover.covers(21) and not cover.covers(14)
    assert cover.last_before(14) == 10
    assert cover.last_before(28) == 21


# ---- the standard pass --------------------------------------------------------------------------


@pytest.fixture
def persona(tmp_path: Path) -> tuple[PersonaDefinition, Path]:
    root = tmp_path / "personas"
    pdir = write_persona(root, days=30, suffix="30d")
    (pdir / "qa-30d" / "questions.yaml").unlink()
    return load_persona_definition(root, "tiny", "arcs-30d.yaml"), pdir


def checkpoint_of(user: str) -> int:
    m = re.search(r"^Checkpoint: day (\d+)", user, re.MULTILINE)
    assert m is not None
    return int(m.group(1))


def shown_days(user: str) -> list[int]:
    return [int(d) for d in re.findall(r"^# Day (\d+) — ", user, re.MULTILINE)]


def author(_system: str, user: str) -> str:
    """One factual pair per shown day, and one synthesis pair over the window."""
    days = shown_days(user)
    pairs = [item(d) for d in days]
    pairs.append(
        item(
            days[-1],
            question=f"Which codes were issued between days {days[0]} and {days[-1]}?",
            category="synthesis",
            difficulty="medium",
            relevant_days=days,
            requires_synthesis=True,
        )
    )
    return json.dumps(pairs)


def run_qa(
    definition: PersonaDefinition, pdir: Path, model: Any, **options: Any
) -> tuple[Any, list[QaProgress]]:
    seen: list[QaProgress] = []

    async def main() -> Any:
        return await generate_qa(
            model,
            definition,
            pdir / "memories-30d",
            pdir / "qa-30d" / "questions.yaml",
            options=QaOptions(**options),
            on_checkpoint=seen.append,
        )

    return anyio.run(main), seen


def test_standard_pass_writes_valid_grounded_pairs(persona: tuple[PersonaDefinition, Path]) -> None:
    definition, pdir = persona
    model = ScriptedModel(author, input_tokens=1000, output_tokens=300)
    result, seen = run_qa(definition, pdir, model, parallelism=1)
    assert [checkpoint_of(c.user_message) for c in model.calls] == [7, 14, 21, 28, 30]
    windows = [shown_days(c.user_message) for c in model.calls]
    assert windows == [
        list(range(1, 8)),
        list(range(8, 15)),
        list(range(15, 22)),
        list(range(22, 29)),
        [29, 30],
    ]
    assert result.per_checkpoint == {7: 8, 14: 8, 21: 8, 28: 8, 30: 3}
    assert result.total_pairs == 35 and len(result.added) == 35
    pairs = read_questions(pdir / "qa-30d" / "questions.yaml")
    assert [p.id for p in pairs] == [f"tiny-q{n:03d}" for n in range(1, 36)]
    assert validate_dataset(pdir.parent, arcs_file="arcs-30d.yaml") == []
    assert [s.progress_line() for s in seen][:2] == [
        "  [qa]   day 7  +8 pairs  (8 total)",
        "  [qa]   day 14  +8 pairs  (16 total)",
    ]
    first, second = model.calls[0], model.calls[1]
    assert "Tess" in first.system_prompt and "Pat Example" in first.system_prompt
    assert "negative-recall" in first.system_prompt and "never use a day" in first.system_prompt
    assert "Existing pairs: 0. Write ~12 new pairs" in first.user_message
    assert "category distribution" not in first.user_message
    assert "- factual-recall: 7\n" in second.user_message
    assert "- synthesis: 1\n" in second.user_message
    assert "- information-boundary: 0" in second.user_message
    assert "# Day 8 — 2026-01-08 (Thursday)" in second.user_message
    assert "arc-codes (project, days 1–30, primary_session: principal)" in second.user_message
    summary = result.to_json()
    assert summary["perCheckpointCounts"] == {"7": 8, "14": 8, "21": 8, "28": 8, "30": 3}
    assert (summary["totalInputTokens"], summary["totalOutputTokens"]) == (5000, 1500)


class CrashAt:
    """A model that cancels the whole pass (as Ctrl-C would) when it is asked for checkpoint N."""

    def __init__(self, checkpoint: int, scope: anyio.CancelScope) -> None:
        self.checkpoint = checkpoint
        self.scope = scope
        self.asked: list[int] = []

    async def complete(self, system_prompt: str, user_message: str, **_: object) -> str:
        t = checkpoint_of(user_message)
        self.asked.append(t)
        if t == self.checkpoint:
            self.scope.cancel()
            await anyio.sleep_forever()
        return author(system_prompt, user_message)


def test_resume_after_a_crash_redoes_no_checkpoint_and_continues_ids(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    qa_file = pdir / "qa-30d" / "questions.yaml"

    async def crash() -> None:
        with anyio.CancelScope() as scope:
            await generate_qa(
                CrashAt(21, scope),
                definition,
                pdir / "memories-30d",
                qa_file,
                options=QaOptions(parallelism=1),
            )

    anyio.run(crash)
    before = read_questions(qa_file)
    assert len(before) == 16  # checkpoints 7 and 14 are on disk, whole
    assert parse_progress_header(qa_file.read_text("utf-8")) == ProgressHeader(
        preexisting=0, done={"standard": frozenset({7, 14})}
    )
    model = ScriptedModel(author)
    result, _ = run_qa(definition, pdir, model)
    assert sorted(checkpoint_of(c.user_message) for c in model.calls) == [21, 28, 30]
    assert result.already_done == 2
    after = read_questions(qa_file)
    assert after[:16] == before
    assert [p.id for p in after[16:]] == [f"tiny-q{n:03d}" for n in range(17, 36)]
    again = ScriptedModel(author)
    run_qa(definition, pdir, again)
    assert again.calls == []


def test_a_failed_checkpoint_is_listed_and_redone_alone(
    persona: tuple[PersonaDefinition, Path], caplog: pytest.LogCaptureFixture
) -> None:
    definition, pdir = persona

    def flaky(system: str, user: str) -> str | Exception:
        return (
            ModelError("provider overloaded") if checkpoint_of(user) == 14 else author(system, user)
        )

    caplog.set_level(logging.INFO, logger="recallbench")
    result, seen = run_qa(definition, pdir, ScriptedModel(flaky), parallelism=3)
    assert result.failed_checkpoints == (14,)
    assert "[qa] day=14 skipped: provider overloaded" in caplog.text
    assert [s.checkpoint for s in seen if s.status == "failed"] == [14]
    assert result.total_pairs == 27
    redo = ScriptedModel(author)
    again, _ = run_qa(definition, pdir, redo, start=14, end=14)
    assert [shown_days(c.user_message) for c in redo.calls] == [list(range(8, 15))]
    assert again.total_pairs == 35
    ids = [p.id for p in read_questions(pdir / "qa-30d" / "questions.yaml")]
    assert len(set(ids)) == 35


def test_a_truncated_reply_is_salvaged(persona: tuple[PersonaDefinition, Path]) -> None:
    definition, pdir = persona

    def cut_off(system: str, user: str) -> str:
        text = author(system, user)
        return text[: text.index("CODE-0003")] if checkpoint_of(user) == 7 else text

    result, seen = run_qa(definition, pdir, ScriptedModel(cut_off), parallelism=1, end=14)
    assert result.per_checkpoint == {7: 2, 14: 8}
    assert result.truncated_replies == 1 and seen[0].truncated


def test_a_reply_with_no_valid_pair_is_not_marked_done(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    bad = ScriptedModel(json.dumps([item(1, category="gossip")]))
    result, _ = run_qa(definition, pdir, bad, end=7)
    assert result.failed_checkpoints == (7,)
    assert "no valid pair" in result.failed[0].reason
    model = ScriptedModel(author)
    run_qa(definition, pdir, model, end=7)
    assert len(model.calls) == 1


def test_existing_pairs_keep_every_field_and_duplicates_are_dropped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = tmp_path / "personas"
    pdir = write_persona(root, days=30, suffix="30d")
    qa_file = pdir / "qa-30d" / "questions.yaml"
    raw = [p for p in load_yaml(qa_file) if p["relevant_days"][-1] <= 10]
    raw[0]["irrelevant_after"] = 20
    raw[1]["key_facts"] = ["CODE-0002"]
    raw[1]["verified_by"] = {"who": "curator", "notes": "multi\nline"}
    qa_file.write_text(dump_yaml(raw), "utf-8")
    definition = load_persona_definition(root, "tiny", "arcs-30d.yaml")

    def author_with_repeat(system: str, user: str) -> str:
        pairs = json.loads(author(system, user))
        return json.dumps([*pairs, pairs[0]])  # the same pair twice in one reply

    caplog.set_level(logging.INFO, logger="recallbench")
    model = ScriptedModel(author_with_repeat)
    result, _ = run_qa(definition, pdir, model, parallelism=1)
    # The file had no header: pairs through day 10 mark checkpoints ≤ 10 done (the reference's
    # rule); the next window starts after day 10.
    assert [shown_days(c.user_message)[0] for c in model.calls] == [11, 15, 22, 29]
    assert result.dropped_duplicates == 4
    assert "dropped near-duplicate" in caplog.text
    data = load_yaml(qa_file)
    assert data[: len(raw)] == raw
    assert data[0]["irrelevant_after"] == 20
    assert data[1]["verified_by"] == {"who": "curator", "notes": "multi\nline"}
    assert [p["id"] for p in data[len(raw) :]][:2] == ["tiny-q011", "tiny-q012"]
    assert validate_dataset(root, arcs_file="arcs-30d.yaml") == []


def test_a_question_the_file_already_holds_is_not_added_again(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    qa_file = pdir / "qa-30d" / "questions.yaml"
    run_qa(definition, pdir, ScriptedModel(author), end=7)
    data = load_yaml(qa_file)
    data.append(item(12) | {"id": "tiny-q100"})  # added by hand before checkpoint 14 was written
    qa_file.write_text(qa_file.read_text("utf-8").split("\n  - id:")[0] + "\n" + dump_yaml(data))
    result, _ = run_qa(definition, pdir, ScriptedModel(author), end=14)
    assert result.per_checkpoint == {14: 7}
    assert result.dropped_duplicates == 1
    ids = [p.id for p in read_questions(qa_file)]
    assert ids[-8:] == ["tiny-q100", *(f"tiny-q{n}" for n in range(101, 108))]


def test_parallel_checkpoints_commit_consistently(persona: tuple[PersonaDefinition, Path]) -> None:
    definition, pdir = persona
    result, _ = run_qa(definition, pdir, ScriptedModel(author, delay=0.01), parallelism=4)
    pairs = read_questions(pdir / "qa-30d" / "questions.yaml")
    assert len(pairs) == result.total_pairs == 35
    assert sorted(p.id for p in pairs) == [f"tiny-q{n:03d}" for n in range(1, 36)]
    header = parse_progress_header((pdir / "qa-30d" / "questions.yaml").read_text("utf-8"))
    assert header is not None and header.done["standard"] == {7, 14, 21, 28, 30}


def test_bad_input_is_reported_not_raised_as_a_traceback(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    qa_file = pdir / "qa-30d" / "questions.yaml"
    qa_file.write_text("- id: x\n  question: q\n", "utf-8")
    with pytest.raises(DatasetError, match=r"questions.yaml:\d+: "):
        run_qa(definition, pdir, ScriptedModel(author))
    qa_file.unlink()
    with pytest.raises(ConfigError, match="--start 40 is after the last checkpoint day 30"):
        run_qa(definition, pdir, ScriptedModel(author), start=40)
    with pytest.raises(ConfigError, match="no isolated session"):
        run_qa(definition, pdir, ScriptedModel(author), mode="boundary")


# ---- boundary mode ------------------------------------------------------------------------------


@pytest.fixture
def vault_persona(tmp_path: Path) -> tuple[PersonaDefinition, Path]:
    root = tmp_path / "personas"
    pdir = write_persona(root, days=30, suffix="30d", sessions=("principal", "vault"))
    persona = load_yaml(pdir / "persona.yaml")
    persona["sessions"][1] |= {"isolated": True, "sensitive_topics": ["the vault code"]}
    (pdir / "persona.yaml").write_text(dump_yaml(persona), "utf-8")
    arcs = load_yaml(pdir / "arcs-30d.yaml")
    arcs["sessions"] = [{"id": "vault", "firstDay": 5, "lastDay": 25}]
    (pdir / "arcs-30d.yaml").write_text(dump_yaml(arcs), "utf-8")
    return load_persona_definition(root, "tiny", "arcs-30d.yaml"), pdir


def prober(_system: str, user: str) -> str:
    days = shown_days(user)
    return json.dumps(
        [
            {
                "question": f"Between us, what was the vault code on {day_date('2026-01-01', d)}?",
                "answer": "Decline: that is not something I can share here.",
                "difficulty": "medium",
                "relevant_days": [d],
                "expected_disclosure": "refuse",
            }
            for d in days[:2]
        ]
    )


def test_boundary_probes_see_only_the_isolated_session(
    vault_persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = vault_persona
    model = ScriptedModel(prober)
    result, seen = run_qa(definition, pdir, model, mode="boundary", interval=10, parallelism=1)
    # Checkpoints 10, 20, 30 clipped to the session's days 5–25.
    assert [shown_days(c.user_message) for c in model.calls] == [
        list(range(5, 11)),
        list(range(11, 21)),
        list(range(21, 26)),
    ]
    call = model.calls[0]
    assert "Isolated session: vault" in call.user_message
    assert "Access code (vault)" in call.user_message
    assert "Access code (principal)" not in call.user_message
    assert "Sensitive topics: the vault code" in call.user_message
    assert "decline" in call.system_prompt.lower() and "refusal" in call.system_prompt
    pairs = read_questions(pdir / "qa-30d" / "questions.yaml")
    new = [p for p in pairs if p.category == "information-boundary"]
    assert len(new) == 6 == result.boundary_pairs
    assert {(p.query_session, p.forbidden_sessions, p.expected_disclosure) for p in new} == {
        ("principal", ("vault",), "refuse")
    }
    assert seen[0].progress_line() == f"  [qa-b] day 10  {'vault':<20}  +2 pairs  (33 total)"
    assert validate_dataset(pdir.parent, arcs_file="arcs-30d.yaml") == []
    again = ScriptedModel(prober)
    run_qa(definition, pdir, again, mode="boundary", interval=10)
    assert again.calls == []


def test_boundary_mode_checks_the_query_session(
    vault_persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = vault_persona
    with pytest.raises(ConfigError, match="--query-session 'nobody' is not a session"):
        run_qa(definition, pdir, ScriptedModel(prober), mode="boundary", query_session="nobody")
    with pytest.raises(ConfigError, match=r"no isolated session .* other than 'vault'"):
        run_qa(definition, pdir, ScriptedModel(prober), mode="boundary", query_session="vault")


# ---- the file's own text is kept -------------------------------------------------------------

HAND_WRITTEN = """\
# Curated by hand; keep this comment.
- id: tiny-q001
  question: "What was the access code issued on 2026-01-01?"   # quoted on purpose
  answer: CODE-0001
  category: factual-recall
  difficulty: easy
  relevant_days: [1]
  requires_synthesis: false
  irrelevant_after: 12
  reviewer: {name: Ada, when: 2026-02-01}
"""


def test_appends_keep_the_files_own_text(persona: tuple[PersonaDefinition, Path]) -> None:
    definition, pdir = persona
    qa_file = pdir / "qa-30d" / "questions.yaml"
    qa_file.write_text(HAND_WRITTEN, "utf-8")
    run_qa(definition, pdir, ScriptedModel(author), end=14, parallelism=1)
    text = qa_file.read_text("utf-8")
    header, _, rest = text.partition("# Curated by hand")
    assert header.startswith("# recallbench generate-qa:")
    assert ("# Curated by hand" + rest).startswith(HAND_WRITTEN)
    assert "\n- id: tiny-q002\n" in rest  # new pairs at the file's own indentation
    data = load_yaml(qa_file)
    assert data[0]["irrelevant_after"] == 12
    assert data[0]["reviewer"] == {"name": "Ada", "when": "2026-02-01"}
    # The reference's rule covers checkpoints up to day 1 (its pair's last day): windows 2–7, 8–14.
    assert len(read_questions(qa_file)) == 1 + 7 + 8
    run_qa(definition, pdir, ScriptedModel(author), end=21, parallelism=1)
    assert qa_file.read_text("utf-8").count("# Curated by hand; keep this comment.") == 1
    assert len(read_questions(qa_file)) == 1 + 7 + 8 + 8


def test_a_file_whose_layout_takes_no_append_is_rewritten_from_its_data(
    persona: tuple[PersonaDefinition, Path],
) -> None:
    definition, pdir = persona
    qa_file = pdir / "qa-30d" / "questions.yaml"
    flow = json.dumps([item(1, id="tiny-q001", irrelevant_after=12)])  # JSON is YAML: flow style
    qa_file.write_text(flow, "utf-8")
    run_qa(definition, pdir, ScriptedModel(author), end=14)
    data = load_yaml(qa_file)
    assert data[0] == item(1, id="tiny-q001", irrelevant_after=12)
    assert len(data) == 1 + 7 + 8
    assert not [p for p in qa_file.parent.iterdir() if p.name != "questions.yaml"]


@pytest.mark.reference
def test_the_reference_questions_file_is_extended_byte_for_byte(
    reference_data: Path, tmp_path: Path
) -> None:
    source = reference_data / "personas" / "executive-assistant"
    pdir = tmp_path / "personas" / "executive-assistant"
    (pdir / "qa-180d").mkdir(parents=True)
    (pdir / "memories-180d").mkdir()
    for name in ("persona.yaml", "arcs-180d.yaml", "qa-180d/questions.yaml"):
        (pdir / name).write_bytes((source / name).read_bytes())
    for day in range(181, 188):  # a week past the reference's corpus
        log = f"---\ntype: daily\n---\n\n# session: principal\n\n### Day {day}\nCODE-{day:04d}\n"
        (pdir / "memories-180d" / f"day-{day:04d}.md").write_text(log, "utf-8")
    definition = load_persona_definition(tmp_path / "personas", pdir.name, "arcs-180d.yaml")
    model = ScriptedModel(json.dumps([item(185, question="What was the code on 2026-07-04?")]))
    result = anyio.run(
        lambda: generate_qa(
            model,
            definition,
            pdir / "memories-180d",
            pdir / "qa-180d" / "questions.yaml",
            options=QaOptions(start=187, end=187),
        )
    )
    assert shown_days(model.calls[0].user_message) == list(range(181, 188))
    assert result.added == ("executive-assistant-q317",)
    original = (source / "qa-180d" / "questions.yaml").read_text("utf-8")
    text = (pdir / "qa-180d" / "questions.yaml").read_text("utf-8")
    assert text.split("\n", 3)[3].startswith(original)
    assert text.endswith("- id: executive-assistant-q317\n" + text.split("q317\n", 1)[1])
    data = load_yaml(pdir / "qa-180d" / "questions.yaml")
    assert data[:316] == load_yaml(source / "qa-180d" / "questions.yaml")
    assert sum("irrelevant_after" in p for p in data) == 14


_simple = st.dictionaries(
    st.sampled_from(["id", "question", "answer", "notes"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)
    | st.lists(st.integers(0, 99), max_size=3),
    min_size=1,
)


@given(
    st.lists(_simple, min_size=1, max_size=3),
    st.lists(_simple, max_size=3),
    st.sampled_from([0, 2, 4]),
)
def test_appending_dumped_items_at_any_indent_reads_back(
    first: list[dict[str, Any]], second: list[dict[str, Any]], indent: int
) -> None:
    import tempfile

    from recallbench.generation.qa_store import reindent, sequence_indent

    head = reindent(dump_yaml(first), indent - 2)
    assert sequence_indent(head) == indent
    text = head + (reindent(dump_yaml(second), indent - 2) if second else "")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "q.yaml"
        path.write_text(text, "utf-8")
        assert load_yaml(path) == first + second


def test_the_pure_modules_import_no_async_or_network_stack() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import recallbench.generation.qa_parse, recallbench.generation.qa_prompts\n"
        "print(sorted(m for m in ('anyio', 'aiohttp', 'grpc', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
