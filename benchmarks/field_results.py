"""Field results: one memory system on one selection, measured as docs/field-results.md reports it.

Install a system into a folder you name, then measure it into a folder you name::

    python benchmarks/field_results.py install server-memory --into ~/rb-tools/server-memory
    python benchmarks/field_results.py --name server-memory --adapter mcp:server-memory \\
        --installed server-memory=~/rb-tools/server-memory --selection ea-180d --out ~/rb-field
    python benchmarks/field_results.py --table --out ~/rb-field

``install SYSTEM --into DIR`` (systems: server-memory, basic-memory, mempalace, memos-os,
chroma-mcp, memory-service; ``--python PY`` picks the venv's Python) installs the pinned version in a
folder of its own and prints the variable a run needs; ``--installed SYSTEM=DIR`` sets it for a run
and records the version found there.

Measuring runs ``python -m recallbench run`` for an adapter spec on a named selection in a
subprocess (``--selection`` ea-180d, fa-1000d, fa-1000d-to-1y, or locomo with ``--locomo FILE``),
samples the memory of the run's whole process tree while it runs (an MCP server started by the run
is a child of it, and counts), reads the run's ``result.json`` and prints one markdown table row;
the record (every figure, the command, the load, the machine, no path of it) is written to
``--out DIR`` as ``NAME--SELECTION.json``, the run beside it in ``DIR/NAME--SELECTION/``. The
committed records (benchmarks/results/field/) are written only with ``--record`` (the run then goes
to runs/field/). Arguments after ``--`` go to ``recallbench run`` unchanged; ``--env K=V`` sets a
variable for the run (recorded).

``--companion CMD --companion-ready URL`` starts a helper first (an embedding server a system
needs): its port must be free before, and once the URL answers, what listens on it must be the
companion or a process it started, else the run is refused in one line naming the port and the
other process; its memory is sampled apart and it is stopped afterwards, as a process group.

``--ranks`` prints each kept run's mean score by where the first relevant day ranked; ``--table``
prints the records of ``--out`` (default: the committed ones) as the doc's rows. Bad input is one
line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fieldkit.errors import Refusal
from fieldkit.figures import TABLE_HEAD, by_rank, markdown_row
from fieldkit.install import InstallFailed, install
from fieldkit.measure import Job, measure
from fieldkit.selections import NEEDS_FILE, SELECTIONS, selection
from fieldkit.systems import SYSTEMS, parse_installed, system

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "benchmarks" / "results" / "field"
RUNS = ROOT / "runs" / "field"
PROG = "field_results.py"


def _install_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog=f"{PROG} install", description="Install one system, pinned, into a folder of its own."
    )
    parser.add_argument("system", help=", ".join(SYSTEMS))
    parser.add_argument("--into", type=Path, required=True, metavar="DIR")
    parser.add_argument(
        "--python", help="the Python its venv is made with (default: one that suits)"
    )
    args = parser.parse_args(argv)
    found = system(args.system)
    try:
        done = install(found, args.into, args.python, say=lambda line: print(line, flush=True))
    except InstallFailed as exc:
        print(f"{PROG} install {found.name}: {exc}", file=sys.stderr)
        return 1
    into = args.into.expanduser().resolve()
    how = "already there" if done["already"] else f"in {done['installSeconds']} s"
    python = f" on Python {done['pythonVersion']} ({done['python']})" if done.get("python") else ""
    print(f"{found.label} installed in {into}{python}, {how}")
    if found.env == "PYTHONPATH":
        print(f"export PYTHONPATH={into}:$PYTHONPATH")
    else:
        print(f"export {found.env}={into}")
    print(f"a run finds it with: --installed {found.name}={into}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("--name", help="the system's name in the table and the record's file name")
    parser.add_argument("--adapter", help="the adapter spec given to recallbench run --adapter")
    parser.add_argument(
        "--selection",
        action="append",
        help=f"{', '.join([*SELECTIONS, *NEEDS_FILE])}; give it more than once for several, one "
        "after the other",
    )
    parser.add_argument(
        "--locomo", type=Path, metavar="FILE", help="LoCoMo's locomo10.json (--selection locomo)"
    )
    parser.add_argument(
        "--installed",
        action="append",
        default=[],
        metavar="SYSTEM=DIR",
        help="a system installed by `install SYSTEM --into DIR`: sets its variable for the run",
    )
    parser.add_argument("--env", action="append", default=[], metavar="K=V")
    parser.add_argument("--companion", help="a helper process to start first (its memory apart)")
    parser.add_argument("--companion-ready", metavar="URL", help="the URL the companion answers on")
    parser.add_argument("--out", type=Path, metavar="DIR", help="the folder records are written to")
    parser.add_argument(
        "--record",
        action="store_true",
        help=f"write the committed records ({RECORDS.relative_to(ROOT)}), the run to "
        f"{RUNS.relative_to(ROOT)}",
    )
    parser.add_argument(
        "--run-dir", type=Path, help="the run's folder (default: beside the record)"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep an existing run folder (pass --resume PROGRESS after --)",
    )
    parser.add_argument(
        "--ranks", action="store_true", help="print each kept run's score by first relevant rank"
    )
    parser.add_argument(
        "--table", action="store_true", help="print the records of --out as the doc's table rows"
    )
    return parser


def _records(folder: Path, selections: list[str] | None) -> list[tuple[Path, dict[str, Any]]]:
    out = []
    for path in sorted(folder.glob("*.json")):
        record = json.loads(path.read_text())
        if not selections or record["selection"] in selections:
            out.append((path, record))
    return out


def _run_dir_of(path: Path, record: dict[str, Any]) -> Path:
    """A record's run folder: ``$OUT/…`` beside the record, ``./…`` or older records' ``runs/…``
    in the checkout."""
    given = str(record["runDir"])
    if given.startswith("$OUT/"):
        return path.parent / given[len("$OUT/") :]
    return ROOT / given.removeprefix("./")


def _out_folder(args: argparse.Namespace) -> Path:
    if args.out is None:
        if args.record:
            return RECORDS
        raise Refusal(
            "--out DIR is required: the folder the records are written to "
            f"(--record writes the committed ones, {RECORDS.relative_to(ROOT)})"
        )
    out: Path = args.out.expanduser().resolve()
    if out == RECORDS.resolve() and not args.record:
        raise Refusal(
            f"--out {args.out}: that is the committed records' folder; add --record to write it"
        )
    if args.record and out != RECORDS.resolve():
        raise Refusal(
            f"--record writes {RECORDS.relative_to(ROOT)}; give --out elsewhere without it"
        )
    return out


def _measure_main(args: argparse.Namespace) -> int:
    if not (args.name and args.adapter and args.selection):
        raise Refusal("--name, --adapter and --selection are required (or --table / --ranks)")
    out = _out_folder(args)
    installed = tuple(parse_installed(item) for item in args.installed)
    for item in args.env:
        if "=" not in item or item.startswith("="):
            raise Refusal(f"--env {item}: expected K=V")
    if args.companion and not args.companion_ready:
        raise Refusal("--companion needs --companion-ready URL: the URL it answers on")
    chosen = [selection(name, args.locomo) for name in args.selection]
    if args.record and (shaped := [s for s in chosen if not s.recordable]):
        name = shaped[0].data["name"] if shaped[0].data else shaped[0].name
        raise Refusal(
            f"--record: {name} is a LoCoMo-shaped file, not LoCoMo; its figures are not recorded "
            "as LoCoMo's"
        )
    if len(chosen) > 1 and args.run_dir:
        raise Refusal("--run-dir names one run's folder: give one --selection with it")
    for one in chosen:
        key = f"{args.name}--{one.name}"
        run_dir = (args.run_dir or (RUNS if args.record else out) / key).expanduser().resolve()
        job = Job(
            root=ROOT,
            name=args.name,
            adapter=args.adapter,
            selection=one,
            out=out,
            run_dir=run_dir,
            resume=args.resume,
            env=tuple(args.env),
            installed=installed,
            companion=args.companion,
            companion_ready=args.companion_ready,
            extra=tuple(args.extra),
            record=args.record,
        )
        record = measure(job)
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{key}.json"
        path.write_text(json.dumps(record, indent=2) + "\n")
        print(markdown_row(record))
        print(f"  command: {record['command']}")
        if record["companionCheck"] and not record["companionCheck"].startswith("held"):
            print(f"  companion: {record['companionCheck']}")
        if record["failureLine"] or record["exitCode"]:
            said = record["failureLine"] or next(iter(record["warnings"]), None)
            last = said or (record["lastLines"] or [""])[-1]
            print(f"  exit {record['exitCode']}: {last}")
        print(f"  record: {path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["install"]:
            return _install_main(argv[1:])
        extra: list[str] = []
        if "--" in argv:
            cut = argv.index("--")
            argv, extra = argv[:cut], argv[cut + 1 :]
        args = _parser().parse_args(argv)
        args.extra = extra
        if args.table or args.ranks:
            folder = (args.out or RECORDS).expanduser().resolve()
            records = _records(folder, args.selection)
            if args.table:
                print(TABLE_HEAD)
                for _, record in records:
                    print(markdown_row(record))
            else:
                for path, record in records:
                    run_dir = _run_dir_of(path, record)
                    if (run_dir / "result.json").exists():
                        print(record["name"], record["selection"], json.dumps(by_rank(run_dir)))
            return 0
        return _measure_main(args)
    except Refusal as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
