"""Every numeric flag checked against its bound (:mod:`recallbench._bounds`) once the line is parsed,
before the command does anything: ``--epochs 1000000000`` is one line and exit 2, not a machine
filled. A numeric flag its own type refuses (``--parallelism 0``, ``--max-cost nan``) is one line
too (:class:`OneLineParser`), not the command's usage block and then the error.

Imports nothing at import time beyond argparse: the parser class is needed to build the command
line, and ``recallbench --help`` loads no attrs.
"""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

__all__ = ["OneLineParser", "check_flag_bounds", "flag_number"]

_ARGUMENT = re.compile(r"argument ((?:-[^\s:/]+)(?:/-[^\s:/]+)*): ")


def flag_number(value: object) -> int | float | None:
    """The number a parsed flag holds: the value itself, or the count of a limit such as
    ``--max-adapter-errors 5`` (None: not a number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    count = getattr(value, "count", None)  # AdapterErrorLimit: a share is bounded by 100%
    return count if isinstance(count, int) and not isinstance(count, bool) else None


def _bound_name(command: str, option: str) -> str | None:
    from .._bounds import COMMAND_FLAGS, FLAGS

    return COMMAND_FLAGS.get((command, option)) or FLAGS.get(option)


def check_flag_bounds(
    command: str, parser: argparse.ArgumentParser, args: argparse.Namespace
) -> None:
    """Refuse a numeric flag of ``command`` outside its bound.

    Raises:
        ConfigError: naming the flag, the value and the bound.
    """
    from .._bounds import check

    for action in parser._actions:
        if not action.option_strings:
            continue
        number = flag_number(getattr(args, action.dest, None))
        if number is None:
            continue
        for option in action.option_strings:
            name = _bound_name(command, option)
            if name is not None:
                check(name, number, option)
                break


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusal of a numeric flag's value (a flag with a bound:
    :data:`recallbench._bounds.FLAGS`) is one line, ``recallbench run: error: argument
    --parallelism: expected a whole number ≥ 1, got '0' (--parallelism takes 1 to 1,024)``, and
    exit 2, as a value past the bound is; every other error is argparse's, usage and all. The
    commands' parsers are made of this class too (``add_subparsers`` passes it on)."""

    def error(self, message: str) -> NoReturn:
        found = _ARGUMENT.match(message)
        if found is not None:
            command = self.prog.rsplit(" ", 1)[-1]
            for option in found.group(1).split("/"):
                name = _bound_name(command, option)
                if name is not None:
                    from .._bounds import BOUNDS

                    takes = f" ({option} takes {BOUNDS[name].describe()})"
                    self.exit(2, f"{self.prog}: error: {message}{takes}\n")
        super().error(message)
