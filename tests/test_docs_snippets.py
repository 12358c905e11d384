"""Every code block of the docs runs (issue 26, item 2): the docs cannot rot.

The ```python and ```bash / ```sh / ```shell / ```console blocks of ``docs/**/*.md`` and
``README.md`` are run page by page, in the page's order, from a scratch copy of the repository (so
``personas/`` and ``examples/`` resolve as in a fresh clone, and nothing a command writes reaches the
checkout), with ``recallbench`` and ``python`` on the PATH meaning this interpreter's
``python -m recallbench`` and ``python``. Python blocks share one namespace per page and may use
top-level ``await`` (each such block runs in an event loop of its own); shell blocks run with
``bash -e -o pipefail``; in a console block only the ``$ `` lines are commands (a line ending in
``\\`` continues on the next), the rest is output. A page fails on a block that exits non-zero or
prints a traceback; a shell block that would ``pip install`` fails the page before anything runs
(it would change the environment running the tests).

A block immediately preceded by the line ``<!-- docs-test: skip — <reason> -->`` is not run: it is
reported as a skipped test naming the page, the line and the reason. A block (any language) preceded
by ``<!-- docs-test: file NAME -->`` is written to NAME in the scratch copy when its turn comes, for
the blocks after it to use (a page showing a file's contents, then a command naming it). The
README's commands are also run, with shortened selections, by tests/test_readme.py.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")], key=lambda p: p.relative_to(ROOT)
)
RUN_LANGUAGES = {
    "python": "python",
    "bash": "shell",
    "sh": "shell",
    "shell": "shell",
    "console": "console",
}
SKIP = re.compile(r"^\s*<!--\s*docs-test:\s*skip\s*(?:—|–|-{1,2}|:)\s*(?P<reason>.+?)\s*-->\s*$")
AS_FILE = re.compile(r"^\s*<!--\s*docs-test:\s*file\s+(?P<name>[\w./-]+)\s*-->\s*$")
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^\s`]*)")
BLOCK_TIMEOUT = 120
"""Seconds one block may take (a documented command is meant to take seconds)."""


@attrs.frozen
class Block:
    """One fenced code block of a page."""

    page: str
    line: int
    """1-based line of the opening fence."""
    kind: str
    """``python``, ``shell``, ``console`` or ``file`` (written to :attr:`name`, not run)."""
    code: str
    skip: str | None
    """The reason given by a ``docs-test: skip`` marker, or None."""
    name: str | None = None
    """For a ``file`` block: the path it is written to, relative to the scratch copy."""

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def page_blocks(path: Path, root: Path = ROOT) -> list[Block]:
    """The runnable blocks of one Markdown page, in order (other languages are not collected)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    page = path.relative_to(root).as_posix()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, info = opening["indent"], opening["fence"], opening["info"].lower()
        body, j = [], i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            line = lines[j]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            j += 1
        kind = RUN_LANGUAGES.get(info)
        above = lines[i - 1] if i > 0 else ""
        as_file = AS_FILE.match(above)
        code = "\n".join(body) + "\n"
        if as_file:
            blocks.append(Block(page, i + 1, "file", code, None, as_file["name"]))
        elif kind is not None:
            marker = SKIP.match(above)
            blocks.append(Block(page, i + 1, kind, code, marker["reason"] if marker else None))
        i = j + 1
    return blocks


def console_commands(code: str) -> str:
    """The commands of a console block as a shell script: its ``$ `` lines and their
    continuations."""
    commands, continuing = [], False
    for line in code.splitlines():
        if continuing:
            commands.append(line)
        elif line.startswith("$ "):
            commands.append(line[2:])
        else:
            continue
        continuing = line.rstrip().endswith("\\")
    return "\n".join(commands) + "\n"


BLOCKS = {page.relative_to(ROOT).as_posix(): page_blocks(page) for page in PAGES}
RUNNABLE = {
    page: blocks
    for page, blocks in BLOCKS.items()
    if any(not b.skip and b.kind != "file" for b in blocks)
}
SKIPPED = [b for blocks in BLOCKS.values() for b in blocks if b.skip]


# The page runner: executes the blocks it is given in order in one process (one namespace for the
# Python blocks), stopping at the first failure, which it reports on stdout as JSON.
RUNNER = r"""
import ast, json, os, signal, subprocess, sys, traceback

import anyio

blocks = json.loads(sys.stdin.read())
timeout = int(os.environ["DOCS_TEST_BLOCK_TIMEOUT"])
namespace = {"__name__": "__main__"}


def alarm(signum, frame):
    raise TimeoutError(f"the block took more than {timeout} s")


signal.signal(signal.SIGALRM, alarm)
for block in blocks:
    where = block["where"]
    print(f"----- {where} ({block['kind']})", flush=True)
    try:
        if block["kind"] == "file":
            os.makedirs(os.path.dirname(block["name"]) or ".", exist_ok=True)
            with open(block["name"], "w", encoding="utf-8") as out:
                out.write(block["code"])
        elif block["kind"] == "python":
            code = compile(block["code"], where, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
            signal.alarm(timeout)
            try:
                pending = eval(code, namespace)
                if pending is not None:

                    async def finish(pending=pending):
                        return await pending

                    anyio.run(finish)
            finally:
                signal.alarm(0)
        else:
            done = subprocess.run(
                ["bash", "-e", "-o", "pipefail", "-c", block["code"]],
                stdin=subprocess.DEVNULL, timeout=timeout, check=False,
            )
            if done.returncode != 0:
                raise SystemExit(f"exit {done.returncode}")
    except BaseException as exc:
        sys.stdout.flush()
        detail = "".join(traceback.format_exception(exc))
        print(json.dumps({"failed": where, "error": detail}), flush=True)
        sys.exit(1)
    sys.stdout.flush()
    sys.stderr.flush()
"""


def _scratch(tmp_path: Path) -> Path:
    """A copy of the repository's tracked top-level entries (the package and the tests linked, not
    copied: nothing the docs run writes there)."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True, check=False
    )
    if listed.returncode != 0 or not listed.stdout.strip():
        pytest.skip("not a git checkout: cannot tell a fresh clone's files")
    scratch = tmp_path / "repo"
    scratch.mkdir()
    for name in sorted({line.split("/")[0] for line in listed.stdout.splitlines()}):
        source = ROOT / name
        if not source.exists():
            continue
        if name in {"recallbench", "tests", ".git"}:
            (scratch / name).symlink_to(source)
        elif source.is_dir():  # cp: ten times faster than shutil.copytree on personas/' 6,000 files
            subprocess.run(["cp", "-R", str(source), str(scratch / name)], check=True)
        else:
            shutil.copy2(source, scratch / name)
    return scratch


def _environment(tmp_path: Path) -> dict[str, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    # Scripts, not links: a venv's interpreter finds its site-packages from the path it is run as.
    for name, target in (
        ("recallbench", f'"{sys.executable}" -m recallbench'),
        ("python", f'"{sys.executable}"'),
        ("python3", f'"{sys.executable}"'),
    ):
        shim = bin_dir / name
        shim.write_text(f'#!/bin/sh\nexec {target} "$@"\n', encoding="utf-8")
        shim.chmod(0o755)
    env = dict(os.environ)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["RECALLBENCH_CACHE_DIR"] = str(tmp_path / "cache")  # nothing written to the user's cache
    env.pop("RECALLBENCH_REFERENCE_DATA", None)  # a fresh clone has no reference data
    env["NO_COLOR"] = "1"
    env["DOCS_TEST_BLOCK_TIMEOUT"] = str(BLOCK_TIMEOUT)
    env.setdefault("MPLCONFIGDIR", str(tmp_path / "mpl"))
    env["HOME"] = str(tmp_path / "home")  # caches under ~ stay in the scratch space
    return env


@pytest.mark.slow  # every page's commands, end to end: minutes; CI runs them
@pytest.mark.parametrize("page", sorted(RUNNABLE))
def test_page_blocks_run(page: str, tmp_path: Path) -> None:
    blocks = [b for b in RUNNABLE[page] if not b.skip]
    installs = [
        b.where
        for b in blocks
        if b.kind in {"shell", "console"} and re.search(r"\bpip\s+install", b.code)
    ]
    assert not installs, (
        f"blocks that would install into the environment running the tests: {installs}; "
        "mark them <!-- docs-test: skip — installs … -->"
    )
    payload = [
        {
            "where": b.where,
            "kind": "shell" if b.kind == "console" else b.kind,
            "code": console_commands(b.code) if b.kind == "console" else b.code,
            "name": b.name,
        }
        for b in blocks
    ]
    done = subprocess.run(
        [sys.executable, "-c", RUNNER],
        input=json.dumps(payload),
        cwd=_scratch(tmp_path),
        env=_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=BLOCK_TIMEOUT * len(blocks) + 60,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"a block of {page} failed:\n{output[-6000:]}"
    assert "Traceback (most recent call last)" not in output, output[-6000:]


@pytest.mark.parametrize("block", SKIPPED, ids=lambda b: b.where)
def test_marked_blocks_are_skipped(block: Block) -> None:
    assert block.skip
    pytest.skip(f"{block.where}: {block.skip}")


def test_blocks_are_collected(tmp_path: Path) -> None:
    """The extraction itself: languages, the skip marker, console prompts, indented fences."""
    page = tmp_path / "page.md"
    page.write_text(
        "<!-- docs-test: skip — needs a key -->\n```bash\nrecallbench run\n```\n\n"
        "```python\nx = 1\n```\n```text\nnot run\n```\n"
        "1. a step\n\n    ```console\n    $ recallbench list \\\n      --json\n    output\n    ```\n"
        "<!-- docs-test: file sub/model.py -->\n```python\nmodel = 1\n```\n",
        encoding="utf-8",
    )
    blocks = page_blocks(page, tmp_path)
    assert [(b.line, b.kind, b.skip) for b in blocks] == [
        (2, "shell", "needs a key"),
        (6, "python", None),
        (14, "console", None),
        (20, "file", None),
    ]
    assert blocks[3].name == "sub/model.py"
    assert blocks[3].code == "model = 1\n"
    assert console_commands(blocks[2].code) == "recallbench list \\\n  --json\n"


def test_the_runner_runs_in_order_and_stops_at_a_failure(tmp_path: Path) -> None:
    """Blocks share a namespace and the cwd, await works at top level, a file block is written
    before the block that reads it, and a failing block is named (and nothing after it runs)."""
    blocks = [
        {"where": "p:1", "kind": "python", "code": "import anyio\nawait anyio.sleep(0)\nx = 41\n"},
        {"where": "p:2", "kind": "file", "code": "print('from a file')\n", "name": "f/a.py"},
        {"where": "p:3", "kind": "python", "code": "x += 1\nopen('x.txt', 'w').write(str(x))\n"},
        {"where": "p:4", "kind": "shell", "code": 'test "$(cat x.txt)" = 42\npython f/a.py\n'},
        {"where": "p:5", "kind": "shell", "code": "false\n"},
        {"where": "p:6", "kind": "shell", "code": "touch never\n"},
    ]
    done = subprocess.run(
        [sys.executable, "-c", RUNNER],
        input=json.dumps(blocks),
        cwd=tmp_path,
        env=_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "from a file" in done.stdout
    failure = json.loads(done.stdout.strip().splitlines()[-1])
    assert failure["failed"] == "p:5"
    assert not (tmp_path / "never").exists()
