"""An adaptive concurrency limit per provider endpoint, shared by every model client that calls it.

A long run's judge calls, appellate calls, model baselines and generation calls often go to one
endpoint (an OpenAI key, an Azure deployment, a local server). When that endpoint starts answering
HTTP 429 ("too many requests"), retrying each call on its own keeps the pressure up: every client
backs off and comes back at the same concurrency, and a run of hours dies on exhausted retries.
:class:`EndpointLimiter` does what TCP does with congestion — additive increase, multiplicative
decrease — on the number of requests in flight:

* **Decrease.** A rate-limit answer (HTTP 429, and the "overloaded" 503 and Anthropic's 529) halves
  the allowed concurrency, floor 1 — once per episode: the 429s of requests that were already in
  flight when the limit last went down do not halve it again, nor do those of requests sent since
  but refused sooner than an answer takes (a moving average of answered attempts): a refusal comes
  back at once and an answer after a round trip, so such a refusal says only that the endpoint was
  still full from before (TCP decreases once per round trip for the same reason). A
  ``Retry-After`` the server sent pauses *every* new request to the endpoint until it has passed
  (capped at :data:`~recallbench._retry.DEFAULT_RETRY_AFTER_CAP`), not only the retry of the call
  it answered.
* **Increase.** Below the *recovery* level the limit goes up by one an answer — doubling every round
  trip, TCP's slow start; above it, by one after ``increase_after`` successes in a row, until it is
  back at the ceiling; then the limiter no longer limits (``limit`` None) and the callers' own
  parallelism is the bound again. The recovery level is half the limit that met the rate limit
  (TCP's ssthresh) — or, when a round trip at the lowered limit brought no answer at all, the limit
  before the first decrease: that was an outage, which refuses any load (a rate limit lets some
  through), and says nothing about what the endpoint copes with. The ceiling is ``ceiling`` when
  given, else the most requests ever seen in flight at once — the callers' parallelism, as
  measured.
* **Back-off.** A call refused with a 503 or 529 that named no wait backs off through
  :meth:`EndpointLimiter.back_off`: its backoff, or until the endpoint answers any request again,
  whichever is first — so the calls of a run do not sleep on after the endpoint is back. They still
  take a slot each, so they return at the limit's pace, not all at once.

The retries themselves stay with the provider's retry policy (:func:`recallbench._retry.retrying`):
the limiter is held around each *attempt*, so a call waiting out its back-off holds no slot.

One limiter per endpoint per process (:func:`endpoint_limiter`, keyed by provider and request URL —
an Azure URL names its deployment): the registry is process-wide on purpose, because the point is
that separately built clients (the judge, the appellate judge, a ``builtin:rag`` baseline) share
what the endpoint told any of them. Its slots belong to one event loop at a time: a call from a new
loop (a second ``anyio.run``) starts the slot count afresh and keeps what was learnt (the limit, the
counts). A Ray worker is another process, with its own limiters. Each change of the limit is
logged once, at WARNING going down and INFO going up (in slow start: once, when it is back), on
the ``recallbench`` logger; :func:`limiter_states` reports every endpoint's state (the command
line says at the end of a run which endpoints were rate limited and how far concurrency went
down).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import attrs

from .._retry import DEFAULT_RETRY_AFTER_CAP

__all__ = [
    "DEFAULT_INCREASE_AFTER",
    "RATE_LIMIT_STATUSES",
    "EndpointLimiter",
    "LimiterState",
    "Slot",
    "endpoint_limiter",
    "limiter_states",
    "reset_endpoint_limiters",
]

logger = logging.getLogger("recallbench")

DEFAULT_INCREASE_AFTER = 10
"""Successes in a row after which a lowered limit goes up by one."""

RATE_LIMIT_STATUSES = frozenset({429, 503, 529})
"""HTTP statuses that mean "slow down": too many requests, service unavailable (Azure and OpenAI's
overload), and Anthropic's 529 "overloaded"."""


@attrs.frozen(kw_only=True)
class LimiterState:
    """One endpoint's limiter, as it stands.

    Attributes:
        provider: ``openai``, ``anthropic`` or ``azure``.
        endpoint: the request URL (no query string, no user info).
        models: the model names that sent requests through it, sorted.
        limit: the concurrency now allowed; None when not limited (the callers' own parallelism).
        lowest: the lowest limit it went down to; None when it never went down.
        ceiling: what the limit recovers to (the ``ceiling`` given, else the most requests seen in
            flight at once).
        rate_limited: rate-limit answers (429/503/529) received.
        decreases, increases: how many times the limit went down and up.
        requests: attempts sent through it.
    """

    provider: str
    endpoint: str
    models: tuple[str, ...]
    limit: int | None
    lowest: int | None
    ceiling: int
    rate_limited: int
    decreases: int
    increases: int
    requests: int

    def describe(self) -> str:
        """One line: how often the endpoint rate limited and how far concurrency went down."""
        who = ", ".join(self.models) or self.provider
        now = "unlimited again" if self.limit is None else f"{self.limit} now"
        low = self.lowest if self.lowest is not None else self.ceiling
        times = "time" if self.rate_limited == 1 else "times"
        return (
            f"{who} at {self.endpoint} was rate limited {self.rate_limited} {times}; concurrency "
            f"went down to {low} ({now}, ceiling {self.ceiling})"
        )


class _Waiter:
    """A task waiting for a slot; its event is made in the waiting task's own event loop."""

    __slots__ = ("event",)

    def __init__(self) -> None:
        import anyio

        self.event = anyio.Event()


class EndpointLimiter:
    """Additive-increase / multiplicative-decrease on the requests in flight to one endpoint.

    Use :meth:`slot` around each attempt and report how it went with the slot's methods::

        async with limiter.slot() as slot:
            try:
                reply = await send()
            except ProviderError as exc:
                if exc.status in RATE_LIMIT_STATUSES:
                    slot.rate_limited(exc.retry_after)
                raise
            slot.succeeded()

    Args:
        provider, endpoint: what it limits (for messages and :class:`LimiterState`).
        ceiling: the most requests in flight it ever allows; None: the most seen in flight.
        increase_after: successes in a row after which a lowered limit goes up by one.
        retry_after_cap: the longest ``Retry-After`` pause honoured, in seconds.
    """

    def __init__(
        self,
        provider: str = "http",
        endpoint: str = "",
        *,
        ceiling: int | None = None,
        increase_after: int = DEFAULT_INCREASE_AFTER,
        retry_after_cap: float = DEFAULT_RETRY_AFTER_CAP,
    ) -> None:
        if ceiling is not None and ceiling < 1:
            raise ValueError(f"ceiling must be at least 1 or None, got {ceiling!r}")
        if increase_after < 1:
            raise ValueError(f"increase_after must be at least 1, got {increase_after!r}")
        self.provider = provider
        self.endpoint = endpoint
        self.ceiling = ceiling
        self.increase_after = increase_after
        self.retry_after_cap = retry_after_cap
        self._limit: int | None = ceiling
        self._lowest: int | None = None
        self._peak = 0
        self._in_flight = 0
        self._waiters: list[_Waiter] = []
        self._paused_until = 0.0
        self._streak = 0
        # Bumped at each decrease: a 429 answering a request sent before it is the same episode.
        self._generation = 0
        self._coped = 0  # successes of requests sent since the last decrease
        self._recovery: int | None = None  # the limit slow start climbs back to
        self._chain_top = 0  # the limit before the first of the decreases since the last success
        self._generation_sent: float | None = None  # when the generation's first attempt went
        self._rtt = 0.0  # a moving average of answered attempts' durations, in seconds
        self._sleepers: set[_Waiter] = set()  # calls backing off from a rate limit (back_off)
        self._rate_limited = 0
        self._decreases = 0
        self._increases = 0
        self._requests = 0
        self._models: set[str] = set()
        self._lock = threading.Lock()  # counters only; waiting is per event loop
        self._loop: object | None = None  # the event loop whose tasks hold and await slots

    def __repr__(self) -> str:
        return (
            f"EndpointLimiter({self.provider!r}, {self.endpoint!r}, limit={self._limit}, "
            f"in_flight={self._in_flight}, rate_limited={self._rate_limited})"
        )

    # -- state ------------------------------------------------------------------------------------

    @property
    def limit(self) -> int | None:
        """The concurrency now allowed (None: not limited)."""
        return self._limit

    @property
    def in_flight(self) -> int:
        """Attempts holding a slot now."""
        return self._in_flight

    def state(self) -> LimiterState:
        """A snapshot of the limiter."""
        with self._lock:
            return LimiterState(
                provider=self.provider,
                endpoint=self.endpoint,
                models=tuple(sorted(self._models)),
                limit=self._limit,
                lowest=self._lowest,
                ceiling=self._ceiling(),
                rate_limited=self._rate_limited,
                decreases=self._decreases,
                increases=self._increases,
                requests=self._requests,
            )

    def _ceiling(self) -> int:
        return self.ceiling if self.ceiling is not None else max(self._peak, 1)

    # -- slots ------------------------------------------------------------------------------------

    @asynccontextmanager
    async def slot(self, model: str | None = None) -> AsyncIterator[Slot]:
        """Hold one of the endpoint's slots for one attempt (waiting for a free one, and for a
        ``Retry-After`` pause to pass, first)."""
        await self._acquire()
        with self._lock:
            self._requests += 1
            if model:
                self._models.add(model)
            held = Slot(self, self._generation)
            if self._generation_sent is None:
                self._generation_sent = held.started
        try:
            yield held
        finally:
            self._release()

    def _adopt_loop(self) -> None:
        """Forget the slots and waiters of an event loop that is gone (a run ended abruptly, then
        another ``anyio.run`` in the same process): they will never be released."""
        import asyncio

        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            self._in_flight = 0
            self._waiters.clear()
            self._sleepers.clear()

    async def _acquire(self) -> None:
        import anyio

        self._adopt_loop()
        while True:
            pause = self._paused_until - time.monotonic()
            if pause > 0:
                # Every new request waits out the server's Retry-After, not only the one it
                # answered: the endpoint said so to this key, whichever call asked.
                await anyio.sleep(pause)
                continue
            if self._limit is None or self._in_flight < self._limit:
                self._in_flight += 1
                self._peak = max(self._peak, self._in_flight)
                return
            waiter = _Waiter()
            self._waiters.append(waiter)
            try:
                await waiter.event.wait()
            except BaseException:
                # Cancelled while waiting: leave the queue; a wake-up already received is
                # passed on, so a freed slot is never lost.
                if waiter in self._waiters:
                    self._waiters.remove(waiter)
                elif waiter.event.is_set():
                    self._wake()
                raise

    def _release(self) -> None:
        self._in_flight -= 1
        self._wake()

    def _wake(self) -> None:
        free = math.inf if self._limit is None else self._limit - self._in_flight
        while self._waiters and free > 0:
            self._waiters.pop(0).event.set()
            free -= 1

    # -- feedback ---------------------------------------------------------------------------------

    async def back_off(self, seconds: float) -> None:
        """Sleep ``seconds`` before retrying a call the endpoint refused with a rate limit that
        named no wait (a 503 or 529 without ``Retry-After``), or less: until any request to the
        endpoint is answered, which shows it serving again. Woken calls still take a slot each,
        so they come back at the limit's pace, not all at once. (A ``Retry-After`` is the server's
        word and is waited out in full, not through this.)"""
        import anyio

        self._adopt_loop()
        sleeper = _Waiter()
        self._sleepers.add(sleeper)
        try:
            with anyio.move_on_after(seconds):
                await sleeper.event.wait()
        finally:
            self._sleepers.discard(sleeper)

    def _succeeded(self, generation: int, took: float = 0.0) -> None:
        if self._sleepers:
            sleepers = tuple(self._sleepers)
            self._sleepers.clear()
            for sleeper in sleepers:
                sleeper.event.set()
        with self._lock:
            # The round trip an answer takes (an exponential moving average, weight 1/8 as TCP's
            # SRTT): how long after a decrease its effect can show.
            self._rtt = took if self._rtt == 0.0 else self._rtt + (took - self._rtt) / 8
            self._streak += 1
            if generation == self._generation:
                self._coped += 1
            before = self._limit
            if before is None:
                return
            if self.ceiling is not None and before >= self.ceiling:
                return
            # Slow start (TCP's): below the level the endpoint last coped with, +1 a success —
            # doubling every round trip — so a limit an outage drove down to 1 is back there in a
            # few round trips, not a few hundred successes; above it, +1 per `increase_after`.
            slow_start = self._recovery is not None and before < self._recovery
            if not slow_start and self._streak < self.increase_after:
                return
            self._streak = 0
            ceiling = self._ceiling()
            # Back at the ceiling, an unconfigured limiter stops limiting: the callers' own
            # parallelism bounds them again, whatever it grows to.
            self._limit = before + 1 if before + 1 < ceiling else self.ceiling
            self._increases += 1
            if not slow_start or self._limit == self._recovery:
                logger.info(
                    "%s endpoint %s: %s; concurrency %d -> %s",
                    self.provider,
                    self.endpoint,
                    "answering again"
                    if slow_start
                    else f"{self.increase_after} successes in a row",
                    before,
                    self._limit if self._limit is not None else f"{ceiling} (no longer limited)",
                )
        self._wake()

    def _rate_limited_at(self, generation: int, retry_after: float | None) -> None:
        with self._lock:
            self._rate_limited += 1
            self._streak = 0
            if retry_after is not None and retry_after > 0:
                until = time.monotonic() + min(retry_after, self.retry_after_cap)
                self._paused_until = max(self._paused_until, until)
            now = time.monotonic()
            if generation != self._generation:
                return  # sent before the last decrease: the same episode, already answered
            if self._generation_sent is not None and now - self._generation_sent < self._rtt:
                # Sent since the last decrease, but refused sooner than an answer could have come
                # back: a refusal is instant and an answer takes a round trip, so this says only
                # that the endpoint was still full from before (TCP: one decrease per round trip).
                return
            before = self._limit if self._limit is not None else max(self._in_flight, 1)
            if self._recovery is None or self._coped > 0:
                # The first decrease since an answer: the endpoint coped with less than `before`,
                # so slow start later climbs back to half of it (TCP's ssthresh).
                self._chain_top = before
                self._recovery = max(1, before // 2)
            else:
                # A round trip at the lowered limit and nothing sent at it answered: an outage,
                # which refuses any load, not a rate limit, which lets some through. It says
                # nothing about what the endpoint copes with, so once it answers again slow start
                # climbs back to where the limit was before the outage began.
                self._recovery = max(self._recovery, self._chain_top)
            if before == 1:
                self._limit = 1
                return  # at the floor: nothing lower to go to, nothing new to say
            self._limit = max(1, before // 2)
            self._coped = 0
            self._generation += 1
            self._generation_sent = None
            self._decreases += 1
            self._lowest = self._limit if self._lowest is None else min(self._lowest, self._limit)
            pause = f"; pausing {min(retry_after, self.retry_after_cap):g} s" if retry_after else ""
            logger.warning(
                "%s endpoint %s is rate limiting (%d so far); concurrency %d -> %d%s",
                self.provider,
                self.endpoint,
                self._rate_limited,
                before,
                self._limit,
                pause,
            )


class Slot:
    """One held slot of an :class:`EndpointLimiter`: say how its attempt went."""

    __slots__ = ("_generation", "_limiter", "started")

    def __init__(self, limiter: EndpointLimiter, generation: int) -> None:
        self._limiter = limiter
        self._generation = generation
        self.started = time.monotonic()
        """When the attempt took the slot, on :func:`time.monotonic`'s clock."""

    def succeeded(self) -> None:
        """The attempt got an answer (counts towards raising a lowered limit)."""
        self._limiter._succeeded(self._generation, time.monotonic() - self.started)

    def rate_limited(self, retry_after: float | None = None) -> None:
        """The endpoint said to slow down (429/503/529), asking to wait ``retry_after`` seconds."""
        self._limiter._rate_limited_at(self._generation, retry_after)


_registry: dict[tuple[str, str], EndpointLimiter] = {}
_registry_lock = threading.Lock()


def endpoint_limiter(provider: str, endpoint: str) -> EndpointLimiter:
    """The process's limiter for an endpoint (made on first use, then shared)."""
    key = (provider, endpoint)
    with _registry_lock:
        found = _registry.get(key)
        if found is None:
            found = _registry[key] = EndpointLimiter(provider, endpoint)
        return found


def limiter_states() -> tuple[LimiterState, ...]:
    """Every endpoint limiter of the process, as it stands, by provider and endpoint."""
    with _registry_lock:
        limiters = sorted(_registry.items())
    return tuple(limiter.state() for _, limiter in limiters)


def reset_endpoint_limiters() -> None:
    """Forget every endpoint limiter (tests; a long-lived process starting afresh)."""
    with _registry_lock:
        _registry.clear()
