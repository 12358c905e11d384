"""The headline of a run: what a person reads first, in at most about 25 lines (pure).

::

    recallbench · bm25 · 6 personas · 4 checkpoints · 612 answers judged · 14.8 s
      Score          3.03/6.0 (50.5%) — the mean of every judged answer
      Hallucination  12.4% of judged answers — invented: a claim found on no day ingested by …
      Retrieval      recall@10 0.612 over 540 answers with evidence (a miss counts 0)
      Adapter errors none
      Judge          rubric (offline, no model calls)
                                      30d    90d    6mo     1y
      ─────────────────────────────────────────────────────────
        factual-recall               5.5    5.1    4.8    4.4
        …
      ─────────────────────────────────────────────────────────
        OVERALL                     3.61   3.20   2.95   2.71
      ═════════════════════════════════════════════════════════
        Hallucination rate:         8.1%  11.0%  13.2%  14.9%
      ═════════════════════════════════════════════════════════
      Report  runs/bm25-20261126T145000/report.html
      Result  runs/bm25-20261126T145000/result.json

The full report (every persona, checkpoint and category; retrieval by category; timing; the
hallucination analysis) is :func:`recallbench.render.report.format_text_report`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .._numfmt import to_fixed as _fixed
from ..results.failures import run_failures
from ..results.hallucination_mode import mode_text, run_mode
from ..results.heatmap import family_labels, heatmap_view
from ..results.judge_spread import JudgeSpread, judge_spread
from ..results.question_errors import ErrorGroup, group_errors, question_errors
from ..results.records import BenchmarkResult
from ..results.scoring import MAX_COMPOSITE
from .attribution_text import attribution_headline_line
from .cost import cost_headline_lines
from .fingerprint import fingerprint_line
from .panel_text import panel_headline_lines
from .terminal import format_heatmap_terminal

__all__ = ["NOT_JUDGED_RATE", "STUB_SCORE", "format_headline", "score_text"]

STUB_SCORE = (
    "NOT JUDGED — the stub judge scores every answer 0; pass --judge rubric (offline) or an LLM "
    "judge (openai:MODEL, anthropic:MODEL, azure:DEPLOYMENT, claude)"
)
NOT_JUDGED_RATE = (
    "Not judged: no judge was given, so there is no hallucination rate (the stub judge's zeros "
    "would read as every answer fabricated)"
)
"""What the hallucination views of a run given no judge say instead of a rate."""
MESSAGE_WIDTH = 90
"""An error's first message is cut to this many characters (the logs hold it whole)."""
MAX_ERROR_GROUPS = 3


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _seconds(ms: float | None) -> str:
    if ms is None:
        return ""
    s = ms / 1000
    if s < 60:
        return f" · {s:.1f} s"
    minutes, seconds = divmod(int(s), 60)
    hours, minutes = divmod(minutes, 60)
    return f" · {hours}h {minutes:02d}m" if hours else f" · {minutes}m {seconds:02d}s"


def _short(message: str) -> str:
    line = " ".join(message.split())
    return line if len(line) <= MESSAGE_WIDTH else line[: MESSAGE_WIDTH - 1] + "…"


_STAGE = {
    "query": "the memory system failed",
    "connection": "could not reach the memory system",
    "judge": "left unscored by the judge",
}


def _error_lines(groups: tuple[ErrorGroup, ...]) -> list[str]:
    lines = [
        f"                 {g.count:,} × {g.type}: {_short(g.first_message)}"
        for g in groups[:MAX_ERROR_GROUPS]
    ]
    rest = groups[MAX_ERROR_GROUPS:]
    if rest:
        lines.append(
            f"                 … {sum(g.count for g in rest):,} more in {len(rest)} other kinds "
            "(questions.jsonl holds each)"
        )
    return lines


def _errors(result: BenchmarkResult, asked: int) -> list[str]:
    groups = group_errors(question_errors(result))
    if not groups:
        return ["  Errors         none"]
    lines: list[str] = []
    for stage in ("query", "connection", "judge"):
        mine = tuple(g for g in groups if g.stage == stage)
        if not mine:
            continue
        n = sum(g.count for g in mine)
        label = (
            "Adapter errors"
            if stage == "query"
            else "Unreachable"
            if stage == "connection"
            else "Judge errors"
        )
        lines.append(f"  {label:<15}{n:,} of {asked:,} questions: {_STAGE[stage]}")
        lines.extend(_error_lines(mine))
    return lines


def score_text(
    result: BenchmarkResult, *, interval: str = "", spread: JudgeSpread | None = None
) -> list[str]:
    """The run's overall score as the headline's ``Score`` line says it (and ``recallbench
    report``'s ``Overall score:`` line), without the label: the score and what it is the mean of,
    then, on a line of its own, how many answers failed and how they count. A run given no judge
    is NOT JUDGED; a run whose every answer failed has no score, whatever its adapter raised
    (docs/reliability.md). ``interval`` follows the score (the report's ``[95%: …]``); ``spread``,
    a panel's (:mod:`recallbench.results.judge_spread`), makes it ``score ± judge spread``."""
    if not result.judged:
        return [STUB_SCORE]
    failed = run_failures(result)
    overall = result.overall_score
    if failed.all_failed:
        return [f"--  — {failed.text()} (the memory system gave no answer)"]
    if overall is None:
        return ["--  (no answer was judged)"]
    value = f"{_fixed(overall, 2)}/6.0 ({_fixed(overall / MAX_COMPOSITE * 100, 1)}%){interval}"
    if spread is not None:
        value = (
            f"{_fixed(overall, 2)} ± {_fixed(spread.spread, 2)}/6.0 "
            f"({_fixed(overall / MAX_COMPOSITE * 100, 1)}% ± "
            f"{_fixed(spread.spread / MAX_COMPOSITE * 100, 1)}, judge spread){interval}"
        )
    if not failed.any:
        return [f"{value} — the mean of every judged answer"]
    what = (
        "the mean of every judged answer and failed one"
        if failed.counted
        else "the mean of every judged answer"
    )
    return [f"{value} — {what}", failed.text()]


def _usage(usage: Mapping[str, int]) -> str:
    """``12 calls · 30 from the cache · 5,120 in / 610 out tokens``: what judging cost."""
    parts = [_plural(usage.get("calls", 0), "call")]
    hits = usage.get("cacheHits", 0)
    if hits:
        parts.append(f"{hits:,} from the cache")
    tokens_in, tokens_out = usage.get("inputTokens", 0), usage.get("outputTokens", 0)
    if tokens_in or tokens_out:
        parts.append(f"{tokens_in:,} in / {tokens_out:,} out tokens")
    return " · ".join(parts)


def _judge(result: BenchmarkResult) -> list[str]:
    md = result.metadata
    if md.judge_model is None:
        return ["  Judge          stub (no judge configured)"]
    usage = md.judge_usage
    lines = [
        f"  Judge          {md.judge_model}: {_usage(usage)}"
        if usage is not None
        else f"  Judge          {md.judge_model} (no model calls)"
    ]
    if md.appellate_judge_model:
        appeals = md.appellate_judge_usage
        cost = f": {_usage(appeals)}" if appeals is not None else ""
        lines.append(f"  Appellate      {md.appellate_judge_model}{cost}")
    lines.extend(panel_headline_lines(result))
    lines.extend(cost_headline_lines(result))
    return lines


def format_headline(
    result: BenchmarkResult,
    *,
    report_html: Path | None = None,
    result_json: Path | None = None,
    failure: str | None = None,
    color: bool = False,
    width: int = 100,
) -> str:
    """The run in a screenful: overall score, hallucination rate and its definition, recall@10,
    errors by kind with their first message, judge calls and tokens, the aggregate heatmap with
    its OVERALL and hallucination rows, and where the report and result are.

    Args:
        result: A finished or partial run.
        report_html, result_json: Paths to name (None: not written, not named).
        failure: Why the run failed, printed first (None: it did not).
        color: Paint the heatmap's cells (24-bit ANSI).
        width: The terminal's width; heatmap columns that do not fit are elided in the middle.

    Returns:
        The lines joined by ``\\n``, without a trailing newline.
    """
    md = result.metadata
    checkpoints = len({rr.range.label for p in result.personas for rr in p.range_results})
    scored = sum(len(rr.question_results) for p in result.personas for rr in p.range_results)
    asked = scored + sum(
        len(rr.unscored_results or ()) for p in result.personas for rr in p.range_results
    )
    failed = run_failures(result)
    lines = []
    if failure is not None:
        lines.append(f"FAILED: {' '.join(failure.split())}")
    answers = (
        f"{_plural(asked, 'answer')}, none judged"
        if not result.judged
        else f"{_plural(scored - failed.counted, 'answer')} judged · {failed.failed:,} failed"
        if failed.any
        else f"{_plural(scored, 'answer')} judged"
    )
    unit = family_labels(result)[1]
    lines.append(
        f"recallbench · {result.adapter_name} · {_plural(len(result.personas), unit)} · "
        f"{_plural(checkpoints, 'checkpoint')} · {answers}{_seconds(md.duration_ms)}"
    )
    spread = judge_spread(result) if result.judged else None
    score = score_text(result, spread=spread)
    lines.append(f"  Score          {score[0]}")
    lines.extend(f"                 {more}" for more in score[1:])
    if spread is not None and " ± " in score[0]:  # the score of each judge of the panel
        each = " · ".join(f"{j} {_fixed(spread.scores[j], 2)}" for j in spread.judges)
        lines.append(f"  Judges         {each} (each judge's score over the same answers)")
    if not result.judged:
        lines.append("  Hallucination  n/a (nothing was judged)")
    else:
        if md.epochs is not None and result.overall_interval is not None:
            iv = result.overall_interval
            lines.append(
                f"  Repeats        {md.epochs} epochs · 95% interval {_fixed(iv.low, 2)}–"
                f"{_fixed(iv.high, 2)} (bootstrap over questions)"
            )
        rate = result.hallucination_rate
        definition = mode_text(run_mode(md))
        if failed.all_failed:
            rate_text = "--  (every answer failed)"
        elif rate is None:
            rate_text = "--"
        elif failed.counted:
            rate_text = (
                f"{_fixed(rate, 1)}% of {_plural(scored, 'answer')}, {failed.counted:,} of them "
                "failed (inventing nothing)"
            )
        else:
            rate_text = f"{_fixed(rate, 1)}% of judged answers"
        lines.append(f"  Hallucination  {rate_text} — {_short(definition)}")
    if result.retrieval is not None:
        lines.append(
            f"  Retrieval      recall@10 {_fixed(result.retrieval.overall.recall_at_10, 3)} "
            f"over {_plural(result.retrieval.question_count, 'answer')} with evidence "
            "(a miss counts 0)"
        )
    attribution = attribution_headline_line(result)
    if attribution is not None:
        lines.append(attribution)
    if result.public_benchmark:
        from .public_benchmarks import public_headline_lines

        lines.extend(
            f"  Official       {line}" for line in public_headline_lines(result.public_benchmark)
        )
    lines.extend(_errors(result, asked))
    if md.writes_refused:
        lines.append(
            f"  Writes refused {md.writes_refused:,}: the memory system did not keep them "
            "(stored nothing for them; the warnings name the days)"
        )
    lines.extend(_judge(result))
    fingerprint = fingerprint_line(md.fingerprint)
    if fingerprint is not None:
        lines.append(f"  Fingerprint    {fingerprint}")
    if md.judge_model is None:
        lines.append("  (no heatmap: a grid of the stub judge's zeros would measure nothing)")
    elif checkpoints:
        grid = format_heatmap_terminal(heatmap_view(result), width=width, color=color)
        lines.extend(grid.split("\n"))
    if report_html is not None:
        lines.append(f"  Report  {report_html}")
    if result_json is not None:
        lines.append(f"  Result  {result_json}")
    return "\n".join(lines)
