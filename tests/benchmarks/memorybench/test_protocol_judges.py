"""MemoryBench's evaluation protocols as judges: exact-match, llm-as-judge (over a real HTTP server
speaking OpenAI's API), deletion-check, and the loader from a manifest's evaluation section."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench._retry import RetryPolicy
from recallbench.benchmarks.memorybench.deletion_check import DeletionCheckJudge, leaked
from recallbench.benchmarks.memorybench.exact_match import ExactMatchJudge
from recallbench.benchmarks.memorybench.protocols import judge_from_evaluation
from recallbench.benchmarks.memorybench.typed_llm import (
    DEFAULT_INSTRUCTIONS,
    TypedLlmJudge,
    map_memorybench_score,
    parse_memorybench_output,
)
from recallbench.data.qa import QAPair
from recallbench.errors import ConfigError, JudgeError, JudgeParseError
from recallbench.judges.base import Judge, JudgeContext
from recallbench.judges.cache import cache_key
from recallbench.judges.modes import judge_mode
from recallbench.models.openai import OpenAIModel
from recallbench.results.scoring import JudgeScore
from recallbench.testing.providers import FakeProviderServer

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"  # aiohttp runs on asyncio only


def _pair(extra: Mapping[str, Any] | None = None, answer: str = "Paris") -> QAPair:
    return QAPair(
        id="case_1",
        question="Where does Alex live?",
        answer=answer,
        category="factual-recall",
        difficulty="easy",
        relevant_days=(1,),
        extra=extra or {},
    )


def _ctx(extra: Mapping[str, Any] | None = None) -> JudgeContext:
    return JudgeContext(qa=_pair(extra))


def _triple(s: JudgeScore) -> tuple[int, int, int]:
    return (s.correctness, s.completeness, s.hallucination)


# ---------------------------------------------------------------------------------------------------
# exact-match


async def test_exact_match_defaults_forgive_case_and_spacing_only() -> None:
    judge = ExactMatchJudge()
    assert isinstance(judge, Judge)
    assert judge.synchronous
    for answer in ("0°C or 32°F", "  0°c   OR 32°f\n", "0°C\tor 32°F"):
        assert _triple(await judge.score("q", "0°C or 32°F", answer, None)) == (3, 2, 1)
    # Punctuation and wording still count.
    assert _triple(await judge.score("q", "0°C or 32°F", "0°C or 32°F.", None))[0] == 0


async def test_exact_match_options() -> None:
    strict = ExactMatchJudge(case_sensitive=True, normalize_whitespace=False)
    assert _triple(await strict.score("q", "Paris", "paris", None)) == (0, 0, 0)
    assert _triple(await strict.score("q", "Paris", "Paris ", None))[0] == 0
    assert _triple(await strict.score("q", "Paris", "Paris", None)) == (3, 2, 1)
    with pytest.raises(TypeError):
        ExactMatchJudge(case_sensitive="yes")  # type: ignore[arg-type]


async def test_exact_match_hallucination_is_reference_only() -> None:
    judge = ExactMatchJudge()
    # A confident wrong answer states what the reference does not.
    assert _triple(await judge.score("q", "Paris", "London", None)) == (0, 0, 0)
    # An abstention, an empty answer and part of the reference claim nothing outside it.
    assert _triple(await judge.score("q", "Paris", "I don't know.", None)) == (0, 0, 1)
    assert _triple(await judge.score("q", "Paris", "  ", None)) == (0, 0, 1)
    assert _triple(await judge.score("q", "0°C or 32°F", "0°C", None)) == (0, 0, 1)
    mode = judge_mode(judge)
    assert mode is not None
    assert mode.mode == "reference-only"


# ---------------------------------------------------------------------------------------------------
# deletion-check


async def test_deletion_check_exact() -> None:
    judge = DeletionCheckJudge()
    ctx = _ctx({"deleted_content": "Alex lives in Paris"})
    assert _triple(await judge.score("q", "", "I have no record of that.", ctx)) == (3, 2, 1)
    assert _triple(await judge.score("q", "", "Sure: ALEX lives  in Paris.", ctx)) == (0, 0, 0)
    # Without fuzzy matching punctuation inside the text defeats the check.
    assert _triple(await judge.score("q", "", "Alex lives in: Paris", ctx)) == (3, 2, 1)
    assert judge_mode(judge) is None  # "deleted-content" is no definition the reports know


async def test_deletion_check_fuzzy_and_field_names() -> None:
    judge = DeletionCheckJudge(deleted_content_field="removed_fact", fuzzy_match=True)
    ctx = _ctx({"removedFact": ["Alex lives in Paris, near the Louvre", "blank"]})
    assert (
        _triple(await judge.score("q", "", "Alex lives in: Paris, near the Louvre!", ctx))[0] == 0
    )
    # A paraphrase keeping most content words leaks; one shared word does not.
    assert (
        _triple(await judge.score("q", "", "Paris is where Alex lives, by the Louvre", ctx))[0] == 0
    )
    assert _triple(await judge.score("q", "", "Paris? I can't say.", ctx)) == (3, 2, 1)
    # Where the MemoryBench dataset keeps it, whatever the field is called.
    kept = _ctx({"deletedContent": "Alex lives in Paris"})
    assert _triple(await judge.score("q", "", "alex lives in paris", kept)) == (0, 0, 0)


def test_fuzzy_threshold() -> None:
    deleted = "red bicycle garage Tuesday locksmith"  # five content words
    assert leaked("the red bicycle is in the garage", deleted, fuzzy=True)  # 3 of 5 = 60%
    assert not leaked("the red bicycle", deleted, fuzzy=True)  # 2 of 5
    assert not leaked("the red bicycle is in the garage", deleted, fuzzy=False)
    assert not leaked("anything", "   ", fuzzy=True)
    assert leaked("Paris is nice", "Paris", fuzzy=True)  # containment still counts


async def test_deletion_check_without_the_field_is_the_questions_error() -> None:
    judge = DeletionCheckJudge()
    with pytest.raises(
        JudgeError, match=r"case_1 has no deleted content.*'deleted_content' is missing"
    ):
        await judge.score("q", "", "anything", _ctx())
    with pytest.raises(JudgeError, match="a int"):
        await judge.score("q", "", "anything", _ctx({"deleted_content": 3}))


# ---------------------------------------------------------------------------------------------------
# llm-as-judge: the mapping


@pytest.mark.parametrize(
    ("score", "faithfulness", "expected"),
    [
        (1.0, 1.0, (3, 2, 1)),
        (0.75, 1.0, (2, 2, 1)),
        (0.5, 1.0, (2, 1, 1)),
        (0.25, 0.5, (1, 1, 1)),
        (0.1, 0.49, (0, 0, 0)),
        (0.0, 0.0, (0, 0, 0)),
        (0.9, 0.2, (3, 2, 0)),
    ],
)
def test_mapping_table(score: float, faithfulness: float, expected: tuple[int, int, int]) -> None:
    assert _triple(map_memorybench_score(score, faithfulness)) == expected


@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_mapping_is_monotone_and_bounded(a: float, b: float, f: float) -> None:
    lo, hi = sorted((a, b))
    low, high = map_memorybench_score(lo, f), map_memorybench_score(hi, f)
    assert low.correctness <= high.correctness
    assert low.completeness <= high.completeness
    assert map_memorybench_score(0.0, f).recall == 0
    assert map_memorybench_score(1.0, f).recall == 5


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan")])
def test_mapping_refuses_numbers_outside_the_unit_interval(bad: float) -> None:
    with pytest.raises(ValueError, match=r"between 0\.0 and 1\.0"):
        map_memorybench_score(bad, 1.0)


def test_parse_memorybench_output() -> None:
    s = parse_memorybench_output(
        '```json\n{"score": 0.5, "faithfulness": 1, "reasoning": "half"}\n```', "temporal"
    )
    assert _triple(s) == (2, 1, 1)
    assert s.reasoning == "score 0.5, faithfulness 1.0 [temporal]: half"
    assert _triple(parse_memorybench_output("")) == (0, 0, 1)
    with pytest.raises(JudgeParseError, match=r"'score' is not a number from 0\.0 to 1\.0: 2"):
        parse_memorybench_output('{"score": 2, "faithfulness": 1}')
    with pytest.raises(JudgeParseError, match="'faithfulness'"):
        parse_memorybench_output('{"score": 1}')
    with pytest.raises(JudgeParseError, match="JSON object"):
        parse_memorybench_output("full marks")


# ---------------------------------------------------------------------------------------------------
# llm-as-judge over a real HTTP server


FAST = RetryPolicy(attempts=2, initial_delay=0.01, max_delay=0.02)
INSTRUCTIONS = {
    "factual": "Score 1.0 if the answer contains the key fact, 0.0 otherwise.",
    "temporal": "Score 1.0 if dates/order are correct, 0.5 for partial, 0.0 for wrong.",
}


def _model(server: FakeProviderServer) -> OpenAIModel:
    return OpenAIModel(
        "gpt-test", endpoint=f"{server.url}/v1", api_key="sk-test", retry=FAST, timeout=5.0
    )


def _sent(server: FakeProviderServer, i: int) -> tuple[str, str]:
    body = server.requests[i].json
    assert body is not None
    messages = body["messages"]
    return messages[0]["content"], messages[1]["content"]


async def test_type_instructions_reach_the_prompt_and_scores_are_mapped() -> None:
    replies = [
        '{"score": 0.5, "faithfulness": 1.0, "reasoning": "order right, one date wrong"}',
        '{"score": 1.0, "faithfulness": 0.0, "reasoning": "adds a made-up street"}',
    ]
    async with FakeProviderServer(replies) as server:
        judge = TypedLlmJudge(
            _model(server), type_instructions=INSTRUCTIONS, type_field="question_type"
        )
        async with judge:
            first = await judge.score(
                "When?", "2024-03-01", "March 2024", _ctx({"questionType": "temporal"})
            )
            second = await judge.score("Where?", "Paris", "Paris, rue X", _ctx())
    assert _triple(first) == (2, 1, 1)
    assert first.reasoning == "score 0.5, faithfulness 1.0 [temporal]: order right, one date wrong"
    assert _triple(second) == (3, 2, 0)
    system, user = _sent(server, 0)
    assert "GRADING INSTRUCTIONS" in system
    assert "QUESTION TYPE: temporal" in user
    assert INSTRUCTIONS["temporal"] in user
    assert INSTRUCTIONS["factual"] not in user
    # A pair without a type gets the default instructions.
    _, user2 = _sent(server, 1)
    assert "QUESTION TYPE: (none)" in user2
    assert DEFAULT_INSTRUCTIONS in user2
    assert judge.usage.calls == 2
    mode = judge_mode(judge)
    assert mode is not None
    assert mode.mode == "reference-only"
    assert judge_mode(judge, memory_window=1) is not None


async def test_a_bad_reply_is_asked_again_once() -> None:
    async with (
        FakeProviderServer(["looks right to me", '{"score": 2, "faithfulness": 1}']) as server,
        TypedLlmJudge(_model(server), type_instructions=INSTRUCTIONS) as judge,
    ):
        with pytest.raises(JudgeParseError, match="after one retry"):
            await judge.score("q", "r", "a", _ctx({"questionType": "factual"}))
    _, retry = _sent(server, 1)
    assert "YOUR PREVIOUS REPLY (unusable):\nlooks right to me" in retry
    assert '"faithfulness"' in retry


def test_cache_identity_and_key_follow_instructions_and_type() -> None:
    from recallbench.testing import ScriptedModel

    a = TypedLlmJudge(ScriptedModel(["x"]), type_instructions=INSTRUCTIONS)
    b = TypedLlmJudge(ScriptedModel(["x"]), type_instructions={"factual": "other"})
    assert a.cache_identity != b.cache_identity
    assert json.loads(a.cache_identity)["judge"] == "llm-as-judge"
    k1 = cache_key(a.cache_identity, "q", "r", "a", _ctx({"questionType": "factual"}))
    k2 = cache_key(a.cache_identity, "q", "r", "a", _ctx({"questionType": "temporal"}))
    assert k1 != k2
    # Without a type the key is what it always was.
    assert cache_key("id", "q", "r", "a", _ctx()) == cache_key("id", "q", "r", "a", JudgeContext())


# ---------------------------------------------------------------------------------------------------
# The loader


def test_loader_builds_each_protocol(tmp_path: Path) -> None:
    (tmp_path / "type_instructions.json").write_text(json.dumps(INSTRUCTIONS), encoding="utf-8")
    exact = judge_from_evaluation({"protocol": "exact-match", "case_sensitive": True}, tmp_path)
    assert isinstance(exact, ExactMatchJudge)
    assert exact.case_sensitive
    assert exact.normalize_whitespace
    deletion = judge_from_evaluation(
        {
            "protocol": "deletion-check",
            "verification_query_field": "verify_query",
            "fuzzy_match": True,
        },
        tmp_path,
    )
    assert isinstance(deletion, DeletionCheckJudge)
    assert deletion.fuzzy_match
    assert deletion.deleted_content_field == "deleted_content"
    from recallbench.testing import ScriptedModel

    typed = judge_from_evaluation(
        {
            "protocol": "llm-as-judge",
            "type_field": "question_type",
            "type_instructions_file": "type_instructions.json",
        },
        tmp_path,
        model=ScriptedModel(["x"]),
    )
    assert isinstance(typed, TypedLlmJudge)
    assert typed.type_instructions == INSTRUCTIONS
    assert typed.type_field == "question_type"


@pytest.mark.parametrize(
    ("evaluation", "message"),
    [
        (
            {"protocol": "fuzzy"},
            'm.json: evaluation.protocol: unknown protocol "fuzzy" (expected exact-match, llm-as-judge, deletion-check)',
        ),
        ({}, "m.json: evaluation.protocol: missing"),
        (
            {"protocol": "exact-match", "case_sensitive": "no"},
            'm.json: evaluation.case_sensitive: expected true or false, got "no"',
        ),
        (
            {"protocol": "exact-match", "fuzzy_match": True},
            "m.json: evaluation.fuzzy_match: an option of deletion-check, not of exact-match",
        ),
        (
            {"protocol": "deletion-check", "threshold": 0.5},
            "m.json: evaluation.threshold: unknown option",
        ),
        (
            {"protocol": "deletion-check", "deleted_content_field": ""},
            "evaluation.deleted_content_field: expected a non-empty string",
        ),
        (
            {"protocol": "llm-as-judge"},
            "m.json: evaluation.protocol: llm-as-judge needs a judge model",
        ),
    ],
)
def test_loader_errors_are_one_line_naming_the_key(
    tmp_path: Path, evaluation: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError) as info:
        judge_from_evaluation(evaluation, tmp_path, manifest="m.json")
    text = str(info.value)
    assert "\n" not in text
    assert text.startswith(message) or message in text


def test_loader_reads_the_instructions_file_carefully(tmp_path: Path) -> None:
    from recallbench.testing import ScriptedModel

    model = ScriptedModel(["x"])
    section = {"protocol": "llm-as-judge", "type_instructions_file": "t.json"}
    with pytest.raises(
        ConfigError, match=r"evaluation.type_instructions_file: file .*t.json not found"
    ):
        judge_from_evaluation(section, tmp_path, model=model)
    (tmp_path / "t.json").write_text('{\n  "factual": "ok",\n  "temporal": \n}', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"t.json:4: not valid JSON"):
        judge_from_evaluation(section, tmp_path, model=model)
    (tmp_path / "t.json").write_text('{"factual": ["not", "text"]}', encoding="utf-8")
    with pytest.raises(ConfigError, match=r'"factual" must map to instructions'):
        judge_from_evaluation(section, tmp_path, model=model)


# ---------------------------------------------------------------------------------------------------
# In a run


def test_exact_match_judges_a_run(tiny_data: Path) -> None:
    import recallbench as rb
    from recallbench.testing import ScriptedAdapter, recall_by_date

    def code_only(question: str, adapter: ScriptedAdapter) -> str:
        # "On 2026-01-03 the access code for day 3 is CODE-0003." -> "code-0003 " (case, spacing)
        return recall_by_date(question, adapter).split()[-1].rstrip(".").lower() + " "

    result = rb.run_sync(
        ScriptedAdapter(answer=code_only),
        tiny_data,
        judge=ExactMatchJudge(),
        config=rb.RunConfig(arcs_file="arcs-30d.yaml", ranges="30d"),
    )
    scores = [
        (q.qa.category, _triple(q.score))
        for p in result.personas
        for r in p.range_results
        for q in r.question_results
    ]
    assert [s for c, s in scores if c == "factual-recall"] == [(3, 2, 1)] * 30
    assert result.metadata.judge_model == "exact-match"
    assert result.metadata.hallucination_mode == "reference-only"
