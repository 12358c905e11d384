"""Watching model calls as they happen: who pays for each, and whether it may be made at all.

Every call through :func:`recallbench.models.base.complete` is shown to the *meters* active in the
calling task — before it is made (:meth:`CallMeter.before_call`, which may refuse it by raising) and
after it returned (:meth:`CallMeter.after_call`, with the tokens the provider reported). Meters are
kept in a :class:`contextvars.ContextVar`, so they follow the task that set them and the tasks it
starts, and never see a concurrent call of another task: the harness sets a budget for the whole
run (:mod:`recallbench.harness.budget`) and a :class:`Tally` around each answer's judging, and two
questions judged at once each get their own tally — no shared counter is read before and after.
"""

from __future__ import annotations

import contextvars
import math
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .base import Completion

__all__ = [
    "CHARS_PER_TOKEN",
    "CallMeter",
    "Tally",
    "estimate_tokens",
    "metered",
    "meters",
    "model_label",
]

CHARS_PER_TOKEN = 4
"""Tokens are estimated as ``ceil(characters / 4)`` before a call: the usual rule of thumb for
English under OpenAI's and Anthropic's tokenizers (the same rule ``builtin:full-context`` uses)."""


def estimate_tokens(*texts: str) -> int:
    """``ceil(characters / 4)`` over the texts together."""
    return math.ceil(sum(len(t) for t in texts) / CHARS_PER_TOKEN)


class CallMeter(Protocol):
    """Something shown every model call of the task it is active in."""

    def before_call(self, model: str, prompt_tokens: int, max_tokens: int | None) -> None:
        """Called before the request is sent; raising refuses the call (nothing is sent)."""

    def after_call(
        self, model: str, prompt_tokens: int, max_tokens: int | None, reply: Completion | None
    ) -> None:
        """Called once the call is over, with the arguments ``before_call`` had and the reply (whose
        token counts the provider reported, or None) — None when the call failed or was
        cancelled."""


_METERS: contextvars.ContextVar[tuple[CallMeter, ...]] = contextvars.ContextVar(
    "recallbench_meters", default=()
)


def meters() -> tuple[CallMeter, ...]:
    """The meters active in this task, outermost first."""
    return _METERS.get()


class metered:
    """Show ``meter`` every model call made inside the block (and in tasks started inside it).

    A class rather than a generator-based context manager: every answer enters three of these
    (adapter, judge, appellate), and a 31,000-answer run paid ~0.1 s for the generator machinery."""

    __slots__ = ("_meter", "_token")

    def __init__(self, meter: CallMeter) -> None:
        self._meter = meter

    def __enter__(self) -> CallMeter:
        self._token = _METERS.set((*_METERS.get(), self._meter))
        return self._meter

    def __exit__(self, *_exc: object) -> None:
        _METERS.reset(self._token)


def model_label(model: object) -> str:
    """The name a model's calls are counted and priced under: its model id (``gpt-4o-mini``), an
    Azure deployment, a wrapped model's label (a cache), else its ``name``, else its class name."""
    for _ in range(8):  # wrappers (a cache around a provider) hold the real model
        ident = getattr(model, "model", None)
        if isinstance(ident, str) and ident:
            return ident
        deployment = getattr(model, "deployment", None)
        if isinstance(deployment, str) and deployment:
            return deployment
        if ident is None or not hasattr(ident, "complete"):
            break
        model = ident
    name = getattr(model, "name", None)
    return name if isinstance(name, str) and name else type(model).__name__


class Tally:
    """Counts the calls made inside its block, per model: ``{model: {calls, inputTokens,
    outputTokens}}`` (a call whose provider reported no tokens counts as a call with 0)."""

    def __init__(self) -> None:
        self.by_model: dict[str, dict[str, int]] = {}

    def before_call(self, model: str, prompt_tokens: int, max_tokens: int | None) -> None:
        return None

    def after_call(
        self, model: str, prompt_tokens: int, max_tokens: int | None, reply: Completion | None
    ) -> None:
        if reply is None:
            return
        counts = self.by_model.setdefault(model, {"calls": 0, "inputTokens": 0, "outputTokens": 0})
        counts["calls"] += 1
        counts["inputTokens"] += reply.input_tokens or 0
        counts["outputTokens"] += reply.output_tokens or 0

    def used_tokens(self) -> bool:
        """Whether any call reported tokens (a model that reports none leaves nothing to price)."""
        return any(c["inputTokens"] or c["outputTokens"] for c in self.by_model.values())
