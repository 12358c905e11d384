"""*Agent uses memory* (``-T solver=agent``): the model calls the memory server's tools itself.

The memory is the one the harness ingested: the task's adapter must be the MCP adapter
(``mcp:<preset>`` or ``mcp:config.yaml``), and the agent reaches the same server through inspect's
MCP support — a server run over stdio is started again by inspect over the unit's data folder,
where the adapter's server keeps the state it was given (as the presets' servers do); a server
reached over HTTP is the same server, at the same URL. The agent is given the server's read-only
tools (those whose MCP annotations say ``readOnlyHint``; a server that annotates none, the mapping's
search tool alone), so no sample changes what the next one reads, and loops over them until it
answers (:data:`~.prompts.AGENT_SYSTEM`).

The answer is judged as any other; no retrieval is reported (the agent, not the memory system,
decides what it reads), so the retrieval metrics leave these answers out.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from typing import Any

import attrs
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolSource, mcp_connection, mcp_server_http, mcp_server_stdio, mcp_tools

from ..adapters.base import QueryDetail
from .params import TaskInputError
from .prompts import AGENT_SYSTEM, agent_prompt
from .solvers import question_date
from .state import Answer, IngestionState

__all__ = ["ServerAccess", "agent_uses_memory", "check_agent_adapter", "server_access"]


def check_agent_adapter(spec: str) -> None:
    """Refuse, in one line, an adapter the agent mode cannot reach.

    Raises:
        TaskInputError: ``spec`` is not an MCP adapter spec.
    """
    from ..harness.loading import is_mcp_spec

    if not is_mcp_spec(spec):
        raise TaskInputError(
            f"-T solver=agent needs the memory behind an MCP server: -T adapter=mcp:<preset> or "
            f"mcp:path/to/config.yaml (got -T adapter={spec})"
        )


@attrs.frozen(kw_only=True)
class ServerAccess:
    """How the agent reaches the memory server a unit's adapter ingested into, and which tools it
    may call."""

    name: str
    tools: tuple[str, ...]
    command: str | None = None
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = attrs.field(factory=dict)
    cwd: str | None = None
    url: str | None = None
    headers: Mapping[str, str] = attrs.field(factory=dict)

    def tool_source(self) -> ToolSource:
        """The server's allowed tools, through inspect's MCP client."""
        if self.command is not None:
            server = mcp_server_stdio(
                name=f"memory ({self.name})",
                command=self.command,
                args=list(self.args),
                env=dict(self.env) or None,
                cwd=self.cwd,
            )
        else:
            assert self.url is not None
            server = mcp_server_http(
                name=f"memory ({self.name})", url=self.url, headers=dict(self.headers) or None
            )
        return mcp_tools(server, tools=list(self.tools))


async def server_access(adapter: Any) -> ServerAccess:
    """The server an MCP adapter holds, and its tools the agent may call.

    Raises:
        TypeError: the adapter is not the MCP adapter.
    """
    from ..adapters.mcp.adapter import McpAdapter
    from ..adapters.mcp.results import fill

    if not isinstance(adapter, McpAdapter) or adapter.session is None:
        raise TypeError(f"{getattr(adapter, 'name', adapter)!r} holds no MCP session")
    values = {"data_dir": str(adapter.data_dir) if adapter.data_dir else ""}

    def expand(template: str) -> str:
        return os.path.expandvars(str(fill(template, values)))

    server = adapter.config.server
    listed = await adapter.session.list_tools()
    read_only = tuple(
        tool.name
        for tool in listed.tools
        if getattr(tool.annotations, "read_only_hint", None) is True
    )
    return ServerAccess(
        name=adapter.config.name,
        tools=read_only or (adapter.config.search.tool,),
        command=expand(server.command) if server.command is not None else None,
        args=tuple(expand(a) for a in server.args),
        env={k: expand(v) for k, v in server.env.items()},
        cwd=expand(server.cwd) if server.cwd else None,
        url=expand(server.url) if server.url else None,
        headers={k: expand(v) for k, v in server.headers.items()},
    )


@solver
def agent_uses_memory(ingestion: IngestionState) -> Solver:
    """The model under evaluation answers with the memory server's read-only tools."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        question = ingestion.question(state.sample_id)
        access = await server_access(await ingestion.open(question))
        source = access.tool_source()
        date = question_date(ingestion, question)
        state.messages = [
            ChatMessageSystem(content=AGENT_SYSTEM),
            ChatMessageUser(content=agent_prompt(question.pair.question, date)),
        ]
        start = time.perf_counter()
        # One server process (or HTTP session) for the whole sample, closed when it ends.
        async with mcp_connection([source]):
            state.tools = list(await source.tools())
            state = await generate(state, tool_calls="loop")
        ingestion.answers[state.uuid] = Answer(
            detail=QueryDetail(answer=state.output.completion),
            latency_ms=(time.perf_counter() - start) * 1000,
        )
        return state

    return solve
