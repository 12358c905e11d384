"""BEAM's official scoring, as ``src/evaluation/compute_metrics.py`` and ``report_results.py`` compute
it. Pure: stdlib only; no model is called here (the judges pass what their model said).

**A nugget** is scored 1.0, 0.5 or 0.0 by the judge's JSON reply (:func:`read_reply`, as
``parse_json_response`` reads it). **A question** is the mean of its nuggets' scores
(:func:`question_score`) — with the official code's ``int(response['score'])``, which truncates a
0.5 to 0 (``mode="code"``, what the published figures were computed with), or with the scores as
the judge gave them, as the paper describes (``mode="paper"``).

**Event ordering** (:func:`event_ordering_score`) is not a nugget mean: the response's lines (its
text split on ``"\\n"``, blank lines and list numbers included) are aligned with the rubric's
ordered items — each line, in order, takes the first unused item the equivalence check accepts —
and the figure is ``tau_norm``, (Kendall's tau-b + 1) / 2 between the items' ranks in the rubric and
in the aligned lines, every item of either list ranked (its last place; absent: after the union).
:func:`kendall_tau_b` is scipy's ``kendalltau(variant="b")`` to the last bit (its tie counts, its
two square roots, its clipping to [-1, 1], NaN when every value of one side ties).
``report_results.py`` reports ``tau_norm`` alone for event ordering; precision, recall, F1 and
``final_score`` = tau_norm × F1 are computed here too, for the record.

**Aggregation** (:func:`ability_scores`): per conversation and ability, the mean over its
questions; per ability, the mean over the conversations; the headline is the unweighted mean of
the abilities' scores (the paper's; the code stops at the per-ability table).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from ...errors import JudgeParseError

__all__ = [
    "Mode",
    "OrderScore",
    "ability_scores",
    "align",
    "align_async",
    "event_ordering_score",
    "kendall_tau_b",
    "nugget_value",
    "order_metrics",
    "parse_json_response",
    "question_score",
    "read_reply",
]

Mode = Literal["code", "paper"]
"""``code``: each nugget's score through ``int()``, as the official code does (0.5 → 0);
``paper``: the score as given (1, 0.5 or 0), as the paper describes."""

_FENCED = re.compile(r"```(?:json)?\s*(\[.*\]|\{.*\})\s*```", re.DOTALL)
_FIRST_JSON = re.compile(r"(\{.*?\}|\[.*?\])", re.DOTALL)
_SCORE = re.compile(r"""["']?score["']?\s*[:=]\s*["']?(-?\d+(?:\.\d*)?|-?\.\d+)""", re.IGNORECASE)
_REASON = re.compile(r"""["']?reason["']?\s*:\s*["'](.*?)["']?\s*[,}]?\s*$""", re.DOTALL)


def parse_json_response(response: str) -> Any:
    """``compute_metrics.parse_json_response``: a fenced block's JSON, else the whole reply, else
    the first ``{…}`` or ``[…]`` (shortest match).

    Raises:
        ValueError: none of them parses.
    """
    response = response.strip()
    if response.startswith("```"):
        match = _FENCED.search(response)
        if match:
            response = match.group(1).strip()
    try:
        return json.loads(response)
    except json.JSONDecodeError:
        pass
    match = _FIRST_JSON.search(response)
    if match:
        try:
            return json.loads(match.group(1))
        except Exception as exc:  # as the official code: any failure is a ValueError
            raise ValueError(f"Found possible JSON but failed to parse it: {exc}") from None
    raise ValueError("No valid JSON found in response.")


def read_reply(text: str) -> Mapping[str, Any]:
    """The judge's reply as the evaluators read it: :func:`parse_json_response`, and where that
    fails, the reply's ``score`` (and ``reason``) read from its text — the official code falls back
    on ``json_repair.repair_json`` there, which is no dependency of recallbench; a reply with no
    score at all would crash the official evaluation of the conversation, and is that question's
    judge error here.

    Raises:
        JudgeParseError: no score in the reply.
    """
    try:
        parsed = parse_json_response(text)
    except ValueError:
        parsed = None
    if isinstance(parsed, Mapping) and "score" in parsed:
        return parsed
    m = _SCORE.search(text)
    if m is None:
        shown = " ".join(text.split())[:200] or "(empty)"
        raise JudgeParseError(f"BEAM judge reply has no score: {shown}")
    raw = m.group(1)
    value: float | int = float(raw) if "." in raw else int(raw)
    reason = _REASON.search(text[m.end() :])
    return {"score": value, "reason": reason.group(1) if reason else ""}


def nugget_value(score: Any, mode: Mode) -> float:
    """One nugget's score as the question's mean counts it: ``int(score)`` (``code``: 1.0 → 1,
    0.5 → 0) or ``float(score)`` (``paper``). A score written as text is read as its number (the
    official ``int("1.0")`` would raise and stop the conversation's evaluation).

    Raises:
        JudgeParseError: not a number, or outside 0–1.

    Examples:
        >>> nugget_value(0.5, "code"), nugget_value(0.5, "paper"), nugget_value(1.0, "code")
        (0, 0.5, 1)
    """
    try:
        if isinstance(score, str):
            number: float = float(score.strip())
        elif isinstance(score, bool | int | float):
            number = float(score)
        else:
            raise TypeError(type(score).__name__)
    except (TypeError, ValueError):
        raise JudgeParseError(f"BEAM judge score is not a number: {score!r}") from None
    if not math.isfinite(number) or not 0.0 <= number <= 1.0:
        raise JudgeParseError(f"BEAM judge score must be 1.0, 0.5 or 0.0, got {score!r}")
    if mode == "code":
        return int(number)
    return number


def question_score(values: Sequence[float]) -> float:
    """``score / len(rubric)``: the mean of a question's nugget values."""
    return sum(values) / len(values)


def kendall_tau_b(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall's tau-b of two equally long sequences, as ``scipy.stats.kendalltau(x, y,
    variant="b")`` computes its statistic; NaN when one side is constant (or shorter than 2)."""
    size = len(x)
    if size != len(y):
        raise ValueError("kendall_tau_b: sequences of different lengths")
    tot = size * (size - 1) // 2
    con = dis = xtie = ytie = 0
    for i in range(size):
        for j in range(i + 1, size):
            dx = (x[i] > x[j]) - (x[i] < x[j])
            dy = (y[i] > y[j]) - (y[i] < y[j])
            if dx == 0:
                xtie += 1
            if dy == 0:
                ytie += 1
            if dx and dy:
                if dx == dy:
                    con += 1
                else:
                    dis += 1
    if size < 2 or xtie == tot or ytie == tot:
        return math.nan
    tau = (con - dis) / math.sqrt(tot - xtie) / math.sqrt(tot - ytie)
    return min(1.0, max(-1.0, tau))


@attrs.frozen(kw_only=True)
class OrderScore:
    """``event_ordering_score``'s figures for one answer (``tau_norm`` is the reported one)."""

    precision: float
    recall: float
    f1: float
    tau_norm: float
    final_score: float
    reference_ranks: tuple[int, ...]
    system_ranks: tuple[int, ...]


def order_metrics(reference: Sequence[str], system: Sequence[str]) -> OrderScore:
    """The figures of an aligned answer (``reference`` the rubric, ``system`` the lines with
    each aligned line replaced by its rubric item), as ``event_ordering_score`` computes them."""
    tp = len(set(reference) & set(system))
    fp = len([x for x in system if x not in reference])
    fn = len([x for x in reference if x not in system])
    precision = tp / (tp + fp) if tp + fp else 0
    recall = tp / (tp + fn) if tp + fn else 0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0
    union = list(dict.fromkeys([*reference, *system]))
    tie_rank = len(union) + 1

    def to_rank(seq: Sequence[str]) -> list[int]:
        r = {item: i + 1 for i, item in enumerate(seq)}
        return [r.get(u, tie_rank) for u in union]

    ref_ranks, sys_ranks = to_rank(reference), to_rank(system)
    tau_b = kendall_tau_b(ref_ranks, sys_ranks)
    tau_norm = (tau_b + 1) / 2
    return OrderScore(
        precision=float(precision),
        recall=float(recall),
        f1=float(f1),
        tau_norm=tau_norm,
        final_score=tau_norm * f1,
        reference_ranks=tuple(ref_ranks),
        system_ranks=tuple(sys_ranks),
    )


def align(
    reference: Sequence[str], system: Sequence[str], equivalent: Callable[[str, str], bool]
) -> list[str]:
    """``align_with_llm``: each system line, in order, replaced by the first unused reference item
    ``equivalent(item, line)`` accepts (a line no item matches stays as it is)."""
    used: set[int] = set()
    out: list[str] = []
    for s in system:
        matched = None
        for index, r in enumerate(reference):
            if index not in used and equivalent(r, s):
                matched = index
                break
        if matched is None:
            out.append(s)
        else:
            out.append(reference[matched])
            used.add(matched)
    return out


async def align_async(
    reference: Sequence[str],
    system: Sequence[str],
    equivalent: Callable[[str, str], Awaitable[bool]],
) -> list[str]:
    """:func:`align` with an asynchronous check (a model call per pair, in the official order)."""
    used: set[int] = set()
    out: list[str] = []
    for s in system:
        matched = None
        for index, r in enumerate(reference):
            if index not in used and await equivalent(r, s):
                matched = index
                break
        if matched is None:
            out.append(s)
        else:
            out.append(reference[matched])
            used.add(matched)
    return out


def event_ordering_score(
    rubric: Sequence[str], response: str, equivalent: Callable[[str, str], bool]
) -> OrderScore:
    """An event-ordering answer's figures with a synchronous equivalence check (module
    docstring)."""
    return order_metrics(rubric, align(rubric, response.split("\n"), equivalent))


def ability_scores(
    figures: Iterable[tuple[str, str, float]], order: Sequence[str]
) -> dict[str, float | None]:
    """Per ability, the mean over conversations of each conversation's mean over its questions,
    from ``(conversation, ability, figure)`` triples; abilities in ``order`` (None: no figure).

    Examples:
        >>> ability_scores([("1", "a", 1.0), ("1", "a", 0.0), ("2", "a", 1.0)], ["a", "b"])
        {'a': 0.75, 'b': None}
    """
    per: dict[str, dict[str, list[float]]] = {}
    for conversation, ability, value in figures:
        per.setdefault(ability, {}).setdefault(conversation, []).append(value)
    out: dict[str, float | None] = {}
    for ability in order:
        convs = per.get(ability)
        if not convs:
            out[ability] = None
            continue
        means = [sum(v) / len(v) for v in convs.values()]
        out[ability] = sum(means) / len(means)
    return out
