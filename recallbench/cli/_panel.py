"""``--judge`` given more than once (a judge panel), ``--panel-aggregate`` and ``--judge-epochs``:
the judges ``run`` loaded, as one judge (:class:`~recallbench.judges.panel.JudgePanel`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..judges.base import Judge
from ..results.panel_scores import AGGREGATES
from ._common import positive_int


def add_panel_arguments(group: Any) -> None:
    group.add_argument(
        "--panel-aggregate",
        choices=AGGREGATES,
        metavar="RULE",
        help="how a panel's verdicts (--judge given more than once, or --judge-epochs > 1) make "
        "an answer's score: mean (the default), median or majority (see docs/judges.md)",
    )
    group.add_argument(
        "--judge-epochs",
        type=positive_int,
        default=1,
        metavar="N",
        help="judge every answer N times with each judge (default 1); every verdict is kept and "
        "the answer's score is their aggregate; replies are cached per epoch",
    )


def panel_judge(
    judges: Sequence[Judge], specs: Sequence[str], args: Any
) -> tuple[Judge, str | None]:
    """The run's judge and the label it is named by in results (None: keep the one the caller
    has): ``judges[0]`` itself when it is alone and judges once, else a panel of them named by
    their ``specs``."""
    from ..judges.panel import JudgePanel, unique_names

    if len(judges) == 1 and args.judge_epochs == 1:
        return judges[0], None
    names = unique_names(specs) if len(specs) == len(judges) else ()
    panel = JudgePanel(
        judges,
        aggregate=args.panel_aggregate or "mean",
        epochs=args.judge_epochs,
        names=names,
    )
    return panel, panel.name
