"""Resolve ``--judge`` and ``--appellate-judge`` strings to judges (reference §4.5): ``stub``,
``rubric``, the official scorers of public benchmarks, a model selector, or a Python spec naming a
judge (the same ``pkg.module[:attr]`` / ``file.py[:attr]`` forms as adapters: :mod:`.loading`)."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any, cast

from .._importing import describe, is_async, load_object
from ..errors import ConfigError
from ..judges.base import Judge, as_judge
from ..models.spec import MODEL_SPEC_FORMS, suggest_model_spec
from ..results.scoring import StubJudge
from .loading import model_provider, spec_error, unresolvable_spec

__all__ = [
    "DEFAULT_JUDGE_ATTR",
    "JUDGE_SPEC_FORMS",
    "OFFICIAL_JUDGE_FORMS",
    "StubJudge",
    "load_judge",
]

DEFAULT_JUDGE_ATTR = "judge"
"""The attribute a judge spec without ``:attr`` names."""

OFFICIAL_JUDGE_FORMS = "locomo-f1 | locomo-llm:<model spec> | longmemeval:<model spec>"
"""The public benchmarks' official scorers (docs/judges.md, *Official scorers of public benchmarks*)."""

JUDGE_SPEC_FORMS = f"stub | rubric | {OFFICIAL_JUDGE_FORMS} | {MODEL_SPEC_FORMS}"
"""Every accepted ``--judge`` form, as error messages list them."""


def _official_judge(text: str, *, base_dir: Path | None, timeout: float | None) -> Judge | None:
    """``locomo-f1``, ``locomo-llm:<model spec>`` or ``longmemeval:<model spec>``; None for any
    other spec."""
    lowered = text.lower()
    if lowered == "locomo-f1":
        from ..judges.locomo import LocomoF1Judge

        return cast(Judge, LocomoF1Judge())
    prefix, _, model_spec = text.partition(":")
    kind = prefix.strip().lower()
    if kind not in ("locomo-llm", "longmemeval"):
        return None
    if not model_spec.strip():
        raise ConfigError(
            f'cannot load judge "{text}": {kind} needs a model, as {kind}:<model spec> '
            f"(e.g. {kind}:openai:gpt-4o-mini); model specs are: {MODEL_SPEC_FORMS}"
        )
    from ..models.factory import load_model

    model = load_model(model_spec.strip(), base_dir=base_dir, timeout=timeout)
    if kind == "locomo-llm":
        from ..judges.locomo import LocomoLlmJudge

        return cast(Judge, LocomoLlmJudge(model, name=text))
    from ..judges.longmemeval import LongMemEvalJudge

    return cast(Judge, LongMemEvalJudge(model, name=text))


def load_judge(spec: str, *, base_dir: Path | None = None, timeout: float | None = None) -> Judge:
    """A judge from a ``--judge`` / ``--appellate-judge`` spec.

    * ``stub``: :class:`StubJudge` (zeros); ``rubric``: the offline
      :class:`~recallbench.judges.rubric.RubricJudge`;
    * the official scorers of public benchmarks: ``locomo-f1`` (LoCoMo's token F1,
      :class:`~recallbench.judges.locomo.LocomoF1Judge`), ``locomo-llm:<model spec>`` (mem0's
      CORRECT/WRONG judge, :class:`~recallbench.judges.locomo.LocomoLlmJudge`) and
      ``longmemeval:<model spec>`` (LongMemEval's yes/no judge,
      :class:`~recallbench.judges.longmemeval.LongMemEvalJudge`), named by the spec;
    * a model selector (``claude``, ``codex``, ``copilot``, ``openai[:model[;endpoint]]``,
      ``anthropic:model[;endpoint]``, ``azure:deployment[;endpoint]``): an
      :class:`~recallbench.judges.llm.LlmJudge` over that model, named by the spec;
    * a Python spec (``pkg.module[:attr]`` or ``file.py[:attr]``, default attribute ``judge``): a
      judge object (an async ``score``), a judge class (instantiated without arguments), an async
      ``score(question, reference, answer, context)`` function — or a text model (an async
      ``complete``), which is wrapped in an LLM judge.

    Args:
        spec: the selector.
        base_dir: where relative file paths are resolved from.
        timeout: seconds per model call for LLM judges (None: the model's default).

    Raises:
        ConfigError: the spec cannot be parsed or loaded, or does not give a judge.
    """
    text = spec.strip()
    lowered = text.lower()
    if lowered == "stub":
        return StubJudge()
    if lowered == "rubric":
        from ..judges.rubric import RubricJudge

        return RubricJudge()
    official = _official_judge(text, base_dir=base_dir, timeout=timeout)
    if official is not None:
        return official
    if model_provider(text) is not None:
        from ..judges.llm import LlmJudge
        from ..models.factory import load_model

        return cast(Judge, LlmJudge(load_model(text, timeout=timeout), name=text))
    unresolvable = (
        (f"{lowered} needs a model", None)
        if lowered in ("anthropic", "azure")
        else unresolvable_spec(text, base_dir)
    )
    if unresolvable is not None:
        problem, suggestion = unresolvable
        raise ConfigError(
            spec_error(
                "judge",
                text,
                problem,
                suggestion or suggest_model_spec(text, ("stub", "rubric", "locomo-f1")),
                JUDGE_SPEC_FORMS,
            )
        )
    obj = load_object(text, default_attr=DEFAULT_JUDGE_ATTR, base_dir=base_dir)
    label = f'judge "{text}"'
    if inspect.isclass(obj):
        cls = obj
        try:
            obj = cls()
        except Exception as exc:  # the user's class raised: report it as a configuration problem
            raise ConfigError(
                f"{label}: instantiating {cls.__qualname__}() raised {type(exc).__name__}: {exc} "
                "(a judge class is instantiated without arguments)"
            ) from exc
    elif inspect.iscoroutinefunction(obj):
        return as_judge(cast(Any, obj))
    elif inspect.isroutine(obj):
        raise ConfigError(
            f"{label} is a plain function; a judge function must be "
            "async def score(question, reference, answer, context)"
        )
    score = getattr(obj, "score", None)
    if score is None:
        complete = getattr(obj, "complete", None)
        if complete is not None and is_async(complete):
            from ..judges.llm import LlmJudge

            return cast(Judge, LlmJudge(cast(Any, obj), name=text))
    if score is None or not is_async(score):
        found = "no score method" if score is None else "a score that is not async"
        raise ConfigError(
            f"{label} did not produce a judge: {describe(obj)} has {found}; a judge has "
            "async score(question, reference, answer, context) (or a text model, async "
            "complete(system_prompt, user_message))"
        )
    return cast(Judge, obj)
