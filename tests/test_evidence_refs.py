"""Issue 33.5 (b–d): LoCoMo's loosely written evidence references read where their intent is clear and
warned about where not; a sparse import's missing days said once; a LongMemEval session dated after
its question a warning naming the question."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from _public_sets import locomo_records, longmemeval_records, write_json

from recallbench.benchmarks.locomo.importer import convert_locomo, read_locomo
from recallbench.benchmarks.longmemeval.importer import convert_longmemeval, read_longmemeval
from recallbench.cli import main
from recallbench.data.importers._native import IMPORT_MARKER, import_warnings
from recallbench.data.importers.dialog_refs import read_dialog_refs
from recallbench.data.validate import validate_dataset


@pytest.mark.parametrize(
    ("evidence", "turns", "sessions", "unreadable"),
    [
        (["D5:8"], ("D5:8",), (5,), ()),
        (["D:11:26"], ("D11:26",), (11,), ()),
        (["D30:05"], ("D30:5",), (30,), ()),
        (["D 5:8"], ("D5:8",), (5,), ()),
        (["D5:8;"], ("D5:8",), (5,), ()),
        (["D8:6; D9:17", "D8:6"], ("D8:6", "D9:17"), (8, 9), ()),
        (["d2: 3"], ("D2:3",), (2,), ()),
        (["D7"], (), (7,), ("D7",)),
        (["D5:8:2", "5:8", ""], (), (), ("D5:8:2", "5:8")),
        ([12, None], (), (), ("12", "None")),
    ],
)
def test_read_dialog_refs(
    evidence: list[Any],
    turns: tuple[str, ...],
    sessions: tuple[int, ...],
    unreadable: tuple[str, ...],
) -> None:
    refs = read_dialog_refs(evidence)
    assert (refs.turns, refs.sessions, refs.unreadable) == (turns, sessions, unreadable)


def _loose_locomo() -> list[dict[str, Any]]:
    records = locomo_records()
    qa = records[0]["qa"]
    qa[0]["evidence"] = ["D:1:1"]  # stray colon: D1:1
    qa[1]["evidence"] = ["D01:03;"]  # padded, trailing semicolon: D1:3
    qa[2]["evidence"] = ["D 3:1", "D3"]  # a space; a session without its turn
    qa[3]["evidence"] = ["D1:2; D2:1", "D9:1"]  # session 9 is not in the conversation
    records[1]["qa"][0]["evidence"] = ["see D2"]
    return records


def test_locomo_reads_loose_references_and_says_the_rest_once(tmp_path: Path) -> None:
    source = write_json(tmp_path / "locomo10.json", _loose_locomo())
    warnings: list[str] = []
    personas, _ = read_locomo(source, warnings=warnings)
    first = {q["id"]: q for q in personas[0].questions}
    assert first["conv-26-q001"]["evidenceTurns"] == ["D1:1"]
    assert first["conv-26-q001"]["relevant_days"] == [1]
    assert first["conv-26-q002"]["evidenceTurns"] == ["D1:3"]
    assert first["conv-26-q003"]["evidenceTurns"] == ["D3:1"]
    assert first["conv-26-q003"]["evidenceSessions"] == ["D3"]
    assert first["conv-26-q004"]["evidenceTurns"] == ["D1:2", "D2:1"]  # not D9:1
    assert "evidenceTurns" not in first["conv-26-q005"]  # no evidence: no turns
    # One line per kind for the whole file, naming the questions and what they wrote.
    assert len(warnings) == 2
    unreadable, unknown = warnings
    assert unreadable.startswith(
        f"{source}: LoCoMo evidence: 3 evidence reference(s) of 2 question(s)"
    )
    assert "(conv-26-q003: 'D3'; conv-30-q001: 'see', 'D2')" in unreadable
    assert (
        "1 evidence reference(s) of 1 question(s) name a turn or session that is not in" in unknown
    )
    assert "conv-26-q004: 'D9:1'" in unknown


def test_locomo_import_keeps_its_warnings_for_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_json(tmp_path / "locomo10.json", _loose_locomo())
    out = tmp_path / "personas"
    assert main(["import", "locomo", str(source), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert err.count("recallbench import: warning:") == 2
    assert import_warnings(out) == json.loads((out / IMPORT_MARKER).read_text())["warnings"]
    problems = [p for p in validate_dataset(out) if p.severity == "warning"]
    evidence = [p for p in problems if "LoCoMo evidence" in p.message]
    assert [p.path for p in evidence] == [out / IMPORT_MARKER] * 2
    # conv-26's sessions are weeks apart: an import's gaps are said on the folder, as one line.
    gaps = [p for p in problems if "missing from the corpus" in p.message]
    assert len(gaps) == 1
    assert gaps[0].path == out
    assert gaps[0].message.startswith("days missing from the corpus of 1 persona(s): conv-26 83 ")
    assert "imported data" in gaps[0].message
    # A clean file writes no warnings into its marker.
    clean = tmp_path / "clean"
    convert_locomo(write_json(tmp_path / "clean.json", locomo_records()), clean)
    assert "warnings" not in json.loads((clean / IMPORT_MARKER).read_text())


def test_locomo_spec_says_its_warnings_on_each_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    source = write_json(tmp_path / "locomo10.json", _loose_locomo())
    for _ in range(2):  # converted, then from the cache: said both times
        assert main(["plan", "--data", f"locomo:{source}"]) == 0
        err = capsys.readouterr().err
        assert err.count("recallbench: warning:") == 2
        assert "conv-26-q003" in err


def _gappy_personas(tmp_path: Path, n: int) -> Path:
    """A persona directory of ``n`` LongMemEval questions, each with a haystack weeks apart."""
    records = []
    for k in range(n):
        records.append(
            {
                "question_id": f"q{k}",
                "question_type": "single-session-user",
                "question": "Where did I go?",
                "answer": "Porto",
                "question_date": "2023/09/01 (Fri) 10:00",
                "haystack_session_ids": ["a", "b"],
                "haystack_dates": ["2023/05/01 (Mon) 09:00", "2023/06/01 (Thu) 09:00"],
                "haystack_sessions": [
                    [{"role": "user", "content": "I went to Porto.", "has_answer": True}],
                    [{"role": "user", "content": "Nice weather."}],
                ],
                "answer_session_ids": ["a"],
            }
        )
    out = tmp_path / "lme"
    convert_longmemeval(write_json(tmp_path / "lme.json", records), out)
    return out


def test_sparse_longmemeval_import_is_one_line(tmp_path: Path) -> None:
    out = _gappy_personas(tmp_path, 5)
    problems = validate_dataset(out)
    gaps = [p for p in problems if "missing from the corpus" in p.message]
    assert len(gaps) == 1
    assert gaps[0].message == (
        "days missing from the corpus of 5 persona(s): q0 30, q1 30, q2 30, and 2 more day(s) "
        "missing (imported data: its days are the dates of its sessions, so gaps are expected)"
    )
    assert not [p for p in problems if p.severity == "error"]


def test_longmemeval_session_after_its_question_is_a_warning(tmp_path: Path) -> None:
    records = longmemeval_records(haystack=60)
    late = copy.deepcopy(records[0])
    late["question_id"] = "late_q"
    late["question_date"] = "2023/05/20 (Sat) 12:00"  # sharegpt_x is dated 2023/05/21
    records.append(late)
    source = write_json(tmp_path / "lme.json", records)
    warnings: list[str] = []
    read_longmemeval(source, warnings)
    assert warnings == [
        f"{source}: LongMemEval: 1 question(s) have a haystack session dated after the question "
        "(late_q: session sharegpt_x (2023/05/21 (Sun) 10:00) after 2023/05/20 (Sat) 12:00); "
        "those sessions are ingested all the same, before the question is asked"
    ]
    out = tmp_path / "personas"
    convert_longmemeval(source, out)
    assert import_warnings(out) == warnings
    # The published shape (every session before its question) says nothing.
    fine: list[str] = []
    read_longmemeval(write_json(tmp_path / "fine.json", longmemeval_records(60)), fine)
    assert fine == []
