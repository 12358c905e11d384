"""LongMemEval's official QA scorer as a judge: its yes/no prompts word for word over a real HTTP
server speaking OpenAI's API, abstention, the question date, the cache, and its spec."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from recallbench._retry import RetryPolicy
from recallbench.benchmarks.longmemeval.judge import LongMemEvalJudge
from recallbench.data.qa import QAPair
from recallbench.errors import ConfigError, JudgeError
from recallbench.harness.judge_loading import JUDGE_SPEC_FORMS, load_judge
from recallbench.judges.base import JudgeContext
from recallbench.judges.cache import CachedJudge, JudgeCache, is_cacheable
from recallbench.judges.modes import judge_mode
from recallbench.judges.official import native_figure
from recallbench.models.openai import OpenAIModel
from recallbench.results.scoring import JudgeScore
from recallbench.testing.providers import FakeProviderServer

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"  # aiohttp runs on asyncio only


def _ctx(extra: Mapping[str, Any] | None = None, pair_id: str = "q1") -> JudgeContext:
    pair = QAPair(
        id=pair_id,
        question="What does Caroline like?",
        answer="hiking",
        category="factual-recall",
        difficulty="easy",
        relevant_days=(1,),
        extra=extra or {},
    )
    return JudgeContext(qa=pair)


def _triple(s: JudgeScore) -> tuple[int, int, int]:
    return (s.correctness, s.completeness, s.hallucination)


# ---------------------------------------------------------------------------------------------------
# LLM judges over a real HTTP server

FAST = RetryPolicy(attempts=2, initial_delay=0.01, max_delay=0.02)


def _model(server: FakeProviderServer) -> OpenAIModel:
    return OpenAIModel(
        "gpt-test", endpoint=f"{server.url}/v1", api_key="sk-test", retry=FAST, timeout=5.0
    )


def _body(server: FakeProviderServer, i: int) -> dict[str, Any]:
    body = server.requests[i].json
    assert isinstance(body, dict)
    return body


# b11ff723381cf41e744c5524be0c52b3a408516c), get_anscheck_prompt, lines 24-50: the templates as read
# there, filled positionally (question, answer, response) as the official code does.
_LME_GENERIC = "I will give you a question, a correct answer, and a response from a model. Please answer yes if the response contains the correct answer. Otherwise, answer no. If the response is equivalent to the correct answer or contains all the intermediate steps to get the correct answer, you should also answer yes. If the response only contains a subset of the information required by the answer, answer no. \n\nQuestion: {}\n\nCorrect Answer: {}\n\nModel Response: {}\n\nIs the model response correct? Answer yes or no only."
_LME_TEMPORAL = "I will give you a question, a correct answer, and a response from a model. Please answer yes if the response contains the correct answer. Otherwise, answer no. If the response is equivalent to the correct answer or contains all the intermediate steps to get the correct answer, you should also answer yes. If the response only contains a subset of the information required by the answer, answer no. In addition, do not penalize off-by-one errors for the number of days. If the question asks for the number of days/weeks/months, etc., and the model makes off-by-one errors (e.g., predicting 19 days when the answer is 18), the model's response is still correct. \n\nQuestion: {}\n\nCorrect Answer: {}\n\nModel Response: {}\n\nIs the model response correct? Answer yes or no only."
_LME_UPDATE = "I will give you a question, a correct answer, and a response from a model. Please answer yes if the response contains the correct answer. Otherwise, answer no. If the response contains some previous information along with an updated answer, the response should be considered as correct as long as the updated answer is the required answer.\n\nQuestion: {}\n\nCorrect Answer: {}\n\nModel Response: {}\n\nIs the model response correct? Answer yes or no only."
_LME_PREFERENCE = "I will give you a question, a rubric for desired personalized response, and a response from a model. Please answer yes if the response satisfies the desired response. Otherwise, answer no. The model does not need to reflect all the points in the rubric. The response is correct as long as it recalls and utilizes the user's personal information correctly.\n\nQuestion: {}\n\nRubric: {}\n\nModel Response: {}\n\nIs the model response correct? Answer yes or no only."
_LME_ABSTENTION = "I will give you an unanswerable question, an explanation, and a response from a model. Please answer yes if the model correctly identifies the question as unanswerable. The model could say that the information is incomplete, or some other information is given but the asked information is not.\n\nQuestion: {}\n\nExplanation: {}\n\nModel Response: {}\n\nDoes the model correctly identify the question as unanswerable? Answer yes or no only."

LME_CASES = [
    ({"questionType": "single-session-user"}, "q1", _LME_GENERIC, "single-session-user"),
    ({"questionType": "single-session-assistant"}, "q2", _LME_GENERIC, "single-session-assistant"),
    ({"questionType": "multi-session"}, "q3", _LME_GENERIC, "multi-session"),
    ({"questionType": "temporal-reasoning"}, "q4", _LME_TEMPORAL, "temporal-reasoning"),
    ({"questionType": "knowledge-update"}, "q5", _LME_UPDATE, "knowledge-update"),
    (
        {"questionType": "single-session-preference"},
        "q6",
        _LME_PREFERENCE,
        "single-session-preference",
    ),
    ({"questionType": "multi-session"}, "q7_abs", _LME_ABSTENTION, "abstention"),
    (
        {"questionType": "temporal-reasoning", "abstention": True},
        "q8",
        _LME_ABSTENTION,
        "abstention",
    ),
    (
        {"questionType": "temporal-reasoning", "questionId": "x_abs"},
        "q9",
        _LME_ABSTENTION,
        "abstention",
    ),
]


async def test_longmemeval_prompts_word_for_word_and_yes_anywhere() -> None:
    replies = ["Yes."] * len(LME_CASES) + ["No", "yes, it is", "NO.", ""]
    async with (
        FakeProviderServer(replies) as server,
        LongMemEvalJudge(_model(server), name="longmemeval:test") as judge,
    ):
        scores = [
            await judge.score("How many days?", "18 days", "19 days", _ctx(extra, pair_id))
            for extra, pair_id, _, _ in LME_CASES
        ]
        generic = _ctx({"questionType": "multi-session"})
        verdicts = [await judge.score("Q", "A", "B", generic) for _ in range(4)]
    for i, ((_, _, template, group), score) in enumerate(zip(LME_CASES, scores, strict=True)):
        body = _body(server, i)
        assert body["messages"] == [
            {"role": "user", "content": template.format("How many days?", "18 days", "19 days")}
        ]
        assert body["temperature"] == 0
        assert body["max_completion_tokens"] == 10
        assert _triple(score) == (3, 2, 1)
        assert score.reasoning == f"accuracy 1 [longmemeval {group}]: Yes."
    assert [_triple(v) for v in verdicts] == [(0, 0, 0), (3, 2, 1), (0, 0, 0), (0, 0, 0)]
    figure = native_figure(verdicts[0].reasoning)
    assert figure is not None
    assert (figure.metric, figure.value) == ("accuracy", 0.0)
    mode = judge_mode(judge, memory_window=2)
    assert mode is not None
    assert mode.mode == "reference-only"


async def test_longmemeval_unknown_type_is_the_questions_error_and_the_date_is_optional() -> None:
    async with (
        FakeProviderServer(["yes"]) as server,
        LongMemEvalJudge(_model(server), show_question_date=True) as judge,
    ):
        with pytest.raises(JudgeError, match="no official prompt"):
            await judge.score("Q", "A", "B", _ctx({"questionType": "trivia"}))
        with pytest.raises(JudgeError, match="no official prompt"):
            await judge.score("Q", "A", "B", _ctx())
        assert not server.requests
        ctx = _ctx({"questionType": "multi-session", "questionDate": "2023/05/30 (Tue) 23:40"})
        await judge.score("Q", "A", "B", ctx)
    content = _body(server, 0)["messages"][0]["content"]
    assert "Question: Q (asked on 2023/05/30 (Tue) 23:40)\n" in content


async def test_cache_keys_on_abstention_and_identical_calls_hit(tmp_path: Path) -> None:
    async with FakeProviderServer(["yes", "no"]) as server:
        inner = LongMemEvalJudge(_model(server), name="longmemeval:test")
        assert is_cacheable(inner)
        judge = CachedJudge(inner, JudgeCache(tmp_path))
        async with judge:
            plain = _ctx({"questionType": "multi-session"}, "q1")
            abstain = _ctx({"questionType": "multi-session"}, "q1_abs")
            first = await judge.score("Q", "A", "B", plain)
            again = await judge.score("Q", "A", "B", plain)
            other = await judge.score("Q", "A", "B", abstain)
    assert first == again
    assert _triple(other) == (0, 0, 0)
    assert len(server.requests) == 2
    assert (judge.usage.cache_hits, judge.usage.cache_misses) == (1, 2)


# ---------------------------------------------------------------------------------------------------
# Specs


def test_specs_resolve() -> None:
    lme = load_judge("longmemeval:openai:gpt-x;http://127.0.0.1:9/v1")
    assert isinstance(lme, LongMemEvalJudge)
    assert (lme.temperature, lme.max_tokens) == (0, 10)
    for judge in (lme,):
        copy = pickle.loads(pickle.dumps(judge))  # Ray ships judges
        assert copy.name == judge.name
        assert copy.cache_identity == judge.cache_identity
    for form in ("longmemeval:<model spec>",):
        assert form in JUDGE_SPEC_FORMS


@pytest.mark.parametrize("spec", ["longmemeval:"])
def test_an_official_llm_judge_needs_a_model(spec: str) -> None:
    with pytest.raises(ConfigError, match="needs a model"):
        load_judge(spec)


def test_preflight_checks_the_wrapped_models_key() -> None:
    from recallbench.harness.preflight import _needs_of

    assert _needs_of("longmemeval:anthropic:claude-x") == _needs_of("anthropic:claude-x")
