"""How a :class:`~recallbench.testing.providers.FakeProviderServer` behaves under load: latency
with jitter, a requests-per-minute limit, and outages of 429s or 503s at given times.

A real provider answers a judge in a few hundred milliseconds, give or take, lets a key send so
many requests a minute and answers HTTP 429 with ``Retry-After`` beyond that, and now and then
rate limits everyone or is overloaded for a few seconds. :class:`ProviderLimits` describes that;
the server applies it before its scripted reply and counts what happened in a
:class:`TrafficStats`, so a benchmark can say how close a client came to the least time the
limit allows (:meth:`ProviderLimits.floor`)::

    limits = ProviderLimits(
        latency=0.2, jitter=0.3, requests_per_minute=3000,
        outages=(Outage(at=10, duration=2, status=429, retry_after=1.0), Outage(at=25, duration=2, status=503)),
    )
    async with FakeProviderServer(PASS, limits=limits) as server:
        ...
    print(server.traffic.admitted, server.traffic.limited, limits.floor(server.traffic.admitted))

The limit is a token bucket, as providers enforce a per-minute limit at finer grain: it holds at
most ``bucket`` requests and refills at ``requests_per_minute / 60`` a second; a request that finds
it empty gets HTTP 429 at once with the wait until the next token, as OpenAI sends it:
``retry-after-ms`` (exact) and ``Retry-After`` (whole seconds, rounded up). Rejected requests do not
use a token. An outage answers every request that arrives within it, at once, with its status.
Times are seconds from the first request the server receives.
"""

from __future__ import annotations

import math
import random
import time

import attrs

__all__ = ["Outage", "ProviderLimits", "TrafficShaper", "TrafficStats", "Verdict"]


def _non_negative(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not (math.isfinite(value) and value >= 0):
        raise ValueError(f"{attribute.name} must be a finite number >= 0, got {value!r}")


@attrs.frozen(kw_only=True)
class Outage:
    """A stretch of time in which the provider refuses every request.

    Attributes:
        at: when it starts, in seconds from the first request the server receives.
        duration: how long it lasts, in seconds.
        status: the HTTP status of every answer (429: everyone is rate limited; 503: overloaded).
        retry_after: the ``Retry-After`` sent with each answer, in seconds (None: no header, as an
            overloaded server often sends none).
    """

    at: float = attrs.field(validator=_non_negative)
    duration: float = attrs.field(validator=_non_negative)
    status: int = attrs.field(default=503)
    retry_after: float | None = None

    @status.validator
    def _check_status(self, _: object, value: int) -> None:
        if not 400 <= value < 600:
            raise ValueError(f"an outage answers an HTTP error status (4xx/5xx), got {value!r}")

    def covers(self, elapsed: float) -> bool:
        """Whether ``elapsed`` seconds after the first request fall within the outage."""
        return self.at <= elapsed < self.at + self.duration


@attrs.frozen(kw_only=True)
class ProviderLimits:
    """A provider's behaviour under load.

    Attributes:
        latency: the median seconds an admitted request takes to be answered.
        jitter: the spread of that latency: each one is ``latency × exp(N(0, jitter))``, a
            log-normal with a long tail as real replies have (0: always ``latency``).
        requests_per_minute: the rate limit (None: no limit).
        bucket: requests the limit lets through at once after a quiet spell (None: one second's
            worth, at least 1).
        outages: stretches of time answered only with an error status.
        retry_after_ms: whether a rate-limit 429 carries OpenAI's exact ``retry-after-ms`` beside
            ``Retry-After`` in whole seconds (False: whole seconds only, as Anthropic sends).
        seed: the seed of the latency draws, so a benchmark is repeatable.
    """

    latency: float = attrs.field(default=0.0, validator=_non_negative)
    jitter: float = attrs.field(default=0.0, validator=_non_negative)
    requests_per_minute: float | None = attrs.field(default=None)
    bucket: float | None = attrs.field(default=None)
    outages: tuple[Outage, ...] = attrs.field(default=(), converter=tuple)
    retry_after_ms: bool = True
    seed: int = 0

    @requests_per_minute.validator
    def _check_rpm(self, _: object, value: float | None) -> None:
        if value is not None and not (math.isfinite(value) and value > 0):
            raise ValueError(f"requests_per_minute must be > 0 or None, got {value!r}")

    @bucket.validator
    def _check_bucket(self, _: object, value: float | None) -> None:
        if value is not None and not (math.isfinite(value) and value >= 1):
            raise ValueError(f"bucket must be at least 1 or None, got {value!r}")

    @property
    def rate(self) -> float | None:
        """Requests a second the limit allows (None: unlimited)."""
        return None if self.requests_per_minute is None else self.requests_per_minute / 60.0

    @property
    def capacity(self) -> float:
        """The bucket's size: requests let through at once after a quiet spell."""
        if self.bucket is not None:
            return self.bucket
        rate = self.rate
        return 1.0 if rate is None else max(1.0, rate)

    def floor(self, requests: int) -> float:
        """The least time, in seconds, in which any client could get ``requests`` answered.

        The bucket lets ``capacity`` through at once, then ``rate`` a second; during an outage
        nothing is answered (overlapping outages count once), and the bucket refills (at most to
        its size) meanwhile. The latency
        of the last reply is left out, so the floor is a lower bound. Without a rate limit: the
        outages alone.
        """
        down = self._down_spells()
        outage = sum(down)
        rate = self.rate
        if rate is None:
            return outage
        refills = sum(min(self.capacity, spell * rate) for spell in down)
        return outage + max(0.0, requests - self.capacity - refills) / rate

    def _down_spells(self) -> list[float]:
        """The lengths of the stretches in which some outage refuses everything (overlapping
        outages merged: the server is down once, not twice)."""
        spells: list[list[float]] = []
        for outage in sorted(self.outages, key=lambda o: o.at):
            end = outage.at + outage.duration
            if spells and outage.at <= spells[-1][1]:
                spells[-1][1] = max(spells[-1][1], end)
            else:
                spells.append([outage.at, end])
        return [end - start for start, end in spells]


@attrs.frozen(kw_only=True)
class Verdict:
    """What the shaper decided for one request: answer it after ``delay`` seconds, or refuse it at
    once with ``status`` and ``headers``."""

    delay: float = 0.0
    status: int | None = None
    headers: dict[str, str] = attrs.field(factory=dict)
    why: str = "admitted"


@attrs.define
class TrafficStats:
    """What the server did with the requests it received under its :class:`ProviderLimits`.

    Attributes:
        admitted: requests let through to the scripted reply.
        limited: requests refused with 429 because the bucket was empty.
        outage: refusals during an outage, by status.
        first_at, last_at: when the first request arrived and the last admitted one was answered,
            on :func:`time.monotonic`'s clock (None before any).
    """

    admitted: int = 0
    limited: int = 0
    outage: dict[int, int] = attrs.field(factory=dict)
    first_at: float | None = None
    last_at: float | None = None

    @property
    def span(self) -> float:
        """Seconds from the first request's arrival to the last admitted reply."""
        if self.first_at is None or self.last_at is None:
            return 0.0
        return self.last_at - self.first_at


class TrafficShaper:
    """Applies :class:`ProviderLimits` to a stream of requests (the server's side of the limit)."""

    def __init__(self, limits: ProviderLimits) -> None:
        self.limits = limits
        self.stats = TrafficStats()
        self._random = random.Random(limits.seed)
        self._tokens = limits.capacity
        self._refilled_at: float | None = None

    def arrive(self, now: float | None = None) -> Verdict:
        """Decide for a request arriving now (``now`` on :func:`time.monotonic`'s clock)."""
        now = time.monotonic() if now is None else now
        stats = self.stats
        if stats.first_at is None:
            stats.first_at = now
        elapsed = now - stats.first_at
        for outage in self.limits.outages:
            if outage.covers(elapsed):
                self._refill(now)
                stats.outage[outage.status] = stats.outage.get(outage.status, 0) + 1
                headers = (
                    {}
                    if outage.retry_after is None
                    else _retry_headers(outage.retry_after, self.limits.retry_after_ms)
                )
                return Verdict(status=outage.status, headers=headers, why="outage")
        rate = self.limits.rate
        if rate is not None:
            self._refill(now)
            if self._tokens < 1.0 - 1e-9:  # (a token refilled to 0.9999… by float error is one)
                stats.limited += 1
                wait = (1.0 - self._tokens) / rate
                headers = _retry_headers(wait, self.limits.retry_after_ms)
                return Verdict(status=429, headers=headers, why="rate limit")
            self._tokens -= 1.0
        stats.admitted += 1
        return Verdict(delay=self._latency())

    def answered(self, now: float | None = None) -> None:
        """An admitted request's reply has been sent."""
        self.stats.last_at = time.monotonic() if now is None else now

    def _refill(self, now: float) -> None:
        rate = self.limits.rate
        if rate is None:
            return
        if self._refilled_at is not None:
            gained = (now - self._refilled_at) * rate
            self._tokens = min(self.limits.capacity, self._tokens + gained)
        self._refilled_at = now

    def _latency(self) -> float:
        limits = self.limits
        if limits.latency <= 0:
            return 0.0
        if limits.jitter <= 0:
            return limits.latency
        return limits.latency * math.exp(self._random.gauss(0.0, limits.jitter))


def _retry_headers(seconds: float, millis: bool) -> dict[str, str]:
    """``Retry-After`` in whole seconds rounded up, and OpenAI's exact ``retry-after-ms`` when
    ``millis``."""
    headers = {"Retry-After": str(max(1, math.ceil(seconds)))}
    if millis:
        # Rounded first, so that 0.05 s is "50" and not "51" from float error.
        headers["retry-after-ms"] = str(max(1, math.ceil(round(seconds * 1000, 6))))
    return headers
