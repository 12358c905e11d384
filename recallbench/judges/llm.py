"""The LLM judge: any text model, asked to grade an answer with one of three prompts (reference §4.1).

One question costs one model call, or two when the first reply holds no readable score: the model is
then asked once more, shown the start of its bad reply and reminded of the format. A second bad reply
raises :class:`~recallbench.errors.JudgeParseError`, which the harness records on that question (it
is not retried: asking a third time rarely helps and doubles the cost of a misbehaving model). Model
errors and timeouts propagate unchanged, for the harness to retry.
"""

from __future__ import annotations

import json
import math

from .._closing import AsyncClosing
from ..errors import ConfigError, JudgeParseError
from ..models.base import Completion, TextModel, complete
from ..results.scoring import JudgeScore
from .base import JudgeContext
from .parse import parse_judge_output
from .prompts import (
    PROMPT_VERSION,
    SYSTEM_PROMPTS,
    build_retry_message,
    build_user_message,
    select_prompt,
)
from .usage import JudgeUsage

__all__ = ["DEFAULT_MAX_TOKENS", "DEFAULT_TEMPERATURE", "LlmJudge"]

DEFAULT_TEMPERATURE = 0.0
"""Sampling temperature of judge calls: as deterministic as the provider allows."""

DEFAULT_MAX_TOKENS = 400
"""Reply budget of judge calls: ample for the score object and its one-line reasoning."""


class LlmJudge(AsyncClosing):
    """A judge that asks a text model to grade each answer.

    Args:
        model: any :class:`~recallbench.models.base.TextModel` (an HTTP provider, a CLI agent, or an
            object with an async ``complete``).
        name: how the judge is named in results and cache entries (default: the model's ``name``
            attribute, else its class name).
        temperature: passed to every call; None leaves it to the model.
        max_tokens: passed to every call; None leaves it to the model.

    Attributes:
        model: the text model.
        name: the judge's name.
        temperature, max_tokens: the sampling settings of every call.
        prompt_version: :data:`~recallbench.judges.prompts.PROMPT_VERSION` of the prompts used.
        usage: model calls made (a parse retry counts) and the tokens the model reported.

    Raises:
        ConfigError: ``temperature`` is negative or not finite, or ``max_tokens`` is not a positive
            whole number.
    """

    def __init__(
        self,
        model: TextModel,
        *,
        name: str | None = None,
        temperature: float | None = DEFAULT_TEMPERATURE,
        max_tokens: int | None = DEFAULT_MAX_TOKENS,
    ) -> None:
        if temperature is not None and (
            isinstance(temperature, bool)
            or not isinstance(temperature, int | float)
            or not math.isfinite(temperature)
            or temperature < 0
        ):
            raise ConfigError(
                f"judge temperature must be a non-negative number or None, got {temperature!r}"
            )
        if max_tokens is not None and (
            isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1
        ):
            raise ConfigError(
                f"judge max_tokens must be a positive whole number or None, got {max_tokens!r}"
            )
        self.model = model
        model_name = getattr(model, "name", None)
        self.name: str = name or (
            model_name if isinstance(model_name, str) and model_name else type(model).__name__
        )
        self.temperature = float(temperature) if temperature is not None else None
        self.max_tokens = max_tokens
        self.prompt_version = PROMPT_VERSION
        self.usage = JudgeUsage()

    def __repr__(self) -> str:
        return (
            f"LlmJudge(name={self.name!r}, temperature={self.temperature!r}, "
            f"max_tokens={self.max_tokens!r}, prompt_version={self.prompt_version!r})"
        )

    @property
    def cache_identity(self) -> str:
        """Everything about this judge that determines its scores, as one string (the judge cache keys
        on it): the name, the prompt version and the sampling settings."""
        return json.dumps(
            {
                "judge": "llm",
                "name": self.name,
                "prompt": self.prompt_version,
                "temperature": self.temperature,
                "max_tokens": self.max_tokens,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    def prompt_texts(self) -> tuple[str, ...]:
        """Every text this judge's model can be sent, built with placeholders for each kind of
        context (a run's fingerprint hashes them: :mod:`recallbench.judges.describe`)."""
        excerpts = "--- DAY 1 (2024-01-01) ---\nE"
        contexts = (
            None,
            JudgeContext(memory_excerpts=excerpts),
            JudgeContext(
                memory_excerpts=excerpts,
                expected_disclosure="refuse",
                query_session="S",
                forbidden_sessions=("F",),
            ),
            JudgeContext(expected_disclosure="answer"),
        )
        return (
            *(f"{k}\x00{v}" for k, v in SYSTEM_PROMPTS.items()),
            *(build_user_message("Q", "R", "A", c) for c in contexts),
            build_retry_message("MSG", "bad reply"),
        )

    async def aclose(self) -> None:
        """Close the model's resources (an HTTP provider's session); it reopens on the next call."""
        from ..models.factory import aclose_model

        await aclose_model(self.model)

    async def _call(self, system_prompt: str, user_message: str) -> Completion:
        # Counted before the call: a call that fails may still have been billed.
        self.usage.calls += 1
        reply = await complete(
            self.model,
            system_prompt,
            user_message,
            temperature=self.temperature,
            max_tokens=self.max_tokens,
        )
        self.usage.add_tokens(reply.input_tokens, reply.output_tokens)
        return reply

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Grade one answer.

        Args:
            question: the question asked.
            reference: the reference answer.
            answer: the system's answer.
            context: memory excerpts and boundary fields, when the judge may see them; they choose
                the prompt (:func:`~recallbench.judges.prompts.select_prompt`).

        Returns:
            The model's score; 0/0/1 when it replied with nothing (a content filter).

        Raises:
            JudgeParseError: the reply held no valid score, twice.
            ModelError: the model call failed (the harness retries it).
        """
        _kind, system_prompt = select_prompt(context)
        user_message = build_user_message(question, reference, answer, context)
        first = await self._call(system_prompt, user_message)
        try:
            return parse_judge_output(first.text)
        except JudgeParseError:
            pass  # asked once more below; a second bad reply is the question's error
        second = await self._call(system_prompt, build_retry_message(user_message, first.text))
        try:
            return parse_judge_output(second.text)
        except JudgeParseError as exc:
            raise JudgeParseError(f"{exc} (after one retry)") from exc
