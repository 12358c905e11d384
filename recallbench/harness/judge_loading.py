"""Resolve ``--judge`` and ``--appellate-judge`` strings to judges (reference §4.5): ``stub``,
``rubric``, a model selector, a benchmark family's official scorer (a spec beginning with the
family's name: :meth:`~recallbench.family.base.Benchmark.load_judge`), or a Python spec naming a
judge (the same ``pkg.module[:attr]`` / ``file.py[:attr]`` forms as adapters: :mod:`.loading`)."""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from .._importing import describe, is_async, load_object
from ..errors import ConfigError
from ..family.registry import all_families, family, family_of_prefix
from ..judges.base import Judge, ScoreFunction, as_judge
from ..models.spec import MODEL_SPEC_FORMS, suggest_model_spec
from ..results.scoring import StubJudge
from .loading import model_provider, spec_error, unresolvable_spec

__all__ = [
    "DEFAULT_JUDGE_ATTR",
    "NOT_JUDGED",
    "StubJudge",
    "cached_judge",
    "judge_of",
    "judge_spec_forms",
    "load_judge",
]

DEFAULT_JUDGE_ATTR = "judge"
"""The attribute a judge spec without ``:attr`` names."""

NOT_JUDGED = (
    "NOT JUDGED — no judge was given, so the stub judge scores every answer 0 and the result's "
    'overall_score and hallucination_rate are None; pass a judge: "rubric" (offline), '
    '"openai:MODEL", "anthropic:MODEL", "claude" (judge= in Python, --judge on the command line)'
)
"""What a run scored by the stub judge logs once, as a warning on the ``recallbench`` logger."""

_FAMILY_WORD = re.compile(r"[a-z][a-z0-9-]*")


def judge_spec_forms() -> str:
    """Every accepted ``--judge`` form, as error messages list them: the registered families'
    official scorers among them (every family is imported to ask)."""
    official = [form for f in all_families() for form in f.judge_forms]
    return " | ".join(["stub", "rubric", *official, MODEL_SPEC_FORMS])


def __getattr__(name: str) -> Any:
    if name == "JUDGE_SPEC_FORMS":  # computed when asked: it imports every family
        return judge_spec_forms()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _family_judge(text: str, *, base_dir: Path | None, timeout: float | None) -> Judge | None:
    """A benchmark family's official scorer: a spec whose first word is, or begins with, a
    registered family's name (``NAME-f1``, ``NAME:<model spec>``); only that family is
    imported to ask. None for any other spec."""
    head = text.partition(":")[0].strip().lower()
    if not _FAMILY_WORD.fullmatch(head):
        return None
    owner = family_of_prefix(head)
    if owner is None:
        return None
    return family(owner).load_judge(text, base_dir=base_dir, timeout=timeout)


_RUBRIC_KEYS = {"window": "hallucination_window", "claim-days": "claim_days"}


def _rubric_with(text: str) -> Judge:
    """``rubric:window=N,claim-days=K``: the rubric judge grounding an answer's claims in a window
    of N days around the question's days, and looking the claims that window lacks up in at most
    K more days ingested by the checkpoint (:mod:`recallbench.judges.claim_days`).

    Raises:
        ConfigError: a key other than ``window`` and ``claim-days``, a value that is no whole
            number, or ``claim-days`` without ``window`` (one line naming the key).
    """
    from ..judges.rubric import RubricJudge

    options: dict[str, int] = {}
    for item in text.partition(":")[2].split(","):
        key, sep, value = (part.strip() for part in item.partition("="))
        if key.lower() not in _RUBRIC_KEYS or not sep:
            raise ConfigError(
                f"--judge {text}: {key or item!r} is not an option of the rubric judge; "
                "expected rubric:window=N[,claim-days=K] (docs/judges.md)"
            )
        if not value.isdigit():
            raise ConfigError(f"--judge {text}: {key} must be a whole number, not {value!r}")
        options[_RUBRIC_KEYS[key.lower()]] = int(value)
    try:
        return cast(Judge, RubricJudge(**options))  # type: ignore[arg-type]
    except ConfigError as exc:
        raise ConfigError(f"--judge {text}: {exc}") from None


def load_judge(spec: str, *, base_dir: Path | None = None, timeout: float | None = None) -> Judge:
    """A judge from a ``--judge`` / ``--appellate-judge`` spec.

    * ``stub``: :class:`StubJudge` (zeros); ``rubric``: the offline
      :class:`~recallbench.judges.rubric.RubricJudge`; ``rubric:window=N[,claim-days=K]`` the same
      grounding claims in a window of days and checking the rest against K more days;
    * a benchmark family's official scorers, each spec beginning with the family's name
      (``recallbench list benchmarks`` lists them), named by the spec;
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
    if lowered.startswith("rubric:"):
        return _rubric_with(text)
    official = _family_judge(text, base_dir=base_dir, timeout=timeout)
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
                suggestion or suggest_model_spec(text, ("stub", "rubric", *_scorer_names())),
                judge_spec_forms(),
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


def _scorer_names() -> list[str]:
    """The families' official scorers' names (``NAME-f1``, ``NAME``), for a suggestion."""
    return [form.partition(":")[0] for f in all_families() for form in f.judge_forms]


def judge_of(judge: Judge | ScoreFunction | str | Sequence[Any], timeout: float | None) -> Judge:
    """A judge object; a spec string (``"rubric"``, ``"openai:gpt-4o-mini"``, ``"my_judge.py"``…) is
    loaded as ``--judge`` loads it, its model calls bounded by ``timeout``; a list of them
    is a :class:`~recallbench.judges.panel.JudgePanel` (mean of the members, each judging once)."""
    if isinstance(judge, str):
        return load_judge(judge, timeout=timeout)
    if isinstance(judge, Sequence):
        from ..judges.panel import panel_of

        return panel_of([judge_of(j, timeout) for j in judge])
    return as_judge(judge)


def cached_judge(judge: Judge, directory: Path) -> Judge:
    """``judge`` keeping its verdicts in the judge cache at ``directory`` (a panel's members each
    apart; a judge that cannot be cached, or the stub judge, as it is)."""
    if isinstance(judge, StubJudge):  # nothing to cache: the cache and panel modules stay unloaded
        return judge
    from ..judges.cache import CachedJudge, JudgeCache, is_cacheable
    from ..judges.panel import JudgePanel

    if isinstance(judge, JudgePanel):  # each member cached apart, each epoch under its own keys
        return judge.with_cache(JudgeCache(directory))
    if isinstance(judge, CachedJudge) or not is_cacheable(judge):
        return judge
    return CachedJudge(judge, JudgeCache(directory))
