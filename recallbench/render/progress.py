"""Progress of a run: on stderr, a live display on a terminal and plain ``[bench]`` lines otherwise;
in a Jupyter notebook, a bar updated in place."""

from __future__ import annotations

import time
from typing import IO, Any

from .._controls import escape_controls
from ..harness.hooks import CheckpointDone, CheckpointStarted, Hooks, QuestionDone, RunStarted
from ..results.scoring import MAX_COMPOSITE

__all__ = ["checkpoint_line", "notebook_progress_hooks", "progress_hooks"]


def checkpoint_line(
    done: CheckpointDone,
    *,
    number: int | None = None,
    of: int | None = None,
    persona_width: int = 0,
    range_width: int = 6,
) -> str:
    """The reference's per-checkpoint line (§2.15), with ``(resumed)`` for rebuilt checkpoints.

    Ours: ``number``/``of`` count checkpoints over the whole run (the reference counted one
    persona's), and the persona and range columns are padded to the run's widest so that the
    columns line up."""
    r = done.result
    score = f"{r.overall_score / MAX_COMPOSITE * 100:.1f}%" if r.questions_evaluated else "   --   "
    n, total = (number, of) if number is not None and of is not None else (done.index, done.total)
    digits = max(2, len(str(total)))
    line = (
        f"  [bench] [{n:>{digits}}/{total:>{digits}}] {done.persona_id:<{persona_width}} "
        f"{r.range.label:>{range_width}}  "
        f"+{done.new_days:>3}d ingest={done.ingest_ms / 1000:>5.1f}s · q={r.questions_evaluated:<3} "
        f"(new={done.new_questions} hist={done.historical_asked}/{done.historical_available}) "
        f"query={done.query_ms / 1000:>5.1f}s · score={score}"
    )
    return line + (" (resumed)" if done.resumed else "")


def _checkpoint_label(event: CheckpointStarted) -> str:
    """What a bar shows while a checkpoint runs: ``persona range [i/N]``."""
    return f"{event.persona_id} {event.range.label} [{event.index}/{event.total}]"


class _Counter:
    """Checkpoints done over the whole run, and the column widths that keep lines aligned."""

    def __init__(self) -> None:
        self.done = 0
        self.total: int | None = None
        self.persona_width = 0
        self.range_width = 6

    def run_start(self, event: RunStarted) -> None:
        self.total = event.checkpoints
        self.persona_width = max((len(p) for p in event.personas), default=0)
        self.range_width = max(6, *(len(label) for label in event.range_labels))

    def line(self, done: CheckpointDone) -> str:
        self.done += 1
        return checkpoint_line(
            done,
            number=self.done if self.total is not None else None,
            of=self.total,
            persona_width=self.persona_width,
            range_width=self.range_width,
        )


class _Plain:
    def __init__(self, stream: IO[str]):
        self.stream = stream
        self.counter = _Counter()

    def checkpoint_done(self, done: CheckpointDone) -> None:
        print(self.counter.line(done), file=self.stream, flush=True)


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

        # recallbench's own stream lets the bar's cursor movements through (cli._stream); every
        # text of data the bar draws is escaped below, so those are the only sequences it passes.
        opened = getattr(stream, "progress_stream", None)
        self.console = Console(file=opened() if callable(opened) else stream)
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
        self.counter = _Counter()

    def run_start(self, event: RunStarted) -> None:
        self.counter.run_start(event)
        self.progress.start()
        self.task = self.progress.add_task("starting", total=event.questions, rate="")

    def checkpoint_start(self, event: CheckpointStarted) -> None:
        from rich.markup import escape

        label = escape(escape_controls(_checkpoint_label(event)))
        self.progress.update(self.task, description=label)

    def question_done(self, event: QuestionDone) -> None:
        self.done += 1
        elapsed = max(time.perf_counter() - self.started, 1e-9)
        self.progress.update(self.task, advance=1, rate=f"{self.done / elapsed:.1f} q/s")

    def checkpoint_done(self, done: CheckpointDone) -> None:
        line = escape_controls(self.counter.line(done))
        self.console.print(line, highlight=False, markup=False)

    def close(self, _event: object = None) -> None:
        self.progress.stop()


class _Notebook:
    """A progress bar in a Jupyter notebook: an HTML ``<progress>`` element the kernel updates in
    place through IPython's display ids (no ipywidgets needed; VS Code and JupyterLab render it),
    and the checkpoint lines below it."""

    def __init__(self) -> None:
        import importlib

        # IPython is untyped: its display module is used through Any.
        ipd: Any = importlib.import_module("IPython.display")
        self._html: Any = ipd.HTML
        self.handle: Any = ipd.display(ipd.HTML(""), display_id=True)
        self.counter = _Counter()
        self.total = 0
        self.done = 0
        self.started = time.perf_counter()
        self.label = "starting"
        self.lines: list[str] = []
        self.shown = 0.0

    def _show(self, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self.shown < 0.2:  # a fast adapter answers thousands a second
            return
        self.shown = now
        import html

        elapsed = max(now - self.started, 1e-9)
        rate = f"{self.done / elapsed:.1f} q/s" if self.done else ""
        lines = "\n".join(self.lines[-12:])
        self.handle.update(
            self._html(
                f'<div><progress value="{self.done}" max="{max(self.total, 1)}" '
                f'style="width:60%"></progress> {self.done}/{self.total} · {rate} · '
                f"{html.escape(self.label)}</div>"
                + (f"<pre>{html.escape(lines)}</pre>" if lines else "")
            )
        )

    def run_start(self, event: RunStarted) -> None:
        self.counter.run_start(event)
        self.total = event.questions
        self._show(force=True)

    def checkpoint_start(self, event: CheckpointStarted) -> None:
        self.label = _checkpoint_label(event)
        self._show()

    def question_done(self, event: QuestionDone) -> None:
        self.done += 1
        self._show()

    def checkpoint_done(self, done: CheckpointDone) -> None:
        self.lines.append(self.counter.line(done).strip())
        self._show(force=True)

    def close(self, _event: object = None) -> None:
        self.label = "done"
        self._show(force=True)


def _bar_hooks(bar: _Live | _Notebook) -> Hooks:
    return Hooks(
        on_run_start=bar.run_start,
        on_checkpoint_start=bar.checkpoint_start,
        on_question_done=bar.question_done,
        on_checkpoint_done=bar.checkpoint_done,
        on_run_done=bar.close,
    )


def notebook_progress_hooks() -> Hooks:
    """Hooks that show a run's progress as a bar in the Jupyter notebook running it (IPython must
    be importable: it is, inside a kernel)."""
    return _bar_hooks(_Notebook())


def progress_hooks(stream: IO[str]) -> Hooks:
    """Hooks that report progress on ``stream``."""
    if not stream.isatty():
        plain = _Plain(stream)
        return Hooks(on_run_start=plain.counter.run_start, on_checkpoint_done=plain.checkpoint_done)
    return _bar_hooks(_Live(stream))
