"""BEAM's official judge over any text model: ``--judge beam:<model spec>`` (the official code's
figures) and ``--judge beam-paper:<model spec>`` (the paper's partial credit).

As ``src/evaluation/run_evaluation.py`` and ``compute_metrics.py`` do (commit
``b2a3ee8ba12d68f83143dda191097dc3e028ddd3``), where BEAM's judge is ``gpt-4.1-mini`` at
temperature 0 through LangChain's ``ChatOpenAI`` (no token limit):

* **nine abilities**: one call per rubric nugget, the prompt :data:`~.prompts.JUDGE_PROMPT` with
  ``<rubric_item>`` then ``<llm_response>`` replaced and ``<question>`` left literal, sent as the
  only (user) message; the reply read by ``parse_json_response`` (:func:`~.scoring.read_reply`);
  the question's figure the mean of ``int(score)`` over the nuggets (``beam:``; a 0.5 counts 0,
  as in the code the published tables come from) or of the scores as given (``beam-paper:``);
* **event ordering**: the answer's lines aligned with the rubric's items by the equivalence call
  (system :data:`~.prompts.EQUIVALENCE_SYSTEM`, user :func:`~.prompts.equivalence_user`; "yes"
  anywhere in the lower-cased reply is a match), one call per (line, unused item) in the official
  order until the line matches; the figure is ``tau_norm`` (:func:`~.scoring.order_metrics`), what
  ``report_results.py`` reports. The official evaluator also sends the facts prompt and the nugget
  prompts for event ordering and discards both (its report reads ``tau_norm`` alone): they are not
  sent here, which changes no figure and saves ``1 + len(rubric)`` calls a question.

No call is retried on an unreadable reply (the official code has no retry): it is the question's
judge error. The figure is mapped onto recallbench's scale and kept at the head of the reasoning
(:mod:`.verdict`).
"""

from __future__ import annotations

import json
from typing import Any

from ...judges.base import JudgeContext
from ...judges.llm import DEFAULT_TEMPERATURE, LlmJudge
from ...models.base import TextModel
from ...results.scoring import JudgeScore
from .prompts import (
    EQUIVALENCE_SYSTEM,
    EQUIVALENCE_USER,
    JUDGE_PROMPT,
    equivalence_user,
    judge_prompt,
)
from .scoring import Mode, align_async, nugget_value, order_metrics, question_score, read_reply
from .verdict import beam_pair, shown, verdict

__all__ = ["BEAM_PROMPT_VERSION", "BeamJudge"]

BEAM_PROMPT_VERSION = "official-b2a3ee8"
"""The version of the prompts (the judge cache keys on it)."""


class BeamJudge(LlmJudge):
    """BEAM's official judge (module docstring).

    Args:
        model: any text model.
        name: how results name it (``beam:<model spec>`` from the command line).
        mode: ``code`` (``int()`` of each nugget's score, as the official code) or ``paper`` (the
            scores as given).
        temperature: 0, as the official evaluation.
        max_tokens: None (the official evaluation sets none).

    Attributes:
        hallucination_mode: ``reference-only``.
        usage: model calls made (nugget and alignment calls) and their tokens.
    """

    protocol = "beam"
    hallucination_mode = "reference-only"

    def __init__(
        self,
        model: TextModel,
        *,
        name: str | None = None,
        mode: Mode = "code",
        temperature: float | None = DEFAULT_TEMPERATURE,
        max_tokens: int | None = None,
    ) -> None:
        if mode not in ("code", "paper"):
            raise ValueError(f"BEAM judge mode must be code or paper, not {mode!r}")
        super().__init__(model, name=name, temperature=temperature, max_tokens=max_tokens)
        self.prompt_version = BEAM_PROMPT_VERSION
        self.mode: Mode = mode

    def __repr__(self) -> str:
        return (
            f"BeamJudge(name={self.name!r}, mode={self.mode!r}, temperature={self.temperature!r}, "
            f"max_tokens={self.max_tokens!r})"
        )

    @property
    def cache_identity(self) -> str:
        """The protocol, name, prompt version, mode and sampling settings."""
        return json.dumps(
            {
                "judge": self.protocol,
                "name": self.name,
                "prompt": self.prompt_version,
                "mode": self.mode,
                "temperature": self.temperature,
                "max_tokens": self.max_tokens,
            },
            separators=(",", ":"),
        )

    def cache_material(self, context: JudgeContext | None) -> Any:
        """What the cache key adds: the pair's ability and rubric (what is scored)."""
        try:
            pair = beam_pair(context)
        except Exception:
            return None
        return {"ability": pair.key, "rubric": list(pair.rubric)}

    def prompt_texts(self) -> tuple[str, ...]:
        """The texts its model can be sent (hashed into a run's fingerprint)."""
        return (JUDGE_PROMPT, EQUIVALENCE_SYSTEM, EQUIVALENCE_USER)

    async def _equivalent(self, first: str, second: str) -> bool:
        reply = await self._call(EQUIVALENCE_SYSTEM, equivalence_user(first, second))
        return "yes" in reply.text.lower()

    async def nugget_scores(self, rubric: tuple[str, ...], answer: str) -> list[Any]:
        """The judge's raw score of each nugget, one call each, in order."""
        scores = []
        for item in rubric:
            reply = await self._call("", judge_prompt(item, answer))
            scores.append(read_reply(reply.text)["score"])
        return scores

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Score one answer against its pair's rubric (module docstring).

        Raises:
            JudgeError: the pair is no BEAM question.
            JudgeParseError: a reply held no readable score.
            ModelError: a model call failed (the harness retries it).
        """
        pair = beam_pair(context)
        if pair.key == "event_ordering":
            aligned = await align_async(pair.rubric, answer.split("\n"), self._equivalent)
            order = order_metrics(pair.rubric, aligned)
            matched = sum(1 for line in aligned if line in pair.rubric)
            detail = (
                f"tau_norm of {len(aligned)} line(s), {matched} aligned with the rubric's "
                f"{len(pair.rubric)} item(s); F1 {order.f1:.4f}"
            )
            return verdict(order.tau_norm, pair.ability, detail, answer)
        raw = await self.nugget_scores(pair.rubric, answer)
        values = [nugget_value(s, self.mode) for s in raw]
        how = "int() of each, as the official code" if self.mode == "code" else "as given"
        detail = f"nuggets {shown([float(s) for s in map(_number, raw)])} ({how})"
        return verdict(question_score(values), pair.ability, detail, answer)


def _number(score: Any) -> float:
    return float(score.strip()) if isinstance(score, str) else float(score)
