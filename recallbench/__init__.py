"""recallbench: benchmark the long-horizon memory of AI agents.

The curated public surface; everything here is importable from ``recallbench`` directly. Importing it is
cheap and loads nothing else: each name is imported from its module on first use (PEP 562), so a
command, a notebook or an embedding framework pays only for what it touches, and never for gRPC,
aiohttp, matplotlib or numpy unless it calls what needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_getattr
from ._version import __version__

if TYPE_CHECKING:
    from ._front import run, run_sync
    from ._retry import RetryPolicy
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
    from .harness.engine import Harness
    from .harness.executor import Executor, LocalExecutor
    from .harness.hooks import (
        CheckpointDone,
        CheckpointStarted,
        Hooks,
        QuestionDone,
        RunDone,
        RunStarted,
    )
    from .harness.judge_loading import load_judge
    from .harness.loading import AdapterSpec
    from .harness.ray_executor import RayExecutor
    from .harness.resume import read_resume_log, read_retry_log
    from .judges.base import Judge, JudgeContext
    from .judges.cache import JudgeCache
    from .judges.llm import LlmJudge
    from .judges.rubric import RubricJudge
    from .judges.usage import JudgeUsage
    from .models.base import Completion, TextModel
    from .models.factory import load_model
    from .render.artifacts import write_views
    from .render.report import format_json_report, format_text_report, to_heatmap_grid
    from .results.comparison import compare_results
    from .results.comparison_records import RunComparison
    from .results.frame import to_dataframe
    from .results.hallucination import HallucinationAnalysis, analyze_hallucination
    from .results.heatmap import HeatmapView, heatmap_view
    from .results.reading import LoadedRun, read_run
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

# Every public name and the module (under recallbench) that holds it.
_LAZY = {
    "run": "_front",
    "run_sync": "_front",
    "RetryPolicy": "_retry",
    "Adapter": "adapters.base",
    "QueryDetail": "adapters.base",
    "RetrievalEntry": "adapters.base",
    "ToolCall": "adapters.base",
    "Day": "data.corpus",
    "DayMetadata": "data.corpus",
    "PersonaDataset": "data.corpus",
    "split_sessions": "data.corpus",
    "DEFAULT_ARCS_FILE": "data.dataset",
    "Dataset": "data.dataset",
    "DirectoryDataset": "data.dataset",
    "derive_sibling_dir": "data.dataset",
    "list_personas": "data.dataset",
    "load_persona": "data.dataset",
    "load_persona_definition": "data.dataset",
    "Arc": "data.persona",
    "Persona": "data.persona",
    "PersonaDefinition": "data.persona",
    "SessionDef": "data.persona",
    "Story": "data.persona",
    "Plan": "data.plan",
    "plan_persona": "data.plan",
    "plan_run": "data.plan",
    "CATEGORIES": "data.qa",
    "CORE_CATEGORIES": "data.qa",
    "DIFFICULTIES": "data.qa",
    "GROUP_CATEGORIES": "data.qa",
    "QAPair": "data.qa",
    "DEFAULT_RANGES": "data.ranges",
    "TimeRange": "data.ranges",
    "expand_series": "data.ranges",
    "normalize_ranges": "data.ranges",
    "parse_ranges": "data.ranges",
    "parse_time_range": "data.ranges",
    "CheckpointSelection": "data.selection",
    "SelectionPolicy": "data.selection",
    "filter_qa_by_range": "data.selection",
    "iter_checkpoints": "data.selection",
    "select_checkpoint": "data.selection",
    "stratified_sample": "data.selection",
    "seeded_shuffle": "data.shuffle",
    "Problem": "data.validate",
    "validate_dataset": "data.validate",
    "AdapterError": "errors",
    "AdapterTimeout": "errors",
    "ConfigError": "errors",
    "DatasetError": "errors",
    "JudgeError": "errors",
    "JudgeParseError": "errors",
    "ModelError": "errors",
    "ModelTimeout": "errors",
    "RecallBenchError": "errors",
    "RunFailed": "errors",
    "AdapterErrorLimit": "harness.config",
    "RunConfig": "harness.config",
    "RunOutput": "harness.config",
    "Harness": "harness.engine",
    "Executor": "harness.executor",
    "LocalExecutor": "harness.executor",
    "RayExecutor": "harness.ray_executor",
    "AdapterSpec": "harness.loading",
    "CheckpointDone": "harness.hooks",
    "CheckpointStarted": "harness.hooks",
    "Hooks": "harness.hooks",
    "QuestionDone": "harness.hooks",
    "RunDone": "harness.hooks",
    "RunStarted": "harness.hooks",
    "load_judge": "harness.judge_loading",
    "read_resume_log": "harness.resume",
    "read_retry_log": "harness.resume",
    "Judge": "judges.base",
    "JudgeContext": "judges.base",
    "JudgeCache": "judges.cache",
    "LlmJudge": "judges.llm",
    "RubricJudge": "judges.rubric",
    "JudgeUsage": "judges.usage",
    "Completion": "models.base",
    "TextModel": "models.base",
    "load_model": "models.factory",
    "write_views": "render.artifacts",
    "format_json_report": "render.report",
    "format_text_report": "render.report",
    "to_heatmap_grid": "render.report",
    "compare_results": "results.comparison",
    "RunComparison": "results.comparison_records",
    "HallucinationAnalysis": "results.hallucination",
    "analyze_hallucination": "results.hallucination",
    "HeatmapView": "results.heatmap",
    "heatmap_view": "results.heatmap",
    "LoadedRun": "results.reading",
    "read_run": "results.reading",
    "to_dataframe": "results.frame",
    "BenchmarkResult": "results.records",
    "CategoryScore": "results.records",
    "HeatmapCell": "results.records",
    "PersonaResult": "results.records",
    "QuestionError": "results.records",
    "QuestionResult": "results.records",
    "RunMetadata": "results.records",
    "TimeRangeResult": "results.records",
    "JudgeScore": "results.scoring",
    "StubJudge": "results.scoring",
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
    "AdapterSpec",
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
    "Executor",
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
    "LocalExecutor",
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
    "RayExecutor",
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
    "read_retry_log",
    "read_run",
    "run",
    "run_sync",
    "seeded_shuffle",
    "select_checkpoint",
    "split_sessions",
    "stratified_sample",
    "to_dataframe",
    "to_heatmap_grid",
    "validate_dataset",
    "write_views",
]
