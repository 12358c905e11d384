"""recallbench: benchmark the long-horizon memory of AI agents.

The curated public surface; everything here is importable from ``recallbench`` directly. Importing it is
cheap: no gRPC, aiohttp or matplotlib is loaded until a function that needs one is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .config import RetryPolicy, RunConfig, RunOutput
from .corpus import Day, DayMetadata, PersonaDataset, split_sessions
from .dataset import (
    DEFAULT_ARCS_FILE,
    DirectoryDataset,
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
    ModelTimeout,
    RecallBenchError,
    RunFailed,
)
from .hooks import CheckpointDone, CheckpointStarted, Hooks, QuestionDone, RunStarted
from .judges.usage import JudgeUsage
from .models.base import Completion, TextModel
from .persona import Arc, Persona, PersonaDefinition, SessionDef, Story
from .plan import Plan, plan_persona, plan_run
from .protocols import (
    Adapter,
    Dataset,
    Judge,
    JudgeContext,
    QueryDetail,
    RetrievalEntry,
    ToolCall,
)
from .qa import CATEGORIES, CORE_CATEGORIES, DIFFICULTIES, GROUP_CATEGORIES, QAPair
from .ranges import (
    DEFAULT_RANGES,
    TimeRange,
    expand_series,
    normalize_ranges,
    parse_ranges,
    parse_time_range,
)
from .report import format_json_report, format_text_report, to_heatmap_grid
from .results import (
    BenchmarkResult,
    CategoryScore,
    HeatmapCell,
    PersonaResult,
    QuestionError,
    QuestionResult,
    RunMetadata,
    TimeRangeResult,
)
from .runlog import read_resume_log
from .scoring import JudgeScore, StubJudge
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

if TYPE_CHECKING:
    from .compare import compare_results
    from .comparison import RunComparison
    from .hallucination import HallucinationAnalysis, analyze_hallucination
    from .harness import Harness, run, run_sync
    from .heatmap import HeatmapView, heatmap_view
    from .judges.cache import JudgeCache
    from .judges.llm import LlmJudge
    from .judges.rubric import RubricJudge
    from .loading import load_judge
    from .models.factory import load_model
    from .render.artifacts import write_views
    from .resultfile import LoadedRun, read_run

# The async core loads on first use, so `import recallbench` (and every pure module) stays free of
# anyio, tenacity and the rest of the run-time stack.
_LAZY = {
    "HallucinationAnalysis": "hallucination",
    "Harness": "harness",
    "HeatmapView": "heatmap",
    "LoadedRun": "resultfile",
    "RunComparison": "comparison",
    "analyze_hallucination": "hallucination",
    "compare_results": "compare",
    "heatmap_view": "heatmap",
    "read_run": "resultfile",
    "write_views": "render.artifacts",
    "JudgeCache": "judges.cache",
    "LlmJudge": "judges.llm",
    "RubricJudge": "judges.rubric",
    "load_judge": "loading",
    "load_model": "models.factory",
    "run": "harness",
    "run_sync": "harness",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'recallbench' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"recallbench.{module}"), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"

__all__ = [
    "CATEGORIES",
    "CORE_CATEGORIES",
    "DEFAULT_ARCS_FILE",
    "DEFAULT_RANGES",
    "DIFFICULTIES",
    "GROUP_CATEGORIES",
    "Adapter",
    "AdapterError",
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
