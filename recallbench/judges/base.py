"""The judge seam: what a judge is (:class:`Judge`), what it may see (:class:`JudgeContext`), and how
a plain async ``score`` function becomes one (:func:`as_judge`).

A plain async function ``score(question, reference, answer, context)`` can be a judge.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from .._closing import AsyncClosing
from ..data.corpus import Day
from ..data.persona import PersonaDefinition
from ..data.qa import QAPair
from ..results.scoring import JudgeScore

__all__ = [
    "Judge",
    "JudgeContext",
    "ScoreFunction",
    "as_judge",
    "build_context",
    "excerpt_days",
]


@attrs.frozen(kw_only=True)
class JudgeContext:
    """What a judge may see besides question, reference and answer.

    Attributes:
        memory_excerpts: the days around each relevant day (``--- DAY n (date) ---`` blocks), built
            only from days already ingested at this checkpoint; None without a memory window.
        claim_excerpts: the claim check's lines for an LLM judge: of up to a few other days
            ingested by the checkpoint, the lines holding the answer's extra claims
            (:func:`~recallbench.judges.claim_context.claim_excerpts`; ``--- DAY n (date) ---``
            blocks). None: not looked up; "" looked up, nothing to show. A judge that checks
            claims (``LlmJudge(model, claim_days=N)``) fills it in itself, from ``days``.
        expected_disclosure, query_session, forbidden_sessions: for information-boundary pairs.
        qa: the pair being judged (category, key facts, …).
        days: every day ingested at this checkpoint, for judges that check grounding offline.
        known_names: the names the dataset declares (the persona, its principal, cast, company,
            projects and sessions: :meth:`~recallbench.data.persona.PersonaDefinition.declared_names`):
            known entities, never invented ones.
        context_names: those of them that frame every question (the persona's own name, its
            principal's, its company's: :meth:`~recallbench.data.persona.PersonaDefinition.context_names`).
    """

    memory_excerpts: str | None = None
    claim_excerpts: str | None = None
    expected_disclosure: str | None = None
    query_session: str | None = None
    forbidden_sessions: tuple[str, ...] | None = None
    qa: QAPair | None = attrs.field(default=None, eq=False, repr=False)
    days: Sequence[Day] = attrs.field(default=(), eq=False, repr=False)
    known_names: tuple[str, ...] = attrs.field(default=(), eq=False, repr=False)
    context_names: tuple[str, ...] = attrs.field(default=(), eq=False, repr=False)


@runtime_checkable
class Judge(Protocol):
    """Scores one answer. May return a JudgeScore or a mapping with ``correctness``, ``completeness``,
    ``hallucination`` and optional ``reasoning``; values out of range are that question's judge error.

    A judge whose ``score`` never suspends (offline, CPU only) may say so with a ``synchronous =
    True`` attribute: the harness then sets no timeout around it (none could interrupt it anyway).
    """

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore | Mapping[str, Any]: ...


ScoreFunction = Callable[
    [str, str, str, JudgeContext | None], Awaitable[JudgeScore | Mapping[str, Any]]
]


@attrs.define
class _FunctionJudge(AsyncClosing):
    fn: ScoreFunction
    name: str

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore | Mapping[str, Any]:
        return await self.fn(question, reference, answer, context)


def as_judge(obj: Judge | ScoreFunction) -> Judge:
    """A judge from a judge object or a plain async ``score`` function."""
    if isinstance(obj, Judge):
        return obj
    if inspect.iscoroutinefunction(obj):
        return _FunctionJudge(obj, getattr(obj, "__name__", "judge"))
    raise TypeError(
        f"expected a judge (an object with async score(question, reference, answer, context)) or an "
        f"async function, got {type(obj).__name__}"
    )


def _names(persona: PersonaDefinition | None, more: Sequence[str]) -> tuple[str, ...]:
    names = persona.declared_names() if persona is not None else ()
    return names + tuple(more) if more else names


def build_context(
    pair: QAPair,
    days: Sequence[Day],
    window: int,
    *,
    persona: PersonaDefinition | None = None,
    known_names: Sequence[str] = (),
) -> JudgeContext:
    """The judge's context for ``pair`` at a checkpoint where ``days`` are ingested; ``persona`` gives
    the names it declares (``known_names`` adds more).

    Memory excerpts (window > 0): every ingested day within ``window`` days of a relevant day, each as a
    ``--- DAY n (date) ---`` block. Unlike the reference, days beyond the checkpoint never leak in.
    """
    excerpts = None
    if window > 0:
        wanted = {d + k for d in pair.relevant_days for k in range(-window, window + 1)}
        blocks = [
            f"--- DAY {day.number} ({day.date}) ---\n{day.content.strip()}"
            for day in days
            if day.number in wanted
        ]
        excerpts = "\n\n".join(blocks) or None
    boundary = pair.category == "information-boundary" and pair.expected_disclosure is not None
    return JudgeContext(
        memory_excerpts=excerpts,
        expected_disclosure=pair.expected_disclosure if boundary else None,
        query_session=pair.query_session if boundary else None,
        forbidden_sessions=pair.forbidden_sessions if boundary else None,
        qa=pair,
        days=days,
        known_names=_names(persona, known_names),
        context_names=persona.context_names() if persona else (),
    )


_DAY_HEADER = re.compile(r"^--- DAY (\d+)\b", re.MULTILINE)


def excerpt_days(excerpts: str | None) -> tuple[int, ...]:
    """The day numbers of the ``--- DAY n (date) ---`` blocks in memory excerpts (what a judge shown
    them sees), in order and without repeats."""
    if not excerpts:
        return ()
    return tuple(dict.fromkeys(int(m) for m in _DAY_HEADER.findall(excerpts)))
