"""MemoryBench's ``llm-as-judge`` protocol: the LLM judge, told how to grade each question type.

A manifest's ``type_instructions_file`` maps a question type to grading instructions ("Score 1.0 if
the answer contains the key fact, 0.0 otherwise"). For each answer the judge looks up the pair's type
(``QAPair.extra["questionType"]``, reached through ``context.qa``), puts that type's instructions
(or :data:`DEFAULT_INSTRUCTIONS` for a type without any) into the prompt, and asks the model for
MemoryBench's two numbers, each 0.0–1.0:

* ``score`` — graded as the instructions say;
* ``faithfulness`` — whether the answer is grounded: every claim supported by the reference, the
  question or the memory context shown, or an honest "I don't know".

They are mapped onto our scale by :func:`map_memorybench_score` (JavaScript rounding, halves up):

* correctness = round(3 × score): 0 below 1/6, 1 below 1/2, 2 below 5/6, else 3;
* completeness = round(2 × score): 0 below 1/4, 1 below 3/4, else 2;
* hallucination = 1 when faithfulness ≥ 0.5, else 0.

So 1.0 is 3/2, 0.5 is 2/1, 0.0 is 0/0, and a partly right answer keeps the order MemoryBench gave
it. The raw numbers are kept at the head of the score's reasoning (``score 0.5, faithfulness 1.0
[temporal]: …``). Parsing follows the LLM judge's (:mod:`recallbench.judges.parse`): an empty reply
scores 0/0/1; a reply without a readable object, or with a number outside 0–1 (never clamped), is
asked again once, then is that question's :class:`~recallbench.errors.JudgeParseError`.

The hallucination definition is the LLM judge's: ``window`` N with a memory window N, else
``reference-only`` (:func:`recallbench.judges.modes.judge_mode` sees a subclass of
:class:`~recallbench.judges.llm.LlmJudge`).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from typing import Any, ClassVar

from ...data.qa import question_type_key
from ...errors import JudgeParseError
from ...judges.base import JudgeContext
from ...judges.llm import DEFAULT_MAX_TOKENS, DEFAULT_TEMPERATURE, LlmJudge
from ...judges.parse import EMPTY_REPLY_SCORE, describe_value, find_reply_object, js_round
from ...judges.prompts import MEMORY_CONTEXT_HEADER, answer_block
from ...models.base import TextModel
from ...results.scoring import JudgeScore

__all__ = [
    "DEFAULT_INSTRUCTIONS",
    "TYPED_PROMPT",
    "TYPED_PROMPT_VERSION",
    "TypedLlmJudge",
    "build_typed_user_message",
    "map_memorybench_score",
    "parse_memorybench_output",
    "question_type_of",
]

TYPED_PROMPT_VERSION = "1"
"""The version of every text in this module a model sees; bump it when any of it changes (the judge
cache keys on it)."""

DEFAULT_INSTRUCTIONS = (
    "Grade the answer against the reference answer. Score 1.0 if it is correct and complete, 0.5 if "
    "it is partly correct or misses key details, 0.0 if it is wrong or gives no relevant information."
)
"""The instructions for a question whose type has none (or that has no type)."""

_FORMAT = (
    '{"score": <number 0.0-1.0>, "faithfulness": <number 0.0-1.0>, '
    '"reasoning": "<one line, at most 200 characters>"}'
)

TYPED_PROMPT = f"""\
You are an impartial judge grading the answers of an AI agent's memory system. You are given the \
QUESTION TYPE, GRADING INSTRUCTIONS for that type, optionally MEMORY CONTEXT (excerpts of the agent's \
memories), a QUESTION, the REFERENCE ANSWER (the ground truth) and the SYSTEM ANSWER to grade.

Give two numbers, each from 0.0 to 1.0:

score: grade the SYSTEM ANSWER against the REFERENCE ANSWER exactly as the GRADING INSTRUCTIONS say.

faithfulness: is the answer grounded? Note the direction: 1.0 is good.
  1.0 = every claim is supported by the reference answer, the question or the memory context; an \
answer that admits it does not know, or that there is no evidence, is faithful.
  0.0 = the answer states facts, names, dates or numbers found in none of them, or contradicts them.
Source citations such as "(Source: 2025-03-14)" or a memory file path are references, not claims.

Output format: reply with a single JSON object and nothing else: no code fences, no text before or \
after it. Exactly these keys:
{_FORMAT}"""
"""The system prompt of every call."""

_REMINDER = (
    "REMINDER: your previous reply could not be read as a grade. Reply with a single JSON object and "
    f"nothing else, with both numbers between 0.0 and 1.0:\n{_FORMAT}"
)
_CLOSING = "Output the JSON object now."
_QUOTED_REPLY = 200


def question_type_of(context: JudgeContext | None) -> str | None:
    """The benchmark's question type of the pair being judged (``extra["questionType"]``), as a
    string key whether the data wrote it as text or as a number (``3`` → ``"3"``)."""
    qa = context.qa if context is not None else None
    return question_type_key(qa.extra.get("questionType")) if qa is not None else None


def build_typed_user_message(
    question: str,
    reference: str,
    answer: str,
    context: JudgeContext | None,
    *,
    question_type: str | None,
    instructions: str,
) -> str:
    """The user message: type and instructions, the memory block (non-blank excerpts only), then the
    question, reference and system answer, each under its label, and the closing line."""
    lines = [
        f"QUESTION TYPE: {question_type or '(none)'}",
        "GRADING INSTRUCTIONS:",
        instructions.strip(),
        "",
    ]
    excerpts = (context.memory_excerpts or "").strip() if context is not None else ""
    if excerpts:
        lines += [MEMORY_CONTEXT_HEADER, excerpts, ""]
    return "\n".join([*lines, *answer_block(question, reference, answer, _CLOSING)])


def map_memorybench_score(
    score: float, faithfulness: float, *, reasoning: str | None = None
) -> JudgeScore:
    """MemoryBench's 0.0–1.0 score and faithfulness on our 0–3 / 0–2 / 0–1 scale (module docstring).

    Raises:
        ValueError: a number is not finite or outside [0, 1].
    """
    for name, value in (("score", score), ("faithfulness", faithfulness)):
        if not math.isfinite(value) or not 0.0 <= value <= 1.0:
            raise ValueError(f"{name} must be between 0.0 and 1.0, got {value!r}")
    return JudgeScore(
        correctness=js_round(3 * score),
        completeness=js_round(2 * score),
        hallucination=1 if faithfulness >= 0.5 else 0,
        reasoning=reasoning,
    )


def _unit(data: Mapping[str, Any], name: str) -> float:
    value = data.get(name)
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 <= value <= 1
    ):
        raise JudgeParseError(
            f"Judge field '{name}' is not a number from 0.0 to 1.0: {describe_value(value)}"
        )
    return float(value)


def _number(x: float) -> str:
    return f"{x:g}" if x not in (0.0, 1.0) else f"{x:.1f}"


def parse_memorybench_output(text: str, question_type: str | None = None) -> JudgeScore:
    """The score in a reply of the typed judge, mapped onto our scale.

    Raises:
        JudgeParseError: no JSON object, or ``score`` / ``faithfulness`` missing, not a number or
            outside 0–1.
    """
    if not text.strip():
        return EMPTY_REPLY_SCORE
    data = find_reply_object(text)
    if data is None:
        excerpt = text.strip()[:_QUOTED_REPLY]
        raise JudgeParseError(f"Judge output did not contain a JSON object: {excerpt}")
    score, faithful = _unit(data, "score"), _unit(data, "faithfulness")
    said = data.get("reasoning")
    head = f"score {_number(score)}, faithfulness {_number(faithful)}"
    if question_type:
        head += f" [{question_type}]"
    reasoning = f"{head}: {said}" if isinstance(said, str) and said else head
    return map_memorybench_score(score, faithful, reasoning=reasoning)


class TypedLlmJudge(LlmJudge):
    """The ``llm-as-judge`` protocol: an LLM judge given per-type grading instructions.

    Args:
        model: any text model.
        type_instructions: question type → grading instructions (a manifest's
            ``type_instructions_file``); a type without an entry gets :data:`DEFAULT_INSTRUCTIONS`.
        type_field: the case field the dataset read the type from (kept for the record and the
            cache identity; the type itself comes from the pair).
        name, temperature, max_tokens: as for :class:`~recallbench.judges.llm.LlmJudge`.

    Attributes:
        protocol: ``llm-as-judge``.
    """

    fingerprint_type: ClassVar[str] = "recallbench.judges.typed_llm.TypedLlmJudge"
    """The type a run's fingerprint records it as: its module before the families moved
    (issue 41), so that runs before and after compare as judged alike."""

    protocol = "llm-as-judge"

    def __init__(
        self,
        model: TextModel,
        *,
        type_instructions: Mapping[str, str] | None = None,
        type_field: str | None = None,
        name: str | None = None,
        temperature: float | None = DEFAULT_TEMPERATURE,
        max_tokens: int | None = DEFAULT_MAX_TOKENS,
    ) -> None:
        super().__init__(model, name=name, temperature=temperature, max_tokens=max_tokens)
        self.type_instructions: dict[str, str] = dict(type_instructions or {})
        self.type_field = type_field
        self.prompt_version = f"typed-{TYPED_PROMPT_VERSION}"

    def __repr__(self) -> str:
        return (
            f"TypedLlmJudge(name={self.name!r}, types={sorted(self.type_instructions)!r}, "
            f"temperature={self.temperature!r}, max_tokens={self.max_tokens!r})"
        )

    @property
    def cache_identity(self) -> str:
        """The LLM judge's identity plus the protocol, its prompt version and a hash of the
        instructions (the cache key adds each pair's question type)."""
        instructions = json.dumps(self.type_instructions, sort_keys=True, ensure_ascii=False)
        return json.dumps(
            {
                "judge": self.protocol,
                "name": self.name,
                "prompt": self.prompt_version,
                "temperature": self.temperature,
                "max_tokens": self.max_tokens,
                "type_field": self.type_field,
                "instructions": hashlib.sha256(instructions.encode("utf-8")).hexdigest(),
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def prompt_texts(self) -> tuple[str, ...]:
        """The texts its model can be sent besides the pair and its type's instructions (those are
        in ``cache_identity``): hashed into a run's fingerprint."""
        return (
            TYPED_PROMPT,
            DEFAULT_INSTRUCTIONS,
            _REMINDER,
            _CLOSING,
            "YOUR PREVIOUS REPLY (unusable):",
        )

    def instructions_for(self, question_type: str | None) -> str:
        """The grading instructions of a question type."""
        if question_type is None:
            return DEFAULT_INSTRUCTIONS
        return self.type_instructions.get(question_type, DEFAULT_INSTRUCTIONS)

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Grade one answer with its type's instructions (one call, or two after a bad reply).

        Raises:
            JudgeParseError: the reply held no valid grade, twice.
            ModelError: the model call failed (the harness retries it).
        """
        qtype = question_type_of(context)
        user_message = build_typed_user_message(
            question,
            reference,
            answer,
            context,
            question_type=qtype,
            instructions=self.instructions_for(qtype),
        )
        first = await self._call(TYPED_PROMPT, user_message)
        try:
            return parse_memorybench_output(first.text, qtype)
        except JudgeParseError:
            pass  # asked once more below; a second bad reply is the question's error
        quoted = first.text.strip()[:_QUOTED_REPLY] or "(empty)"
        retry = "\n".join(
            [user_message, "", "YOUR PREVIOUS REPLY (unusable):", quoted, "", _REMINDER]
        )
        second = await self._call(TYPED_PROMPT, retry)
        try:
            return parse_memorybench_output(second.text, qtype)
        except JudgeParseError as exc:
            raise JudgeParseError(f"{exc} (after one retry)") from exc
