"""The numbers :func:`recallbench.results.comparison.compare_results` reads from each run, and the
answers both runs gave, as arrays. Pure.

:func:`flatten` takes one pass over a run's answers; :class:`Pairs` lines up the answers both runs
gave (same persona, checkpoint and question, in sorted order) as NumPy columns, with each group's
positions, so that every group's paired means and bootstrap are array slices. A 6-persona,
143-checkpoint comparison (187,000 answers a side) went from 8 s of Python loops to well under one;
the sums are the same ``math.fsum`` of the same floats in the same order, so the figures are the
same to the last bit.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import attrs

from ..data.qa import QAPair
from .comparison_records import Paired
from .records import BenchmarkResult
from .stats import bootstrap_discrete

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Flat", "Pairs", "flatten"]

Key = tuple[str, str, str]
"""(persona id, checkpoint label, question id)."""


@attrs.frozen(kw_only=True)
class Flat:
    """One run, flattened.

    Attributes:
        cells: (persona, label, category, mean, count): the heatmap cells, per persona.
        checkpoints: (persona, label, days ingested, answers, hallucination rate).
        answers: (question, mean composite, share hallucinated) by key: 1.0 hallucinated, 0.0 not,
            a mean for a key answered twice.
        hallucinated_by_category: the answers' share hallucinated, by the question's category, in
            the order of ``answers``.
        evaluations: [question, evaluations hallucinated, evaluations] by (persona, question id).
        question_answers: answers with per-question data.
        unscored: answers left out because their judge failed.
        label_days: days of each checkpoint label.
    """

    cells: tuple[tuple[str, str, str, float, int], ...]
    checkpoints: tuple[tuple[str, str, float, int, float], ...]
    answers: dict[Key, tuple[QAPair, float, float]]
    hallucinated_by_category: dict[str, list[float]]
    evaluations: dict[tuple[str, str], list[Any]]
    question_answers: int
    unscored: int
    label_days: dict[str, float]


def flatten(result: BenchmarkResult) -> Flat:
    """The numbers a comparison reads from one run."""
    cells: list[tuple[str, str, str, float, int]] = []
    checkpoints: list[tuple[str, str, float, int, float]] = []
    sums: dict[Key, list[Any]] = {}  # [question, total composite, total hallucinated, answers]
    evaluations: dict[tuple[str, str], list[Any]] = {}
    unscored = question_answers = 0
    label_days = {r.label: float(r.days) for r in result.ranges}
    for persona in result.personas:
        pid = persona.persona_id
        for rr in persona.range_results:
            label = rr.range.label
            label_days.setdefault(label, float(rr.range.days))
            unscored += len(rr.unscored_results or ())
            checkpoints.append(
                (pid, label, float(rr.days_ingested), rr.questions_evaluated, rr.hallucination_rate)
            )
            cells.extend(
                (pid, label, cs.category, cs.mean_score, cs.question_count)
                for cs in rr.category_scores
            )
            for qr in rr.question_results:
                error = qr.error
                if error is not None and error.stage == "judge":
                    continue
                question_answers += 1
                qa = qr.qa
                bad = 1 if qr.score.hallucination == 0 else 0
                key = (pid, label, qa.id)
                total = sums.get(key)
                if total is None:
                    sums[key] = [qa, 0.0 + qr.composite_score, 0.0 + bad, 1]
                else:  # the last answer's question, the sums in answer order
                    total[0] = qa
                    total[1] += qr.composite_score
                    total[2] += bad
                    total[3] += 1
                seen = evaluations.get((pid, qa.id))
                if seen is None:
                    evaluations[(pid, qa.id)] = [qa, bad, 1]
                else:
                    seen[0] = qa
                    seen[1] += bad
                    seen[2] += 1
    answers: dict[Key, tuple[QAPair, float, float]] = {}
    by_category: dict[str, list[float]] = {}
    for k, (qa, composite, hallucinated, n) in sums.items():
        answers[k] = (qa, composite / n, hallucinated / n)
        by_category.setdefault(qa.category, []).append(hallucinated / n)
    return Flat(
        cells=tuple(cells),
        checkpoints=tuple(checkpoints),
        answers=answers,
        hallucinated_by_category=by_category,
        evaluations=evaluations,
        question_answers=question_answers,
        unscored=unscored,
        label_days=label_days,
    )


def _question_id(pair: tuple[str, Any, Any]) -> str:
    return pair[0]


class Pairs:
    """The answers both runs gave — same persona, checkpoint label and question — in sorted key
    order (so that neither the runs' order of answers nor which run is A changes the resamples), as
    columns, with each group's positions.

    Args:
        a, b: the two runs.
        paired: pair their answers (False: no pairs, when a run has no per-question answers).
    """

    def __init__(self, a: Flat, b: Flat, *, paired: bool = True) -> None:
        import numpy as np

        # Sorted by (persona, label) and then by question id: the order of the sorted key tuples,
        # got by sorting strings (a third of the time of sorting 187,000 tuples).
        groups: dict[tuple[str, str], list[tuple[str, Any, Any]]] = {}
        if paired:
            other = b.answers
            for key, answer in a.answers.items():
                partner = other.get(key)
                if partner is not None:
                    groups.setdefault(key[:2], []).append((key[2], answer, partner))
        order = sorted(groups)
        pairs = [pair for g in order for pair in sorted(groups[g], key=_question_id)]
        self.count = len(pairs)
        self._composite_a = np.array([pa[1] for _, pa, _ in pairs], dtype=np.float64)
        self._composite_b = np.array([pb[1] for _, _, pb in pairs], dtype=np.float64)
        self._hallucinated_a = np.array([pa[2] for _, pa, _ in pairs], dtype=np.float64)
        self._hallucinated_b = np.array([pb[2] for _, _, pb in pairs], dtype=np.float64)
        # Each pair's persona (0), checkpoint label (1) and category of A's question (2), as codes.
        names: tuple[dict[str, int], dict[str, int], dict[str, int]] = ({}, {}, {})
        sizes = [len(groups[g]) for g in order]
        personas = [names[0].setdefault(p, len(names[0])) for p, _ in order]
        labels = [names[1].setdefault(lb, len(names[1])) for _, lb in order]
        categories = [names[2].setdefault(pa[0].category, len(names[2])) for _, pa, _ in pairs]
        self._names = names
        self._codes = (
            np.repeat(np.array(personas, dtype=np.intp), sizes),
            np.repeat(np.array(labels, dtype=np.intp), sizes),
            np.array(categories, dtype=np.intp),
        )

    def positions(self, dim: int | None, name: str | None) -> npt.NDArray[np.intp] | None:
        """The positions of a group's pairs, ascending: persona (``dim`` 0), checkpoint label (1)
        or category (2) ``name``; None for every pair (``dim`` None)."""
        import numpy as np

        if dim is None:
            return None
        code = self._names[dim].get(name or "")
        if code is None:
            return np.zeros(0, dtype=np.intp)
        return np.flatnonzero(self._codes[dim] == code)

    def paired(
        self,
        positions: npt.NDArray[np.intp] | None,
        *,
        interval: bool,
        resamples: int,
        seed: int,
    ) -> Paired | None:
        """Both runs' means over the pairs at ``positions`` (None: all), with bootstrap intervals
        of the differences when ``interval``; None without pairs."""
        import numpy as np

        ca, cb = self._composite_a, self._composite_b
        ha, hb = self._hallucinated_a, self._hallucinated_b
        if positions is not None:
            ca, cb, ha, hb = ca[positions], cb[positions], ha[positions], hb[positions]
        n = len(ca)
        if not n:
            return None

        def mean(values: npt.NDArray[np.float64]) -> float:
            return math.fsum(values.tolist()) / n

        score_ci = halluc_ci = None
        if interval:
            diffs = np.empty((n, 2), dtype=np.float64)
            diffs[:, 0] = cb - ca
            diffs[:, 1] = 100 * (hb - ha)
            score_ci, halluc_ci = bootstrap_discrete(diffs, resamples=resamples, seed=seed)
        return Paired(
            count=n,
            score_a=mean(ca),
            score_b=mean(cb),
            hallucination_a=100 * mean(ha),
            hallucination_b=100 * mean(hb),
            interval=score_ci,
            hallucination_interval=halluc_ci,
        )
