"""``run``'s judge when ``--judge`` names none: the data's benchmark family's own default judge
(:meth:`~recallbench.family.base.Benchmark.default_judge`), with ``--judge-model`` the model it
needs when it calls one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import ConfigError

__all__ = ["run_judge"]


def run_judge(
    data: Path, judge: Any, model_spec: str | None, timeout: float, arcs_file: str
) -> Any:
    """``judge`` (what ``--judge`` loaded, or None), or without one the default judge of the
    data's family (None: the harness's default, the stub judge).

    Raises:
        ConfigError: ``--judge-model`` for data whose family has no default judge of its own, or
            beside ``--judge``; a default judge that needs a model and got none.
    """
    from ..family.opening import data_family

    owner = data_family(data)
    if model_spec and not owner.own_default_judge:
        raise ConfigError(
            f"--judge-model: {data} holds {owner.title} data, whose family has no default judge "
            "of its own to give a model to; the model of an LLM judge is named by --judge itself "
            "(--judge openai:MODEL)"
        )
    if judge is not None:
        if model_spec:
            raise ConfigError(
                f"--judge-model names the model of the {owner.title} family's own judge, but "
                "--judge scores every answer instead: pass one or the other"
            )
        return judge
    if not owner.own_default_judge:
        return None
    model = None
    if model_spec:
        from ..models.factory import load_model

        model = load_model(model_spec, timeout=timeout)
    dataset = owner.open(data, arcs_file=arcs_file)
    return owner.default_judge(dataset, model=model, model_spec=model_spec)
