"""Process control with real subprocesses: output, timeouts, and killing the whole process tree."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import anyio
import pytest

from recallbench._process import ProcessResult, ProcessTimeout, run_process
from recallbench.testing.agents import fake_agent_command, process_state, wait_for_pidfile

posix_only = pytest.mark.skipif(os.name != "posix", reason="process groups and signals are POSIX")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def python(code: str) -> list[str]:
    return [sys.executable, "-S", "-c", code]


async def assert_tree_gone(agent: int, grandchild: int) -> None:
    """The agent was reaped by us; the grandchild is dead (gone, or a zombie left to init)."""
    deadline = time.monotonic() + 3.0
    while time.monotonic() < deadline:
        if process_state(agent) == "gone" and process_state(grandchild) != "running":
            return
        await anyio.sleep(0.02)
    pytest.fail(
        f"process tree survived: agent {agent} {process_state(agent)}, "
        f"grandchild {grandchild} {process_state(grandchild)}"
    )


async def run_watching_tree(
    pidfile: Path, call: Callable[[], Awaitable[object]]
) -> tuple[int, int, BaseException | None]:
    """Run ``call()`` while checking that the agent and its grandchild were alive during it."""
    outcome: list[BaseException | None] = []

    async def runner() -> None:
        try:
            await call()
        except Exception as exc:
            outcome.append(exc)
        else:
            outcome.append(None)

    async with anyio.create_task_group() as tg:
        tg.start_soon(runner)
        agent, grandchild = await wait_for_pidfile(pidfile)
        assert process_state(agent) == "running"
        assert process_state(grandchild) == "running"
    return agent, grandchild, outcome[0]


@pytest.mark.anyio
async def test_returns_exit_status_and_both_outputs() -> None:
    code = "import sys; data = sys.stdin.read(); print(data.upper()); print('oops', file=sys.stderr); sys.exit(3)"
    result = await run_process(python(code), input=b"hello", timeout=10)
    assert result == ProcessResult(returncode=3, stdout=b"HELLO\n", stderr=b"oops\n")


@pytest.mark.anyio
async def test_no_input_means_empty_stdin() -> None:
    result = await run_process(python("import sys; print(repr(sys.stdin.read()))"), timeout=10)
    assert result.stdout.strip() == b"''"


@pytest.mark.anyio
async def test_child_that_ignores_its_large_input_is_not_an_error() -> None:
    result = await run_process(python("print('done')"), input=b"x" * (4 << 20), timeout=10)
    assert result.returncode == 0
    assert result.stdout == b"done\n"


@pytest.mark.anyio
async def test_chatty_child_does_not_deadlock() -> None:
    size = 1 << 20
    result = await run_process(fake_agent_command("--flood", str(size)), timeout=20)
    assert result.returncode == 0
    assert len(result.stdout) == size
    assert len(result.stderr) == size


@pytest.mark.anyio
@posix_only
async def test_shell_command() -> None:
    result = await run_process("echo out; echo err >&2", shell=True, timeout=10)
    assert (result.stdout, result.stderr) == (b"out\n", b"err\n")


@pytest.mark.anyio
async def test_missing_program_raises_file_not_found() -> None:
    with pytest.raises(FileNotFoundError):
        await run_process(["recallbench-no-such-program-4f2a"], timeout=10)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"timeout": 0}, "timeout"),
        ({"timeout": -1.0}, "timeout"),
        ({"timeout": 1, "grace": -0.1}, "grace"),
        ({"timeout": 1, "shell": True}, "shell"),
    ],
)
async def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        await run_process(["true"], **kwargs)  # type: ignore[arg-type]


@pytest.mark.anyio
@posix_only
async def test_timeout_keeps_partial_output() -> None:
    code = "import time; print('started', flush=True); time.sleep(30)"
    with pytest.raises(ProcessTimeout) as info:
        await run_process(python(code), timeout=1.0, grace=0.5)
    assert isinstance(info.value, TimeoutError)
    assert info.value.stdout == b"started\n"
    assert info.value.timeout == 1.0


@pytest.mark.anyio
@posix_only
async def test_timeout_kills_agent_and_grandchild(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids.json"
    command = fake_agent_command("--spawn-grandchild", str(pidfile), "--sleep", "60")
    started = time.monotonic()
    agent, grandchild, error = await run_watching_tree(
        pidfile, lambda: run_process(command, timeout=2.0, grace=2.0)
    )
    elapsed = time.monotonic() - started
    assert isinstance(error, ProcessTimeout)
    assert error.pid == agent
    # SIGTERM was enough: no waiting out the grace period.
    assert elapsed < 2.0 + 2.0
    await assert_tree_gone(agent, grandchild)


@pytest.mark.anyio
@posix_only
async def test_timeout_escalates_to_sigkill(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids.json"
    command = fake_agent_command(
        "--ignore-sigterm", "--spawn-grandchild", str(pidfile), "--sleep", "60"
    )
    started = time.monotonic()
    agent, grandchild, error = await run_watching_tree(
        pidfile, lambda: run_process(command, timeout=1.0, grace=0.3)
    )
    elapsed = time.monotonic() - started
    assert isinstance(error, ProcessTimeout)
    # Both ignore SIGTERM: only the SIGKILL after the grace period stopped them.
    assert elapsed >= 1.0 + 0.3
    await assert_tree_gone(agent, grandchild)


@pytest.mark.anyio
@posix_only
async def test_grandchild_holding_the_pipes_is_killed_after_the_agent_exits(
    tmp_path: Path,
) -> None:
    # The agent exits at once; its grandchild keeps stdout open, so the output never ends. The
    # timeout must still kill the group, although its leader is already gone.
    pidfile = tmp_path / "pids.json"
    command = fake_agent_command("--spawn-grandchild", str(pidfile), "--reply", "hi")
    with pytest.raises(ProcessTimeout) as info:
        await run_process(command, timeout=1.5, grace=0.5)
    assert info.value.stdout == b"hi"
    agent, grandchild = await wait_for_pidfile(pidfile)
    await assert_tree_gone(agent, grandchild)


@pytest.mark.anyio
@posix_only
async def test_cancelling_the_caller_kills_the_tree(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids.json"
    command = fake_agent_command("--spawn-grandchild", str(pidfile), "--sleep", "60")
    finished = False
    with anyio.CancelScope() as outer:

        async def cancel_once_running() -> None:
            await wait_for_pidfile(pidfile)
            outer.cancel()

        async with anyio.create_task_group() as tg:
            tg.start_soon(cancel_once_running)
            await run_process(command, timeout=None)
            finished = True
    assert outer.cancelled_caught
    assert not finished
    agent, grandchild = await wait_for_pidfile(pidfile)
    await assert_tree_gone(agent, grandchild)


@pytest.mark.anyio
@posix_only
async def test_outer_timeout_kills_the_tree(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids.json"
    command = fake_agent_command(
        "--ignore-sigterm", "--spawn-grandchild", str(pidfile), "--sleep", "60"
    )
    with anyio.move_on_after(2.0) as scope:
        await run_process(command, timeout=30, grace=0.3)
    assert scope.cancelled_caught
    agent, grandchild = await wait_for_pidfile(pidfile)
    await assert_tree_gone(agent, grandchild)
