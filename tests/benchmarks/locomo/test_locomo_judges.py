"""LoCoMo's official scorers as judges: the token F1 against values hand-computed from
snap-research/locomo's evaluation code, and mem0's LoCoMo judge over a real HTTP server speaking
OpenAI's API (its prompt word for word)."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

import pytest

from recallbench._retry import RetryPolicy
from recallbench.benchmarks.locomo.judges import (
    LOCOMO_JUDGE_PROMPT,
    LocomoF1Judge,
    LocomoLlmJudge,
    locomo_f1,
    normalize_answer,
    token_f1,
)
from recallbench.data.qa import QAPair
from recallbench.errors import ConfigError, JudgeParseError
from recallbench.harness.judge_loading import JUDGE_SPEC_FORMS, load_judge
from recallbench.judges.base import JudgeContext
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
# LoCoMo token F1. Expected values worked by hand from snap-research/locomo task_eval/evaluation.py
# (commit 92286325a40764bee61f77824ddb95233b11c4d6): normalize_answer drops commas, lower-cases,
# strips string.punctuation and the words a/an/the/and; f1_score stems with PorterStemmer; f1 (cat. 1)
# splits both texts on commas; eval_question_answering cuts a category-3 gold at ";" and checks
# category 5 for "no information available" / "not mentioned".


def test_normalisation() -> None:
    # "Rock, Paper and the Scissors!" → commas dropped → lower → "!" dropped → "and", "the" dropped.
    assert normalize_answer("Rock, Paper and the Scissors!") == "rock paper scissors"
    assert normalize_answer("An apple a day") == "apple day"
    # Only ASCII punctuation goes (string.punctuation): the curly apostrophe stays.
    assert normalize_answer("Caroline’s") == "caroline’s"


F1_CASES = [
    # pred stems [cat, sat, on, mat], gold [cat, sit, on, mat]: 3 shared, P = R = 3/4 → 0.7500
    ("The cat sat on the mat", "a cat sitting on mats", 4, 0.75),
    # pred [carolin, went, to, support, group, yesterday], gold [support, group]: P = 2/6, R = 1,
    # F1 = 2 · (1/3) · 1 / (4/3) = 0.5000
    ("Caroline went to the support group yesterday", "support group", 4, 0.5),
    # "May 7, 2023" → [may, 7, 2023]; the answer has the same three tokens → 1.0000
    ("7 May 2023", "May 7, 2023", 2, 1.0),
    # a number written out shares nothing → 0.0000
    ("three", "3", 4, 0.0),
    # category 1: answer [she, like, paint, hike] (one part); gold parts hike, paint, swim: F1s
    # 2 · (1/4) · 1 / (5/4) = 0.4, 0.4, 0 → mean 0.8 / 3 = 0.2667
    ("She likes painting and hiking", "hiking, painting, swimming", 1, 0.8 / 3),
    # category 1, the answer split too: hike 1, paint 1, swim 0 → 2/3 = 0.6667
    ("hiking, painting", "hiking, painting, swimming", 1, 2 / 3),
    # category 3: gold cut to "Likely yes" → [like, ye]; answer [ye]: P = 1, R = 1/2 → 0.6667
    ("yes", "Likely yes; she loves the outdoors", 3, 2 / 3),
    # the same gold uncut (category 4): [like, ye, she, love, outdoor]; P = 1, R = 1/5 → 0.3333
    ("yes", "Likely yes; she loves the outdoors", 4, 1 / 3),
    # category 5: the official phrase check, whatever the gold says
    ("That is not mentioned in the conversation.", "adversarial gold", 5, 1.0),
    ("No information available.", "adversarial gold", 5, 1.0),
    ("I don't know.", "adversarial gold", 5, 0.0),
    ("She went to Paris", "adversarial gold", 5, 0.0),
    # an empty answer shares nothing
    ("", "support group", 4, 0.0),
]


@pytest.mark.parametrize(("answer", "gold", "category", "expected"), F1_CASES)
def test_locomo_f1_matches_the_official_figures(
    answer: str, gold: str, category: int, expected: float
) -> None:
    assert round(locomo_f1(answer, gold, category), 4) == round(expected, 4)


def test_token_f1_is_symmetric_in_its_bags() -> None:
    assert token_f1("a b c", "c b a") == 1.0
    assert token_f1("painting", "paints") == 1.0  # both stem to "paint"


async def test_f1_judge_maps_and_keeps_the_figure() -> None:
    judge = LocomoF1Judge()
    partial = await judge.score(
        "q", "support group", "Caroline went to the support group yesterday",
        _ctx({"locomoCategory": 4}),
    )  # fmt: skip
    assert _triple(partial) == (2, 1, 1)  # round(1.5) = 2, round(1.0) = 1
    assert partial.reasoning == "F1 0.5000 [locomo 4 single-hop]"
    multi = await judge.score(
        "q", "hiking, painting, swimming", "She likes painting and hiking",
        _ctx({"locomoCategory": "1"}),
    )  # fmt: skip
    assert _triple(multi) == (1, 1, 1)  # round(0.8) = 1, round(0.5333) = 1
    figure = native_figure(multi.reasoning)
    assert figure is not None
    assert (figure.metric, figure.group) == ("F1", "locomo 1 multi-hop")
    assert figure.value == pytest.approx(0.2667)
    wrong = await judge.score(
        "q", "support group", "She went to Paris", _ctx({"locomoCategory": 4})
    )
    assert _triple(wrong) == (0, 0, 0)  # nothing shared and a claim: reference-only hallucination
    declined = await judge.score("q", "x", "I don't know", _ctx({"locomoCategory": 5}))
    assert _triple(declined) == (0, 0, 1)  # not the official phrase, but an abstention
    said = await judge.score("q", "x", "It is not mentioned.", _ctx({"locomoCategory": 5}))
    assert _triple(said) == (3, 2, 1)
    plain = await judge.score("q", "support group", "support group", None)
    assert plain.reasoning == "F1 1.0000 [locomo no category]"
    assert judge.synchronous
    mode = judge_mode(judge)
    assert mode is not None
    assert mode.mode == "reference-only"
    assert pickle.loads(pickle.dumps(judge)).name == "locomo-f1"


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


# mem0ai/mem0 evaluation/metrics/llm_judge.py (commit 2352a44193bd0e36cd544fc5664cbee14e020bc2),
# lines 12-41, ACCURACY_PROMPT, as read there (curly quotes and trailing spaces included).
MEM0_PROMPT = (
    "\nYour task is to label an answer to a question as ’CORRECT’ or ’WRONG’. You will be given the "
    "following data:\n    (1) a question (posed by one user to another user), \n    (2) a ’gold’ "
    "(ground truth) answer, \n    (3) a generated answer\nwhich you will score as CORRECT/WRONG.\n\n"
    "The point of the question is to ask about something one user should know about the other user "
    "based on their prior conversations.\nThe gold answer will usually be a concise and short answer "
    "that includes the referenced topic, for example:\nQuestion: Do you remember what I got the last "
    "time I went to Hawaii?\nGold answer: A shell necklace\nThe generated answer might be much "
    "longer, but you should be generous with your grading - as long as it touches on the same topic "
    "as the gold answer, it should be counted as CORRECT. \n\nFor time related questions, the gold "
    "answer will be a specific date, month, year, etc. The generated answer might be much longer or "
    'use relative time references (like "last Tuesday" or "next month"), but you should be generous '
    "with your grading - as long as it refers to the same date or time period as the gold answer, it "
    'should be counted as CORRECT. Even if the format differs (e.g., "May 7th" vs "7 May"), consider '
    "it CORRECT if it's the same date.\n\nNow it's time for the real question:\nQuestion: "
    "{question}\nGold answer: {gold_answer}\nGenerated answer: {generated_answer}\n\nFirst, provide "
    "a short (one sentence) explanation of your reasoning, then finish with CORRECT or WRONG. \nDo "
    "NOT include both CORRECT and WRONG in your response, or it will break the evaluation script.\n\n"
    'Just return the label CORRECT or WRONG in a json format with the key as "label".\n'
)


def test_mem0_prompt_word_for_word() -> None:
    assert LOCOMO_JUDGE_PROMPT == MEM0_PROMPT


async def test_locomo_llm_judge() -> None:
    replies = [
        'Same hobby. {"label": "CORRECT"}',
        '```json\n{"label": "WRONG"}\n```',
        '{"label": "correct"}',  # mem0's script counts only the exact "CORRECT"
        "I think it is right",  # no label: asked again
        '{"label": "CORRECT"}',
    ]
    async with (
        FakeProviderServer(replies) as server,
        LocomoLlmJudge(_model(server), name="locomo-llm:test") as judge,
    ):
        ok = await judge.score("What?", "hiking", "She hikes", _ctx({"locomoCategory": 4}))
        bad = await judge.score("What?", "hiking", "Sailing", _ctx({"locomoCategory": 2}))
        lower = await judge.score("What?", "hiking", "Sailing", _ctx({"locomoCategory": 1}))
        retried = await judge.score("What?", "hiking", "hikes", _ctx({"locomoCategory": 3}))
        # Category 5 is not asked: no request, flagged as excluded.
        adversarial = await judge.score(
            "What?", "x", "That is not mentioned.", _ctx({"locomoCategory": 5})
        )
    assert _triple(ok) == (3, 2, 1)
    assert ok.reasoning == 'J 1 [locomo 4 single-hop]: Same hobby. {"label": "CORRECT"}'
    assert _triple(bad) == (0, 0, 0)
    assert (bad.reasoning or "").startswith("J 0 [locomo 2 temporal]")
    assert _triple(lower) == (0, 0, 0)
    assert _triple(retried) == (3, 2, 1)
    assert len(server.requests) == 5  # four questions, one asked twice; category 5 never
    body = _body(server, 0)
    assert body["messages"] == [
        {
            "role": "user",
            "content": MEM0_PROMPT.format(
                question="What?", gold_answer="hiking", generated_answer="She hikes"
            ),
        }
    ]
    assert body["temperature"] == 0
    assert "max_completion_tokens" not in body  # mem0's script sets none
    figure = native_figure(adversarial.reasoning)
    assert figure is not None
    assert figure.value is None
    assert figure.group == "locomo 5 adversarial"
    assert _triple(adversarial) == (3, 2, 1)
    assert judge.usage.calls == 5


async def test_locomo_llm_judge_gives_up_after_one_retry() -> None:
    async with (
        FakeProviderServer(["no idea", "still none"]) as server,
        LocomoLlmJudge(_model(server)) as judge,
    ):
        with pytest.raises(JudgeParseError, match="after one retry"):
            await judge.score("Q", "r", "a", _ctx({"locomoCategory": 4}))


# xiaowu0162/LongMemEval src/evaluation/evaluate_qa.py (commit


# ---------------------------------------------------------------------------------------------------
# Specs


def test_specs_resolve() -> None:
    assert isinstance(load_judge("locomo-f1"), LocomoF1Judge)
    assert isinstance(load_judge("LoCoMo-F1"), LocomoF1Judge)
    llm = load_judge("locomo-llm:openai:gpt-x;http://127.0.0.1:9/v1")
    assert isinstance(llm, LocomoLlmJudge)
    assert llm.name == "locomo-llm:openai:gpt-x;http://127.0.0.1:9/v1"
    assert llm.temperature == 0
    for judge in (llm,):
        copy = pickle.loads(pickle.dumps(judge))  # Ray ships judges
        assert copy.name == judge.name
        assert copy.cache_identity == judge.cache_identity
    for form in ("locomo-f1", "locomo-llm:<model spec>"):
        assert form in JUDGE_SPEC_FORMS


@pytest.mark.parametrize("spec", ["locomo-llm", "locomo-llm: "])
def test_an_official_llm_judge_needs_a_model(spec: str) -> None:
    with pytest.raises(ConfigError, match="needs a model"):
        load_judge(spec)


def test_a_bad_spec_lists_the_official_forms() -> None:
    with pytest.raises(ConfigError, match="locomo-llm:<model spec>"):
        load_judge("no_such_module_zz")


def test_preflight_checks_the_wrapped_models_key() -> None:
    from recallbench.harness.preflight import _needs_of

    assert _needs_of("locomo-llm:openai:gpt-4o-mini") == _needs_of("openai:gpt-4o-mini")
    assert _needs_of("locomo-f1") is None
