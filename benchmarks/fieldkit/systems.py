"""The real memory systems of the field results: what each is, pinned, and how a run finds it.

Each is installed into a folder of its own (``field_results.py install SYSTEM --into DIR``): an npm
prefix, a venv, or — for memos-os, a library loaded into recallbench's own process — a folder of the
packages recallbench's environment lacks, put on ``PYTHONPATH``. A run is told where with
``--installed SYSTEM=DIR``, which sets the variable the adapter reads and records the version found
in the folder (never the folder itself: a committed record names no path of one machine).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs

from .errors import Refusal

__all__ = ["SYSTEMS", "System", "installed_version", "parse_installed", "system"]


@attrs.frozen
class System:
    """One installable system."""

    name: str
    version: str
    kind: str
    """``npm`` (a prefix), ``venv`` (a venv of its own) or ``target`` (packages beside ours)."""
    requirements: tuple[str, ...]
    """What the installer asks npm or pip for, pins included."""
    distribution: str
    """The package whose installed version is checked (npm name, or PyPI distribution)."""
    env: str
    """The variable a run sets to the folder (``PYTHONPATH`` is prepended to, not replaced)."""
    adapter: str
    min_python: tuple[int, int] | None = None
    sqlite_extensions: bool | None = None
    """True: the venv's Python must let sqlite3 load extensions; False: it must not (the system
    would be another one with them); None: either."""
    companion: bool = False
    """Embeds through ``recallbench embed-serve``, started as ``--companion``."""
    note: str = ""

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}"


SYSTEMS: dict[str, System] = {
    s.name: s
    for s in (
        System(
            name="server-memory",
            version="2026.8.31",
            kind="npm",
            requirements=("@modelcontextprotocol/server-memory@2026.8.31",),
            distribution="@modelcontextprotocol/server-memory",
            env="RECALLBENCH_SERVER_MEMORY",
            adapter="mcp:server-memory",
            note="Node 18 or later, npm on PATH",
        ),
        System(
            name="basic-memory",
            version="0.24.1",
            kind="venv",
            requirements=("basic-memory==0.24.1",),
            distribution="basic-memory",
            env="RECALLBENCH_BASIC_MEMORY",
            adapter="mcp:basic-memory",
            min_python=(3, 12),
            # On a Python whose sqlite3 loads extensions basic-memory adds vector search, whose
            # model (fastembed) it downloads at run time: another system than the one measured.
            sqlite_extensions=False,
            note="needs Python 3.12 or later whose sqlite3 cannot load extensions (keyword search, "
            "as measured)",
        ),
        System(
            name="mempalace",
            version="3.11.0",
            kind="venv",
            requirements=("mempalace==3.11.0",),
            distribution="mempalace",
            env="RECALLBENCH_MEMPALACE_PYTHON",
            adapter="mcp:mempalace",
            min_python=(3, 10),
            companion=True,
        ),
        System(
            name="memos-os",
            version="2.3.11",
            kind="target",
            requirements=("memos-os==2.3.11",),
            distribution="memos-os",
            env="PYTHONPATH",
            adapter="examples/adapters/memos_memory.py",
            note="a library in recallbench's own process: the packages recallbench's environment "
            "lacks, installed into the folder, which goes on PYTHONPATH",
        ),
        System(
            name="chroma-mcp",
            version="0.2.6",
            kind="venv",
            # chroma-mcp 0.2.6 pins an MCP SDK that breaks on pydantic 2.11 and later.
            requirements=("chroma-mcp==0.2.6", "pydantic<2.11"),
            distribution="chroma-mcp",
            env="RECALLBENCH_CHROMA_MCP",
            adapter="mcp:chroma",
            min_python=(3, 10),
            companion=True,
            note="pydantic<2.11: its MCP SDK pin breaks on newer pydantic",
        ),
        System(
            name="memory-service",
            version="12.4.0",
            kind="venv",
            requirements=("mcp-memory-service==12.4.0",),
            distribution="mcp-memory-service",
            env="RECALLBENCH_MEMORY_SERVICE",
            adapter="mcp:memory-service",
            min_python=(3, 10),
            sqlite_extensions=True,
            companion=True,
            note="a Python whose sqlite3 can load extensions (Debian's /usr/bin/python3 can; "
            "pyenv's builds here cannot)",
        ),
    )
}


def system(name: str) -> System:
    """The system called ``name``.

    Raises:
        Refusal: no such system (the known ones listed).
    """
    found = SYSTEMS.get(name)
    if found is None:
        raise Refusal(f"no system {name!r}; known: {', '.join(SYSTEMS)}")
    return found


def parse_installed(item: str) -> tuple[System, Path]:
    """``SYSTEM=DIR`` of ``--installed``.

    Raises:
        Refusal: not ``SYSTEM=DIR``, an unknown system, or a folder that holds no install of it.
    """
    name, sep, folder = item.partition("=")
    if not sep or not folder:
        raise Refusal(f"--installed {item}: expected SYSTEM=DIR (one of {', '.join(SYSTEMS)})")
    found = system(name.strip())
    path = Path(folder).expanduser().resolve()
    if installed_version(found, path) is None:
        raise Refusal(
            f"--installed {item}: no {found.distribution} installed in {path}; "
            f"install it with: python benchmarks/field_results.py install {found.name} --into {folder}"
        )
    return found, path


def _dist_key(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def installed_version(found: System, folder: Path) -> str | None:
    """The version of ``found`` installed in ``folder``, read from the folder's own metadata."""
    if found.kind == "npm":
        package = folder / "node_modules" / found.distribution / "package.json"
        try:
            version = json.loads(package.read_text()).get("version")
        except (OSError, ValueError):
            return None
        return version if isinstance(version, str) else None
    roots = (
        [folder] if found.kind == "target" else sorted(folder.glob("lib/python3*/site-packages"))
    )
    key = _dist_key(found.distribution)
    for root in roots:
        for info in root.glob("*.dist-info"):
            dist, _, version = info.name[: -len(".dist-info")].rpartition("-")
            if _dist_key(dist) == key:
                return version
    return None
