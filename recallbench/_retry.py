"""The project's one retry factory: tenacity, sleeping through anyio, with backoff and Retry-After.

Callers decide what is worth retrying (an HTTP provider: 429, 5xx and lost connections; never a
400) and pass that as ``retryable``. An exception may say how long the server asked us to wait by
carrying a ``retry_after`` attribute (seconds, or None); see :class:`RetryAfter`. That wait is
honoured instead of the backoff, capped so a server cannot park a run for an hour.

tenacity is imported when :func:`retrying` is first called, so importing this module stays cheap.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

if TYPE_CHECKING:
    from tenacity import AsyncRetrying, RetryCallState

__all__ = [
    "DEFAULT_RETRY",
    "DEFAULT_RETRY_AFTER_CAP",
    "Backoff",
    "RetryAfter",
    "RetryPolicy",
    "retry_after_of",
    "retrying",
]

logger = logging.getLogger("recallbench")

DEFAULT_RETRY_AFTER_CAP = 60.0
"""The longest ``Retry-After`` honoured, in seconds; a longer one is cut to this."""


class Backoff(Protocol):
    """What :func:`retrying` reads from a retry policy (:class:`recallbench.harness.RetryPolicy` fits).

    Attributes:
        attempts: calls in all, the first one included (1: no retry).
        initial_delay: seconds before the first retry; each later wait doubles, plus jitter.
        max_delay: the longest backoff wait, in seconds.
    """

    @property
    def attempts(self) -> int: ...
    @property
    def initial_delay(self) -> float: ...
    @property
    def max_delay(self) -> float: ...


@attrs.frozen(kw_only=True)
class RetryPolicy:
    """Retries of one call (a judge's, a provider's, an RPC): exponential backoff with jitter between attempts."""

    attempts: int = attrs.field(default=3, validator=attrs.validators.ge(1))
    initial_delay: float = 0.5
    max_delay: float = 8.0


DEFAULT_RETRY = RetryPolicy()


@runtime_checkable
class RetryAfter(Protocol):
    """An exception that carries the wait a server asked for (``Retry-After``), in seconds."""

    retry_after: float | None


def retry_after_of(exc: BaseException | None) -> float | None:
    """The finite, non-negative ``retry_after`` an exception carries, or None."""
    value = getattr(exc, "retry_after", None)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if not math.isfinite(value) or value < 0:
        return None
    return float(value)


def retrying(
    policy: Backoff,
    *,
    retryable: Callable[[BaseException], bool],
    retry_after_cap: float = DEFAULT_RETRY_AFTER_CAP,
    describe: str = "call",
) -> AsyncRetrying:
    """A tenacity ``AsyncRetrying`` for one logical call.

    Use it as ``async for attempt in retrying(...): with attempt: ...``. After the last attempt the
    last exception is re-raised as it is (not wrapped in tenacity's ``RetryError``), and an
    exception ``retryable`` refuses is re-raised at once. Cancellation (and anything else that is
    not an ``Exception``) is never retried, whatever ``retryable`` says: tenacity catches
    ``BaseException``, so the guard is here.

    Waits: exponential backoff from ``policy.initial_delay`` doubling up to ``policy.max_delay``,
    plus up to ``initial_delay`` of random jitter (so clients that failed together do not retry in
    lockstep). When the exception carries ``retry_after`` the server's wait is used instead, cut to
    ``retry_after_cap``.

    Args:
        policy: attempts and delays.
        retryable: whether an exception is worth another attempt.
        retry_after_cap: the longest server-requested wait honoured, in seconds.
        describe: what is being retried, for the log line each retry writes at INFO.
    """
    import anyio
    from tenacity import (
        AsyncRetrying,
        retry_if_exception,
        stop_after_attempt,
        wait_exponential_jitter,
    )

    initial = max(policy.initial_delay, 0.0)
    # `multiplier` scales the exponential (tenacity deprecated `initial` for it); the jitter is on
    # the policy's own scale rather than tenacity's default of up to one second.
    backoff = wait_exponential_jitter(
        multiplier=initial, max=max(policy.max_delay, initial), jitter=initial
    )

    def wait(state: RetryCallState) -> float:
        exc = state.outcome.exception() if state.outcome is not None else None
        requested = retry_after_of(exc)
        if requested is not None:
            return min(requested, retry_after_cap)
        return float(backoff(state))

    def before_sleep(state: RetryCallState) -> None:
        exc = state.outcome.exception() if state.outcome is not None else None
        delay = state.next_action.sleep if state.next_action is not None else 0.0
        logger.info(
            "%s failed on attempt %d of %d (%s); retrying in %.2f s",
            describe,
            state.attempt_number,
            policy.attempts,
            exc,
            delay,
        )

    return AsyncRetrying(
        sleep=anyio.sleep,
        stop=stop_after_attempt(max(policy.attempts, 1)),
        wait=wait,
        retry=retry_if_exception(lambda exc: isinstance(exc, Exception) and retryable(exc)),
        before_sleep=before_sleep,
        reraise=True,
    )
