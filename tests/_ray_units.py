"""Adapters the Ray executor's tests load by file path, in the driver and in Ray's workers alike."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import anyio

from recallbench.testing import ScriptedAdapter


class Recalling(ScriptedAdapter):
    """The scripted adapter, taking a config (a spec's ``harness.config``) it ignores."""

    def __init__(self, config: dict[str, Any] | None = None):
        super().__init__(name="recalling", delay=float((config or {}).get("delay", 0.0)))


class DiesOnce(Recalling):
    """Its ``config["at"]``-th query (default: the third), the first time any worker gets there,
    writes the worker's pid to ``config["marker"]`` and waits to be killed; every later attempt
    answers normally."""

    def __init__(self, config: dict[str, Any]):
        super().__init__(config)
        self.marker = Path(config["marker"])
        self.at = int(config.get("at", 3))
        self.asked = 0

    async def query(self, question: str) -> str:
        self.asked += 1
        if self.asked == self.at:
            try:  # one worker of all claims the marker (units run side by side)
                with self.marker.open("x", encoding="utf-8") as f:
                    f.write(str(os.getpid()))
            except FileExistsError:
                pass
            else:
                await anyio.sleep(60)
        return await super().query(question)


class Ticking(Recalling):
    """Appends a line to ``config["ticks"]`` at every query, then answers slowly (0.1 s)."""

    def __init__(self, config: dict[str, Any]):
        super().__init__({"delay": 0.1})
        self.ticks = Path(config["ticks"])

    async def query(self, question: str) -> str:
        with self.ticks.open("a", encoding="utf-8") as f:
            f.write(f"{os.getpid()}\n")
        return await super().query(question)
