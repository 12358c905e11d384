"""The ``diary`` family: :class:`DiaryRecall`.

Everything recallbench asks of a benchmark family (``recallbench.family.Benchmark``) is here;
what the family leaves at :class:`~recallbench.family.BaseBenchmark`'s defaults is said where it
would be. Only :mod:`recallbench.family` is imported at the top: the entry point loads this
module whenever recallbench needs the family (``recallbench list benchmarks``, any run of its
data), so the rest is imported by the methods that use it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from recallbench.family import BaseBenchmark, DataOption, Figures, ImportSummary, Table, Validation

from .format import CATEGORIES

if TYPE_CHECKING:
    from recallbench.data import Dataset
    from recallbench.judges import Judge
    from recallbench.models import TextModel
    from recallbench.results import PersonaResult

    from .dataset import DiaryDataset

__all__ = ["DiaryRecall"]


class DiaryRecall(BaseBenchmark):
    """Diary Recall files (``diary-recall/1``; :mod:`recallbench_diary.format`)."""

    name = "diary"
    title = "Diary Recall"
    summary = (
        "Diary Recall files (diary-recall/1): dated diary entries, questions with evidence ids"
    )
    unit = "writer"
    categories = CATEGORIES
    data_options = (
        DataOption(
            flag="--diary-absent",
            choices=("ask", "skip"),
            import_default="ask",
            help="Diary Recall data: ask the questions whose answer the diary never gives "
            "(category absent; the default), or leave them out",
        ),
    )
    judge_forms = ("diary-f1",)
    can_import = True
    own_default_judge = True

    # -- recognising and opening the data ---------------------------------------------------------

    def detect(self, path: Path) -> bool:
        """A file that names the Diary Recall format in its first 4 kB. (A folder ``recallbench
        import diary`` wrote is recognised by recallbench itself: its import marker names the
        family.)"""
        from .format import looks_like_diary_file

        return looks_like_diary_file(path)

    def resolve(self, spec: str, target: str, options: Mapping[str, Any]) -> Path:
        """A Diary Recall file as the folder it converts to (once, into the user cache); a folder
        as itself."""
        from recallbench.errors import ConfigError

        if spec != self.name:
            raise ConfigError(f"--data {spec}:…: the diary family's data is --data diary:FILE")
        path = Path(target).expanduser()
        if path.is_dir():
            if options.get("diary_absent") is not None:
                raise ConfigError(
                    "--diary-absent applies to --data diary:FILE, not to a folder: an imported "
                    "folder keeps what 'recallbench import diary --diary-absent' gave it"
                )
            return path
        from .convert import cached_conversion

        return cached_conversion(path, options)

    def open(self, path: Path, *, arcs_file: str) -> DiaryDataset:
        """The diaries at ``path``: a folder ``resolve`` or ``recallbench import`` wrote, or a
        Diary Recall file (converted first, as ``--data diary:FILE`` would)."""
        from .dataset import open_diaries

        if path.is_file():
            path = self.resolve(self.name, str(path), {})
        return open_diaries(path, arcs_file)

    # unit_ids: the default (the dataset's persona_ids: one per diary) is right.

    def validate(
        self, path: Path, *, personas: Sequence[str] | None, arcs_file: str, deep: bool
    ) -> Validation:
        """A Diary Recall file: every problem of the file, each naming its record and field. A
        converted folder: its marker's warnings, then each diary read (every file of its persona
        folder). ``deep`` adds nothing: the questions' evidence is checked against the entries
        when the file is read."""
        from recallbench.data import Problem
        from recallbench.errors import DatasetError

        if path.is_file():
            from .format import file_problems

            return Validation(
                problems=tuple(Problem(path=path, message=m) for m in file_problems(path)),
                ok=f"OK: {path} is a valid Diary Recall file",
            )
        from .convert import IMPORT_MARKER
        from .dataset import open_diaries, read_marker

        problems: list[Problem] = []
        try:
            for warning in read_marker(path).get("warnings", ()):
                problems.append(
                    Problem(path=path / IMPORT_MARKER, message=str(warning), severity="warning")
                )
            dataset = open_diaries(path, arcs_file)
            for pid in personas or dataset.persona_ids():
                try:
                    dataset.load(pid)
                except DatasetError as exc:
                    problems.append(
                        Problem(path=exc.path or path, line=exc.line, message=exc.message)
                    )
        except DatasetError as exc:
            problems.append(Problem(path=exc.path or path, line=exc.line, message=exc.message))
        return Validation(problems=tuple(problems), ok=f"OK: {path} is valid Diary Recall data")

    # preflight: the default (validate's errors) is right for data this small.

    def convert(self, source: Path, out: Path, options: Mapping[str, Any]) -> ImportSummary:
        from .convert import convert_file

        return convert_file(source, out, options)

    # -- scoring ----------------------------------------------------------------------------------

    def load_judge(
        self, spec: str, *, base_dir: Path | None, timeout: float | None
    ) -> Judge | None:
        if spec.strip().lower() != "diary-f1":
            return None
        from .judge import DiaryF1Judge

        return DiaryF1Judge()

    def default_judge(
        self, dataset: Dataset, *, model: TextModel | None, model_spec: str | None
    ) -> Judge | None:
        """The official scorer: offline, so ``--judge-model`` has nothing to give it."""
        if model is not None or model_spec:
            from recallbench.errors import ConfigError

            raise ConfigError(
                "--judge-model: Diary Recall's own judge (diary-f1) calls no model; name an LLM "
                "judge with --judge instead"
            )
        from .judge import DiaryF1Judge

        return DiaryF1Judge()

    # -- what a run adds ----------------------------------------------------------------------------

    def figures(self, dataset: Dataset, judge: Judge, personas: Sequence[PersonaResult]) -> Figures:
        from .figures import diary_published

        return Figures(published=diary_published(personas))

    def tables(self, published: Mapping[str, Any]) -> tuple[Table, ...]:
        from .figures import diary_tables

        return diary_tables(published)

    def headline(self, published: Mapping[str, Any]) -> str | None:
        from .figures import diary_headline

        return diary_headline(published)

    def fingerprint(self, dataset: Dataset) -> Mapping[str, str]:
        """The file the diaries were converted from (``diary-v1-<24 hex of its SHA-256>``)."""
        source = getattr(dataset, "source", "")
        return {"source": source} if source else {}
