"""The HTTP providers against a real aiohttp server on 127.0.0.1 (recallbench.testing.providers)."""

from __future__ import annotations

import json
import logging
import pickle
import socket
import time
from collections.abc import AsyncIterator
from email.utils import formatdate
from pathlib import Path

import anyio
import pytest

from recallbench._retry import retrying
from recallbench.errors import ConfigError, ModelError, ModelTimeout
from recallbench.harness import RetryPolicy
from recallbench.models import Completion, describe_model, load_model
from recallbench.models.anthropic import AnthropicModel
from recallbench.models.azure import AzureOpenAIModel
from recallbench.models.http import ProviderError, parse_retry_after
from recallbench.models.openai import OpenAIModel
from recallbench.testing.providers import (
    FakeProviderServer,
    FakeReply,
    content_filter,
    error,
    filtered_reply,
    malformed,
    rate_limited,
    reply,
    server_error,
    slow,
)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"  # aiohttp runs on asyncio only


pytestmark = pytest.mark.anyio

FAST = RetryPolicy(attempts=3, initial_delay=0.01, max_delay=0.05)
KEY = "sk-test-0123456789abcdef"
ENV_KEYS = (
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "AZURE_OPENAI_API_KEY",
    "AZURE_OPENAI_ENDPOINT",
    "AZURE_OPENAI_API_VERSION",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENV_KEYS:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
async def server() -> AsyncIterator[FakeProviderServer]:
    async with FakeProviderServer() as running:
        yield running


def openai(server: FakeProviderServer, **kwargs: object) -> OpenAIModel:
    options: dict[str, object] = {"api_key": KEY, "retry": FAST, "timeout": 5.0} | kwargs
    return OpenAIModel("gpt-test", endpoint=f"{server.url}/v1", **options)  # type: ignore[arg-type]


# -- request and response shapes ------------------------------------------------------------------


async def test_openai_request_shape_and_usage(server: FakeProviderServer) -> None:
    server.script(reply("  the answer \n", input_tokens=123, output_tokens=45))
    async with openai(server) as model:
        completion = await model.complete("be brief", "what?", temperature=0.0, max_tokens=50)
    assert completion == Completion(
        text="the answer", input_tokens=123, output_tokens=45, model="gpt-test"
    )
    [request] = server.requests
    assert (request.api, request.method, request.path) == ("openai", "POST", "/v1/chat/completions")
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.headers["content-type"].startswith("application/json")
    assert request.json == {
        "model": "gpt-test",
        "messages": [
            {"role": "system", "content": "be brief"},
            {"role": "user", "content": "what?"},
        ],
        "temperature": 0.0,
        "max_completion_tokens": 50,
    }


async def test_openai_sends_options_only_when_given_and_never_max_tokens(
    server: FakeProviderServer,
) -> None:
    async with openai(server) as model:
        await model.complete("s", "u")
    body = server.requests[0].json
    assert set(body) == {"model", "messages"}


async def test_anthropic_request_shape_and_usage(server: FakeProviderServer) -> None:
    server.script([reply(" hi ", input_tokens=9, output_tokens=3), "second"])
    async with AnthropicModel(
        "claude-test", endpoint=server.url, api_key=KEY, retry=FAST, timeout=5.0
    ) as model:
        first = await model.complete("sys", "user")
        await model.complete("sys", "user", temperature=0.7, max_tokens=100)
    assert first == Completion(text="hi", input_tokens=9, output_tokens=3, model="claude-test")
    default, given = server.requests
    assert default.path == "/v1/messages"
    assert default.headers["x-api-key"] == KEY
    assert default.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in default.headers
    assert default.json == {
        "model": "claude-test",
        "system": "sys",
        "messages": [{"role": "user", "content": "user"}],
        "max_tokens": 4096,
    }
    assert given.json["max_tokens"] == 100
    assert given.json["temperature"] == 0.7


async def test_anthropic_joins_text_blocks_and_skips_others(server: FakeProviderServer) -> None:
    body = {
        "model": "claude-test",
        "content": [
            {"type": "thinking", "thinking": "hmm"},
            {"type": "text", "text": " part one,"},
            {"type": "tool_use", "id": "t", "name": "x", "input": {}},
            {"type": "text", "text": " part two "},
        ],
        "usage": {"input_tokens": 5, "output_tokens": 6},
    }
    server.script(FakeReply(raw_body=json.dumps(body)))
    async with AnthropicModel("claude-test", endpoint=server.url, api_key=KEY) as model:
        completion = await model.complete("s", "u")
    assert completion.text == "part one, part two"
    assert (completion.input_tokens, completion.output_tokens) == (5, 6)


async def test_azure_request_shape(server: FakeProviderServer) -> None:
    async with AzureOpenAIModel(
        "my-deployment", endpoint=f"{server.url}/", api_key=KEY, retry=FAST, timeout=5.0
    ) as model:
        completion = await model.complete("s", "u", max_tokens=10)
    assert completion.text == "ok"
    [request] = server.requests
    assert request.path == "/openai/deployments/my-deployment/chat/completions"
    assert request.deployment == "my-deployment"
    assert request.query == {"api-version": "2024-10-21"}
    assert request.headers["api-key"] == KEY
    assert "authorization" not in request.headers
    assert request.json["model"] == "my-deployment"
    assert request.json["max_completion_tokens"] == 10
    assert "max_tokens" not in request.json


async def test_azure_reads_its_environment(
    server: FakeProviderServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AZURE_OPENAI_ENDPOINT", server.url)
    monkeypatch.setenv("AZURE_OPENAI_API_VERSION", "2025-01-01-preview")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fallback")  # used when AZURE_OPENAI_API_KEY is unset
    model = load_model("azure:dep")
    assert isinstance(model, AzureOpenAIModel)
    async with model:
        await model.complete("s", "u")
    [request] = server.requests
    assert request.query == {"api-version": "2025-01-01-preview"}
    assert request.headers["api-key"] == "sk-fallback"


async def test_a_local_openai_server_needs_no_key(server: FakeProviderServer) -> None:
    model = load_model(f"openai:llama3:8b;{server.url}/v1", timeout=3.0)
    assert isinstance(model, OpenAIModel)
    assert model.timeout == 3.0
    async with model:
        completion = await model.complete("s", "u")
    assert completion.text == "ok"
    [request] = server.requests
    assert "authorization" not in request.headers
    assert request.json["model"] == "llama3:8b"


async def test_empty_or_null_content_is_empty_text(server: FakeProviderServer) -> None:
    server.script([reply(None), reply("   \n")])
    async with openai(server) as model:
        assert (await model.complete("s", "u")).text == ""
        assert (await model.complete("s", "u")).text == ""
    async with AnthropicModel("c", endpoint=server.url, api_key=KEY) as anthropic:
        server.script(reply(None))
        assert (await anthropic.complete("s", "u")).text == ""


async def test_concurrent_calls_share_one_session(server: FakeProviderServer) -> None:
    server.script(lambda request: request.json["messages"][1]["content"].upper())
    results: dict[int, str] = {}
    async with openai(server) as model:

        async def one(i: int) -> None:
            results[i] = (await model.complete("s", f"q{i}")).text

        async with anyio.create_task_group() as tg:
            for i in range(20):
                tg.start_soon(one, i)
        session = model._session
        assert session is not None and not session.closed
    assert results == {i: f"Q{i}" for i in range(20)}
    assert model._session is None and session.closed


async def test_a_closed_model_reopens_on_the_next_call(server: FakeProviderServer) -> None:
    model = openai(server)
    await model.complete("s", "u")
    await model.aclose()
    await model.aclose()  # twice is fine
    await model.complete("s", "u")
    await model.aclose()
    assert len(server.requests) == 2


# -- retries ---------------------------------------------------------------------------------------


async def test_429_retry_after_is_honoured(
    server: FakeProviderServer, caplog: pytest.LogCaptureFixture
) -> None:
    server.script([rate_limited(0.3), "after the wait"])
    caplog.set_level(logging.INFO, logger="recallbench")
    async with openai(server) as model:
        completion = await model.complete("s", "u")
    assert completion.text == "after the wait"
    first, second = server.requests
    # The backoff alone would wait ~0.01-0.02 s: the gap is the server's Retry-After.
    assert second.at - first.at >= 0.29
    assert any("retrying in 0.30 s" in r.getMessage() for r in caplog.records)


async def test_anthropic_429_retry_after_ms_and_529_overloaded(server: FakeProviderServer) -> None:
    server.script([error(429, headers={"retry-after-ms": "250"}), error(529), "fine"])
    async with AnthropicModel("c", endpoint=server.url, api_key=KEY, retry=FAST) as model:
        assert (await model.complete("s", "u")).text == "fine"
    first, second, _third = server.requests
    assert second.at - first.at >= 0.24
    assert len(server.requests) == 3


async def test_500_then_success(server: FakeProviderServer) -> None:
    server.script([server_error(500), server_error(503), "recovered"])
    async with openai(server) as model:
        assert (await model.complete("s", "u")).text == "recovered"
    assert len(server.requests) == 3


async def test_retries_are_bounded(server: FakeProviderServer) -> None:
    server.script(server_error(500))
    async with openai(
        server, retry=RetryPolicy(attempts=4, initial_delay=0.01, max_delay=0.02)
    ) as model:
        with pytest.raises(ProviderError) as info:
            await model.complete("s", "u")
    assert len(server.requests) == 4
    assert isinstance(info.value, ModelError)
    assert info.value.status == 500
    assert info.value.code == "server_error"
    assert info.value.retryable
    # Errors cross process boundaries (distributed runs) with their fields intact.
    copy = pickle.loads(pickle.dumps(info.value))
    assert (copy.status, copy.code, copy.provider, str(copy)) == (
        500,
        "server_error",
        "openai",
        str(info.value),
    )


@pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
async def test_other_4xx_are_not_retried(server: FakeProviderServer, status: int) -> None:
    server.script(error(status, code="bad", message="nope"))
    async with openai(server) as model:
        with pytest.raises(ProviderError, match=rf"HTTP {status} \(bad\).*nope") as info:
            await model.complete("s", "u")
    assert len(server.requests) == 1
    assert info.value.status == status
    assert not info.value.retryable


async def test_a_wrong_path_is_a_clear_error_not_a_retry(server: FakeProviderServer) -> None:
    # A common slip: the endpoint without /v1.
    async with OpenAIModel("m", endpoint=server.url, retry=FAST) as model:
        with pytest.raises(ProviderError, match="HTTP 404") as info:
            await model.complete("s", "u")
    assert info.value.status == 404


async def test_malformed_json_is_a_model_error_without_retry(server: FakeProviderServer) -> None:
    server.script(malformed())
    async with openai(server) as model:
        with pytest.raises(ModelError, match="not a JSON object") as info:
            await model.complete("s", "u")
    assert len(server.requests) == 1
    assert isinstance(info.value, ProviderError) and info.value.status == 200


async def test_a_json_reply_without_choices_is_a_model_error(server: FakeProviderServer) -> None:
    server.script(FakeReply(raw_body='{"object": "list", "data": []}'))
    async with openai(server) as model:
        with pytest.raises(ModelError, match="no choices"):
            await model.complete("s", "u")


async def test_slower_than_the_timeout_is_a_model_timeout(server: FakeProviderServer) -> None:
    server.script(slow(5.0))
    started = time.monotonic()
    async with openai(
        server, timeout=0.2, retry=RetryPolicy(attempts=2, initial_delay=0.01)
    ) as model:
        with pytest.raises(ModelTimeout, match=r"within 0\.2 s") as info:
            await model.complete("s", "u")
    assert isinstance(info.value, TimeoutError)
    assert len(server.requests) == 2  # a timed-out attempt is retried
    assert time.monotonic() - started < 2.0


async def test_outer_cancellation_is_not_retried_or_swallowed(server: FakeProviderServer) -> None:
    server.script(slow(5.0))
    async with openai(server, timeout=None) as model:
        with anyio.move_on_after(0.2) as scope:
            await model.complete("s", "u")
    assert scope.cancelled_caught
    assert len(server.requests) == 1


def _closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_connection_refused_is_retried_then_a_model_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="recallbench")
    port = _closed_port()
    async with OpenAIModel("m", endpoint=f"http://127.0.0.1:{port}/v1", retry=FAST) as model:
        with pytest.raises(ProviderError, match="connection to") as info:
            await model.complete("s", "u")
    assert info.value.status is None and info.value.retryable
    retries = [r for r in caplog.records if "retrying in" in r.getMessage()]
    assert len(retries) == FAST.attempts - 1


# -- Azure's content filter ------------------------------------------------------------------------


async def test_azure_content_filter_400_returns_empty_text(
    server: FakeProviderServer, caplog: pytest.LogCaptureFixture
) -> None:
    server.script(content_filter())
    async with AzureOpenAIModel("d", endpoint=server.url, api_key=KEY, retry=FAST) as model:
        completion = await model.complete("s", "u")
    assert completion == Completion(text="")
    assert len(server.requests) == 1
    [warning] = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert warning.name == "recallbench" and "content filter" in warning.getMessage()


async def test_azure_inner_error_alone_counts_as_content_filter(server: FakeProviderServer) -> None:
    server.script(error(400, code="invalid_prompt", inner_code="ResponsibleAIPolicyViolation"))
    async with AzureOpenAIModel("d", endpoint=server.url, api_key=KEY, retry=FAST) as model:
        assert (await model.complete("s", "u")).text == ""


async def test_azure_filtered_choice_returns_empty_text(
    server: FakeProviderServer, caplog: pytest.LogCaptureFixture
) -> None:
    server.script(filtered_reply())
    async with AzureOpenAIModel("d", endpoint=server.url, api_key=KEY, retry=FAST) as model:
        assert (await model.complete("s", "u")).text == ""
    assert any("finish_reason content_filter" in r.getMessage() for r in caplog.records)


async def test_other_azure_400s_still_raise(server: FakeProviderServer) -> None:
    server.script(error(400, code="context_length_exceeded"))
    async with AzureOpenAIModel("d", endpoint=server.url, api_key=KEY, retry=FAST) as model:
        with pytest.raises(ProviderError, match="context_length_exceeded"):
            await model.complete("s", "u")


# -- keys and configuration ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "variable"),
    [
        (lambda: OpenAIModel(), "OPENAI_API_KEY"),
        (lambda: load_model("openai"), "OPENAI_API_KEY"),
        (lambda: load_model("anthropic:claude-x"), "ANTHROPIC_API_KEY"),
        (lambda: load_model("azure:d;https://r.openai.azure.com"), "AZURE_OPENAI_API_KEY"),
        (lambda: AzureOpenAIModel("d", api_key=KEY), "AZURE_OPENAI_ENDPOINT"),
    ],
)
def test_missing_configuration_names_the_variable(build: object, variable: str) -> None:
    with pytest.raises(ConfigError, match=variable):
        build()  # type: ignore[operator]


async def test_the_key_never_appears_in_errors_or_reprs(server: FakeProviderServer) -> None:
    server.script(error(401, code="invalid_api_key", message=f"Incorrect API key provided: {KEY}."))
    models = [
        openai(server),
        AnthropicModel("c", endpoint=server.url, api_key=KEY),
        AzureOpenAIModel("d", endpoint=server.url, api_key=KEY),
    ]
    for model in models:
        assert KEY not in repr(model)
        async with model:
            with pytest.raises(ProviderError) as info:
                await model.complete("s", "u")
        assert KEY not in str(info.value)
        assert KEY not in (info.value.provider_message or "")
        assert "***" in str(info.value)


# -- the retry factory and Retry-After parsing -----------------------------------------------------


class Throttled(Exception):
    def __init__(self, retry_after: float | None) -> None:
        super().__init__("throttled")
        self.retry_after = retry_after


async def test_retry_after_is_capped() -> None:
    calls = 0
    started = time.monotonic()
    async for attempt in retrying(
        RetryPolicy(attempts=3, initial_delay=0.01, max_delay=0.01),
        retryable=lambda exc: isinstance(exc, Throttled),
        retry_after_cap=0.05,
    ):
        with attempt:
            calls += 1
            if calls < 3:
                raise Throttled(3600.0)
    assert calls == 3
    assert time.monotonic() - started < 1.0


async def test_the_factory_reraises_the_last_error_and_stops_on_unretryable() -> None:
    calls = 0

    async def flaky() -> None:
        nonlocal calls
        async for attempt in retrying(FAST, retryable=lambda exc: isinstance(exc, Throttled)):
            with attempt:
                calls += 1
                raise Throttled(None) if calls == 1 else KeyError("stop")

    with pytest.raises(KeyError):
        await flaky()
    assert calls == 2


def test_parse_retry_after() -> None:
    assert parse_retry_after({"retry-after": "2"}) == 2.0
    assert parse_retry_after({"retry-after": " 0.5 "}) == 0.5
    assert parse_retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert parse_retry_after({}) is None
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({"retry-after": "-3"}) is None
    future = parse_retry_after({"retry-after": formatdate(time.time() + 30, usegmt=True)})
    assert future is not None and 25 <= future <= 31
    assert parse_retry_after({"retry-after": formatdate(time.time() - 30, usegmt=True)}) == 0.0


async def test_retry_after_as_an_http_date_over_the_wire(server: FakeProviderServer) -> None:
    # An HTTP date has whole seconds: a date 1 s ahead waits between 0 and 1 s.
    server.script([rate_limited(formatdate(time.time() + 1, usegmt=True)), "ok"])
    async with openai(server) as model:
        assert (await model.complete("s", "u")).text == "ok"
    assert len(server.requests) == 2


# -- the factory -----------------------------------------------------------------------------------


def test_load_model_builds_agents_and_labels_specs() -> None:
    agent = load_model("claude", timeout=7.0)
    assert type(agent).__name__ == "CliAgentModel"
    assert agent.timeout == 7.0  # type: ignore[attr-defined]
    assert describe_model("openai") == "openai:gpt-4o-mini"
    assert describe_model(" Anthropic : m ; http://h:1 ") == "anthropic:m;http://h:1"
    assert describe_model("pkg.mod:attr") == "pkg.mod:attr"


async def test_load_model_from_a_python_file(tmp_path: Path) -> None:
    (tmp_path / "mine.py").write_text(
        "class Echo:\n"
        "    async def complete(self, system_prompt, user_message, **options):\n"
        "        return user_message[::-1]\n"
        "model = Echo()\n"
        "def not_a_model():\n"
        "    pass\n"
    )
    by_default = load_model("mine.py", base_dir=tmp_path)
    assert await by_default.complete("s", "abc") == "cba"
    from_class = load_model("mine.py:Echo", base_dir=tmp_path)
    assert await from_class.complete("s", "xy") == "yx"
    with pytest.raises(ConfigError, match=r'"mine.py:not_a_model".*no complete method'):
        load_model("mine.py:not_a_model", base_dir=tmp_path)
    with pytest.raises(ConfigError, match="gemini"):
        load_model("gemini:pro")  # an unknown provider reads as a module, which is not there


# -- an endpoint with user:password@ (issue 42, finding 9) ---------------------------------------


@pytest.mark.parametrize("key", [KEY, None])
async def test_an_endpoint_with_a_password_is_refused_before_anything_is_sent(
    server: FakeProviderServer, key: str | None
) -> None:
    """aiohttp refused it beside a key with a header ValueError, which no retry knew, after the
    run had begun; without a key it sent the password as Basic auth. Now: one ProviderError, not
    retried, the password not in it, no request sent."""
    port = server.url.rsplit(":", 1)[1]
    model = OpenAIModel(
        "gpt-test", endpoint=f"http://judge:hunter2@127.0.0.1:{port}/v1", api_key=key, retry=FAST
    )
    async with model:
        with pytest.raises(ProviderError, match=r"user:password@") as caught:
            await model.complete("system", "hi")
    assert "hunter2" not in str(caught.value) and not caught.value.retryable
    assert server.requests == []
