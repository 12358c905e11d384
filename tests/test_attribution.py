"""Every answer one class (issue 45): a real run per class, of an adapter made to fail that way.

Each run asks the tiny persona's eleven questions at its one checkpoint (ten access codes, one
negative-recall question) of a memory system that retrieves, answers, abstains, raises or sleeps as
the class wants; the answers are judged by a scripted judge (or a panel, or the rubric judge) and the
run is read back from its ``result.json``. Then: the answers have the class, every answer has exactly
one, the counts add up — and the views say so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

import recallbench as rb
from recallbench.adapters.base import QueryDetail, RetrievalEntry
from recallbench.harness import AdapterErrorLimit
from recallbench.judges.base import as_judge
from recallbench.judges.panel import JudgePanel
from recallbench.judges.rubric import RubricJudge
from recallbench.results.attribution import CLASSES, NOT_REPORTED_NOTE, attribute_run
from recallbench.results.attribution_summary import summarize_attribution
from recallbench.results.records import BenchmarkResult
from recallbench.results.result_json import read_result
from recallbench.results.scoring import JudgeScore
from recallbench.testing import ScriptedJudge, day_code, write_persona

pytestmark = pytest.mark.xdist_group("attribution-runs")

_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
DAYS = 10

Behaviour = Callable[[int | None], QueryDetail | str]
"""What the memory system does for a question: given the day the question asks about (None for the
negative-recall question), its answer."""


def _day(question: str) -> int | None:
    m = _DATE.search(question)
    return int(m.group(3)) if m else None  # the tiny persona's epoch is 2026-01-01


class Planned:
    """A memory system doing what a test asks: retrieving, answering, abstaining, raising, sleeping."""

    name = "planned"

    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour = behaviour

    async def setup(self) -> None: ...

    async def ingest_day(self, day: int, content: str, metadata: Any) -> None: ...

    async def finalize_ingestion(self) -> None: ...

    async def query_detail(self, question: str) -> QueryDetail:
        value = self.behaviour(_day(question))
        if isinstance(value, str):
            return QueryDetail(answer=value)
        if value.answer == "<sleep>":
            await anyio.sleep(30)
        return value

    async def query(self, question: str) -> str:
        return (await self.query_detail(question)).answer

    async def teardown(self) -> None: ...


def retrieved(answer: str, *days: int) -> QueryDetail:
    return QueryDetail(
        answer=answer,
        retrieval=tuple(RetrievalEntry(path=f"memories/day-{d:04d}.md", day=d) for d in days),
    )


async def verdict(question: str, reference: str, answer: str, context: Any) -> JudgeScore:
    """The reference in the answer: right; "INVENTED": made up; an abstention: nothing; else wrong."""
    if reference.casefold().strip(" .") in answer.casefold():
        return JudgeScore(correctness=3, completeness=2, hallucination=1)
    if "INVENTED" in answer:
        return JudgeScore(
            correctness=0, completeness=0, hallucination=0, reasoning="unsupported: X"
        )
    if "don't know" in answer.casefold():
        return JudgeScore(correctness=0, completeness=0, hallucination=1)
    return JudgeScore(correctness=1, completeness=0, hallucination=1)


async def stingy(question: str, reference: str, answer: str, context: Any) -> JudgeScore:
    """A judge that never gives full marks: beside :func:`verdict`, a panel that disagrees."""
    return JudgeScore(correctness=1, completeness=1, hallucination=1)


@pytest.fixture(scope="module")
def personas(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("attribution") / "personas"
    write_persona(root, days=DAYS, suffix="10d")
    return root


def run(
    personas: Path,
    behaviour: Behaviour,
    judge: Any = verdict,
    *,
    timeout: float | None = None,
) -> BenchmarkResult:
    out = personas.parent / f"run-{len(list(personas.parent.iterdir()))}"

    async def main() -> None:
        await rb.run(
            Planned(behaviour),
            personas,
            judge=judge,
            config=rb.RunConfig(
                ranges="10d",
                arcs_file="arcs-10d.yaml",
                parallelism=1,
                question_timeout=timeout,
                max_adapter_errors=AdapterErrorLimit(share=None),
                max_judge_errors=None,
            ),
            output=rb.RunOutput(result_json=out / "result.json"),
            progress=False,
        )

    anyio.run(main)
    result, _ = read_result(out / "result.json")
    return result


def classes(result: BenchmarkResult) -> dict[str, str]:
    """Question id → class, every answer checked to have exactly one known class."""
    out = {}
    for a in attribute_run(result):
        assert a.attribution.kind in CLASSES
        assert a.answer.qa.id not in out
        out[a.answer.qa.id] = a.attribution.kind
    summary = summarize_attribution(result)
    assert summary.total == len(out) == DAYS + 1
    assert sum(summary.overall.values()) == summary.total
    assert sum(sum(c.values()) for c in summary.by_checkpoint.values()) == summary.total
    assert sum(sum(c.values()) for c in summary.by_category.values()) == summary.total
    return out


def factual(found: dict[str, str]) -> set[str]:
    """The classes of the ten access-code questions."""
    return {kind for qid, kind in found.items() if not qid.endswith(f"q{DAYS + 1:03d}")}


def negative(found: dict[str, str]) -> str:
    return found[f"tiny-q{DAYS + 1:03d}"]


# --- a run per class ----------------------------------------------------------------------------


def test_correct_and_correct_abstention(personas: Path) -> None:
    found = classes(
        run(personas, lambda d: retrieved(day_code(d), d) if d else retrieved("I don't know."))
    )
    assert factual(found) == {"correct"}
    assert negative(found) == "correct-abstention"


def test_never_retrieving_the_evidence_is_a_retrieval_miss(personas: Path) -> None:
    # Retrieves the day after the evidence (the last day, the day before), answers wrong or abstains.
    def behaviour(d: int | None) -> QueryDetail:
        if d is None:
            return retrieved("No, never.", 1)
        other = d + 1 if d < DAYS else d - 1
        return retrieved("I don't know." if d % 2 else "CODE-9999", other)

    found = classes(run(personas, behaviour))
    assert factual(found) == {"retrieval-miss"}


def test_retrieving_nothing_at_all_is_a_retrieval_miss(personas: Path) -> None:
    found = classes(run(personas, lambda d: retrieved("CODE-9999")))
    assert factual(found) == {"retrieval-miss"}


def test_retrieving_it_and_answering_wrong_is_a_reading_error(personas: Path) -> None:
    found = classes(run(personas, lambda d: retrieved("CODE-9999", d or 1, 5)))
    assert factual(found) == {"reading-error"}
    assert negative(found) == "reading-error"  # "CODE-9999" to "was it discussed?": no evidence


def test_always_abstaining(personas: Path) -> None:
    # Evidence retrieved, answer withheld: a wrong abstention; the unanswerable one: a right one.
    found = classes(run(personas, lambda d: retrieved("I don't know.", d or 1)))
    assert factual(found) == {"wrong-abstention"}
    assert negative(found) == "correct-abstention"
    # Reporting no retrieval changes nothing: the abstention is told from the answer itself.
    found = classes(run(personas, lambda d: "I don't know."))
    assert factual(found) == {"wrong-abstention"}


def test_a_made_up_answer_is_a_hallucination(personas: Path) -> None:
    result = run(personas, lambda d: retrieved("INVENTED: CODE-7777", d or 1))
    assert factual(classes(result)) == {"hallucination"}
    why = {
        a.attribution.why for a in attribute_run(result) if a.attribution.kind == "hallucination"
    }
    assert why == {"judged hallucinated (unsupported: X)"}  # what the judge recorded of support


def test_an_adapter_that_raises_is_a_system_error(personas: Path) -> None:
    def behaviour(d: int | None) -> QueryDetail:
        if d is not None and d % 2:
            raise RuntimeError("the memory system fell over")
        return retrieved(day_code(d) if d else "I don't know.", d or 1)

    found = classes(run(personas, behaviour))
    assert factual(found) == {"system-error", "correct"}
    assert sum(kind == "system-error" for kind in found.values()) == DAYS // 2


def test_an_adapter_that_sleeps_past_the_timeout_is_a_timeout(personas: Path) -> None:
    def behaviour(d: int | None) -> QueryDetail:
        return retrieved(
            "<sleep>" if d in (2, 3) else day_code(d) if d else "I don't know.", d or 1
        )

    found = classes(run(personas, behaviour, timeout=0.3))
    assert {q for q, kind in found.items() if kind == "timeout"} == {"tiny-q002", "tiny-q003"}


def test_a_judge_that_fails_leaves_a_judge_error(personas: Path) -> None:
    judge = ScriptedJudge(scorer=lambda q, r, a, c: JudgeScore(correctness=3, completeness=2,
                          hallucination=1), fail_on=["2026-01-04"])  # fmt: skip
    found = classes(run(personas, lambda d: retrieved(day_code(d) if d else "No.", d or 1), judge))
    assert found["tiny-q004"] == "judge-error"
    assert factual(found) == {"judge-error", "correct"}


def test_a_panel_of_two_judges_disagreeing_is_judge_doubt(personas: Path) -> None:
    panel = JudgePanel([as_judge(verdict), as_judge(stingy)], names=["generous", "stingy"])
    result = run(personas, lambda d: retrieved(day_code(d) if d else "No.", d or 1), panel)
    found = classes(result)
    assert factual(found) == {"judge-doubt"}  # one calls it correct, the other short
    why = next(a.attribution.why for a in attribute_run(result) if a.answer.qa.id == "tiny-q001")
    assert why.startswith("the panel disagrees (generous 6, stingy 3")
    # Where the two agree (both call a wrong answer short) there is no doubt.
    found = classes(run(personas, lambda d: retrieved("CODE-9999", d or 1), panel))
    assert factual(found) == {"reading-error"}


def test_the_rubric_flagging_a_partly_right_answer_is_judge_doubt(personas: Path) -> None:
    # The right code with a made-up amount: the rubric in the window mode finds the fact and flags
    # the amount, the form on which it is known unreliable (docs/attribution.md).
    def behaviour(d: int | None) -> QueryDetail:
        if d is None:
            return retrieved("No evidence of that in memory.", 1)
        if d <= 3:
            return retrieved(f"The code is {day_code(d)}, and the budget was $4,512,000.", d)
        return retrieved(day_code(d), d)

    # In the invented mode (a run's default) it is not known unreliable there: a hallucination.
    found = classes(run(personas, behaviour, "rubric"))
    assert {q for q, kind in found.items() if kind == "hallucination"} == {
        "tiny-q001",
        "tiny-q002",
        "tiny-q003",
    }
    result = run(personas, behaviour, RubricJudge(hallucination_window=1))
    assert result.metadata.hallucination_mode == "window"
    found = classes(result)
    assert {q for q, kind in found.items() if kind == "judge-doubt"} == {
        "tiny-q001",
        "tiny-q002",
        "tiny-q003",
    }
    flagged = [a.answer for a in attribute_run(result) if a.attribution.kind == "judge-doubt"]
    assert all(q.score.hallucination == 0 and q.score.correctness >= 1 for q in flagged)


def test_a_run_without_retrieval_reports_says_so(personas: Path) -> None:
    result = run(personas, lambda d: "CODE-9999" if d else "No.")
    found = classes(result)
    assert factual(found) == {"retrieval-unknown"}
    assert not summarize_attribution(result).reported
    from recallbench.render.headline import format_headline
    from recallbench.render.report import format_text_report

    headline = [line for line in format_headline(result).splitlines() if "Attribution" in line]
    assert len(headline) == 1
    assert f"retrieval unknown 90.9% ({NOT_REPORTED_NOTE})" in headline[0]
    assert NOT_REPORTED_NOTE in format_text_report(result)


# --- the views ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mixed(personas: Path) -> BenchmarkResult:
    """One run with several classes: right, a miss, a misreading, an abstention, a failure."""

    def behaviour(d: int | None) -> QueryDetail:
        if d is None:
            return retrieved("I don't know.", 1)
        if d <= 3:
            return retrieved(day_code(d), d)
        if d <= 5:
            return retrieved("CODE-9999", d + 2)
        if d <= 7:
            return retrieved("CODE-9999", d)
        if d == 8:
            return retrieved("I don't know.", d)
        raise RuntimeError("down")

    return run(personas, behaviour)


def _counts(result: BenchmarkResult) -> dict[str, int]:
    return {k: v for k, v in summarize_attribution(result).overall.items() if v}


def test_the_mixed_run_counts(mixed: BenchmarkResult) -> None:
    assert _counts(mixed) == {
        "correct": 3,
        "retrieval-miss": 2,
        "reading-error": 2,
        "wrong-abstention": 1,
        "system-error": 2,
        "correct-abstention": 1,
    }


def test_headline_text_report_and_dataframe(mixed: BenchmarkResult) -> None:
    from recallbench.render.headline import format_headline
    from recallbench.render.report import format_text_report

    lines = [line for line in format_headline(mixed).splitlines() if "Attribution" in line]
    assert lines == [
        "  Attribution    correct 27.3% · correct abstention 9.1% · retrieval miss 18.2% · "
        "reading error 18.2% · wrong abstention 9.1% · system error 18.2% — of 11 answers"
    ]
    report = format_text_report(mixed).split("\n")
    at = report.index(
        "Attribution (one class per answer, the first rule that holds; docs/attribution.md):"
    )
    section = report[at:]
    by_checkpoint = next(line for line in section if line.strip().startswith("10d"))
    # correct, right abstention, miss, reading, wrong abstention, system error, total
    assert by_checkpoint.split()[1:] == ["3", "1", "2", "2", "1", "2", "11"]
    factual_row = next(line for line in section if line.strip().startswith("factual-recall"))
    assert factual_row.split()[1:] == ["3", "0", "2", "2", "1", "2", "10"]
    frame = rb.to_dataframe(mixed)
    assert list(frame["attribution"].cat.categories) == list(CLASSES)
    assert frame["attribution"].value_counts().to_dict() == {
        **dict.fromkeys(CLASSES, 0),
        **_counts(mixed),
    }


def test_html_report_filters_by_class(mixed: BenchmarkResult) -> None:
    from recallbench.render._html_data import build_payload
    from recallbench.render.html import DATA_ELEMENT_ID, read_payload, render_html_report

    page = render_html_report(mixed)
    assert '<h2 id="attribution">Attribution</h2>' in page
    assert 'id="f-class"' in page
    block = re.search(rf'id="{DATA_ELEMENT_ID}">(.*?)</script>', page, re.S)
    assert block is not None
    data = read_payload(block.group(1))
    assert [c[0] for c in data["classes"]] == list(CLASSES)
    at = data["fields"].index("attribution")
    kinds = [data["classes"][row[at]][0] for row in data["rows"]]
    assert {k: kinds.count(k) for k in set(kinds)} == _counts(mixed)
    # Without attributions given, the rows say so (-1) rather than guess.
    bare = build_payload(mixed)
    assert {row[at] for row in bare["rows"]} == {-1}


def test_compare_shows_which_classes_moved(personas: Path, mixed: BenchmarkResult) -> None:
    from recallbench.render.comparison import comparison_to_json, format_comparison
    from recallbench.results.comparison import compare_results

    better = run(personas, lambda d: retrieved(day_code(d) if d else "I don't know.", d or 1))
    c = compare_results(mixed, better, resamples=50)
    assert c.attribution is not None
    moves = {(x, y): n for x, y, n in c.attribution.moves}
    assert moves == {
        ("retrieval-miss", "correct"): 2,
        ("reading-error", "correct"): 2,
        ("system-error", "correct"): 2,
        ("wrong-abstention", "correct"): 1,
    }
    assert c.attribution.changed == 7
    text = format_comparison(c, label_a="A", label_b="B")
    assert (
        "moved: 7 of 11 answers changed class — system error → correct 2 · retrieval miss" in text
    )
    data = comparison_to_json(c)["attribution"]
    assert {row["class"]: (row["a"], row["b"]) for row in data["classes"]}["correct"] == (3, 10)


def test_unscored_answers_count_too(personas: Path) -> None:
    # A connection failure is left unscored by the run; it still has its class.
    def behaviour(d: int | None) -> QueryDetail:
        if d == 5:
            raise ConnectionRefusedError("no route")
        return retrieved(day_code(d) if d else "No.", d or 1)

    result = run(personas, behaviour)
    unscored = [
        q for p in result.personas for r in p.range_results for q in r.unscored_results or ()
    ]
    assert len(unscored) == 1
    assert classes(result)["tiny-q005"] == "system-error"


def test_the_class_order_is_the_documented_one() -> None:
    docs = (Path(__file__).parents[1] / "docs" / "attribution.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\d+\. \*\*`([a-z-]+)`\*\*", docs, re.M)
    assert listed == list(CLASSES)
