"""Which client connections a grpc.aio server holds open, read from gRPC's channelz.

grpc.aio tells a handler who is calling (``context.peer()``, e.g. ``ipv4:127.0.0.1:53124``: the
client's address and port, one per connection) but has no event for a connection closing. A
lifecycle whose client died between calls would never learn it. gRPC's C core keeps the list
anyway, for its channelz introspection service: one socket per open connection of each server,
named ``chttp2 <peer>`` with the very string ``context.peer()`` returns. A connection closed by its
client (the process exited, was killed, or closed its channel: the kernel closes the socket and
the server reads the end at once) leaves that list within milliseconds.

The functions used are grpcio's own (``grpc._cython.cygrpc.channelz_*``, what the public
``grpcio-channelz`` package serves); they are not a documented Python API, so every read is
defensive: anything unexpected makes :meth:`ConnectionWatch.open_peers` return None ("cannot
tell"), and the server then relies on its idle timeout alone. ``tests/test_grpc_ownership.py``
checks that they work with the grpcio version we pin.
"""

from __future__ import annotations

import json
import logging
from typing import Any

__all__ = ["ConnectionWatch", "server_ids"]

log = logging.getLogger("recallbench")

_PAGE = 100
_SOCKET_PREFIX = "chttp2 "


def _cygrpc() -> Any:
    from grpc._cython import cygrpc  # type: ignore[attr-defined]

    return cygrpc


def server_ids() -> frozenset[int] | None:
    """The channelz ids of every gRPC server of this process, or None when they cannot be read."""
    try:
        cygrpc = _cygrpc()
        ids: set[int] = set()
        start = 0
        while True:
            page = json.loads(cygrpc.channelz_get_servers(start))
            servers = page.get("server", [])
            ids.update(int(s["ref"]["serverId"]) for s in servers)
            if page.get("end", True) or not servers:
                return frozenset(ids)
            start = max(ids) + 1
    except Exception as exc:  # a private API: a change in it must not break serving
        log.debug("[serve] channelz servers unreadable: %s: %s", type(exc).__name__, exc)
        return None


class ConnectionWatch:
    """The open connections of one server (or, when it could not be told apart, of every server
    of this process).

    Create it around the server's creation: ``before = server_ids()``, create the server, then
    ``ConnectionWatch(before)``; the one server id that appeared in between is the new server's.

    Args:
        before: :func:`server_ids` just before the server was created.
    """

    def __init__(self, before: frozenset[int] | None) -> None:
        after = server_ids()
        new = (after - before) if after is not None and before is not None else frozenset()
        # Exactly one new server is ours. Anything else (another thread created one meanwhile, or
        # channelz is off): look at every server's connections, where a client port shared by two
        # live connections to two servers of this process is possible but unlikely.
        self.server_id: int | None = next(iter(new)) if len(new) == 1 else None

    def open_peers(self) -> frozenset[str] | None:
        """The peers (``context.peer()`` strings) with an open connection; None when unknown."""
        ids: frozenset[int] | None
        ids = frozenset([self.server_id]) if self.server_id is not None else server_ids()
        if ids is None:
            return None
        try:
            cygrpc = _cygrpc()
            peers: set[str] = set()
            for server_id in ids:
                start = 0
                while True:
                    page = json.loads(cygrpc.channelz_get_server_sockets(server_id, start, _PAGE))
                    refs = page.get("socketRef", [])
                    for ref in refs:
                        name = str(ref["name"])
                        if not name.startswith(_SOCKET_PREFIX):
                            # Not the naming we know: better "cannot tell" than "all closed".
                            raise ValueError(f"unexpected channelz socket name {name!r}")
                        peers.add(name.removeprefix(_SOCKET_PREFIX))
                    if page.get("end", True) or not refs:
                        break
                    start = max(int(ref["socketId"]) for ref in refs) + 1
            return frozenset(peers)
        except Exception as exc:  # a private API: a change in it must not break serving
            log.debug("[serve] channelz sockets unreadable: %s: %s", type(exc).__name__, exc)
            return None
