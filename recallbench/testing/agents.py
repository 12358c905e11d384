"""Helpers for testing CLI agents with the fake agent in :mod:`recallbench.testing.fake_agent`.

A built-in agent's behaviour (stdin mode, no temperature flags, ``claude``'s ``--print``) can be
exercised without the real program by replacing its executable::

    model = CliAgentModel("claude", command=fake_agent_command("--echo"))

:func:`wait_for_pidfile` and :func:`process_state` check that a killed agent's process tree is
really gone (``--spawn-grandchild`` makes the fake agent report its own and its child's pid).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Literal

import anyio

__all__ = [
    "FAKE_AGENT_MODULE",
    "fake_agent_command",
    "process_state",
    "wait_for_pidfile",
]

#: The module the fake agent runs as (``python -m``).
FAKE_AGENT_MODULE = "recallbench.testing.fake_agent"


def fake_agent_command(*flags: str) -> list[str]:
    """The argv that runs the fake agent with ``flags``, under the current interpreter.

    Args:
        *flags: fake-agent options, e.g. ``"--echo"`` or ``"--sleep", "5"``.

    Returns:
        ``[sys.executable, "-m", "recallbench.testing.fake_agent", *flags]``.
    """
    return [sys.executable, "-m", FAKE_AGENT_MODULE, *flags]


async def wait_for_pidfile(pidfile: Path, *, timeout: float = 10.0) -> tuple[int, int]:
    """Wait for a fake agent started with ``--spawn-grandchild PIDFILE`` to write its pids.

    Args:
        pidfile: the path given to ``--spawn-grandchild``.
        timeout: seconds to wait for it.

    Returns:
        ``(agent pid, grandchild pid)``.

    Raises:
        TimeoutError: the file did not appear in time.
    """
    with anyio.fail_after(timeout):
        while not pidfile.exists():
            await anyio.sleep(0.02)
    pids = json.loads(pidfile.read_text(encoding="utf-8"))
    return int(pids["agent"]), int(pids["grandchild"])


def process_state(pid: int) -> Literal["running", "zombie", "gone"]:
    """Whether a process runs, has exited but not been reaped (a zombie), or is gone.

    A zombie is dead; it only waits for its parent to collect its status. The grandchild of a
    killed agent is re-parented to init, and an init that does not reap (some containers' PID 1)
    leaves it a zombie for good. Zombies are only told apart where ``/proc`` exists (Linux);
    elsewhere they count as running.
    """
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return "gone"
    except PermissionError:
        return "running"  # it exists, under another user
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return "running"
    # The state follows the command name, which is in parentheses and may itself hold spaces.
    state = stat.rpartition(")")[2].split()
    return "zombie" if state and state[0] in {"Z", "X"} else "running"
