"""The example benchmark family (examples/benchmark_family/, Diary Recall) installed as a package
of its own and run end to end through its entry point: the door a third party's family comes in.

A temporary virtual environment is made with ``--system-site-packages`` and a ``.pth`` file that
adds the running environment's site-packages (a venv made from inside a venv sees its base
interpreter's packages, not the venv's), so that recallbench's dependencies come from the
environment running the tests; ``PYTHONPATH`` names this checkout, so that recallbench is this
checkout's (the first test checks both). The example is copied and installed from the copy with
``pip install --no-deps --no-build-isolation --no-index`` (its build backend, setuptools, from the
running environment: nothing is downloaded, and the checkout gets no ``build/`` or ``*.egg-info``).
Then that environment's ``python -m recallbench`` lists it, runs its file, loads its scorer,
imports its file, and refuses a second package claiming its name and a family that fails to
import, each in one line with exit 2. Every cache goes to the test's temporary folder
(``RECALLBENCH_CACHE_DIR``, ``HOME``), which is removed at the end.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

pytestmark = pytest.mark.slow  # a virtual environment, three pip installs, a dozen commands: ~20 s

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "benchmark_family"
SAMPLE = EXAMPLE / "sample-diaries.json"
BUILD_LEFTOVERS = ("build", "dist", "*.egg-info", "__pycache__", ".pytest_cache")


@attrs.frozen
class Venv:
    """A temporary environment and the variables its commands run with."""

    python: Path
    purelib: Path
    env: dict[str, str]
    tmp: Path

    def run(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.python), *map(str, args)],
            env=self.env,
            cwd=self.tmp,
            capture_output=True,
            text=True,
            timeout=240,
            check=False,
        )

    def recallbench(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return self.run("-m", "recallbench", *args)

    def install(self, *projects: Path) -> None:
        # The copies are built: a setuptools build writes build/ and *.egg-info beside its sources.
        copies = []
        for project in projects:
            copy = self.tmp / "src" / project.name
            shutil.copytree(project, copy, ignore=shutil.ignore_patterns(*BUILD_LEFTOVERS))
            copies.append(copy)
        done = self.run(
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--no-cache-dir",
            "--disable-pip-version-check",
            "--quiet",
            *copies,
        )
        assert done.returncode == 0, done.stdout + done.stderr


def _running_site_dirs() -> list[str]:
    """Where the environment running the tests keeps its packages."""
    dirs = [*site.getsitepackages(), sysconfig.get_paths()["purelib"]]
    if site.ENABLE_USER_SITE:
        dirs.append(site.getusersitepackages())
    return list(dict.fromkeys(d for d in dirs if Path(d).is_dir()))


def _venv(tmp: Path) -> Venv:
    # Looked up, not imported: importing setuptools here would patch this process's distutils.
    for needed, why in (("pip", "no pip"), ("setuptools", "not the example's build backend")):
        if importlib.util.find_spec(needed) is None:
            pytest.skip(f"the environment running the tests has {why} ({needed})")
    where = tmp / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(where)],
        check=True,
        timeout=120,
    )
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout.strip()
    )
    # After the venv's own site-packages: a package installed here is found first.
    (purelib / "_running_environment.pth").write_text(
        "".join(f"import site; site.addsitedir({d!r})\n" for d in _running_site_dirs()),
        encoding="utf-8",
    )
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "RECALLBENCH_", "PIP_", "VIRTUAL_ENV"))
    }
    env.update(
        PYTHONPATH=str(ROOT),  # this checkout's recallbench, whatever the environment installed
        RECALLBENCH_CACHE_DIR=str(tmp / "cache"),  # never the user's cache
        HOME=str(tmp / "home"),
        MPLCONFIGDIR=str(tmp / "mpl"),
        NO_COLOR="1",
        PIP_NO_INPUT="1",
    )
    (tmp / "home").mkdir()
    return Venv(python=python, purelib=purelib, env=env, tmp=tmp)


def _tree(path: Path) -> set[tuple[str, int]]:
    return {(str(p.relative_to(path)), p.stat().st_mtime_ns) for p in path.rglob("*")}


@pytest.fixture(scope="module")
def diary_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venv]:
    """An environment with the example family installed (and the example folder left as it was)."""
    tmp = tmp_path_factory.mktemp("diary-family")
    before = _tree(EXAMPLE)
    try:
        venv = _venv(tmp)
        venv.install(EXAMPLE)
        yield venv
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    assert _tree(EXAMPLE) == before, "installing the example changed examples/benchmark_family/"


@pytest.fixture
def fresh_env(tmp_path: Path) -> Iterator[Venv]:
    try:
        yield _venv(tmp_path)
    finally:
        shutil.rmtree(tmp_path / "venv", ignore_errors=True)


def _package(where: Path, dist: str, module: str, entry_points: str, code: str) -> Path:
    """A one-module setuptools project registering ``entry_points`` in the families' group."""
    project = where / dist
    (project / module).mkdir(parents=True)
    (project / module / "__init__.py").write_text(code, encoding="utf-8")
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n\n'
        f'[project]\nname = "{dist}"\nversion = "0.1.0"\n\n'
        f'[project.entry-points."recallbench.benchmarks"]\n{entry_points}\n\n'
        f'[tool.setuptools]\npackages = ["{module}"]\n',
        encoding="utf-8",
    )
    return project


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused command says on stderr (exit 2, no traceback)."""
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def _result(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / "result.json").read_text(encoding="utf-8"))
    return data


# -- the environment ------------------------------------------------------------------------------


def test_the_environment_runs_this_checkout_with_the_installed_family(diary_env: Venv) -> None:
    done = diary_env.run(
        "-c",
        "import recallbench, recallbench_diary; print(recallbench.__file__); "
        "print(recallbench_diary.__file__)",
    )
    assert done.returncode == 0, done.stderr
    recallbench_file, family_file = map(Path, done.stdout.split())
    assert recallbench_file.is_relative_to(ROOT / "recallbench")
    assert family_file.is_relative_to(diary_env.purelib)  # installed, not examples/…/src


def test_list_benchmarks_shows_it(diary_env: Venv) -> None:
    done = diary_env.recallbench("list", "benchmarks")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  - diary "))
    assert "Diary Recall files (diary-recall/1)" in lines[at]
    assert lines[at + 1].split() == [
        *("package", "recallbench-diary", "·", "judges", "diary-f1", "·"),
        *("flags", "--diary-absent", "·", "import"),
    ]
    rows = json.loads(diary_env.recallbench("list", "benchmarks", "--json").stdout)
    (row,) = [r for r in rows if r["name"] == "diary"]
    assert row["entryPoint"] == "recallbench_diary:benchmark"
    assert row["categories"] == ["fact", "date", "latest", "absent"]
    assert (row["unit"], row["import"]) == ("writer", True)


# -- a run, its scorer and its figures --------------------------------------------------------------


def test_a_run_of_its_file_has_its_figures_and_section(diary_env: Venv) -> None:
    out = diary_env.tmp / "run"
    done = diary_env.recallbench(
        "run", "--adapter", "builtin:bm25", "--data", f"diary:{SAMPLE}", "--output", out
    )
    assert done.returncode == 0, done.stdout + done.stderr
    result = _result(out)
    published = result["publicBenchmark"]["diary"]
    assert published["scorer"] == "diary-f1"
    assert published["questions"] == 12
    assert [c["category"] for c in published["categories"]] == ["fact", "date", "latest", "absent"]
    assert 0 <= published["overallF1"] <= 1
    # no --judge: the family's own default judge scored it
    fingerprint = result["metadata"]["fingerprint"]
    assert fingerprint["judges"]["primary"]["type"] == "recallbench_diary.judge.DiaryF1Judge"
    assert fingerprint["datasets"]["ada"]["source"].startswith("diary-v1-")
    # the text report printed at the end of the run, and `recallbench report`
    for text in (done.stdout, diary_env.recallbench("report", out).stdout):
        assert "DIARY RECALL (published layout; see docs/reports.md)" in text
        assert "  category  questions      F1" in text
        assert f"  overall          12  {published['overallF1']:.4f}" in text
    assert f"Diary Recall: F1 {published['overallF1']:.4f} over 12 questions" in done.stdout
    assert "<h3>Diary Recall</h3>" in (out / "report.html").read_text(encoding="utf-8")


def test_import_then_run_the_folder_with_its_judge(diary_env: Venv) -> None:
    folder = diary_env.tmp / "imported"
    done = diary_env.recallbench(
        "import", "diary", SAMPLE, "--out", folder, "--diary-absent", "skip"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "recallbench import: 2 diary(ies), 10 question(s) written as personas under"
    )
    assert json.loads((folder / "recallbench-import.json").read_text())["family"] == "diary"
    listed = diary_env.recallbench("list", "--data", folder)
    assert listed.stdout.splitlines() == [
        "Available writers (Diary Recall benchmark):",
        "  - ada",
        "  - ben",
    ]
    checked = diary_env.recallbench("validate", "--data", folder)
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.strip() == f"OK: {folder} is valid Diary Recall data"

    out = diary_env.tmp / "judged"
    done = diary_env.recallbench(
        "run",
        "--adapter",
        "builtin:bm25",
        "--data",
        folder,
        "--judge",
        "diary-f1",
        "--output",
        out,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    result = _result(out)
    assert result["metadata"]["fingerprint"]["judges"]["primary"]["name"] == "diary-f1"
    assert result["publicBenchmark"]["diary"]["questions"] == 10
    answers = [json.loads(line) for line in (out / "questions.jsonl").read_text().splitlines()]
    reasons = [a["score"]["reasoning"] for a in answers if "score" in a]
    assert reasons
    assert all(r.startswith("F1 ") and "[diary " in r for r in reasons)


def test_its_file_given_as_a_plain_path_is_recognised(diary_env: Venv) -> None:
    out = diary_env.tmp / "plain"
    done = diary_env.recallbench(
        "run",
        "--adapter",
        "builtin:bm25",
        "--data",
        SAMPLE,
        "--diary-absent",
        "skip",
        "--output",
        out,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert _result(out)["publicBenchmark"]["diary"]["questions"] == 10


# -- what is refused --------------------------------------------------------------------------------


def test_a_second_package_registering_its_name_is_refused(fresh_env: Venv) -> None:
    impostor = _package(
        fresh_env.tmp,
        "diary-impostor",
        "diary_impostor",
        'diary = "diary_impostor:benchmark"',
        "from recallbench.family import BaseBenchmark\n\n\n"
        "class Impostor(BaseBenchmark):\n    name = 'diary'\n\n\nbenchmark = Impostor()\n",
    )
    fresh_env.install(EXAMPLE, impostor)
    for command in (
        ("run", "--adapter", "builtin:bm25", "--data", f"diary:{SAMPLE}", "--output", "x"),
        ("list", "benchmarks"),
    ):
        line = _one_line(fresh_env.recallbench(*command))
        assert "benchmark family 'diary' is registered twice" in line
        assert "recallbench-diary" in line
        assert "diary-impostor" in line
    assert not (fresh_env.tmp / "x").exists()


def test_a_family_whose_module_fails_to_import_is_one_line(fresh_env: Venv) -> None:
    broken = _package(
        fresh_env.tmp,
        "broken-family",
        "broken_family",
        'broken = "broken_family:benchmark"',
        "import a_dependency_that_is_not_installed  # noqa: F401\n",
    )
    fresh_env.install(broken)
    why = (
        "benchmark family 'broken' (package broken-family, broken_family:benchmark) failed to "
        "load: ModuleNotFoundError: No module named 'a_dependency_that_is_not_installed'"
    )
    line = _one_line(
        fresh_env.recallbench(
            "run", "--adapter", "builtin:bm25", "--data", f"broken:{SAMPLE}", "--output", "x"
        )
    )
    assert line.endswith(why)
    assert _one_line(fresh_env.recallbench("list", "benchmarks")).endswith(why)
