"""Failed answers: how many answers the memory system failed to give, and how a view says so (pure).

An answer *failed* when the memory system gave none: it raised, timed out (error stage ``query``)
or could not be reached (stage ``connection``) — whatever the exception. How a failed answer
counts is the rule of ``docs/reliability.md``:

* a ``query`` failure stays in the means as the reference scored it, 0/0/1 (composite 1: no
  answer, nothing invented), so ``result.json`` keeps the reference's numbers;
* a ``connection`` failure is left out of the means and asked again by ``--resume``;
* every view prints the count beside the score it touches (``3 of 30 answers failed: KeyError
  ×3, counted as 1/6 each``), and a number whose answers *all* failed is not printed as a score at
  all, but as failed — so a dead system reads the same whichever exception it raised.

An answer whose *judge* failed is not a failed answer (the system answered; it is counted apart as
a judge error).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .records import BenchmarkResult, PersonaResult, QuestionResult, TimeRangeResult

__all__ = [
    "FAILED_STAGES",
    "Failures",
    "cell_failures",
    "checkpoint_failures",
    "column_failures",
    "failures_of",
    "run_failures",
]

FAILED_STAGES = ("query", "connection")
"""Error stages of an answer the memory system failed to give."""


@attrs.frozen(kw_only=True)
class Failures:
    """The failed answers among some answers.

    Attributes:
        answers: every answer asked (scored, failed, or left unscored by the judge).
        failed: those the memory system failed to give.
        counted: the failed ones counted in the means (stage ``query``, at composite 1).
        kinds: ``(error type, count)`` pairs, the most frequent first (ties: first seen).
    """

    answers: int
    failed: int
    counted: int
    kinds: tuple[tuple[str, int], ...] = ()

    @property
    def left_out(self) -> int:
        """Failed answers left out of the means (stage ``connection``)."""
        return self.failed - self.counted

    @property
    def all_failed(self) -> bool:
        """Whether there were answers and every one failed: a number over them is no score."""
        return self.answers > 0 and self.failed == self.answers

    @property
    def any(self) -> bool:
        return self.failed > 0

    @property
    def share(self) -> float:
        """The failed share (0–1) of the answers; 0 with no answers."""
        return self.failed / self.answers if self.answers else 0.0

    def kinds_text(self) -> str:
        """``KeyError ×24, AdapterTimeout ×2``."""
        return ", ".join(f"{kind} ×{n:,}" for kind, n in self.kinds)

    def counting_text(self) -> str:
        """How the failed answers count in the score beside them."""
        if self.all_failed:
            return "no score"
        if self.left_out == 0:
            return "counted as 1/6 each (no answer, nothing invented)"
        if self.counted == 0:
            return "left out of the score (unreachable; asked again by --resume)"
        return (
            f"{self.counted:,} counted as 1/6 each, {self.left_out:,} left out (unreachable; "
            "asked again by --resume)"
        )

    def text(self, *, counting: bool = True) -> str:
        """``26 of 26 answers failed: KeyError ×26``; when some answers did not fail, their share
        too and, with ``counting``, how the failed ones count (``3 of 30 answers failed (10.0%):
        KeyError ×3 — counted as 1/6 each …``)."""
        of = f"{self.failed:,} of {self.answers:,} answer{'' if self.answers == 1 else 's'} failed"
        if self.all_failed:
            return f"{of}: {self.kinds_text()}"
        out = f"{of} ({self.share * 100:.1f}%): {self.kinds_text()}"
        return f"{out} — {self.counting_text()}" if counting else out


def failures_of(results: Iterable[QuestionResult]) -> Failures:
    """The failures among ``results`` (scored and unscored answers alike)."""
    answers = failed = counted = 0
    kinds: dict[str, int] = {}
    for q in results:
        answers += 1
        error = q.error
        if error is None or error.stage not in FAILED_STAGES:
            continue
        failed += 1
        counted += error.stage == "query"
        kinds[error.type] = kinds.get(error.type, 0) + 1
    order = list(kinds)
    ranked = sorted(order, key=lambda k: (-kinds[k], order.index(k)))
    return Failures(
        answers=answers, failed=failed, counted=counted, kinds=tuple((k, kinds[k]) for k in ranked)
    )


def _answers(rr: TimeRangeResult) -> tuple[QuestionResult, ...]:
    return (*rr.question_results, *(rr.unscored_results or ()))


def checkpoint_failures(rr: TimeRangeResult) -> Failures:
    """The failures of one persona's checkpoint."""
    return failures_of(_answers(rr))


def run_failures(result: BenchmarkResult, persona: str | None = None) -> Failures:
    """The failures of a whole run (or of one persona)."""
    return failures_of(
        q
        for p in result.personas
        if persona is None or p.persona_id == persona
        for rr in p.range_results
        for q in _answers(rr)
    )


def _personas(result: BenchmarkResult, persona: str | None) -> Iterable[PersonaResult]:
    return (p for p in result.personas if persona is None or p.persona_id == persona)


def cell_failures(
    result: BenchmarkResult, persona: str | None = None
) -> dict[tuple[str, str], Failures]:
    """Failures by (checkpoint label, category) over the run's personas (or one), only for cells
    holding a failed answer. A checkpoint a persona holds twice counts its later copy, as the
    heatmap does."""
    groups: dict[tuple[str, str], list[QuestionResult]] = {}
    for p in _personas(result, persona):
        latest = {rr.range.label: rr for rr in p.range_results}
        for label, rr in latest.items():
            for q in _answers(rr):
                groups.setdefault((label, q.qa.category), []).append(q)
    return {key: f for key, answers in groups.items() if (f := failures_of(answers)).any}


def column_failures(result: BenchmarkResult, persona: str | None = None) -> dict[str, Failures]:
    """Failures by checkpoint label over the run's personas (or one), only for checkpoints
    holding a failed answer: what the OVERALL and hallucination cells are marked with."""
    groups: dict[str, list[QuestionResult]] = {}
    for p in _personas(result, persona):
        latest = {rr.range.label: rr for rr in p.range_results}
        for label, rr in latest.items():
            groups.setdefault(label, []).extend(_answers(rr))
    return {key: f for key, answers in groups.items() if (f := failures_of(answers)).any}
