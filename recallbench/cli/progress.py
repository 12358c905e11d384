"""Progress of a run on stderr: a live display on a terminal, plain ``[bench]`` lines otherwise."""

from __future__ import annotations

import time
from typing import IO, Any

from ..harness.hooks import CheckpointDone, CheckpointStarted, Hooks, QuestionDone, RunStarted
from ..results.scoring import MAX_COMPOSITE

__all__ = ["checkpoint_line", "progress_hooks"]


def checkpoint_line(done: CheckpointDone) -> str:
    """The reference's per-checkpoint line (§2.15), with ``(resumed)`` for rebuilt checkpoints."""
    r = done.result
    score = f"{r.overall_score / MAX_COMPOSITE * 100:.1f}%" if r.questions_evaluated else "   --   "
    line = (
        f"  [bench] [{done.index:>2}/{done.total:>2}] {done.persona_id} {r.range.label:>6}  "
        f"+{done.new_days:>3}d ingest={done.ingest_ms / 1000:>5.1f}s · q={r.questions_evaluated} "
        f"(new={done.new_questions} hist={done.historical_asked}/{done.historical_available}) "
        f"query={done.query_ms / 1000:>5.1f}s · score={score}"
    )
    return line + (" (resumed)" if done.resumed else "")


class _Plain:
    def __init__(self, stream: IO[str]):
        self.stream = stream

    def checkpoint_done(self, done: CheckpointDone) -> None:
        print(checkpoint_line(done), file=self.stream, flush=True)


class _Live:
    """A rich progress bar: checkpoint i/N, questions done, rate and ETA."""

    def __init__(self, stream: IO[str]):
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.console = Console(file=stream)
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=self.console,
            transient=True,
        )
        self.task: Any = None
        self.started = time.perf_counter()
        self.done = 0

    def run_start(self, event: RunStarted) -> None:
        self.progress.start()
        self.task = self.progress.add_task("starting", total=event.questions, rate="")

    def checkpoint_start(self, event: CheckpointStarted) -> None:
        self.progress.update(
            self.task,
            description=f"{event.persona_id} {event.range.label} [{event.index}/{event.total}]",
        )

    def question_done(self, event: QuestionDone) -> None:
        self.done += 1
        elapsed = max(time.perf_counter() - self.started, 1e-9)
        self.progress.update(self.task, advance=1, rate=f"{self.done / elapsed:.1f} q/s")

    def checkpoint_done(self, done: CheckpointDone) -> None:
        self.console.print(checkpoint_line(done), highlight=False, markup=False)

    def close(self) -> None:
        self.progress.stop()


def progress_hooks(stream: IO[str]) -> Hooks:
    """Hooks that report progress on ``stream``."""
    if not stream.isatty():
        plain = _Plain(stream)
        return Hooks(on_checkpoint_done=plain.checkpoint_done)
    live = _Live(stream)
    return Hooks(
        on_run_start=live.run_start,
        on_checkpoint_start=live.checkpoint_start,
        on_question_done=live.question_done,
        on_checkpoint_done=live.checkpoint_done,
    )
