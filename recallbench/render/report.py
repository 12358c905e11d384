"""Reports of a finished run: the text report, the heatmap grid and the JSON (reference §3.2, §3.6,
§3.7). Pure: they return strings and plain data; printing and writing files is the caller's.

Numbers are formatted as JavaScript's ``toFixed`` does (ties on the exact binary value round away
from zero, so 4.25 prints as ``4.3``), which is what the reference printed; Python's ``format``
would round those ties to even.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._convert import dumps_pretty
from .._numfmt import to_fixed as _fixed
from ..data.qa import DISCLOSURES, report_categories
from ..results.checkpoint_timing import checkpoint_timings
from ..results.failures import Failures, cell_failures, checkpoint_failures, run_failures
from ..results.heatmap import FAILED_MARK, FAILED_TEXT, WIDE_MARK
from ..results.intervals import is_wide, points, wide_above
from ..results.measures import has_evidence, summarize_retrieval
from ..results.records import (
    BenchmarkResult,
    HeatmapCell,
    PersonaResult,
    QuestionResult,
    RetrievalMetrics,
    ScoreInterval,
    TimeRangeResult,
)
from ..results.scoring import MAX_COMPOSITE
from .attribution_text import attribution_section_lines
from .benchmark_metrics import records_section_lines
from .cost import cost_section_lines
from .fingerprint import fingerprint_line
from .headline import NOT_JUDGED_RATE, score_text
from .panel_text import panel_section_lines
from .public_benchmarks import public_section_lines

__all__ = ["format_json_report", "format_text_report", "to_heatmap_grid"]

THIN_RULE = "─" * 59
THICK_RULE = "═" * 59
LABEL_WIDTH = 30
COLUMN_WIDTH = 8
EMPTY_CELL = "   --   "

FAILURE_LEGEND = (
    f"{FAILED_TEXT} = every answer failed (the memory system gave none) · {FAILED_MARK} = some "
    "answers failed"
)
STUB_JUDGE_WARNING = (
    "WARNING: no judge configured — every score is zero (stub judge). "
    "Pass --judge to score answers."
)


def _pct(score: float) -> str:
    # Same operation order as the reference (score / 6 * 100) so the last digit agrees.
    return _fixed(score / MAX_COMPOSITE * 100, 1)


def _json_number(value: float) -> int | float:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _number(value: float) -> str:
    """A number as JavaScript writes it in a template string (``5``, not ``5.0``)."""
    return str(_json_number(value))


def _duration(ms: float) -> str:
    total = int(ms // 1000)
    hours, rest = divmod(total, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}h {minutes:02d}m {seconds:02d}s"
    if minutes:
        return f"{minutes}m {seconds:02d}s"
    return f"{seconds}s"


def _usage(usage: Mapping[str, int]) -> str:
    """``12 calls · cache 30 hits / 12 misses · 5,120 in / 610 out tokens``."""
    parts = [f"{usage.get('calls', 0):,} calls"]
    hits, misses = usage.get("cacheHits", 0), usage.get("cacheMisses", 0)
    if hits or misses:
        parts.append(f"cache {hits:,} hits / {misses:,} misses")
    tokens_in, tokens_out = usage.get("inputTokens", 0), usage.get("outputTokens", 0)
    if tokens_in or tokens_out:
        parts.append(f"{tokens_in:,} in / {tokens_out:,} out tokens")
    return " · ".join(parts)


def _all_results(result: BenchmarkResult) -> Iterable[QuestionResult]:
    for persona in result.personas:
        for rr in persona.range_results:
            yield from rr.question_results
            yield from rr.unscored_results or ()


def _header(result: BenchmarkResult) -> list[str]:
    md = result.metadata
    lines = [
        f"Recall Bench Report — {result.adapter_name}",
        f"Timestamp: {result.timestamp}",
    ]
    fingerprint = fingerprint_line(md.fingerprint)
    if fingerprint is not None:
        lines.append(f"Fingerprint: {fingerprint}")
    if md.duration_ms is not None:
        lines.append(f"Duration:  {_duration(md.duration_ms)}")
    if md.synthesis_model:
        lines.append(f"Synthesis model:  {md.synthesis_model}")
    embeddings = [e for e in (md.embedding_provider, md.embedding_model) if e]
    if embeddings:
        lines.append(f"Embeddings:       {' / '.join(embeddings)}")
    if md.judge_model:
        grounded = ""
        if md.judge_memory_window is not None and md.judge_memory_window > 0:
            grounded = f" (grounded, ±{md.judge_memory_window}d memory window)"
        lines.append(f"Judge model:      {md.judge_model}{grounded}")
    if md.appellate_judge_model:
        reviews = ""
        if md.appellate_invocations is not None:
            reviews = f" · {md.appellate_invocations} appellate reviews"
        lines.append(f"Appellate judge:  {md.appellate_judge_model}{reviews}")
    for label, usage in (
        ("Judge usage:", md.judge_usage),
        ("Appellate usage:", md.appellate_judge_usage),
    ):
        if usage is not None:
            lines.append(f"{label:<18}{_usage(usage)}")
    sample = f" · sample={md.sample}/checkpoint" if md.sample is not None else ""
    lines.append(
        f"Q&A pairs:        {md.unique_qa_pair_count} in the data · "
        f"{md.total_evals_run} evaluations (re-asks included){sample}"
    )
    if md.groups_enabled:
        lines.append(
            "Group support:    on (group-session-attribution + information-boundary evaluated)"
        )
    else:
        lines.append("Group support:    off (group/boundary categories skipped)")
    lines.extend(_epoch_lines(result))
    lines.extend(_overall_lines(result))
    return lines


def _overall_lines(result: BenchmarkResult) -> list[str]:
    """Ours: the run's overall score, as the headline's ``Score`` line says it (with its
    interval in runs of several epochs), last of the header."""
    text = score_text(result, interval=_interval(result.overall_interval))
    return [f"Overall score:    {text[0]}", *(f"                  {more}" for more in text[1:])]


def _interval(interval: ScoreInterval | None) -> str:
    """Ours: `` [95%: 3.10–4.20]`` (nothing without an interval: runs of one epoch)."""
    if interval is None:
        return ""
    return f" [95%: {_fixed(interval.low, 2)}–{_fixed(interval.high, 2)}]"


def _epoch_lines(result: BenchmarkResult) -> list[str]:
    """Ours, in runs of ``--epochs`` > 1: the epochs and how intervals were made."""
    md = result.metadata
    if md.epochs is None:
        return []
    settings = md.intervals or {}
    lines = [
        f"Epochs:           {md.epochs} (every question asked {md.epochs} times per checkpoint; "
        "counts are of answers, scores means over them)",
        f"Intervals:        95% percentile bootstrap over questions, "
        f"{settings.get('resamples', '?')} resamples, seed {settings.get('seed', '?')}; cells "
        f"wider than {points(wide_above(md.intervals))} marked {WIDE_MARK}",
    ]
    return lines


def _warnings(result: BenchmarkResult) -> list[str]:
    """Ours: say plainly when the numbers below do not measure what they seem to."""
    lines = []
    if result.metadata.judge_model is None:
        lines.append(STUB_JUDGE_WARNING)
    unscored = [
        r.error.stage if r.error is not None else "judge"
        for p in result.personas
        for rr in p.range_results
        for r in rr.unscored_results or ()
    ]
    judge_failed = unscored.count("judge")
    if judge_failed:
        lines.append(
            f"Judge errors: {judge_failed} question(s) left unscored (the judge failed after its "
            "retries); they are excluded from every score and count below"
        )
    failed = run_failures(result)
    if failed.all_failed:
        lines.append(
            f"Failed answers: {failed.text()} — no score: the memory system gave no answer"
        )
    elif failed.any:
        lines.append(f"Failed answers: {failed.text()}")
    return lines


def _disclosure(result: BenchmarkResult) -> list[str]:
    breakdown = result.disclosure_breakdown
    if not breakdown:
        return []
    lines = ["", "Information-disclosure breakdown (information-boundary pairs):"]
    for key in DISCLOSURES:
        s = breakdown.get(key)
        if s is None:
            continue
        lines.append(
            f"  {key:<8} {_fixed(s.mean_score, 2)}/6.0 ({_pct(s.mean_score):>5}%) · "
            f"evals={s.evaluations} ({s.unique_pairs} unique pairs) · "
            f"hallucination={_fixed(s.hallucination_rate, 1)}%"
        )
    return lines


def _range_lines(
    rr: TimeRangeResult,
    cells: Mapping[tuple[str, str], HeatmapCell] | None = None,
    failures: Mapping[tuple[str, str], Failures] | None = None,
) -> list[str]:
    failed = checkpoint_failures(rr)
    days = f"  [{rr.range.label}] Days: {_number(rr.days_ingested)} | "
    if failed.all_failed:  # ours: no score, whatever the adapter raised (docs/reliability.md)
        lines = [f"{days}Questions: {failed.answers} | Score: failed | {failed.text()}"]
    else:
        lines = [
            f"{days}Questions: {rr.questions_evaluated} | "
            f"Score: {_fixed(rr.overall_score, 2)}/6.0 ({_pct(rr.overall_score)}%)"
            f"{_interval(rr.score_interval)} | "
            f"Hallucination: {_fixed(rr.hallucination_rate, 1)}%"
            + (f" | Failed: {failed.text(counting=False)}" if failed.any else "")
        ]
    for cs in rr.category_scores:
        f = (failures or {}).get((rr.range.label, cs.category))
        if f is not None and f.all_failed:
            lines.append(f"    {cs.category:<28} failed [{f.text()}]")
            continue
        if cs.question_count == 0:
            continue
        cell = (cells or {}).get((rr.range.label, cs.category))
        lines.append(
            f"    {cs.category:<28} {_fixed(cs.mean_score, 2)}/6.0 "
            f"({_pct(cs.mean_score)}%) [n={cs.question_count}]"
            f"{_interval(cell.interval if cell is not None else None)}"
            + (f" [{f.text(counting=False)}]" if f is not None else "")
        )
    return lines


def _grid_lines(
    cells: Iterable[HeatmapCell],
    labels: Sequence[str],
    wide: float | None = None,
    failures: Mapping[tuple[str, str], Failures] | None = None,
    categories: Sequence[str] | None = None,
) -> list[str]:
    lookup = {
        (c.category, c.range): c for c in cells
    }  # a later duplicate wins, as in the reference
    lines = [
        " " * LABEL_WIDTH + "".join(label.rjust(COLUMN_WIDTH) for label in labels),
        " " * LABEL_WIDTH + "─" * COLUMN_WIDTH * len(labels),
    ]
    for category in report_categories((cat for cat, _ in lookup), categories):
        row = []
        for label in labels:
            cell = lookup.get((category, label))
            failed = (failures or {}).get((label, category))
            if failed is not None and failed.all_failed:
                row.append(f"  {FAILED_TEXT}  ")  # ours, as every failed cell of every view
            elif cell is None or cell.question_count == 0 or cell.score is None:
                row.append(EMPTY_CELL)
            else:
                mark = WIDE_MARK if wide is not None and is_wide(cell.interval, wide) else " "
                mark = FAILED_MARK if failed is not None else mark
                row.append(f"  {_fixed(cell.score, 1)}{mark}  ")
        lines.append(category.ljust(LABEL_WIDTH) + "".join(row))
    return lines


def _persona_lines(
    persona: PersonaResult,
    grid: list[str] | None = None,
    wide: float | None = None,
    failures: Mapping[tuple[str, str], Failures] | None = None,
    categories: Sequence[str] | None = None,
) -> list[str]:
    lines = [THIN_RULE, f"Persona: {persona.persona_id}", THIN_RULE]
    cells = {(c.range, c.category): c for c in persona.heatmap}
    for rr in persona.range_results:
        lines.extend(_range_lines(rr, cells, failures))
    lines.append("")
    lines.append("Heatmap (category × time range):")
    if grid is None:
        labels = [rr.range.label for rr in persona.range_results]
        grid = _grid_lines(persona.heatmap, labels, wide, failures, categories)
    lines.extend(grid)
    return lines


def _coloured_grid(result: BenchmarkResult, width: int, persona: str | None = None) -> list[str]:
    """Ours: a heatmap as the coloured terminal grid (the rows and columns of :mod:`.heatmap`)."""
    # Imported here: the renderer formats its numbers with this module's _fixed.
    from ..results.heatmap import heatmap_view
    from .terminal import format_heatmap_terminal

    view = heatmap_view(result, persona=persona)
    return format_heatmap_terminal(view, width=width, color=True).split("\n")


def format_text_report(result: BenchmarkResult, *, color: bool = False, width: int = 100) -> str:
    """The human-readable report the CLI prints by default.

    The reference's layout (header, one block per persona with its checkpoints, categories and
    heatmap, then the aggregate heatmap over the run's ranges), plus warning lines of ours before
    ``Ranges:`` when no judge was configured or some questions have judge or adapter errors, and
    sections of ours after it: retrieval quality, timing, and the hallucination analysis of
    :mod:`recallbench.results.hallucination`, with the definition of a hallucination the run's judge
    applied (:mod:`recallbench.results.hallucination_mode`: recorded, inferred, or "not recorded").

    Args:
        result: A finished (or resumed) run.
        color: Ours: draw the heatmaps as coloured grids for a terminal (24-bit ANSI, with the
            OVERALL and hallucination rows and wide runs elided in the middle — see
            :func:`recallbench.render.terminal.format_heatmap_terminal`). Without it the report is
            the reference's plain text, byte for byte.
        width: The terminal's width in characters, for the coloured grids.

    Returns:
        The report, lines joined by ``\\n``, without a trailing newline.
    """
    lines = _header(result)
    lines.extend(_warnings(result))
    lines.append(f"Ranges: {', '.join(r.label for r in result.ranges)}")
    lines.append(f"Personas: {len(result.personas)}")
    lines.extend(_disclosure(result))
    lines.append("")
    # Ours: with intervals (--epochs > 1), cells wider than the run's threshold are marked.
    wide = wide_above(result.metadata.intervals) if result.metadata.intervals else None
    for persona in result.personas:
        grid = _coloured_grid(result, width, persona.persona_id) if color else None
        failures = cell_failures(result, persona.persona_id)
        lines.extend(_persona_lines(persona, grid, wide, failures, result.categories))
        lines.append("")
    lines.extend([THICK_RULE, "AGGREGATE HEATMAP (category × time range)", THICK_RULE])
    if color:
        lines.extend(_coloured_grid(result, width))
    else:
        failures = cell_failures(result)
        lines.extend(
            _grid_lines(
                result.heatmap, [r.label for r in result.ranges], wide, failures, result.categories
            )
        )
        if wide is not None:
            lines.extend(["", f"{WIDE_MARK} 95% interval wider than {points(wide)}"])
        if failures:
            lines.extend(["", FAILURE_LEGEND])
    lines.extend(_retrieval_lines(result))
    lines.extend(records_section_lines(result.benchmark_metrics))
    lines.extend(public_section_lines(result.public_benchmark))
    lines.extend(_timing_lines(result))
    lines.extend(panel_section_lines(result))
    lines.extend(cost_section_lines(result))
    lines.extend(_hallucination_lines(result))
    lines.extend(attribution_section_lines(result))
    return "\n".join(lines)


def _hallucination_lines(result: BenchmarkResult) -> list[str]:
    """Ours: the seed's hallucination views (rates by category and persona, trends, correlation)."""
    # Imported here: the analysis formats its numbers with this module's _fixed.
    from ..results.hallucination import analyze_hallucination
    from ..results.hallucination_mode import mode_text, run_mode
    from .hallucination_text import format_hallucination_lines

    if not any(r.question_results for p in result.personas for r in p.range_results):
        return []  # nothing scored (a dry run of the stub judge, say): no section
    if not result.judged:  # the stub judge's zeros would read as 100% fabricated
        return ["", THICK_RULE, "HALLUCINATION", THICK_RULE, f"  {NOT_JUDGED_RATE}."]
    if run_failures(result).all_failed:
        return []  # no answer at all: nothing could be invented, nor measured
    return format_hallucination_lines(
        analyze_hallucination(result), definition=mode_text(run_mode(result.metadata))
    )


def _metrics_row(label: str, m: RetrievalMetrics, n: int) -> str:
    return (
        f"  {label:<28} {_fixed(m.recall_at_5, 3):>6} {_fixed(m.recall_at_10, 3):>6} "
        f"{_fixed(m.ndcg_at_10, 3):>6} {_fixed(m.mrr, 3):>6}   n={n}"
    )


def _retrieval_lines(result: BenchmarkResult) -> list[str]:
    """Ours: retrieval quality against the relevant days, when the system reported retrievals."""
    summary = result.retrieval
    if summary is None:
        return []
    lines = [
        "",
        THICK_RULE,
        "RETRIEVAL (binary relevance on relevant days; negative-recall excluded; a miss counts 0)",
        THICK_RULE,
        f"  {'':<28} {'R@5':>6} {'R@10':>6} {'nDCG10':>6} {'MRR':>6}",
        _metrics_row("overall", summary.overall, summary.question_count),
    ]
    if summary.turns is not None:
        # Beside day level, where the data names turns and the system reported them.
        lines.append(
            _metrics_row("overall, by turn", summary.turns, summary.turn_question_count or 0)
        )
    counts: dict[str, int] = {}
    for r in _all_results(result):
        if has_evidence(r.qa):  # each counts: a miss (nothing found, or failed) as 0
            counts[r.qa.category] = counts.get(r.qa.category, 0) + 1
    for category, m in summary.by_category.items():
        lines.append(_metrics_row(category, m, counts.get(category, 0)))
    lines.append("  by checkpoint:")
    for time_range in result.ranges:
        at = summarize_retrieval(
            q
            for p in result.personas
            for rr in p.range_results
            if rr.range.label == time_range.label
            for q in (*rr.question_results, *(rr.unscored_results or ()))
        )
        if at is not None:
            lines.append(_metrics_row(f"  {time_range.label}", at.overall, at.question_count))
    return lines


def _timing_lines(result: BenchmarkResult) -> list[str]:
    """Ours: what answering and ingesting cost in time."""
    timing = result.timing
    if timing is None:
        return []
    lines = ["", "Timing:"]
    latency = timing.query_latency_ms
    if latency is not None:
        lines.append(
            f"  query latency   p50 {_fixed(latency.p50, 1)} ms · p95 {_fixed(latency.p95, 1)} ms"
            f" · max {_fixed(latency.max, 1)} ms (n={latency.count})"
        )
    if timing.ingest_ms_per_day is not None:
        lines.append(f"  ingestion       {_fixed(timing.ingest_ms_per_day, 2)} ms per day")
    if timing.finalize_ms_mean is not None and timing.finalize_ms_max is not None:
        lines.append(
            f"  finalize        mean {_fixed(timing.finalize_ms_mean, 1)} ms · "
            f"max {_fixed(timing.finalize_ms_max, 1)} ms per checkpoint"
        )
    lines.extend(_checkpoint_timing_lines(result))
    return lines


def _ms(value: float | None, places: int = 1) -> str:
    return "–" if value is None else _fixed(value, places)


def _checkpoint_timing_lines(result: BenchmarkResult) -> list[str]:
    """Ours: the timing at each checkpoint, so that a system slowing as it grows shows its curve."""
    rows = checkpoint_timings(result.personas)
    if not any(r.query is not None or r.ingest_ms_per_day is not None for r in rows):
        return []
    refused = any(r.writes_refused for r in rows)
    head = (
        f"  {'checkpoint':<12}{'days':>7}{'new':>7}{'ingest ms/day':>15}{'finalize ms':>13}"
        f"{'query p50':>11}{'p95':>10}{'answers':>9}" + (f"{'refused':>9}" if refused else "")
    )
    lines = ["  by checkpoint:", head]
    for r in rows:
        q = r.query
        lines.append(
            f"  {r.label:<12}{r.days:>7,}{'–' if r.new_days is None else f'{r.new_days:,}':>7}"
            f"{_ms(r.ingest_ms_per_day, 2):>15}{_ms(r.finalize_ms):>13}"
            f"{_ms(q.p50 if q else None):>11}{_ms(q.p95 if q else None):>10}"
            f"{(q.count if q else 0):>9,}" + (f"{r.writes_refused:>9,}" if refused else "")
        )
    return lines


def to_heatmap_grid(result: BenchmarkResult) -> dict[str, Any]:
    """The run's heatmap as a category × range grid (the CLI's ``--heatmap`` JSON).

    Args:
        result: A finished run; its ``heatmap`` cells and ``ranges`` are used.

    Returns:
        ``{"categories": [...10], "ranges": [labels], "scores": [[...]], "counts": [[...]]}`` with
        rows per category and columns per range. A score is None when there is no cell or it
        holds no questions; a count is None only when there is no cell. Integral scores are ints,
        so that ``json.dumps`` writes ``5`` as the reference did, not ``5.0``.
    """
    lookup = {(c.category, c.range): c for c in result.heatmap}
    labels = [r.label for r in result.ranges]
    scores: list[list[int | float | None]] = []
    counts: list[list[int | None]] = []
    shown = report_categories((c.category for c in result.heatmap), result.categories)
    for category in shown:
        cells = [lookup.get((category, label)) for label in labels]
        scores.append(
            [
                _json_number(c.score)
                if c is not None and c.question_count > 0 and c.score is not None
                else None
                for c in cells
            ]
        )
        counts.append([c.question_count if c is not None else None for c in cells])
    return {"categories": list(shown), "ranges": labels, "scores": scores, "counts": counts}


def format_json_report(result: BenchmarkResult) -> str:
    """``result.json``: two-space-indented camelCase JSON in the reference's key order, without a
    trailing newline.

    Args:
        result: A finished run.

    Returns:
        The JSON text.
    """
    return dumps_pretty(result)
