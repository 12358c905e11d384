"""``field_results.py install SYSTEM --into DIR``: one system, pinned, into a folder of its own.

npm systems get an npm prefix; Python servers a venv on a Python that suits them (found on PATH or
among pyenv's versions, or given with ``--python``), checked before anything is installed; memos-os,
which runs inside recallbench's process, gets the packages this environment lacks (as pip resolves
them against it) in a plain folder, to go on ``PYTHONPATH``. The install writes
``recallbench-install.json`` into the folder (the system, its version, the Python, what pip or npm
installed) and prints the variable a run needs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import Refusal
from .systems import System, installed_version

__all__ = ["MARKER", "choose_python", "install", "probe_python"]

MARKER = "recallbench-install.json"
_PROBE = """
import json, sqlite3, sys
try:
    sqlite3.connect(":memory:").enable_load_extension(True)
    ext = None
except Exception as exc:
    ext = f"{type(exc).__name__}: {exc}"
base = getattr(sys, "_base_executable", sys.executable)
print(json.dumps({"version": list(sys.version_info[:3]), "executable": base, "ext": ext}))
"""


class InstallFailed(Exception):
    """npm or pip failed: one line, the tool's last words."""


def probe_python(python: str) -> dict[str, Any] | None:
    """A Python's version, its real executable and whether its sqlite3 loads extensions (``ext``:
    None when it can, else why not); None when it does not run."""
    try:
        done = subprocess.run(
            [python, "-c", _PROBE], capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    try:
        probe: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None
    return probe


def _why_not(found: System, probe: dict[str, Any]) -> str | None:
    version = tuple(probe["version"][:2])
    if found.min_python and version < found.min_python:
        need = ".".join(map(str, found.min_python))
        return (
            f"is Python {'.'.join(map(str, probe['version']))}; {found.name} needs {need} or later"
        )
    if found.sqlite_extensions and probe["ext"] is not None:
        return (
            f"has a sqlite3 that cannot load extensions ({probe['ext']}); {found.name} needs one "
            "(Debian's /usr/bin/python3 can; pyenv's default builds cannot)"
        )
    if found.sqlite_extensions is False and probe["ext"] is None:
        return (
            f"has a sqlite3 that loads extensions, with which {found.name} adds vector search "
            "(a model it downloads at run time): not the system measured; give a Python whose "
            "sqlite3 cannot (pyenv's default builds)"
        )
    return None


def _version_key(name: str) -> tuple[int, ...]:
    return tuple(int(part) if part.isdigit() else 0 for part in name.split("."))


def _candidates() -> list[str]:
    """Pythons to try, in order: this one, Debian's, versioned names on PATH, pyenv's versions."""
    names = [sys.executable, "/usr/bin/python3"]
    # Oldest first: the closest to a system's minimum is the Python its row was measured on.
    names += [f"python3.{minor}" for minor in range(10, 15)] + ["python3"]
    out = []
    for name in names:
        path = shutil.which(name) if os.sep not in name else name
        if path and os.path.exists(path):
            out.append(path)
    root = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    versions = Path(root) / "versions"
    if versions.is_dir():
        found = versions.glob("3.*/bin/python3")
        out += [str(p) for p in sorted(found, key=lambda p: _version_key(p.parent.parent.name))]
    return list(dict.fromkeys(out))


def choose_python(found: System, given: str | None) -> tuple[str, dict[str, Any]]:
    """The Python a venv of ``found`` is made with: ``given`` if it suits, else the first that does.

    Raises:
        Refusal: ``given`` does not suit, or nothing found does (naming what was tried).
    """
    if given:
        probe = probe_python(given)
        if probe is None:
            raise Refusal(f"--python {given}: does not run as a Python")
        if why := _why_not(found, probe):
            raise Refusal(f"--python {given} {why}")
        return given, probe
    tried = []
    for python in _candidates():
        probe = probe_python(python)
        if probe is None:
            continue
        why = _why_not(found, probe)
        if why is None:
            return python, probe
        tried.append(f"{python} {why}")
    raise Refusal(
        f"no Python here suits {found.name}: "
        + ("; ".join(tried) if tried else "none found")
        + "; give one with --python"
    )


def _run(argv: list[str], log: Path, what: str) -> None:
    with log.open("a") as out:
        out.write(f"$ {' '.join(argv)}\n")
        out.flush()
        done = subprocess.run(argv, stdout=out, stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0:
        lines = [
            line
            for line in log.read_text(errors="replace").splitlines()
            if line.strip() and not line.startswith("WARNING: Location")
        ]
        raise InstallFailed(f"{what} failed (exit {done.returncode}): {lines[-1] if lines else ''}")


def _missing_here(requirements: tuple[str, ...], log: Path) -> list[str]:
    """``name==version`` of what pip would add to this environment for ``requirements``."""
    argv = [sys.executable, "-m", "pip", "install", "--dry-run", "--quiet", "--report", "-"]
    done = subprocess.run(
        [*argv, *requirements], capture_output=True, text=True, check=False, timeout=600
    )
    with log.open("a") as out:
        out.write(f"$ {' '.join(argv + list(requirements))}\n{done.stderr}")
    if done.returncode != 0:
        last = [line for line in done.stderr.splitlines() if line.strip()]
        raise InstallFailed(
            f"pip could not resolve {' '.join(requirements)}: {last[-1] if last else ''}"
        )
    report = json.loads(done.stdout)
    return [
        f"{item['metadata']['name']}=={item['metadata']['version']}" for item in report["install"]
    ]


def install(
    found: System,
    into: Path,
    python: str | None = None,
    say: Callable[[str], None] = lambda line: None,
) -> dict[str, Any]:
    """Install ``found`` into ``into`` (new or empty, or already holding this very install).

    Returns:
        The install's record (also written to ``into/recallbench-install.json``), with ``already``
        true when the folder held it already.

    Raises:
        Refusal: the folder holds something else, a tool is missing, or no Python suits.
        InstallFailed: npm or pip failed.
    """
    into = into.expanduser().resolve()
    if into.exists() and any(into.iterdir()):
        have = installed_version(found, into)
        if have == found.version:
            marker = into / MARKER
            record: dict[str, Any] = (
                json.loads(marker.read_text()) if marker.exists() else {"system": found.name}
            )
            return record | {"version": have, "already": True}
        held = f"{found.distribution} {have}" if have else "other files"
        raise Refusal(f"--into {into}: the folder holds {held}; give a new or empty folder")
    chosen: dict[str, Any] = {}
    if found.kind == "npm" and not shutil.which("npm"):
        raise Refusal(f"{found.name} installs with npm, and npm is not on PATH ({found.note})")
    if found.kind == "venv":
        chosen_python, probe = choose_python(found, python)
        # The interpreter itself, not a shim or a venv's link to it: what the venv is made from.
        python = str(probe["executable"]) or chosen_python
        chosen = {
            "python": probe["executable"],
            "pythonVersion": ".".join(map(str, probe["version"])),
        }
    on = f" on Python {chosen['pythonVersion']}" if found.kind == "venv" else ""
    say(f"installing {found.label} into {into} ({found.kind}{on}) ...")
    into.mkdir(parents=True, exist_ok=True)
    log = into / "recallbench-install.log"
    t0 = time.perf_counter()
    if found.kind == "npm":
        _run(
            [
                "npm",
                "install",
                "--no-fund",
                "--no-audit",
                "--prefix",
                str(into),
                *found.requirements,
            ],
            log,
            "npm install",
        )
    elif found.kind == "venv":
        assert python is not None
        _run([python, "-m", "venv", str(into)], log, f"{python} -m venv")
        _run(
            [str(into / "bin" / "python"), "-m", "pip", "install", *found.requirements],
            log,
            "pip install",
        )
    else:
        # The system itself always (this environment may hold it already, at this or another
        # version), and what it needs that this environment lacks.
        packages = list(
            dict.fromkeys([*found.requirements, *_missing_here(found.requirements, log)])
        )
        chosen = {
            "python": sys.executable,
            "pythonVersion": ".".join(map(str, sys.version_info[:3])),
        }
        if packages:
            _run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "install",
                    "--no-deps",
                    "--target",
                    str(into),
                    *packages,
                ],
                log,
                "pip install --target",
            )
    seconds = time.perf_counter() - t0
    have = installed_version(found, into)
    if have != found.version:
        raise InstallFailed(
            f"{found.distribution}: found {have or 'nothing'} in {into} after the install, not {found.version}"
        )
    record = {
        "system": found.name,
        "version": have,
        "kind": found.kind,
        "requirements": list(found.requirements),
        **chosen,
        "packages": _packages(found, into),
        "installSeconds": round(seconds, 1),
        "installedAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    (into / MARKER).write_text(json.dumps(record, indent=2) + "\n")
    return record | {"already": False}


def _packages(found: System, into: Path) -> list[str]:
    """What the folder holds, ``name==version`` (npm: the top-level package only)."""
    if found.kind == "npm":
        return [f"{found.distribution}=={installed_version(found, into)}"]
    roots = [into] if found.kind == "target" else sorted(into.glob("lib/python3*/site-packages"))
    out = []
    for root in roots:
        for info in root.glob("*.dist-info"):
            dist, _, version = info.name[: -len(".dist-info")].rpartition("-")
            out.append(f"{dist}=={version}")
    return sorted(out, key=str.lower)
