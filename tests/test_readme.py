"""Every command of the README works from a fresh clone (issue 20: they pointed at data a clone does
not have).

The commands are the lines of the README's ``bash`` blocks and its inline code starting with
``python``, ``pip`` or ``nox``. :data:`HOW` says, for each, how the test runs it: as written, with a
shorter selection appended (where the README's own command takes minutes), or not at all, with the
reason (the install, the suite itself, a paid model). A test keeps :data:`HOW` and the README in step,
so a new command in the README is a failing test until it is run here too.

The clone is a temporary directory holding links to the repository's tracked top-level entries: what
``git clone`` gives, without the untracked ``runs/`` or ``../shared`` of a working machine.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


@attrs.frozen
class Shortened:
    """Run with these arguments appended (a smaller selection of the same job)."""

    extra: str


@attrs.frozen
class Excluded:
    """Not run by this test, and why."""

    reason: str


AS_WRITTEN = Shortened("")
ONE_CHECKPOINT = Shortened("--personas executive-assistant --arcs arcs-180d.yaml --ranges 30d")
NEEDS_API_KEY = "needs an API key (OPENAI_API_KEY) and calls a paid model"

HOW: dict[str, Shortened | Excluded] = {
    "pip install -e '.[dev]'": Excluded(
        "installs into the environment running the tests; .ci/run runs it on every CI run"
    ),
    # The main job is 20-30 s over six personas; one checkpoint of one shows it works.
    "python -m recallbench run": ONE_CHECKPOINT,
    'python -m pytest -n 2 -m "not slow"': Excluded(
        "the quick part of the test suite itself; .ci/run runs all of it"
    ),
    "pip install .": Excluded("a non-editable install: tests/test_install.py makes a real one"),
    "pip install 'recallbench[ray]'": Excluded(
        "installs Ray into the environment running the tests; .ci/run installs the extra and "
        "tests/test_ray_executor.py runs it on a real local cluster"
    ),
    "pip install -e '.[notebook]'": Excluded(
        "installs into the environment running the tests; the dev extra holds what "
        "tests/test_notebook.py needs to execute the notebook in a real kernel"
    ),
    "python scripts/readme_figures.py": Excluded(
        "rewrites the committed figures in docs/images/ (run by hand when the main job changes)"
    ),
    "python -m recallbench run --adapter examples/keyword_memory.py --judge rubric "
    "--personas executive-assistant --arcs arcs-180d.yaml": AS_WRITTEN,
    "python -m recallbench run --adapter examples/session_memory.py --personas executive-assistant "
    "--arcs arcs-180d.yaml --ranges 30d,90d,6mo --lifecycle incremental --judge rubric "
    "--json-out runs/ea/result.json": AS_WRITTEN,
    "python -m recallbench run --profile examples/run.yaml": AS_WRITTEN,
    "python -m recallbench plan --personas executive-assistant --arcs arcs-180d.yaml "
    "--ranges 30d,90d,6mo --lifecycle incremental": AS_WRITTEN,
    "python -m recallbench run --adapter builtin:bm25 --personas executive-assistant "
    "--arcs arcs-180d.yaml --ranges 30d,90d,6mo --lifecycle incremental --judge rubric "
    "--json-out runs/ea-bm25/result.json": AS_WRITTEN,
    "python -m recallbench report runs/ea/result.json": AS_WRITTEN,
    "python -m recallbench compare runs/ea-bm25/result.json runs/ea/result.json": AS_WRITTEN,
    "python -m recallbench list": AS_WRITTEN,
    "python -m recallbench validate --personas executive-assistant --arcs arcs-180d.yaml": (
        AS_WRITTEN
    ),
    "python -m recallbench plan": AS_WRITTEN,
    # The four MemoryBench examples: 64 answers, about a second.
    "python -m recallbench run --data examples/benchmarks --adapter builtin:bm25 "
    "--judge rubric": AS_WRITTEN,
    "python -m recallbench run --adapter examples/session_memory.py --judge openai:gpt-4o-mini "
    "--personas executive-assistant --arcs arcs-180d.yaml --ranges 30d": Excluded(NEEDS_API_KEY),
    "python -m recallbench": Excluded("names the entry point in prose; not a command by itself"),
    "nox -s docs": Excluded(
        "builds the documentation site in a fresh environment; .ci/run runs mkdocs build --strict"
    ),
    "nox -s tests lint typecheck": Excluded(
        "the suite, lint and type check in fresh environments; .ci/run runs their parts"
    ),
}


def readme_commands(text: str) -> list[str]:
    """The README's commands, in order: each line of a ``bash`` block (trailing ``# comments``
    dropped), then inline code starting with ``python``, ``pip`` or ``nox``."""
    commands = []
    for block in re.findall(r"^```bash\n(.*?)^```", text, re.DOTALL | re.MULTILINE):
        for line in block.splitlines():
            command = re.sub(r"\s+#\s.*$", "", line).strip()
            if command:
                commands.append(command)
    prose = re.sub(r"^```.*?^```", "", text, flags=re.DOTALL | re.MULTILINE)
    for span in re.findall(r"`([^`\n]+)`", prose):
        if span.startswith(("python ", "pip ", "nox ")):
            commands.append(span)
    return list(dict.fromkeys(commands))


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))


def test_every_readme_command_is_accounted_for() -> None:
    unknown = [c for c in COMMANDS if c not in HOW]
    gone = [c for c in HOW if c not in COMMANDS]
    assert not unknown, f"README commands this test does not run yet (add them to HOW): {unknown}"
    assert not gone, f"commands in HOW that the README no longer has: {gone}"
    assert not any("../shared" in c for c in COMMANDS), "a fresh clone has no ../shared"


@pytest.mark.parametrize(
    "command", [c for c in COMMANDS if isinstance(HOW.get(c), Excluded)], ids=lambda c: c[:60]
)
def test_commands_not_run_here(command: str) -> None:
    how = HOW[command]
    assert isinstance(how, Excluded)
    pytest.skip(f"README command not run by this test: {how.reason}")


def _fresh_clone(tmp_path: Path) -> Path:
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True, check=False
    )
    if listed.returncode != 0 or not listed.stdout.strip():
        pytest.skip("not a git checkout: cannot tell a fresh clone's files")
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in sorted({line.split("/")[0] for line in listed.stdout.splitlines()}):
        if (ROOT / name).exists():
            (clone / name).symlink_to(ROOT / name)
    return clone


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["RECALLBENCH_CACHE_DIR"] = str(tmp_path / "cache")  # nothing written to the user's cache
    env.pop("RECALLBENCH_REFERENCE_DATA", None)
    env["NO_COLOR"] = "1"
    return env


@pytest.mark.slow
def test_readme_commands_run_from_a_fresh_clone(tmp_path: Path) -> None:
    clone = _fresh_clone(tmp_path)
    env = _env(tmp_path)
    failures = []
    for command in COMMANDS:
        how = HOW[command]
        if isinstance(how, Excluded):
            continue
        argv = shlex.split(command) + shlex.split(how.extra)
        if argv[0] == "python":
            argv[0] = sys.executable
        done = subprocess.run(
            argv, cwd=clone, env=env, capture_output=True, text=True, timeout=240, check=False
        )
        output = done.stdout + done.stderr
        if done.returncode != 0 or "Traceback" in output:
            failures.append(f"$ {command} {how.extra}\nexit {done.returncode}\n{output[-3000:]}")
    assert not failures, "\n\n".join(failures)
    assert (clone / "runs" / "ea" / "result.json").is_file()


@pytest.mark.slow
def test_readme_python_example_runs(tmp_path: Path) -> None:
    """The README's library example, with ``MyMemory`` the complete example adapter."""
    [snippet] = re.findall(
        r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.DOTALL | re.MULTILINE
    )
    compile(snippet, "README.md", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    clone = _fresh_clone(tmp_path)
    script = tmp_path / "readme_example.py"
    script.write_text(
        "import ast, asyncio, sys\n"
        "sys.path.insert(0, 'examples')\n"
        "from session_memory import SessionMemory as MyMemory\n"
        f"code = compile({snippet!r}, 'README.md', 'exec', flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)\n"
        "namespace = {'MyMemory': MyMemory}\n"
        "pending = eval(code, namespace)\n"
        "if pending is not None:\n"
        "    asyncio.run(pending)\n"
        "print('pairs in 90d:', len(namespace['pairs']))\n",
        encoding="utf-8",
    )
    env = _env(tmp_path)
    env["HOME"] = str(tmp_path / "home")  # the example's judge cache is under ~
    env.setdefault("MPLCONFIGDIR", str(Path.home() / ".config" / "matplotlib"))
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert "pairs in 90d:" in done.stdout
    assert (clone / "runs" / "ea" / "result.json").is_file()
