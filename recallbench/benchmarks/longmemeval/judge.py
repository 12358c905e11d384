"""LongMemEval's official QA scorer as a judge (``--judge longmemeval:<model spec>``).

As ``src/evaluation/evaluate_qa.py`` of xiaowu0162/LongMemEval does (``get_anscheck_prompt`` and its
``__main__``): one user message built from the question type's template, word for word — the generic
one (single-session-user, single-session-assistant, multi-session), temporal-reasoning's (off-by-one
day counts forgiven), knowledge-update's (earlier information beside the updated answer is fine),
single-session-preference's (the reference is a rubric), and, for an abstention question, the
abstention template whatever the type — sent at temperature 0 with at most 10 tokens; the answer is
correct when "yes" occurs anywhere in the lower-cased reply.

What the pair gives (:func:`longmemeval_question`): the type from ``QAPair.extra["questionType"]``
(LongMemEval's ``question_type``); abstention from ``extra["abstention"]``, else an id ending
``_abs`` (``extra["questionId"]`` or the pair's id); the question date from
``extra["questionDate"]``. The official prompts do not show the question date (the gold answer
already resolves "how many days ago"), so by default neither does this judge; ``show_question_date=
True`` puts ``(asked on <date>)`` after the question inside the template's question slot, which makes
its figures no longer the official ones. A type the official code does not know is that question's
judge error, as it is an error there.

The verdict is mapped onto our scale (:mod:`recallbench.judges.official`: yes is 3/2/1, no is 0/0
with hallucination 0 unless the answer abstains) and kept at the head of the reasoning:
``accuracy 1 [longmemeval temporal-reasoning]: yes``, ``accuracy 0 [longmemeval abstention]: No``.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import attrs

from ...errors import JudgeError
from ...judges.base import JudgeContext
from ...judges.llm import DEFAULT_TEMPERATURE, LlmJudge
from ...judges.official import figure_head, official_score
from ...models.base import TextModel
from ...results.scoring import JudgeScore

__all__ = [
    "LONGMEMEVAL_MAX_TOKENS",
    "LONGMEMEVAL_PROMPTS",
    "LONGMEMEVAL_PROMPT_VERSION",
    "LongMemEvalJudge",
    "LongMemEvalQuestion",
    "longmemeval_prompt",
    "longmemeval_question",
]

LONGMEMEVAL_PROMPT_VERSION = "official-1"
"""The version of :data:`LONGMEMEVAL_PROMPTS` (the judge cache keys on it)."""

LONGMEMEVAL_MAX_TOKENS = 10
"""The official reply budget."""

# xiaowu0162/LongMemEval, src/evaluation/evaluate_qa.py (commit
# b11ff723381cf41e744c5524be0c52b3a408516c), get_anscheck_prompt: the templates word for word,
# their "{}" slots (question, answer or rubric or explanation, response) written as named fields.
_GENERIC = (
    "I will give you a question, a correct answer, and a response from a model. Please answer yes "
    "if the response contains the correct answer. Otherwise, answer no. If the response is "
    "equivalent to the correct answer or contains all the intermediate steps to get the correct "
    "answer, you should also answer yes. If the response only contains a subset of the information "
    "required by the answer, answer no. "
)
_TAIL = (
    "\n\nQuestion: {question}\n\nCorrect Answer: {answer}\n\nModel Response: {response}\n\n"
    "Is the model response correct? Answer yes or no only."
)
LONGMEMEVAL_PROMPTS: dict[str, str] = {
    "single-session-user": _GENERIC + _TAIL,
    "single-session-assistant": _GENERIC + _TAIL,
    "multi-session": _GENERIC + _TAIL,
    "temporal-reasoning": _GENERIC
    + "In addition, do not penalize off-by-one errors for the number of days. If the question asks "
    "for the number of days/weeks/months, etc., and the model makes off-by-one errors (e.g., "
    "predicting 19 days when the answer is 18), the model's response is still correct. " + _TAIL,
    "knowledge-update": "I will give you a question, a correct answer, and a response from a model. "
    "Please answer yes if the response contains the correct answer. Otherwise, answer no. If the "
    "response contains some previous information along with an updated answer, the response should "
    "be considered as correct as long as the updated answer is the required answer." + _TAIL,
    "single-session-preference": "I will give you a question, a rubric for desired personalized "
    "response, and a response from a model. Please answer yes if the response satisfies the desired "
    "response. Otherwise, answer no. The model does not need to reflect all the points in the "
    "rubric. The response is correct as long as it recalls and utilizes the user's personal "
    "information correctly.\n\nQuestion: {question}\n\nRubric: {answer}\n\nModel Response: "
    "{response}\n\nIs the model response correct? Answer yes or no only.",
    "abstention": "I will give you an unanswerable question, an explanation, and a response from a "
    "model. Please answer yes if the model correctly identifies the question as unanswerable. The "
    "model could say that the information is incomplete, or some other information is given but the "
    "asked information is not.\n\nQuestion: {question}\n\nExplanation: {answer}\n\nModel Response: "
    "{response}\n\nDoes the model correctly identify the question as unanswerable? Answer yes or no "
    "only.",
}
"""Question type (and ``abstention``) → the official template."""


@attrs.frozen(kw_only=True)
class LongMemEvalQuestion:
    """What the scorer needs to know about a pair.

    Attributes:
        question_type: LongMemEval's ``question_type``, or None.
        abstention: an ``_abs`` question.
        question_date: ``question_date`` (``2023/05/30 (Tue) 23:40``), or None.
    """

    question_type: str | None = None
    abstention: bool = False
    question_date: str | None = None


def longmemeval_question(context: JudgeContext | None) -> LongMemEvalQuestion:
    """Type, abstention and date of the pair being judged (module docstring)."""
    qa = context.qa if context is not None else None
    if qa is None:
        return LongMemEvalQuestion()
    extra = qa.extra
    qtype = extra.get("questionType")
    flag = extra.get("abstention")
    if isinstance(flag, bool):
        abstention = flag
    else:
        qid = extra.get("questionId")
        ids = [qid if isinstance(qid, str) else "", qa.id]
        abstention = any(i.endswith("_abs") for i in ids)
    date = extra.get("questionDate")
    return LongMemEvalQuestion(
        question_type=qtype if isinstance(qtype, str) and qtype else None,
        abstention=abstention,
        question_date=date if isinstance(date, str) and date else None,
    )


def longmemeval_prompt(
    question: str, answer: str, response: str, about: LongMemEvalQuestion
) -> str:
    """The official prompt for one answer.

    Raises:
        JudgeError: not an abstention question and a type the official scorer does not know.
    """
    if about.abstention:
        template: str | None = LONGMEMEVAL_PROMPTS["abstention"]
    elif about.question_type is None or about.question_type == "abstention":
        template = None
    else:
        template = LONGMEMEVAL_PROMPTS.get(about.question_type)
    if template is None:
        known = ", ".join(k for k in LONGMEMEVAL_PROMPTS if k != "abstention")
        raise JudgeError(
            f"LongMemEval question type {about.question_type!r} has no official prompt "
            f"(expected one of {known}, or an _abs question)"
        )
    return template.format(question=question, answer=answer, response=response)


class LongMemEvalJudge(LlmJudge):
    """LongMemEval's official yes/no judge over any text model (module docstring).

    Args:
        model: any text model.
        name: how results name it (``longmemeval:<model spec>`` from the command line).
        temperature: 0, as the official script.
        max_tokens: 10, as the official script.
        show_question_date: put the question date after the question (not the official prompt).

    Attributes:
        hallucination_mode: ``reference-only``.
    """

    fingerprint_type: ClassVar[str] = "recallbench.judges.longmemeval.LongMemEvalJudge"
    """The type a run's fingerprint records: the class's module before the LongMemEval family moved
    into :mod:`recallbench.benchmarks.longmemeval` (runs before and after compare as judged
    alike)."""

    protocol = "longmemeval"
    hallucination_mode = "reference-only"

    def __init__(
        self,
        model: TextModel,
        *,
        name: str | None = None,
        temperature: float | None = DEFAULT_TEMPERATURE,
        max_tokens: int | None = LONGMEMEVAL_MAX_TOKENS,
        show_question_date: bool = False,
    ) -> None:
        super().__init__(model, name=name, temperature=temperature, max_tokens=max_tokens)
        self.prompt_version = LONGMEMEVAL_PROMPT_VERSION
        self.show_question_date = show_question_date

    def __repr__(self) -> str:
        return (
            f"LongMemEvalJudge(name={self.name!r}, temperature={self.temperature!r}, "
            f"max_tokens={self.max_tokens!r}, show_question_date={self.show_question_date!r})"
        )

    @property
    def cache_identity(self) -> str:
        """The protocol, name, prompt version, sampling settings and whether dates are shown."""
        return json.dumps(
            {
                "judge": self.protocol,
                "name": self.name,
                "prompt": self.prompt_version,
                "temperature": self.temperature,
                "max_tokens": self.max_tokens,
                "question_date": self.show_question_date,
            },
            separators=(",", ":"),
        )

    def cache_material(self, context: JudgeContext | None) -> Any:
        """What the cache key adds: abstention, and the date when it is shown."""
        about = longmemeval_question(context)
        return {
            "abstention": about.abstention,
            "questionDate": about.question_date if self.show_question_date else None,
        }

    def prompt_texts(self) -> tuple[str, ...]:
        """The official templates by type, and how a question date is shown (hashed into a run's
        fingerprint)."""
        dated = "Q (asked on D)" if self.show_question_date else "Q"
        return (*(f"{k}\x00{v}" for k, v in LONGMEMEVAL_PROMPTS.items()), dated)

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Ask the official question once; "yes" anywhere in the reply is correct.

        Raises:
            JudgeError: the pair's type has no official prompt.
            ModelError: the model call failed (the harness retries it).
        """
        about = longmemeval_question(context)
        shown = question
        if self.show_question_date and about.question_date:
            shown = f"{question} (asked on {about.question_date})"
        prompt = longmemeval_prompt(shown, reference, answer, about)
        reply = await self._call("", prompt)
        correct = "yes" in reply.text.strip().lower()
        group = "longmemeval " + (
            "abstention" if about.abstention else about.question_type or "no type"
        )
        said = " ".join(reply.text.split())[:200] or "(empty)"
        head = figure_head("accuracy", 1.0 if correct else 0.0, group)
        return official_score(1.0 if correct else 0.0, answer, f"{head}: {said}")
