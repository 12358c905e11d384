"""The commands that read whole runs back keep what they read until they exit: a large run is
millions of objects (a 6-persona, 143-checkpoint run is ~4 million parsed, ~200,000 records built).

:func:`long_lived` builds such a heap with the cyclic garbage collector off and then freezes it
(:func:`gc.freeze`): the collector stays on for what the command allocates afterwards, but never walks
the runs again. Without it, each full collection walked them all — 0.2–0.4 s each, several per
command — and the first collection after the readers' own pauses walked everything they had built.
Nothing read back forms a reference cycle, so nothing is kept that a collection would have freed.

Only in a process of its own (:data:`OWN_PROCESS`, set by the command line's ``main`` when it reads
``sys.argv``): a caller's process (``main([...])`` from a notebook or another tool) keeps its
collector as it was — a freeze there would make the caller's whole heap, its garbage cycles
included, permanent.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from contextvars import ContextVar

__all__ = ["OWN_PROCESS", "long_lived"]

OWN_PROCESS: ContextVar[bool] = ContextVar("recallbench_cli_own_process", default=False)
"""Whether the command runs in a process of its own (the console script, ``python -m
recallbench``), where what it reads may be frozen."""


@contextlib.contextmanager
def long_lived() -> Iterator[None]:
    """Collector off for the block; afterwards, in a process of its own, every object alive is
    frozen; the collector is then as it was."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if OWN_PROCESS.get():
            gc.freeze()
        if was_enabled:
            gc.enable()
