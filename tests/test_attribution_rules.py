"""The attribution's rules as properties (hypothesis) over any answer a run can hold: exactly one
class, the classes that depend on retrieval agree with recall@10, the fast paths compare uses agree
with the records' path, and a run's counts add up."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data.qa import CATEGORIES, QAPair
from recallbench.results.abstention import abstains
from recallbench.results.attribution import (
    CLASSES,
    DEFINITIONS,
    EVIDENCE_STATES,
    Attributor,
    attribute,
    attribute_run,
    evidence_state,
    has_answer,
)
from recallbench.results.attribution_summary import summarize_attribution
from recallbench.results.comparison_flat import flatten
from recallbench.results.evidence import has_evidence
from recallbench.results.panel_scores import PanelVerdict
from recallbench.results.records import QuestionError, QuestionResult, RetrievalMetrics
from recallbench.results.scoring import JudgeScore

ANSWERS = (
    "CODE-0003",
    "I don't know.",
    "Not mentioned in memory: no evidence found.",
    "I'm not sure, but it was CODE-0003.",
    "No, never.",
    "",
    "[TIMEOUT]",
    "[ERROR: RuntimeError]",
    "The budget was $4,512,000 and the code CODE-0003.",
)

scores = st.builds(
    JudgeScore,
    correctness=st.integers(0, 3),
    completeness=st.integers(0, 2),
    hallucination=st.integers(0, 1),
)
verdicts = st.builds(
    PanelVerdict,
    judge=st.sampled_from(["a", "b"]),
    epoch=st.just(1),
    correctness=st.integers(0, 3),
    completeness=st.integers(0, 2),
    hallucination=st.integers(0, 1),
    composite=st.integers(0, 6),
)
recalls = st.sampled_from([0.0, 0.25, 0.5, 1.0])
errors = st.one_of(
    st.none(),
    st.builds(
        QuestionError,
        stage=st.sampled_from(["query", "connection", "judge"]),
        type=st.sampled_from(["AdapterTimeout", "RuntimeError", "JudgeParseError"]),
        message=st.just("m"),
    ),
)


@st.composite
def answers(draw: Any) -> QuestionResult:
    category = draw(st.sampled_from(CATEGORIES))
    extra = draw(st.sampled_from([{}, {"abstention": True}, {"noEvidence": True}]))
    boundary = category == "information-boundary"
    pair = QAPair(
        id=f"q{draw(st.integers(0, 50))}",
        question="What was the code?",
        answer="CODE-0003",
        category=category,
        difficulty="easy",
        relevant_days=tuple(
            sorted(draw(st.lists(st.integers(1, 9), min_size=1, max_size=3, unique=True)))
        ),
        expected_disclosure=draw(st.sampled_from(["refuse", "answer"])) if boundary else None,
        query_session="principal" if boundary else None,
        forbidden_sessions=("other",) if boundary else None,
        extra=extra,
    )
    recall = draw(st.one_of(st.none(), recalls))
    metrics = (
        None
        if recall is None
        else RetrievalMetrics(
            recall_at_5=recall, recall_at_10=recall, ndcg_at_10=recall, mrr=recall
        )
    )
    score = draw(scores)
    return QuestionResult(
        qa=pair,
        system_answer=draw(st.sampled_from(ANSWERS)),
        score=score,
        composite_score=score.composite,
        latency_ms=1.0,
        error=draw(errors),
        retrieval_metrics=metrics,
        panel=draw(st.one_of(st.none(), st.lists(verdicts, min_size=2, max_size=3).map(tuple))),
        primary_score=draw(st.one_of(st.none(), scores)),
    )


@given(answers(), st.booleans(), st.booleans(), st.sampled_from([None, "rubric", "openai:x"]))
def test_every_answer_has_exactly_one_class_by_the_rules(
    q: QuestionResult, reported: bool, scored: bool, judge: str | None
) -> None:
    a = attribute(q, reported=reported, judge=judge, scored=scored)
    assert a.kind in CLASSES
    assert a.evidence in EVIDENCE_STATES
    assert a.evidence == evidence_state(q, reported)
    recall = q.retrieval_metrics.recall_at_10 if q.retrieval_metrics is not None else 0.0
    # Retrieval misses agree with recall@10: never with every evidence day retrieved, always when
    # an answer fell short with one missing (and nothing earlier decided).
    if a.kind == "retrieval-miss":
        assert reported and has_evidence(q.qa) and recall < 1
    if reported and has_evidence(q.qa) and recall >= 1:
        assert a.kind != "retrieval-miss"
    if a.kind == "reading-error":
        assert a.evidence in ("retrieved", "no-evidence")
    if a.kind == "retrieval-unknown":
        assert not reported and has_evidence(q.qa)
    if a.kind == "correct":
        assert (q.score.correctness, q.score.completeness, q.score.hallucination) == (3, 2, 1)
    if a.kind == "hallucination":
        assert q.score.hallucination == 0
    if a.kind in ("wrong-abstention", "correct-abstention"):
        assert abstains(q.system_answer)
        assert has_answer(q.qa) == (a.kind == "wrong-abstention")
    if q.error is not None and q.error.stage in ("query", "connection"):
        assert a.kind in ("timeout", "system-error")
    elif not scored or (q.error is not None and q.error.stage == "judge"):
        assert a.kind == "judge-error"


@given(answers(), st.booleans(), st.sampled_from([None, "rubric"]))
def test_the_fast_paths_agree_with_the_records(
    q: QuestionResult, reported: bool, judge: Any
) -> None:
    """compare's readers take an answer's class as two codes, for a run that reports retrieval and
    for one that does not; both equal the class of the record under each."""
    attributor = Attributor(reported=True, judge=judge, appellate=judge)
    codes = attributor.record_codes(q)
    for flag, code in zip((True, False), codes, strict=True):
        expected = Attributor(reported=flag, judge=judge, appellate=judge).attribute(q).kind
        assert CLASSES[code] == expected
    plain = attrs.evolve(q, error=None, panel=None, primary_score=None, retrieval_metrics=None)
    fast = attributor.codes(plain.qa, plain.system_answer, plain.score)
    assert fast == attributor.record_codes(plain)


def test_every_class_has_a_one_line_definition() -> None:
    assert list(DEFINITIONS) == list(CLASSES)
    assert all(d and "\n" not in d and len(d) < 120 for d in DEFINITIONS.values())


@given(st.integers(1, 3), st.integers(1, 4), st.integers(1, 8), st.data())
def test_a_runs_counts_add_up(personas: int, checkpoints: int, questions: int, data: Any) -> None:
    from _html_results import make_result

    def score(p: int, c: int, q: int) -> JudgeScore:
        return data.draw(scores)

    result = make_result(
        personas=personas, checkpoints=checkpoints, questions=questions, score=score
    )
    s = summarize_attribution(result)
    every = list(attribute_run(result))
    asked = sum(
        len(r.question_results) + len(r.unscored_results or ())
        for p in result.personas
        for r in p.range_results
    )
    assert s.total == len(every) == asked
    assert list(s.overall) == list(CLASSES)
    assert sum(s.overall.values()) == s.total
    for groups in (s.by_checkpoint, s.by_category):
        assert sum(sum(c.values()) for c in groups.values()) == s.total
        for kind in CLASSES:
            assert sum(c[kind] for c in groups.values()) == s.overall[kind]
    assert sum(sum(c.values()) for c in s.by_cell.values()) == s.total
    # compare's columns hold the scored answers' classes, as attribute_run gives them.
    flat = flatten(result)
    assert flat.answers.attribution is not None
    scored = [a.attribution.kind for a in every if a.scored]
    assert sorted(CLASSES[i] for i in flat.answers.attribution.tolist()) == sorted(scored)


def test_abstentions() -> None:
    yes = [
        "I don't know.",
        "Not mentioned in memory: no evidence found.",
        "I couldn't find any record of that meeting.",
        "There is no information about a GraphQL migration in my notes.",
        "I can’t determine that from the excerpts provided.",
        "I'm not sure.",
        "That stays confidential.",
        "**Answer:**\n\nI do not have any information about that.",
        "",
    ]
    no = [
        "CODE-0003",
        "I'm not sure, but it seems the budget was $28M.",
        "No, she never approved it.",
        "The meeting was not recorded in the notes, but it was on 3/4.",
        "Dana said there is no budget for it.",
    ]
    assert [abstains(a) for a in yes] == [True] * len(yes)
    assert [abstains(a) for a in no] == [False] * len(no)
