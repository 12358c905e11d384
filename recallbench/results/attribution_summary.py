"""A run's answers counted by attribution class: overall, by checkpoint, by category and by both
(the classes: :mod:`recallbench.results.attribution`). Pure."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from ..data.qa import report_categories
from .attribution import (
    CLASSES,
    UNRELIABLE_FORMS,
    AttributedAnswer,
    Attributor,
    UnreliableForm,
    judge_setting,
    retrieval_reported,
)
from .records import BenchmarkResult

__all__ = ["AttributionSummary", "summarize_attribution"]


def _zeros() -> dict[str, int]:
    return dict.fromkeys(CLASSES, 0)


@attrs.frozen(kw_only=True)
class AttributionSummary:
    """A run's answers counted by class: overall, by checkpoint, by category and by both.

    Every mapping of counts holds every class of :data:`CLASSES`, in that order (zeros included);
    each sums to the answers it covers.

    Attributes:
        total: every answer of the run (scored, failed and left unscored).
        reported: whether the run reports retrieval (when not, misses and reading errors are
            ``retrieval-unknown``).
        overall: counts over the run.
        by_checkpoint: by checkpoint label, in the run's order.
        by_category: by question category, in report order.
        by_cell: by (category, checkpoint label).
        miss_evidence: answers whose class is ``retrieval-miss`` by evidence state (``partial``,
            ``missed``), and ``wrong_abstention_evidence`` the same for wrong abstentions
            (``retrieved``, ``not-reported``): where the answers of the two classes stand.
    """

    total: int
    reported: bool
    overall: Mapping[str, int]
    by_checkpoint: Mapping[str, Mapping[str, int]]
    by_category: Mapping[str, Mapping[str, int]]
    by_cell: Mapping[tuple[str, str], Mapping[str, int]]
    miss_evidence: Mapping[str, int] = attrs.field(factory=dict)
    wrong_abstention_evidence: Mapping[str, int] = attrs.field(factory=dict)

    def share(self, kind: str) -> float:
        """The share (0–1) of the run's answers in class ``kind``; 0 without answers."""
        return self.overall.get(kind, 0) / self.total if self.total else 0.0


def _count(
    result: BenchmarkResult, forms: Sequence[UnreliableForm]
) -> dict[tuple[str, str, str, str], int]:
    """Answers by (category, checkpoint label, class, evidence): one count per answer, no record
    per answer (a large run has hundreds of thousands)."""
    attribute = Attributor(
        reported=retrieval_reported(result), forms=forms, **judge_setting(result.metadata)
    ).attribute
    counts: dict[tuple[str, str, str, str], int] = {}
    get = counts.get
    for persona in result.personas:
        for rr in persona.range_results:
            label = rr.range.label
            for q in rr.question_results:
                a = attribute(q)
                key = (q.qa.category, label, a.kind, a.evidence)
                counts[key] = get(key, 0) + 1
            for q in rr.unscored_results or ():
                a = attribute(q, scored=False)
                key = (q.qa.category, label, a.kind, a.evidence)
                counts[key] = get(key, 0) + 1
    return counts


def _given(items: Iterable[AttributedAnswer]) -> dict[tuple[str, str, str, str], int]:
    counts: dict[tuple[str, str, str, str], int] = {}
    for item in items:
        a = item.attribution
        key = (item.answer.qa.category, item.checkpoint, a.kind, a.evidence)
        counts[key] = counts.get(key, 0) + 1
    return counts


def summarize_attribution(
    result: BenchmarkResult,
    *,
    forms: Sequence[UnreliableForm] = UNRELIABLE_FORMS,
    attributed: Iterable[AttributedAnswer] | None = None,
) -> AttributionSummary:
    """Count the classes of every answer of ``result``.

    Args:
        result: the run.
        forms: the known unreliable forms (default :data:`UNRELIABLE_FORMS`).
        attributed: its answers already attributed (:func:`attribute_run`'s), when the caller
            has them; default: attributed here.
    """
    overall = _zeros()
    by_checkpoint: dict[str, dict[str, int]] = {r.label: _zeros() for r in result.ranges}
    by_category: dict[str, dict[str, int]] = {}
    by_cell: dict[tuple[str, str], dict[str, int]] = {}
    miss: dict[str, int] = {}
    abstained: dict[str, int] = {}
    total = 0
    counts = _count(result, forms) if attributed is None else _given(attributed)
    for (category, label, kind, evidence), n in counts.items():
        total += n
        overall[kind] += n
        by_checkpoint.setdefault(label, _zeros())[kind] += n
        by_category.setdefault(category, _zeros())[kind] += n
        by_cell.setdefault((category, label), _zeros())[kind] += n
        if kind == "retrieval-miss":
            miss[evidence] = miss.get(evidence, 0) + n
        elif kind == "wrong-abstention":
            abstained[evidence] = abstained.get(evidence, 0) + n
    order = report_categories(by_category, result.categories)
    return AttributionSummary(
        total=total,
        reported=retrieval_reported(result),
        overall=overall,
        by_checkpoint={k: v for k, v in by_checkpoint.items() if sum(v.values())},
        by_category={c: by_category[c] for c in order if c in by_category},
        by_cell=by_cell,
        miss_evidence=miss,
        wrong_abstention_evidence=abstained,
    )
