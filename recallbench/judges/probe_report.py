"""What a judge made of the probe battery: per-kind figures and the orderings a sound judge satisfies.
Pure: no I/O, no anyio.

Per probe kind: ``n`` probes scored, the judge ``errors`` (left out of every figure), the mean
composite (0–6), the share scored correct (correctness ≥ 2) and the share flagged as hallucinated
(hallucination 0).

**The orderings** (:data:`ORDERINGS`), each held, violated, or untested when the sample has nothing to
compare. A composite comparison compares the two kinds' mean composites as the per-kind table shows
them; with ``L`` and ``R`` those means:

* ``A ≥ B`` — held when ``L ≥ R − 0.25`` (:data:`AT_LEAST_SLACK`): presentation may cost a quarter
  point on average, no more.
* ``A ≈ B`` — held when ``|L − R| ≤ 0.75`` (:data:`ABOUT_TOLERANCE`).
* ``A > B`` — held when ``L − R ≥ 0.5`` (:data:`ABOVE_MARGIN`).
* ``K flagged`` — held when at least 50% (:data:`FLAGGED_MIN`) of K's probes are flagged.
* ``grounded not flagged`` — held when at most 10% (:data:`GROUNDED_FLAGGED_MAX`) of the verbatim,
  paraphrase, restyled and grounded-extra probes are flagged: a judge that flags everything would
  otherwise pass the two flag checks above.
* ``abstention right only where it should be`` — held when abstentions are scored correct on at
  least 50% (:data:`ABSTAIN_RIGHT_MIN`) of negative-recall pairs and on at most 10%
  (:data:`ABSTAIN_WRONG_MAX`) of the other (answerable) pairs.
* ``date-off never fully correct`` — held when at most 10% (:data:`FULL_MAX`) of the date-off probes
  keep full correctness (3): a wrong date may leave an answer partly right, never wholly.

The style probes (:mod:`recallbench.judges.probe_styles`) keep their own orderings: each grounded
style ≥ verbatim (``many-details``, ``stamped``, ``labelled``, ``stamp-off``), ``many-details >
fabricated``, ``verbatim > date-off`` and ``stamp-off > date-off`` (a right date with a misdated
citation beats a wrong date rightly cited), ``hedged > wrong-value``, ``hedged-partial ≥ partial``
(a hedge costs nothing beyond the missing facts), ``hedged-partial > vague``, ``hedged-negative right
only where it should be`` (the abstention rule: right on negative-recall pairs only), and ``styled
grounded not flagged`` (at most 10% of the style kinds that keep the truth flagged).

The extra-detail probes (:mod:`recallbench.judges.probe_extras`) keep theirs: ``distant-extra ≥
verbatim`` (a true detail the reference leaves out costs nothing, wherever in the corpus it comes
from), ``distant-extra > invented-extra`` and ``invented-extra flagged`` (the same detail invented
costs points and is flagged), ``cited-extra ≥ verbatim`` (citations and markdown cost nothing),
``date-reworded ≥ verbatim`` and ``date-reworded > date-off`` (a date written another way is the
same date; one day off is another), ``hedged > hedged-wrong`` and ``hedged-wrong ≈ wrong-value`` (a
hedge neither rescues a wrong value nor costs a right answer), and ``true extras not flagged`` (at
most 10% of ``distant-extra``, ``cited-extra`` and ``date-reworded`` flagged).

The chain ``verbatim ≥ restyled ≈ paraphrase > partial > vague ≈ wrong-value`` is checked link by
link: ``verbatim ≥ restyled``, ``verbatim ≥ paraphrase``, ``verbatim ≥ grounded-extra``, ``restyled ≈
paraphrase``, ``restyled > partial``, ``paraphrase > partial``, ``partial > vague``, ``partial >
wrong-value``, ``vague ≈ wrong-value``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from ..data.qa import CATEGORIES
from .probe import PROBE_KINDS, ProbeOutcome

__all__ = [
    "ABOUT_TOLERANCE",
    "ABOVE_MARGIN",
    "ABSTAIN_RIGHT_MIN",
    "ABSTAIN_WRONG_MAX",
    "AT_LEAST_SLACK",
    "CORRECT_AT",
    "FLAGGED_MIN",
    "FULL_MAX",
    "GROUNDED_FLAGGED_MAX",
    "ORDERINGS",
    "TRUE_EXTRA_KINDS",
    "KindStats",
    "Ordering",
    "OrderingResult",
    "ProbeReport",
    "Verdict",
    "kind_stats",
    "probe_report",
]

AT_LEAST_SLACK = 0.25
"""``A ≥ B`` holds when mean(A) ≥ mean(B) − this (composite points, 0–6)."""
ABOUT_TOLERANCE = 0.75
"""``A ≈ B`` holds when |mean(A) − mean(B)| ≤ this."""
ABOVE_MARGIN = 0.5
"""``A > B`` holds when mean(A) − mean(B) ≥ this."""
FLAGGED_MIN = 0.5
"""``K flagged`` holds when at least this share of K's probes is flagged as hallucinated."""
GROUNDED_FLAGGED_MAX = 0.1
"""``grounded not flagged`` holds when at most this share of the grounded kinds' probes is flagged."""
ABSTAIN_RIGHT_MIN = 0.5
"""Abstentions must be scored correct on at least this share of negative-recall pairs …"""
ABSTAIN_WRONG_MAX = 0.1
"""… and on at most this share of answerable pairs."""
CORRECT_AT = 2
"""A probe is "scored correct" at correctness ≥ this (of 3)."""
FULL_MAX = 0.1
"""``K never fully correct`` holds when at most this share of K's probes keeps correctness 3."""

GROUNDED_KINDS: tuple[str, ...] = ("verbatim", "paraphrase", "restyled", "grounded-extra")
STYLED_GROUNDED_KINDS: tuple[str, ...] = (
    "many-details",
    "stamped",
    "labelled",
    "stamp-off",
    "hedged",
    "hedged-partial",
    "hedged-negative",
)
"""The style kinds that keep the answer's truth (or abstain truthfully): none should be flagged."""
TRUE_EXTRA_KINDS: tuple[str, ...] = ("distant-extra", "cited-extra", "date-reworded")
"""The extra-detail kinds that keep the answer's truth: a true detail from a day outside the evidence
(plain, or cited in markdown) and dates written another way: none should be flagged."""

Rule = Literal["at-least", "about", "above", "flagged", "not-flagged", "abstention", "not-full"]
Verdict = Literal["held", "violated", "untested"]


@attrs.frozen(kw_only=True)
class Ordering:
    """One property a sound judge satisfies.

    Attributes:
        name: how reports show it (``verbatim ≥ restyled``).
        rule: ``at-least``, ``about`` and ``above`` compare two kinds' paired mean composites;
            ``flagged`` and ``not-flagged`` read the share flagged; ``abstention`` reads the share of
            the kind's probes scored correct on negative-recall and on answerable pairs;
            ``not-full`` the share that keeps full correctness.
        kinds: the kinds it reads (left, right for comparisons).
    """

    name: str
    rule: Rule
    kinds: tuple[str, ...]

    @property
    def tolerance(self) -> float:
        """The rule's slack, margin or share threshold (see the module docstring)."""
        return {
            "at-least": AT_LEAST_SLACK,
            "about": ABOUT_TOLERANCE,
            "above": ABOVE_MARGIN,
            "flagged": FLAGGED_MIN,
            "not-flagged": GROUNDED_FLAGGED_MAX,
            "abstention": ABSTAIN_WRONG_MAX,
            "not-full": FULL_MAX,
        }[self.rule]


def _cmp(left: str, rule: Rule, right: str) -> Ordering:
    sign = {"at-least": "≥", "about": "≈", "above": ">"}[rule]
    return Ordering(name=f"{left} {sign} {right}", rule=rule, kinds=(left, right))


ORDERINGS: tuple[Ordering, ...] = (
    _cmp("verbatim", "at-least", "restyled"),
    _cmp("verbatim", "at-least", "paraphrase"),
    _cmp("verbatim", "at-least", "grounded-extra"),
    _cmp("restyled", "about", "paraphrase"),
    _cmp("restyled", "above", "partial"),
    _cmp("paraphrase", "above", "partial"),
    _cmp("partial", "above", "vague"),
    _cmp("partial", "above", "wrong-value"),
    _cmp("vague", "about", "wrong-value"),
    Ordering(name="fabricated flagged", rule="flagged", kinds=("fabricated",)),
    Ordering(name="confident-yes flagged", rule="flagged", kinds=("confident-yes",)),
    Ordering(name="grounded not flagged", rule="not-flagged", kinds=GROUNDED_KINDS),
    Ordering(
        name="abstention right only where it should be", rule="abstention", kinds=("abstention",)
    ),
    _cmp("many-details", "at-least", "verbatim"),
    _cmp("many-details", "above", "fabricated"),
    _cmp("stamped", "at-least", "verbatim"),
    _cmp("labelled", "at-least", "verbatim"),
    _cmp("stamp-off", "at-least", "verbatim"),
    _cmp("verbatim", "above", "date-off"),
    _cmp("stamp-off", "above", "date-off"),
    Ordering(name="date-off never fully correct", rule="not-full", kinds=("date-off",)),
    _cmp("hedged", "above", "wrong-value"),
    _cmp("hedged-partial", "at-least", "partial"),
    _cmp("hedged-partial", "above", "vague"),
    Ordering(
        name="hedged-negative right only where it should be",
        rule="abstention",
        kinds=("hedged-negative",),
    ),
    Ordering(name="styled grounded not flagged", rule="not-flagged", kinds=STYLED_GROUNDED_KINDS),
    _cmp("distant-extra", "at-least", "verbatim"),
    _cmp("distant-extra", "above", "invented-extra"),
    Ordering(name="invented-extra flagged", rule="flagged", kinds=("invented-extra",)),
    _cmp("cited-extra", "at-least", "verbatim"),
    _cmp("date-reworded", "at-least", "verbatim"),
    _cmp("date-reworded", "above", "date-off"),
    _cmp("hedged", "above", "hedged-wrong"),
    _cmp("hedged-wrong", "about", "wrong-value"),
    Ordering(name="true extras not flagged", rule="not-flagged", kinds=TRUE_EXTRA_KINDS),
)
"""Every ordering, in the order reports list them."""


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else math.nan


@attrs.frozen(kw_only=True)
class KindStats:
    """One probe kind's figures (NaN where nothing was scored).

    Attributes:
        kind: the probe kind.
        n: probes the judge scored.
        errors: probes the judge failed on (left out of the figures).
        mean_composite: mean composite, 0–6.
        share_correct: share scored correct (correctness ≥ :data:`CORRECT_AT`).
        share_flagged: share flagged as hallucinated (hallucination 0).
    """

    kind: str
    n: int
    errors: int = 0
    mean_composite: float = math.nan
    share_correct: float = math.nan
    share_flagged: float = math.nan

    def to_json(self) -> dict[str, Any]:
        """camelCase JSON; NaN becomes null."""
        return {
            "n": self.n,
            "errors": self.errors,
            "meanComposite": _finite(self.mean_composite),
            "shareCorrect": _finite(self.share_correct),
            "shareFlagged": _finite(self.share_flagged),
        }


def kind_stats(outcomes: Iterable[ProbeOutcome], kind: str) -> KindStats:
    """The figures of one kind over ``outcomes``."""
    mine = [o for o in outcomes if o.probe.kind == kind]
    scores = [o.score for o in mine if o.score is not None]
    return KindStats(
        kind=kind,
        n=len(scores),
        errors=len(mine) - len(scores),
        mean_composite=_mean([s.composite for s in scores]),
        share_correct=_mean([float(s.correctness >= CORRECT_AT) for s in scores]),
        share_flagged=_mean([float(s.hallucination == 0) for s in scores]),
    )


@attrs.frozen(kw_only=True)
class OrderingResult:
    """One ordering checked on a judge's scores.

    Attributes:
        name, rule, kinds: the :class:`Ordering`.
        figures: what was compared — ``left``, ``right`` and ``difference`` (the kinds' mean
            composites) for comparisons; ``flagged`` (a share) for flag checks; ``negativeCorrect`` and
            ``answerableCorrect`` (shares) for the abstention checks; ``fullyCorrect`` (a share) for
            ``not-full``.
        n: probes read (for a comparison, those of the kind with fewer).
        tolerance: the rule's slack, margin or threshold.
        verdict: ``held``, ``violated``, or ``untested`` when there was nothing to compare.
    """

    name: str
    rule: Rule
    kinds: tuple[str, ...]
    figures: Mapping[str, float]
    n: int
    tolerance: float
    verdict: Verdict

    @property
    def held(self) -> bool:
        return self.verdict == "held"

    def to_json(self) -> dict[str, Any]:
        """camelCase JSON; NaN becomes null."""
        return {
            "name": self.name,
            "rule": self.rule,
            "kinds": list(self.kinds),
            "figures": {k: _finite(v) for k, v in self.figures.items()},
            "n": self.n,
            "tolerance": self.tolerance,
            "verdict": self.verdict,
        }


def _check(ordering: Ordering, outcomes: Sequence[ProbeOutcome]) -> OrderingResult:
    rule, tol = ordering.rule, ordering.tolerance
    scored = [o for o in outcomes if o.score is not None and o.probe.kind in ordering.kinds]
    figures: dict[str, float]
    verdict: Verdict
    if rule in ("at-least", "about", "above"):
        sides = [kind_stats(outcomes, kind) for kind in ordering.kinds]
        n = min(side.n for side in sides)
        left, right = sides[0].mean_composite, sides[1].mean_composite
        diff = left - right
        figures = {"left": left, "right": right, "difference": diff}
        ok = {"at-least": diff >= -tol, "about": abs(diff) <= tol, "above": diff >= tol}[rule]
    elif rule == "not-full":
        n = len(scored)
        full = _mean([float(o.score.correctness == 3) for o in scored if o.score is not None])
        figures = {"fullyCorrect": full}
        ok = full <= tol
    elif rule in ("flagged", "not-flagged"):
        n = len(scored)
        share = _mean([float(o.score.hallucination == 0) for o in scored if o.score is not None])
        figures = {"flagged": share}
        ok = share >= tol if rule == "flagged" else share <= tol
    else:
        right_where = [o for o in scored if o.probe.should_be_correct]
        wrong_where = [o for o in scored if not o.probe.should_be_correct]

        def correct(group: list[ProbeOutcome]) -> float:
            return _mean([float(o.score.correctness >= CORRECT_AT) for o in group if o.score])

        negative, answerable = correct(right_where), correct(wrong_where)
        figures = {"negativeCorrect": negative, "answerableCorrect": answerable}
        n = len(scored) if right_where and wrong_where else 0
        ok = negative >= ABSTAIN_RIGHT_MIN and answerable <= ABSTAIN_WRONG_MAX
    verdict = "untested" if n == 0 else "held" if ok else "violated"
    return OrderingResult(
        name=ordering.name,
        rule=rule,
        kinds=ordering.kinds,
        figures=figures,
        n=n,
        tolerance=tol,
        verdict=verdict,
    )


@attrs.frozen(kw_only=True)
class ProbeReport:
    """A judge's results on the probe battery.

    Attributes:
        judge: the judge's name.
        seed: the battery's seed.
        sample: pairs sampled per persona.
        personas: the personas probed.
        pairs: pairs probed.
        probes: probes built.
        errors: probes the judge failed on.
        kinds: per kind, in :data:`PROBE_KINDS` order (kinds no pair could carry are left out).
        by_category: the same per category (categories in their fixed order, only those sampled).
        orderings: every :data:`ORDERINGS` entry checked.
    """

    judge: str
    seed: int
    sample: int
    personas: tuple[str, ...]
    pairs: int
    probes: int
    errors: int
    kinds: tuple[KindStats, ...]
    by_category: Mapping[str, tuple[KindStats, ...]]
    orderings: tuple[OrderingResult, ...]

    def count(self, verdict: Verdict) -> int:
        """How many orderings have this verdict."""
        return sum(1 for o in self.orderings if o.verdict == verdict)

    def to_json(self) -> dict[str, Any]:
        """camelCase JSON; NaN becomes null."""
        return {
            "judge": self.judge,
            "seed": self.seed,
            "sample": self.sample,
            "personas": list(self.personas),
            "pairs": self.pairs,
            "probes": self.probes,
            "errors": self.errors,
            "kinds": {k.kind: k.to_json() for k in self.kinds},
            "byCategory": {
                c: {k.kind: k.to_json() for k in stats} for c, stats in self.by_category.items()
            },
            "orderings": [o.to_json() for o in self.orderings],
            "held": self.count("held"),
            "violated": self.count("violated"),
            "untested": self.count("untested"),
        }


def _per_kind(outcomes: Sequence[ProbeOutcome]) -> tuple[KindStats, ...]:
    present = {o.probe.kind for o in outcomes}
    return tuple(kind_stats(outcomes, k) for k in PROBE_KINDS if k in present)


def probe_report(
    outcomes: Sequence[ProbeOutcome],
    *,
    judge: str,
    seed: int,
    sample: int,
    personas: Sequence[str] = (),
) -> ProbeReport:
    """The report of a judge's outcomes on a battery (see the module docstring for the orderings)."""
    categories: dict[str, list[ProbeOutcome]] = {}
    for o in outcomes:
        categories.setdefault(o.probe.pair.category, []).append(o)
    return ProbeReport(
        judge=judge,
        seed=seed,
        sample=sample,
        personas=tuple(personas) or tuple(dict.fromkeys(o.probe.persona_id for o in outcomes)),
        pairs=len({(o.probe.persona_id, o.probe.pair.id) for o in outcomes}),
        probes=len(outcomes),
        errors=sum(1 for o in outcomes if o.score is None),
        kinds=_per_kind(outcomes),
        by_category={c: _per_kind(categories[c]) for c in CATEGORIES if c in categories},
        orderings=tuple(_check(o, outcomes) for o in ORDERINGS),
    )
