"""Scoring a run's answers again: each answer with the context a run gives its judge, the memory
system never called.

:func:`score_all` scores the answers :func:`~recallbench.results.rejudged.answer_slots` lists. A
judge that calls a model is called ``parallelism`` answers at a time, with the run's retries and
timeouts (:func:`~recallbench.harness.evaluate.judge_with_retry`); a judge whose ``score`` never
suspends (the rubric judge) is called inline, and for a large run on a machine with a second core
the personas are split in two and the later ones scored in a forked child while the others are
scored here: its verdicts come back as tuples. A judge that fails on an answer after
its retries leaves it unscored, as a run does.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any

import attrs

from .._fork import can_fork, in_child
from .._retry import RetryPolicy
from ..data.corpus import Day
from ..data.persona import PersonaDefinition
from ..data.qa import QAPair
from ..errors import BudgetExceeded
from ..judges.base import Judge, build_context
from ..models.metering import Tally, metered
from ..results.panel_scores import PanelScore, PanelVerdict, panel_parts
from ..results.records import QuestionError, QuestionResult
from ..results.rejudged import Slot
from ..results.scoring import JudgeScore, to_score
from .evaluate import answer_usage, judge_with_retry, runs_inline

__all__ = ["FORK_AT_LEAST", "Corpus", "Job", "score_all"]

log = logging.getLogger("recallbench")

FORK_AT_LEAST = 2000
"""A run with at least this many answers for an inline judge is scored on two cores."""


@attrs.frozen
class Corpus:
    """What a judge sees of a persona: its definition (the names it declares), its days, and its
    questions as the data holds them (by id: a result read back from JSON may have lost a key a
    judge reads, such as an imported benchmark's camelCase ``extra``)."""

    definition: PersonaDefinition | None
    days: tuple[Day, ...]
    pairs: Mapping[str, QAPair] = attrs.field(factory=dict)


CorpusOf = Callable[[str], Corpus]
"""``persona_id -> Corpus``: a persona's days, loaded when first asked for."""


@attrs.frozen
class Job:
    """One answer to score: where it sits, its persona, the days ingested at its checkpoint."""

    slot: Slot
    persona_id: str
    days_ingested: int
    answer: QuestionResult


_Verdict = tuple[int, int, int, str | None]
_Got = tuple[_Verdict, tuple[PanelVerdict, ...] | None, float | None, QAPair | None] | QuestionError
"""What the inline scorer gives per answer: the verdict, a panel's verdicts and composite, and the
data's pair when it differs from the result's; or the judge's failure."""


def _plain(score: JudgeScore) -> _Verdict:
    return (score.correctness, score.completeness, score.hallucination, score.reasoning)


class _Days:
    """The days each checkpoint's judge sees: one tuple per (persona, cutoff) of the same Day
    objects, as the harness hands its judges (the rubric keeps one index per corpus)."""

    def __init__(self, corpus_of: CorpusOf) -> None:
        self._corpus_of = corpus_of
        self._corpora: dict[str, Corpus] = {}
        self._cuts: dict[tuple[str, int], tuple[Day, ...]] = {}

    def corpus(self, persona_id: str) -> Corpus:
        found = self._corpora.get(persona_id)
        if found is None:
            found = self._corpora[persona_id] = self._corpus_of(persona_id)
        return found

    def through(self, persona_id: str, cutoff: int) -> tuple[Day, ...]:
        key = (persona_id, cutoff)
        found = self._cuts.get(key)
        if found is None:
            days = self.corpus(persona_id).days
            found = self._cuts[key] = tuple(d for d in days if d.number <= cutoff)
        return found


def _rebuilt(
    job: Job, score: JudgeScore | None, error: QuestionError | None, usage: Mapping[str, Any] | None
) -> QuestionResult:
    """The answer with its new verdict (or the judge's failure)."""
    q = job.answer
    if score is None:
        assert error is not None
        placeholder = JudgeScore(
            correctness=0, completeness=0, hallucination=0, reasoning="unscored"
        )
        return attrs.evolve(
            q,
            score=placeholder,
            composite_score=0,
            primary_score=None,
            error=error,
            panel=None,
            usage=usage,
        )
    panel, plain = panel_parts(score)
    return attrs.evolve(
        q,
        score=plain,
        composite_score=plain.composite if panel is None else panel[1],
        primary_score=None,
        error=None,
        panel=panel[0] if panel is not None else None,
        usage=usage,
    )


def _adapter_usage(q: QuestionResult) -> dict[str, dict[str, int]]:
    usage = q.usage or {}
    return {m: dict(c) for m, c in (usage.get("adapter") or {}).items()}


def _failure(exc: Exception) -> QuestionError:
    kind = type(exc).__name__ if not isinstance(exc, TimeoutError) else "JudgeTimeout"
    return QuestionError(stage="judge", type=kind, message=str(exc)[:500] or kind)


def _inline(coro: Coroutine[Any, Any, Any]) -> Any:
    """The value of a coroutine that never suspends, without an event loop."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    coro.close()
    raise RuntimeError("the judge suspended: it is not synchronous")


def _pair_of(corpus: Corpus, q: QuestionResult) -> QAPair | None:
    """The data's pair of an answer when it differs from the one the result holds."""
    pair = corpus.pairs.get(q.qa.id)
    if pair is None:
        return None
    # A pair's equality leaves its extra keys out: they are what a result read back may change.
    return pair if pair != q.qa or dict(pair.extra) != dict(q.qa.extra) else None


def _score_inline(judge: Judge, jobs: Sequence[Job], days: _Days, window: int) -> list[_Got]:
    """Each job's verdict from a judge that never suspends, in order (a failure as its error)."""
    out: list[_Got] = []
    for job in jobs:
        q = job.answer
        corpus = days.corpus(job.persona_id)
        better = _pair_of(corpus, q)
        qa = better or q.qa
        context = build_context(
            qa, days.through(job.persona_id, job.days_ingested), window, persona=corpus.definition
        )
        try:
            value = _inline(judge.score(qa.question, qa.answer, q.system_answer, context))
            score = to_score(value)
        except BudgetExceeded:
            raise
        except Exception as exc:  # the judge failed on this answer: data, as in a run
            out.append(_failure(exc))
            continue
        if isinstance(value, PanelScore) and len(value.verdicts) > 1:
            out.append((_plain(score), value.verdicts, value.composite_value, better))
        else:
            out.append((_plain(score), None, None, better))
    return out


def _from_inline(job: Job, got: _Got) -> QuestionResult:
    usage = answer_usage(Tally(), Tally(), _adapter_usage(job.answer))
    if isinstance(got, QuestionError):
        return _rebuilt(job, None, got, usage)
    (c, k, h, why), verdicts, composite, better = got
    if better is not None:
        job = attrs.evolve(job, answer=attrs.evolve(job.answer, qa=better))
    score = JudgeScore(correctness=c, completeness=k, hallucination=h, reasoning=why)
    if verdicts is not None and composite is not None:
        score = PanelScore(
            correctness=c,
            completeness=k,
            hallucination=h,
            reasoning=why,
            composite_value=composite,
            verdicts=verdicts,
        )
    return _rebuilt(job, score, None, usage)


def _halves(jobs: Sequence[Job]) -> tuple[list[Job], list[Job]] | None:
    """The jobs of the first personas and of the later ones, the answers as near halves as whole
    personas allow; None for one persona."""
    counts: dict[str, int] = {}
    for job in jobs:
        counts[job.persona_id] = counts.get(job.persona_id, 0) + 1
    if len(counts) < 2:
        return None
    total, before, best, cut = len(jobs), 0, None, 1
    names = list(counts)
    for i, name in enumerate(names[:-1], start=1):
        before += counts[name]
        gap = abs(total - 2 * before)
        if best is None or gap < best:
            best, cut = gap, i
    later = set(names[cut:])
    return [j for j in jobs if j.persona_id not in later], [
        j for j in jobs if j.persona_id in later
    ]


def _forked(
    judge: Judge, jobs: Sequence[Job], days: _Days, window: int
) -> list[QuestionResult] | None:
    """The jobs scored on two cores: the later personas' in a forked child, the others here; None
    when there is no fork to be had (the caller scores them all here)."""
    halves = _halves(jobs)
    if halves is None or not can_fork():
        return None
    head, tail = halves
    child = in_child(_score_inline, judge, tail, days, window)  # the later personas, on a core
    try:
        mine = [
            _from_inline(j, got)
            for j, got in zip(head, _score_inline(judge, head, days, window), strict=True)
        ]
    except BaseException:
        child.cancel()
        raise
    theirs = child.result()
    if theirs is None:
        log.debug("[rejudge] the child scoring the later personas failed; scoring them here")
        theirs = _score_inline(judge, tail, days, window)
    return mine + [_from_inline(j, got) for j, got in zip(tail, theirs, strict=True)]


async def score_all(
    judge: Judge,
    jobs: Sequence[Job],
    corpus_of: CorpusOf,
    *,
    window: int = 0,
    parallelism: int = 8,
    timeout: float | None = None,
    retry: RetryPolicy | None = None,
    processes: int | None = None,
) -> list[QuestionResult]:
    """Every job's answer with its new verdict, in order.

    Args:
        judge: the judge (a panel is one judge).
        jobs: the answers to score.
        corpus_of: each persona's days and definition.
        window: the judge memory window (days either side of a relevant day shown as excerpts).
        parallelism: judge calls in flight at once (judges that call a model).
        timeout: seconds per judge attempt (None: none); the attempts of one answer together are
            bounded by ten times that, as in a run.
        retry: the judge's retry policy (default: a run's).
        processes: for a judge that never suspends, 2 to score on two cores (a forked child), 1
            to score here only; None: 2 from :data:`FORK_AT_LEAST` answers.
    """
    days = _Days(corpus_of)
    if runs_inline(judge):
        two = processes == 2 or (processes is None and len(jobs) >= FORK_AT_LEAST)
        if two:
            forked = _forked(judge, jobs, days, window)
            if forked is not None:
                return forked
        return [
            _from_inline(j, got)
            for j, got in zip(jobs, _score_inline(judge, jobs, days, window), strict=True)
        ]
    import anyio

    policy = retry or RetryPolicy()
    deadline = timeout * 10 if timeout is not None else None
    results: list[QuestionResult | None] = [None] * len(jobs)
    pending = iter(range(len(jobs)))

    async def one(job: Job) -> QuestionResult:
        corpus = days.corpus(job.persona_id)
        better = _pair_of(corpus, job.answer)
        if better is not None:
            job = attrs.evolve(job, answer=attrs.evolve(job.answer, qa=better))
        q = job.answer
        context = build_context(
            q.qa, days.through(job.persona_id, job.days_ingested), window, persona=corpus.definition
        )
        judged = Tally()
        try:
            with metered(judged):
                score = await judge_with_retry(
                    judge, q.qa, q.system_answer, context, timeout, policy, deadline=deadline
                )
        except BudgetExceeded:
            raise
        except Exception as exc:  # the judge failed after its retries: unscored, as in a run
            log.warning("[rejudge] the judge failed on %s: %s", q.qa.id, exc)
            usage = answer_usage(judged, Tally(), _adapter_usage(q))
            return _rebuilt(job, None, _failure(exc), usage)
        return _rebuilt(job, score, None, answer_usage(judged, Tally(), _adapter_usage(q)))

    async def worker() -> None:
        for i in pending:
            results[i] = await one(jobs[i])

    async with anyio.create_task_group() as tg:
        for _ in range(max(1, min(parallelism, len(jobs)))):
            tg.start_soon(worker)
    done = [r for r in results if r is not None]
    assert len(done) == len(jobs)
    return done
