"""Start-up speed: `import recallbench`, `recallbench --help` and a whole 180-day run, as wall time.

    python benchmarks/bench_startup.py [-n N] [--no-bytecode] [--no-yaml-cache] [--tree NAME=DIR ...]
        [REFERENCE_DIR]

REFERENCE_DIR defaults to $RECALLBENCH_REFERENCE_DATA or ../shared/upstream. Every figure is the median
of N runs (default 7) of a fresh interpreter. The import and --help figures are given *above* the
interpreter's own start (`python -c pass`), measured in the same rounds, interleaved, so a busy
machine slows every command alike; `--tree before=DIR` times another source tree (an older
revision) in the same rounds, for a before/after figure that one noisy moment cannot skew. Targets (issue 21): import and --help ≤ 0.15 s above `python -c
pass`; the shared 180-day persona at the default ranges (constant adapter, stub judge, incremental
lifecycle, result.json + questions.jsonl + progress.jsonl, no PNG/HTML) ≤ 1.0 s for the whole
command, interpreter start included. Issue 36 asks ≤ 0.25 s of that run.

The dataset YAML parse cache (``recallbench.data._yaml_cache``) lives in the run's temporary folder
(``RECALLBENCH_CACHE_DIR``), filled by the warm-up round: the counted runs read the persona's
definition files back as a user's second run does. ``--no-yaml-cache`` parses them at every run (a
first run over new data, and every run before the cache).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_CONSTANT_ADAPTER = '''\
"""A memory system that remembers nothing: it times the harness, not an adapter."""


class Constant:
    name = "constant"

    async def setup(self):
        return None

    async def ingest_day(self, day, content, metadata=None):
        return None

    async def finalize_ingestion(self):
        return None

    async def query(self, question, session_id=None):
        return "I do not know."

    async def teardown(self):
        return None


adapter = Constant
'''


_CPU: dict[tuple[str, ...], list[float]] = {}


def _wall(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    """Wall seconds of one run; its CPU seconds (user + system) go to ``_CPU``, a figure a busy
    machine inflates less than wall time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        argv, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    _CPU.setdefault((*argv, env.get("PYTHONPATH", "")), []).append(cpu)
    return wall


def _env(tree: Path | None, pycache: Path | None) -> dict[str, str]:
    """The environment of one tree: ``tree`` first on the path (None: the installed package), and
    bytecode cached under ``pycache`` as an installed package has it (None: compiled from source at
    every start, as under ``PYTHONDONTWRITEBYTECODE`` in a checkout)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def _above(times: list[float], base: list[float]) -> float:
    return statistics.median(t - b for t, b in zip(times, base, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=7, help="runs per command (default 7)")
    parser.add_argument(
        "--tree",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="also time the package in DIR (a directory holding recallbench/, e.g. from `git "
        "archive REV recallbench | tar -x -C DIR`), interleaved with the installed one; repeatable",
    )
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="compile from source at every start (PYTHONDONTWRITEBYTECODE) instead of caching "
        "bytecode as an installed package does",
    )
    parser.add_argument(
        "--no-yaml-cache",
        action="store_true",
        help="parse the persona's YAML at every run (RECALLBENCH_YAML_CACHE=off), as a first run does",
    )
    parser.add_argument("reference", nargs="?", default=None)
    args = parser.parse_args()
    ref = Path(
        args.reference
        or os.environ.get(
            "RECALLBENCH_REFERENCE_DATA", Path(__file__).parents[2] / "shared" / "upstream"
        )
    )
    trees: dict[str, Path | None] = {"installed": None}
    for spec in args.tree:
        name, _, path = spec.partition("=")
        trees[name] = Path(path).resolve()
    py = sys.executable
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        work = Path(tmp)
        (work / "constant.py").write_text(_CONSTANT_ADAPTER, encoding="utf-8")
        commands = {
            "import recallbench": [py, "-c", "import recallbench"],
            "recallbench --help": [py, "-m", "recallbench", "--help"],
            "recallbench run --help": [py, "-m", "recallbench", "run", "--help"],
            "run 180d (whole command)": [
                py, "-m", "recallbench", "run",
                "--adapter", str(work / "constant.py"),
                "--judge", "stub",
                "--data", str(ref / "personas"),
                "--personas", "executive-assistant",
                "--arcs", "arcs-180d.yaml",
                "--lifecycle", "incremental",
                "--output", "out",
                "--no-heatmap-png", "--no-html",
            ],
        }  # fmt: skip
        envs = {
            name: _env(tree, None if args.no_bytecode else work / f"pycache-{i}")
            for i, (name, tree) in enumerate(trees.items())
        }
        for env in envs.values():  # the parse cache in the temporary folder, never the user's
            env["RECALLBENCH_CACHE_DIR"] = str(work / "cache")
            if args.no_yaml_cache:
                env["RECALLBENCH_YAML_CACHE"] = "off"
        base: list[float] = []
        times = {(name, c): [] for name in trees for c in commands}
        for env in envs.values():  # warm the page cache and the bytecode
            for argv in commands.values():
                _wall(argv, work, env)
        for _ in range(args.n):
            base.append(_wall([py, "-c", "pass"], work, envs["installed"]))
            for name, env in envs.items():
                for command, argv in commands.items():
                    times[name, command].append(_wall(argv, work, env))
        mode = "source compiled at each start" if args.no_bytecode else "bytecode cached"
        mode += ", YAML parsed at each run" if args.no_yaml_cache else ", YAML parse cache warm"
        print(
            f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, {mode}, medians of {args.n}"
        )
        print(f"python -c pass: {statistics.median(base):.3f} s")
        width = max(len(c) for c in commands)
        print(f"{'':<{width}}  " + "  ".join(f"{name:>14}" for name in trees))
        base_cpu = _CPU[(py, "-c", "pass", envs["installed"].get("PYTHONPATH", ""))]
        for command in commands:
            whole = command.startswith("run 180d")
            cells = []
            for name in trees:
                t = times[name, command]
                cells.append(f"{statistics.median(t) if whole else _above(t, base):>12.3f} s")
            print(f"{command:<{width}}  " + "  ".join(cells))
        print(f"{'CPU (user + system)':<{width}}")
        for command, argv in commands.items():
            whole = command.startswith("run 180d")
            cells = []
            for name in trees:
                cpu = _CPU[(*argv, envs[name].get("PYTHONPATH", ""))][1:]  # without the warm-up
                value = statistics.median(cpu) if whole else _above(cpu, base_cpu)
                cells.append(f"{value:>12.3f} s")
            print(f"{command:<{width}}  " + "  ".join(cells))
        print(
            "(import and --help: seconds above `python -c pass`, target ≤ 0.15; the run: the whole "
            "command, interpreter start included, target ≤ 1.0; 1,080 evaluations)"
        )


if __name__ == "__main__":
    main()
