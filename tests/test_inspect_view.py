"""``inspect view`` shows a recall_bench run: a real ``inspect view`` server over the run's log
directory, read through its HTTP API as the viewer reads it and, where Chromium is installed, in a
real headless browser."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
import pytest

pytest.importorskip("inspect_ai", reason="the inspect extra is not installed")

import aiohttp
from _cdp import find_chromium, launch_chromium
from _inspect_support import INSPECT_WARNINGS, collected_while_ignored, run_task  # noqa: F401

pytestmark = [*INSPECT_WARNINGS, pytest.mark.slow, pytest.mark.anyio]

INSPECT = shutil.which("inspect", path=str(Path(sys.executable).parent)) or shutil.which("inspect")


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"  # aiohttp


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
async def viewer(tiny_data: Path, tmp_path: Path) -> AsyncIterator[tuple[str, str]]:
    """A run of the task, and ``inspect view`` serving its log directory: (base URL, log name)."""
    if INSPECT is None:
        pytest.skip("the inspect CLI is not installed: pip install -e '.[inspect]'")
    logs = tmp_path / "logs"
    await anyio.to_thread.run_sync(
        lambda: run_task(logs, data=str(tiny_data), arcs="arcs-30d.yaml", ranges="10d")
    )
    [log] = list(logs.glob("*.eval"))
    port = _free_port()
    server = subprocess.Popen(
        [INSPECT, "view", "--log-dir", str(logs), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its process group goes at the end, whatever it started
    )
    try:
        yield f"http://127.0.0.1:{port}", log.name
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)


async def _get(http: aiohttp.ClientSession, url: str) -> Any:
    """The JSON at ``url``, once the server answers (it takes a few seconds to start)."""
    with anyio.fail_after(120):
        while True:
            try:
                async with http.get(url) as response:
                    if response.status == 200:
                        return await response.json()
            except aiohttp.ClientConnectionError:
                pass
            await anyio.sleep(0.25)


async def test_the_viewer_lists_the_run_and_serves_its_samples(viewer: tuple[str, str]) -> None:
    base, name = viewer
    async with aiohttp.ClientSession() as http:
        listing = await _get(http, f"{base}/api/log-files")
        [entry] = listing["files"]
        assert entry["name"].endswith(name) and entry["task"] == "recall-bench"
        log = await _get(http, f"{base}/api/logs/{quote(entry['name'], safe='')}")
    assert log["eval"]["task"] == "recallbench/recall_bench"
    assert log["eval"]["task_args"]["ranges"] == "10d"
    assert {s["name"] for s in log["results"]["scores"]} >= {"correctness", "composite"}
    sample = log["samples"][0]
    assert sample["metadata"]["persona"] == "tiny"
    assert set(sample["scores"]["recall_judge"]["value"]) >= {"correctness", "hallucination"}


async def test_the_viewer_draws_the_run_in_a_browser(
    viewer: tuple[str, str], tmp_path: Path
) -> None:
    chromium = find_chromium()
    if chromium is None:
        pytest.skip("headless Chromium not found (apt-get install chromium)")
    base, name = viewer
    async with aiohttp.ClientSession() as http:
        await _get(http, f"{base}/api/log-files")  # the server is up
    async with launch_chromium(chromium, tmp_path / "browser") as browser, browser.page() as page:
        await page.send("Page.navigate", url=f"{base}/#/logs/{name}")
        text = ""
        with anyio.fail_after(120):
            while "tiny/10d/tiny-q001" not in text or "composite" not in text:
                await anyio.sleep(0.5)
                text = await page.evaluate("document.body.innerText")
        assert "recall_bench" in text
        assert len(await page.screenshot()) > 10_000
