"""The public surface (issue 35): a small front door pinned name by name, each family (a submodule
with its own `__all__` and API page) pinned too, the names that left the front door still resolving
with a warning naming their home, and an import that stays cheap."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
import warnings

import pytest

import recallbench
from recallbench import errors

MAX_FRONT_DOOR = 30
"""Issue 35: the front door is sized for the common path (cattrs exports 25 names, attrs 38)."""

EXPECTED = {
    "__version__",
    # running a benchmark
    "run",
    "run_sync",
    "Harness",
    "RunConfig",
    "RunOutput",
    "Hooks",
    # the protocols and what crosses them
    "Adapter",
    "DayMetadata",
    "QueryDetail",
    "RetrievalEntry",
    "Judge",
    "JudgeContext",
    "JudgeScore",
    "TextModel",
    "Dataset",
    "load_persona",
    # the built-in judges' entry points
    "RubricJudge",
    "LlmJudge",
    "load_judge",
    # the result, read back, as text, as a DataFrame
    "BenchmarkResult",
    "PersonaResult",
    "TimeRangeResult",
    "QuestionResult",
    "read_run",
    "format_text_report",
    "to_dataframe",
    # the same answers judged again (recallbench rejudge)
    "rejudge",
    # errors: the root, and what a failed run raises
    "RecallBenchError",
    "RunFailed",
}

FAMILIES = {
    "recallbench.adapters": {
        "ABSTENTION",
        "BUILTIN_ADAPTERS",
        "BUILTIN_PREFIX",
        "Adapter",
        "Bm25Adapter",
        "DenseAdapter",
        "EchoReferenceAdapter",
        "Fts5Adapter",
        "HybridAdapter",
        "NullAdapter",
        "OracleAdapter",
        "QueryDetail",
        "RandomAdapter",
        "RecencyAdapter",
        "RetrievalEntry",
        "ToolCall",
        "builtin_adapter",
        "builtin_adapter_class",
        "builtin_name",
    },
    "recallbench.family": {
        "BaseBenchmark",
        "Benchmark",
        "DataOption",
        "Figures",
        "ImportSummary",
        "ImportedBenchmark",
        "Table",
        "Validation",
        "all_families",
        "benchmark_of",
        "detect",
        "family",
        "family_names",
        "open_data",
        "open_dataset",
        "register",
        "registered",
        "resolve_data",
        "unregister",
    },
    "recallbench.judges": {
        "Judge",
        "JudgeCache",
        "JudgeContext",
        "JudgePanel",
        "JudgeUsage",
        "LlmJudge",
        "RubricJudge",
        "StubJudge",
    },
    "recallbench.models": {
        "AnthropicModel",
        "AzureOpenAIModel",
        "Completion",
        "ModelSpec",
        "OpenAIModel",
        "ProviderError",
        "TextModel",
        "aclose_model",
        "complete",
        "describe_model",
        "format_model_spec",
        "load_model",
        "parse_model_spec",
        "to_completion",
    },
    "recallbench.data": {
        "format_problem",
        "report_categories",
        "write_native",
        "open_imported",
        "import_warnings",
        "cached_import",
        "NativePersona",
        "NativeDay",
        "ImportedDataset",
        "IMPORT_MARKER",
        "CATEGORIES",
        "CORE_CATEGORIES",
        "DEFAULT_ARCS_FILE",
        "DEFAULT_RANGES",
        "DIFFICULTIES",
        "GROUP_CATEGORIES",
        "Arc",
        "CheckpointSelection",
        "Dataset",
        "Day",
        "DayMetadata",
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
    },
    "recallbench.results": {
        "Attribution",
        "AttributionSummary",
        "BenchmarkResult",
        "CategoryScore",
        "HallucinationAnalysis",
        "HeatmapCell",
        "HeatmapView",
        "JudgeScore",
        "LoadedRun",
        "PersonaResult",
        "QuestionError",
        "QuestionResult",
        "RunComparison",
        "RunMetadata",
        "TimeRangeResult",
        "analyze_hallucination",
        "attribute_run",
        "compare_results",
        "heatmap_view",
        "read_question_log",
        "read_run",
        "summarize_attribution",
        "to_dataframe",
    },
    "recallbench.render": {
        "format_json_report",
        "format_text_report",
        "to_heatmap_grid",
        "write_views",
    },
    "recallbench.harness": {
        "AdapterErrorLimit",
        "AdapterSpec",
        "CheckpointDone",
        "CheckpointStarted",
        "Executor",
        "Harness",
        "Hooks",
        "LifecycleTimeouts",
        "LocalExecutor",
        "QuestionDone",
        "RayExecutor",
        "ResumeLog",
        "RetryPolicy",
        "RunConfig",
        "RunDone",
        "RunOutput",
        "RunStarted",
        "load_judge",
        "read_resume_log",
        "read_retry_log",
    },
    "recallbench.errors": {
        "AdapterError",
        "AdapterTimeout",
        "BudgetExceeded",
        "ConfigError",
        "DatasetError",
        "JudgeError",
        "JudgeParseError",
        "ModelError",
        "ModelTimeout",
        "OutputError",
        "RecallBenchError",
        "RunFailed",
        "WritesRefused",
    },
    "recallbench.testing": {
        "ModelCall",
        "ScriptedAdapter",
        "ScriptedJudge",
        "ScriptedModel",
        "ScriptedSnapshotAdapter",
        "containment_judge",
        "day_code",
        "recall_by_date",
        "write_persona",
    },
    "recallbench.generation": {
        "ConversationOptions",
        "CreatedPersona",
        "DayFailure",
        "DayPassFailure",
        "DayPassProgress",
        "DayPassResult",
        "DayPlan",
        "DayProgress",
        "GenerateOptions",
        "GenerateResult",
        "GenerationUsage",
        "QaFailure",
        "QaOptions",
        "QaProgress",
        "QaResult",
        "ToolCallOptions",
        "create_arcs",
        "create_persona",
        "generate_conversations",
        "generate_days",
        "generate_qa",
        "generate_tool_calls",
        "plan_story",
        "write_created",
    },
}
"""Each public family (a submodule with its own ``__all__`` and API page) and its names."""

FRONT_DOOR_ONLY = {"__version__", "rejudge", "run", "run_sync"}
"""Front-door names that belong to no family (``recallbench._front``, ``recallbench._rejudging``,
``recallbench._version``)."""


def _ruff_order(name: str) -> tuple[int, str]:
    """The order ruff's RUF022 keeps ``__all__`` in: SCREAMING_CASE, then CamelCase, then the rest."""
    if name.isupper() or re.fullmatch(r"[A-Z0-9_]+", name):
        return (0, name)
    if name[0].isupper():
        return (1, name)
    return (2, name)


def test_public_names_are_pinned() -> None:
    assert set(recallbench.__all__) == EXPECTED
    assert len(recallbench.__all__) <= MAX_FRONT_DOOR
    assert recallbench.__all__ == sorted(recallbench.__all__, key=_ruff_order)
    for name in recallbench.__all__:
        assert hasattr(recallbench, name), name


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_each_family_pins_its_names(family: str) -> None:
    module = importlib.import_module(family)
    assert set(module.__all__) == FAMILIES[family]
    assert module.__all__ == sorted(module.__all__, key=_ruff_order)
    for name in module.__all__:
        assert getattr(module, name) is not None, f"{family}.{name}"


def test_every_front_door_name_has_a_family() -> None:
    """A name on the front door is also in its family, so ``from recallbench.judges import
    RubricJudge, JudgeCache`` works; every family name has one family (one API page)."""
    homes: dict[str, list[str]] = {}
    for family, names in FAMILIES.items():
        if family in ("recallbench.testing", "recallbench.generation"):
            continue
        for name in names:
            homes.setdefault(name, []).append(family)
    assert {n: h for n, h in homes.items() if len(h) > 1} == {}
    assert EXPECTED - set(homes) == FRONT_DOOR_ONLY
    for name in EXPECTED - FRONT_DOOR_ONLY:
        (family,) = homes[name]
        assert getattr(importlib.import_module(family), name) is getattr(recallbench, name)


MOVED: dict[str, str] = recallbench._MOVED  # type: ignore[attr-defined]


def test_the_names_that_left_the_front_door_live_in_their_family() -> None:
    assert not set(MOVED) & EXPECTED
    for name, family in MOVED.items():
        assert name in FAMILIES[family], f"{name} is not in {family}.__all__"


@pytest.mark.parametrize("name", sorted(MOVED))
def test_a_moved_name_still_resolves_with_a_warning_naming_its_home(name: str) -> None:
    family = MOVED[name]
    with pytest.warns(DeprecationWarning, match=rf"moved to {re.escape(family)}\.{name}\b"):
        value = getattr(recallbench, name)
    assert value is getattr(importlib.import_module(family), name)
    assert name not in dir(recallbench)


def test_a_moved_name_warns_at_each_use_and_from_imports_too() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        from recallbench import parse_ranges  # noqa: F401
        from recallbench import parse_ranges as again  # noqa: F401
    # each import warns (the import machinery may look a name up twice: the same line, shown once
    # under the default filter), and every warning points at the user's line, not at importlib
    assert {w.category for w in caught} == {DeprecationWarning}
    assert {w.filename for w in caught} == {__file__}
    assert len({w.lineno for w in caught}) == 2


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        recallbench.no_such_name  # type: ignore[attr-defined]  # noqa: B018


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
    for hidden in ("Any", "TYPE_CHECKING", "annotations", "lazy_getattr", "parse_ranges"):
        assert hidden not in names


def test_error_tree_keeps_builtin_catches_working() -> None:
    assert issubclass(errors.ConfigError, ValueError)
    assert issubclass(errors.DatasetError, ValueError)
    assert issubclass(errors.AdapterTimeout, TimeoutError)
    assert issubclass(errors.JudgeParseError, errors.JudgeError)
    for module in (recallbench, errors):
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, Exception):
                assert issubclass(obj, recallbench.RecallBenchError), name


HEAVY = ("grpc", "aiohttp", "matplotlib", "numpy", "rich", "tenacity")


def test_import_is_cheap() -> None:
    """The front door, the command line and every family: importing them loads no heavy stack
    (each family's names are imported on first use)."""
    families = ", ".join(FAMILIES)
    code = (
        f"import json, sys; import recallbench, recallbench.cli, {families}; "
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
