"""The local executor: units of work at once give the result one at a time gives, each unit with its
own adapter, the judge's calls bounded over all of them, a stopped persona stopping only itself."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import anyio
import pytest
from _clocks import without_clocks

import recallbench as rb
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.testing import ScriptedAdapter, ScriptedJudge, containment_judge, write_persona


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("personas")
    for pid in ("ada", "bo"):
        write_persona(root, pid)
    return root


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def config(**overrides: Any) -> RunConfig:
    settings: dict[str, Any] = {
        "arcs_file": "arcs-30d.yaml",
        "ranges": "10d,20d,30d",
        "lifecycle": "fresh",
        "parallelism": 2,
    }
    settings.update(overrides)
    return RunConfig(**settings)


async def run(data: Path, out: Path, factory: Any, **overrides: Any) -> rb.BenchmarkResult:
    harness = rb.Harness(
        factory,
        data,
        judge=ScriptedJudge(),
        config=config(**overrides),
        output=RunOutput(
            result_json=out / "result.json",
            progress=out / "progress.jsonl",
            questions=out / "questions.jsonl",
        ),
    )
    return await harness.run()


@pytest.mark.anyio
@pytest.mark.parametrize("lifecycle", ["fresh", "incremental"])
async def test_concurrent_units_give_the_sequential_result(
    data: Path, tmp_path: Path, lifecycle: str
) -> None:
    def factory() -> ScriptedAdapter:
        return ScriptedAdapter(delay=0.002)

    await run(data, tmp_path / "one", factory, lifecycle=lifecycle)
    await run(data, tmp_path / "many", factory, lifecycle=lifecycle, unit_parallelism=4)
    one, many = (
        json.loads((tmp_path / d / "result.json").read_text(encoding="utf-8"))
        for d in ("one", "many")
    )
    assert without_clocks(many) == without_clocks(one)
    # The logs hold the same records; each unit's own in its own order.
    for name in ("questions.jsonl", "progress.jsonl"):
        a, b = (without_clocks(lines(tmp_path / d / name)) for d in ("one", "many"))
        assert sorted(map(json.dumps, a)) == sorted(map(json.dumps, b))
    unit_key = (
        (lambda r: (r["personaId"], r["checkpoint"]))
        if lifecycle == "fresh"
        else (lambda r: r["personaId"])
    )
    per_unit: dict[str, dict[Any, list[str]]] = {
        "one": defaultdict(list),
        "many": defaultdict(list),
    }
    for d, units in per_unit.items():
        for r in lines(tmp_path / d / "questions.jsonl"):
            units[unit_key(r)].append(r["qa"]["id"])
    assert per_unit["many"] == per_unit["one"]


class Live:
    """Counts adapters between setup and teardown, and the most there were at once."""

    def __init__(self) -> None:
        self.now = self.most = 0

    def factory(self) -> ScriptedAdapter:
        live = self

        class Counted(ScriptedAdapter):
            async def setup(self) -> None:
                live.now += 1
                live.most = max(live.most, live.now)
                await super().setup()

            async def teardown(self) -> None:
                live.now -= 1
                await super().teardown()

        return Counted(delay=0.01)


@pytest.mark.anyio
@pytest.mark.parametrize("units", [1, 3])
async def test_units_in_flight_each_have_their_own_adapter(
    data: Path, tmp_path: Path, units: int
) -> None:
    live = Live()
    result = await run(data, tmp_path, live.factory, unit_parallelism=units)
    assert live.most == units
    assert live.now == 0
    assert all(p.error is None for p in result.personas)


@pytest.mark.anyio
async def test_judge_calls_share_one_limiter_over_the_units(data: Path, tmp_path: Path) -> None:
    calls = {"now": 0, "most": 0}

    async def judge(question: str, reference: str, answer: str, context: Any) -> rb.JudgeScore:
        calls["now"] += 1
        calls["most"] = max(calls["most"], calls["now"])
        await anyio.sleep(0.005)
        calls["now"] -= 1
        return containment_judge(question, reference, answer, context)

    harness = rb.Harness(
        ScriptedAdapter,
        data,
        judge=judge,
        config=config(unit_parallelism=4, parallelism=3, judge_parallelism=2),
    )
    await harness.run()
    assert calls["most"] == 2


@pytest.mark.anyio
async def test_a_stopped_persona_stops_only_itself(data: Path, tmp_path: Path) -> None:
    def factory() -> ScriptedAdapter:
        return ScriptedAdapter(fail_ingest_day=25)

    one = await run(data, tmp_path / "one", factory)
    many = await run(data, tmp_path / "many", factory, unit_parallelism=3)
    for result in (one, many):
        assert [p.persona_id for p in result.personas] == ["ada", "bo"]
        for p in result.personas:
            assert [r.range.label for r in p.range_results] == ["10d", "20d"]
            assert p.error is not None and "ingesting day 25" in p.error
    keys = Counter(
        (r["personaId"], r["checkpoint"], r["qa"]["id"])
        for r in lines(tmp_path / "many" / "questions.jsonl")
    )
    assert max(keys.values()) == 1


def test_unit_parallelism_must_be_positive() -> None:
    with pytest.raises(ValueError, match="unit_parallelism"):
        RunConfig(unit_parallelism=0)
