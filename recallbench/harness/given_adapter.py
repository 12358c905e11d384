"""What :func:`recallbench.run` and :class:`~recallbench.harness.engine.Harness` take as the adapter,
checked as ``--adapter`` is checked, before any work.

* A spec string (``"builtin:bm25"``, ``"grpc://host:50051"``, ``"mcp:server-memory"``,
  ``"pkg.module:Class"``, ``"path/to/my_adapter.py:MyAdapter"``) is loaded by the command line's
  own loader (:class:`~recallbench.harness.loading.AdapterSpec`), so a run from Python and the same
  run from ``recallbench run --adapter SPEC`` build the same adapters and fingerprint the same way.
* A class is a factory: one that lacks an adapter method, or defines one without ``async``, is
  refused with the command line's message naming what it lacks
  (:func:`~recallbench.harness.loading.check_adapter_class`).
* An object that looks like an adapter (or cannot be called) is used as it is for every unit, once
  it is checked to be one (:func:`~recallbench.adapters.base.check_adapter`).
* Any other callable is a factory: what it builds is checked as each unit builds it, and a factory
  that builds something else stops the run with a :class:`~recallbench.errors.ConfigError`
  (:mod:`.lifecycle`).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import cast

from .._importing import describe
from ..adapters.base import Adapter, AdapterFactory, check_adapter, looks_like_adapter
from .loading import AdapterSpec, check_adapter_class

__all__ = ["given_factory", "given_label"]


def given_label(adapter: object) -> str:
    """How a refusal names what was given: ``adapter "builtin:bm25"``, ``adapter Half``."""
    if isinstance(adapter, str):
        return f'adapter "{adapter}"'
    if isinstance(adapter, AdapterSpec):
        return f'adapter "{adapter.spec}"'
    return f"adapter {describe(adapter)}"


def given_factory(
    adapter: Adapter | AdapterFactory | str,
) -> Callable[[], Adapter | Awaitable[Adapter]]:
    """The factory a run builds each unit's adapter with, from what it was given.

    Raises:
        ConfigError: a spec that cannot be loaded (with the accepted forms), a class that is not an
            adapter class, or an object that is not an adapter — each naming what it lacks.
    """
    if isinstance(adapter, str):
        return AdapterSpec(adapter)
    if isinstance(adapter, AdapterSpec):
        return adapter
    label = given_label(adapter)
    if inspect.isclass(adapter):
        check_adapter_class(adapter, label)
        return cast(Callable[[], Adapter | Awaitable[Adapter]], adapter)
    if callable(adapter) and not looks_like_adapter(adapter):
        return adapter  # a factory function: its products are checked as units build them
    instance = check_adapter(adapter, label)
    return lambda: instance
