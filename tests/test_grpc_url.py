"""gRPC adapter URLs (reference §7): the pure parser, with property tests."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.adapters.grpc.url import DEFAULT_GRPC_PORT, GrpcTarget, parse_grpc_url
from recallbench.errors import ConfigError


@pytest.mark.parametrize(
    ("url", "host", "port", "tls"),
    [
        ("grpc://127.0.0.1:50052", "127.0.0.1", 50052, False),
        ("grpc://localhost", "localhost", 50052, False),
        ("grpc://memory.internal:9000", "memory.internal", 9000, False),
        ("grpcs://memory.example:443", "memory.example", 443, True),
        ("grpcs://memory.example", "memory.example", 50052, True),
        ("GRPC://Host:1", "Host", 1, False),
        ("  grpc://host:65535  ", "host", 65535, False),
        ("grpc://host:50053/", "host", 50053, False),
        ("grpc://host:", "host", 50052, False),
        ("grpc://:7000", "127.0.0.1", 7000, False),
        ("grpc://", "127.0.0.1", 50052, False),
        ("grpc://[::1]:50052", "::1", 50052, False),
        ("grpc://[::1]", "::1", 50052, False),
        ("grpcs://[2001:db8::7]:8443", "2001:db8::7", 8443, True),
    ],
)
def test_parse(url: str, host: str, port: int, tls: bool) -> None:
    assert parse_grpc_url(url) == GrpcTarget(host=host, port=port, tls=tls)


def test_default_port_is_the_references() -> None:
    assert DEFAULT_GRPC_PORT == 50052


def test_address_and_url_bracket_ipv6() -> None:
    target = GrpcTarget(host="::1", port=50052)
    assert target.address == "[::1]:50052"
    assert target.url == str(target) == "grpc://[::1]:50052"
    assert GrpcTarget(host="h", port=1, tls=True).url == "grpcs://h:1"


@pytest.mark.parametrize(
    "url",
    [
        "grpc://host:port",
        "grpc://host:50x",
        "grpc://host:-1",
        "grpc://host:0",
        "grpc://host:65536",
        "grpc://host:99999999999999999999",
        "grpc://host:50052/path",
        "grpc://host:１２３",  # full-width digits: isdigit() but not a port
        "grpc://[::1]:abc",
    ],
)
def test_invalid_port(url: str) -> None:
    with pytest.raises(ConfigError, match=r"^Invalid port in gRPC URL: ") as err:
        parse_grpc_url(url)
    assert url in str(err.value)


@pytest.mark.parametrize(
    "url",
    [
        "http://host:50052",
        "host:50052",
        "grpc:/host",
        "",
        "grpc://::1",
        "grpc://[::1",
        "grpc://[::1]x",
        "grpc://user@host:1",
        "grpc://a/b:1",
    ],
)
def test_invalid_url(url: str) -> None:
    with pytest.raises(ConfigError, match=r"^Invalid gRPC URL: "):
        parse_grpc_url(url)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="Invalid gRPC URL"):
        parse_grpc_url("tcp://x")


def test_target_rejects_out_of_range_port() -> None:
    with pytest.raises(ValueError, match="port"):
        GrpcTarget(host="h", port=0)


# -- properties ---------------------------------------------------------------------------------------

_label = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=12)
hostnames = st.lists(_label, min_size=1, max_size=4).map(".".join)
ipv4 = st.tuples(*[st.integers(0, 255)] * 4).map(lambda t: ".".join(map(str, t)))
ipv6 = st.lists(st.integers(0, 0xFFFF).map(lambda n: f"{n:x}"), min_size=8, max_size=8).map(
    ":".join
) | st.just("::1")
targets = st.builds(
    GrpcTarget,
    host=hostnames | ipv4 | ipv6,
    port=st.integers(1, 65535),
    tls=st.booleans(),
)


@given(targets)
def test_parse_inverts_url(target: GrpcTarget) -> None:
    assert parse_grpc_url(target.url) == target


@given(targets)
def test_omitted_port_means_the_default(target: GrpcTarget) -> None:
    scheme = "grpcs" if target.tls else "grpc"
    host = f"[{target.host}]" if ":" in target.host else target.host
    parsed = parse_grpc_url(f"{scheme}://{host}")
    assert parsed.port == DEFAULT_GRPC_PORT
    assert parsed.host == target.host


@given(st.text(max_size=40))
def test_anything_parses_or_raises_config_error(text: str) -> None:
    try:
        target = parse_grpc_url(text)
    except ConfigError as exc:
        message = str(exc)
    else:
        assert 0 < target.port < 65536
        assert parse_grpc_url(target.url) == target
        return
    assert message.startswith(("Invalid gRPC URL: ", "Invalid port in gRPC URL: "))


@given(hostnames | ipv4, st.integers(1, 65535), st.booleans())
def test_host_and_port_split_at_the_last_colon(host: str, port: int, tls: bool) -> None:
    scheme = "grpcs" if tls else "grpc"
    assert parse_grpc_url(f"{scheme}://{host}:{port}") == GrpcTarget(host=host, port=port, tls=tls)


def test_url_module_and_package_import_no_grpc() -> None:
    code = (
        "import json, sys; import recallbench.adapters.grpc, recallbench.adapters.grpc.url, recallbench.adapters.grpc.errors; "
        "print(json.dumps([m for m in ('grpc', 'anyio', 'google.protobuf') if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
