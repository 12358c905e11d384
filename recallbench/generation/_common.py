"""What every generation pass shares: one model call with a timeout and token accounting, and the
small text chores of reading a model's reply.

Files are written with :func:`recallbench._atomic.atomic_write_text`, so an interrupted pass leaves
only complete files behind.
"""

from __future__ import annotations

import math
import re
import sys

import attrs

from ..errors import ModelError, ModelTimeout
from ..models.base import Completion, TextModel, complete

__all__ = ["GenerationUsage", "call_model", "strip_fences"]


@attrs.define
class GenerationUsage:
    """Running totals of a pass's model calls (mutable: one per pass, updated as calls finish)."""

    calls: int = 0
    failed_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0

    def add(self, completion: Completion) -> None:
        self.calls += 1
        self.input_tokens += completion.input_tokens or 0
        self.output_tokens += completion.output_tokens or 0

    def to_json(self) -> dict[str, int]:
        return {
            "modelCalls": self.calls,
            "failedCalls": self.failed_calls,
            "totalInputTokens": self.input_tokens,
            "totalOutputTokens": self.output_tokens,
        }


async def call_model(
    model: TextModel,
    system_prompt: str,
    user_message: str,
    *,
    temperature: float | None,
    max_tokens: int | None,
    timeout: float | None,
    usage: GenerationUsage | None = None,
) -> Completion:
    """One model call under a deadline, counted in ``usage``.

    The deadline is a cancel scope around the call: a CLI agent cancelled by it kills its whole
    process tree (:mod:`recallbench.models.cli_agent`). An HTTP provider with a timeout of its own
    keeps its own clock instead — ``timeout`` per attempt, retried on 429, 5xx and timeouts
    (:mod:`recallbench.models.http`) — so that one slow attempt does not end the call before its
    retry; the CLI gives it ``--timeout`` as that per-attempt timeout.

    Raises:
        ModelTimeout: the call took longer than ``timeout`` seconds.
        ModelError: the model failed or returned something that is not a reply.
    """
    import anyio

    if timeout is not None and _keeps_own_time(model):
        timeout = None
    scope: anyio.CancelScope | None = None
    try:
        with anyio.fail_after(timeout if timeout is not None else math.inf) as scope:
            reply = await complete(
                model, system_prompt, user_message, temperature=temperature, max_tokens=max_tokens
            )
    except TimeoutError as exc:
        if usage is not None:
            usage.failed_calls += 1
        if scope is not None and scope.cancelled_caught:  # our deadline fired
            raise ModelTimeout(f"model call timed out after {timeout:g} s") from None
        if isinstance(exc, ModelTimeout):  # the model's own timeout (a CLI agent's): its message
            raise
        raise ModelTimeout(f"{type(exc).__name__}: {exc}") from exc
    except ModelError:
        if usage is not None:
            usage.failed_calls += 1
        raise
    except Exception as exc:  # a user's Python model: its failure is the model's, not ours
        if usage is not None:
            usage.failed_calls += 1
        raise ModelError(f"{type(exc).__name__}: {exc}") from exc
    if usage is not None:
        usage.add(reply)
    return reply


def _keeps_own_time(model: TextModel) -> bool:
    """An HTTP provider with a per-attempt timeout and retries (never true unless one was loaded)."""
    http = sys.modules.get("recallbench.models.http")
    return http is not None and isinstance(model, http.HttpModel) and model.timeout is not None


_FENCE = re.compile(r"^\s*```[A-Za-z0-9_-]*[ \t]*\n?|\n?[ \t]*```\s*$")


def strip_fences(text: str) -> str:
    """The reply without a leading ```` ```lang ```` line and a trailing ```` ``` ````, trimmed."""
    return _FENCE.sub("", text.strip()).strip()
