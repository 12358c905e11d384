"""What the official scorers of public benchmarks share: their figure on our scale, and the figure
itself kept at the head of the score's reasoning. Pure.

The official judges of the benchmark families (LoCoMo's in :mod:`recallbench.benchmarks.locomo`,
LongMemEval's in :mod:`recallbench.benchmarks.longmemeval`) score as their authors' evaluation code
does — a token F1 from 0 to 1, or a binary verdict — and map that figure onto the 0–3 / 0–2 / 0–1
scale every view reads:

* correctness = round(3 × figure), completeness = round(2 × figure) (JavaScript rounding, halves up,
  as the typed MemoryBench judge maps its score): a binary verdict is 3/2 or 0/0; an F1 of 0.75 is
  2/2, 0.5 is 2/1, 0.25 is 1/1;
* hallucination, by the ``reference-only`` definition (these scorers see the reference alone): 1
  when the figure is above 0, or the answer abstains ("I don't know", "not mentioned": the rubric
  judge's abstention patterns) or is empty; 0 when it scores nothing and still asserts something — a
  claim outside the reference.

The native figure heads the reasoning so that results keep it and reports can aggregate it:
``F1 0.6667 [locomo 1 multi-hop]``, ``J 1 [locomo 2 temporal]: …``, ``J excluded [locomo 5
adversarial]: …``, ``accuracy 0 [longmemeval temporal-reasoning]: no``.
:func:`native_figure` reads it back. An official judge over a model is named
``<kind>:<model spec>``; :func:`judge_model` loads that model.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from ..errors import ConfigError
from ..results.scoring import JudgeScore
from .parse import js_round
from .stance import ABSTAIN

if TYPE_CHECKING:
    from ..models.base import TextModel

__all__ = ["NativeFigure", "figure_head", "judge_model", "native_figure", "official_score"]


def official_score(figure: float, answer: str, reasoning: str) -> JudgeScore:
    """An official scorer's figure (0–1) on our scale (module docstring).

    Raises:
        ValueError: the figure is not finite or outside [0, 1].
    """
    if not math.isfinite(figure) or not 0.0 <= figure <= 1.0:
        raise ValueError(f"an official figure must be between 0 and 1, got {figure!r}")
    grounded = figure > 0 or not answer.strip() or ABSTAIN.search(answer) is not None
    return JudgeScore(
        correctness=js_round(3 * figure),
        completeness=js_round(2 * figure),
        hallucination=1 if grounded else 0,
        reasoning=reasoning,
    )


def figure_head(metric: str, value: float | None, group: str) -> str:
    """The reasoning's head: ``F1 0.6667 [group]``, ``J 1 [group]``, ``J excluded [group]``."""
    if value is None:
        shown = "excluded"
    elif metric == "F1":
        shown = f"{value:.4f}"
    else:
        shown = f"{value:g}"
    return f"{metric} {shown} [{group}]"


@attrs.frozen(kw_only=True)
class NativeFigure:
    """An official scorer's own figure, as a score's reasoning keeps it.

    Attributes:
        metric: ``F1`` (LoCoMo token F1), ``J`` (LoCoMo LLM judge) or ``accuracy`` (LongMemEval).
        value: 0–1; None when the question is excluded from that figure (LoCoMo category 5 under
            the J score).
        group: what the scorer grouped it under (``locomo 1 multi-hop``, ``longmemeval
            temporal-reasoning``, ``longmemeval abstention``).
    """

    metric: str
    value: float | None
    group: str


_HEAD = re.compile(r"(F1|J|accuracy) (excluded|\d+(?:\.\d+)?) \[([^\]]*)\]")


def native_figure(reasoning: str | None) -> NativeFigure | None:
    """The official figure at the head of a score's reasoning; None when there is none."""
    m = _HEAD.match(reasoning or "")
    if m is None:
        return None
    value = None if m.group(2) == "excluded" else float(m.group(2))
    return NativeFigure(metric=m.group(1), value=value, group=m.group(3))


def judge_model(
    spec: str, kind: str, model_spec: str, *, base_dir: Path | None, timeout: float | None
) -> TextModel:
    """The model of an official judge named ``<kind>:<model spec>`` on the command line (``spec``,
    as given).

    Raises:
        ConfigError: no model spec after the kind (naming the form and the model specs), or one
            that cannot be loaded.
    """
    from ..models.spec import MODEL_SPEC_FORMS

    if not model_spec.strip():
        raise ConfigError(
            f'cannot load judge "{spec}": {kind} needs a model, as {kind}:<model spec> '
            f"(e.g. {kind}:openai:gpt-4o-mini); model specs are: {MODEL_SPEC_FORMS}"
        )
    from ..models.factory import load_model

    return load_model(model_spec.strip(), base_dir=base_dir, timeout=timeout)
