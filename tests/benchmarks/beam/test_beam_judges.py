"""BEAM's judges: the official prompts byte for byte, the official parsing, aggregation and event-ordering
figures (the BEAM note's test vectors), the LLM judge over a scripted model and a real HTTP provider,
the offline nugget judge, and the specs that name them."""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from recallbench.benchmarks.beam import benchmark
from recallbench.benchmarks.beam.judge_llm import BeamJudge
from recallbench.benchmarks.beam.judge_offline import BeamNuggetJudge, nugget_check
from recallbench.benchmarks.beam.prompts import (
    DIGESTS,
    EQUIVALENCE_SYSTEM,
    FACTS_PROMPT,
    JUDGE_PROMPT,
    equivalence_user,
    judge_prompt,
)
from recallbench.benchmarks.beam.scoring import (
    ability_scores,
    align,
    event_ordering_score,
    kendall_tau_b,
    nugget_value,
    order_metrics,
    parse_json_response,
    question_score,
    read_reply,
)
from recallbench.benchmarks.beam.verdict import read_verdict
from recallbench.data.qa import QAPair
from recallbench.errors import ConfigError, JudgeError, JudgeParseError
from recallbench.judges.base import JudgeContext
from recallbench.testing import ScriptedModel

# The SHA-256 digests the BEAM note records (notes/beam.md §3.3, §3.6, §3.9), written here again so
# that a change to the module's constants and digests together is still caught.
NOTE_DIGESTS = {
    "JUDGE_PROMPT": "d349c9a8559bed9c14bfe2e624212225b09218ff864258a739229c15f4c8e869",
    "EQUIVALENCE_SYSTEM": "0863c78c1b27d36c97bb7bfd2d4d6b88ef69b093e92bb4719e665527722413e2",
    "FACTS_PROMPT": "04ab9a64f08674efdac63649059daf27fd499c2e455eaf57641553fd7aae2276",
}

# notes/beam.md §3.6: reference ["A".."E"], identity alignment (an exact match stands in for the
# model's YES), figures computed with the official code and scipy 1.17.1.
EVENT_VECTORS = [
    (["A", "B", "C", "D", "E"], 1.0, 1.0, 1.0, 1.0, 1.0),
    (["E", "D", "C", "B", "A"], 1.0, 1.0, 1.0, 0.0, 0.0),
    (["B", "A", "C", "D", "E"], 1.0, 1.0, 1.0, 0.9, 0.9),
    (["A", "B", "C"], 1.0, 0.6, 0.75, 0.974342, 0.730756),
    (["A", "C", "B"], 1.0, 0.6, 0.75, 0.868932, 0.651699),
    (["A", "x", "B", "C", "D", "E"], 0.833333, 1.0, 0.909091, 0.733333, 0.666667),
    (["A", "", "B", "", "C", "", "D", "", "E"], 0.555556, 1.0, 0.714286, 0.933333, 0.666667),
    ([""], 0.0, 0.0, 0.0, 0.211325, 0.0),
    (["A"], 1.0, 0.2, 0.333333, 0.816228, 0.272076),
    (["x", "y", "z"], 0.0, 0.0, 0.0, 0.146447, 0.0),
]
EVENT_RANKS = {
    ("x", "y", "z"): ((1, 2, 3, 4, 5, 9, 9, 9), (9, 9, 9, 9, 9, 1, 2, 3)),
    ("",): ((1, 2, 3, 4, 5, 7), (7, 7, 7, 7, 7, 1)),
    ("A", "B", "C"): ((1, 2, 3, 4, 5), (1, 2, 3, 6, 6)),
}


def pair(ability: str, rubric: list[str], **extra: Any) -> QAPair:
    return QAPair(
        id=f"100K-01-{ability}-1",
        question="What is my weekly word count target?",
        answer="1,350 words",
        category=ability,
        difficulty="easy",
        relevant_days=(1,),
        extra={"ability": ability.replace("-", "_"), "rubric": rubric, **extra},
    )


def ctx(ability: str, rubric: list[str]) -> JudgeContext:
    return JudgeContext(qa=pair(ability, rubric))


# -- the prompts ------------------------------------------------------------------------------------


def test_prompts_match_the_recorded_digests() -> None:
    assert DIGESTS == NOTE_DIGESTS
    constants = {
        "JUDGE_PROMPT": JUDGE_PROMPT,
        "EQUIVALENCE_SYSTEM": EQUIVALENCE_SYSTEM,
        "FACTS_PROMPT": FACTS_PROMPT,
    }
    for name, text in constants.items():
        assert hashlib.sha256(text.encode("utf-8")).hexdigest() == NOTE_DIGESTS[name], name
    assert len(JUDGE_PROMPT) == 3882 and len(JUDGE_PROMPT.encode("utf-8")) == 3910
    assert JUDGE_PROMPT.startswith("\nYou are an expert evaluator") and JUDGE_PROMPT.endswith(
        "after that\n"
    )


def test_prompt_substitution_as_the_evaluators_do() -> None:
    prompt = judge_prompt("LLM response should state: 1,350 words", "It is 1,350 words.")
    assert "- QUESTION (what the user asked): <question>\n" in prompt  # never replaced officially
    assert "- RUBRIC CRITERION (what to check): LLM response should state: 1,350 words\n" in prompt
    assert "- RESPONSE TO EVALUATE: It is 1,350 words.\n" in prompt
    # rubric item first, then the response: a rubric item naming <llm_response> is expanded too
    assert judge_prompt("<llm_response>", "R").count("R\n") == 2
    assert equivalence_user("Workshop nerves", "3) nerves") == (
        "First snippet: Workshop nerves \n\n" + " " * 23 + "Second snippet: 3) nerves\n" + " " * 20
    )


# -- parsing, nugget values, aggregation ------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"score": 1.0, "reason": "ok"}', {"score": 1.0, "reason": "ok"}),
        ('```json\n{"score": 0.5, "reason": "half"}\n```', {"score": 0.5, "reason": "half"}),
        ('Here: {"score": 0.0, "reason": "no"} done', {"score": 0.0, "reason": "no"}),
    ],
)
def test_parse_json_response(reply: str, expected: dict[str, Any]) -> None:
    assert parse_json_response(reply) == expected
    assert read_reply(reply) == expected


def test_unparseable_replies() -> None:
    with pytest.raises(ValueError, match="No valid JSON found"):
        parse_json_response("no json")
    with pytest.raises(ValueError, match="Found possible JSON but failed"):
        parse_json_response('{"score": 1.0, "reason": "a {b} c"')
    # where the official code falls back on json_repair, the score is read from the text
    assert read_reply("{'score': 0.5, 'reason': 'single quotes'}")["score"] == 0.5
    assert read_reply('{"score": 1, "reason": "cut')["score"] == 1
    with pytest.raises(JudgeParseError, match="has no score"):
        read_reply("I think it is fine.")


def test_nugget_values_code_truncates_paper_keeps() -> None:
    assert [nugget_value(s, "code") for s in (1.0, 0.5, 0.0, 1, "1.0")] == [1, 0, 0, 1, 1]
    assert [nugget_value(s, "paper") for s in (1.0, 0.5, 0.0, "0.5")] == [1.0, 0.5, 0.0, 0.5]
    assert question_score([nugget_value(s, "code") for s in (1.0, 0.5, 0.5, 1.0)]) == 0.5
    assert question_score([nugget_value(s, "paper") for s in (1.0, 0.5, 0.5, 1.0)]) == 0.75
    for bad in (2, -0.5, None, "high", [1]):
        with pytest.raises(JudgeParseError):
            nugget_value(bad, "code")


def test_aggregation_is_a_mean_of_conversation_means() -> None:
    figures = [("1", "a", 1.0), ("1", "a", 1.0), ("1", "a", 1.0), ("2", "a", 0.0), ("2", "b", 0.5)]
    assert ability_scores(figures, ["a", "b", "c"]) == {"a": 0.5, "b": 0.5, "c": None}


# -- event ordering ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("system", "precision", "recall", "f1", "tau", "final"), EVENT_VECTORS)
def test_event_ordering_vectors(
    system: list[str], precision: float, recall: float, f1: float, tau: float, final: float
) -> None:
    reference = ["A", "B", "C", "D", "E"]
    got = order_metrics(reference, align(reference, system, lambda r, s: r == s))
    assert got.precision == pytest.approx(precision, abs=5e-7)
    assert got.recall == pytest.approx(recall, abs=5e-7)
    assert got.f1 == pytest.approx(f1, abs=5e-7)
    assert got.tau_norm == pytest.approx(tau, abs=5e-7)
    assert got.final_score == pytest.approx(final, abs=5e-7)
    if tuple(system) in EVENT_RANKS:
        assert (got.reference_ranks, got.system_ranks) == EVENT_RANKS[tuple(system)]
    # through the response text: its lines
    text = "\n".join(system)
    assert event_ordering_score(reference, text, lambda r, s: r == s).tau_norm == got.tau_norm


def test_alignment_first_unused_item_wins() -> None:
    asked: list[tuple[str, str]] = []

    def equivalent(r: str, s: str) -> bool:
        asked.append((r, s))
        return s.lower().startswith(r.lower()[:3])

    out = align(["Alpha", "Alps", "Beta"], ["alpine", "alpha", "gamma"], equivalent)
    assert out == ["Alpha", "Alps", "gamma"]
    # each line asks the unused items in order, until one matches; used items are not asked again
    assert asked == [("Alpha", "alpine"), ("Alps", "alpha"), ("Beta", "gamma")]


def test_kendall_tau_b_is_scipy_s() -> None:
    stats = pytest.importorskip("scipy.stats")
    rng = random.Random(7)
    import warnings

    for _ in range(500):
        n = rng.randint(1, 14)
        x = [rng.randint(1, 6) for _ in range(n)]
        y = [rng.randint(1, 6) for _ in range(n)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = stats.kendalltau(x, y, variant="b").statistic
        got = kendall_tau_b(x, y)
        assert (math.isnan(got) and math.isnan(want)) or got == want, (x, y)


# -- the LLM judge ----------------------------------------------------------------------------------


def _judge(replies: Any, mode: str = "code") -> tuple[BeamJudge, ScriptedModel]:
    model = ScriptedModel(replies=replies)
    return BeamJudge(model, name="beam:scripted", mode=mode), model  # type: ignore[arg-type]


@pytest.mark.anyio
@pytest.mark.parametrize(("mode", "figure", "correctness"), [("code", 0.5, 2), ("paper", 0.75, 2)])
async def test_nuggets_one_call_each(mode: str, figure: float, correctness: int) -> None:
    rubric = ["LLM response should state: 150 words", "LLM response should state: from 1,200"]
    judge, model = _judge(['{"score": 1.0, "reason": "a"}', '{"score": 0.5, "reason": "b"}'], mode)
    score = await judge.score(
        "Q?", "ref", "150 words, from 1,200", ctx("multi-session-reasoning", rubric)
    )
    assert [c.user_message for c in model.calls] == [
        judge_prompt(n, "150 words, from 1,200") for n in rubric
    ]
    assert all(
        c.system_prompt == "" and c.temperature == 0.0 and c.max_tokens is None for c in model.calls
    )
    found = read_verdict(score.reasoning)
    assert (
        found is not None and found.value == figure and found.ability == "multi-session-reasoning"
    )
    assert score.correctness == correctness and score.hallucination == 1


@pytest.mark.anyio
async def test_event_ordering_aligns_with_the_model() -> None:
    rubric = ["Meeting Michael", "Word count target", "Adjusted target"]
    answer = "1) Adjusted target\n2) Meeting Michael\n\n3) Word count target"
    same = {("Meeting Michael", "2) Meeting Michael"), ("Word count target", "3) Word count target"),
            ("Adjusted target", "1) Adjusted target")}  # fmt: skip

    def reply(system: str, user: str) -> str:
        first = user.split("First snippet: ", 1)[1].split(" \n\n", 1)[0]
        second = user.split("Second snippet: ", 1)[1].rsplit("\n", 1)[0]
        return "YES" if (first, second) in same else "NO"

    judge, model = _judge(reply)
    score = await judge.score("In which order?", "ref", answer, ctx("event-ordering", rubric))
    assert all(c.system_prompt == EQUIVALENCE_SYSTEM for c in model.calls)
    # line 1: 3 asks (the third matches); line 2: 1; the blank line: 1 (the one unused item); line 4: 1
    assert len(model.calls) == 3 + 1 + 1 + 1
    assert model.calls[0].user_message == equivalence_user("Meeting Michael", "1) Adjusted target")
    want = order_metrics(rubric, ["Adjusted target", "Meeting Michael", "", "Word count target"])
    found = read_verdict(score.reasoning)
    assert found is not None and found.value == pytest.approx(want.tau_norm, abs=1e-6)


@pytest.mark.anyio
async def test_judge_errors() -> None:
    judge, _ = _judge("I cannot tell.")
    with pytest.raises(JudgeParseError):
        await judge.score("Q", "R", "A", ctx("knowledge-update", ["LLM response should state: x"]))
    with pytest.raises(JudgeError, match="no BEAM question"):
        await judge.score("Q", "R", "A", JudgeContext(qa=pair("knowledge-update", [])))
    with pytest.raises(JudgeError, match="no pair"):
        await judge.score("Q", "R", "A", None)


def test_judge_identity() -> None:
    judge, _ = _judge("")
    identity = json.loads(judge.cache_identity)
    assert identity == {
        "judge": "beam",
        "name": "beam:scripted",
        "prompt": "official-b2a3ee8",
        "mode": "code",
        "temperature": 0.0,
        "max_tokens": None,
    }
    rubric = ["LLM response should state: x"]
    assert judge.cache_material(ctx("knowledge-update", rubric)) == {
        "ability": "knowledge_update",
        "rubric": rubric,
    }
    assert JUDGE_PROMPT in judge.prompt_texts() and EQUIVALENCE_SYSTEM in judge.prompt_texts()


def test_judge_specs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    load: Callable[[str], Any] = lambda s: benchmark.load_judge(s, base_dir=None, timeout=None)  # noqa: E731
    assert isinstance(load("beam-nuggets"), BeamNuggetJudge)
    code = load("beam:openai:gpt-4.1-mini")
    assert (
        isinstance(code, BeamJudge)
        and code.mode == "code"
        and code.name == "beam:openai:gpt-4.1-mini"
    )
    paper = load("beam-paper:openai:gpt-4.1-mini")
    assert isinstance(paper, BeamJudge) and paper.mode == "paper"
    assert load("locomo-f1") is None and load("rubric") is None
    with pytest.raises(ConfigError, match="beam needs a model"):
        load("beam:")
    with pytest.raises(ConfigError, match="beam-paper needs a model"):
        load("beam-paper")
    offline = benchmark.default_judge(None, model=None, model_spec=None)  # type: ignore[arg-type]
    assert isinstance(offline, BeamNuggetJudge)
    model = ScriptedModel()
    online = benchmark.default_judge(None, model=model, model_spec="openai:gpt-4.1-mini")  # type: ignore[arg-type]
    assert isinstance(online, BeamJudge) and online.name == "beam:openai:gpt-4.1-mini"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_over_a_real_provider(monkeypatch: pytest.MonkeyPatch) -> None:
    from recallbench.testing.providers import FakeProviderServer, reply

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    async with FakeProviderServer([reply('{"score": 1.0, "reason": "stated"}')]) as server:
        judge = benchmark.load_judge(
            f"beam:openai:gpt-4.1-mini;{server.url}/v1", base_dir=None, timeout=10
        )
        assert isinstance(judge, BeamJudge)
        rubric = ["LLM response should state: 1,350 words"]
        score = await judge.score("Q", "R", "1,350 words", ctx("knowledge-update", rubric))
        await judge.aclose()
    (request,) = server.requests
    assert request.json["messages"] == [
        {"role": "user", "content": judge_prompt(rubric[0], "1,350 words")}
    ]
    assert request.json["temperature"] == 0 and "max_tokens" not in request.json
    assert request.json["model"] == "gpt-4.1-mini"
    assert score.correctness == 3 and score.completeness == 2


# -- the offline judge ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("nugget", "ability", "answer", "expected"),
    [
        ("LLM response should state: January 15, 2024", "information_extraction", "On Jan 15, 2024.", 1.0),
        ("LLM response should state: January 15, 2024", "information_extraction", "In March.", 0.0),
        ("LLM response should state: from 1,200 to 1,350 words", "multi_session_reasoning", "It rose to 1,350.", 0.5),
        ("Based on the provided chat, there is no information related to the agenda", "abstention",
         "There is no information about the agenda in our chats.", 1.0),
        ("Based on the provided chat, there is no information related to the agenda", "abstention",
         "The agenda was panels and readings.", 0.0),
        ("LLM response should state: there is contradictory information", "contradiction_resolution",
         "You said both things, which contradict each other.", 1.0),
        ("LLM response should mention: which statement is correct?", "contradiction_resolution",
         "Could you clarify which one is right?", 1.0),
        ("LLM response should mention: which statement is correct?", "contradiction_resolution",
         "You felt anxious.", 0.0),
        ("LLM response should avoid: marathon editing sessions", "preference_following",
         "Edit in short bursts of 30 minutes.", 1.0),
        ("LLM response should avoid: marathon editing sessions", "preference_following",
         "Plan marathon editing sessions on Sundays.", 0.0),
        ("LLM response should avoid: marathon editing sessions", "preference_following", "", 0.0),
    ],
)  # fmt: skip
def test_nugget_checks(nugget: str, ability: str, answer: str, expected: float) -> None:
    assert nugget_check(nugget, ability, answer) == expected


@pytest.mark.anyio
async def test_offline_judge_scores_as_the_official_aggregates() -> None:
    judge = BeamNuggetJudge()
    assert judge.synchronous and judge.name == "beam-nuggets"
    rubric = [
        "LLM response should state: 150 words",
        "LLM response should state: from 1,200 to 1,350 words",
    ]
    both = await judge.score(
        "Q", "R", "By 150 words, from 1,200 to 1,350 words.", ctx("multi-session-reasoning", rubric)
    )
    one = await judge.score(
        "Q", "R", "By 150 words; it rose to 1,350.", ctx("multi-session-reasoning", rubric)
    )
    assert read_verdict(both.reasoning).value == 1.0  # type: ignore[union-attr]
    # the second nugget is half there: 0.5, which int() counts 0, as BEAM's code
    assert read_verdict(one.reasoning).value == 0.5  # type: ignore[union-attr]
    assert "nuggets 1, 0.5" in (one.reasoning or "")
    order = [
        "Meeting Michael at the festival",
        "Weekly word count target",
        "Adjusted word count target",
    ]
    answer = "1. I met Michael at the festival\n2. You set a weekly word count target\n3. You adjusted the word count target"
    eo = await judge.score("Q", "R", answer, ctx("event-ordering", order))
    assert read_verdict(eo.reasoning).value == 1.0  # type: ignore[union-attr]
    backwards = "\n".join(reversed(answer.split("\n")))
    assert (
        read_verdict(
            (await judge.score("Q", "R", backwards, ctx("event-ordering", order))).reasoning
        ).value
        == 0.0
    )  # type: ignore[union-attr]


def test_figure_onto_our_scale() -> None:
    from recallbench.benchmarks.beam.verdict import verdict

    assert (
        verdict(1.0, "summarization", "d", "x").correctness,
        verdict(1.0, "summarization", "d", "x").completeness,
    ) == (3, 2)
    half = verdict(0.5, "summarization", "d", "x")
    assert (half.correctness, half.completeness, half.hallucination) == (2, 1, 1)
    wrong = verdict(0.0, "summarization", "d", "It was 40 words.")
    assert (wrong.correctness, wrong.hallucination) == (0, 0)
    declined = verdict(0.0, "summarization", "d", "I don't know.")
    assert declined.hallucination == 1
    undefined = verdict(float("nan"), "event-ordering", "d", "x")
    assert read_verdict(undefined.reasoning).value == 0.0 and "undefined" in (
        undefined.reasoning or ""
    )  # type: ignore[union-attr]


# -- against a checkout of BEAM ---------------------------------------------------------------------


def _beam_source(relative: str) -> str:
    import os
    import subprocess

    value = os.environ.get("RECALLBENCH_BEAM_REPO")
    if not value:
        pytest.skip("RECALLBENCH_BEAM_REPO names no checkout of github.com/mohammadtavakoli78/BEAM")
    root = Path(value)
    if (root / relative).is_file():
        return (root / relative).read_text(encoding="utf-8")
    if (root / "HEAD").is_file():  # a bare git directory (a mirror)
        done = subprocess.run(
            ["git", "--git-dir", str(root), "show", f"HEAD:{relative}"],
            capture_output=True,
            check=True,
        )
        return done.stdout.decode("utf-8")
    pytest.skip(f"RECALLBENCH_BEAM_REPO={value} has no {relative}")


def test_prompts_byte_for_byte_with_the_checkout() -> None:
    import ast

    prompts = ast.parse(_beam_source("src/prompts.py"))
    values = {
        t.id: ast.literal_eval(node.value)
        for node in prompts.body
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Name)
        and t.id in ("unified_llm_judge_base_prompt", "break_paragraph_to_facts_detailed_prompt")
    }
    assert values["unified_llm_judge_base_prompt"].encode() == JUDGE_PROMPT.encode()
    assert values["break_paragraph_to_facts_detailed_prompt"].encode() == FACTS_PROMPT.encode()
    metrics = ast.parse(_beam_source("src/evaluation/compute_metrics.py"))
    (fn,) = [
        n for n in metrics.body if isinstance(n, ast.FunctionDef) and n.name == "llm_equivalence"
    ]
    dicts = [n for n in ast.walk(fn) if isinstance(n, ast.Dict)]
    system = next(d for d in dicts if ast.literal_eval(d.values[0]) == "system")
    assert ast.literal_eval(system.values[1]).encode() == EQUIVALENCE_SYSTEM.encode()
    user = next(d for d in dicts if ast.literal_eval(d.values[0]) == "user")
    fstring = user.values[1]
    assert isinstance(fstring, ast.JoinedStr)
    parts = [
        v.value if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + "}"  # type: ignore[attr-defined]
        for v in fstring.values
    ]
    assert "".join(parts) == equivalence_user("{first_paragraph}", "{second_paragraph}")
    # every evaluator builds its nugget prompt the same way, and reads int() of the score
    source = _beam_source("src/evaluation/compute_metrics.py")
    assert (
        source.count(
            'replace("<rubric_item>", item).\\\n            replace("<llm_response>", llm_response)'
        )
        >= 10
    )
    assert source.count("score += int(response['score'])") == 9


def _official(names: tuple[str, ...]) -> dict[str, Any]:
    """The official functions, executed from the checkout's source with their imports stubbed."""
    import ast

    stats = pytest.importorskip("scipy.stats")
    tree = ast.parse(_beam_source("src/evaluation/compute_metrics.py"))
    wanted = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in names]
    module = ast.Module(body=wanted, type_ignores=[])
    space: dict[str, Any] = {
        "json": json,
        "re": __import__("re"),
        "List": list,
        "Tuple": tuple,
        "kendalltau": stats.kendalltau,
        "unified_llm_judge_base_prompt": JUDGE_PROMPT,
        "repair_json": lambda text: text,
    }
    exec(compile(module, "compute_metrics.py", "exec"), space)
    return space


class _Reply:
    def __init__(self, content: str):
        self.content = content


class _Model:
    """What the official code calls: ``invoke(prompt or messages).content``."""

    def __init__(self, answer: Callable[[Any], str]):
        self.answer = answer
        self.prompts: list[Any] = []

    def invoke(self, prompt: Any) -> _Reply:
        self.prompts.append(prompt)
        return _Reply(self.answer(prompt))


def test_official_code_gives_the_same_figures() -> None:
    space = _official(
        (
            "parse_json_response",
            "llm_equivalence",
            "align_with_llm",
            "event_ordering_score",
            "evaluate_abstention",
        )
    )
    rng = random.Random(3)
    letters = "ABCDEFG"
    import warnings

    for _ in range(200):
        reference = rng.sample(letters, rng.randint(2, 6))
        system = [rng.choice([*letters, "x", ""]) for _ in range(rng.randint(1, 8))]

        def same(messages: Any) -> str:
            user = messages[1]["content"]
            first = user.split("First snippet: ", 1)[1].split(" \n\n", 1)[0]
            second = user.split("Second snippet: ", 1)[1].rsplit("\n", 1)[0]
            return "YES" if first == second else "NO"

        model = _Model(same)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = space["event_ordering_score"](reference, system, "llm", model)
        asked: list[tuple[str, str]] = []

        def mine_same(r: str, s: str, asked: list[tuple[str, str]] = asked) -> bool:
            asked.append((r, s))
            return r == s

        ours = order_metrics(reference, align(reference, system, mine_same))
        assert len(asked) == len(model.prompts)
        for key in ("precision", "recall", "f1", "final_score"):
            assert getattr(ours, key) == pytest.approx(theirs[key], abs=1e-12), key
        assert (
            math.isnan(ours.tau_norm) and math.isnan(theirs["tau_norm"])
        ) or ours.tau_norm == theirs["tau_norm"]
    # a nugget evaluator: int() of each score
    replies = iter(
        [
            '{"score": 1.0, "reason": "a"}',
            '{"score": 0.5, "reason": "b"}',
            '```json\n{"score": 0.0}\n```',
        ]
    )
    model = _Model(lambda prompt: next(replies))
    rubric = ["n1", "n2", "n3"]
    theirs = space["evaluate_abstention"](rubric, "the answer", "the question", model)
    assert model.prompts == [judge_prompt(n, "the answer") for n in rubric]
    assert theirs["llm_judge_score"] == question_score(
        [nugget_value(s, "code") for s in (1.0, 0.5, 0.0)]
    )
    for text in (
        '{"score": 1}',
        'x {"score": 0.5} y',
        '```\n{"score": 0.0, "reason": "r"}\n```',
        "[1, 2]",
    ):
        assert space["parse_json_response"](text) == parse_json_response(text)


def test_the_offline_judge_reads_an_enumerated_line_as_its_events() -> None:
    """BEAM's reference answers list events on one line (``1) a, 2) b``): the offline judge reads
    each item as an event, so the reference in its order scores the top, and reversed it does
    not."""
    import asyncio

    from recallbench.benchmarks.beam.judge_offline import BeamNuggetJudge, _events
    from recallbench.data import QAPair
    from recallbench.judges.base import build_context

    assert _events("In this order: 1) set up the schema, 2) wrote the tests, 3) deployed.") == [
        "set up the schema",
        "wrote the tests",
        "deployed.",
    ]
    assert _events("one line\nversion 2) of it") == ["one line", "version 2) of it"]
    rubric = ["Schema setup", "Test writing", "Deployment"]
    pair = QAPair(
        id="c-event-ordering-1",
        question="In what order did I bring these up?",
        answer="You mentioned: 1) the schema setup, 2) test writing, 3) deployment.",
        category="event-ordering",
        difficulty="medium",
        relevant_days=(1,),
        extra={"ability": "event_ordering", "rubric": rubric},
    )
    judge = BeamNuggetJudge()
    context = build_context(pair, (), 0)
    in_order = asyncio.run(judge.score(pair.question, pair.answer, pair.answer, context))
    reversed_ = asyncio.run(
        judge.score(
            pair.question,
            pair.answer,
            "You mentioned: 1) deployment, 2) test writing, 3) the schema setup.",
            context,
        )
    )
    assert in_order.correctness == 3
    assert reversed_.correctness < in_order.correctness


# -- the offline judge: wording that differs, a rubric cut short, events matched as a whole ---------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One day passed.", "1 day passed."),
        ("after twenty-one days and three weeks", "after 21 days and 3 weeks"),
        ("a single session", "1 session"),
        ("no one came; one of them left", "no one came; one of them left"),
        ("our trip on April 20-21", "our trip on April 20 to April 21"),
        ("Sept. 3–5", "Sept. 3 to Sept. 5"),
        ("at 10-11 am", "at 10-11 am"),
    ],
)
def test_normalise(text: str, expected: str) -> None:
    from recallbench.benchmarks.beam.judge_offline import normalise

    assert normalise(text) == expected


def test_counts_and_spans_written_otherwise_still_meet() -> None:
    assert (
        nugget_check("LLM response should state: 1 day", "temporal_reasoning", "One day passed.")
        == 1.0
    )
    assert (
        nugget_check("LLM response should state: 2 days", "temporal_reasoning", "One day passed.")
        == 0.0
    )
    assert (
        nugget_check(
            "LLM response should state: from April 21 till May 5",
            "temporal_reasoning",
            "From our getaway on April 20-21 to May 5.",
        )
        == 1.0
    )


def test_a_nugget_cut_mid_word_is_completed_from_the_answer() -> None:
    from recallbench.benchmarks.beam.judge_offline import complete_cut_word

    nugget = "LLM response should mention: you celebrated your anniversary with Stephe"
    said = "You said you celebrated your anniversary with Stephen."
    assert nugget_check(nugget, "contradiction_resolution", said) == 1.0
    assert nugget_check(nugget, "contradiction_resolution", "You celebrated with Steve.") < 1.0
    assert complete_cut_word("with Stephe", "Stephanie and Stephen") == "with Stephen"
    assert complete_cut_word("the plan", "the plan and the planning") == "the plan"
    assert complete_cut_word("the plan.", "the planning") == "the plan."


def test_max_weight_matching() -> None:
    from recallbench.benchmarks.beam.judge_offline import max_weight_matching

    assert max_weight_matching([[0.75, 0.67], [0.5, 0.33]]) == {0: 1, 1: 0}
    assert max_weight_matching([[1.0, 0.0, 0.0]]) == {0: 0}
    assert max_weight_matching([[0.0], [0.9], [0.2]]) == {1: 0}
    assert max_weight_matching([]) == {}


@pytest.mark.anyio
async def test_events_are_aligned_as_a_whole_not_line_by_line() -> None:
    """The first line holds more of the sixth item than of the first, but the sixth line holds only
    the sixth: matched line by line the first line would take the sixth item and the order would
    look wrong; matched as a whole every line gets its own."""
    judge = BeamNuggetJudge()
    rubric = ["Initial budget example", "Savings goal setting", "Reviewing new budget example"]
    lines = ["Trying out budgeting with a new example budget for rent", "Setting a savings goal"]
    answer = "\n".join([*lines, "Reviewing another budget"])
    score = await judge.score("Q", "R", answer, ctx("event-ordering", rubric))
    assert read_verdict(score.reasoning).value == 1.0  # type: ignore[union-attr]
