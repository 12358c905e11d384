"""The words around a heatmap: its metadata block and the phrases of its subtitle (pure).

Split from :mod:`recallbench.results.heatmap`, which draws the cells; the block is §3.8's (memory,
embeddings, synthesis model, judge with its grounded tail, appellate judge with its reviews, group
support, Q&A, runtime).
"""

from __future__ import annotations

from ..data.qa import GROUP_CATEGORIES
from ..data.ranges import FULL_DAYS
from .records import RunMetadata

__all__ = ["days_text", "metadata_items", "plural", "runtime"]


def runtime(ms: float) -> str:
    """§3.8's runtime: ``19h 12m``, ``4m 05s`` or ``42s``."""
    total = int(ms // 1000)
    hours, rest = divmod(total, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}h {minutes:02d}m"
    if minutes:
        return f"{minutes}m {seconds:02d}s"
    return f"{seconds}s"


def metadata_items(adapter: str, md: RunMetadata) -> tuple[tuple[str, str], ...]:
    """The (key, value) pairs of the metadata block."""
    items = [("adapter", adapter)]
    embeddings = [e for e in (md.embedding_provider, md.embedding_model) if e]
    if embeddings:
        items.append(("embeddings", " / ".join(embeddings)))
    if md.synthesis_model:
        items.append(("synthesis model", md.synthesis_model))
    if md.judge_model:
        judge = md.judge_model
        if md.judge_memory_window is not None and md.judge_memory_window > 0:
            judge += f"  (grounded, ±{md.judge_memory_window}d memory window)"
        items.append(("judge", judge))
    else:
        items.append(("judge", "none — stub judge, every score is 0"))
    if md.appellate_judge_model:
        appellate = md.appellate_judge_model
        if md.appellate_invocations is not None:
            appellate += f"  · {plural(md.appellate_invocations, 'review')}"
        items.append(("appellate judge", appellate))
    pair = " + ".join(GROUP_CATEGORIES)
    items.append(
        (
            "group support",
            f"ON — {pair} tested" if md.groups_enabled else f"OFF — {pair} NOT TESTED",
        )
    )
    sample = f" · sample={md.sample}" if md.sample is not None else ""
    items.append(("Q&A", f"{md.unique_qa_pair_count} in data · {md.total_evals_run} evals{sample}"))
    if md.duration_ms is not None:
        items.append(("runtime", runtime(md.duration_ms)))
    return tuple(items)


def days_text(days: int) -> str:
    """``180 days``, or ``full corpus`` for the reference's ``full``."""
    return "full corpus" if days >= FULL_DAYS else f"{days} days"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
