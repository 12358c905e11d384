"""The registry of benchmark families: found by entry point, loaded only when asked for.

A package adds a family with an entry point in the ``recallbench.benchmarks`` group, its name the
family's and its value a :class:`~recallbench.family.base.Benchmark` (an instance, or a class
instantiated without arguments)::

    [project.entry-points."recallbench.benchmarks"]
    my-bench = "my_package.family:benchmark"

recallbench's own families register the same way (``pyproject.toml``). The registry reads the
entry points of the installed distributions without importing them (the ``entry_points.txt`` of
each ``*.dist-info`` on ``sys.path``: about 2 ms, where ``importlib.metadata`` costs 30 ms to
import) and imports a family only when it is asked for, so that a run of one family imports no
other. :func:`register` adds one in-process (a notebook, a test) with no package.

A family that fails to import, is no :class:`~recallbench.family.base.Benchmark`, or whose name
is claimed by two packages is one :class:`~recallbench.errors.ConfigError` naming the package and
what is wrong — never "the last one wins".
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

from ..errors import ConfigError
from .base import Benchmark

__all__ = [
    "DEFAULT_FAMILY",
    "ENTRY_POINT_GROUP",
    "Registration",
    "all_families",
    "family",
    "family_names",
    "register",
    "registered",
    "registrations",
    "unregister",
]

ENTRY_POINT_GROUP = "recallbench.benchmarks"
"""The entry-point group a package registers a benchmark family in."""

DEFAULT_FAMILY = "personas"
"""The family of ``--data DIR`` when no family recognises it: Recall Bench's persona folders."""

_NAME = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_SECTION = "[" + ENTRY_POINT_GROUP + "]"


@attrs.frozen(kw_only=True)
class Registration:
    """One family as an entry point names it: ``value`` is ``module:attr``, ``package`` the
    distribution that declares it (``"<in-process>"`` for :func:`register`)."""

    name: str
    value: str
    package: str


_lock = threading.Lock()
_scanned: dict[str, Registration] | None = None
_loaded: dict[str, Benchmark] = {}
_in_process: dict[str, Benchmark] = {}


def _dist_name(folder: str) -> str:
    stem = folder.rsplit(".", 1)[0]
    name = stem.split("-", 1)[0] if folder.endswith(".dist-info") else stem
    return re.sub(r"[-_.]+", "-", name).lower()


def _section_entries(text: str) -> Iterator[tuple[str, str]]:
    """The ``name = value`` lines of the group's section of an ``entry_points.txt``."""
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            inside = line == _SECTION
            continue
        if inside and "=" in line:
            name, _, value = line.partition("=")
            yield name.strip(), value.strip()


def _scan_path() -> list[Registration]:
    """Every registration on ``sys.path``, a distribution counted once (its first place on the
    path wins, as for imports)."""
    found: list[Registration] = []
    seen: set[str] = set()
    for entry in sys.path:
        try:
            listing = os.scandir(entry or ".")
        except (OSError, TypeError):
            continue
        with listing:
            metas = sorted(
                (e.name, e.path) for e in listing if e.name.endswith((".dist-info", ".egg-info"))
            )
        for folder, path in metas:
            dist = _dist_name(folder)
            if dist in seen:
                continue
            seen.add(dist)
            try:
                with open(os.path.join(path, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            if _SECTION not in text:
                continue
            for name, value in _section_entries(text):
                found.append(Registration(name=name, value=value, package=dist))
    if "recallbench" not in seen:
        found.extend(_source_checkout())
    return found


def _source_checkout() -> list[Registration]:
    """recallbench's own families when it runs from a source checkout it was never installed
    from (``python -m recallbench`` in a clone): read from its ``pyproject.toml``."""
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        import tomllib

        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    group = data.get("project", {}).get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
    return [
        Registration(name=str(k), value=str(v), package="recallbench") for k, v in group.items()
    ]


def _check(regs: list[Registration]) -> dict[str, Registration]:
    out: dict[str, Registration] = {}
    for reg in regs:
        if not _NAME.fullmatch(reg.name):
            raise ConfigError(
                f"benchmark family {reg.name!r} (package {reg.package}): a family's name is "
                "lower-case letters, digits and single hyphens, starting with a letter"
            )
        first = out.get(reg.name)
        if first is not None:
            raise ConfigError(
                f"benchmark family {reg.name!r} is registered twice: by package {first.package} "
                f"({first.value}) and by package {reg.package} ({reg.value}); uninstall one"
            )
        out[reg.name] = reg
    return out


def registrations() -> dict[str, Registration]:
    """Every registered family by name (entry points, then :func:`register`'s), none imported.

    Raises:
        ConfigError: a name is registered twice, or is no valid family name.
    """
    global _scanned
    with _lock:
        if _scanned is None:
            _scanned = _check(_scan_path())
        scanned = dict(_scanned)
    for name, bench in _in_process.items():
        if name in scanned:
            raise ConfigError(
                f"benchmark family {name!r} is registered twice: by package "
                f"{scanned[name].package} and in this process ({type(bench).__qualname__})"
            )
        scanned[name] = Registration(
            name=name,
            value=f"{type(bench).__module__}:{type(bench).__qualname__}",
            package="<in-process>",
        )
    return dict(sorted(scanned.items()))


def family_names() -> list[str]:
    """The registered families' names, sorted (none imported)."""
    return list(registrations())


def _load(reg: Registration) -> Benchmark:
    module_name, _, attr = reg.value.partition(":")
    where = f"benchmark family {reg.name!r} (package {reg.package}, {reg.value})"
    try:
        obj: Any = importlib.import_module(module_name.strip())
        for part in attr.strip().split(".") if attr.strip() else ():
            obj = getattr(obj, part)
    except Exception as exc:  # a plug-in's import error is the plug-in's, named in one line
        raise ConfigError(f"{where} failed to load: {type(exc).__name__}: {exc}") from None
    if isinstance(obj, type):
        try:
            obj = obj()
        except Exception as exc:
            raise ConfigError(
                f"{where}: instantiating {obj.__qualname__}() raised {type(exc).__name__}: {exc}"
            ) from None
    return _checked(obj, where, reg.name)


def _checked(obj: Any, where: str, name: str) -> Benchmark:
    if not isinstance(obj, Benchmark):
        missing = [m for m in _MEMBERS if not hasattr(obj, m)]
        lacks = f"it lacks {', '.join(missing)}" if missing else "its members are not callable"
        raise ConfigError(
            f"{where} is no benchmark family ({type(obj).__qualname__}): {lacks} "
            "(subclass recallbench.family.BaseBenchmark)"
        )
    if obj.name != name:
        raise ConfigError(
            f"{where}: the entry point is named {name!r} but the family calls itself {obj.name!r}"
        )
    for option in obj.data_options:
        if not option.flag.startswith(f"--{name}-"):
            raise ConfigError(f"{where}: its flag {option.flag} must begin with --{name}-")
    return obj


_MEMBERS = tuple(
    dict.fromkeys(
        [*Benchmark.__annotations__, *(m for m in vars(Benchmark) if not m.startswith("_"))]
    )
)
"""The protocol's members, as a refusal names those a registered object lacks."""


def family(name: str) -> Benchmark:
    """The family registered as ``name``, imported on first use.

    Raises:
        ConfigError: no family of that name (naming the registered ones), or it fails to load.
    """
    if name in _in_process:
        return _in_process[name]
    cached = _loaded.get(name)
    if cached is not None:
        return cached
    regs = registrations()
    reg = regs.get(name)
    if reg is None:
        from .._suggest import nearest_hint

        known = ", ".join(regs) or "none: is recallbench installed (pip install -e .)?"
        raise ConfigError(
            f"no benchmark family {name!r}{nearest_hint(name, list(regs), 'families')} "
            f"(registered: {known})"
        )
    loaded = _load(reg)
    _loaded[name] = loaded
    return loaded


def all_families() -> list[Benchmark]:
    """Every registered family, each imported (``recallbench list benchmarks``, ``--help``)."""
    return [family(name) for name in registrations()]


def family_of_prefix(text: str) -> str | None:
    """The family whose name ``text`` is or begins with (``locomo-f1`` → ``locomo``): the
    longest such registered name, None when there is none. Nothing is imported."""
    best = None
    for name in registrations():
        if (text == name or text.startswith(name + "-")) and (
            best is None or len(name) > len(best)
        ):
            best = name
    return best


def register(benchmark: Benchmark) -> None:
    """Add ``benchmark`` to the registry of this process (a notebook, a test).

    Raises:
        ConfigError: it is no family, or its name is taken.
    """
    where = f"benchmark family {getattr(benchmark, 'name', '?')!r} (registered in this process)"
    name = getattr(benchmark, "name", "")
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ConfigError(f"{where}: a family's name is lower-case letters, digits and hyphens")
    _checked(benchmark, where, name)
    if name in _in_process or name in registrations():
        raise ConfigError(f"{where}: the name is taken; pick another or unregister it first")
    _in_process[name] = benchmark


def unregister(name: str) -> None:
    """Remove a family :func:`register` added (no error when it is not there)."""
    _in_process.pop(name, None)


@contextmanager
def registered(benchmark: Benchmark) -> Iterator[Benchmark]:
    """:func:`register` for the ``with`` block."""
    register(benchmark)
    try:
        yield benchmark
    finally:
        unregister(benchmark.name)
