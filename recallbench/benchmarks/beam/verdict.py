"""What BEAM's judges share: the pair's ability and rubric, and the official figure on recallbench's
scale with the figure kept at the head of the reasoning. Pure.

Each judge scores an answer 0–1 as BEAM does (a nugget mean, or event ordering's ``tau_norm``) and
maps that figure onto the 0–3 / 0–2 / 0–1 scale as the official scorers of the other public
benchmarks do (:func:`~recallbench.judges.official.official_score`: correctness round(3 × figure),
completeness round(2 × figure), hallucination 1 unless the figure is 0 and the answer still asserts
something). The figure heads the reasoning, ``BEAM 0.750000 [information-extraction]: …``, with six
decimals (a nugget mean is a fraction of at most twenty nuggets), and :func:`read_verdict` reads it
back for the family's figures.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import attrs

from ...errors import JudgeError
from ...judges.base import JudgeContext
from ...judges.official import official_score
from ...results.scoring import JudgeScore
from .abilities import ABILITY_OF_KEY, KEY_OF_ABILITY

__all__ = ["BeamPair", "OfficialFigure", "beam_pair", "read_verdict", "shown", "verdict"]

_HEAD = re.compile(r"^BEAM (\d+\.\d+) \[([a-z-]+)\]")


@attrs.frozen(kw_only=True)
class BeamPair:
    """What a BEAM judge needs of a pair: its ability (BEAM's key and ours) and its rubric."""

    key: str
    ability: str
    rubric: tuple[str, ...]


def beam_pair(context: JudgeContext | None) -> BeamPair:
    """The ability and rubric of the pair being judged (``extra["ability"]``, else its category;
    ``extra["rubric"]``).

    Raises:
        JudgeError: the pair is no BEAM question (no rubric, or no ability).
    """
    qa = context.qa if context is not None else None
    if qa is None:
        raise JudgeError("a BEAM judge scores BEAM questions: it was given no pair")
    rubric = qa.extra.get("rubric")
    if (
        not isinstance(rubric, list | tuple)
        or not rubric
        or not all(isinstance(n, str) and n.strip() for n in rubric)
    ):
        raise JudgeError(
            f"pair {qa.id} is no BEAM question: a BEAM judge scores a pair's rubric "
            '(extra["rubric"], a list of nuggets)'
        )
    key = qa.extra.get("ability")
    if not isinstance(key, str) or key not in ABILITY_OF_KEY:
        key = KEY_OF_ABILITY.get(qa.category)
    if key is None:
        raise JudgeError(f"pair {qa.id}: {qa.category!r} is none of BEAM's abilities")
    return BeamPair(key=key, ability=ABILITY_OF_KEY[key], rubric=tuple(rubric))


@attrs.frozen(kw_only=True)
class OfficialFigure:
    """A question's official BEAM figure, as a score's reasoning keeps it."""

    value: float
    ability: str


def verdict(figure: float, ability: str, detail: str, answer: str) -> JudgeScore:
    """The score of an answer whose official figure is ``figure`` (0–1; NaN counts 0, said in
    the reasoning)."""
    if math.isnan(figure):
        figure, detail = 0.0, f"{detail} (Kendall's tau-b undefined: counted 0)"
    return official_score(figure, answer, f"BEAM {figure:.6f} [{ability}]: {detail}")


def read_verdict(reasoning: str | None) -> OfficialFigure | None:
    """The official figure at the head of a BEAM judge's reasoning; None for any other."""
    m = _HEAD.match(reasoning or "")
    if m is None:
        return None
    return OfficialFigure(value=float(m.group(1)), ability=m.group(2))


def shown(values: Sequence[float]) -> str:
    """Nugget values as a reasoning lists them (``1, 0.5, 0``)."""
    return ", ".join(f"{v:g}" for v in values)
