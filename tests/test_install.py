"""A normal (non-editable) install runs the main job (issue 20).

The wheel ships the persona engine, not the personas (they would make it twelve times larger): the
first command that needs them builds them into the user cache, says so, and later commands reuse
them. The test builds the wheel, installs it into a fresh virtual environment without its
dependencies — those are made visible from the environment running the tests, so that no download
is needed beyond the build backend — and runs the installed ``recallbench`` script outside the
checkout.
"""

from __future__ import annotations

import importlib.util
import os
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

MAX_WHEEL_BYTES = 3_000_000
"""The wheel is about 1 MB; the shipped personas would add 11 MB. Past this, they were packed."""


def _run(argv: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in argv],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        **kwargs,  # type: ignore[arg-type]
    )


def _install(tmp_path: Path) -> Path:
    """Build the wheel, install it into a fresh venv; return the venv's ``bin`` (or ``Scripts``)."""
    wheels = tmp_path / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", wheels, ROOT]
    if importlib.util.find_spec("hatchling") is not None:
        build.insert(4, "--no-build-isolation")  # the backend is here: no download
    built = _run(build)
    assert built.returncode == 0, built.stdout + built.stderr
    [wheel] = wheels.glob("recallbench-*.whl")
    assert wheel.stat().st_size < MAX_WHEEL_BYTES, f"{wheel.name}: {wheel.stat().st_size:,} bytes"

    venv = tmp_path / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", venv])
    assert made.returncode == 0, made.stderr
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / ("python.exe" if sys.platform == "win32" else "python")
    installed = _run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--quiet", wheel]
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    # The dependencies, from the environment running the tests: its site-packages as plain path
    # entries (their own .pth files, among them an editable install of this checkout, do not run).
    purelib = _run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    ).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    ours.update(site.getsitepackages())
    (Path(purelib) / "_recallbench_test_deps.pth").write_text(
        "".join(f"{p}\n" for p in sorted(ours) if Path(p).is_dir()), encoding="utf-8"
    )
    return bin_dir


@pytest.mark.slow
def test_a_non_editable_install_runs_the_main_job(tmp_path: Path) -> None:
    bin_dir = _install(tmp_path)
    script = bin_dir / ("recallbench.exe" if sys.platform == "win32" else "recallbench")
    work = tmp_path / "work"
    work.mkdir()
    env = dict(os.environ)
    env["RECALLBENCH_CACHE_DIR"] = str(tmp_path / "cache")
    env["NO_COLOR"] = "1"
    env.pop("PYTHONPATH", None)

    where = _run(
        [bin_dir / "python", "-c", "import recallbench; print(recallbench.__file__)"], cwd=work
    )
    assert str(tmp_path / "venv") in where.stdout, where.stdout + where.stderr

    selection = ["--personas", "executive-assistant", "--arcs", "arcs-180d.yaml"]
    first = _run([script, "run", *selection, "--ranges", "30d"], cwd=work, env=env)
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr[-3000:]
    [cache] = (tmp_path / "cache" / "personas").glob("engine-v*")
    assert "this installation has no shipped personas yet: building them once" in first.stderr
    assert f"into {cache} " in first.stderr
    assert "built 7 shipped persona variants" in first.stderr
    assert f"the shipped personas ({cache})" in first.stdout
    assert sorted(p.name for p in cache.iterdir()) == [
        "backend-eng-saas",
        "er-physician",
        "executive-assistant",
        "financial-advisor",
        "litigation-attorney",
        "research-scientist",
    ]
    assert not [p for p in cache.parent.iterdir() if p.name.startswith(".")], "a partial build"

    # Built once: the next command uses them as they are.
    second = _run([script, "list"], cwd=work, env=env)
    assert second.returncode == 0, second.stderr
    assert "building" not in second.stderr
    assert f"using the shipped personas ({cache})" in second.stderr
    assert "executive-assistant" in second.stdout
