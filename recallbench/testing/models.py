"""A scripted text model that records its prompts (the generation pipeline and judges' fake)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from .._closing import AsyncClosing
from ..models.base import Completion

__all__ = ["ModelCall", "ScriptedModel"]

Reply = str | Completion | Mapping[str, Any] | BaseException
ReplyFn = Callable[[str, str], Reply]


@attrs.frozen(kw_only=True)
class ModelCall:
    """One recorded ``complete`` call."""

    system_prompt: str
    user_message: str
    temperature: float | None
    max_tokens: int | None


@attrs.define(eq=False)
class ScriptedModel(AsyncClosing):
    """A text model that answers from a script and records every call.

    Args:
        replies: a fixed reply, a sequence of replies used in turn (the last one repeats), or a
            function ``(system_prompt, user_message) -> reply``. A reply is a string, a
            :class:`~recallbench.models.Completion`, a mapping with ``text``, or an exception to raise.
        delay: seconds every call sleeps (anyio), to exercise timeouts and concurrency.
        input_tokens, output_tokens: token counts reported with string replies (None: none).
        name: how the model is named in results.

    Attributes:
        calls: every call, in order.
    """

    replies: Reply | Sequence[Reply] | ReplyFn = ""
    delay: float = 0.0
    input_tokens: int | None = None
    output_tokens: int | None = None
    name: str = "scripted-model"
    calls: list[ModelCall] = attrs.field(factory=list)

    async def complete(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Completion | Mapping[str, Any]:
        import anyio

        index = len(self.calls)
        self.calls.append(
            ModelCall(
                system_prompt=system_prompt,
                user_message=user_message,
                temperature=temperature,
                max_tokens=max_tokens,
            )
        )
        if self.delay:
            await anyio.sleep(self.delay)
        reply = self._pick(index, system_prompt, user_message)
        if isinstance(reply, BaseException):
            raise reply
        if isinstance(reply, str):
            return Completion(
                text=reply.strip(),
                input_tokens=self.input_tokens,
                output_tokens=self.output_tokens,
            )
        return reply

    def _pick(self, index: int, system_prompt: str, user_message: str) -> Reply:
        script = self.replies
        if isinstance(script, str | Completion | Mapping | BaseException):
            return script
        if callable(script):
            return script(system_prompt, user_message)
        items = list(script) if not isinstance(script, list) else script
        if not items:
            return ""
        return items[min(index, len(items) - 1)]

    def prompts(self) -> Iterable[str]:
        """The user messages received, in order."""
        return (c.user_message for c in self.calls)
