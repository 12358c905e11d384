"""The :class:`Benchmark` protocol: everything a benchmark family brings to the core.

A *benchmark family* is a kind of data the harness can run — Recall Bench's persona folders, or
another benchmark's published files — together with what that data needs around a run: how it is
recognised and opened, its checkpoints, its categories, its default and official judges, the
figures it adds to ``result.json`` and the sections those figures make in the reports, its
validation and its part of the fingerprint. The core (harness, results, render, cli) reaches a
family only through this protocol, and finds it through the registry
(:mod:`recallbench.family.registry`), where an installed package adds one with an entry point in
the ``recallbench.benchmarks`` group.

Write a family by subclassing :class:`BaseBenchmark`, which gives every member a default, and
overriding what the family brings (docs/how-to/benchmark-family.md has a complete small one).

Two naming rules keep a run of one family from importing any other:

* a family's judge specs begin with its name (``locomo-f1``, ``longmemeval:<model spec>``), so
  that ``--judge`` loads only the family it names;
* a family's flags begin with ``--<name>-`` (``--locomo-categories``), so that the command line
  loads only the family whose flag was given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import attrs

if TYPE_CHECKING:
    from ..data.dataset import Dataset
    from ..data.validate import Problem
    from ..judges.base import Judge
    from ..models.base import TextModel
    from ..results.records import PersonaResult

__all__ = [
    "BaseBenchmark",
    "Benchmark",
    "DataOption",
    "Figures",
    "ImportSummary",
    "Table",
    "Validation",
]


@attrs.frozen(kw_only=True)
class DataOption:
    """A flag a family adds to every command that reads ``--data`` (``--locomo-categories``).

    Its value reaches the family's :meth:`Benchmark.resolve` and :meth:`Benchmark.convert` in
    ``options[dest]`` (None when not given)."""

    flag: str = attrs.field()
    help: str
    choices: tuple[str, ...] | None = None
    metavar: str | None = None
    import_default: str | None = None
    """The value ``recallbench import`` uses when the flag is not given (None: none)."""
    elsewhere: str | None = None
    """Said after the one line refusing the flag for another family's data (``an imported
    directory keeps the names its import gave it``)."""

    @flag.validator
    def _check_flag(self, _a: attrs.Attribute[str], value: str) -> None:
        if not value.startswith("--") or len(value) < 4:
            raise ValueError(f"a family's flag is --<family>-<name>, not {value!r}")

    @property
    def dest(self) -> str:
        """The flag as an attribute name (``--locomo-categories`` → ``locomo_categories``)."""
        return self.flag[2:].replace("-", "_")


@attrs.frozen(kw_only=True)
class Table:
    """One section a family's figures make in the reports: a title, notes (a note starting with
    ``WARNING`` is shown as one), and a table (first column left-aligned, the rest numbers)."""

    title: str
    notes: tuple[str, ...] = ()
    header: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()


@attrs.frozen(kw_only=True)
class Figures:
    """What a family adds to a run's ``result.json`` when the run ends.

    ``metrics`` are ``benchmarkMetrics`` records (per benchmark and question type: retrieval and
    answer metrics, rendered by the core as one table); ``published`` is the family's entry of
    ``publicBenchmark`` (its figures in the layout its authors publish, rendered by the family's
    :meth:`Benchmark.tables`). The published entry may also name the heatmap's labels:
    ``heatmapTitle`` (``"BEAM 100K"``: the heatmap is titled ``BEAM 100K — Aggregate Heatmap``)
    and ``unit`` (``"conversation"``: its subtitle counts conversations); without them the heatmap
    is Recall Bench's and counts personas."""

    metrics: tuple[Mapping[str, Any], ...] | None = None
    published: Mapping[str, Any] | None = None


@attrs.frozen(kw_only=True)
class Validation:
    """What ``recallbench validate`` found: every problem, and the line said when there is no
    error (``OK: …``, without the warning count, which the command adds)."""

    problems: tuple[Problem, ...]
    ok: str
    notes: tuple[str, ...] = ()
    """Lines printed after the problems (a persona without the arcs file asked for, …)."""


@attrs.frozen(kw_only=True)
class ImportSummary:
    """What ``recallbench import`` converted: ``what`` (``"10 conversation(s)"``), the questions,
    and a detail for the line it prints (``"; each asked once, after its haystack"``)."""

    what: str
    questions: int
    detail: str = ""


@runtime_checkable
class Benchmark(Protocol):
    """A benchmark family (module docstring). Subclass :class:`BaseBenchmark` to write one."""

    name: str
    """Its registry name: the entry point's name and the ``NAME`` of ``--data NAME:PATH``."""
    title: str
    """How reports name it (``LoCoMo``)."""
    summary: str
    """One line for ``recallbench list benchmarks``."""
    unit: str
    """What one unit of its data is called (``persona``, ``conversation``, ``unit``)."""
    categories: tuple[str, ...] | None
    """Its question categories in report order; None: Recall Bench's ten."""
    data_options: tuple[DataOption, ...]
    judge_forms: tuple[str, ...]
    """Its official scorers' ``--judge`` forms, as help and errors list them."""
    can_import: bool
    """Whether ``recallbench import NAME FILE --out DIR`` converts its files."""
    own_default_judge: bool
    """Whether a run given no ``--judge`` is scored by :meth:`default_judge` (its own protocol),
    rather than by the stub judge, or the rubric judge of ``recallbench run`` with no flags."""

    def detect(self, path: Path) -> bool:
        """Whether ``path`` (a folder or a file) is this family's data. Cheap: a few ``stat``
        calls and small reads, never a parse of the whole data."""
        ...

    def resolve(self, spec: str, target: str, options: Mapping[str, Any]) -> Path:
        """The path the data is read from: for ``--data SPEC:TARGET`` (``spec`` the family's name,
        or a name beginning with it: ``locomo-mem0``), and for a path it recognised (``spec`` its
        name) — a published file converted into the user cache, a manifest file's folder, a
        folder as it is. ``options`` holds its flags that were given.

        Raises:
            DatasetError: the data is missing or malformed.
            ConfigError: ``spec`` or an option is not one it knows."""
        ...

    def open(self, path: Path, *, arcs_file: str) -> Dataset:
        """The dataset at ``path`` (as :meth:`resolve` gave it, or as detected)."""
        ...

    def unit_ids(self, path: Path, *, arcs_file: str) -> list[str]:
        """The ids of its units at ``path``, as ``recallbench list`` prints them."""
        ...

    def validate(
        self, path: Path, *, personas: Sequence[str] | None, arcs_file: str, deep: bool
    ) -> Validation:
        """Every problem of the data at ``path``, each naming its file (and line)."""
        ...

    def preflight(
        self, path: Path, *, personas: Sequence[str], arcs_file: str, full: bool
    ) -> list[str]:
        """Before a run: the problems that would stop it, one line each. With ``full`` False
        (``run --skip-preflight``), only the rules no flag may skip."""
        ...

    def convert(self, source: Path, out: Path, options: Mapping[str, Any]) -> ImportSummary:
        """``recallbench import NAME FILE --out DIR``: the file written as persona folders."""
        ...

    def load_judge(
        self, spec: str, *, base_dir: Path | None, timeout: float | None
    ) -> Judge | None:
        """One of its official scorers named by ``--judge`` (its name starts with the family's);
        None for a spec that names none of them."""
        ...

    def default_judge(
        self, dataset: Dataset, *, model: TextModel | None, model_spec: str | None
    ) -> Judge | None:
        """The judge of a run given none (``model``: ``--judge-model``'s, for a default judge
        that needs one); None: the core's default (the stub judge)."""
        ...

    def figures(self, dataset: Dataset, judge: Judge, personas: Sequence[PersonaResult]) -> Figures:
        """What the run adds to ``result.json`` when it ends (:class:`Figures`)."""
        ...

    def tables(self, published: Mapping[str, Any]) -> tuple[Table, ...]:
        """Its ``publicBenchmark`` entry as report sections (text and HTML)."""
        ...

    def headline(self, published: Mapping[str, Any]) -> str | None:
        """One line for the run's headline from its ``publicBenchmark`` entry (None: none)."""
        ...

    def fingerprint(self, dataset: Dataset) -> Mapping[str, str]:
        """Digests added to every unit's entry of the fingerprint's ``datasets`` part (the
        published file a conversion was made from, …)."""
        ...

    def no_data_hint(self, path: Path) -> str | None:
        """When a folder holds no data at all: what this family looked for there and what is
        there instead (``no … manifest (looked for …)``), for the one line that says so; None:
        nothing to say."""
        ...


class BaseBenchmark:
    """A family with every member at its default: override what yours brings.

    The defaults: no flags, no official scorers, no import command; Recall Bench's categories;
    the core's default judge (the stub judge, zeros); no figures and no sections; validation and
    preflight by opening the data and loading each unit; no fingerprint part."""

    name: str = ""
    title: str = ""
    summary: str = ""
    unit: str = "unit"
    categories: tuple[str, ...] | None = None
    data_options: tuple[DataOption, ...] = ()
    judge_forms: tuple[str, ...] = ()
    can_import: bool = False
    own_default_judge: bool = False

    def __repr__(self) -> str:
        return f"<benchmark family {self.name!r}>"

    def detect(self, path: Path) -> bool:
        return False

    def resolve(self, spec: str, target: str, options: Mapping[str, Any]) -> Path:
        if spec != self.name:
            from ..errors import ConfigError

            raise ConfigError(f"--data {spec}:…: the {self.name} family knows no {spec!r}")
        return Path(target).expanduser()

    def open(self, path: Path, *, arcs_file: str) -> Dataset:
        raise NotImplementedError(f"benchmark family {self.name!r} defines no open()")

    def unit_ids(self, path: Path, *, arcs_file: str) -> list[str]:
        return list(self.open(path, arcs_file=arcs_file).persona_ids())

    def validate(
        self, path: Path, *, personas: Sequence[str] | None, arcs_file: str, deep: bool
    ) -> Validation:
        from ..data.validate import Problem
        from ..errors import RecallBenchError

        problems: list[Problem] = []
        try:
            dataset = self.open(path, arcs_file=arcs_file)
            for pid in personas or dataset.persona_ids():
                dataset.load(pid)
        except RecallBenchError as exc:
            where = getattr(exc, "path", None)
            problems.append(
                Problem(path=Path(where or path), line=getattr(exc, "line", None), message=str(exc))
            )
        return Validation(problems=tuple(problems), ok=f"OK: {path} is valid {self.title} data")

    def preflight(
        self, path: Path, *, personas: Sequence[str], arcs_file: str, full: bool
    ) -> list[str]:
        if not full:
            return []
        found = self.validate(path, personas=personas or None, arcs_file=arcs_file, deep=False)
        from ..data.validate import format_problem

        return [format_problem(p) for p in found.problems if p.severity == "error"]

    def convert(self, source: Path, out: Path, options: Mapping[str, Any]) -> ImportSummary:
        raise NotImplementedError(f"benchmark family {self.name!r} has no import command")

    def load_judge(
        self, spec: str, *, base_dir: Path | None, timeout: float | None
    ) -> Judge | None:
        return None

    def default_judge(
        self, dataset: Dataset, *, model: TextModel | None, model_spec: str | None
    ) -> Judge | None:
        return None

    def figures(self, dataset: Dataset, judge: Judge, personas: Sequence[PersonaResult]) -> Figures:
        return Figures()

    def tables(self, published: Mapping[str, Any]) -> tuple[Table, ...]:
        return ()

    def headline(self, published: Mapping[str, Any]) -> str | None:
        return None

    def fingerprint(self, dataset: Dataset) -> Mapping[str, str]:
        return {}

    def no_data_hint(self, path: Path) -> str | None:
        return None
