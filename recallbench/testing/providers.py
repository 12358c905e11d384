"""A real HTTP server speaking the OpenAI, Anthropic and Azure OpenAI APIs, for tests.

:class:`FakeProviderServer` runs on ``127.0.0.1`` on a free port, in the test's own event loop
(asyncio; aiohttp needs it). It answers from a script of :class:`FakeReply` values and records every
request, so a test can drive a real provider class over real HTTP and check what was sent::

    async with FakeProviderServer(["first", rate_limited(0.2), "second"]) as server:
        model = OpenAIModel("gpt-test", endpoint=f"{server.url}/v1", api_key="sk-test")
        async with model:
            assert (await model.complete("system", "hi")).text == "first"
        assert server.requests[0].headers["authorization"] == "Bearer sk-test"

Paths: ``/v1/chat/completions`` (OpenAI), ``/v1/messages`` (Anthropic) and
``/openai/deployments/{deployment}/chat/completions`` (Azure); each reply is rendered in the shape
of the API its path belongs to. This module imports aiohttp; ``recallbench.testing`` does not
import it, so import it as ``recallbench.testing.providers``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType
from typing import Any, Literal, Self

import attrs
from aiohttp import web

from .provider_traffic import Outage, ProviderLimits, TrafficShaper, TrafficStats

__all__ = [
    "Api",
    "FakeProviderServer",
    "FakeReply",
    "Outage",
    "ProviderLimits",
    "RecordedRequest",
    "TrafficStats",
    "content_filter",
    "error",
    "filtered_reply",
    "hang",
    "malformed",
    "rate_limited",
    "reply",
    "server_error",
    "slow",
]

Api = Literal["openai", "anthropic", "azure"]


@attrs.frozen(kw_only=True)
class FakeReply:
    """One scripted response. Build them with :func:`reply`, :func:`error` and the other helpers.

    Attributes:
        text: the reply text; None sends null content (OpenAI/Azure) or no content blocks
            (Anthropic).
        status: the HTTP status; anything but 2xx renders an error body.
        input_tokens, output_tokens: the usage reported (None: no usage object).
        finish_reason: OpenAI/Azure's ``finish_reason`` (Anthropic gets ``end_turn``).
        error_code: the error's ``code`` (OpenAI/Azure) or ``type`` (Anthropic).
        error_message: the error's message.
        inner_code: Azure's ``innererror.code``.
        headers: extra response headers (``Retry-After``).
        delay: seconds to wait before answering.
        raw_body: sent verbatim instead of a rendered body (malformed JSON, an HTML page).
        model: the ``model`` reported (None: the one requested, or the deployment).
    """

    text: str | None = ""
    status: int = 200
    input_tokens: int | None = 11
    output_tokens: int | None = 7
    finish_reason: str = "stop"
    error_code: str | None = None
    error_message: str | None = None
    inner_code: str | None = None
    headers: Mapping[str, str] = attrs.field(factory=dict)
    delay: float = 0.0
    raw_body: str | None = None
    model: str | None = None


@attrs.frozen(kw_only=True)
class RecordedRequest:
    """One request the server received.

    Attributes:
        api: which API the path belongs to.
        method, path: as received (``path`` without the query string).
        query: the query parameters (``api-version`` for Azure).
        headers: the request headers, names lower-cased. Kept out of the repr: they hold keys.
        json: the parsed JSON body, or None when it was not JSON.
        body: the raw body text.
        deployment: the Azure deployment in the path, else None.
        at: when it arrived, on :func:`time.monotonic`'s clock.
        in_flight: requests the server was handling when this one arrived, this one included
            (what a client's concurrency looks like from the server).
    """

    api: Api
    method: str
    path: str
    query: Mapping[str, str]
    headers: Mapping[str, str] = attrs.field(repr=False)
    json: Any
    body: str = attrs.field(repr=False)
    deployment: str | None = None
    at: float
    in_flight: int = 1


Reply = FakeReply | str
Script = Reply | Sequence[Reply] | Callable[[RecordedRequest], Reply]


def reply(
    text: str | None,
    *,
    input_tokens: int | None = 11,
    output_tokens: int | None = 7,
    delay: float = 0.0,
    finish_reason: str = "stop",
) -> FakeReply:
    """A successful reply (a bare string in a script means ``reply(that string)``)."""
    return FakeReply(
        text=text,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        delay=delay,
        finish_reason=finish_reason,
    )


def error(
    status: int,
    *,
    code: str | None = None,
    message: str | None = None,
    inner_code: str | None = None,
    retry_after: float | str | None = None,
    headers: Mapping[str, str] | None = None,
) -> FakeReply:
    """An error reply in the API's error shape, with an optional ``Retry-After`` header."""
    extra = dict(headers or {})
    if retry_after is not None:
        extra["Retry-After"] = str(retry_after)
    return FakeReply(
        text=None,
        status=status,
        error_code=code,
        error_message=message if message is not None else f"fake error {status}",
        inner_code=inner_code,
        headers=extra,
    )


def rate_limited(retry_after: float | str | None = None) -> FakeReply:
    """HTTP 429, with ``Retry-After`` (seconds or an HTTP date) when given."""
    return error(
        429, code="rate_limit_exceeded", message="Rate limit reached", retry_after=retry_after
    )


def server_error(status: int = 500) -> FakeReply:
    """An HTTP 5xx."""
    return error(status, code="server_error", message="The server had an error")


def content_filter() -> FakeReply:
    """Azure's content-filter refusal: HTTP 400, code ``content_filter``, innererror
    ``ResponsibleAIPolicyViolation``."""
    return error(
        400,
        code="content_filter",
        inner_code="ResponsibleAIPolicyViolation",
        message="The response was filtered due to the prompt triggering content management policy.",
    )


def filtered_reply() -> FakeReply:
    """A 200 whose only choice was withheld: null content, ``finish_reason: content_filter``."""
    return FakeReply(text=None, finish_reason="content_filter", output_tokens=0)


def malformed(body: str = '{"choices": [') -> FakeReply:
    """A 200 whose body is not JSON."""
    return FakeReply(raw_body=body)


def slow(delay: float, text: str = "late") -> FakeReply:
    """A reply sent after ``delay`` seconds (longer than the client's timeout, in timeout tests)."""
    return reply(text, delay=delay)


HANG = 86_400.0
"""The delay of :func:`hang`: a day, cut short when the server closes."""


def hang() -> FakeReply:
    """A completion taken and never answered (until the server closes), while the server answers
    every other request: a probe's ``GET`` of the same URL gets its 405 at once. A generation
    hung on the server's side, which a liveness probe cannot tell from a long one."""
    return FakeReply(text="never sent", delay=HANG)


def _as_reply(value: Reply) -> FakeReply:
    return value if isinstance(value, FakeReply) else reply(value)


class FakeProviderServer:
    """A loopback HTTP server that answers like OpenAI, Anthropic and Azure OpenAI.

    Args:
        replies: one reply for every request, a sequence used in turn (the last one repeats), or
            a function of the :class:`RecordedRequest` returning a reply. A reply is a
            :class:`FakeReply` or a string (a successful reply with that text).
        model: the model named in replies when the request names none.
        limits: latency, a requests-per-minute limit and outages applied before the script
            (:mod:`recallbench.testing.provider_traffic`); None: the script alone. A request the
            limits refuse is recorded but takes no reply from the script.

    Attributes:
        requests: every request received, in order.
        traffic: what ``limits`` did (requests admitted, rate limited, refused in an outage).
        in_flight: requests being handled now (received, not yet answered).
        max_in_flight: the most requests it was handling at once.
    """

    def __init__(
        self,
        replies: Script = "ok",
        *,
        model: str = "fake-model",
        limits: ProviderLimits | None = None,
    ) -> None:
        self.requests: list[RecordedRequest] = []
        self._shaper = TrafficShaper(limits) if limits is not None else None
        self.traffic: TrafficStats = (
            self._shaper.stats if self._shaper is not None else TrafficStats()
        )
        self.in_flight = 0
        self.max_in_flight = 0
        self._model = model
        self._script: Script = replies
        self._next = 0
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._closing: asyncio.Event | None = None

    def __repr__(self) -> str:
        return f"FakeProviderServer(url={self._url_or_none()!r}, requests={len(self.requests)})"

    def _url_or_none(self) -> str | None:
        return f"http://127.0.0.1:{self._port}" if self._port is not None else None

    @property
    def url(self) -> str:
        """The base URL, ``http://127.0.0.1:<port>`` (no trailing slash)."""
        url = self._url_or_none()
        if url is None:
            raise RuntimeError("the server is not running: use `async with FakeProviderServer()`")
        return url

    def script(self, replies: Script) -> None:
        """Replace the script (and start it from its first reply)."""
        self._script = replies
        self._next = 0

    # -- lifecycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Bind ``127.0.0.1`` on a free port and start serving."""
        if self._runner is not None:
            return
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._openai)
        app.router.add_post("/v1/messages", self._anthropic)
        app.router.add_post("/openai/deployments/{deployment}/chat/completions", self._azure)
        # handler_cancellation: a client that gives up (a timeout) cancels its delayed handler,
        # and a short shutdown_timeout keeps teardown from waiting on one.
        runner = web.AppRunner(
            app, access_log=None, handler_cancellation=True, shutdown_timeout=0.5
        )
        await runner.setup()
        # Our own socket, so the ephemeral port is known without reaching into the site.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        started = False
        try:
            sock.bind(("127.0.0.1", 0))
            site = web.SockSite(runner, sock)
            await site.start()
            started = True
        finally:
            if not started:  # undo the half-built server, and let the error (or cancel) go on
                sock.close()
                await runner.cleanup()
        self._closing = asyncio.Event()
        self._port = sock.getsockname()[1]
        self._runner = runner

    async def close(self) -> None:
        """Stop serving; delayed replies still pending are abandoned."""
        runner, self._runner = self._runner, None
        if self._closing is not None:
            self._closing.set()
        if runner is not None:
            await runner.cleanup()
        self._port = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # -- handling --------------------------------------------------------------------------------

    async def _record(self, request: web.Request, api: Api) -> RecordedRequest:
        body = await request.text()
        try:
            parsed: Any = json.loads(body)
        except ValueError:
            parsed = None
        recorded = RecordedRequest(
            api=api,
            method=request.method,
            path=request.path,
            query=dict(request.query),
            headers={name.lower(): value for name, value in request.headers.items()},
            json=parsed,
            body=body,
            deployment=request.match_info.get("deployment"),
            at=time.monotonic(),
            in_flight=self.in_flight,
        )
        self.requests.append(recorded)
        return recorded

    def _reply_for(self, recorded: RecordedRequest) -> FakeReply:
        script = self._script
        if callable(script):
            return _as_reply(script(recorded))
        if isinstance(script, FakeReply | str):
            return _as_reply(script)
        if not script:
            return reply("")
        index = min(self._next, len(script) - 1)
        self._next += 1
        return _as_reply(script[index])

    async def _respond(self, request: web.Request, api: Api) -> web.Response:
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            return await self._answer(request, api)
        finally:
            self.in_flight -= 1

    async def _answer(self, request: web.Request, api: Api) -> web.Response:
        recorded = await self._record(request, api)
        delay = 0.0
        if self._shaper is not None:
            verdict = self._shaper.arrive(recorded.at)
            if verdict.status is not None:  # refused at once, as a provider's limiter does
                refused = error(
                    verdict.status,
                    code="rate_limit_exceeded" if verdict.status == 429 else "server_error",
                    message=f"fake provider: {verdict.why}",
                    headers=verdict.headers,
                )
                return web.json_response(
                    _error_body(api, refused), status=verdict.status, headers=verdict.headers
                )
            delay = verdict.delay
        scripted = self._reply_for(recorded)
        delay += scripted.delay
        if delay > 0 and self._closing is not None:
            # Woken early when the server closes, so teardown never waits out a long delay.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), delay)
        if self._shaper is not None:
            self._shaper.answered()
        headers = dict(scripted.headers)
        if scripted.raw_body is not None:
            return web.Response(
                status=scripted.status,
                text=scripted.raw_body,
                content_type="application/json",
                headers=headers,
            )
        requested = recorded.json.get("model") if isinstance(recorded.json, dict) else None
        model = scripted.model or (requested if isinstance(requested, str) else self._model)
        if not 200 <= scripted.status < 300:
            payload = _error_body(api, scripted)
        elif api == "anthropic":
            payload = _anthropic_body(scripted, model, len(self.requests))
        else:
            payload = _chat_body(scripted, model, len(self.requests))
        return web.json_response(payload, status=scripted.status, headers=headers)

    async def _openai(self, request: web.Request) -> web.Response:
        return await self._respond(request, "openai")

    async def _anthropic(self, request: web.Request) -> web.Response:
        return await self._respond(request, "anthropic")

    async def _azure(self, request: web.Request) -> web.Response:
        return await self._respond(request, "azure")


def _chat_body(scripted: FakeReply, model: str, serial: int) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": f"chatcmpl-fake-{serial}",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": scripted.text},
                "finish_reason": scripted.finish_reason,
            }
        ],
    }
    if scripted.input_tokens is not None or scripted.output_tokens is not None:
        prompt, completion = scripted.input_tokens or 0, scripted.output_tokens or 0
        body["usage"] = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        }
    return body


def _anthropic_body(scripted: FakeReply, model: str, serial: int) -> dict[str, Any]:
    content = [{"type": "text", "text": scripted.text}] if scripted.text else []
    body: dict[str, Any] = {
        "id": f"msg_fake_{serial}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": "end_turn",
        "stop_sequence": None,
    }
    if scripted.input_tokens is not None or scripted.output_tokens is not None:
        body["usage"] = {
            "input_tokens": scripted.input_tokens or 0,
            "output_tokens": scripted.output_tokens or 0,
        }
    return body


_ANTHROPIC_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_error",
    529: "overloaded_error",
}


def _error_body(api: Api, scripted: FakeReply) -> dict[str, Any]:
    message = scripted.error_message or f"fake error {scripted.status}"
    if api == "anthropic":
        kind = scripted.error_code or _ANTHROPIC_TYPES.get(scripted.status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": message}}
    error_obj: dict[str, Any] = {
        "message": message,
        "type": "invalid_request_error" if scripted.status < 500 else "server_error",
        "param": None,
        "code": scripted.error_code,
    }
    if scripted.inner_code is not None:
        error_obj["innererror"] = {
            "code": scripted.inner_code,
            "content_filter_result": {"hate": {"filtered": True, "severity": "high"}},
        }
    return {"error": error_obj}
