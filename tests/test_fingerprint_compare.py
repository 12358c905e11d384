"""``recallbench compare`` reads the runs' fingerprints (issue 25, item 1): it names the parts that
differ, persona by persona and judge by judge, and calls no regression when the datasets or judges
differ unless ``--force``. Real runs of the CLI over a small persona."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from recallbench.cli import main
from recallbench.results.fingerprint_diff import check_fingerprints
from recallbench.testing import write_persona

# The module's four real runs (``runs``) are made once: on one xdist worker, not on each.
pytestmark = pytest.mark.xdist_group("fingerprint-compare")

_JUDGE = """
async def judge(question, reference, answer, context):
    hit = reference.lower() in answer.lower()
    return {"correctness": 3 if hit else 0, "completeness": 2 if hit else 0, "hallucination": 1}
"""


def _run(data: Path, out: Path, adapter: str, judge: str) -> Path:
    """A real run of the command line, in process (what is tested here is ``compare``); what it
    prints is kept apart from the output of the test that first asks for ``runs``."""
    argv = ["run", "--adapter", adapter, "--judge", judge, "--data", str(data)]
    argv += ["--arcs", "arcs-30d.yaml", "--ranges", "10d,30d", "--output", str(out)]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        code = main([*argv, "--no-heatmap-png", "--no-html"])
    assert code == 0, printed.getvalue()[-3000:]
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("fp")
    write_persona(root / "data", "tiny")
    shutil.copytree(root / "data", root / "edited")
    questions = root / "edited" / "tiny" / "qa-30d" / "questions.yaml"
    text = questions.read_text(encoding="utf-8")
    questions.write_text(text.replace("difficulty: easy", "difficulty: hard", 1), encoding="utf-8")
    (root / "judge.py").write_text(_JUDGE, encoding="utf-8")
    data, edited = root / "data", root / "edited"
    return {
        "bm25": _run(data, root / "bm25", "builtin:bm25", "rubric"),
        "recency": _run(data, root / "recency", "builtin:recency", "rubric"),
        "own-judge": _run(data, root / "own-judge", "builtin:recency", str(root / "judge.py")),
        "edited": _run(edited, root / "edited-run", "builtin:recency", "rubric"),
    }


def _compare(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str]:
    code = main(["compare", *map(str, argv)])
    return code, capsys.readouterr().out


def _json(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> Any:
    code, out = _compare(capsys, *argv, "--json", "--resamples", "200")
    assert code == 0
    return json.loads(out)


def test_same_datasets_and_judges_get_a_verdict_and_list_the_adapter(
    runs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    data = _json(capsys, runs["bm25"], runs["recency"])
    fp = data["fingerprint"]
    assert fp["status"] == "differ" and fp["comparable"] is True and fp["blocking"] == []
    assert fp["digestA"] == fp["digestB"]  # the digest covers datasets, selection and judges
    assert [d["part"] for d in fp["differences"]] == ["adapter"]
    assert data["verdict"] in ("regression", "improvement", "no-difference")
    code, text = _compare(capsys, runs["bm25"], runs["recency"], "--resamples", "200")
    assert code == 0
    assert f"Fingerprint: A {fp['digestA']} · B {fp['digestB']} — same datasets and judges" in text
    assert "  Verdict: " in text and "not comparable" not in text


def test_different_judges_are_named_and_no_regression_is_called_unless_forced(
    runs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = runs["recency"], runs["own-judge"]
    code, text = _compare(capsys, a, b, "--resamples", "200")
    assert code == 0
    assert "judges differ: not comparable" in text
    judges = [line for line in text.splitlines() if line.startswith("  judges    primary: ")]
    assert len(judges) == 1 and "RubricJudge" in judges[0] and "judge" in judges[0]
    assert "Verdict: none — the runs' judges differ" in text
    assert "regressions (hallucinated in B only)" not in text
    assert "hallucinated in B only" in text

    data = _json(capsys, a, b)
    assert data["verdict"] == "not-comparable" and data["fingerprint"]["blocking"] == ["judges"]
    assert _compare(capsys, a, b, "--resamples", "200", "--fail-on-regression")[0] == 3

    forced = _json(capsys, a, b, "--force")
    assert forced["verdict"] in ("regression", "improvement", "no-difference")
    assert forced["forced"] is True
    code, text = _compare(capsys, a, b, "--resamples", "200", "--force")
    assert code == 0
    assert "(forced: the runs' fingerprints say they are not comparable)" in text
    assert "regressions (hallucinated in B only)" in text


def test_a_changed_question_file_is_named_persona_by_persona(
    runs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    data = _json(capsys, runs["recency"], runs["edited"])
    (diff,) = data["fingerprint"]["differences"]
    assert diff["part"] == "datasets" and diff["item"] == "tiny"
    assert [c["path"] for c in diff["changes"]] == ["questions"]
    assert data["verdict"] == "not-comparable"
    code, text = _compare(capsys, runs["recency"], runs["edited"], "--resamples", "200")
    assert code == 0
    assert "datasets differ: not comparable" in text and "  datasets  tiny: questions: " in text


def test_a_run_without_a_fingerprint_cannot_be_checked(
    runs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads((runs["own-judge"] / "result.json").read_text(encoding="utf-8"))
    del data["metadata"]["fingerprint"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    out = _json(capsys, runs["recency"], old)
    assert out["fingerprint"]["status"] == "unknown" and out["fingerprint"]["missing"] == ["B"]
    assert out["verdict"] != "not-comparable"  # nothing says the judges differ: a verdict stands
    code, text = _compare(capsys, runs["recency"], old, "--resamples", "200")
    assert code == 0
    assert "B has no fingerprint (an older run or the reference's): comparability cannot be" in text
    # A progress file alone has no fingerprint either.
    partial = _json(capsys, runs["recency"] / "progress.jsonl", runs["recency"])
    assert partial["fingerprint"]["missing"] == ["A"]


def test_check_fingerprints_is_symmetric_in_what_differs(runs: dict[str, Path]) -> None:
    def fp(name: str) -> Any:
        data = json.loads((runs[name] / "result.json").read_text(encoding="utf-8"))
        return data["metadata"]["fingerprint"]

    ab = check_fingerprints(fp("bm25"), fp("own-judge"))
    ba = check_fingerprints(fp("own-judge"), fp("bm25"))
    assert [(d.part, d.item) for d in ab.differences] == [(d.part, d.item) for d in ba.differences]
    assert ab.blocking == ba.blocking == ("judges",)
    assert check_fingerprints(fp("bm25"), fp("bm25")).status == "same"
