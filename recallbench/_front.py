"""The library's front door: :func:`run` and :func:`run_sync`, exported as ``recallbench.run``.

They are :class:`~recallbench.harness.engine.Harness` plus what a person at a notebook expects of a
run: progress on stderr when someone is watching, and the pictures and page of the run
(``heatmap.png``, ``hallucination.png``, ``report.html``) written beside ``result.json`` when the
output asks for them (:meth:`RunOutput.beside`, :meth:`RunOutput.directory`). The harness itself
writes only the result and the logs: rendering is a layer above it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .adapters.base import Adapter, AdapterFactory
    from .data.dataset import Dataset
    from .harness.config import RunConfig, RunOutput
    from .harness.hooks import Hooks
    from .harness.resume import ResumeLog
    from .judges.base import Judge, ScoreFunction
    from .results.records import BenchmarkResult

__all__ = ["run", "run_sync"]


def _watched() -> bool:
    """Whether someone is watching: stderr is a terminal, or this runs in a notebook's kernel."""
    return _tty() or _kernel()


def _tty() -> bool:
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


def _kernel() -> bool:
    """Whether this runs in a Jupyter kernel — not merely with ipykernel imported (a test suite,
    a tool that inspects it): IPython's running shell has a kernel."""
    if "ipykernel" not in sys.modules:
        return False
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _in_notebook() -> bool:
    """Whether this runs in a Jupyter kernel whose stderr is not a terminal (a notebook's cell
    output): there a progress bar is HTML updated in place."""
    return not _tty() and _kernel()


def _chain(first: Hooks | None, second: Hooks) -> Hooks:
    """Hooks calling ``first``'s then ``second``'s for every event."""
    import attrs

    from .harness.hooks import Hooks

    if first is None:
        return second

    def both(name: str) -> Any:
        a, b = getattr(first, name), getattr(second, name)
        if a is None or b is None:
            return a or b

        async def call(event: object) -> None:
            await Hooks(**{name: a}).call(name, event)
            await Hooks(**{name: b}).call(name, event)

        return call

    return Hooks(**{f.name: both(f.name) for f in attrs.fields(Hooks)})


async def run(
    adapter: Adapter | AdapterFactory | str,
    dataset: Dataset | Path | str,
    *,
    judge: Judge | ScoreFunction | str | Sequence[Judge | ScoreFunction | str] | None = None,
    appellate_judge: Judge | ScoreFunction | str | None = None,
    config: RunConfig | None = None,
    output: RunOutput | None = None,
    hooks: Hooks | None = None,
    resume: ResumeLog | None = None,
    progress: bool | None = None,
) -> BenchmarkResult:
    """Run a benchmark and return its result (``await`` it in a notebook or an event loop).

    Each persona's days are fed to the memory system, the questions of each checkpoint asked and
    every answer judged, as the command line's ``recallbench run`` does.

    Args:
        adapter: the memory system under test: an :class:`~recallbench.adapters.base.Adapter` (any
            object with its async methods), or a zero-argument factory (sync or async) that builds a
            fresh one for each unit of work: each checkpoint in the ``fresh`` lifecycle, each
            persona in the others (a class is such a factory). An object is used as is for every
            unit: its ``setup`` must reset it. Or a spec as ``--adapter`` takes it
            (``"builtin:bm25"``, ``"grpc://host:50051"``, ``"mcp:server-memory"``,
            ``"pkg.module:Class"``, ``"path/to/my_adapter.py:MyAdapter"``), loaded as the command
            line loads it (:mod:`recallbench.harness.given_adapter`).
        dataset: where the personas come from: a data directory (``"personas"``, read with
            ``config.arcs_file``) or any :class:`~recallbench.data.dataset.Dataset` (an imported
            benchmark, a MemoryBench manifest, your own).
        judge: scores each answer: a :class:`~recallbench.judges.base.Judge`, a plain async
            function ``score(question, reference, answer, context)``, or a spec string as
            ``--judge`` takes it (``"rubric"``, the offline judge; ``"openai:gpt-4o-mini"``;
            ``"path/to/judge.py"``). A list of those is a panel (their mean; build a
            :class:`~recallbench.judges.panel.JudgePanel` for another aggregate or judge epochs).
            None: the dataset's own judge if it has one (a MemoryBench manifest's), else the stub
            judge, which scores every answer zero: the run is NOT JUDGED — it logs one warning on
            the ``recallbench`` logger, and its result's ``judged`` is False and its
            ``overall_score`` and ``hallucination_rate`` None.
        appellate_judge: re-scores the answers the primary judge failed (reference §2.10); the
            same forms as ``judge``. None: no appeal.
        config: what to run: checkpoints (``ranges``), personas, lifecycle, parallelism, timeouts,
            error limits, epochs, budget (:class:`~recallbench.harness.config.RunConfig`). None:
            the defaults.
        output: where the result and the logs are written
            (:class:`~recallbench.harness.config.RunOutput`); ``RunOutput.directory(path)`` writes
            them all, with the heatmap, the hallucination chart and ``report.html``, into one
            directory. None: nothing is written; the result is only returned.
        hooks: callbacks on run start, checkpoint start and end, each answered question and run end
            (:class:`~recallbench.harness.hooks.Hooks`); a hook that raises is logged and ignored.
        resume: what earlier attempts of this run logged
            (:func:`~recallbench.harness.resume.read_resume_log`): their finished checkpoints and
            answered questions are kept, not asked again. None: start from the beginning.
        progress: print a line per checkpoint on stderr (a live bar on a terminal; in a Jupyter
            notebook, a bar in the cell's output). None: when stderr is a terminal or this is a
            notebook.

    Returns:
        The run's :class:`~recallbench.results.records.BenchmarkResult`: a result per persona and
        checkpoint, with each answer, its score and the heatmap.

    When ``output`` asks for views (``RunOutput.beside(...)``, ``RunOutput.directory(...)``), the
    heatmap, hallucination chart and HTML report are written beside ``result.json`` — also for a run
    that fails, marked as interim. To spread the units of work over a Ray cluster, build a
    :class:`~recallbench.harness.engine.Harness` with an ``executor``.

    Raises:
        RunFailed: the run stopped (too many adapter or judge errors, a log that cannot be written);
            ``.result`` holds what was finished.
        ConfigError: a bad adapter or judge spec, configuration or output path, or an adapter
            (a class, an object) that lacks a method of the protocol, naming what it lacks — found
            before anything runs; or a factory that built something that is not an adapter, found
            by the first unit of work that built one (the run stops there and writes no result).
        DatasetError: the dataset cannot be read (a missing directory, an invalid persona).
    """
    import anyio

    from .errors import RunFailed
    from .harness.engine import Harness

    if progress is None:
        progress = _watched()
    if progress:
        from .render.progress import notebook_progress_hooks, progress_hooks

        hooks = _chain(
            hooks, notebook_progress_hooks() if _in_notebook() else progress_hooks(sys.stderr)
        )
    harness = Harness(
        adapter,
        dataset,
        judge=judge,
        appellate_judge=appellate_judge,
        config=config,
        output=output,
        hooks=hooks,
        resume=resume,
    )
    try:
        result = await harness.run()
    except RunFailed as exc:
        partial = getattr(exc, "result", None)
        if partial is not None and output is not None and output.views:
            await anyio.to_thread.run_sync(_views, partial, output, "INTERIM — the run failed")
        raise
    if output is not None and output.views:
        await anyio.to_thread.run_sync(_views, result, output, None)
    return result


def _views(result: BenchmarkResult, output: RunOutput, interim: str | None) -> None:
    from .render.artifacts import write_run_views

    write_run_views(result, output, interim=interim)


def run_sync(
    adapter: Adapter | AdapterFactory | str,
    dataset: Dataset | Path | str,
    *,
    judge: Judge | ScoreFunction | str | Sequence[Judge | ScoreFunction | str] | None = None,
    appellate_judge: Judge | ScoreFunction | str | None = None,
    config: RunConfig | None = None,
    output: RunOutput | None = None,
    hooks: Hooks | None = None,
    resume: ResumeLog | None = None,
    progress: bool | None = None,
) -> BenchmarkResult:
    """:func:`run` from synchronous code (a script, a test): the same run in an event loop of its own.

    Inside a running event loop (a notebook cell, an async framework) it refuses: use ``await
    recallbench.run(...)`` there instead.

    Args:
        adapter: the memory system under test: an adapter, a zero-argument factory (sync or
            async) building a fresh one for each unit of work, or a spec as ``--adapter`` takes it
            (``"builtin:bm25"``).
        dataset: a data directory (read with ``config.arcs_file``) or any
            :class:`~recallbench.data.dataset.Dataset`.
        judge: a judge, an async ``score`` function, a spec string as ``--judge`` takes it
            (``"rubric"``: the offline judge), or a list of those (a panel). None: the dataset's own
            judge, else the stub judge (zeros): NOT JUDGED, warned once, overall score None.
        appellate_judge: re-scores the answers the primary judge failed; the same forms. None: no
            appeal.
        config: what to run (:class:`~recallbench.harness.config.RunConfig`). None: the defaults.
        output: where the result and logs are written
            (:class:`~recallbench.harness.config.RunOutput`). None: nothing is written.
        hooks: callbacks for embedders (:class:`~recallbench.harness.hooks.Hooks`).
        resume: what earlier attempts logged (:func:`~recallbench.harness.resume.read_resume_log`).
        progress: a line per checkpoint on stderr. None: when stderr is a terminal.

    Returns:
        The run's :class:`~recallbench.results.records.BenchmarkResult`.

    Raises:
        RuntimeError: called from a running event loop.
        RunFailed: the run stopped; ``.result`` holds what was finished.
        ConfigError: what :func:`run` refuses (a non-adapter, a bad spec or configuration).
    """
    import asyncio

    import anyio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        raise RuntimeError(
            "run_sync() cannot be called from a running event loop; use `await recallbench.run(...)` "
            "instead"
        )

    async def main() -> BenchmarkResult:
        return await run(
            adapter,
            dataset,
            judge=judge,
            appellate_judge=appellate_judge,
            config=config,
            output=output,
            hooks=hooks,
            resume=resume,
            progress=progress,
        )

    return anyio.run(main, backend="asyncio")
