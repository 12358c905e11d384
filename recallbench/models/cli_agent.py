"""Coding agents on the command line (``claude``, ``codex``, ``copilot``, or any command) as text models.

Each :meth:`CliAgentModel.complete` call runs the agent once, as its own process group, with the
prompt ``system prompt + "\\n\\n---\\n\\n" + user message``:

* **stdin mode** (the built-ins, and custom commands with ``stdin_prompt=True``): the prompt is
  written to the agent's standard input, which is then closed.
* **temp-file mode** (other custom commands): the prompt is written to
  ``<system temp dir>/recall-bench-prompt-*.txt``, whose path is appended as the last argument; the
  agent gets an empty standard input and the file is deleted afterwards, whatever happened.

The built-ins do not accept ``--temperature``/``--max-tokens``, so those options are dropped for
them; custom commands get ``--temperature <v>`` and ``--max-tokens <v>`` appended when given. The
reply is standard output, trimmed; agents report no token counts.

On a timeout the agent's whole process tree is killed before :class:`~recallbench.errors.ModelTimeout`
is raised (see :mod:`recallbench._process`), and the same happens when the caller is cancelled.

The command runs without a shell (the reference implementation used one): arguments need no
quoting, nothing in them is interpreted, and the agent itself leads the process group that is
killed. A custom agent string is split into words with :func:`shlex.split`; pipes, redirections
and variables in it are therefore not shell syntax — wrap them in ``sh -c '...'`` explicitly.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from .._closing import AsyncClosing
from .._process import ProcessTimeout, run_process
from ..errors import ConfigError, ModelError, ModelTimeout
from .base import Completion

__all__ = ["BUILTIN_AGENTS", "PROMPT_SEPARATOR", "CliAgentModel"]

#: Between the system prompt and the user message in the one prompt an agent receives.
PROMPT_SEPARATOR = "\n\n---\n\n"

# name -> (program, arguments that follow it)
_BUILTINS: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "claude": ("claude", ("--print",)),
    "codex": ("codex", ()),
    "copilot": ("copilot", ()),
}

#: The agent names with built-in behaviour: stdin mode, no temperature or max-token flags.
BUILTIN_AGENTS = frozenset(_BUILTINS)

_PROMPT_FILE_PREFIX = "recall-bench-prompt-"
_DETAIL_LIMIT = 500


def _strings(value: Sequence[str]) -> tuple[str, ...]:
    # A lone string is a Sequence[str] too; taking it letter by letter is never what was meant.
    if isinstance(value, str) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"expected a sequence of strings, got {value!r}")
    return tuple(value)


def _optional_strings(value: Sequence[str] | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    words = _strings(value)
    if not words:
        raise ConfigError("command must name a program")
    return words


def _check_agent(_instance: object, _attribute: attrs.Attribute[Any], value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"agent must be a non-empty string, got {value!r}")


def _check_timeout(
    _instance: object, _attribute: attrs.Attribute[Any], value: float | None
) -> None:
    if value is not None and (isinstance(value, bool) or not value > 0):
        raise ConfigError(f"timeout must be positive seconds or None, got {value!r}")


def _check_grace(_instance: object, _attribute: attrs.Attribute[Any], value: float) -> None:
    if isinstance(value, bool) or not value >= 0:
        raise ConfigError(f"grace must be zero or more seconds, got {value!r}")


@attrs.frozen
class CliAgentModel(AsyncClosing):
    """A CLI coding agent used as a text model.

    Args:
        agent: ``"claude"``, ``"codex"`` or ``"copilot"`` for a built-in, or any command line
            (split with :func:`shlex.split`) for a custom agent.
        args: extra arguments, after the agent's own.
        stdin_prompt: custom agents only: ``True`` to pass the prompt on standard input instead of
            in a temporary file. Built-ins always use standard input.
        timeout: seconds one call may take; ``None`` for no limit.
        grace: seconds between ``SIGTERM`` and ``SIGKILL`` when a timed-out agent's process
            group is killed.
        command: the program (and leading arguments) to run instead of the one ``agent`` names,
            keeping the agent's behaviour. Tests use it to stand a fake in for a built-in:
            ``CliAgentModel("claude", command=fake_agent_command("--echo"))`` runs the fake with
            ``--print``, in stdin mode, without temperature flags.

    Raises:
        ConfigError: an argument is out of range or of the wrong type.
    """

    agent: str = attrs.field(validator=_check_agent)
    args: tuple[str, ...] = attrs.field(default=(), converter=_strings, kw_only=True)
    stdin_prompt: bool | None = attrs.field(default=None, kw_only=True)
    timeout: float | None = attrs.field(default=120.0, validator=_check_timeout, kw_only=True)
    grace: float = attrs.field(default=2.0, validator=_check_grace, kw_only=True)
    command: tuple[str, ...] | None = attrs.field(
        default=None, converter=_optional_strings, kw_only=True
    )

    def __attrs_post_init__(self) -> None:
        if self.builtin and self.stdin_prompt is False:
            raise ConfigError(f"built-in agent {self.agent!r} always reads its prompt from stdin")
        if self.command is None and not self.builtin and not _split(self.agent):
            raise ConfigError(f"agent {self.agent!r} names no command")

    @property
    def name(self) -> str:
        """How the agent is named in messages and results: the agent string as given."""
        return self.agent

    @property
    def builtin(self) -> bool:
        """Whether ``agent`` is one of :data:`BUILTIN_AGENTS`."""
        return self.agent in _BUILTINS

    @property
    def uses_stdin(self) -> bool:
        """Whether the prompt goes to standard input (else to a temporary file)."""
        return self.builtin or bool(self.stdin_prompt)

    def argv(self, *, temperature: float | None = None, max_tokens: int | None = None) -> list[str]:
        """The command a call runs, before a prompt file's path is appended (temp-file mode).

        Args:
            temperature: appended as ``--temperature <v>`` for custom agents; dropped for built-ins.
            max_tokens: appended as ``--max-tokens <v>`` for custom agents; dropped for built-ins.
        """
        if self.builtin:
            program, own_args = _BUILTINS[self.agent]
            head = list(self.command) if self.command is not None else [program]
            # Built-in agents reject sampling flags: they are dropped, not passed.
            return [*head, *own_args, *self.args]
        head = list(self.command) if self.command is not None else _split(self.agent)
        argv = [*head, *self.args]
        if temperature is not None:
            argv += ["--temperature", _number(temperature)]
        if max_tokens is not None:
            argv += ["--max-tokens", str(max_tokens)]
        return argv

    async def complete(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Completion:
        """Run the agent once on ``system_prompt`` and ``user_message``.

        Returns:
            The agent's standard output (UTF-8, undecodable bytes replaced), trimmed.

        Raises:
            ModelTimeout: the agent ran longer than ``timeout``; its process tree was killed.
            ModelError: the agent could not be started or exited with a non-zero status.
        """
        prompt = f"{system_prompt}{PROMPT_SEPARATOR}{user_message}"
        argv = self.argv(temperature=temperature, max_tokens=max_tokens)
        if self.uses_stdin:
            return await self._run(argv, prompt.encode("utf-8"))
        # Synchronous on purpose: no checkpoint between creating the file and entering the try,
        # so a cancellation cannot leave it behind. Writing one prompt takes microseconds.
        fd, path = tempfile.mkstemp(prefix=_PROMPT_FILE_PREFIX, suffix=".txt")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(prompt)
            return await self._run([*argv, path], None)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)

    async def _run(self, argv: list[str], stdin: bytes | None) -> Completion:
        program = argv[0]
        if sys.platform == "win32":
            # CreateProcess does not search PATHEXT: npm installs the built-ins as claude.cmd etc.
            argv = [shutil.which(program) or program, *argv[1:]]
        try:
            result = await run_process(argv, input=stdin, timeout=self.timeout, grace=self.grace)
        except ProcessTimeout as exc:  # before OSError: TimeoutError is an OSError
            ms = round((self.timeout or 0) * 1000)
            raise ModelTimeout(f"Agent {self.name} timed out after {ms}ms") from exc
        except FileNotFoundError as exc:
            raise ModelError(
                f"Agent {self.name}: command {program!r} not found; is it installed and on PATH?"
            ) from exc
        except OSError as exc:
            raise ModelError(f"Agent {self.name}: could not start {program!r}: {exc}") from exc
        if result.returncode != 0:
            detail = _text(result.stderr) or _text(result.stdout)
            if len(detail) > _DETAIL_LIMIT:
                detail = detail[:_DETAIL_LIMIT] + "…"
            message = f"Agent {self.name} exited with code {result.returncode}"
            raise ModelError(f"{message}: {detail}" if detail else message)
        return Completion(text=_text(result.stdout))


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace").strip()


def _split(command: str) -> list[str]:
    # POSIX rules would eat the backslashes of a Windows path; non-POSIX rules keep the quotes.
    if os.name == "nt":
        return [_unquote(word) for word in shlex.split(command, posix=False)]
    return shlex.split(command)


def _unquote(word: str) -> str:
    if len(word) >= 2 and word[0] == word[-1] and word[0] in "\"'":
        return word[1:-1]
    return word


def _number(value: float) -> str:
    # As JavaScript prints numbers (the reference passes them through String()): 1.0 -> "1".
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text
