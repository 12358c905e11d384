"""Memory systems over gRPC (``MemoryBenchService``, reference §7), in both directions.

``grpc://host[:port]`` and ``grpcs://host[:port]`` adapter specs resolve to a
:class:`~recallbench.adapters.grpc.client.GrpcAdapter`, the client that makes any server an adapter;
:mod:`.server` (``recallbench serve``) exposes any Python adapter to clients in any language. Importing this package is cheap: grpc itself is
imported only when the client (or server) module is, which the names below do on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import GrpcDeadlineExceeded, GrpcError, GrpcNotFound
from .limits import DEFAULT_MAX_MESSAGE_MB
from .options import GrpcClientOptions
from .url import DEFAULT_GRPC_HOST, DEFAULT_GRPC_PORT, GrpcTarget, parse_grpc_url

if TYPE_CHECKING:
    from .client import DEFAULT_GRPC_RETRY, DEFAULT_GRPC_TIMEOUT, GrpcAdapter

__all__ = [
    "DEFAULT_GRPC_HOST",
    "DEFAULT_GRPC_PORT",
    "DEFAULT_GRPC_RETRY",
    "DEFAULT_GRPC_TIMEOUT",
    "DEFAULT_MAX_MESSAGE_MB",
    "GrpcAdapter",
    "GrpcClientOptions",
    "GrpcDeadlineExceeded",
    "GrpcError",
    "GrpcNotFound",
    "GrpcTarget",
    "parse_grpc_url",
]

_FROM_CLIENT = ("DEFAULT_GRPC_RETRY", "DEFAULT_GRPC_TIMEOUT", "GrpcAdapter")


def __getattr__(name: str) -> Any:
    # Lazy: the client imports grpc and the generated stubs.
    if name in _FROM_CLIENT:
        from . import client

        return getattr(client, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
