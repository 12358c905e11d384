"""A persistent, content-addressed cache of model calls, and the token counters of a model's user.

A reply is stored under the SHA-256 of everything that determines it: the model's identity (its
selector, as :func:`~recallbench.models.factory.describe_model` writes it), the system prompt, the
user message, the temperature and the token limit. Re-running an identical run makes no model calls;
change any of those and the entry no longer matches. It is the judge cache's layout
(:mod:`recallbench.judges.cache`): small JSON files two directory levels deep, written atomically, so
concurrent runs and the processes of a distributed sweep can share one directory. Empty replies and
failures are never stored.

The baselines that answer with a model (``builtin:full-context``, ``builtin:rag``) use it; any other
caller may wrap a :class:`~recallbench.models.base.TextModel` in :class:`CachedModel`.
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
from .base import Completion, TextModel, complete

__all__ = [
    "MODEL_CACHE_FORMAT",
    "CachedModel",
    "ModelCache",
    "ModelUsage",
    "default_model_cache_dir",
    "model_cache_key",
]

log = logging.getLogger("recallbench")

MODEL_CACHE_FORMAT = 1
"""Bumped when the key or entry layout changes; part of every key."""


def default_model_cache_dir() -> Path:
    """The per-user cache directory for model calls: the judge cache's sibling.

    ``$RECALLBENCH_CACHE_DIR/models`` when that is set; else the platform's user cache directory
    (``$XDG_CACHE_HOME`` or ``~/.cache`` on Linux, ``~/Library/Caches`` on macOS,
    ``%LOCALAPPDATA%`` on Windows) with ``recallbench/models`` below it.
    """
    return user_cache_dir("models")


def model_cache_key(
    identity: str,
    system_prompt: str,
    user_message: str,
    *,
    temperature: float | None,
    max_tokens: int | None,
) -> str:
    """The content address of one model call (hex SHA-256)."""
    material = [
        MODEL_CACHE_FORMAT,
        identity,
        system_prompt,
        user_message,
        temperature,
        max_tokens,
    ]
    blob = json.dumps(material, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@attrs.define
class ModelCache:
    """Replies on disk under ``directory`` (created on first write)."""

    directory: Path = attrs.field(converter=Path)
    _entries: JsonEntries = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self._entries = JsonEntries(self.directory, what="model cache", again="calling again")

    def _path(self, key: str) -> Path:
        return self._entries.path(key)

    def get(self, key: str) -> Completion | None:
        """The stored reply, or None (missing, or an entry that cannot be read: treated as a miss)."""
        return self._entries.read(key, _completion_of)

    def put(self, key: str, reply: Completion, *, identity: str) -> None:
        """Store a reply atomically. A cache that cannot be written is reported, not fatal."""
        body: dict[str, Any] = {"text": reply.text}
        if reply.input_tokens is not None:
            body["inputTokens"] = reply.input_tokens
        if reply.output_tokens is not None:
            body["outputTokens"] = reply.output_tokens
        if reply.model is not None:
            body["model"] = reply.model
        self._entries.write(key, {"format": MODEL_CACHE_FORMAT, "model": identity, "reply": body})


def _completion_of(data: Any) -> Completion:
    reply = data["reply"]
    return Completion(
        text=reply["text"],
        input_tokens=reply.get("inputTokens"),
        output_tokens=reply.get("outputTokens"),
        model=reply.get("model"),
    )


@attrs.define
class ModelUsage:
    """What a model's user spent: calls made, the tokens the provider reported for them, and cache
    hits and misses. Cached replies cost nothing and are not counted in the tokens."""

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_hits: int = 0
    cache_misses: int = 0

    def add(self, reply: Completion) -> None:
        """Count one call the model answered."""
        self.calls += 1
        self.input_tokens += reply.input_tokens or 0
        self.output_tokens += reply.output_tokens or 0

    def as_dict(self) -> dict[str, int]:
        """camelCase, as result files spell keys."""
        return {
            "calls": self.calls,
            "inputTokens": self.input_tokens,
            "outputTokens": self.output_tokens,
            "cacheHits": self.cache_hits,
            "cacheMisses": self.cache_misses,
        }


@attrs.define(eq=False)
class CachedModel:
    """A text model whose replies are looked up in, and stored to, a :class:`ModelCache`.

    Args:
        inner: the model.
        identity: what names the model in every key (its selector).
        cache: where replies live; None calls the model every time (the usage still counts).

    Attributes:
        usage: the calls, tokens, hits and misses so far.
    """

    inner: TextModel
    identity: str
    cache: ModelCache | None = None
    usage: ModelUsage = attrs.field(factory=ModelUsage)

    async def complete(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Completion:
        """The stored reply to this exact call, or the model's (stored when not empty)."""
        reply, _ = await self.call(
            system_prompt, user_message, temperature=temperature, max_tokens=max_tokens
        )
        return reply

    async def call(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> tuple[Completion, bool]:
        """:meth:`complete`, and whether the reply came from the cache (safe when calls overlap)."""
        key = None
        if self.cache is not None:
            key = model_cache_key(
                self.identity,
                system_prompt,
                user_message,
                temperature=temperature,
                max_tokens=max_tokens,
            )
            stored = self.cache.get(key)
            if stored is not None:
                self.usage.cache_hits += 1
                return stored, True
            self.usage.cache_misses += 1
        reply = await complete(
            self.inner, system_prompt, user_message, temperature=temperature, max_tokens=max_tokens
        )
        self.usage.add(reply)
        if key is not None and self.cache is not None and reply.text:
            self.cache.put(key, reply, identity=self.identity)
        return reply, False
