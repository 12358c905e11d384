"""Where the test suite's time goes: wall, CPU, and the CPU of each test and module.

Runs ``python -m pytest -n 2 -m "not slow"`` (the README's quick set; ``--all`` for everything, as
CI runs it with ``RECALLBENCH_HYPOTHESIS_PROFILE=ci``) with this file loaded as a pytest plugin that
records, on each xdist worker, every test's CPU seconds — its own (``getrusage(RUSAGE_SELF)``) and
its subprocesses' (``RUSAGE_CHILDREN``: the ``python -m recallbench`` runs, servers and agents it
started and reaped) — and the time each test module took to collect. It prints the wall time, the
CPU of the whole run (its own and its children's: what ``/usr/bin/time`` reports as user + sys) and
the costliest tests and modules, with the load average before and after (a shared 2-core machine:
quote CPU, and wall only with its load).

Issue 35's target: the quick set in at most 3 minutes on two cores at light load. Run from the
repository root (arguments after ``--`` go to pytest)::

    python benchmarks/bench_test_suite.py [--all] [--top N] [-- PYTEST_ARGS ...]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
_OUT = "RECALLBENCH_BENCH_TEST_SUITE_OUT"

# --------------------------------------------------------------------------------------------------
# The plugin (loaded in each pytest process with ``-p bench_test_suite``)

_rows: list[tuple[str, float, float, float]] = []
_collect: dict[str, float] = {}


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    own, children = _cpu()
    start = time.perf_counter()
    yield
    own2, children2 = _cpu()
    _rows.append((item.nodeid, own2 - own, children2 - children, time.perf_counter() - start))


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, None, None]:
    own, _ = _cpu()
    yield
    if isinstance(collector, pytest.Module):
        _collect[collector.nodeid] = _cpu()[0] - own


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = os.environ.get(_OUT)
    if not out:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "controller")
    own, children = _cpu()
    record = {"rows": _rows, "collect": _collect, "own": own, "children": children}
    Path(out, f"{worker}.json").write_text(json.dumps(record), encoding="utf-8")


# --------------------------------------------------------------------------------------------------
# The benchmark


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _report(folder: Path, wall: float, cpu: float, top: int) -> None:
    workers = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.json")}
    rows: list[list[Any]] = [
        [*row, name] for name, w in workers.items() if name != "controller" for row in w["rows"]
    ]
    print(f"wall {wall:.1f} s; CPU {cpu:.1f} s (the run and every process it reaped)")
    if "controller" in workers:  # its children are the workers, counted below
        print(f"  controller: CPU {workers['controller']['own']:.1f} s of its own")
    for name, w in sorted(workers.items()):
        if name == "controller":
            continue
        tests_own = sum(r[1] for r in w["rows"])
        tests_children = sum(r[2] for r in w["rows"])
        collect = sum(w["collect"].values())
        print(
            f"  {name}: {len(w['rows'])} tests, CPU {w['own'] + w['children']:.1f} s "
            f"(tests {tests_own:.1f} s own + {tests_children:.1f} s in subprocesses; "
            f"collecting {collect:.1f} s)"
        )
    rows.sort(key=lambda r: -(r[1] + r[2]))
    print(f"\nthe {top} costliest tests: CPU own, CPU in subprocesses, wall (s)")
    for nodeid, own, children, spent, worker in rows[:top]:
        print(f"  {own:6.2f} {children:6.2f} {spent:6.1f}  {worker} {nodeid}")
    modules: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
    for nodeid, own, children, _, _ in rows:
        m = modules[nodeid.split("::")[0]]
        m[0] += own
        m[1] += children
        m[2] += 1
    print(f"\nthe {top} costliest modules: CPU own, CPU in subprocesses (s), tests")
    ranked = sorted(modules.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))
    for module, (own, children, count) in ranked[:top]:
        print(f"  {own:6.1f} {children:6.1f} {int(count):5d}  {module}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="every test, as CI runs them")
    parser.add_argument("--top", type=int, default=25, help="how many tests and modules to list")
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest")
    args = parser.parse_args()
    command = [sys.executable, "-m", "pytest", "-n", "2", "-q", "-p", "bench_test_suite"]
    env = dict(os.environ)
    if args.all:
        env["RECALLBENCH_HYPOTHESIS_PROFILE"] = "ci"
    else:
        command += ["-m", "not slow"]
    command += args.pytest_args
    with tempfile.TemporaryDirectory() as folder:
        env[_OUT] = folder
        env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT / "benchmarks"), *filter(None, [env.get("PYTHONPATH")])]
        )
        print(f"load average before: {_load()}")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"load average after:  {_load()}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        summary = done.stdout.strip().splitlines()[-1:] or ["(no output)"]
        print(f"{' '.join(command[1:])}: exit {done.returncode}; {summary[0]}")
        for line in done.stdout.splitlines():  # which tests failed (pytest's -ra summary lines)
            if line.startswith(("FAILED ", "ERROR ")):
                print(f"  {line}")
        _report(Path(folder), wall, cpu, args.top)


if __name__ == "__main__":
    main()
