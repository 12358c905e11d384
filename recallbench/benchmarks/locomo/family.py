"""The LoCoMo family: :class:`LoCoMo` (the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ...errors import ConfigError, DatasetError
from ...family.base import (
    DataOption,
    Figures,
    ImportSummary,
    Table,
)
from ...family.imported import ImportedBenchmark

if TYPE_CHECKING:
    from ...data.dataset import Dataset
    from ...data.importers._native import ImportedDataset
    from ...judges.base import Judge
    from ...results.records import PersonaResult
    from .importer import CategoryConvention

__all__ = ["CATEGORY_CONVENTIONS", "LoCoMo", "looks_like_locomo"]

CATEGORY_CONVENTIONS = ("official", "mem0")
"""``--locomo-categories``: the names LoCoMo's category numbers are read under."""

_SPECS = ("locomo", "locomo-mem0")
"""``--data locomo:FILE`` (the official names, or ``--locomo-categories``'), ``locomo-mem0:FILE``."""

_RECORD_KEYS = frozenset({"sample_id", "conversation", "qa"})
_CONVERSATION_KEYS = frozenset({"speaker_a", "speaker_b", "dia_id"})
_QUESTION_KEYS = frozenset({"qa", "evidence", "category"})


def looks_like_locomo(keys: frozenset[str]) -> bool:
    """Whether the keys at the start of a JSON list (``leading_keys``) are a LoCoMo record's: one
    of its own (``sample_id``, ``conversation``, ``qa``) beside its conversation's (``speaker_a``,
    ``dia_id``…) or its questions' (``qa`` holding ``evidence`` and ``category``: the published
    file writes ``qa`` first)."""
    return bool(keys & _RECORD_KEYS) and (bool(keys & _CONVERSATION_KEYS) or keys >= _QUESTION_KEYS)


class LoCoMo(ImportedBenchmark):
    """LoCoMo's conversations, official scorers and published figures (the package docstring)."""

    name = "locomo"
    title = "LoCoMo"
    summary = (
        "LoCoMo (snap-research): a conversation of two speakers per unit, asked at its session "
        "quarters; locomo:FILE, locomo-mem0:FILE"
    )
    unit = "conversation"
    data_options = (
        DataOption(
            flag="--locomo-categories",
            choices=CATEGORY_CONVENTIONS,
            import_default="official",
            elsewhere="an imported directory keeps the names 'recallbench import "
            "--locomo-categories' gave it",
            help="with --data locomo:FILE: the names LoCoMo's category numbers are read under — "
            "the official evaluation's (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, "
            "5 adversarial; the default) or mem0's (1 single-hop, 3 multi-hop, 4 open-domain); "
            "the mapping is printed in every report",
        ),
    )
    judge_forms = ("locomo-f1", "locomo-llm:<model spec>")
    can_import = True

    def dataset_type(self) -> type[ImportedDataset]:
        from .dataset import LocomoConversations

        return LocomoConversations

    def detect(self, path: Path) -> bool:
        """A folder whose import marker names LoCoMo, or a JSON file whose first record looks like
        a LoCoMo conversation (its first 16 KB read, nothing parsed)."""
        if path.is_dir():
            from ...family.opening import marked_family

            return marked_family(path) == self.name
        if not path.is_file():
            return False
        from ...data.importers._jsonstream import leading_keys

        keys = leading_keys(path)
        return keys is not None and looks_like_locomo(keys)

    def resolve(self, spec: str, target: str, options: Mapping[str, Any]) -> Path:
        """A LoCoMo file as the folder it converts to, once (in the user cache, keyed by the file's
        content: ``locomo-v<N>-<hash>``, ``locomo-mem0-v<N>-<hash>``); a folder it was converted
        into as it is.

        Raises:
            ConfigError: ``spec`` is neither ``locomo`` nor ``locomo-mem0``;
                ``--locomo-categories`` is not a convention, contradicts ``locomo-mem0``, or is
                given for a folder (which keeps the names it was imported under).
            DatasetError: no such file; a malformed file (naming the record and the field).
        """
        if spec not in _SPECS:
            raise ConfigError(
                f"--data {spec}:…: the locomo family knows no {spec!r} "
                "(locomo:FILE, locomo-mem0:FILE)"
            )
        categories = options.get("locomo_categories")
        source = Path(target).expanduser()
        if spec == self.name and source.is_dir():
            if categories is not None:
                raise ConfigError(
                    f"--locomo-categories applies to --data locomo:FILE, not to {target}: an "
                    "imported directory keeps the names 'recallbench import --locomo-categories' "
                    "gave it"
                )
            if self.detect(source):
                return source
        kind = spec
        if categories is not None:
            if categories not in CATEGORY_CONVENTIONS:
                raise ConfigError(
                    f"--locomo-categories must be official or mem0, not {categories!r}"
                )
            if spec == "locomo-mem0" and categories == "official":
                raise ConfigError(
                    "--data locomo-mem0:FILE reads mem0's category names; --locomo-categories "
                    "official contradicts it (use --data locomo:FILE)"
                )
            kind = "locomo-mem0" if categories == "mem0" else spec
        if not source.is_file():
            raise DatasetError(f"--data {kind}:FILE: no such file", path=source)
        from ...data.importers._native import cached_import
        from .importer import convert_locomo

        convention: CategoryConvention = "mem0" if kind == "locomo-mem0" else "official"

        def convert(src: Path, out: Path) -> None:
            convert_locomo(src, out, convention)

        return cached_import(kind, source, convert)

    def convert(self, source: Path, out: Path, options: Mapping[str, Any]) -> ImportSummary:
        """``recallbench import locomo FILE --out DIR`` (``--locomo-categories``, official by
        default).

        Raises:
            ConfigError: ``--locomo-categories`` is not a convention.
            DatasetError: a malformed file (naming the record and the field).
        """
        convention = options.get("locomo_categories") or "official"
        if convention not in CATEGORY_CONVENTIONS:
            raise ConfigError(f"--locomo-categories must be official or mem0, not {convention!r}")
        from .importer import convert_locomo

        personas, ranges = convert_locomo(source, out, cast("CategoryConvention", convention))
        return ImportSummary(
            what=f"{len(personas)} conversation(s)",
            questions=sum(len(p.questions) for p in personas),
            detail=f"; default checkpoints {', '.join(r.label for r in ranges)} of each "
            "conversation's sessions",
        )

    def load_judge(
        self, spec: str, *, base_dir: Path | None, timeout: float | None
    ) -> Judge | None:
        """``locomo-f1`` (LoCoMo's token F1) or ``locomo-llm:<model spec>`` (mem0's
        CORRECT/WRONG judge over that model, named by the spec); None for any other spec.

        Raises:
            ConfigError: ``locomo-llm`` without a model spec; nltk missing (``locomo-f1``).
        """
        text = spec.strip()
        if text.lower() == "locomo-f1":
            from .judges import LocomoF1Judge

            return cast("Judge", LocomoF1Judge())
        prefix, _, model_spec = text.partition(":")
        kind = prefix.strip().lower()
        if kind != "locomo-llm":
            return None
        from ...judges.official import judge_model
        from .judges import LocomoLlmJudge

        model = judge_model(text, kind, model_spec, base_dir=base_dir, timeout=timeout)
        return cast("Judge", LocomoLlmJudge(model, name=text))

    def figures(self, dataset: Dataset, judge: Judge, personas: Sequence[PersonaResult]) -> Figures:
        """``publicBenchmark["locomo"]``: the published layout over the run's LoCoMo questions
        (:func:`~recallbench.benchmarks.locomo.report.locomo_report`); none without any."""
        from .report import locomo_published

        return Figures(published=locomo_published(personas))

    def tables(self, published: Mapping[str, Any]) -> tuple[Table, ...]:
        from .tables import locomo_tables

        return locomo_tables(published)
