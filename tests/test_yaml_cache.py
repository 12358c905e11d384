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
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n")
    assert load_yaml(path, cached=True) == {"a": 1}
    [entry] = _entries(cache)
    entry.write_bytes(orjson.dumps({"a": "from the cache"}))
    assert load_yaml(path, cached=True) == {"a": "from the cache"}
    assert load_yaml(path) == {"a": 1}  # not asked to use it


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
    entry.write_bytes(b'{"a": [1, ')  # a torn write
    assert load_yaml(path, cached=True) == {"a": [1, 2]}
    assert orjson.loads(entry.read_bytes()) == {"a": [1, 2]}


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
    kept = {orjson.loads(e.read_bytes())["n"] for e in _entries(cache)}
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
