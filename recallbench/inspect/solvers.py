"""The sample's setup (ingestion) and two of the three ways a question is answered.

* :func:`ingest` — the setup of every sample: its question's unit, ingested through the question's
  checkpoint (:meth:`~.state.IngestionState.open`). A unit that cannot be set up or fed fails the
  sample with the lifecycle's own message.
* :func:`system_answers` (``-T solver=system``) — the adapter's own ``query_detail``/``query``, asked
  exactly as ``recallbench run`` asks it; the model under evaluation is not called.
* :func:`model_reads_memory` (``-T solver=model``) — the memory system is asked the same way, and the
  model under evaluation answers from what it returned (:mod:`.prompts`).

The third, the agent, is :mod:`.agent`. Each leaves its answer, with what the memory system
retrieved for it, to the scorer (:mod:`.scorer`); a memory system that failed on the question is
recorded as ``recallbench run`` records it (a failed answer, scored), except one that could not be
reached at all, which fails the sample (``--retry-on-error`` asks it again).
"""

from __future__ import annotations

from inspect_ai.model import ChatMessageAssistant, ChatMessageSystem, ChatMessageUser, ModelOutput
from inspect_ai.solver import Generate, Solver, TaskState, solver

from ..adapters.base import QueryDetail
from ..harness.evaluate import no_answer, unreachable
from .hooks import register_hooks
from .plan import PlannedQuestion
from .prompts import memory_prompt, memory_system
from .state import Answer, IngestionState

__all__ = ["ingest", "model_reads_memory", "question_date", "system_answers"]


def question_date(ingestion: IngestionState, question: PlannedQuestion) -> str | None:
    """The date a question is asked: its own (an importer's ``questionDate``), else the date of
    the last day ingested, as the model baselines date it."""
    own = question.pair.extra.get("questionDate")
    if isinstance(own, str) and own.strip():
        return own.strip()
    days = ingestion.plan.days(question)
    return days[-1].date if days else None


def _failed_to_reach(answer: Answer, question: PlannedQuestion) -> None:
    """A memory system that could not be reached fails the sample (``recallbench run`` leaves such
    a question unscored and asks it again on ``--resume``)."""
    error = answer.error
    if error is not None and unreachable(error):
        raise ConnectionError(
            f"{question.unit}: the memory system could not be reached: "
            f"{type(error).__name__}: {error}"
        ) from error


def _failure(answer: Answer) -> str:
    """The answer recorded for a failed query (``[TIMEOUT]``, ``[ERROR: <type>]``), as the
    harness records it."""
    assert answer.error is not None
    return no_answer(answer.error)


@solver
def ingest(ingestion: IngestionState) -> Solver:
    """The setup of every sample: its unit's memory, ingested through its checkpoint."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        # Registered here, once the run is under way, not when the task is built: inspect lists
        # the hooks registered when it starts, and this one is nothing to list.
        register_hooks()
        await ingestion.open(ingestion.question(state.sample_id))
        return state

    return solve


@solver
def system_answers(ingestion: IngestionState) -> Solver:
    """The memory system answers, as ``recallbench run`` asks it."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        question = ingestion.question(state.sample_id)
        answer = await ingestion.ask(question)
        _failed_to_reach(answer, question)
        ingestion.answers[state.uuid] = answer
        text = answer.detail.answer if answer.detail is not None else _failure(answer)
        name = ingestion.adapter_name(question)
        state.messages.append(ChatMessageAssistant(content=text, model=name, source="generate"))
        state.output = ModelOutput.from_content(model=name, content=text)
        return state

    return solve


@solver
def model_reads_memory(ingestion: IngestionState) -> Solver:
    """The model under evaluation answers from what the memory system returned."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        question = ingestion.question(state.sample_id)
        memory = await ingestion.ask(question)
        _failed_to_reach(memory, question)
        if memory.detail is None:  # the memory system failed: its failure is the answer
            ingestion.answers[state.uuid] = memory
            state.output = ModelOutput.from_content(
                model=ingestion.adapter_name(question), content=_failure(memory)
            )
            return state
        prompt = memory_prompt(
            memory.detail, question.pair.question, question_date(ingestion, question)
        )
        state.messages = [
            ChatMessageSystem(content=memory_system()),
            ChatMessageUser(content=prompt),
        ]
        state = await generate(state)
        ingestion.answers[state.uuid] = Answer(
            detail=QueryDetail(
                answer=state.output.completion,
                retrieval=memory.detail.retrieval,
                tool_calls=memory.detail.tool_calls,
            ),
            latency_ms=memory.latency_ms,
        )
        return state

    return solve
