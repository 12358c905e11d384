"""The file format: the sample reads, every problem is named by record and field, and detection
is cheap and exact."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from recallbench_diary.format import (
    CATEGORIES,
    file_problems,
    looks_like_diary_file,
    read_diaries,
)


def _file(tmp_path: Path, data: Any, name: str = "d.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _valid() -> dict[str, Any]:
    return {
        "format": "diary-recall/1",
        "diaries": [
            {
                "id": "cy",
                "writer": "Cy",
                "entries": [
                    {"id": "cy-1", "date": "2024-01-01", "text": "Bought a red kettle."},
                    {"id": "cy-2", "date": "2024-01-01", "text": "Named the cat Miso."},
                ],
                "questions": [
                    {
                        "id": "cy-q1",
                        "question": "What colour is the kettle?",
                        "answer": "red",
                        "category": "fact",
                        "evidence": ["cy-1"],
                    }
                ],
            }
        ],
    }


def test_the_sample_reads(sample: Path) -> None:
    diaries = read_diaries(sample)
    assert [d.id for d in diaries] == ["ada", "ben"]
    assert sum(len(d.entries) for d in diaries) == 15
    questions = [q for d in diaries for q in d.questions]
    assert len(questions) == 12
    assert {q.category for q in questions} == set(CATEGORIES)
    assert diaries[0].entries[0].date == dt.date(2024, 3, 1)
    assert file_problems(sample) == []


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(format="diary-recall/2"), "format: must be 'diary-recall/1'"),
        (lambda d: d.update(diaries=[]), "diaries: missing, or not a non-empty list"),
        (
            lambda d: d["diaries"][0]["questions"][0].update(evidence=["cy-9"]),
            "diaries[0].questions[0].evidence: 'cy-9' is no entry of this diary",
        ),
        (
            lambda d: d["diaries"][0]["questions"][0].update(category="trivia"),
            "diaries[0].questions[0].category: must be one of fact, date, latest, absent",
        ),
        (
            lambda d: d["diaries"][0]["entries"][1].update(date="2024-02-30"),
            "diaries[0].entries[1].date: missing, or not a date YYYY-MM-DD",
        ),
        (
            lambda d: d["diaries"][0]["entries"][1].update(id="cy-1"),
            "diaries[0].entries[1].id: 'cy-1' is used twice in the file",
        ),
        (
            lambda d: d["diaries"][0].update(id="../up"),
            "diaries[0].id: missing, or not letters, digits, '-' and '_'",
        ),
        (
            lambda d: d["diaries"][0]["questions"][0].pop("answer"),
            "diaries[0].questions[0].answer: missing, or not a non-empty string",
        ),
    ],
)
def test_each_problem_names_its_record_and_field(tmp_path: Path, change: Any, problem: str) -> None:
    data = _valid()
    change(data)
    path = _file(tmp_path, data)
    found = file_problems(path)
    assert any(p.startswith(problem) for p in found), found
    with pytest.raises(ValueError, match="^" + problem.split(":")[0].replace("[", r"\[")):
        read_diaries(path)


def test_evidence_from_another_diary_is_refused(tmp_path: Path) -> None:
    data = _valid()
    other = json.loads(json.dumps(data["diaries"][0]))
    other["id"], other["entries"] = "dee", [{"id": "dee-1", "date": "2024-01-02", "text": "Hi."}]
    other["questions"] = [dict(other["questions"][0], id="dee-q1")]  # evidence: cy-1, not dee's
    data["diaries"].append(other)
    found = file_problems(_file(tmp_path, data))
    assert found == ["diaries[1].questions[0].evidence: 'cy-1' is no entry of this diary"]


def test_unreadable_files_say_why(tmp_path: Path) -> None:
    assert file_problems(tmp_path / "missing.json") == ["no such file"]
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "diary-recall/1", ', encoding="utf-8")
    assert file_problems(broken)[0].startswith("not JSON: ")


def test_detection(tmp_path: Path, sample: Path) -> None:
    assert looks_like_diary_file(sample)
    assert not looks_like_diary_file(_file(tmp_path, {"format": "other"}, "o.json"))
    assert not looks_like_diary_file(tmp_path)  # a folder
    assert not looks_like_diary_file(tmp_path / "missing.json")
    binary = tmp_path / "b.bin"
    binary.write_bytes(bytes(range(256)) * 64)
    assert not looks_like_diary_file(binary)
    # the format is named near the start, as the published files have it: one read of 4 kB
    late = tmp_path / "late.json"
    late.write_text('{"padding": "' + "x" * 5000 + '", "format": "diary-recall/1"}')
    assert not looks_like_diary_file(late)
