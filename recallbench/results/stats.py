"""Statistics shared by the comparisons: the paired percentile bootstrap. Pure.

:func:`paired_bootstrap` gives the percentile 95% interval of a mean paired difference;
:func:`bootstrap_columns` does the same for several measures over the same pairs at once, all drawn
from the same resamples (used to compare retrievers, :mod:`recallbench.harness.retrieval_eval`).
:func:`bootstrap_discrete` is the same bootstrap for differences that take few distinct values, such
as judge scores, at a cost that does not grow with the number of pairs (used to compare runs,
:mod:`recallbench.results.comparison`).

Stdlib and attrs only at import; numpy is imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "DEFAULT_RESAMPLES",
    "BootstrapInterval",
    "bootstrap_columns",
    "bootstrap_discrete",
    "paired_bootstrap",
]

DEFAULT_RESAMPLES = 10_000
"""Bootstrap resamples per interval."""

# Above this many distinct rows, bootstrap_discrete draws indices like bootstrap_columns: a
# multinomial over k classes costs about k binomial draws a resample, more than n indices when k ≈ n.
_DISCRETE_MAX_CLASSES = 512

# Cap on the resample-index matrix built at once (elements): keeps memory near 8 MB however many
# observations there are.
_BOOTSTRAP_BLOCK = 1_000_000


@attrs.frozen(kw_only=True)
class BootstrapInterval:
    """A mean paired difference with its percentile bootstrap 95% interval.

    Attributes:
        mean_diff: mean(a - b) over the observed pairs.
        low: the 2.5th percentile of the resampled means.
        high: the 97.5th percentile of the resampled means.
    """

    mean_diff: float
    low: float
    high: float


def paired_bootstrap(
    a: Sequence[float],
    b: Sequence[float],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
) -> BootstrapInterval:
    """The percentile bootstrap 95% interval of mean(a - b) over paired observations.

    Each resample draws ``len(a)`` pair indices with replacement from ``numpy.random.default_rng(seed)``
    and takes the mean difference; the interval is the 2.5th and 97.5th percentiles (numpy's linear
    interpolation) of those means. The same seed and length always draw the same indices, so
    intervals of different metrics over the same questions come from the same resamples.

    Args:
        a: one system's per-question values.
        b: the other's, in the same question order.
        resamples: how many resamples.
        seed: the generator's seed.

    Raises:
        ValueError: the sequences differ in length or are empty, or ``resamples`` < 1.
    """
    import numpy as np

    if len(a) != len(b):
        raise ValueError(f"paired samples differ in length: {len(a)} and {len(b)}")
    diffs = np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)
    (interval,) = bootstrap_columns(diffs.reshape(-1, 1), resamples=resamples, seed=seed)
    return interval


def bootstrap_columns(
    diffs: npt.NDArray[np.float64], *, resamples: int = DEFAULT_RESAMPLES, seed: int = 0
) -> list[BootstrapInterval]:
    """:func:`paired_bootstrap` of every column of an ``(n, m)`` matrix of paired differences,
    all columns resampled with the same row indices (one pass instead of ``m``).

    Raises:
        ValueError: the matrix has no rows, or ``resamples`` < 1.
    """
    import numpy as np

    n = diffs.shape[0]
    if n == 0:
        raise ValueError("paired bootstrap of no observations")
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")
    means = resampled_means(diffs, np.random.default_rng(seed), resamples)
    low, high = np.percentile(means, [2.5, 97.5], axis=0)
    observed = diffs.mean(axis=0)
    return [
        BootstrapInterval(mean_diff=float(observed[j]), low=float(low[j]), high=float(high[j]))
        for j in range(diffs.shape[1])
    ]


def resampled_means(
    rows: npt.NDArray[np.float64], rng: np.random.Generator, resamples: int
) -> npt.NDArray[np.float64]:
    """The ``(resamples, m)`` column means of ``resamples`` draws of ``len(rows)`` rows with
    replacement from an ``(n, m)`` matrix, drawn from ``rng`` in blocks that keep the index matrix
    near 8 MB however many rows there are."""
    import numpy as np

    n = rows.shape[0]
    means = np.empty((resamples, rows.shape[1]), dtype=np.float64)
    block = max(1, _BOOTSTRAP_BLOCK // n)
    for start in range(0, resamples, block):
        stop = min(resamples, start + block)
        idx = rng.integers(0, n, size=(stop - start, n))
        means[start:stop] = rows[idx].mean(axis=1)
    return means


def bootstrap_discrete(
    diffs: npt.NDArray[np.float64], *, resamples: int = DEFAULT_RESAMPLES, seed: int = 0
) -> list[BootstrapInterval]:
    """:func:`bootstrap_columns` for paired differences with few distinct rows (judge scores are
    small whole numbers), in time that grows with the distinct rows rather than the pairs.

    A resample's mean depends only on how often each distinct row was drawn, and for ``n`` draws
    with replacement those counts are Multinomial(n, size / n) — so drawing them directly resamples
    exactly as :func:`bootstrap_columns` does, in distribution; the numbers for a given seed differ.
    The classes of equal rows are taken in the order of their first row, which negating every
    difference leaves unchanged: swapping the two sides of the comparison draws the same counts and
    mirrors the interval. With more than a few hundred distinct rows it defers to
    :func:`bootstrap_columns`.

    Raises:
        ValueError: the matrix has no rows, or ``resamples`` < 1.
    """
    import numpy as np

    n = diffs.shape[0]
    if n == 0:
        raise ValueError("paired bootstrap of no observations")
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")
    values, first, counts = np.unique(diffs, axis=0, return_index=True, return_counts=True)
    if len(values) > _DISCRETE_MAX_CLASSES:
        return bootstrap_columns(diffs, resamples=resamples, seed=seed)
    order = np.argsort(first)
    values, counts = values[order], counts[order]
    rng = np.random.default_rng(seed)
    drawn = rng.multinomial(n, counts / n, size=resamples)
    means = (drawn @ values) / n
    low, high = np.percentile(means, [2.5, 97.5], axis=0)
    observed = diffs.mean(axis=0)
    return [
        BootstrapInterval(mean_diff=float(observed[j]), low=float(low[j]), high=float(high[j]))
        for j in range(diffs.shape[1])
    ]
