"""The Ray executor on a real local Ray cluster (``ray.init(num_cpus=2)``; no mocks): the result of a
local run, a worker killed mid-unit, a driver killed and resumed, and the errors a user meets."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from _clocks import without_clocks
from _fingerprints import executor_free

import recallbench as rb
from recallbench.errors import ConfigError
from recallbench.harness import AdapterSpec, RayExecutor
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.testing import ScriptedAdapter, ScriptedJudge, write_persona

ray = pytest.importorskip("ray")

pytestmark = [
    pytest.mark.slow,
    # One cluster for the module, on one xdist worker.
    pytest.mark.xdist_group("ray"),
]

HERE = Path(__file__).resolve().parent
UNITS = HERE / "_ray_units.py"
SHIPPED = HERE.parent / "personas"


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("personas")
    for pid in ("ada", "bo"):
        write_persona(root, pid)
    return root


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def question_keys(path: Path) -> Counter[tuple[str, str, str]]:
    keys: Counter[tuple[str, str, str]] = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        keys[(r["personaId"], r["checkpoint"], r["qa"]["id"])] += 1
    return keys


def outputs(out: Path) -> RunOutput:
    return RunOutput(
        result_json=out / "result.json",
        progress=out / "progress.jsonl",
        questions=out / "questions.jsonl",
    )


@pytest.mark.anyio
async def test_a_ray_run_gives_the_local_result_on_shipped_personas(
    cluster: str, tmp_path: Path
) -> None:
    config = RunConfig(
        ranges="14d,28d",
        personas=("executive-assistant", "backend-eng-saas"),
        lifecycle="fresh",
    )
    for name, executor in (("local", None), ("ray", RayExecutor())):
        harness = rb.Harness(
            AdapterSpec("builtin:bm25"),
            SHIPPED,
            judge="rubric",
            config=config,
            output=outputs(tmp_path / name),
            executor=executor,
        )
        await harness.run()
    local, remote = (read(tmp_path / d / "result.json") for d in ("local", "ray"))
    assert without_clocks(executor_free(remote)) == without_clocks(executor_free(local))
    # The fingerprint names who ran the units; what decides comparability is the same.
    assert (
        remote["metadata"]["fingerprint"]["executor"],
        local["metadata"]["fingerprint"]["executor"],
    ) == ("ray", "local")
    assert local["metadata"]["totalEvalsRun"] > 50
    assert question_keys(tmp_path / "ray" / "questions.jsonl") == question_keys(
        tmp_path / "local" / "questions.jsonl"
    )


@pytest.mark.anyio
async def test_a_worker_killed_mid_unit_is_started_again_without_logging_twice(
    cluster: str, data: Path, tmp_path: Path
) -> None:
    marker = tmp_path / "worker.pid"
    config = RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,30d", lifecycle="incremental")

    async def kill_the_worker() -> None:
        while not marker.exists() or not marker.read_text(encoding="utf-8"):
            await anyio.sleep(0.02)
        os.kill(int(marker.read_text(encoding="utf-8")), signal.SIGKILL)

    results = {}
    for name, spec, executor in (
        ("local", AdapterSpec(f"{UNITS}:Recalling"), None),
        (
            "ray",
            AdapterSpec(f"{UNITS}:DiesOnce", {"marker": str(marker)}),
            RayExecutor(),
        ),
    ):
        harness = rb.Harness(
            spec,
            data,
            judge=ScriptedJudge(),
            config=config,
            output=outputs(tmp_path / name),
            executor=executor,
        )
        async with anyio.create_task_group() as tg:
            if executor is not None:
                tg.start_soon(kill_the_worker)
            results[name] = await harness.run()
            tg.cancel_scope.cancel()
    assert marker.exists()  # the kill happened
    local, remote = (read(tmp_path / d / "result.json") for d in ("local", "ray"))
    # (two adapter classes answering alike: their fingerprints' adapter parts differ)
    assert without_clocks(executor_free(remote, "adapter")) == without_clocks(
        executor_free(local, "adapter")
    )
    keys = question_keys(tmp_path / "ray" / "questions.jsonl")
    assert max(keys.values()) == 1
    assert keys == question_keys(tmp_path / "local" / "questions.jsonl")


@pytest.mark.anyio
async def test_cancelling_the_run_cancels_the_units_on_the_cluster(
    cluster: str, data: Path, tmp_path: Path
) -> None:
    ticks = tmp_path / "ticks"
    harness = rb.Harness(
        AdapterSpec(f"{UNITS}:Ticking", {"ticks": str(ticks)}),
        data,
        config=RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,20d,30d", lifecycle="fresh"),
        output=outputs(tmp_path / "run"),
        executor=RayExecutor(),
    )
    with anyio.move_on_after(60) as scope:
        async with anyio.create_task_group() as tg:

            async def cancel_once_asking() -> None:
                while not ticks.exists() or len(ticks.read_text().splitlines()) < 4:
                    await anyio.sleep(0.02)
                tg.cancel_scope.cancel()

            tg.start_soon(cancel_once_asking)
            await harness.run()
    assert not scope.cancelled_caught
    asked = len(ticks.read_text().splitlines())
    await anyio.sleep(1.0)  # ten more queries' time, were a unit still running
    assert len(ticks.read_text().splitlines()) <= asked + 2  # one in flight per unit at most


MODULE = """
from recallbench.testing import ScriptedAdapter, ScriptedJudge

def adapter():
    return ScriptedAdapter(name="deterministic", delay=0.05)

judge = ScriptedJudge(name="containment", delay=0.005)
"""


def _argv(data: Path, module: Path, out: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "recallbench",
        "run",
        "--adapter",
        f"{module}:adapter",
        "--judge",
        f"{module}:judge",
        "--data",
        str(data),
        "--arcs",
        "arcs-30d.yaml",
        "--ranges",
        "10:30:10",
        "--lifecycle",
        "fresh",
        "--output",
        str(out),
        "--no-heatmap-png",
        "--no-html",
        "--json",
        *extra,
    ]


def test_a_driver_killed_mid_run_resumes_to_the_local_result(
    cluster: str, data: Path, tmp_path: Path
) -> None:
    module = tmp_path / "fakes.py"
    module.write_text(MODULE, encoding="utf-8")
    subprocess.run(_argv(data, module, tmp_path / "local"), check=True, capture_output=True)
    out = tmp_path / "ray"
    on_ray = ("--ray-address", cluster)
    errors = tmp_path / "stderr.txt"
    with errors.open("wb") as stderr:
        proc = subprocess.Popen(
            _argv(data, module, out, *on_ray), stdout=subprocess.DEVNULL, stderr=stderr
        )
        log = out / "questions.jsonl"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if log.exists() and len(log.read_bytes().splitlines()) >= 8:
                break
            time.sleep(0.02)
        assert proc.poll() is None, errors.read_text(encoding="utf-8")
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    before = len(log.read_bytes().splitlines())
    total = read(tmp_path / "local" / "result.json")["metadata"]["totalEvalsRun"]
    assert 0 < before < total
    done = subprocess.run(
        _argv(data, module, out, *on_ray, "--resume", str(out / "progress.jsonl")),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    local, resumed = (read(tmp_path / d / "result.json") for d in ("local", "ray"))
    assert without_clocks(resumed["personas"]) == without_clocks(local["personas"])
    keys = question_keys(log)
    assert max(keys.values()) == 1
    assert sum(keys.values()) == total


@pytest.mark.anyio
async def test_a_factory_that_cannot_be_shipped_is_one_clear_line(cluster: str, data: Path) -> None:
    import threading

    lock = threading.Lock()

    def factory() -> Any:
        with lock:
            return ScriptedAdapter()

    harness = rb.Harness(
        factory,
        data,
        config=RunConfig(arcs_file="arcs-30d.yaml", ranges="10d"),
        executor=RayExecutor(),
    )
    with pytest.raises(ConfigError) as caught:
        await harness.run()
    message = str(caught.value)
    assert "\n" not in message
    assert "cannot be sent to Ray workers" in message
    assert "adapter spec" in message


def test_without_ray_the_command_says_which_extra_to_install(data: Path, tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['ray'] = None; from recallbench.cli import main; "
        f"sys.exit(main(['run', '--adapter', 'builtin:bm25', '--data', {str(data)!r}, "
        f"'--arcs', 'arcs-30d.yaml', '--executor', 'ray', '--output', {str(tmp_path)!r}]))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert errors == [
        "recallbench run: error: Ray is not installed: pip install 'recallbench[ray]'"
    ]


@pytest.mark.anyio
async def test_a_cached_llm_judges_calls_in_ray_units_are_counted(
    cluster: str, data: Path, tmp_path: Path
) -> None:
    """The judge's calls and tokens spent in units on the cluster reach ``metadata.judgeUsage``
    (a cached judge's ``usage`` is a fresh copy: adding the units' counts to it lost them)."""
    from recallbench.judges.llm import LlmJudge
    from recallbench.models.openai import OpenAIModel
    from recallbench.testing.providers import FakeProviderServer, reply

    verdict = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "ok"}'
    async with FakeProviderServer() as server:
        server.script(lambda _request: reply(verdict, input_tokens=200, output_tokens=20))
        judge = LlmJudge(OpenAIModel("gpt-4o-mini", endpoint=f"{server.url}/v1", api_key="sk-t"))
        harness = rb.Harness(
            ScriptedAdapter(),
            data,
            judge=judge,
            config=RunConfig(
                ranges="10d,30d", arcs_file="arcs-30d.yaml", judge_cache=tmp_path / "cache"
            ),
            output=outputs(tmp_path / "out"),
            executor=RayExecutor(),
        )
        result = await harness.run()
        calls = len(server.requests)
    usage = result.metadata.judge_usage
    assert usage is not None and calls > 0
    assert (usage["calls"], usage["cacheMisses"]) == (calls, calls)
    assert (usage["inputTokens"], usage["outputTokens"]) == (200 * calls, 20 * calls)


HELD = HERE / "_held_adapters.py"


@pytest.mark.anyio
@pytest.mark.parametrize("lifecycle", ["fresh", "incremental", "snapshot"])
@pytest.mark.parametrize("cls", ["TaskGroupMemory", "McpSessionMemory"])
async def test_a_context_held_from_setup_to_teardown_works_in_ray_workers(
    cluster: str, data: Path, tmp_path: Path, cls: str, lifecycle: str
) -> None:
    if cls == "McpSessionMemory":
        pytest.importorskip("mcp", reason="the mcp extra is not installed")
    log = tmp_path / "events"
    result = await rb.Harness(
        AdapterSpec(f"{HELD}:{cls}", {"events": str(log)}),
        data,
        judge="rubric",
        config=RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,20d", lifecycle=lifecycle),  # type: ignore[arg-type]
        executor=RayExecutor(),
    ).run()
    assert [p.error for p in result.personas] == [None, None]
    assert result.overall_score == 6.0  # every answer came through the held context
    ran = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    units = 2 * (2 if lifecycle == "fresh" else 1)
    assert sorted(what for what, _ in ran) == ["setup"] * units + ["teardown"] * units
    assert os.getpid() not in {int(pid) for _, pid in ran}  # held in Ray's workers, not here


JUDGE_FILE = """
class FileJudge:
    name = "file-judge"

    async def score(self, question, reference, answer, context):
        from recallbench import JudgeScore
        return JudgeScore(correctness=3, completeness=2, hallucination=1, reasoning="from a file")

judge = FileJudge
"""


def test_a_judge_from_a_python_file_runs_in_ray_units(
    cluster: str, data: Path, tmp_path: Path
) -> None:
    """``--judge my_judges.py:judge`` with ``--executor ray`` (issue 34.7): the file's module is
    not importable on the workers by the name it was loaded under, so its code travels by value;
    every answer is judged by it. The real command line, on the module's cluster."""
    (tmp_path / "my_judges.py").write_text(JUDGE_FILE, encoding="utf-8")
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "recallbench", "run", "--data", str(data), "--arcs",
         "arcs-30d.yaml", "--ranges", "10d", "--adapter", "builtin:oracle", "--judge",
         "my_judges.py:judge", "--executor", "ray", "--ray-address", cluster, "--output",
         str(out), "--no-judge-cache"],
        cwd=tmp_path, capture_output=True, text=True, timeout=240,
        env={**os.environ, "PYTHONPATH": str(HERE.parent), "RAY_AUTH_MODE": "disabled"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "No module named" not in done.stderr
    answers = [json.loads(line) for line in (out / "questions.jsonl").read_text().splitlines()]
    assert answers and all(a["score"]["reasoning"] == "from a file" for a in answers), answers[0]
