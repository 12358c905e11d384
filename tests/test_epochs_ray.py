"""``--epochs`` on the Ray executor (a real local cluster, ``ray.init(num_cpus=2)``): the units'
events carry each answer's epoch, and the run is the local run."""

from __future__ import annotations

import json
import os
import signal
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from _clocks import without_clocks
from _fingerprints import executor_free

import recallbench as rb
from recallbench.harness import AdapterSpec, RayExecutor
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.testing import ScriptedJudge, write_persona

ray = pytest.importorskip("ray")

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("ray")]

UNITS = Path(__file__).resolve().parent / "_ray_units.py"


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.anyio
async def test_epochs_on_ray_give_the_local_result(cluster: None, tmp_path: Path) -> None:
    data = tmp_path / "data"
    for pid in ("ada", "bo"):
        write_persona(data, pid)
    config = RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,30d", epochs=2)
    for name, executor in (("local", None), ("ray", RayExecutor())):
        out = tmp_path / name
        await rb.Harness(
            AdapterSpec(f"{UNITS}:Recalling"),
            data,
            judge=ScriptedJudge(),
            config=config,
            output=RunOutput(result_json=out / "result.json", questions=out / "questions.jsonl"),
            executor=executor,
        ).run()
    local, remote = (
        json.loads((tmp_path / d / "result.json").read_text(encoding="utf-8"))
        for d in ("local", "ray")
    )
    for run in (local, remote):  # the fingerprint names its executor: the one difference
        run["metadata"].pop("fingerprint", None)
    assert without_clocks(executor_free(remote)) == without_clocks(executor_free(local))
    assert remote["metadata"]["epochs"] == 2
    keys = Counter(
        (r["personaId"], r["checkpoint"], r["qa"]["id"], r["epoch"])
        for r in map(json.loads, (tmp_path / "ray" / "questions.jsonl").read_text().splitlines())
    )
    assert set(keys.values()) == {1}
    assert len(keys) == 2 * 2 * (10 + 31)


@pytest.mark.anyio
async def test_a_worker_killed_mid_epoch_logs_no_answer_twice(
    cluster: None, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    write_persona(data, "ada")
    marker = tmp_path / "worker.pid"
    config = RunConfig(
        arcs_file="arcs-30d.yaml", ranges="10d,30d", lifecycle="incremental", epochs=2
    )

    async def kill_the_worker() -> None:
        while not marker.exists() or not marker.read_text(encoding="utf-8"):
            await anyio.sleep(0.02)
        # Long enough for the unit's last batch of answers (14 of them) to reach the driver.
        await anyio.sleep(1.5)
        os.kill(int(marker.read_text(encoding="utf-8")), signal.SIGKILL)

    # On Ray, the adapter's 15th query (the second epoch of the 10d checkpoint), the first time
    # any worker gets there, waits for kill_the_worker.
    for name, spec, executor in (
        ("local", AdapterSpec(f"{UNITS}:Recalling"), None),
        (
            "ray",
            AdapterSpec(f"{UNITS}:DiesOnce", {"marker": str(marker), "at": 15}),
            RayExecutor(),
        ),
    ):
        out = tmp_path / name
        harness = rb.Harness(
            spec,
            data,
            judge=ScriptedJudge(),
            config=config,
            output=RunOutput(result_json=out / "result.json", questions=out / "questions.jsonl"),
            executor=executor,
        )
        async with anyio.create_task_group() as tg:
            if executor is not None:
                tg.start_soon(kill_the_worker)
            await harness.run()
            tg.cancel_scope.cancel()
    assert marker.exists()  # the kill happened, in the second epoch of the first checkpoint
    local, remote = (
        json.loads((tmp_path / d / "result.json").read_text(encoding="utf-8"))
        for d in ("local", "ray")
    )
    for run in (local, remote):
        run["metadata"].pop("fingerprint", None)
    assert without_clocks(executor_free(remote)) == without_clocks(executor_free(local))
    keys = Counter(
        (r["checkpoint"], r["qa"]["id"], r["epoch"])
        for r in map(json.loads, (tmp_path / "ray" / "questions.jsonl").read_text().splitlines())
    )
    assert max(keys.values()) == 1 and len(keys) == 2 * (10 + 31)
