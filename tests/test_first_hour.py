"""A newcomer's first hour (issue 20), through the real entry point in a subprocess: a memory system
that fails its questions fails the run, every run is kept and says where, the run ends with one
headline, and judges close their HTTP sessions in every command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import anyio
import attrs
import pytest

from recallbench.testing import write_persona
from recallbench.testing.providers import FakeProviderServer

ROOT = Path(__file__).resolve().parents[1]
SCORE = '{"correctness": 2, "completeness": 1, "hallucination": 1, "reasoning": "ok"}'


@attrs.frozen
class Done:
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()


def cli(
    *args: str | Path,
    python_flags: tuple[str, ...] = (),
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> Done:
    """``python [FLAGS] -m recallbench ARGS`` in a subprocess."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100", **(env or {})}
    done = subprocess.run(
        [sys.executable, *python_flags, "-m", "recallbench", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    return Done(done.returncode, done.stdout, done.stderr)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root)
    return root


def adapter_file(tmp_path: Path, query: str) -> Path:
    """An adapter whose ``query`` body is ``query`` (the question is ``question``)."""
    path = tmp_path / "memory.py"
    body = textwrap.indent(textwrap.dedent(query).strip(), " " * 8)
    path.write_text(
        textwrap.dedent(
            """
            import anyio

            class Memory:
                name = "memory"

                async def setup(self): pass
                async def ingest_day(self, day, content, metadata): pass
                async def finalize_ingestion(self): pass
                async def query(self, question):
            {body}
                async def teardown(self): pass

            adapter = Memory
            """
        ).format(body=body),
        encoding="utf-8",
    )
    return path


RUN = ("--arcs", "arcs-30d.yaml", "--ranges", "10d,30d", "--judge", "rubric")


# -- a memory system that fails ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "kind", "message"),
    [
        (
            'raise RuntimeError("vector DB connection refused")',
            "RuntimeError",
            "vector DB connection refused",
        ),
        ("return None", "TypeError", "None"),
        ("await anyio.sleep(30)", "AdapterTimeout", "no answer within 0.2 s"),
    ],
    ids=["raises", "returns-none", "hangs"],
)
@pytest.mark.slow  # the real command line in a subprocess per case: CI runs it
def test_an_adapter_that_fails_every_question_fails_the_run(
    data: Path, tmp_path: Path, query: str, kind: str, message: str
) -> None:
    adapter = adapter_file(tmp_path, query)
    out = tmp_path / "out"
    done = cli(
        "run", "--adapter", adapter, "--data", data, *RUN, "--timeout", "200", "--output", out
    )
    assert done.code == 1, done.err
    assert "Traceback" not in done.err
    assert done.lines[0].startswith(
        "FAILED: the memory system failed 10 of 10 questions at tiny 10d"
    )
    assert "--max-adapter-errors 10%" in done.lines[0]
    # The summary names each kind of error, how many, and its first message.
    (errors,) = [line for line in done.lines if line.startswith("  Adapter errors ")]
    assert errors.startswith("  Adapter errors 10 of 10 questions: the memory system failed")
    (group,) = [line for line in done.lines if line.startswith(f"                 10 × {kind}: ")]
    assert message in group
    # The run stopped after the checkpoint that crossed the limit; what it paid for is kept.
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert [r["range"]["label"] for r in result["personas"][0]["rangeResults"]] == ["10d"]
    assert result["metadata"]["adapterErrors"] == 10
    assert done.lines[-1].startswith(f"Saved in {out}/: result.json")


@pytest.mark.slow  # two full CLI runs: CI runs it
def test_a_few_adapter_errors_stay_under_the_limit_and_the_limit_can_be_moved(
    data: Path, tmp_path: Path
) -> None:
    # One question in the whole run fails: under 10% of either checkpoint.
    adapter = adapter_file(
        tmp_path,
        """
        if "day 3" in question.lower() or "day three" in question.lower():
            raise ValueError("index shard 3 missing")
        return "I do not know."
        """,
    )
    done = cli("run", "--adapter", adapter, "--data", data, *RUN, "--no-save")
    assert done.code == 0, done.err
    errors = [line for line in done.lines if line.startswith("  Adapter errors ")]
    if errors:  # the tiny persona asks about day 3 at most once per checkpoint
        assert "ValueError: index shard 3 missing" in done.out
    # A count limit of 0: any error fails the run; `none` turns the limit off.
    dead = adapter_file(tmp_path, 'raise RuntimeError("down")')
    assert (
        cli(
            "run", "--adapter", dead, "--data", data, *RUN, "--no-save", "--max-adapter-errors", "0"
        ).code
        == 1
    )
    off = cli(
        "run", "--adapter", dead, "--data", data, *RUN, "--no-save", "--max-adapter-errors", "none"
    )
    assert off.code == 0, off.err
    assert "  Adapter errors 41 of 41 questions" in off.out
    bad = cli("run", "--adapter", dead, "--data", data, *RUN, "--max-adapter-errors", "lots")
    assert bad.code == 2
    assert "--max-adapter-errors" in bad.err and "10%" in bad.err


# -- every run is kept -----------------------------------------------------------------------------


@pytest.mark.slow  # several full CLI runs: CI runs it
def test_every_run_is_kept_and_says_where_on_its_last_line(data: Path, tmp_path: Path) -> None:
    runs = Path(os.environ["RECALLBENCH_RUNS_DIR"])
    done = cli("run", "--adapter", "builtin:bm25", "--data", data, *RUN)
    assert done.code == 0, done.err
    (folder,) = runs.glob("bm25-*")
    names = {p.name for p in folder.iterdir()}
    assert names >= {
        "result.json",
        "report.html",
        "heatmap.png",
        "hallucination.png",
        "questions.jsonl",
        "progress.jsonl",
    }
    assert done.lines[-1].startswith(f"Saved in {folder}/: result.json")
    # --output chooses the folder; --no-save keeps nothing and says so.
    chosen = tmp_path / "chosen"
    assert (
        cli("run", "--adapter", "builtin:bm25", "--data", data, *RUN, "--output", chosen).code == 0
    )
    assert (chosen / "result.json").is_file() and (chosen / "report.html").is_file()
    nothing = cli("run", "--adapter", "builtin:bm25", "--data", data, *RUN, "--no-save")
    assert nothing.code == 0
    assert nothing.lines[-1].startswith("Not saved (--no-save)")
    assert len(list(runs.glob("bm25-*"))) == 1
    # With --json, stdout is one JSON document and the last line goes to stderr.
    as_json = cli(
        "run",
        "--adapter",
        "builtin:bm25",
        "--data",
        data,
        *RUN,
        "--json",
        "--output",
        tmp_path / "j",
    )
    assert json.loads(as_json.out)["adapterName"] == "builtin:bm25"
    assert as_json.err.splitlines()[-1].startswith(f"Saved in {tmp_path / 'j'}/")


@pytest.mark.slow  # several full CLI runs: CI runs it
def test_a_run_ends_with_one_headline_and_verbose_prints_the_full_report(
    data: Path, tmp_path: Path
) -> None:
    done = cli("run", "--adapter", "builtin:bm25", "--data", data, *RUN, "--output", tmp_path / "o")
    assert done.code == 0, done.err
    assert len(done.lines) <= 27
    head = "\n".join(done.lines)
    for expected in (
        "recallbench · builtin:bm25 · 1 persona · 2 checkpoints · ",
        "  Score          ",
        "/6.0 (",
        "  Hallucination  ",
        "invented: a claim found on no day ingested",
        "  Retrieval      recall@10 ",
        "  Errors         none",
        "  Judge          rubric",
        "  OVERALL ",
        f"  Report  {tmp_path / 'o' / 'report.html'}",
        f"  Result  {tmp_path / 'o' / 'result.json'}",
    ):
        assert expected in head
    assert "Recall Bench Report" not in head
    verbose = cli(
        "run", "--adapter", "builtin:bm25", "--data", data, *RUN, "--no-save", "--verbose"
    )
    assert "Recall Bench Report — builtin:bm25" in verbose.out
    assert "Persona: tiny" in verbose.out and "RETRIEVAL" in verbose.out
    assert verbose.out.rstrip().splitlines()[-1].startswith("Not saved")


# -- judges close their sessions -------------------------------------------------------------------

STRICT = ("-W", "error::ResourceWarning", "-X", "dev")


def _no_leak(done: Done) -> None:
    assert done.code == 0, done.err
    for leak in ("Unclosed client session", "Unclosed connector", "ResourceWarning"):
        assert leak not in done.err, done.err


@pytest.mark.slow  # several full CLI runs: CI runs it
def test_llm_judges_close_their_http_sessions_in_every_command(data: Path, tmp_path: Path) -> None:
    async def main() -> list[Done]:
        async with FakeProviderServer(SCORE) as server:
            judge = f"openai:gpt-judge;{server.url}/v1"
            key = {"OPENAI_API_KEY": "sk-test"}

            def commands() -> list[Done]:
                out = tmp_path / "run"
                return [
                    cli(
                        "judge",
                        "--judge",
                        judge,
                        "--question",
                        "Who?",
                        "--reference",
                        "Ana.",
                        "--answer",
                        "Ana.",
                        python_flags=STRICT,
                        env=key,
                    ),
                    cli(
                        "run",
                        "--adapter",
                        "builtin:bm25",
                        "--data",
                        data,
                        *RUN[:4],
                        "--judge",
                        judge,
                        "--no-judge-cache",
                        "--output",
                        out,
                        python_flags=STRICT,
                        env=key,
                    ),
                    cli(
                        "judge-agreement",
                        out / "result.json",
                        "--judge",
                        judge,
                        "--data",
                        data,
                        "--arcs",
                        "arcs-30d.yaml",
                        python_flags=STRICT,
                        env=key,
                    ),
                    cli(
                        "judge-probe",
                        "--judge",
                        judge,
                        "--data",
                        data,
                        "--arcs",
                        "arcs-30d.yaml",
                        "--sample",
                        "2",
                        "--judge-cache",
                        tmp_path / "cache",
                        python_flags=STRICT,
                        env=key,
                    ),
                ]

            return await anyio.to_thread.run_sync(commands)

    for done in anyio.run(main):
        _no_leak(done)


LIBRARY = """
import anyio, recallbench as rb
from recallbench.models import load_model

async def main(url):
    async with rb.load_judge(f"openai:gpt-judge;{url}/v1") as judge:
        score = await judge.score("Who?", "Ana.", "Ana.", None)
    print(score.correctness)
    async with load_model(f"openai:gpt-judge;{url}/v1") as model:
        await model.complete("system", "hello")

anyio.run(main, __import__("sys").argv[1])
"""


def test_judges_and_models_are_async_context_managers_in_the_library(tmp_path: Path) -> None:
    script = tmp_path / "lib.py"
    script.write_text(LIBRARY, encoding="utf-8")

    async def main() -> subprocess.CompletedProcess[str]:
        async with FakeProviderServer(SCORE) as server:
            return await anyio.to_thread.run_sync(
                lambda: subprocess.run(
                    [sys.executable, *STRICT, str(script), server.url],
                    env={**os.environ, "PYTHONPATH": str(ROOT), "OPENAI_API_KEY": "sk-test"},
                    capture_output=True,
                    text=True,
                    timeout=60,
                )
            )

    done = anyio.run(main)
    _no_leak(Done(done.returncode, done.stdout, done.stderr))
    assert done.stdout.strip() == "2"


@pytest.mark.slow  # a full CLI run, then judge-agreement: CI runs it
def test_judge_agreement_reads_the_days_the_run_read(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert cli("run", "--adapter", "builtin:bm25", "--data", data, *RUN, "--output", out).code == 0
    recorded = json.loads((out / "result.json").read_text(encoding="utf-8"))["metadata"]
    assert recorded["dataDir"] == str(data.resolve()) and recorded["arcsFile"] == "arcs-30d.yaml"
    done = cli("judge-agreement", out / "result.json", "--json")
    assert done.code == 0, done.err
    assert f"using the run's data: {data.resolve()} (arcs-30d.yaml)" in done.err
    assert "without --data" not in done.err
    # The rubric judge re-judging its own run agrees with itself.
    report = json.loads(done.out)
    assert report["mae"] == 0.0 and report["spearman"] == 1.0


def test_a_mistyped_flag_gets_its_commands_usage_and_the_nearest_flag() -> None:
    done = cli("run", "--judges", "rubric")
    assert done.code == 2
    assert done.err.startswith("usage: recallbench run ")  # the command's usage, not the top level
    assert done.err.rstrip().endswith(
        "recallbench run: error: unrecognized arguments: --judges rubric (did you mean --judge?)"
    )
    assert "(did you mean" not in cli("run", "--bogus").err  # no far-fetched guess


# -- the library's edges ---------------------------------------------------------------------------


def test_the_library_front_door_judges_by_name_shows_progress_and_writes_the_views(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import recallbench as rb
    from recallbench.testing import ScriptedAdapter

    out = tmp_path / "lib" / "result.json"
    result = rb.run_sync(
        ScriptedAdapter(),
        data,
        judge="rubric",
        config=rb.RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,30d"),
        output=rb.RunOutput.beside(out),
        progress=True,
    )
    err = capsys.readouterr().err
    assert "[bench] [ 1/ 2] tiny " in err and "[bench] [ 2/ 2] tiny " in err
    assert result.metadata.judge_model == "rubric"
    assert {p.name for p in out.parent.iterdir()} >= {
        "result.json", "report.html", "heatmap.png", "hallucination.png", "questions.jsonl"
    }  # fmt: skip
    # A run-level score: the mean of every scored answer.
    scored = [q for p in result.personas for r in p.range_results for q in r.question_results]
    assert result.overall_score == pytest.approx(
        sum(q.composite_score for q in scored) / len(scored)
    )
    assert 0 <= (result.hallucination_rate or 0) <= 100
    # A cell without questions has no score (not 0.0).
    empty = [c for c in result.heatmap if c.question_count == 0]
    assert empty and all(c.score is None for c in empty)
    # Quiet unless asked (or watched): no progress when stderr is not a terminal.
    rb.run_sync(
        ScriptedAdapter(),
        data,
        judge="rubric",
        config=rb.RunConfig(arcs_file="arcs-30d.yaml", ranges="10d"),
    )
    assert "[bench] [" not in capsys.readouterr().err
