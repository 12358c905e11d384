"""``recallbench rejudge RUN --judge SPEC``: a run's answers judged again, the memory system untouched.

It reads the run's answers (``result.json``, or a ``progress.jsonl`` with its ``questions.jsonl``),
scores each with the judge given as a run would (the days ingested at its checkpoint, from the data
directory the run recorded or ``--data``), and writes a new run folder — ``result.json``, the
question log with the new verdicts, ``report.html`` — then prints its headline. Nothing is asked of
the memory system. ``--judge`` given more than once is a panel: the headline reads "score ± judge
spread" and each judge's score. ``recallbench compare RUN NEW`` sets the two runs side by side.

Exit codes: 0 re-judged; 2 bad input (a run that cannot be read, a judge that cannot be loaded, an
``--output`` that already holds a run).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from .._fork import in_child
from ..errors import ConfigError
from ._common import add_judge_cache_args, add_judge_call_args, non_negative_int, run_async
from ._panel import add_panel_arguments, panel_judge

__all__ = ["default_output", "register"]


def register(sub: Any) -> None:
    """Add ``rejudge`` to the command line's sub-parsers."""
    p = sub.add_parser(
        "rejudge",
        help="judge a run's saved answers again with another judge, without running the system",
        description="Score every answer of a finished run again with another judge (or a panel), "
        "as the run would have: the days ingested at each answer's checkpoint are read from the "
        "data directory the run recorded (or --data). The memory system is never called: its "
        "answers, latencies, retrieval and errors are kept. Writes a new run folder (result.json, "
        "questions.jsonl with the new verdicts, report.html) whose fingerprint names the new judge "
        "and the run it re-judged, and prints its headline.",
    )
    p.add_argument(
        "run",
        type=Path,
        metavar="RUN",
        help="a run folder, or its result.json or progress.jsonl",
    )
    p.add_argument(
        "--judge",
        action="append",
        required=True,
        metavar="SPEC",
        help="rubric, claude|codex|copilot, openai[:MODEL[;URL]], anthropic:MODEL[;URL], "
        "azure:DEPLOYMENT[;URL], a benchmark's official scorer, or pkg.module:attr / "
        "file.py[:attr]; given more than once, a panel (the score is theirs ± their spread)",
    )
    add_panel_arguments(p)
    p.add_argument(
        "--output",
        type=Path,
        metavar="DIR",
        help="the new run folder (default: beside RUN, named <RUN>-rejudged-<judge>)",
    )
    p.add_argument(
        "--data",
        type=Path,
        metavar="DIR",
        help="the data directory the run read (default: the one it records)",
    )
    p.add_argument(
        "--arcs", metavar="FILE", help="the arcs file that selects the days (default: the run's)"
    )
    p.add_argument(
        "--judge-memory-window",
        type=non_negative_int,
        metavar="N",
        help="days of memory around each relevant day shown to judges that read them (default: "
        "the run's)",
    )
    add_judge_call_args(p)
    add_judge_cache_args(
        p,
        "where LLM judge scores are cached (default: the user cache directory)",
    )
    p.add_argument("--no-html", action="store_true", help="do not write report.html")
    p.add_argument(
        "--png", action="store_true", help="also write heatmap.png and hallucination.png"
    )
    p.add_argument("--json", action="store_true", help="print the new result as JSON")
    p.set_defaults(handler=rejudge_command)


def _slug(label: str) -> str:
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", label.split(";", 1)[0]).strip("-.")
    return slug[:40] or "judge"


def default_output(run: Path, label: str) -> Path:
    """``<run folder>-rejudged-<judge>`` beside the run, made unique with ``-2``, ``-3`` …"""
    folder = run if run.is_dir() else run.parent
    base = folder.with_name(f"{folder.name}-rejudged-{_slug(label)}")
    candidate, n = base, 1
    while candidate.exists():
        n += 1
        candidate = base.with_name(f"{base.name}-{n}")
    return candidate


def rejudge_command(args: argparse.Namespace) -> int:
    """Run ``rejudge``; bad input raises ConfigError / DatasetError (exit 2)."""
    from .._closing import aclose_quietly
    from ..harness.judge_loading import cached_judge, load_judge
    from ..harness.rejudge import rejudge_run, write_rejudged
    from ..results.scoring import StubJudge

    if not args.run.exists():
        raise ConfigError(f"{args.run}: no such file or directory (expected a run folder)")
    specs: list[str] = args.judge
    judges = [load_judge(s, timeout=args.timeout / 1000) for s in specs]
    if any(isinstance(j, StubJudge) for j in judges):
        raise ConfigError("--judge stub scores every answer 0: re-judging with it measures nothing")
    judge, panel_label = panel_judge(judges, specs, args)
    label = panel_label or specs[0]
    if not args.no_judge_cache:
        from ..judges.cache import default_cache_dir

        judge = cached_judge(judge, args.judge_cache or default_cache_dir())
    output = args.output or default_output(args.run, label)
    if (output / "result.json").exists():
        raise ConfigError(f"--output {output} already holds a run (result.json)")

    async def go() -> Any:
        try:
            return await rejudge_run(
                args.run,
                judge,
                label=label,
                data=args.data,
                arcs=args.arcs,
                judge_memory_window=args.judge_memory_window,
                parallelism=args.parallelism,
                timeout=args.timeout / 1000,
            )
        finally:  # an HTTP provider's session is closed, not left to the garbage collector
            await aclose_quietly(judge)

    done = run_async(go)
    for warning in done.warnings:
        print(f"recallbench rejudge: warning: {warning}", file=sys.stderr)
    try:
        output.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"--output {output}: cannot create it: {exc.strerror or exc}") from None
    # The views are drawn on the second core while this one writes the run and its headline.
    views = in_child(_views, done, output, not args.no_html, args.png)
    try:
        written = write_rejudged(done, output)
    except BaseException:
        views.cancel()
        raise
    if args.json:
        from ..render.report import format_json_report

        print(format_json_report(done.result))
        written += _drawn(views, done, output, args)
        print(_saved(output, written), file=sys.stderr)
        return 0
    from ..render.headline import format_headline

    report = output / "report.html"
    headline = format_headline(
        done.result,
        report_html=None if args.no_html else report,
        result_json=output / "result.json",
    )
    written += _drawn(views, done, output, args)
    if not args.no_html and report not in written:
        print(
            f"recallbench rejudge: {report.name} could not be written (see above)", file=sys.stderr
        )
        headline = headline.replace(f"\n  Report  {report}", "")
    print(headline)
    print(
        f"Re-judged {done.judged:,} answers with {label} in {done.seconds:.1f} s"
        + (f" ({done.unscored:,} left unscored: the judge failed on them)" if done.unscored else "")
        + (
            f"; {done.kept:,} the memory system had failed to give kept as they were"
            if done.kept
            else ""
        )
        + "; the memory system was not called."
    )
    print(_saved(output, written))
    return 0


def _views(done: Any, output: Path, html: bool, pngs: bool) -> list[Path]:
    from .._rejudging import write_views

    return write_views(done, output, html=html, pngs=pngs)


def _drawn(views: Any, done: Any, output: Path, args: argparse.Namespace) -> list[Path]:
    """The views the child drew; drawn here when it could not (it died, or there was no fork)."""
    got: list[Path] | None = views.result()
    return got if got is not None else _views(done, output, not args.no_html, args.png)


def _saved(output: Path, written: list[Path]) -> str:
    return f"Saved in {output}/: {', '.join(p.name for p in written)}"
