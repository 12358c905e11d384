"""A run as one self-contained HTML page: works offline, no external URL, font or script.

What the page shows, top to bottom — what someone choosing between two memory systems looks at:

* the header: adapter, judge, timestamp, duration, Q&A counts; an INTERIM banner for a partial run
  and a warning when the numbers do not measure what they seem to (stub judge, errors);
* key figures and the per-persona table (mean score, first → last checkpoint, a sparkline,
  hallucination rate, retrieval, latency, errors) with a chart of the score as the corpus grows;
* the heatmap — an HTML table drawn from :func:`recallbench.results.heatmap.heatmap_view`, one per persona
  as well as the aggregate, scrolling sideways under sticky row labels, a tooltip per cell; a click
  on a cell lists its answers;
* the hallucination views of :mod:`recallbench.results.hallucination`: per-category rates with the high-risk
  ones marked, per-persona splits, the trend readings and the recall-vs-hallucination scatter;
* retrieval quality and timing, when the run measured them;
* every answer in a filterable, sortable table (rendered virtually by the page's script: a
  143-checkpoint run has ~50,000 answers), and on click the question, reference, answer, scores,
  judge reasoning, retrieval and the same question at every other checkpoint.

The answers travel in a ``<script type="application/json">`` block holding one JSON string: their
JSON, deflated (zlib) and base64-encoded (:func:`embed_payload`), which the page's script inflates with
the browser's ``DecompressionStream`` (Chrome 80, Firefox 113, Safari 16.4). JSON repeats its keys
and an answer's memories repeat the same paths: the main job's 2.46 MB of answers embed as 0.68 MB
(issue 35.9). Base64 holds no ``<``, ``>`` or ``&``, so no answer text can close the block; a page
written before holds the JSON itself (``\\u``-escaped), which the script still reads.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Mapping, Sequence
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from .._atomic import atomic_write_text
from ..results.attribution import attribute_run
from ..results.attribution_summary import summarize_attribution
from ..results.checkpoint_timing import CheckpointTiming, checkpoint_timings
from ..results.failures import run_failures
from ..results.hallucination_mode import mode_label, run_mode
from ..results.heatmap import AMBER_RGB, GREEN_RGB, RED_RGB, HeatmapView, heatmap_view
from ..results.records import BenchmarkResult, RetrievalSummary, RunTiming
from ..results.scoring import MAX_COMPOSITE
from ._html_attribution import attribution_html_section, classes_payload
from ._html_charts import PALETTE, Series, line_chart, sparkline
from ._html_data import DetailKey, PersonaSummary, build_payload, persona_summaries
from ._html_heatmap import heatmap_section, interval_text
from ._html_panel import panel_html_section
from .benchmark_metrics import records_html_section
from .cost import cost_html_section
from .fingerprint import fingerprint_html
from .public_benchmarks import public_html_section
from .report import _duration, _usage, _warnings

__all__ = ["embed_json", "render_html_report", "write_html_report"]

DATA_ELEMENT_ID = "rb-data"
"""The id of the script element holding the answers' JSON."""


def _asset(name: str) -> str:
    return resources.files("recallbench.render").joinpath("assets", name).read_text("utf-8")


def embed_payload(data: Any) -> str:
    """The data block's text: a JSON string holding ``data``'s compact JSON, zlib-deflated and
    base64-encoded (what the page's script inflates)."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return '"' + base64.b64encode(zlib.compress(raw.encode("utf-8"), 9)).decode("ascii") + '"'


def read_payload(block: str) -> Any:
    """The data of a data block's text: :func:`embed_payload`'s string, or the JSON itself (a page
    written before issue 35.9). For tests and tools that read a report's answers."""
    value = json.loads(block)
    if isinstance(value, str):
        return json.loads(zlib.decompress(base64.b64decode(value)).decode("utf-8"))
    return value


def embed_json(data: Any) -> str:
    """JSON safe inside ``<script type="application/json">``: ``<``, ``>`` and ``&`` are escaped as
    ``\\u003c``, ``\\u003e``, ``\\u0026`` (still the same JSON), so ``</script>`` or ``<!--`` in
    any string cannot end or confuse the block."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _pct(score: float) -> str:
    return f"{score / MAX_COMPOSITE * 100:.1f}%"


def _score(score: float | None) -> str:
    return "–" if score is None else f"{score:.2f}/6 ({_pct(score)})"


def _n(value: int) -> str:
    return f"{value:,}"


# --- header ----------------------------------------------------------------------------------


def _card(key: str, value: str, sub: str = "") -> str:
    return (
        f'<div class="rb-card"><div class="k">{escape(key)}</div><div class="v">{escape(value)}</div>'
        f'<div class="s">{escape(sub)}</div></div>'
    )


def _cards(result: BenchmarkResult, view: HeatmapView, summaries: Sequence[PersonaSummary]) -> str:
    scored = [q for p in result.personas for rr in p.range_results for q in rr.question_results]
    md = result.metadata
    failed = run_failures(result)
    cards = []
    if not result.judged:  # the stub judge's zeros are no score (nor a 100% hallucination rate)
        cards.append(_card("Mean score", "not judged", "no judge was given"))
        cards.append(_card("Hallucination rate", "not judged", "no judge was given"))
    elif failed.all_failed:  # no score, whatever the adapter raised (docs/reliability.md)
        cards.append(_card("Mean score", "failed", failed.text()))
    elif scored:
        mean = sum(q.composite_score for q in scored) / len(scored)
        sub = f"{_pct(mean)} over {_n(len(scored))} answers{interval_text(result.overall_interval)}"
        cards.append(
            _card(
                "Mean score", f"{mean:.2f}/6", sub + (f" · {failed.text()}" if failed.any else "")
            )
        )
        rate = sum(1 for q in scored if q.score.hallucination == 0) / len(scored) * 100
        mode = mode_label(run_mode(md))
        cards.append(_card("Hallucination rate", f"{rate:.1f}%", f"judged fabricated · {mode}"))
    overall = next((r for r in view.rows if r.kind == "overall"), None)
    if overall is not None and view.completed_columns and result.judged:
        cell = overall.cells[view.completed_columns - 1]
        if cell.state == "failed" and cell.failures is not None:
            cards.append(
                _card(
                    "Score at the last checkpoint",
                    "failed",
                    f"{view.columns[view.completed_columns - 1]} · {cell.failures.text()}",
                )
            )
        elif cell.value is not None:
            cards.append(
                _card(
                    "Score at the last checkpoint",
                    f"{cell.value:.2f}/6",
                    f"{view.columns[view.completed_columns - 1]} · "
                    f"{view.column_days[view.completed_columns - 1]:,} days"
                    f"{interval_text(cell.interval)}",
                )
            )
    cards.append(
        _card(
            "Answers",
            # Every answer asked when some failed (an unreachable one is no evaluation).
            _n(failed.answers if failed.any else md.total_evals_run),
            f"{_n(md.unique_qa_pair_count)} unique questions"
            + (f" · each asked {md.epochs}× per checkpoint (epochs)" if md.epochs else ""),
        )
    )
    cards.append(
        _card("Personas × checkpoints", f"{len(result.personas)} × {len(view.columns)}", "")
    )
    judge_errors = sum(s.judge_errors for s in summaries)
    kinds = f": {failed.kinds_text()}" if failed.any else ""
    cards.append(
        _card(
            "Failed answers",
            _n(failed.failed),
            f"of {_n(failed.answers)}{kinds} · {_n(judge_errors)} judge errors (unscored)",
        )
    )
    if result.retrieval is not None:
        r = result.retrieval
        cards.append(
            _card(
                "Retrieval recall@10",
                f"{r.overall.recall_at_10 * 100:.1f}%",
                f"nDCG@10 {r.overall.ndcg_at_10:.3f} · n={_n(r.question_count)}",
            )
        )
    timing = result.timing
    if timing is not None and timing.query_latency_ms is not None:
        lat = timing.query_latency_ms
        cards.append(_card("Query latency p50", f"{lat.p50:,.1f} ms", f"p95 {lat.p95:,.1f} ms"))
    if md.duration_ms is not None:
        cards.append(_card("Duration", _duration(md.duration_ms), ""))
    return f'<div class="rb-cards">{"".join(cards)}</div>'


def _meta(result: BenchmarkResult, view: HeatmapView) -> str:
    md = result.metadata
    items: list[tuple[str, str]] = [("timestamp", result.timestamp), *view.metadata_items]
    if md.judge_usage is not None:
        items.append(("judge usage", _usage(md.judge_usage)))
    if md.appellate_judge_usage is not None:
        items.append(("appellate usage", _usage(md.appellate_judge_usage)))
    for key, value in (
        ("lifecycle", md.lifecycle),
        ("parallelism", md.parallelism),
        ("resumed", "yes" if md.resumed else None),
    ):
        if value is not None:
            items.append((key, str(value)))
    rows = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in items)
    return f'<dl class="rb-meta">{rows}</dl>'


# --- personas --------------------------------------------------------------------------------


def _persona_section(summaries: Sequence[PersonaSummary], view: HeatmapView) -> str:
    head = (
        "<tr><th>persona</th><th class=num>checkpoints</th><th class=num>answers</th>"
        "<th>mean score</th><th>first → last checkpoint</th><th>over the corpus</th>"
        "<th class=num>hallucinated</th><th class=num>recall@10</th>"
        "<th class=num>latency p50 / p95</th><th class=num>errors</th></tr>"
    )
    rows = []
    for i, s in enumerate(summaries):
        colour = PALETTE[i % len(PALETTE)]
        bar = ""
        if s.mean is not None:
            width = max(2.0, s.mean / MAX_COMPOSITE * 90)
            bar = f'<span class="bar" style="width:{width:.0f}px;background:{colour}"></span>'
        trend = (
            f"{escape(s.first[0])} {s.first[1]:.2f} → {escape(s.last[0])} {s.last[1]:.2f}"
            if s.first and s.last
            else "–"
        )
        spark = sparkline([y for _, y in s.series], y_max=MAX_COMPOSITE, colour=colour)
        rate = "–" if s.hallucination_rate is None else f"{s.hallucination_rate:.1f}%"
        recall = "–" if s.recall_at_10 is None else f"{s.recall_at_10 * 100:.1f}%"
        latency = (
            f"{s.latency_p50:,.1f} / {s.latency_p95:,.1f} ms"
            if s.latency_p50 is not None and s.latency_p95 is not None
            else "–"
        )
        errors = f"{s.adapter_errors} + {s.judge_errors}"
        mean = _score(s.mean)
        asked = s.failures.answers if s.failures.any else s.answers
        if s.failures.all_failed:
            mean, bar = f"failed ({s.failures.text()})", ""
        elif s.failures.any:
            mean += f" · {s.failures.failed:,} failed"
        if s.error:
            errors += f' <span class="badge risk" title="{escape(s.error)}">stopped</span>'
        rows.append(
            f'<tr><td><i class="bar" style="width:10px;background:{colour}"></i>'
            f"{escape(s.persona)}</td><td class=num>{s.checkpoints}</td>"
            f"<td class=num>{_n(asked)}</td><td>{bar}{escape(mean)}</td>"
            f"<td>{trend}</td><td>{spark}</td><td class=num>{rate}</td>"
            f"<td class=num>{recall}</td><td class=num>{latency}</td>"
            f"<td class=num>{errors}</td></tr>"
        )
    table = f'<table class="rb-table">{head}{"".join(rows)}</table>'
    series = [
        Series(name=s.persona, colour=PALETTE[i % len(PALETTE)], points=s.series)
        for i, s in enumerate(summaries)
    ]
    overall = next((r for r in view.rows if r.kind == "overall"), None)
    if overall is not None and len(summaries) > 1:
        points = tuple(
            (float(d), c.value)
            for d, c in zip(view.column_days, overall.cells, strict=True)
            if c.value is not None and not c.filled
        )
        series.append(Series(name="all personas", colour="#e6e8ee", points=points, dashed=True))
    chart = line_chart(
        series,
        label="Overall score by days of corpus ingested, per persona",
        x_label="days of corpus ingested",
        y_label="mean composite (0–6)",
        y_range=(0.0, float(MAX_COMPOSITE)),
        width=1200,
        height=300,
    )
    legend = "".join(
        f'<span><i style="background:{s.colour}"></i>{escape(s.name)}</span>' for s in series
    )
    return (
        '<h2 id="personas">Personas</h2>'
        '<p class="muted">Mean composite over every scored answer; errors are failed answers '
        "(the memory system gave none) + answers the judge failed to score.</p>"
        f'<div style="overflow-x:auto">{table}</div>'
        "<h3>Score as the corpus grows</h3>"
        f'<div class="rb-figure">{chart}<div class="rb-legend">{legend}</div></div>'
    )


# --- retrieval and timing --------------------------------------------------------------------


def _fmt(value: float | None, places: int = 1) -> str:
    return "–" if value is None else f"{value:,.{places}f}"


def _checkpoint_timing_table(rows: Sequence[CheckpointTiming]) -> str:
    """The timing at each checkpoint: a system slowing as it grows shows its curve."""
    if not any(r.query is not None or r.ingest_ms_per_day is not None for r in rows):
        return ""
    refused = any(r.writes_refused for r in rows)
    head = (
        "<tr><th>checkpoint</th><th class=num>days</th><th class=num>new days</th>"
        "<th class=num>ingest ms / day</th><th class=num>finalize ms</th>"
        "<th class=num>query p50 ms</th><th class=num>p95 ms</th><th class=num>answers</th>"
        + ("<th class=num>writes refused</th>" if refused else "")
        + "</tr>"
    )
    body = "".join(
        f"<tr><td>{escape(r.label)}</td><td class=num>{_n(r.days)}</td>"
        f"<td class=num>{'–' if r.new_days is None else _n(r.new_days)}</td>"
        f"<td class=num>{_fmt(r.ingest_ms_per_day, 2)}</td><td class=num>{_fmt(r.finalize_ms)}</td>"
        f"<td class=num>{_fmt(r.query.p50 if r.query else None)}</td>"
        f"<td class=num>{_fmt(r.query.p95 if r.query else None)}</td>"
        f"<td class=num>{_n(r.query.count if r.query else 0)}</td>"
        + (f"<td class=num>{_n(r.writes_refused)}</td>" if refused else "")
        + "</tr>"
        for r in rows
    )
    return (
        '<p class="muted">By checkpoint, over the personas: what a day cost to ingest and a '
        "question to answer as the memory grew.</p>"
        f'<table class="rb-table">{head}{body}</table>'
    )


def _retrieval_section(
    summary: RetrievalSummary | None,
    timing: RunTiming | None,
    checkpoints: Sequence[CheckpointTiming] = (),
) -> str:
    parts = []
    if summary is not None:
        head = (
            "<tr><th></th><th class=num>recall@5</th><th class=num>recall@10</th>"
            "<th class=num>nDCG@10</th><th class=num>MRR</th></tr>"
        )
        rows = [("overall", summary.overall), *summary.by_category.items()]
        body = "".join(
            f"<tr><td>{escape(name)}</td><td class=num>{m.recall_at_5:.3f}</td>"
            f"<td class=num>{m.recall_at_10:.3f}</td><td class=num>{m.ndcg_at_10:.3f}</td>"
            f"<td class=num>{m.mrr:.3f}</td></tr>"
            for name, m in rows
        )
        parts.append(
            f'<p class="muted">Binary relevance on each question\'s relevant days, over '
            f"{_n(summary.question_count)} answers with evidence (negative-recall excluded); an "
            "answer that retrieved nothing, or failed, counts 0.</p>"
            f'<table class="rb-table">{head}{body}</table>'
        )
    if timing is not None:
        lines = []
        lat = timing.query_latency_ms
        if lat is not None:
            lines.append(
                f"query latency p50 {lat.p50:,.1f} ms · p95 {lat.p95:,.1f} ms · max "
                f"{lat.max:,.1f} ms (n={_n(lat.count)})"
            )
        if timing.ingest_ms_per_day is not None:
            lines.append(f"ingestion {timing.ingest_ms_per_day:,.2f} ms per day")
        if timing.finalize_ms_mean is not None and timing.finalize_ms_max is not None:
            lines.append(
                f"finalize mean {timing.finalize_ms_mean:,.1f} ms · max "
                f"{timing.finalize_ms_max:,.1f} ms per checkpoint"
            )
        parts.extend(f"<p>{escape(line)}</p>" for line in lines)
    table = _checkpoint_timing_table(checkpoints)
    if table:
        parts.append(table)
    if not parts:
        return ""
    return '<h2 id="retrieval">Retrieval and timing</h2>' + "".join(parts)


# --- answers ---------------------------------------------------------------------------------

_ANSWERS = """
<h2 id="answers">Answers</h2>
<div class="rb-filters">
  <label>persona <select id="f-persona"><option value="-1">all</option></select></label>
  <label>category <select id="f-category"><option value="-1">all</option></select></label>
  <label>checkpoint <select id="f-checkpoint"><option value="-1">all</option></select></label>
  <label>difficulty <select id="f-difficulty"><option value="-1">all</option></select></label>
  <label>score from <input id="f-min" type="number" min="0" max="6" step="0.5" value="0"></label>
  <label>to <input id="f-max" type="number" min="0" max="6" step="0.5" value="6"></label>
  <label>hallucinated <select id="f-hallucinated"><option value="any">any</option>
    <option value="yes">yes</option><option value="no">no</option></select></label>
  <label>status <select id="f-status"><option value="any">any</option>
    <option value="ok">no error</option><option value="adapter-error">failed (no answer)</option>
    <option value="unscored">judge failed (unscored)</option>
    <option value="appealed">appealed</option></select></label>
  <label>class <select id="f-class" title="the answer's attribution (docs/attribution.md)">
    <option value="-1">all</option></select></label>
  <label>search <input id="f-text" type="search" placeholder="question, reference, answer, id"></label>
  <button id="f-reset" type="button">reset</button>
</div>
<div class="rb-countbar"><span id="rb-count"></span><span id="rb-stats" class="muted"></span></div>
<div class="rb-list">
  <div class="rb-cols">
    <div data-sort="persona">persona</div><div data-sort="checkpoint">checkpoint</div>
    <div data-sort="category">category</div><div data-sort="question">question</div>
    <div data-sort="answer">answer</div><div data-sort="correctness" title="correctness 0–3">C</div>
    <div data-sort="completeness" title="completeness 0–2">K</div>
    <div data-sort="hallucination" title="hallucination: 1 grounded, 0 hallucinated">H</div>
    <div data-sort="composite">score</div><div data-sort="latency">latency</div>
  </div>
  <div id="rb-viewport"><div id="rb-spacer"></div>
  <div id="rb-empty" class="rb-empty" hidden>No answer matches these filters.</div></div>
</div>
<aside id="rb-detail" hidden aria-label="answer detail">
  <button id="rb-detail-close" class="close" type="button" title="close (Esc)">close ✕</button>
  <div id="rb-detail-body"></div>
</aside>
"""


# --- the page --------------------------------------------------------------------------------


def _hallucination_html(result: BenchmarkResult) -> str:
    from ._html_hallucination import hallucination_section

    return hallucination_section(result)


def render_html_report(
    result: BenchmarkResult,
    *,
    interim: str | None = None,
    title: str | None = None,
    details: Mapping[DetailKey, Mapping[str, Any]] | None = None,
) -> str:
    """The run as one self-contained HTML page.

    Args:
        result: The run (finished or partial).
        interim: A note such as ``"INTERIM — 12/30 checkpoints"`` for a partial run; shown as a
            banner and in the heatmap's title.
        title: The page's title (default ``Recall Bench — <adapter>``).
        details: The question log's records by (persona id, checkpoint label, question id), as
            :attr:`recallbench.results.reading.LoadedRun.details` holds them: their retrieval entries and
            tool calls appear in the answers' detail panel.

    Returns:
        The HTML document, with its styles, script and data inlined.
    """
    page_title = title or f"Recall Bench — {result.adapter_name}"
    view = heatmap_view(result, interim=interim)
    summaries = persona_summaries(result)
    # A run given no judge attributes nothing: its stub judge's zeros are no verdicts.
    attributed = list(attribute_run(result)) if result.judged else None
    payload = build_payload(
        result, details, [a.attribution for a in attributed] if attributed is not None else None
    )
    payload["ramp"] = [list(RED_RGB), list(AMBER_RGB), list(GREEN_RGB)]
    payload["classes"] = classes_payload()
    attribution = (
        attribution_html_section(summarize_attribution(result, attributed=attributed))
        if attributed is not None
        else ""
    )

    banners = []
    if interim:
        banners.append(
            f'<div class="rb-banner interim" id="rb-interim">{escape(interim)} — this run had not '
            "finished; the numbers cover only the checkpoints done so far.</div>"
        )
    banners.extend(
        f'<div class="rb-banner warning">{escape(line)}</div>' for line in _warnings(result)
    )
    for p in result.personas:
        if p.error:
            banners.append(
                f'<div class="rb-banner warning">Persona {escape(p.persona_id)} stopped early: '
                f"{escape(p.error)}</div>"
            )
    panel = panel_html_section(result)
    cost = cost_html_section(result)
    toc = "".join(
        f'<a href="#{anchor}">{name}</a>'
        for anchor, name in (
            ("personas", "Personas"),
            ("heatmap", "Heatmap"),
            ("hallucination", "Hallucination"),
            ("retrieval", "Retrieval and timing"),
            ("attribution", "Attribution"),
            ("panel", "Judge panel"),
            ("cost", "Cost"),
            ("benchmark-metrics", "Benchmark metrics"),
            ("public-benchmark", "Published layout"),
            ("answers", "Answers"),
        )
        if anchor != "retrieval" or result.retrieval is not None or result.timing is not None
        if anchor != "benchmark-metrics" or result.benchmark_metrics
        if anchor != "public-benchmark" or result.public_benchmark
        if anchor != "panel" or panel
        if anchor != "attribution" or attribution
        if anchor != "cost" or cost
    )
    sections = [
        f"<h1>{escape(page_title)}</h1>",
        f'<div class="muted">{escape(view.subtitle)} · {escape(result.timestamp)}</div>',
        fingerprint_html(result.metadata.fingerprint),
        f'<nav class="rb-toc">{toc}</nav>',
        *banners,
        _cards(result, view, summaries),
        _meta(result, view),
        _persona_section(summaries, view),
        heatmap_section(result, view, interim),
        _hallucination_html(result),
        _retrieval_section(result.retrieval, result.timing, checkpoint_timings(result.personas)),
        attribution,
        panel,
        cost,
        records_html_section(result.benchmark_metrics),
        public_html_section(result.public_benchmark),
        _ANSWERS,
    ]
    from .._version import __version__

    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="dark">'
        f"<title>{escape(page_title)}</title>"
        f"<style>{_asset('report.css')}</style></head>\n<body><main>"
        + "\n".join(sections)
        + f"<footer>recallbench {escape(__version__)} · one self-contained file, works offline."
        "</footer></main>\n"
        f'<script type="application/json" id="{DATA_ELEMENT_ID}">{embed_payload(payload)}</script>\n'
        f"<script>{_asset('report.js')}</script>\n</body></html>\n"
    )


def write_html_report(
    result: BenchmarkResult,
    path: Path | str,
    *,
    interim: str | None = None,
    title: str | None = None,
    details: Mapping[DetailKey, Mapping[str, Any]] | None = None,
) -> Path:
    """Render the report and write it to ``path`` atomically (a reader never sees half a file).

    Returns:
        The path written.
    """
    target = Path(path)
    atomic_write_text(
        target, render_html_report(result, interim=interim, title=title, details=details)
    )
    return target
