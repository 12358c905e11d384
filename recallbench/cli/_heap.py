"""The commands that read whole runs back keep what they read until they exit: a large run is
millions of objects (a 6-persona, 143-checkpoint run is ~4 million parsed, ~200,000 records built).

:func:`long_lived` builds such a heap with the cyclic garbage collector off and then freezes it
(:func:`gc.freeze`): the collector stays on for what the command allocates afterwards, but never walks
the runs again. Without it, each full collection walked them all — 0.2–0.4 s each, several per
command — and the first collection after the readers' own pauses walked everything they had built.
Nothing read back forms a reference cycle, so nothing is kept that a collection would have freed.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

__all__ = ["long_lived"]


@contextlib.contextmanager
def long_lived() -> Iterator[None]:
    """Collector off for the block; afterwards every object alive is frozen and it is back on."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
