"""``async with`` for judges and models: a mixin whose exit calls ``aclose()``.

Every judge and text model recallbench ships is an async context manager, so a caller writes::

    async with recallbench.load_judge("openai:gpt-4o-mini") as judge:
        score = await judge.score(question, reference, answer, None)

and the provider's HTTP session is closed on the way out, whatever happened inside. Those that hold
nothing inherit the no-op :meth:`AsyncClosing.aclose`.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any, Self

__all__ = ["AsyncClosing", "aclose_quietly"]


class AsyncClosing:
    """``async with obj:`` closes ``obj`` on exit (:meth:`aclose`, a no-op unless overridden)."""

    __slots__ = ()

    async def aclose(self) -> None:
        """Release what the object holds (nothing here). Safe to call more than once."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()


async def aclose_quietly(obj: Any) -> None:
    """Call ``obj.aclose()`` when it has one (a judge or model given as any object)."""
    aclose = getattr(obj, "aclose", None)
    if aclose is not None and callable(aclose):
        result = aclose()
        if hasattr(result, "__await__"):
            await result
