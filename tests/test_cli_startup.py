"""The command line pauses the garbage collector while it imports a command and parses its
arguments, and freezes what the imports built only in a process of its own (issue 36)."""

from __future__ import annotations

import gc
import subprocess
import sys

from recallbench.cli import main

PROBE = """
import gc, sys
from recallbench.cli import main
sys.argv = ["recallbench", "ranges"]
before = gc.get_freeze_count()
code = main()
print(code, gc.isenabled(), before == 0 and gc.get_freeze_count() > 0)
"""


def test_a_process_of_its_own_freezes_the_start_up_and_collects_after() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert done.stdout.split()[-3:] == ["0", "True", "True"], done.stdout + done.stderr


def test_a_callers_process_keeps_its_collector_as_it_was(capsys: object) -> None:
    frozen = gc.get_freeze_count()
    assert gc.isenabled()
    assert main(["ranges"]) == 0
    # Nothing more frozen. (Fewer may be: a frozen object that dies leaves the count, and in a
    # test worker where an earlier test froze objects, other threads free some meanwhile.)
    assert gc.isenabled() and gc.get_freeze_count() <= frozen
    gc.disable()
    try:
        assert main(["ranges"]) == 0
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()


def test_a_command_reading_runs_freezes_nothing_in_a_callers_process(tmp_path: object) -> None:
    """``report``, ``compare`` and ``judge-agreement`` build what they read with the collector off
    and, in a process of their own, freeze it; called from Python they leave the caller's
    collector as it was: nothing of the caller's heap made permanent."""
    from pathlib import Path

    from recallbench.testing import write_persona

    root = Path(str(tmp_path))
    write_persona(root / "data")
    run = root / "run"
    assert main(["run", "--data", str(root / "data"), "--arcs", "arcs-30d.yaml", "--ranges",
                 "10d", "--judge", "rubric", "--no-heatmap-png", "--no-html", "--output",
                 str(run)]) == 0  # fmt: skip
    frozen = gc.get_freeze_count()
    assert main(["report", str(run)]) == 0
    assert main(["compare", str(run), str(run)]) == 0
    assert gc.isenabled() and gc.get_freeze_count() <= frozen
