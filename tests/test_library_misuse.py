"""Issue 44: the library refuses what it cannot use, and says what it did.

Each misuse a new user made from Python gives one clear exception or warning, never a silent wrong
number: a string where names are expected, a class that is not an adapter, an adapter spec string, a
run with no judge, a repr naming attributes that do not exist. The command line's side of the same
items (``report``'s overall line, a file adapter's name in every artifact, a preset's run folder) is
checked through the real ``python -m recallbench`` in a subprocess.
"""

from __future__ import annotations

import ast
import json
import logging
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import recallbench as rb
from recallbench.data.ranges import TimeRange
from recallbench.errors import ConfigError
from recallbench.harness.loading import AdapterSpec
from recallbench.judges.panel import JudgePanel
from recallbench.render.headline import STUB_SCORE, format_headline
from recallbench.render.html import render_html_report
from recallbench.results import compare_results
from recallbench.testing import ScriptedAdapter, write_persona

ARCS = "arcs-30d.yaml"
CONFIG = rb.RunConfig(ranges="10d,20d", arcs_file=ARCS)


def recallbench_cli(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "recallbench", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=dict(os.environ, NO_COLOR="1"),
        timeout=300,
        check=False,
    )


def progress_names(run_dir: Path) -> set[str]:
    lines = (run_dir / "progress.jsonl").read_text(encoding="utf-8").splitlines()
    return {json.loads(line)["adapterName"] for line in lines if '"adapterName"' in line}


# --- 1. a string where a sequence of names is expected ---------------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("executive-assistant", ("executive-assistant",)),
        ("a, b c", ("a", "b", "c")),
        (["a"], ("a",)),
        (("a", "b"), ("a", "b")),
        (None, None),
    ],
)
def test_personas_is_read_as_a_profile_reads_it(
    tmp_path: Path, given: Any, expected: tuple[str, ...] | None
) -> None:
    assert rb.RunConfig(personas=given).personas == expected
    if isinstance(given, str):  # the same string in a flat profile: the same ids
        from recallbench.harness.profile import load_profile

        profile = tmp_path / "run.yaml"
        profile.write_text(f"personas: {given}\n", encoding="utf-8")
        assert load_profile(profile).personas == expected


@pytest.mark.parametrize("given", [(), [], "", " , ", ["a", 3], [""], b"ab", {"a": 1}, 5])
def test_personas_that_name_no_persona_are_refused(given: Any) -> None:
    with pytest.raises(ConfigError, match=r"^RunConfig\.personas: "):
        rb.RunConfig(personas=given)


@pytest.mark.parametrize(
    ("given", "labels"),
    [
        ("30d", ["30d"]),
        ("30d,90d", ["30d", "90d"]),
        (30, ["30d"]),
        (TimeRange(label="x", days=3), ["x"]),
        (["30d", 90], ["30d", "90d"]),
        ({"start": 7, "end": 14, "step": 7}, ["7d", "14d"]),
    ],
)
def test_ranges_take_one_range_or_many(given: Any, labels: list[str]) -> None:
    assert [r.label for r in rb.RunConfig(ranges=given).ranges] == labels


@pytest.mark.parametrize("given", [b"30d", object(), [], ""])
def test_ranges_that_are_no_ranges_are_refused(given: Any) -> None:
    with pytest.raises(ConfigError, match=r"^RunConfig\.ranges: "):
        rb.RunConfig(ranges=given)


def test_a_persona_named_by_a_string_is_the_persona_run(tmp_path: Path) -> None:
    write_persona(tmp_path, "tiny")
    write_persona(tmp_path, "other")
    config = attrs.evolve(CONFIG, personas="tiny")
    result = rb.run_sync(ScriptedAdapter, tmp_path, judge="rubric", config=config, progress=False)
    assert [p.persona_id for p in result.personas] == ["tiny"]


def test_a_panel_name_is_one_name_and_a_spec_is_no_panel() -> None:
    assert JudgePanel([rb.RubricJudge()], names="solo").names == ("solo",)
    with pytest.raises(ValueError, match="1 names for 2 panel judges"):
        JudgePanel([rb.RubricJudge(), rb.RubricJudge()], names="ab")
    with pytest.raises(ConfigError, match="JudgePanel takes judge objects, not the spec 'rubric'"):
        JudgePanel("rubric")  # type: ignore[arg-type]


# --- 2. a non-adapter is refused with the missing methods ------------------------------------------


HALF = """
class Half:
    name = "half"

    async def setup(self):
        pass

    async def query(self, question):
        return "x"
"""

CLASS_MESSAGE = (
    "class Half is not an adapter (missing ingest_day, finalize_ingestion, teardown); an adapter "
    "class defines async setup, ingest_day, finalize_ingestion, query, teardown and has a string "
    "name (docs/adapters.md)"
)


@pytest.fixture
def half(tmp_path: Path) -> Path:
    path = tmp_path / "half.py"
    path.write_text(HALF, encoding="utf-8")
    return path


def _half_class(path: Path) -> type:
    namespace: dict[str, Any] = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)
    cls: type = namespace["Half"]
    return cls


def test_run_refuses_a_class_that_is_no_adapter_as_the_cli_does(
    tmp_path: Path, tiny_data: Path, half: Path
) -> None:
    out = tmp_path / "out"
    with pytest.raises(ConfigError) as refused:
        rb.run_sync(_half_class(half), tiny_data, config=CONFIG, output=rb.RunOutput.directory(out))
    assert str(refused.value) == f"adapter Half: {CLASS_MESSAGE}"
    assert not out.exists()  # refused before any work
    done = recallbench_cli(
        "run", "--adapter", f"{half}:Half", "--data", str(tiny_data), "--arcs", ARCS
    )
    assert done.returncode == 2
    assert done.stderr.strip().endswith(f'adapter "{half}:Half": {CLASS_MESSAGE}')
    with pytest.raises(ConfigError, match=re.escape(CLASS_MESSAGE)):
        rb.Harness(_half_class(half), tiny_data)


def test_run_refuses_an_object_that_is_no_adapter(tiny_data: Path, half: Path) -> None:
    with pytest.raises(ConfigError) as refused:
        rb.run_sync(_half_class(half)(), tiny_data, config=CONFIG)
    message = str(refused.value)
    assert message.startswith("adapter a Half object did not produce an adapter: missing ")
    assert "missing ingest_day, finalize_ingestion, teardown" in message


@pytest.mark.parametrize("units", [1, 2])
def test_a_factory_that_builds_no_adapter_stops_the_run(
    tmp_path: Path, tiny_data: Path, half: Path, units: int
) -> None:
    cls = _half_class(half)

    def make() -> Any:
        return cls()

    out = tmp_path / "out"
    config = attrs.evolve(CONFIG, unit_parallelism=units)
    with pytest.raises(ConfigError) as refused:  # one exception, not a group, however many units
        rb.run_sync(make, tiny_data, config=config, output=rb.RunOutput.directory(out))
    assert re.match(
        r"the adapter factory \S+\.make did not produce an adapter: ", str(refused.value)
    )
    assert "missing ingest_day, finalize_ingestion, teardown" in str(refused.value)
    assert not (out / "result.json").exists()


# --- 3. adapter spec strings, as --adapter takes them ----------------------------------------------


def _scores(result: rb.BenchmarkResult) -> list[tuple[str, str, float]]:
    return [
        (rr.range.label, q.qa.id, q.composite_score)
        for p in result.personas
        for rr in p.range_results
        for q in rr.question_results
    ]


def test_a_builtin_spec_runs_as_the_cli_runs_it(tmp_path: Path, tiny_data: Path) -> None:
    result = rb.run_sync(
        "builtin:bm25",
        tiny_data,
        judge="rubric",
        config=CONFIG,
        output=rb.RunOutput.directory(tmp_path / "lib"),
        progress=False,
    )
    done = recallbench_cli(
        "run", "--adapter", "builtin:bm25", "--judge", "rubric", "--data", str(tiny_data),
        "--arcs", ARCS, "--ranges", "10d,20d", "--output", str(tmp_path / "cli"),
        "--no-judge-cache",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    cli = rb.read_run(tmp_path / "cli").result
    assert result.adapter_name == cli.adapter_name == "builtin:bm25"
    assert _scores(result) == _scores(cli) and _scores(result)
    # The adapter is described the same way in both runs' fingerprints.
    assert result.metadata.fingerprint is not None and cli.metadata.fingerprint is not None
    assert result.metadata.fingerprint["adapter"] == cli.metadata.fingerprint["adapter"]


MEMORY = """
from recallbench.testing import ScriptedAdapter


class Memory(ScriptedAdapter):
    def __init__(self):
        super().__init__(name="file-memory")
"""


def test_module_and_file_specs(
    tmp_path: Path, tiny_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "pkg_issue44"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "memory.py").write_text(MEMORY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for spec in ("pkg_issue44.memory:Memory", f"{package / 'memory.py'}:Memory"):
        result = rb.run_sync(spec, tiny_data, judge="rubric", config=CONFIG, progress=False)
        assert result.adapter_name == "file-memory"
        assert result.judged and _scores(result)


def test_an_mcp_spec(tmp_path: Path, tiny_data: Path) -> None:
    from _mcp_support import fake_mapping

    config = tmp_path / "notes.json"
    config.write_text(json.dumps(fake_mapping()), encoding="utf-8")
    five = attrs.evolve(CONFIG, ranges="5d")  # one unit: one server process
    result = rb.run_sync(f"mcp:{config}", tiny_data, judge="rubric", config=five, progress=False)
    assert result.adapter_name == "mcp:fake"
    assert _scores(result)


@pytest.fixture
def served_bm25() -> Iterator[int]:
    """``recallbench serve --adapter builtin:bm25`` in a process of its own; its port."""
    with subprocess.Popen(
        [sys.executable, "-m", "recallbench", "serve", "--adapter", "builtin:bm25", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as proc:
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            match = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
            assert match, line
            yield int(match.group(1))
        finally:
            proc.terminate()  # a graceful stop (SIGTERM), waited for by the with block


def test_a_grpc_spec(tiny_data: Path, served_bm25: int) -> None:
    result = rb.run_sync(
        f"grpc://127.0.0.1:{served_bm25}", tiny_data, judge="rubric", config=CONFIG, progress=False
    )
    assert result.adapter_name == "builtin:bm25"  # the name its server's Healthcheck gave
    assert _scores(result)


def test_a_spec_that_names_nothing_lists_the_forms(tiny_data: Path) -> None:
    with pytest.raises(ConfigError) as refused:
        rb.run_sync("bm25", tiny_data, config=CONFIG)
    message = str(refused.value)
    assert message.startswith('cannot load adapter "bm25": ')
    assert "did you mean builtin:bm25?" in message and "grpc://HOST[:PORT]" in message


def test_a_spec_given_to_the_harness_is_the_cli_loader() -> None:
    harness = rb.Harness("builtin:bm25", Path(__file__).parents[1] / "personas")
    assert isinstance(harness.factory, AdapterSpec)
    assert harness.factory.spec == "builtin:bm25"


# --- 4. a run with no judge --------------------------------------------------------------------------


def test_no_judge_warns_once_and_reads_unjudged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_persona(tmp_path / "data", "tiny")
    write_persona(tmp_path / "data", "other")
    out = tmp_path / "out"
    with caplog.at_level(logging.WARNING, logger="recallbench"):
        result = rb.run_sync(
            ScriptedAdapter,
            tmp_path / "data",
            config=CONFIG,
            output=rb.RunOutput.directory(out),
            progress=False,
        )
    warned = [r for r in caplog.records if "NOT JUDGED" in r.getMessage()]
    assert len(warned) == 1  # once for the run: two personas, two checkpoints each
    assert warned[0].levelno == logging.WARNING and warned[0].name == "recallbench"
    assert "overall_score and hallucination_rate are None" in warned[0].getMessage()

    assert not result.judged
    assert result.overall_score is None and result.hallucination_rate is None
    assert "overall_score=None" in repr(result)
    read = rb.read_run(out).result  # read back from result.json: the same
    assert not read.judged and read.overall_score is None and read.hallucination_rate is None

    lines = format_headline(result).split("\n")
    assert " answers, none judged" in lines[0]
    assert lines[1] == f"  Score          {STUB_SCORE}"
    assert "100.0%" not in "\n".join(lines)
    report = rb.format_text_report(result)
    assert f"Overall score:    {STUB_SCORE}" in report
    hallucination = report[report.index("\nHALLUCINATION") :]
    assert "Not judged: no judge was given" in hallucination and "100.0%" not in hallucination
    page = render_html_report(result)
    assert "not judged" in page and "Not judged: no judge was given" in page
    frame = rb.to_dataframe(result)
    assert not frame["scored"].any() and frame["composite"].isna().all()
    judged = rb.run_sync(ScriptedAdapter, tmp_path / "data", judge="rubric", config=CONFIG)
    compared = compare_results(result, judged)
    assert compared.warnings[0].startswith("A was NOT JUDGED (no judge was given)")


def test_a_judged_run_says_nothing_of_the_kind(
    tiny_data: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="recallbench"):
        result = rb.run_sync(ScriptedAdapter, tiny_data, judge="rubric", config=CONFIG)
    assert not [r for r in caplog.records if "NOT JUDGED" in r.getMessage()]
    assert result.judged and result.overall_score is not None
    assert result.hallucination_rate is not None


# --- 5. reprs name only attributes that exist --------------------------------------------------------


def _top_level_fields(text: str) -> list[tuple[str, str]]:
    """The ``name=value`` pairs of a repr ``Type(…)`` at its own level (not inside a nested repr,
    list or string)."""
    head = text.index("(")
    body = text[head + 1 : text.rindex(")")]
    parts: list[str] = []
    depth, quote, start = 0, "", 0
    for i, ch in enumerate(body):
        if quote:
            if ch == quote and body[i - 1] != "\\":
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    fields = []
    for part in parts:
        match = re.fullmatch(r"\s*([A-Za-z_]\w*)=(.*)", part, re.S)
        if match:
            fields.append((match.group(1), match.group(2).strip()))
    return fields


def _check_repr(obj: object) -> list[str]:
    """What is wrong with ``repr(obj)``: a field that is no attribute, or a scalar shown otherwise
    than the attribute holds."""
    problems = []
    text = repr(obj)
    for name, shown in _top_level_fields(text):
        if not hasattr(obj, name):
            problems.append(f"{type(obj).__name__}: {name} is no attribute ({text})")
            continue
        value = getattr(obj, name)
        try:
            literal = ast.literal_eval(shown)
        except (ValueError, SyntaxError):
            continue
        if isinstance(value, float) and isinstance(literal, float):
            decimals = len(shown.split(".")[1]) if "." in shown else 0
            if round(value, decimals) != literal:
                problems.append(f"{type(obj).__name__}.{name}: shows {shown}, holds {value!r}")
        elif isinstance(value, str | int | bool | type(None)) and literal != value:
            problems.append(f"{type(obj).__name__}.{name}: shows {shown}, holds {value!r}")
    return problems


def _reprs_of(result: rb.BenchmarkResult) -> Iterator[object]:
    from recallbench.testing import ScriptedModel

    persona = result.personas[0]
    checkpoint = persona.range_results[0]
    yield from (result, persona, checkpoint, checkpoint.question_results[0])
    yield from (result.metadata, result.heatmap[0], checkpoint.category_scores[0])
    yield from (rb.RunConfig(), rb.RunOutput(), rb.Hooks(), rb.RubricJudge())
    yield rb.LlmJudge(ScriptedModel(replies="{}"))
    yield AdapterSpec("builtin:bm25")


def test_every_repr_field_is_an_attribute(tiny_data: Path) -> None:
    result = rb.run_sync(ScriptedAdapter, tiny_data, judge="rubric", config=CONFIG)
    problems = [p for obj in _reprs_of(result) for p in _check_repr(obj)]
    assert problems == []
    # The three short reprs of the result records name what they summarise.
    assert re.fullmatch(
        r"BenchmarkResult\(adapter_name='scripted', personas=\['tiny'\], overall_score=\d\.\d{3}, "
        r"judged=True\)",
        repr(result),
    )
    assert repr(result.personas[0]).startswith(
        "PersonaResult(persona_id='tiny', range_results=['10d', '20d'], total_evals_run="
    )


def test_the_repr_check_catches_a_field_that_is_no_attribute() -> None:
    @attrs.frozen(repr=False)
    class Shown:
        count: int = 2

        def __repr__(self) -> str:
            return f"Shown(count={self.count}, total=3)"

    @attrs.frozen(repr=False)
    class Misshown:
        count: int = 2

        def __repr__(self) -> str:
            return "Misshown(count=5)"

    assert _check_repr(Shown()) == ["Shown: total is no attribute (Shown(count=2, total=3))"]
    assert _check_repr(Misshown()) == ["Misshown.count: shows 5, holds 2"]


# --- 6-8: the command line ---------------------------------------------------------------------------


NAMED_IN_INIT = """
from recallbench.testing import ScriptedAdapter

BUILT = []


class Mine(ScriptedAdapter):
    def __init__(self):
        super().__init__(name="my-memory")
        BUILT.append(self)
"""


def test_report_prints_the_headline_score_line(tmp_path: Path, tiny_data: Path) -> None:
    out = tmp_path / "run"
    done = recallbench_cli(
        "run", "--adapter", "builtin:bm25", "--judge", "rubric", "--data", str(tiny_data),
        "--arcs", ARCS, "--ranges", "10d,20d", "--output", str(out), "--no-judge-cache",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    [score] = [line for line in done.stdout.splitlines() if line.startswith("  Score   ")]
    report = recallbench_cli("report", str(out), "--color", "never")
    assert report.returncode == 0, report.stderr
    lines = report.stdout.splitlines()
    [overall] = [i for i, line in enumerate(lines) if line.startswith("Overall score:")]
    assert overall < 12  # in the header, before the first persona
    assert (
        lines[overall].removeprefix("Overall score:").strip()
        == score.removeprefix("  Score").strip()
    )
    assert re.search(r"\d\.\d\d/6\.0 \(\d+\.\d%\) — the mean of every judged answer", score)


def test_a_file_adapter_is_named_the_same_everywhere(
    tmp_path: Path, tiny_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine_issue44.py"
    mine.write_text(NAMED_IN_INIT, encoding="utf-8")
    cli_out = tmp_path / "cli"
    done = recallbench_cli(
        "run", "--adapter", f"{mine}:Mine", "--judge", "rubric", "--data", str(tiny_data),
        "--arcs", ARCS, "--ranges", "10d,20d", "--output", str(cli_out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert progress_names(cli_out) == {"my-memory"}
    assert json.loads((cli_out / "result.json").read_text(encoding="utf-8"))["adapterName"] == (
        "my-memory"
    )
    # The class given to the library: the same, and no adapter built beyond one per unit.
    monkeypatch.syspath_prepend(str(tmp_path))
    import mine_issue44 as module  # type: ignore[import-not-found]

    lib_out = tmp_path / "lib"
    result = rb.run_sync(
        module.Mine,
        tiny_data,
        judge="rubric",
        config=CONFIG,
        output=rb.RunOutput.directory(lib_out),
    )
    assert progress_names(lib_out) == {"my-memory"} and result.adapter_name == "my-memory"
    assert len(module.BUILT) == 2  # the fresh lifecycle: one unit per checkpoint
    assert all(("setup",) in built.calls for built in module.BUILT)  # each one used


def test_an_mcp_run_folder_is_named_after_its_server(tmp_path: Path, tiny_data: Path) -> None:
    from _mcp_support import fake_mapping

    from recallbench.cli._run_output import default_run_dir

    assert default_run_dir("mcp:server-memory").name.startswith("mcp-server-memory-")
    assert default_run_dir("MCP:Server-Memory").name.startswith("mcp-server-memory-")
    assert default_run_dir("mcp:conf/notes.yaml").name.startswith("mcp-notes-")
    assert default_run_dir("mcp:../x y/a b.yml").name.startswith("mcp-a-b-")
    config = tmp_path / "notes.json"
    config.write_text(json.dumps(fake_mapping()), encoding="utf-8")
    runs = Path(os.environ["RECALLBENCH_RUNS_DIR"])
    done = recallbench_cli(
        "run", "--adapter", f"mcp:{config}", "--judge", "rubric", "--data", str(tiny_data),
        "--arcs", ARCS, "--ranges", "5d",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [p.name.rsplit("-", 1)[0] for p in runs.iterdir()] == ["mcp-notes"]


SERVER_MEMORY = os.environ.get("RECALLBENCH_SERVER_MEMORY", "")


@pytest.mark.skipif(
    not SERVER_MEMORY or not Path(SERVER_MEMORY, "node_modules/.bin/mcp-server-memory").is_file(),
    reason="@modelcontextprotocol/server-memory is not installed (RECALLBENCH_SERVER_MEMORY=DIR)",
)
def test_the_server_memory_preset_folder(tiny_data: Path) -> None:
    runs = Path(os.environ["RECALLBENCH_RUNS_DIR"])
    done = recallbench_cli(
        "run", "--adapter", "mcp:server-memory", "--judge", "rubric", "--data", str(tiny_data),
        "--arcs", ARCS, "--ranges", "5d",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    [folder] = list(runs.iterdir())
    assert re.fullmatch(r"mcp-server-memory-\d{8}T\d{6}Z", folder.name)
    assert progress_names(folder) == {"mcp:server-memory"}
