"""Which attribution classes moved between two runs: ``compare``'s view of where B gained or lost
its points against A. Pure.

Over the answers both runs gave (the comparison's pairs: same persona, checkpoint and question), each
pair's class in A and in B (:mod:`recallbench.results.attribution`) are counted into a class × class
table: its diagonal holds the answers that kept their class, and every other cell a move — "retrieval
miss → correct" is an answer B's retrieval found; "correct → reading error" one B's reader lost.
Each run's classes over every scored answer it gave are counted beside them (``total_a``,
``total_b``), for runs that share few answers. An answer the judge left unscored is in neither: a
comparison reads scored answers only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from .attribution import CLASSES

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["AttributionMoves", "attribution_moves"]


@attrs.frozen(kw_only=True)
class AttributionMoves:
    """Classes of the two runs' answers and the moves between them.

    Attributes:
        paired: the answers both runs gave.
        a, b: each run's classes over those answers (every class, zeros included).
        total_a, total_b: each run's classes over every scored answer it gave.
        moves: ``(class in A, class in B, answers)`` for every pair of different classes with
            answers, the most answers first (ties in :data:`CLASSES` order).
        reported_a, reported_b: whether each run reports retrieval (when not, its misses and
            reading errors are ``retrieval-unknown``, and moves from or to them say little).
    """

    paired: int
    a: Mapping[str, int]
    b: Mapping[str, int]
    total_a: Mapping[str, int]
    total_b: Mapping[str, int]
    moves: tuple[tuple[str, str, int], ...]
    reported_a: bool
    reported_b: bool

    @property
    def changed(self) -> int:
        """The paired answers whose class changed."""
        return sum(n for _, _, n in self.moves)


def _counts(codes: npt.NDArray[np.intp]) -> dict[str, int]:
    import numpy as np

    found = np.bincount(codes, minlength=len(CLASSES)).tolist() if len(codes) else []
    return {c: int(found[i]) if found else 0 for i, c in enumerate(CLASSES)}


def attribution_moves(
    paired_a: npt.NDArray[np.intp],
    paired_b: npt.NDArray[np.intp],
    all_a: npt.NDArray[np.intp],
    all_b: npt.NDArray[np.intp],
    *,
    reported_a: bool,
    reported_b: bool,
) -> AttributionMoves:
    """The moves between the classes of paired answers (``paired_a[i]`` and ``paired_b[i]`` are one
    question's classes in A and in B, as indexes into :data:`CLASSES`), and each run's classes over
    all its answers (``all_a``, ``all_b``).

    Raises:
        ValueError: ``paired_a`` and ``paired_b`` differ in length.
    """
    import numpy as np

    if len(paired_a) != len(paired_b):
        raise ValueError(f"paired classes differ in length: {len(paired_a)} and {len(paired_b)}")
    n = len(CLASSES)
    table = (
        np.bincount(paired_a * n + paired_b, minlength=n * n).reshape(n, n)
        if len(paired_a)
        else np.zeros((n, n), dtype=np.intp)
    )
    moves = [
        (CLASSES[i], CLASSES[j], int(table[i, j]))
        for i in range(n)
        for j in range(n)
        if i != j and table[i, j]
    ]
    moves.sort(key=lambda m: -m[2])  # stable: ties keep the classes' order
    return AttributionMoves(
        paired=len(paired_a),
        a=_counts(paired_a),
        b=_counts(paired_b),
        total_a=_counts(all_a),
        total_b=_counts(all_b),
        moves=tuple(moves),
        reported_a=reported_a,
        reported_b=reported_b,
    )
