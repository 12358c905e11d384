"""Rank fusion: several rankings of the same items made into one (``builtin:hybrid``'s core,
:mod:`recallbench.adapters.hybrid`, which fuses bm25's and dense's rankings of days).

Each input is a ranking, best first, of ``(item, score)`` pairs; an item appears at most once in a
ranking (a repeat is ignored: its first position counts) and need not appear in every ranking. The
output is one ranking of every item any input holds, each with its fused score, best first.

Two rules, both weighted (a ranking's weight scales what it contributes; weights need not sum to
1, only their ratio matters):

* **Reciprocal rank fusion** (:func:`reciprocal_rank_fusion`; Cormack, Clarke and Büttcher, SIGIR
  2009): an item scores ``Σ w_i / (k + r_i)`` over the rankings that hold it, ``r_i`` its 1-based
  rank in ranking ``i``. Only ranks matter, so rankers on unrelated scales (BM25's unbounded sums,
  a cosine) combine without calibration; ``k`` damps the head (a large ``k`` makes rank 1 and rank
  10 nearly equal, a small one trusts each ranker's first places).
* **Min-max normalised scores** (:func:`normalised_score_fusion`): each ranking's scores mapped to
  ``[0, 1]`` by its own best and worst listed scores, then summed with the weights; an item a
  ranking does not hold gets 0 from it. Sensitive to how deep each ranking goes (the worst listed
  score is the 0).

Ties (equal fused scores) are broken by the item's best rank in any input, then by the order of
the inputs (the first ranking's item first): deterministic, and independent of hashing.

Pure: no numpy, no I/O.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Literal, TypeVar

from ...errors import ConfigError

__all__ = [
    "FUSION_METHODS",
    "RRF_K",
    "FusionMethod",
    "fuse",
    "normalised_score_fusion",
    "reciprocal_rank_fusion",
]

K = TypeVar("K", bound=Hashable)

FusionMethod = Literal["rrf", "minmax"]
FUSION_METHODS: tuple[FusionMethod, ...] = ("rrf", "minmax")
"""The fusion rules :func:`fuse` knows, by the name a config gives them."""

RRF_K = 60.0
"""Reciprocal rank fusion's ``k`` as its authors set it (and most systems keep it)."""

Ranking = Sequence[tuple[K, float]]


def _weights(count: int, weights: Sequence[float] | None) -> list[float]:
    if weights is None:
        return [1.0] * count
    if len(weights) != count:
        raise ConfigError(f"{len(weights)} weights for {count} rankings")
    if any(not w >= 0 for w in weights):  # also refuses NaN
        raise ConfigError(f"fusion weights must be >= 0, got {list(weights)}")
    return [float(w) for w in weights]


def _ordered(scores: dict[K, float], first_seen: dict[K, tuple[int, int]]) -> list[tuple[K, float]]:
    """Best fused score first; ties by best rank in any input, then by input order."""
    return sorted(scores.items(), key=lambda kv: (-kv[1], first_seen[kv[0]]))


def _positions(rankings: Sequence[Ranking[K]]) -> list[dict[K, int]]:
    """Each ranking's items → their 0-based rank (the first position of a repeated item)."""
    out: list[dict[K, int]] = []
    for ranking in rankings:
        ranks: dict[K, int] = {}
        for item, _ in ranking:
            ranks.setdefault(item, len(ranks))
        out.append(ranks)
    return out


def _first_seen(positions: Sequence[dict[K, int]]) -> dict[K, tuple[int, int]]:
    """Each item's (best rank in any input, the first input holding it at that rank)."""
    seen: dict[K, tuple[int, int]] = {}
    for source, ranks in enumerate(positions):
        for item, rank in ranks.items():
            key = (rank, source)
            if item not in seen or key < seen[item]:
                seen[item] = key
    return seen


def reciprocal_rank_fusion(
    rankings: Sequence[Ranking[K]],
    *,
    k: float = RRF_K,
    weights: Sequence[float] | None = None,
) -> list[tuple[K, float]]:
    """Weighted reciprocal rank fusion: ``score(item) = Σ w_i / (k + rank_i(item))``, rank from 1.

    Args:
        rankings: rankings of ``(item, score)``, best first (the scores are not read).
        k: the damping constant, >= 0 (0 makes rank 1 worth ``w`` and rank 2 ``w/2``; 60, the
            authors' value, makes them nearly equal).
        weights: one per ranking (default: all 1).

    Raises:
        ConfigError: ``k`` < 0, a negative weight, or not one weight per ranking.
    """
    if not k >= 0:
        raise ConfigError(f"the RRF constant k must be >= 0, got {k}")
    w = _weights(len(rankings), weights)
    positions = _positions(rankings)
    scores: dict[K, float] = {}
    for weight, ranks in zip(w, positions, strict=True):
        for item, rank in ranks.items():
            scores[item] = scores.get(item, 0.0) + weight / (k + rank + 1)
    return _ordered(scores, _first_seen(positions))


def normalised_score_fusion(
    rankings: Sequence[Ranking[K]], *, weights: Sequence[float] | None = None
) -> list[tuple[K, float]]:
    """Weighted sum of min-max normalised scores: in each ranking the best listed score becomes 1
    and the worst 0 (a ranking whose listed scores are all equal gives each of its items 1).

    Args:
        rankings: rankings of ``(item, score)``, best first.
        weights: one per ranking (default: all 1).

    Raises:
        ConfigError: a negative weight, or not one weight per ranking.
    """
    w = _weights(len(rankings), weights)
    positions = _positions(rankings)
    scores: dict[K, float] = {}
    for weight, ranking in zip(w, rankings, strict=True):
        best: dict[K, float] = {}
        for item, score in ranking:
            best.setdefault(item, float(score))
        if not best:
            continue
        high, low = max(best.values()), min(best.values())
        span = high - low
        for item, score in best.items():
            norm = 1.0 if span == 0 else (score - low) / span
            scores[item] = scores.get(item, 0.0) + weight * norm
    return _ordered(scores, _first_seen(positions))


def fuse(
    rankings: Sequence[Ranking[K]],
    *,
    method: FusionMethod = "rrf",
    weights: Sequence[float] | None = None,
    k: float = RRF_K,
) -> list[tuple[K, float]]:
    """The rankings fused by ``method`` (``"rrf"``: :func:`reciprocal_rank_fusion` with ``k``;
    ``"minmax"``: :func:`normalised_score_fusion`).

    Raises:
        ConfigError: an unknown method, or what the chosen rule refuses.
    """
    if method == "rrf":
        return reciprocal_rank_fusion(rankings, k=k, weights=weights)
    if method == "minmax":
        return normalised_score_fusion(rankings, weights=weights)
    known = ", ".join(FUSION_METHODS)
    raise ConfigError(f"no fusion method {method!r}; known: {known}")
