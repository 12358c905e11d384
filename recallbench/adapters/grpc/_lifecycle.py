"""What ``recallbench serve`` knows about the lifecycle in progress (:class:`Lifecycle`), whether a
call belongs to it (:func:`owns`), and an adapter's answer as a ``QueryResponse``
(:func:`query_response`): the servicer's records and small rules, apart from its handlers."""

from __future__ import annotations

import hmac
import json

import anyio
import attrs

from ..._proto import memory_bench_service_pb2 as pb
from ..base import QueryDetail
from ..lifespan import HeldAdapter

__all__ = ["Lifecycle", "owns", "query_response"]


@attrs.define(eq=False)
class Lifecycle:
    """What the server knows about the lifecycle in progress."""

    number: int
    token: str
    owner: str
    """The peer (``ipv4:127.0.0.1:PORT``) whose Setup started it."""
    started: float
    peers: set[str]
    """Connections that proved ownership: the Setup's, and any that carried the token since."""
    watched: bool
    """Whether the server could see the owner's connection when it started (see _connections)."""
    last_active: float
    in_flight: int = 0
    days: int = 0
    queries: int = 0
    failed_queries: int = 0
    memory_edits: int = 0
    """DeleteMemory and UpdateMemory calls that succeeded."""
    setup_error: str | None = None
    refused: set[str] = attrs.field(factory=set)
    """Peers whose Setup this lifecycle refused (for a clearer refusal of their later calls)."""
    ending: str | None = None
    """Why it is ending, once its teardown began (by its client, the server or a shutdown)."""
    ended: anyio.Event = attrs.field(factory=anyio.Event)
    holder: HeldAdapter | None = None
    """The task holding the adapter from setup to teardown (see :mod:`..lifespan`), when the
    server runs one (under ``open_server``)."""


def owns(lifecycle: Lifecycle, token: str, peer: str) -> bool:
    """Whether a call with this token (empty: none) on this connection belongs to the lifecycle."""
    if token:
        # Constant time: the comparison must not tell a caller how much of the token it got right.
        return hmac.compare_digest(token.encode(), lifecycle.token.encode())
    return peer in lifecycle.peers


def query_response(detail: QueryDetail) -> pb.QueryResponse:
    """The adapter's answer with its evidence, as the wire carries it."""
    response = pb.QueryResponse(
        answer=detail.answer, retrieval_reported=detail.retrieval is not None
    )
    for r in detail.retrieval or ():
        entry = response.retrieval.add(path=r.path, snippet=r.snippet or "")
        if r.score is not None:
            entry.score = float(r.score)
        if r.day is not None:
            entry.day_number = r.day
        if r.turn is not None:
            entry.turn = r.turn
    for t in detail.tool_calls:
        response.tool_calls.add(
            tool=t.tool,
            args_json=json.dumps(dict(t.args), ensure_ascii=False, default=str) if t.args else "",
            result_preview=t.result_preview or "",
        )
    return response
