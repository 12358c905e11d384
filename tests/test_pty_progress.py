"""On a real terminal (a pseudo-terminal), the live progress bar's own cursor movements and line
erasures reach it as codes — the bar is redrawn in place — while text from data stays escaped: no
literal ``\\x1b`` text from the bar, and a persona folder named with escape sequences still shown
escaped."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from recallbench.testing import write_persona

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def _run_in_pty(argv: list[str], cwd: Path, timeout: float = 120) -> tuple[int, bytes]:
    """Run a command with its stdin, stdout and stderr on a new pseudo-terminal; everything it
    wrote, as the terminal received it."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "LINES": "40", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(
        argv, stdin=follower, stdout=follower, stderr=follower, cwd=cwd, env=env, close_fds=True
    )
    os.close(follower)
    received = bytearray()
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:  # the follower closed: the command ended
                    break
                if not chunk:
                    break
                received += chunk
            elif proc.poll() is not None:
                break
        code = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        os.close(leader)
        if proc.poll() is None:
            proc.kill()
    return code, bytes(received)


def test_the_main_job_on_a_terminal_draws_its_bar_and_escapes_nothing_of_its_own(
    tmp_path: Path,
) -> None:
    code, out = _run_in_pty(
        [
            sys.executable,
            "-m",
            "recallbench",
            "run",
            "--personas",
            "executive-assistant",
            "--arcs",
            "arcs-180d.yaml",
            "--ranges",
            "30d,90d",
            "--no-save",
        ],
        cwd=ROOT,
    )
    text = out.decode("utf-8", errors="replace")
    assert code == 0, text[-2000:]
    assert "\\x1b" not in text  # not one escape code printed as text
    assert "\x1b[2K" in text  # a line erased: the bar is redrawn in place
    assert "executive-assistant" in text and "Score" in text


def test_a_persona_folder_with_escape_sequences_is_shown_escaped_on_a_terminal(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    write_persona(data, "evil\x1b]0;pwned\x07\x1b[2J")
    code, out = _run_in_pty(
        [
            sys.executable,
            "-m",
            "recallbench",
            "run",
            "--data",
            str(data),
            "--arcs",
            "arcs-30d.yaml",
            "--ranges",
            "10d,20d",
            "--adapter",
            "builtin:bm25",
            "--judge",
            "rubric",
            "--no-save",
        ],
        cwd=tmp_path,
    )
    text = out.decode("utf-8", errors="replace")
    assert code == 0, text[-2000:]
    assert "\x1b]0;pwned" not in text and "\x1b[2J" not in text and "\x07" not in text
    assert "\\x1b]0;pwned\\x07" in text  # the data, shown escaped
    assert "\x1b[2K" in text  # and the bar still drawn in place
