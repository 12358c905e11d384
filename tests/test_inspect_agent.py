"""*Agent uses memory*: the model calls the memory server's tools through inspect's MCP client,
against the state the harness ingested — a real MCP server process each time: the project's own
fake memory server, and the npm reference server where it is installed."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("inspect_ai", reason="the inspect extra is not installed")
pytest.importorskip("mcp", reason="the mcp extra is not installed")

from _inspect_support import (
    INSPECT_WARNINGS,
    collected_while_ignored,  # noqa: F401 (an autouse fixture)
    run_task,
    scripted,
)
from _mcp_support import fake_mapping

pytestmark = INSPECT_WARNINGS

QUESTIONS = ["tiny/10d/tiny-q003", "tiny/10d/tiny-q007"]


def _tools_offered(sample: Any) -> set[str]:
    return {tool.name for e in sample.events if e.event == "model" for tool in e.tools}


def _tool_results(sample: Any) -> list[str]:
    return [m.text for m in sample.messages if m.role == "tool"]


def test_the_agent_reads_the_ingested_memory_through_inspect_s_mcp_client(
    tiny_data: Path, tmp_path: Path
) -> None:
    """The fake server keeps its memories in the unit's data folder: inspect starts it again
    there and the agent finds what the adapter stored. It annotates no tool as read-only, so the
    agent gets the mapping's search tool alone."""
    mapping = fake_mapping("--file", "{data_dir}/memories.json")
    config = tmp_path / "fake.yaml"
    config.write_text(json.dumps(mapping), encoding="utf-8")  # JSON is YAML
    model = scripted(
        ("search", {"query": "access code 2026-01-03"}),
        "CODE-0003",
        ("search", {"query": "access code 2026-01-07"}),
        "CODE-0007",
    )
    log = run_task(
        tmp_path / "logs",
        model=model,
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges="10d",
        adapter=f"mcp:{config}",
        solver="agent",
        sample_id=QUESTIONS,
        max_samples=1,
    )
    assert log.status == "success", log.error
    samples = {str(s.id): s for s in log.samples or ()}
    assert samples.keys() == set(QUESTIONS)
    for sample_id, code in zip(QUESTIONS, ("CODE-0003", "CODE-0007"), strict=True):
        sample = samples[sample_id]
        assert _tools_offered(sample) == {"search"}
        [found] = _tool_results(sample)
        assert code in found  # the memory the harness ingested, read by the agent's own call
        score = sample.scores["recall_judge"]  # type: ignore[index]
        assert score.answer == code and score.value["correctness"] == 3  # type: ignore[index]
        assert score.value["recall@5"] != score.value["recall@5"]  # type: ignore[index]  # NaN


SERVER_MEMORY = os.environ.get("RECALLBENCH_SERVER_MEMORY", "")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.skipif(
    not SERVER_MEMORY or not Path(SERVER_MEMORY).exists(),
    reason="@modelcontextprotocol/server-memory is not installed: npm install --prefix DIR "
    "@modelcontextprotocol/server-memory and set RECALLBENCH_SERVER_MEMORY=DIR (.ci/run does)",
)
def test_the_agent_against_the_reference_memory_server(tiny_data: Path, tmp_path: Path) -> None:
    """``mcp:server-memory``: the agent gets the server's read-only tools (its annotations say
    which), and its graph holds the days the adapter ingested."""
    model = scripted(("search_nodes", {"query": "CODE-0007"}), "CODE-0007")
    log = run_task(
        tmp_path / "logs",
        model=model,
        data=str(tiny_data),
        arcs="arcs-30d.yaml",
        ranges="10d",
        adapter="mcp:server-memory",
        solver="agent",
        sample_id=QUESTIONS[1],
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert _tools_offered(sample) == {"read_graph", "search_nodes", "open_nodes"}
    [found] = _tool_results(sample)
    assert "day-0007" in found and "CODE-0007" in found
    assert sample.scores["recall_judge"].value["correctness"] == 3  # type: ignore[index]
