"""The top-level JSON list read a record at a time (``importers._jsonstream``): the same records as
``json.load`` whatever the window, and one line naming the record for a malformed file."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from _examples import examples
from _public_sets import longmemeval_records, write_json
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench.benchmarks.longmemeval.importer import convert_longmemeval, iter_longmemeval
from recallbench.data.dataset import load_persona
from recallbench.data.importers._jsonstream import iter_records
from recallbench.errors import DatasetError

_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=examples(150), deadline=None)
@given(
    records=st.lists(_json, max_size=8),
    chunk=st.integers(1, 64),
    indent=st.sampled_from([None, 1]),
    ascii_only=st.booleans(),
)
def test_same_records_as_json_load(
    records: list[Any], chunk: int, indent: int | None, ascii_only: bool
) -> None:
    text = json.dumps(records, indent=indent, ensure_ascii=ascii_only)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "x.json"
        path.write_text(text, encoding="utf-8")
        assert list(iter_records(path, "X", chunk=chunk)) == json.loads(text)


def test_numbers_and_multibyte_text_across_windows(tmp_path: Path) -> None:
    # A number cut by the window must not be read short; a character cut mid-bytes must survive.
    records = [123456789, "é" * 50 + "🙂", {"n": 98765}, 1.5e300, 42]
    path = tmp_path / "x.json"
    path.write_text("\ufeff" + json.dumps(records, ensure_ascii=False), encoding="utf-8")
    for chunk in (1, 2, 3, 5, 7, 1 << 20):
        assert list(iter_records(path, "X", chunk=chunk)) == records


def test_a_long_record_grows_the_window(tmp_path: Path) -> None:
    path = write_json(tmp_path / "m.json", longmemeval_records(haystack=500))
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert list(iter_records(path, "LongMemEval", chunk=512)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "the file is empty"),
        ('{"a": 1}', "a X file is a JSON list of records"),
        ("[1, 2,]", "X record 2: a ',' before the list's ']'"),
        ('[{"a": 1}, {"a": }]', "X record 1: Expecting value"),
        ('[{"a": 1} {"a": 2}]', "X record 0: expected ',' or ']' after it"),
        ('[{"a": 1}, {"a": "unterminated', "X record 1: Unterminated string"),
        ('[{"a": 1}, {"a": 2}', "X record 1: the file ends inside the list after it"),
        ("[1] 2", "extra data after the list"),
        ("[1,\n 2,\n {oops}]", "X record 2: Expecting property name"),
    ],
)
def test_malformed_file_is_one_line(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    for chunk in (1, 4, 1 << 20):
        with pytest.raises(DatasetError) as info:
            list(iter_records(path, "X", chunk=chunk))
        message = str(info.value)
        assert expected in message and "\n" not in message


def test_error_names_line_and_character(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("[1,\n 2,\n {oops}]", encoding="utf-8")
    with pytest.raises(DatasetError) as info:
        list(iter_records(path, "X", chunk=2))
    assert info.value.line == 3
    assert "at character 10" in str(info.value)


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'["\xff"]')
    with pytest.raises(DatasetError, match="not UTF-8"):
        list(iter_records(path, "X"))


def test_empty_list(tmp_path: Path) -> None:
    path = tmp_path / "e.json"
    path.write_text(" [ ] \n", encoding="utf-8")
    assert list(iter_records(path, "X", chunk=1)) == []


def test_m_style_file_converted_record_by_record(tmp_path: Path) -> None:
    # Three questions of 500 sessions each: converted as each record is read, the same as reading
    # the whole list first.
    records = longmemeval_records(haystack=500)
    records += [
        {**records[2], "question_id": f"gpt4_m_{k}", "answer_session_ids": [f"s{k * 100}"]}
        for k in (2, 3)
    ]
    path = write_json(tmp_path / "longmemeval_m_cleaned.json", records)
    seen = []
    for unit in iter_longmemeval(path):
        seen.append(unit.id)
        if unit.id.startswith("gpt4_m_"):
            assert sum(d.content.count("# session: ") for d in unit.days) == 500
    assert seen == ["e47becba", "e47becba_abs", "gpt4_m_1", "gpt4_m_2", "gpt4_m_3"]
    out = tmp_path / "out"
    assert convert_longmemeval(path, out) == tuple(seen)
    ds = load_persona(out, "gpt4_m_3")
    # s300 (2,100 hours after 1 January 09:00) and s40, which holds a has_answer turn.
    assert ds.qa[0].relevant_days == (13, 88)
    assert len(ds.days) == 146 and sum(len(d.sessions) for d in ds.days) == 500


def test_malformed_record_in_a_stream_names_it(tmp_path: Path) -> None:
    records = longmemeval_records(haystack=50)
    records[2]["haystack_sessions"][7][1].pop("role")
    path = write_json(tmp_path / "bad.json", records)
    units = iter_longmemeval(path)
    assert next(units).id == "e47becba"  # the records before it convert as they come
    with pytest.raises(DatasetError) as info:
        list(units)
    assert "LongMemEval record 2 (question_id 'gpt4_m_1'): haystack_sessions[7][1].role" in str(
        info.value
    )
