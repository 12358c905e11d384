"""The LongMemEval family: :class:`LongMemEval` (the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ...errors import ConfigError, DatasetError
from ...family.base import Figures, ImportSummary, Table
from ...family.imported import ImportedBenchmark

if TYPE_CHECKING:
    from ...data.dataset import Dataset
    from ...data.importers._native import ImportedDataset
    from ...judges.base import Judge
    from ...results.records import PersonaResult

__all__ = ["LongMemEval", "looks_like_longmemeval"]

_QUESTION_KEYS = frozenset({"question_id", "question_type"})
_HAYSTACK_KEYS = frozenset(
    {
        "question_date",
        "haystack_session_ids",
        "haystack_dates",
        "haystack_sessions",
        "answer_session_ids",
    }
)


def looks_like_longmemeval(keys: frozenset[str]) -> bool:
    """Whether the keys at the start of a JSON list (``leading_keys``) are a LongMemEval record's:
    ``question_id`` and ``question_type`` (the published files write them first) beside one of its
    date and haystack keys."""
    return keys >= _QUESTION_KEYS and bool(keys & _HAYSTACK_KEYS)


class LongMemEval(ImportedBenchmark):
    """LongMemEval's questions, official judge and published figures (the package docstring)."""

    name = "longmemeval"
    title = "LongMemEval"
    summary = (
        "LongMemEval: a question per unit with its own haystack of chat sessions, asked once "
        "after it; longmemeval:FILE"
    )
    unit = "question"
    judge_forms = ("longmemeval:<model spec>",)
    can_import = True

    def dataset_type(self) -> type[ImportedDataset]:
        from .dataset import LongMemEvalQuestions

        return LongMemEvalQuestions

    def detect(self, path: Path) -> bool:
        """A folder whose import marker names LongMemEval, or a JSON file whose first record looks
        like a LongMemEval question (its first 16 KB read, nothing parsed)."""
        if path.is_dir():
            from ...family.opening import marked_family

            return marked_family(path) == self.name
        if not path.is_file():
            return False
        from ...data.importers._jsonstream import leading_keys

        keys = leading_keys(path)
        return keys is not None and looks_like_longmemeval(keys)

    def resolve(self, spec: str, target: str, options: Mapping[str, Any]) -> Path:
        """A LongMemEval file as the folder it converts to, once (in the user cache, keyed by the
        file's content: ``longmemeval-v<N>-<hash>``); a folder it was converted into as it is.

        Raises:
            ConfigError: ``spec`` is not ``longmemeval``.
            DatasetError: no such file; a malformed file (naming the record and the field).
        """
        if spec != self.name:
            raise ConfigError(
                f"--data {spec}:…: the longmemeval family knows no {spec!r} (longmemeval:FILE)"
            )
        source = Path(target).expanduser()
        if source.is_dir() and self.detect(source):
            return source
        if not source.is_file():
            raise DatasetError(f"--data {spec}:FILE: no such file", path=source)
        from ...data.importers._native import cached_import
        from .importer import convert_longmemeval

        def convert(src: Path, out: Path) -> None:
            convert_longmemeval(src, out)

        return cached_import(spec, source, convert)

    def convert(self, source: Path, out: Path, options: Mapping[str, Any]) -> ImportSummary:
        """``recallbench import longmemeval FILE --out DIR``: one record at a time.

        Raises:
            DatasetError: a malformed file (naming the record and the field).
        """
        from .importer import convert_longmemeval

        ids = convert_longmemeval(source, out)
        return ImportSummary(
            what=f"{len(ids)} LongMemEval record(s)",
            questions=len(ids),
            detail="; each asked once, after its haystack",
        )

    def load_judge(
        self, spec: str, *, base_dir: Path | None, timeout: float | None
    ) -> Judge | None:
        """``longmemeval:<model spec>``: LongMemEval's yes/no judge over that model, named by the
        spec; None for any other spec.

        Raises:
            ConfigError: no model spec.
        """
        text = spec.strip()
        prefix, _, model_spec = text.partition(":")
        kind = prefix.strip().lower()
        if kind != "longmemeval":
            return None
        from ...judges.official import judge_model
        from .judge import LongMemEvalJudge

        model = judge_model(text, kind, model_spec, base_dir=base_dir, timeout=timeout)
        return cast("Judge", LongMemEvalJudge(model, name=text))

    def figures(self, dataset: Dataset, judge: Judge, personas: Sequence[PersonaResult]) -> Figures:
        """``publicBenchmark["longmemeval"]``: the published layout over the run's LongMemEval
        questions (:func:`~recallbench.benchmarks.longmemeval.report.longmemeval_report`); none
        without any."""
        from .report import longmemeval_published

        return Figures(published=longmemeval_published(personas))

    def tables(self, published: Mapping[str, Any]) -> tuple[Table, ...]:
        from .tables import longmemeval_tables

        return longmemeval_tables(published)
