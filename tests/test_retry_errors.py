"""``run --retry-errors RUN_DIR``: a run that ended with errored questions asks only those again,
into the same artifacts, and ends as a clean run would have (issue 25, item 3).

Real parts: the harness over the tiny persona with a scripted adapter that fails given questions
the first time it is asked them, and a judge that is down for one question in the first run; the
command line in a subprocess for the flag's errors and a whole round trip.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from recallbench import run
from recallbench._retry import RetryPolicy
from recallbench.errors import ConfigError
from recallbench.harness.config import AdapterErrorLimit, RunConfig, RunOutput
from recallbench.harness.resume import read_retry_log
from recallbench.testing import ScriptedAdapter, ScriptedJudge, write_persona

ROOT = Path(__file__).resolve().parents[1]

CLOCKS = frozenset(
    {
        "timestamp",
        "durationMs",
        "latencyMs",
        "ingestMs",
        "finalizeMs",
        "queryLatencyMs",
        "timing",
        "totalQueryMs",
        "totalIngestionMs",
        # How many days the unit ingested before this checkpoint: a retried unit ingests from day 1
        # again (it needs a fresh adapter), which a clean run did not. Ingestion, not an answer.
        "newDaysIngested",
    }
)
"""Keys whose values are clocks (or ingestion bookkeeping) and differ between any two runs."""

PROVENANCE = frozenset({"resumed", "retriedErrors"})
"""Metadata keys that say the result was assembled over more than one attempt."""


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _config(lifecycle: str) -> RunConfig:
    return RunConfig(
        arcs_file="arcs-30d.yaml",
        ranges="10d,20d,30d",
        lifecycle=lifecycle,  # type: ignore[arg-type]
        question_timeout=5.0,
        judge_retry=RetryPolicy(attempts=2, initial_delay=0.0, max_delay=0.0),
        max_adapter_errors=AdapterErrorLimit(share=None),
        parallelism=3,
    )


class Flaky:
    """Adapters that fail the given questions the first time any of them is asked one."""

    def __init__(self, failing: set[str]) -> None:
        self.failing = set(failing)
        self.built: list[ScriptedAdapter] = []

    def _fails(self, question: str) -> bool:
        for text in list(self.failing):
            if text in question:
                self.failing.discard(text)
                return True
        return False

    def __call__(self) -> ScriptedAdapter:
        adapter = ScriptedAdapter(fail_on=self._fails)
        self.built.append(adapter)
        return adapter

    def queries(self) -> Counter[str]:
        return Counter(c[1] for a in self.built for c in a.calls if c[0] == "query")

    def count(self, method: str) -> int:
        return sum(a.count(method) for a in self.built)


def _strip(value: Any, drop: frozenset[str]) -> Any:
    if isinstance(value, dict):
        return {k: _strip(v, drop) for k, v in value.items() if k not in drop}
    if isinstance(value, list):
        return [_strip(v, drop) for v in value]
    return value


def _result(path: Path) -> Any:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["metadata"] = {k: v for k, v in data["metadata"].items() if k not in PROVENANCE}
    return _strip(data, CLOCKS)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _latest(path: Path) -> dict[tuple[str, str, str], dict[str, Any]]:
    """questions.jsonl as its readers take it: the last record of each answer wins."""
    return {(r["personaId"], r["checkpoint"], r["qa"]["id"]): r for r in _lines(path)}


@pytest.mark.anyio
@pytest.mark.parametrize("lifecycle", ["fresh", "incremental"])
async def test_retry_errors_asks_only_the_failed_questions_and_ends_as_a_clean_run(
    tmp_path: Path, lifecycle: str
) -> None:
    data = tmp_path / "personas"
    write_persona(data)
    cfg = _config(lifecycle)

    judge_down: set[str] = set()
    judge = ScriptedJudge(fail_on=lambda q: any(d in q for d in judge_down))
    clean_dir = tmp_path / "clean"
    await run(Flaky(set()), data, judge=judge, config=cfg, output=RunOutput.directory(clean_dir))

    # Day 3's question fails at 10d (its first asking; asked again later as history it works),
    # day 25's at 30d; the judge is down for day 28's question in the first run.
    flaky = Flaky({"2026-01-03", "2026-01-25"})
    judge_down.add("2026-01-28")
    run_dir = tmp_path / "run"
    first = await run(flaky, data, judge=judge, config=cfg, output=RunOutput.directory(run_dir))
    assert first.metadata.adapter_errors == 2
    assert first.metadata.judge_errors == 1
    errored = {k: r["error"]["stage"] for k, r in _latest(run_dir / "questions.jsonl").items()
               if "error" in r}  # fmt: skip
    assert sorted(errored.values()) == ["judge", "query", "query"]
    logged_before = len(_lines(run_dir / "questions.jsonl"))

    judge_down.clear()
    flaky.built.clear()
    judge.calls.clear()
    retry = read_retry_log(run_dir)
    again = await run(
        flaky, data, judge=judge, config=cfg, output=RunOutput.directory(run_dir), resume=retry
    )

    # Only the failed questions: the two the adapter failed are asked again (and judged), the one
    # the judge failed is judged again on its logged answer, without asking the adapter.
    asked = flaky.queries()
    assert sum(asked.values()) == 2
    assert all(any(d in q for d in ("2026-01-03", "2026-01-25")) for q in asked)
    judged = [c[0] for c in judge.calls]
    assert len(judged) == 3
    assert sum("2026-01-28" in q for q in judged) == 1
    # Only the units holding them were set up and fed again.
    if lifecycle == "fresh":
        assert flaky.count("setup") == 2  # the 10d and 30d checkpoints, not 20d
        assert flaky.count("ingest_day") == 10 + 30
    else:
        assert flaky.count("setup") == 1  # the persona, caught up to each checkpoint it asks
        assert flaky.count("ingest_day") == 30

    # The merged run is the clean run: same result.json (minus clocks and provenance), and its
    # logs, read as their readers read them (the last record of an answer wins), hold the same
    # answers and scores.
    assert again.metadata.adapter_errors == 0 and again.metadata.judge_errors == 0
    assert _result(run_dir / "result.json") == _result(clean_dir / "result.json")
    merged = _latest(run_dir / "questions.jsonl")
    clean = _latest(clean_dir / "questions.jsonl")
    keep = ("systemAnswer", "score", "composite", "qa", "checkpointIndex")
    assert {k: {f: r.get(f) for f in keep} for k, r in merged.items()} == {
        k: {f: r.get(f) for f in keep} for k, r in clean.items()
    }
    assert len(_lines(run_dir / "questions.jsonl")) == logged_before + 3  # appended, not rewritten
    meta = json.loads((run_dir / "result.json").read_text(encoding="utf-8"))["metadata"]
    assert meta["retriedErrors"] == 3
    progress = _lines(run_dir / "progress.jsonl")
    assert [r["type"] for r in progress].count("summary") == 2


@pytest.mark.anyio
async def test_a_clean_run_writes_no_retry_key(tmp_path: Path) -> None:
    data = tmp_path / "personas"
    write_persona(data)
    out = RunOutput.directory(tmp_path / "run")
    await run(Flaky(set()), data, judge=ScriptedJudge(), config=_config("fresh"), output=out)
    meta = json.loads((tmp_path / "run" / "result.json").read_text(encoding="utf-8"))["metadata"]
    assert "retriedErrors" not in meta


def _ended_run(tmp_path: Path) -> Path:
    run_dir = tmp_path / "ended"
    run_dir.mkdir()
    for name in ("progress.jsonl", "questions.jsonl"):
        (run_dir / name).write_text('{"type": "header"}\n', encoding="utf-8")
    (run_dir / "result.json").write_text("{}", encoding="utf-8")
    return run_dir


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda d: d / "missing", "no such directory"),
        (lambda d: d, "not a run directory (no progress.jsonl or questions.jsonl)"),
        (
            lambda d: (_ended_run(d) / "result.json").unlink() or d / "ended",
            "still going, or stopped before its end",
        ),
    ],
    ids=["missing", "not-a-run", "no-result"],
)
def test_read_retry_log_refuses_what_is_no_ended_run(
    tmp_path: Path, make: Callable[[Path], Path], says: str
) -> None:
    with pytest.raises(ConfigError, match=r"^--retry-errors .*: ") as caught:
        read_retry_log(make(tmp_path))
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_run_still_writing_its_logs_is_in_progress(tmp_path: Path) -> None:
    run_dir = _ended_run(tmp_path)
    assert read_retry_log(run_dir).questions == ()  # ended: readable
    # A later attempt appending to the logs (a run going on) makes them newer than result.json.
    stamp = (run_dir / "result.json").stat().st_mtime_ns
    os.utime(run_dir / "progress.jsonl", ns=(stamp + 10**9, stamp + 10**9))
    with pytest.raises(ConfigError, match="still going"):
        read_retry_log(run_dir)


# -- the command line ------------------------------------------------------------------------------

FLAKY_ADAPTER = '''
"""An adapter that fails the questions named in FLAKY_QUESTIONS until the file FLAKY_STATE exists."""
import os
from pathlib import Path

from recallbench.testing import ScriptedAdapter

STATE = Path(os.environ["FLAKY_STATE"])
FAILING = os.environ["FLAKY_QUESTIONS"].split(",")


def _fails(question):
    return not STATE.exists() and any(d in question for d in FAILING)


class Adapter(ScriptedAdapter):
    def __init__(self):
        super().__init__(fail_on=_fails)

    async def query(self, question):
        with (STATE.parent / "asked.txt").open("a", encoding="utf-8") as f:
            f.write(question + "\\n")
        return await super().query(question)


adapter = Adapter
'''


def _cli(args: list[str], env: dict[str, str], cwd: Path) -> tuple[int, str]:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "recallbench", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stderr


def test_cli_retry_errors_round_trip(tmp_path: Path) -> None:
    data = tmp_path / "personas"
    write_persona(data)
    (tmp_path / "flaky.py").write_text(FLAKY_ADAPTER, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    env["RECALLBENCH_CACHE_DIR"] = str(tmp_path / "cache")
    env["FLAKY_STATE"] = str(tmp_path / "healed")
    env["FLAKY_QUESTIONS"] = "2026-01-03"
    base = ["--adapter", "flaky.py", "--data", str(data), "--personas", "tiny", "--arcs"]
    base += ["arcs-30d.yaml", "--ranges", "10d,20d", "--skip-preflight", "--no-heatmap-png"]
    base += ["--no-html"]
    common = [*base, "--judge", "rubric"]
    run_dir = tmp_path / "run"

    code, err = _cli(["run", *common, "--output", str(run_dir)], env, tmp_path)
    assert code == 0, err
    first = json.loads((run_dir / "result.json").read_text(encoding="utf-8"))
    assert first["metadata"]["adapterErrors"] == 2  # day 3's question at 10d and at 20d

    # Other settings than the run's: refused before anything is asked.
    code, err = _cli(
        ["run", *base, "--judge", "stub", "--retry-errors", str(run_dir)],
        env,
        tmp_path,
    )
    assert code == 2
    assert (
        err.strip()
        .splitlines()[-1]
        .endswith(
            "--judge differs from the run's (none here, rubric in the run); retry with "
            "the run's own flags"
        )
    )
    code, err = _cli(
        ["run", *common, "--epochs", "2", "--retry-errors", str(run_dir)], env, tmp_path
    )
    assert code == 2 and "--epochs differs from the run's (2 here, 1 in the run)" in err
    # Flags naming other files are refused too.
    code, err = _cli(
        ["run", *common, "--retry-errors", str(run_dir), "--output", str(tmp_path)], env, tmp_path
    )
    assert code == 2 and "it takes no --output" in err

    (tmp_path / "asked.txt").unlink()
    (tmp_path / "healed").touch()
    code, err = _cli(["run", *common, "--retry-errors", str(run_dir)], env, tmp_path)
    assert code == 0, err
    asked = (tmp_path / "asked.txt").read_text(encoding="utf-8").splitlines()
    assert len(asked) == 2 and all("2026-01-03" in q for q in asked)
    after = json.loads((run_dir / "result.json").read_text(encoding="utf-8"))
    assert after["metadata"]["adapterErrors"] == 0
    assert after["metadata"]["retriedErrors"] == 2


def test_cli_retry_errors_of_no_run_is_one_line_exit_2(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    code, err = _cli(["run", "--retry-errors", str(tmp_path / "nope")], env, tmp_path)
    assert code == 2
    assert err.strip() == (
        f"recallbench run: error: --retry-errors {tmp_path / 'nope'}: no such directory"
    )


# -- a retry log's records -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ended_cli_run(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, list[str], dict[str, str]]:
    """A real run through the command line that ended with two failed questions (day 3's)."""
    tmp_path = tmp_path_factory.mktemp("ended")
    data = tmp_path / "personas"
    write_persona(data)
    (tmp_path / "flaky.py").write_text(FLAKY_ADAPTER, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    env["RECALLBENCH_CACHE_DIR"] = str(tmp_path / "cache")
    env["FLAKY_STATE"] = str(tmp_path / "healed")
    env["FLAKY_QUESTIONS"] = "2026-01-03"
    args = ["--adapter", "flaky.py", "--data", str(data), "--personas", "tiny", "--arcs"]
    args += ["arcs-30d.yaml", "--ranges", "10d,20d", "--skip-preflight", "--no-heatmap-png"]
    args += ["--no-html", "--judge", "rubric"]
    code, err = _cli(["run", *args, "--output", str(tmp_path / "run")], env, tmp_path)
    assert code == 0, err
    return tmp_path, args, env


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target = record
        *parents, last = key.split(".")
        for parent in parents:
            target = target[parent]
        target[last] = value

    return change


@pytest.mark.parametrize(
    ("log", "line", "change", "says"),
    [
        ("questions.jsonl", 1, _set("composite", "x"), "'composite' is 'x': expected a number"),
        ("questions.jsonl", 1, _set("score", "x"), "'score' is 'x': expected an object"),
        (
            "questions.jsonl",
            2,
            _set("score.correctness", "3"),
            "'score' is no score: judge score field 'correctness' is not a number: '3'",
        ),
        ("questions.jsonl", 1, _set("personaId", 5), "'personaId' is 5: expected a string"),
        ("questions.jsonl", 3, _set("qa.id", 3), "'qa.id' is 3: expected a string"),
        ("questions.jsonl", 1, _set("error", "boom"), "'error' is 'boom': expected an object"),
        ("progress.jsonl", 2, _set("range", "10d"), "'range' is '10d': expected an object"),
        ("progress.jsonl", 2, _set("personaId", 5), "'personaId' is 5: expected a string"),
        ("progress.jsonl", 2, _set("daysIngested", 1.5), "'daysIngested' is 1.5: expected a whole"),
    ],
)
def test_a_wrongly_typed_retry_record_is_one_line_naming_file_and_line(
    ended_cli_run: tuple[Path, list[str], dict[str, str]],
    tmp_path: Path,
    log: str,
    line: int,
    change: Callable[[dict[str, Any]], None],
    says: str,
) -> None:
    """Each was an error naming no file (a judge's "got str"), an internal error (exit 70), or
    passed unseen; now one line naming the record's file and line, exit 2, nothing asked."""
    base, args, env = ended_cli_run
    run_dir = tmp_path / "run"
    import shutil

    shutil.copytree(base / "run", run_dir)
    path = run_dir / log
    records = path.read_text(encoding="utf-8").splitlines()
    record = json.loads(records[line - 1])
    change(record)
    records[line - 1] = json.dumps(record)
    path.write_text("\n".join(records) + "\n", encoding="utf-8")
    os.utime(run_dir / "result.json")  # still an ended run: its result newer than its logs
    asked = base / "asked.txt"
    asked.unlink(missing_ok=True)
    code, err = _cli(["run", *args, "--retry-errors", str(run_dir)], env, base)
    assert code == 2, err
    [message] = err.strip().splitlines()
    assert message.startswith(f"recallbench run: error: {path}:{line}: {says}"), message
    assert not asked.exists()


def test_a_retry_record_for_a_persona_the_data_lacks_is_refused_not_counted(
    ended_cli_run: tuple[Path, list[str], dict[str, str]], tmp_path: Path
) -> None:
    """A failed answer logged for persona ``ghost`` was counted in ``retriedErrors`` (3 for the
    run's 2); now refused in one line naming its file, line and persona, exit 2."""
    base, args, env = ended_cli_run
    run_dir = tmp_path / "run"
    import shutil

    shutil.copytree(base / "run", run_dir)
    path = run_dir / "questions.jsonl"
    records = path.read_text(encoding="utf-8").splitlines()
    failed = next(json.loads(r) for r in records if '"error"' in r)
    records.append(json.dumps({**failed, "personaId": "ghost"}))
    path.write_text("\n".join(records) + "\n", encoding="utf-8")
    os.utime(run_dir / "result.json")
    before = (run_dir / "result.json").read_bytes()
    code, err = _cli(["run", *args, "--retry-errors", str(run_dir)], env, base)
    assert code == 2, err
    assert err.strip() == (
        f"recallbench run: error: {path}:{len(records)}: a record for persona 'ghost', which the "
        "data does not have; a retry merges only answers about the run's own personas"
    )
    assert (run_dir / "result.json").read_bytes() == before
