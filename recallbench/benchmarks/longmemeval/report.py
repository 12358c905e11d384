"""LongMemEval's figures in the layout its paper publishes (``publicBenchmark["longmemeval"]`` in
``result.json``). Pure: stdlib and attrs only.

A run's LongMemEval answers are those of pairs the importer wrote (``extra["questionDate"]`` with
``extra["answerSessionIds"]``, and no LoCoMo category: :func:`is_longmemeval`); each counts once, by
its last asking, with the official figure its judge kept at the head of the score's reasoning
(:mod:`recallbench.judges.published`): ``accuracy`` (``longmemeval``). An answer judged by any other
judge has none; the report then warns that it is not comparable with the published figures.

As the official ``print_qa_metrics.py`` computes them (xiaowu0162/LongMemEval,
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
from collections.abc import Iterable, Sequence
from typing import Any

from ...data.qa import QAPair
from ...judges.published import head_figure, last_askings
from ...results.records import PersonaResult, QuestionResult

__all__ = ["LONGMEMEVAL_TYPES", "is_longmemeval", "longmemeval_published", "longmemeval_report"]

LONGMEMEVAL_TYPES = (
    "single-session-user",
    "single-session-preference",
    "single-session-assistant",
    "multi-session",
    "temporal-reasoning",
    "knowledge-update",
)
"""The question types in the official script's order (``type2acc``)."""

_LONGMEMEVAL_PUBLISHED = "published LongMemEval accuracies (the longmemeval judge's yes/no prompts)"


def _mean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def is_longmemeval(pair: QAPair) -> bool:
    """Whether a pair is a LongMemEval question: its importer keeps the question's date and its
    answer sessions; a pair with a LoCoMo category number is LoCoMo's, whatever else it has (as
    ``publicBenchmark`` has always told them apart)."""
    if isinstance(pair.extra.get("locomoCategory"), int):
        return False
    return "questionDate" in pair.extra and "answerSessionIds" in pair.extra


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
        fig = head_figure(q.score.reasoning)
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


def longmemeval_published(personas: Sequence[PersonaResult]) -> dict[str, Any] | None:
    """``publicBenchmark["longmemeval"]`` of a run: the layout over its LongMemEval questions' last
    askings; None when it asked none."""
    answers = [(q, s) for q, s in last_askings(personas) if is_longmemeval(q.qa)]
    return longmemeval_report(answers) if answers else None
