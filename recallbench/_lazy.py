"""Lazy re-exports (PEP 562): a package names what it offers without importing the heavy modules behind
it until a name is first used, which keeps ``import recallbench`` cheap."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_getattr"]


def lazy_getattr(
    package: str, table: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``table`` maps a name to the submodule holding it
    (relative to ``package``, e.g. ``"judges.rubric"``); the value is imported on first access and kept
    in ``namespace`` (the package's ``globals()``) so later lookups skip the hook."""

    def __getattr__(name: str) -> Any:
        module = table.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    return __getattr__
