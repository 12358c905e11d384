"""Every numeric flag checked against its bound (:mod:`recallbench._bounds`) once the line is parsed,
before the command does anything: ``--epochs 1000000000`` is one line and exit 2, not a machine
filled."""

from __future__ import annotations

import argparse

from .._bounds import COMMAND_FLAGS, FLAGS, check

__all__ = ["check_flag_bounds", "flag_number"]


def flag_number(value: object) -> int | float | None:
    """The number a parsed flag holds: the value itself, or the count of a limit such as
    ``--max-adapter-errors 5`` (None: not a number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    count = getattr(value, "count", None)  # AdapterErrorLimit: a share is bounded by 100%
    return count if isinstance(count, int) and not isinstance(count, bool) else None


def check_flag_bounds(
    command: str, parser: argparse.ArgumentParser, args: argparse.Namespace
) -> None:
    """Refuse a numeric flag of ``command`` outside its bound.

    Raises:
        ConfigError: naming the flag, the value and the bound.
    """
    for action in parser._actions:
        if not action.option_strings:
            continue
        number = flag_number(getattr(args, action.dest, None))
        if number is None:
            continue
        for option in action.option_strings:
            name = COMMAND_FLAGS.get((command, option)) or FLAGS.get(option)
            if name is not None:
                check(name, number, option)
                break
