"""How a gRPC client adapter connects, as one small record (the command line's ``--grpc-*`` flags).
Pure: importing this module imports no grpc."""

from __future__ import annotations

from pathlib import Path

import attrs

__all__ = ["GrpcClientOptions"]


@attrs.frozen(kw_only=True)
class GrpcClientOptions:
    """Connection settings of ``grpc://`` / ``grpcs://`` adapters; None leaves each to the adapter's
    config (``caFile``, ``tokenFile``, ``maxMessageMb``) or its default.

    Attributes:
        timeout: seconds per RPC (default 120).
        ca_file: a PEM CA file a ``grpcs://`` adapter trusts.
        token_file: a file holding the shared secret a ``serve --token-file`` server asks for
            (else ``$RECALLBENCH_GRPC_TOKEN``).
        max_message_mb: the largest message sent or taken, in MiB (default 64).
        unary: True: the six unary RPCs only, never the ``Session`` stream (``--grpc-unary``);
            None: the adapter's config ``unary``, else the stream when the server has it.
    """

    timeout: float | None = None
    ca_file: str | Path | None = None
    token_file: str | Path | None = None
    max_message_mb: float | None = None
    unary: bool | None = None
