"""The adaptive limiter per provider endpoint (issue 25, item 3): rate limits lower the requests in
flight, successes raise them again, and a long run rides out a burst of 429s without errors.

Concurrency is observed where it matters, at a real server (``FakeProviderServer`` counts the
requests it is handling when each arrives), not only in the limiter's own counters.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from recallbench import run
from recallbench.harness.config import RunConfig
from recallbench.harness.judge_loading import load_judge
from recallbench.models.anthropic import AnthropicModel
from recallbench.models.limiter import (
    EndpointLimiter,
    endpoint_limiter,
    limiter_states,
    reset_endpoint_limiters,
)
from recallbench.models.openai import OpenAIModel
from recallbench.testing import ScriptedAdapter, write_persona
from recallbench.testing.providers import (
    FakeProviderServer,
    FakeReply,
    RecordedRequest,
    error,
    rate_limited,
    reply,
)

ROOT = Path(__file__).resolve().parents[1]
PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "matches"}'


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _fresh_limiters() -> Iterator[None]:
    reset_endpoint_limiters()
    yield
    reset_endpoint_limiters()


# -- the limiter alone -----------------------------------------------------------------------------


async def _hold(limiter: EndpointLimiter, n: int, tg: Any) -> list[Any]:
    """Start ``n`` tasks that each take a slot and keep it until released; their slots."""
    slots: list[Any] = []
    release = anyio.Event()

    async def holder() -> None:
        async with limiter.slot() as slot:
            slots.append(slot)
            await release.wait()

    for _ in range(n):
        tg.start_soon(holder)
    while len(slots) < n:
        await anyio.sleep(0)
    slots.append(release)  # the last item releases them
    return slots


@pytest.mark.anyio
async def test_a_rate_limit_halves_once_per_episode_down_to_one() -> None:
    limiter = EndpointLimiter("openai", "http://x/v1/chat/completions")
    async with anyio.create_task_group() as tg:
        *slots, release = await _hold(limiter, 8, tg)
        assert limiter.limit is None and limiter.in_flight == 8
        slots[0].rate_limited()
        assert limiter.limit == 4
        for slot in slots[1:]:  # sent before the decrease: the same episode
            slot.rate_limited()
        assert limiter.limit == 4
        release.set()
    # Requests sent after a decrease that are rate limited too halve it again, never below 1.
    for expected in (2, 1, 1):  # the last at the floor: no decrease
        async with limiter.slot() as slot:
            slot.rate_limited()
        assert limiter.limit == expected
    state = limiter.state()
    assert (state.rate_limited, state.decreases, state.lowest, state.ceiling) == (11, 3, 1, 8)


@pytest.mark.anyio
async def test_successes_raise_the_limit_back_to_the_ceiling_then_stop_limiting() -> None:
    limiter = EndpointLimiter("openai", "u", increase_after=3)
    async with anyio.create_task_group() as tg:
        *slots, release = await _hold(limiter, 4, tg)
        slots[0].rate_limited()
        release.set()
    assert limiter.limit == 2
    seen = []
    for _ in range(6):
        async with limiter.slot() as slot:
            slot.succeeded()
        seen.append(limiter.limit)
    assert seen == [2, 2, 3, 3, 3, None]  # +1 per 3 successes; at the peak of 4: no limit
    assert limiter.state().increases == 2


@pytest.mark.anyio
async def test_waiters_never_exceed_the_limit_and_a_cancelled_waiter_loses_no_slot() -> None:
    limiter = EndpointLimiter("openai", "u", ceiling=2)
    most = 0

    async def call() -> None:
        nonlocal most
        async with limiter.slot() as slot:
            most = max(most, limiter.in_flight)
            await anyio.sleep(0.001)
            slot.succeeded()

    async with anyio.create_task_group() as tg:
        with anyio.CancelScope() as doomed:
            tg.start_soon(call)
            tg.start_soon(call)
            for _ in range(3):  # these wait: the ceiling is 2
                tg.start_soon(call)
            await anyio.sleep(0)
            assert limiter.in_flight == 2
        for _ in range(10):
            tg.start_soon(call)
        doomed.cancel()
    assert most == 2
    assert limiter.in_flight == 0
    async with limiter.slot():  # nothing leaked: a slot is still free
        pass


@pytest.mark.anyio
async def test_models_of_one_endpoint_share_one_limiter() -> None:
    a = OpenAIModel("gpt-a", endpoint="http://127.0.0.1:9/v1", api_key="k")
    b = OpenAIModel("gpt-b", endpoint="http://127.0.0.1:9/v1/", api_key="k")
    other = OpenAIModel("gpt-a", endpoint="http://127.0.0.1:10/v1", api_key="k")
    claude = AnthropicModel("c", endpoint="http://127.0.0.1:9", api_key="k")
    assert a.limiter_for(a.url) is b.limiter_for(b.url)
    assert a.limiter_for(a.url) is endpoint_limiter(
        "openai", "http://127.0.0.1:9/v1/chat/completions"
    )
    assert other.limiter_for(other.url) is not a.limiter_for(a.url)
    assert claude.limiter_for(claude.url) is not a.limiter_for(a.url)
    own = EndpointLimiter("openai", "mine")
    a.limiter = own
    assert a.limiter_for(a.url) is own


# -- against a real server -------------------------------------------------------------------------


class Burst:
    """A provider that answers the first ``warm`` requests slowly (so they overlap), then rate
    limits the next ``burst`` requests (each prompt at most once, so no call runs out of
    retries), then answers quickly."""

    def __init__(self, *, warm: int, burst: int, text: str = "ok", retry_after: float = 0.02):
        self.warm, self.burst, self.text, self.retry_after = warm, burst, text, retry_after
        self.n = 0
        self.limited: set[str] = set()
        self.phase: list[str] = []

    def __call__(self, request: RecordedRequest) -> FakeReply:
        self.n += 1
        prompt = json.dumps(request.json, sort_keys=True)
        if self.n <= self.warm:
            self.phase.append("warm")
            return reply(self.text, delay=0.05)
        if len(self.limited) < self.burst and prompt not in self.limited:
            self.limited.add(prompt)
            self.phase.append("429")
            return rate_limited(self.retry_after)
        self.phase.append("after")
        return reply(self.text, delay=0.01)


@pytest.mark.anyio
async def test_a_burst_of_429s_lowers_concurrency_at_the_server_and_it_recovers() -> None:
    script = Burst(warm=8, burst=12)
    async with FakeProviderServer(script) as server:
        url = server.url
        models = [
            OpenAIModel(f"gpt-{i % 2}", endpoint=f"{server.url}/v1", api_key="k") for i in range(8)
        ]
        limiter = models[0].limiter_for(models[0].url)
        limiter.increase_after = 2
        prompts = iter(range(120))

        async def caller(model: OpenAIModel) -> None:
            for n in prompts:
                assert (await model.complete("system", f"prompt {n}")).text == "ok"

        async with anyio.create_task_group() as tg:
            for model in models:
                tg.start_soon(caller, model)
        for model in models:
            await model.aclose()

    requests = server.requests
    assert len(requests) == 120 + 12  # every call answered; each 429 retried once
    phases = list(zip(script.phase, requests, strict=True))
    warm = [r.in_flight for p, r in phases if p == "warm"]
    after = [r.in_flight for p, r in phases if p == "after"]
    assert max(warm) == 8  # eight callers: eight in flight before any rate limit
    # Down: right after the burst the server sees at most half of that at once ...
    assert max(after[:3]) <= 4
    # ... and up again: by the end, more than the lowest limit, and the limiter stopped limiting.
    state = limiter.state()
    assert state.rate_limited == 12
    assert state.lowest is not None and state.lowest <= 4
    assert max(after[-20:]) > state.lowest
    assert state.limit is None and state.increases >= 1
    assert state.models == ("openai:gpt-0", "openai:gpt-1")
    assert [s.endpoint for s in limiter_states()] == [f"{url}/v1/chat/completions"]


@pytest.mark.anyio
async def test_retry_after_pauses_every_new_request_to_the_endpoint() -> None:
    # One call is told to wait 0.3 s; a second call started meanwhile waits too (a lower bound on
    # arrival times: never flaky on a slow machine).
    script = [error(429, retry_after=0.3), "first", "second"]
    async with FakeProviderServer(script) as server:
        model = OpenAIModel("gpt", endpoint=f"{server.url}/v1", api_key="k")
        async with model, anyio.create_task_group() as tg:
            tg.start_soon(model.complete, "s", "one")
            while not server.requests:
                await anyio.sleep(0.001)
            while model.limiter_for(model.url).state().rate_limited == 0:
                await anyio.sleep(0.001)
            tg.start_soon(model.complete, "s", "two")
    first_429 = server.requests[0].at
    assert len(server.requests) == 3
    assert all(r.at - first_429 >= 0.29 for r in server.requests[1:])


@pytest.mark.anyio
async def test_overloaded_529_and_503_count_as_rate_limits_500_does_not() -> None:
    script = [error(529), error(503), error(500), "ok"]
    async with FakeProviderServer(script) as server:
        model = AnthropicModel("c", endpoint=server.url, api_key="k")
        model.retry = type(model.retry)(attempts=4, initial_delay=0.0, max_delay=0.0)
        async with model:
            assert (await model.complete("s", "hi")).text == "ok"
    assert model.limiter_for(model.url).state().rate_limited == 2


# -- a run -----------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_a_run_rides_out_a_burst_of_429s_from_its_judge(tmp_path: Path) -> None:
    data = tmp_path / "personas"
    write_persona(data)
    script = Burst(warm=8, burst=10, text=PASS)
    async with FakeProviderServer(script) as server:
        judge = load_judge(f"openai:gpt-judge;{server.url}/v1")
        endpoint_limiter("openai", f"{server.url}/v1/chat/completions").increase_after = 2
        config = RunConfig(
            arcs_file="arcs-30d.yaml",
            ranges="10d,20d,30d",
            lifecycle="incremental",
            parallelism=8,
        )
        result = await run(ScriptedAdapter(delay=0.001), data, judge=judge, config=config)

    answers = [q for p in result.personas for r in p.range_results for q in r.question_results]
    assert len(answers) == result.metadata.total_evals_run == 61
    assert all(q.error is None for q in answers)
    assert result.metadata.judge_errors == 0
    (state,) = limiter_states()
    assert state.rate_limited == 10
    assert state.lowest is not None and state.lowest <= 4
    after = [
        r.in_flight for p, r in zip(script.phase, server.requests, strict=True) if p == "after"
    ]
    assert max(r.in_flight for r in server.requests[:8]) == 8
    assert max(after[:2]) <= 4
    assert max(after[-15:]) > state.lowest


def test_run_says_which_endpoint_was_rate_limited_and_how_far_it_went_down(tmp_path: Path) -> None:
    data = tmp_path / "personas"
    write_persona(data)

    async def main() -> tuple[int, str]:
        async with FakeProviderServer(Burst(warm=4, burst=6, text=PASS)) as server:
            env = dict(os.environ)
            env["PYTHONPATH"] = str(ROOT)
            env["RECALLBENCH_CACHE_DIR"] = str(tmp_path / "cache")
            done = await anyio.run_process(
                [
                    sys.executable,
                    "-m",
                    "recallbench",
                    "run",
                    "--data",
                    str(data),
                    "--personas",
                    "tiny",
                    "--arcs",
                    "arcs-30d.yaml",
                    "--ranges",
                    "10d",
                    "--judge",
                    f"openai:gpt-judge;{server.url}/v1",
                    "--parallelism",
                    "4",
                    "--no-save",
                    "--skip-preflight",
                ],
                env=env,
                check=False,
            )
            return done.returncode, done.stderr.decode()

    code, err = anyio.run(main)
    assert code == 0, err
    (line,) = [ln for ln in err.splitlines() if "was rate limited" in ln]
    assert line.startswith("recallbench run: openai:gpt-judge at http://127.0.0.1:")
    assert "/v1/chat/completions was rate limited 6 times; concurrency went down to " in line


def test_slots_held_by_a_loop_that_is_gone_do_not_block_the_next_one() -> None:
    limiter = EndpointLimiter("openai", "u", ceiling=1)

    async def leak() -> None:
        await limiter._acquire()  # a slot never released: its loop ends with it held

    async def take() -> bool:
        with anyio.move_on_after(10) as scope:
            async with limiter.slot():
                pass
        return not scope.cancelled_caught

    anyio.run(leak)
    assert limiter.in_flight == 1
    assert anyio.run(take)
    assert limiter.in_flight == 0
