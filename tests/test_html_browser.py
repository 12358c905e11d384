"""The HTML report in a real headless Chromium, driven over the DevTools protocol.

Skips, saying how to get one, when no Chromium is installed (Debian: ``apt-get install chromium``;
or name one with RECALLBENCH_CHROMIUM).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from _cdp import CHROMIUM_MISSING, Page, find_chromium, launch_chromium
from _html_results import TRICKY, make_result

from recallbench.data.qa import CORE_CATEGORIES
from recallbench.render.html import write_html_report
from recallbench.results.scoring import JudgeScore

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

PERSONAS, CHECKPOINTS, QUESTIONS = 3, 12, 16
TOTAL = PERSONAS * CHECKPOINTS * QUESTIONS + PERSONAS  # + one unscored answer per persona


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"  # aiohttp's websocket client


@pytest.fixture(scope="module")
def chromium() -> str:
    found = find_chromium()
    if found is None:
        pytest.skip(CHROMIUM_MISSING)
    return found


async def poll(page: Page, expression: str, until: Callable[[Any], bool]) -> Any:
    """Evaluate ``expression`` until ``until`` accepts its value (the page debounces typing)."""
    value = None
    for _ in range(100):
        value = await page.evaluate(expression)
        if until(value):
            return value
        await page.evaluate("new Promise(r => setTimeout(r, 50))")
    raise AssertionError(f"{expression} stayed {value!r}")


def _set(element_id: str, value: str, event: str = "change") -> str:
    return (
        f"(() => {{ const e = document.getElementById({element_id!r}); e.value = {value!r}; "
        f"e.dispatchEvent(new Event({event!r})); }})()"
    )


COUNT = "document.getElementById('rb-count').textContent"


async def test_report_loads_filters_opens_details_and_draws(tmp_path: Path, chromium: str) -> None:
    def score(p: int, c: int, q: int) -> JudgeScore:
        # Question 0 is a canary (fabricates at every checkpoint); the rest spread over the scale.
        k = p * 7 + c * 3 + q
        hallucination = 0 if q == 0 or k % 5 == 0 else 1
        return JudgeScore(correctness=k % 4, completeness=(k // 2) % 3, hallucination=hallucination)

    result = make_result(
        personas=PERSONAS,
        checkpoints=CHECKPOINTS,
        questions=QUESTIONS,
        tricky_answer=True,
        score=score,
    )
    details = {
        ("persona-1", "21d", "persona-1-q002"): {
            "retrieval": [{"path": "memories/day-0003.md", "day": 3, "score": 2.5, "snippet": "s"}]
        }
    }
    report = write_html_report(result, tmp_path / "report.html", details=details)

    async with launch_chromium(chromium, tmp_path / "browser") as browser:
        pid = browser.process.pid
        async with browser.page() as page:
            await page.send("Emulation.setDeviceMetricsOverride", width=1400, height=1000,
                            deviceScaleFactor=1, mobile=False)  # fmt: skip
            await page.send("Page.navigate", url=report.as_uri())
            await page.wait_for("Page.loadEventFired")

            # Loaded (the answers are inflated after the load event: wait for the table): every
            # answer counted, only a window of them in the DOM, no injected script.
            await poll(page, COUNT, lambda v: bool(v))
            assert await page.evaluate(COUNT) == f"{TOTAL:,} of {TOTAL:,} answers"
            rendered = await page.evaluate("document.querySelectorAll('.rb-row').length")
            assert 0 < rendered < TOTAL
            assert await page.evaluate("document.scripts.length") == 2
            assert await page.evaluate("window.__pwned === undefined")

            # A filter changes the count: one category, then hallucinated answers only.
            category = CORE_CATEGORIES.index("synthesis")
            await page.evaluate(_set("f-category", str(category)))
            synthesis = sum(
                1
                for p in result.personas
                for rr in p.range_results
                for q in (*rr.question_results, *(rr.unscored_results or ()))
                if q.qa.category == "synthesis"
            )
            assert 0 < synthesis < TOTAL
            assert await page.evaluate(COUNT) == f"{synthesis:,} of {TOTAL:,} answers"
            await page.evaluate(_set("f-category", "-1"))
            await page.evaluate(_set("f-hallucinated", "yes"))
            hallucinated = sum(
                1
                for p in result.personas
                for rr in p.range_results
                for q in rr.question_results
                if q.score.hallucination == 0
            )
            assert await page.evaluate(COUNT) == f"{hallucinated:,} of {TOTAL:,} answers"
            await page.evaluate("document.getElementById('f-reset').click()")
            # Typed search is debounced: wait for the count to follow.
            await page.evaluate(_set("f-text", "persona-2-q00", "input"))
            expected = CHECKPOINTS * 10  # persona-2-q000 … q009 at every checkpoint
            await poll(page, COUNT, lambda v: v == f"{expected:,} of {TOTAL:,} answers")

            # A click on a row opens its detail panel with its question.
            assert await page.evaluate("document.getElementById('rb-detail').hidden")
            question = await page.evaluate(
                "(() => { const r = document.querySelector('.rb-row');"
                " const q = r.children[3].textContent; r.click(); return q; })()"
            )
            assert question.startswith("What happened in story")
            assert not await page.evaluate("document.getElementById('rb-detail').hidden")
            assert (
                await page.evaluate("document.querySelector('#rb-detail .q').textContent")
                == question
            )
            panel = await page.evaluate("document.getElementById('rb-detail').innerText")
            # (innerText applies the headings' text-transform: compare case-blind)
            assert "reference answer" in panel.lower()
            assert f"at every checkpoint ({CHECKPOINTS})" in panel.lower()

            # The embedded tricky answer is shown as text, intact.
            await page.evaluate("document.getElementById('f-reset').click()")
            await page.evaluate(_set("f-text", "window.__pwned", "input"))
            await poll(page, COUNT, lambda v: v.startswith("1 of"))
            await page.evaluate("document.querySelector('.rb-row').click()")
            shown = await page.evaluate(
                "document.querySelectorAll('#rb-detail .text')[2].textContent"
            )
            assert shown == TRICKY

            # Details from the question log: the retrieved memory, marked relevant or not.
            await page.evaluate(_set("f-text", "persona-1-q002", "input"))
            await page.evaluate(_set("f-checkpoint", "2"))  # 21d
            await poll(page, COUNT, lambda v: v.startswith("1 of"))
            await page.evaluate("document.querySelector('.rb-row').click()")
            panel = await page.evaluate("document.getElementById('rb-detail').innerText")
            assert "memories/day-0003.md" in panel

            # A click on a heatmap cell lists that cell's answers.
            await page.evaluate("document.getElementById('rb-detail-close').click()")
            await page.evaluate("document.getElementById('f-reset').click()")
            await page.evaluate(
                "document.querySelector('table.rb-heat tr[data-row=\"factual-recall\"] td').click()"
            )
            cell = sum(
                1
                for p in result.personas
                for q in p.range_results[0].question_results
                if q.qa.category == "factual-recall"
            )
            assert await page.evaluate(COUNT) == f"{cell:,} of {TOTAL:,} answers"

            # A canary question's link lists its answers at every checkpoint.
            canary = await page.evaluate(
                "(() => { const a = document.querySelector('[data-find]'); a.click();"
                " return a.dataset.find; })()"
            )
            assert canary == "persona-0-q000"
            assert await page.evaluate(COUNT) == f"{CHECKPOINTS:,} of {TOTAL:,} answers"

            # Drawn: the screenshot is a picture, not a blank page.
            await page.evaluate("window.scrollTo(0, 0)")
            png = await page.screenshot()
            from PIL import Image

            pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
            assert pixels.shape == (1000, 1400, 3)
            assert pixels.std() > 10
            assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 50

            assert page.errors() == []

    # Chromium's whole process group is gone.
    with pytest.raises(ProcessLookupError):
        os.killpg(pid, 0)
