"""The task's samples — one per checkpoint question — and the source that hands them out in waves.

A sample is one question asked at one checkpoint of one persona: its input the question, its
target the reference answer, its metadata the persona, the checkpoint, the category, the pair's id
and its evidence (relevant days, evidence turns).

The samples come in *waves*, one per checkpoint: all the first checkpoints' samples, then all the
second's, and so on (:class:`WaveSource`, an inspect :class:`~inspect_ai.SampleSource`). inspect asks
for the next wave only when no sample of the last one is in flight (every epoch of each done), so a
unit of the ``incremental`` lifecycle, which answers its checkpoints in order with one memory, is
asked about a checkpoint only when every question of the one before has been answered. When a wave
is done, the units whose last checkpoint it held are torn down; when the last wave is, every unit
still up is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from inspect_ai import SampleSource
from inspect_ai.dataset import Sample

from ..results.evidence import has_evidence
from .plan import Plan, PlannedQuestion, evidence
from .state import IngestionState

__all__ = ["WaveSource", "sample_metadata", "sample_of"]


def sample_metadata(
    question: PlannedQuestion, source: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """A sample's metadata (camelCase, as recallbench's logs spell it); ``source`` (the plan's: its
    data and arcs file) is kept with it, so the log can be judged again (:mod:`.rescore`)."""
    pair = question.pair
    selection = question.task.selection
    return {
        "persona": question.persona,
        "checkpoint": question.task.label,
        "checkpointDay": question.task.cutoff,
        "category": pair.category,
        "difficulty": pair.difficulty,
        "pairId": pair.id,
        "evidence": evidence(pair),
        "hasEvidence": has_evidence(pair),
        "historical": any(p.id == pair.id for p in selection.historical),
        "unit": question.unit,
        **({"source": dict(source)} if source else {}),
    }


def sample_of(question: PlannedQuestion, source: Mapping[str, str] | None = None) -> Sample:
    """The sample of a planned question."""
    return Sample(
        id=question.id,
        input=question.pair.question,
        target=question.pair.answer,
        metadata=sample_metadata(question, source),
    )


class WaveSource(SampleSource):
    """The task's samples, a wave at a time (module docstring)."""

    def __init__(self, plan: Plan, state: IngestionState) -> None:
        self._plan = plan
        self._state = state
        self._fed = 0
        """How many waves have been handed out."""
        self._generation = state.generation
        """The run of the task they were handed out in (the same task may be run again)."""

    def _wave(self, n: int) -> list[Sample]:
        return [sample_of(self._plan.questions[i], self._plan.source) for i in self._plan.waves[n]]

    def _index(self, n: int) -> int:
        """The checkpoint index of the ``n``-th wave."""
        return self._plan.questions[self._plan.waves[n][0]].wave

    def initial_samples(self) -> list[Sample]:
        if not self._plan.waves:
            return []
        self._fed = max(self._fed, 1)
        return self._wave(0)

    async def next_samples(self) -> list[Sample] | None:
        if self._generation != self._state.generation:  # a new run: its first wave is done
            self._generation, self._fed = self._state.generation, 1
        if self._fed and self._fed <= len(self._plan.waves):
            await self._state.finish(self._index(self._fed - 1))
        if self._fed < len(self._plan.waves):
            self._fed += 1
            return self._wave(self._fed - 1)
        await self._state.close()
        return None
