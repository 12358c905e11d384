"""What the HTTP providers share: one aiohttp session each, a timeout per attempt, and retries.

No vendor SDK: each provider (:mod:`.openai`, :mod:`.anthropic`, :mod:`.azure`) builds its URL,
headers and JSON body, and :class:`HttpModel` sends it.

How a call behaves:

* **Timeout per attempt.** Each attempt runs in an anyio cancel scope of ``timeout`` seconds (the
  session itself has no timeout, so there is one clock). An attempt that runs out raises
  :class:`~recallbench.errors.ModelTimeout`, which is retried like a lost connection: a slow reply is
  usually load, not a bad request. The caller bounds the whole call, retries included, with its
  own scope if it needs to (the harness does, per judge attempt).
* **A hung endpoint is found in seconds** (:mod:`.liveness`): connections open within 10 s; a
  request met by 15 s of silence from its endpoint has it probed (any HTTP answer proves the server
  alive, and the request waits on — long generations are not cut); no answer to the probe either,
  or every connection of a call refused by an endpoint never heard from, and the endpoint is down
  for a minute: :class:`EndpointDown`, naming the URL, for every request to it, without retry.
* **Retries** (the project's one tenacity factory, :func:`recallbench._retry.retrying`): on HTTP 429,
  HTTP 5xx, timeouts and connection errors (refused, reset, server disconnected, truncated body), up
  to ``retry.attempts`` calls in all, with exponential backoff and jitter. A ``Retry-After`` header
  (seconds or an HTTP date; OpenAI's ``retry-after-ms`` too) replaces the backoff, capped at
  :data:`~recallbench._retry.DEFAULT_RETRY_AFTER_CAP`. Any other 4xx is the caller's mistake (bad
  key, unknown model, content filter) and is raised at once.
* **An adaptive concurrency limit per endpoint** (:mod:`recallbench.models.limiter`), shared by
  every client of the same provider and URL in the process, is held around each attempt: a
  rate-limit answer (429, 503, 529) halves the requests it lets in flight and pauses new ones for
  the ``Retry-After``; answers raise it again (slow start, then one at a time). A call refused with
  a 503/529 that named no wait backs off until its backoff is over or the endpoint answers anyone.
* **A 2xx body that is not a JSON object** raises a :class:`ProviderError` at once, without retry: in
  practice it means the endpoint is not the API (a web page, a proxy's login form, a base URL
  missing ``/v1``), which another attempt will not fix.
* **Keys never leave the request.** They are kept out of reprs, and every error message is
  scrubbed of them before it is raised (a server may echo what it was sent). An endpoint URL that
  carries ``user:password@`` is refused before anything is sent (:mod:`.credentials`; ``run``
  refuses it before any work): aiohttp cannot send it beside a key, and the URL is written into
  results.

A provider opens its :class:`aiohttp.ClientSession` on the first call, inside the running event
loop, and keeps it (and its pooled connections) until :meth:`HttpModel.aclose`; use the model as
``async with`` or call ``aclose()`` when done. Concurrent calls share the session safely.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, ClassVar

import aiohttp
import anyio
from yarl import URL

from .._closing import AsyncClosing
from .._retry import Backoff, RetryPolicy, retrying
from .._secrets import register_secret
from ..errors import ConfigError, ModelError, ModelTimeout
from .base import Completion
from .credentials import CREDENTIALS_REFUSED, has_credentials
from .limiter import RATE_LIMIT_STATUSES, EndpointLimiter, endpoint_limiter
from .liveness import CONNECT_TIMEOUT, PROBE_AFTER, PROBE_TIMEOUT, Liveness, liveness_of

__all__ = [
    "DEFAULT_HTTP_RETRY",
    "DEFAULT_TIMEOUT",
    "EndpointDown",
    "HttpModel",
    "ProviderError",
    "parse_retry_after",
    "shown_url",
    "token_count",
]

logger = logging.getLogger("recallbench")

DEFAULT_TIMEOUT = 600.0
"""Seconds one attempt may take, as the vendors' SDKs default to: long generations are slow."""

DEFAULT_HTTP_RETRY = RetryPolicy(attempts=5, initial_delay=0.5, max_delay=8.0)
"""Five calls in all, waiting about 0.5, 1, 2 and 4 s (plus jitter) between them."""

_SNIPPET = 200


class ProviderError(ModelError):
    """An HTTP provider refused or failed a request (after its retries, when it was retryable).

    Attributes:
        provider: ``openai``, ``anthropic`` or ``azure``.
        status: the HTTP status, or None when no response came (a connection error).
        code: the provider's error code (``rate_limit_exceeded``, ``content_filter``, Anthropic's
            error ``type``), when it sent one.
        inner_code: Azure's ``innererror.code`` (``ResponsibleAIPolicyViolation``), when sent.
        provider_message: the provider's own error message (scrubbed of keys), when it sent one.
        retry_after: the seconds the server asked us to wait, when it said.
        retryable: whether another attempt could succeed (429, 5xx, lost connection).
    """

    def __init__(
        self,
        message: str,
        *,
        provider: str = "",
        status: int | None = None,
        code: str | None = None,
        inner_code: str | None = None,
        provider_message: str | None = None,
        retry_after: float | None = None,
        retryable: bool = False,
    ) -> None:
        super().__init__(message)
        self.provider = provider
        self.status = status
        self.code = code
        self.inner_code = inner_code
        self.provider_message = provider_message
        self.retry_after = retry_after
        self.retryable = retryable


class EndpointDown(ProviderError):
    """The endpoint is down: it answered nothing (not even a probe) or refused every connection,
    never having answered (:mod:`recallbench.models.liveness`). Not retried."""


def _retryable(exc: BaseException) -> bool:
    if isinstance(exc, ProviderError):
        return exc.retryable
    return isinstance(exc, ModelTimeout)


def parse_retry_after(headers: Mapping[str, str]) -> float | None:
    """The wait a response asks for, in seconds, or None.

    Reads ``retry-after-ms`` (OpenAI and Azure send it, finer than whole seconds) and then
    ``Retry-After`` as seconds (fractions accepted) or an HTTP date. Negative, unparsable or
    non-finite values are ignored; a date in the past is a wait of 0.
    """
    millis = _number(headers.get("retry-after-ms"))
    if millis is not None:
        return millis / 1000.0
    value = headers.get("retry-after")
    if value is None:
        return None
    seconds = _number(value)
    if seconds is not None:
        return seconds
    try:
        when = parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # RFC 9110 dates are GMT; a naive parse means "no zone given"
        when = when.replace(tzinfo=UTC)
    return max((when - datetime.now(UTC)).total_seconds(), 0.0)


def _number(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        number = float(value.strip())
    except ValueError:
        return None
    return number if math.isfinite(number) and number >= 0 else None


def token_count(usage: object, key: str) -> int | None:
    """A token count from a provider's ``usage`` object, or None when absent or not a count."""
    if not isinstance(usage, Mapping):
        return None
    value = usage.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return None
    return value


def shown_url(url: str) -> str:
    """The URL as error messages show it: no user info, no query string."""
    try:
        return str(URL(url).with_user(None).with_query(None))
    except (TypeError, ValueError):
        return "<invalid URL>"


_where = shown_url


def _collapse(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _SNIPPET else flat[:_SNIPPET] + "…"


def _error_fields(payload: object) -> tuple[str | None, str | None, str | None]:
    """(code, inner code, message) from an error body in OpenAI's, Azure's or Anthropic's shape."""
    error = payload.get("error") if isinstance(payload, Mapping) else None
    if isinstance(error, str):
        return None, None, error
    if not isinstance(error, Mapping):
        return None, None, None
    code = error.get("code")
    if not isinstance(code, str):
        code = error.get("type")  # Anthropic names the error by type; OpenAI's code may be null
    inner = error.get("innererror")
    inner_code = inner.get("code") if isinstance(inner, Mapping) else None
    message = error.get("message")
    return (
        code if isinstance(code, str) else None,
        inner_code if isinstance(inner_code, str) else None,
        message if isinstance(message, str) else None,
    )


class HttpModel(AsyncClosing):
    """The base of the HTTP providers: session, per-attempt timeout, retries and error mapping.

    Subclasses set :attr:`provider`, implement :meth:`complete` and :attr:`name`, and send through
    :meth:`_post_json`.

    Args:
        timeout: seconds one attempt may take; None for no limit.
        retry: attempts and backoff (:class:`recallbench.harness.RetryPolicy` or anything with
            ``attempts``, ``initial_delay`` and ``max_delay``).
        secrets: strings (API keys) scrubbed from every error message.
    """

    provider: ClassVar[str] = "http"

    def __init__(
        self,
        *,
        timeout: float | None = DEFAULT_TIMEOUT,
        retry: Backoff = DEFAULT_HTTP_RETRY,
        secrets: tuple[str, ...] = (),
    ) -> None:
        if timeout is not None and not (math.isfinite(timeout) and timeout > 0):
            raise ConfigError(
                f"timeout must be a positive number of seconds or None, got {timeout!r}"
            )
        self.timeout = timeout
        self.retry = retry
        self._secrets = tuple(s for s in secrets if s)
        for secret in self._secrets:
            register_secret(secret)
        self._session: aiohttp.ClientSession | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.probe_after: float | None = PROBE_AFTER
        """Seconds of silence from the endpoint before it is probed (None: never; each attempt
        then waits its whole timeout)."""
        self.limiter: EndpointLimiter | None = None
        """A limiter of this model's own; None (the default): the one shared by every client of
        the same provider and URL in the process."""

    @property
    def name(self) -> str:
        """How the model is named in results and messages, e.g. ``openai:gpt-4o-mini``."""
        raise NotImplementedError

    async def complete(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Completion:
        """Complete one (system prompt, user message) pair; see the subclasses."""
        raise NotImplementedError

    # -- lifecycle -------------------------------------------------------------------------------

    async def aclose(self) -> None:
        """Close the HTTP session and its pooled connections. Safe to call more than once; the
        next call opens a new session."""
        session, self._session, self._loop = self._session, None, None
        if session is not None and not session.closed:
            await session.close()

    def _session_for_loop(self) -> aiohttp.ClientSession:
        # Created here, not in __init__: a ClientSession belongs to the loop it was made in, and a
        # model is often built before any loop runs (a CLI flag, a profile). Nothing awaits between
        # the check and the assignment, so concurrent first calls share one session.
        loop = asyncio.get_running_loop()
        session = self._session
        if session is not None and not session.closed and self._loop is loop:
            return session
        if session is not None and not session.closed:
            # A new event loop (a second anyio.run): the old session's connections belong to a
            # loop that is gone and cannot be closed from here. Drop it without touching them.
            logger.debug("%s: event loop changed; opening a new HTTP session", self.name)
            session.detach()
        # The cancel scope in _attempt is the only clock for the reply; opening the connection has
        # its own (a SYN nobody answers), so the silence probe only ever meets a connected server.
        self._session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=None, sock_connect=CONNECT_TIMEOUT)
        )
        self._loop = loop
        return self._session

    # -- sending ---------------------------------------------------------------------------------

    def _scrub(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    async def _post_json(
        self,
        url: str,
        *,
        headers: Mapping[str, str],
        body: Mapping[str, Any],
        params: Mapping[str, str] | None = None,
    ) -> Mapping[str, Any]:
        """POST ``body`` as JSON, with the timeout and retries; return the JSON object replied.

        Raises:
            ProviderError: a non-2xx status (after retries when retryable), a lost connection
                (after retries), or a 2xx body that is not a JSON object.
            ModelTimeout: the last attempt ran out of time.
        """
        if has_credentials(url):  # aiohttp refuses it beside a key, as an error no retry knows
            raise ProviderError(
                f"{self.name}: the endpoint {_where(url)} {CREDENTIALS_REFUSED}",
                provider=self.provider,
            )
        limiter = self.limiter_for(url)
        live = liveness_of(_where(url))
        reason = live.down()
        if reason is not None:
            raise EndpointDown(f"{self.name}: {reason}", provider=self.provider)
        # How the call waits before its next attempt: a Retry-After in full (the server's word);
        # after a rate limit that named no wait, its backoff or until the endpoint answers anyone
        # again, whichever comes first; after anything else, its backoff.
        refused_without_wait = False

        async def wait(seconds: float) -> None:
            if refused_without_wait:
                await limiter.back_off(seconds)
            else:
                await anyio.sleep(seconds)

        attempts = retrying(self.retry, retryable=_retryable, describe=f"{self.name} request")
        try:
            async for attempt in attempts.copy(sleep=wait):
                with attempt:
                    refused_without_wait = False
                    # A slot per attempt, not per call: a call waiting out its back-off holds none.
                    async with limiter.slot(self.name) as slot:
                        try:
                            payload = await self._attempt(url, headers, body, params, live)
                        except ProviderError as exc:
                            limited = exc.status in RATE_LIMIT_STATUSES
                            if limited:
                                slot.rate_limited(exc.retry_after)
                            refused_without_wait = limited and exc.retry_after is None
                            raise
                        slot.succeeded()
                        return payload
        except ProviderError as exc:
            if exc.status is None and exc.retryable and not live.ever_heard:
                # Every attempt failed to connect to an endpoint that never answered: nothing
                # serves there. This caller gets the connection error; the others (and this
                # one's next call) fail at once, with the reason, for a while.
                cause = exc.__cause__
                live.mark_down(
                    f"nothing answers at {live.where}: {self.retry.attempts} attempts failed to "
                    f"connect ({type(cause).__name__}: {cause})"
                )
            raise
        raise AssertionError("unreachable: tenacity re-raises after the last attempt")

    def limiter_for(self, url: str) -> EndpointLimiter:
        """The adaptive concurrency limiter requests to ``url`` go through: the one given to this
        model (:attr:`limiter`), else the process's shared one for this provider and URL
        (:func:`~recallbench.models.limiter.endpoint_limiter`)."""
        if self.limiter is not None:
            return self.limiter
        return endpoint_limiter(self.provider, _where(url))

    async def _attempt(
        self,
        url: str,
        headers: Mapping[str, str],
        body: Mapping[str, Any],
        params: Mapping[str, str] | None,
        live: Liveness,
    ) -> Mapping[str, Any]:
        session = self._session_for_loop()
        down: str | None = None
        payload: Mapping[str, Any] | None = None
        failed: Exception | None = None
        # anyio's scope, not asyncio.timeout: it composes with the caller's own cancel scopes and
        # cancels the in-flight request cleanly (the connection is released, not leaked).
        with anyio.move_on_after(math.inf if self.timeout is None else self.timeout):
            async with anyio.create_task_group() as tg:
                if self.probe_after is not None:
                    probe_after = self.probe_after

                    async def watchdog() -> None:
                        nonlocal down
                        down = await live.watch(lambda: self._probe(session, url), probe_after)
                        tg.cancel_scope.cancel()  # abandon the request: nothing will come

                    tg.start_soon(watchdog)
                try:
                    payload = await self._send(session, url, headers, body, params, live)
                except Exception as exc:  # raised below as it is, not wrapped in a group
                    failed = exc
                finally:
                    tg.cancel_scope.cancel()  # the watchdog, once the request is done either way
        if failed is not None:
            raise failed
        if payload is not None:
            return payload
        if down is not None:
            raise EndpointDown(f"{self.name}: {down}", provider=self.provider)
        raise ModelTimeout(f"{self.name}: no reply from {_where(url)} within {self.timeout:g} s")

    async def _probe(self, session: aiohttp.ClientSession, url: str) -> bool:
        """Whether the server at ``url`` gives any HTTP answer to a GET within the probe's time."""
        with anyio.move_on_after(PROBE_TIMEOUT):
            try:
                async with session.get(url, headers={"Connection": "close"}):
                    return True
            except aiohttp.ClientError:
                return False
        return False

    async def _send(
        self,
        session: aiohttp.ClientSession,
        url: str,
        headers: Mapping[str, str],
        body: Mapping[str, Any],
        params: Mapping[str, str] | None,
        live: Liveness,
    ) -> Mapping[str, Any]:
        where = _where(url)
        try:
            async with session.post(url, json=body, headers=dict(headers), params=params) as resp:
                live.heard()
                raw = await resp.read()
                status = resp.status
                retry_after = parse_retry_after(resp.headers)
        except (aiohttp.ClientConnectionError, aiohttp.ClientPayloadError) as exc:
            raise ProviderError(
                self._scrub(
                    f"{self.name}: connection to {where} failed: {type(exc).__name__}: {exc}"
                ),
                provider=self.provider,
                retryable=True,
            ) from exc
        except aiohttp.ClientError as exc:  # an invalid URL and the like: retrying will not help
            raise ProviderError(
                self._scrub(f"{self.name}: request to {where} failed: {type(exc).__name__}: {exc}"),
                provider=self.provider,
            ) from exc
        text = raw.decode("utf-8", errors="replace")
        try:
            payload: object = json.loads(text)
        except ValueError:
            payload = None
        if not 200 <= status < 300:
            raise self._status_error(status, payload, text, retry_after, where)
        if not isinstance(payload, Mapping):
            what = "no JSON" if payload is None else f"JSON {type(payload).__name__}"
            raise ProviderError(
                self._scrub(
                    f"{self.name}: {where} answered HTTP {status} with {what}, not a JSON object "
                    f"(is the endpoint right?): {_collapse(text) or '<empty body>'}"
                ),
                provider=self.provider,
                status=status,
            )
        return payload

    def _status_error(
        self, status: int, payload: object, text: str, retry_after: float | None, where: str
    ) -> ProviderError:
        code, inner_code, message = _error_fields(payload)
        detail = message if message is not None else _collapse(text) or "<empty body>"
        tag = f" ({code})" if code else ""
        return ProviderError(
            self._scrub(f"{self.name}: HTTP {status}{tag} from {where}: {detail}"),
            provider=self.provider,
            status=status,
            code=code,
            inner_code=inner_code,
            provider_message=self._scrub(message) if message is not None else None,
            retry_after=retry_after,
            retryable=status == 429 or status >= 500,
        )
