"""The question log keeps each answer's retrieved memories apart, gzipped (issue 35): written
before the answer's line, read back in its place, resumed, and refused with the file named when the
two files do not belong together."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.errors import DatasetError
from recallbench.harness.runlog import QuestionLogWriter
from recallbench.results import read_question_log
from recallbench.results.retrieval_log import read_retrieval_log, retrieval_log_paths


def answer(qid: str, entries: list[dict[str, Any]] | None, **extra: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "timestamp": "2026-11-29T00:00:00.000Z",
        "personaId": "p",
        "qa": {"id": qid, "question": "?", "referenceAnswer": "a"},
        "systemAnswer": "a",
        "usedAppellate": False,
    }
    if entries is not None:
        record["retrieval"] = entries
    record.update(memoryContextProvided=False, latencyMs=1, checkpoint="30d", **extra)
    return record


def entry(day: int, snippet: str = "text") -> dict[str, Any]:
    return {"path": f"memories/day-{day:04d}.md", "score": 1.5, "day": day, "snippet": snippet}


def raw_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_entries_go_apart_and_come_back_in_place(tmp_path: Path) -> None:
    log = tmp_path / "questions.jsonl"
    w = QuestionLogWriter(log)
    records = [answer("q1", [entry(1), entry(2)]), answer("q2", []), answer("q3", None)]
    records.append(answer("q1", [entry(3)], epoch=2))
    for r in records:
        w.write(r)
    plain, packed = retrieval_log_paths(log)
    assert plain.is_file() and not packed.exists()  # plain while the run goes
    w.close()
    assert packed.is_file() and not plain.exists()  # gzipped when the logs close

    raw = raw_lines(log)
    # The answer's line names its entries' line where the reference had them, in the same place.
    assert list(raw[0])[5] == "retrievalLine" and raw[0]["retrievalLine"] == 1
    assert raw[1]["retrieval"] == []  # nothing found stays inline
    assert "retrieval" not in raw[2] and "retrievalLine" not in raw[2]  # none reported
    assert raw[3]["retrievalLine"] == 2
    kept = [json.loads(line) for line in gzip.decompress(packed.read_bytes()).splitlines()]
    assert kept[1] == {
        "personaId": "p",
        "checkpoint": "30d",
        "qaId": "q1",
        "epoch": 2,
        "retrieval": [{k: v for k, v in entry(3).items() if k != "snippet"}],
    }

    back = read_question_log(log)
    without = [
        [{k: v for k, v in e.items() if k != "snippet"} for e in r.get("retrieval", [])]
        for r in records
    ]
    assert [r.get("retrieval", []) for r in back] == without
    assert [list(r) for r in back] == [list(r) for r in records]  # the keys in the same order


def test_snippets_are_kept_when_asked(tmp_path: Path) -> None:
    log = tmp_path / "questions.jsonl"
    w = QuestionLogWriter(log, snippets=True)
    w.write(answer("q1", [entry(1, "the meeting moved to Friday")]))
    w.close()
    assert read_question_log(log)[0]["retrieval"][0]["snippet"] == "the meeting moved to Friday"


def test_a_resumed_log_expands_the_gzipped_entries_and_numbers_on(tmp_path: Path) -> None:
    log = tmp_path / "questions.jsonl"
    w = QuestionLogWriter(log)
    w.write(answer("q1", [entry(1)]))
    w.close()
    w = QuestionLogWriter(log)
    w.write(answer("q2", [entry(2)]))
    plain, packed = retrieval_log_paths(log)
    assert plain.is_file() and not packed.exists()
    w.close()
    assert [r["retrievalLine"] for r in raw_lines(log)] == [1, 2]
    assert [r["retrieval"][0]["day"] for r in read_question_log(log)] == [1, 2]


def test_a_killed_run_leaves_plain_entries_that_read_and_resume(tmp_path: Path) -> None:
    log = tmp_path / "questions.jsonl"
    # A process that logs two answers and dies without closing anything.
    script = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from recallbench.harness.runlog import QuestionLogWriter\n"
        "w = QuestionLogWriter(Path(sys.argv[1]))\n"
        "for day in (1, 2):\n"
        "    w.write({'personaId': 'p', 'checkpoint': '30d', 'qa': {'id': f'q{day}'},\n"
        "             'retrieval': [{'path': 'm', 'score': 1, 'day': day}]})\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", script, str(log)], check=True)
    # The entries' last line torn after the answer before it was logged.
    plain, _ = retrieval_log_paths(log)
    assert plain.is_file()
    with plain.open("ab") as f:
        f.write(b'{"personaId":"p","checkpoint":"30d","qaId":"q3","retr')
    assert [r["retrieval"][0]["day"] for r in read_question_log(log)] == [1, 2]
    w = QuestionLogWriter(log)
    w.write(answer("q3", [entry(3)]))
    w.close()
    assert [r["retrievalLine"] for r in raw_lines(log)] == [1, 2, 3]
    assert [r["retrieval"][0]["day"] for r in read_question_log(log)] == [1, 2, 3]


def test_killed_between_gzip_and_removal_the_plain_file_wins(tmp_path: Path) -> None:
    log = tmp_path / "questions.jsonl"
    w = QuestionLogWriter(log)
    w.write(answer("q1", [entry(1)]))
    w.close()
    plain, packed = retrieval_log_paths(log)
    plain.write_bytes(gzip.decompress(packed.read_bytes()))  # both present
    w = QuestionLogWriter(log)
    w.write(answer("q2", [entry(2)]))
    w.close()
    assert packed.is_file() and not plain.exists()
    assert [r["retrieval"][0]["day"] for r in read_question_log(log)] == [1, 2]


def test_a_gzip_cut_short_reads_up_to_what_is_whole(tmp_path: Path) -> None:
    log = tmp_path / "questions.jsonl"
    w = QuestionLogWriter(log)
    for i in range(1, 200):
        w.write(answer(f"q{i}", [entry(i, "x" * (i % 7))]))
    w.close()
    _, packed = retrieval_log_paths(log)
    data = packed.read_bytes()
    packed.write_bytes(data[: len(data) // 2])
    kept = read_retrieval_log(log)
    assert kept is not None and 0 < len(kept) < 199
    assert [k["qaId"] for k in kept] == [f"q{i}" for i in range(1, len(kept) + 1)]


def test_a_missing_or_foreign_retrieval_log_is_named(tmp_path: Path) -> None:
    log = tmp_path / "questions.jsonl"
    w = QuestionLogWriter(log)
    w.write(answer("q1", [entry(1)]))
    w.close()
    _, packed = retrieval_log_paths(log)
    other = tmp_path / "other.jsonl"
    w = QuestionLogWriter(other)
    w.write(answer("q9", [entry(9)]))
    w.close()
    packed.write_bytes(retrieval_log_paths(other)[1].read_bytes())
    with pytest.raises(DatasetError, match=r"questions\.jsonl:1: line 1 .* another answer's"):
        read_question_log(log)
    packed.unlink()
    with pytest.raises(DatasetError, match=r"questions\.jsonl:1: .*questions\.retrieval\.jsonl"):
        read_question_log(log)
    packed.write_bytes(b"not gzip at all\n")
    with pytest.raises(DatasetError, match=r"questions\.retrieval\.jsonl\.gz: cannot read"):
        read_question_log(log)


def test_a_log_written_before_issue_35_reads_as_before(tmp_path: Path) -> None:
    log = tmp_path / "questions.jsonl"
    records = [answer("q1", [entry(1)]), answer("q2", None)]
    log.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    assert read_question_log(log) == records


@given(
    st.lists(
        st.tuples(
            st.one_of(st.none(), st.lists(st.integers(1, 999), max_size=4)),
            st.booleans(),  # close (and so gzip) after this answer, then reopen
        ),
        max_size=12,
    )
)
def test_any_sequence_of_answers_and_reopenings_reads_back(
    steps: list[tuple[list[int] | None, bool]],
) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        log = Path(d) / "questions.jsonl"
        w = QuestionLogWriter(log)
        want = []
        for i, (days, reopen) in enumerate(steps):
            entries = None if days is None else [entry(day) for day in days]
            w.write(answer(f"q{i}", entries))
            want.append(None if days is None else days)
            if reopen:
                w.close()
                w = QuestionLogWriter(log)
        w.close()
        got = read_question_log(log) if log.exists() else []
        assert [
            None if "retrieval" not in r else [e["day"] for e in r["retrieval"]] for r in got
        ] == want


# -- read back within bounds (issue 42, finding 6) ------------------------------------------------


@pytest.mark.parametrize("value", [None, "1", 0, -1, 1.0, True, [1]])
def test_a_retrieval_line_that_is_no_line_number_is_refused(tmp_path: Path, value: Any) -> None:
    """``null`` was read as "none reported": a resume then rewrote result.json with lower
    retrieval metrics."""
    log = tmp_path / "questions.jsonl"
    w = QuestionLogWriter(log)
    w.write(answer("q1", [entry(1)]))
    w.write(answer("q2", [entry(2)]))
    w.close()
    records = raw_lines(log)
    records[1]["retrievalLine"] = value
    log.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    with pytest.raises(DatasetError, match=r"questions\.jsonl:2: retrievalLine is .*not a line"):
        read_question_log(log)


def test_lines_named_out_of_order_or_with_their_entries_inline_are_refused(tmp_path: Path) -> None:
    log = tmp_path / "questions.jsonl"
    w = QuestionLogWriter(log)
    for i in (1, 2, 3):
        w.write(answer(f"q{i}", [entry(i)]))
    w.close()
    records = raw_lines(log)
    swapped = [records[0], records[2], records[1]]
    log.write_text("".join(json.dumps(r) + "\n" for r in swapped), encoding="utf-8")
    with pytest.raises(DatasetError, match=r"questions\.jsonl:3: .* before line 3"):
        read_question_log(log)
    both = [{**records[0], "retrieval": []}, *records[1:]]
    log.write_text("".join(json.dumps(r) + "\n" for r in both), encoding="utf-8")
    with pytest.raises(DatasetError, match=r"questions\.jsonl:1: .*and a retrievalLine too"):
        read_question_log(log)


def test_gzip_lines_read_several_members_and_refuse_past_their_bounds(tmp_path: Path) -> None:
    from recallbench.results.log_lines import MAX_LINE_BYTES, GzipLines, PlainLines

    path = tmp_path / "a.gz"
    path.write_bytes(gzip.compress(b"one\ntw") + gzip.compress(b"o\nthree"))
    with GzipLines(path) as lines:
        assert list(lines) == [b"one\n", b"two\n", b"three"]
    exact = b"x" * MAX_LINE_BYTES + b"\n"  # at the bound: read
    path.write_bytes(gzip.compress(exact + b"y" * (MAX_LINE_BYTES + 1)))
    with GzipLines(path) as lines:
        assert next(lines) == exact
        with pytest.raises(DatasetError, match=r"a\.gz:2: line 2 is longer"):
            next(lines)
    plain = tmp_path / "a.jsonl"
    plain.write_bytes(exact + b"y" * (MAX_LINE_BYTES + 1))
    with PlainLines(plain) as lines:
        assert next(lines) == exact
        with pytest.raises(DatasetError, match=r"a\.jsonl:2: line 2"):
            next(lines)
