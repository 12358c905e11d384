"""A provider under load (issue 36, deliver 2): the fake provider's latency, requests-per-minute
limit and outages, and the endpoint limiter riding them out — Retry-After honoured, no answer
lost through a burst of 429s and one of 503s, slow start back after an outage.

Nothing here asserts a speed: times are only lower bounds (a call told to wait did not come back
sooner), which a slow machine cannot break. The speed is measured by
``benchmarks/bench_rate_limit.py`` and written in docs/performance.md.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from recallbench import run
from recallbench.harness.config import RunConfig
from recallbench.harness.judge_loading import load_judge
from recallbench.models.limiter import EndpointLimiter, limiter_states, reset_endpoint_limiters
from recallbench.models.openai import OpenAIModel
from recallbench.testing import ScriptedAdapter, write_persona
from recallbench.testing.provider_traffic import TrafficShaper
from recallbench.testing.providers import (
    FakeProviderServer,
    Outage,
    ProviderLimits,
    RecordedRequest,
)

PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "matches"}'


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _fresh_limiters() -> Iterator[None]:
    reset_endpoint_limiters()
    yield
    reset_endpoint_limiters()


# -- the fake provider's limits, on a clock of our own -----------------------------------------------


def test_the_bucket_admits_its_size_then_the_rate_and_says_when_the_next_token_comes() -> None:
    shaper = TrafficShaper(ProviderLimits(requests_per_minute=600, bucket=3))  # 10 a second
    verdicts = [shaper.arrive(100.0) for _ in range(4)]
    assert [v.status for v in verdicts] == [None, None, None, 429]
    assert verdicts[3].headers == {"Retry-After": "1", "retry-after-ms": "100"}
    assert shaper.arrive(100.05).headers["retry-after-ms"] == "50"  # half a token refilled
    assert shaper.arrive(100.1).status is None  # a whole token: admitted
    assert shaper.arrive(105.0).status is None  # refilled, but never past the bucket's size
    assert [shaper.arrive(105.0).status for _ in range(3)] == [None, None, 429]
    stats = shaper.stats
    assert (stats.admitted, stats.limited, stats.first_at) == (7, 3, 100.0)


def test_outages_answer_everyone_with_their_status_from_the_first_request() -> None:
    limits = ProviderLimits(
        outages=(
            Outage(at=1.0, duration=0.5, status=429, retry_after=2.5),
            Outage(at=3.0, duration=1.0, status=503),
        ),
        retry_after_ms=False,
    )
    shaper = TrafficShaper(limits)
    seen = [(t, shaper.arrive(50.0 + t)) for t in (0.0, 0.99, 1.0, 1.49, 1.5, 3.2, 4.0)]
    assert [v.status for _, v in seen] == [None, None, 429, 429, None, 503, None]
    assert seen[2][1].headers == {"Retry-After": "3"}  # whole seconds, rounded up
    assert seen[5][1].headers == {}  # an overloaded server names no wait
    assert shaper.stats.outage == {429: 2, 503: 1}


def test_the_floor_is_the_bucket_then_the_rate_plus_the_outages() -> None:
    limits = ProviderLimits(
        requests_per_minute=3000,  # 50 a second, a bucket of 50
        outages=(Outage(at=10, duration=2, status=429), Outage(at=25, duration=0.5)),
    )
    # 50 at once, 50 + 25 refilled during the outages, the other 2,000 - 125 at 50 a second.
    assert limits.floor(2000) == pytest.approx(2.5 + 1875 / 50)
    assert ProviderLimits(outages=(Outage(at=0, duration=3),)).floor(10**6) == 3.0
    assert limits.floor(10) == 2.5  # fewer requests than the bucket holds: the outages alone
    overlapping = ProviderLimits(
        outages=(Outage(at=10, duration=30), Outage(at=25, duration=30), Outage(at=60, duration=1))
    )
    assert overlapping.floor(1) == 46.0  # down from 10 to 55 and from 60 to 61


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"requests_per_minute": 0}, "requests_per_minute must be > 0"),
        ({"bucket": 0.5}, "bucket must be at least 1"),
        ({"latency": -1.0}, "latency must be a finite number >= 0"),
        ({"jitter": float("nan")}, "jitter must be a finite number >= 0"),
    ],
)
def test_bad_limits_say_which_field(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ProviderLimits(**kwargs)  # type: ignore[arg-type]


def test_an_outage_answers_an_error_status() -> None:
    with pytest.raises(ValueError, match="an outage answers an HTTP error status"):
        Outage(at=0, duration=1, status=200)


def test_latency_is_seeded_log_normal_around_the_median() -> None:
    draws = [TrafficShaper(ProviderLimits(latency=0.2, jitter=0.3, seed=7)) for _ in range(2)]
    first = [d.arrive(0.0).delay for d in draws]
    assert first[0] == first[1]  # the same seed, the same latencies
    delays = sorted(draws[0].arrive(0.0).delay for _ in range(999))
    assert 0.18 < delays[499] < 0.22  # the median is the latency
    assert delays[-1] > 0.3 and delays[0] < 0.13  # and it spreads both ways
    assert TrafficShaper(ProviderLimits(latency=0.2)).arrive(0.0).delay == 0.2


# -- the limiter -------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_after_an_outage_slow_start_climbs_back_to_the_limit_before_it() -> None:
    limiter = EndpointLimiter("openai", "u", ceiling=16)
    async with limiter.slot() as slot:  # one answer: the endpoint served at 16
        slot.succeeded()
    for _ in range(4):  # the outage: every limit refused, 16 -> 8 -> 4 -> 2 -> 1
        async with limiter.slot() as slot:
            await anyio.sleep(0.01)  # refused no sooner than an answer came: each one counts
            slot.rate_limited()
    assert limiter.limit == 1
    seen = []
    for _ in range(15):  # serving again: +1 an answer (doubling a round trip) back to 16
        async with limiter.slot() as slot:
            slot.succeeded()
        seen.append(limiter.limit)
    assert seen == list(range(2, 17))


@pytest.mark.anyio
async def test_a_rate_limit_that_lets_some_through_recovers_to_half_then_adds_slowly() -> None:
    limiter = EndpointLimiter("openai", "u", ceiling=16, increase_after=3)
    async with limiter.slot() as slot:
        slot.rate_limited()  # 16 -> 8: slow start will climb back to 8 only
    async with limiter.slot() as slot:
        slot.succeeded()  # an answer at 8: the endpoint lets some through
    async with limiter.slot() as slot:
        await anyio.sleep(0.01)  # no sooner than the answer came
        slot.rate_limited()  # 8 -> 4, and slow start back to 4, the half of 8
    assert limiter.limit == 4
    seen = []
    for _ in range(6):
        async with limiter.slot() as slot:
            slot.succeeded()
        seen.append(limiter.limit)
    assert seen == [4, 4, 5, 5, 5, 6]  # at the half already: +1 per 3 answers


@pytest.mark.anyio
async def test_one_decrease_per_round_trip_refusals_sooner_than_an_answer_say_nothing() -> None:
    limiter = EndpointLimiter("openai", "u", ceiling=16)
    async with limiter.slot() as slot:
        await anyio.sleep(0.3)  # an answer takes 0.3 s (at least: a lower bound)
        slot.succeeded()
    async with limiter.slot() as slot:
        slot.rate_limited()
    assert limiter.limit == 8
    # Sent after the decrease and refused at once: sooner than any answer could have come, so the
    # endpoint was still full from before, not too full at 8.
    async with limiter.slot() as slot:
        slot.rate_limited()
    assert limiter.limit == 8
    assert limiter.state().decreases == 1


@pytest.mark.anyio
async def test_a_back_off_ends_when_the_endpoint_answers_anyone() -> None:
    limiter = EndpointLimiter("openai", "u")
    woke: list[float] = []

    async def backing_off() -> None:
        await limiter.back_off(60.0)
        woke.append(anyio.current_time())

    with anyio.fail_after(30):
        async with anyio.create_task_group() as tg:
            for _ in range(3):
                tg.start_soon(backing_off)
            await anyio.sleep(0.01)
            assert woke == []
            async with limiter.slot() as slot:
                slot.succeeded()
    assert len(woke) == 3


# -- a real run through a 429 burst and a 503 burst ----------------------------------------------------


@pytest.mark.anyio
async def test_a_judged_run_loses_no_answer_through_429_and_503_bursts_and_honours_retry_after(
    tmp_path: Path,
) -> None:
    data = tmp_path / "personas"
    write_persona(data)
    retry_after = 0.25
    limits = ProviderLimits(
        latency=0.01,
        jitter=0.5,
        requests_per_minute=6000,  # 100 a second
        bucket=1,  # so the 61 answers take at least 0.6 s: the run meets both bursts
        outages=(
            Outage(at=0.0, duration=0.3, status=429, retry_after=retry_after),
            Outage(at=0.5, duration=0.3, status=503),
        ),
    )
    answered: list[RecordedRequest] = []

    def judge_reply(request: RecordedRequest) -> str:
        answered.append(request)
        return PASS

    async with FakeProviderServer(judge_reply, limits=limits) as server:
        judge = load_judge(f"openai:gpt-judge;{server.url}/v1")
        config = RunConfig(
            arcs_file="arcs-30d.yaml",
            ranges="10d,20d,30d",
            lifecycle="incremental",
            parallelism=8,
        )
        with anyio.fail_after(120):
            result = await run(ScriptedAdapter(), data, judge=judge, config=config)

    # No answer lost: every question scored, each judged exactly once by the provider.
    answers = [q for p in result.personas for r in p.range_results for q in r.question_results]
    assert len(answers) == result.metadata.total_evals_run == 61
    assert all(q.error is None and q.score.correctness == 3 for q in answers)
    assert result.metadata.judge_errors == 0
    assert len(answered) == 61
    # Both bursts were met, and each refused call came back only after its Retry-After. (A
    # question's prompt can recur at a later checkpoint, but those run one after the other: the
    # next request with the same prompt is the retry.)
    traffic = server.traffic
    assert traffic.outage.get(429, 0) >= 1 and traffic.outage.get(503, 0) >= 1
    assert traffic.admitted == 61
    first = server.requests[0].at
    by_prompt: dict[str, list[float]] = {}
    for request in server.requests:
        by_prompt.setdefault(json.dumps(request.json["messages"], sort_keys=True), []).append(
            request.at
        )
    burst_429 = [r for r in server.requests if r.at - first < 0.3]
    assert burst_429
    for request in burst_429:
        times = by_prompt[json.dumps(request.json["messages"], sort_keys=True)]
        later = [t for t in times if t > request.at]
        assert later and later[0] - request.at >= retry_after - 0.005
    (state,) = limiter_states()
    assert state.rate_limited == traffic.limited + sum(traffic.outage.values())


@pytest.mark.anyio
async def test_the_fake_provider_waits_its_latency_and_counts_what_it_answered() -> None:
    limits = ProviderLimits(latency=0.05)
    async with FakeProviderServer("hi", limits=limits) as server:
        model = OpenAIModel("gpt", endpoint=f"{server.url}/v1", api_key="k")
        async with model:
            started = anyio.current_time()
            assert (await model.complete("s", "u")).text == "hi"
            assert anyio.current_time() - started >= 0.05
    assert server.traffic.admitted == 1
    assert server.traffic.span >= 0.05
