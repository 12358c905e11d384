"""The YAML parse cache is checked against the file an entry claims to be (issue 42, finding 8): an
entry altered after it was written, or of another shape than its file, is a miss (the file is parsed
and the entry written again), so a run asks the file's questions and never blames the file for an
entry; what the checks cannot see (an entry rewritten with care) is named in the error with
``RECALLBENCH_YAML_CACHE=off``. Real runs with the cache on, its entries edited on disk."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import orjson
import pytest
from _cli import Outcome, cli

from recallbench.testing import write_persona

RUN = ("--arcs", "arcs-30d.yaml", "--ranges", "10d", "--adapter", "builtin:bm25",
       "--judge", "rubric", "--no-heatmap-png", "--no-html")  # fmt: skip


@pytest.fixture
def cached(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """(data, env) after a first run that filled the YAML cache."""
    write_persona(tmp_path / "personas")
    env = {"RECALLBENCH_YAML_CACHE": "on", "RECALLBENCH_CACHE_DIR": str(tmp_path / "cache")}
    done = cli("run", "--data", tmp_path / "personas", *RUN, "--no-save", env=env)
    assert done.code == 0, done.err
    assert len(list((tmp_path / "cache" / "yaml").glob("*.json"))) == 3
    return tmp_path / "personas", env


def _entry(env: dict[str, str], kind: type) -> Path:
    """The entry whose data is a list (questions.yaml) or a dict (persona.yaml, the arcs file:
    the one with a ``name``)."""
    for entry in sorted(Path(env["RECALLBENCH_CACHE_DIR"], "yaml").glob("*.json")):
        data = orjson.loads(entry.read_bytes().partition(b"\n")[2])
        if isinstance(data, kind) and (kind is list or "name" in data):
            return entry
    raise AssertionError("no such entry")


def _rewrite(entry: Path, data: Any, *, digest: bool) -> None:
    head = orjson.loads(entry.read_bytes().partition(b"\n")[0])
    payload = orjson.dumps(data)
    if digest:
        head["sha256"] = hashlib.sha256(payload).hexdigest()
    entry.write_bytes(orjson.dumps(head) + b"\n" + payload)


def _asked(run: Path) -> list[str]:
    lines = (run / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    return sorted(json.loads(line)["qa"]["question"] for line in lines)


def _run(data: Path, env: dict[str, str], out: Path | None = None) -> Outcome:
    where = ("--output", out) if out is not None else ("--no-save",)
    return cli("run", "--data", data, *RUN, *where, env=env)


def test_an_altered_entry_changes_no_question_a_run_asks(
    cached: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """A well-formed entry whose questions were edited changed what a run asked while validate
    (which reads the file) said OK. Now its digest no longer matches: the file is parsed."""
    data, env = cached
    entry = _entry(env, list)
    pairs = orjson.loads(entry.read_bytes().partition(b"\n")[2])
    pairs[0]["question"] = "Which question did the cache make up?"
    _rewrite(entry, pairs, digest=False)
    done = _run(data, env, tmp_path / "with-cache")
    assert done.code == 0, done.err
    off = _run(data, {**env, "RECALLBENCH_YAML_CACHE": "off"}, tmp_path / "without")
    assert off.code == 0, off.err
    assert _asked(tmp_path / "with-cache") == _asked(tmp_path / "without")
    assert "Which question did the cache make up?" not in str(_asked(tmp_path / "with-cache"))
    assert b"made up" not in entry.read_bytes()  # written again from the file


@pytest.mark.parametrize(
    ("kind", "other"),
    [
        pytest.param(dict, ["not", "a", "persona"], id="persona-as-a-list"),
        pytest.param(list, {"id": "q1"}, id="questions-as-a-mapping"),
        pytest.param(list, [], id="questions-emptied"),
    ],
)
def test_an_entry_of_another_shape_is_not_blamed_on_the_file(
    cached: tuple[Path, dict[str, str]], kind: type, other: Any
) -> None:
    """Its digest made anew, so only the shape tells: read from the file's own lines, it is a
    miss, and the run goes on as the file says (it failed, naming the file on disk)."""
    data, env = cached
    _rewrite(_entry(env, kind), other, digest=True)
    done = _run(data, env)
    assert done.code == 0, done.err
    assert "error" not in done.err


def test_an_entry_rewritten_with_care_is_named_in_the_error(
    cached: tuple[Path, dict[str, str]],
) -> None:
    """The shape kept and the digest made anew: the cache cannot see it without parsing. The error
    it causes says the file was read from the cache, and how to read the file itself."""
    data, env = cached
    entry = _entry(env, list)
    pairs = orjson.loads(entry.read_bytes().partition(b"\n")[2])
    del pairs[0]["answer"]
    _rewrite(entry, pairs, digest=True)
    done = _run(data, env)
    assert done.code == 2, done.err
    line = done.one_line_error()
    assert "questions.yaml" in line and "missing required key 'answer'" in line
    assert "read from recallbench's YAML parse cache" in line
    assert "RECALLBENCH_YAML_CACHE=off" in line
    off = _run(data, {**env, "RECALLBENCH_YAML_CACHE": "off"})
    assert off.code == 0, off.err
