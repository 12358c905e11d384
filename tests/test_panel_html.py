"""report.html's Judge panel section in a real headless Chromium: the verdicts of a disagreement sit
side by side, each with its reasoning, and the page logs no error. Skips without a Chromium (see
tests/test_html_browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _cdp import CHROMIUM_MISSING, find_chromium, launch_chromium

from recallbench import JudgeScore, RunConfig, RunOutput
from recallbench.harness.engine import Harness
from recallbench.judges.panel import JudgePanel
from recallbench.render.html import write_html_report
from recallbench.testing import ScriptedAdapter, ScriptedJudge, write_persona

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

GENEROUS = JudgeScore(correctness=3, completeness=2, hallucination=1, reasoning="every fact there")
HARSH = JudgeScore(correctness=0, completeness=0, hallucination=0, reasoning="<b>invented</b>")


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"  # aiohttp's websocket client


@pytest.fixture(scope="module")
def chromium() -> str:
    found = find_chromium()
    if found is None:
        pytest.skip(CHROMIUM_MISSING)
    return found


VERDICTS = """(() => {
  const first = document.querySelector('#panel ~ .rb-disagreement');
  return [...first.querySelectorAll('.rb-verdict')].map(v => {
    const r = v.getBoundingClientRect();
    return {top: r.top, left: r.left, right: r.right, width: r.width, text: v.innerText};
  });
})()"""


async def test_the_verdicts_of_a_disagreement_sit_side_by_side(
    tmp_path: Path, chromium: str
) -> None:
    data = tmp_path / "data"
    write_persona(data)
    panel = JudgePanel(
        [ScriptedJudge(scorer=GENEROUS, name="generous"), ScriptedJudge(scorer=HARSH, name="harsh")]
    )
    harness = Harness(
        ScriptedAdapter(),
        data,
        judge=panel,
        config=RunConfig(ranges="10d", arcs_file="arcs-30d.yaml"),
        output=RunOutput.beside(tmp_path / "run" / "result.json"),
    )
    result = await harness.run()
    report = write_html_report(result, tmp_path / "report.html")

    async with launch_chromium(chromium, tmp_path / "browser") as browser, browser.page() as page:
        await page.send("Emulation.setDeviceMetricsOverride", width=1400, height=1000,
                        deviceScaleFactor=1, mobile=False)  # fmt: skip
        await page.send("Page.navigate", url=report.as_uri())
        await page.wait_for("Page.loadEventFired")
        assert await page.evaluate("!!document.querySelector('nav.rb-toc a[href=\"#panel\"]')")
        heading = await page.evaluate("document.getElementById('panel').innerText")
        assert heading == "Judge panel"
        shown = await page.evaluate("document.querySelectorAll('.rb-disagreement').length")
        assert shown == 10  # every answer differs; the ten widest are shown
        verdicts = await page.evaluate(VERDICTS)
        assert [v["text"].splitlines()[0] for v in verdicts] == ["generous", "harsh"]
        left, right = verdicts
        assert left["width"] > 100 and right["width"] > 100
        assert abs(left["top"] - right["top"]) < 1  # one row …
        assert right["left"] >= left["right"]  # … two columns
        assert "every fact there" in left["text"]
        assert "<b>invented</b>" in right["text"]  # reasoning is text, never markup
        assert page.errors() == []
