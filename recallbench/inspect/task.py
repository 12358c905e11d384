"""The task: ``inspect eval recallbench/recall_bench -T data=… -T adapter=… -T judge=…``.

Its parameters are named as ``recallbench run``'s flags and take what they take (:mod:`.params`);
the harness plans it (:mod:`.plan`); each checkpoint question is a sample (:mod:`.dataset`) whose
setup is the shared ingestion of its unit (:mod:`.state`); the solver answers it (:mod:`.solvers`,
:mod:`.agent`) and recallbench's judge scores it (:mod:`.scorer`, :mod:`.metrics`).
"""

from __future__ import annotations

from typing import Any

from inspect_ai import Task, task
from inspect_ai._util.error import PrerequisiteError

from .dataset import WaveSource
from .grader import role_judge, role_of
from .params import TaskInputError, task_params
from .plan import plan_task
from .scorer import recall_judge
from .solvers import ingest, model_reads_memory, system_answers
from .state import IngestionState

__all__ = ["TaskParameterError", "recall_bench"]

AGENT_MESSAGE_LIMIT = 40
"""Messages an agent's sample may hold (its tool calls and their results included) before inspect
stops it and its answer so far is judged."""


class TaskParameterError(TaskInputError, PrerequisiteError):  # type: ignore[misc]
    """A :class:`~.params.TaskInputError` as inspect prints it: its one line, no traceback."""

    def __init__(self, error: TaskInputError) -> None:
        TaskInputError.__init__(self, error.detail)


@task
def recall_bench(
    data: str | None = None,
    personas: str | list[str] | None = None,
    arcs: str | None = None,
    ranges: str | list[str] | None = None,
    adapter: str | None = None,
    judge: str | None = None,
    lifecycle: str = "fresh",
    solver: str = "system",
    sample: int | None = None,
    seed: int = 42,
) -> Task:
    """Recall Bench (or any registered benchmark family's data) as an inspect task.

    Args:
        data: the data, as ``--data`` takes it: a personas folder, another benchmark's data, or
            ``NAME:PATH`` (default: the checkout's ``personas/``).
        personas: persona ids, ``a,b`` or ``[a,b]`` (default: every persona of the data).
        arcs: the arcs file in each persona folder (``arcs-180d.yaml``).
        ranges: the checkpoints, ``30d,90d`` (default: the data's own).
        adapter: the memory system, as ``--adapter`` takes it (default ``builtin:bm25``).
        judge: as ``--judge`` takes it (``rubric``, an official scorer, a model selector, a
            Python judge), or ``role:NAME`` for recallbench's LLM judge over inspect's model role
            NAME (``--model-role grader=…``); default: the data family's own judge, else
            ``rubric``.
        lifecycle: ``fresh`` (a memory per checkpoint) or ``incremental`` (one per persona, fed
            checkpoint after checkpoint).
        solver: ``system`` (the memory system answers), ``model`` (the model under evaluation
            answers from what the memory system retrieved) or ``agent`` (the model calls the
            memory server's tools; needs ``-T adapter=mcp:…``).
        sample: at most this many re-asked questions per checkpoint (``--sample``).
        seed: the shuffle seed of the questions' order (``--seed``).

    Raises:
        TaskParameterError: a parameter is not what the task takes (one line naming it).
    """
    try:
        return _task(
            data=data,
            personas=personas,
            arcs=arcs,
            ranges=ranges,
            adapter=adapter,
            judge=judge,
            lifecycle=lifecycle,
            solver=solver,
            sample=sample,
            seed=seed,
        )
    except TaskInputError as exc:
        raise TaskParameterError(exc) from None


def _task(**given: Any) -> Task:
    params = task_params(**given)
    if params.solver == "agent":
        from .agent import check_agent_adapter

        check_agent_adapter(params.adapter)
    try:
        role = role_of(params.judge)
    except ValueError as exc:
        raise TaskInputError(str(exc)) from None
    plan = plan_task(params, judge=role_judge(role) if role is not None else None)
    if not plan.questions:
        raise TaskInputError(
            "the selection asks no question (check -T personas, -T ranges and -T arcs)"
        )
    ingestion = IngestionState(plan)
    extra: dict[str, Any] = {}
    if params.solver == "agent":
        from .agent import agent_uses_memory

        answering = agent_uses_memory(ingestion)
        extra["message_limit"] = AGENT_MESSAGE_LIMIT
    elif params.solver == "model":
        answering = model_reads_memory(ingestion)
    else:
        answering = system_answers(ingestion)
    return Task(
        dataset=WaveSource(plan, ingestion),
        setup=ingest(ingestion),
        solver=answering,
        scorer=recall_judge(ingestion),
        headline_metric="recall_judge.composite",
        metadata={
            "adapter": params.adapter,
            "judge": plan.config.judge_model,
            "lifecycle": params.lifecycle,
            "solver": params.solver,
            "ranges": [r.label for r in plan.config.ranges],
        },
        **extra,
    )
