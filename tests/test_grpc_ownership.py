"""Lifecycles owned by their client (issue 19): the lifecycle token, token-less clients bound to their
connection, lifecycles torn down when their client has gone (a closed channel, the idle timeout), the
shared token, the bind rule and the message caps — each against a real grpc.aio server on a loopback
port, driven by the generated stubs, by a client built from reference §7 alone, and by the harness's
GrpcAdapter.

Killed client processes (SIGKILL, SIGTERM) and the ``serve`` flags are in ``test_grpc_interop.py``.
"""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import anyio
import grpc
import grpc.aio
import pytest
from _grpc_reference import ReferenceClient

from recallbench import RunConfig, RunOutput, run
from recallbench._proto import memory_bench_service_pb2 as pb
from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc
from recallbench.adapters.base import QueryDetail
from recallbench.adapters.grpc import GrpcAdapter, GrpcError
from recallbench.adapters.grpc._connections import ConnectionWatch, server_ids
from recallbench.adapters.grpc.security import ServerSecurity, is_loopback
from recallbench.adapters.grpc.server import Listening, MemoryBenchServicer, open_server
from recallbench.data.corpus import DayMetadata
from recallbench.data.persona import day_date
from recallbench.errors import ConfigError
from recallbench.testing import ScriptedAdapter, ScriptedJudge, day_code, write_persona


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


pytestmark = pytest.mark.usefixtures("one_grpc_event_loop")

DENIED = grpc.StatusCode.PERMISSION_DENIED


def _channel(address: str, *options: tuple[str, Any]) -> grpc.aio.Channel:
    # A connection of its own: the server tells token-less clients apart by their connection, and
    # two channels of one process would otherwise share one.
    return grpc.aio.insecure_channel(
        address, options=[("grpc.use_local_subchannel_pool", 1), *options]
    )


async def _status(call: Any) -> tuple[grpc.StatusCode, str]:
    """The status code and details of a call expected to fail."""
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call
    return info.value.code(), info.value.details() or ""


def _day(n: int, content: str = "", token: str = "") -> pb.IngestDayRequest:
    date = day_date("2026-01-01", n)
    return pb.IngestDayRequest(
        day_number=n,
        content=content or f"On {date} the access code was {day_code(n)}.\n",
        metadata=pb.DayMetadata(day_number=n, date=date, persona_id="tiny"),
        lifecycle_token=token,
    )


def _metadata(n: int) -> DayMetadata:
    return DayMetadata(day_number=n, date=day_date("2026-01-01", n), persona_id="tiny")


async def _until(condition: Callable[[], object], what: str, timeout: float = 10.0) -> None:
    with anyio.fail_after(timeout):
        while not condition():
            await anyio.sleep(0.02)


def _lines(caplog: pytest.LogCaptureFixture, text: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if text in r.getMessage()]


@pytest.fixture
async def scripted() -> AsyncIterator[tuple[ScriptedAdapter, Listening]]:
    adapter = ScriptedAdapter(name="scripted")
    async with open_server(adapter, port=0) as listening:
        yield adapter, listening


# -- the lifecycle token ---------------------------------------------------------------------------


@pytest.mark.anyio
async def test_setup_returns_a_fresh_token_that_the_lifecycles_calls_carry(
    scripted: tuple[ScriptedAdapter, Listening],
) -> None:
    adapter, listening = scripted
    async with _channel(listening.address) as channel:
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        first = (await stub.Setup(pb.SetupRequest())).lifecycle_token
        await stub.IngestDay(_day(1, token=first))
        await stub.FinalizeIngestion(pb.FinalizeIngestionRequest(lifecycle_token=first))
        answer = await stub.Query(pb.QueryRequest(question="2026-01-01?", lifecycle_token=first))
        await stub.Teardown(pb.TeardownRequest(lifecycle_token=first))
        second = (await stub.Setup(pb.SetupRequest())).lifecycle_token
        await stub.Teardown(pb.TeardownRequest(lifecycle_token=second))
    assert len(first) >= 32 and len(second) >= 32 and first != second
    assert day_code(1) in answer.answer
    assert adapter.count("teardown") == 2


@pytest.mark.anyio
async def test_an_intruder_without_or_with_a_wrong_token_is_denied(
    scripted: tuple[ScriptedAdapter, Listening], caplog: pytest.LogCaptureFixture
) -> None:
    adapter, listening = scripted
    async with _channel(listening.address) as mine, _channel(listening.address) as theirs:
        victim, intruder = (
            pb_grpc.MemoryBenchServiceStub(mine),
            pb_grpc.MemoryBenchServiceStub(theirs),
        )
        token = (await victim.Setup(pb.SetupRequest())).lifecycle_token
        await victim.IngestDay(_day(1, token=token))
        before = list(adapter.calls)
        for wrong in ("", "not-the-token", token[:-1]):
            for call in (
                intruder.IngestDay(_day(1, "On 2026-01-01 the access code was HACKED.", wrong)),
                intruder.FinalizeIngestion(pb.FinalizeIngestionRequest(lifecycle_token=wrong)),
                intruder.Query(pb.QueryRequest(question="2026-01-01?", lifecycle_token=wrong)),
                intruder.Teardown(pb.TeardownRequest(lifecycle_token=wrong)),
            ):
                code, details = await _status(call)
                assert code is DENIED, details
                assert "lifecycle 1" in details
        # Nothing reached the adapter; the victim's lifecycle and memory are intact.
        assert adapter.calls == before
        answer = await victim.Query(pb.QueryRequest(question="2026-01-01?", lifecycle_token=token))
        assert day_code(1) in answer.answer and "HACKED" not in answer.answer
        # Token-less calls on the connection that set the lifecycle up are the owner's.
        await victim.Query(pb.QueryRequest(question="2026-01-01?"))
        await victim.Teardown(pb.TeardownRequest(lifecycle_token=token))
    assert len(_lines(caplog, "[serve] refused")) == 12


class Intruding:
    """A GrpcAdapter for the harness that, once the victim's days are in, has an intruder on a
    connection of its own try to plant a false day, read an answer and end the lifecycle."""

    def __init__(self, inner: GrpcAdapter, statuses: list[grpc.StatusCode]) -> None:
        self.inner = inner
        self.statuses = statuses

    @property
    def name(self) -> str:
        return self.inner.name

    async def healthcheck(self) -> str:
        return await self.inner.healthcheck()

    async def setup(self) -> None:
        await self.inner.setup()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        await self.inner.ingest_day(day, content, metadata)

    async def finalize_ingestion(self) -> None:
        async with _channel(self.inner.target.address) as channel:
            stub = pb_grpc.MemoryBenchServiceStub(channel)
            for n in (3, 5):
                lie = f"On {day_date('2026-01-01', n)} the access code was HACKED-{n}.\n"
                self.statuses.append((await _status(stub.IngestDay(_day(n, lie))))[0])
            request = pb.QueryRequest(question=f"{day_date('2026-01-01', 3)}?")
            self.statuses.append((await _status(stub.Query(request)))[0])
            wrong = pb.TeardownRequest(lifecycle_token="guessed")
            self.statuses.append((await _status(stub.Teardown(wrong)))[0])
        await self.inner.finalize_ingestion()

    async def query_detail(self, question: str, *, session: str | None = None) -> QueryDetail:
        return await self.inner.query_detail(question, session=session)

    async def query(self, question: str) -> str:
        return await self.inner.query(question)

    async def teardown(self) -> None:
        await self.inner.teardown()


@pytest.mark.anyio
async def test_an_intruder_cannot_change_a_victims_run(tmp_path: Path) -> None:
    data = tmp_path / "personas"
    write_persona(data)
    config = RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,30d", lifecycle="incremental")
    statuses: list[grpc.StatusCode] = []

    async def questions(url: str, name: str, intrude: bool) -> list[tuple[Any, ...]]:
        def build() -> Any:
            adapter = GrpcAdapter(url)
            return Intruding(adapter, statuses) if intrude else adapter

        out = RunOutput(questions=tmp_path / f"{name}.jsonl")
        result = await run(build, data, judge=ScriptedJudge(), config=config, output=out)
        assert result.personas[0].error is None
        lines = (tmp_path / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        records = [json.loads(line) for line in lines]
        return [(r["checkpoint"], r["qa"]["id"], r["systemAnswer"], r["score"]) for r in records]

    async with open_server(ScriptedAdapter(name="memory"), port=0) as listening:
        url = f"grpc://{listening.address}"
        clean = await questions(url, "clean", intrude=False)
        attacked = await questions(url, "attacked", intrude=True)
    assert statuses == [DENIED] * 8  # 4 attempts at each of the two checkpoints
    assert attacked == clean
    assert not any("HACKED" in answer for _, _, answer, _ in attacked)
    assert any(day_code(3) in answer for _, _, answer, _ in attacked)


@pytest.mark.anyio
async def test_a_client_with_the_token_may_call_on_another_connection(
    scripted: tuple[ScriptedAdapter, Listening],
) -> None:
    adapter, listening = scripted
    async with _channel(listening.address) as first, _channel(listening.address) as second:
        a, b = pb_grpc.MemoryBenchServiceStub(first), pb_grpc.MemoryBenchServiceStub(second)
        token = (await a.Setup(pb.SetupRequest())).lifecycle_token
        await b.IngestDay(_day(2, token=token))  # e.g. a client that reconnected
        await first.close()  # the first connection goes: the lifecycle lives on in the second
        await anyio.sleep(1.2)  # over two looks of the watchdog
        answer = await b.Query(pb.QueryRequest(question="2026-01-02?", lifecycle_token=token))
        assert day_code(2) in answer.answer
        await b.Teardown(pb.TeardownRequest())  # token-less, on a connection that proved itself
    assert adapter.count("teardown") == 1


# -- a client built from reference §7 alone ---------------------------------------------------------


@pytest.mark.anyio
async def test_a_token_less_reference_client_works_and_is_bound_to_its_connection(
    scripted: tuple[ScriptedAdapter, Listening],
) -> None:
    adapter, listening = scripted
    async with _channel(listening.address) as mine, _channel(listening.address) as theirs:
        reference, other = ReferenceClient(mine), ReferenceClient(theirs)
        health = await reference.call("Healthcheck")
        assert (health.name, health.ready) == ("scripted", True)
        setup = await reference.call("Setup")
        assert setup.ListFields() == []  # our token is a field the reference skips
        for n in range(1, 31):
            content = f"On {day_date('2026-01-01', n)} the access code was {day_code(n)}.\n"
            await reference.ingest(n, content, day_date("2026-01-01", n))
        await reference.call("FinalizeIngestion")
        for n in (1, 17, 30):
            answer = await reference.call("Query", question=f"{day_date('2026-01-01', n)}?")
            assert day_code(n) in answer.answer
        # Another reference client, on its own connection, can neither start nor touch it.
        code, _ = await _status(other.call("Setup"))
        assert code is grpc.StatusCode.FAILED_PRECONDITION
        for method, fields in (
            ("IngestDay", {"day_number": 1, "content": "HACKED"}),
            ("Query", {"question": "2026-01-01?"}),
            ("Teardown", {}),
        ):
            code, details = await _status(other.call(method, **fields))
            assert code is DENIED, details
        await reference.call("Teardown")
        await other.call("Setup")  # free again
        await other.call("Teardown")
    assert adapter.count("ingest_day") == 30
    assert adapter.count("setup") == adapter.count("teardown") == 2


# -- a client gone: a closed channel, the idle timeout ----------------------------------------------


@pytest.mark.anyio
async def test_a_closed_channel_ends_its_lifecycle(
    scripted: tuple[ScriptedAdapter, Listening], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="recallbench")
    adapter, listening = scripted
    gone = _channel(listening.address)
    reference = ReferenceClient(gone)
    await reference.call("Setup")
    await reference.ingest(1, "day one", "2026-01-01")
    await gone.close()  # no Teardown: a client that crashed, or forgot
    # The server's watchdog sees the connection closed and tears the lifecycle down.
    await _until(lambda: adapter.count("teardown") == 1, "the server's teardown")
    (line,) = _lines(caplog, "[serve] lifecycle 1:")
    assert "1 days ingested" in line
    assert "torn down by the server: its client's connection closed (no Teardown)" in line
    async with _channel(listening.address) as channel:
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        token = (await stub.Setup(pb.SetupRequest())).lifecycle_token
        await stub.Teardown(pb.TeardownRequest(lifecycle_token=token))
    assert [c[0] for c in adapter.calls] == ["setup", "ingest_day", "teardown", "setup", "teardown"]


@pytest.mark.anyio
async def test_the_next_setup_ends_a_lifecycle_whose_connection_closed() -> None:
    """Without the watchdog (a bare servicer on a bare server), Setup itself finds the lifecycle
    abandoned: the next run never waits for the watchdog's next look."""
    adapter = ScriptedAdapter()
    servicer = MemoryBenchServicer(adapter)
    before = server_ids()
    server = grpc.aio.server()
    servicer.connections = ConnectionWatch(before)
    assert servicer.connections.server_id is not None
    pb_grpc.add_MemoryBenchServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        gone = _channel(f"127.0.0.1:{port}")
        token = (
            await pb_grpc.MemoryBenchServiceStub(gone).Setup(pb.SetupRequest())
        ).lifecycle_token
        watch = servicer.connections
        (peer,) = watch.open_peers() or ()  # channelz sees the connection, by context.peer()
        await gone.close()
        await _until(lambda: watch.open_peers() == frozenset(), "the connection to close")
        assert servicer.active
        async with _channel(f"127.0.0.1:{port}") as channel:
            stub = pb_grpc.MemoryBenchServiceStub(channel)
            await stub.Setup(pb.SetupRequest())
            assert [c[0] for c in adapter.calls] == ["setup", "teardown", "setup"]
            # The old token is told what happened; its Teardown has nothing left to do.
            code, details = await _status(stub.Query(pb.QueryRequest(lifecycle_token=token)))
            assert code is grpc.StatusCode.FAILED_PRECONDITION
            assert "lifecycle 1 was ended by the server (its client's connection closed)" in details
            await stub.Teardown(pb.TeardownRequest(lifecycle_token=token))
            assert servicer.active  # the new lifecycle is untouched
            await stub.Teardown(pb.TeardownRequest())
    finally:
        await server.stop(None)
    assert peer.startswith("ipv4:127.0.0.1:")
    assert not servicer.active


@pytest.mark.anyio
async def test_an_idle_lifecycle_is_torn_down(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="recallbench")
    adapter = ScriptedAdapter(delay=0.6)
    async with (
        open_server(adapter, port=0, idle_timeout=0.3) as listening,
        _channel(listening.address) as channel,
    ):
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        token = (await stub.Setup(pb.SetupRequest())).lifecycle_token
        # A call running longer than the idle timeout is not idleness.
        await stub.Query(pb.QueryRequest(question="q", lifecycle_token=token))
        assert adapter.count("teardown") == 0
        # The client stays connected but makes no call: past the timeout, the server ends it.
        await _until(lambda: adapter.count("teardown") == 1, "the idle teardown")
        code, details = await _status(
            stub.Query(pb.QueryRequest(question="q", lifecycle_token=token))
        )
        assert code is grpc.StatusCode.FAILED_PRECONDITION
        assert "was ended by the server (idle for" in details
        await stub.Teardown(pb.TeardownRequest(lifecycle_token=token))  # already done: OK
        await stub.Setup(pb.SetupRequest())  # the server is free again
    (line, _) = _lines(caplog, "[serve] lifecycle ")
    assert "torn down by the server: idle for 0." in line
    assert " s, past the idle timeout of 0.3 s (no Teardown)" in line


# -- the shared token, TLS and the bind rule --------------------------------------------------------


@pytest.mark.anyio
async def test_a_server_with_a_token_refuses_calls_without_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RECALLBENCH_GRPC_TOKEN", raising=False)
    adapter = ScriptedAdapter()
    security = ServerSecurity(token="s3cret-Token")
    async with open_server(adapter, port=0, security=security) as listening:
        url = f"grpc://{listening.address}"
        async with _channel(listening.address) as channel:
            stub = pb_grpc.MemoryBenchServiceStub(channel)
            for metadata in (
                None,
                (("authorization", "Bearer wrong"),),
                (("authorization", "s3cret-Token"),),
            ):
                for call in (
                    stub.Healthcheck(pb.HealthcheckRequest(), metadata=metadata),
                    stub.Setup(pb.SetupRequest(), metadata=metadata),
                ):
                    code, details = await _status(call)
                    assert code is grpc.StatusCode.UNAUTHENTICATED
                    assert "authorization: Bearer <token>" in details
        assert adapter.calls == []
        # The client: without the token Setup fails at once (not retried) and tears nothing down.
        client = GrpcAdapter(url)
        with pytest.raises(GrpcError, match=r"gRPC Setup failed: .*\(code: UNAUTHENTICATED\)"):
            await client.setup()
        await client.teardown()
        assert adapter.calls == []
        # With it, given directly, from a file or from the environment, everything works.
        (tmp_path / "token").write_text("s3cret-Token\n", encoding="utf-8")
        monkeypatch.setenv("RECALLBENCH_GRPC_TOKEN", "s3cret-Token")
        for client in (
            GrpcAdapter(url, token="s3cret-Token"),
            GrpcAdapter(url, token_file=tmp_path / "token"),
            GrpcAdapter(url),
        ):
            await client.setup()
            await client.ingest_day(1, "On 2026-01-01 the access code was CODE-0001.", _metadata(1))
            assert (
                await client.query("2026-01-01?") == "On 2026-01-01 the access code was CODE-0001."
            )
            await client.teardown()
    assert adapter.count("setup") == adapter.count("teardown") == 3


@pytest.mark.anyio  # async only to share the module's event loop (a sync test cannot use it)
async def test_tokens_and_tls_files_are_checked(tmp_path: Path) -> None:
    (tmp_path / "empty").write_text("\n", encoding="utf-8")
    (tmp_path / "two").write_text("two words\n", encoding="utf-8")
    (tmp_path / "cert.pem").write_text("not pem", encoding="utf-8")
    with pytest.raises(ConfigError, match="is empty"):
        ServerSecurity.from_files(token_file=tmp_path / "empty")
    with pytest.raises(ConfigError, match="one word of printable ASCII"):
        ServerSecurity.from_files(token_file=tmp_path / "two")
    with pytest.raises(ConfigError, match="cannot read the token file"):
        ServerSecurity.from_files(token_file=tmp_path / "missing")
    with pytest.raises(ConfigError, match="both --tls-cert and --tls-key"):
        ServerSecurity.from_files(tls_cert=tmp_path / "cert.pem")
    with pytest.raises(ConfigError, match="is not PEM"):
        ServerSecurity.from_files(tls_cert=tmp_path / "cert.pem", tls_key=tmp_path / "cert.pem")
    with pytest.raises(ConfigError, match="not both"):
        GrpcAdapter("grpc://x", token="a", token_file=tmp_path / "empty")
    with pytest.raises(ConfigError, match="one word"):
        GrpcAdapter("grpc://x", token="a b")
    with pytest.raises(ConfigError, match="positive"):
        GrpcAdapter("grpc://x", max_message_mb=0)
    with pytest.raises(ConfigError, match="under 2048"):
        GrpcAdapter("grpc://x", max_message_mb=4096)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("", False),
        ("192.0.2.7", False),
        ("no-such-host.invalid", False),
    ],
)
@pytest.mark.anyio
async def test_which_hosts_are_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.anyio
async def test_a_bind_beyond_loopback_needs_tls_a_token_or_insecure() -> None:
    built: list[str] = []

    def builder() -> ScriptedAdapter:
        built.append("built")
        return ScriptedAdapter()

    with pytest.raises(
        ConfigError, match=r"refusing to listen on 0\.0\.0\.0, which is not loopback"
    ):
        async with open_server(builder, "0.0.0.0", 0):
            pass  # pragma: no cover
    assert built == []  # refused before any start-up
    for security in (ServerSecurity(token="t0ken"), ServerSecurity(insecure=True)):
        async with open_server(builder, "0.0.0.0", 0, security=security) as listening:
            client = GrpcAdapter(f"grpc://127.0.0.1:{listening.port}", token=security.token)
            await client.setup()
            await client.teardown()
    assert built == ["built", "built"]


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (and its key), made with the openssl CLI."""
    if shutil.which("openssl") is None:
        pytest.skip("the openssl command is not available")
    d = tmp_path_factory.mktemp("tls")
    cert, key = d / "cert.pem", d / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost"),
            *("-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


@pytest.mark.anyio
async def test_tls_serves_beyond_loopback_and_keeps_lifecycles_owned(
    certificate: tuple[Path, Path],
) -> None:
    cert, key = certificate
    security = ServerSecurity.from_files(tls_cert=cert, tls_key=key)
    adapter = ScriptedAdapter()
    async with open_server(adapter, "0.0.0.0", 0, security=security) as listening:
        url = f"grpcs://127.0.0.1:{listening.port}"
        owner, other = GrpcAdapter(url, ca_file=cert), GrpcAdapter(url, ca_file=cert)
        await owner.setup()
        with pytest.raises(GrpcError, match="FAILED_PRECONDITION"):
            await other.setup()
        await other.teardown()  # refused Setup: nothing is torn down
        await owner.ingest_day(1, "On 2026-01-01 the access code was CODE-0001.", _metadata(1))
        assert "CODE-0001" in await owner.query("2026-01-01?")
        await owner.teardown()
    assert adapter.count("teardown") == 1


# -- message caps -----------------------------------------------------------------------------------


def _big_day(megabytes: float) -> str:
    line = "### Note\nA long transcript line that fills the day with words, again and again.\n"
    filler = line * int(megabytes * 1024 * 1024 / len(line) + 1)
    return f"On 2026-01-01 the access code was {day_code(1)}.\n" + filler


@pytest.mark.anyio
async def test_a_day_over_4_mib_goes_through_with_the_raised_caps() -> None:
    content = _big_day(5)
    assert len(content.encode()) > 5 * 1024 * 1024
    adapter = ScriptedAdapter()
    async with open_server(adapter, port=0) as listening:
        client = GrpcAdapter(f"grpc://{listening.address}")
        await client.setup()
        await client.ingest_day(1, content, _metadata(1))
        assert adapter.memory[1] == content
        assert day_code(1) in await client.query("2026-01-01?")
        await client.teardown()
    # With gRPC's default cap on either side, the same day fails as issue 19 saw it.
    async with open_server(ScriptedAdapter(), port=0, max_message_mb=4) as listening:
        client = GrpcAdapter(f"grpc://{listening.address}")
        await client.setup()
        with pytest.raises(GrpcError, match="RESOURCE_EXHAUSTED"):
            await client.ingest_day(1, content, _metadata(1))
        await client.teardown()
    async with open_server(ScriptedAdapter(), port=0) as listening:
        client = GrpcAdapter(f"grpc://{listening.address}", max_message_mb=4)
        await client.setup()
        with pytest.raises(GrpcError, match="RESOURCE_EXHAUSTED"):
            await client.ingest_day(1, content, _metadata(1))
        await client.teardown()
