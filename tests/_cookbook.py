"""What the example adapters' tests share: a text-dependent embedding that needs no model, and the
command line run of an example adapter on a tiny persona."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

_WORD = re.compile(r"[a-z0-9-]+")


def hashed_words(texts: Sequence[str], dims: int = 4096) -> list[list[float]]:
    """An embedding function: each word hashed into one of ``dims`` buckets, L2-normalised."""
    out = np.zeros((len(texts), dims), dtype=np.float32)
    for row, text in enumerate(texts):
        for word in _WORD.findall(text.lower()):
            bucket = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=4).digest()) % dims
            out[row, bucket] += 1.0
    out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)
    return out.tolist()


def run_adapter_cli(
    adapter: Path,
    data: Path,
    out: Path,
    *extra: str,
    cwd: Path,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``recallbench run --adapter ADAPTER`` on the ``tiny`` persona(s) in ``data`` (``arcs-30d.yaml``,
    ranges ``10d,30d``, the rubric judge) with ``extra`` flags, its result written to ``out``."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "recallbench",
            "run",
            "--adapter",
            str(adapter),
            "--data",
            str(data),
            "--arcs",
            "arcs-30d.yaml",
            "--ranges",
            "10d,30d",
            "--judge",
            "rubric",
            *extra,
            "--json-out",
            str(out),
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "NO_COLOR": "1", **(env or {})},
    )
