"""What a benchmark is made of: personas, their days and questions, and which questions a checkpoint asks.

Records (:mod:`.persona`, :mod:`.qa`, :mod:`.corpus`), pure functions over them (:mod:`.ranges`,
:mod:`.selection`, :mod:`.shuffle`, :mod:`.plan`, :mod:`.matching`) and the dataset I/O edge: reading
persona directories (:mod:`.dataset`, over :mod:`._yaml` and :mod:`._schema`) and checking them
(:mod:`.validate`, :mod:`.deepcheck`). Nothing here runs an adapter or a judge; the pure modules import
no anyio, grpc, aiohttp or matplotlib.

The names below are the family's public surface; ``recallbench.Dataset``, ``recallbench.DayMetadata``
and ``recallbench.load_persona`` are on the front door too. Importing this package is cheap: each name
is imported from its module on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from .corpus import Day, DayMetadata, PersonaDataset, split_sessions
    from .dataset import (
        DEFAULT_ARCS_FILE,
        Dataset,
        DirectoryDataset,
        derive_sibling_dir,
        list_personas,
        load_persona,
        load_persona_definition,
    )
    from .importers._native import (
        IMPORT_MARKER,
        ImportedDataset,
        NativeDay,
        NativePersona,
        cached_import,
        import_warnings,
        open_imported,
        write_native,
    )
    from .persona import Arc, Persona, PersonaDefinition, SessionDef, Story
    from .plan import Plan, plan_persona, plan_run
    from .qa import (
        CATEGORIES,
        CORE_CATEGORIES,
        DIFFICULTIES,
        GROUP_CATEGORIES,
        QAPair,
        report_categories,
    )
    from .ranges import (
        DEFAULT_RANGES,
        TimeRange,
        expand_series,
        normalize_ranges,
        parse_ranges,
        parse_time_range,
    )
    from .selection import (
        CheckpointSelection,
        SelectionPolicy,
        filter_qa_by_range,
        iter_checkpoints,
        select_checkpoint,
        stratified_sample,
    )
    from .shuffle import seeded_shuffle
    from .validate import Problem, format_problem, validate_dataset

__all__ = [
    "CATEGORIES",
    "CORE_CATEGORIES",
    "DEFAULT_ARCS_FILE",
    "DEFAULT_RANGES",
    "DIFFICULTIES",
    "GROUP_CATEGORIES",
    "IMPORT_MARKER",
    "Arc",
    "CheckpointSelection",
    "Dataset",
    "Day",
    "DayMetadata",
    "DirectoryDataset",
    "ImportedDataset",
    "NativeDay",
    "NativePersona",
    "Persona",
    "PersonaDataset",
    "PersonaDefinition",
    "Plan",
    "Problem",
    "QAPair",
    "SelectionPolicy",
    "SessionDef",
    "Story",
    "TimeRange",
    "cached_import",
    "derive_sibling_dir",
    "expand_series",
    "filter_qa_by_range",
    "format_problem",
    "import_warnings",
    "iter_checkpoints",
    "list_personas",
    "load_persona",
    "load_persona_definition",
    "normalize_ranges",
    "open_imported",
    "parse_ranges",
    "parse_time_range",
    "plan_persona",
    "plan_run",
    "report_categories",
    "seeded_shuffle",
    "select_checkpoint",
    "split_sessions",
    "stratified_sample",
    "validate_dataset",
    "write_native",
]

_LAZY = {
    "Arc": "persona",
    "CATEGORIES": "qa",
    "CORE_CATEGORIES": "qa",
    "CheckpointSelection": "selection",
    "DEFAULT_ARCS_FILE": "dataset",
    "DEFAULT_RANGES": "ranges",
    "DIFFICULTIES": "qa",
    "Dataset": "dataset",
    "Day": "corpus",
    "DayMetadata": "corpus",
    "DirectoryDataset": "dataset",
    "GROUP_CATEGORIES": "qa",
    "Persona": "persona",
    "PersonaDataset": "corpus",
    "PersonaDefinition": "persona",
    "Plan": "plan",
    "Problem": "validate",
    "QAPair": "qa",
    "SelectionPolicy": "selection",
    "SessionDef": "persona",
    "Story": "persona",
    "TimeRange": "ranges",
    "derive_sibling_dir": "dataset",
    "expand_series": "ranges",
    "filter_qa_by_range": "selection",
    "iter_checkpoints": "selection",
    "list_personas": "dataset",
    "load_persona": "dataset",
    "load_persona_definition": "dataset",
    "normalize_ranges": "ranges",
    "parse_ranges": "ranges",
    "parse_time_range": "ranges",
    "plan_persona": "plan",
    "plan_run": "plan",
    "seeded_shuffle": "shuffle",
    "select_checkpoint": "selection",
    "split_sessions": "corpus",
    "stratified_sample": "selection",
    "validate_dataset": "validate",
    "IMPORT_MARKER": "importers._native",
    "ImportedDataset": "importers._native",
    "NativeDay": "importers._native",
    "NativePersona": "importers._native",
    "cached_import": "importers._native",
    "import_warnings": "importers._native",
    "open_imported": "importers._native",
    "write_native": "importers._native",
    "report_categories": "qa",
    "format_problem": "validate",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
