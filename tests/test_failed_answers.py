"""A failed answer reads as failed in every view, whatever the adapter raised (issue 35.3).

Real runs of the scripted adapter over the tiny persona (two checkpoints, 41 answers): one whose
every query raises ``KeyError`` (a ``query`` failure, kept in result.json at 0/0/1) and one raising
``ConnectionError`` (a ``connection`` failure, left unscored) must read the same way — no score,
"41 of 41 answers failed" — in the headline, the text report, the terminal heatmap, the PNG's view
and pixels, the HTML report and ``to_dataframe``; and a system failing one question in ten shows
both its score and that they failed. Each view is checked on the result read back from its
``result.json``, which is what ``recallbench report`` renders.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest
from _cdp import CHROMIUM_MISSING, find_chromium, launch_chromium
from PIL import Image

import recallbench as rb
from recallbench.harness import AdapterErrorLimit
from recallbench.render.headline import format_headline
from recallbench.render.html import render_html_report, write_html_report
from recallbench.render.png import CELL_INSET, ROW_HEIGHT, png_layout, render_heatmap_png
from recallbench.render.report import format_text_report
from recallbench.render.terminal import format_heatmap_terminal
from recallbench.results.failures import run_failures
from recallbench.results.heatmap import FAILED_RGB, HeatmapView, heatmap_view
from recallbench.results.records import BenchmarkResult
from recallbench.results.result_json import read_result
from recallbench.testing import ScriptedAdapter, write_persona

KINDS: dict[str, type[Exception]] = {"KeyError": KeyError, "ConnectionError": ConnectionError}
ANSWERS = 41  # the tiny persona at 10d and 30d: 10 + 31 questions
TENTH = 4  # every tenth question asked: 4 of 41
# The module's runs (``runs``) are made once: on one xdist worker, not on each.
pytestmark = pytest.mark.xdist_group("failed-answers")


def _raising(exc: type[Exception], every: int) -> Callable[[str, ScriptedAdapter], str]:
    asked = 0

    def answer(question: str, _adapter: ScriptedAdapter) -> str:
        nonlocal asked
        asked += 1
        if asked % every == 0:
            raise exc(f"scripted failure on {question[:30]}")
        return "I don't know."

    return answer


def _run(root: Path, kind: str, every: int) -> BenchmarkResult:
    out = root / f"{kind}-{every}"

    async def main() -> None:
        await rb.run(
            ScriptedAdapter(answer=_raising(KINDS[kind], every)),
            root / "personas",
            judge="rubric",
            config=rb.RunConfig(
                ranges="10d,30d",
                arcs_file="arcs-30d.yaml",
                parallelism=1,  # the same questions fail in every run
                max_adapter_errors=AdapterErrorLimit(share=None),
            ),
            output=rb.RunOutput.directory(out),
            progress=False,
        )

    anyio.run(main)
    result, _ = read_result(out / "result.json")
    return result


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], BenchmarkResult]:
    """Per (exception kind, 1 dead or 10 one in ten): the run as read back from result.json."""
    root = tmp_path_factory.mktemp("failed-answers")
    write_persona(root / "personas")
    return {(kind, every): _run(root, kind, every) for kind in KINDS for every in (1, 10)}


def _same(text: str, kind: str) -> str:
    """A view's text with the exception's name and message made neutral, to compare two kinds."""
    return text.replace(kind, "<Error>")


def _grid(view: HeatmapView) -> list[tuple[str, list[str]]]:
    return [(r.label, [c.state for c in r.cells]) for r in view.rows]


# --- a dead system ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_dead_system_has_no_score_in_the_headline(
    runs: dict[tuple[str, int], BenchmarkResult], kind: str
) -> None:
    headline = format_headline(runs[(kind, 1)])
    assert f"Score          --  — {ANSWERS} of {ANSWERS} answers failed: {kind} ×{ANSWERS}" in (
        headline
    )
    assert "Hallucination  --  (every answer failed)" in headline
    assert f"0 answers judged · {ANSWERS} failed" in headline
    assert "1.00" not in headline and "16.7%" not in headline
    overall = next(line for line in headline.split("\n") if "OVERALL" in line)
    assert overall.split() == ["OVERALL", "fail", "fail"]


def test_the_two_dead_systems_read_the_same(
    runs: dict[tuple[str, int], BenchmarkResult],
) -> None:
    def views(kind: str) -> list[str]:
        result = runs[(kind, 1)]
        headline = format_headline(result).split("\n")
        score = [line for line in headline if line.lstrip().startswith(("Score", "Hallucination"))]
        grid = format_heatmap_terminal(heatmap_view(result), color=False)
        report = format_text_report(result).split("\n")
        checkpoints = [line for line in report if line.startswith(("  [", "    ", "Failed"))]
        return [_same(s, kind) for s in (*score, grid, *checkpoints)]

    assert views("KeyError") == views("ConnectionError")
    assert _grid(heatmap_view(runs[("KeyError", 1)])) == _grid(
        heatmap_view(runs[("ConnectionError", 1)])
    )


@pytest.mark.parametrize("kind", KINDS)
def test_a_dead_system_in_the_text_report(
    runs: dict[tuple[str, int], BenchmarkResult], kind: str
) -> None:
    report = format_text_report(runs[(kind, 1)])
    assert (
        f"Failed answers: {ANSWERS} of {ANSWERS} answers failed: {kind} ×{ANSWERS} — no score"
        in report
    )
    assert (
        f"[10d] Days: 10 | Questions: 10 | Score: failed | 10 of 10 answers failed: {kind} ×10"
        in (report)
    )
    assert "Score: 1.00" not in report and "HALLUCINATION" not in report
    aggregate = report.split("AGGREGATE HEATMAP")[1].split("\n")
    factual = next(line for line in aggregate if line.startswith("factual-recall"))
    assert factual.split() == ["factual-recall", "fail", "fail"]
    assert any(line.startswith("fail = every answer failed") for line in aggregate)


@pytest.mark.parametrize("kind", KINDS)
def test_a_dead_system_in_the_terminal_heatmap(
    runs: dict[tuple[str, int], BenchmarkResult], kind: str
) -> None:
    grid = format_heatmap_terminal(heatmap_view(runs[(kind, 1)]), color=True)
    r, g, b = FAILED_RGB
    assert f"\x1b[48;2;{r};{g};{b}m" in grid  # painted violet, off the score ramp
    assert "fail" in grid and "1.0" not in grid
    assert "fail = every answer failed (the memory system gave none)" in grid


@pytest.mark.parametrize("kind", KINDS)
def test_a_dead_system_in_the_png(runs: dict[tuple[str, int], BenchmarkResult], kind: str) -> None:
    view = heatmap_view(runs[(kind, 1)])
    for row, at_30d in (("factual-recall", 30), ("OVERALL", 31), ("hallucination rate", 31)):
        cells = next(r for r in view.rows if r.label == row).cells
        assert [c.state for c in cells] == ["failed", "failed"]
        assert all(c.value is None for c in cells)
        failures = cells[1].failures
        assert failures is not None
        assert failures.text() == f"{at_30d} of {at_30d} answers failed: {kind} ×{at_30d}"
    assert view.failure_legend is not None
    image = Image.open(io.BytesIO(render_heatmap_png(view))).convert("RGB")
    lay = png_layout(view)
    index = [r.label for r in view.category_rows].index("factual-recall")
    top = lay.grid_top + ROW_HEIGHT * index + CELL_INSET + 2
    for column in (0, 1):
        assert image.getpixel((lay.grid_left + column * lay.cell_width + 2, top)) == FAILED_RGB


@pytest.mark.parametrize("kind", KINDS)
def test_a_dead_system_in_the_html_report(
    runs: dict[tuple[str, int], BenchmarkResult], kind: str
) -> None:
    page = render_html_report(runs[(kind, 1)])
    cards = re.findall(r'<div class="rb-card"><div class="k">(.*?)</div><div class="v">(.*?)</div>'
                       r'<div class="s">(.*?)</div>', page)  # fmt: skip
    by_key = {k: (v, s) for k, v, s in cards}
    assert by_key["Mean score"] == ("failed", f"41 of 41 answers failed: {kind} ×41")
    assert by_key["Score at the last checkpoint"][0] == "failed"
    assert by_key["Failed answers"][0] == "41"
    failed_cells = re.findall(r'<td class="fail"[^>]*title="([^"]*)">fail</td>', page)
    # factual-recall at both checkpoints, negative-recall at 30d, then OVERALL and the rate, twice
    # (the aggregate only: one persona).
    assert len(failed_cells) == 7
    assert all(f"failed: {kind} ×" in t for t in failed_cells)
    assert "1.00/6" not in page
    assert "failed (41 of 41 answers failed" in page  # the persona table's mean


@pytest.mark.parametrize("kind", KINDS)
def test_a_dead_system_in_the_dataframe(
    runs: dict[tuple[str, int], BenchmarkResult], kind: str
) -> None:
    pytest.importorskip("pandas", reason="to_dataframe needs the pandas extra")
    df = rb.to_dataframe(runs[(kind, 1)])
    assert len(df) == ANSWERS
    assert df["failed"].all()
    assert set(df["error_type"]) == {kind}
    assert set(df["error"]) == {"query" if kind == "KeyError" else "connection"}


# --- one answer in ten fails --------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_tenth_failing_shows_its_score_and_its_failures(
    runs: dict[tuple[str, int], BenchmarkResult], kind: str
) -> None:
    result = runs[(kind, 10)]
    failures = run_failures(result)
    assert (failures.answers, failures.failed) == (ANSWERS, TENTH)
    counted = kind == "KeyError"
    how = "counted as 1/6 each" if counted else "left out of the score"

    headline = format_headline(result)
    score = re.search(r"  Score          (\d\.\d\d)/6\.0 \(", headline)
    assert score is not None and result.overall_score is not None
    assert score.group(1) == f"{result.overall_score:.2f}"
    assert f"{TENTH} of {ANSWERS} answers failed (9.8%): {kind} ×{TENTH} — {how}" in headline
    assert f"answers judged · {TENTH} failed" in headline

    report = format_text_report(result)
    assert (
        f"Failed answers: {TENTH} of {ANSWERS} answers failed (9.8%): {kind} ×{TENTH} — {how}"
        in (report)
    )
    assert "| Failed: 1 of 10 answers failed (10.0%)" in report  # the 10d checkpoint's line
    aggregate = report.split("AGGREGATE HEATMAP")[1].split("\n")
    factual = next(line for line in aggregate if line.startswith("factual-recall"))
    assert re.fullmatch(r"factual-recall\s+\d\.\d!\s+\d\.\d!\s*", factual), factual

    view = heatmap_view(result)
    overall = next(r for r in view.rows if r.label == "OVERALL").cells
    assert all(c.state == "score" and c.partly_failed for c in overall)
    grid = format_heatmap_terminal(view, color=False)
    assert re.search(r"OVERALL\s+\d\.\d\d!\s+\d\.\d\d!", grid), grid
    assert "! = some answers failed" in grid
    assert render_heatmap_png(view)[:8] == b"\x89PNG\r\n\x1a\n"

    page = render_html_report(result)
    marked = re.findall(r'<td[^>]*title="([^"]*answers failed[^"]*)">[\d.%]+!</td>', page)
    assert marked and all(f"{kind} ×" in t for t in marked)
    assert f"{TENTH} of {ANSWERS} answers failed (9.8%)" in page

    pd = pytest.importorskip("pandas", reason="to_dataframe needs the pandas extra")
    df = rb.to_dataframe(result)
    assert int(df["failed"].sum()) == TENTH and len(df) == ANSWERS
    assert set(df.loc[df["failed"], "error_type"]) == {kind}
    # Query failures are in the means at composite 1; connection failures are not scored.
    composites = df.loc[df["failed"], "composite"]
    assert (composites == 1).all() if counted else pd.isna(composites).all()


# --- the HTML page in a browser -----------------------------------------------------------------


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"  # aiohttp's websocket client


@pytest.fixture(scope="module")
def dead_pages(
    runs: dict[tuple[str, int], BenchmarkResult], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("pages")
    return {kind: write_html_report(runs[(kind, 1)], root / f"{kind}.html") for kind in KINDS}


@pytest.mark.slow
@pytest.mark.anyio
async def test_a_dead_system_in_a_browser(dead_pages: dict[str, Path], tmp_path: Path) -> None:
    """Both dead systems' pages, in a real headless Chromium: the failed cells, every answer listed
    by the status filter *failed (no answer)* and shown as ``failed``, no script error."""
    chromium = find_chromium()
    if chromium is None:
        pytest.skip(CHROMIUM_MISSING)
    count = "document.getElementById('rb-count').textContent"
    seen = {}
    async with launch_chromium(chromium, tmp_path / "browser") as browser:
        for kind, report in dead_pages.items():
            async with browser.page() as page:
                await page.send("Page.navigate", url=report.as_uri())
                await page.wait_for("Page.loadEventFired")
                for _ in range(100):  # the answers are inflated after the load event
                    if await page.evaluate(count):
                        break
                    await page.evaluate("new Promise(r => setTimeout(r, 50))")
                assert await page.evaluate(count) == f"{ANSWERS} of {ANSWERS} answers"
                cells = await page.evaluate("document.querySelectorAll('td.fail').length")
                status = document_set("f-status", "adapter-error")
                await page.evaluate(status)
                listed = await page.evaluate(count)
                pills = await page.evaluate(
                    "[...document.querySelectorAll('.rb-row .pill')].map(p => p.textContent)"
                )
                await page.evaluate(document_set("f-status", "unscored"))
                unscored = await page.evaluate(count)
                assert page.errors() == []
                seen[kind] = (cells, listed, set(pills), unscored)
    assert (
        seen["KeyError"]
        == seen["ConnectionError"]
        == (
            7,
            f"{ANSWERS} of {ANSWERS} answers",
            {"failed"},
            f"0 of {ANSWERS} answers",
        )
    )


def document_set(element_id: str, value: str) -> str:
    return (
        f"(() => {{ const e = document.getElementById({element_id!r}); e.value = {value!r}; "
        "e.dispatchEvent(new Event('change')); })()"
    )
