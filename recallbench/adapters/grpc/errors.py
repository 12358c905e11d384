"""The errors of the gRPC client adapter. Pure: importing this module imports no grpc.

::

    AdapterError
    └── GrpcError                       an RPC ended with a non-OK status
        ├── GrpcDeadlineExceeded        … DEADLINE_EXCEEDED (also an AdapterTimeout, a TimeoutError)
        └── GrpcNotFound                … NOT_FOUND (also a KeyError: DeleteMemory, UpdateMemory)
"""

from __future__ import annotations

from ...errors import AdapterError, AdapterTimeout

__all__ = ["GrpcDeadlineExceeded", "GrpcError", "GrpcNotFound"]


class GrpcError(AdapterError):
    """An RPC to the memory server failed: ``gRPC <Method> failed: <details> (code: <CODE>)``.

    Attributes:
        method: the RPC, e.g. ``Setup`` or ``Query``.
        code: the status code's name, e.g. ``UNAVAILABLE``.
        details: the status details the server (or grpc) gave.
    """

    def __init__(self, method: str, code: str, details: str) -> None:
        self.method = method
        self.code = code
        self.details = details
        super().__init__(f"gRPC {method} failed: {details} (code: {code})")

    def __reduce__(self) -> tuple[type[GrpcError], tuple[str, str, str]]:
        return (type(self), (self.method, self.code, self.details))


class GrpcDeadlineExceeded(GrpcError, AdapterTimeout):
    """An RPC outlived its per-RPC deadline (``--grpc-timeout``)."""


class GrpcNotFound(GrpcError, KeyError):
    """The server holds no memory of the id a DeleteMemory or UpdateMemory named: a ``KeyError``,
    as an adapter in process raises."""

    def __str__(self) -> str:
        # KeyError's own __str__ would quote the message.
        return str(self.args[0]) if self.args else ""
