"""recallbench: benchmark the long-horizon memory of AI agents.

The curated public surface; everything here is importable from ``recallbench`` directly. Importing it is
cheap: no gRPC, aiohttp or matplotlib is loaded until a function that needs one is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_getattr
from ._retry import RetryPolicy
from ._version import __version__
from .adapters.base import Adapter, QueryDetail, RetrievalEntry, ToolCall
from .data.corpus import Day, DayMetadata, PersonaDataset, split_sessions
from .data.dataset import (
    DEFAULT_ARCS_FILE,
    Dataset,
    DirectoryDataset,
    derive_sibling_dir,
    list_personas,
    load_persona,
    load_persona_definition,
)
from .data.persona import Arc, Persona, PersonaDefinition, SessionDef, Story
from .data.plan import Plan, plan_persona, plan_run
from .data.qa import CATEGORIES, CORE_CATEGORIES, DIFFICULTIES, GROUP_CATEGORIES, QAPair
from .data.ranges import (
    DEFAULT_RANGES,
    TimeRange,
    expand_series,
    normalize_ranges,
    parse_ranges,
    parse_time_range,
)
from .data.selection import (
    CheckpointSelection,
    SelectionPolicy,
    filter_qa_by_range,
    iter_checkpoints,
    select_checkpoint,
    stratified_sample,
)
from .data.shuffle import seeded_shuffle
from .data.validate import Problem, validate_dataset
from .errors import (
    AdapterError,
    AdapterTimeout,
    ConfigError,
    DatasetError,
    JudgeError,
    JudgeParseError,
    ModelError,
    ModelTimeout,
    RecallBenchError,
    RunFailed,
)
from .harness.config import AdapterErrorLimit, RunConfig, RunOutput
from .harness.hooks import (
    CheckpointDone,
    CheckpointStarted,
    Hooks,
    QuestionDone,
    RunDone,
    RunStarted,
)
from .judges.base import Judge, JudgeContext
from .judges.usage import JudgeUsage
from .models.base import Completion, TextModel
from .render.report import format_json_report, format_text_report, to_heatmap_grid
from .results.records import (
    BenchmarkResult,
    CategoryScore,
    HeatmapCell,
    PersonaResult,
    QuestionError,
    QuestionResult,
    RunMetadata,
    TimeRangeResult,
)
from .results.scoring import JudgeScore, StubJudge

if TYPE_CHECKING:
    from ._front import run, run_sync
    from .harness.engine import Harness
    from .harness.loading import load_judge
    from .harness.resume import read_resume_log
    from .judges.cache import JudgeCache
    from .judges.llm import LlmJudge
    from .judges.rubric import RubricJudge
    from .models.factory import load_model
    from .render.artifacts import write_views
    from .results.comparison import compare_results
    from .results.comparison_records import RunComparison
    from .results.hallucination import HallucinationAnalysis, analyze_hallucination
    from .results.heatmap import HeatmapView, heatmap_view
    from .results.reading import LoadedRun, read_run

# The async core loads on first use, so `import recallbench` (and every pure module) stays free of
# anyio, tenacity and the rest of the run-time stack.
_LAZY = {
    "HallucinationAnalysis": "results.hallucination",
    "Harness": "harness.engine",
    "HeatmapView": "results.heatmap",
    "LoadedRun": "results.reading",
    "RunComparison": "results.comparison_records",
    "analyze_hallucination": "results.hallucination",
    "compare_results": "results.comparison",
    "heatmap_view": "results.heatmap",
    "read_run": "results.reading",
    "write_views": "render.artifacts",
    "JudgeCache": "judges.cache",
    "LlmJudge": "judges.llm",
    "RubricJudge": "judges.rubric",
    "load_judge": "harness.loading",
    "load_model": "models.factory",
    "read_resume_log": "harness.resume",
    "run": "_front",
    "run_sync": "_front",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())


def __dir__() -> list[str]:
    """The public names, the lazily loaded ones included (not ``TYPE_CHECKING`` and the like)."""
    return sorted(__all__)


__all__ = [
    "CATEGORIES",
    "CORE_CATEGORIES",
    "DEFAULT_ARCS_FILE",
    "DEFAULT_RANGES",
    "DIFFICULTIES",
    "GROUP_CATEGORIES",
    "Adapter",
    "AdapterError",
    "AdapterErrorLimit",
    "AdapterTimeout",
    "Arc",
    "BenchmarkResult",
    "CategoryScore",
    "CheckpointDone",
    "CheckpointSelection",
    "CheckpointStarted",
    "Completion",
    "ConfigError",
    "Dataset",
    "DatasetError",
    "Day",
    "DayMetadata",
    "DirectoryDataset",
    "HallucinationAnalysis",
    "Harness",
    "HeatmapCell",
    "HeatmapView",
    "Hooks",
    "Judge",
    "JudgeCache",
    "JudgeContext",
    "JudgeError",
    "JudgeParseError",
    "JudgeScore",
    "JudgeUsage",
    "LlmJudge",
    "LoadedRun",
    "ModelError",
    "ModelTimeout",
    "Persona",
    "PersonaDataset",
    "PersonaDefinition",
    "PersonaResult",
    "Plan",
    "Problem",
    "QAPair",
    "QueryDetail",
    "QuestionDone",
    "QuestionError",
    "QuestionResult",
    "RecallBenchError",
    "RetrievalEntry",
    "RetryPolicy",
    "RubricJudge",
    "RunComparison",
    "RunConfig",
    "RunDone",
    "RunFailed",
    "RunMetadata",
    "RunOutput",
    "RunStarted",
    "SelectionPolicy",
    "SessionDef",
    "Story",
    "StubJudge",
    "TextModel",
    "TimeRange",
    "TimeRangeResult",
    "ToolCall",
    "__version__",
    "analyze_hallucination",
    "compare_results",
    "derive_sibling_dir",
    "expand_series",
    "filter_qa_by_range",
    "format_json_report",
    "format_text_report",
    "heatmap_view",
    "iter_checkpoints",
    "list_personas",
    "load_judge",
    "load_model",
    "load_persona",
    "load_persona_definition",
    "normalize_ranges",
    "parse_ranges",
    "parse_time_range",
    "plan_persona",
    "plan_run",
    "read_resume_log",
    "read_run",
    "run",
    "run_sync",
    "seeded_shuffle",
    "select_checkpoint",
    "split_sessions",
    "stratified_sample",
    "to_heatmap_grid",
    "validate_dataset",
    "write_views",
]
