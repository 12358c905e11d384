"""What the per-day generation commands share (``generate-conversations``, ``generate-tool-calls``,
``generate-qa``): loading the persona, running a pass to completion with one-line errors, and the
progress, interruption and redo lines they print.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..errors import DatasetError
from ._common import run_async

if TYPE_CHECKING:
    from ..data.persona import PersonaDefinition
    from ..generation.daylogs import DayPassProgress

__all__ = [
    "day_progress",
    "interrupted",
    "last_day_or_fail",
    "load_definition",
    "redo_hint",
    "run_generation",
]

T = TypeVar("T")


def load_definition(args: argparse.Namespace, *, arcs_required: bool) -> PersonaDefinition:
    """``--persona``'s persona.yaml with the ``--arcs`` story (an empty story when the arcs file is
    absent and not required).

    Raises:
        DatasetError: the persona directory, persona.yaml or a required arcs file is missing or bad.
    """
    from ..data.dataset import load_persona_definition, read_persona
    from ..data.persona import PersonaDefinition, Story

    pdir = Path(args.persona).resolve()
    if not pdir.is_dir():
        raise DatasetError("persona directory not found", path=args.persona)
    if arcs_required or (pdir / args.arcs).is_file():
        return load_persona_definition(pdir.parent, pdir.name, args.arcs)
    persona = read_persona(pdir / "persona.yaml")
    return PersonaDefinition(persona=persona, story=Story(), arcs_file=args.arcs)


def last_day_or_fail(memories: Path) -> int:
    """The highest day log number in ``memories``.

    Raises:
        DatasetError: the directory is missing or holds no day log.
    """
    from ..generation.daylogs import last_log_day

    last = last_log_day(memories)
    if last is None:
        raise DatasetError("no day logs (day-NNNN.md) in the memories directory", path=memories)
    return last


def run_generation(main: Callable[[], Awaitable[T]], model: object) -> T:
    """Run a pass to completion, closing the model afterwards (also on Ctrl-C)."""
    import anyio

    from ..models import aclose_model

    async def wrapped() -> T:
        try:
            return await main()
        finally:
            with anyio.CancelScope(shield=True):
                await aclose_model(model)

    try:
        return run_async(wrapped)
    except BaseExceptionGroup as group:
        # A task group wraps even a lone error (a bad file, a full disk): raise that error itself,
        # so the command line reports it in one line instead of an exception group.
        leaves = _leaves(group)
        if len(leaves) == 1:
            raise leaves[0] from None
        raise


def _leaves(group: BaseExceptionGroup[BaseException]) -> list[BaseException]:
    out: list[BaseException] = []
    for exc in group.exceptions:
        out.extend(_leaves(exc) if isinstance(exc, BaseExceptionGroup) else [exc])
    return out


def interrupted(command: str, done: str) -> None:
    """Say what an interrupted pass leaves behind (``done``: what this run finished)."""
    print(
        f"recallbench {command}: interrupted after {done}; everything on disk is complete — "
        "rerun the same command to continue (finished work is skipped)",
        file=sys.stderr,
        flush=True,
    )


def day_progress(tag: str, what: str) -> tuple[Callable[[DayPassProgress], None], list[int]]:
    """An ``on_day`` hook printing one line per day on stderr, and the count of files written."""
    written = [0]

    def on_day(p: DayPassProgress) -> None:
        if p.failure is not None:
            line = p.failure.log_line(tag)
        else:
            written[0] = p.written
            line = f"Generated {what} {p.day}/{p.end} ({p.written} written, {p.items} items)"
        print(line, file=sys.stderr, flush=True)

    return on_day, written


def redo_hint(command: str, days: tuple[int, ...]) -> None:
    if days:
        shown = ", ".join(map(str, days[:20])) + (" …" if len(days) > 20 else "")
        print(
            f"recallbench {command}: {len(days)} day(s) failed ({shown}); redo each with "
            "--start N --end N",
            file=sys.stderr,
        )
