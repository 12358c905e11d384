"""The HTML report's attribution in a real headless Chromium: the class filter lists exactly the
answers of a class, a click on a class in the attribution section filters the table to it, and an
answer's detail names its class. Skips when no Chromium is installed (as tests/test_html_browser.py).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from _cdp import CHROMIUM_MISSING, Page, find_chromium, launch_chromium
from _html_results import make_result

from recallbench.render.html import write_html_report
from recallbench.results.attribution import CLASSES, LABELS, attribute_run

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

COUNT = "document.getElementById('rb-count').textContent"


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


async def poll(page: Page, expression: str, want: Any) -> Any:
    value = None
    for _ in range(100):
        value = await page.evaluate(expression)
        if value == want:
            return value
        await page.evaluate("new Promise(r => setTimeout(r, 50))")
    raise AssertionError(f"{expression} stayed {value!r}, wanted {want!r}")


async def test_the_class_filter_and_links(tmp_path: Path) -> None:
    chromium = find_chromium()
    if chromium is None:
        pytest.skip(CHROMIUM_MISSING)
    result = make_result(personas=2, checkpoints=3, questions=8)
    counts = Counter(a.attribution.kind for a in attribute_run(result))
    assert len(counts) >= 4  # correct, reading errors, misses, hallucinations, timeouts, …
    total = sum(counts.values())
    report = write_html_report(result, tmp_path / "report.html")

    async with launch_chromium(chromium, tmp_path / "browser") as browser, browser.page() as page:
        await page.send("Page.navigate", url=report.as_uri())
        await page.wait_for("Page.loadEventFired")
        await poll(page, COUNT, f"{total:,} of {total:,} answers")
        options = await page.evaluate(
            "Array.from(document.getElementById('f-class').options).map(o => o.textContent)"
        )
        assert options == ["all", *(LABELS[c] for c in CLASSES)]
        for kind, n in counts.items():
            await page.evaluate(
                "(() => { const e = document.getElementById('f-class'); "
                f"e.value = '{CLASSES.index(kind)}'; e.dispatchEvent(new Event('change')); }})()"
            )
            assert await page.evaluate(COUNT) == f"{n:,} of {total:,} answers", kind
        # A click on a class in the section's legend lists its answers.
        kind = counts.most_common(1)[0][0]
        await page.evaluate(
            f"document.querySelector('.rb-legend a[data-attr-class=\"{CLASSES.index(kind)}\"]')"
            ".click()"
        )
        assert await page.evaluate(COUNT) == f"{counts[kind]:,} of {total:,} answers"
        assert await page.evaluate("document.getElementById('f-class').value") == str(
            CLASSES.index(kind)
        )
        # An answer's detail names its class and its definition.
        await page.evaluate("document.querySelector('.rb-row').click()")
        panel = await page.evaluate("document.getElementById('rb-detail').innerText")
        assert "attribution" in panel.lower()
        assert LABELS[kind] in panel
        # Reset clears the class too.
        await page.evaluate("document.getElementById('f-reset').click()")
        assert await page.evaluate(COUNT) == f"{total:,} of {total:,} answers"
        assert page.errors() == []
