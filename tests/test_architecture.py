"""The house's shape (docs/architecture.md): rooms, one-way dependencies, no circles, small modules."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "recallbench"

ROOMS = {
    "adapters",
    "benchmarks",
    "cli",
    "data",
    "family",
    "generation",
    "harness",
    "inspect",
    "judges",
    "models",
    "render",
    "results",
    "testing",
}


def _lint_imports() -> str:
    found = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    if not Path(found).exists():
        pytest.fail("lint-imports is not installed: pip install -e '.[dev]'")
    return found


def _run_lint(cwd: Path, pythonpath: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [_lint_imports(), "--no-cache"],
        cwd=cwd,
        env={"PATH": "", "PYTHONPATH": str(pythonpath), "HOME": str(cwd)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_root_shows_the_rooms_and_little_else() -> None:
    public = sorted(p.name for p in PACKAGE.iterdir() if not p.name.startswith("_"))
    assert len(public) <= 15, public
    assert {p for p in public if (PACKAGE / p).is_dir()} == ROOMS
    assert {p for p in public if not (PACKAGE / p).is_dir()} == {"errors.py", "py.typed"}


def test_no_module_passes_600_lines() -> None:
    big = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        # The authored persona domains are data, not logic; the gRPC stubs are generated.
        if rel.parts[:3] == ("generation", "synth", "domains") or rel.parts[0] == "_proto":
            continue
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > 600:
            big.append(f"{rel} ({lines})")
    assert big == []


def test_no_import_circle() -> None:
    grimp = pytest.importorskip("grimp")  # import-linter's graph library
    graph = grimp.build_graph("recallbench", exclude_type_checking_imports=True)
    circles = []
    # Tarjan's strongly connected components, iteratively: a component of two or more is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    counter = 0
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    circles.append(sorted(component))
    assert circles == []


@pytest.mark.slow
def test_the_layer_contracts_hold_and_catch_an_upward_import(tmp_path: Path) -> None:
    kept = _run_lint(ROOT, ROOT)
    assert kept.returncode == 0, kept.stdout[-3000:] + kept.stderr[-2000:]
    assert "0 broken" in kept.stdout

    # The same tree with one import running against the direction: results → harness.
    shutil.copytree(PACKAGE, tmp_path / "recallbench", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    stats = tmp_path / "recallbench" / "results" / "stats.py"
    stats.write_text(stats.read_text() + "\nfrom ..harness import engine  # noqa: E402\n")
    broken = _run_lint(tmp_path, tmp_path)
    assert broken.returncode != 0
    assert "recallbench.results.stats -> recallbench.harness.engine" in broken.stdout
