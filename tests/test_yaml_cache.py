"""The dataset YAML parse cache (``load_yaml(cached=True)``, ``recallbench.data._yaml_cache``).

It must give what parsing gives (on every shipped and reference file, and on any JSON value), parse
afresh when a file's bytes change, never keep a failed parse, and never fail a load because the
cache cannot be used (off, unwritable, damaged).
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data import _yaml, _yaml_cache
from recallbench.data._yaml import load_yaml
from recallbench.data.dataset import load_persona
from recallbench.errors import DatasetError

_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("RECALLBENCH_YAML_CACHE", raising=False)
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "yaml"


def _entries(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.json")) if directory.is_dir() else []


def _data(entry: Path) -> Any:
    """An entry's data: the JSON after its first line (which names its file and digest)."""
    return orjson.loads(entry.read_bytes().partition(b"\n")[2])


def _rewrite(entry: Path, data: Any, *, digest: bool = True) -> None:
    """Replace an entry's data, its first line kept (``digest``: with the digest made anew)."""
    import hashlib

    head = orjson.loads(entry.read_bytes().partition(b"\n")[0])
    payload = orjson.dumps(data)
    if digest:
        head["sha256"] = hashlib.sha256(payload).hexdigest()
    entry.write_bytes(orjson.dumps(head) + b"\n" + payload)


def _shipped_yaml() -> list[Path]:
    roots = [_ROOT / "personas"]
    if os.environ.get("RECALLBENCH_REFERENCE_DATA"):
        roots.append(Path(os.environ["RECALLBENCH_REFERENCE_DATA"]) / "personas")
    files: list[Path] = []
    for root in roots:
        for pattern in ("*/persona.yaml", "*/arcs-*.yaml", "*/qa-*/questions.yaml"):
            files.extend(sorted(root.glob(pattern)))
    return files


def test_a_cached_load_is_the_parse_on_every_shipped_definition_file(cache: Path) -> None:
    files = _shipped_yaml()
    assert files
    for path in files:
        parsed = load_yaml(path)
        assert repr(load_yaml(path, cached=True)) == repr(parsed), path  # a miss: parsed, kept
        assert repr(load_yaml(path, cached=True)) == repr(parsed), path  # a hit: read back
    assert len(_entries(cache)) == len({p.read_bytes() for p in files})


def test_the_second_load_reads_the_entry_not_the_file(cache: Path, tmp_path: Path) -> None:
    """An entry rewritten with care (its digest made anew, the file's shape kept) is still read:
    the cache does not parse the file again to compare; an error it causes names the cache."""
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n")
    assert load_yaml(path, cached=True) == {"a": 1}
    [entry] = _entries(cache)
    _rewrite(entry, {"a": "from the cache"})
    assert load_yaml(path, cached=True) == {"a": "from the cache"}
    assert load_yaml(path) == {"a": 1}  # not asked to use it
    note = _yaml_cache.cache_note(f"{path}: something is wrong")
    assert str(path) in note and "RECALLBENCH_YAML_CACHE=off" in note
    assert _yaml_cache.cache_note(f"{tmp_path / 'other.yaml'}: something is wrong") == ""


def test_a_changed_entry_is_a_miss_and_is_written_again(cache: Path, tmp_path: Path) -> None:
    """Issue 42, finding 8: an entry whose data was changed (its digest not made anew) is not
    used: the file is parsed, and its entry written again."""
    path = tmp_path / "q.yaml"
    path.write_text("- id: q1\n  question: Who?\n- id: q2\n  question: When?\n")
    first = load_yaml(path, cached=True)
    [entry] = _entries(cache)
    _rewrite(entry, [{"id": "q1", "question": "Something else?"}, first[1]], digest=False)
    assert load_yaml(path, cached=True) == first
    assert _data(entry) == first


@pytest.mark.parametrize(
    "other",
    [
        pytest.param(["a", "list"], id="a-list-for-a-mapping"),
        pytest.param({"name": "P"}, id="a-key-taken-away"),
        pytest.param({"name": "P", "role": "R", "extra": 1}, id="a-key-added"),
        pytest.param(None, id="nothing"),
    ],
)
def test_an_entry_of_another_shape_is_a_miss_even_with_its_digest_made_anew(
    cache: Path, tmp_path: Path, other: Any
) -> None:
    """The file's shape is read from its own lines (no parse): an entry of another shape is never
    used, so a run cannot blame the file for it."""
    path = tmp_path / "persona.yaml"
    path.write_text("name: P\nrole: R\n")
    load_yaml(path, cached=True)
    [entry] = _entries(cache)
    _rewrite(entry, other)
    assert load_yaml(path, cached=True) == {"name": "P", "role": "R"}
    assert _data(entry) == {"name": "P", "role": "R"}


def test_a_list_entry_with_an_item_taken_away_is_a_miss(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "questions.yaml"
    path.write_text("  - id: q1\n    answer: a\n  - id: q2\n    answer: b\n")  # indented
    first = load_yaml(path, cached=True)
    [entry] = _entries(cache)
    _rewrite(entry, first[:1])
    assert load_yaml(path, cached=True) == first


def test_an_entry_for_another_file_or_of_the_old_layout_is_a_miss(
    cache: Path, tmp_path: Path
) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("x: 1\n")
    b.write_text("x: 2\n")
    load_yaml(a, cached=True)
    load_yaml(b, cached=True)
    entry_a = cache / f"{_yaml_cache.cache_key(a.read_bytes())}.json"
    entry_b = cache / f"{_yaml_cache.cache_key(b.read_bytes())}.json"
    entry_b.write_bytes(entry_a.read_bytes())  # a's entry under b's name
    assert load_yaml(b, cached=True) == {"x": 2}
    entry_b.write_bytes(orjson.dumps({"x": 3}))  # an entry as format 1 wrote them
    assert load_yaml(b, cached=True) == {"x": 2}


@pytest.mark.parametrize(
    ("text", "shape"),
    [
        ("a: 1\nb:\n- 1\n- 2\n", ("mapping", frozenset({"a", "b"}))),
        ("  - 1\n  - x: 2\n    y: 3\n", ("list", 2)),
        ("# only a comment\n\n", ("empty", None)),
        ('"q k": 1\nplain key : 2 # c\n', ("mapping", frozenset({"q k", "plain key"}))),
        ("\ufeffa: 1\r\nb: 2\r\n", ("mapping", frozenset({"a", "b"}))),
        ("[1, 2]\n", None),
        ("---\na: 1\n", None),
        ("&anchor a: 1\n", None),
        ("- 1\nb: 2\n", None),
        ("  a: 1\nb: 2\n", None),
        ('"a\\"b": 1\n', None),
    ],
)
def test_the_shape_of_a_file_is_read_from_its_lines(text: str, shape: Any) -> None:
    assert _yaml_cache.file_shape(text.encode("utf-8")) == shape
    if shape is not None:
        assert _yaml_cache._has_shape(_yaml.loads_yaml(text.removeprefix("\ufeff")), shape)


def test_an_edited_file_parses_afresh(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n")
    assert load_yaml(path, cached=True) == {"a": 1}
    path.write_text("a: 2\n")
    assert load_yaml(path, cached=True) == {"a": 2}
    assert len(_entries(cache)) == 2


def test_a_failed_parse_is_never_kept(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("a: 1\nb: [unclosed\n")
    for _ in range(2):
        with pytest.raises(DatasetError, match="YAML syntax error") as caught:
            load_yaml(path, cached=True)
        assert caught.value.line is not None
    nul = tmp_path / "nul.yaml"
    nul.write_text('a: "x\\0y"\n')
    with pytest.raises(DatasetError, match="NUL"):
        load_yaml(nul, cached=True)
    assert _entries(cache) == []


@pytest.mark.parametrize("text", ["a: .inf\n", "a: .nan\n", f"a: {2**70}\n"])
def test_what_json_cannot_hold_exactly_is_not_kept(cache: Path, tmp_path: Path, text: str) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(text)
    first = load_yaml(path, cached=True)
    again = load_yaml(path, cached=True)
    assert repr(first) == repr(again) == repr(load_yaml(path))
    assert _entries(cache) == []


def test_a_damaged_entry_is_a_miss_and_is_written_again(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("a: [1, 2]\n")
    load_yaml(path, cached=True)
    [entry] = _entries(cache)
    entry.write_bytes(entry.read_bytes()[:-3])  # a torn write
    assert load_yaml(path, cached=True) == {"a": [1, 2]}
    assert _data(entry) == {"a": [1, 2]}


def test_an_unusable_cache_directory_does_not_fail_a_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RECALLBENCH_YAML_CACHE", raising=False)
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory would be")
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(blocker))
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n")
    assert load_yaml(path, cached=True) == {"a": 1}
    assert load_yaml(path, cached=True) == {"a": 1}


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_cache_directory_does_not_fail_a_load(cache: Path, tmp_path: Path) -> None:
    cache.mkdir(parents=True)
    cache.chmod(0o500)
    try:
        path = tmp_path / "a.yaml"
        path.write_text("a: 1\n")
        assert load_yaml(path, cached=True) == {"a": 1}
        assert _entries(cache) == []
    finally:
        cache.chmod(0o700)


@pytest.mark.parametrize("off", ["off", "0", "false", "NO"])
def test_the_cache_can_be_turned_off(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, off: str
) -> None:
    monkeypatch.setenv("RECALLBENCH_YAML_CACHE", off)
    assert _yaml_cache.cache_dir() is None
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n")
    assert load_yaml(path, cached=True) == {"a": 1}
    assert not cache.exists()


def test_the_default_directory_is_the_user_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RECALLBENCH_YAML_CACHE", raising=False)
    monkeypatch.delenv("RECALLBENCH_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere/cache")
    if sys.platform.startswith("linux"):
        assert _yaml_cache.cache_dir() == Path("/somewhere/cache/recallbench/yaml")
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", "/elsewhere")
    assert _yaml_cache.cache_dir() == Path("/elsewhere/yaml")


def test_entries_past_the_bound_are_pruned_oldest_first(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_yaml_cache, "MAX_ENTRIES", 3)
    for i in range(5):
        path = tmp_path / f"{i}.yaml"
        path.write_text(f"n: {i}\n")
        load_yaml(path, cached=True)
        entry = cache / f"{_yaml_cache.cache_key(path.read_bytes())}.json"
        os.utime(entry, ns=(i * 10**9, i * 10**9))  # a clock that surely moves
    kept = {_data(e)["n"] for e in _entries(cache)}
    assert len(kept) == 3
    assert 4 in kept and 0 not in kept


def test_a_persona_loads_the_same_from_the_cache(cache: Path) -> None:
    first = load_persona(_ROOT / "personas", "executive-assistant", "arcs-180d.yaml")
    assert _entries(cache)
    again = load_persona(_ROOT / "personas", "executive-assistant", "arcs-180d.yaml")
    assert again == first


def test_a_hit_imports_no_ruamel(cache: Path) -> None:
    """The point of the cache on a run's path: a definition file read back needs no YAML parser."""
    path = _ROOT / "personas" / "executive-assistant" / "qa-180d" / "questions.yaml"
    load_yaml(path, cached=True)
    code = (
        "import sys; from pathlib import Path; from recallbench.data._yaml import load_yaml; "
        f"load_yaml(Path({str(path)!r}), cached=True); "
        "print(any(m.startswith('ruamel') for m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=os.environ
    )
    assert out.stdout.strip() == "False"


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(exclude_categories=["Cs"])),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(_json_values)
def test_what_is_kept_is_given_back_exactly(value: Any) -> None:
    assert _yaml_cache._json_exact(value)
    back = orjson.loads(orjson.dumps(value))
    assert repr(back) == repr(value)  # types, key order and float spelling (-0.0) included


@given(st.sampled_from([math.inf, -math.inf, math.nan, 2**64, -(2**63) - 1, (1,), {1: 2}, b"x"]))
def test_what_json_would_change_is_refused(odd: Any) -> None:
    assert not _yaml_cache._json_exact({"a": [odd]})


def test_a_hit_still_reads_the_file_each_time(cache: Path, tmp_path: Path) -> None:
    """The key is the bytes read now, so a file gone since is an error, not a stale answer."""
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n")
    load_yaml(path, cached=True)
    path.unlink()
    with pytest.raises(DatasetError, match="file not found"):
        _yaml.load_yaml(path, cached=True)
