"""Benchmark families as plug-ins (issue 41): the registry, detection, the naming rules, and a core
that knows families only through the protocol."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from recallbench.errors import ConfigError
from recallbench.family import BaseBenchmark, DataOption, registered
from recallbench.family import registry as reg
from recallbench.family.opening import detect, option_owner, resolve_data, split_spec
from recallbench.testing import write_persona

ROOT = Path(__file__).resolve().parents[1]
CORE = ("harness", "results", "render", "cli")
FAMILY_WORDS = re.compile(r"memorybench|manifest|locomo|longmemeval|beam", re.IGNORECASE)


def test_no_core_module_names_a_family() -> None:
    """Not an import, not a comment, not a docstring: the core's words are the protocol's."""
    naming = sorted(
        str(path.relative_to(ROOT))
        for room in CORE
        for path in (ROOT / "recallbench" / room).rglob("*.py")
        if FAMILY_WORDS.search(path.read_text(encoding="utf-8"))
    )
    assert naming == []


class _Toy(BaseBenchmark):
    name = "toy"
    title = "Toy"
    summary = "a family made in a test"
    data_options = (DataOption(flag="--toy-level", help="how hard"),)

    def detect(self, path: Path) -> bool:
        return path.suffix == ".toy"


def test_a_family_registered_in_process_is_found_by_name_prefix_and_flag() -> None:
    with registered(_Toy()):
        assert "toy" in reg.family_names()
        assert reg.family("toy").title == "Toy"
        assert reg.family_of_prefix("toy-f1") == "toy"
        assert reg.family_of_prefix("toyota") is None
        assert option_owner("--toy-level") == "toy"
        assert option_owner("--toy") is None  # a flag is --<family>-<name>
        assert split_spec("toy:some/file.json") == ("toy", "toy", "some/file.json")
        assert split_spec("toy-variant:x") == ("toy", "toy-variant", "x")
        assert split_spec("elsewhere:x")[0] is None
    assert "toy" not in reg.family_names()


def test_a_name_taken_twice_is_refused_in_one_line() -> None:
    with registered(_Toy()), pytest.raises(ConfigError, match=r"'toy'.*taken"):
        reg.register(_Toy())
    clash = [
        reg.Registration(name="dup", value="a.mod:bench", package="pkg-a"),
        reg.Registration(name="dup", value="b.mod:bench", package="pkg-b"),
    ]
    with pytest.raises(ConfigError) as err:
        reg._check(clash)
    assert "\n" not in str(err.value)
    assert "pkg-a" in str(err.value) and "pkg-b" in str(err.value)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("no.such.module_xyz:bench", "failed to load: ModuleNotFoundError"),
        ("json:dumps", "is no benchmark family"),
        ("json:nothing_here", "failed to load: AttributeError"),
    ],
)
def test_a_family_that_fails_to_load_is_one_line_naming_its_package(
    value: str, expected: str
) -> None:
    with pytest.raises(ConfigError) as err:
        reg._load(reg.Registration(name="broken", value=value, package="broken-pkg"))
    assert expected in str(err.value)
    assert "broken-pkg" in str(err.value) and "\n" not in str(err.value)


def test_a_family_whose_flag_is_not_its_own_is_refused() -> None:
    class Stray(_Toy):
        name = "stray"
        data_options = (DataOption(flag="--level", help="x"),)

    with pytest.raises(ConfigError, match="must begin with --stray-"):
        reg.register(Stray())


def test_entry_points_are_read_from_the_distributions_on_the_path(tmp_path: Path) -> None:
    info = tmp_path / "some_family-1.0.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text(
        "[console_scripts]\nx = y:z\n\n[recallbench.benchmarks]\nsome = some_family:benchmark\n",
        encoding="utf-8",
    )
    sys.path.insert(0, str(tmp_path))
    try:
        found = [r for r in reg._scan_path() if r.name == "some"]
    finally:
        sys.path.remove(str(tmp_path))
    assert found == [
        reg.Registration(name="some", value="some_family:benchmark", package="some-family")
    ]


def test_persona_folders_are_the_default_and_asked_first(tmp_path: Path) -> None:
    write_persona(tmp_path / "data", "tiny")
    assert detect(tmp_path / "data").name == "personas"
    assert resolve_data(tmp_path / "data") == tmp_path / "data"


def test_two_families_claiming_one_path_is_a_refusal(tmp_path: Path) -> None:
    class Other(_Toy):
        name = "other"
        data_options = ()

    data = tmp_path / "x.toy"
    data.write_text("{}", encoding="utf-8")
    with registered(_Toy()), registered(Other()), pytest.raises(ConfigError, match="both"):
        detect(data)


def test_a_family_flag_for_another_family_s_data_is_refused(tmp_path: Path) -> None:
    write_persona(tmp_path / "data", "tiny")
    with registered(_Toy()), pytest.raises(ConfigError, match="--toy-level applies to --data toy"):
        resolve_data(tmp_path / "data", {"toy_level": "hard"})


_PROBE = r"""
import json, runpy, sys
sys.argv = ["recallbench", *sys.argv[1:]]
try:
    runpy.run_module("recallbench", run_name="__main__", alter_sys=True)
except SystemExit:
    pass
sys.stdout = sys.__stdout__
print(json.dumps(sorted(sys.modules)))
"""

_CONSTANT = """
class Constant:
    name = "constant"
    async def setup(self, config): ...
    async def ingest_day(self, day, content, metadata): ...
    async def finalize_ingestion(self): ...
    async def query(self, question): return "I do not know."
    async def teardown(self): ...


adapter = Constant
"""


def _modules_loaded(*argv: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _families_loaded(*argv: str) -> set[str]:
    loaded = _modules_loaded(*argv)
    return {m.split(".")[2] for m in loaded if m.startswith("recallbench.benchmarks.")}


def test_a_persona_run_imports_no_other_family(tmp_path: Path) -> None:
    write_persona(tmp_path / "data", "tiny")
    (tmp_path / "constant.py").write_text(_CONSTANT, encoding="utf-8")
    families = _families_loaded(
        "run", "--adapter", str(tmp_path / "constant.py"), "--judge", "rubric",
        "--data", str(tmp_path / "data"), "--arcs", "arcs-30d.yaml", "--ranges", "10d",
        "--output", str(tmp_path / "out"), "--no-heatmap-png", "--no-html",
    )  # fmt: skip
    assert (tmp_path / "out" / "result.json").is_file()  # the run did run
    assert families == {"personas"}


def test_a_run_of_another_family_imports_no_other_family(tmp_path: Path) -> None:
    """A LoCoMo run (its file named, converted, judged by its official scorer) and a MemoryBench
    run (its folder named) each import their own family only: not even the personas family,
    whose detection named or marked data never needs."""
    from _public_sets import locomo_records, write_json

    locomo = write_json(tmp_path / "locomo10.json", locomo_records())
    common = ["--adapter", "builtin:bm25", "--no-heatmap-png", "--no-html"]
    families = _families_loaded(
        "run", *common, "--data", f"locomo:{locomo}", "--judge", "locomo-f1",
        "--output", str(tmp_path / "a"),
    )  # fmt: skip
    assert (tmp_path / "a" / "result.json").is_file()
    assert families == {"locomo"}
    kestrel = ROOT / "examples" / "benchmarks" / "kestrel-print-works"
    families = _families_loaded(
        "run", *common, "--data", f"memorybench:{kestrel}", "--output", str(tmp_path / "b"),
    )  # fmt: skip
    assert (tmp_path / "b" / "result.json").is_file()
    assert families == {"memorybench"}
    # A path no earlier rule claims is asked of every family: of the others only what their
    # detection needs is loaded (the package, its family module and what `detect` reads),
    # none of their importers, datasets, judges or reports.
    loaded = _modules_loaded(
        "run", *common, "--data", str(kestrel), "--output", str(tmp_path / "c"),
    )  # fmt: skip
    assert (tmp_path / "c" / "result.json").is_file()
    others = {
        m for m in loaded
        if m.startswith("recallbench.benchmarks.") and m.split(".")[2] != "memorybench"
    }  # fmt: skip
    heavy = {"importer", "dataset", "judge", "judges", "report", "tables", "figures", "scoring"}
    assert others and not {m for m in others if m.rsplit(".", 1)[-1] in heavy}


def _lint(cwd: Path) -> subprocess.CompletedProcess[str]:
    found = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    return subprocess.run(
        [found, "--no-cache"],
        cwd=cwd,
        env={"PATH": "", "PYTHONPATH": str(cwd), "HOME": str(cwd)},
        capture_output=True,
        text=True,
        timeout=180,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        (
            "results/stats.py",
            "from ..benchmarks.personas import family  # noqa: E402",
            "recallbench.results.stats -> recallbench.benchmarks.personas.family",
        ),
        (
            "benchmarks/personas/family.py",
            "from ..locomo import benchmark  # noqa: E402",
            "recallbench.benchmarks.personas.family -> recallbench.benchmarks.locomo",
        ),
    ],
)
def test_the_contracts_catch_the_core_importing_a_family_and_families_each_other(
    tmp_path: Path, module: str, line: str, broken: str
) -> None:
    shutil.copytree(
        ROOT / "recallbench", tmp_path / "recallbench", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "recallbench" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert broken in result.stdout
