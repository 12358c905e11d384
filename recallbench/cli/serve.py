"""``recallbench serve``: expose a Python adapter over gRPC (the ``proto/`` memory service).

Any adapter ``run --adapter`` takes (``builtin:NAME``, ``pkg.module[:attr]``, ``path/to/file.py[:attr]``)
is built once and served one lifecycle at a time, so that ``recallbench run --adapter
grpc://HOST:PORT`` (or any other harness speaking the proto) can benchmark it from another process or
machine. Prints one line once it accepts calls (stdout, flushed)::

    recallbench serve: builtin:bm25 listening on 127.0.0.1:50052

and logs one line per lifecycle to stderr. A lifecycle belongs to the client that set it up (its
lifecycle token, or its connection); one whose client has gone (connection closed, or no call for
``--lifecycle-idle-timeout`` seconds) is torn down by the server. Beyond loopback it needs TLS
(``--tls-cert``/``--tls-key``) or a shared token (``--token-file``), or ``--insecure``. SIGINT
(Ctrl-C) or SIGTERM stops it gracefully: calls in flight get ``--grace`` seconds, a lifecycle left
active is torn down, and it exits 0.

Exit codes: 0 stopped by a signal; 2 a bad adapter spec, an address that cannot be bound, a bind
beyond loopback without TLS, token or ``--insecure``, or a token or TLS file that cannot be read.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from pathlib import Path
from typing import Any

from ..errors import ConfigError

__all__ = ["register"]

DEFAULT_PORT = 50052
"""The reference's port (kept in step with :data:`recallbench.adapters.grpc.server.DEFAULT_PORT`, which this
module does not import: building the parser must not import grpc)."""
DEFAULT_IDLE_TIMEOUT = 600.0
"""Kept in step with :data:`recallbench.adapters.grpc.servicer.DEFAULT_IDLE_TIMEOUT`."""
DEFAULT_MAX_MESSAGE_MB = 64.0
"""Kept in step with :data:`recallbench.adapters.grpc.limits.DEFAULT_MAX_MESSAGE_MB`."""


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    return value  # 0 to 65535, checked with every bound (recallbench._bounds)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"expected seconds ≥ 0, got {text!r}")
    return value


def _mebibytes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected MiB, got {text!r}") from None
    return value  # above 0 and at most 2047, checked with every bound (recallbench._bounds)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="serve a Python adapter over gRPC",
        description="Serve a memory system written in Python over gRPC (the memory service of proto/), one "
        "lifecycle at a time, for `recallbench run --adapter grpc://HOST:PORT` or any other client "
        "of the proto. Stops gracefully on Ctrl-C or SIGTERM.",
    )
    p.add_argument(
        "--adapter",
        required=True,
        metavar="SPEC",
        help="builtin:NAME (bm25, fts5, recency, null, random, oracle, echo-reference), "
        "pkg.module[:attr] or path/to/file.py[:attr]: an adapter object, class or factory (built "
        "once, called with the profile's harness.config)",
    )
    p.add_argument(
        "--profile",
        type=Path,
        metavar="PATH",
        help="YAML profile whose harness.config is passed to the adapter class or factory",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="interface to listen on (default 127.0.0.1, loopback: local clients only); beyond "
        "loopback, TLS or --token-file is required unless --insecure",
    )
    p.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one, printed at start)",
    )
    p.add_argument(
        "--grace",
        type=_seconds,
        default=5.0,
        metavar="SECONDS",
        help="at shutdown, how long calls in flight may take to finish (default 5)",
    )
    p.add_argument(
        "--lifecycle-idle-timeout",
        type=_seconds,
        default=DEFAULT_IDLE_TIMEOUT,
        metavar="SECONDS",
        help="tear down a lifecycle that has seen no call for this long, its client presumed gone "
        f"(default {DEFAULT_IDLE_TIMEOUT:g}; 0: never). A lifecycle whose client's connection "
        "closed is torn down at once, whatever this says",
    )
    p.add_argument(
        "--max-message-mb",
        type=_mebibytes,
        default=DEFAULT_MAX_MESSAGE_MB,
        metavar="MIB",
        help=f"largest message taken or sent, e.g. a day log (default {DEFAULT_MAX_MESSAGE_MB:g}; "
        "gRPC's own default is 4)",
    )
    p.add_argument(
        "--token-file",
        type=Path,
        metavar="PATH",
        help="a file holding a shared secret every call must carry as 'authorization: Bearer "
        "<token>' metadata (recallbench's client: RECALLBENCH_GRPC_TOKEN); calls without it fail "
        "with UNAUTHENTICATED",
    )
    p.add_argument(
        "--tls-cert",
        type=Path,
        metavar="PATH",
        help="serve TLS with this PEM certificate chain (with --tls-key); clients use grpcs://",
    )
    p.add_argument("--tls-key", type=Path, metavar="PATH", help="the PEM private key of --tls-cert")
    p.add_argument(
        "--insecure",
        action="store_true",
        help="allow listening beyond loopback with neither TLS nor a token: anyone who can reach "
        "the port can drive the memory system",
    )
    p.set_defaults(handler=serve)


def serve(args: argparse.Namespace) -> int:
    from ..adapters.grpc.security import ServerSecurity, check_bind
    from ..harness.loading import adapter_factory, is_grpc_spec

    spec = args.adapter.strip()
    if is_grpc_spec(spec):
        raise ConfigError(
            f'--adapter "{spec}" is a gRPC server already; serve a Python adapter '
            "(builtin:NAME, pkg.module[:attr] or path/to/file.py[:attr])"
        )
    config: dict[str, Any] | None = None
    if args.profile is not None:
        from ..harness.profile import apply_profile_env, load_profile
        from .run import harness_config_of

        profile = load_profile(args.profile)
        apply_profile_env(profile)
        config = harness_config_of(profile)
    builder = adapter_factory(spec, config)
    security = ServerSecurity.from_files(
        token_file=args.token_file,
        tls_cert=args.tls_cert,
        tls_key=args.tls_key,
        insecure=args.insecure,
    )
    check_bind(args.host, security)  # open_server checks too; here it fails before any start-up

    # The command line is the application: it may show the library's log lines (the library
    # itself never configures logging). One line per lifecycle, and warnings, on stderr.
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger = logging.getLogger("recallbench")
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        import anyio

        anyio.run(_serve, builder, spec, args, security, backend="asyncio")
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)
    return 0


async def _serve(builder: Any, spec: str, args: argparse.Namespace, security: Any) -> None:
    import anyio

    from ..adapters.grpc.server import open_server

    def say(line: str, stream: Any = sys.stderr) -> None:
        print(f"recallbench serve: {line}", file=stream, flush=True)

    guards = [name for name, on in (("TLS", security.tls), ("token", security.token)) if on]
    guarded = f" ({', '.join(guards)})" if guards else ""

    def server() -> Any:
        return open_server(
            builder,
            args.host,
            args.port,
            grace=args.grace,
            idle_timeout=args.lifecycle_idle_timeout,
            max_message_mb=args.max_message_mb,
            security=security,
        )

    if sys.platform == "win32":  # no signal receivers on Windows' event loop: Ctrl-C ends it
        async with server() as listening:
            say(f"{spec} listening on {listening.address}{guarded}", sys.stdout)
            await anyio.sleep_forever()
        return
    # The handlers are installed before the server starts, so a signal sent the moment the
    # "listening" line appears (what a supervisor or a test does) already means a graceful stop,
    # never Python's default death by SIGTERM. They stay installed while the server shuts down,
    # so a second Ctrl-C cannot cut the shutdown short (it is bounded by --grace anyway).
    with anyio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
        async with server() as listening:
            name = f" ({listening.adapter_name})" if listening.adapter_name != spec else ""
            say(f"{spec}{name} listening on {listening.address}{guarded}", sys.stdout)
            async for signum in signals:
                say(
                    f"{signal.Signals(signum).name}: shutting down (calls in flight get "
                    f"{args.grace:g} s)"
                )
                break
        # Leaving open_server stopped the server and tore down any lifecycle left active.
        say("stopped")
