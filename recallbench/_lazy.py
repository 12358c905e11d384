"""Lazy re-exports (PEP 562): a package names what it offers without importing the heavy modules behind
it until a name is first used, which keeps ``import recallbench`` cheap."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["instance_of_loaded", "lazy_getattr", "module_of"]


def module_of(package: str, module: str) -> str:
    """The absolute name of a lazy table's module: ``"judges.rubric"`` is under ``package``; one
    starting with a dot is relative to it as in an import (``"..results.scoring"``)."""
    if module.startswith("."):
        return importlib.util.resolve_name(module, package)
    return f"{package}.{module}"


def lazy_getattr(
    package: str,
    table: Mapping[str, str],
    namespace: dict[str, Any],
    moved: Mapping[str, str] | None = None,
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``table`` maps a name to the submodule holding it
    (relative to ``package``, e.g. ``"judges.rubric"``, or, with a leading dot, a sibling room's:
    ``"..results.scoring"``, for a family whose member is defined below it); the value is imported on first access and kept
    in ``namespace`` (the package's ``globals()``) so later lookups skip the hook.

    ``moved`` maps a name that used to be public here to the public module that now holds it (e.g.
    ``"recallbench.data"``): it still resolves, with a :class:`DeprecationWarning` naming its new home
    at every access (it is never cached, so each place that uses it hears of it)."""
    gone = moved or {}

    def __getattr__(name: str) -> Any:
        module = table.get(name)
        if module is not None:
            value = getattr(importlib.import_module(module_of(package, module)), name)
            namespace[name] = value
            return value
        home = gone.get(name)
        if home is not None:
            warnings.warn(
                f"{package}.{name} has moved to {home}.{name} "
                f"(`from {home} import {name}`); the old name will be removed",
                DeprecationWarning,
                stacklevel=2,
            )
            return getattr(importlib.import_module(home), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


def instance_of_loaded(obj: object, module: str, *names: str) -> bool:
    """Whether ``obj`` is an instance of one of the classes ``names`` of ``module``, without
    importing it: a module not yet imported has made no instance, so the answer is then False.
    For the isinstance checks of the common path against a family it rarely meets (a manifest
    dataset, a judge panel), which would otherwise import the family to ask."""
    loaded = sys.modules.get(module)
    if loaded is None:
        return False
    return any(isinstance(obj, getattr(loaded, name)) for name in names)
