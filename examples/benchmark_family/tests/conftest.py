"""The Diary Recall family's tests: run with ``python -m pytest examples/benchmark_family``.

They test the package whether it is installed (``pip install -e examples/benchmark_family``: the
``diary`` entry point registers it) or not (the ``src`` folder is put on the path and the family
registered in this process, as a notebook would).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parent / "sample-diaries.json"

try:
    import recallbench_diary  # noqa: F401  (installed)
except ImportError:
    sys.path.insert(0, str(HERE.parent / "src"))


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Conversions go to a temporary cache, never the user's."""
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))


@pytest.fixture
def sample() -> Path:
    return SAMPLE


@pytest.fixture
def diary() -> Iterator[object]:
    """The ``diary`` family, known to recallbench's registry: by its entry point when the package
    is installed, else registered in this process for the test."""
    from recallbench_diary import benchmark

    from recallbench.family import family_names, registered

    if "diary" in family_names():
        yield benchmark
        return
    with registered(benchmark):
        yield benchmark
