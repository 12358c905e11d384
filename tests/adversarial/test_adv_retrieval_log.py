"""The retrieval log read back (issue 42, finding 6): a gzip bomb, a line too long, a log that
expands a hundredfold and a ``"retrievalLine": null`` are refused by ``report --html``,
``run --resume`` and ``run --retry-errors`` in one line, exit 2, within 500 MB, the complete
result.json left as it was; a large log is streamed, not held. Real runs, real files (a real gzip
bomb, sparse files of a GiB), the real command line in a child that measures its own peak memory."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import pytest
from _cli import Outcome, cli
from _peak import LIMIT_MB, cli_peak

from recallbench.testing import write_persona

RUN = ("--arcs", "arcs-30d.yaml", "--ranges", "10d,30d", "--adapter", "builtin:bm25",
       "--judge", "rubric", "--no-heatmap-png")  # fmt: skip

HOW = ["report", "resume", "retry-errors"]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(data, run folder) of a complete run whose adapter reports what it retrieved."""
    root = tmp_path_factory.mktemp("retrieval")
    write_persona(root / "personas")
    done = cli("run", "--data", root / "personas", *RUN, "--output", root / "run")
    assert done.code == 0, done.err
    assert (root / "run" / "questions.retrieval.jsonl.gz").is_file()
    return root / "personas", root / "run"


def _copy(finished: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    data, run = finished
    shutil.copytree(run, tmp_path / "run")
    return data, tmp_path / "run"


def _read_back(how: str, data: Path, run: Path) -> tuple[Outcome, float]:
    if how == "report":
        return cli_peak("report", run, "--html", run.parent / "again.html")
    os.utime(run / "result.json")  # a retry's "has the run ended": the damage is what is found
    if how == "resume":
        return cli_peak("run", "--data", data, *RUN, "--output", run, "--resume",
                        run / "progress.jsonl")  # fmt: skip
    return cli_peak("run", "--data", data, *RUN, "--retry-errors", run)


def _refused(done: Outcome, peak: float, *words: str) -> str:
    assert done.code == 2, done.out + done.err
    line = done.one_line_error()
    for word in words:
        assert word in line, line
    assert peak <= LIMIT_MB, f"peak {peak:.0f} MB"
    return line


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write_lines(path: Path, records: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def _member(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9)


def _one_line_bomb(path: Path, expanded: int = 3_200 << 20) -> None:
    """A real gzip bomb: ``expanded`` bytes (3.2 GB by default) on one line, in gzip members of
    16 MiB each (about 16 KB apiece: 3 MB in all), which any gzip reader reads as one stream."""
    chunk = 16 << 20
    head = b'{"personaId":"tiny","checkpoint":"10d","qaId":"tiny-q001","retrieval":"'
    with path.open("wb") as f:
        f.write(_member(head + b"A" * (chunk - len(head))))
        body = _member(b"A" * chunk)
        for _ in range(expanded // chunk - 1):
            f.write(body)
        f.write(_member(b'"}\n'))


@pytest.mark.parametrize("how", HOW)
def test_a_gzip_bomb_of_one_line_is_refused_within_500_mb(
    finished: tuple[Path, Path], tmp_path: Path, how: str
) -> None:
    """3 MB that expand to 3.2 GB on one line, as the retrieval log of a complete run: refused as
    its first line passes 8 MiB. Measured 2026-12-07: 50-65 MB, 0.3-0.5 s (it was 12.9 GB)."""
    data, run = _copy(finished, tmp_path)
    packed = run / "questions.retrieval.jsonl.gz"
    _one_line_bomb(packed)
    assert packed.stat().st_size < 4 << 20
    kept = (run / "result.json").read_bytes()
    started = time.monotonic()
    done, peak = _read_back(how, data, run)
    _refused(done, peak, "questions.retrieval.jsonl.gz:1", "longer than 8 MiB")
    assert time.monotonic() - started < 60
    assert (run / "result.json").read_bytes() == kept


@pytest.mark.parametrize("how", HOW)
def test_a_log_that_expands_a_hundredfold_is_refused_within_500_mb(
    finished: tuple[Path, Path], tmp_path: Path, how: str
) -> None:
    """Lines of a mebibyte each, every one under the line bound, before the lines the answers
    name: a hundredfold expansion is not a log a run wrote (one gzips to an eighth)."""
    data, run = _copy(finished, tmp_path)
    packed = run / "questions.retrieval.jsonl.gz"
    pad = 100
    real = gzip.decompress(packed.read_bytes())
    padding = b"".join(b'{"pad":"' + b"A" * (1 << 20) + b'"}\n' for _ in range(pad))
    packed.write_bytes(_member(padding + real))
    log = run / "questions.jsonl"
    records = _lines(log)
    for r in records:
        if "retrievalLine" in r:
            r["retrievalLine"] += pad
    _write_lines(log, records)
    kept = (run / "result.json").read_bytes()
    done, peak = _read_back(how, data, run)
    _refused(done, peak, "questions.retrieval.jsonl.gz", "more than 100 times its size")
    assert (run / "result.json").read_bytes() == kept


@pytest.mark.parametrize("what", ["questions.retrieval.jsonl", "questions.jsonl", "progress.jsonl"])
def test_a_log_of_one_line_of_a_gib_is_refused_within_500_mb(
    finished: tuple[Path, Path], tmp_path: Path, what: str
) -> None:
    """A GiB without a newline (a sparse file: it takes no disk) where a log was: each line was
    read whole, however long."""
    data, run = _copy(finished, tmp_path)
    if what == "questions.retrieval.jsonl":
        (run / "questions.retrieval.jsonl.gz").unlink()
    with (run / what).open("wb") as f:
        f.truncate(1 << 30)
    kept = (run / "result.json").read_bytes()
    done, peak = _read_back("resume", data, run)
    _refused(done, peak, f"{what}:1", "longer than 8 MiB")
    assert (run / "result.json").read_bytes() == kept


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize(
    ("value", "said"),
    [
        (None, "retrievalLine is null"),
        ("3", "retrievalLine is '3'"),
        (0, "retrievalLine is 0"),
        (True, "retrievalLine is True"),
    ],
)
def test_a_retrieval_line_that_is_no_line_number_is_refused_and_the_result_kept(
    finished: tuple[Path, Path], tmp_path: Path, how: str, value: Any, said: str
) -> None:
    """``"retrievalLine": null`` was taken as "no retrieval reported": --resume rewrote a complete
    result.json with lower retrieval metrics (recall@10 0.652 → 0.618)."""
    data, run = _copy(finished, tmp_path)
    log = run / "questions.jsonl"
    records = _lines(log)
    records[3]["retrievalLine"] = value
    _write_lines(log, records)
    kept = (run / "result.json").read_bytes()
    done, peak = _read_back(how, data, run)
    _refused(done, peak, "questions.jsonl:4", said)
    assert (run / "result.json").read_bytes() == kept


def test_lines_named_out_of_order_are_refused(finished: tuple[Path, Path], tmp_path: Path) -> None:
    """A run numbers its answers' lines in the order it logs them: a log that names a line an
    earlier answer passed is damaged (and would have a reader go back over the file)."""
    data, run = _copy(finished, tmp_path)
    log = run / "questions.jsonl"
    records = _lines(log)
    records[2], records[3] = records[3], records[2]
    _write_lines(log, records)
    done, peak = _read_back("report", data, run)
    _refused(done, peak, "questions.jsonl:4", "an earlier answer named")


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads VmHWM")
def test_a_large_retrieval_log_is_streamed_not_held(tmp_path: Path) -> None:
    """120 MB of retrieval entries (100,000 answers' worth) beside a log naming a few of them:
    read forward and dropped, each line named kept by its answer alone (they were all held as a
    list: 1.4 GB)."""
    log = tmp_path / "questions.jsonl"
    entries = [
        {"path": f"memories/day-{d:04d}.md#p/0", "score": 0.5, "day": d} for d in range(1, 9)
    ]
    names = {1: "q1", 50_000: "q2", 100_000: "q3"}
    with (tmp_path / "questions.retrieval.jsonl").open("w", encoding="utf-8") as f:
        for n in range(1, 100_001):
            record = {"personaId": "p", "checkpoint": "10d", "qaId": names.get(n, f"x{n}"),
                      "retrieval": entries * 2}  # fmt: skip
            f.write(json.dumps(record) + "\n")
    _write_lines(
        log,
        [
            {"personaId": "p", "checkpoint": "10d", "qa": {"id": qid}, "retrievalLine": n}
            for n, qid in names.items()
        ],
    )
    assert (tmp_path / "questions.retrieval.jsonl").stat().st_size > 100 << 20
    code = (
        "from pathlib import Path; from recallbench.results.question_log import read_details; "
        f"d = read_details(Path({str(log)!r})); assert len(d) == 3, d; "
        "assert all(len(r['retrieval']) == 16 for r in d.values()); "
        "print(next(int(x.split()[1]) for x in open('/proc/self/status') if x.startswith('VmHWM')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(out.stdout) / 1024 < 150, out.stdout  # MB: the interpreter and one line at a time


def test_a_bomb_is_not_expanded_to_disk_by_a_resume(tmp_path: Path) -> None:
    """The writer of a resumed run expands the gzipped log to append to it: within the same
    bounds, and nothing half-written is left."""
    from recallbench.errors import DatasetError
    from recallbench.results.retrieval_log import gunzip_file

    packed, plain = tmp_path / "r.jsonl.gz", tmp_path / "r.jsonl"
    packed.write_bytes(_member(b'{"a":"' + b"A" * (80 << 20) + b'"}\n'))
    with pytest.raises(DatasetError, match="longer than 8 MiB"):
        gunzip_file(packed, plain)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl.gz"]
    lines = b"".join(b'{"a":"' + b"A" * (1 << 20) + b'"}\n' for _ in range(80))
    packed.write_bytes(zlib.compress(lines, 9, wbits=31))
    with pytest.raises(DatasetError, match="more than 100 times its size"):
        gunzip_file(packed, plain)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl.gz"]
