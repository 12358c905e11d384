"""Every number a user gives has an upper bound, checked before any work: one line, exit 2, nothing
written, at once (issue 34.3). ``--epochs 1000000000`` was a MemoryError after 3.9 GB,
``--judge-epochs 100000000`` 183 s at 3.95 GB, ``--judge-memory-window 1000000000`` 2.3 GB, and a
manifest's ``"phase_delay_ms": 1000000000000`` passed validate and plan and slept until killed.

The inventories are read from the code (the argparse parsers, the profile and manifest records, the
library's config records), so a new number without a bound fails here.
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from _cli import ROOT, cli

from recallbench import RunConfig
from recallbench._bounds import BOUNDS, COMMAND_FLAGS, FLAGS, PROFILE_KEYS, Bound, flag_bound
from recallbench.benchmarks.memorybench import manifest as manifest_records
from recallbench.cli import build_parser, main
from recallbench.cli._flag_bounds import flag_number
from recallbench.data.selection import SelectionPolicy
from recallbench.errors import ConfigError
from recallbench.harness import profile as profile_records
from recallbench.harness.config import LifecycleTimeouts
from recallbench.judges.panel import JudgePanel
from recallbench.testing import containment_judge, write_persona

# -- the inventory of numeric flags, read from the parsers ------------------------------------------


def _converts_to_number(action: argparse.Action) -> bool:
    if action.type is None or action.type is str:
        return False
    try:
        return flag_number(action.type("1")) is not None  # type: ignore[operator]
    except (Exception, SystemExit):
        return False


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


COMMANDS = _commands()
NUMERIC_FLAGS = sorted(
    (command, action.option_strings[-1])
    for command, p in COMMANDS.items()
    for action in p._actions
    if action.option_strings and _converts_to_number(action)
)


def test_the_inventory_covers_every_numeric_flag() -> None:
    """A numeric flag without a bound in recallbench._bounds fails here."""
    assert len(NUMERIC_FLAGS) > 80  # every command's, not a handful
    missing = [f"{c} {o}" for c, o in NUMERIC_FLAGS if flag_bound(c, o) is None]
    assert not missing, f"numeric flags without a bound in recallbench/_bounds.py: {missing}"
    unused = set(FLAGS) - {o for _, o in NUMERIC_FLAGS}
    unused |= {o for c, o in COMMAND_FLAGS if (c, o) not in NUMERIC_FLAGS}
    assert not unused, f"bounds for flags no command has: {sorted(unused)}"


def test_every_default_is_within_its_bound() -> None:
    for command, p in COMMANDS.items():
        for action in p._actions:
            number = flag_number(action.default)
            bound = next(
                (b for o in action.option_strings if (b := flag_bound(command, o)) is not None),
                None,
            )
            if number is not None and bound is not None:
                assert bound.admits(number), (command, action.option_strings, number)


def _required_args(p: argparse.ArgumentParser) -> list[str]:
    """The least a command's line needs to parse: a placeholder for each required argument."""
    out: list[str] = []
    for action in p._actions:
        value = str(next(iter(action.choices))) if action.choices else "x"
        if not action.option_strings:
            out.append(value)
        elif action.required:
            out += [action.option_strings[-1], value]
    return out


def _above(bound: Bound, integer: bool) -> list[str]:
    high = int(bound.high) + 1 if integer else bound.high + 1
    return [str(high), "1" + "0" * 30]


def _cases() -> list[Any]:
    cases = []
    for command, option in NUMERIC_FLAGS:
        action = next(a for a in COMMANDS[command]._actions if option in a.option_strings)
        integer = isinstance(action.type("1"), int) or option == "--max-adapter-errors"  # type: ignore[operator,misc]
        bound = flag_bound(command, option)
        assert bound is not None
        for value in _above(bound, integer):
            cases.append(
                pytest.param(command, option, value, bound, id=f"{command}{option}={value[:12]}")
            )
    return cases


@pytest.mark.parametrize(("command", "option", "value", "bound"), _cases())
def test_a_flag_past_its_bound_is_one_line_before_any_work(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
    option: str,
    value: str,
    bound: Bound,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = [command, *_required_args(COMMANDS[command]), option, value]
    started = time.monotonic()
    code = main(argv)
    elapsed = time.monotonic() - started
    out, err = capsys.readouterr()
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"recallbench {command}: error: {option}: "), err
    assert f"more than {bound._show(bound.high)}" in err, err
    assert out == ""
    assert list(tmp_path.iterdir()) == []  # nothing written
    assert elapsed < 1.0


# -- the issue's own reproductions, through the real command line -----------------------------------


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root)
    return root


@pytest.mark.parametrize(
    ("flag", "value", "shown"),
    [
        ("--epochs", "1000000000", "more than 100, its bound"),
        ("--judge-epochs", "100000000", "more than 100, its bound"),
        ("--judge-memory-window", "1000000000", "more than 1,000 days, its bound"),
        ("--parallelism", "1000000000", "more than 1,024, its bound"),
        ("--timeout", "1000000000000", "more than 86,400,000 ms, its bound (a day"),
    ],
)
def test_the_probes_numbers_are_refused_at_once(
    tmp_path: Path, data: Path, flag: str, value: str, shown: str
) -> None:
    out = tmp_path / "out"
    started = time.monotonic()
    done = cli(
        "run", "--data", data, "--arcs", "arcs-30d.yaml", "--adapter", "builtin:null",
        "--judge", "stub", "--output", out, flag, value, timeout=30,
    )  # fmt: skip
    assert done.code == 2
    line = done.one_line_error()
    assert flag in line and shown in line
    assert not out.exists()
    assert time.monotonic() - started < 10  # a subprocess start, not a MemoryError or a sleep


# -- profiles ------------------------------------------------------------------------------------


def _numeric_fields(cls: type) -> list[str]:
    return [
        f.name
        for f in attrs.fields(cls)
        if isinstance(f.type, str) and ("int" in f.type or "float" in f.type)
    ]


def test_profile_keys_cover_every_numeric_profile_field() -> None:
    for section in (profile_records.RunSection, profile_records.GenerateSection):
        for name in _numeric_fields(section):
            assert name.replace("_", "-") in PROFILE_KEYS, f"{section.__name__}.{name} has no bound"


_PROFILE_CASES = [
    ("run:\n  seed: 9223372036854775808\n", "run.seed"),
    ("run:\n  timeout: 1.0e+12\n", "run.timeout"),
    ("run:\n  parallelism: 1000000000\n", "run.parallelism"),
    ("run:\n  sample: 1000000000\n", "run.sample"),
    ("run:\n  judgeMemoryWindow: 1000000000\n", "run.judgeMemoryWindow"),
    ("run:\n  maxCost: 1.0e+9\n", "run.maxCost"),
    ("generate:\n  days: 1000000\n", "generate.days"),
    ("generate:\n  start: 1000000\n", "generate.start"),
    ("generate:\n  end: 1000000\n", "generate.end"),
    ("generate:\n  temperature: 7\n", "generate.temperature"),
    ("generate:\n  maxTokens: 1000000000\n", "generate.maxTokens"),
    ("generate:\n  historyWindow: 1000000000\n", "generate.historyWindow"),
    ("judge-memory-window: 1000000000\n", "judge-memory-window"),
    ("parallelism: 5000\n", "parallelism"),
    ("timeout: 1.0e+12\n", "timeout"),
    ("max-cost: 1.0e+9\n", "max-cost"),
    ("seed: -9223372036854775809\n", "seed"),
    ("sample: 1000000000\n", "sample"),
]


def test_the_profile_cases_cover_every_profile_key() -> None:
    keys = {key.rsplit(".", 1)[-1] for _, key in _PROFILE_CASES}
    spelt = {profile_records._flag_spelling(k) for k in keys}
    assert spelt == set(PROFILE_KEYS)


@pytest.mark.parametrize(("text", "key"), _PROFILE_CASES, ids=[k for _, k in _PROFILE_CASES])
def test_a_profile_number_past_its_bound_is_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    text: str,
    key: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    profile = tmp_path / "profile.yaml"
    profile.write_text(text, encoding="utf-8")
    started = time.monotonic()
    code = main(["run", "--profile", str(profile), "--adapter", "builtin:null"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert f"profile {profile}:" in err and f'"{key}"' in err
    assert "its bound" in err or "must be at least" in err
    assert sorted(tmp_path.iterdir()) == [profile]
    assert time.monotonic() - started < 1.0


# -- manifests ------------------------------------------------------------------------------------

EXAMPLES = ROOT / "examples" / "benchmarks"


def _set(*keys: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(manifest: dict[str, Any]) -> None:
        node = manifest
        for key in keys[:-1]:
            node = node.setdefault(key, {})
        node[keys[-1]] = value

    return edit


_MANIFEST_CASES = {
    "phase_delay_ms": ("forget-and-update", ("ingestion", "phase_delay_ms"), 1_000_000_000_000),
    "shared_sample_size": (
        "household-chats",
        ("ingestion", "shared_sample_size"),
        1_000_000_000,
    ),
    "retrieval_limit": ("household-chats", ("query", "retrieval_limit"), 10**30),
    "max_items": ("household-chats", ("flatten", "max_items"), 1_000_000_000_000),
}


def test_the_manifest_cases_cover_every_numeric_manifest_field() -> None:
    records = (
        manifest_records.SimpleIngestion,
        manifest_records.SessionIngestion,
        manifest_records.AddDeleteVerifyIngestion,
        manifest_records.QuerySpec,
        manifest_records.Flatten,
        manifest_records.Manifest,
    )
    numeric = {name for cls in records for name in _numeric_fields(cls)}
    assert numeric == set(_MANIFEST_CASES)


@pytest.mark.parametrize("field", sorted(_MANIFEST_CASES))
@pytest.mark.parametrize("command", ["validate", "plan", "run"])
def test_a_manifest_number_past_its_bound_is_refused_before_any_work(
    tmp_path: Path, field: str, command: str
) -> None:
    example, keys, value = _MANIFEST_CASES[field]
    bench = tmp_path / example
    shutil.copytree(EXAMPLES / example, bench)
    manifest = json.loads((bench / "manifest.json").read_text(encoding="utf-8"))
    _set(*keys, value=value)(manifest)
    (bench / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    out = tmp_path / "out"
    extra: list[str | Path] = ["--adapter", "builtin:bm25", "--judge", "rubric", "--output", out]
    started = time.monotonic()
    done = cli(command, "--data", bench, *(extra if command == "run" else []), timeout=30)
    assert done.code == 2, done.out + done.err
    shown = done.out + done.err
    assert "Traceback" not in shown
    (line,) = [x for x in shown.splitlines() if f"$.{'.'.join(keys)}" in x]
    assert "manifest.json:" in line and "its bound" in line, line
    assert not out.exists()
    assert time.monotonic() - started < 10  # no sleep: the run never starts


# -- the library's records -----------------------------------------------------------------------

_RECORDS: list[tuple[type, Callable[..., Any]]] = [
    (RunConfig, RunConfig),
    (LifecycleTimeouts, LifecycleTimeouts),
    (SelectionPolicy, SelectionPolicy),
    (JudgePanel, lambda **kw: JudgePanel([containment_judge], **kw)),
]


@pytest.mark.parametrize(
    ("record", "cls", "field"),
    [
        pytest.param(cls, build, name, id=f"{cls.__name__}.{name}")
        for cls, build in _RECORDS
        for name in _numeric_fields(cls)
    ],
)
def test_a_record_number_past_its_bound_is_a_config_error(
    record: type, cls: Callable[..., Any], field: str
) -> None:
    name = field.lstrip("_")
    with pytest.raises(ConfigError, match=rf"\.{name}: 1{'0' * 30}(\.0)? is more than"):
        cls(**{name: 10**30})
    if "float" in str(attrs.fields_dict(record)[field].type):
        with pytest.raises(ConfigError, match="is more than"):
            cls(**{name: 1e30})


def test_a_large_adapter_error_count_is_a_config_error() -> None:
    from recallbench.harness.config import AdapterErrorLimit

    with pytest.raises(ConfigError, match=r"RunConfig.max_adapter_errors.count: 1000000000 is"):
        RunConfig(max_adapter_errors=AdapterErrorLimit(share=None, count=10**9))


def test_the_bounds_page_lists_every_bound() -> None:
    page = (ROOT / "docs" / "reference" / "bounds.md").read_text(encoding="utf-8")
    for name, bound in BOUNDS.items():
        row = next((line for line in page.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None, f"docs/reference/bounds.md has no row for {name}"
        assert bound._show(bound.high) in row, (name, row)
