"""CLI agents as text models, run as real subprocesses (the fake agent stands in for the real ones)."""

from __future__ import annotations

import json
import os
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import pytest

from recallbench.errors import ConfigError, ModelError, ModelTimeout
from recallbench.models.base import Completion, TextModel
from recallbench.models.cli_agent import BUILTIN_AGENTS, PROMPT_SEPARATOR, CliAgentModel
from recallbench.testing.agents import fake_agent_command, process_state, wait_for_pidfile

posix_only = pytest.mark.skipif(os.name != "posix", reason="process groups and signals are POSIX")

SYSTEM = "You are terse."
USER = "Say hi — ünïcödé."
PROMPT = f"{SYSTEM}{PROMPT_SEPARATOR}{USER}"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def custom(*flags: str) -> str:
    """A custom agent command line running the fake agent."""
    return shlex.join(fake_agent_command(*flags))


async def assert_tree_gone(agent: int, grandchild: int) -> None:
    """The agent was reaped by us; the grandchild is dead (gone, or a zombie left to init)."""
    deadline = time.monotonic() + 3.0
    while time.monotonic() < deadline:
        if process_state(agent) == "gone" and process_state(grandchild) != "running":
            return
        await anyio.sleep(0.02)
    pytest.fail(
        f"process tree survived: agent {process_state(agent)}, grandchild {process_state(grandchild)}"
    )


@pytest.fixture
def prompt_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private system temp dir, so leftover prompt files are ours (xdist workers share /tmp)."""
    directory = tmp_path / "system-tmp"
    directory.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(directory))
    return directory


def prompt_files(directory: Path) -> list[str]:
    return [n for n in os.listdir(directory) if n.startswith("recall-bench-prompt-")]


@pytest.mark.anyio
async def test_builtin_lookalike_reads_stdin_and_drops_sampling_flags(tmp_path: Path) -> None:
    record = tmp_path / "record.jsonl"
    model = CliAgentModel(
        "claude",
        args=("--model", "x"),
        command=fake_agent_command("--echo", "--record", str(record)),
    )
    assert isinstance(model, TextModel)
    assert model.name == "claude"
    reply = await model.complete(SYSTEM, USER, temperature=0.7, max_tokens=100)
    assert reply == Completion(text=PROMPT)
    [call] = records(record)
    assert call["argv"] == ["--echo", "--record", str(record), "--print", "--model", "x"]
    assert call["stdin"] == PROMPT
    assert call["prompt_file"] is None


@pytest.mark.parametrize("agent", ["codex", "copilot"])
def test_builtin_commands(agent: str) -> None:
    assert CliAgentModel(agent).argv(temperature=0.2, max_tokens=9) == [agent]
    assert CliAgentModel("claude").argv(temperature=0.2) == ["claude", "--print"]
    assert frozenset({"claude", "codex", "copilot"}) == BUILTIN_AGENTS


@pytest.mark.anyio
async def test_custom_command_uses_a_temp_file_and_gets_sampling_flags(
    tmp_path: Path, prompt_dir: Path
) -> None:
    record = tmp_path / "record.jsonl"
    model = CliAgentModel(custom("--echo", "--record", str(record)), args=("--extra",))
    reply = await model.complete(SYSTEM, USER, temperature=0.5, max_tokens=64)
    assert reply.text == PROMPT
    assert reply.input_tokens is None
    assert reply.output_tokens is None
    [call] = records(record)
    *flags, path = call["argv"]
    assert flags == [
        "--echo",
        "--record",
        str(record),
        "--extra",
        "--temperature",
        "0.5",
        "--max-tokens",
        "64",
    ]
    assert call["prompt_file"] == path
    assert call["prompt_file_text"] == PROMPT
    assert call["stdin"] == ""
    assert Path(path).parent == Path(tempfile.gettempdir())
    assert Path(path).name.startswith("recall-bench-prompt-")
    assert not Path(path).exists()
    assert prompt_files(prompt_dir) == []


@pytest.mark.anyio
async def test_custom_command_without_sampling_options_gets_no_flags(tmp_path: Path) -> None:
    record = tmp_path / "record.jsonl"
    await CliAgentModel(custom("--record", str(record))).complete(SYSTEM, USER)
    [call] = records(record)
    assert call["argv"][:-1] == ["--record", str(record)]
    assert CliAgentModel("my-agent --x").argv(temperature=1.0) == [
        "my-agent",
        "--x",
        "--temperature",
        "1",
    ]


@pytest.mark.anyio
async def test_custom_command_in_stdin_mode(tmp_path: Path) -> None:
    record = tmp_path / "record.jsonl"
    model = CliAgentModel(
        custom("--echo", "--record", str(record)), stdin_prompt=True, timeout=None
    )
    reply = await model.complete(SYSTEM, USER, max_tokens=5)
    assert reply.text == PROMPT
    [call] = records(record)
    assert call["argv"] == ["--echo", "--record", str(record), "--max-tokens", "5"]
    assert call["stdin"] == PROMPT
    assert call["prompt_file"] is None


@pytest.mark.anyio
async def test_custom_agent_named_separately_from_its_command() -> None:
    model = CliAgentModel("scripted", command=fake_agent_command("--reply", "  hello  "))
    assert model.name == "scripted"
    assert (await model.complete(SYSTEM, USER)).text == "hello"


@pytest.mark.anyio
async def test_output_is_decoded_leniently() -> None:
    code = "import sys; sys.stdout.buffer.write(b'ok \\xff\\n')"
    model = CliAgentModel(shlex.join([sys.executable, "-S", "-c", code]), stdin_prompt=True)
    assert (await model.complete(SYSTEM, USER)).text == "ok \ufffd"


@pytest.mark.anyio
async def test_nonzero_exit_is_a_model_error_with_stderr(prompt_dir: Path) -> None:
    model = CliAgentModel(
        custom("--exit-code", "3", "--stderr", "rate limited", "--reply", "partial")
    )
    with pytest.raises(ModelError, match=r"^Agent .* exited with code 3: rate limited$"):
        await model.complete(SYSTEM, USER)
    assert prompt_files(prompt_dir) == []


@pytest.mark.anyio
async def test_nonzero_exit_falls_back_to_stdout_and_truncates() -> None:
    long = "y" * 2000
    model = CliAgentModel(
        "codex", command=fake_agent_command("--exit-code", "2", "--stderr", "", "--reply", long)
    )
    with pytest.raises(ModelError) as info:
        await model.complete(SYSTEM, USER)
    message = str(info.value)
    assert message.startswith("Agent codex exited with code 2: yyy")
    assert len(message) < 600
    assert message.endswith("…")


@pytest.mark.anyio
@pytest.mark.parametrize("builtin", [True, False])
async def test_missing_command_is_a_model_error(builtin: bool) -> None:
    missing = "recallbench-no-such-agent-4f2a"
    model = (
        CliAgentModel("claude", command=[missing]) if builtin else CliAgentModel(f"{missing} --x")
    )
    with pytest.raises(ModelError, match=rf"{missing}.*not found.*PATH") as info:
        await model.complete(SYSTEM, USER)
    assert not isinstance(info.value, ModelTimeout)


@pytest.mark.anyio
@posix_only
async def test_timeout_kills_the_agent_tree(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids.json"
    model = CliAgentModel(
        "claude",
        command=fake_agent_command("--spawn-grandchild", str(pidfile), "--sleep", "60"),
        timeout=2.0,
    )
    errors: list[BaseException] = []

    async def call() -> None:
        with pytest.raises(ModelTimeout) as info:
            await model.complete(SYSTEM, USER)
        errors.append(info.value)

    async with anyio.create_task_group() as tg:
        tg.start_soon(call)
        agent, grandchild = await wait_for_pidfile(pidfile)
        assert process_state(agent) == "running"
        assert process_state(grandchild) == "running"
    [error] = errors
    assert str(error) == "Agent claude timed out after 2000ms"
    assert isinstance(error, TimeoutError)
    await assert_tree_gone(agent, grandchild)


@pytest.mark.anyio
@posix_only
async def test_timeout_escalates_to_sigkill_and_removes_the_prompt_file(
    tmp_path: Path, prompt_dir: Path
) -> None:
    pidfile = tmp_path / "pids.json"
    model = CliAgentModel(
        custom("--ignore-sigterm", "--spawn-grandchild", str(pidfile), "--sleep", "60"),
        timeout=1.5,
        grace=0.3,
    )
    started = time.monotonic()
    with pytest.raises(ModelTimeout, match="timed out after 1500ms"):
        await model.complete(SYSTEM, USER)
    assert time.monotonic() - started >= 1.5 + 0.3
    agent, grandchild = await wait_for_pidfile(pidfile)
    await assert_tree_gone(agent, grandchild)
    assert prompt_files(prompt_dir) == []


@pytest.mark.anyio
@posix_only
async def test_cancellation_kills_the_tree_and_removes_the_prompt_file(
    tmp_path: Path, prompt_dir: Path
) -> None:
    pidfile = tmp_path / "pids.json"
    record = tmp_path / "record.jsonl"
    model = CliAgentModel(
        custom("--record", str(record), "--spawn-grandchild", str(pidfile), "--sleep", "60"),
        timeout=None,
    )
    with anyio.CancelScope() as outer:

        async def cancel_once_running() -> None:
            await wait_for_pidfile(pidfile)
            # The agent was given the prompt in a file, which existed while it ran.
            [call] = records(record)
            assert call["prompt_file_text"] == PROMPT
            assert prompt_files(prompt_dir) == [Path(call["prompt_file"]).name]
            outer.cancel()

        async with anyio.create_task_group() as tg:
            tg.start_soon(cancel_once_running)
            await model.complete(SYSTEM, USER)
    assert outer.cancelled_caught
    agent, grandchild = await wait_for_pidfile(pidfile)
    await assert_tree_gone(agent, grandchild)
    assert prompt_files(prompt_dir) == []


@pytest.mark.parametrize(
    "kwargs",
    [
        {"agent": ""},
        {"agent": "   "},
        {"agent": "claude", "timeout": 0},
        {"agent": "claude", "timeout": -5.0},
        {"agent": "claude", "grace": -1},
        {"agent": "claude", "args": "--print"},
        {"agent": "claude", "stdin_prompt": False},
        {"agent": "claude", "command": []},
    ],
)
def test_bad_configuration_is_a_config_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        CliAgentModel(**kwargs)
