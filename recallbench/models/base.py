"""What a text model is: an object with ``async complete(system_prompt, user_message, ...)``.

The judges and the generation pipeline talk to every model through this one shape, whether it is an
HTTP provider (:mod:`recallbench.models.openai`, ``anthropic``, ``azure``), a CLI agent
(:mod:`recallbench.models.cli_agent`) or a Python object the user wrote. A model may return a
:class:`Completion`, a plain string, or a mapping with ``text`` and optional token counts;
:func:`to_completion` turns any of them into a Completion.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import attrs

from ..errors import ModelError
from .metering import estimate_tokens, meters, model_label

__all__ = ["Completion", "TextModel", "complete", "to_completion"]


def _count(_i: object, a: attrs.Attribute[Any], v: int | None) -> None:
    if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
        raise ValueError(f"{a.name} must be a non-negative whole number or None, got {v!r}")


@attrs.frozen(kw_only=True)
class Completion:
    """One model reply.

    Attributes:
        text: the reply, trimmed. Empty when the provider refused (a content filter).
        input_tokens, output_tokens: the provider's token counts, when it reports them.
        model: the model that answered, when the provider says.
    """

    text: str
    input_tokens: int | None = attrs.field(default=None, validator=_count)
    output_tokens: int | None = attrs.field(default=None, validator=_count)
    model: str | None = None


@runtime_checkable
class TextModel(Protocol):
    """Anything that completes a (system prompt, user message) pair.

    ``temperature`` and ``max_tokens`` are None when the caller leaves them to the model. The return
    value is a :class:`Completion`, a string, or a mapping with ``text`` and optional
    ``input_tokens``/``output_tokens`` (camelCase ``inputTokens``/``outputTokens`` also accepted).
    """

    async def complete(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Completion | str | Mapping[str, Any]: ...


def _token(value: Mapping[str, Any], snake: str, camel: str) -> int | None:
    raw = value.get(snake, value.get(camel))
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
        raise ModelError(
            f"a model reply's {snake} must be a non-negative whole number, got {raw!r}"
        )
    return raw


def to_completion(value: object) -> Completion:
    """A Completion from what a model returned.

    Raises:
        ModelError: the value is not a Completion, a string, or a mapping with a string ``text``.
    """
    if isinstance(value, Completion):
        return value
    if isinstance(value, str):
        return Completion(text=value.strip())
    if isinstance(value, Mapping) and isinstance(value.get("text"), str):
        model = value.get("model")
        return Completion(
            text=value["text"].strip(),
            input_tokens=_token(value, "input_tokens", "inputTokens"),
            output_tokens=_token(value, "output_tokens", "outputTokens"),
            model=model if isinstance(model, str) else None,
        )
    raise ModelError(
        "a text model must return a Completion, a string, or a mapping with a string 'text' "
        f"(and optional input_tokens/output_tokens), got {type(value).__name__}"
    )


async def complete(
    model: TextModel,
    system_prompt: str,
    user_message: str,
    *,
    temperature: float | None = None,
    max_tokens: int | None = None,
) -> Completion:
    """Call ``model.complete`` and normalise its reply with :func:`to_completion`, shown to the
    meters active in this task (:mod:`recallbench.models.metering`).

    ``temperature`` and ``max_tokens`` are passed only when set, so a user's model whose
    ``complete`` takes neither still works.
    """
    options: dict[str, Any] = {}
    if temperature is not None:
        options["temperature"] = temperature
    if max_tokens is not None:
        options["max_tokens"] = max_tokens
    watching = meters()
    if not watching:
        return to_completion(await model.complete(system_prompt, user_message, **options))
    # Meters (a budget, an answer's tally: recallbench.models.metering) see the call before it is
    # sent — a budget refuses it by raising — and its reply after.
    label = model_label(model)
    prompt_tokens = estimate_tokens(system_prompt, user_message)
    shown: list[Any] = []
    reply: Completion | None = None
    try:
        for meter in watching:
            meter.before_call(label, prompt_tokens, max_tokens)
            shown.append(meter)
        reply = to_completion(await model.complete(system_prompt, user_message, **options))
        return reply
    finally:  # failed and cancelled calls too: a budget releases what it set aside for them
        for meter in shown:
            meter.after_call(label, prompt_tokens, max_tokens, reply)
