"""What an adapter can do, in the four capability names of MemoryBench manifests, and the check a
benchmark's ``required_capabilities`` is held to before any work.

=====================  =====================================================================
``add_memory``         store memories: ``ingest_day`` (every adapter)
``retrieve_memory``    answer from them: ``query`` / ``query_detail`` (every adapter)
``delete_memory``      ``async delete_memory(memory_id)`` (optional)
``update_memory``      ``async update_memory(memory_id, content)`` (optional)
=====================  =====================================================================

An adapter that declares a ``capabilities`` attribute (a set, frozenset, tuple or list of names) is
taken at its word for the optional two — a gRPC client adapter declares what its server's
Healthcheck advertised, so a server without the RPCs lacks them even though the client class has the
methods; without the attribute they are derived from the methods it has. ``add_memory`` and
``retrieve_memory`` are always supported (the protocol requires both methods), and a declared
optional capability counts only when its method is there too. Other names a declaration holds
(``query_detail``, ``session``, ``snapshot``: the gRPC Healthcheck's) are kept as they are.

Memory ids: an adapter whose memories are days (every built-in) names each ingested day by
:func:`day_memory_id` (``"day-0007"``); :func:`memory_id_day` reads that back, and also accepts the
bare number (``"7"``). See docs/adapters.md.

Pure: no I/O, no anyio, no grpc.
"""

from __future__ import annotations

from collections.abc import Iterable, Set

from ..data.corpus import day_memory_id, memory_id_day
from ..errors import ConfigError

__all__ = [
    "ADD_MEMORY",
    "BASE_CAPABILITIES",
    "CAPABILITY_METHODS",
    "DELETE_MEMORY",
    "MEMORY_CAPABILITIES",
    "RETRIEVE_MEMORY",
    "UPDATE_MEMORY",
    "adapter_capabilities",
    "adapter_label",
    "capability_message",
    "day_memory_id",
    "declared_capabilities",
    "memory_id_day",
    "missing_capabilities",
    "require_capabilities",
]

ADD_MEMORY = "add_memory"
RETRIEVE_MEMORY = "retrieve_memory"
DELETE_MEMORY = "delete_memory"
UPDATE_MEMORY = "update_memory"

MEMORY_CAPABILITIES: tuple[str, ...] = (ADD_MEMORY, RETRIEVE_MEMORY, DELETE_MEMORY, UPDATE_MEMORY)
"""The capability names a manifest's ``required_capabilities`` may hold, in the seed's order."""

BASE_CAPABILITIES: frozenset[str] = frozenset({ADD_MEMORY, RETRIEVE_MEMORY})
"""What every adapter supports: ``ingest_day`` and ``query`` are part of the protocol."""

CAPABILITY_METHODS: dict[str, str] = {
    DELETE_MEMORY: "delete_memory",
    UPDATE_MEMORY: "update_memory",
}
"""The optional capabilities and the adapter method each needs."""


def declared_capabilities(adapter: object) -> frozenset[str] | None:
    """The names the adapter (or adapter class) declares in its ``capabilities`` attribute, or None
    when it declares none (no attribute, None, or something that is not a collection of strings)."""
    declared = getattr(adapter, "capabilities", None)
    if declared is None or isinstance(declared, str | bytes):
        return None
    if not isinstance(declared, Set | tuple | list):
        return None
    names = frozenset(declared)
    if not all(isinstance(name, str) for name in names):
        return None
    return names


def _has_method(adapter: object, method: str) -> bool:
    return callable(getattr(adapter, method, None))


def adapter_capabilities(adapter: object) -> frozenset[str]:
    """What ``adapter`` (an adapter or an adapter class) supports.

    Always ``add_memory`` and ``retrieve_memory``; ``delete_memory`` / ``update_memory`` when its
    ``capabilities`` attribute declares them and it has the method, or — with no declaration — when
    it has the method. Other declared names are kept.
    """
    declared = declared_capabilities(adapter)
    if declared is None:
        optional = {c for c, m in CAPABILITY_METHODS.items() if _has_method(adapter, m)}
        return BASE_CAPABILITIES | optional
    backed = {
        name
        for name in declared
        if name not in CAPABILITY_METHODS or _has_method(adapter, CAPABILITY_METHODS[name])
    }
    return BASE_CAPABILITIES | backed


def missing_capabilities(adapter: object, required: Iterable[str]) -> tuple[str, ...]:
    """The names of ``required`` that ``adapter`` (an adapter or an adapter class) does not support,
    in the order given, each once (empty: it supports them all)."""
    supported = adapter_capabilities(adapter)
    missing: list[str] = []
    for name in required:
        if name not in supported and name not in missing:
            missing.append(name)
    return tuple(missing)


def adapter_label(adapter: object) -> str:
    """How a message names the adapter: its string ``name`` (a class's class attribute too), else
    its class name."""
    name = getattr(adapter, "name", None)
    if isinstance(name, str) and name:
        return name
    return adapter.__name__ if isinstance(adapter, type) else type(adapter).__name__


def _and(names: tuple[str, ...]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def capability_message(adapter: str, missing: tuple[str, ...], benchmark: str) -> str:
    """The one line refusing a benchmark, e.g. ``adapter "builtin:null" lacks delete_memory, which
    benchmark "forgetting" requires (required_capabilities in its manifest.json)``."""
    verb = "requires" if len(missing) == 1 else "require"
    return (
        f'adapter "{adapter}" lacks {_and(missing)}, which benchmark "{benchmark}" {verb} '
        "(required_capabilities in its manifest.json)"
    )


def require_capabilities(adapter: object, required: Iterable[str], benchmark: str) -> None:
    """Refuse a benchmark whose ``required`` capabilities ``adapter`` lacks.

    Raises:
        ConfigError: one line naming the missing capabilities, the adapter and the benchmark
            (:func:`capability_message`).
    """
    missing = missing_capabilities(adapter, required)
    if missing:
        raise ConfigError(capability_message(adapter_label(adapter), missing, benchmark))
