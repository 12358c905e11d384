"""Who may talk to a served memory system: the shared token, TLS and the bind rule.

A server bound to loopback can be reached by local processes only; one bound beyond it (``0.0.0.0``,
a LAN address) by anyone on the network. :func:`check_bind` refuses the second without TLS or a
shared token unless told it is meant (``insecure``). The token, a shared secret
(``serve --token-file``), is sent by clients as gRPC metadata on every call::

    authorization: Bearer <token>

and a call without it, or with another, fails with ``UNAUTHENTICATED`` before any handler runs.
Without TLS the token crosses the network in clear text: it keeps out callers who do not know it,
not listeners on the path.

This is separate from the lifecycle token (``SetupResponse.lifecycle_token``), which tells the
clients of one server apart (see :mod:`.servicer`).
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import attrs
import grpc
import grpc.aio

from ...errors import ConfigError

__all__ = [
    "TOKEN_METADATA_KEY",
    "ServerSecurity",
    "bearer",
    "check_bind",
    "check_token",
    "is_loopback",
    "read_token",
]

log = logging.getLogger("recallbench")

TOKEN_METADATA_KEY = "authorization"
"""The metadata key carrying the shared token, as ``Bearer <token>``."""


def bearer(token: str) -> str:
    """The metadata value carrying a shared token."""
    return f"Bearer {token}"


def check_token(token: str, origin: str) -> str:
    """The token, checked: one word of printable ASCII (what gRPC metadata can carry).

    Raises:
        ConfigError: it is empty or is not one word of printable ASCII; ``origin`` says where it
            came from.
    """
    if not token:
        raise ConfigError(f"{origin} is empty: put the shared token in it")
    # Metadata values are printable ASCII; a space or a second line is almost surely a mistake.
    if not all(33 <= ord(c) <= 126 for c in token):
        raise ConfigError(
            f"{origin}: the token must be one word of printable ASCII (no spaces or "
            "control characters)"
        )
    return token


def read_token(path: str | os.PathLike[str]) -> str:
    """The shared token in a file: its content without surrounding whitespace.

    Raises:
        ConfigError: the file cannot be read, is empty, or holds more than one word of printable
            ASCII.
    """
    origin = f"the token file {os.fspath(path)}"
    try:
        text = Path(path).expanduser().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {origin}: {exc}") from None
    return check_token(text.strip(), origin)


def _read_pem(path: str | os.PathLike[str], what: str) -> bytes:
    try:
        data = Path(path).expanduser().read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read the TLS {what} {os.fspath(path)}: {exc}") from None
    if b"-----BEGIN " not in data:
        raise ConfigError(f"the TLS {what} {os.fspath(path)} is not PEM")
    return data


@attrs.frozen(kw_only=True)
class ServerSecurity:
    """How a server admits its clients.

    Attributes:
        token: a shared secret every call must carry (``authorization: Bearer <token>``
            metadata); None admits every caller.
        certificate_chain: the server's PEM certificate chain, to serve TLS (with
            ``private_key``); None serves plain text.
        private_key: the PEM private key of ``certificate_chain``.
        insecure: allow a bind beyond loopback with neither TLS nor a token.
    """

    token: str | None = attrs.field(default=None)
    certificate_chain: bytes | None = None
    private_key: bytes | None = None
    insecure: bool = False

    @token.validator
    def _token_ok(self, _attribute: object, value: str | None) -> None:
        if value is not None:
            check_token(value, "the token")

    def __attrs_post_init__(self) -> None:
        if (self.certificate_chain is None) != (self.private_key is None):
            raise ConfigError("TLS needs both a certificate chain and its private key")

    @classmethod
    def from_files(
        cls,
        *,
        token_file: str | os.PathLike[str] | None = None,
        tls_cert: str | os.PathLike[str] | None = None,
        tls_key: str | os.PathLike[str] | None = None,
        insecure: bool = False,
    ) -> ServerSecurity:
        """Read the token and the TLS identity from files (``serve --token-file``,
        ``--tls-cert``, ``--tls-key``).

        Raises:
            ConfigError: a file cannot be read or is malformed, or only one of the TLS files is
                given.
        """
        if (tls_cert is None) != (tls_key is None):
            raise ConfigError("TLS needs both --tls-cert and --tls-key")
        return cls(
            token=read_token(token_file) if token_file is not None else None,
            certificate_chain=_read_pem(tls_cert, "certificate") if tls_cert is not None else None,
            private_key=_read_pem(tls_key, "key") if tls_key is not None else None,
            insecure=insecure,
        )

    @property
    def tls(self) -> bool:
        """Whether the server serves TLS."""
        return self.certificate_chain is not None

    def credentials(self) -> grpc.ServerCredentials | None:
        """The TLS credentials to bind with, or None for plain text."""
        if self.certificate_chain is None or self.private_key is None:
            return None
        return grpc.ssl_server_credentials([(self.private_key, self.certificate_chain)])

    def interceptors(self) -> list[grpc.aio.ServerInterceptor]:
        """The interceptor checking the shared token, when there is one."""
        return [_RequireToken(self.token)] if self.token is not None else []


def is_loopback(host: str) -> bool:
    """Whether every address ``host`` names is a loopback address (``localhost``, ``127.x``,
    ``::1``); the wildcard (``0.0.0.0``, ``::``, empty) and unresolvable names are not."""
    name = host.strip().strip("[]")
    if not name:
        return False
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    except OSError:
        return False
    addresses = {info[4][0] for info in infos}
    return bool(addresses) and all(
        ipaddress.ip_address(str(a).split("%", 1)[0]).is_loopback for a in addresses
    )


def check_bind(host: str, security: ServerSecurity) -> None:
    """Refuse to serve beyond loopback with neither TLS nor a shared token, unless ``insecure``.

    Raises:
        ConfigError: with one line saying what to do.
    """
    if security.insecure or security.tls or security.token is not None or is_loopback(host):
        return
    raise ConfigError(
        f"refusing to listen on {host}, which is not loopback, with neither TLS nor a token: "
        "anyone who can reach it could drive the memory system; give --tls-cert and --tls-key, "
        "or --token-file, or --insecure if that is meant"
    )


_Request = TypeVar("_Request")
_Response = TypeVar("_Response")


class _RequireToken(grpc.aio.ServerInterceptor):
    """Refuses, with ``UNAUTHENTICATED``, every call that does not carry the shared token."""

    def __init__(self, token: str) -> None:
        self._expected = bearer(token).encode("ascii")
        self._warned: set[str] = set()
        self._deny: grpc.RpcMethodHandler[Any, Any] = grpc.unary_unary_rpc_method_handler(
            self._refuse
        )
        # The Session stream is refused as a stream: a unary refusal would read its first message
        # as a whole request.
        self._deny_stream: grpc.RpcMethodHandler[Any, Any] = grpc.stream_stream_rpc_method_handler(
            self._refuse_stream
        )

    async def intercept_service(
        self,
        continuation: Callable[
            [grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler[_Request, _Response] | None]
        ],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[_Request, _Response] | None:
        for key, value in handler_call_details.invocation_metadata or ():
            if key == TOKEN_METADATA_KEY and isinstance(value, str):
                # Constant time: the comparison must not tell a caller how much it got right.
                if hmac.compare_digest(value.encode("utf-8", "replace"), self._expected):
                    return await continuation(handler_call_details)
                break
        if handler_call_details.method.endswith("/Session"):
            return self._deny_stream
        return self._deny

    async def _refuse_stream(
        self, requests: object, context: grpc.aio.ServicerContext[Any, Any]
    ) -> None:
        await self._refuse(None, context)

    async def _refuse(self, request: object, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        peer = context.peer()
        if peer not in self._warned and len(self._warned) < 100:  # one line per caller, bounded
            self._warned.add(peer)
            log.warning("[serve] refused a call from %s: no valid token", peer)
        await context.abort(
            grpc.StatusCode.UNAUTHENTICATED,
            "this server needs its token on every call (metadata "
            f"'{TOKEN_METADATA_KEY}: Bearer <token>'; recallbench's client sends the "
            "RECALLBENCH_GRPC_TOKEN environment variable)",
        )
