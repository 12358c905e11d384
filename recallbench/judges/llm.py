"""The LLM judge: any text model, asked to grade an answer with one of three prompts (reference §4.1).

One question costs one model call, or two when the first reply holds no readable score: the model is
then asked once more, shown the start of its bad reply and reminded of the format. A second bad reply
raises :class:`~recallbench.errors.JudgeParseError`, which the harness records on that question (it
is not retried: asking a third time rarely helps and doubles the cost of a misbehaving model). Model
errors and timeouts propagate unchanged, for the harness to retry.
"""

from __future__ import annotations

import functools
import json
import math
import threading
from typing import TYPE_CHECKING

import anyio
import attrs

from .._closing import AsyncClosing
from ..errors import ConfigError, JudgeParseError
from ..models.base import Completion, TextModel, complete
from ..results.scoring import JudgeScore
from .base import JudgeContext
from .parse import parse_judge_output
from .prompts import (
    CLAIM_PROMPT_VERSION,
    PROMPT_VERSION,
    SYSTEM_PROMPTS,
    build_retry_message,
    build_user_message,
    select_prompt,
)
from .usage import JudgeUsage

if TYPE_CHECKING:
    from .rubric import RubricJudge

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
        claim_days: the claim check's bound (:mod:`recallbench.judges.claim_context`): with N > 0
            and a context carrying the days ingested at the checkpoint (as a run's does), the
            model is also shown the lines of up to N other days that hold the answer's extra
            claims — details the memory excerpts and the reference do not give — so that a true
            detail from another day can be told from an invented one. 0 (the default): never.

    Attributes:
        model: the text model.
        name: the judge's name.
        temperature, max_tokens: the sampling settings of every call.
        prompt_version: :data:`~recallbench.judges.prompts.PROMPT_VERSION` of the prompts used.
        usage: model calls made (a parse retry counts) and the tokens the model reported.

    Raises:
        ConfigError: ``temperature`` is negative or not finite, ``max_tokens`` is not a positive
            whole number, or ``claim_days`` is not a whole number ≥ 0.
    """

    def __init__(
        self,
        model: TextModel,
        *,
        name: str | None = None,
        temperature: float | None = DEFAULT_TEMPERATURE,
        max_tokens: int | None = DEFAULT_MAX_TOKENS,
        claim_days: int = 0,
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
        if isinstance(claim_days, bool) or not isinstance(claim_days, int) or claim_days < 0:
            raise ConfigError(f"judge claim_days must be a whole number ≥ 0, got {claim_days!r}")
        self.model = model
        self.claim_days = claim_days
        self._finder: RubricJudge | None = None
        self._finder_lock = threading.Lock()
        model_name = getattr(model, "name", None)
        self.name: str = name or (
            model_name if isinstance(model_name, str) and model_name else type(model).__name__
        )
        self.temperature = float(temperature) if temperature is not None else None
        self.max_tokens = max_tokens
        self.prompt_version = PROMPT_VERSION
        self.usage = JudgeUsage()

    def __getstate__(self) -> dict[str, object]:
        """What a copy needs (Ray ships judges): the claim finder and its lock are rebuilt."""
        state = dict(self.__dict__)
        state["_finder"] = None
        state.pop("_finder_lock", None)
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._finder_lock = threading.Lock()

    def __repr__(self) -> str:
        claims = f", claim_days={self.claim_days}" if self.claim_days else ""
        return (
            f"LlmJudge(name={self.name!r}, temperature={self.temperature!r}, "
            f"max_tokens={self.max_tokens!r}, prompt_version={self.prompt_version!r}{claims})"
        )

    @property
    def cache_identity(self) -> str:
        """Everything about this judge that determines its scores, as one string (the judge cache keys
        on it): the name, the prompt version and the sampling settings, and the claim check's bound
        and block version when it checks claims (left out otherwise: keys stay what they were)."""
        identity: dict[str, object] = {
            "judge": "llm",
            "name": self.name,
            "prompt": self.prompt_version,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        if self.claim_days:
            identity["claim_days"] = self.claim_days
            identity["claim_prompt"] = CLAIM_PROMPT_VERSION
        return json.dumps(identity, ensure_ascii=False, separators=(",", ":"))

    def prompt_texts(self) -> tuple[str, ...]:
        """Every text this judge's model can be sent, built with placeholders for each kind of
        context (a run's fingerprint hashes them: :mod:`recallbench.judges.describe`)."""
        excerpts = "--- DAY 1 (2024-01-01) ---\nE"
        contexts: tuple[JudgeContext | None, ...] = (
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
        if self.claim_days:  # only a judge that checks claims ever sends the claim block
            claims = "--- DAY 9 (2024-01-09) ---\nC"
            contexts += (
                JudgeContext(memory_excerpts=excerpts, claim_excerpts=claims),
                JudgeContext(claim_excerpts=claims),
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

    async def prepare_context(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeContext | None:
        """``context`` with the claim check's lines (:attr:`JudgeContext.claim_excerpts`) when this
        judge checks claims and the context carries days; unchanged otherwise, and when already
        prepared. A :class:`~recallbench.judges.cache.CachedJudge` calls it before computing its
        key, so the lines shown are part of what a cached score is stored under."""
        if not self.claim_days or context is None or context.claim_excerpts is not None:
            return context
        if not context.days or context.qa is None:
            return context
        # The look-up may first index the corpus (seconds for a long one): off the event loop.
        lines = await anyio.to_thread.run_sync(
            functools.partial(self._claim_lines, question, reference, answer, context)
        )
        return attrs.evolve(context, claim_excerpts=lines)

    def _claim_lines(
        self, question: str, reference: str, answer: str, context: JudgeContext
    ) -> str:
        from .claim_context import claim_excerpts
        from .rubric import RubricJudge

        with self._finder_lock:  # one index per corpus, built once, shared by the worker threads
            if self._finder is None:
                self._finder = RubricJudge()
            return claim_excerpts(
                question, reference, answer, context, limit=self.claim_days, finder=self._finder
            )

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
                the prompt (:func:`~recallbench.judges.prompts.select_prompt`). With
                ``claim_days``, its days are searched for the answer's extra claims
                (:meth:`prepare_context`).

        Returns:
            The model's score; 0/0/1 when it replied with nothing (a content filter).

        Raises:
            JudgeParseError: the reply held no valid score, twice.
            ModelError: the model call failed (the harness retries it).
        """
        context = await self.prepare_context(question, reference, answer, context)
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
