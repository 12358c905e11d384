"""Judge panels: the aggregate rules, the agreement figures against published worked examples and
hand-computed values, and real runs of a panel of two judges — every verdict kept on each answer,
the answer's score their aggregate, the agreement in the report — and a panel of one judge that is
exactly that judge."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench import JudgeScore, RunConfig, RunOutput
from recallbench.harness.engine import Harness
from recallbench.judges.panel import JudgePanel, member_names, panel_of
from recallbench.render.headline import format_headline
from recallbench.render.html import render_html_report
from recallbench.render.report import format_text_report
from recallbench.results.panel_agreement import (
    fleiss_kappa,
    krippendorff_alpha_interval,
    panel_agreement,
)
from recallbench.results.panel_scores import PanelVerdict, aggregate, verdict_of
from recallbench.results.reading import read_run
from recallbench.testing import ScriptedAdapter, ScriptedJudge, containment_judge, write_persona

ROOT = Path(__file__).resolve().parents[1]
PERFECT = JudgeScore(correctness=3, completeness=2, hallucination=1, reasoning="all there")
NOTHING = JudgeScore(correctness=0, completeness=0, hallucination=0, reasoning="made up")


def _v(judge: str, c: int, m: int, h: int, epoch: int = 1) -> PanelVerdict:
    return verdict_of(judge, epoch, JudgeScore(correctness=c, completeness=m, hallucination=h))


# -- the aggregate rules ---------------------------------------------------------------------------


def test_mean_median_majority_by_hand() -> None:
    verdicts = [_v("a", 3, 2, 1), _v("b", 2, 1, 1), _v("c", 0, 0, 0)]  # composites 6, 4, 0
    mean = aggregate(verdicts, "mean")
    assert mean.composite_value == pytest.approx(10 / 3)
    # means 5/3, 1, 2/3 round to 2, 1, 1
    assert (mean.correctness, mean.completeness, mean.hallucination) == (2, 1, 1)
    median = aggregate(verdicts, "median")
    assert median.composite_value == 4
    assert (median.correctness, median.completeness, median.hallucination) == (2, 1, 1)
    majority = aggregate(verdicts, "majority")
    # correctness 3/2/0: all tied, nearest the median 2 is 2; completeness 2/1/0: 1; hallucination
    # 1/1/0: 1 (two of three)
    assert (majority.correctness, majority.completeness, majority.hallucination) == (2, 1, 1)
    assert majority.composite_value == 4
    assert majority.verdicts == tuple(verdicts)


def test_an_even_split_rounds_down_under_every_rule() -> None:
    split = [_v("a", 3, 2, 1), _v("b", 0, 0, 0)]
    for rule in ("mean", "median", "majority"):
        s = aggregate(split, rule)  # type: ignore[arg-type]
        assert s.hallucination == 0, rule  # a panel split on a hallucination calls it one
    assert aggregate(split, "mean").composite_value == 3
    assert aggregate(split, "median").composite_value == 3
    # majority: each dimension tied two ways, the median halfway: the lower value
    assert aggregate(split, "majority").composite_value == 0
    # a tie between modes goes to the one nearest the median, not always the lower one
    tied = [
        _v("a", 3, 2, 1),
        _v("b", 3, 2, 1),
        _v("c", 1, 2, 1),
        _v("d", 1, 2, 1),
        _v("e", 3, 2, 1),
    ]
    assert aggregate(tied, "majority").correctness == 3  # 3 is the one mode
    near = [
        _v("a", 3, 0, 1),
        _v("b", 3, 0, 1),
        _v("c", 0, 0, 1),
        _v("d", 0, 0, 1),
        _v("e", 2, 0, 1),
    ]
    # modes 3 and 0 (twice each), median 2: 3 is nearer
    assert aggregate(near, "majority").correctness == 3


def test_one_verdict_is_given_back_unchanged() -> None:
    only = verdict_of("j", 1, PERFECT)
    for rule in ("mean", "median", "majority"):
        s = aggregate([only], rule)  # type: ignore[arg-type]
        assert (s.correctness, s.completeness, s.hallucination, s.reasoning) == (
            3,
            2,
            1,
            "all there",
        )
        assert s.composite_value == 6


verdict_lists = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 1)), min_size=1, max_size=7
)


@given(verdict_lists, st.sampled_from(["mean", "median", "majority"]), st.randoms())
def test_aggregates_are_bounded_and_ignore_order(raw: Any, rule: Any, rnd: Any) -> None:
    verdicts = [_v(f"j{i}", *t) for i, t in enumerate(raw)]
    s = aggregate(verdicts, rule)
    composites = [v.composite for v in verdicts]
    if rule != "majority":  # majority's composite sums per-dimension modes: it may lie outside
        assert min(composites) <= s.composite_value <= max(composites)
    for dim in ("correctness", "completeness", "hallucination"):
        values = [getattr(v, dim) for v in verdicts]
        assert min(values) <= getattr(s, dim) <= max(values)
    shuffled = list(verdicts)
    rnd.shuffle(shuffled)
    t = aggregate(shuffled, rule)
    assert (t.correctness, t.completeness, t.hallucination) == (
        s.correctness,
        s.completeness,
        s.hallucination,
    )
    assert t.composite_value == pytest.approx(s.composite_value)


def test_member_names_are_unique() -> None:
    assert member_names(
        [ScriptedJudge(name="x"), ScriptedJudge(name="y"), ScriptedJudge(name="x")]
    ) == (
        "x",
        "y",
        "x#2",
    )
    lone = ScriptedJudge()
    assert panel_of([lone]) is lone
    assert isinstance(panel_of([lone], epochs=2), JudgePanel)
    with pytest.raises(ValueError, match="at least one judge"):
        JudgePanel([])
    with pytest.raises(ValueError, match="unknown panel aggregate"):
        JudgePanel([lone], aggregate="mode")  # type: ignore[arg-type]


# -- agreement -------------------------------------------------------------------------------------


def test_krippendorff_alpha_on_krippendorffs_worked_example() -> None:
    # Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four observers,
    # twelve units, values 1-5 with missing data; the paper gives alpha = 0.849 for interval data.
    n = None
    a = [1, 2, 3, 3, 2, 1, 4, 1, 2, n, n, n]
    b = [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, n, 3]
    c = [n, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, n]
    d = [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, n]
    alpha = krippendorff_alpha_interval(list(zip(a, b, c, d, strict=True)))
    assert alpha == pytest.approx(0.849, abs=5e-4)


def test_krippendorff_alpha_by_hand_and_undefined() -> None:
    assert krippendorff_alpha_interval([[1, 1], [4, 4], [2, 2]]) == 1.0
    # Two raters, U units each rated 6 by one and 0 by the other: D_o = 36, D_e = 36U/(2U-1),
    # so alpha = 1 - (2U-1)/U = -(U-1)/U; U = 4: -0.75.
    assert krippendorff_alpha_interval([[6, 0]] * 4) == pytest.approx(-0.75)
    assert krippendorff_alpha_interval([[3, 3], [3, 3]]) is None  # no variation at all
    assert krippendorff_alpha_interval([[3], [2, None]]) is None  # nothing pairable
    # A unit with one rating is left out: same as without it.
    assert krippendorff_alpha_interval([[1, 2], [3, 3], [5]]) == krippendorff_alpha_interval(
        [[1, 2], [3, 3]]
    )


def test_fleiss_kappa_on_fleiss_1971() -> None:
    # Fleiss (1971), "Measuring nominal scale agreement among many raters", the 30 patients each
    # diagnosed by 6 psychiatrists into 5 categories (as R's irr package ships it, `diagnoses`);
    # kappa = 0.430 in the paper, 0.4302445 from irr::kappam.fleiss.
    diagnoses = [
        [4, 4, 4, 4, 4, 4], [2, 2, 2, 5, 5, 5], [2, 3, 3, 3, 3, 5], [5, 5, 5, 5, 5, 5],
        [2, 2, 2, 4, 4, 4], [1, 1, 3, 3, 3, 3], [3, 3, 3, 3, 5, 5], [1, 1, 3, 3, 3, 4],
        [1, 1, 4, 4, 4, 4], [5, 5, 5, 5, 5, 5], [1, 4, 4, 4, 4, 4], [1, 2, 4, 4, 4, 4],
        [2, 2, 2, 3, 3, 3], [1, 4, 4, 4, 4, 4], [2, 2, 4, 4, 4, 5], [3, 3, 3, 3, 3, 5],
        [1, 1, 1, 4, 5, 5], [1, 1, 1, 1, 1, 2], [2, 2, 4, 4, 4, 4], [1, 3, 3, 5, 5, 5],
        [5, 5, 5, 5, 5, 5], [2, 4, 4, 4, 4, 4], [2, 2, 4, 5, 5, 5], [1, 1, 4, 4, 4, 4],
        [1, 4, 4, 4, 4, 5], [2, 2, 2, 2, 2, 4], [1, 1, 1, 1, 5, 5], [2, 2, 4, 4, 4, 4],
        [1, 3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 5],
    ]  # fmt: skip
    assert fleiss_kappa(diagnoses) == pytest.approx(0.4302445, abs=1e-7)


def test_fleiss_kappa_by_hand_and_undefined() -> None:
    # Every subject split 1/0 by two raters: P = 0, Pe = 0.5, kappa = -1.
    assert fleiss_kappa([[1, 0]] * 5) == pytest.approx(-1.0)
    assert fleiss_kappa([[1, 1], [0, 0]]) == pytest.approx(1.0)
    assert fleiss_kappa([[1, 1], [1, 1]]) is None  # one category only
    assert fleiss_kappa([[1]]) is None


# -- real runs -------------------------------------------------------------------------------------


def _run(data: Path, out: Path, judge: Any, **config: Any) -> Any:
    harness = Harness(
        ScriptedAdapter(),
        data,
        judge=judge,
        config=RunConfig(ranges="10d,20d", arcs_file="arcs-30d.yaml", **config),
        output=RunOutput.beside(out / "result.json"),
    )
    return anyio.run(harness.run)


def _answers(result_json: Path) -> list[dict[str, Any]]:
    saved = json.loads(result_json.read_text(encoding="utf-8"))
    return [q for p in saved["personas"] for r in p["rangeResults"] for q in r["questionResults"]]


@pytest.mark.parametrize(
    ("rule", "composite", "dims"),
    [("mean", 3, (1, 1, 0)), ("median", 3, (0, 0, 0)), ("majority", 0, (0, 0, 0))],
)
def test_a_panel_of_two_keeps_both_verdicts_and_scores_their_aggregate(
    tmp_path: Path, rule: str, composite: float, dims: tuple[int, int, int]
) -> None:
    data = tmp_path / "data"
    write_persona(data)
    generous = ScriptedJudge(scorer=PERFECT, name="generous")
    harsh = ScriptedJudge(scorer=NOTHING, name="harsh")
    result = _run(data, tmp_path / "run", JudgePanel([generous, harsh], aggregate=rule))  # type: ignore[arg-type]
    answers = _answers(tmp_path / "run" / "result.json")
    assert answers and len(generous.calls) == len(harsh.calls) == len(answers)
    for q in answers:
        assert [(v["judge"], v["epoch"], v["composite"]) for v in q["panel"]] == [
            ("generous", 1, 6),
            ("harsh", 1, 0),
        ]
        assert q["panel"][0]["reasoning"] == "all there"
        assert q["compositeScore"] == composite
        assert (
            q["score"]["correctness"],
            q["score"]["completeness"],
            q["score"]["hallucination"],
        ) == dims
        assert list(q)[-1] == "panel"  # ours, after the reference's keys
    assert result.metadata.judge_model == f"panel {rule}(generous, harsh)"
    # The heatmap is the aggregate's: every cell's mean is the panel's composite.
    assert {c.score for c in result.heatmap if c.question_count} == {composite}

    # Agreement: every answer 6 vs 0 (alpha -(U-1)/U), every hallucination verdict split (kappa -1).
    agreement = panel_agreement(result)
    assert agreement is not None
    u = len(answers)
    assert agreement.answers == u and agreement.disagreeing == u
    assert agreement.alpha == pytest.approx(-(u - 1) / u)
    assert agreement.kappa == pytest.approx(-1.0)
    assert agreement.raters == ("generous", "harsh")
    assert len(agreement.disagreements) == 5 and agreement.disagreements[0].spread == 6

    # Read back from disk, the same figures; shown in the report, the headline and report.html.
    loaded = read_run(tmp_path / "run" / "result.json").result
    assert panel_agreement(loaded) == agreement
    report = format_text_report(loaded)
    assert "JUDGE PANEL AGREEMENT" in report
    assert f"Krippendorff's alpha {-(u - 1) / u:.3f} (composites)" in report
    assert "Fleiss' kappa -1.000 (hallucination)" in report
    assert "      generous: 3/2/1 = 6 — all there" in report
    assert "      harsh: 0/0/0 = 0 — made up" in report
    assert "  Panel          alpha " in format_headline(loaded)
    html = render_html_report(loaded)
    assert '<h2 id="panel">Judge panel</h2>' in html and 'href="#panel"' in html
    first = html.index('class="rb-verdicts"')
    assert html.index("generous", first) < html.index("harsh", first)
    assert "all there" in html[first:] and "made up" in html[first:]


_CLOCK = {"timestamp", "durationMs", "finalizeMs", "ingestMs", "queryMs", "latencyMs"}
_CLOCK |= {"queryLatencyMs", "totalIngestionMs", "totalQueryMs", "timing"}


def _steady(value: Any) -> Any:
    """``value`` without what a clock decides (as tests/test_artifacts_unchanged.py leaves out)."""
    if isinstance(value, dict):
        return {k: None if k in _CLOCK else _steady(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_steady(v) for v in value]
    return value


def test_a_panel_of_one_judge_is_that_judge_byte_for_byte(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data)
    texts = []
    for name, judge in [
        ("plain", ScriptedJudge()),
        ("list", [ScriptedJudge()]),
        ("panel", JudgePanel([ScriptedJudge()])),
    ]:
        _run(data, tmp_path / name, judge, judge_model="scripted-judge")
        saved = json.loads((tmp_path / name / "result.json").read_text(encoding="utf-8"))
        texts.append(json.dumps(_steady(saved)))
    assert texts[0] == texts[1] == texts[2]
    assert '"panel"' not in texts[0]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_the_command_line_takes_several_judges(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data)
    out = tmp_path / "out"
    run = subprocess.run(
        [
            sys.executable, "-m", "recallbench", "run", "--adapter", "builtin:bm25",
            "--data", str(data), "--arcs", "arcs-30d.yaml", "--ranges", "10d,30d",
            "--judge", "rubric", "--judge", "stub", "--judge", "rubric",
            "--panel-aggregate", "majority", "--output", str(out),
            "--no-heatmap-png", "--no-html", "--no-judge-cache",
        ],
        capture_output=True, text=True, check=False, cwd=tmp_path, env=_env(),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "  Judge          panel majority(rubric, stub, rubric#2)" in run.stdout
    assert "  Panel          alpha " in run.stdout
    answers = _answers(out / "result.json")
    for q in answers:
        judges = [v["judge"] for v in q["panel"]]
        assert judges == ["rubric", "stub", "rubric#2"]
        rubric = q["panel"][0]
        # two rubric verdicts out of three: the majority is the rubric's on every dimension
        assert q["score"]["correctness"] == rubric["correctness"]
        assert q["compositeScore"] == rubric["composite"]
    report = subprocess.run(
        [sys.executable, "-m", "recallbench", "report", str(out), "--json"],
        capture_output=True, text=True, check=True, cwd=tmp_path, env=_env(),
    )  # fmt: skip
    agreement = json.loads(report.stdout)["panelAgreement"]
    assert agreement["raters"] == ["rubric", "stub", "rubric#2"]
    assert agreement["answers"] == len(answers)
    assert set(agreement) >= {"krippendorffAlpha", "fleissKappa", "disagreements"}


def test_the_judge_command_scores_one_answer_with_a_panel(tmp_path: Path) -> None:
    args = [
        sys.executable, "-m", "recallbench", "judge", "--question", "What code was issued?",
        "--reference", "CODE-1", "--answer", "It was CODE-1.", "--judge", "rubric",
        "--judge", "stub", "--json",
    ]  # fmt: skip
    done = subprocess.run(args, capture_output=True, text=True, check=True, env=_env())
    out = json.loads(done.stdout)
    assert out["judge"] == "panel mean(rubric, stub)"
    assert [v["judge"] for v in out["panel"]] == ["rubric", "stub"]
    assert [v["composite"] for v in out["panel"]] == [6, 0]
    assert (out["composite"], out["hallucination"]) == (3, 0)
    # One --judge: the judge alone, no panel.
    alone = subprocess.run(
        [*args[:-3], "--json"], capture_output=True, text=True, check=True, env=_env()
    )
    assert "panel" not in json.loads(alone.stdout)


class _Stopping:
    """containment_judge's verdicts, cancelling the run at its ``stop_at``-th call."""

    name = "stopping"

    def __init__(self) -> None:
        self.calls = 0
        self.stop_at: int | None = None
        self.scope: anyio.CancelScope | None = None

    async def score(self, question: str, reference: str, answer: str, context: Any) -> JudgeScore:
        self.calls += 1
        if self.stop_at is not None and self.calls >= self.stop_at and self.scope is not None:
            self.scope.cancel()
            await anyio.sleep(5)  # cancelled here
        return containment_judge(question, reference, answer, context)


def _verdicts(result: Any) -> list[Any]:
    return [
        (p.persona_id, r.range.label, q.qa.id, q.composite_score, q.panel)
        for p in result.personas
        for r in p.range_results
        for q in r.question_results
    ]


def test_a_resumed_panel_run_keeps_the_verdicts_logged_before(tmp_path: Path) -> None:
    from recallbench.harness.resume import read_resume_log

    data = tmp_path / "data"
    write_persona(data)

    def harness(judge: Any, out: Path, resume: Any = None) -> Harness:
        return Harness(
            ScriptedAdapter(),
            data,
            judge=JudgePanel([judge, ScriptedJudge(scorer=NOTHING, name="harsh")]),
            config=RunConfig(ranges="10d,20d", arcs_file="arcs-30d.yaml", lifecycle="incremental"),
            output=RunOutput.beside(out / "result.json"),
            resume=resume,
        )

    full = anyio.run(harness(_Stopping(), tmp_path / "full").run)
    stopping = _Stopping()
    stopping.stop_at = 15  # in the 20d checkpoint

    async def interrupted() -> bool:
        with anyio.CancelScope() as scope:
            stopping.scope = scope
            await harness(stopping, tmp_path / "run").run()
        return scope.cancelled_caught

    assert anyio.run(interrupted)
    logged = (tmp_path / "run" / "questions.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(logged) == 14 and all('"panel"' in line for line in logged)
    stopping.stop_at = None
    out = tmp_path / "run"
    resume = read_resume_log(out / "progress.jsonl", out / "questions.jsonl")
    resumed = anyio.run(harness(stopping, out, resume).run)
    assert stopping.calls < 14 + _count(full)  # the logged answers were not judged again
    assert _verdicts(resumed) == _verdicts(full)


def _count(result: Any) -> int:
    return sum(len(r.question_results) for p in result.personas for r in p.range_results)


def test_the_preflight_checks_every_judge_of_a_panel(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data)
    env = {k: v for k, v in _env().items() if "API_KEY" not in k}
    done = subprocess.run(
        [
            sys.executable, "-m", "recallbench", "run", "--data", str(data),
            "--arcs", "arcs-30d.yaml", "--ranges", "10d", "--judge", "rubric",
            "--judge", "anthropic:claude-x", "--output", str(tmp_path / "out"),
        ],
        capture_output=True, text=True, check=False, env=env,
    )  # fmt: skip
    assert done.returncode == 2
    assert 'ANTHROPIC_API_KEY is not set (needed by judge "anthropic:claude-x")' in done.stderr


def test_an_appellate_judge_reviews_the_panels_aggregate(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data)
    panel = JudgePanel(
        [
            ScriptedJudge(scorer=PERFECT, name="generous"),
            ScriptedJudge(scorer=NOTHING, name="harsh"),
        ]
    )
    appeal = ScriptedJudge(scorer=PERFECT, name="appeal")
    harness = Harness(
        ScriptedAdapter(),
        data,
        judge=panel,
        appellate_judge=appeal,
        config=RunConfig(ranges="10d", arcs_file="arcs-30d.yaml"),
        output=RunOutput.beside(tmp_path / "run" / "result.json"),
    )
    anyio.run(harness.run)
    answers = _answers(tmp_path / "run" / "result.json")
    assert answers and len(appeal.calls) == len(answers)  # the mean, 3, is a failure: appealed
    for q in answers:
        assert q["compositeScore"] == 6  # the appellate verdict is final
        primary = q["primaryScore"]
        assert (primary["correctness"], primary["completeness"], primary["hallucination"]) == (
            1,
            1,
            0,
        )
        assert [v["judge"] for v in q["panel"]] == ["generous", "harsh"]
