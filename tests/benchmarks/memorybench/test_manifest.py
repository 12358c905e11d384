"""MemoryBench manifests read as datasets: every strategy, flatten, dynamic keys, JSON and JSONL."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from _manifests import CONVERSATIONS, DELETIONS, LOCOMO_LIKE, sessions, simple, write_benchmark

from recallbench.benchmarks.memorybench.dataset import (
    ManifestDataset,
    read_benchmark,
    validate_manifests,
)
from recallbench.benchmarks.memorybench.units import category_of
from recallbench.data.dataset import DirectoryDataset
from recallbench.data.ranges import DEFAULT_RANGES, default_ranges_of
from recallbench.errors import DatasetError
from recallbench.family import open_dataset
from recallbench.testing import write_persona


def test_simple_jsonl_one_unit_per_case(tmp_path: Path) -> None:
    ds = open_dataset(simple(tmp_path / "b"))
    assert isinstance(ds, ManifestDataset)
    assert ds.persona_ids() == ["c1", "c2"]
    unit = ds.load("c2")
    assert [d.content for d in unit.days] == ["Miso the cat sleeps on the red sofa."]
    (pair,) = unit.qa
    assert (pair.id, pair.question, pair.answer) == (
        "c2",
        "Where does Miso sleep?",
        "on the red sofa",
    )
    assert pair.category == "factual-recall"
    assert pair.relevant_days == (1,)
    assert pair.extra["retrievalLimit"] == 5
    assert unit.definition.persona.id == "c2"
    assert ds.default_ranges == default_ranges_of(ds) != DEFAULT_RANGES
    manifest = ds.manifest_of("c1")
    assert (manifest.name, manifest.version, manifest.source) == (
        "tiny",
        "1.0.0",
        "https://example.org/tiny",
    )
    assert manifest.evaluation.protocol == "exact-match"
    assert manifest.evaluation.options == {"case_sensitive": False}
    assert manifest.metrics == ("correctness", "retrieval_recall")


def test_simple_json_array_is_array_and_metadata(tmp_path: Path) -> None:
    cases = [
        {
            "id": "x",
            "notes": ["Alpha fact.", "Beta fact."],
            "src": "wiki",
            "question": "Q?",
            "answer": "A",
        }
    ]
    folder = write_benchmark(
        tmp_path / "b",
        cases,
        ingestion={
            "strategy": "simple",
            "content_field": "notes",
            "is_array": True,
            "metadata_fields": ["src"],
        },
        data_file="cases.json",
    )
    unit = ManifestDataset(folder).load("x")
    assert [d.number for d in unit.days] == [1, 2]
    assert unit.days[0].content == '---\nsrc: "wiki"\n---\nAlpha fact.'
    assert [d.date for d in unit.days] == ["2024-01-01", "2024-01-02"]
    assert unit.qa[0].relevant_days == (1, 2)


def test_identical_contexts_share_a_unit(tmp_path: Path) -> None:
    cases = [
        {"id": "a", "content": "Shared text.", "question": "Q1?", "answer": "1"},
        {"id": "b", "content": "Shared text.", "question": "Q2?", "answer": "2"},
        {"id": "c", "content": "Own text.", "question": "Q3?", "answer": "3"},
    ]
    folder = write_benchmark(
        tmp_path / "b", cases, ingestion={"strategy": "simple", "content_field": "content"}
    )
    ds = ManifestDataset(folder)
    assert ds.persona_ids() == ["a", "c"]
    assert [q.id for q in ds.load("a").qa] == ["a", "b"]


def test_sessions_array_in_date_order_with_evidence(tmp_path: Path) -> None:
    ds = ManifestDataset(sessions(tmp_path / "lme"))
    assert ds.persona_ids() == ["q1", "q2"]
    unit = ds.load("q1")
    # Sessions are days in date order: s-a (May 1), s-b (May 20), s-c (June 2).
    assert [list(d.sessions) for d in unit.days] == [["s-a"], ["s-b"], ["s-c"]]
    assert [d.date for d in unit.days] == ["2023-05-01", "2023-05-20", "2023-06-02"]
    assert unit.days[0].content.startswith(
        "# session: s-a\ndate: 2023/05/01 (Mon) 09:00\n\nuser: My sister Ana"
    )
    assert "user: I moved to Lisbon last week.\nassistant: Welcome!" in unit.days[1].content
    (pair,) = unit.qa
    assert pair.relevant_days == (1,)
    assert pair.category == "temporal-reasoning"
    assert pair.extra["questionType"] == "temporal-reasoning"
    assert pair.extra["evidence"] == ["s-a"]
    other = ds.load("q2").qa[0]
    assert other.category == "factual-recall"
    assert other.extra["questionType"] == "single-session-user"


@pytest.mark.parametrize(("mode", "sessions_in_q1"), [("full", 3), ("lazy", 1), ("shared", 3)])
def test_session_modes(tmp_path: Path, mode: str, sessions_in_q1: int) -> None:
    ds = ManifestDataset(sessions(tmp_path / mode, ingestion={"mode": mode}))
    unit = ds.load("q1")
    assert len(unit.days) == sessions_in_q1
    assert unit.qa[0].relevant_days == (1,) if mode != "full" else (1,)
    if mode == "lazy":
        assert list(unit.days[0].sessions) == ["s-a"]


def test_dynamic_keys_flatten_and_dialog_refs(tmp_path: Path) -> None:
    folder = write_benchmark(
        tmp_path / "locomo",
        LOCOMO_LIKE,
        ingestion={
            "strategy": "session-based",
            "sessions_field": "conversation",
            "sessions_format": "dynamic_keys",
            "evidence_field": "evidence",
            "evidence_parser": "dialog_refs",
        },
        data_file="locomo.json",
        flatten={
            "field": "qa",
            "max_items": 3,
            "promote_fields": ["question", "answer", "category", "evidence"],
        },
        evaluation={"protocol": "llm-as-judge", "type_field": "category"},
    )
    ds = ManifestDataset(folder)
    assert ds.persona_ids() == ["conv-9"]  # the flattened cases share their conversation
    unit = ds.load("conv-9")
    assert [list(d.sessions) for d in unit.days] == [
        ["D1"],
        ["D2"],
        ["D10"],
    ]  # session_10 after session_2
    assert [d.date for d in unit.days] == ["2023-05-08", "2023-05-12", "2023-06-01"]
    assert "Rui: I started pottery classes.\nLena: Nice!" in unit.days[0].content
    assert [q.id for q in unit.qa] == ["conv-9_0", "conv-9_1", "conv-9_2"]
    puppy, pottery, recital = unit.qa
    assert puppy.relevant_days == (2,)
    assert puppy.category == "factual-recall"
    assert "noise" not in puppy.extra  # not promoted
    assert pottery.relevant_days == (1, 3)  # "D1:1; D10:1"
    assert pottery.extra["evidence"] == ["D1:1; D10:1"]
    assert pottery.extra["evidenceSessions"] == ["D1", "D10"]
    assert recital.relevant_days == (1, 2, 3)  # no evidence: every day of the unit


def test_flatten_max_items_and_all_fields_promoted(tmp_path: Path) -> None:
    data = [
        {
            "id": "1",
            "context": "Ctx.",
            "qa_pairs": [
                {"question": f"Q{n}?", "answer": f"A{n}", "difficulty": "hard"} for n in range(4)
            ],
        }
    ]
    folder = write_benchmark(
        tmp_path / "b",
        data,
        ingestion={"strategy": "simple", "content_field": "context"},
        flatten={"field": "qa_pairs", "max_items": 2},
    )
    unit = ManifestDataset(folder).load("1")
    assert [(q.id, q.question, q.answer, q.difficulty) for q in unit.qa] == [
        ("1_0", "Q0?", "A0", "hard"),
        ("1_1", "Q1?", "A1", "hard"),
    ]


def test_add_delete_verify_cases(tmp_path: Path) -> None:
    folder = write_benchmark(
        tmp_path / "adv",
        DELETIONS,
        ingestion={
            "strategy": "add-delete-verify",
            "add_content_field": "content",
            "delete_target_field": "delete_id",
            "verify_query_field": "verify_query",
            "phase_delay_ms": 100,
        },
        query={"retrieval_limit": 3},
        evaluation={
            "protocol": "deletion-check",
            "verification_query_field": "verify_query",
            "deleted_content_field": "deleted",
        },
        required_capabilities=["add_memory", "retrieve_memory", "delete_memory"],
    )
    ds = ManifestDataset(folder)
    (case,) = ds.deletion_cases("d1")
    assert case.add_content == ("My locker code is 4417.", "My bike is blue.")
    assert (case.delete_target, case.verify_query, case.phase_delay_ms) == (
        "My locker code is 4417.",
        "What is my locker code?",
        100,
    )
    (pair,) = ds.load("d1").qa
    assert pair.question == "What is my locker code?"
    assert pair.extra["deleteTarget"] == "My locker code is 4417."
    assert pair.extra["deleteMemoryId"] == "day-0001"
    assert pair.extra["deletedContent"] == "4417"
    assert pair.relevant_days == (1, 2)


def test_a_folder_of_benchmarks(tmp_path: Path) -> None:
    simple(tmp_path / "all" / "one")
    sessions(tmp_path / "all" / "two")
    (tmp_path / "all" / "notes").mkdir()  # no manifest: not a benchmark
    ds = open_dataset(tmp_path / "all")
    assert isinstance(ds, ManifestDataset)
    assert ds.persona_ids() == ["one/c1", "one/c2", "two/q1", "two/q2"]
    assert ds.load("two/q2").id == "two/q2"
    with pytest.raises(DatasetError, match="no unit 'two/q9'"):
        ds.load("two/q9")


def test_persona_directories_stay_as_they_are(tmp_path: Path) -> None:
    write_persona(tmp_path / "personas", days=3, suffix="3d")
    ds = open_dataset(tmp_path / "personas", "arcs-3d.yaml")
    assert isinstance(ds, DirectoryDataset)
    assert default_ranges_of(ds) == DEFAULT_RANGES


def test_a_benchmark_with_an_error_is_refused_on_load(tmp_path: Path) -> None:
    folder = simple(
        tmp_path / "b", query={"question_field": "prompt", "expected_answer_field": "answer"}
    )
    with pytest.raises(
        DatasetError, match="question field 'prompt' is absent from all 2 cases"
    ) as info:
        ManifestDataset(folder).persona_ids()
    assert info.value.path == folder / "data.jsonl"
    assert info.value.line == 1


def test_pickled_without_what_it_read(tmp_path: Path) -> None:
    ds = ManifestDataset(simple(tmp_path / "b"))
    ds.persona_ids()
    copy = pickle.loads(pickle.dumps(ds))
    assert copy.persona_ids() == ["c1", "c2"]


def test_category_of() -> None:
    assert category_of("Temporal_Reasoning") == "temporal-reasoning"
    assert category_of("negative recall") == "negative-recall"
    assert category_of("knowledge-update") == "factual-recall"
    assert category_of(3) == "factual-recall"


def test_every_case_read_once(tmp_path: Path) -> None:
    b = read_benchmark(sessions(tmp_path / "b"))
    assert not b.errors
    assert sum(len(u.qa) for u in b.units) == len(CONVERSATIONS)


@pytest.mark.parametrize(
    ("target", "memory_id"),
    [
        ("2", "day-0002"),
        ("day-0002", "day-0002"),
        ("My bike is blue.", "day-0002"),
        (1, "day-0001"),
    ],
)
def test_a_delete_target_names_an_added_item(
    tmp_path: Path, target: object, memory_id: str
) -> None:
    case = {**DELETIONS[0], "delete_id": target}
    folder = write_benchmark(
        tmp_path / "adv",
        [case],
        ingestion={
            "strategy": "add-delete-verify",
            "add_content_field": "content",
            "delete_target_field": "delete_id",
            "verify_query_field": "verify_query",
        },
        evaluation={"protocol": "deletion-check", "deleted_content_field": "deleted"},
        required_capabilities=["add_memory", "retrieve_memory", "delete_memory"],
    )
    (pair,) = ManifestDataset(folder).load("d1").qa
    assert pair.extra["deleteMemoryId"] == memory_id


def test_a_delete_target_naming_nothing_is_a_problem(tmp_path: Path) -> None:
    case = {**DELETIONS[0], "delete_id": "m-9"}
    folder = write_benchmark(
        tmp_path / "adv",
        [case],
        ingestion={
            "strategy": "add-delete-verify",
            "add_content_field": "content",
            "delete_target_field": "delete_id",
            "verify_query_field": "verify_query",
        },
        evaluation={"protocol": "deletion-check", "deleted_content_field": "deleted"},
        required_capabilities=["add_memory", "retrieve_memory", "delete_memory"],
    )
    (problem,) = [p for p in validate_manifests(folder) if p.severity == "error"]
    assert "delete target 'm-9' names none of the 2 item(s) added" in problem.message
    assert problem.line == 1  # the case's line in data.jsonl
