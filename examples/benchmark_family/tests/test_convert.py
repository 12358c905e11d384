"""A file written as persona folders recallbench reads, the import marker, and the cache."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from recallbench_diary.convert import (
    IMPORT_MARKER,
    cached_conversion,
    convert_file,
    source_tag,
)
from recallbench_diary.format import CATEGORIES

from recallbench.data import load_persona, parse_time_range
from recallbench.errors import DatasetError


def test_each_diary_becomes_a_persona_recallbench_reads(tmp_path: Path, sample: Path) -> None:
    summary = convert_file(sample, tmp_path / "out", {})
    assert (summary.what, summary.questions) == ("2 diary(ies)", 12)
    ada = load_persona(tmp_path / "out", "ada", categories=CATEGORIES)
    assert ada.definition.persona.name == "Ada Okafor"
    # day n is the date epoch + n - 1: 1 March is day 1, 4 March day 4
    assert [d.number for d in ada.days] == [1, 4, 7, 9, 12, 15, 18, 20]
    assert str(ada.days[1].date) == "2024-03-04"
    assert ada.days[1].content.startswith("# 2024-03-04\n\nBought a second-hand bicycle")
    by_id = {q.id: q for q in ada.qa}
    assert by_id["ada-q5"].relevant_days == (9, 15)  # both entries of its evidence
    assert by_id["ada-q5"].category == "latest"
    assert by_id["ada-q5"].extra["evidenceIds"] == ["ada-04", "ada-06"]


def test_the_marker_names_the_family(tmp_path: Path, sample: Path) -> None:
    convert_file(sample, tmp_path, {})
    marker = json.loads((tmp_path / IMPORT_MARKER).read_text(encoding="utf-8"))
    full = parse_time_range("full")
    assert marker == {
        "family": "diary",
        "source": source_tag(sample, {}),
        "arcsFile": "arcs-1000d.yaml",
        "defaultRanges": [{"label": "full", "days": full.days}],
        "categories": list(CATEGORIES),
    }
    assert marker["source"].startswith("diary-v1-")
    assert len(marker["source"]) == len("diary-v1-") + 24


def test_absent_questions_can_be_left_out(tmp_path: Path, sample: Path) -> None:
    summary = convert_file(sample, tmp_path, {"diary_absent": "skip"})
    assert summary.questions == 10
    assert "absent questions left out" in summary.detail
    ben = load_persona(tmp_path, "ben", categories=CATEGORIES)
    assert "absent" not in {q.category for q in ben.qa}


def test_a_reimport_replaces_each_diary(tmp_path: Path, sample: Path) -> None:
    convert_file(sample, tmp_path, {})
    stale = tmp_path / "ada" / "memories-1000d" / "day-0999.md"
    stale.write_text("left from an older import", encoding="utf-8")
    convert_file(sample, tmp_path, {})
    assert not stale.exists()


def test_the_cache_converts_a_file_once_per_variant(sample: Path) -> None:
    first = cached_conversion(sample, {})
    assert first.parent == Path(os.environ["RECALLBENCH_CACHE_DIR"]) / "imports"
    assert first.name == source_tag(sample, {})
    mtime = (first / IMPORT_MARKER).stat().st_mtime_ns
    assert cached_conversion(sample, {}) == first
    assert (first / IMPORT_MARKER).stat().st_mtime_ns == mtime  # not converted again
    skipping = cached_conversion(sample, {"diary_absent": "skip"})
    assert skipping.name.startswith("diary-skip-absent-v1-")
    assert sorted(p.name for p in first.parent.iterdir()) == sorted([first.name, skipping.name])


def test_a_malformed_file_leaves_nothing_in_the_cache(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "diary-recall/1", "diaries": [{"id": "x"}]}', encoding="utf-8")
    with pytest.raises(DatasetError, match="not a valid Diary Recall file: diaries") as caught:
        cached_conversion(bad, {})
    assert caught.value.path == bad
    imports = Path(os.environ["RECALLBENCH_CACHE_DIR"]) / "imports"
    assert not imports.exists() or not any(imports.iterdir())
    with pytest.raises(DatasetError, match="no such file"):
        cached_conversion(tmp_path / "missing.json", {})
