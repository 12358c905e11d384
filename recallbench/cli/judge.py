"""``recallbench judge``: score one answer, to debug a judge or its prompts.

Exit codes: 0 scored; 1 the judge failed on it (a model error, a timeout, a reply that held no
score); 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .._closing import aclose_quietly
from ..data.qa import CATEGORIES, DISCLOSURES
from ..errors import ConfigError
from ._common import positive_int, run_async
from ._panel import add_panel_arguments, panel_judge

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "judge",
        help="score one answer with a judge",
        description="Score one system answer against a reference, as a run would, and print the "
        "verdict. For debugging judges and their prompts.",
    )
    p.add_argument("--question", required=True, metavar="TEXT")
    p.add_argument("--reference", required=True, metavar="TEXT", help="the reference answer")
    p.add_argument("--answer", required=True, metavar="TEXT", help="the system's answer")
    p.add_argument(
        "--judge",
        action="append",
        metavar="SPEC",
        help="rubric (offline, the default), stub, claude|codex|copilot, openai[:MODEL[;URL]], "
        "anthropic:MODEL[;URL], azure:DEPLOYMENT[;URL], or pkg.module:attr / file.py[:attr]; "
        "given more than once, a panel (every verdict is printed, then their aggregate)",
    )
    add_panel_arguments(p)
    p.add_argument(
        "--timeout",
        type=positive_int,
        default=120000,
        metavar="MS",
        help="per model call (default 120000)",
    )
    p.add_argument(
        "--memory",
        type=Path,
        metavar="FILE",
        help="memory excerpts shown to the judge (the grounded prompt), from a file",
    )
    p.add_argument(
        "--category",
        choices=CATEGORIES,
        default="factual-recall",
        help="the question's category (the rubric judge treats abstentions by category)",
    )
    p.add_argument(
        "--expected-disclosure",
        choices=DISCLOSURES,
        help="an information-boundary question: refuse, partial or answer (the boundary prompt)",
    )
    p.add_argument("--query-session", metavar="ID", help="with --expected-disclosure")
    p.add_argument(
        "--forbidden-sessions", nargs="+", metavar="ID", help="with --expected-disclosure"
    )
    p.add_argument("--json", action="store_true", help="print the score as JSON")
    p.set_defaults(handler=judge_command)


def judge_command(args: argparse.Namespace) -> int:

    from .._convert import to_json
    from ..data.corpus import Day
    from ..data.qa import QAPair
    from ..harness.judge_loading import load_judge
    from ..judges.base import JudgeContext
    from ..judges.cache import usage_of
    from ..results.panel_scores import PanelScore
    from ..results.scoring import to_score

    memory = None
    if args.memory is not None:
        try:
            memory = args.memory.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"--memory: cannot read {args.memory}: {exc.strerror}") from None
    boundary = args.expected_disclosure is not None
    pair = QAPair(
        id="cli",
        question=args.question,
        answer=args.reference,
        category="information-boundary" if boundary else args.category,
        difficulty="medium",
        relevant_days=(1,),
        requires_synthesis=False,
        query_session=args.query_session if boundary else None,
        forbidden_sessions=tuple(args.forbidden_sessions) if args.forbidden_sessions else None,
        expected_disclosure=args.expected_disclosure,
    )
    days = (Day(number=1, date="", content=memory),) if memory and memory.strip() else ()
    context = JudgeContext(
        memory_excerpts=memory if memory and memory.strip() else None,
        expected_disclosure=args.expected_disclosure,
        query_session=(args.query_session or "principal") if boundary else None,
        forbidden_sessions=tuple(args.forbidden_sessions or ()) if boundary else None,
        qa=pair,
        days=days,
    )
    specs = args.judge or ["rubric"]
    judge, label = panel_judge(
        [load_judge(s, timeout=args.timeout / 1000) for s in specs], specs, args
    )
    args.judge = label or specs[0]

    async def score() -> Any:
        try:
            return to_score(await judge.score(args.question, args.reference, args.answer, context))
        finally:  # an HTTP provider's session is closed, not left to the garbage collector
            await aclose_quietly(judge)

    try:
        result = run_async(score)
    except ConfigError:
        raise
    except Exception as exc:  # the judge failed on this answer: say so in one line
        print(f"recallbench judge: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    usage = usage_of(judge)
    verdicts = result.verdicts if isinstance(result, PanelScore) else ()
    composite: float = result.composite
    if isinstance(result, PanelScore):  # the aggregate's, a fraction under mean or median
        value = result.composite_value
        composite = int(value) if float(value).is_integer() else value
    if args.json:
        out: dict[str, Any] = {
            "judge": args.judge,
            "correctness": result.correctness,
            "completeness": result.completeness,
            "hallucination": result.hallucination,
            "composite": composite,
        }
        if result.reasoning:
            out["reasoning"] = result.reasoning
        if len(verdicts) > 1:
            out["panel"] = [to_json(v) for v in verdicts]
        if usage is not None:
            out["usage"] = usage.to_json()
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    print(
        f"correctness {result.correctness}/3 · completeness {result.completeness}/2 · "
        f"hallucination {result.hallucination}/1 ({'grounded' if result.hallucination else 'fabricated'})"
        f" · composite {composite:g}/6"
    )
    if len(verdicts) > 1:
        for v in verdicts:
            epoch = f" #{v.epoch}" if any(w.epoch > 1 for w in verdicts) else ""
            why = f" — {v.reasoning}" if v.reasoning else ""
            print(f"  {v.judge}{epoch}: {v.correctness}/{v.completeness}/{v.hallucination}{why}")
    if result.reasoning:
        print(f"reasoning: {result.reasoning}")
    if usage is not None and usage.calls:
        print(
            f"judge: {args.judge} · {usage.calls} calls · "
            f"{usage.input_tokens} in / {usage.output_tokens} out tokens"
        )
    return 0
