"""The MemoryBench family object (issue 41): what the core did for MemoryBench manifests before the
families moved, now asked of ``recallbench.benchmarks.memorybench.benchmark`` — detection,
resolution, validation, the preflight, the default judge (with and without ``--judge-model``) and
the run's figures. Benchmarks written by the tests (_manifests.py); the llm-as-judge protocol is
answered by a real loopback HTTP server speaking OpenAI's API."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _manifests import DELETIONS, sessions, simple, write_benchmark

import recallbench as rb
from recallbench.benchmarks.memorybench import MemoryBenchManifests, benchmark
from recallbench.benchmarks.memorybench.dataset import ManifestDataset, validate_manifests
from recallbench.benchmarks.memorybench.judge import ManifestJudge, manifest_judge
from recallbench.benchmarks.memorybench.metrics import manifest_run_metrics
from recallbench.benchmarks.personas.hints import no_data_hints
from recallbench.cli import main
from recallbench.data.validate import format_problem, no_data_message
from recallbench.errors import ConfigError, DatasetError
from recallbench.family.base import Benchmark, Figures
from recallbench.family.opening import benchmark_of, resolve_data
from recallbench.family.registry import family
from recallbench.judges.cache import CachedJudge, JudgeCache
from recallbench.judges.describe import describe_judge
from recallbench.models.openai import OpenAIModel
from recallbench.testing import ScriptedAdapter, write_persona
from recallbench.testing.providers import FakeProviderServer, RecordedRequest

ROOT = Path(__file__).resolve().parents[3]
ARCS = "arcs-1000d.yaml"
ANSWERS = {"When does the harbour bell ring?": "At  NOON", "Where does Miso sleep?": "in a box"}
OLD_TYPES = {
    "exact-match": "recallbench.judges.exact_match.ExactMatchJudge",
    "llm-as-judge": "recallbench.judges.typed_llm.TypedLlmJudge",
    "deletion-check": "recallbench.judges.deletion_check.DeletionCheckJudge",
}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"  # aiohttp runs on asyncio only


def _model(url: str = "http://127.0.0.1:9") -> OpenAIModel:
    return OpenAIModel("gpt-test", endpoint=f"{url}/v1", api_key="sk-test", timeout=5.0)


def _suite(root: Path) -> Path:
    """A folder of two benchmarks: exact-match and llm-as-judge."""
    simple(root / "a-simple", name="simple-qa")
    sessions(
        root / "b-sessions",
        name="sessions-qa",
        metrics=["correctness", "faithfulness", "retrieval_recall", "retrieval_precision"],
    )
    return root


def _deletions(folder: Path) -> Path:
    return write_benchmark(
        folder,
        DELETIONS,
        name="forgetting",
        ingestion={
            "strategy": "add-delete-verify",
            "add_content_field": "content",
            "delete_target_field": "delete_id",
            "verify_query_field": "verify_query",
        },
        query={"expected_answer_field": "answer"},
        evaluation={"protocol": "deletion-check", "deleted_content_field": "deleted"},
        required_capabilities=["add_memory", "retrieve_memory", "delete_memory"],
    )


# -- what it is ----------------------------------------------------------------------------------


def test_the_entry_point_names_this_family() -> None:
    assert family("memorybench") is benchmark
    assert isinstance(benchmark, Benchmark) and isinstance(benchmark, MemoryBenchManifests)
    assert (benchmark.name, benchmark.title, benchmark.unit) == (
        "memorybench",
        "MemoryBench",
        "unit",
    )
    assert benchmark.own_default_judge is True
    assert benchmark.categories is None  # its units' categories are Recall Bench's ten
    assert (benchmark.data_options, benchmark.judge_forms, benchmark.can_import) == ((), (), False)


def test_the_package_imports_only_the_family_and_its_probe(tmp_path: Path) -> None:
    """The entry point's import, and a detection, leave the readers, judges and metrics unloaded:
    every --data path no other family claims first is asked of this family."""
    folder = simple(tmp_path / "b")
    probe = (
        "import sys\n"
        "from recallbench.benchmarks.memorybench import benchmark\n"
        "from pathlib import Path\n"
        f"assert benchmark.detect(Path({str(folder)!r}))\n"
        "print(sorted(m for m in sys.modules if m.startswith('recallbench.benchmarks')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    assert json.loads(done.stdout.replace("'", '"')) == [
        "recallbench.benchmarks",
        "recallbench.benchmarks.memorybench",
        "recallbench.benchmarks.memorybench.family",
        "recallbench.benchmarks.memorybench.probe",
    ]


# -- detect and resolve --------------------------------------------------------------------------


def test_detect_claims_benchmarks_and_nothing_else(tmp_path: Path) -> None:
    one = simple(tmp_path / "one")
    suite = _suite(tmp_path / "suite")
    assert benchmark.detect(one)
    assert benchmark.detect(suite)  # a folder of benchmark folders
    assert benchmark.detect(one / "manifest.json")
    # A manifest.json that is not there is claimed, so that resolve says so.
    assert benchmark.detect(tmp_path / "gone" / "manifest.json")
    personas = tmp_path / "personas"
    write_persona(personas, "tiny", days=3, suffix="3d")
    assert not benchmark.detect(personas)
    assert not benchmark.detect(personas / "tiny")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert not benchmark.detect(empty)
    assert not benchmark.detect(one / "data.jsonl")  # a data file is not a manifest
    assert not benchmark.detect(tmp_path / "nowhere")
    misspelt = tmp_path / "misspelt"
    misspelt.mkdir()
    (misspelt / "Manifest.JSON").write_text("{}", encoding="utf-8")
    assert not benchmark.detect(misspelt)


def test_resolve_reads_a_manifest_as_its_folder(tmp_path: Path) -> None:
    folder = simple(tmp_path / "bench")
    suite = _suite(tmp_path / "suite")
    assert benchmark.resolve("memorybench", str(folder), {}) == folder
    assert benchmark.resolve("memorybench", str(folder / "manifest.json"), {}) == folder
    assert benchmark.resolve("memorybench", str(suite), {}) == suite
    # --data memorybench:PATH through the registry.
    assert resolve_data(f"memorybench:{folder / 'manifest.json'}") == folder
    assert resolve_data(f"memorybench:{suite}") == suite


def test_resolve_keeps_the_errors_of_data_folder(tmp_path: Path) -> None:
    folder = simple(tmp_path / "bench")
    gone = tmp_path / "gone" / "manifest.json"
    with pytest.raises(DatasetError) as raised:
        benchmark.resolve("memorybench", str(gone), {})
    assert str(raised.value) == f"{gone}: the MemoryBench manifest is not there (no such folder)"
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(DatasetError) as raised:
        benchmark.resolve("memorybench", str(empty / "manifest.json"), {})
    assert str(raised.value) == (
        f"{empty / 'manifest.json'}: the MemoryBench manifest is not there "
        "(no such file in its folder)"
    )
    with pytest.raises(DatasetError, match=r"data\.jsonl: --data memorybench:PATH takes a"):
        benchmark.resolve("memorybench", str(folder / "data.jsonl"), {})
    with pytest.raises(DatasetError) as raised:
        benchmark.resolve("memorybench", str(empty), {})
    assert str(raised.value) == (
        f"{empty}: no manifest.json here nor in any sub-folder (looked for "
        f"{empty / 'manifest.json'} and {empty / '*' / 'manifest.json'})"
    )
    with pytest.raises(ConfigError, match="knows no 'memorybench-x'"):
        benchmark.resolve("memorybench-x", str(folder), {})


# -- open, list ----------------------------------------------------------------------------------


def test_open_gives_the_manifest_dataset_which_names_its_family(tmp_path: Path) -> None:
    suite = _suite(tmp_path / "suite")
    dataset = benchmark.open(suite, arcs_file=ARCS)
    assert isinstance(dataset, ManifestDataset)
    assert dataset.benchmark is benchmark and benchmark_of(dataset) is benchmark
    # The run's metadata records data_dir only (no arcs file).
    assert dataset.data_dir == suite and not hasattr(dataset, "arcs_file")
    assert [r.label for r in dataset.default_ranges] == ["full"]
    ids = ["a-simple/c1", "a-simple/c2", "b-sessions/q1", "b-sessions/q2"]
    assert benchmark.unit_ids(suite, arcs_file=ARCS) == dataset.persona_ids() == ids
    lone = benchmark.open(suite / "a-simple" / "manifest.json", arcs_file=ARCS)
    assert lone.data_dir == suite / "a-simple" and lone.persona_ids() == ["c1", "c2"]


def test_list_prints_the_units_under_the_familys_heading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = _suite(tmp_path / "suite")
    assert main(["list", "--data", str(suite)]) == 0
    heading = f"Available {benchmark.unit}s ({benchmark.title} benchmark):"
    ids = benchmark.unit_ids(suite, arcs_file=ARCS)
    assert capsys.readouterr().out.splitlines() == [heading, *(f"  - {u}" for u in ids)]


# -- validate and preflight ----------------------------------------------------------------------


def test_validate_says_what_the_command_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = _suite(tmp_path / "suite")
    found = benchmark.validate(suite, personas=None, arcs_file=ARCS, deep=False)
    assert found.problems == tuple(validate_manifests(suite)) == ()
    assert found.ok == f"OK: {suite} is a valid MemoryBench benchmark folder"
    assert found.notes == ()
    assert main(["validate", "--data", str(suite)]) == 0
    assert capsys.readouterr().out.splitlines() == [found.ok]
    deep = benchmark.validate(suite, personas=None, arcs_file=ARCS, deep=True)
    assert deep.notes == (
        "note: --deep proves persona datasets; a MemoryBench benchmark gets the basic checks",
    )
    assert main(["validate", "--data", str(suite), "--deep"]) == 0
    assert capsys.readouterr().out.splitlines() == [*deep.notes, deep.ok]


def test_validate_and_preflight_report_every_error(tmp_path: Path) -> None:
    folder = simple(tmp_path / "bench", evaluation={"protocol": "fuzzy"})
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    del manifest["name"]
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    found = benchmark.validate(folder, personas=None, arcs_file=ARCS, deep=False)
    errors = [p for p in found.problems if p.severity == "error"]
    assert found.problems == tuple(validate_manifests(folder)) and len(errors) >= 2
    assert benchmark.preflight(folder, personas=[], arcs_file=ARCS, full=True) == [
        format_problem(p) for p in errors
    ]
    # run --skip-preflight: the load that follows refuses the benchmark, naming its first error.
    assert benchmark.preflight(folder, personas=[], arcs_file=ARCS, full=False) == []
    with pytest.raises(DatasetError, match="run 'recallbench validate' to see all"):
        benchmark.open(folder, arcs_file=ARCS).persona_ids()


def test_preflight_names_the_units_not_there(tmp_path: Path) -> None:
    suite = _suite(tmp_path / "suite")
    assert benchmark.preflight(suite, personas=[], arcs_file=ARCS, full=True) == []
    asked = ["a-simple/c1", "a-simple/c9", "c1"]
    assert benchmark.preflight(suite, personas=asked, arcs_file=ARCS, full=True) == [
        f"unit 'a-simple/c9' is not in the benchmark(s) at {suite}",
        f"unit 'c1' is not in the benchmark(s) at {suite}",
    ]
    assert benchmark.preflight(tmp_path / "nowhere", personas=[], arcs_file=ARCS, full=True) == [
        f"data directory not found: {tmp_path / 'nowhere'}"
    ]


def test_no_data_hint_is_the_familys_part_of_no_data_message(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / "locomo10.json").write_text("[]", encoding="utf-8")
    misspelt = tmp_path / "misspelt"
    misspelt.mkdir()
    (misspelt / "MANIFEST.json").write_text("{}", encoding="utf-8")
    for folder in (empty, stray, misspelt):
        hint = benchmark.no_data_hint(folder)
        assert hint.startswith(f"no MemoryBench manifest (looked for {folder / 'manifest.json'}")
        assert no_data_hints(folder) == (hint,)  # what the personas family gathers
        assert no_data_message(folder, no_data_hints(folder)) == (
            f"no persona directories (sub-folders with persona.yaml) and {hint}"
        )
    assert benchmark.no_data_hint(misspelt).endswith(
        "; found MANIFEST.json: the name is manifest.json, in lower case"
    )


# -- the default judge ---------------------------------------------------------------------------


def test_default_judge_without_a_model_is_the_manifests_protocols(tmp_path: Path) -> None:
    folder = simple(tmp_path / "s", name="simple-qa")
    dataset = benchmark.open(folder, arcs_file=ARCS)
    judge = benchmark.default_judge(dataset, model=None, model_spec=None)
    assert isinstance(judge, ManifestJudge)
    assert judge.name == "memorybench: exact-match"
    assert judge.describe() == manifest_judge(dataset).describe()
    # An llm-as-judge benchmark and no --judge-model: today's one line, naming the manifest.
    suite = _suite(tmp_path / "suite")
    with pytest.raises(ConfigError) as raised:
        benchmark.default_judge(benchmark.open(suite, arcs_file=ARCS), model=None, model_spec=None)
    assert str(raised.value) == (
        f"{suite / 'b-sessions' / 'manifest.json'}: evaluation.protocol: llm-as-judge needs a "
        "judge model: pass --judge-model SPEC (openai:MODEL, anthropic:MODEL, claude…), in Python "
        "manifest_judge(dataset, model=...); or score every benchmark with --judge rubric"
    )


def test_default_judge_with_a_model_judges_llm_benchmarks_with_it(tmp_path: Path) -> None:
    suite = _suite(tmp_path / "suite")
    dataset = benchmark.open(suite, arcs_file=ARCS)
    model = _model()
    judge = benchmark.default_judge(dataset, model=model, model_spec="openai:gpt-test")
    assert judge.name == (
        "memorybench: sessions-qa=llm-as-judge, simple-qa=exact-match (openai:gpt-test)"
    )
    assert judge.judges["sessions-qa"].model is model  # type: ignore[attr-defined]
    assert describe_judge(judge) == describe_judge(
        manifest_judge(ManifestDataset(suite), model, model_name="openai:gpt-test")
    )
    # A model given without its spec (the Python API) is named by its own name.
    unnamed = benchmark.default_judge(dataset, model=model, model_spec=None)
    assert unnamed.name.endswith(f"({model.name})")


def test_judges_keep_the_fingerprint_type_they_had(tmp_path: Path) -> None:
    """A run's fingerprint names each judge as before the move (runs compare as judged alike)."""
    root = tmp_path / "all"
    simple(root / "a", name="a")
    sessions(root / "b", name="b")
    _deletions(root / "c")
    judge = benchmark.default_judge(
        benchmark.open(root, arcs_file=ARCS), model=_model(), model_spec="openai:gpt-test"
    )
    described = describe_judge(judge)
    assert described["type"] == "recallbench.judges.manifest_judge.ManifestJudge"
    assert {b: (d["protocol"], d["type"]) for b, d in described["benchmarks"].items()} == {
        "a": ("exact-match", OLD_TYPES["exact-match"]),
        "b": ("llm-as-judge", OLD_TYPES["llm-as-judge"]),
        "forgetting": ("deletion-check", OLD_TYPES["deletion-check"]),
    }


# -- figures -------------------------------------------------------------------------------------


def _rows(records: Any) -> dict[tuple[str, str | None], dict[str, Any]]:
    return {(r["benchmark"], r.get("questionType")): r for r in records}


def _grade(request: RecordedRequest) -> str:
    user = request.json["messages"][-1]["content"]
    if "Who visits in June?" in user:
        return '{"score": 0.0, "faithfulness": 0.0}'
    return '{"score": 1.0, "faithfulness": 1.0}'


@pytest.mark.anyio
async def test_figures_are_the_manifest_run_metrics(tmp_path: Path) -> None:
    suite = _suite(tmp_path / "suite")
    dataset = benchmark.open(suite, arcs_file=ARCS)
    async with FakeProviderServer(_grade) as server:
        judge = benchmark.default_judge(
            dataset, model=_model(server.url), model_spec="openai:gpt-test"
        )
        result = await rb.Harness(ScriptedAdapter(answer=ANSWERS), dataset, judge=judge).run()
    personas = result.personas
    figures = benchmark.figures(dataset, judge, personas)
    assert isinstance(figures, Figures) and figures.published is None
    expected = manifest_run_metrics(dataset, personas, judged_by_protocol=True)
    assert figures.metrics == expected
    rows = _rows(figures.metrics)
    assert rows["sessions-qa", None]["faithfulness"] == 0.5  # q1 0.0, q2 1.0
    assert rows["simple-qa", None]["correctness"] == 0.5
    # A cached protocol judge is still the protocols' judge.
    cached = CachedJudge(judge, JudgeCache(tmp_path / "cache"))
    assert benchmark.figures(dataset, cached, personas).metrics == expected


@pytest.mark.anyio
async def test_figures_of_a_run_judged_by_another_judge_have_no_faithfulness(
    tmp_path: Path,
) -> None:
    suite = _suite(tmp_path / "suite")
    dataset = benchmark.open(suite, arcs_file=ARCS)
    harness = rb.Harness(ScriptedAdapter(answer=ANSWERS), dataset, judge="rubric")
    result = await harness.run()
    figures = benchmark.figures(dataset, harness.judge, result.personas)
    assert figures.metrics == manifest_run_metrics(
        dataset, result.personas, judged_by_protocol=False
    )
    assert figures.metrics and all("faithfulness" not in r for r in figures.metrics)
