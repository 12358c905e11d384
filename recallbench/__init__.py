"""recallbench: benchmark the long-horizon memory of AI agents.

The curated public surface; everything here is importable from ``recallbench`` directly. Importing it is
cheap: no gRPC, aiohttp or matplotlib is loaded until a function that needs one is called.
"""

from __future__ import annotations

from .corpus import Day, DayMetadata, PersonaDataset, split_sessions
from .dataset import (
    DEFAULT_ARCS_FILE,
    derive_sibling_dir,
    list_personas,
    load_persona,
    load_persona_definition,
)
from .errors import (
    AdapterError,
    AdapterTimeout,
    ConfigError,
    DatasetError,
    JudgeError,
    JudgeParseError,
    ModelError,
    RecallBenchError,
    RunFailed,
)
from .persona import Arc, Persona, PersonaDefinition, SessionDef, Story
from .plan import Plan, plan_persona, plan_run
from .qa import CATEGORIES, CORE_CATEGORIES, DIFFICULTIES, GROUP_CATEGORIES, QAPair
from .ranges import (
    DEFAULT_RANGES,
    TimeRange,
    expand_series,
    normalize_ranges,
    parse_ranges,
    parse_time_range,
)
from .results import (
    BenchmarkResult,
    CategoryScore,
    HeatmapCell,
    PersonaResult,
    QuestionResult,
    RunMetadata,
    TimeRangeResult,
)
from .scoring import JudgeScore
from .selection import (
    CheckpointSelection,
    SelectionPolicy,
    filter_qa_by_range,
    iter_checkpoints,
    select_checkpoint,
    stratified_sample,
)
from .shuffle import seeded_shuffle
from .validate import Problem, validate_dataset

__version__ = "0.1.0"

__all__ = [
    "CATEGORIES",
    "CORE_CATEGORIES",
    "DEFAULT_ARCS_FILE",
    "DEFAULT_RANGES",
    "DIFFICULTIES",
    "GROUP_CATEGORIES",
    "AdapterError",
    "AdapterTimeout",
    "Arc",
    "BenchmarkResult",
    "CategoryScore",
    "CheckpointSelection",
    "ConfigError",
    "DatasetError",
    "Day",
    "DayMetadata",
    "HeatmapCell",
    "JudgeError",
    "JudgeParseError",
    "JudgeScore",
    "ModelError",
    "Persona",
    "PersonaDataset",
    "PersonaDefinition",
    "PersonaResult",
    "Plan",
    "Problem",
    "QAPair",
    "QuestionResult",
    "RecallBenchError",
    "RunFailed",
    "RunMetadata",
    "SelectionPolicy",
    "SessionDef",
    "Story",
    "TimeRange",
    "TimeRangeResult",
    "__version__",
    "derive_sibling_dir",
    "expand_series",
    "filter_qa_by_range",
    "iter_checkpoints",
    "list_personas",
    "load_persona",
    "load_persona_definition",
    "normalize_ranges",
    "parse_ranges",
    "parse_time_range",
    "plan_persona",
    "plan_run",
    "seeded_shuffle",
    "select_checkpoint",
    "split_sessions",
    "stratified_sample",
    "validate_dataset",
]
