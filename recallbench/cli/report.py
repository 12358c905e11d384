"""``recallbench report``: re-render any run — ours or the reference harness's, finished or not.

Reads a ``result.json``, a ``progress.jsonl`` (a partial run is labelled interim) or a run directory,
prints the text report (coloured when stdout is a terminal) with the hallucination analysis, and on
request writes the heatmap PNG, the hallucination scatter and the self-contained HTML report.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

from ._common import use_color
from ._epochs import add_ci_width_argument, with_ci_width
from ._heap import long_lived

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "report",
        help="re-render a run: text, heatmap PNG, HTML",
        description="Re-render a run from its result.json, its progress.jsonl (a run still going or "
        "killed: labelled interim) or its directory — including the reference harness's files.",
    )
    p.add_argument(
        "source", type=Path, metavar="RUN", help="result.json, progress.jsonl or a run directory"
    )
    p.add_argument("--png", type=Path, metavar="PATH", help="write the heatmap PNG here")
    p.add_argument(
        "--hallucination-png",
        type=Path,
        metavar="PATH",
        help="write the recall-versus-hallucination scatter PNG here",
    )
    p.add_argument(
        "--html", type=Path, metavar="PATH", help="write the self-contained HTML report here"
    )
    p.add_argument(
        "--heatmap", action="store_true", help="print the heatmap grid as JSON (wins over --json)"
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the result as JSON, with the hallucination analysis under "
        "'hallucinationAnalysis'",
    )
    p.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text heatmap: auto (when stdout is a terminal, the default), always, never",
    )
    add_ci_width_argument(p, default=None)
    p.set_defaults(handler=report_command)


def report_command(args: argparse.Namespace) -> int:
    from .._convert import to_json
    from ..render.artifacts import write_views
    from ..render.hallucination_text import analysis_to_json
    from ..render.report import format_text_report, to_heatmap_grid
    from ..results.hallucination import analyze_hallucination
    from ..results.hallucination_mode import run_mode
    from ..results.panel_agreement import panel_agreement
    from ..results.reading import read_run

    with long_lived():
        run = read_run(args.source)
    result = with_ci_width(run.result, args.ci_width)
    note = run.interim_note
    if note:
        print(f"recallbench report: {run.source} is an unfinished run ({note})", file=sys.stderr)

    written = write_views(
        result,
        heatmap_png=args.png,
        hallucination_png=args.hallucination_png,
        html=args.html,
        interim=note,
        details=run.details,
        strict=True,
    )
    for path in written:
        print(f"wrote {path}", file=sys.stderr)

    if args.heatmap:
        _print_json(to_heatmap_grid(result))
    elif args.json:
        extra: dict[str, Any] = {
            "hallucinationAnalysis": analysis_to_json(
                analyze_hallucination(result), run_mode(result.metadata)
            )
        }
        agreement = panel_agreement(result)
        if agreement is not None:  # a judge panel's, or --judge-epochs'
            extra["panelAgreement"] = agreement.to_json()
        if note:
            extra["interim"] = note
        _write_json(_with_keys(to_json(result), extra))
    elif not written:
        print(
            _text(result, note, color=use_color(args.color), format_text_report=format_text_report)
        )
    return 0


def _print_json(data: Any) -> None:
    from .._convert import json_bytes

    _write_json(json_bytes(data, pretty=True))


def _with_keys(data: dict[str, Any], extra: dict[str, Any]) -> bytes:
    """``json.dumps({**data, **extra}, indent=2, ensure_ascii=False)`` as UTF-8, for ``extra`` keys
    not in ``data``: the two encoded apart, then joined.

    The result and the hallucination analysis are encoded separately because the encoder checks its
    output for ``null`` (where orjson and the standard library may differ: NaN) and the analysis
    holds nulls: encoded together, the result's 200 MB would go to the standard library's indenting
    encoder (20 s) for the sake of a few kilobytes. Lines are structural in indented JSON (a string
    never holds a raw line break), so indenting a value is indenting its lines.
    """
    from .._convert import json_bytes

    out = json_bytes(data, pretty=True)
    if not data or not out.endswith(b"\n}") or extra.keys() & data.keys():
        return json_bytes({**data, **extra}, pretty=True)
    parts = [out[:-2]]
    for key, value in extra.items():
        encoded = json_bytes(value, pretty=True).replace(b"\n", b"\n  ")
        parts.append(b",\n  " + json_bytes(key) + b": " + encoded)
    parts.append(b"\n}")
    return b"".join(parts)


def _write_json(out: bytes) -> None:
    """Encoded JSON and a line break on stdout: the bytes ``print(json.dumps(data, indent=2,
    ensure_ascii=False))`` writes to a UTF-8 stdout (a large run's result is 200 MB of JSON: 20 s in
    the standard library's indenting encoder, a fraction of a second in orjson)."""
    buffer = getattr(sys.stdout, "buffer", None)
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    if buffer is None or encoding != "utf8":
        print(out.decode("utf-8", "surrogatepass"))
        return
    sys.stdout.flush()
    buffer.write(out + b"\n")
    buffer.flush()


def _text(result: Any, note: str | None, *, color: bool, format_text_report: Any) -> str:
    text: str = (
        format_text_report(result, color=True, width=shutil.get_terminal_size().columns)
        if color
        else format_text_report(result)
    )
    if note:
        text = f"[{note}]\n{text}"
    return text
