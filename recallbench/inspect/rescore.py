"""Judging a task's log again, the memory system untouched: ``inspect score LOG --scorer
recallbench/recall_rejudge -S judge=SPEC``.

Each sample of a ``recall_bench`` log records its question (persona, checkpoint day, pair id) and
where the questions came from (its ``source``: the data as the task resolved it, and the arcs file).
:func:`recall_rejudge` reads the question and the days ingested at its checkpoint from that data,
and judges the answer the log holds with the judge given — through
:func:`recallbench.harness.evaluate.evaluate` with the answer as a prior one, as ``recallbench
run --resume`` re-judges an answer and ``recallbench rejudge`` re-judges a run: nothing is asked of
the memory system, no adapter is built.

What does not depend on the judge is kept from the answer's first score (the log's ``recall_judge``
score, found among the sample's scores or its events): the retrieval metrics, the latency, the
days retrieved — and a failed answer's score, which is the failure's, not a judge's. With several
judges (``-S judge=[rubric,openai:gpt-4o-mini]``) they judge as a panel, each answer's score
metadata names each judge's composite, and :func:`.metrics.judge_spread` gives the score under each
judge and their spread.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from ..data.corpus import Day, PersonaDataset
from ..data.dataset import DEFAULT_ARCS_FILE
from ..data.qa import QAPair
from ..errors import ConfigError, DatasetError, JudgeError
from ..harness.config import RunConfig
from ..harness.evaluate import UNSCORED_STAGES, Judging, evaluate
from ..harness.judge_loading import judge_of
from ..judges.base import Judge
from ..results.records import RETRIEVAL_METRICS
from .grader import role_judge, role_of
from .metrics import judge_spread, score_metrics
from .scorer import score_value

__all__ = ["JUDGE_SCORER", "RejudgeError", "recall_rejudge"]

JUDGE_SCORER = "recall_judge"
"""The task's own scorer: the first score of every answer a log holds."""


class RejudgeError(JudgeError):
    """A sample that cannot be judged again: its log does not say where its question comes from,
    or that data no longer holds it (one line naming the sample and what is missing)."""


def _judge(spec: str | Sequence[str], timeout: float | None) -> Judge:
    """The judge ``-S judge=`` names: a spec as ``--judge`` takes it, ``role:NAME`` for the LLM judge
    over inspect's model role NAME, or a list of these (a panel)."""
    specs = [spec] if isinstance(spec, str) else list(spec)
    if not specs or not all(isinstance(s, str) and s.strip() for s in specs):
        raise ConfigError(
            f"-S judge= names a judge (as --judge takes it, or role:NAME) or a list of them, "
            f"got {spec!r}"
        )
    judges: list[Any] = []
    for s in specs:
        try:
            role = role_of(s)
        except ValueError as exc:
            raise ConfigError(str(exc).replace("-T judge", "-S judge")) from None
        judges.append(role_judge(role) if role is not None else s)
    return judge_of(judges if len(judges) > 1 else judges[0], timeout)


@attrs.define
class _Sources:
    """The data a log's samples name, each opened once: its personas, their questions by id, and
    the days up to each checkpoint."""

    data: str | None
    arcs: str | None
    _datasets: dict[tuple[str, str], Any] = attrs.field(factory=dict)
    _personas: dict[tuple[str, str, str], tuple[PersonaDataset, dict[str, QAPair]]] = attrs.field(
        factory=dict
    )
    _days: dict[tuple[str, str, str, int], tuple[Day, ...]] = attrs.field(factory=dict)

    def question(
        self, sample_id: object, metadata: Mapping[str, Any]
    ) -> tuple[QAPair, tuple[Day, ...], PersonaDataset]:
        source = metadata.get("source")
        recorded = source if isinstance(source, Mapping) else {}
        data = self.data or recorded.get("data")
        arcs = self.arcs or recorded.get("arcs") or DEFAULT_ARCS_FILE
        persona, pair_id, cutoff = (
            metadata.get("persona"),
            metadata.get("pairId"),
            metadata.get("checkpointDay"),
        )
        if not isinstance(persona, str) or not isinstance(pair_id, str):
            raise RejudgeError(
                f"sample {sample_id}: its metadata names no persona and pairId (is this a "
                "recall_bench log?)"
            )
        if not isinstance(data, str):
            raise RejudgeError(
                f"sample {sample_id}: its metadata records no data (a log written before "
                "recallbench recorded it): pass -S data=PATH"
            )
        if not isinstance(cutoff, int) or isinstance(cutoff, bool):
            raise RejudgeError(f"sample {sample_id}: its metadata names no checkpointDay")
        ds, pairs = self._persona(str(data), str(arcs), persona)
        pair = pairs.get(pair_id)
        if pair is None:
            raise RejudgeError(
                f"sample {sample_id}: {data} has no question {pair_id} for persona {persona} "
                f"(arcs {arcs})"
            )
        key = (str(data), str(arcs), persona, cutoff)
        if key not in self._days:
            self._days[key] = ds.days_through(cutoff)
        return pair, self._days[key], ds

    def _persona(
        self, data: str, arcs: str, persona: str
    ) -> tuple[PersonaDataset, dict[str, QAPair]]:
        key = (data, arcs, persona)
        if key not in self._personas:
            from ..family.opening import open_data

            if (data, arcs) not in self._datasets:
                if self.data is None and not Path(data).exists():
                    raise RejudgeError(
                        f"the log's data {data} is not here: pass -S data=PATH (where it is now)"
                    )
                try:
                    self._datasets[(data, arcs)] = open_data(data, arcs)[1]
                except (ConfigError, DatasetError) as exc:
                    raise RejudgeError(f"-S data={data}: {exc}") from None
            try:
                ds = self._datasets[(data, arcs)].load(persona)
            except (ConfigError, DatasetError) as exc:
                raise RejudgeError(f"{data}: persona {persona}: {exc}") from None
            self._personas[key] = (ds, {p.id: p for p in ds.qa})
        return self._personas[key]


def first_score(state: TaskState) -> Score | None:
    """The answer's first score: the task's own scorer's, from the sample's scores (``inspect score
    --action append``) or else from its events (the log's score events are replayed either way)."""
    for name, score in (state.scores or {}).items():
        if name == JUDGE_SCORER:
            return score
    from inspect_ai.event import ScoreEvent
    from inspect_ai.log import transcript

    for event in reversed(transcript().events):
        if (
            isinstance(event, ScoreEvent)
            and not event.intermediate
            and event.scorer in (None, JUDGE_SCORER)
        ):
            return event.score
    return None


def _kept_figures(value: dict[str, float], first: Score | None) -> None:
    """The retrieval metrics of the first score put in ``value`` (a judge does not change them)."""
    before = first.value if first is not None and isinstance(first.value, dict) else {}
    for key in RETRIEVAL_METRICS:
        got = before.get(key)
        value[key] = float(got) if isinstance(got, int | float) else math.nan


@scorer(metrics=[*score_metrics(), judge_spread()])
def recall_rejudge(
    judge: str | list[str] = "rubric",
    data: str | None = None,
    arcs: str | None = None,
    window: int = 0,
    timeout: float | None = 120.0,
) -> Scorer:
    """A ``recall_bench`` log's answers judged again by ``judge`` (module docstring).

    Args:
        judge: as ``--judge`` takes it (``rubric``, an official scorer, a model selector, a Python
            judge), ``role:NAME`` (recallbench's LLM judge over inspect's model role NAME), or a
            list of them judging as a panel.
        data: the data, where it is now (default: where each sample records it).
        arcs: the arcs file (default: each sample's).
        window: days either side of a relevant day shown to judges that read excerpts
            (``--judge-memory-window``).
        timeout: seconds for one judge attempt.
    """
    config = RunConfig(judge_memory_window=window, question_timeout=timeout)
    judging = Judging.of(_judge(judge, timeout), None, config)
    sources = _Sources(data, arcs)

    async def score(state: TaskState, target: Target) -> Score:
        pair, days, ds = sources.question(state.sample_id, state.metadata or {})
        first = first_score(state)
        before = dict(first.metadata or {}) if first is not None else {}
        failed = before.get("error")
        if isinstance(failed, Mapping) and failed.get("stage") not in UNSCORED_STAGES:
            # A failed answer's score is the failure's: no judge gave it, none changes it.
            assert first is not None
            return Score(
                value=first.value,
                answer=first.answer,
                explanation=first.explanation,
                metadata=before,
            )
        answer = first.answer if first is not None and first.answer is not None else None
        if answer is None:
            answer = state.output.completion
        latency = before.get("latencyMs")
        evaluation = await evaluate(
            None,
            pair,
            days,
            judging,
            None,
            prior_answer=answer,
            prior_latency_ms=float(latency) if isinstance(latency, int | float) else 0.0,
            persona=ds.definition,
        )
        result = evaluation.result
        if result.error is not None:
            raise RejudgeError(
                f"{state.sample_id}: the judge failed: {result.error.type}: {result.error.message}"
            )
        value = score_value(result)
        _kept_figures(value, first)
        metadata: dict[str, Any] = {
            k: v for k, v in before.items() if k in ("latencyMs", "retrievedDays")
        }
        if result.panel:
            judges: dict[str, list[int]] = {}
            for verdict in result.panel:
                judges.setdefault(verdict.judge, []).append(verdict.composite)
            metadata["judges"] = judges
        return Score(
            value=value,
            answer=result.system_answer,
            explanation=result.score.reasoning,
            metadata=metadata,
        )

    return score
