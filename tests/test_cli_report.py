"""`recallbench report` and the views `run` writes beside result.json."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from recallbench.cli import main
from recallbench.render.html import read_payload
from recallbench.results import read_question_log


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("run")
    argv = ["run", "--personas", "executive-assistant", "backend-eng-saas"]
    argv += ["--ranges", "30d,90d,6mo", "--sample", "10", "--json-out", str(out / "result.json")]
    assert main(argv) == 0
    return out


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_run_writes_the_views_beside_its_result(run_dir: Path) -> None:
    for name in ("heatmap.png", "hallucination.png"):
        width, height = png_size(run_dir / name)
        assert width > 500 and height > 400
    html = (run_dir / "report.html").read_text(encoding="utf-8")
    assert html.lower().startswith("<!doctype html>")
    assert "executive-assistant" in html and "backend-eng-saas" in html
    # The page shows what only the question log holds: the memories each answer was drawn from —
    # by default their paths, days and scores, not their text (issue 35: a third of the folder).
    logged = read_question_log(run_dir / "questions.jsonl")
    entries = [e for r in logged for e in r.get("retrieval", [])]
    assert entries and all("snippet" not in e and "day" in e for e in entries)
    assert entries[0]["path"] in json.dumps(_page_data(run_dir / "report.html"), ensure_ascii=False)


def test_keep_snippets_keeps_their_text_in_the_log_and_the_page(tmp_path: Path) -> None:
    argv = ["run", "--personas", "executive-assistant", "--ranges", "30d", "--sample", "3"]
    argv += ["--no-heatmap-png", "--keep-snippets", "--json-out", str(tmp_path / "result.json")]
    assert main(argv) == 0
    logged = read_question_log(tmp_path / "questions.jsonl")
    snippets = [e["snippet"] for r in logged for e in r.get("retrieval", []) if e.get("snippet")]
    assert snippets
    assert snippets[0][:60] in json.dumps(_page_data(tmp_path / "report.html"), ensure_ascii=False)


def _page_data(page: Path) -> object:
    """The answers' data a report page embeds (compressed since issue 35.9)."""
    html = page.read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="rb-data">(.*?)</script>', html, re.S)
    assert block is not None
    return read_payload(block.group(1))


def test_run_can_skip_them(tmp_path: Path) -> None:
    argv = ["run", "--personas", "executive-assistant", "--ranges", "30d", "--sample", "3"]
    argv += ["--no-heatmap-png", "--no-html", "--json-out", str(tmp_path / "result.json")]
    assert main(argv) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "progress.jsonl",
        "questions.jsonl",
        "questions.retrieval.jsonl.gz",  # each answer's retrieved memories (issue 35)
        "result.json",
    ]


def test_report_prints_the_text_report_with_the_hallucination_section(
    run_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(run_dir)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Recall Bench Report — builtin:bm25")
    assert "AGGREGATE HEATMAP (category × time range)" in out
    assert "HALLUCINATION (share of scored answers judged fabricated)" in out
    assert "\x1b[" not in out  # not a terminal: plain text
    assert main(["report", str(run_dir), "--color", "always"]) == 0
    assert "\x1b[48;2;" in capsys.readouterr().out


def test_report_json_carries_the_result_and_the_analysis(
    run_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(run_dir / "result.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    original = json.loads((run_dir / "result.json").read_text())
    assert {k: v for k, v in data.items() if k != "hallucinationAnalysis"} == original
    analysis = data["hallucinationAnalysis"]
    assert analysis["count"] == original["metadata"]["totalEvalsRun"]
    assert {p["personaId"] for p in analysis["byPersona"]} == {
        "executive-assistant",
        "backend-eng-saas",
    }
    assert main(["report", str(run_dir), "--heatmap"]) == 0
    grid = json.loads(capsys.readouterr().out)
    assert grid["ranges"] == ["30d", "90d", "6mo"]


def test_report_writes_what_it_is_asked_for(
    run_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    png, scatter, html = tmp_path / "h.png", tmp_path / "s.png", tmp_path / "r.html"
    argv = ["report", str(run_dir), "--png", str(png), "--hallucination-png", str(scatter)]
    assert main([*argv, "--html", str(html)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""  # files asked for: no text report
    assert f"wrote {png}" in captured.err
    # Same result, same picture: byte for byte what the run wrote.
    assert png.read_bytes() == (run_dir / "heatmap.png").read_bytes()
    assert png_size(scatter) == png_size(run_dir / "hallucination.png")
    assert "HALLUCINATION" in html.read_text(encoding="utf-8").upper()


def test_an_unfinished_run_is_labelled_interim(
    run_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The run killed after its first persona's second checkpoint: no summary, one persona half done.
    records = [json.loads(line) for line in (run_dir / "progress.jsonl").read_text().splitlines()]
    kept = [r for r in records if r["type"] == "header"]
    kept += [r for r in records if r["type"] == "checkpoint"][:2]
    (tmp_path / "progress.jsonl").write_text("".join(json.dumps(r) + "\n" for r in kept))
    png = tmp_path / "heatmap.png"
    assert main(["report", str(tmp_path / "progress.jsonl")]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("[INTERIM — 2/6 checkpoints]\n")
    assert "unfinished run" in captured.err
    assert main(["report", str(tmp_path), "--png", str(png)]) == 0
    assert png.read_bytes() != (run_dir / "heatmap.png").read_bytes()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "nope.json", "no such file"),
        (lambda d: d, r"no result\.json or progress\.jsonl"),
        (lambda d: (d / "result.json").write_text("{") and d / "result.json", "not valid JSON"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, message: str
) -> None:
    import re

    target = make(tmp_path)  # type: ignore[operator]
    assert main(["report", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("recallbench report: error: ")
    assert re.search(message, err)


def test_the_reference_runs_render(reference_data: Path, tmp_path: Path) -> None:
    runs = reference_data / "bench-results"
    png = tmp_path / "ref.png"
    assert main(["report", str(runs / "ea-180d-recall-baseline"), "--png", str(png)]) == 0
    width, _ = png_size(png)
    assert width > 1000  # 30 columns
    assert main(["report", str(runs / "ea-60d-recall-rerank-off" / "progress.jsonl")]) == 0
