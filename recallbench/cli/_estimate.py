"""``plan --estimate``: the judge calls a planned run will make and what they will cost, before any
call (the rules are :mod:`recallbench.judges.estimate`'s)."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..data.corpus import PersonaDataset
from ..data.plan import Plan
from ..errors import ConfigError
from ._common import non_negative_int, positive_int
from ._cost import add_prices_argument

__all__ = ["add_estimate_arguments", "estimate_json", "format_estimate"]

OFFLINE_JUDGES = ("rubric", "stub")


def add_estimate_arguments(p: argparse.ArgumentParser) -> None:
    e = p.add_argument_group("estimate")
    e.add_argument(
        "--estimate",
        action="store_true",
        help="also estimate the judge calls' tokens and cost, before any call (needs --judge)",
    )
    e.add_argument(
        "--judge",
        action="append",
        metavar="SPEC",
        help="the judge to estimate (openai:MODEL, anthropic:MODEL, azure:DEPLOYMENT, …); more "
        "than once: a panel",
    )
    e.add_argument("--appellate-judge", metavar="SPEC", help="an appellate judge (a ceiling)")
    e.add_argument(
        "--judge-memory-window",
        type=non_negative_int,
        default=0,
        metavar="N",
        help="days of memory shown to the judge around each relevant day (as run takes it)",
    )
    e.add_argument("--epochs", type=positive_int, default=1, metavar="N", help="as run takes it")
    e.add_argument(
        "--judge-epochs", type=positive_int, default=1, metavar="N", help="as run takes it"
    )
    e.add_argument(
        "--judge-cache",
        type=Path,
        metavar="DIR",
        help="the judge cache to count entries in (default: the user cache, as run uses)",
    )
    add_prices_argument(e)


def _model_of(spec: str) -> tuple[str | None, bool]:
    """The model a judge spec's calls are priced as, and whether it calls a model at all."""
    from ..models.spec import named_model, parse_model_spec, suggest_model_spec

    if spec.strip() in OFFLINE_JUDGES:
        return None, False
    if named_model(spec) is None:
        suggestion = suggest_model_spec(spec)
        if suggestion is not None and named_model(suggestion) is not None:
            raise ConfigError(f"--judge {spec!r}: not a judge spec; did you mean {suggestion!r}?")
        return None, True  # a Python judge or an official scorer: its calls cannot be named here
    parsed = parse_model_spec(spec)
    return (parsed.model or parsed.agent), True


def _identity(spec: str) -> str:
    from ..judges.llm import LlmJudge

    class _Unused:  # the judge is never called: only its cache identity is read
        async def complete(self, *_a: Any, **_k: Any) -> str:
            raise AssertionError("plan --estimate makes no call")

    return LlmJudge(_Unused(), name=spec).cache_identity


def estimate_json(
    plan: Plan, datasets: Mapping[str, PersonaDataset], args: argparse.Namespace
) -> dict[str, Any]:
    """The estimate of a plan for ``args``' judges (``estimate`` in ``plan --json``)."""
    from ..judges.cache import default_cache_dir
    from ..judges.estimate import cached_entries, estimate_judge, judge_prompt_tokens
    from ..judges.llm import DEFAULT_MAX_TOKENS
    from ..models.prices import price_table

    if not args.judge:
        raise ConfigError("plan --estimate needs the judge to estimate: --judge SPEC")
    prices = price_table(args.prices)
    tokens = []
    for p in plan.personas:
        ds = datasets[p.persona_id]
        by_id = {q.id: q for q in ds.qa}
        for c in p.checkpoints:
            days = ds.days_through(c.days)
            window = args.judge_memory_window
            tokens += [
                judge_prompt_tokens(by_id[i], days, window, ds.definition) for i in c.question_ids
            ]
    cache = args.judge_cache or default_cache_dir()
    cached: Counter[str] | None = None  # read on the first judge that calls a model
    judges = []
    roles = [(j, "judge") for j in args.judge]
    roles += [(args.appellate_judge, "appellate")] if args.appellate_judge else []
    for spec, role in roles:
        model, calls_model = _model_of(spec)
        if not calls_model:
            judges.append({"judge": spec, "role": role, "calls": 0, "usd": 0.0, "usdMax": 0.0})
            continue
        if cached is None:
            cached = cached_entries(cache)
        repeats = args.epochs * (args.judge_epochs if role == "judge" else 1)
        e = estimate_judge(
            spec, model, tokens, prices, max_tokens=DEFAULT_MAX_TOKENS, repeats=repeats, role=role
        )
        judges.append(
            {
                "judge": spec,
                "role": role,
                "model": model,
                "calls": e.calls,
                "inputTokens": e.input_tokens,
                "expectedOutputTokens": e.expected_output_tokens,
                "maxOutputTokens": e.max_output_tokens,
                "usd": e.usd,
                "usdMax": e.usd_max,
                "cachedEntries": cached[_identity(spec)],
            }
        )
    main = [j for j in judges if j["role"] == "judge"]
    return {
        "judges": judges,
        "judgeCalls": sum(j["calls"] for j in main),
        "usd": None if any(j["usd"] is None for j in main) else sum(j["usd"] for j in main),
        "usdMax": None
        if any(j["usdMax"] is None for j in judges)
        else sum(j["usdMax"] for j in judges),
        "judgeCache": str(cache),
        "prices": {"date": prices.date, "source": prices.source},
        "rules": "tokens = ceil(characters / 4) of the judge's real prompt, the answer as long as "
        "the reference; replies ~100 tokens (at most max_tokens); cache hits and parse retries "
        "not counted; an appellate judge is a ceiling (one call per failed answer at most)",
    }


def format_estimate(estimate: Mapping[str, Any]) -> str:
    from ..render.cost import usd

    lines = ["\nEstimate (before any call):"]
    for j in estimate["judges"]:
        if not j["calls"]:
            lines.append(f"  {j['role']} {j['judge']}: offline, no model calls · $0")
            continue
        up_to = "up to " if j["role"] == "appellate" else ""
        text = (
            f"  {j['role']} {j['judge']}: {up_to}{j['calls']:,} calls · "
            f"{j['inputTokens']:,} input tokens · ~{j['expectedOutputTokens']:,} output tokens"
        )
        if j["usd"] is None:
            what = f"no price for {j['model']!r}" if j["model"] else "its model cannot be named"
            text += f" · cost unknown ({what}; give --prices FILE)"
        elif j["role"] == "appellate":
            text += f" · at most {usd(j['usdMax'])}"
        else:
            text += (
                f" · ~{usd(j['usd'])} (at most {usd(j['usdMax'])} if every reply ran to max_tokens)"
            )
        lines.append(text)
        if j.get("cachedEntries"):
            lines.append(
                f"    the judge cache holds {j['cachedEntries']:,} of its scores: identical answers "
                "cost nothing (not counted above)"
            )
    lines.append(
        f"  Total: {estimate['judgeCalls']:,} judge calls · ~{usd(estimate['usd'])}"
        f" (ceiling with appeals: {usd(estimate['usdMax'])}); prices of "
        f"{estimate['prices']['date'] or 'an undated table'}"
    )
    lines.append(f"  Rules: {estimate['rules']}.")
    return "\n".join(lines)
