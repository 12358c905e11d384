"""``recallbench plan``: what a run will cost before it is paid for."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ..data.corpus import PersonaDataset
from ..data.plan import LIFECYCLES, Plan, plan_run
from ..data.qa import QAPair
from ..data.ranges import FULL_DAYS, default_ranges_of, persona_ranges_of
from ..data.selection import SelectionPolicy
from ..family.opening import open_data
from ._common import add_dataset_args, non_negative_int, print_json, ranges_arg
from ._estimate import add_estimate_arguments, estimate_json, format_estimate
from ._shipped import data_or_shipped

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "plan",
        help="show the checkpoints, days and questions a run would ask, and its totals",
        description="Show, per persona and checkpoint, the days to ingest and the questions a run "
        "would ask (in asking order), and the totals: adapter setups, day ingests, questions, "
        "judge calls; with --estimate --judge SPEC, the judge calls' tokens and cost.",
    )
    add_selection_args(p)
    p.add_argument("--json", action="store_true", help="print the plan as JSON")
    add_estimate_arguments(p)
    p.set_defaults(handler=run)


def add_selection_args(p: argparse.ArgumentParser) -> None:
    """The flags that decide what a run asks; shared with ``run``."""
    add_dataset_args(p)
    p.add_argument(
        "--ranges",
        nargs="+",
        action="extend",
        metavar="RANGE",
        help="checkpoints: 30d,90d,6mo,1y,full, day counts, or a series START:END:STEP "
        "(default: the named ranges; a benchmark's or imported file's own checkpoints)",
    )
    p.add_argument(
        "--sample",
        type=non_negative_int,
        metavar="N",
        help="cap on re-asked historical questions per checkpoint (default: all)",
    )
    p.add_argument("--seed", type=int, default=42, metavar="N", help="shuffle seed; 0 = no shuffle")
    p.add_argument(
        "--groups-enabled",
        action="store_true",
        help="also ask group-session-attribution and information-boundary questions",
    )
    p.add_argument(
        "--lifecycle",
        choices=LIFECYCLES,
        default="fresh",
        help="fresh (default): setup → ingest 1..N → teardown per checkpoint; "
        "incremental: one setup per persona, new days only; snapshot: incremental with "
        "state restored after each checkpoint's queries",
    )
    p.add_argument(
        "--ignore-irrelevant-after",
        action="store_true",
        help="ignore irrelevant_after (reproduces runs made before the field existed)",
    )
    p.add_argument(
        "--repeat-checkpoints",
        action="store_true",
        help="also ask the named checkpoints past a persona's last day (1y, full after 6mo over "
        "180 days), which repeat it (default: asked once)",
    )


def policy_from(args: argparse.Namespace) -> SelectionPolicy:
    return SelectionPolicy(
        sample=args.sample,
        seed=args.seed,
        groups_enabled=args.groups_enabled,
        respect_irrelevant_after=not args.ignore_irrelevant_after,
        repeat_checkpoints=args.repeat_checkpoints,
    )


def run(args: argparse.Namespace) -> int:
    data = data_or_shipped(args.data, "plan")
    inputs = []
    datasets: dict[str, PersonaDataset] = {}  # for --estimate: the questions and days
    named = ranges_arg(args.ranges)
    # The data's family reads it; data with checkpoints of its own asks them, as `run` does.
    _, dataset = open_data(data, args.arcs)
    for pid in args.personas or dataset.persona_ids():
        ds = dataset.load(pid)
        inputs.append((ds.id, ds.qa, [d.number for d in ds.days]))
        datasets[ds.id] = ds
    for pid, qa, days in inputs:
        _warn_beyond_corpus(pid, qa, days)
    ranges = named or default_ranges_of(dataset)
    # Without --ranges, a persona with checkpoints of its own (an imported conversation) asks them.
    own = {} if named else {pid: persona_ranges_of(dataset, pid) for pid, _, _ in inputs}
    plan = plan_run(
        inputs,
        ranges,
        lifecycle=args.lifecycle,
        policy=policy_from(args),
        persona_ranges=own,
    )
    estimate = estimate_json(plan, datasets, args) if args.estimate else None
    if args.json:
        print_json(plan_json(plan) | ({"estimate": estimate} if estimate else {}))
    else:
        print(format_plan(plan) + (format_estimate(estimate) if estimate else ""))
    return 0


def _warn_beyond_corpus(persona_id: str, qa: Sequence[QAPair], days: Sequence[int]) -> None:
    """One line per persona whose questions cite days past its last: `run` refuses to start on
    them (its preflight, even with --skip-preflight), so the plan says so before it is paid for."""
    last = max(days, default=0)
    beyond = [q.id for q in qa if any(d > last for d in q.relevant_days)]
    if not beyond:
        return
    more = f" and {len(beyond) - 5:,} more" if len(beyond) > 5 else ""
    print(
        f"recallbench plan: warning: persona {persona_id!r}: {len(beyond):,} question(s) cite days "
        f"beyond its corpus (last day {last}): {', '.join(beyond[:5])}{more}; `recallbench run` "
        "refuses to start on them, `recallbench validate` lists them with their lines",
        file=sys.stderr,
    )


def plan_json(plan: Plan) -> dict[str, Any]:
    return {
        "lifecycle": plan.lifecycle,
        "personas": [
            {
                "personaId": p.persona_id,
                "maxDay": p.max_day,
                "collapsed": list(p.collapsed),
                "checkpoints": [
                    {
                        "label": c.range.label,
                        "days": c.days,
                        "rangeDays": c.range.days,
                        "daysToIngest": c.days_to_ingest,
                        "eligible": c.eligible,
                        "new": c.new,
                        "historicalAvailable": c.historical_available,
                        "historicalAsked": c.historical,
                        "questionIds": list(c.question_ids),
                    }
                    for c in p.checkpoints
                ],
            }
            for p in plan.personas
        ],
        "totals": {
            "setups": plan.setups,
            "dayIngests": plan.day_ingests,
            "questions": plan.questions,
            "judgeCalls": plan.judge_calls,
        },
    }


def format_plan(plan: Plan) -> str:
    pol = plan.policy
    sample = f"sample {pol.sample}" if pol.sample is not None else "no sample cap"
    lines = [
        f"Plan — lifecycle {plan.lifecycle} · seed {pol.seed} · {sample} · "
        f"groups {'on' if pol.groups_enabled else 'off'}"
        + ("" if pol.respect_irrelevant_after else " · irrelevant_after ignored"),
    ]
    for p in plan.personas:
        lines += [
            "",
            f"{p.persona_id} ({p.max_day} days on disk)",
            f"  {'checkpoint':>10} {'days':>6} {'ingest':>7} {'eligible':>9} {'new':>5} "
            f"{'hist':>11} {'asked':>6}",
        ]
        for c in p.checkpoints:
            hist = f"{c.historical}/{c.historical_available}"
            lines.append(
                f"  {c.range.label:>10} {c.days:>6} {c.days_to_ingest:>7} {c.eligible:>9} "
                f"{c.new:>5} {hist:>11} {len(c.question_ids):>6}"
            )
        if p.collapsed:
            end = p.checkpoints[-1].range.label if p.checkpoints else "?"
            shown = ", ".join(p.collapsed[:5])
            more = f" and {len(p.collapsed) - 5:,} more" if len(p.collapsed) > 5 else ""
            lines.append(
                f"  collapsed: {shown}{more} — past its last day, asked once, as {end}"
                + ("" if pol.repeat_checkpoints else " (--repeat-checkpoints asks each)")
            )
        lines.append(
            f"  subtotal: {p.setups} setup(s) · {p.day_ingests:,} day ingests · "
            f"{p.questions:,} questions"
        )
    lines += [
        "",
        f"Totals: {plan.setups:,} adapter setup(s) · {plan.day_ingests:,} day ingests · "
        f"{plan.questions:,} questions · {plan.judge_calls:,} judge calls "
        "(an appellate judge adds up to as many again)",
    ]
    if any(c.range.days == FULL_DAYS for p in plan.personas for c in p.checkpoints):
        lines.append("('full' covers every day on disk.)")
    return "\n".join(lines)
