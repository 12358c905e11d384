"""Reading runs back: result.json (ours and the reference's), progress.jsonl, run directories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from recallbench._convert import to_json
from recallbench.cli import main
from recallbench.errors import DatasetError
from recallbench.results.reading import read_run


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("run")
    code = main(
        [
            "run",
            "--personas",
            "executive-assistant",
            "--ranges",
            "30d,90d",
            "--sample",
            "8",
            "--json-out",
            str(out / "result.json"),
        ]
    )
    assert code == 0
    return out


def test_result_json_round_trips(run_dir: Path) -> None:
    loaded = read_run(run_dir / "result.json")
    assert to_json(loaded.result) == json.loads((run_dir / "result.json").read_text())
    assert not loaded.interim
    # The question log's details (retrieval entries…) are keyed by persona, checkpoint and question.
    answered = {
        (p.persona_id, r.range.label, q.qa.id)
        for p in loaded.result.personas
        for r in p.range_results
        for q in r.question_results
    }
    assert answered and set(loaded.details) == answered
    assert all("retrieval" in d for d in loaded.details.values())


def test_a_directory_reads_its_result(run_dir: Path) -> None:
    assert read_run(run_dir).source == run_dir / "result.json"


def test_progress_rebuilds_the_checkpoints_and_answers(run_dir: Path) -> None:
    full = read_run(run_dir / "result.json").result
    rebuilt = read_run(run_dir / "progress.jsonl")
    assert not rebuilt.interim and rebuilt.checkpoints_done == rebuilt.checkpoints_total == 2
    for a, b in zip(
        full.personas[0].range_results, rebuilt.result.personas[0].range_results, strict=True
    ):
        assert (a.range, a.overall_score, a.hallucination_rate) == (
            b.range,
            b.overall_score,
            b.hallucination_rate,
        )
        assert [q.qa.id for q in a.question_results] == [q.qa.id for q in b.question_results]
        assert [q.score for q in a.question_results] == [q.score for q in b.question_results]
    assert [(c.range, c.category, c.question_count) for c in full.heatmap] == [
        (c.range, c.category, c.question_count) for c in rebuilt.result.heatmap
    ]


def test_a_killed_run_is_interim_and_keeps_what_it_logged(run_dir: Path, tmp_path: Path) -> None:
    lines = (run_dir / "progress.jsonl").read_text().splitlines()
    kept = [line for line in lines if json.loads(line)["type"] != "summary"][:-1]
    # A kill tore the last line in half.
    (tmp_path / "progress.jsonl").write_text("\n".join(kept) + "\n" + lines[-2][:40])
    loaded = read_run(tmp_path / "progress.jsonl")
    assert loaded.interim
    assert loaded.checkpoints_done == 1 and loaded.checkpoints_total == 2
    assert loaded.interim_note == "INTERIM — 1/2 checkpoints"
    assert loaded.result.metadata.duration_ms is None


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("result.json", "{", r"result\.json:1: not valid JSON"),
        ("result.json", "[]", "not a result.json"),
        ("result.json", '{"personas": [{"personaId": 3}]}', r"result\.json: .*"),
        (
            "progress.jsonl",
            '{"type": "header"}\nnot json\n{"type": "summary"}\n',
            r"progress\.jsonl:2",
        ),
        ("progress.jsonl", '{"type": "other"}\n', "not a progress.jsonl"),
        (
            "progress.jsonl",
            '{"type": "checkpoint", "range": {"label": "6d", "days": 6}}\n',
            "needs personaId",
        ),
    ],
)
def test_bad_files_are_named(tmp_path: Path, name: str, text: str, message: str) -> None:
    (tmp_path / name).write_text(text)
    with pytest.raises(DatasetError, match=message):
        read_run(tmp_path / name)


def test_missing_paths_are_named(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no such file"):
        read_run(tmp_path / "nope.json")
    with pytest.raises(DatasetError, match=r"no result\.json or progress\.jsonl"):
        read_run(tmp_path)


def test_the_reference_runs_read(reference_data: Path) -> None:
    runs = reference_data / "bench-results"
    full = read_run(runs / "ea-180d-recall-baseline" / "result.json")
    assert full.result.metadata.judge_model == "azure:gpt-5.4-mini"
    assert len(full.result.ranges) == 30
    answers = sum(len(r.question_results) for r in full.result.personas[0].range_results)
    assert answers == full.result.metadata.total_evals_run
    progress = read_run(runs / "ea-180d-recall-baseline" / "progress.jsonl")
    assert not progress.interim
    assert [r.overall_score for r in progress.result.personas[0].range_results] == [
        r.overall_score for r in full.result.personas[0].range_results
    ]
    partial = read_run(runs / "ea-60d-recall-rerank-off" / "progress.jsonl")
    assert partial.interim and partial.interim_note == "INTERIM — 1/10 checkpoints"
    rebuilt = read_run(runs / "ea-60d-recall-rerank-off" / "result.json")
    assert rebuilt.interim and rebuilt.interim_note == "INTERIM — 1/10 checkpoints"
