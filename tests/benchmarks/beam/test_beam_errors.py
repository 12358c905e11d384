"""Bad BEAM files: a missing field, a wrong type or an unknown ability is one DatasetError line naming
the file, the conversation and the field — and the command line then exits 2 with that line."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _beam_cli import cli, wired_core
from _beam_files import write_checkout, write_json

from recallbench.benchmarks.beam import benchmark
from recallbench.errors import DatasetError

__all__ = ["wired_core"]

CONV = Path("chats") / "100K" / "1"


@pytest.fixture(autouse=True)
def _cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "user-cache"))


def _edit(path: Path, change: Callable[[Any], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    write_json(path, data)


def _del(keys: tuple[Any, ...]) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for k in keys[:-1]:
            data = data[k]
        del data[keys[-1]]

    return change


def _set(keys: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for k in keys[:-1]:
            data = data[k]
        data[keys[-1]] = value

    return change


CHAT_CASES = [
    (_del((0, "turns", 0, 1, "content")), "[0].turns[0][1].content: missing or not a string"),
    (_set((0, "turns", 0, 0, "id"), "0"), "[0].turns[0][0].id: missing or not a whole number: '0'"),
    (_set((1, "turns", 0, 0, "role"), 7), "[1].turns[0][0].role: missing or not a string"),
    (
        _del((1, "turns", 0, 0, "time_anchor")),
        "[1].turns[0][0].time_anchor: missing: no message of the batch has a date",
    ),
    (
        _set((2, "turns", 0, 0, "time_anchor"), "2024-04-25"),
        "[2].turns[0][0].time_anchor: not a date like March-03-2024: '2024-04-25'",
    ),
    (_set((0, "turns"), {"0": []}), "[0].turns: missing, empty or not a list of turn groups"),
    (_set((0, "turns", 1), "hello"), "[0].turns[1]: a turn group must be a non-empty list"),
    (_set((2, "turns", 1, 0, "id"), 3), "message id 3 of batch 3 is also in batch 1"),
]

PROBING_CASES = [
    (
        _del(("information_extraction", 0, "question")),
        "information_extraction[0].question: missing or not a string",
    ),
    (
        _set(("summarization", 0, "rubric"), "LLM response should contain: a target"),
        "summarization[0].rubric: missing, empty or not a list of strings",
    ),
    (
        _set(("temporal_reasoning", 0, "rubric"), []),
        "temporal_reasoning[0].rubric: missing, empty or not a list of strings",
    ),
    (
        _del(("knowledge_update", 0, "answer")),
        "knowledge_update[0].answer: missing or not a string",
    ),
    (
        _del(("abstention", 0, "ideal_response")),
        "abstention[0].ideal_response: missing or not a string",
    ),
    (
        _set(("event_ordering", 0, "source_chat_ids"), "0, 2, 10"),
        "event_ordering[0].source_chat_ids: must be a list of message ids or an object of such "
        "lists, found a str",
    ),
    (_set(("event_ordering", 0, "difficulty"), 3), "event_ordering[0].difficulty: missing or not"),
    (_set(("memory_magic",), []), "memory_magic: unknown ability (BEAM's are abstention, "),
    (
        _set(("knowledge_update",), {"question": "?"}),
        "knowledge_update: must be a list of questions",
    ),
]


def _expect_one_line(exc: DatasetError, path: Path, field: str) -> None:
    text = str(exc)
    assert "\n" not in text
    # the file (with its line where the JSON reader knows it), the conversation, the field
    assert re.match(rf"{re.escape(str(path))}(?::\d+)?: BEAM conversation 100K/1: ", text), text
    assert field in text, text


@pytest.mark.parametrize(("change", "field"), CHAT_CASES)
def test_bad_chat_file(tmp_path: Path, change: Callable[[Any], None], field: str) -> None:
    root = write_checkout(tmp_path / "BEAM")
    path = root / CONV / "chat.json"
    _edit(path, change)
    with pytest.raises(DatasetError) as caught:
        benchmark.resolve("beam", str(root / CONV), {})
    _expect_one_line(caught.value, path, field)
    assert not list((tmp_path / "user-cache" / "imports").iterdir())  # nothing half written


@pytest.mark.parametrize(("change", "field"), PROBING_CASES)
def test_bad_probing_questions(tmp_path: Path, change: Callable[[Any], None], field: str) -> None:
    root = write_checkout(tmp_path / "BEAM")
    path = root / CONV / "probing_questions" / "probing_questions.json"
    _edit(path, change)
    with pytest.raises(DatasetError) as caught:
        benchmark.resolve("beam", str(root / "chats" / "100K"), {})
    _expect_one_line(caught.value, path, field)


@pytest.mark.parametrize(
    ("name", "text", "field"),
    [
        ("chat.json", "[{", "not JSON: BEAM chat record 0: "),
        ("chat.json", '{"turns": []}', "a BEAM chat file is a JSON list of records"),
        ("chat.json", "[]", "[]: the chat file holds no batches"),
        ("probing_questions/probing_questions.json", "{", "probing questions: not JSON"),
        ("probing_questions/probing_questions.json", "[]", "must be an object keyed by ability"),
    ],
)
def test_not_beam_json(tmp_path: Path, name: str, text: str, field: str) -> None:
    root = write_checkout(tmp_path / "BEAM")
    (root / CONV / name).write_text(text, encoding="utf-8")
    with pytest.raises(DatasetError) as caught:
        benchmark.resolve("beam", str(root / CONV), {})
    _expect_one_line(caught.value, root / CONV / name, field)


def test_ten_million_plan_missing(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "BEAM")
    (root / "chats" / "10M" / "1" / "plan-1" / "chat.json").unlink()
    with pytest.raises(DatasetError, match=r"BEAM conversation 10M/1: no chat.json in plan-1"):
        benchmark.resolve("beam", str(root), {"beam_size": "10M"})


@pytest.mark.slow
@pytest.mark.usefixtures("wired_core")
@pytest.mark.parametrize(
    ("change", "where", "field"),
    [
        (_del(("information_extraction", 0, "rubric")), "probing", "rubric: missing"),
        (_set(("memory_magic",), []), "probing", "memory_magic: unknown ability"),
        (_set((0, "turns", 0, 0, "id"), None), "chat", "[0].turns[0][0].id: missing"),
    ],
)
def test_the_command_line_exits_2_with_one_line(
    tmp_path: Path, change: Callable[[Any], None], where: str, field: str
) -> None:
    root = write_checkout(tmp_path / "BEAM")
    name = "chat.json" if where == "chat" else "probing_questions/probing_questions.json"
    _edit(root / CONV / name, change)
    done = cli(
        "run", "--data", f"beam:{root}", "--beam-size", "100K", "--adapter", "builtin:null",
        "--output", str(tmp_path / "run"), cache=tmp_path / "user-cache",
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert str(root / CONV / name) in lines[0] and "BEAM conversation 100K/1" in lines[0]
    assert field in lines[0]
