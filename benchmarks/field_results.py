"""Field results: one memory system on one selection, measured as docs/field-results.md reports it.

Runs ``python -m recallbench run`` for an adapter spec on a named selection in a subprocess, samples the
memory of the run's whole process tree while it runs (an MCP server started by the run is a child of
it, and counts), reads the run's ``result.json`` and prints one markdown table row; the record (every
figure, the exact command, the load and the machine) is written as JSON.

Selections (the same lifecycle for every system: ``--lifecycle incremental``, one setup and one
ingest of each day per persona, questions asked at each checkpoint as the days reach it):

* ``ea-180d``: ``--personas executive-assistant --arcs arcs-180d.yaml --ranges 30d,90d,full``
* ``fa-1000d``: ``--personas financial-advisor`` at the default checkpoints (30d, 90d, 6mo, 1y, full)
* ``fa-1000d-to-1y``: the same without the last checkpoint, for a system that cannot finish it

Both are judged by the offline rubric judge. Run from the repository root, one at a time (the figures
include wall times)::

    python benchmarks/field_results.py --name bm25 --adapter builtin:bm25 --selection ea-180d
    python benchmarks/field_results.py --name server-memory --adapter mcp:server-memory \\
        --selection fa-1000d -- --setup-timeout 120
    python benchmarks/field_results.py --name memos-os --adapter examples/adapters/memos_memory.py \\
        --selection ea-180d --companion "python -m recallbench embed-serve --port 8765" \\
        --companion-ready http://127.0.0.1:8765/health
    python benchmarks/field_results.py --table   # every record as the doc's table rows

Arguments after ``--`` go to ``recallbench run`` unchanged. ``--env K=V`` sets a variable for the run
(recorded). ``--companion CMD`` starts a helper process first (an embedding server a system needs),
waits for ``--companion-ready URL`` to answer, samples its memory apart and stops it afterwards.

What each figure is, read from ``result.json`` with ``recallbench.read_run`` (not recomputed):

* score: ``overall_score``, the mean composite (0–6) of every judged answer, and as a percentage;
* recall@5, recall@10, nDCG@10, MRR: ``retrieval.overall``, over the answers whose adapter reported
  retrieval entries with day numbers (``retrieval.questionCount`` of them);
* ingest s/day: the checkpoints' ``ingestMs`` (the ``ingest_day`` calls) plus their ``finalizeMs``
  (``finalize_ingestion``), summed, over the days they ingested (``newDaysIngested``) — the run's
  ``timing.ingestMsPerDay`` leaves finalize out; both are recorded. Setup (starting a server) is
  not in it;
* query p50/p95: ``timing.queryLatencyMs``, the wall time of each ``query`` call (the judge not
  included);
* errors: every answer carrying an error, grouped by stage and type
  (``recallbench.results.question_errors``), with the first message of each group;
* hallucination: ``hallucination_rate``, % of judged answers with hallucination score 0 (the rubric
  judge's ``invented`` mode).

Peak memory, two ways: ``peakTreeRssMiB`` is the largest sum of RSS over the run process and all its
descendants seen by a sampler reading /proc every 0.1 s (pages shared between processes count once per
process, so it is an upper bound of the tree's footprint at that instant; a peak shorter than the
interval can be missed); ``maxProcessRssMiB`` is the kernel's ``ru_maxrss`` of the run and the
descendants it waited for (exact, but the largest single process,
not a sum), from ``os.wait4`` on the run's process. Both are lower bounds of the tree's true peak
(the first misses instants between samples, the second adds nothing up); the table shows the larger.
A companion is sampled apart (``companionPeakRssMiB``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shlex
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "benchmarks" / "results" / "field"
RUNS = ROOT / "runs" / "field"

LIFECYCLE = ["--lifecycle", "incremental"]
SELECTIONS: dict[str, dict[str, Any]] = {
    "ea-180d": {
        "label": "executive-assistant, 180 days, 30d/90d/full",
        "args": [
            "--personas",
            "executive-assistant",
            "--arcs",
            "arcs-180d.yaml",
            "--ranges",
            "30d,90d,full",
            "--judge",
            "rubric",
            *LIFECYCLE,
        ],
    },
    "fa-1000d": {
        "label": "financial-advisor, 1,000 days, default checkpoints",
        "args": ["--personas", "financial-advisor", "--judge", "rubric", *LIFECYCLE],
    },
    # For a system that cannot finish the last checkpoint: the same run stopped at 1y.
    "fa-1000d-to-1y": {
        "label": "financial-advisor, 1,000-day arc, 30d/90d/6mo/1y",
        "args": [
            "--personas",
            "financial-advisor",
            "--ranges",
            "30d,90d,6mo,1y",
            "--judge",
            "rubric",
            *LIFECYCLE,
        ],
    },
}
MIB = 1024 * 1024


PAGE = os.sysconf("SC_PAGE_SIZE")


def _tree(root: int) -> list[tuple[int, str, int]]:
    """``(pid, name, rss bytes)`` of a process and its descendants, read from /proc (Linux)."""
    parents: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        pid = int(entry.name)
        names[pid] = name
        parents.setdefault(ppid, []).append(pid)
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        try:
            with open(f"/proc/{pid}/statm", "rb") as f:
                rss = int(f.read().split()[1]) * PAGE
        except (OSError, IndexError, ValueError):
            continue
        out.append((pid, _label(pid, names.get(pid, "?")), rss))
        todo.extend(parents.get(pid, ()))
    return out


def _label(pid: int, name: str) -> str:
    """A process's name for the per-process peaks: its executable's name, and for an interpreter
    the module or script it runs (``python -m mempalace.mcp_server``, ``node index.js``)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv = [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return name
    if not argv:
        return name
    exe = os.path.basename(argv[0])
    rest = argv[1:]
    if rest[:1] == ["-m"] and len(rest) > 1:
        return f"{exe} -m {rest[1]}"
    if rest and not rest[0].startswith("-") and exe.startswith(("python", "node")):
        return f"{exe} {os.path.basename(rest[0])}"
    return exe


class TreeSampler:
    """Samples the summed RSS of a process and its descendants until stopped."""

    def __init__(self, pid: int, interval: float = 0.1) -> None:
        self.pid, self.interval = pid, interval
        self.peak_sum = 0
        self.peak_processes = 0
        self.peak_by_name: dict[str, int] = {}
        self.samples = 0
        self.max_load1 = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> TreeSampler:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            procs = _tree(self.pid)
            if procs:
                for _, name, rss in procs:
                    if rss:  # a process caught starting or exiting has no pages yet
                        self.peak_by_name[name] = max(self.peak_by_name.get(name, 0), rss)
                self.peak_sum = max(self.peak_sum, sum(rss for _, _, rss in procs))
                self.peak_processes = max(self.peak_processes, len(procs))
                self.samples += 1
            self.max_load1 = max(self.max_load1, os.getloadavg()[0])
            self._stop.wait(self.interval)


def _git_head() -> str:
    """The commit measured: ``git rev-parse`` in the repository, or ``FIELD_RESULTS_COMMIT`` for a
    clean export of one (``git archive COMMIT | tar -x -C DIR``; the shared work tree may hold
    others' uncommitted changes)."""
    if os.environ.get("FIELD_RESULTS_COMMIT"):
        return os.environ["FIELD_RESULTS_COMMIT"]
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return done.stdout.strip()


def _wait_ready(url: str, timeout: float) -> float:
    t0 = time.perf_counter()
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                if reply.status < 500:
                    return time.perf_counter() - t0
        except OSError:
            pass
        if time.perf_counter() - t0 > timeout:
            raise SystemExit(f"companion not ready at {url} after {timeout:.0f} s")
        time.sleep(0.25)


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def extract(run_dir: Path) -> dict[str, Any]:
    """The figures of a finished (or interim) run, read from its files."""
    from recallbench import read_run
    from recallbench.results.question_errors import group_errors, question_errors

    loaded = read_run(run_dir)
    result = loaded.result
    md = result.metadata
    out: dict[str, Any] = {"interim": loaded.interim_note}
    overall = result.overall_score
    out["score"] = None if overall is None else round(overall, 4)
    out["scorePercent"] = None if overall is None else round(overall / 6 * 100, 2)
    rate = result.hallucination_rate
    out["hallucinationRatePercent"] = None if rate is None else round(rate, 3)
    answers = [
        q
        for p in result.personas
        for rr in p.range_results
        for q in (*rr.question_results, *(rr.unscored_results or ()))
    ]
    out["answers"] = len(answers)
    out["answersScored"] = sum(
        len(rr.question_results) for p in result.personas for rr in p.range_results
    )
    ret = result.retrieval
    if ret is not None:
        out["retrieval"] = {k: round(v, 4) for k, v in ret.overall.as_dict().items()} | {
            "answersWithRetrieval": ret.question_count
        }
    else:
        out["retrieval"] = None
    ingest_ms = finalize_ms = 0.0
    days = 0
    checkpoints = []
    for p in result.personas:
        for rr in p.range_results:
            if rr.ingest_ms is not None and rr.new_days_ingested:
                ingest_ms += rr.ingest_ms
                finalize_ms += rr.finalize_ms or 0.0
                days += rr.new_days_ingested
            checkpoints.append(
                {
                    "persona": p.persona_id,
                    "range": rr.range.label,
                    "days": rr.days_ingested,
                    "answers": rr.questions_evaluated,
                    "score": None if rr.overall_score is None else round(rr.overall_score, 4),
                    "recall@10": None
                    if rr.retrieval is None
                    else round(rr.retrieval.overall.recall_at_10, 4),
                    "ingestMs": rr.ingest_ms,
                    "finalizeMs": rr.finalize_ms,
                    "newDays": rr.new_days_ingested,
                }
            )
    timing = result.timing
    lat = timing.query_latency_ms if timing is not None else None
    out["timing"] = {
        "ingestSecondsPerDay": round((ingest_ms + finalize_ms) / days / 1000, 5) if days else None,
        "ingestMsPerDayWithoutFinalize": _ms(timing.ingest_ms_per_day) if timing else None,
        "finalizeMsMean": _ms(timing.finalize_ms_mean) if timing else None,
        "daysIngested": days,
        "ingestSecondsTotal": round((ingest_ms + finalize_ms) / 1000, 3),
        "queryP50Ms": None if lat is None else lat.p50,
        "queryP95Ms": None if lat is None else lat.p95,
        "queryMaxMs": None if lat is None else lat.max,
        "runDurationMs": md.duration_ms,
    }
    out["errors"] = [
        {"stage": g.stage, "type": g.type, "count": g.count, "firstMessage": g.first_message[:300]}
        for g in group_errors(question_errors(result))
    ]
    out["adapterErrors"] = md.adapter_errors
    out["judgeErrors"] = md.judge_errors
    out["checkpoints"] = checkpoints
    fp = md.fingerprint
    out["fingerprint"] = fp.get("digest") if isinstance(fp, dict) else getattr(fp, "digest", None)
    return out


def _fmt(value: float | None, spec: str) -> str:
    return "—" if value is None else format(value, spec)


def _load(load: dict[str, Any]) -> str:
    """The 1-minute load before the run, and the highest seen during it when that is higher."""
    before, top = f"{load['before'][0]:.1f}", f"{load['maxDuring']:.1f}"
    return before if before == top else f"{before}–{top}"


def _sig2(value: float | None) -> str:
    """Two significant digits, positional (0.000050, 0.057, 0.16, 1.5, 12)."""
    if value is None:
        return "—"
    if value <= 0:
        return "0"
    return f"{value:.{max(0, 1 - math.floor(math.log10(value)))}f}"


def _errors_text(record: dict[str, Any]) -> str:
    figures = record.get("figures") or {}
    groups = figures.get("errors") or []
    if not groups:
        return "0" if figures else "run failed"
    return ", ".join(f"{g['count']} {g['stage']}/{g['type']}" for g in groups)


def markdown_row(record: dict[str, Any]) -> str:
    """``| system | selection | score | recall@5 | recall@10 | nDCG@10 | MRR | ingest s/day | query
    p50 / p95 ms | peak MiB | run s | errors | halluc. | load |``"""
    f = record.get("figures") or {}
    r = f.get("retrieval") or {}
    t = f.get("timing") or {}
    m = record["memory"]
    score = "failed" if f.get("score") is None else f"{f['score']:.2f} ({f['scorePercent']:.1f}%)"
    lat = "—" if t.get("queryP50Ms") is None else f"{t['queryP50Ms']:,.2f} / {t['queryP95Ms']:,.2f}"
    ingest = t.get("ingestSecondsPerDay")
    cells = [
        record["name"],
        record["selection"],
        score,
        _fmt(r.get("recall@5"), ".3f"),
        _fmt(r.get("recall@10"), ".3f"),
        _fmt(r.get("ndcg@10"), ".3f"),
        _fmt(r.get("mrr"), ".3f"),
        _sig2(ingest),
        lat,
        f"{max(m['peakTreeRssMiB'], m['maxProcessRssMiB']):.0f}"
        + (f" + {m['companionPeakRssMiB']:.0f}" if m.get("companionPeakRssMiB") else ""),
        f"{record['wallSeconds']:.0f}",
        _errors_text(record),
        _fmt(f.get("hallucinationRatePercent"), ".1f")
        + ("%" if f.get("hallucinationRatePercent") is not None else ""),
        _load(record["load"]),
    ]
    return "| " + " | ".join(cells) + " |"


def by_rank(run_dir: Path) -> dict[str, Any]:
    """Mean score of a kept run's answers by where the first relevant day ranked (negative-recall
    apart), and by category: how much of the score the answer rule leaves to retrieval."""
    from recallbench import read_run

    groups: dict[str, list[float]] = {"first": [], "2-10": [], "none": [], "negative-recall": []}
    categories: dict[str, list[float]] = {}
    for p in read_run(run_dir).result.personas:
        for rr in p.range_results:
            for q in rr.question_results:
                categories.setdefault(q.qa.category, []).append(q.composite_score)
                rm = q.retrieval_metrics
                if q.qa.category == "negative-recall":
                    groups["negative-recall"].append(q.composite_score)
                elif rm is not None:
                    key = "first" if rm.mrr == 1 else "2-10" if rm.recall_at_10 > 0 else "none"
                    groups[key].append(q.composite_score)

    def mean(xs: list[float]) -> list[float | int] | None:
        return [round(sum(xs) / len(xs), 2), len(xs)] if xs else None

    return {
        "byFirstRelevantRank": {k: mean(v) for k, v in groups.items()},
        "byCategory": {k: mean(v) for k, v in sorted(categories.items())},
    }


def measure(args: argparse.Namespace) -> dict[str, Any]:
    selection = SELECTIONS[args.selection]
    run_dir = (args.run_dir or RUNS / f"{args.name}--{args.selection}").resolve()
    if run_dir.exists() and not args.resume:
        import shutil

        shutil.rmtree(run_dir)
    command = [
        "python",
        "-m",
        "recallbench",
        "run",
        "--adapter",
        args.adapter,
        *selection["args"],
        *args.extra,
    ]
    io_flags = ["--output", str(run_dir), "--no-html", "--no-heatmap-png"]
    env = dict(os.environ)
    for item in args.env:
        key, _, value = item.partition("=")
        env[key] = value
    env.setdefault("PYTHONPATH", str(ROOT))

    companion = companion_sampler = None
    companion_ready_s = None
    if args.companion:
        companion = subprocess.Popen(
            shlex.split(args.companion),
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        companion_sampler = TreeSampler(companion.pid).start()
        if args.companion_ready:
            companion_ready_s = _wait_ready(args.companion_ready, 120)

    load_before = os.getloadavg()
    stdout_path = run_dir.parent / f"{run_dir.name}.log"
    stdout_path.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    with stdout_path.open("w") as log:
        child = subprocess.Popen(
            [sys.executable, *command[1:], *io_flags],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        sampler = TreeSampler(child.pid).start()
        # wait4: this child's own rusage (its ru_maxrss covers the descendants it waited for).
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = code = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    sampler.stop()
    maxrss_kib = usage.ru_maxrss
    companion_peak = None
    if companion is not None:
        assert companion_sampler is not None
        companion_sampler.stop()
        companion_peak = companion_sampler.peak_sum / MIB
        companion.terminate()
        try:
            companion.wait(10)
        except subprocess.TimeoutExpired:
            companion.kill()
    load_after = os.getloadavg()

    tail = stdout_path.read_text(errors="replace").splitlines()
    failure = next((line for line in tail if line.startswith("FAILED:")), None)
    figures = None
    read_error = None
    if (run_dir / "result.json").exists() or (run_dir / "progress.jsonl").exists():
        try:
            figures = extract(run_dir)
        except Exception as exc:  # a run that left nothing readable is reported, not hidden
            read_error = f"{type(exc).__name__}: {exc}"
    record = {
        "name": args.name,
        "adapter": args.adapter,
        "selection": args.selection,
        "selectionLabel": selection["label"],
        "command": shlex.join(command),
        "env": args.env,
        "companion": args.companion,
        "companionReadySeconds": None if companion_ready_s is None else round(companion_ready_s, 2),
        "exitCode": code,
        "failureLine": failure,
        "lastLines": tail[-12:] if code != 0 else None,
        "readError": read_error,
        "wallSeconds": round(wall, 2),
        "figures": figures,
        "memory": {
            "peakTreeRssMiB": round(sampler.peak_sum / MIB, 1),
            "maxProcessRssMiB": round(maxrss_kib / 1024, 1),
            "peakByProcessMiB": {
                k: round(v / MIB, 1) for k, v in sorted(sampler.peak_by_name.items())
            },
            "processesAtMost": sampler.peak_processes,
            "samples": sampler.samples,
            "companionPeakRssMiB": None if companion_peak is None else round(companion_peak, 1),
        },
        "load": {
            "before": [round(x, 2) for x in load_before],
            "after": [round(x, 2) for x in load_after],
            "maxDuring": round(max(sampler.max_load1, load_before[0]), 2),
            "cores": os.cpu_count(),
        },
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "recallbenchCommit": _git_head(),
        "measuredAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "runDir": str(run_dir.relative_to(ROOT)) if run_dir.is_relative_to(ROOT) else str(run_dir),
    }
    return record


def main() -> None:
    argv = sys.argv[1:]
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", help="the system's name in the table and the record's file name")
    parser.add_argument("--adapter", help="the adapter spec given to recallbench run --adapter")
    parser.add_argument(
        "--selection",
        choices=sorted(SELECTIONS),
        action="append",
        help="ea-180d or fa-1000d; give it twice for both (one after the other)",
    )
    parser.add_argument("--env", action="append", default=[], metavar="K=V")
    parser.add_argument(
        "--companion", help="a helper process to start first (its own memory apart)"
    )
    parser.add_argument("--companion-ready", metavar="URL", help="wait until this URL answers")
    parser.add_argument(
        "--out",
        type=Path,
        default=RECORDS,
        help=f"records folder (default {RECORDS.relative_to(ROOT)})",
    )
    parser.add_argument(
        "--run-dir", type=Path, help="the run's folder (default runs/field/NAME--SELECTION)"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep an existing run folder (pass --resume PROGRESS after --)",
    )
    parser.add_argument(
        "--ranks",
        action="store_true",
        help="print each kept run's score by first relevant rank and by category, and stop",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="print the records in --out (of --selection, if given) as table rows and stop",
    )
    args = parser.parse_args(argv)
    args.extra = extra
    if args.table:
        print(
            "| system | selection | score (0–6) | recall@5 | recall@10 | nDCG@10 | MRR | ingest s/day | query p50 / p95 ms | peak MiB | run s | errors | halluc. | load |"
        )
        print("| --- " * 14 + "|")
        for path in sorted(args.out.glob("*.json")):
            record = json.loads(path.read_text())
            if not args.selection or record["selection"] in args.selection:
                print(markdown_row(record))
        return
    if args.ranks:
        for path in sorted(args.out.glob("*.json")):
            record = json.loads(path.read_text())
            if args.selection and record["selection"] not in args.selection:
                continue
            run_dir = ROOT / record["runDir"]
            if (run_dir / "result.json").exists():
                print(record["name"], record["selection"], json.dumps(by_rank(run_dir)))
        return
    if not (args.name and args.adapter and args.selection):
        parser.error("--name, --adapter and --selection are required (or --table)")
    for selection in args.selection:
        args_one = argparse.Namespace(**{**vars(args), "selection": selection})
        record = measure(args_one)
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"{args.name}--{selection}.json"
        path.write_text(json.dumps(record, indent=2) + "\n")
        print(markdown_row(record))
        print(f"  command: {record['command']}")
        if record["failureLine"] or record["exitCode"]:
            print(
                f"  exit {record['exitCode']}: {record['failureLine'] or (record['lastLines'] or [''])[-1]}"
            )
        print(f"  record: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
