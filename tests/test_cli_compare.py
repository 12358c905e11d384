"""``recallbench compare``: real run directories made by the harness CLI, progress files, bad input
and the reference's two committed runs."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from recallbench.cli import main
from recallbench.data import CATEGORIES
from recallbench.data.dataset import shipped_personas_dir

# The module's two real runs (``runs``) are made once: on one xdist worker, not on each.
pytestmark = pytest.mark.xdist_group("cli-compare")


def compare(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> str:
    """``recallbench compare ARGV…``: its standard output (it must exit 0)."""
    code = main(["compare", *map(str, argv)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return captured.out


def compare_json(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> Any:
    return json.loads(compare(capsys, *argv, "--json"))


def harness_run(out: Path, adapter: str) -> Path:
    """A real run of the harness CLI, in process (``compare`` is what this file tests); what it
    prints is kept apart from the output of the test that first asks for ``runs``."""
    argv = ["run", "--adapter", adapter, "--judge", "rubric"]
    argv += ["--data", str(shipped_personas_dir())]
    # (its first 60 days have negative-recall questions the recency baseline fabricates on: the
    # canaries this file checks; the executive assistant's no longer do)
    argv += ["--personas", "backend-eng-saas", "--ranges", "30d,60d"]
    argv += ["--json-out", str(out / "result.json"), "--no-heatmap-png"]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        code = main(argv)
    assert code == 0, printed.getvalue()[-3000:]
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two real runs over the same questions: bm25 (A) and recency (B), judged by the rubric."""
    root = tmp_path_factory.mktemp("runs")
    return harness_run(root / "bm25", "builtin:bm25"), harness_run(
        root / "recency", "builtin:recency"
    )


def raw_answers(result_json: Path) -> dict[tuple[str, str, str], dict[str, Any]]:
    data = json.loads(result_json.read_text(encoding="utf-8"))
    return {
        (p["personaId"], rr["range"]["label"], qr["qa"]["id"]): qr
        for p in data["personas"]
        for rr in p["rangeResults"]
        for qr in rr["questionResults"]
    }


def test_text_compares_two_run_directories(
    runs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = runs
    text = compare(capsys, a, b, "--resamples", "2000")
    lines = text.splitlines()
    assert lines[0] == "Recall Bench comparison — every delta is B − A"
    assert lines[1] == f"  A  {a / 'result.json'}"
    assert "builtin:bm25 · judge rubric · 1 persona · 2 checkpoints" in lines[2]
    assert "builtin:recency" in lines[4]
    assert not any(line.startswith("WARNING") for line in lines)  # same judge, ranges, questions
    overall = next(line for line in lines if line.startswith("  B − A: "))
    shared = raw_answers(a / "result.json").keys() & raw_answers(b / "result.json").keys()
    assert overall.endswith(
        f"over {len(shared):,} paired answers (paired bootstrap 95%, 2,000 resamples)"
    )
    for heading in ("By category", "By checkpoint", "Canary questions"):
        assert any(line.startswith(heading) for line in lines)
    assert "    30d     60d" in text


def test_json_numbers_match_the_result_files(
    runs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = runs
    data = compare_json(capsys, a, b, "--resamples", "500", "--seed", "3")
    qa_a, qa_b = raw_answers(a / "result.json"), raw_answers(b / "result.json")
    shared = sorted(qa_a.keys() & qa_b.keys())
    diffs = [qa_b[k]["compositeScore"] - qa_a[k]["compositeScore"] for k in shared]
    paired = data["overall"]["paired"]
    assert paired["count"] == len(shared)
    assert paired["delta"] == pytest.approx(sum(diffs) / len(diffs))
    assert paired["interval"]["low"] <= paired["delta"] <= paired["interval"]["high"]
    assert data["a"]["source"] == str(a / "result.json") and data["a"]["interim"] is False
    assert data["a"]["adapterName"] == "builtin:bm25"
    assert [c["category"] for c in data["categories"]] == [
        c for c in CATEGORIES if c in {x["category"] for x in data["categories"]}
    ]
    assert [c["label"] for c in data["checkpoints"]] == ["30d", "60d"]

    # canaries, recomputed from the files: hallucinated anywhere in one run only
    def bad(answers: dict[tuple[str, str, str], dict[str, Any]]) -> set[str]:
        return {k[2] for k, qr in answers.items() if qr["score"]["hallucination"] == 0}

    assert {q["qaId"] for q in data["canaries"]["bOnly"]} == bad(qa_b) - bad(qa_a)
    assert {q["qaId"] for q in data["canaries"]["aOnly"]} == bad(qa_a) - bad(qa_b)
    assert {q["qaId"] for q in data["canaries"]["both"]} == bad(qa_a) & bad(qa_b)
    assert data["canaries"]["bOnly"], "recency fabricates on some negative-recall question"
    again = compare_json(capsys, a, b, "--resamples", "500", "--seed", "3")
    assert again == data


def test_a_progress_file_with_its_question_log_compares_like_the_result(
    runs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = runs
    from_result = compare_json(capsys, a, b / "result.json", "--resamples", "300")
    from_progress = compare_json(capsys, a, b / "progress.jsonl", "--resamples", "300")
    assert from_progress["b"]["source"].endswith("progress.jsonl")
    assert from_progress["overall"]["paired"] == from_result["overall"]["paired"]
    assert from_progress["canaries"] == from_result["canaries"]
    assert from_progress["overall"]["scoreB"] == pytest.approx(from_result["overall"]["scoreB"])


def test_a_bare_progress_file_has_no_pairs_or_canaries(
    runs: tuple[Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a, b = runs
    bare = tmp_path / "bare"
    bare.mkdir()
    shutil.copy(b / "progress.jsonl", bare / "progress.jsonl")
    text = compare(capsys, a, bare, "--resamples", "100")
    assert f"  B  {bare / 'progress.jsonl'}" in text
    assert "B − A (paired): unavailable — B has no per-question answers" in text
    assert "paired answers" not in text
    data = compare_json(capsys, a / "result.json", bare / "progress.jsonl")
    assert data["overall"]["paired"] is None and data["canaries"] is None
    full = compare_json(capsys, a, b)
    assert data["overall"]["scoreB"] == pytest.approx(full["overall"]["scoreB"])
    assert data["overall"]["hallucinationRateB"] == pytest.approx(
        full["overall"]["hallucinationRateB"]
    )


def test_an_unfinished_run_is_named_interim(
    runs: tuple[Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a, b = runs
    lines = (b / "progress.jsonl").read_text(encoding="utf-8").splitlines()
    partial = tmp_path / "progress.jsonl"
    partial.write_text(
        "\n".join(line for line in lines if '"type":"summary"' not in line) + "\n", encoding="utf-8"
    )
    text = compare(capsys, a, partial, "--resamples", "100")
    assert f"  B  {partial} (INTERIM — 2/2 checkpoints)" in text
    assert compare_json(capsys, a, partial)["b"]["interim"] is True


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("missing", None, "no such file (expected a result.json, progress.jsonl or run directory)"),
        ("empty-dir", "", "no result.json or progress.jsonl in this directory"),
        ("result.json", "{not json", "not valid JSON"),
        ("result.json", '{"personas": 3}', "not a result.json"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_file(
    runs: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    content: str | None,
    expected: str,
) -> None:
    bad = tmp_path / name
    if content == "":
        bad.mkdir()
    elif content is not None:
        bad.write_text(content, encoding="utf-8")
    assert main(["compare", str(runs[0]), str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"recallbench compare: error: {bad}")
    assert captured.err.count("\n") == 1 and expected in captured.err


def test_bad_flags_are_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["compare", "a", "b", "--resamples", "0"])
    assert info.value.code == 2
    assert "--resamples: expected a whole number ≥ 1" in capsys.readouterr().err


def test_python_m_recallbench_compare_runs(runs: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = runs
    ok = subprocess.run(
        [sys.executable, "-m", "recallbench", "compare", str(a), str(b), "--resamples", "100"],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("Recall Bench comparison — every delta is B − A")
    bad = subprocess.run(
        [sys.executable, "-m", "recallbench", "compare", str(tmp_path / "nope"), str(b)],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and str(tmp_path / "nope") in bad.stderr


# ---------------------------------------------------------------------------------------------------
# The reference's committed runs


def test_the_reference_runs_compare_on_their_shared_checkpoint(
    reference_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = reference_data / "bench-results"
    a, b = root / "ea-180d-recall-baseline", root / "ea-60d-recall-rerank-off"
    if not (a / "result.json").is_file() or not (b / "result.json").is_file():
        pytest.skip("the reference's bench-results are not there")
    data = compare_json(capsys, a, b, "--resamples", "2000")
    qa_a, qa_b = raw_answers(a / "result.json"), raw_answers(b / "result.json")
    shared = qa_a.keys() & qa_b.keys()
    assert {k[1] for k in shared} == {"6d"}  # the rerank-off run stopped after its first checkpoint
    assert data["overall"]["paired"]["count"] == len(shared) == len(qa_b)
    assert data["overall"]["unpairedA"] == len(qa_a) - len(shared)
    assert data["a"]["answers"] == 1639 and data["a"]["judgeModel"] == "azure:gpt-5.4-mini"
    assert any("share few answers" in w for w in data["warnings"])
    assert any(
        w.startswith("different ranges: 20 checkpoint(s) only in A") for w in data["warnings"]
    )
    assert not any("different judges" in w for w in data["warnings"])

    # canaries recomputed straight from the files, at the question level over all checkpoints
    def tally(answers: dict[tuple[str, str, str], dict[str, Any]]) -> dict[str, list[int]]:
        out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for (_, _, qid), qr in answers.items():
            out[qid][0] += qr["score"]["hallucination"] == 0
            out[qid][1] += 1
        return out

    ta, tb = tally(qa_a), tally(qa_b)
    fixed = {q for q in ta.keys() & tb.keys() if ta[q][0] and not tb[q][0]}
    assert {q["qaId"] for q in data["canaries"]["aOnly"]} == fixed
    for q in data["canaries"]["aOnly"]:
        assert [q["hallucinatedA"], q["evaluationsA"]] == ta[q["qaId"]]
    unmatched = {q for q in ta.keys() - tb.keys() if ta[q][0]}
    assert {q["qaId"] for q in data["canaries"]["aUnmatched"]} == unmatched

    # the composite over everything A answered is the count-weighted heatmap mean (compare-runs.mjs)
    heatmap = json.loads((a / "result.json").read_text(encoding="utf-8"))["heatmap"]
    weighted = sum(c["score"] * c["questionCount"] for c in heatmap)
    assert data["a"]["score"] == pytest.approx(weighted / sum(c["questionCount"] for c in heatmap))
    assert data["a"]["score"] == pytest.approx(
        sum(qr["compositeScore"] for qr in qa_a.values()) / len(qa_a)
    )

    # the same runs from their progress files alone: same means, no pairs, said so
    text = compare(capsys, a / "progress.jsonl", b / "progress.jsonl")
    assert "(INTERIM — 1/10 checkpoints)" in text
    assert "B − A (paired): unavailable — A and B have no per-question answers" in text
    bare = compare_json(capsys, a / "progress.jsonl", b / "progress.jsonl")
    assert bare["a"]["score"] == pytest.approx(data["a"]["score"])
    assert bare["overall"]["hallucinationRateA"] == pytest.approx(
        data["overall"]["hallucinationRateA"]
    )
