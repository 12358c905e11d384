"""BEAM's ``--judge`` specs: ``beam:<model spec>``, ``beam-paper:<model spec>``, ``beam-nuggets``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...judges.base import Judge

__all__ = ["load_beam_judge"]


def load_beam_judge(spec: str, *, base_dir: Path | None, timeout: float | None) -> Judge | None:
    """The judge ``spec`` names (None: none of BEAM's).

    * ``beam-nuggets``: the offline judge (:class:`~.judge_offline.BeamNuggetJudge`);
    * ``beam:<model spec>``: the official judge over that model, each nugget's score through
      ``int()`` as BEAM's code (:class:`~.judge_llm.BeamJudge`, mode ``code``);
    * ``beam-paper:<model spec>``: the same, the scores kept as given (mode ``paper``).

    Raises:
        ConfigError: ``beam:`` or ``beam-paper:`` without a model, or a model spec that does not
            load.
    """
    text = spec.strip()
    head, sep, model_spec = text.partition(":")
    kind = head.strip().lower()
    if kind == "beam-nuggets" and not sep:
        from .judge_offline import BeamNuggetJudge

        return BeamNuggetJudge()
    if kind not in ("beam", "beam-paper"):
        return None
    from ...judges.official import judge_model
    from .judge_llm import BeamJudge

    model = judge_model(text, kind, model_spec, base_dir=base_dir, timeout=timeout)
    return BeamJudge(model, name=text, mode="code" if kind == "beam" else "paper")
