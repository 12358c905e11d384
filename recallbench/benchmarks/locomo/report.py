"""LoCoMo and LongMemEval figures in the layout their papers publish (``publicBenchmark`` in
``result.json``). Pure: stdlib and attrs only.

A run over imported LoCoMo or LongMemEval data (``--data locomo:FILE``, ``longmemeval:FILE`` or a
directory ``recallbench import`` wrote) is recognised by its pairs' extra keys
(``extra["locomoCategory"]``; ``extra["questionDate"]`` with ``extra["answerSessionIds"]``); every
other run gets no ``publicBenchmark`` key, so a persona run's ``result.json`` is unchanged.

**Which asking.** A checkpoint run asks a question at each checkpoint that holds its evidence; the
published figure is one answer per question, so each question counts once, by its *last* asking:
the final checkpoint's (the one that has seen the whole conversation / haystack). An answer whose
judge failed has no figure and is counted apart (``unjudgedCount``).

**Which figure.** The official judges keep their own figure at the head of the score's reasoning
(:func:`native_figure`): ``F1`` (``locomo-f1``), ``J`` (``locomo-llm``; category 5 excluded),
``accuracy`` (``longmemeval``). An answer judged by any other judge has none; the report then warns
that it is not comparable with the published figures.

**LoCoMo.** Per category (by the dataset's number 1–5, named under the convention the import used:
official or mem0, inferred from the pairs' ``questionType`` names) the mean F1 and/or J over its
questions; ``overall`` is the mean over the questions of categories 1–4 (as papers report it:
1,540 questions in the full set); category 5 (adversarial) is reported apart (``adversarial``);
``overallAccuracy`` is the mean over every category, 1–5 (1,986 questions), which LoCoMo's own
statistics print as "Overall accuracy" (``task_eval/evaluation_stats.py``, ``analyze_aggr_acc``).
F1 is read back from the reasoning at four decimals, so a mean may differ from the exact one in the
fifth place.

**LongMemEval.** As the official ``print_qa_metrics.py`` computes them (xiaowu0162/LongMemEval,
``src/evaluation/print_qa_metrics.py`` at commit b11ff723381cf41e744c5524be0c52b3a408516c):
every answer counts under its ``question_type`` (``_abs`` ones too), per-type accuracy is the mean
of its labels, the task-averaged accuracy is the mean of the per-type accuracies, the overall
accuracy the mean of every label, the abstention accuracy the mean over ``_abs`` questions. One
deliberate difference: the official script lists six fixed types and a type without questions gives
``nan`` (``np.mean([])``) and poisons the task average; here a type without judged answers is listed
with no accuracy and the task average is over the types that have one (``typesMissing`` names the
others), so a subset of the set still gets a figure.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ...data.qa import QAPair
from ...results.records import PersonaResult, QuestionResult

__all__ = [
    "LOCOMO_MAPPINGS",
    "LONGMEMEVAL_TYPES",
    "last_askings",
    "locomo_report",
    "longmemeval_report",
    "public_benchmark",
]

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
"""The two category conventions (as :mod:`recallbench.data.importers.locomo` names them)."""

LONGMEMEVAL_TYPES = (
    "single-session-user",
    "single-session-preference",
    "single-session-assistant",
    "multi-session",
    "temporal-reasoning",
    "knowledge-update",
)
"""The question types in the official script's order (``type2acc``)."""

_HEAD = re.compile(r"(F1|J|accuracy) (excluded|\d+(?:\.\d+)?) \[")
"""The official judges' head (``recallbench.judges.official.figure_head``), read here with the same
pattern: the judges' room sits above this one."""
_LOCOMO_METRICS = ("F1", "J")
_LOCOMO_PUBLISHED = "published LoCoMo F1 (locomo-f1) or J (locomo-llm) figures"
_LONGMEMEVAL_PUBLISHED = "published LongMemEval accuracies (the longmemeval judge's yes/no prompts)"


def _figure(reasoning: str | None) -> tuple[str, float | None] | None:
    m = _HEAD.match(reasoning or "")
    if m is None:
        return None
    return m.group(1), None if m.group(2) == "excluded" else float(m.group(2))


def last_askings(personas: Iterable[PersonaResult]) -> Iterator[tuple[QuestionResult, bool]]:
    """Each question of each persona once, by its last asking (the latest checkpoint that asked
    it), with whether that answer was scored (False: its judge failed)."""
    for persona in personas:
        last: dict[str, tuple[QuestionResult, bool]] = {}
        for r in persona.range_results:
            for q in r.question_results:
                last.pop(q.qa.id, None)
                last[q.qa.id] = (q, True)
            for q in r.unscored_results or ():
                last.pop(q.qa.id, None)
                last[q.qa.id] = (q, False)
        yield from last.values()


def _mean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def _is_locomo(pair: QAPair) -> bool:
    return isinstance(pair.extra.get("locomoCategory"), int)


def _is_longmemeval(pair: QAPair) -> bool:
    return "questionDate" in pair.extra and "answerSessionIds" in pair.extra


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
        fig = _figure(q.score.reasoning)
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


def longmemeval_report(answers: Iterable[tuple[QuestionResult, bool]]) -> dict[str, Any]:
    """The LongMemEval layout from each question's last asking, as ``print_qa_metrics.py``
    computes it (module docstring)."""
    type2acc: dict[str, list[float]] = {t: [] for t in LONGMEMEVAL_TYPES}
    counts: dict[str, int] = dict.fromkeys(LONGMEMEVAL_TYPES, 0)
    abstention: list[float] = []
    all_acc: list[float] = []
    unjudged = unofficial = total = 0
    for q, scored in answers:
        total += 1
        qtype = str(q.qa.extra.get("questionType", "unknown"))
        counts[qtype] = counts.get(qtype, 0) + 1
        type2acc.setdefault(qtype, [])
        if not scored:
            unjudged += 1
            continue
        fig = _figure(q.score.reasoning)
        if fig is None or fig[0] != "accuracy" or fig[1] is None:
            unofficial += 1
            continue
        label = 1.0 if fig[1] else 0.0
        type2acc[qtype].append(label)
        all_acc.append(label)
        # The official script tests '_abs' in the question id; the importer keeps that as
        # extra["abstention"].
        if q.qa.extra.get("abstention") is True:
            abstention.append(label)
    types: list[dict[str, Any]] = [
        {"questionType": t, "questionCount": counts[t], "judgedCount": len(v)}
        | ({"accuracy": acc} if (acc := _mean(v)) is not None else {})
        for t, v in type2acc.items()
    ]
    task_acc = [row["accuracy"] for row in types if "accuracy" in row]
    out: dict[str, Any] = {
        "asking": "last",
        "questionCount": total,
        "types": types,
        "judgedCount": len(all_acc),
        "abstentionCount": len(abstention),
    }
    if task_acc:
        out["taskAveragedAccuracy"] = _mean(task_acc)
    if all_acc:
        out["overallAccuracy"] = _mean(all_acc)
    if abstention:
        out["abstentionAccuracy"] = _mean(abstention)
    missing = [row["questionType"] for row in types if "accuracy" not in row]
    if missing:
        out["typesMissing"] = missing
    if unjudged:
        out["unjudgedCount"] = unjudged
    if unofficial:
        out["warnings"] = [
            f"{unofficial} of {total} answers were judged by another judge (no official yes/no "
            f"label): they are not comparable with {_LONGMEMEVAL_PUBLISHED} and are left out "
            "of the figures"
        ]
    return out


def public_benchmark(personas: Sequence[PersonaResult]) -> dict[str, Any] | None:
    """``publicBenchmark``: ``{"locomo": …, "longmemeval": …}`` for the benchmarks the run's
    questions come from; None when it asked none of theirs (a persona or manifest run)."""
    answers = list(last_askings(personas))
    locomo = [(q, s) for q, s in answers if _is_locomo(q.qa)]
    longmemeval = [(q, s) for q, s in answers if not _is_locomo(q.qa) and _is_longmemeval(q.qa)]
    out: dict[str, Any] = {}
    if locomo:
        out["locomo"] = locomo_report(locomo)
    if longmemeval:
        out["longmemeval"] = longmemeval_report(longmemeval)
    return out or None
