"""Asking one checkpoint's questions: a bounded pool of workers, each question end to end.

Questions a previous attempt finished are taken from its log, in place; the rest are evaluated by
``parallelism`` workers and every answer is logged the moment it is judged, so a run killed at any point
never pays for an answer twice. Results come back in asking order whatever order they finish in.
"""

from __future__ import annotations

import anyio
import attrs

from ..adapters.base import Adapter
from ..data.corpus import PersonaDataset
from ..data.qa import QAPair
from ..errors import BudgetExceeded, OutputError, RunFailed
from ..results.records import QuestionError
from .config import RunConfig
from .evaluate import Evaluation, Judging, evaluate
from .hooks import Hooks, QuestionDone
from .resume import LoggedQuestion, logged_answer, rebuild_question
from .runlog import RunLogs, failure_record, question_record
from .units import CheckpointTask, RunState

__all__ = ["JUDGE_FAILURES_IN_A_ROW", "QuestionAsker", "askings", "count_error"]

JUDGE_FAILURES_IN_A_ROW = 3
"""Questions the judge may fail one after another before the run stops (unless ``max_judge_errors``
is None: no limit at all): a judge whose endpoint is dead fails the run in minutes, not after hours
of timeouts."""


def askings(order: tuple[QAPair, ...], epochs: int) -> list[tuple[QAPair, int | None]]:
    """What a checkpoint asks, in order: each question with its epoch (None in a run of one epoch).

    Epoch-major — every question once, then every question again — so the askings of one question
    are as far apart as the checkpoint allows (an adapter that remembers its recent queries sees
    the others in between, as separate runs would), and a run stopped part-way holds whole epochs
    before partial ones. The sliding window of ``parallelism`` runs over this whole list.
    """
    if epochs == 1:
        return [(pair, None) for pair in order]
    return [(pair, epoch) for epoch in range(1, epochs + 1) for pair in order]


def _at_epoch(evaluation: Evaluation, epoch: int | None) -> Evaluation:
    """``evaluation`` with its answer's epoch set to ``epoch``."""
    if evaluation.result.epoch == epoch:
        return evaluation
    return attrs.evolve(evaluation, result=attrs.evolve(evaluation.result, epoch=epoch))


def count_error(error: QuestionError | None, state: RunState) -> None:
    """Count a question's error on the run: the adapter's, or an unreachable memory system's."""
    if error is None:
        return
    if error.stage == "query":
        state.adapter_errors += 1
    elif error.stage == "connection":
        state.connection_errors += 1


@attrs.frozen
class QuestionAsker:
    """Asks the questions of checkpoints and logs each answer as it is judged."""

    config: RunConfig
    hooks: Hooks
    judging: Judging

    async def ask_checkpoint(
        self,
        adapter: Adapter | None,
        ds: PersonaDataset,
        task: CheckpointTask,
        logged: dict[str, LoggedQuestion],
        state: RunState,
        logs: RunLogs,
    ) -> list[Evaluation]:
        """Evaluate the checkpoint's questions (each ``epochs`` times, :func:`askings`) in a
        sliding window of ``parallelism``; results in asking order. Answers a previous attempt
        finished are taken from its log."""
        items = askings(task.selection.order, self.config.epochs)
        out: list[Evaluation | None] = [None] * len(items)
        days = ds.days_through(task.cutoff)
        pending: list[tuple[int, QAPair, int | None, LoggedQuestion | None]] = []
        for i, (pair, epoch) in enumerate(items):
            prior = logged_answer(logged, pair.id, epoch)
            if prior is not None and not prior.redo:
                # A one-epoch run's answer stands as epoch 1, and back.
                rebuilt = out[i] = _at_epoch(rebuild_question(pair, prior.record), epoch)
                count_error(rebuilt.result.error, state)
                if rebuilt.result.primary_score is not None:  # it was appealed: counted as then
                    state.appellate_invocations += 1
                await self.hooks.call(
                    "on_question_done",
                    QuestionDone(
                        persona_id=ds.id, checkpoint=task.label, result=rebuilt.result, resumed=True
                    ),
                )
            else:
                pending.append((i, pair, epoch, prior))

        # A sliding window: `parallelism` workers share one iterator, each taking the next question
        # the moment it finishes one (no chunk waits for its slowest member). Measured faster than a
        # task per question behind a CapacityLimiter, whose hand-offs cost a loop iteration each.
        queue = iter(pending)

        async def worker() -> None:
            for i, pair, epoch, prior in queue:
                # A judge failure is judged again on the answer logged; an unreachable system is
                # asked again.
                rejudge = prior if prior is not None and prior.judge_failed else None
                if isinstance(state.failure, BudgetExceeded):
                    return  # the budget is spent: no new question
                try:
                    evaluation = await evaluate(
                        adapter,
                        pair,
                        days,
                        self.judging,
                        self.config.question_timeout,
                        prior_answer=rejudge.record.get("systemAnswer") if rejudge else None,
                        prior_latency_ms=float(rejudge.record.get("latencyMs") or 0)
                        if rejudge
                        else 0.0,
                        prior_usage=rejudge.record.get("usage") if rejudge else None,
                        persona=ds.definition,
                    )
                except BudgetExceeded as exc:  # not logged: asked again on resume
                    state.failure = state.failure or exc
                    return
                evaluation = out[i] = _at_epoch(evaluation, epoch)
                try:
                    self.record(evaluation, ds.id, task, state, logs)
                except OutputError as exc:  # the log cannot be written: stop before paying more
                    state.failure = state.failure or exc
                if state.failure is not None:
                    # Stop asking; raised once the task group has wound down (not from inside it,
                    # where it would surface wrapped in an ExceptionGroup). A budget stop lets the
                    # questions in flight finish: their calls were paid for.
                    if not isinstance(state.failure, BudgetExceeded):
                        tg.cancel_scope.cancel()
                    return
                if self.hooks.on_question_done is not None:
                    await self.hooks.call(
                        "on_question_done",
                        QuestionDone(
                            persona_id=ds.id, checkpoint=task.label, result=evaluation.result
                        ),
                    )

        async with anyio.create_task_group() as tg:
            for _ in range(min(self.config.parallelism, len(pending))):
                tg.start_soon(worker)
        if state.failure is not None:
            raise state.failure
        return [e for e in out if e is not None]

    def record(
        self,
        e: Evaluation,
        persona_id: str,
        task: CheckpointTask,
        state: RunState,
        logs: RunLogs,
    ) -> None:
        """Count one answer's errors, log it (and its appeal), and stop the run past
        ``max_judge_errors``."""
        r = e.result
        count_error(r.error, state)
        if e.appellate_score is not None:
            state.appellate_invocations += 1
            if logs.failures is not None:
                logs.failures.write(failure_record(e, persona_id, e.appellate_score))
        if logs.questions is not None:
            logs.questions.write(question_record(e, persona_id, task))
        if r.error is not None and r.error.stage == "judge":
            state.judge_errors += 1
            state.judge_failures_in_a_row += 1
            limit = self.config.max_judge_errors
            if state.failure is not None:
                return
            if limit is not None and state.judge_errors > limit:
                state.failure = RunFailed(
                    f"{state.judge_errors} questions left unscored by judge failures (more than "
                    f"--max-errors {limit}); the last: {r.error.type}: {r.error.message}"
                )
            elif limit is not None and state.judge_failures_in_a_row >= JUDGE_FAILURES_IN_A_ROW:
                state.failure = RunFailed(
                    f"the judge failed on {state.judge_failures_in_a_row} questions in a row (is its "
                    f"endpoint answering?); the last: {r.error.type}: {r.error.message}"
                )
        elif r.error is None or r.error.stage != "connection":
            state.judge_failures_in_a_row = 0
