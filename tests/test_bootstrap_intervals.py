"""The bootstrap intervals of runs of several epochs (:mod:`recallbench.results.intervals`) and the
mark every heatmap renderer draws on a cell whose interval is wider than the threshold."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench._convert import to_json
from recallbench.cli import main
from recallbench.data.qa import QAPair
from recallbench.harness.config import RunConfig
from recallbench.harness.engine import Harness
from recallbench.render._html_data import build_payload
from recallbench.render._html_heatmap import heatmap_table
from recallbench.render.headline import format_headline
from recallbench.render.html import render_html_report
from recallbench.render.png import render_heatmap_png
from recallbench.render.report import format_text_report
from recallbench.render.terminal import format_heatmap_terminal
from recallbench.results.heatmap import WIDE_MARK, heatmap_view
from recallbench.results.intervals import (
    DEFAULT_CI_WIDTH,
    bootstrap_interval,
    question_means,
)
from recallbench.results.records import BenchmarkResult, QuestionResult, ScoreInterval
from recallbench.results.result_json import result_from_json
from recallbench.results.scoring import JudgeScore
from recallbench.testing import ScriptedAdapter, ScriptedJudge, write_persona


def test_a_hand_worked_interval() -> None:
    # Four questions scored 0, 0, 0, 6. A resample's mean is 6k/4 with k ~ Binomial(4, 1/4):
    # P(k = 0) = 0.316 > 2.5 %, so the low end is 0; P(k ≤ 2) = 0.949 < 97.5 % ≤ P(k ≤ 3) = 0.996,
    # so the high end is 6 · 3/4 = 4.5.
    assert bootstrap_interval([[0, 0, 0, 6]]) == ScoreInterval(low=0.0, high=4.5)
    # Values all alike: no spread at all.
    assert bootstrap_interval([[4.0, 4.0, 4.0]]) == ScoreInterval(low=4.0, high=4.0)
    # Strata of one value each: the mean over strata, whatever is drawn.
    assert bootstrap_interval([[2.0], [4.0]]) == ScoreInterval(low=3.0, high=3.0)
    assert bootstrap_interval([[], []]) is None


def test_intervals_are_deterministic_and_hold_the_mean() -> None:
    values = [0, 6, 1, 6, 6, 3, 0, 6, 5, 2, 6, 6]
    a = bootstrap_interval([values])
    assert a == bootstrap_interval([values])
    assert a is not None and a.low < sum(values) / len(values) < a.high
    # More questions, same spread: narrower.
    wide, narrow = bootstrap_interval([values]), bootstrap_interval([values * 4])
    assert wide is not None and narrow is not None and narrow.width < wide.width
    with pytest.raises(ValueError, match="resamples"):
        bootstrap_interval([values], resamples=0)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.floats(min_value=0, max_value=6, allow_nan=False), min_size=1, max_size=30),
        min_size=1,
        max_size=4,
    )
)
def test_an_interval_lies_within_what_it_resamples(strata: list[list[float]]) -> None:
    interval = bootstrap_interval(strata, resamples=200)
    assert interval is not None
    means = [sum(s) / len(s) for s in strata]
    lowest = sum(min(s) for s in strata) / len(strata)
    highest = sum(max(s) for s in strata) / len(strata)
    assert lowest - 1e-9 <= interval.low <= interval.high <= highest + 1e-9
    if all(len(set(s)) == 1 for s in strata):  # nothing to resample: the mean itself
        assert interval.low == pytest.approx(sum(means) / len(means))
        assert interval.high == pytest.approx(sum(means) / len(means))


def _answer(qid: str, composite: float, epoch: int) -> QuestionResult:
    qa = QAPair(
        id=qid,
        question=f"{qid}?",
        answer="x",
        category="factual-recall",
        difficulty="easy",
        relevant_days=(1,),
    )
    score = JudgeScore(correctness=0, completeness=0, hallucination=1, reasoning="")
    return QuestionResult(
        qa=qa, system_answer="a", score=score, composite_score=composite, latency_ms=1, epoch=epoch
    )


def test_a_question_weighs_once_whatever_its_epochs() -> None:
    answers = [_answer("a", 6, 1), _answer("b", 0, 1), _answer("a", 3, 2), _answer("b", 0, 2)]
    assert question_means(answers) == [4.5, 0.0]
    # Resampling questions (2 of them), not answers (4): the values are the two question means.
    assert bootstrap_interval([question_means(answers)]) == ScoreInterval(low=0.0, high=4.5)


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> BenchmarkResult:
    root = tmp_path_factory.mktemp("bootstrap")
    write_persona(root, days=30)
    calls = {"n": 0}

    def flaky(question: str, adapter: ScriptedAdapter) -> str:
        # Right two times in three, by the order asked: the spread differs from cell to cell.
        calls["n"] += 1
        from recallbench.testing import recall_by_date

        return recall_by_date(question, adapter) if calls["n"] % 3 else "I don't know."

    config = RunConfig(arcs_file="arcs-30d.yaml", ranges="5d,10d,20d,30d", epochs=2)

    async def go() -> BenchmarkResult:
        return await Harness(
            lambda: ScriptedAdapter(answer=flaky), root, judge=ScriptedJudge(), config=config
        ).run()

    return anyio.run(go)


def _wide_cells(result: BenchmarkResult, threshold: float) -> set[tuple[str, str]]:
    return {
        (c.category, c.range)
        for c in result.heatmap
        if c.interval is not None and c.interval.width > threshold
    }


def test_the_mark_is_exactly_on_cells_wider_than_the_threshold(result: BenchmarkResult) -> None:
    widths = sorted(c.interval.width for c in result.heatmap if c.interval is not None)
    threshold = widths[len(widths) // 2]
    expected = _wide_cells(result, threshold)
    assert expected and len(expected) < len(widths)  # some marked, some not

    view = heatmap_view(result, ci_width=threshold)
    marked = {
        (row.label, view.columns[i])
        for row in view.category_rows
        for i, cell in enumerate(row.cells)
        if cell.wide
    }
    assert marked == expected
    overall = next(r for r in view.rows if r.kind == "overall")
    assert all(c.interval is not None for c in overall.cells)
    assert view.interval_legend is not None and f"{threshold:g}" in view.interval_legend

    # Terminal: the mark after each marked value, and the legend line.
    text = format_heatmap_terminal(view, width=200, color=False)
    grid = text.split("\n\n")[0]
    marked_overall = sum(c.wide for c in overall.cells)
    assert grid.count(WIDE_MARK) == len(expected) + marked_overall
    assert text.endswith(view.interval_legend)
    # HTML: a class and the mark on exactly those cells, the interval in each tooltip.
    table = heatmap_table(view, None)
    assert table.count('class="wide"') == len(expected) + marked_overall
    assert "95% interval" in table
    # The whole report.html: the run's interval on the score cards, the legend under the heatmap.
    page = render_html_report(result)
    assert (
        f"over {len([q for p in result.personas for rr in p.range_results for q in rr.question_results])} answers · 95% interval"
        in page
    )
    assert "bootstrap over questions, 2 epochs each" in page
    # Its answers list: each answer's epoch (the page's rows end with it).
    payload = build_payload(result)
    assert payload["fields"][-1] == "epoch"
    assert {row[-1] for row in payload["rows"]} == {1, 2}
    # PNG: drawn differently with and without marks.
    none_marked = heatmap_view(result, ci_width=6.0)
    assert not any(c.wide for r in none_marked.rows for c in r.cells)
    assert render_heatmap_png(view) != render_heatmap_png(none_marked)

    # The headline printed at the end of a run: the run's interval.
    assert "Repeats        2 epochs · 95% interval" in format_headline(result, color=False)
    # The plain text report: the checkpoint and category intervals, the marks in the grids.
    report = format_text_report(result)
    assert "Epochs:           2" in report and "[95%: " in report
    default_marks = _wide_cells(result, DEFAULT_CI_WIDTH)
    aggregate = report.split("AGGREGATE HEATMAP")[1].split("\n\n")[0]
    assert aggregate.count(WIDE_MARK) == len(default_marks)


def test_intervals_survive_result_json(result: BenchmarkResult) -> None:
    back = result_from_json(json.loads(json.dumps(to_json(result))))
    assert back.heatmap == result.heatmap
    assert back.overall_interval == result.overall_interval
    assert back.checkpoint_intervals == result.checkpoint_intervals
    assert back.metadata.epochs == 2
    rr = back.personas[0].range_results[0]
    assert rr.score_interval == result.personas[0].range_results[0].score_interval
    assert {q.epoch for q in rr.question_results} == {1, 2}


def test_run_cli_epochs_and_ci_width(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_persona(tmp_path / "data", days=30)
    module = tmp_path / "sys.py"
    module.write_text(
        "import itertools\n"
        "from recallbench.testing import ScriptedAdapter, ScriptedJudge, recall_by_date\n"
        "asked = itertools.count(1)\n"
        "def answer(q, a):\n"
        '    return recall_by_date(q, a) if next(asked) % 3 else "I don\'t know."\n'
        "def adapter():\n    return ScriptedAdapter(answer=answer)\n"
        "judge = ScriptedJudge()\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    argv = ["run", "--adapter", f"{module}:adapter", "--judge", f"{module}:judge"]
    argv += ["--data", str(tmp_path / "data"), "--arcs", "arcs-30d.yaml", "--ranges", "10d,30d"]
    argv += ["--epochs", "2", "--ci-width", "0.5", "--json-out", str(out / "result.json")]
    argv += ["--no-heatmap-png"]
    assert main(argv) == 0
    capsys.readouterr()
    written = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert written["metadata"]["epochs"] == 2
    assert written["metadata"]["intervals"]["wideAbove"] == 0.5
    # report --ci-width re-marks the cells of a run with intervals.
    marks = {}
    for width in ("6", "0.01"):
        assert (
            main(["report", str(out / "result.json"), "--color", "never", "--ci-width", width]) == 0
        )
        shown = capsys.readouterr().out
        marks[width] = shown.split("AGGREGATE HEATMAP")[1].count(WIDE_MARK)
        assert f"wider than {width} points" in shown
    assert marks["6"] == 1  # the legend line alone
    assert marks["0.01"] > 1
    for flag in ("--ci-width=-1", "--epochs=0"):
        with pytest.raises(SystemExit) as exc:
            main([*argv, flag])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert flag.split("=")[0] in err.strip().splitlines()[-1] and "Traceback" not in err


def test_one_epoch_views_have_no_marks(tmp_path: Path) -> None:
    write_persona(tmp_path, days=10, suffix="10d")

    async def go() -> BenchmarkResult:
        return await Harness(
            ScriptedAdapter(),
            tmp_path,
            judge=ScriptedJudge(),
            config=RunConfig(arcs_file="arcs-10d.yaml", ranges="5d,10d"),
        ).run()

    one = anyio.run(go)
    view = heatmap_view(one, ci_width=0.0001)
    assert view.wide_above is None and view.interval_legend is None
    assert not any(c.wide or c.interval for r in view.rows for c in r.cells)
    assert WIDE_MARK not in format_heatmap_terminal(view, color=False)
    assert "[95%" not in format_text_report(one) and "Epochs:" not in format_text_report(one)
    assert "epoch" not in build_payload(one)["fields"]
