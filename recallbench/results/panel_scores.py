"""A judge panel's verdicts on one answer and the rules that make one score of them. Pure.

A panel (:class:`recallbench.judges.panel.JudgePanel`) asks several judges, each possibly several
times (judge epochs), and keeps every verdict (:class:`PanelVerdict`, the ``panel`` list of an answer
in ``result.json``). The answer's own score is the aggregate, by one of three rules
(:data:`AGGREGATES`):

* ``mean``: the composite is the mean of the verdicts' composites (a fraction, kept as it is); each
  dimension (correctness, completeness, hallucination) is its mean rounded to the nearest whole
  number, halves rounded *down* — a panel split evenly on a hallucination calls it one.
* ``median``: the composite is the median of the composites (with an even number of verdicts, the
  mean of the two middle ones); each dimension is its *low* median (the lower middle value).
* ``majority``: each dimension is its most common value; a tie between several equally common
  values goes to the one nearest the dimension's median, and a tie in that to the lower value. The
  composite is the sum of the three (a whole number).

The rounding always goes down (toward the stricter verdict), so an evenly split panel never lifts an
answer. With one verdict every rule gives that verdict back unchanged, reasoning included.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any, Literal

import attrs

from .scoring import JudgeScore

__all__ = [
    "AGGREGATES",
    "Aggregate",
    "PanelScore",
    "PanelVerdict",
    "aggregate",
    "panel_of_record",
    "panel_parts",
    "verdict_of",
]

Aggregate = Literal["mean", "median", "majority"]
AGGREGATES: tuple[Aggregate, ...] = ("mean", "median", "majority")


@attrs.frozen(kw_only=True)
class PanelVerdict:
    """One judge's verdict on one answer at one judge epoch (1 is the first, as ``--judge-epochs``
    counts)."""

    judge: str
    epoch: int
    correctness: int
    completeness: int
    hallucination: int
    composite: int
    reasoning: str | None = None


def verdict_of(judge: str, epoch: int, score: JudgeScore) -> PanelVerdict:
    return PanelVerdict(
        judge=judge,
        epoch=epoch,
        correctness=score.correctness,
        completeness=score.completeness,
        hallucination=score.hallucination,
        composite=score.composite,
        reasoning=score.reasoning,
    )


@attrs.frozen(kw_only=True)
class PanelScore(JudgeScore):
    """The aggregate of a panel's verdicts: a :class:`JudgeScore` (so every judge seam takes it)
    that also carries the verdicts and the aggregate composite (``composite_value``: under ``mean``
    and ``median`` it may be a fraction, and may differ from the sum of the rounded dimensions)."""

    composite_value: float
    verdicts: tuple[PanelVerdict, ...] = attrs.field(eq=False)
    rule: str = "mean"


def _half_down(value: float) -> int:
    return math.ceil(value - 0.5)


def _majority(values: Sequence[int]) -> int:
    counts = Counter(values)
    top = max(counts.values())
    modes = sorted(v for v, c in counts.items() if c == top)
    if len(modes) == 1:
        return modes[0]
    middle = statistics.median(values)
    return min(modes, key=lambda v: (abs(v - middle), v))


def _dimension(values: Sequence[int], rule: Aggregate) -> int:
    if rule == "mean":
        return _half_down(sum(values) / len(values))
    if rule == "median":
        return int(statistics.median_low(values))
    return _majority(values)


def _reasoning(verdicts: Sequence[PanelVerdict], rule: Aggregate) -> str:
    epochs = len({v.epoch for v in verdicts}) > 1
    parts = ", ".join(
        f"{v.judge}{f' #{v.epoch}' if epochs else ''} {v.composite}" for v in verdicts
    )
    return f"panel {rule} of {len(verdicts)} verdicts ({parts})"


def aggregate(verdicts: Sequence[PanelVerdict], rule: Aggregate = "mean") -> PanelScore:
    """One score from a panel's verdicts (at least one) by ``rule``; see the module docstring."""
    if not verdicts:
        raise ValueError("a panel score needs at least one verdict")
    if rule not in AGGREGATES:
        raise ValueError(f"unknown panel aggregate {rule!r} (choose {', '.join(AGGREGATES)})")
    if len(verdicts) == 1:
        only = verdicts[0]
        return PanelScore(
            correctness=only.correctness,
            completeness=only.completeness,
            hallucination=only.hallucination,
            reasoning=only.reasoning,
            composite_value=only.composite,
            verdicts=tuple(verdicts),
            rule=rule,
        )
    dims = {
        name: _dimension([getattr(v, name) for v in verdicts], rule)
        for name in ("correctness", "completeness", "hallucination")
    }
    composites = [v.composite for v in verdicts]
    if rule == "mean":
        composite: float = sum(composites) / len(composites)
    elif rule == "median":
        composite = statistics.median(composites)
    else:
        composite = sum(dims.values())
    return PanelScore(
        **dims,
        reasoning=_reasoning(verdicts, rule),
        composite_value=composite,
        verdicts=tuple(verdicts),
        rule=rule,
    )


def panel_parts(
    score: JudgeScore,
) -> tuple[tuple[tuple[PanelVerdict, ...], float] | None, JudgeScore]:
    """A score split into its panel part (the verdicts and the aggregate composite; None for a
    plain score or a panel of one verdict) and the plain :class:`JudgeScore` an answer keeps."""
    if not isinstance(score, PanelScore):
        return None, score
    plain = JudgeScore(
        correctness=score.correctness,
        completeness=score.completeness,
        hallucination=score.hallucination,
        reasoning=score.reasoning,
    )
    if len(score.verdicts) < 2:
        return None, plain
    return (score.verdicts, score.composite_value), plain


def panel_of_record(raw: Any) -> tuple[PanelVerdict, ...] | None:
    """The verdicts of a ``panel`` list as JSON writes them (a questions.jsonl record's, read back on
    resume); None when there is none or it cannot be read."""
    if not isinstance(raw, list) or not raw:
        return None
    try:
        return tuple(
            PanelVerdict(
                judge=str(v["judge"]),
                epoch=int(v["epoch"]),
                correctness=int(v["correctness"]),
                completeness=int(v["completeness"]),
                hallucination=int(v["hallucination"]),
                composite=int(v["composite"]),
                reasoning=v.get("reasoning") if isinstance(v.get("reasoning"), str) else None,
            )
            for v in raw
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
