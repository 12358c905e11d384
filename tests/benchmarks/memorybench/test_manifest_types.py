"""Issue 33.4: a manifest's question types read whatever their JSON type, the llm-as-judge protocol
finding its per-type instructions, the metrics table grouped by the benchmark's own types, and
``--data`` taking a manifest file as well as its folder, with errors that name the manifest."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from _manifests import simple, write_benchmark

import recallbench as rb
from recallbench.benchmarks.memorybench.dataset import ManifestDataset, validate_manifests
from recallbench.benchmarks.memorybench.judge import manifest_judge
from recallbench.data.qa import question_type_key
from recallbench.errors import DatasetError
from recallbench.family import resolve_data
from recallbench.testing import ScriptedAdapter, ScriptedModel

ROOT = Path(__file__).resolve().parents[3]

# A MemoryBench fork's LoCoMo manifest: the category is a number, the instructions keyed "1".."5".
INSTRUCTIONS = {str(n): f"GRADE-RULE-{n}: the rule of category {n}." for n in range(1, 6)}
CONVERSATION = {
    "sample_id": "conv-1",
    "conversation": {
        "speaker_a": "Rui",
        "speaker_b": "Lena",
        "session_1": [
            {"speaker": "Rui", "dia_id": "D1:1", "text": "I started pottery classes."},
            {"speaker": "Lena", "dia_id": "D1:2", "text": "Nice!"},
        ],
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_2": [{"speaker": "Lena", "dia_id": "D2:1", "text": "The recital is on Friday."}],
        "session_2_date_time": "9:00 am on 1 June, 2023",
    },
}
QUESTIONS = [
    ("What class did Rui start?", "pottery", 4, ["D1:1"]),
    ("When is the recital?", "Friday", 2, ["D2:1"]),
    ("What did Lena say about pottery?", "Nice", 4, ["D1:2"]),
    ("What does Rui think of the recital?", "unknown", 1, ["D1:1", "D2:1"]),
]


def _locomo_fork(folder: Path, types: list[Any] | None = None) -> Path:
    cases = [
        {
            **CONVERSATION,
            "sample_id": f"conv-1-{i}",
            "question": q,
            "answer": a,
            "category": t if types is None else types[i],
            "evidence": e,
        }
        for i, (q, a, t, e) in enumerate(QUESTIONS)
    ]
    write_benchmark(
        folder,
        cases,
        ingestion={
            "strategy": "session-based",
            "sessions_field": "conversation",
            "sessions_format": "dynamic_keys",
            "evidence_field": "evidence",
            "evidence_parser": "dialog_refs",
        },
        data_file="data.json",
        name="locomo-fork",
        evaluation={
            "protocol": "llm-as-judge",
            "type_field": "category",
            "type_instructions_file": "type_instructions.json",
        },
        metrics=["correctness", "faithfulness", "retrieval_recall"],
    )
    (folder / "type_instructions.json").write_text(json.dumps(INSTRUCTIONS), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("value", "key"),
    [
        (4, "4"),
        (4.0, "4"),
        ("4", "4"),
        (" single-hop ", "single-hop"),
        (2.5, "2.5"),
        (True, None),
        (None, None),
        ("", None),
        ([1], None),
    ],
)
def test_question_type_key(value: Any, key: str | None) -> None:
    assert question_type_key(value) == key


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_integer_types_find_their_instructions_and_rows(tmp_path: Path) -> None:
    folder = _locomo_fork(tmp_path / "locomo-fork")
    assert validate_manifests(folder) == []  # every type has its instructions: nothing to say
    dataset = ManifestDataset(folder / "manifest.json")  # the manifest file names its folder
    model = ScriptedModel('{"score": 1.0, "faithfulness": 1.0, "reasoning": "ok"}')
    judge = manifest_judge(dataset, model)
    answers = {q: a for q, a, _, _ in QUESTIONS}
    result = await rb.Harness(ScriptedAdapter(answer=answers), dataset, judge=judge).run()
    assert len(model.calls) == len(QUESTIONS)
    prompts = {c.user_message.split("QUESTION:")[-1]: c.user_message for c in model.calls}
    for question, _, qtype, _ in QUESTIONS:
        (prompt,) = [p for tail, p in prompts.items() if question in tail]
        assert f"QUESTION TYPE: {qtype}\n" in prompt
        assert INSTRUCTIONS[str(qtype)] in prompt
        assert "(none)" not in prompt
    rows = [
        (r["benchmark"], r.get("questionType"), r["questionCount"])
        for r in result.benchmark_metrics
    ]
    assert rows == [
        ("locomo-fork", None, 4),
        ("locomo-fork", "1", 1),
        ("locomo-fork", "2", 1),
        ("locomo-fork", "4", 2),
    ]


def test_types_without_instructions_are_one_warning(tmp_path: Path) -> None:
    folder = _locomo_fork(tmp_path / "b", types=[4, 7, "7", True])
    problems = validate_manifests(folder)
    assert [p.severity for p in problems] == ["warning", "warning"]
    text = {p.path.name: p.message for p in problems}
    # 7 and "7" are one type, named once; true is no type at all.
    assert "no instructions for question type(s) '7' (2 case(s))" in text["manifest.json"]
    assert "its types are '1', '2', '3', '4', '5'" in text["manifest.json"]
    assert "question type true is not a type" in text["data.json"]


def test_data_folder_of_a_manifest_and_its_errors(tmp_path: Path) -> None:
    folder = simple(tmp_path / "bench")
    assert resolve_data(folder / "manifest.json") == folder
    assert resolve_data(folder) == folder
    with pytest.raises(DatasetError, match=r"data\.jsonl: --data takes a folder, not this file"):
        resolve_data(folder / "data.jsonl")
    with pytest.raises(DatasetError, match=r"manifest is not there \(no such folder\)"):
        resolve_data(tmp_path / "elsewhere" / "manifest.json")


def _cli(*args: str, cwd: Path) -> tuple[int, str, str]:
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "recallbench", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def test_cli_takes_a_manifest_file(tmp_path: Path) -> None:
    manifest = simple(tmp_path / "bench") / "manifest.json"
    code, out, err = _cli("validate", "--data", str(manifest), cwd=tmp_path)
    assert code == 0, err
    assert f"OK: {manifest.parent} is a valid MemoryBench benchmark folder" in out
    code, out, err = _cli("plan", "--data", str(manifest), cwd=tmp_path)
    assert code == 0, err
    assert "2 questions" in out
    run = tmp_path / "run"
    code, out, err = _cli(
        "run", "--data", str(manifest), "--output", str(run), "--no-judge-cache", cwd=tmp_path
    )
    assert code == 0, err
    result = json.loads((run / "result.json").read_text(encoding="utf-8"))
    assert [r.get("questionType") for r in result["benchmarkMetrics"]] == [None, "factual-recall"]


def test_cli_errors_name_the_manifest(tmp_path: Path) -> None:
    bench = simple(tmp_path / "bench")
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / "data.json").write_text("[]", encoding="utf-8")
    cases = [
        (
            ["validate", "--data", str(stray)],
            f"{stray}: error: no persona directories (sub-folders with persona.yaml) and no "
            f"MemoryBench manifest (looked for {stray / 'manifest.json'} and "
            f"{stray / '*' / 'manifest.json'}); found data.json but no manifest.json beside it",
        ),
        (
            ["run", "--data", str(stray), "--output", str(tmp_path / "x")],
            f"no MemoryBench manifest (looked for {stray / 'manifest.json'}",
        ),
        (
            ["validate", "--data", str(bench / "data.jsonl")],
            f"recallbench: {bench / 'data.jsonl'}: --data takes a folder, not this file: a "
            "folder of persona directories, or another benchmark's data as NAME:PATH "
            "('recallbench list benchmarks' names them)",
        ),
        (
            ["plan", "--data", str(tmp_path / "gone" / "manifest.json")],
            f"recallbench: {tmp_path / 'gone' / 'manifest.json'}: the MemoryBench manifest is "
            "not there (no such folder)",
        ),
    ]
    for args, expected in cases:
        code, out, err = _cli(*args, cwd=tmp_path)
        assert code == 2, (args, out, err)
        assert expected in out + err, (args, out, err)
        assert "Traceback" not in err
