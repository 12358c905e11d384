"""The public surface: pinned names, and an import that stays cheap."""

from __future__ import annotations

import json
import subprocess
import sys

import recallbench

EXPECTED = {
    "AdapterSpec",
    "Executor",
    "LocalExecutor",
    "RayExecutor",
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
    "Completion",
    "CheckpointSelection",
    "ConfigError",
    "DatasetError",
    "Day",
    "DayMetadata",
    "HeatmapCell",
    "JudgeError",
    "JudgeParseError",
    "JudgeScore",
    "JudgeUsage",
    "ModelError",
    "ModelTimeout",
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
    "TextModel",
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
    # the harness (issue 3)
    "Adapter",
    "CheckpointDone",
    "CheckpointStarted",
    "Dataset",
    "DirectoryDataset",
    "Harness",
    "Hooks",
    "Judge",
    "JudgeContext",
    "QueryDetail",
    "QuestionDone",
    "QuestionError",
    "RetrievalEntry",
    "RetryPolicy",
    "RunConfig",
    "RunOutput",
    "RunStarted",
    "StubJudge",
    "ToolCall",
    "format_json_report",
    "format_text_report",
    "read_resume_log",
    "read_retry_log",
    "run",
    "run_sync",
    "to_heatmap_grid",
    # judges and models (issue 5)
    "JudgeCache",
    "LlmJudge",
    "RubricJudge",
    "load_judge",
    "load_model",
    # reading, re-rendering and comparing runs
    "HallucinationAnalysis",
    "HeatmapView",
    "LoadedRun",
    "RunComparison",
    "analyze_hallucination",
    "compare_results",
    "heatmap_view",
    "read_run",
    "write_views",
    "to_dataframe",
    # a newcomer's first hour (issue 20)
    "AdapterErrorLimit",
    "RunDone",
}


def test_public_names_are_pinned() -> None:
    assert set(recallbench.__all__) == EXPECTED
    assert len(recallbench.__all__) == len(set(recallbench.__all__))  # order: ruff RUF022
    for name in recallbench.__all__:
        assert hasattr(recallbench, name), name


def test_dir_lists_the_public_names_and_only_those() -> None:
    """In a fresh interpreter (nothing loaded yet): the lazily loaded names are listed before
    first use, and the module's own machinery is not."""
    code = "import recallbench, json; print(json.dumps(dir(recallbench)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    names = json.loads(out)
    assert names == sorted(EXPECTED)
    for lazy in ("run", "run_sync", "RubricJudge", "load_judge", "read_run"):
        assert lazy in names
    for hidden in ("Any", "TYPE_CHECKING", "annotations", "lazy_getattr"):
        assert hidden not in names


def test_error_tree_keeps_builtin_catches_working() -> None:
    assert issubclass(recallbench.ConfigError, ValueError)
    assert issubclass(recallbench.DatasetError, ValueError)
    assert issubclass(recallbench.AdapterTimeout, TimeoutError)
    assert issubclass(recallbench.JudgeParseError, recallbench.JudgeError)
    for name in recallbench.__all__:
        obj = getattr(recallbench, name)
        if isinstance(obj, type) and issubclass(obj, Exception):
            assert issubclass(obj, recallbench.RecallBenchError), name


HEAVY = ("grpc", "aiohttp", "matplotlib", "numpy", "rich", "tenacity")


def test_import_is_cheap() -> None:
    code = (
        "import json, sys; import recallbench, recallbench.cli, recallbench.testing; "
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


PURE = (
    "data.ranges",
    "data.shuffle",
    "data.selection",
    "data.plan",
    "data.qa",
    "results.scoring",
    "results.records",
    "data.persona",
    "data.corpus",
    "models.spec",
    "judges.parse",
    "judges.prompts",
    "results.heatmap",
    "results.hallucination",
    "render.hallucination_text",
    "results.comparison",
    "results.stats",
    "generation.planning",
)


def test_pure_modules_import_no_async_or_io_stacks() -> None:
    mods = ", ".join(f"recallbench.{m}" for m in PURE)
    code = (
        f"import json, sys; import {mods}; "
        "print(json.dumps([m for m in ('anyio', 'grpc', 'aiohttp', 'matplotlib', 'ruamel') "
        "if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
