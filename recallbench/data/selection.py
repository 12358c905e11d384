"""Which questions a checkpoint asks, and in what order (reference §2.5–2.8). Pure.

At a checkpoint covering ``days`` days a pair is *eligible* when every relevant day lies within the
range and the range does not pass the pair's ``irrelevant_after``. Group-aware categories are gated off
unless enabled. Eligible pairs not eligible at an earlier checkpoint are *new* and always asked;
the others are *historical* and, with ``sample``, capped by a category-stratified seeded sample. The
asking order is a seeded shuffle of new + sampled historical.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence

import attrs

from .._bounds import bounded
from .qa import QAPair, report_categories
from .ranges import TimeRange
from .shuffle import seeded_shuffle

__all__ = [
    "CheckpointSelection",
    "SelectionPolicy",
    "filter_qa_by_range",
    "gate_groups",
    "is_eligible",
    "iter_checkpoints",
    "select_checkpoint",
    "split_new_historical",
    "stratified_sample",
]


def is_eligible(pair: QAPair, days: float, *, respect_irrelevant_after: bool = True) -> bool:
    """True when ``pair`` may be asked at a checkpoint covering ``days`` days.

    Still eligible on the day equal to ``irrelevant_after``; stale only after it.
    """
    if pair.last_day > days:
        return False
    return not (
        respect_irrelevant_after
        and pair.irrelevant_after is not None
        and days > pair.irrelevant_after
    )


def filter_qa_by_range(
    qa: Iterable[QAPair],
    time_range: TimeRange | float,
    *,
    respect_irrelevant_after: bool = True,
) -> list[QAPair]:
    """The pairs eligible at ``time_range`` (a TimeRange or a day count), in their given order."""
    days = time_range.days if isinstance(time_range, TimeRange) else time_range
    return [
        p for p in qa if is_eligible(p, days, respect_irrelevant_after=respect_irrelevant_after)
    ]


def gate_groups(pairs: Iterable[QAPair], groups_enabled: bool) -> list[QAPair]:
    """Drop group-session-attribution and information-boundary pairs unless groups are enabled."""
    return [p for p in pairs if groups_enabled or not p.is_group]


def split_new_historical(
    eligible: Iterable[QAPair], previously_eligible: frozenset[str] | set[str]
) -> tuple[list[QAPair], list[QAPair]]:
    """``(new, historical)``: pairs not yet eligible at an earlier checkpoint, and the rest."""
    new: list[QAPair] = []
    historical: list[QAPair] = []
    for p in eligible:
        (historical if p.id in previously_eligible else new).append(p)
    return new, historical


def stratified_sample(pool: Sequence[QAPair], n: int, seed: int) -> list[QAPair]:
    """``n`` pairs of ``pool`` with each category represented in proportion (largest remainders).

    Seats: each category gets floor(share × n); leftover seats go to categories by larger remainder,
    then larger size, then first appearance, skipping full ones; any seats still left go one by one to
    the largest category not yet full. Each category yields the first seats of its own seeded shuffle,
    categories in first-appearance order. n ≤ 0 gives nothing; n ≥ len(pool) a shuffle of the pool.
    """
    if n <= 0:
        return []
    if n >= len(pool):
        return seeded_shuffle(pool, seed)
    groups: dict[str, list[QAPair]] = {}
    for p in pool:
        groups.setdefault(p.category, []).append(p)
    names = list(groups)
    base: dict[str, int] = {}
    remainder: dict[str, float] = {}
    for name in names:
        raw = len(groups[name]) / len(pool) * n
        base[name] = math.floor(raw)
        remainder[name] = raw - base[name]
    leftover = n - sum(base.values())
    by_remainder = sorted(names, key=lambda g: (-remainder[g], -len(groups[g]), names.index(g)))
    for name in by_remainder:
        if leftover <= 0:
            break
        if base[name] < len(groups[name]):
            base[name] += 1
            leftover -= 1
    while leftover > 0:
        open_groups = [g for g in names if base[g] < len(groups[g])]
        largest = max(open_groups, key=lambda g: (len(groups[g]), -names.index(g)))
        base[largest] += 1
        leftover -= 1
    out: list[QAPair] = []
    for name in names:
        out.extend(seeded_shuffle(groups[name], seed)[: base[name]])
    return out


def _sample_size(_inst: object, _a: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise ValueError(f"sample must be a whole number ≥ 0, got {value!r}")


@attrs.frozen(kw_only=True)
class SelectionPolicy:
    """How checkpoints choose their questions.

    Attributes:
        sample: cap on re-asked historical pairs per checkpoint (None: ask them all).
        seed: shuffle seed; 0 keeps dataset order.
        groups_enabled: ask group-session-attribution and information-boundary pairs.
        respect_irrelevant_after: drop pairs past their ``irrelevant_after`` day (turn off to
            reproduce runs made before the field existed).
        repeat_checkpoints: keep the named checkpoints that fall past a corpus's end (``1y`` and
            ``full`` after ``6mo`` over 180 days), which ask the same days again, as the reference
            does; by default they are asked once (:func:`~recallbench.data.ranges.clamp_to_corpus`).
    """

    sample: int | None = attrs.field(default=None, validator=[_sample_size, bounded("sample")])
    seed: int = attrs.field(default=42, validator=bounded("seed"))
    groups_enabled: bool = False
    respect_irrelevant_after: bool = True
    repeat_checkpoints: bool = False


DEFAULT_POLICY = SelectionPolicy()


@attrs.frozen(kw_only=True)
class CheckpointSelection:
    """The questions one checkpoint asks, and the counts the reports need."""

    range: TimeRange
    eligible_by_category: Mapping[str, int]
    """Eligible pairs per category before group gating (the reference's ``eligibleCount``)."""
    eligible: tuple[QAPair, ...]
    """Eligible after group gating, in dataset order."""
    new: tuple[QAPair, ...]
    historical_available: int
    historical: tuple[QAPair, ...]
    """The historical pairs asked (all, or the sample)."""
    order: tuple[QAPair, ...]
    """The asking order: a seeded shuffle of new + historical."""

    @property
    def question_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.order)


def select_checkpoint(
    qa: Sequence[QAPair],
    time_range: TimeRange,
    previously_eligible: frozenset[str] | set[str],
    policy: SelectionPolicy = DEFAULT_POLICY,
    categories: Sequence[str] | None = None,
) -> CheckpointSelection:
    """The questions asked at one checkpoint, given the ids eligible at earlier ones
    (``categories``: the data's family's own, in report order; None: Recall Bench's)."""
    eligible_all = filter_qa_by_range(
        qa, time_range, respect_irrelevant_after=policy.respect_irrelevant_after
    )
    counts = Counter(p.category for p in eligible_all)
    eligible = gate_groups(eligible_all, policy.groups_enabled)
    new, historical = split_new_historical(eligible, previously_eligible)
    sample, seed = policy.sample, policy.seed
    asked = (
        stratified_sample(historical, sample, seed)
        if sample is not None and len(historical) > sample
        else historical
    )
    return CheckpointSelection(
        range=time_range,
        eligible_by_category={
            c: counts.get(c, 0) for c in report_categories((p.category for p in qa), categories)
        },
        eligible=tuple(eligible),
        new=tuple(new),
        historical_available=len(historical),
        historical=tuple(asked),
        order=tuple(seeded_shuffle([*new, *asked], seed)),
    )


def iter_checkpoints(
    qa: Sequence[QAPair],
    ranges: Iterable[TimeRange],
    policy: SelectionPolicy = DEFAULT_POLICY,
    *,
    previously_eligible: Iterable[str] = (),
    categories: Sequence[str] | None = None,
) -> Iterator[CheckpointSelection]:
    """The selection at each checkpoint of ``ranges`` in turn (pass them normalised), carrying the
    set of previously eligible ids forward as the harness does (``categories``: the data's
    family's own, in report order)."""
    seen = set(previously_eligible)
    for r in ranges:
        selection = select_checkpoint(qa, r, frozenset(seen), policy, categories)
        seen.update(p.id for p in selection.eligible)
        yield selection
