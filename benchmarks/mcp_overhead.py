"""What the MCP adapter itself costs per call, beyond the server and the SDK's transport.

One fake memory server (``python -m recallbench.testing.mcp_memory_server``, a real process over
stdio) holds the first ``--days`` days of the 180-day executive assistant, one record per session.
Then, alternating so load drifts hit both alike, each round times:

* ``raw``: ``ClientSession.call_tool`` on the adapter's own session with the arguments the adapter
  would send (the SDK and the server, nothing of ours);
* ``adapter``: the adapter's call — ``query_detail(question)`` (template filled, hits read and mapped
  to days, session filter, ranking, the extractive answer) or ``ingest_day`` of a one-session day
  (records split, template filled, term statistics).

Last, ``replayed``: ``query_detail`` again with the server's answers replayed from the raw calls
(the adapter's ``call`` answered from memory): the adapter's own work per search in one process,
with neither transport nor server — the least noisy of the three.

The adapter's own cost is ``adapter - raw`` (medians), in wall time and in this process's CPU time
(``time.process_time``: the client's work alone — the server is another process — so it holds
still when other work loads the machine, where the wall-time difference of two ~10 ms medians
does not). The server's handler time for a search is what it reports itself (``serverMicros``),
so ``raw - server`` is the transport.

    python benchmarks/mcp_overhead.py [--days 30] [--rounds 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import anyio

from recallbench.adapters.mcp import McpAdapter
from recallbench.adapters.mcp.results import fill
from recallbench.data.corpus import DayMetadata
from recallbench.data.dataset import load_persona

ROOT = Path(__file__).resolve().parents[1]

MAPPING: dict[str, Any] = {
    "name": "fake",
    "server": {"command": sys.executable, "args": ["-m", "recallbench.testing.mcp_memory_server"]},
    "ingest": {
        "tool": "remember",
        "args": {"id": "{record_id}", "text": "{content}", "day": "{day}", "session": "{session}"},
    },
    "search": {"tool": "search", "args": {"query": "{query}", "limit": "{limit}"}, "query": "or"},
    "hits": {"path": "hits", "id": "id", "text": "text", "score": "score"},
}


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1e3:7.3f} ms"


async def main(days: int, rounds: int) -> None:
    persona = load_persona(ROOT / "personas", "executive-assistant", "arcs-180d.yaml")
    logs = persona.days[:days]
    questions = [qa.question for qa in persona.qa][:50]
    adapter = McpAdapter(MAPPING)
    async with adapter.lifespan():
        for day in logs:
            meta = DayMetadata(
                day_number=day.number,
                date=day.date,
                persona_id="ea",
                active_arcs=(),
                isolated_sessions=(),
            )
            await adapter.ingest_day(day.number, day.content, meta)
        session = adapter.session
        raw_search: list[float] = []
        ours_search: list[float] = []
        cpu_raw_search: list[float] = []
        cpu_ours_search: list[float] = []
        server: list[float] = []
        raw_ingest: list[float] = []
        ours_ingest: list[float] = []
        cpu_raw_ingest: list[float] = []
        cpu_ours_ingest: list[float] = []
        hits = 0
        answers: dict[str, tuple[Any, list[str]]] = {}
        text = "# session: principal\n\n### Note\n\nThe quarterly budget review moved to Friday.\n"
        for n in range(rounds):
            question = questions[n % len(questions)]
            args = fill(
                MAPPING["search"]["args"], {"query": adapter.queries(question)[0], "limit": 10}
            )
            started, cpu = time.perf_counter(), time.process_time()
            result = await session.call_tool("search", args)
            raw_search.append(time.perf_counter() - started)
            cpu_raw_search.append(time.process_time() - cpu)
            server.append(result.structured_content["serverMicros"] / 1e6)
            texts = [getattr(c, "text", "") for c in result.content]
            answers[args["query"]] = (result.structured_content, texts)
            started, cpu = time.perf_counter(), time.process_time()
            detail = await adapter.query_detail(question)
            ours_search.append(time.perf_counter() - started)
            cpu_ours_search.append(time.process_time() - cpu)
            hits += len(detail.retrieval or ())
            number = 10_000 + n
            started, cpu = time.perf_counter(), time.process_time()
            await session.call_tool(
                "remember",
                {"id": f"raw-{n}", "text": text, "day": number, "session": "principal"},
            )
            raw_ingest.append(time.perf_counter() - started)
            cpu_raw_ingest.append(time.process_time() - cpu)
            meta = DayMetadata(
                day_number=number,
                date="2026-12-31",
                persona_id="ea",
                active_arcs=(),
                isolated_sessions=(),
            )
            started, cpu = time.perf_counter(), time.process_time()
            await adapter.ingest_day(number, text, meta)
            ours_ingest.append(time.perf_counter() - started)
            cpu_ours_ingest.append(time.process_time() - cpu)

        async def replay(tool: str, arguments: Any, *, store: bool = False) -> Any:
            return answers[arguments["query"]]

        adapter.call = replay  # type: ignore[method-assign]
        replayed: list[float] = []
        for n in range(rounds):
            question = questions[n % len(questions)]
            started = time.perf_counter()
            await adapter.query_detail(question)
            replayed.append(time.perf_counter() - started)
        del adapter.call
    overhead_search = statistics.median(ours_search) - statistics.median(raw_search)
    overhead_ingest = statistics.median(ours_ingest) - statistics.median(raw_ingest)
    cpu_search = statistics.median(cpu_ours_search) - statistics.median(cpu_raw_search)
    cpu_ingest = statistics.median(cpu_ours_ingest) - statistics.median(cpu_raw_ingest)
    print(
        f"{days} days ingested, {rounds} rounds, {hits / rounds:.1f} hits per search (median times)"
    )
    print(
        f"search  server handler {ms(server)}   raw call_tool {ms(raw_search)}   adapter {ms(ours_search)}"
        f"   adapter's own {overhead_search * 1e3:.3f} ms"
    )
    print(
        f"ingest  raw call_tool {ms(raw_ingest)}   adapter {ms(ours_ingest)}"
        f"   adapter's own {overhead_ingest * 1e3:.3f} ms"
    )
    print(f"replayed search (no transport, no server): adapter's own {ms(replayed)}")
    print(
        f"cpu     search: raw {ms(cpu_raw_search)}   adapter {ms(cpu_ours_search)}"
        f"   adapter's own {cpu_search * 1e3:.3f} ms   ingest: raw {ms(cpu_raw_ingest)}"
        f"   adapter {ms(cpu_ours_ingest)}   adapter's own {cpu_ingest * 1e3:.3f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=200)
    options = parser.parse_args()
    anyio.run(main, options.days, options.rounds)
