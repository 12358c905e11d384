"""The shipped personas wherever recallbench runs: a checkout's ``personas/``, or — in an installed
package, which ships none — built once into the user cache by the deterministic engine.

The wheel stays small (about 1 MB; the personas would add 11 MB compressed, 35 MB and 6,200 files
installed), and ``recallbench synth --all`` rebuilds them byte for byte in 10–20 s. The cache is keyed
by the engine version, so a package whose engine writes other personas builds its own. This lives in
the CLI because the engine may be used by the CLI alone (docs/architecture.md).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TextIO

__all__ = ["data_or_shipped", "personas_cache_dir", "shipped_personas_dir"]


def personas_cache_dir(engine_version: int) -> Path:
    """Where the personas of ``engine_version`` are built: ``<user cache>/recallbench/personas/
    engine-v<N>`` (the user cache as for judge scores: ``$RECALLBENCH_CACHE_DIR``, else
    ``$XDG_CACHE_HOME`` or the platform's)."""
    from .._cache_dir import user_cache_dir

    return user_cache_dir("personas") / f"engine-v{engine_version}"


def shipped_personas_dir(stream: TextIO | None = None) -> Path:
    """The shipped personas: the checkout's ``personas/``, else the user cache, built there first
    when it is not (saying so on ``stream``, default stderr).

    Raises:
        OSError: the cache directory cannot be written.
    """
    from ..data.dataset import SOURCE_PERSONAS_DIR

    if SOURCE_PERSONAS_DIR.is_dir():
        return SOURCE_PERSONAS_DIR
    from ..generation.synth import ENGINE_VERSION

    target = personas_cache_dir(ENGINE_VERSION)
    if not target.is_dir():
        _build(target, ENGINE_VERSION, stream if stream is not None else sys.stderr)
    return target


def data_or_shipped(data: Path | None, command: str) -> Path:
    """``--data`` when given; else the shipped personas, and a line on stderr saying so."""
    if data is not None:
        return data
    path = shipped_personas_dir()
    print(
        f"recallbench {command}: using the shipped personas ({path}); --data DIR names another "
        "data directory",
        file=sys.stderr,
        flush=True,
    )
    return path


def _build(target: Path, engine_version: int, stream: TextIO) -> None:
    """Write every shipped persona variant into ``target``: built in a sibling directory and renamed
    into place, so ``target`` exists only complete (a build cut short leaves no half dataset, and
    of two processes building at once, the first to finish wins and the other uses its result)."""
    from ..generation.synth import SHIPPED_VARIANTS

    print(
        f"recallbench: this installation has no shipped personas yet: building them once with the "
        f"deterministic engine (version {engine_version}) into {target} (10–20 s; later commands "
        "reuse them)",
        file=stream,
        flush=True,
    )
    t0 = time.perf_counter()
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        variants = list(SHIPPED_VARIANTS)
        workers = max(1, min(len(variants), os.cpu_count() or 1))
        if workers == 1:
            for variant in variants:
                _write_variant(variant, partial)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                list(pool.map(_write_variant, variants, [partial] * len(variants)))
        try:
            partial.rename(target)
        except OSError:
            if not target.is_dir():  # not another process's finished build: a real failure
                raise
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    print(
        f"recallbench: built {len(variants)} shipped persona variants in "
        f"{time.perf_counter() - t0:.1f} s",
        file=stream,
        flush=True,
    )


def _write_variant(variant: tuple[str, int, int], out: Path) -> None:
    """One shipped persona variant (id, days, seed), as ``recallbench synth --all`` writes it."""
    from ..generation.synth import load_domain, synthesize, write_persona

    persona_id, days, seed = variant
    write_persona(synthesize(load_domain(persona_id), days, seed), out)
