"""The event builder behind ``load_yaml`` makes what ruamel's safe constructor makes.

``load_yaml`` builds plain data from the C parser's events and leaves anything unusual to ruamel's
constructor. These tests hold the two equal — the same data, key order and scalar types, or the same
error — on every shipped and reference YAML file and on generated documents full of the scalars
YAML resolves (numbers in every notation, booleans, nulls, timestamps), duplicate keys, anchors,
tags and broken syntax. They also pin the parse-once handover (``keep=True``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from _examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench.data import _yaml
from recallbench.data._yaml import load_yaml, loads_yaml
from recallbench.errors import DatasetError

_ROOT = Path(__file__).resolve().parents[1]


def _by_ruamel(text: str) -> Any:
    """The reference: the bounds pass, then ruamel's own constructor (what load_yaml did before)."""
    _yaml._check_bounds(text, None)
    return _yaml._plain(_yaml._fast().load(text))


def _outcome(load: Any, text: str) -> tuple[str, str]:
    """What a loader makes of ``text``: the repr of its data (types and key order included), or the
    type and message of its error."""
    try:
        return ("data", repr(load(text)))
    except Exception as exc:  # the comparison is of the errors themselves
        return (type(exc).__name__, str(exc))


def _yaml_files() -> list[Path]:
    roots = [_ROOT / "personas", _ROOT / "tests" / "data"]
    reference = os.environ.get("RECALLBENCH_REFERENCE_DATA")
    if reference:
        roots.append(Path(reference) / "personas")
    files: list[Path] = []
    for root in roots:
        if root.is_dir():
            files.extend(sorted(root.rglob("*.yaml")))
    return files


def test_every_dataset_file_loads_as_ruamel_loads_it() -> None:
    files = _yaml_files()
    assert len(files) > 10
    for path in files:
        text = _yaml.read_text(path)
        assert _outcome(loads_yaml, text) == _outcome(_by_ruamel, text), path
        # and the shipped files take the fast road: nothing in them needs the fallback
        _yaml._build(text, path)


_SCALARS = [
    "", "~", "null", "Null", "NULL", "nULL", "true", "True", "TRUE", "tRUE", "false", "FALSE", "yes",
    "no", "on", "off", "y", "n", "0", "-0", "+0", "00", "007", "08", "12", "-12", "+12", "1_000",
    "0x1F", "0X1F", "0o17", "0b101", "0b", "0x", "-_", "1_", "+", "-", "1.5", "-1.5", "+1.5", "1.",
    "-0.0", ".5", "-.5", "1e3", "1.0e+3", "1E-3", "1_0.5", ".inf", "-.Inf", "+.INF", ".nan", ".NaN",
    "1:30", "2026-01-01", "2026-1-1 10:00:00", "2026-01-01T10:00:00Z", "2026-02-30", "<<", "=",
    "a", "plain words", "x: y", "day 12", "[1]", "'q'", '"dq"', "#", "a #b", "&a", "*a", "!t",
    "!!str 5", "!!int 5", "!!float 5", "!!binary aGk=", "!custom x", "? k", "- i", "|", ">",
]  # fmt: skip


def _nodes(depth: int) -> st.SearchStrategy[str]:
    scalar = st.sampled_from(_SCALARS)
    if depth == 0:
        return scalar
    inner = _nodes(depth - 1)
    key = st.sampled_from(["a", "b", "1", "true", "null", "'a'", "1.0", "~", "<<", "2026-01-01"])
    flow_map = st.lists(st.tuples(key, inner), max_size=4).map(
        lambda kv: "{" + ", ".join(f"{k}: {v}" for k, v in kv) + "}"
    )
    flow_seq = st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]")
    anchored = inner.map(lambda v: f"&x {v}")
    return st.one_of(scalar, flow_map, flow_seq, anchored)


@st.composite
def _documents(draw: st.DrawFn) -> str:
    """Block mappings and sequences of generated nodes, now and then with a directive, an alias,
    a second document or a broken line."""
    keys = draw(
        st.lists(st.sampled_from(["a", "b", "c", "1", "2", "true", "'b'", "x y"]), max_size=6)
    )
    lines = []
    for k in keys:
        value = draw(_nodes(2))
        if draw(st.booleans()):
            lines.append(f"{k}: {value}")
        else:
            lines.append(f"{k}:\n  - {value}\n  - {draw(_nodes(1))}")
    if draw(st.booleans()):
        lines = ["- " + line.replace("\n", "\n  ") for line in lines]
    extra = draw(
        st.sampled_from(
            [
                "",
                "",
                "",
                "z: *x",
                "%YAML 1.1\n---",
                "---\nq: 1",
                "bad: [",
                "%TAG ! tag:x,2000:\n---",
            ]
        )
    )
    if extra.startswith("%"):
        return extra + "\n" + "\n".join(lines) + "\n"
    return "\n".join([*lines, extra]) + "\n"


@settings(max_examples=examples(600), deadline=None)
@given(_documents())
def test_generated_documents_load_as_ruamel_loads_them(text: str) -> None:
    assert _outcome(loads_yaml, text) == _outcome(_by_ruamel, text)


@pytest.mark.parametrize("value", _SCALARS)
def test_each_scalar_alone_loads_as_ruamel_loads_it(value: str) -> None:
    for text in (f"{value}\n", f"k: {value}\n", f"- {value}\n", f"{value}: v\n", f"[{value}]\n"):
        assert _outcome(loads_yaml, text) == _outcome(_by_ruamel, text), text


def test_duplicate_keys_are_ruamels_error() -> None:
    for text in ("a: 1\na: 2\n", "1: x\ntrue: y\n", "1: x\n1.0: y\n"):
        assert _outcome(loads_yaml, text)[0] == "DuplicateKeyError"
        assert _outcome(loads_yaml, text) == _outcome(_by_ruamel, text)
    # a string key and an int key that print alike are two keys to YAML; the later value wins
    assert loads_yaml("1: x\n'1': y\n") == {"1": "y"}


def test_a_depth_or_syntax_error_names_the_line(tmp_path: Path) -> None:
    deep = tmp_path / "deep.yaml"
    deep.write_text("a:\n" + "".join("  " * i + f"- k{i}:\n" for i in range(1, 80)), "utf-8")
    with pytest.raises(DatasetError, match="nested more than 64") as caught:
        load_yaml(deep)
    with pytest.raises(DatasetError) as by_ruamel:
        _yaml._check_bounds(deep.read_text("utf-8"), deep)
    assert caught.value.line == by_ruamel.value.line == 33  # each "- k:" opens two levels
    broken = tmp_path / "broken.yaml"
    broken.write_text("a: 1\nb: [2\nc: 3\n", "utf-8")
    with pytest.raises(DatasetError, match="YAML syntax error") as caught:
        load_yaml(broken)
    assert caught.value.path == broken and caught.value.line is not None


def test_a_kept_parse_is_handed_over_once_and_only_while_the_file_is_unchanged(
    tmp_path: Path,
) -> None:
    path = tmp_path / "questions.yaml"
    path.write_text("- id: q1\n", encoding="utf-8")
    first = load_yaml(path, keep=True)
    assert load_yaml(path) is first  # handed over, not parsed again
    assert load_yaml(path) is not first  # once: the next reader parses it itself
    load_yaml(path, keep=True)
    same = tmp_path / "." / "questions.yaml"
    assert load_yaml(same) == [{"id": "q1"}]  # the same file by another spelling
    kept = load_yaml(path, keep=True)
    path.write_text("- id: q2\n", encoding="utf-8")  # changed size: parsed anew
    assert load_yaml(path) == [{"id": "q2"}]
    assert kept == [{"id": "q1"}]


def test_a_kept_parse_of_a_rewritten_file_of_the_same_size_is_not_handed_over(
    tmp_path: Path,
) -> None:
    path = tmp_path / "questions.yaml"
    path.write_text("- id: q1\n", encoding="utf-8")
    load_yaml(path, keep=True)
    stat = path.stat()
    path.write_text("- id: q9\n", encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000))
    assert load_yaml(path) == [{"id": "q9"}]


def test_kept_parses_are_bounded(tmp_path: Path) -> None:
    for i in range(_yaml._KEEP_AT_MOST + 10):
        path = tmp_path / f"f{i}.yaml"
        path.write_text(f"n: {i}\n", encoding="utf-8")
        load_yaml(path, keep=True)
    assert len(_yaml._KEPT) <= _yaml._KEEP_AT_MOST
    _yaml._KEPT.clear()


def test_preflight_hands_its_parse_of_the_questions_to_the_load(tmp_path: Path) -> None:
    from recallbench.data.dataset import load_persona
    from recallbench.harness.preflight import preflight
    from recallbench.testing import write_persona

    _yaml._KEPT.clear()
    root = tmp_path / "personas"
    write_persona(root, "tiny")
    qa_file = root / "tiny" / "qa-30d" / "questions.yaml"
    problems = preflight(
        data_dir=root,
        personas=["tiny"],
        arcs_file="arcs-30d.yaml",
        adapter_spec=None,
        judge_spec=None,
        appellate_spec=None,
    )
    assert problems == []
    kept = _yaml._KEPT.get(_yaml._identity(qa_file))
    assert isinstance(kept, list) and kept  # preflight's parse, waiting for the load
    dataset = load_persona(root, "tiny", "arcs-30d.yaml")
    assert not _yaml._KEPT  # taken by the load, not parsed again, not held any longer
    assert [p.id for p in dataset.qa] == [p["id"] for p in kept]
