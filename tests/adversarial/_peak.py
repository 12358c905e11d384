"""The real command line in a child process that reports its own peak memory (issue 42: a hostile
artifact is refused in one line, exit 2, within 500 MB).

The child runs ``recallbench.cli.main`` as ``python -m recallbench`` would and, as it ends, writes
the most memory it ever held resident as a last line of its stderr, which :func:`cli_peak` takes off
before handing the outcome back. On Linux that is ``VmHWM`` of ``/proc/self/status``, the peak of
the process's own address space: ``ru_maxrss`` would carry over the peak of the test process that
spawned it (Linux folds the old address space's peak into it at ``exec``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from _cli import ROOT, Outcome

MARK = "RECALLBENCH_TEST_PEAK_KB="

_CHILD = f"""
import resource, sys
from recallbench.cli import main

def peak_kb():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # bytes there, KiB elsewhere

sys.argv = ["recallbench", *sys.argv[1:]]
code = 1
try:
    code = main()
finally:
    sys.stderr.write("\\n{MARK}%d\\n" % peak_kb())
sys.exit(code)
"""

LIMIT_MB = 500
"""The most a refusal of a hostile artifact may hold (issue 42's target)."""


def cli_peak(
    *args: str | Path, env: Mapping[str, str] | None = None, timeout: float = 120
) -> tuple[Outcome, float]:
    """``recallbench ARGS`` in a child process: its outcome and its peak memory in MB."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    full_env.pop("RECALLBENCH_DEBUG", None)
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, *map(str, args)],
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    err, _, peak = done.stderr.rpartition(MARK)
    assert peak.strip().isdigit(), done.stderr
    return Outcome(done.returncode, done.stdout, err.rstrip("\n") + "\n"), int(peak) / 1024
