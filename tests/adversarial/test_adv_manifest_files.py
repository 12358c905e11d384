"""A manifest reads nothing outside its folder, symlinks followed (issue 34.4).

``evaluation.type_instructions_file: "../../outside/creds.json"`` (or a symlink) passed validate, and
run sent that file's text to the judge model; ``/etc/passwd`` was opened; ``data_file`` refused
``../`` but followed a symlink out. Real files and real symlinks here, through the real command line
and through the library's judge factory with a model that records its calls.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _cli import ROOT, cli

from recallbench.benchmarks.memorybench.dataset import ManifestDataset, validate_manifests
from recallbench.benchmarks.memorybench.files import FILE_KEYS, outside_folder
from recallbench.benchmarks.memorybench.judge import manifest_judge
from recallbench.benchmarks.memorybench.protocols import judge_from_evaluation
from recallbench.errors import ConfigError, DatasetError
from recallbench.testing import ScriptedModel

EXAMPLE = ROOT / "examples" / "benchmarks" / "household-chats"
SECRET = "SECRET-CREDENTIAL-do-not-send"


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """``tmp/outside/creds.json`` beside ``tmp/bench/b`` (a copy of an llm-as-judge example), so that
    ``../../outside/creds.json`` from the benchmark folder names the secret."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "creds.json").write_text(json.dumps({"1": SECRET, "2": SECRET}), encoding="utf-8")
    (outside / "cases.json").write_text((EXAMPLE / "conversations.json").read_text(), "utf-8")
    bench = tmp_path / "bench" / "b"
    shutil.copytree(EXAMPLE, bench)
    return bench


def _edit(bench: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    path = bench / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    edit(manifest)
    path.write_text(json.dumps(manifest, indent=2), encoding="utf-8")


def _instructions(name: str) -> Callable[[dict[str, Any]], None]:
    return lambda m: m["evaluation"].__setitem__("type_instructions_file", name)


def _data_file(name: str) -> Callable[[dict[str, Any]], None]:
    return lambda m: m.__setitem__("data_file", name)


def _symlink_out(bench: Path, target: str) -> str:
    os.symlink(bench.parent.parent / "outside" / target, bench / "link.json")
    return "link.json"


def _directory_link_out(bench: Path, target: str) -> str:
    os.symlink(bench.parent.parent / "outside", bench / "sub")
    return f"sub/{target}"


_ESCAPES: dict[str, Callable[[Path, str], str]] = {
    "dotdot": lambda bench, target: f"../../outside/{target}",
    "absolute": lambda bench, target: str(bench.parent.parent / "outside" / target),
    "etc-passwd": lambda bench, target: "/etc/passwd",
    "symlink-out": _symlink_out,
    "directory-symlink-out": _directory_link_out,
}

_KEYS = {
    "type_instructions_file": (_instructions, "creds.json", "$.evaluation.type_instructions_file"),
    "data_file": (_data_file, "cases.json", "$.data_file"),
}


def test_every_key_that_names_a_file_is_checked() -> None:
    """The manifest reference's file-naming keys; a new one must join FILE_KEYS and this suite."""
    assert {keys[-1] for keys in FILE_KEYS} == set(_KEYS)


@pytest.mark.parametrize("escape", sorted(_ESCAPES))
@pytest.mark.parametrize("key", sorted(_KEYS))
def test_validate_refuses_a_file_outside_the_folder(layout: Path, key: str, escape: str) -> None:
    edit, target, json_path = _KEYS[key]
    name = _ESCAPES[escape](layout, target)
    _edit(layout, edit(name))
    done = cli("validate", "--data", layout, timeout=60)
    assert done.code == 2, done.out + done.err
    shown = done.out + done.err
    assert "Traceback" not in shown and SECRET not in shown and "root:" not in shown
    (line,) = [x for x in shown.splitlines() if json_path in x]
    assert str(layout / "manifest.json") in line and repr(name) in line
    assert "inside its folder" in line


@pytest.mark.parametrize("escape", sorted(_ESCAPES))
@pytest.mark.parametrize("key", sorted(_KEYS))
def test_run_refuses_it_before_any_work(layout: Path, key: str, escape: str) -> None:
    edit, target, json_path = _KEYS[key]
    _edit(layout, edit(_ESCAPES[escape](layout, target)))
    out = layout.parent.parent / "out"
    done = cli(
        "run", "--data", layout, "--adapter", "builtin:bm25", "--judge-model",
        "openai:gpt-4o-mini", "--output", out, timeout=60,
        env={"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"},
    )  # fmt: skip
    assert done.code == 2, done.out + done.err
    assert json_path in done.one_line_error()
    assert SECRET not in done.out + done.err
    assert not out.exists()


def test_the_judge_factory_reads_nothing_outside_and_calls_no_model(layout: Path) -> None:
    """A library caller (or a file swapped after validation): the judge refuses before reading."""
    os.symlink(layout.parent.parent / "outside" / "creds.json", layout / "link.json")
    model = ScriptedModel('{"score": 1.0, "faithfulness": 1.0, "reasoning": "ok"}')
    for name in ("link.json", "../../outside/creds.json", "/etc/passwd"):
        evaluation = {"protocol": "llm-as-judge", "type_instructions_file": name}
        with pytest.raises(ConfigError, match=r"evaluation\.type_instructions_file: .*inside its"):
            judge_from_evaluation(evaluation, layout, model=model, manifest="manifest.json")
    assert model.calls == []


def test_the_dataset_and_its_judge_refuse_it_in_a_library(layout: Path) -> None:
    _edit(layout, _instructions(_symlink_out(layout, "creds.json")))
    model = ScriptedModel("{}")
    with pytest.raises(DatasetError, match="outside the benchmark folder"):
        manifest_judge(ManifestDataset(layout), model)
    assert model.calls == []


def test_a_symlink_inside_the_folder_is_fine(layout: Path) -> None:
    os.symlink("type_instructions.json", layout / "instructions-link.json")
    (layout / "data").mkdir()
    os.symlink(layout / "conversations.json", layout / "data" / "cases.json")
    _edit(layout, _instructions("instructions-link.json"))
    _edit(layout, _data_file("data/cases.json"))
    assert [p for p in validate_manifests(layout) if p.severity == "error"] == []
    done = cli("validate", "--data", layout, timeout=60)
    assert done.code == 0, done.out + done.err


def test_a_benchmark_folder_reached_through_a_symlink_is_fine(layout: Path) -> None:
    """The folder itself may be a symlink (``--data`` names where it is linked from)."""
    alias = layout.parent.parent / "alias"
    os.symlink(layout, alias)
    assert outside_folder(alias, "type_instructions.json") is None
    done = cli("validate", "--data", alias, timeout=60)
    assert done.code == 0, done.out + done.err
