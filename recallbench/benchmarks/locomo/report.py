"""LoCoMo's figures in the layout its papers publish (``publicBenchmark["locomo"]`` in
``result.json``). Pure: stdlib and attrs only.

A run's LoCoMo answers are those of pairs the importer wrote (``extra["locomoCategory"]``,
:func:`is_locomo`); each counts once, by its last asking, with the official figure its judge kept at
the head of the score's reasoning (:mod:`recallbench.judges.published`): ``F1`` (``locomo-f1``),
``J`` (``locomo-llm``; category 5 excluded). An answer judged by any other judge has none; the
report then warns that it is not comparable with the published figures.

Per category (by the dataset's number 1–5, named under the convention the import used: official or
mem0, inferred from the pairs' ``questionType`` names) the mean F1 and/or J over its questions;
``overall`` is the mean over the questions of categories 1–4 (as papers report it: 1,540 questions
in the full set); category 5 (adversarial) is reported apart (``adversarial``); ``overallAccuracy``
is the mean over every category, 1–5 (1,986 questions), which LoCoMo's own statistics print as
"Overall accuracy" (``task_eval/evaluation_stats.py``, ``analyze_aggr_acc``). F1 is read back from
the reasoning at four decimals, so a mean may differ from the exact one in the fifth place.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...data.qa import QAPair
from ...judges.published import head_figure, last_askings
from ...results.records import PersonaResult, QuestionResult

__all__ = ["LOCOMO_MAPPINGS", "is_locomo", "locomo_published", "locomo_report"]

LOCOMO_MAPPINGS: Mapping[str, Mapping[int, str]] = {
    "official": {
        1: "multi-hop",
        2: "temporal",
        3: "open-domain",
        4: "single-hop",
        5: "adversarial",
    },
    "mem0": {1: "single-hop", 2: "temporal", 3: "multi-hop", 4: "open-domain", 5: "adversarial"},
}
"""The two category conventions (as :mod:`recallbench.benchmarks.locomo.importer` names them)."""

_LOCOMO_METRICS = ("F1", "J")
_LOCOMO_PUBLISHED = "published LoCoMo F1 (locomo-f1) or J (locomo-llm) figures"


def _mean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def is_locomo(pair: QAPair) -> bool:
    """Whether a pair is a LoCoMo question (its importer keeps the category number)."""
    return isinstance(pair.extra.get("locomoCategory"), int)


def _conventions(pair: QAPair) -> set[str]:
    """The conventions a LoCoMo pair's name fits (both for categories 2 and 5)."""
    number, name = int(pair.extra["locomoCategory"]), pair.extra.get("questionType")
    return {c for c, names in LOCOMO_MAPPINGS.items() if names.get(number) == name}


def locomo_report(answers: Iterable[tuple[QuestionResult, bool]]) -> dict[str, Any]:
    """The LoCoMo layout from each question's last asking (module docstring)."""
    figures: dict[int, dict[str, list[float]]] = {}
    counts: dict[int, int] = {}
    conventions: dict[str, int] = {}
    unjudged = unofficial = 0
    metrics_seen: set[str] = set()
    for q, scored in answers:
        number = int(q.qa.extra["locomoCategory"])
        counts[number] = counts.get(number, 0) + 1
        fits = _conventions(q.qa)
        if len(fits) == 1:
            (only,) = fits
            conventions[only] = conventions.get(only, 0) + 1
        if not scored:
            unjudged += 1
            continue
        fig = head_figure(q.score.reasoning)
        if fig is None or fig[0] not in _LOCOMO_METRICS:
            unofficial += 1
            continue
        metrics_seen.add(fig[0])
        if fig[1] is not None:
            figures.setdefault(number, {}).setdefault(fig[0], []).append(fig[1])
    mapping = (
        "official" if not conventions else "mixed" if len(conventions) > 1 else min(conventions)
    )
    names = LOCOMO_MAPPINGS.get(mapping, LOCOMO_MAPPINGS["official"])
    metrics = [m for m in _LOCOMO_METRICS if m in metrics_seen]

    def row(numbers: Iterable[int]) -> dict[str, Any]:
        out: dict[str, Any] = {"questionCount": sum(counts.get(n, 0) for n in numbers)}
        for m in metrics:
            values = [v for n in numbers for v in figures.get(n, {}).get(m, ())]
            if values:
                out[m] = _mean(values)
                out[f"{m}Count"] = len(values)
        return out

    categories = [{"category": n, "name": names.get(n, str(n)), **row([n])} for n in sorted(counts)]
    warnings: list[str] = []
    if mapping == "mixed":
        warnings.append(
            "this run mixes LoCoMo category conventions ("
            + ", ".join(f"{c}: {n} questions" for c, n in sorted(conventions.items()))
            + "): its per-category figures are comparable with neither convention's published "
            "tables; import the file again with one --locomo-categories"
        )
    if len(metrics) > 1:
        warnings.append(
            "this run's answers were judged by both locomo-f1 (F1) and locomo-llm (J): each "
            "figure covers only the answers its judge scored"
        )
    if unofficial:
        warnings.append(
            f"{unofficial} of {sum(counts.values())} answers were judged by another judge "
            f"(rubric or LLM rubric, no official figure): they are not comparable with "
            f"{_LOCOMO_PUBLISHED} and are left out of the figures"
        )
    out: dict[str, Any] = {
        "categoryMapping": mapping,
        "categoryNames": {str(n): name for n, name in names.items()},
        "asking": "last",
        "questionCount": sum(counts.values()),
        "metrics": metrics,
        "categories": categories,
        "overall": row([n for n in counts if 1 <= n <= 4]),
        "adversarial": row([5]),
        "overallAccuracy": row(sorted(counts)),
    }
    if unjudged:
        out["unjudgedCount"] = unjudged
    if warnings:
        out["warnings"] = warnings
    return out


def locomo_published(personas: Sequence[PersonaResult]) -> dict[str, Any] | None:
    """``publicBenchmark["locomo"]`` of a run: the layout over its LoCoMo questions' last askings;
    None when it asked none."""
    answers = [(q, s) for q, s in last_askings(personas) if is_locomo(q.qa)]
    return locomo_report(answers) if answers else None
