"""Rendering a :class:`~recallbench.results.comparison_records.RunComparison`: text for people, JSON for scripts. Pure.

The text caps what it lists — checkpoints beyond :data:`MAX_COLUMNS` are thinned to a spread that
keeps the first and the last, canary lists stop at :data:`MAX_CANARIES` with "… and N more" — and
says so; the JSON holds everything, with camelCase keys and null for what is unavailable.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..results.comparison_records import (
    CanaryQuestion,
    GroupDelta,
    Paired,
    RunComparison,
    RunSummary,
    Trend,
)
from ..results.fingerprint_diff import FingerprintCheck
from ..results.hallucination_mode import mode_label
from ..results.stats import BootstrapInterval
from .attribution_text import moves_json, moves_section_lines

__all__ = ["MAX_CANARIES", "MAX_COLUMNS", "comparison_to_json", "format_comparison", "thin"]

MAX_COLUMNS = 12
"""Checkpoint columns shown in the text table; more are thinned."""

MAX_CANARIES = 10
"""Questions listed per canary list in the text."""

_NA = "--"


def _score(v: float | None) -> str:
    return _NA if v is None else f"{v:.2f}"


def _signed(v: float | None, digits: int = 2) -> str:
    if v is None:
        return _NA
    text = f"{v:+.{digits}f}"
    return "+" + text[1:] if text.startswith("-") and float(text) == 0 else text


def _rate(v: float | None) -> str:
    return _NA if v is None else f"{v:.1f}%"


def _ci(ci: BootstrapInterval | None, digits: int = 2) -> str:
    if ci is None:
        return _NA
    return (
        f"{_signed(ci.mean_diff, digits)} [{_signed(ci.low, digits)}, {_signed(ci.high, digits)}]"
    )


def thin(count: int, limit: int = MAX_COLUMNS) -> list[int]:
    """Indices of ``count`` columns to show: all up to ``limit``, else ``limit`` spread evenly from
    the first to the last.

    Examples:
        >>> thin(5)
        [0, 1, 2, 3, 4]
        >>> thin(30, 4)
        [0, 10, 19, 29]
    """
    if count <= limit:
        return list(range(count))
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


def _judges(s: RunSummary) -> str:
    text = f"judge {s.judge_model or 'none recorded'}"
    if s.appellate_judge_model:
        text += f", appellate {s.appellate_judge_model}"
    if s.judge_memory_window:
        text += f" (±{s.judge_memory_window}d window)"
    return text


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def _checkpoints(s: RunSummary) -> str:
    done, planned = len(s.checkpoints), len(set(s.ranges) | set(s.checkpoints))
    if done == planned:
        return _plural(done, "checkpoint")
    return f"{done:,} of {planned:,} checkpoints evaluated"


def _run_lines(tag: str, label: str, s: RunSummary) -> list[str]:
    facts = [
        s.adapter_name or "(unnamed adapter)",
        _judges(s),
        _plural(len(s.personas), "persona"),
        _checkpoints(s),
        _plural(s.answers, "scored answer"),
        f"hallucination: {mode_label(s.hallucination_mode)}",
    ]
    if s.unscored:
        facts.append(f"{s.unscored:,} left unscored by the judge")
    return [f"  {tag}  {label}", "     " + " · ".join(facts)]


def _overall(c: RunComparison) -> list[str]:
    o = c.overall
    lines = ["Overall (composite 0–6)"]
    p = o.paired
    if c.unavailable is not None:
        lines.append(f"  B − A (paired): unavailable — {c.unavailable}")
    elif p is None or p.interval is None:
        lines.append("  B − A (paired): no answer is in both runs")
    else:
        ci = p.interval
        lines.append(
            f"  B − A: {_signed(ci.mean_diff)} [{_signed(ci.low)}, {_signed(ci.high)}] over "
            f"{p.count:,} paired answers (paired bootstrap 95%, {c.resamples:,} resamples)"
        )
        lines.append(f"  paired answers:  A {_score(p.score_a)}   B {_score(p.score_b)}")

    def side(score: float | None, n: int, unpaired: int | None) -> str:
        extra = f", {unpaired:,} unpaired" if unpaired is not None else ""
        return f"{_score(score)} ({n:,} answers{extra})"

    lines.append(
        f"  all answers:     A {side(o.score_a, o.answers_a, c.unpaired_a)}   "
        f"B {side(o.score_b, o.answers_b, c.unpaired_b)}   B − A {_signed(o.score_delta)}"
    )
    halluc = (
        f"  hallucination:   A {_rate(o.hallucination_a)}   B {_rate(o.hallucination_b)}   "
        f"B − A {_signed(o.hallucination_delta, 1)} pp"
    )
    if p is not None and p.hallucination_interval is not None:
        halluc += f"; over paired answers {_ci(p.hallucination_interval, 1)} pp"
    lines.append(halluc)
    if c.a.trend is not None or c.b.trend is not None:

        def slopes(t: Trend | None) -> tuple[str, str]:
            if t is None:
                return _NA, _NA
            return _signed(t.score_slope), _signed(t.hallucination_slope, 1) + " pp"

        (sa, ha), (sb, hb) = slopes(c.a.trend), slopes(c.b.trend)
        lines.append(
            f"  trend per 100 days (least squares over checkpoints): composite A {sa}, B {sb}; "
            f"hallucination A {ha}, B {hb}"
        )
    return lines


_GROUP_HEADER = (
    f"{'':28}{'A':>7}{'B':>7}{'B − A':>8}   {'paired B − A [95%]':<22}{'pairs':>6}"
    f"{'hall. A':>9}{'hall. B':>9}{'Δ pp':>7}"
)


def _group_row(g: GroupDelta, available: bool) -> str:
    p = g.paired
    pairs = f"{p.count if p else 0:,}" if available else _NA
    paired = _ci(p.interval) if p is not None and p.interval is not None else _NA
    if p is not None and p.interval is None:
        paired = _signed(p.delta)
    return (
        f"  {g.name:<26}{_score(g.score_a):>7}{_score(g.score_b):>7}{_signed(g.score_delta):>8}   "
        f"{paired:<22}{pairs:>6}"
        f"{_rate(g.hallucination_a):>9}{_rate(g.hallucination_b):>9}"
        f"{_signed(g.hallucination_delta, 1):>7}"
    )


def _group_table(title: str, groups: Sequence[GroupDelta], available: bool) -> list[str]:
    return [title, "  " + _GROUP_HEADER[2:], *(_group_row(g, available) for g in groups)]


def _checkpoint_table(c: RunComparison) -> list[str]:
    cps = c.checkpoints
    shown = [cps[i] for i in thin(len(cps))]
    title = "By checkpoint (mean composite over all answers; hallucination in %)"
    if len(shown) < len(cps):
        title += (
            f" — showing {len(shown)} of {len(cps)} checkpoints, first and last included "
            "(--json has every one)"
        )

    def paired_delta(g: GroupDelta) -> str:
        return _signed(g.paired.delta) if g.paired else _NA

    rows: list[tuple[str, Any]] = [
        ("A", lambda g: _score(g.score_a)),
        ("B", lambda g: _score(g.score_b)),
        ("B − A", lambda g: _signed(g.score_delta)),
    ]
    if c.unavailable is None:
        rows += [
            ("paired B − A", paired_delta),
            ("pairs", lambda g: f"{g.paired.count if g.paired else 0:,}"),
        ]
    rows += [
        ("hall. A", lambda g: _rate(g.hallucination_a)),
        ("hall. B", lambda g: _rate(g.hallucination_b)),
        ("hall. Δ pp", lambda g: _signed(g.hallucination_delta, 1)),
    ]
    width = max(8, *(len(g.name) + 2 for g in shown))
    lines = [title, f"  {'':14}" + "".join(f"{g.name:>{width}}" for g in shown)]
    for name, cell in rows:
        lines.append(f"  {name:<14}" + "".join(f"{cell(g):>{width}}" for g in shown))
    return lines


def _question_id(q: CanaryQuestion) -> str:
    return q.qa_id if q.qa_id.startswith(q.persona_id) else f"{q.persona_id}/{q.qa_id}"


def _canary_list(title: str, items: Sequence[CanaryQuestion]) -> list[str]:
    lines = [f"  {title}: {len(items):,}"]
    for q in items[:MAX_CANARIES]:
        text = q.question if len(q.question) <= 72 else q.question[:71] + "…"
        a = f"{q.hallucinated_a}/{q.evaluations_a}" if q.evaluations_a else "not asked"
        b = f"{q.hallucinated_b}/{q.evaluations_b}" if q.evaluations_b else "not asked"
        lines.append(f"    {_question_id(q)} [{q.category}] A {a}, B {b} — {text}")
    if len(items) > MAX_CANARIES:
        lines.append(f"    … and {len(items) - MAX_CANARIES:,} more")
    return lines


def _canaries(c: RunComparison) -> list[str]:
    title = "Canary questions (hallucinated in at least one evaluation; n/m = hallucinated/asked)"
    if c.canaries is None:
        return [title, f"  unavailable — {c.unavailable}"]
    k = c.canaries
    called = c.verdict != "not-comparable"
    return [
        title,
        *_canary_list(
            "fixed in B (hallucinated in A only)" if called else "hallucinated in A only", k.a_only
        ),
        *_canary_list(
            "regressions (hallucinated in B only)" if called else "hallucinated in B only", k.b_only
        ),
        *_canary_list("persistent (hallucinated in both)", k.both),
        f"  hallucinated in one run and never asked in the other: {len(k.a_unmatched):,} in A, "
        f"{len(k.b_unmatched):,} in B (--json lists them)",
    ]


MAX_DIFFERENCES = 12
"""Fingerprint differences listed in the text (``--json`` lists them all)."""


def _fingerprint_lines(check: FingerprintCheck) -> list[str]:
    """``Fingerprint`` and what differs, part by part (persona by persona, judge by judge)."""
    digests = f"A {check.digest_a or 'none'} · B {check.digest_b or 'none'}"
    if check.status == "unknown":
        who = " and ".join(check.missing)
        return [
            f"Fingerprint: {digests} — {who} {'has' if len(check.missing) == 1 else 'have'} no "
            "fingerprint (an older run or the reference's): comparability cannot be checked"
        ]
    if check.status == "same":
        return [f"Fingerprint: {digests} — identical in every part"]
    blocking = check.blocking
    head = (
        f"{' and '.join(blocking)} differ: not comparable"
        if blocking
        else "same datasets and judges"
    )
    lines = [f"Fingerprint: {digests} — {head}"]
    for d in check.differences[:MAX_DIFFERENCES]:
        lines.append(f"  {d.part:<10}{d.text()}")
    if len(check.differences) > MAX_DIFFERENCES:
        lines.append(
            f"  … and {len(check.differences) - MAX_DIFFERENCES:,} more (--json lists them)"
        )
    return lines


def _verdict_line(c: RunComparison) -> list[str]:
    if c.verdict is None:
        return []
    if c.verdict == "not-comparable":
        return [
            "  Verdict: none — the runs' "
            + " and ".join(c.fingerprints.blocking)
            + " differ (see Fingerprint), so no difference here is called a regression or an "
            "improvement; compare --force calls one anyway"
        ]
    ci = c.overall.paired.interval if c.overall.paired is not None else None
    where = {
        "regression": "lies below 0",
        "improvement": "lies above 0",
        "no-difference": "holds 0",
    }[c.verdict]
    span = f" [{_signed(ci.low)}, {_signed(ci.high)}]" if ci is not None else ""
    forced = " (forced: the runs' fingerprints say they are not comparable)" if c.forced else ""
    return [f"  Verdict: {c.verdict} — the paired 95% interval of B − A{span} {where}{forced}"]


def format_comparison(c: RunComparison, *, label_a: str, label_b: str) -> str:
    """The comparison as text: a header naming both runs, warnings, the overall delta, the category
    table, the checkpoint table (thinned past :data:`MAX_COLUMNS`), the persona table (with more than
    one persona) and the canary questions (:data:`MAX_CANARIES` a list).

    Args:
        c: the comparison.
        label_a: how to name run A in the header (its source path, say); ``label_b`` likewise.
    """
    lines = [
        "Recall Bench comparison — every delta is B − A",
        *_run_lines("A", label_a, c.a),
        *_run_lines("B", label_b, c.b),
    ]
    lines += ["", *_fingerprint_lines(c.fingerprints)]
    if c.warnings:
        lines += ["", *(f"WARNING: {w}" for w in c.warnings)]
    lines += ["", *_overall(c), *_verdict_line(c)]
    if c.categories:
        lines += [
            "",
            *_group_table(
                "By category (composite over all answers)", c.categories, c.unavailable is None
            ),
        ]
    if c.checkpoints:
        lines += ["", *_checkpoint_table(c)]
    if len(c.personas) > 1:
        lines += ["", *_group_table("By persona", c.personas, c.unavailable is None)]
    lines += ["", *_canaries(c)]
    moves = moves_section_lines(c.attribution)
    if moves:
        lines += ["", *moves]
    return "\n".join(lines)


# --- JSON --------------------------------------------------------------------------------------


def _interval(ci: BootstrapInterval | None) -> dict[str, float] | None:
    return None if ci is None else {"meanDiff": ci.mean_diff, "low": ci.low, "high": ci.high}


def _paired_json(p: Paired | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "count": p.count,
        "scoreA": p.score_a,
        "scoreB": p.score_b,
        "delta": p.delta,
        "interval": _interval(p.interval),
        "hallucinationRateA": p.hallucination_a,
        "hallucinationRateB": p.hallucination_b,
        "hallucinationDeltaPp": p.hallucination_delta,
        "hallucinationInterval": _interval(p.hallucination_interval),
    }


def _group_json(g: GroupDelta, key: str) -> dict[str, Any]:
    out: dict[str, Any] = {key: g.name}
    if g.days is not None:
        out["daysIngested"] = g.days
    out.update(
        answersA=g.answers_a,
        answersB=g.answers_b,
        scoreA=g.score_a,
        scoreB=g.score_b,
        scoreDelta=g.score_delta,
        hallucinationRateA=g.hallucination_a,
        hallucinationRateB=g.hallucination_b,
        hallucinationDeltaPp=g.hallucination_delta,
        paired=_paired_json(g.paired),
    )
    return out


def _trend_json(t: Trend | None) -> dict[str, Any] | None:
    if t is None:
        return None
    return {
        "points": t.points,
        "firstDay": t.first_day,
        "lastDay": t.last_day,
        "scoreSlopePer100Days": t.score_slope,
        "hallucinationSlopePpPer100Days": t.hallucination_slope,
    }


def _run_json(s: RunSummary) -> dict[str, Any]:
    mode = s.hallucination_mode
    return {
        "adapterName": s.adapter_name,
        "judgeModel": s.judge_model,
        "appellateJudgeModel": s.appellate_judge_model,
        "judgeMemoryWindow": s.judge_memory_window,
        "hallucinationMode": mode.mode if mode else None,
        "hallucinationWindow": mode.window if mode else None,
        "hallucinationModeInferred": mode.inferred if mode else None,
        "sample": s.sample,
        "ranges": list(s.ranges),
        "personas": list(s.personas),
        "answers": s.answers,
        "questionAnswers": s.question_answers,
        "unscored": s.unscored,
        "score": s.score,
        "hallucinationRate": s.hallucination_rate,
        "trend": _trend_json(s.trend),
    }


def _canary_json(q: CanaryQuestion) -> dict[str, Any]:
    return {
        "personaId": q.persona_id,
        "qaId": q.qa_id,
        "question": q.question,
        "category": q.category,
        "hallucinatedA": q.hallucinated_a,
        "evaluationsA": q.evaluations_a,
        "hallucinatedB": q.hallucinated_b,
        "evaluationsB": q.evaluations_b,
    }


def comparison_to_json(c: RunComparison) -> dict[str, Any]:
    """Everything in the comparison as plain JSON data, camelCase keys, no list capped; what is
    unavailable is null, and ``unavailable`` says why."""
    k = c.canaries
    canaries = None
    if k is not None:
        canaries = {
            name: [_canary_json(q) for q in items]
            for name, items in (
                ("aOnly", k.a_only),
                ("bOnly", k.b_only),
                ("both", k.both),
                ("aUnmatched", k.a_unmatched),
                ("bUnmatched", k.b_unmatched),
            )
        }
    overall = _group_json(c.overall, "name")
    del overall["name"]
    return {
        "a": _run_json(c.a),
        "b": _run_json(c.b),
        "warnings": list(c.warnings),
        "unavailable": c.unavailable,
        "bootstrap": {"resamples": c.resamples, "seed": c.seed, "confidence": 0.95},
        "overall": {**overall, "unpairedA": c.unpaired_a, "unpairedB": c.unpaired_b},
        "categories": [_group_json(g, "category") for g in c.categories],
        "checkpoints": [_group_json(g, "label") for g in c.checkpoints],
        "personas": [_group_json(g, "personaId") for g in c.personas],
        "canaries": canaries,
        "fingerprint": _check_json(c.fingerprints),
        "verdict": c.verdict,
        "forced": c.forced,
        "attribution": moves_json(c.attribution),
    }


def _check_json(check: FingerprintCheck) -> dict[str, Any]:
    return {
        "status": check.status,
        "comparable": check.comparable,
        "digestA": check.digest_a,
        "digestB": check.digest_b,
        "blocking": list(check.blocking),
        "missing": list(check.missing),
        "differences": [
            {
                "part": d.part,
                "item": d.item,
                "changes": [{"path": p, "a": a, "b": b} for p, a, b in d.changes],
            }
            for d in check.differences
        ],
    }
