"""An adapter (or judge) whose ``async def`` awaits nothing is asked without a cancel scope
(issue 36); one that awaits keeps its scope, its timeout and its own scopes intact."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import anyio
import pytest

import recallbench as rb
from recallbench.harness.config import AdapterErrorLimit
from recallbench.harness.evaluate import never_suspends
from recallbench.testing import ScriptedJudge, write_persona


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Plain:
    async def query(self, question: str) -> str:
        return "I do not know."


class Awaits:
    async def query(self, question: str) -> str:
        await anyio.sleep(0)
        return "x"


class WithItsOwnScope:
    """Opens a scope before its first suspension and leaves it after: the harness's scope must
    nest around it, never inside it."""

    async def query(self, question: str) -> str:
        with anyio.fail_after(5):
            await anyio.sleep(0)
            await anyio.sleep(0)
        return "scoped"


class AsyncFor:
    async def query(self, question: str) -> str:
        async for _ in _ticks():
            pass
        return "x"


async def _ticks() -> Any:
    yield 1


class AsyncWith:
    async def query(self, question: str) -> str:
        async with anyio.create_task_group():
            pass
        return "x"


def test_only_a_coroutine_that_awaits_nothing_never_suspends() -> None:
    assert never_suspends(Plain().query)
    assert never_suspends(Plain.query)
    for suspends in (Awaits(), WithItsOwnScope(), AsyncFor(), AsyncWith()):
        assert not never_suspends(suspends.query)

    def sync(question: str) -> str:
        return question

    async def nested(question: str) -> str:  # an await in an inner function is not its own
        async def inner() -> None:
            await anyio.sleep(0)

        del inner
        return question

    assert not never_suspends(sync)
    assert not never_suspends(lambda q: q)
    assert not never_suspends(object())
    assert never_suspends(nested)


class Blocks:
    """Awaits nothing and blocks past the timeout: no scope could stop it; it is late all the same."""

    name = "blocks"

    async def setup(self) -> None: ...

    async def ingest_day(self, day: Any, content: str, metadata: Any) -> None: ...

    async def finalize_ingestion(self) -> None: ...

    async def query(self, question: str) -> str:
        time.sleep(0.3)
        return "late"

    async def teardown(self) -> None: ...


class Hangs(Blocks):
    name = "hangs"

    async def query(self, question: str) -> str:
        await anyio.sleep(30)
        return "never"


class Scoped(Blocks):
    name = "scoped"

    query = WithItsOwnScope.query


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("adapter", "answer", "error"),
    [
        (Blocks, "[TIMEOUT]", "past the 0.1 s timeout"),
        (Hangs, "[TIMEOUT]", "no answer within 0.1 s"),
    ],
)
async def test_a_late_answer_times_out_with_or_without_a_scope(
    tmp_path: Path, adapter: type, answer: str, error: str
) -> None:
    write_persona(tmp_path, days=5, suffix="5d")
    result = await rb.run(
        adapter,
        tmp_path,
        judge=ScriptedJudge(),
        config=rb.RunConfig(
            arcs_file="arcs-5d.yaml",
            ranges="5d",
            question_timeout=0.1,
            max_adapter_errors=AdapterErrorLimit(share=None),
        ),
    )
    answers = result.personas[0].range_results[0].question_results
    assert answers and all(a.system_answer == answer for a in answers)
    assert all(a.error is not None and error in a.error.message for a in answers)


@pytest.mark.anyio
async def test_an_adapter_with_its_own_scope_answers(tmp_path: Path) -> None:
    write_persona(tmp_path, days=5, suffix="5d")
    result = await rb.run(
        Scoped,
        tmp_path,
        judge=ScriptedJudge(),
        config=rb.RunConfig(arcs_file="arcs-5d.yaml", ranges="5d", question_timeout=2),
    )
    answers = result.personas[0].range_results[0].question_results
    assert answers and all(a.system_answer == "scoped" and a.error is None for a in answers)
