"""Small MemoryBench benchmarks written by the tests themselves (no data from elsewhere)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

BASE: dict[str, Any] = {
    "manifest_version": "1",
    "name": "tiny",
    "version": "1.0.0",
    "description": "A benchmark written by the tests",
    "source": "https://example.org/tiny",
    "query": {
        "question_field": "question",
        "expected_answer_field": "answer",
        "retrieval_limit": 5,
    },
    "evaluation": {"protocol": "exact-match", "case_sensitive": False},
    "metrics": ["correctness", "retrieval_recall"],
    "required_capabilities": ["add_memory", "retrieve_memory"],
}

SIMPLE_CASES = [
    {
        "id": "c1",
        "content": "The harbour bell rings at noon.",
        "question": "When does the harbour bell ring?",
        "answer": "at noon",
        "src": "a",
    },
    {
        "id": "c2",
        "content": "Miso the cat sleeps on the red sofa.",
        "question": "Where does Miso sleep?",
        "answer": "on the red sofa",
        "src": "b",
    },
]

CONVERSATIONS = [
    {
        "question_id": "q1",
        "question_type": "temporal-reasoning",
        "haystack_sessions": [
            [
                {"role": "user", "content": "I moved to Lisbon last week."},
                {"role": "assistant", "content": "Welcome!"},
            ],
            [{"role": "user", "content": "My sister Ana visits in June."}],
            [{"role": "user", "content": "I bought a green bicycle."}],
        ],
        "haystack_session_ids": ["s-b", "s-a", "s-c"],
        "haystack_dates": [
            "2023/05/20 (Sat) 10:00",
            "2023/05/01 (Mon) 09:00",
            "2023/06/02 (Fri) 12:00",
        ],
        "answer_session_ids": ["s-a"],
        "question": "Who visits in June?",
        "answer": "Ana",
    },
    {
        "question_id": "q2",
        "question_type": "single-session-user",
        "haystack_sessions": [[{"role": "user", "content": "I play the oboe on Sundays."}]],
        "haystack_session_ids": ["s-x"],
        "haystack_dates": ["2023-07-01"],
        "answer_session_ids": ["s-x"],
        "question": "What instrument do I play?",
        "answer": "the oboe",
    },
]

LOCOMO_LIKE = [
    {
        "sample_id": "conv-9",
        "conversation": {
            "speaker_a": "Rui",
            "speaker_b": "Lena",
            "session_2": [
                {"speaker": "Rui", "dia_id": "D2:1", "text": "We named the puppy Biscuit."}
            ],
            "session_2_date_time": "3:10 pm on 12 May, 2023",
            "session_10": [
                {"speaker": "Lena", "dia_id": "D10:1", "text": "The recital is on Friday."}
            ],
            "session_10_date_time": "9:00 am on 1 June, 2023",
            "session_1": [
                {"speaker": "Rui", "dia_id": "D1:1", "text": "I started pottery classes."},
                {"speaker": "Lena", "dia_id": "D1:2", "text": "Nice!"},
            ],
            "session_1_date_time": "1:56 pm on 8 May, 2023",
        },
        "qa": [
            {
                "question": "What is the puppy called?",
                "answer": "Biscuit",
                "category": "factual_recall",
                "evidence": ["D2:1"],
                "noise": 1,
            },
            {
                "question": "What class did Rui start?",
                "answer": "pottery",
                "category": 4,
                "evidence": ["D1:1; D10:1"],
            },
            {
                "question": "When is the recital?",
                "answer": "Friday",
                "category": "temporal",
                "evidence": [],
            },
        ],
    }
]

DELETIONS = [
    {
        "id": "d1",
        "content": ["My locker code is 4417.", "My bike is blue."],
        "delete_id": "My locker code is 4417.",
        "verify_query": "What is my locker code?",
        "deleted": "4417",
    },
]


def write_benchmark(
    folder: Path,
    cases: list[dict[str, Any]],
    *,
    ingestion: dict[str, Any],
    data_file: str = "data.jsonl",
    **overrides: Any,
) -> Path:
    """``folder/manifest.json`` (pretty-printed, two-space indent) and its data file (JSONL one
    case a line, or a pretty JSON array for ``.json``)."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = {**BASE, "data_file": data_file, "ingestion": ingestion, **overrides}
    manifest = {k: v for k, v in manifest.items() if v is not None}
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    path = folder / data_file
    if data_file.endswith(".jsonl"):
        path.write_text("".join(json.dumps(c) + "\n" for c in cases), encoding="utf-8")
    else:
        path.write_text(json.dumps(cases, indent=2) + "\n", encoding="utf-8")
    return folder


def simple(folder: Path, **kw: Any) -> Path:
    return write_benchmark(
        folder, SIMPLE_CASES, ingestion={"strategy": "simple", "content_field": "content"}, **kw
    )


def sessions(folder: Path, **kw: Any) -> Path:
    ingestion = {
        "strategy": "session-based",
        "sessions_field": "haystack_sessions",
        "session_ids_field": "haystack_session_ids",
        "dates_field": "haystack_dates",
        "answer_session_ids_field": "answer_session_ids",
        "mode": "full",
        "content_formatter": "conversation",
    }
    kw.setdefault("evaluation", {"protocol": "llm-as-judge", "type_field": "question_type"})
    return write_benchmark(
        folder,
        CONVERSATIONS,
        ingestion={**ingestion, **kw.pop("ingestion", {})},
        data_file=kw.pop("data_file", "data.json"),
        **kw,
    )


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first occurrence of ``text`` in ``path``."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if text in line:
            return n
    raise AssertionError(f"{text!r} not in {path}")
