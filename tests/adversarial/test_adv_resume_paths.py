"""``--resume`` takes a run's progress file (issue 42, finding 9): anything that is not a regular
file (``/dev/zero``, a FIFO, a directory, a path beneath a file) is one line, exit 2, before any
work, nothing written; it "started fresh" and wrote questions.jsonl beside it, even with
``--no-save``. And ``--no-save`` on a resume keeps nothing: the logs are read, not written to."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
from pathlib import Path

import pytest
from _cli import cli

from recallbench.testing import write_persona

RUN = ("--arcs", "arcs-30d.yaml", "--ranges", "10d,30d", "--adapter", "builtin:bm25",
       "--judge", "rubric", "--no-heatmap-png", "--no-html")  # fmt: skip


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("resume-paths")
    write_persona(root / "personas")
    done = cli("run", "--data", root / "personas", *RUN, "--output", root / "run")
    assert done.code == 0, done.err
    return root / "personas", root / "run"


def _snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.mark.skipif(os.name != "posix", reason="devices and FIFOs")
@pytest.mark.parametrize("what", ["/dev/zero", "fifo", "directory", "beneath-a-file"])
@pytest.mark.parametrize("save", [(), ("--no-save",)])
def test_a_resume_path_that_is_no_regular_file_is_refused(
    finished: tuple[Path, Path], tmp_path: Path, what: str, save: tuple[str, ...]
) -> None:
    data, _ = finished
    where = tmp_path / "here"
    where.mkdir()
    if what == "/dev/zero":
        path = Path("/dev/zero")
    elif what == "fifo":
        path = where / "progress.jsonl"
        os.mkfifo(path)
    elif what == "directory":
        path = where
    else:
        (where / "file").write_text("x")
        path = where / "file" / "progress.jsonl"
    before = sorted(where.iterdir())
    done = cli("run", "--data", data, *RUN, "--resume", path, *save, cwd=tmp_path, timeout=60)
    assert done.code == 2, done.err
    line = done.one_line_error()
    assert f"--resume {path}" in line
    kind = {"/dev/zero": "a character device", "fifo": "a FIFO", "directory": "a directory"}
    assert kind.get(what, "cannot read it") in line
    assert sorted(where.iterdir()) == before  # nothing written beside it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["here"]
    if what == "/dev/zero":
        assert not Path("/dev/questions.jsonl").exists()
    if what == "fifo":
        assert stat.S_ISFIFO(path.stat().st_mode)


def test_a_directory_holding_a_progress_file_is_named_in_the_hint(
    finished: tuple[Path, Path],
) -> None:
    data, run = finished
    done = cli("run", "--data", data, *RUN, "--resume", run, "--no-save")
    assert done.code == 2
    assert f"did you mean --resume {run / 'progress.jsonl'}?" in done.one_line_error()


def test_no_save_on_a_resume_reads_the_logs_and_writes_nothing(
    finished: tuple[Path, Path], tmp_path: Path
) -> None:
    """A run stopped before its result was written, resumed with --no-save: it finishes from its
    logs (nothing asked again) and leaves every file as it was, adding none."""
    data, run = finished
    copy = tmp_path / "run"
    shutil.copytree(run, copy)
    (copy / "result.json").unlink()
    before = _snapshot(copy)
    done = cli("run", "--data", data, *RUN, "--resume", copy / "progress.jsonl", "--no-save",
               cwd=tmp_path)  # fmt: skip
    assert done.code == 0, done.err
    assert "Not saved (--no-save)" in done.out
    assert _snapshot(copy) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]


def test_a_missing_resume_file_still_starts_fresh(
    finished: tuple[Path, Path], tmp_path: Path
) -> None:
    """Nothing logged there yet is not an error: the run starts fresh and logs there."""
    data, _ = finished
    progress = tmp_path / "new" / "progress.jsonl"
    done = cli("run", "--data", data, *RUN, "--resume", progress, "--output", tmp_path / "new")
    assert done.code == 0, done.err
    assert progress.is_file() and (tmp_path / "new" / "result.json").is_file()
