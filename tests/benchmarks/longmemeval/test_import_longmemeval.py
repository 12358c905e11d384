"""LongMemEval files as personas: a unit per question, days in date order, abstentions, errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _public_sets import longmemeval_records, write_json

from recallbench.benchmarks.longmemeval.importer import read_longmemeval
from recallbench.data.dataset import load_persona
from recallbench.data.ranges import NAMED_RANGES, default_ranges_of
from recallbench.data.validate import validate_dataset
from recallbench.errors import DatasetError
from recallbench.family import open_dataset


@pytest.fixture
def lme_file(tmp_path: Path) -> Path:
    return write_json(tmp_path / "longmemeval_s_cleaned.json", longmemeval_records())


def _cli(*argv: str, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "RECALLBENCH_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-m", "recallbench", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_a_unit_per_question_days_in_date_order(lme_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    r = _cli("import", "longmemeval", str(lme_file), "--out", str(out), cache=tmp_path / "c")
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == [
        "e47becba",
        "e47becba_abs",
        "gpt4_m_1",
    ]
    ds = load_persona(out, "e47becba")
    # The answer session is dated a day earlier though stored second: it is day 1.
    assert [(d.number, d.date, list(d.sessions)) for d in ds.days] == [
        (1, "2023-05-20", ["answer_1"]),
        (2, "2023-05-21", ["sharegpt_x"]),
    ]
    assert "user: My dog Biscuit loves the park.\nassistant: What a lovely name!" in (
        ds.days[0].content
    )
    (pair,) = ds.qa
    assert pair.relevant_days == (1,)
    assert pair.extra["questionDate"] == "2023/05/30 (Tue) 23:40"
    assert pair.extra["questionType"] == "single-session-user"
    assert pair.category == "factual-recall" and "abstention" not in pair.extra
    problems = validate_dataset(out)
    assert [p for p in problems if p.severity == "error"] == []


def test_abstention_and_numeric_answer(lme_file: Path) -> None:
    units = {u.id: u for u in read_longmemeval(lme_file)}
    (abs_pair,) = units["e47becba_abs"].questions
    assert abs_pair["abstention"] is True and abs_pair["category"] == "negative-recall"
    assert abs_pair["evidenceSessions"] == [] and abs_pair["relevant_days"] == [1]
    (big,) = units["gpt4_m_1"].questions
    assert big["answer"] == "2" and big["category"] == "temporal-reasoning"


def test_m_style_haystack(tmp_path: Path) -> None:
    path = write_json(tmp_path / "longmemeval_m_cleaned.json", longmemeval_records(haystack=600))
    unit = {u.id: u for u in read_longmemeval(path)}["gpt4_m_1"]
    sessions = sum(d.content.count("# session: ") for d in unit.days)
    assert sessions == 600
    # Seven hours apart: 600 sessions over 176 dates, several sessions a day.
    assert len(unit.days) == 176 and unit.days[-1].number == 176
    (pair,) = unit.questions
    assert pair["relevant_days"] == [13]  # s40: 280 hours after 1 January 09:00
    assert pair["evidenceSessions"] == ["s40"]


def test_data_spec_asks_once_after_the_haystack(
    lme_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    ds = open_dataset(f"longmemeval:{lme_file}")
    assert default_ranges_of(ds) == (NAMED_RANGES["full"],)
    assert ds.load("e47becba_abs").qa[0].extra["abstention"] is True


Edit = Callable[[list[dict[str, Any]]], object]


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda d: d[0].pop("question_date"), "record 0 (question_id 'e47becba'): question_date"),
        (lambda d: d[1].update(question_date="tomorrow"), "question_date: not a date"),
        (lambda d: d[0]["haystack_dates"].pop(), "haystack_dates: must hold one item"),
        (
            lambda d: d[0]["haystack_sessions"][1][0].pop("content"),
            "haystack_sessions[1][0].content",
        ),
        (lambda d: d[2].update(answer_session_ids="s40"), "answer_session_ids"),
        (lambda d: d[0]["haystack_dates"].__setitem__(1, "?"), "haystack_dates[1]"),
    ],
)
def test_malformed_names_record_and_field(tmp_path: Path, edit: Edit, expected: str) -> None:
    data = longmemeval_records(haystack=50)
    edit(data)
    path = write_json(tmp_path / "bad.json", data)
    with pytest.raises(DatasetError) as info:
        read_longmemeval(path)
    assert expected in str(info.value)
    r = _cli("run", "--data", f"longmemeval:{path}", cache=tmp_path / "c")
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and expected in r.stderr
    assert not any((tmp_path / "c" / "imports").iterdir())  # nothing cached
    out = tmp_path / "out"
    r = _cli("import", "longmemeval", str(path), "--out", str(out), cache=tmp_path / "c")
    assert r.returncode == 2 and expected in r.stderr
    # Records before the bad one were written as they were read, and removed when it was met.
    assert list(out.iterdir()) == []


@pytest.mark.slow
def test_run_with_bm25_and_rubric(tmp_path: Path) -> None:
    path = write_json(tmp_path / "lme.json", longmemeval_records(haystack=120))
    out = tmp_path / "run"
    r = _cli(
        "run",
        "--data",
        f"longmemeval:{path}",
        "--adapter",
        "builtin:bm25",
        "--judge",
        "rubric",
        "--output",
        str(out),
        cache=tmp_path / "c",
    )
    assert r.returncode == 0, r.stderr
    text = (out / "result.json").read_text(encoding="utf-8")
    assert "e47becba_abs" in text and "questionDate" in text
    assert json.loads(text)
