"""recallbench: benchmark the long-horizon memory of AI agents.

The front door holds what the common path needs: :func:`run` (or :func:`run_sync`, or a
:class:`Harness`) with an adapter, a dataset and a judge, its configuration, and the result it returns
with its text report. Everything else lives in a family of its own, each with its own ``__all__`` and API page:

========================  ====================================================================
``recallbench.adapters``  the adapter seam and the built-in adapters (``builtin:bm25`` …)
``recallbench.judges``    judges: rubric, LLM, the cache, panels
``recallbench.models``    text models: HTTP providers, CLI agents, Python objects
``recallbench.data``      personas, days, questions, time ranges, selection and plans
``recallbench.results``   result records, reading runs back, comparing and analysing them
``recallbench.render``    text, JSON and picture reports of a result
``recallbench.harness``   the engine's configuration, hooks, executors and resume logs
``recallbench.errors``    the error tree
``recallbench.testing``   scripted adapters, judges and models for tests
========================  ====================================================================

Importing it is cheap and loads nothing else: each name is imported from its module on first use
(PEP 562), so a command, a notebook or an embedding framework pays only for what it touches, and never
for gRPC, aiohttp, matplotlib or numpy unless it calls what needs them. A name that used to be here
and moved to a family still resolves, with a :class:`DeprecationWarning` naming its new home.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_getattr
from ._version import __version__

if TYPE_CHECKING:
    from ._front import run, run_sync
    from ._rejudging import rejudge
    from .adapters.base import Adapter, QueryDetail, RetrievalEntry
    from .data.corpus import DayMetadata
    from .data.dataset import Dataset, load_persona
    from .errors import RecallBenchError, RunFailed
    from .harness.config import RunConfig, RunOutput
    from .harness.engine import Harness
    from .harness.hooks import Hooks
    from .harness.judge_loading import load_judge
    from .judges.base import Judge, JudgeContext
    from .judges.llm import LlmJudge
    from .judges.rubric import RubricJudge
    from .models.base import TextModel
    from .render.report import format_text_report
    from .results.frame import to_dataframe
    from .results.reading import read_run
    from .results.records import BenchmarkResult, PersonaResult, QuestionResult, TimeRangeResult
    from .results.scoring import JudgeScore

# Every public name and the module (under recallbench) that holds it.
_LAZY = {
    "run": "_front",
    "run_sync": "_front",
    "rejudge": "_rejudging",
    "Adapter": "adapters.base",
    "QueryDetail": "adapters.base",
    "RetrievalEntry": "adapters.base",
    "DayMetadata": "data.corpus",
    "Dataset": "data.dataset",
    "load_persona": "data.dataset",
    "RecallBenchError": "errors",
    "RunFailed": "errors",
    "RunConfig": "harness.config",
    "RunOutput": "harness.config",
    "Harness": "harness.engine",
    "Hooks": "harness.hooks",
    "load_judge": "harness.judge_loading",
    "Judge": "judges.base",
    "JudgeContext": "judges.base",
    "LlmJudge": "judges.llm",
    "RubricJudge": "judges.rubric",
    "TextModel": "models.base",
    "format_text_report": "render.report",
    "to_dataframe": "results.frame",
    "read_run": "results.reading",
    "BenchmarkResult": "results.records",
    "PersonaResult": "results.records",
    "QuestionResult": "results.records",
    "TimeRangeResult": "results.records",
    "JudgeScore": "results.scoring",
}

# Names that were public here before issue 35 and the family that holds them now: they resolve with a
# DeprecationWarning naming the new home (nothing in this repository uses them; the tests turn the
# warning into an error).
_MOVED = {
    **dict.fromkeys(
        (
            "AdapterError",
            "AdapterTimeout",
            "ConfigError",
            "DatasetError",
            "JudgeError",
            "JudgeParseError",
            "ModelError",
            "ModelTimeout",
        ),
        "recallbench.errors",
    ),
    **dict.fromkeys(
        (
            "AdapterErrorLimit",
            "AdapterSpec",
            "CheckpointDone",
            "CheckpointStarted",
            "Executor",
            "LocalExecutor",
            "QuestionDone",
            "RayExecutor",
            "RetryPolicy",
            "RunDone",
            "RunStarted",
            "read_resume_log",
            "read_retry_log",
        ),
        "recallbench.harness",
    ),
    **dict.fromkeys(
        (
            "CATEGORIES",
            "CORE_CATEGORIES",
            "DEFAULT_ARCS_FILE",
            "DEFAULT_RANGES",
            "DIFFICULTIES",
            "GROUP_CATEGORIES",
            "Arc",
            "CheckpointSelection",
            "Day",
            "DirectoryDataset",
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
            "derive_sibling_dir",
            "expand_series",
            "filter_qa_by_range",
            "iter_checkpoints",
            "list_personas",
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
        ),
        "recallbench.data",
    ),
    **dict.fromkeys(
        (
            "CategoryScore",
            "HallucinationAnalysis",
            "HeatmapCell",
            "HeatmapView",
            "LoadedRun",
            "QuestionError",
            "RunComparison",
            "RunMetadata",
            "analyze_hallucination",
            "compare_results",
            "heatmap_view",
        ),
        "recallbench.results",
    ),
    **dict.fromkeys(("JudgeCache", "JudgeUsage", "StubJudge"), "recallbench.judges"),
    **dict.fromkeys(("Completion", "load_model"), "recallbench.models"),
    "ToolCall": "recallbench.adapters",
    **dict.fromkeys(
        ("format_json_report", "to_heatmap_grid", "write_views"),
        "recallbench.render",
    ),
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals(), moved=_MOVED)


def __dir__() -> list[str]:
    """The public names, the lazily loaded ones included (not ``TYPE_CHECKING`` and the like)."""
    return sorted(__all__)


__all__ = [
    "Adapter",
    "BenchmarkResult",
    "Dataset",
    "DayMetadata",
    "Harness",
    "Hooks",
    "Judge",
    "JudgeContext",
    "JudgeScore",
    "LlmJudge",
    "PersonaResult",
    "QueryDetail",
    "QuestionResult",
    "RecallBenchError",
    "RetrievalEntry",
    "RubricJudge",
    "RunConfig",
    "RunFailed",
    "RunOutput",
    "TextModel",
    "TimeRangeResult",
    "__version__",
    "format_text_report",
    "load_judge",
    "load_persona",
    "read_run",
    "rejudge",
    "run",
    "run_sync",
    "to_dataframe",
]
