"""Judges: the LLM judge over any text model, the offline rubric judge, panels, and the judge cache.

A judge is anything with ``async score(question, reference, answer, context)`` returning a
:class:`~recallbench.results.scoring.JudgeScore` (:class:`Judge`, a protocol); a plain async function
of that shape is one too. :class:`RubricJudge` needs no model, :class:`LlmJudge` asks any text model
(:mod:`recallbench.models`), :class:`JudgePanel` makes several judges one, :class:`JudgeCache` keeps
verdicts on disk so a rerun never pays twice, and :class:`StubJudge` scores every answer zero (the
harness's default when no judge is given). ``recallbench.load_judge`` builds one from a spec string as
``--judge`` takes it. ``recallbench.Judge``, ``JudgeContext``, ``LlmJudge`` and ``RubricJudge`` are also
on the front door.

Importing this package is cheap: each name is imported from its module on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from ..results.scoring import StubJudge
    from .base import Judge, JudgeContext
    from .cache import JudgeCache
    from .llm import LlmJudge
    from .panel import JudgePanel
    from .rubric import RubricJudge
    from .usage import JudgeUsage

__all__ = [
    "Judge",
    "JudgeCache",
    "JudgeContext",
    "JudgePanel",
    "JudgeUsage",
    "LlmJudge",
    "RubricJudge",
    "StubJudge",
]

_LAZY = {
    "Judge": "base",
    "JudgeCache": "cache",
    "JudgeContext": "base",
    "JudgePanel": "panel",
    "JudgeUsage": "usage",
    "LlmJudge": "llm",
    "RubricJudge": "rubric",
    "StubJudge": "..results.scoring",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
