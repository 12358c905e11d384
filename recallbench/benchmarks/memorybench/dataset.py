"""MemoryBench benchmarks as a :class:`~recallbench.data.dataset.Dataset`.

``--data`` names a benchmark folder (``manifest.json`` beside its data file) or a folder of such
folders. Each unit of context is a persona: ``<unit>`` in one benchmark, ``<benchmark>/<unit>`` in a
folder of several. Reading a benchmark checks all of it; :func:`validate_manifests` reports every
problem, and loading refuses a benchmark with any error, naming the first.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from ..._jsonread import json_loads
from ...data._schema import Issue
from ...data.corpus import PersonaDataset
from ...data.persona import Persona, PersonaDefinition, Story
from ...data.qa import question_type_key
from ...data.ranges import NAMED_RANGES, TimeRange
from ...data.validate import Problem, in_file_order
from ...errors import DatasetError
from ._json import Located, format_path, load_located
from .cases import CaseStream
from .files import outside_folder
from .manifest import Manifest, SessionIngestion, parse_manifest
from .probe import (
    MANIFEST_FILE,
    benchmark_dirs,
    benchmark_root,
    is_manifest_data,
    no_manifest_message,
)
from .units import DeletionCase, UnitSpec, build_units

if TYPE_CHECKING:
    from ...family.base import Benchmark as BenchmarkFamily

__all__ = [
    "MANIFEST_FILE",
    "Benchmark",
    "ManifestDataset",
    "benchmark_dirs",
    "benchmark_root",
    "is_manifest_data",
    "read_benchmark",
    "validate_manifests",
]


@attrs.frozen(kw_only=True)
class Benchmark:
    """A benchmark read and mapped: its manifest, its units, and what was found wrong."""

    folder: Path
    manifest: Manifest | None
    units: tuple[UnitSpec, ...]
    problems: tuple[Problem, ...]

    @property
    def name(self) -> str:
        return self.manifest.name if self.manifest is not None else self.folder.name

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == "error")


def _issue_problems(path: Path, located: Located, issues: Sequence[Issue]) -> list[Problem]:
    return [
        Problem(
            path=path,
            line=located.line(i.path),
            message=f"{format_path(i.path)}: {i.message}",
            severity=i.severity,
        )
        for i in issues
    ]


def read_benchmark(folder: Path | str) -> Benchmark:
    """Read ``folder/manifest.json`` and its data file; map the cases onto units. Never raises for a
    bad benchmark: every problem is in :attr:`Benchmark.problems`."""
    folder = Path(folder)
    manifest_path = folder / MANIFEST_FILE
    problems: list[Problem] = []
    try:
        located = load_located(manifest_path)
    except DatasetError as exc:
        return Benchmark(folder=folder, manifest=None, units=(), problems=(_problem(exc),))
    manifest, issues = parse_manifest(located.value)
    problems += _issue_problems(manifest_path, located, issues)
    if manifest is None:
        return Benchmark(folder=folder, manifest=None, units=(), problems=tuple(problems))
    data_path = folder / manifest.data_file
    line = located.line(("data_file",))
    outside = outside_folder(folder, manifest.data_file)
    if outside is not None:
        problems.append(Problem(path=manifest_path, line=line, message=f"$.data_file: {outside}"))
    elif not data_path.is_file():
        problems.append(
            Problem(
                path=manifest_path,
                line=line,
                message=f"$.data_file: {manifest.data_file!r} is not there ({data_path} not found)",
            )
        )
    _check_instructions(folder, manifest, manifest_path, located, problems)
    if any(p.severity == "error" for p in problems):
        return Benchmark(folder=folder, manifest=manifest, units=(), problems=tuple(problems))
    # One pass over the data file, a record at a time: the cases are mapped as they are read, and
    # each unit keeps where its record is, not its days' text (units.RecordDays).
    cases = CaseStream(data_path, manifest.flatten)
    mapped: list[Problem] = []
    try:
        units = build_units(manifest, cases, data_path, mapped)
    except DatasetError as exc:
        problems += cases.problems
        problems.append(_problem(exc))
        return Benchmark(folder=folder, manifest=manifest, units=(), problems=tuple(problems))
    problems += cases.finish(problems) + mapped
    _check_type_coverage(folder, manifest, units, manifest_path, located, problems)
    return Benchmark(
        folder=folder,
        manifest=manifest,
        units=tuple(units),
        problems=tuple(in_file_order(problems)),
    )


def _check_instructions(
    folder: Path, manifest: Manifest, manifest_path: Path, located: Located, problems: list[Problem]
) -> None:
    name = manifest.evaluation.options.get("type_instructions_file")
    if not isinstance(name, str):
        return
    why = outside_folder(folder, name)
    if why is None and not (folder / name).is_file():
        why = f"{name!r} is not there"
    if why is not None:
        problems.append(
            Problem(
                path=manifest_path,
                line=located.line(("evaluation", "type_instructions_file")),
                message=f"$.evaluation.type_instructions_file: {why}",
            )
        )


def _check_type_coverage(
    folder: Path,
    manifest: Manifest,
    units: Sequence[UnitSpec],
    manifest_path: Path,
    located: Located,
    problems: list[Problem],
) -> None:
    """One warning when the data's question types are not all keys of the instructions file (those
    cases are graded with the default instructions: a file keyed ``"1"``..``"5"`` against types
    written ``single-hop`` is worth a look)."""
    name = manifest.evaluation.options.get("type_instructions_file")
    if not isinstance(name, str):
        return
    try:
        keys = json_loads((folder / name).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return  # the judge names what is wrong with the file when it reads it
    if not isinstance(keys, dict):
        return
    types: dict[str, int] = {}
    for unit in units:
        for pair in unit.qa:
            qtype = question_type_key(pair.extra.get("questionType"))
            if qtype is not None:
                types[qtype] = types.get(qtype, 0) + 1
    missing = [t for t in types if t not in keys]
    if missing:
        shown = ", ".join(repr(t) for t in missing[:5]) + (" …" if len(missing) > 5 else "")
        known = ", ".join(repr(k) for k in list(keys)[:5]) + (" …" if len(keys) > 5 else "")
        problems.append(
            Problem(
                path=manifest_path,
                line=located.line(("evaluation", "type_instructions_file")),
                severity="warning",
                message=f"$.evaluation.type_instructions_file: {name} has no instructions for "
                f"question type(s) {shown} ({sum(types[t] for t in missing)} case(s)), which are "
                f"graded with the default instructions; its types are {known or 'none'}",
            )
        )


def _problem(exc: DatasetError) -> Problem:
    return Problem(path=exc.path or Path("."), line=exc.line, message=exc.message)


def validate_manifests(path: Path | str) -> list[Problem]:
    """Every problem of the benchmarks at ``path`` (one folder, or a folder of them)."""
    dirs = benchmark_dirs(path)
    if not dirs:
        return [Problem(path=Path(path), message=no_manifest_message(Path(path)))]
    out: list[Problem] = []
    for d in dirs:
        out += read_benchmark(d).problems
    return out


def _definition(unit_id: str, benchmark: Benchmark, epoch: str) -> PersonaDefinition:
    m = benchmark.manifest
    persona = Persona(
        id=unit_id,
        name=unit_id,
        role=f"memory benchmark unit of {benchmark.name}",
        domain=m.description if m is not None else "",
        epoch=epoch,
    )
    return PersonaDefinition(persona=persona, story=Story(epoch=epoch), arcs_file=MANIFEST_FILE)


@attrs.define
class ManifestDataset:
    """The units of one MemoryBench benchmark folder, or of every benchmark in a folder of them.

    Each benchmark is read once, on first use, and checked whole: a benchmark with an error is
    refused (:class:`~recallbench.errors.DatasetError` naming the first problem and its line).
    Its data file is read a record at a time and its units' days are left there (a loaded unit's
    ``days`` are :class:`~recallbench.data.corpus.StoredDays`, read when the unit runs), so a
    benchmark over a multi-GB file holds the days of the units in flight, not all of them.
    """

    data_dir: Path = attrs.field(converter=benchmark_root)
    """The benchmark folder, or a folder of them (a ``manifest.json`` given is read as its folder)."""
    default_ranges: tuple[TimeRange, ...] = (NAMED_RANGES["full"],)
    """A unit is asked once, after its last day (``--ranges`` overrides it)."""
    _benchmarks: dict[str, Benchmark] | None = attrs.field(default=None, init=False, repr=False)

    @property
    def benchmark(self) -> BenchmarkFamily:
        """The family this dataset belongs to (what the core asks its judge and figures of): the
        registry's ``memorybench``, asked of the registry so that the family's modules import
        each other in one direction only (its package imports this module, never the reverse)."""
        from ...family.registry import family

        return family("memorybench")

    @property
    def several(self) -> bool:
        return not (self.data_dir / MANIFEST_FILE).is_file()

    def benchmarks(self) -> dict[str, Benchmark]:
        """Each benchmark by the prefix of its persona ids ("" for a lone benchmark folder)."""
        if self._benchmarks is None:
            dirs = benchmark_dirs(self.data_dir)
            if not dirs:
                raise DatasetError(no_manifest_message(self.data_dir), path=self.data_dir)
            read = {("" if not self.several else d.name + "/"): read_benchmark(d) for d in dirs}
            for b in read.values():
                if b.errors:
                    first = b.errors[0]
                    more = (
                        f" (and {len(b.errors) - 1} more; run 'recallbench validate' to see all)"
                        if len(b.errors) > 1
                        else ""
                    )
                    raise DatasetError(first.message + more, path=first.path, line=first.line)
            self._benchmarks = read
        return self._benchmarks

    def persona_ids(self) -> list[str]:
        return [prefix + u.id for prefix, b in self.benchmarks().items() for u in b.units]

    def _find(self, persona_id: str) -> tuple[Benchmark, UnitSpec]:
        for prefix, b in self.benchmarks().items():
            if persona_id.startswith(prefix):
                for u in b.units:
                    if prefix + u.id == persona_id:
                        return b, u
        raise DatasetError(f"no unit {persona_id!r} in the benchmark(s)", path=self.data_dir)

    def manifest_of(self, persona_id: str) -> Manifest:
        """The manifest of the benchmark ``persona_id`` belongs to (its evaluation, metrics…)."""
        b, _ = self._find(persona_id)
        assert b.manifest is not None  # benchmarks with errors are refused on reading
        return b.manifest

    def deletion_cases(self, persona_id: str) -> tuple[DeletionCase, ...]:
        """An add-delete-verify unit's cases: what to add, delete and then ask (none otherwise)."""
        return self._find(persona_id)[1].deletions

    def day_ids(self, persona_id: str) -> dict[int, str]:
        """Each day's id among the benchmark's gold ids, without reading the days: its session's
        id for a session-based benchmark (a day holds one session), else its memory id
        (``day-0007``); what :func:`~recallbench.benchmarks.memorybench.metrics.day_ids` makes of the days."""
        b, u = self._find(persona_id)
        assert b.manifest is not None
        sessions = isinstance(b.manifest.ingestion, SessionIngestion)
        known = u.day_sessions
        if known is None or len(known) != len(u.days):  # not known: its days read
            known = tuple(next(iter(d.sessions), None) if sessions else None for d in u.days)
        return {n: sid if sessions and sid else f"day-{n:04d}" for n, sid in enumerate(known, 1)}

    def load(self, persona_id: str) -> PersonaDataset:
        b, u = self._find(persona_id)
        assert b.manifest is not None
        data_path = b.folder / b.manifest.data_file
        return PersonaDataset(
            definition=_definition(persona_id, b, u.epoch),
            days=u.days,
            qa=u.qa,
            persona_dir=b.folder,
            memories_dir=data_path,
            qa_file=data_path,
            benchmark=b.manifest.name,
            required_capabilities=b.manifest.required_capabilities,
        )

    def __getstate__(self) -> dict[str, Any]:
        # Shipped to a worker without what was read: it reads the benchmark again if asked.
        return {
            "data_dir": self.data_dir,
            "default_ranges": self.default_ranges,
            "_benchmarks": None,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        for k, v in state.items():
            object.__setattr__(self, k, v)
