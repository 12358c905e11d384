"""Rubric version 4: an answer's form read apart from its content (issue 33.6) — date stamps as
provenance, bold labels and headings not names, hedges not abstentions, and quotes traced to an
ingested day beside a correct answer in the window mode. Small hand-made cases for each rule, and
properties over the shipped executive assistant's references."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench.data.corpus import Day, PersonaDataset
from recallbench.data.dataset import load_persona, shipped_personas_dir
from recallbench.data.qa import QAPair
from recallbench.judges.answer_form import plain_labels, split_stamps, strip_hedges
from recallbench.judges.atoms import extract_atoms
from recallbench.judges.base import build_context
from recallbench.judges.probe import probe_pool
from recallbench.judges.probe_styles import _labelled, _stamped, shift_dates
from recallbench.judges.rubric import RubricJudge
from recallbench.results.scoring import JudgeScore

DAYS = (
    Day(number=1, date="2026-01-01", content="The sailing camp deposit was estimated at $2,000."),
    Day(number=2, date="2026-01-02", content="Quiet day. Receipts filed."),
    Day(
        number=3,
        date="2026-01-03",
        content="The sailing camp deposit came in at $2,412, paid by Marguerite Oyelaran.",
    ),
    Day(number=4, date="2026-01-04", content="Lunch with Bastien Moreau; the hotel costs $3,150."),
    Day(number=5, date="2026-01-05", content="Nothing new today."),
    Day(
        number=6,
        date="2026-01-06",
        content="The Vantage contract renewed at $987,000 for two years.",
    ),
)
AMOUNT_Q = "How big was the deposit for Clementine's sailing camp?"
DATE_Q = "When did the sailing camp deposit come in?"


def pair(question: str = AMOUNT_Q, answer: str = "$2,412.", **fields: Any) -> QAPair:
    return QAPair(
        id="q1",
        question=question,
        answer=answer,
        category=fields.pop("category", "factual-recall"),
        difficulty="easy",
        relevant_days=(3,),
        **fields,
    )


def judge(
    answer: str, qa: QAPair | None = None, *, cutoff: int = 6, window: int | None = None
) -> JudgeScore:
    qa = qa or pair()
    context = build_context(qa, DAYS[:cutoff], 0)
    rubric = RubricJudge(hallucination_window=window)
    return rubric.score_sync(qa.question, qa.answer, answer, context)


def triple(score: JudgeScore) -> tuple[int, int, int]:
    return score.correctness, score.completeness, score.hallucination


# ---------------------------------------------------------------------------------------------------
# The form, read apart


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Paid $2,412 (2026-01-03).", ("2026-01-03",)),
        ("Paid $2,412 [2026-01-03]. Filed receipts [Jan 2].", ("2026-01-03", "Jan 2")),
        ("Paid $2,412 — Jan 3.", ("Jan 3",)),
        ("- Paid $2,412 – 3 January 2026", ("3 January 2026",)),
        ("Paid $2,412 (day 3). Filed (days 2–4).", ()),
    ],
)
def test_stamps_are_taken_out_with_their_dates(text: str, dates: tuple[str, ...]) -> None:
    stated, stamps = split_stamps(text)
    assert stamps == dates
    assert "$2,412" in stated and "(" not in stated and "—" not in stated


def test_a_date_that_is_the_sentence_s_content_stays() -> None:
    for text in ("The deposit moved to January 4.", "It came in on Jan 3, 2026, as planned."):
        assert split_stamps(text) == (text, ())


def test_bold_labels_and_headings_are_lower_case_words() -> None:
    text = "## Key Takeaways\n\n- **People Involved:** Marguerite Oyelaran\n**Amount**: $2,412"
    assert plain_labels(text) == (
        "## key takeaways\n\n- **people involved:** Marguerite Oyelaran\n**amount**: $2,412"
    )
    # Bold that is not a label keeps its case (it may be a name).
    assert plain_labels("Paid by **Marguerite Oyelaran**.") == "Paid by **Marguerite Oyelaran**."


@pytest.mark.parametrize(
    "hedge",
    [
        "I'm not certain, but it seems",
        "I'm not sure, but I think",
        "I can't be sure, but it looks like",
        "If I'm reading the notes right,",
    ],
)
def test_a_hedge_before_a_statement_goes(hedge: str) -> None:
    assert strip_hedges(f"{hedge} the deposit was $2,412.").strip() == "the deposit was $2,412."


def test_a_bare_uncertainty_is_not_a_hedge() -> None:
    assert strip_hedges("I'm not sure.") == "I'm not sure."
    assert triple(judge("I'm not sure.")) == (0, 0, 1)


# ---------------------------------------------------------------------------------------------------
# The rubric's rules


@pytest.mark.parametrize("window", [None, 1])
def test_stamps_after_every_sentence_cost_nothing(window: int | None) -> None:
    answer = "The deposit came in at $2,412 (2026-01-03). Marguerite Oyelaran paid it — Jan 3."
    assert triple(judge(answer, window=window)) == (3, 2, 1)
    assert triple(judge("The deposit was $2,412 (day 3).", window=window)) == (3, 2, 1)


def test_a_right_date_cited_a_day_off_stays_right() -> None:
    qa = pair(DATE_Q, "January 3.")
    assert triple(judge("It came in on January 3 (2026-01-04).", qa)) == (3, 2, 1)
    assert triple(judge("It came in on January 3 — Jan 2.", qa, window=1)) == (3, 2, 1)


def test_a_wrong_date_rightly_cited_is_wrong() -> None:
    qa = pair(DATE_Q, "January 3.")
    for answer in ("It came in on January 4 (2026-01-03).", "On Jan 2 — Jan 3."):
        assert judge(answer, qa).correctness == 0, answer
    # Beside the right amount, a wrong date costs a step: never full correctness.
    qa = pair(DATE_Q, "$2,412 on January 3.")
    assert judge("$2,412 on January 2 (2026-01-03).", qa).correctness < 3


def test_a_stamp_is_the_date_only_where_the_answer_writes_none() -> None:
    qa = pair(DATE_Q, "January 3.")
    assert triple(judge("The deposit came in (2026-01-03).", qa)) == (3, 2, 1)
    # A stamp is never a conflicting value either.
    assert judge("The deposit came in (2026-01-04).", qa).correctness == 0
    assert "wrong" not in (judge("The deposit came in (2026-01-04).", qa).reasoning or "")


def test_a_stamp_naming_no_ingested_day_is_a_claim() -> None:
    score = judge("$2,412 (2026-02-20).")
    assert score.hallucination == 0 and "cited 02-20" in (score.reasoning or "")
    # Cited before it was ingested: not yet a memory.
    assert judge("$2,412 (2026-01-06).", cutoff=5).hallucination == 0
    assert judge("$2,412 (2026-01-06).").hallucination == 1


@pytest.mark.parametrize("window", [None, 0])
def test_bold_labels_are_not_names(window: int | None) -> None:
    answer = "- **People Involved:** Marguerite Oyelaran\n- **Key Amount:** $2,412"
    assert triple(judge(answer, window=window)) == (3, 2, 1)
    assert triple(judge("## Deposit Summary\n\n$2,412.", window=window)) == (3, 2, 1)


def test_a_hedged_yes_to_a_negative_question_is_not_an_abstention() -> None:
    qa = pair(
        "Did Bastien ever raise the sailing camp?",
        "No, it never came up.",
        category="negative-recall",
    )
    assert triple(judge("I'm not sure, but it seems Bastien raised it on Jan 4.", qa))[0] == 0
    # A hedged "no" is still a "no", and a plain uncertainty an abstention.
    assert triple(judge("I'm not certain, but it seems it never came up.", qa)) == (3, 2, 1)
    assert judge("I'm not sure.", qa).correctness == 3


def test_a_hedged_answer_scores_as_its_statement() -> None:
    assert triple(judge("I'm not certain, but it seems the deposit was $2,412.")) == (3, 2, 1)
    qa = pair(answer="$2,412, paid by Marguerite Oyelaran.")
    hedged = judge(
        "I'm not certain, but it seems Marguerite Oyelaran paid; I couldn't find the amount.", qa
    )
    plain = judge("Marguerite Oyelaran paid.", qa)
    assert triple(hedged) == triple(plain) and "missing $2,412" in (hedged.reasoning or "")


def test_a_hedged_negative_on_an_answerable_question_is_not_correct() -> None:
    answer = "I couldn't find the deposit amount; what I did find is that receipts were filed."
    assert judge(answer).correctness <= 1
    qa = pair(
        "Did the camp refund the deposit?",
        "No, nothing mentions a refund.",
        category="negative-recall",
    )
    assert triple(judge(answer.replace("deposit amount", "a refund"), qa)) == (3, 2, 1)


def test_window_a_quote_from_an_ingested_day_beside_a_right_answer_is_detail() -> None:
    quote = '"The Vantage contract renewed at $987,000 for two years"'
    right = judge(f"$2,412. Also in the notes: {quote}.", window=0)
    assert "unsupported: “the vantage" not in (right.reasoning or "")
    # Standing in for the answer, the same quote is outside what the window shows.
    wrong = judge(f"I think it was this: {quote}.", window=0)
    assert wrong.hallucination == 0


# ---------------------------------------------------------------------------------------------------
# Properties over the shipped executive assistant


@pytest.fixture(scope="module")
def ea() -> PersonaDataset:
    return load_persona(shipped_personas_dir(), "executive-assistant")


def _score(ds: PersonaDataset, qa: QAPair, answer: str, window: int | None) -> JudgeScore:
    context = build_context(qa, ds.days, 0, persona=ds.definition)
    # One judge per mode: its grounding index over the corpus is built once.
    rubric = _JUDGES.setdefault(window, RubricJudge(hallucination_window=window))
    return rubric.score_sync(qa.question, qa.answer, answer, context)


_JUDGES: dict[int | None, RubricJudge] = {}


@settings(max_examples=40, deadline=None)
@given(i=st.integers(0, 10_000), seed=st.integers(0, 2**16), window=st.sampled_from([None, 1]))
def test_stamping_and_labelling_never_move_a_reference(
    ea: PersonaDataset, i: int, seed: int, window: int | None
) -> None:
    pool = [p for p in probe_pool(ea) if p.relevant_days]
    qa = pool[i % len(pool)]
    days = [d for d in ea.days if d.number in set(qa.relevant_days)]
    if not days:
        return
    plain = _score(ea, qa, qa.answer, window)
    rng = random.Random(seed)
    for styled in (_stamped(qa.answer, days, rng), _labelled(qa.answer, rng)):
        score = _score(ea, qa, styled, window)
        assert score.composite >= plain.composite - 0.5, styled
        assert score.hallucination >= plain.hallucination, styled


@settings(max_examples=40, deadline=None)
@given(i=st.integers(0, 10_000), delta=st.sampled_from([-1, 1]))
def test_a_moved_date_never_keeps_full_correctness(ea: PersonaDataset, i: int, delta: int) -> None:
    pool = [p for p in probe_pool(ea) if p.relevant_days]
    qa = pool[i % len(pool)]
    moved, count = shift_dates(qa.answer, frozenset(extract_atoms(qa.question).date), delta, 2026)
    if not count:
        return
    assert _score(ea, qa, moved, None).correctness < 3, moved
