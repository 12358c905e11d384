"""``recallbench judge-probe``: a calibration battery for any judge.

From pairs sampled from each persona it builds answers whose truth is known (the reference, a
paraphrase, restyled, with grounded extra detail, partial, with a fabricated detail, a wrong value,
vague, an abstention, a confident invented "yes"), has the judge score them, and prints per probe kind
the mean composite, the share scored correct and the share flagged as hallucinated, with the orderings
a sound judge satisfies, each held or violated (:mod:`recallbench.judges.probe_report`).

Exit codes: 0 measured (violations are information, not failure); 2 bad input (a data directory or
persona that is not there, a judge that cannot be loaded, nothing to probe).
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .._closing import aclose_quietly
from ..errors import ConfigError
from ._common import (
    add_dataset_args,
    add_judge_cache_args,
    add_judge_call_args,
    non_negative_int,
    positive_int,
    print_json,
    run_async,
)

if TYPE_CHECKING:
    from ..judges.base import Judge
    from ..judges.probe_report import OrderingResult, ProbeReport

__all__ = ["register"]

# The model judge's whole score may wait out provider back-offs and one re-ask (as in `run`).
_SCORE_TIMEOUT_FACTOR = 10

# What a sound judge does with each kind: scored correct, flagged as hallucinated.
_SOUND = {
    "verbatim": ("yes", "no"),
    "paraphrase": ("yes", "no"),
    "restyled": ("yes", "no"),
    "grounded-extra": ("yes", "no"),
    "partial": ("either", "no"),
    "fabricated": ("either", "yes"),
    "wrong-value": ("no", "either"),
    "vague": ("no", "no"),
    "abstention": ("neg. only", "no"),
    "confident-yes": ("no", "yes"),
    "many-details": ("yes", "no"),
    "stamped": ("yes", "no"),
    "labelled": ("yes", "no"),
    "stamp-off": ("yes", "no"),
    "date-off": ("not fully", "either"),
    "hedged": ("yes", "no"),
    "hedged-partial": ("either", "no"),
    "hedged-negative": ("neg. only", "no"),
    "distant-extra": ("yes", "no"),
    "invented-extra": ("either", "yes"),
    "cited-extra": ("yes", "no"),
    "date-reworded": ("yes", "no"),
    "hedged-wrong": ("no", "either"),
}


def register(sub: Any) -> None:
    """Add the ``judge-probe`` command to the ``recallbench`` sub-parsers."""
    p = sub.add_parser(
        "judge-probe",
        help="calibrate a judge on answers of known truth (verbatim, paraphrase, fabricated, …)",
        description="Build probe answers of known truth from sampled pairs — the reference, a "
        "paraphrase, restyled, with grounded extra detail, partial, with one fabricated detail, a "
        "wrong value, vague, an abstention, for negative-recall pairs a confident invented "
        "'yes', and the styles of unseen systems (many grounded details, date stamps, bold labels, a "
        "stamp or a date one day off, hedged, hedged-partial and hedged-negative answers) — have the judge score them, and print per kind the mean composite, the share "
        "scored correct and the share flagged as hallucinated, with the orderings a sound judge "
        "satisfies, each held or violated. Deterministic for a seed; LLM judges go through the "
        "judge cache, so a re-run makes no model calls.",
    )
    p.add_argument(
        "--judge",
        required=True,
        metavar="SPEC",
        help="the judge to probe: rubric, an LLM judge (openai:MODEL[;URL], azure:…, claude, …) "
        "or a Python judge (pkg.module[:attr], file.py[:attr])",
    )
    add_dataset_args(p, data_required=False)
    p.add_argument(
        "--sample",
        type=positive_int,
        metavar="N",
        help="pairs per persona, an equal share per category (default 20: "
        "recallbench.judges.probe.DEFAULT_SAMPLE)",
    )
    p.add_argument(
        "--seed", type=non_negative_int, default=0, help="sampling and probe seed (default 0)"
    )
    add_judge_call_args(p)
    p.add_argument(
        "--judge-memory-window",
        type=non_negative_int,
        default=0,
        metavar="N",
        help="memory excerpts of ±N days around each relevant day for judges that read them "
        "(default 0, as in run)",
    )
    p.add_argument(
        "--hallucination-window",
        type=non_negative_int,
        metavar="N",
        help="rubric judge only: ground claims in the days within N of each pair's relevant days, "
        "as an LLM judge shown a ±N-day memory window does (default: every ingested day)",
    )
    p.add_argument(
        "--claim-days",
        type=non_negative_int,
        default=0,
        metavar="N",
        help="the claim check — the answer's extra claims that the judge's window does not hold "
        "are looked up in every day ingested, and up to N days holding them are added (the rubric "
        "judge with --hallucination-window grounds claims there; an LLM judge is shown their "
        "lines); default 0: no check",
    )
    add_judge_cache_args(
        p,
        "where LLM judge scores are cached (default: the user cache directory run uses)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(handler=judge_probe_command)


def judge_probe_command(args: argparse.Namespace) -> int:
    """Run ``judge-probe``; bad input raises ConfigError / DatasetError (exit 2)."""

    from ..data.dataset import DirectoryDataset, list_personas
    from ..judges.cache import usage_of
    from ..judges.probe import DEFAULT_SAMPLE
    from ..judges.probe_run import run_probe
    from ._shipped import shipped_personas_dir

    data: Path = args.data if args.data is not None else shipped_personas_dir()
    available = list_personas(data)
    persona_ids = list(dict.fromkeys(args.personas or available))
    unknown = [pid for pid in persona_ids if pid not in available]
    if unknown:
        raise ConfigError(
            f"--personas: {', '.join(unknown)} not in {data} "
            f"(personas there: {', '.join(available) or 'none'})"
        )
    if not persona_ids:
        raise ConfigError(f"no personas in {data}")
    dataset = DirectoryDataset(data, args.arcs)
    datasets = [dataset.load(pid) for pid in persona_ids]
    judge, model_backed = _judge(args)

    async def measure() -> ProbeReport:
        try:
            return await run_probe(
                judge,
                datasets,
                sample=args.sample or DEFAULT_SAMPLE,
                seed=args.seed,
                parallelism=args.parallelism,
                memory_window=args.judge_memory_window,
                timeout=_SCORE_TIMEOUT_FACTOR * args.timeout / 1000 if model_backed else None,
            )
        finally:
            await aclose_quietly(judge)

    report = run_async(measure)
    if report.probes == 0:
        raise ConfigError(f"no pairs to probe in {data} with {args.arcs}")
    usage = usage_of(judge)
    if args.json:
        out = {"judge": args.judge, **report.to_json()}
        if usage is not None:
            out["usage"] = usage.to_json()
        print_json(out)
        return 0
    _print_report(args, report)
    if usage is not None and (usage.calls or usage.cache_hits):
        print(
            f"\njudge usage: {usage.calls} calls · cache {usage.cache_hits} hits / "
            f"{usage.cache_misses} misses · {usage.input_tokens:,} in / "
            f"{usage.output_tokens:,} out tokens"
        )
    return 0


def _judge(args: argparse.Namespace) -> tuple[Judge, bool]:
    """The judge, wrapped in the judge cache when it declares a cache identity (LLM judges), and
    whether it calls a model."""
    from ..harness.judge_loading import load_judge
    from ..judges.cache import CachedJudge, JudgeCache, default_cache_dir, is_cacheable

    if args.hallucination_window is not None:
        if args.judge.strip().lower() != "rubric":
            raise ConfigError("--hallucination-window applies to the rubric judge only")
        from ..judges.rubric import RubricJudge

        judge: Judge = RubricJudge(hallucination_window=args.hallucination_window)
    else:
        judge = load_judge(args.judge, timeout=args.timeout / 1000)
    if args.claim_days:
        from ..judges.claim_judges import checking_claims

        judge = cast("Judge", checking_claims(judge, args.claim_days))
    cacheable = is_cacheable(judge)
    if cacheable and not args.no_judge_cache:
        directory = args.judge_cache or default_cache_dir()
        return CachedJudge(judge, JudgeCache(directory)), True
    return judge, cacheable


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def _pct(value: float) -> str:
    return "—" if math.isnan(value) else f"{value:.0%}"


def _num(value: float) -> str:
    return "—" if math.isnan(value) else f"{value:.2f}"


def _figures(o: OrderingResult) -> str:
    f = o.figures
    if o.rule in ("at-least", "about", "above"):
        need = {
            "at-least": f"held when Δ ≥ −{o.tolerance:g}",
            "about": f"held when |Δ| ≤ {o.tolerance:g}",
            "above": f"held when Δ ≥ {o.tolerance:g}",
        }[o.rule]
        diff = f["difference"]
        delta = "—" if math.isnan(diff) else f"{diff:+.2f}"
        return f"{_num(f['left'])} vs {_num(f['right'])} (Δ {delta}; {need})"
    if o.rule == "flagged":
        return f"{_pct(f['flagged'])} flagged (held at ≥ {o.tolerance:.0%})"
    if o.rule == "not-flagged":
        return f"{_pct(f['flagged'])} flagged (held at ≤ {o.tolerance:.0%})"
    if o.rule == "not-full":
        return f"{_pct(f['fullyCorrect'])} fully correct (held at ≤ {o.tolerance:.0%})"
    from ..judges.probe_report import ABSTAIN_RIGHT_MIN, ABSTAIN_WRONG_MAX

    return (
        f"correct on {_pct(f['negativeCorrect'])} of negative-recall pairs (held at ≥ "
        f"{ABSTAIN_RIGHT_MIN:.0%}), on {_pct(f['answerableCorrect'])} of answerable pairs "
        f"(held at ≤ {ABSTAIN_WRONG_MAX:.0%})"
    )


def _print_report(args: argparse.Namespace, report: ProbeReport) -> None:
    print(
        f"judge-probe · judge {args.judge} · {_count(len(report.personas), 'persona')} · "
        f"{_count(report.pairs, 'pair')} · {_count(report.probes, 'probe')} · seed {report.seed}"
        + (f" · {report.errors} judge errors" if report.errors else "")
    )
    print()
    print(
        f"{'kind':<15} {'n':>5}  {'composite':>9}  {'correct':>7}  {'flagged':>7}   "
        "a sound judge: correct / flagged"
    )
    for k in report.kinds:
        correct, flagged = _SOUND.get(k.kind, ("?", "?"))
        errors = f"  ({k.errors} errors)" if k.errors else ""
        print(
            f"{k.kind:<15} {k.n:>5}  {_num(k.mean_composite):>9}  {_pct(k.share_correct):>7}  "
            f"{_pct(k.share_flagged):>7}   {correct} / {flagged}{errors}"
        )
    print()
    print("orderings:")
    width = max(len(o.name) for o in report.orderings)
    for o in report.orderings:
        print(f"  {o.verdict:<9} {o.name:<{width}}  {_figures(o)}  n {o.n}")
    print()
    print(
        f"{report.count('held')} held · {report.count('violated')} violated · "
        f"{report.count('untested')} untested. composite 0–6; correct: correctness ≥ 2; "
        "flagged: hallucination 0"
    )
