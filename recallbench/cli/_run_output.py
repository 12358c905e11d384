"""Where ``recallbench run`` keeps a run, and how it ends on the terminal.

Every run is kept: by default in ``runs/<adapter>-<UTC timestamp>/`` (``--output DIR`` to choose,
``--no-save`` to keep nothing; ``$RECALLBENCH_RUNS_DIR`` moves the default ``runs/``), a resumed run
in the folder it resumes. The run ends with its
headline (``--verbose``: the full report) and, as the last line, where it was saved.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

from ..harness.config import RunOutput
from ._common import use_color

__all__ = [
    "add_output_arguments",
    "announce_defaults",
    "default_run_dir",
    "print_end",
    "print_notes",
    "run_output",
    "write_run_views",
]

RUNS_DIR = Path("runs")
"""Where runs are kept by default, relative to the working directory (``$RECALLBENCH_RUNS_DIR``
overrides it)."""


def add_output_arguments(parser: argparse.ArgumentParser) -> Any:
    """``run``'s "output & resume" options (where the run is kept, what it writes, resume); returns
    the group, for the options other modules add to it."""
    o = parser.add_argument_group("output & resume")
    o.add_argument(
        "--output",
        type=Path,
        metavar="DIR",
        help="where the run is kept: result.json, report.html, heatmap.png, hallucination.png, "
        "questions.jsonl, progress.jsonl (default: runs/<adapter>-<UTC timestamp>/; a resumed "
        "run: the folder it resumes)",
    )
    o.add_argument(
        "--no-save", action="store_true", help="keep nothing on disk (print the result only)"
    )
    o.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="print the full report (every persona, checkpoint and category) before the headline",
    )
    o.add_argument("--json", action="store_true", help="print the full result as JSON")
    o.add_argument(
        "--heatmap", action="store_true", help="print the heatmap grid as JSON (wins over --json)"
    )
    o.add_argument(
        "--json-out",
        type=Path,
        metavar="PATH",
        help="write result.json at PATH, the logs and views beside it (as --output with a chosen "
        "file name)",
    )
    o.add_argument(
        "--no-heatmap-png",
        action="store_true",
        help="do not render heatmap.png and hallucination.png beside result.json",
    )
    o.add_argument(
        "--no-html", action="store_true", help="do not write report.html beside result.json"
    )
    o.add_argument(
        "--question-log", type=Path, metavar="PATH", help="one JSON line per evaluated question"
    )
    o.add_argument("--no-question-log", action="store_true", help="do not write questions.jsonl")
    o.add_argument(
        "--keep-snippets",
        action="store_true",
        help="keep each retrieved memory's snippet text in questions.jsonl and report.html (by "
        "default an entry keeps its path, score and day, and the run folder is half the size)",
    )
    o.add_argument(
        "--progress-jsonl", type=Path, metavar="PATH", help="one JSON line per checkpoint"
    )
    o.add_argument("--failure-log", type=Path, metavar="PATH", help="appellate-reviewed questions")
    o.add_argument(
        "--resume",
        type=Path,
        metavar="PROGRESS",
        help="resume from a progress.jsonl (and the questions.jsonl beside it): finished "
        "checkpoints and questions are not asked again",
    )
    o.add_argument(
        "--skip-catchup-ingest",
        action="store_true",
        help="on resume, trust the adapter to still hold the days already ingested",
    )
    return o


def _slug(adapter_spec: str) -> str:
    """A folder-name part for an adapter spec: ``builtin:bm25`` → ``bm25``, ``path/to/mem.py:attr`` →
    ``mem``, ``grpc://host:50052`` → ``grpc-host-50052``, ``mcp:server-memory`` →
    ``mcp-server-memory``, ``mcp:path/to/notes.yaml`` → ``mcp-notes``."""
    spec = adapter_spec.strip()
    if spec.lower().startswith("builtin:"):
        spec = spec[len("builtin:") :]
    elif spec.lower() == "mcp" or spec.lower().startswith("mcp:"):
        # Named after the preset or the mapping file: what tells one MCP server from another.
        target = spec[len("mcp:") :].strip()
        base = re.split(r"[\\/]", target)[-1]
        if base != target or base.lower().endswith((".yaml", ".yml", ".json")):
            name = base.rsplit(".", 1)[0] if "." in base else base  # a mapping file: its stem
        else:
            name = target.lower()  # a preset, named in any case
        spec = f"mcp-{name}" if name else "mcp"
    elif "://" not in spec:
        target = spec.split(":", 1)[0] if not re.match(r"^[A-Za-z]:[\\/]", spec) else spec
        path = Path(target)
        spec = path.stem if path.suffix == ".py" else target.rsplit(".", 1)[-1]
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", spec).strip("-.")
    return slug[:60] or "adapter"


def default_run_dir(adapter_spec: str, *, now: dt.datetime | None = None) -> Path:
    """``runs/<adapter>-<YYYYMMDDTHHMMSSZ>`` (under ``$RECALLBENCH_RUNS_DIR`` when set), made unique with ``-2``, ``-3`` … when taken."""
    stamp = (now or dt.datetime.now(dt.UTC)).strftime("%Y%m%dT%H%M%SZ")
    root = Path(os.environ.get("RECALLBENCH_RUNS_DIR") or RUNS_DIR)
    base = root / f"{_slug(adapter_spec)}-{stamp}"
    candidate, n = base, 1
    while candidate.exists():
        n += 1
        candidate = base.with_name(f"{base.name}-{n}")
    return candidate


def run_output(args: argparse.Namespace, adapter_spec: str) -> RunOutput:
    """The artifacts a run writes, from ``--output``/``--json-out``/``--no-save``/``--resume`` and
    the per-file flags (``--question-log``, ``--progress-jsonl``, ``--failure-log``)."""
    if args.no_save:
        base = RunOutput()
    elif args.json_out is not None:
        base = RunOutput.beside(args.json_out)
    elif args.output is not None:
        base = RunOutput.directory(args.output)
    elif args.resume is not None:
        base = RunOutput.beside(args.resume.parent / "result.json")
        base = RunOutput(
            result_json=base.result_json,
            progress=args.resume,
            questions=base.questions,
            failures=base.failures,
            views=True,
        )
    else:
        base = RunOutput.directory(default_run_dir(adapter_spec))
    return RunOutput(
        result_json=base.result_json,
        progress=args.progress_jsonl or base.progress,
        questions=None if args.no_question_log else (args.question_log or base.questions),
        failures=args.failure_log or base.failures,
        views=base.views,
        snippets=bool(getattr(args, "keep_snippets", False)),
    )


def snapshot_check(factory: Any, spec: str) -> None:
    """``--lifecycle snapshot`` needs ``snapshot()`` and ``restore()``: refused before any work when
    the adapter lacks them (a ``grpc://`` adapter always does: the gRPC service has no snapshot call).

    Raises:
        ConfigError: it lacks them.
    """
    from ..errors import ConfigError
    from ..harness.loading import is_grpc_spec

    missing = factory.lacks(("snapshot", "restore"))
    if missing:
        wire = " (the gRPC service has no snapshot call)" if is_grpc_spec(spec) else ""
        raise ConfigError(
            f'--lifecycle snapshot: adapter "{spec}" has no {" or ".join(m + "()" for m in missing)}'
            f"{wire}; use --lifecycle incremental or fresh"
        )


def stop_hint(output: RunOutput) -> str:
    """What an interrupted run (Ctrl-C, SIGTERM) says after ``interrupted``: the progress file to
    resume from, as it is named on disk, or that nothing was kept."""
    if output.progress is None:
        return "; nothing was kept (--no-save): rerun the same command to start again"
    if not output.progress.is_file():
        return "; nothing was logged yet: rerun the same command to start again"
    where = shlex.quote(str(output.progress))
    return (
        f"; every answer logged so far is kept: rerun with the same flags and --resume {where} "
        "to go on"
    )


def write_run_views(
    result: Any, args: argparse.Namespace, output: RunOutput, *, interim: str | None = None
) -> list[Path]:
    """heatmap.png, hallucination.png and report.html beside result.json (a failure is logged)."""
    if not output.views or (args.no_heatmap_png and args.no_html):
        return []  # and the renderers are never imported
    from ..render.artifacts import write_run_views as write

    return write(
        result, output, pngs=not args.no_heatmap_png, html=not args.no_html, interim=interim
    )


def views_missed(args: argparse.Namespace, output: RunOutput, written: list[Path]) -> bool:
    """Whether a view asked for was not written (the disk full, say): said in one line, and the run
    exits 1; result.json and the logs are intact, and ``recallbench report`` writes the views again.
    """
    if output.result_json is None or not output.views or not output.result_json.is_file():
        return False
    names = [*(() if args.no_heatmap_png else ("heatmap.png", "hallucination.png"))]
    names += [] if args.no_html else ["report.html"]
    missed = [n for n in names if output.result_json.parent / n not in written]
    if missed:
        where = shlex.quote(str(output.result_json))
        print(
            f"recallbench run: {', '.join(missed)} could not be written (see above); "
            f"{output.result_json.name} and the logs are intact: recallbench report {where} --html "
            "PATH writes the report again",
            file=sys.stderr,
        )
    return bool(missed)


def _saved_line(output: RunOutput, written: list[Path]) -> str:
    from ..results.retrieval_log import retrieval_log_paths

    kept = retrieval_log_paths(output.questions) if output.questions is not None else ()
    logs = [p for p in (output.questions, *kept, output.progress) if p is not None and p.exists()]
    if output.result_json is None or not output.result_json.is_file():
        if logs:
            return f"Saved: {', '.join(str(p) for p in logs)} (no result.json)"
        return "Not saved (--no-save): pass --output DIR to keep result.json and report.html"
    names = [output.result_json.name, *(p.name for p in written)]
    names += [str(p) if p.parent != output.result_json.parent else p.name for p in logs]
    return f"Saved in {output.result_json.parent}/: {', '.join(names)}"


def print_end(
    result: Any,
    args: argparse.Namespace,
    output: RunOutput,
    written: list[Path],
    *,
    failure: str | None = None,
) -> None:
    """The run's end on the terminal: JSON on stdout with ``--json``/``--heatmap``; otherwise the
    headline (``--verbose``: the full report). The last line says where the run was saved."""
    saved = _saved_line(output, written)
    if args.heatmap or args.json:
        from ..render.report import format_json_report, to_heatmap_grid
        from ._common import print_json

        if args.heatmap:
            print_json(to_heatmap_grid(result))
        else:
            print(format_json_report(result))
        sys.stdout.flush()
        print(saved, file=sys.stderr)
        return
    color = use_color("auto")
    width = shutil.get_terminal_size().columns
    if args.verbose:
        from ..render.report import format_text_report

        print(
            format_text_report(result, color=True, width=width)
            if color
            else format_text_report(result)
        )
        print()
    metrics = getattr(result, "benchmark_metrics", None)
    if metrics and not args.verbose:  # the full report above holds them already
        from ..render.benchmark_metrics import records_section_lines

        print("\n".join(records_section_lines(metrics)[1:]))
        print()
    public = getattr(result, "public_benchmark", None)
    if public and not args.verbose:  # the full report above holds them already
        from ..render.public_benchmarks import public_section_lines

        print("\n".join(public_section_lines(public)[1:]))
        print()
    from ..render.headline import format_headline

    html = output.result_json.parent / "report.html" if output.result_json else None
    print(
        format_headline(
            result,
            report_html=html if html is not None and html in written else None,
            result_json=output.result_json
            if output.result_json is not None and output.result_json.is_file()
            else None,
            failure=failure,
            color=color,
            width=width,
        )
    )
    print(saved)


def print_notes(result: Any, output: RunOutput) -> None:
    """What went wrong besides the scores, on stderr before the headline (which ends the output)."""
    for p in result.personas:
        if p.error:
            print(f"recallbench run: persona {p.persona_id} stopped: {p.error}", file=sys.stderr)
    meta = result.metadata
    for warning in meta.warnings or ():
        print(f"recallbench run: warning: {warning}", file=sys.stderr)
    from ..models.limiter import limiter_states

    for limited in limiter_states():
        if limited.rate_limited:  # e.g. the judge's endpoint answering 429
            print(f"recallbench run: {limited.describe()}", file=sys.stderr)
    if meta.connection_errors:
        again = f" rerun with --resume {output.progress} to ask them" if output.progress else ""
        print(
            f"recallbench run: {meta.connection_errors} question(s) could not reach the memory "
            f"system (left unscored);{again}",
            file=sys.stderr,
        )
    failed = (meta.adapter_errors or 0) + (meta.judge_errors or 0)
    if failed and output.result_json is not None and output.questions is not None:
        print(
            f"recallbench run: {failed} question(s) failed at the adapter or the judge; to ask "
            f"only those again, rerun with the same flags and --retry-errors "
            f"{output.result_json.parent}",
            file=sys.stderr,
        )
    sys.stderr.flush()


def announce_defaults(defaults: list[str], args: argparse.Namespace, *, hint: bool) -> None:
    """Say which built-in defaults stand in for what was not given (and, when no adapter was named,
    how to benchmark your own)."""
    lines = [f"Using the built-in defaults: {'; '.join(defaults)}."]
    if hint:
        lines += [
            "To benchmark your own memory system: recallbench run --adapter path/to/adapter.py "
            "[--judge rubric|azure:DEPLOYMENT|openai:MODEL|claude] [--data DIR]",
            "(an adapter is any object with async setup/ingest_day/finalize_ingestion/query/"
            "teardown; see docs/adapters.md)",
        ]
    stream = sys.stderr if (args.json or args.heatmap) else sys.stdout
    print("\n".join(lines) + "\n", file=stream, flush=True)
