"""The SIGKILL-and-resume trial matrix of issue 34 (target: 22 of 22 identical).

Each trial is a real ``recallbench run`` SIGKILLed once its question log holds a given number of
answers, then resumed with the same flags and ``--resume``; its result.json must equal the
uninterrupted run's with the same flags, ignoring what a resume changes by design
(:func:`_kill.comparable`: clocks, ``resumed``, per-invocation judge counters, ``newDaysIngested``),
and no answer may be logged twice. The trials cover the fresh, incremental and snapshot
lifecycles, ``--epochs``, units in parallel, a memory system behind ``recallbench serve``
(``grpc://``), an LLM judge speaking the OpenAI API (a real loopback HTTP server,
:class:`~recallbench.testing.providers.FakeProviderServer`), the Ray executor, and the artifacts
placed apart.

Run it with ``pytest tests/adversarial/test_adv_kill_matrix.py -m slow -v``: one test a trial.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from _kill import (
    FAKES,
    answer_counts,
    argv,
    comparable,
    env,
    first_difference,
    placement,
    read,
    run,
    run_killed,
)

from recallbench.testing import write_persona

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX"),
    pytest.mark.xdist_group("kill-matrix"),  # one Ray cluster, one memory server, one provider
]

PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "ok"}'
FAIL = '{"correctness": 0, "completeness": 0, "hallucination": 0, "reasoning": "no"}'


@attrs.frozen
class Trial:
    name: str
    flags: tuple[str, ...]
    after: int
    """Answers logged when the run is killed."""
    where: str = "output"
    needs: str | None = None
    """``grpc``, ``llm`` or ``ray``: the service the trial runs against."""
    adapter: str = "adapter"
    resume_without: tuple[str, ...] = ()


FRESH = ("--lifecycle", "fresh")
INCREMENTAL = ("--lifecycle", "incremental")
SNAPSHOT = ("--lifecycle", "snapshot")

TRIALS = [
    Trial("fresh-early", FRESH, 3),
    Trial("fresh-mid", FRESH, 20),
    Trial("fresh-late", FRESH, 37),
    Trial("incremental-early", INCREMENTAL, 2),
    Trial("incremental-mid", INCREMENTAL, 17),
    Trial("incremental-late", INCREMENTAL, 36),
    Trial("snapshot-early", SNAPSHOT, 4, adapter="snapshot_adapter"),
    Trial("snapshot-mid", SNAPSHOT, 24, adapter="snapshot_adapter"),
    Trial("snapshot-late", SNAPSHOT, 38, adapter="snapshot_adapter"),
    Trial("epochs-early", (*INCREMENTAL, "--epochs", "2"), 9),
    Trial("epochs-late", (*INCREMENTAL, "--epochs", "2"), 61),
    Trial("units-early", (*FRESH, "--unit-parallelism", "2"), 8),
    Trial("units-late", (*FRESH, "--unit-parallelism", "2"), 31),
    Trial("grpc-early", INCREMENTAL, 5, needs="grpc"),
    Trial("grpc-late", INCREMENTAL, 27, needs="grpc"),
    Trial("llm-judge-early", (*FRESH, "--unit-parallelism", "2"), 4, needs="llm"),
    Trial("llm-judge-mid", (*FRESH, "--unit-parallelism", "2"), 18, needs="llm"),
    Trial("llm-judge-late", (*FRESH, "--unit-parallelism", "2"), 35, needs="llm"),
    Trial(
        "question-log-apart",
        INCREMENTAL,
        26,
        where="question-log",
        resume_without=("--question-log",),
    ),
    Trial("every-file-apart", (*FRESH, "--epochs", "2"), 30, where="spread"),
    Trial("ray-early", FRESH, 6, needs="ray"),
    Trial("ray-late", FRESH, 30, needs="ray"),
]
assert len(TRIALS) == 22


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("matrix")
    write_persona(root / "personas")
    fakes = root / "fakes.py"
    fakes.write_text(FAKES, encoding="utf-8")
    return root / "personas", fakes


@pytest.fixture(scope="module")
def grpc_server(setup: tuple[Path, Path]) -> Iterator[str]:
    """``recallbench serve`` of the scripted adapter on a free loopback port."""
    _, fakes = setup
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "recallbench",
            "serve",
            "--adapter",
            f"{fakes}:adapter",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env(),
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "listening on" in line, line
        yield "grpc://" + line.rsplit(" ", 1)[-1].strip()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def _judge_reply(request: Any) -> Any:
    from recallbench.testing.providers import reply

    user = (request.json or {})["messages"][-1]["content"]
    ok = "CODE-" in user.split("SYSTEM ANSWER:")[-1]
    return reply(PASS if ok else FAIL, input_tokens=300, output_tokens=20, delay=0.01)


@pytest.fixture(scope="module")
def llm_judge() -> Iterator[str]:
    """A judge spec for an OpenAI-speaking loopback server, served from a thread of its own."""
    from recallbench.testing.providers import FakeProviderServer

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server = FakeProviderServer(_judge_reply)
    asyncio.run_coroutine_threadsafe(server.start(), loop).result(10)
    try:
        yield f"openai:gpt-4o-mini;{server.url}/v1"
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[str]:
    ray = pytest.importorskip("ray")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


_BASELINES: dict[tuple[str, ...], Any] = {}


@pytest.mark.parametrize("trial", TRIALS, ids=[t.name for t in TRIALS])
def test_a_killed_run_resumes_to_the_uninterrupted_result(
    setup: tuple[Path, Path], tmp_path: Path, request: pytest.FixtureRequest, trial: Trial
) -> None:
    data, fakes = setup
    flags, adapter, extra_env = list(trial.flags), f"{fakes}:{trial.adapter}", {}
    if trial.needs == "grpc":
        adapter = request.getfixturevalue("grpc_server")
    elif trial.needs == "llm":
        flags += ["--judge", request.getfixturevalue("llm_judge")]
        extra_env = {"OPENAI_API_KEY": "sk-test"}
    elif trial.needs == "ray":
        flags += ["--executor", "ray", "--ray-address", request.getfixturevalue("ray_cluster")]
    key = (adapter, *flags)
    if key not in _BASELINES:
        out = tmp_path / "baseline"
        done = run(argv(data, fakes, *flags, "--output", str(out), adapter=adapter), extra_env)
        assert done.returncode == 0, done.stderr
        _BASELINES[key] = read(out / "result.json")
    expected = _BASELINES[key]
    total = expected["metadata"]["totalEvalsRun"]
    assert trial.after < total

    place = placement(trial.where, tmp_path / "trial")
    command = argv(data, fakes, *flags, *place.flags, adapter=adapter)
    killed = run_killed(command, place.questions, trial.after, extra_env)
    assert 0 < killed < total, f"killed after {killed} of {total}"
    again = list(place.resume_flags())
    for flag in trial.resume_without:
        i = again.index(flag)
        del again[i : i + 2]
    done = run(argv(data, fakes, *flags, *again, adapter=adapter), extra_env)
    assert done.returncode == 0, done.stderr
    resumed = comparable(read(place.result))
    assert resumed == comparable(expected), first_difference(resumed, comparable(expected))
    counts = answer_counts(place.questions)
    assert max(counts.values()) == 1 and sum(counts.values()) == total
