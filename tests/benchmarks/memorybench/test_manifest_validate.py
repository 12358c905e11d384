"""`recallbench validate` over MemoryBench benchmarks: every problem with its JSON path and file:line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _manifests import CONVERSATIONS, SIMPLE_CASES, line_of, sessions, simple, write_benchmark

from recallbench.benchmarks.memorybench.dataset import validate_manifests
from recallbench.cli import main
from recallbench.data.validate import Problem


def _errors(folder: Path) -> list[Problem]:
    return [p for p in validate_manifests(folder) if p.severity == "error"]


def _only(folder: Path) -> Problem:
    (p,) = _errors(folder)
    return p


def test_clean_benchmarks_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    simple(tmp_path / "all" / "a")
    sessions(tmp_path / "all" / "b")
    assert main(["validate", "--data", str(tmp_path / "all")]) == 0
    assert "is a valid MemoryBench benchmark folder" in capsys.readouterr().out


def test_unknown_strategy(tmp_path: Path) -> None:
    folder = write_benchmark(tmp_path / "b", [], ingestion={"strategy": "streaming"})
    p = _only(folder)
    assert p.path == folder / "manifest.json"
    assert p.line == line_of(p.path, '"strategy": "streaming"')
    assert p.message.startswith("$.ingestion.strategy: unknown strategy 'streaming'")


def test_missing_required_fields_and_wrong_types(tmp_path: Path) -> None:
    folder = simple(tmp_path / "b", version=None, metrics="correctness", manifest_version="2")
    found = {p.message: p.line for p in _errors(folder)}
    manifest = folder / "manifest.json"
    assert found["$: missing required field 'version'"] == 1
    assert found[
        "$.manifest_version: manifest_version must be \"1\", found the string '2'"
    ] == line_of(manifest, '"manifest_version"')
    assert found[
        "$.metrics: metrics must be a list of non-empty strings, found the string 'correctness'"
    ] == line_of(manifest, '"metrics"')


def test_missing_ingestion_option_unknown_metric_and_capability(tmp_path: Path) -> None:
    folder = write_benchmark(
        tmp_path / "b",
        [],
        ingestion={"strategy": "session-based", "mode": "eager"},
        metrics=["correctness", "bleu"],
        required_capabilities=["add_memory", "teleport"],
    )
    manifest = folder / "manifest.json"
    found = {p.message: p.line for p in _errors(folder)}
    assert found["$.ingestion: missing required field 'sessions_field'"] == line_of(
        manifest, '"ingestion"'
    )
    assert found["$.ingestion.mode: unknown mode 'eager' (expected lazy, shared, full)"] == line_of(
        manifest, '"eager"'
    )
    assert any(m.startswith("$.metrics[1]: unknown metric 'bleu'") for m in found)
    assert found[next(m for m in found if "teleport" in m)] == line_of(manifest, '"teleport"')


def test_unknown_key_is_a_warning_with_a_hint(tmp_path: Path) -> None:
    folder = write_benchmark(
        tmp_path / "b",
        [{"id": "1", "content": "x", "question": "q", "answer": "a"}],
        ingestion={"strategy": "simple", "content_field": "content", "content_feild": "x"},
    )
    (p,) = validate_manifests(folder)
    assert p.severity == "warning"
    assert "did you mean 'content_field'?" in p.message


def test_data_file_not_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = simple(tmp_path / "b")
    (folder / "data.jsonl").unlink()
    p = _only(folder)
    assert p.line == line_of(folder / "manifest.json", '"data_file"')
    assert "$.data_file: 'data.jsonl' is not there" in p.message
    assert main(["validate", "--data", str(folder)]) == 2
    out = capsys.readouterr().out
    assert f"{folder / 'manifest.json'}:{p.line}: error: $.data_file" in out


def test_manifest_not_json(tmp_path: Path) -> None:
    folder = simple(tmp_path / "b")
    text = (
        (folder / "manifest.json")
        .read_text()
        .replace('"version": "1.0.0",', '"version": "1.0.0",,')
    )
    (folder / "manifest.json").write_text(text)
    p = _only(folder)
    assert p.line == line_of(folder / "manifest.json", ",,")
    assert p.message.startswith("not valid JSON")


def test_field_absent_from_one_case_names_it(tmp_path: Path) -> None:
    cases = [
        {"id": "c1", "content": "x", "question": "q1", "answer": "a"},
        {"id": "c2", "content": "y", "answer": "b"},
        {"id": "c3", "content": "z", "question": "q3", "answer": "c"},
    ]
    folder = write_benchmark(
        tmp_path / "b", cases, ingestion={"strategy": "simple", "content_field": "content"}
    )
    p = _only(folder)
    assert (p.path, p.line) == (folder / "data.jsonl", 2)
    assert p.message == "case 'c2' ($[1]): question field 'question' is absent"


def test_field_absent_from_every_case_said_once(tmp_path: Path) -> None:
    folder = write_benchmark(
        tmp_path / "b", SIMPLE_CASES, ingestion={"strategy": "simple", "content_field": "body"}
    )
    p = _only(folder)
    assert p.line == 1
    assert "content field 'body' is absent from all 2 cases" in p.message


def test_json_array_cases_named_at_their_line(tmp_path: Path) -> None:
    broken = [
        dict(CONVERSATIONS[0]),
        dict(CONVERSATIONS[1], haystack_dates=["2023-07-01", "2023-07-02"]),
    ]
    folder = sessions(tmp_path / "b")
    (folder / "data.json").write_text(json.dumps(broken, indent=2))
    p = _only(folder)
    assert p.line == line_of(folder / "data.json", '"question_id": "q2"') - 1  # the case's "{"
    assert p.message.startswith(
        "case 'q2' ($[1].haystack_dates): dates field 'haystack_dates' must be a list of one per session (1), found 2 item(s)"
    )


def test_flatten_over_a_non_list(tmp_path: Path) -> None:
    cases = [
        {"id": "1", "context": "c", "qa": [{"question": "q", "answer": "a"}]},
        {"id": "2", "context": "c", "qa": "oops"},
    ]
    folder = write_benchmark(
        tmp_path / "b",
        cases,
        ingestion={"strategy": "simple", "content_field": "context"},
        flatten={"field": "qa"},
    )
    p = _only(folder)
    assert p.line == 2
    assert p.message == "case '2' ($[1].qa): flatten over a non-list: 'qa' is the string 'oops'"


def test_jsonl_syntax_error_and_non_object_record(tmp_path: Path) -> None:
    folder = simple(tmp_path / "b")
    with (folder / "data.jsonl").open("a") as f:
        f.write("[1, 2]\n")
    p = _only(folder)
    assert (p.line, p.message) == (3, "record 3 ($[2]) must be a JSON object, found a list")
    with (folder / "data.jsonl").open("a") as f:
        f.write("{oops\n")
    record, syntax = _errors(folder)  # both: the record before the syntax error is still named
    assert record.line == 3
    assert syntax.line == 4
    assert syntax.message.startswith("not valid JSON Lines")


def test_duplicate_ids_and_wrong_content_type(tmp_path: Path) -> None:
    cases = [
        {"id": "c1", "content": "x", "question": "q", "answer": "a"},
        {"id": "c1", "content": ["y"], "question": "q", "answer": "a"},
    ]
    folder = write_benchmark(
        tmp_path / "b", cases, ingestion={"strategy": "simple", "content_field": "content"}
    )
    messages = [(p.line, p.message) for p in _errors(folder)]
    assert (2, "case 'c1' ($[1]): duplicate case id (first at line 1)") in messages
    assert (
        2,
        "case 'c1' ($[1].content): content field 'content' must be text (is_array is false)",
    ) in messages


def test_add_delete_verify_fields_checked(tmp_path: Path) -> None:
    folder = write_benchmark(
        tmp_path / "b",
        [{"id": "d1", "content": "My code is 1.", "verify_query": "Code?"}],
        ingestion={
            "strategy": "add-delete-verify",
            "add_content_field": "content",
            "delete_target_field": "delete_id",
            "verify_query_field": "verify_query",
        },
        query={},
        evaluation={"protocol": "deletion-check"},
    )
    p = _only(folder)
    assert p.message == "case 'd1' ($[0]): delete target field 'delete_id' is absent"


def test_no_manifest_anywhere(tmp_path: Path) -> None:
    (p,) = validate_manifests(tmp_path)
    assert "no manifest.json" in p.message
