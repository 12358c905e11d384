"""What judging a planned run will cost, before any call (``recallbench plan --estimate``).

Each planned question's judge prompt is built with the LLM judge's own prompt builder
(:func:`~recallbench.judges.prompts.select_prompt`, :func:`~recallbench.judges.prompts.build_user_message`)
over the real question, reference and memory excerpts, with one assumption: **the system's answer is
as long as the reference answer** (the answer does not exist yet). Its tokens are estimated as
``ceil(characters / 4)`` (:func:`~recallbench.models.metering.estimate_tokens`). A reply is counted
at :data:`EXPECTED_REPLY_TOKENS` tokens (a score object with a one-line reasoning) for the estimate
and at the judge's ``max_tokens`` for the ceiling. A parse retry (a second call after an unreadable
reply) is not counted.

The judge cache is keyed by the answer too, so which calls it will save cannot be known before the
answers exist: the estimate assumes none, and :func:`cached_entries` counts the entries the cache
holds for each judge (an identical re-run's answers would cost nothing).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs

from .._jsonread import json_loads
from ..data.corpus import Day
from ..data.persona import PersonaDefinition
from ..data.qa import QAPair
from ..models.metering import estimate_tokens
from ..results.cost import PriceTable
from .base import build_context
from .prompts import build_user_message, select_prompt

__all__ = [
    "EXPECTED_REPLY_TOKENS",
    "JudgeEstimate",
    "cached_entries",
    "estimate_judge",
    "judge_prompt_tokens",
]

EXPECTED_REPLY_TOKENS = 100
"""Tokens a judge reply is expected to take: a JSON score with a one-line reasoning."""


def judge_prompt_tokens(
    pair: QAPair,
    days: Sequence[Day],
    window: int,
    persona: PersonaDefinition | None = None,
) -> int:
    """The estimated input tokens of the judge call for ``pair`` at a checkpoint where ``days``
    are ingested, the answer taken as long as the reference."""
    context = build_context(pair, days, window, persona=persona)
    _kind, system = select_prompt(context)
    user = build_user_message(pair.question, pair.answer, pair.answer, context)
    return estimate_tokens(system, user)


@attrs.frozen(kw_only=True)
class JudgeEstimate:
    """One judge's share of a planned run.

    Attributes:
        judge: the judge's spec.
        model: the model its calls are priced as (None: it calls no priced model we can name).
        role: ``judge`` or ``appellate`` (whose calls are a ceiling: one per failed answer at most).
        calls: model calls (questions × epochs × judge epochs).
        input_tokens: estimated prompt tokens over those calls.
        expected_output_tokens, max_output_tokens: replies at the expected size, and at max_tokens.
        usd, usd_max: the estimate and the ceiling (None: the model has no price).
    """

    judge: str
    model: str | None
    role: str
    calls: int
    input_tokens: int
    expected_output_tokens: int
    max_output_tokens: int
    usd: float | None
    usd_max: float | None


def estimate_judge(
    judge: str,
    model: str | None,
    prompt_tokens: Iterable[int],
    prices: PriceTable,
    *,
    max_tokens: int,
    repeats: int = 1,
    role: str = "judge",
) -> JudgeEstimate:
    """A judge's estimate from the prompt tokens of each planned question (each asked
    ``repeats`` times: epochs × judge epochs)."""
    counts = list(prompt_tokens)
    calls = len(counts) * repeats
    tokens_in = sum(counts) * repeats
    expected, ceiling = calls * min(EXPECTED_REPLY_TOKENS, max_tokens), calls * max_tokens
    price = prices.price_of(model) if model else None
    return JudgeEstimate(
        judge=judge,
        model=model,
        role=role,
        calls=calls,
        input_tokens=tokens_in,
        expected_output_tokens=expected,
        max_output_tokens=ceiling,
        usd=price.cost(tokens_in, expected) if price else None,
        usd_max=price.cost(tokens_in, ceiling) if price else None,
    )


def cached_entries(directory: Path) -> Counter[str]:
    """Entries of the judge cache in ``directory`` by the identity of the judge that stored them
    (empty when the directory does not exist): one pass over the cache, however many judges are
    looked up in it."""
    counts: Counter[str] = Counter()
    if not directory.is_dir():
        return counts
    for path in directory.glob("*/*.json"):
        try:
            entry = json_loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(entry, dict) and isinstance(entry.get("judge"), str):
            counts[entry["judge"]] += 1
    return counts
