"""``import recallbench`` stays free of inspect_ai: the inspect task is an extra, loaded by inspect
through its entry point, and importing ``recallbench.inspect`` itself loads inspect_ai only when a
task or scorer is first asked for."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _loaded(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys; print(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(out.stdout.split())


def test_import_recallbench_does_not_import_inspect_ai() -> None:
    loaded = _loaded("import recallbench, recallbench.harness, recallbench.results")
    assert not {m for m in loaded if m == "inspect_ai" or m.startswith("inspect_ai.")}
    assert "recallbench.inspect" not in loaded


def test_the_inspect_package_loads_inspect_ai_only_when_its_task_is_asked_for() -> None:
    loaded = _loaded("import recallbench.inspect, recallbench.inspect.params")
    assert "inspect_ai.solver" not in loaded
    assert "recallbench.inspect.task" not in loaded


def test_the_entry_point_names_the_registry_module() -> None:
    """inspect loads ``[project.entry-points.inspect_ai]``'s module to find ``recallbench/…``
    tasks; it registers ``recall_bench``."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    entry = project["project"]["entry-points"]["inspect_ai"]
    assert entry == {"recallbench": "recallbench.inspect._registry"}
    assert "inspect-ai==0.3.285" in project["project"]["optional-dependencies"]["inspect"]
    pytest.importorskip("inspect_ai")
    from inspect_ai._util.registry import registry_lookup

    import recallbench.inspect._registry  # noqa: F401

    assert registry_lookup("task", "recallbench/recall_bench") is not None
