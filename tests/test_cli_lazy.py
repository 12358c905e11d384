"""Start-up stays light: `import recallbench` and `recallbench --help` load no heavy stack, and a
command loads only its own module.

Checked in a fresh interpreter through ``sys.modules``, never by timing (the speed itself is
measured by benchmarks/bench_startup.py).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from recallbench import cli

HEAVY = ("grpc", "aiohttp", "matplotlib", "numpy", "rich", "tenacity", "google")
"""Never loaded by an import or a --help: the gRPC, HTTP, plotting and numeric stacks."""
RUNTIME = ("anyio", "ruamel", "attrs", "attr", "cattrs", "orjson", "asyncio")
"""The run-time stack: not loaded by `import recallbench` nor by `recallbench --help`."""

_PROBE = r"""
import json, runpy, sys
argv = sys.argv[1:]
if argv == ["import"]:
    import recallbench
else:
    sys.argv = ["recallbench", *argv]
    try:
        runpy.run_module("recallbench", run_name="__main__", alter_sys=True)
    except SystemExit:
        pass
sys.stdout = sys.__stdout__
print(json.dumps(sorted(sys.modules)))
"""


def _loaded(*argv: str) -> set[str]:
    """The modules a fresh interpreter holds after ``argv`` (``import``: ``import recallbench``)."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _tops(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def _command_modules(modules: set[str]) -> set[str]:
    names = {module for _, module, _ in cli._COMMAND_TABLE}
    return {m.rsplit(".", 1)[1] for m in modules if m.startswith("recallbench.cli.")} & names


def _commands_action(parser: argparse.ArgumentParser) -> Any:
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return action


def test_import_recallbench_loads_nothing_but_its_front_door() -> None:
    loaded = _loaded("import")
    assert _tops(loaded) & {*HEAVY, *RUNTIME} == set()
    assert {m for m in loaded if m.startswith("recallbench")} == {
        "recallbench",
        "recallbench._lazy",
        "recallbench._version",
    }


def test_help_loads_no_command_and_no_runtime_stack() -> None:
    loaded = _loaded("--help")
    assert "recallbench.cli" in loaded  # the probe did run the command line
    assert _tops(loaded) & {*HEAVY, *RUNTIME} == set()
    assert _command_modules(loaded) == set()
    assert not any(m.startswith(("recallbench.harness", "recallbench.data")) for m in loaded)


@pytest.mark.parametrize(("command", "module"), [("run", "run"), ("ranges", "catalog")])
def test_a_command_loads_its_own_module_only(command: str, module: str) -> None:
    loaded = _loaded(command, "--help")
    assert _command_modules(loaded) == {module}
    assert _tops(loaded) & {*HEAVY, "anyio", "ruamel"} == set()


def test_the_command_list_is_the_modules_own() -> None:
    """Names, order and one-line help of `recallbench --help` as the command modules give them."""
    full = cli.build_parser()
    registered = [(c.dest, c.help) for c in _commands_action(full)._choices_actions]
    assert registered == [(name, help_) for name, _, help_ in cli._COMMAND_TABLE]
    assert cli.build_parser(()).format_help() == full.format_help()


@pytest.mark.parametrize("command", [name for name, _, _ in cli._COMMAND_TABLE])
def test_each_command_parses_as_in_the_full_parser(command: str) -> None:
    """Built alone (as `recallbench COMMAND --help` builds it: with the benchmark families'
    flags), a command is what the full parser holds."""
    full = _commands_action(cli.build_parser()).choices[command]
    lazy = _commands_action(cli.build_parser((command,), family_flags=True)).choices[command]
    assert lazy.format_help() == full.format_help()


def test_the_command_modules_stay_reachable() -> None:
    from recallbench.cli import judge_agreement, run

    assert judge_agreement in cli._COMMANDS and run in cli._COMMANDS
    assert len(cli._COMMANDS) == len({module for _, module, _ in cli._COMMAND_TABLE})


_CONSTANT = """
class Constant:
    name = "constant"

    async def setup(self): ...
    async def ingest_day(self, day, content, metadata=None): ...
    async def finalize_ingestion(self): ...
    async def query(self, question, session_id=None):
        return "I do not know."
    async def teardown(self): ...


adapter = Constant
"""


def test_a_run_without_views_or_profile_loads_neither(tmp_path: Path) -> None:
    from recallbench.testing import write_persona

    write_persona(tmp_path / "data", "tiny")
    (tmp_path / "constant.py").write_text(_CONSTANT, encoding="utf-8")
    loaded = _loaded(
        "run", "--adapter", str(tmp_path / "constant.py"), "--judge", "stub",
        "--data", str(tmp_path / "data"), "--arcs", "arcs-30d.yaml", "--ranges", "10d",
        "--output", str(tmp_path / "out"), "--no-heatmap-png", "--no-html",
    )  # fmt: skip
    assert (tmp_path / "out" / "result.json").is_file()  # the run did run
    assert _tops(loaded) & set(HEAVY) == set()
    assert _command_modules(loaded) == {"run"}
    unused = {
        "recallbench.harness.profile",
        "recallbench.render.artifacts",
        "recallbench.render.html",
    }
    assert loaded & unused == set()
