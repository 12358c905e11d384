"""``grpc://host[:port]`` and ``grpcs://host[:port]`` adapter URLs (reference §7). Pure: no grpc.

The reference's rules, kept: the URL must start with ``grpc://``; the host is the text before the
last ``:``; a missing port means 50052; a port that is not a number is an error. Ours besides:
``grpcs://`` for TLS; IPv6 hosts in brackets (``grpc://[::1]:50052``); an empty host means
``127.0.0.1``; the scheme is matched in any case; a single trailing ``/`` is ignored.
"""

from __future__ import annotations

import attrs

from ...errors import ConfigError

__all__ = [
    "DEFAULT_GRPC_HOST",
    "DEFAULT_GRPC_PORT",
    "GrpcTarget",
    "parse_grpc_url",
]

DEFAULT_GRPC_PORT = 50052
"""The port of a URL that names none (the reference's; chosen to avoid grpc's customary 50051)."""
DEFAULT_GRPC_HOST = "127.0.0.1"
"""The host of a URL that names none (``grpc://:50052``)."""

_SCHEMES = {"grpc://": False, "grpcs://": True}


def _valid_port(_i: object, _a: object, port: int) -> None:
    if not 0 < port < 65536:
        raise ValueError(f"port must be in 1..65535, got {port}")


@attrs.frozen(kw_only=True)
class GrpcTarget:
    """Where a gRPC memory server listens.

    Attributes:
        host: a host name or address, IPv6 without brackets (``::1``).
        port: the TCP port.
        tls: whether to connect with TLS (``grpcs://``).
    """

    host: str
    port: int = attrs.field(default=DEFAULT_GRPC_PORT, validator=_valid_port)
    tls: bool = False

    @property
    def address(self) -> str:
        """``host:port`` as grpc takes it, an IPv6 host in brackets (``[::1]:50052``)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def url(self) -> str:
        """The canonical URL: ``grpc://host:port`` or ``grpcs://host:port``."""
        return f"{'grpcs' if self.tls else 'grpc'}://{self.address}"

    def __str__(self) -> str:
        return self.url


def _invalid(url: str, why: str) -> ConfigError:
    return ConfigError(
        f'Invalid gRPC URL: "{url}" ({why}; expected grpc://host[:port] or grpcs://)'
    )


def parse_grpc_url(url: str) -> GrpcTarget:
    """Parse a ``grpc://host[:port]`` or ``grpcs://host[:port]`` URL.

    Args:
        url: the adapter spec, e.g. ``grpc://127.0.0.1:50052``, ``grpcs://memory.example:443``,
            ``grpc://[::1]``.

    Returns:
        The target; port 50052 when the URL names none, host ``127.0.0.1`` when it names none.

    Raises:
        ConfigError: ``Invalid gRPC URL: …`` for another scheme, an unbracketed IPv6 address or
            anything after the port; ``Invalid port in gRPC URL: …`` for a port that is not a
            number from 1 to 65535.
    """
    text = url.strip()
    lowered = text.lower()
    scheme = next((s for s in _SCHEMES if lowered.startswith(s)), None)
    if scheme is None:
        raise _invalid(url, "it must start with grpc:// or grpcs://")
    rest = text[len(scheme) :]
    if rest.endswith("/"):
        rest = rest[:-1]
    if rest.startswith("["):
        close = rest.find("]")
        if close < 0:
            raise _invalid(url, "an IPv6 address is missing its closing ]")
        host, after = rest[1:close], rest[close + 1 :]
        if after and not after.startswith(":"):
            raise _invalid(url, f'unexpected "{after}" after the address')
        port_text: str | None = after[1:] if after else None
    else:
        head, sep, tail = rest.rpartition(":")
        host, port_text = (head, tail) if sep else (rest, None)
        if ":" in host:
            raise _invalid(url, "an IPv6 address must be in brackets, e.g. grpc://[::1]:50052")
    if not host:
        host = DEFAULT_GRPC_HOST
    if any(c in host for c in "/?#@[] \t"):
        raise _invalid(url, f'"{host}" is not a host name or address')
    if port_text is None or port_text == "":
        port = DEFAULT_GRPC_PORT
    else:
        if not (port_text.isascii() and port_text.isdigit()) or not 0 < int(port_text) < 65536:
            raise ConfigError(
                f'Invalid port in gRPC URL: "{url}" (the port must be a number from 1 to 65535, '
                f'got "{port_text}")'
            )
        port = int(port_text)
    return GrpcTarget(host=host, port=port, tls=_SCHEMES[scheme])
