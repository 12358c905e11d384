"""What a run will do before it is paid for: per checkpoint the days to ingest and the questions to ask,
and the totals (adapter setups, day ingests, questions, judge calls). Pure.

The harness asks exactly the questions a plan lists, in the listed order: both come from
:func:`recallbench.data.selection.iter_checkpoints`.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import Literal

import attrs

from .qa import QAPair
from .ranges import TimeRange, clamp_to_corpus, collapsed_past_end
from .selection import DEFAULT_POLICY, SelectionPolicy, iter_checkpoints

__all__ = [
    "LIFECYCLES",
    "CheckpointPlan",
    "Lifecycle",
    "PersonaPlan",
    "Plan",
    "plan_persona",
    "plan_run",
]

Lifecycle = Literal["fresh", "incremental", "snapshot"]
LIFECYCLES: tuple[str, ...] = ("fresh", "incremental", "snapshot")
"""``fresh``: every checkpoint gets its own setup → ingest 1..N → finalize → query → teardown (the
seed's contract). ``incremental``: one setup per persona, each checkpoint ingests only its new days (the
reference's behaviour). ``snapshot``: incremental ingestion, with the adapter's state restored after each
checkpoint's queries."""


@attrs.frozen(kw_only=True)
class CheckpointPlan:
    range: TimeRange
    days: int
    """Days of corpus covered: min(range days, last day on disk)."""
    days_to_ingest: int
    eligible: int
    eligible_by_category: Mapping[str, int]
    new: int
    historical_available: int
    historical: int
    question_ids: tuple[str, ...]


@attrs.frozen(kw_only=True)
class PersonaPlan:
    persona_id: str
    max_day: int
    checkpoints: tuple[CheckpointPlan, ...]
    setups: int
    """Adapter setups: one per checkpoint (fresh) or one per persona (incremental, snapshot)."""
    collapsed: tuple[str, ...] = ()
    """Checkpoints past the corpus's end after another that reaches it: asked once, as the first
    (:func:`~recallbench.data.ranges.collapsed_past_end`)."""

    @property
    def day_ingests(self) -> int:
        return sum(c.days_to_ingest for c in self.checkpoints)

    @property
    def questions(self) -> int:
        return sum(len(c.question_ids) for c in self.checkpoints)


@attrs.frozen(kw_only=True)
class Plan:
    """What a run would do, before anything runs (``recallbench plan``): per persona and checkpoint
    the days to ingest and the questions asked, with totals (:func:`plan_run`)."""

    lifecycle: Lifecycle
    policy: SelectionPolicy
    personas: tuple[PersonaPlan, ...]

    @property
    def setups(self) -> int:
        return sum(p.setups for p in self.personas)

    @property
    def day_ingests(self) -> int:
        return sum(p.day_ingests for p in self.personas)

    @property
    def questions(self) -> int:
        return sum(p.questions for p in self.personas)

    @property
    def judge_calls(self) -> int:
        """One primary judge call per question (an appellate judge adds up to as many again)."""
        return self.questions


def plan_persona(
    persona_id: str,
    qa: Sequence[QAPair],
    day_numbers: Sequence[int],
    ranges: Sequence[TimeRange],
    *,
    lifecycle: Lifecycle = "fresh",
    policy: SelectionPolicy = DEFAULT_POLICY,
) -> PersonaPlan:
    """The plan for one persona. ``day_numbers`` are the days on disk, ascending."""
    max_day = day_numbers[-1] if day_numbers else 0
    ordered = clamp_to_corpus(ranges, max_day, repeat=policy.repeat_checkpoints)
    collapsed, _ = collapsed_past_end(ranges, max_day, repeat=policy.repeat_checkpoints)
    checkpoints = []
    ingested = 0
    for selection in iter_checkpoints(qa, ordered, policy):
        cutoff = int(min(selection.range.days, max_day))
        through = bisect.bisect_right(day_numbers, cutoff)
        if lifecycle == "fresh":
            to_ingest = through
        else:
            to_ingest = through - bisect.bisect_right(day_numbers, ingested)
            ingested = max(ingested, cutoff)
        checkpoints.append(
            CheckpointPlan(
                range=selection.range,
                days=cutoff,
                days_to_ingest=to_ingest,
                eligible=len(selection.eligible),
                eligible_by_category=selection.eligible_by_category,
                new=len(selection.new),
                historical_available=selection.historical_available,
                historical=len(selection.historical),
                question_ids=selection.question_ids,
            )
        )
    setups = len(checkpoints) if lifecycle == "fresh" else (1 if checkpoints else 0)
    return PersonaPlan(
        persona_id=persona_id,
        max_day=max_day,
        checkpoints=tuple(checkpoints),
        setups=setups,
        collapsed=collapsed,
    )


def plan_run(
    personas: Sequence[tuple[str, Sequence[QAPair], Sequence[int]]],
    ranges: Sequence[TimeRange],
    *,
    lifecycle: Lifecycle = "fresh",
    policy: SelectionPolicy = DEFAULT_POLICY,
    persona_ranges: Mapping[str, Sequence[TimeRange]] | None = None,
) -> Plan:
    """The plan for several personas, each given as ``(id, qa, day_numbers)``; a persona named in
    ``persona_ranges`` asks its own checkpoints instead of ``ranges`` (an imported LoCoMo
    conversation's session quarters)."""
    own = persona_ranges or {}
    return Plan(
        lifecycle=lifecycle,
        policy=policy,
        personas=tuple(
            plan_persona(pid, qa, days, own.get(pid) or ranges, lifecycle=lifecycle, policy=policy)
            for pid, qa, days in personas
        ),
    )
