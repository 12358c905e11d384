"""The library's door to re-judging: :func:`rejudge`, exported as ``recallbench.rejudge``.

It is :func:`recallbench.harness.rejudge.rejudge_run` (the answers scored again, the memory system
untouched) plus what a person expects of a run: the judge loaded from a spec and closed afterwards,
and the new run folder written — ``result.json``, the question log with the new verdicts, and
``report.html`` (``heatmap.png`` and ``hallucination.png`` when asked).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .harness.rejudge import Rejudged
    from .judges.base import Judge
    from .results.reading import LoadedRun
    from .results.records import BenchmarkResult

__all__ = ["rejudge"]


async def rejudge(
    run: str | Path | BenchmarkResult | LoadedRun,
    judge: str | Judge | Sequence[str | Judge],
    *,
    output: str | Path | None = None,
    data: str | Path | None = None,
    arcs: str | None = None,
    judge_memory_window: int | None = None,
    parallelism: int = 8,
    timeout: float | None = 120.0,
    html: bool = True,
    pngs: bool = False,
) -> Rejudged:
    """Judge a finished run's answers again with another judge, without running the memory system.

    The same answers, scored by ``judge`` with the context a run gives its judge (the days ingested
    at each answer's checkpoint, the persona's names, memory excerpts with a judge memory window);
    every figure computed from scores is computed again, and the answers the memory system failed
    to give are kept as they were. Several judges (a list) are a panel: each answer keeps every
    judge's verdict, its score is their mean, and the headline reads "score ± judge spread" with
    each judge's score. The new run's fingerprint names the new judge and the run it re-judged, so
    ``recallbench compare OLD NEW`` sets the two side by side.

    ::

        done = await recallbench.rejudge("runs/bm25-20261207T133327Z", "rubric", output="rejudged")
        print(done.result.overall_score)

    Args:
        run: a run folder, its ``result.json`` or ``progress.jsonl``, a loaded run
            (:func:`recallbench.read_run`) or a result.
        judge: a judge spec (``"rubric"``, ``"openai:gpt-4o-mini"``, …), a judge object, or a list
            of them (a panel).
        output: the new run folder (None: nothing written).
        data: the data directory the run read (default: the one it records).
        arcs: its arcs file (default: the run's).
        judge_memory_window: days of memory excerpts either side of a relevant day for judges that
            read them (default: the run's).
        parallelism: judge calls in flight at once.
        timeout: seconds per judge call.
        html: write ``report.html`` into ``output``.
        pngs: write ``heatmap.png`` and ``hallucination.png`` into ``output``.

    Returns:
        The re-judged run (:class:`~recallbench.harness.rejudge.Rejudged`): its ``result``, how
        many answers were judged, left unscored or kept, and warnings.

    Raises:
        ConfigError: a judge spec that cannot be loaded, or ``output`` already holds a run.
        DatasetError: the run or its days cannot be read.
    """
    from ._closing import aclose_quietly
    from .harness.judge_loading import judge_of
    from .harness.rejudge import rejudge_run, write_rejudged

    if not isinstance(judge, str) and isinstance(judge, Sequence) and len(judge) == 1:
        judge = judge[0]  # a panel of one judging once is that judge
    loaded = judge_of(judge, timeout)
    label = _label(judge, loaded)
    try:
        done = await rejudge_run(
            run,
            loaded,
            label=label,
            data=data,
            arcs=arcs,
            judge_memory_window=judge_memory_window,
            parallelism=parallelism,
            timeout=timeout,
        )
    finally:  # an HTTP provider's session is closed, not left to the garbage collector
        await aclose_quietly(loaded)
    if output is not None:
        write_rejudged(done, output)
        write_views(done, Path(output), html=html, pngs=pngs)
    return done


def _label(given: object, judge: object) -> str:
    """How results name the judge: its spec, a panel's name, or a judge object's ``name``."""
    if isinstance(given, str):
        return given
    name = getattr(judge, "name", None)
    return str(name) if name else type(judge).__name__


def write_views(done: Rejudged, directory: Path, *, html: bool, pngs: bool) -> list[Path]:
    """``report.html`` (and the PNGs) of a re-judged run in ``directory``: the answers' retrieval
    entries and tool calls from the question log of the run it re-judged."""
    from .render.artifacts import write_views as write

    if not html and not pngs:
        return []
    details: Any = done.details if html else None
    return write(
        done.result,
        heatmap_png=directory / "heatmap.png" if pngs else None,
        hallucination_png=directory / "hallucination.png" if pngs else None,
        html=directory / "report.html" if html else None,
        details=details,
    )
