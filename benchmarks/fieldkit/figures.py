"""The figures of one field run, read from its files (never recomputed), and the doc's table rows.

What each figure is, read from ``result.json`` with ``recallbench.read_run``:

* score: ``overall_score``, the mean composite (0–6) of every judged answer, and as a percentage;
* recall@5, recall@10, nDCG@10, MRR: ``retrieval.overall``, over the answers whose adapter reported
  retrieval entries with day numbers (``retrieval.questionCount`` of them);
* ingest s/day: the checkpoints' ``ingestMs`` (the ``ingest_day`` calls) plus their ``finalizeMs``
  (``finalize_ingestion``), summed, over the days they ingested (``newDaysIngested``) — the run's
  ``timing.ingestMsPerDay`` leaves finalize out; both are recorded. Setup is not in it;
* query p50/p95: ``timing.queryLatencyMs``, the wall time of each ``query`` call;
* writes refused: ``metadata.writesRefused`` of ``result.json`` (writes the memory system refused,
  counted by the harness, also per checkpoint); absent when none was, read as 0;
* errors: every answer carrying an error, grouped by stage and type, with the first message of each;
* hallucination: ``hallucination_rate``, % of judged answers with hallucination score 0.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

__all__ = ["TABLE_HEAD", "by_rank", "extract", "markdown_row", "writes_refused"]

TABLE_HEAD = (
    "| system | selection | score (0–6) | recall@5 | recall@10 | nDCG@10 | MRR | ingest s/day "
    "| query p50 / p95 ms | peak MiB | run s | writes refused | errors | halluc. | load |\n"
    + "| --- " * 15
    + "|"
)


def official(run_dir: Path) -> dict[str, Any] | None:
    """A public benchmark's own overall figure (LoCoMo's token F1 over categories 1–4) from
    ``publicBenchmark`` of ``result.json``, or None."""
    try:
        raw = json.loads((run_dir / "result.json").read_text())
    except (OSError, ValueError):
        return None
    for family, block in (raw.get("publicBenchmark") or {}).items():
        overall = block.get("overall") if isinstance(block, dict) else None
        if not isinstance(overall, dict):
            continue
        for metric in block.get("metrics") or ():
            if isinstance(overall.get(metric), (int, float)):
                return {
                    "benchmark": family,
                    "metric": metric,
                    "value": round(float(overall[metric]), 4),
                    "questions": overall.get("questionCount"),
                }
    return None


def writes_refused(run_dir: Path) -> int | None:
    """``metadata.writesRefused`` of a run's ``result.json``, or None when it has none (the harness
    writes it only when a write was refused, and a harness before it never did)."""
    try:
        raw = json.loads((run_dir / "result.json").read_text())
    except (OSError, ValueError):
        return None
    value = (raw.get("metadata") or {}).get("writesRefused")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def extract(run_dir: Path) -> dict[str, Any]:
    """The figures of a finished (or interim) run, read from its files."""
    from recallbench import read_run
    from recallbench.results.question_errors import group_errors, question_errors

    loaded = read_run(run_dir)
    result = loaded.result
    md = result.metadata
    out: dict[str, Any] = {"interim": loaded.interim_note}
    overall = result.overall_score
    out["score"] = None if overall is None else round(overall, 4)
    out["scorePercent"] = None if overall is None else round(overall / 6 * 100, 2)
    rate = result.hallucination_rate
    out["hallucinationRatePercent"] = None if rate is None else round(rate, 3)
    answers = [
        q
        for p in result.personas
        for rr in p.range_results
        for q in (*rr.question_results, *(rr.unscored_results or ()))
    ]
    out["answers"] = len(answers)
    out["answersScored"] = sum(
        len(rr.question_results) for p in result.personas for rr in p.range_results
    )
    ret = result.retrieval
    if ret is not None:
        out["retrieval"] = {k: round(v, 4) for k, v in ret.overall.as_dict().items()} | {
            "answersWithRetrieval": ret.question_count
        }
    else:
        out["retrieval"] = None
    ingest_ms = finalize_ms = 0.0
    days = 0
    checkpoints = []
    for p in result.personas:
        for rr in p.range_results:
            if rr.ingest_ms is not None and rr.new_days_ingested:
                ingest_ms += rr.ingest_ms
                finalize_ms += rr.finalize_ms or 0.0
                days += rr.new_days_ingested
            checkpoints.append(
                {
                    "persona": p.persona_id,
                    "range": rr.range.label,
                    "days": rr.days_ingested,
                    "answers": rr.questions_evaluated,
                    "score": None if rr.overall_score is None else round(rr.overall_score, 4),
                    "recall@10": None
                    if rr.retrieval is None
                    else round(rr.retrieval.overall.recall_at_10, 4),
                    "ingestMs": rr.ingest_ms,
                    "finalizeMs": rr.finalize_ms,
                    "newDays": rr.new_days_ingested,
                    "writesRefused": getattr(rr, "writes_refused", None) or 0,
                }
            )
    timing = result.timing
    lat = timing.query_latency_ms if timing is not None else None
    out["timing"] = {
        "ingestSecondsPerDay": round((ingest_ms + finalize_ms) / days / 1000, 5) if days else None,
        "ingestMsPerDayWithoutFinalize": _ms(timing.ingest_ms_per_day) if timing else None,
        "finalizeMsMean": _ms(timing.finalize_ms_mean) if timing else None,
        "daysIngested": days,
        "ingestSecondsTotal": round((ingest_ms + finalize_ms) / 1000, 3),
        "queryP50Ms": None if lat is None else lat.p50,
        "queryP95Ms": None if lat is None else lat.p95,
        "queryMaxMs": None if lat is None else lat.max,
        "runDurationMs": md.duration_ms,
    }
    out["errors"] = [
        {"stage": g.stage, "type": g.type, "count": g.count, "firstMessage": g.first_message[:300]}
        for g in group_errors(question_errors(result))
    ]
    out["official"] = official(run_dir)
    # Absent when none was refused (and in results from before the harness counted them): 0.
    out["writesRefused"] = getattr(md, "writes_refused", None) or 0
    out["adapterErrors"] = md.adapter_errors
    out["judgeErrors"] = md.judge_errors
    out["checkpoints"] = checkpoints
    fp = md.fingerprint
    out["fingerprint"] = fp.get("digest") if isinstance(fp, dict) else getattr(fp, "digest", None)
    return out


def _fmt(value: float | None, spec: str) -> str:
    return "—" if value is None else format(value, spec)


def _load(load: dict[str, Any]) -> str:
    """The 1-minute load before the run, and the highest seen during it when that is higher."""
    before, top = f"{load['before'][0]:.1f}", f"{load['maxDuring']:.1f}"
    return before if before == top else f"{before}–{top}"


def _sig2(value: float | None) -> str:
    """Two significant digits, positional (0.000050, 0.057, 0.16, 1.5, 12)."""
    if value is None:
        return "—"
    if value <= 0:
        return "0"
    return f"{value:.{max(0, 1 - math.floor(math.log10(value)))}f}"


def _errors_text(record: dict[str, Any]) -> str:
    figures = record.get("figures") or {}
    groups = figures.get("errors") or []
    if not groups:
        return "0" if figures else "run failed"
    return ", ".join(f"{g['count']} {g['stage']}/{g['type']}" for g in groups)


def _refused_text(record: dict[str, Any]) -> str:
    """Writes refused; "—" for a record made before they were counted (or of a failed run)."""
    figures = record.get("figures") or {}
    return "—" if "writesRefused" not in figures else str(figures["writesRefused"])


def markdown_row(record: dict[str, Any]) -> str:
    """One row under :data:`TABLE_HEAD`."""
    f = record.get("figures") or {}
    r = f.get("retrieval") or {}
    t = f.get("timing") or {}
    m = record["memory"]
    score = "failed" if f.get("score") is None else f"{f['score']:.2f} ({f['scorePercent']:.1f}%)"
    if f.get("official"):
        score += f", {f['official']['metric']} {f['official']['value']:.3f}"
    lat = "—" if t.get("queryP50Ms") is None else f"{t['queryP50Ms']:,.2f} / {t['queryP95Ms']:,.2f}"
    ingest = t.get("ingestSecondsPerDay")
    cells = [
        record["name"],
        record["selection"],
        score,
        _fmt(r.get("recall@5"), ".3f"),
        _fmt(r.get("recall@10"), ".3f"),
        _fmt(r.get("ndcg@10"), ".3f"),
        _fmt(r.get("mrr"), ".3f"),
        _sig2(ingest),
        lat,
        f"{max(m['peakTreeRssMiB'], m['maxProcessRssMiB']):.0f}"
        + (f" + {m['companionPeakRssMiB']:.0f}" if m.get("companionPeakRssMiB") else ""),
        f"{record['wallSeconds']:.0f}",
        _refused_text(record),
        _errors_text(record),
        _fmt(f.get("hallucinationRatePercent"), ".1f")
        + ("%" if f.get("hallucinationRatePercent") is not None else ""),
        _load(record["load"]),
    ]
    return "| " + " | ".join(cells) + " |"


def by_rank(run_dir: Path) -> dict[str, Any]:
    """Mean score of a kept run's answers by where the first relevant day ranked (negative-recall
    apart), and by category: how much of the score the answer rule leaves to retrieval."""
    from recallbench import read_run

    groups: dict[str, list[float]] = {"first": [], "2-10": [], "none": [], "negative-recall": []}
    categories: dict[str, list[float]] = {}
    for p in read_run(run_dir).result.personas:
        for rr in p.range_results:
            for q in rr.question_results:
                categories.setdefault(q.qa.category, []).append(q.composite_score)
                rm = q.retrieval_metrics
                if q.qa.category == "negative-recall":
                    groups["negative-recall"].append(q.composite_score)
                elif rm is not None:
                    key = "first" if rm.mrr == 1 else "2-10" if rm.recall_at_10 > 0 else "none"
                    groups[key].append(q.composite_score)

    def mean(xs: list[float]) -> list[float | int] | None:
        return [round(sum(xs) / len(xs), 2), len(xs)] if xs else None

    return {
        "byFirstRelevantRank": {k: mean(v) for k, v in groups.items()},
        "byCategory": {k: mean(v) for k, v in sorted(categories.items())},
    }
