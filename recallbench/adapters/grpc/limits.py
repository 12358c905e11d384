"""How large a gRPC message may be, on both sides. Pure: importing this module imports no grpc.

gRPC refuses a received message over 4 MiB unless told otherwise (``RESOURCE_EXHAUSTED``), and a
day log can pass that while it runs fine in process. recallbench's client and server both raise the
cap, for what they send and what they take, to :data:`DEFAULT_MAX_MESSAGE_MB` unless told another
(``recallbench serve --max-message-mb``, ``GrpcAdapter(max_message_mb=...)``). A peer of another
make keeps its own cap: a reference client or server still refuses more than 4 MiB.
"""

from __future__ import annotations

from ...errors import ConfigError

__all__ = ["DEFAULT_MAX_MESSAGE_MB", "GRPC_DEFAULT_MAX_MESSAGE_MB", "message_options"]

DEFAULT_MAX_MESSAGE_MB = 64.0
"""The largest message recallbench takes or sends over gRPC, in MiB: far above any shipped day."""
GRPC_DEFAULT_MAX_MESSAGE_MB = 4.0
"""gRPC's own cap on a received message, which peers of other makes (the reference's) keep."""
_MAX_MESSAGE_BYTES = 2**31 - 1  # gRPC's channel arguments are C ints


def message_options(max_message_mb: float) -> list[tuple[str, int]]:
    """gRPC channel (and server) options capping messages at ``max_message_mb`` MiB both ways.

    Raises:
        ConfigError: the cap is not positive, or more than gRPC can take (2 GiB).
    """
    if not max_message_mb > 0:
        raise ConfigError(f"the gRPC message cap must be positive, got {max_message_mb!r} MiB")
    size = int(max_message_mb * 1024 * 1024)
    if size > _MAX_MESSAGE_BYTES:
        raise ConfigError(f"the gRPC message cap must be under 2048 MiB, got {max_message_mb:g}")
    return [("grpc.max_receive_message_length", size), ("grpc.max_send_message_length", size)]
