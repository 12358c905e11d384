"""What a run cost in money: token usage per answer, priced from a table, summed every way a reader asks.

Pure functions and records only (the table's file is read by :mod:`recallbench.models.prices`).

**Usage** is kept per answer as ``{role: {model: {"calls", "inputTokens", "outputTokens"}}}`` —
``QuestionResult.usage``, ``usage`` in ``result.json`` and ``questions.jsonl`` — where the role is
``judge`` (the primary judge, or every member of a panel: their counts add up by model),
``appellate`` (the appellate judge's re-scoring) or ``adapter`` (what the memory system reported for
its own model calls: a ``model`` tool call with ``inputTokens``/``outputTokens``). A judge-cache hit
makes no call and adds nothing.

**Cost** = input tokens × the model's input price + output tokens × its output price, prices in USD
per million tokens. A model the table does not price makes the cost *unknown*, never 0: every
total it enters is None and the model is listed under ``unpricedModels``.

**Cost per correct answer** = the priced cost of the answers / the number of *correct* answers, where
an answer is correct when it was scored and its judge gave correctness ≥ 2 of 3
(:data:`CORRECT_AT_LEAST`). Every answer paid for counts in the numerator, the wrong and the unscored
ones too: that is what a correct answer cost.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from .records import PersonaResult, QuestionResult, TimeRangeResult

__all__ = [
    "CORRECT_AT_LEAST",
    "ROLES",
    "CostSummary",
    "Price",
    "PriceTable",
    "Usage",
    "add_usage",
    "cost_of_answers",
    "is_correct",
    "persona_cost_json",
    "run_cost_json",
    "usage_cost",
]

Usage = Mapping[str, Mapping[str, Mapping[str, int]]]
"""``{role: {model: {"calls": n, "inputTokens": n, "outputTokens": n}}}``."""

ROLES: tuple[str, ...] = ("judge", "appellate", "adapter")
"""Who made the calls, in the order they are reported."""

CORRECT_AT_LEAST = 2
"""An answer is correct for :func:`is_correct` when its correctness is at least this (of 3)."""

_COUNTS = ("calls", "inputTokens", "outputTokens")

_SNAPSHOT = re.compile(r"^(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{4}|latest)$")
"""What a dated snapshot adds to its model's name: ``2024-07-18``, ``20250929``, ``0613``, ``latest``."""


def _price(_i: object, a: attrs.Attribute[Any], v: float) -> None:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or v < 0:
        raise ValueError(f"{a.name} must be a non-negative number of USD, got {v!r}")


@attrs.frozen(kw_only=True)
class Price:
    """A model's price in USD per million tokens."""

    input_per_mtok: float = attrs.field(validator=_price)
    output_per_mtok: float = attrs.field(validator=_price)

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        return (input_tokens * self.input_per_mtok + output_tokens * self.output_per_mtok) / 1e6


@attrs.frozen(kw_only=True)
class PriceTable:
    """Model → :class:`Price`, with the date the prices were taken and where from.

    A model name is looked up as written, then without its provider (``openai:gpt-4o-mini`` →
    ``gpt-4o-mini``), then as the snapshot of a table key: the key, ``-``, and a date or ``latest``
    (``gpt-4o-mini-2024-07-18`` and ``claude-sonnet-4-5-20250929`` are priced as ``gpt-4o-mini``
    and ``claude-sonnet-4-5``; ``gpt-5.4-pro`` is *not* priced as ``gpt-5.4``). Lookups ignore
    case.
    """

    prices: Mapping[str, Price]
    date: str
    source: str = ""

    def price_of(self, model: str) -> Price | None:
        """The price of ``model``, or None when the table has none."""
        table = {k.lower(): v for k, v in self.prices.items()}
        name = model.strip().lower()
        for candidate in (name, name.split(":", 1)[1] if ":" in name else None):
            if candidate is None:
                continue
            candidate = candidate.split(";", 1)[0]  # azure:deployment;endpoint
            if candidate in table:
                return table[candidate]
            extended = [
                k
                for k in table
                if candidate.startswith(k + "-") and _SNAPSHOT.match(candidate[len(k) + 1 :])
            ]
            if extended:
                return table[max(extended, key=len)]
        return None

    def merged(self, other: PriceTable) -> PriceTable:
        """This table with ``other``'s prices added over it (an override file); its date and source
        are kept beside this one's."""
        return PriceTable(
            prices={**self.prices, **other.prices},
            date=other.date or self.date,
            source="; ".join(s for s in (other.source, self.source) if s),
        )


def add_usage(*usages: Usage | None) -> dict[str, dict[str, dict[str, int]]]:
    """The sum of usages, role by role and model by model (a panel's members, a checkpoint's
    answers). Empty when there is nothing to add."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for usage in usages:
        for role, models in (usage or {}).items():
            for model, counts in models.items():
                into = out.setdefault(role, {}).setdefault(model, dict.fromkeys(_COUNTS, 0))
                for key in _COUNTS:
                    into[key] += int(counts.get(key, 0) or 0)
    return out


def usage_cost(usage: Usage | None, table: PriceTable) -> dict[str, float | None]:
    """USD per role of one usage (None for a role that used an unpriced model); ``total`` too."""
    out: dict[str, float | None] = {}
    for role, models in (usage or {}).items():
        role_cost: float | None = 0.0
        for model, counts in models.items():
            price = table.price_of(model)
            if price is None:
                role_cost = None
            elif role_cost is not None:
                role_cost += price.cost(counts.get("inputTokens", 0), counts.get("outputTokens", 0))
        out[role] = role_cost
    parts = list(out.values())
    out["total"] = None if None in parts else math.fsum(p for p in parts if p is not None)
    return out


def is_correct(answer: QuestionResult) -> bool:
    """Whether a scored answer counts as correct: correctness ≥ :data:`CORRECT_AT_LEAST`."""
    return answer.score.correctness >= CORRECT_AT_LEAST


@attrs.frozen(kw_only=True)
class CostSummary:
    """The cost of some answers (a checkpoint, a persona, a run).

    Attributes:
        usd: the total; None when any model used is unpriced.
        by_role: ``judge`` / ``appellate`` / ``adapter`` → USD (None: unpriced), roles that made calls.
        usage: the summed usage.
        answers: answers counted (scored or not).
        correct: answers counted as correct (:func:`is_correct`).
        unpriced: models the table has no price for, sorted.
    """

    usd: float | None
    by_role: Mapping[str, float | None]
    usage: Usage
    answers: int
    correct: int
    unpriced: tuple[str, ...] = ()

    @property
    def per_correct(self) -> float | None:
        """USD per correct answer; None when the cost is unknown or nothing was correct."""
        if self.usd is None or self.correct == 0:
            return None
        return self.usd / self.correct

    def to_json(self) -> dict[str, Any]:
        """The ``cost`` object of ``result.json`` (camelCase; USD rounded to 1e-6)."""

        def usd(v: float | None) -> float | None:
            return None if v is None else round(v, 6)

        out: dict[str, Any] = {
            "usd": usd(self.usd),
            **{f"{role}Usd": usd(self.by_role[role]) for role in ROLES if role in self.by_role},
            "answers": self.answers,
            "correctAnswers": self.correct,
            "usdPerCorrectAnswer": usd(self.per_correct),
            "usage": {r: dict(self.usage[r]) for r in ROLES if r in self.usage},
        }
        if self.unpriced:
            out["unpricedModels"] = list(self.unpriced)
        return out


def cost_of_answers(
    scored: Iterable[QuestionResult],
    table: PriceTable,
    unscored: Iterable[QuestionResult] = (),
) -> CostSummary:
    """The cost of answers: ``scored`` (which may be correct) and ``unscored`` (paid for, never
    correct)."""
    usages: list[Usage | None] = []
    answers = correct = 0
    for group, is_unscored in ((scored, False), (unscored, True)):
        for q in group:
            answers += 1
            correct += not is_unscored and is_correct(q)
            usages.append(q.usage)
    usage = add_usage(*usages)
    by_role = usage_cost(usage, table)
    total = by_role.pop("total", 0.0)
    unpriced = sorted({m for models in usage.values() for m in models if table.price_of(m) is None})
    return CostSummary(
        usd=total,
        by_role=by_role,
        usage=usage,
        answers=answers,
        correct=correct,
        unpriced=tuple(unpriced),
    )


def _ranges_cost(ranges: Iterable[TimeRangeResult], table: PriceTable) -> CostSummary:
    """The cost of checkpoints' answers, scored and unscored."""
    rs = list(ranges)
    return cost_of_answers(
        [q for r in rs for q in r.question_results],
        table,
        [q for r in rs for q in r.unscored_results or ()],
    )


def persona_cost_json(
    range_results: Iterable[TimeRangeResult], table: PriceTable
) -> dict[str, Any] | None:
    """A persona's ``cost``: its answers' total, and ``checkpoints`` (label → that checkpoint's
    cost, without the usage); None when none of its answers used tokens."""
    results = list(range_results)
    total = _ranges_cost(results, table)
    if not total.usage:
        return None
    checkpoints: dict[str, Any] = {}
    for r in results:
        part = _ranges_cost([r], table).to_json()
        part.pop("usage")
        checkpoints[r.range.label] = part
    return {**total.to_json(), "checkpoints": checkpoints}


def run_cost_json(
    personas: Iterable[PersonaResult],
    table: PriceTable,
    budget: Mapping[str, Any] | None = None,
) -> dict[str, Any] | None:
    """The run's ``cost`` (in ``metadata``): every answer's total, the price table's ``prices``
    (date and source) and, with ``--max-cost``, the ``budget``; None when no answer used tokens
    and no budget was set."""
    total = _ranges_cost((r for p in personas for r in p.range_results), table)
    if not total.usage and budget is None:
        return None
    out = total.to_json()
    out["prices"] = {"date": table.date, "source": table.source}
    if budget is not None:
        out["budget"] = dict(budget)
    return out
