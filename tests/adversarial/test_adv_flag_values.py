"""A numeric flag's value its own type refuses is one line, as a value past its bound is (issue 42,
finding 9): ``--parallelism 0`` and ``--max-cost nan`` printed the command's usage block (4 to 29
lines) and then the error. Every numeric flag of every command, read from the parsers, with every
value of a handful its type refuses."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from recallbench._bounds import flag_bound
from recallbench.cli import build_parser, main
from recallbench.cli._flag_bounds import flag_number

CANDIDATES = ("0", "-1", "nan", "inf", "abc", "1.5", "")


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


COMMANDS = _commands()


def _numeric(action: argparse.Action) -> bool:
    if action.type is None or action.type is str:
        return False
    try:
        return flag_number(action.type("1")) is not None  # type: ignore[operator]
    except (Exception, SystemExit):
        return False


def _refuses(action: argparse.Action, value: str) -> bool:
    try:
        action.type(value)  # type: ignore[misc,operator]
    except (argparse.ArgumentTypeError, TypeError, ValueError):
        return True
    return False


def _required_args(p: argparse.ArgumentParser) -> list[str]:
    out: list[str] = []
    for action in p._actions:
        value = str(next(iter(action.choices))) if action.choices else "x"
        if not action.option_strings:
            out.append(value)
        elif action.required:
            out += [action.option_strings[-1], value]
    return out


def _cases() -> list[Any]:
    cases = []
    for command, p in COMMANDS.items():
        for action in p._actions:
            if not action.option_strings or not _numeric(action):
                continue
            option = action.option_strings[-1]
            for value in CANDIDATES:
                if _refuses(action, value):
                    cases.append(
                        pytest.param(command, option, value, id=f"{command}{option}={value}")
                    )
    return cases


CASES = _cases()


def test_the_cases_hold_the_issues_own() -> None:
    ids = {(c.values[0], c.values[1], c.values[2]) for c in CASES}
    assert {("run", "--parallelism", "0"), ("run", "--max-cost", "nan")} <= ids
    assert len(CASES) > 150


@pytest.mark.parametrize(("command", "option", "value"), CASES)
def test_a_value_a_flag_refuses_is_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
    option: str,
    value: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stopped:
        main([command, *_required_args(COMMANDS[command]), f"{option}={value}"])
    out, err = capsys.readouterr()
    assert stopped.value.code == 2
    assert err.count("\n") == 1 and "usage:" not in err and "Traceback" not in err, err
    assert err.startswith(f"recallbench {command}: error: argument "), err
    bound = flag_bound(command, option)
    assert bound is not None and f"({option} takes {bound.describe()})" in err, err
    assert out == "" and list(tmp_path.iterdir()) == []  # nothing written


def test_other_errors_keep_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown flag or a missing argument still shows the command's usage."""
    with pytest.raises(SystemExit):
        main(["run", "--lifecycle", "sideways"])
    err = capsys.readouterr().err
    assert err.startswith("usage: recallbench run ") and "invalid choice" in err
