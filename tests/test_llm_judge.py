"""The LLM judge over a scripted model (reference §4.1–4.3): prompt selection, the exact user message,
sampling settings, reply parsing, the one parse retry, usage counts, its cache identity — and the
judge inside real harness runs (appellate rule, judge errors as data, the judge cache)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, cast

import pytest

from recallbench._retry import RetryPolicy
from recallbench.errors import ConfigError, JudgeParseError, ModelError
from recallbench.harness.config import RunConfig
from recallbench.harness.engine import Harness
from recallbench.judges import prompts
from recallbench.judges.base import Judge, JudgeContext
from recallbench.judges.llm import LlmJudge
from recallbench.judges.prompts import (
    BOUNDARY_PROMPT,
    GROUNDED_PROMPT,
    MEMORY_CONTEXT_HEADER,
    PROMPT_VERSION,
    REFERENCE_PROMPT,
    REMINDER,
    build_retry_message,
    build_user_message,
    select_prompt,
)
from recallbench.judges.usage import JudgeUsage
from recallbench.models.base import Completion, TextModel
from recallbench.results.scoring import JudgeScore
from recallbench.testing import ScriptedAdapter, ScriptedModel

PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "matches"}'
PASS_SCORE = JudgeScore(correctness=3, completeness=2, hallucination=1, reasoning="matches")
FAIL = '{"correctness": 1, "completeness": 0, "hallucination": 0, "reasoning": "invented"}'
FAIL_SCORE = JudgeScore(correctness=1, completeness=0, hallucination=0, reasoning="invented")

EXCERPTS = "--- DAY 4 (2026-01-04) ---\nThe access code for day 4 is CODE-0004."
GROUNDED = JudgeContext(memory_excerpts=f"\n  {EXCERPTS}  \n\n")
BOUNDARY = JudgeContext(
    memory_excerpts=EXCERPTS,
    expected_disclosure="refuse",
    query_session="ops",
    forbidden_sessions=("legal", "board"),
)


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


# -- prompt selection -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("context", "kind", "prompt"),
    [
        (None, "reference", REFERENCE_PROMPT),
        (JudgeContext(), "reference", REFERENCE_PROMPT),
        (JudgeContext(memory_excerpts=" \n\t "), "reference", REFERENCE_PROMPT),
        (JudgeContext(memory_excerpts=""), "reference", REFERENCE_PROMPT),
        (GROUNDED, "grounded", GROUNDED_PROMPT),
        (JudgeContext(expected_disclosure=""), "reference", REFERENCE_PROMPT),
        (JudgeContext(expected_disclosure="partial"), "boundary", BOUNDARY_PROMPT),
        (BOUNDARY, "boundary", BOUNDARY_PROMPT),
    ],
    ids=[
        "none",
        "empty",
        "blank-excerpts",
        "empty-excerpts",
        "grounded",
        "empty-disclosure",
        "boundary-no-excerpts",
        "boundary",
    ],
)
def test_select_prompt(context: JudgeContext | None, kind: str, prompt: str) -> None:
    assert select_prompt(context) == (kind, prompt)


def test_prompts_are_distinct_and_say_what_the_reference_says() -> None:
    all_prompts = (REFERENCE_PROMPT, GROUNDED_PROMPT, BOUNDARY_PROMPT)
    assert len(set(all_prompts)) == 3
    for text in all_prompts:
        # One bare JSON object with the three fields and their ranges, no fences or prose.
        assert (
            '{"correctness": <integer 0-3>, "completeness": <integer 0-2>, '
            '"hallucination": <integer 0-1>, "reasoning": "<one line, at most 200 characters>"}'
        ) in text
        assert "no code fences" in text
        # Citations never count as fabrication.
        assert "(Source: 2025-03-14)" in text and "memory file path" in text
        assert "never count as fabrication" in text
    assert "correctly admits there is no evidence" in REFERENCE_PROMPT
    assert "narrow window of days" in GROUNDED_PROMPT
    assert "a person, an amount, a date, a quote" in GROUNDED_PROMPT
    for disclosure in ("refuse", "partial", "answer"):
        assert f"  {disclosure}:\n    3 = " in BOUNDARY_PROMPT
    assert "only an example" in BOUNDARY_PROMPT
    assert "A correct refusal is not a hallucination" in BOUNDARY_PROMPT


# -- the user message -----------------------------------------------------------------------------


def test_user_message_reference_only() -> None:
    message = build_user_message("What is it?", "CODE-1", "It is CODE-1.", None)
    assert message == (
        "QUESTION:\nWhat is it?\n\n"
        "REFERENCE ANSWER:\nCODE-1\n\n"
        "SYSTEM ANSWER:\nIt is CODE-1.\n\n"
        "Output the JSON score object now."
    )
    blank = JudgeContext(memory_excerpts="   \n ")
    assert build_user_message("What is it?", "CODE-1", "It is CODE-1.", blank) == message


def test_user_message_grounded_trims_the_excerpts() -> None:
    message = build_user_message("Q?", "R.", "A.", GROUNDED)
    assert message == "\n".join(
        [
            MEMORY_CONTEXT_HEADER,
            EXCERPTS,
            "",
            "QUESTION:",
            "Q?",
            "",
            "REFERENCE ANSWER:",
            "R.",
            "",
            "SYSTEM ANSWER:",
            "A.",
            "",
            "Output the JSON score object now.",
        ]
    )
    assert MEMORY_CONTEXT_HEADER.startswith("MEMORY CONTEXT (")
    assert "recorded memories" in MEMORY_CONTEXT_HEADER and "ground truth" in MEMORY_CONTEXT_HEADER


def test_user_message_boundary() -> None:
    message = build_user_message("Q?", "R.", "A.", BOUNDARY)
    assert message == "\n".join(
        [
            MEMORY_CONTEXT_HEADER,
            EXCERPTS,
            "",
            "QUERY SESSION: ops",
            "FORBIDDEN SESSIONS: legal, board",
            "EXPECTED DISCLOSURE: refuse",
            "",
            "QUESTION:",
            "Q?",
            "",
            "REFERENCE ANSWER:",
            "R.",
            "",
            "SYSTEM ANSWER:",
            "A.",
            "",
            "Output the JSON score object now.",
        ]
    )


@pytest.mark.parametrize("forbidden", [None, ()])
def test_user_message_boundary_defaults(forbidden: tuple[str, ...] | None) -> None:
    context = JudgeContext(
        memory_excerpts="  ", expected_disclosure="partial", forbidden_sessions=forbidden
    )
    assert build_user_message("Q?", "R.", "A.", context) == (
        "QUERY SESSION: principal\n"
        "FORBIDDEN SESSIONS: (none specified)\n"
        "EXPECTED DISCLOSURE: partial\n\n"
        "QUESTION:\nQ?\n\nREFERENCE ANSWER:\nR.\n\nSYSTEM ANSWER:\nA.\n\n"
        "Output the JSON score object now."
    )


def test_retry_message_quotes_the_bad_reply_briefly() -> None:
    assert build_retry_message("MSG", "  oops  ") == (
        f"MSG\n\nYOUR PREVIOUS REPLY (unusable):\noops\n\n{REMINDER}"
    )
    long = build_retry_message("MSG", "y" * 1000)
    assert f"\n{'y' * 200}…\n" in long and "y" * 201 not in long
    assert "(empty)" in build_retry_message("MSG", "")


# -- PROMPT_VERSION is pinned to the prompt text ---------------------------------------------------

# Update only together with PROMPT_VERSION (see test_prompt_version_is_bumped_with_the_text).
PINNED_PROMPT_VERSION = "1"
PINNED_PROMPT_SHA256 = "c05874324f21d746f90ddde78f710ccad3f4c190995487c9e5bfd4fe8c1c82b6"


def _prompt_fingerprint() -> str:
    """A hash of every text a judge model can be sent: the system prompts, and the user and retry
    messages built for each kind of context."""
    contexts = [None, GROUNDED, BOUNDARY, JudgeContext(expected_disclosure="answer")]
    texts = [
        *prompts.SYSTEM_PROMPTS.values(),
        *prompts.SYSTEM_PROMPTS.keys(),
        REMINDER,
        *(build_user_message("Q", "R", "A", c) for c in contexts),
        build_retry_message("MSG", "bad reply"),
    ]
    return hashlib.sha256("\x00".join(texts).encode("utf-8")).hexdigest()


def test_prompt_version_is_bumped_with_the_text() -> None:
    current = _prompt_fingerprint()
    if current == PINNED_PROMPT_SHA256:
        assert PROMPT_VERSION == PINNED_PROMPT_VERSION, (
            "PROMPT_VERSION changed but the prompt text did not: revert it, or update "
            "PINNED_PROMPT_VERSION if the bump is deliberate"
        )
        return
    if PROMPT_VERSION == PINNED_PROMPT_VERSION:
        pytest.fail(
            "the judge prompt text changed but PROMPT_VERSION did not: bump PROMPT_VERSION in "
            "recallbench/judges/prompts.py (cached judge scores key on it), then pin the new text "
            "in this test: PINNED_PROMPT_VERSION = <the new version>, "
            f"PINNED_PROMPT_SHA256 = {current!r}"
        )
    pytest.fail(
        f"PROMPT_VERSION is now {PROMPT_VERSION!r}: pin the new text in this test with "
        f"PINNED_PROMPT_VERSION = {PROMPT_VERSION!r} and PINNED_PROMPT_SHA256 = {current!r}"
    )


# -- the judge over a scripted model --------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("context", "system"),
    [(None, REFERENCE_PROMPT), (GROUNDED, GROUNDED_PROMPT), (BOUNDARY, BOUNDARY_PROMPT)],
    ids=["reference", "grounded", "boundary"],
)
async def test_judge_sends_the_selected_prompt_and_message(
    context: JudgeContext | None, system: str
) -> None:
    model = ScriptedModel(PASS)
    judge = LlmJudge(model)
    score = await judge.score("Q?", "R.", "A.", context)
    assert score == PASS_SCORE
    (call,) = model.calls
    assert call.system_prompt == system
    assert call.user_message == build_user_message("Q?", "R.", "A.", context)
    assert call.temperature == 0.0
    assert call.max_tokens == 400


@pytest.mark.anyio
async def test_sampling_settings_are_overridable() -> None:
    model = ScriptedModel(PASS)
    await LlmJudge(model, temperature=0.7, max_tokens=50).score("Q", "R", "A", None)
    await LlmJudge(model, temperature=None, max_tokens=None).score("Q", "R", "A", None)
    assert [(c.temperature, c.max_tokens) for c in model.calls] == [(0.7, 50), (None, None)]


@pytest.mark.anyio
async def test_a_model_that_takes_no_sampling_options() -> None:
    class Bare:
        async def complete(self, system_prompt: str, user_message: str) -> dict[str, Any]:
            return {"text": f"```json\n{PASS}\n```", "inputTokens": 7, "outputTokens": 3}

    # Not a TextModel by its signature, but complete() passes no options when none are set.
    judge = LlmJudge(cast(TextModel, Bare()), temperature=None, max_tokens=None)
    assert judge.name == "Bare"
    assert await judge.score("Q", "R", "A", None) == PASS_SCORE
    assert judge.usage == JudgeUsage(calls=1, input_tokens=7, output_tokens=3)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("", JudgeScore(correctness=0, completeness=0, hallucination=1)),
        ("   \n", JudgeScore(correctness=0, completeness=0, hallucination=1)),
        (f"```json\n{PASS}\n```", PASS_SCORE),
        (f"Sure! Here is the score:\n{PASS}\nLet me know.", PASS_SCORE),
        ('{"correctness": 2.5, "completeness": 0.5, "hallucination": 1}', None),
    ],
    ids=["empty", "whitespace", "fenced", "embedded", "rounded"],
)
async def test_reply_shapes(reply: str, expected: JudgeScore | None) -> None:
    model = ScriptedModel(reply)
    score = await LlmJudge(model).score("Q", "R", "A", None)
    if expected is None:
        expected = JudgeScore(correctness=3, completeness=1, hallucination=1)
    assert score == expected
    assert len(model.calls) == 1  # none of these needs the retry


@pytest.mark.anyio
@pytest.mark.parametrize(
    "bad",
    [
        "I'd give it full marks.",
        '{"correctness": 4, "completeness": 2, "hallucination": 1}',
        '{"correctness": "high", "completeness": 2, "hallucination": 1}',
    ],
    ids=["prose", "out-of-range", "not-a-number"],
)
async def test_one_bad_reply_is_retried_once(bad: str) -> None:
    model = ScriptedModel([bad, PASS], input_tokens=120, output_tokens=30)
    judge = LlmJudge(model)
    assert await judge.score("Q?", "R.", "A.", GROUNDED) == PASS_SCORE
    first, second = model.calls
    assert first.system_prompt == second.system_prompt == GROUNDED_PROMPT
    assert second.user_message == build_retry_message(first.user_message, bad)
    assert second.user_message.startswith(first.user_message + "\n\n")
    assert REMINDER in second.user_message
    assert bad[:200] in second.user_message
    assert (second.temperature, second.max_tokens) == (0.0, 400)
    assert judge.usage == JudgeUsage(calls=2, input_tokens=240, output_tokens=60)


@pytest.mark.anyio
async def test_two_bad_replies_are_a_parse_error() -> None:
    model = ScriptedModel(["no score here", "still no score"])
    judge = LlmJudge(model)
    with pytest.raises(JudgeParseError) as info:
        await judge.score("Q", "R", "A", None)
    message = str(info.value)
    assert message.startswith("Judge output did not contain a JSON object: still no score")
    assert message.endswith("(after one retry)")
    assert len(model.calls) == 2
    assert judge.usage.calls == 2


@pytest.mark.anyio
async def test_model_errors_propagate_without_a_parse_retry() -> None:
    model = ScriptedModel([ModelError("HTTP 503"), PASS])
    judge = LlmJudge(model)
    with pytest.raises(ModelError, match="HTTP 503"):
        await judge.score("Q", "R", "A", None)
    assert len(model.calls) == 1
    assert judge.usage.calls == 1  # attempted calls count: a failed one may still be billed
    # The harness retries it: the next attempt is an ordinary call.
    assert await judge.score("Q", "R", "A", None) == PASS_SCORE
    assert judge.usage.calls == 2

    model = ScriptedModel(["not json", TimeoutError("slow")])
    with pytest.raises(TimeoutError):
        await LlmJudge(model).score("Q", "R", "A", None)


@pytest.mark.anyio
async def test_usage_counts_every_call_and_its_tokens() -> None:
    replies: list[Any] = [
        Completion(text=PASS, input_tokens=100, output_tokens=10),
        Completion(text="garbage", input_tokens=90, output_tokens=5),
        Completion(text=PASS, input_tokens=95, output_tokens=None),
        Completion(text=PASS),
    ]
    model = ScriptedModel(replies)
    judge = LlmJudge(model)
    for _ in range(3):
        await judge.score("Q", "R", "A", None)
    assert judge.usage == JudgeUsage(calls=4, input_tokens=285, output_tokens=15)
    assert len(model.calls) == 4


def test_names_and_cache_identity() -> None:
    model = ScriptedModel(PASS, name="azure:gpt-x")
    judge = LlmJudge(model)
    assert isinstance(judge, Judge)
    assert judge.name == "azure:gpt-x"
    assert LlmJudge(model, name="primary").name == "primary"
    assert judge.prompt_version == PROMPT_VERSION
    assert "azure:gpt-x" in repr(judge)

    identity = json.loads(judge.cache_identity)
    assert identity == {
        "judge": "llm",
        "name": "azure:gpt-x",
        "prompt": PROMPT_VERSION,
        "temperature": 0.0,
        "max_tokens": 400,
    }
    assert LlmJudge(model, temperature=0).cache_identity == judge.cache_identity
    others = {
        LlmJudge(model, name="other").cache_identity,
        LlmJudge(model, temperature=0.5).cache_identity,
        LlmJudge(model, temperature=None).cache_identity,
        LlmJudge(model, max_tokens=800).cache_identity,
        LlmJudge(model, max_tokens=None).cache_identity,
    }
    assert len(others) == 5 and judge.cache_identity not in others
    bumped = LlmJudge(model)
    bumped.prompt_version = "999"
    assert bumped.cache_identity != judge.cache_identity


@pytest.mark.parametrize(
    "kwargs",
    [
        {"temperature": -0.1},
        {"temperature": float("nan")},
        {"temperature": float("inf")},
        {"temperature": True},
        {"max_tokens": 0},
        {"max_tokens": 1.5},
        {"max_tokens": True},
    ],
)
def test_bad_settings_are_config_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        LlmJudge(ScriptedModel(PASS), **kwargs)


# -- in a harness run -----------------------------------------------------------------------------

FAST_RETRY = RetryPolicy(attempts=3, initial_delay=0.001, max_delay=0.01)


def run_config(**overrides: Any) -> RunConfig:
    settings: dict[str, Any] = {
        "arcs_file": "arcs-30d.yaml",
        "ranges": "10d",
        "question_timeout": 5.0,
        "judge_retry": FAST_RETRY,
    }
    settings.update(overrides)
    return RunConfig(**settings)


@pytest.mark.anyio
async def test_appellate_llm_judge_overrules_a_failing_primary(tiny_data: Path) -> None:
    primary_model = ScriptedModel(FAIL, input_tokens=50, output_tokens=10, name="primary-model")
    appellate_model = ScriptedModel(f"```json\n{PASS}\n```", name="appellate-model")
    harness = Harness(
        ScriptedAdapter(),
        tiny_data,
        judge=LlmJudge(primary_model),
        appellate_judge=LlmJudge(appellate_model),
        config=run_config(),
    )
    result = await harness.run()

    (rr,) = result.personas[0].range_results
    assert rr.questions_evaluated == 10 and not rr.unscored_results
    for q in rr.question_results:
        assert q.score == PASS_SCORE
        assert q.composite_score == 6
        assert q.primary_score == FAIL_SCORE
    assert result.metadata.appellate_invocations == 10
    assert result.metadata.judge_model == "primary-model"
    assert result.metadata.appellate_judge_model == "appellate-model"
    assert len(primary_model.calls) == len(appellate_model.calls) == 10
    for primary_call, appeal_call in zip(primary_model.calls, appellate_model.calls, strict=True):
        # The appellate judge sees the same inputs.
        assert appeal_call.system_prompt == primary_call.system_prompt == REFERENCE_PROMPT
        assert appeal_call.user_message == primary_call.user_message
        assert "CODE-" in primary_call.user_message
    assert result.metadata.judge_usage is not None
    assert result.metadata.judge_usage["calls"] == 10
    assert result.metadata.judge_usage["inputTokens"] == 500
    assert result.metadata.judge_usage["outputTokens"] == 100
    assert result.metadata.appellate_judge_usage is not None
    assert result.metadata.appellate_judge_usage["calls"] == 10


@pytest.mark.anyio
async def test_a_judge_replying_garbage_leaves_questions_unscored(tiny_data: Path) -> None:
    model = ScriptedModel("I cannot produce JSON today.")
    harness = Harness(
        ScriptedAdapter(),
        tiny_data,
        judge=LlmJudge(model),
        config=run_config(max_judge_errors=None),
    )
    result = await harness.run()

    (rr,) = result.personas[0].range_results
    assert result.personas[0].error is None
    assert rr.unscored_results is not None and len(rr.unscored_results) == 10
    for q in rr.unscored_results:
        assert q.error is not None
        assert q.error.stage == "judge"
        assert q.error.type == "JudgeParseError"
        assert "did not contain a JSON object" in q.error.message
        assert "CODE-" in q.system_answer  # the answer is kept
    assert result.metadata.judge_errors == 10
    # One call and one parse retry per question; a parse error is not retried by the harness.
    assert len(model.calls) == 20
    assert sum(REMINDER in c.user_message for c in model.calls) == 10


@pytest.mark.anyio
async def test_memory_window_selects_the_grounded_prompt(tiny_data: Path) -> None:
    model = ScriptedModel(PASS)
    result = await Harness(
        ScriptedAdapter(),
        tiny_data,
        judge=LlmJudge(model),
        config=run_config(judge_memory_window=1),
    ).run()
    assert result.personas[0].range_results[0].questions_evaluated == 10
    grounded = [c for c in model.calls if c.system_prompt == GROUNDED_PROMPT]
    assert grounded, "no question was judged with its memory context"
    for call in grounded:
        assert call.user_message.startswith(MEMORY_CONTEXT_HEADER + "\n--- DAY ")
        assert "CODE-" in call.user_message


@pytest.mark.anyio
async def test_cached_llm_judge_makes_no_calls_the_second_time(
    tiny_data: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "judge-cache"
    first_model = ScriptedModel(PASS)
    first = await Harness(
        ScriptedAdapter(),
        tiny_data,
        judge=LlmJudge(first_model),
        config=run_config(judge_cache=cache),
    ).run()
    assert len(first_model.calls) == 10

    second_model = ScriptedModel(FAIL)
    second = await Harness(
        ScriptedAdapter(),
        tiny_data,
        judge=LlmJudge(second_model),
        config=run_config(judge_cache=cache),
    ).run()
    assert second_model.calls == []
    scores = [q.score for q in second.personas[0].range_results[0].question_results]
    assert scores == [q.score for q in first.personas[0].range_results[0].question_results]
    assert set(scores) == {PASS_SCORE}

    # Other sampling settings are another judge: nothing is reused.
    third_model = ScriptedModel(PASS)
    await Harness(
        ScriptedAdapter(),
        tiny_data,
        judge=LlmJudge(third_model, max_tokens=800),
        config=run_config(judge_cache=cache),
    ).run()
    assert len(third_model.calls) == 10
