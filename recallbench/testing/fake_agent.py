"""A fake CLI agent: ``python -m recallbench.testing.fake_agent [options] [PROMPT_FILE]``.

It behaves like a coding agent run by :class:`~recallbench.models.cli_agent.CliAgentModel`: it reads
the prompt from standard input, or from the file named by its last argument (temp-file mode), and
prints a reply. Options make it misbehave in the ways the process control must survive:

* ``--echo`` prints the prompt back; ``--reply TEXT`` prints TEXT (after the echo, if both).
* ``--exit-code N`` exits with status N, writing a message to stderr (``--stderr TEXT`` sets it).
* ``--sleep SECONDS`` waits before replying.
* ``--spawn-grandchild PIDFILE`` starts a child that sleeps for ten minutes (holding our stdout and
  stderr, as an agent's helpers do) and writes ``{"agent": pid, "grandchild": pid}`` to PIDFILE.
* ``--ignore-sigterm`` ignores SIGTERM, and so does the grandchild (the disposition is inherited),
  so only SIGKILL stops them.
* ``--flood BYTES`` writes BYTES to stdout and BYTES to stderr, interleaved, before replying.
* ``--reply-map FILE`` replies by rule: FILE holds a JSON list of ``[pattern, reply]`` pairs; the
  first regular expression found in the prompt (``re.search``, multi-line) gives the reply, with
  ``\\1``/``\\g<name>`` expanded from the match. No match: nothing is printed for it (``--echo``
  and ``--reply`` still apply).
* ``--record FILE`` appends one JSON line: the arguments, the standard input, and the prompt file's
  path and text, so tests can check which flags an agent was given.

Unknown options (``--print``, ``--temperature 0.7``) are accepted and ignored, so it can stand in
for any agent. Standard library only, and it imports nothing from recallbench itself.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = ["main"]

_GRANDCHILD = "import time; time.sleep(600)"
_FLOOD_CHUNK = 64 * 1024


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m recallbench.testing.fake_agent",
        description="A fake CLI agent for testing recallbench's process control.",
        allow_abbrev=False,
    )
    parser.add_argument("--echo", action="store_true", help="print the prompt back")
    parser.add_argument("--reply", metavar="TEXT", help="print TEXT")
    parser.add_argument("--stderr", metavar="TEXT", help="write TEXT to standard error")
    parser.add_argument("--exit-code", type=int, default=0, metavar="N", help="exit status")
    parser.add_argument("--sleep", type=float, default=0.0, metavar="SECONDS")
    parser.add_argument("--spawn-grandchild", metavar="PIDFILE")
    parser.add_argument("--ignore-sigterm", action="store_true")
    parser.add_argument("--flood", type=int, default=0, metavar="BYTES")
    parser.add_argument("--record", metavar="FILE")
    parser.add_argument("--reply-map", metavar="FILE")
    return parser


def _read_stdin() -> str:
    if sys.stdin is None or sys.stdin.isatty():
        return ""
    return sys.stdin.buffer.read().decode("utf-8", errors="replace")


def _prompt_file(rest: Sequence[str]) -> Path | None:
    if rest and not rest[-1].startswith("-"):
        candidate = Path(rest[-1])
        if candidate.is_file():
            return candidate
    return None


def _spawn_grandchild(pidfile: Path) -> subprocess.Popen[bytes]:
    # stdout and stderr are inherited on purpose: the grandchild holds our pipes open, like a real
    # agent's helper processes, so a runner that kills only us would wait on them.
    grandchild = subprocess.Popen(
        [sys.executable, "-S", "-c", _GRANDCHILD], stdin=subprocess.DEVNULL
    )
    partial = pidfile.with_name(pidfile.name + ".partial")
    partial.write_text(json.dumps({"agent": os.getpid(), "grandchild": grandchild.pid}))
    os.replace(partial, pidfile)  # atomic, so a test polling for the file never reads half of it
    return grandchild


def _flood(size: int) -> None:
    chunk = b"x" * _FLOOD_CHUNK
    left = size
    while left > 0:
        piece = chunk[: min(left, _FLOOD_CHUNK)]
        sys.stdout.buffer.write(piece)
        sys.stdout.buffer.flush()
        sys.stderr.buffer.write(piece)
        sys.stderr.buffer.flush()
        left -= len(piece)


def _mapped_reply(map_file: str, prompt: str) -> str | None:
    rules = json.loads(Path(map_file).read_text(encoding="utf-8"))
    for pattern, reply in rules:
        m = re.search(pattern, prompt, re.MULTILINE)
        if m is not None:
            return m.expand(reply)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the fake agent; returns its exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    options, rest = _parser().parse_known_args(arguments)
    if options.ignore_sigterm:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)

    stdin = _read_stdin()
    prompt_file = _prompt_file(rest)
    file_text = prompt_file.read_text(encoding="utf-8") if prompt_file is not None else None
    if options.record:
        entry = {
            "argv": arguments,
            "stdin": stdin,
            "prompt_file": str(prompt_file) if prompt_file is not None else None,
            "prompt_file_text": file_text,
        }
        with open(options.record, "a", encoding="utf-8") as record:
            record.write(json.dumps(entry) + "\n")

    grandchild = None
    if options.spawn_grandchild:
        grandchild = _spawn_grandchild(Path(options.spawn_grandchild))
    if options.flood:
        _flood(options.flood)
    if options.sleep:
        time.sleep(options.sleep)

    if options.echo:
        sys.stdout.write(file_text if file_text is not None else stdin)
    if options.reply_map:
        mapped = _mapped_reply(options.reply_map, file_text if file_text is not None else stdin)
        if mapped is not None:
            sys.stdout.write(mapped)
    if options.reply is not None:
        sys.stdout.write(options.reply)
    sys.stdout.flush()
    message = options.stderr
    if message is None and options.exit_code != 0:
        message = f"fake agent: failing with exit code {options.exit_code}"
    if message:
        sys.stderr.write(message)
        sys.stderr.flush()
    if grandchild is not None:
        # Leave it running (that is the point); forget it so Popen does not warn at exit.
        grandchild.returncode = 0
    return int(options.exit_code)


if __name__ == "__main__":
    sys.exit(main())
