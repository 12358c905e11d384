"""The safety net: every memory host still running when an inspect run ends is stopped.

Normally the task's sample source stops its memory host when the last wave is done
(:class:`~.dataset.WaveSource`). A task that fails or is cancelled never gets there; inspect then
still emits its run-end hook — on success, error and cancellation alike — and this hook tears
down every unit still up (its adapters' teardown, bounded and shielded) and stops the hosts. It is
registered when the first ``recall_bench`` task is built, not when the entry point is loaded, so
an inspect run of someone else's task never lists it, and it stays disabled while no host runs.
"""

from __future__ import annotations

from inspect_ai.hooks import Hooks, RunEnd, hooks

from .state import live_states

__all__ = ["register_hooks"]

_registered = False


class RecallBenchHooks(Hooks):
    """Stops the memory hosts of recall_bench tasks that are still running."""

    def enabled(self) -> bool:
        return bool(live_states())

    async def on_run_end(self, data: RunEnd) -> None:
        for state in live_states():
            await state.close()


def register_hooks() -> None:
    """Register :class:`RecallBenchHooks` with inspect, once per process."""
    global _registered
    if not _registered:
        hooks(name="recallbench", description="stops recall_bench's memory hosts")(RecallBenchHooks)
        _registered = True
