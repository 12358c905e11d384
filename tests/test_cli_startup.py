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
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    gc.disable()
    try:
        assert main(["ranges"]) == 0
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()
