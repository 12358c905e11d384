"""Two runs side by side: is memory system B better than A, where, and by how much? Pure.

:func:`compare_results` compares two :class:`~recallbench.results.records.BenchmarkResult`\\ s (finished, or
read back from a ``progress.jsonl``); :func:`recallbench.render.comparison.format_comparison` and
:func:`~recallbench.render.comparison.comparison_to_json` render it. Every delta is **B − A**: positive means B scored higher (or, for hallucination, fabricated more).

**What counts.** Only final scores of scored answers: the ``unscored_results`` (judge failures) and
any answer whose ``error.stage`` is ``judge`` are left out, as they are of every mean in a result.
An adapter failure is a scored answer (0/0/1) and counts.

**Means over everything each run answered** are count-weighted means of the per-checkpoint category
means — the heatmap cells, as the reference's ``compare-runs.mjs`` computes them — so they exist for
a run read from a ``progress.jsonl`` alone. Overall, per category (in :data:`~recallbench.data.qa.CATEGORIES`
order), per checkpoint (matched by label, ordered by days) and per persona. Hallucination rates
(percent of answers judged hallucinated) come from the checkpoints' rates weighted by their answer
counts; per category they need per-question answers.

**Paired deltas.** Answers are paired by (persona id, checkpoint label, question id); a key answered
more than once in one run (never, from our harness) counts with its mean. Over the pairs, the
overall delta is mean(B − A) of composite scores with a paired percentile bootstrap 95% interval
(:func:`recallbench.results.stats.bootstrap_discrete`, ``resamples`` draws from ``seed``), and likewise the
hallucination delta in percentage points. Categories and personas get paired means with intervals,
checkpoints paired means only (there may be hundreds). Answers that have no partner — different
ranges, personas or ``--sample`` draws, or an unfinished run — are counted as unpaired on each side;
when the runs share few answers, a warning says so.

**Canary questions** (the seed's "question-level reproducibility across runs") are questions —
(persona id, question id), over all checkpoints — that hallucinated in a run: at least one of their
evaluations there scored hallucination 0. Among questions asked in both runs they are listed as
hallucinated in A only (fixed in B: progress), in B only (regressions) or in both (persistent), each
with its text, category and how many evaluations hallucinated out of how many in each run.
Hallucinating questions the other run never asked are listed apart.

**Without per-question answers** (a ``progress.jsonl`` alone) the paired numbers and the canaries are
unavailable — None, and said so — never zeros.

**Trend.** Per run, a least-squares line through the checkpoints (mean days ingested → mean
composite, and → hallucination rate), reported as its slope per 100 days: the seed's "trend slope,
not just absolute rate".

**Warnings** name what makes the runs hard to compare: different judges (their scores are not
comparable), appellate judges, judge memory windows, definitions of a hallucination (recorded, or
inferred from the judge: :mod:`recallbench.results.hallucination_mode`; their rates are not
comparable), samples, group settings, ranges or personas,
few shared answers, and per-question data covering only part of a run.

**Fingerprints and the verdict.** The runs' fingerprints (:mod:`recallbench.results.fingerprint`)
are compared part by part (:mod:`recallbench.results.fingerprint_diff`). The verdict is the paired
95% interval of B − A's composite: below 0 a ``regression``, above an ``improvement``, holding 0
``no-difference`` — but when the datasets or judges differ it is ``not-comparable`` (no regression
is called) unless ``force``. A run without a fingerprint cannot be checked: the verdict stands and
the check says so.

The records live in :mod:`recallbench.results.comparison_records` and are re-exported here; the
renderers live in :mod:`recallbench.render.comparison`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from ..data.qa import report_categories
from ._collector import collector_paused
from .attribution_moves import AttributionMoves, attribution_moves
from .comparison_flat import Flat, flatten, relabel_flat
from .comparison_labels import days_text, relabelled, same_days
from .comparison_pairs import Pairs
from .comparison_records import (
    Canaries,
    CanaryQuestion,
    GroupDelta,
    Paired,
    RunComparison,
    RunSummary,
    Trend,
    Verdict,
)
from .fingerprint_diff import FingerprintCheck, check_fingerprints
from .hallucination_mode import mode_label, run_mode
from .records import BenchmarkResult
from .stats import DEFAULT_RESAMPLES

__all__ = [
    "FEW_PAIRED",
    "Canaries",
    "CanaryQuestion",
    "GroupDelta",
    "Paired",
    "RunComparison",
    "RunSummary",
    "Trend",
    "compare_flat",
    "compare_results",
]

FEW_PAIRED = 30
"""Below this many paired answers a comparison warns that the runs share few questions."""


# --- groups ------------------------------------------------------------------------------------


def _weighted(pairs: Iterable[tuple[float, int]]) -> tuple[float | None, int]:
    total, count = 0.0, 0
    for value, n in pairs:
        total += value * n
        count += n
    return (total / count if count else None), count


_Row = tuple[Any, ...]  # (persona, label, category or days, …): split by its first three fields


def _split(rows: Iterable[_Row], dim: int | None) -> dict[str | None, list[_Row]]:
    """Rows by persona (``dim`` 0), checkpoint label (1) or category (2); all under None for None."""
    out: dict[str | None, list[_Row]] = {}
    for row in rows:
        out.setdefault(None if dim is None else row[dim], []).append(row)
    return out


def _side(
    cells: Sequence[_Row], checkpoints: Sequence[_Row], hallucinated: Sequence[float] | None
) -> tuple[float | None, int, float | None]:
    """(mean composite, answers, hallucination rate) of one run's answers in a group; the rate from
    the answers' ``hallucinated`` shares when given, else from the checkpoints' rates."""
    score, count = _weighted((m, n) for _, _, _, m, n in cells)
    if hallucinated is not None:
        total = math.fsum(hallucinated)
        rate = 100 * total / len(hallucinated) if hallucinated else None
    else:
        rate, _ = _weighted((r, n) for _, _, _, n, r in checkpoints)
    return score, count, rate


# --- the comparison ----------------------------------------------------------------------------


def compare_results(
    a: BenchmarkResult,
    b: BenchmarkResult,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    force: bool = False,
) -> RunComparison:
    """Compare run B against run A (every delta is B − A).

    Args:
        a: the baseline run.
        b: the candidate run.
        resamples: bootstrap resamples per interval.
        seed: the bootstrap generator's seed (the same for every interval).
        force: give a verdict even when the runs' fingerprints say their datasets or judges differ.

    Raises:
        ValueError: ``resamples`` < 1.
    """
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")
    # Flattening allocates a few small objects per answer while both runs, millions of objects, are
    # alive: the collector would walk them all again and again (3.1 s against 0.6 s for two runs of
    # 187,000 answers). Nothing built here forms a cycle.
    with collector_paused():
        fa, fb = flatten(a), flatten(b)
        return _compare(a, fa, b, fb, resamples=resamples, seed=seed, force=force)


def compare_flat(
    a: BenchmarkResult,
    fa: Flat,
    b: BenchmarkResult,
    fb: Flat,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    force: bool = False,
) -> RunComparison:
    """:func:`compare_results` of two runs already flattened: ``fa`` is ``flatten(a)`` — or the same
    read straight from the file, with ``a`` the result without its answers
    (:func:`recallbench.results.comparison_read.read_flat`) — and likewise ``fb``.

    Raises:
        ValueError: ``resamples`` < 1.
    """
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")
    with collector_paused():
        return _compare(a, fa, b, fb, resamples=resamples, seed=seed, force=force)


def _compare(
    a: BenchmarkResult,
    fa: Flat,
    b: BenchmarkResult,
    fb: Flat,
    *,
    resamples: int,
    seed: int,
    force: bool = False,
) -> RunComparison:
    renamed = same_days(a, b)
    b, fb = relabelled(b, renamed), relabel_flat(fb, renamed)
    unavailable = _unavailable(fa, fb)
    by_answers = unavailable is None
    pairs = Pairs(fa, fb, paired=by_answers)

    def groups(dim: int | None, names: Iterable[str | None], *, ci: bool) -> list[GroupDelta]:
        from_answers = dim == 2  # hallucination by category needs the answers
        cells = (_split(fa.cells, dim), _split(fb.cells, dim))
        # A checkpoint row's third field is its days, not a category: by category it has none.
        checkpoints = (
            ({}, {}) if from_answers else (_split(fa.checkpoints, dim), _split(fb.checkpoints, dim))
        )
        out = []
        for name in names:
            sa, na, ha = _side(
                cells[0].get(name, []),
                checkpoints[0].get(name, []),
                fa.hallucinated_by_category.get(name or "", []) if from_answers else None,
            )
            sb, nb, hb = _side(
                cells[1].get(name, []),
                checkpoints[1].get(name, []),
                fb.hallucinated_by_category.get(name or "", []) if from_answers else None,
            )
            paired = None
            if by_answers:
                paired = pairs.paired(
                    pairs.positions(dim, name), interval=ci, resamples=resamples, seed=seed
                )
            out.append(
                GroupDelta(
                    name=name or "overall",
                    answers_a=na,
                    answers_b=nb,
                    score_a=sa,
                    score_b=sb,
                    hallucination_a=ha if by_answers or not from_answers else None,
                    hallucination_b=hb if by_answers or not from_answers else None,
                    paired=paired,
                )
            )
        return out

    (overall,) = groups(None, [None], ci=True)
    categories = groups(
        2,
        [cat for cat in report_categories(c for f in (fa, fb) for *_, c, _, n in f.cells) if any(c == cat and n for f in (fa, fb) for *_, c, _, n in f.cells)],
        ci=True,
    )  # fmt: skip
    labels = _labels(fa, fb)
    most_days: dict[str, float] = {}
    for _, lb, d, _, _ in (*fa.checkpoints, *fb.checkpoints):
        most_days[lb] = max(d, most_days.get(lb, d))
    checkpoints = [attrs.evolve(g, days=most_days[g.name]) for g in groups(1, labels, ci=False)]
    persona_ids = list(dict.fromkeys([p.persona_id for r in (a, b) for p in r.personas]))
    # One persona's interval would repeat the overall one.
    personas = groups(0, persona_ids, ci=len(persona_ids) > 1)
    comparison = RunComparison(
        a=_summary(a, fa, overall, first=True),
        b=_summary(b, fb, overall, first=False),
        overall=overall,
        categories=tuple(categories),
        checkpoints=tuple(checkpoints),
        personas=tuple(personas),
        unpaired_a=None if unavailable else len(fa.answers) - pairs.count,
        unpaired_b=None if unavailable else len(fb.answers) - pairs.count,
        canaries=None if unavailable else _canaries(fa, fb),
        unavailable=unavailable,
        warnings=(),
        resamples=resamples,
        seed=seed,
        fingerprints=(check := check_fingerprints(a.metadata.fingerprint, b.metadata.fingerprint)),
        verdict=_verdict(overall, check, force),
        forced=force and check.comparable is False,
        attribution=None if unavailable else _moves(pairs, fa, fb),
    )
    matched = [f"B's {old} is A's {new} ({days_text(a, new)})" for old, new in renamed.items()]
    notes = [f"checkpoints matched by their days: {'; '.join(matched)}"] if matched else []
    notes += _rejudged_notes(a, b)
    return attrs.evolve(comparison, warnings=(*notes, *_warnings(comparison, a, b)))


def _moves(pairs: Pairs, fa: Flat, fb: Flat) -> AttributionMoves | None:
    """The attribution classes of the pairs, A → B; None when a run's were not gathered."""
    classes = pairs.classes()
    every_a, every_b = fa.answers.attribution, fb.answers.attribution
    if classes is None or every_a is None or every_b is None:
        return None
    if not (fa.judged and fb.judged):  # a stub judge's zeros attribute nothing
        return None
    return attribution_moves(
        classes[0], classes[1], every_a, every_b, reported_a=fa.reported, reported_b=fb.reported
    )


def _rejudged_notes(a: BenchmarkResult, b: BenchmarkResult) -> list[str]:
    """When one run re-judged the other's answers (``recallbench rejudge``: its fingerprint's
    ``rejudged`` part names the other's), say so: the answers are the same, and every difference
    between the two runs is the judges'."""
    out = []
    for new, old, name_new, name_old in ((b, a, "B", "A"), (a, b, "A", "B")):
        fp_new, fp_old = new.metadata.fingerprint, old.metadata.fingerprint
        part = fp_new.get("rejudged") if isinstance(fp_new, Mapping) else None
        if not isinstance(part, Mapping) or not isinstance(fp_old, Mapping):
            continue
        if part.get("sha256") is not None and part.get("sha256") == fp_old.get("sha256"):
            out.append(
                f"{name_new} is {name_old}'s answers re-judged (recallbench rejudge: "
                f"{old.metadata.judge_model} → {new.metadata.judge_model}): the same answers, so "
                "every difference between the two is the judges'"
            )
    return out


def _verdict(overall: GroupDelta, check: FingerprintCheck, force: bool) -> Verdict | None:
    """What to call B − A: by the paired 95% interval of the composite, unless the fingerprints say
    the datasets or judges differ (then nothing is called, unless forced)."""
    paired = overall.paired
    if paired is None or paired.interval is None:
        return None
    if check.comparable is False and not force:
        return "not-comparable"
    ci = paired.interval
    if ci.high < 0:
        return "regression"
    if ci.low > 0:
        return "improvement"
    return "no-difference"


def _unavailable(fa: Flat, fb: Flat) -> str | None:
    missing = [
        side
        for side, f in (("A", fa), ("B", fb))
        if f.question_answers == 0 and any(n for *_, n, _ in f.checkpoints)
    ]
    if not missing:
        return None
    who = " and ".join(missing)
    return (
        f"{who} {'have' if len(missing) > 1 else 'has'} no per-question answers (a progress.jsonl "
        "without its questions.jsonl holds checkpoint summaries only)"
    )


def _labels(fa: Flat, fb: Flat) -> list[str]:
    seen = list(dict.fromkeys(lb for f in (fa, fb) for _, lb, *_ in f.checkpoints))
    days = {**fb.label_days, **fa.label_days}
    return sorted(seen, key=lambda lb: days.get(lb, math.inf))  # stable: ties keep first-seen order


def _fit(points: Sequence[tuple[float, float]]) -> float:
    n = len(points)
    mx = math.fsum(x for x, _ in points) / n
    my = math.fsum(y for _, y in points) / n
    sxx = math.fsum((x - mx) ** 2 for x, _ in points)
    return math.fsum((x - mx) * (y - my) for x, y in points) / sxx


def _trend(flat: Flat) -> Trend | None:
    rows = []
    cells, checkpoints = _split(flat.cells, 1), _split(flat.checkpoints, 1)
    for label in checkpoints:
        score, _ = _weighted((m, k) for _, _, _, m, k in cells.get(label, []))
        rate, _ = _weighted((r, k) for _, _, _, k, r in checkpoints[label])
        days = [d for _, _, d, k, _ in checkpoints[label] if k]
        if score is not None and rate is not None and days:
            rows.append((math.fsum(days) / len(days), score, rate))
    if len({x for x, _, _ in rows}) < 2:
        return None
    return Trend(
        points=len(rows),
        first_day=min(x for x, _, _ in rows),
        last_day=max(x for x, _, _ in rows),
        score_slope=100 * _fit([(x, s) for x, s, _ in rows]),
        hallucination_slope=100 * _fit([(x, h) for x, _, h in rows]),
    )


def _summary(r: BenchmarkResult, flat: Flat, overall: GroupDelta, *, first: bool) -> RunSummary:
    md = r.metadata
    return RunSummary(
        adapter_name=r.adapter_name,
        judge_model=md.judge_model,
        appellate_judge_model=md.appellate_judge_model,
        judge_memory_window=md.judge_memory_window,
        sample=md.sample,
        ranges=tuple(t.label for t in r.ranges),
        checkpoints=tuple(
            dict.fromkeys(rr.range.label for p in r.personas for rr in p.range_results)
        ),
        personas=tuple(p.persona_id for p in r.personas),
        answers=overall.answers_a if first else overall.answers_b,
        question_answers=flat.question_answers,
        unscored=flat.unscored,
        score=overall.score_a if first else overall.score_b,
        hallucination_rate=overall.hallucination_a if first else overall.hallucination_b,
        trend=_trend(flat),
        hallucination_mode=run_mode(md),
    )


def _canaries(fa: Flat, fb: Flat) -> Canaries:
    def canary(key: tuple[str, str]) -> CanaryQuestion:
        qa, ha, ea = fa.evaluations.get(key, (None, 0, 0))
        qb, hb, eb = fb.evaluations.get(key, (None, 0, 0))
        q = qa or qb
        assert q is not None
        return CanaryQuestion(
            persona_id=key[0],
            qa_id=key[1],
            question=q.question,
            category=q.category,
            hallucinated_a=ha,
            evaluations_a=ea,
            hallucinated_b=hb,
            evaluations_b=eb,
        )

    every = [canary(k) for k in sorted(fa.evaluations.keys() | fb.evaluations.keys())]
    bad = [c for c in every if c.hallucinated_a or c.hallucinated_b]

    def pick(
        keep: Callable[[CanaryQuestion], bool], worst: Callable[[CanaryQuestion], int]
    ) -> tuple[CanaryQuestion, ...]:
        return tuple(sorted((c for c in bad if keep(c)), key=lambda c: -worst(c)))

    def both_asked(c: CanaryQuestion) -> bool:
        return bool(c.evaluations_a and c.evaluations_b)

    return Canaries(
        a_only=pick(lambda c: both_asked(c) and not c.hallucinated_b, lambda c: c.hallucinated_a),
        b_only=pick(lambda c: both_asked(c) and not c.hallucinated_a, lambda c: c.hallucinated_b),
        both=pick(
            lambda c: bool(c.hallucinated_a and c.hallucinated_b),
            lambda c: c.hallucinated_a + c.hallucinated_b,
        ),
        a_unmatched=pick(lambda c: not c.evaluations_b, lambda c: c.hallucinated_a),
        b_unmatched=pick(lambda c: not c.evaluations_a, lambda c: c.hallucinated_b),
    )


def _differ(what: str, a: object, b: object, why: str) -> str | None:
    if a == b:
        return None
    return f"different {what} (A: {_show(a)}, B: {_show(b)}): {why}"


def _differ_modes(c: RunComparison) -> str | None:
    a, b = c.a.hallucination_mode, c.b.hallucination_mode
    if (a is None and b is None) or (a is not None and a.same_definition(b)):
        return None
    return (
        f"different hallucination definitions (A: {mode_label(a)}; B: {mode_label(b)}): their "
        "hallucination rates are not comparable"
    )


def _show(value: object) -> str:
    return "none" if value is None else str(value)


def _warnings(c: RunComparison, ra: BenchmarkResult, rb: BenchmarkResult) -> list[str]:
    out = [
        *(
            f"{side} was NOT JUDGED (no judge was given): its scores are the stub judge's zeros "
            "and its hallucination rate means nothing"
            for side, r in (("A", ra), ("B", rb))
            if not r.judged
        ),
        _differ("judges", c.a.judge_model, c.b.judge_model, "their scores are not comparable"),
        _differ(
            "appellate judges",
            c.a.appellate_judge_model,
            c.b.appellate_judge_model,
            "final scores went through different appeals",
        ),
        _differ(
            "judge memory windows",
            c.a.judge_memory_window,
            c.b.judge_memory_window,
            "the judge saw different context",
        ),
        _differ_modes(c),
        _differ(
            "samples", c.a.sample, c.b.sample, "the runs re-asked different historical questions"
        ),
        _differ(
            "group settings",
            ra.metadata.groups_enabled,
            rb.metadata.groups_enabled,
            "one run asked group and boundary questions the other skipped",
        ),
    ]
    if set(c.a.ranges) != set(c.b.ranges):
        only_a = [x for x in c.a.ranges if x not in c.b.ranges]
        only_b = [x for x in c.b.ranges if x not in c.a.ranges]
        out.append(
            f"different ranges: {len(only_a)} checkpoint(s) only in A ({_few(only_a)}), "
            f"{len(only_b)} only in B ({_few(only_b)}); per-checkpoint pairs cover the shared ones"
        )
    if set(c.a.personas) != set(c.b.personas):
        out.append(
            f"different personas (A: {_few(c.a.personas)}; B: {_few(c.b.personas)}): "
            "overall means cover different questions; the paired delta does not"
        )
    paired = c.overall.paired
    if paired is not None or c.unavailable is None:
        n = paired.count if paired else 0
        smaller = min(c.a.question_answers, c.b.question_answers)
        if n < FEW_PAIRED or n < smaller / 2:
            out.append(
                f"the runs share few answers: {n:,} paired of {c.a.question_answers:,} in A and "
                f"{c.b.question_answers:,} in B; the paired delta speaks for those only"
            )
    for side, s in (("A", c.a), ("B", c.b)):
        if 0 < s.question_answers < s.answers:
            out.append(
                f"{side} has per-question answers for {s.question_answers:,} of its "
                f"{s.answers:,} answers; pairs and canaries cover those only"
            )
    return [w for w in out if w]


def _few(items: Sequence[str], limit: int = 4) -> str:
    if not items:
        return "none"
    head = ", ".join(items[:limit])
    return head if len(items) <= limit else f"{head}, … {len(items) - limit} more"
