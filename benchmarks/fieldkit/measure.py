"""One field run: ``recallbench run`` in a child process, its process tree's memory sampled, a
companion started and checked first when the system needs one, and the record of it all.

A record names no path of the machine that made it: the systems' folders are given as
``$TOOLS/<system>``, the output folder as ``$OUT``, the checkout as ``.``, a data file by its name
(and its sha256); what was installed there is recorded by version, read from the folder itself.
"""

from __future__ import annotations

import os
import platform
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import attrs

from .companion import Companion
from .errors import Refusal
from .figures import extract
from .sampling import TreeSampler
from .selections import Selection
from .systems import System, installed_version

__all__ = ["Job", "measure"]

MIB = 1024 * 1024


@attrs.frozen(kw_only=True)
class Job:
    """What one row is measured from."""

    root: Path
    """The checkout measured (the run's working folder)."""
    name: str
    adapter: str
    selection: Selection
    out: Path
    """The folder the record is written to."""
    run_dir: Path
    resume: bool = False
    env: tuple[str, ...] = ()
    """``K=V`` items given with ``--env``."""
    installed: tuple[tuple[System, Path], ...] = ()
    companion: str | None = None
    companion_ready: str | None = None
    extra: tuple[str, ...] = ()
    record: bool = False
    """Written to the committed records (``--record``)."""

    def portable(self, text: str) -> str:
        """``text`` with this machine's folders replaced by the names the docs use."""
        subs = [(str(folder), f"$TOOLS/{system.name}") for system, folder in self.installed]
        subs.append((str(self.out.resolve()), "$OUT"))
        run_dir = self.run_dir.resolve()
        if not (run_dir.is_relative_to(self.out.resolve()) or run_dir.is_relative_to(self.root)):
            subs.append((str(run_dir), "$RUN_DIR"))
        if self.selection.data is not None:
            subs.append((str(self.selection.data["path"]), str(self.selection.data["name"])))
        subs.append((str(self.root), "."))
        for old, new in sorted(subs, key=lambda s: -len(s[0])):
            text = text.replace(old, new)
        return text


def rerun_command(job: Job) -> list[str]:
    """The script's command that measures this row again, with the docs' folder names."""
    argv = ["python", "benchmarks/field_results.py", "--name", job.name, "--adapter", job.adapter]
    for system, _ in job.installed:
        argv += ["--installed", f"{system.name}=$TOOLS/{system.name}"]
    for item in job.env:
        argv += ["--env", job.portable(item)]
    if job.companion:
        argv += ["--companion", job.portable(job.companion)]
    if job.companion_ready:
        argv += ["--companion-ready", job.companion_ready]
    argv += ["--selection", job.selection.name]
    if job.selection.data is not None:
        argv += ["--locomo", str(job.selection.data["name"])]
    argv += ["--record"] if job.record else ["--out", "$OUT"]
    if job.extra:
        argv += ["--", *(job.portable(a) for a in job.extra)]
    return argv


def _git_head(root: Path) -> str:
    """The commit measured: ``git rev-parse`` in the checkout, or ``FIELD_RESULTS_COMMIT`` for a
    clean export of one (``git archive COMMIT | tar -x -C DIR``)."""
    if os.environ.get("FIELD_RESULTS_COMMIT"):
        return os.environ["FIELD_RESULTS_COMMIT"]
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    dirty = subprocess.run(
        # Records written meanwhile (a series with --record) are not the code measured.
        ["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!benchmarks/results"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    head = done.stdout.strip()
    return f"{head}+uncommitted" if head and dirty.stdout.strip() else head


def _environment(job: Job) -> dict[str, str]:
    env = dict(os.environ)
    paths = [str(job.root)]
    for system, folder in job.installed:
        if system.env == "PYTHONPATH":
            paths.append(str(folder))
        else:
            env[system.env] = str(folder)
    for item in job.env:
        key, _, value = item.partition("=")
        if key == "PYTHONPATH":
            paths.extend(p for p in value.split(os.pathsep) if p)
        else:
            env[key] = value
    paths.extend(p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)
    # This checkout first: the figures are of the code measured, not of an installed copy.
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


def _clear(run_dir: Path, resume: bool) -> None:
    if not run_dir.exists() or resume:
        return
    entries = {p.name for p in run_dir.iterdir()}
    if entries and not entries & {"result.json", "progress.jsonl", "questions.jsonl"}:
        raise Refusal(f"--run-dir {run_dir}: holds files that are not a run's; give a new folder")
    shutil.rmtree(run_dir)


def measure(job: Job) -> dict[str, Any]:
    """Run ``job`` and return its record (not yet written).

    Raises:
        Refusal: bad input, or a companion that is not what answers its URL.
    """
    _clear(job.run_dir, job.resume)
    run_args = [
        "-m",
        "recallbench",
        "run",
        "--adapter",
        job.adapter,
        *job.selection.run_args(),
        *job.extra,
    ]
    shown = ["python", "-m", "recallbench", "run", "--adapter", job.adapter]
    shown += [*job.selection.shown_args(), *job.extra]
    io_flags = ["--output", str(job.run_dir), "--no-html", "--no-heatmap-png"]
    env = _environment(job)
    job.run_dir.parent.mkdir(parents=True, exist_ok=True)
    log_path = job.run_dir.parent / f"{job.run_dir.name}.log"

    companion = None
    companion_sampler = None
    if job.companion:
        if not job.companion_ready:
            raise Refusal("--companion needs --companion-ready URL: the URL it answers on")
        companion = Companion(
            job.companion,
            job.companion_ready,
            cwd=job.root,
            env=env,
            log=job.run_dir.parent / f"{job.run_dir.name}.companion.log",
        )
    try:
        if companion is not None:
            companion.start()
            companion_sampler = TreeSampler(companion.pid).start()
        load_before = os.getloadavg()
        t0 = time.perf_counter()
        with log_path.open("w") as log:
            child = subprocess.Popen(
                [sys.executable, *run_args, *io_flags],
                cwd=job.root,
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
        companion_check = None
        if companion is not None:
            try:  # still the companion's at the end, not a stranger that took the port over
                if not companion.alive():
                    raise Refusal(f"--companion exited during the run (code {companion.code()})")
                companion.check()
                companion_check = "held the port from start to end"
            except Refusal as exc:
                companion_check = str(exc)
    finally:
        if companion_sampler is not None:
            companion_sampler.stop()
        if companion is not None:
            companion.stop()
    load_after = os.getloadavg()

    tail = log_path.read_text(errors="replace").splitlines()
    failure = next((line for line in tail if line.startswith("FAILED:")), None)
    # What made a finished run exit 1: its warnings (a teardown past its limit, connection errors).
    warnings = [line for line in tail if line.startswith("recallbench run: warning:")]
    figures = None
    read_error = None
    if (job.run_dir / "result.json").exists() or (job.run_dir / "progress.jsonl").exists():
        try:
            figures = extract(job.run_dir)
        except Exception as exc:  # a run that left nothing readable is reported, not hidden
            read_error = f"{type(exc).__name__}: {exc}"
    companion_peak = None if companion_sampler is None else companion_sampler.peak_sum / MIB
    data = job.selection.data
    record = {
        "name": job.name,
        "adapter": job.adapter,
        "selection": job.selection.name,
        "selectionLabel": job.selection.label,
        "data": None if data is None else {k: v for k, v in data.items() if k != "path"},
        "command": job.portable(shlex.join(shown)),
        "reproduce": " ".join(
            a if a.startswith("$") or "=$" in a else shlex.quote(a) for a in rerun_command(job)
        ),
        "installed": [
            {
                "system": system.name,
                "pinned": system.version,
                "found": installed_version(system, folder),
                "kind": system.kind,
                "env": f"{system.env}=$TOOLS/{system.name}",
            }
            for system, folder in job.installed
        ],
        "env": [job.portable(item) for item in job.env],
        "companion": None if job.companion is None else job.portable(job.companion),
        "companionReady": job.companion_ready,
        "companionReadySeconds": None
        if companion is None or companion.ready_seconds is None
        else round(companion.ready_seconds, 2),
        "companionCheck": companion_check,
        "exitCode": code,
        "failureLine": None if failure is None else job.portable(failure),
        "warnings": [job.portable(line) for line in warnings[:10]],
        "lastLines": [job.portable(line) for line in tail[-12:]] if code != 0 else None,
        "readError": read_error,
        "wallSeconds": round(wall, 2),
        "figures": figures,
        "memory": {
            "peakTreeRssMiB": round(sampler.peak_sum / MIB, 1),
            "maxProcessRssMiB": round(usage.ru_maxrss / 1024, 1),
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
        "recallbenchCommit": _git_head(job.root),
        "measuredAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "runDir": job.portable(str(job.run_dir)),
    }
    return record
