"""The registry of built-in adapters: ``builtin:<name>`` → class (see :mod:`recallbench.adapters`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..errors import ConfigError
from .answering import FullContextAdapter, RagAdapter
from .base import Adapter
from .baselines import (
    EchoReferenceAdapter,
    NullAdapter,
    OracleAdapter,
    RandomAdapter,
    RecencyAdapter,
)
from .dense import DenseAdapter
from .hybrid import HybridAdapter
from .lexical import Bm25Adapter, Fts5Adapter

__all__ = [
    "BUILTIN_ADAPTERS",
    "BUILTIN_PREFIX",
    "builtin_adapter",
    "builtin_adapter_class",
    "builtin_name",
]

BUILTIN_PREFIX = "builtin:"
"""How an ``--adapter`` spec names a built-in adapter: ``builtin:bm25``."""

BUILTIN_ADAPTERS: Mapping[str, type[Any]] = MappingProxyType(
    {
        "bm25": Bm25Adapter,
        "fts5": Fts5Adapter,
        "dense": DenseAdapter,
        "hybrid": HybridAdapter,
        "recency": RecencyAdapter,
        "null": NullAdapter,
        "random": RandomAdapter,
        "oracle": OracleAdapter,
        "echo-reference": EchoReferenceAdapter,
        "full-context": FullContextAdapter,
        "rag": RagAdapter,
    }
)
"""Name → adapter class. Each class is called with the config mapping (or nothing). ``dense`` and
``hybrid`` (bm25 and dense fused) need the optional ``dense`` extra; their modules import neither
``tokenizers`` nor ``safetensors`` until one is built. ``full-context`` and ``rag`` answer with a model named by their ``model`` config key
(:mod:`recallbench.adapters.answering`)."""


def builtin_name(spec: str) -> str | None:
    """The built-in name a spec selects (``"builtin:bm25"`` → ``"bm25"``), or None when the spec does
    not start with ``builtin:``. The name is not checked here (see :func:`builtin_adapter_class`)."""
    text = spec.strip()
    if not text.lower().startswith(BUILTIN_PREFIX):
        return None
    return text[len(BUILTIN_PREFIX) :].strip()


def builtin_adapter_class(name: str) -> type[Any]:
    """The class of the built-in adapter ``name`` (``bm25`` or ``builtin:bm25``; case-insensitive).

    Raises:
        ConfigError: no built-in adapter has that name (the message lists the known names), or it
            needs an optional extra that is not installed (``dense``, ``hybrid``: the message names
            the install).
    """
    key = (builtin_name(name) if builtin_name(name) is not None else name.strip()) or ""
    cls = BUILTIN_ADAPTERS.get(key.lower())
    if cls is None:
        known = ", ".join(f"{BUILTIN_PREFIX}{n}" for n in BUILTIN_ADAPTERS)
        raise ConfigError(f'no built-in adapter "{name}"; known: {known}')
    # A class that needs optional packages says why it cannot run, so a run fails at once, in one
    # line, rather than in every unit of work.
    unavailable = getattr(cls, "unavailable", None)
    reason = unavailable() if unavailable is not None else None
    if reason is not None:
        raise ConfigError(f"{BUILTIN_PREFIX}{key.lower()}: {reason}")
    return cls


def builtin_adapter(name: str, config: Mapping[str, Any] | None = None) -> Adapter:
    """A new built-in adapter.

    Args:
        name: ``bm25``, ``fts5``, ``dense``, ``hybrid``, ``recency``, ``null``, ``random``, ``oracle``,
            ``echo-reference``, ``full-context`` or ``rag``, with or without the ``builtin:``
            prefix.
        config: the adapter's settings (None: its defaults).

    Raises:
        ConfigError: an unknown name (the message lists the known ones), or a config key the
            adapter does not know, or a value of the wrong kind.
    """
    adapter: Adapter = builtin_adapter_class(name)(config)
    return adapter
