"""A persistent, content-addressed cache of judge scores.

A score is stored under the SHA-256 of everything that determines it: the judge's identity (its spec,
prompt version and sampling settings), the question, the reference, the answer, and the context the
judge sees (memory excerpts, the claim check's lines, the boundary fields and a data-driven
benchmark's question type).
Re-running an identical run makes no judge calls; change any of those and the entry no longer
matches. Only judges that declare a
``cache_identity`` are cached (the LLM judge does; the rubric judge is faster than a cache lookup).

Entries are small JSON files, two directory levels deep, written atomically (a temporary file renamed
into place), so concurrent runs — or processes of a distributed sweep — can share one directory.
Failures are never cached: a judge error is retried on the next run.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import attrs

from .._atomic import JsonEntries
from .._cache_dir import user_cache_dir
from .._closing import AsyncClosing
from ..data.qa import question_type_key
from ..results.scoring import JudgeScore, to_score
from .base import Judge, JudgeContext
from .usage import JudgeUsage

__all__ = [
    "CACHE_FORMAT",
    "CachedJudge",
    "JudgeCache",
    "cache_key",
    "default_cache_dir",
    "is_cacheable",
    "usage_of",
]

log = logging.getLogger("recallbench")

CACHE_FORMAT = 1
"""Bumped when the key or entry layout changes; part of every key."""


def default_cache_dir() -> Path:
    """The per-user cache directory for judge scores.

    ``$RECALLBENCH_CACHE_DIR/judge`` when that is set; else the platform's user cache directory:
    ``$XDG_CACHE_HOME`` or ``~/.cache`` on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%``
    on Windows — with ``recallbench/judge`` below it.
    """
    return user_cache_dir("judge")


def cache_key(
    identity: str,
    question: str,
    reference: str,
    answer: str,
    context: JudgeContext | None,
    *,
    material: Any = None,
    epoch: int = 1,
) -> str:
    """The content address of one judgement (hex SHA-256).

    ``material``: what else about the pair chooses this judge's score (a JSON value its
    ``cache_material(context)`` gives: a LoCoMo category, a LongMemEval abstention flag); added only
    when not None, so every other key stays what it was.
    ``epoch``: which judging of the answer this is under ``--judge-epochs`` (1 is the first). The
    first keeps the key it always had (existing caches still hit); later ones add their number, so
    each epoch's reply is cached apart.
    """
    ctx = context or JudgeContext()
    parts: list[Any] = [
        CACHE_FORMAT,
        identity,
        question,
        reference,
        answer,
        ctx.memory_excerpts or None,
        ctx.expected_disclosure,
        ctx.query_session,
        list(ctx.forbidden_sessions) if ctx.forbidden_sessions is not None else None,
    ]
    # A data-driven benchmark's question type chooses the llm-as-judge protocol's instructions. Added
    # only when the pair has one, so every other key stays what it was.
    qtype = question_type_key(ctx.qa.extra.get("questionType")) if ctx.qa is not None else None
    if qtype is not None:
        parts.append(qtype)
    # The claim check's lines (a judge that checks claims): added only when there are some, so
    # every other key stays what it was.
    if ctx.claim_excerpts:
        parts.append({"claimExcerpts": ctx.claim_excerpts})
    if material is not None:
        parts.append(material)
    if epoch != 1:
        parts.append({"judgeEpoch": epoch})
    blob = json.dumps(parts, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@attrs.define
class JudgeCache:
    """Scores on disk under ``directory`` (created on first write)."""

    directory: Path = attrs.field(converter=Path)
    _entries: JsonEntries = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self._entries = JsonEntries(self.directory, what="judge cache", again="judging again")

    def _path(self, key: str) -> Path:
        return self._entries.path(key)

    def get(self, key: str) -> JudgeScore | None:
        """The stored score, or None (missing, or an entry that cannot be read: treated as a miss)."""
        return self._entries.read(key, _score_of)

    def put(self, key: str, score: JudgeScore, *, identity: str) -> None:
        """Store a score atomically. A cache that cannot be written is reported, not fatal."""
        entry: dict[str, Any] = {
            "format": CACHE_FORMAT,
            "judge": identity,
            "score": {
                "correctness": score.correctness,
                "completeness": score.completeness,
                "hallucination": score.hallucination,
                **({"reasoning": score.reasoning} if score.reasoning else {}),
            },
        }
        self._entries.write(key, entry)


def _score_of(data: Any) -> JudgeScore:
    s = data["score"]
    reasoning = s.get("reasoning")
    return JudgeScore(
        correctness=s["correctness"],
        completeness=s["completeness"],
        hallucination=s["hallucination"],
        reasoning=reasoning if isinstance(reasoning, str) else None,
    )


def usage_of(judge: object) -> JudgeUsage | None:
    """A judge's usage counters, when it keeps them."""
    usage = getattr(judge, "usage", None)
    return usage if isinstance(usage, JudgeUsage) else None


@attrs.define(eq=False)
class CachedJudge(AsyncClosing):
    """A judge whose scores are looked up in, and stored to, a :class:`JudgeCache`.

    Args:
        inner: the judge; it must have a string ``cache_identity``.
        cache: where scores live.

    ``usage`` reports the inner judge's calls and tokens plus this cache's hits and misses.
    ``epoch``: the judge epoch whose entries it reads and writes (:func:`cache_key`; 1 is the first).
    """

    inner: Judge
    cache: JudgeCache
    epoch: int = attrs.field(default=1, kw_only=True)
    _hits: int = 0
    _misses: int = 0

    @property
    def identity(self) -> str:
        return str(getattr(self.inner, "cache_identity"))  # noqa: B009 - checked by callers

    @property
    def name(self) -> str:
        return str(getattr(self.inner, "name", None) or type(self.inner).__name__)

    @property
    def usage(self) -> JudgeUsage:
        inner = usage_of(self.inner) or JudgeUsage()
        merged = inner.copy()
        merged.cache_hits += self._hits
        merged.cache_misses += self._misses
        return merged

    async def aclose(self) -> None:
        """Close the inner judge's resources, when it has any."""
        aclose = getattr(self.inner, "aclose", None)
        if aclose is not None:
            await aclose()

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        identity = self.identity
        # A judge that adds to its context (the LLM judge's claim check) does so before the key is
        # made: what it is shown is part of what its score is stored under.
        prepare = getattr(self.inner, "prepare_context", None)
        if prepare is not None:
            context = await prepare(question, reference, answer, context)
        material = getattr(self.inner, "cache_material", None)
        key = cache_key(
            identity,
            question,
            reference,
            answer,
            context,
            material=material(context) if callable(material) else None,
            epoch=self.epoch,
        )
        stored = self.cache.get(key)
        if stored is not None:
            self._hits += 1
            return stored
        self._misses += 1
        score = to_score(await self.inner.score(question, reference, answer, context))
        self.cache.put(key, score, identity=identity)
        return score


def is_cacheable(judge: object) -> bool:
    """Whether a judge declares a ``cache_identity`` (and so may be cached)."""
    return isinstance(getattr(judge, "cache_identity", None), str)
