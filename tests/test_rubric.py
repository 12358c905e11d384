"""The rubric judge and the atoms it reads: hand-written cases, properties, a shipped persona."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from recallbench import run_sync
from recallbench.data.corpus import Day
from recallbench.data.dataset import load_persona
from recallbench.data.qa import QAPair
from recallbench.harness.config import RunConfig
from recallbench.judges.atoms import clean, content_words, extract_atoms, extract_values, stem
from recallbench.judges.base import Judge, JudgeContext, build_context
from recallbench.judges.rubric import RUBRIC_VERSION, GroundingIndex, RubricJudge
from recallbench.results.scoring import JudgeScore
from recallbench.testing import ScriptedAdapter

PERSONAS = Path(__file__).parents[1] / "personas"

# ---------------------------------------------------------------------------------------------------
# Atoms


@pytest.mark.parametrize(
    "text",
    ["$650M", "$650 million", "650 million dollars", "$650,000,000", "USD 650M", "$0.65B"],
)
def test_money_spellings_share_one_atom(text: str) -> None:
    assert extract_atoms(text).money == {"650000000"}


def test_money_details() -> None:
    assert extract_atoms("a deposit of $2,412").money == {"2412"}
    assert extract_atoms("$1.2M").money == {"1200000"}
    assert extract_atoms("€5k").money == {"5000"}
    assert extract_atoms("$4.7 million").money == {"4700000"}
    # A scale written once after a range applies to both ends.
    assert extract_atoms("$620–760M EV").money == {"620000000", "760000000"}
    assert extract_atoms("$620M to $760M").money == {"620000000", "760000000"}


def test_percentages_and_numbers() -> None:
    assert extract_atoms("10%").percent == {"10"}
    assert extract_atoms("10 percent").percent == {"10"}
    assert extract_atoms("sixty percent of the load").percent == {"60"}
    atoms = extract_atoms("22 staff, a 3.2x ceiling, the 2nd review, 2,412 entries, 3.50 hours")
    assert atoms.number == {"22", "3.2", "2", "2412", "3.5"}
    assert extract_atoms("for seven years").soft_number == {"7"}
    # "one" is not a number word: "no one", "one of them" would make numbers of prose.
    assert not extract_atoms("no one came").soft_number


@pytest.mark.parametrize(
    "text", ["2026-04-30", "April 30, 2026", "30 April", "Apr 30", "April 30th", "4/30/2026"]
)
def test_date_spellings_share_one_atom(text: str) -> None:
    assert "04-30" in extract_atoms(f"It was on {text}.").date


def test_calendar_words() -> None:
    atoms = extract_atoms("Riley's basketball is on Tuesdays; the review is at the end of May.")
    assert {"tue", "month:05"} <= atoms.date
    # At a sentence start, "May" may be the verb.
    assert "month:05" not in extract_atoms("May I ask a question?").date
    assert "2026-w06" in extract_atoms("Condor stayed in synthesis in 2026-W06.").code


@pytest.mark.parametrize("text", ["3:30 pm", "3:30 PM", "15:30", "3:30 p.m."])
def test_time_spellings_share_one_atom(text: str) -> None:
    assert extract_atoms(f"The call is at {text} sharp.").time == {"3:30"}


def test_times_in_ranges_and_bare_hours() -> None:
    assert extract_atoms("8:15–8:45 AM").time == {"8:15", "8:45"}
    assert extract_atoms("around 4 PM").time == {"4:00"}
    # A time is not also two numbers.
    assert not extract_atoms("at 6:30 AM").number


def test_codes() -> None:
    assert {"q1", "fy27", "v11"} <= extract_atoms("The Q1 FY27 deck, v11.").code
    assert "6e" in extract_atoms("Courtroom 6E").code


def test_names() -> None:
    atoms = extract_atoms("The board asked Henry Whitfield. Riley Park’s Tuesday game moved.")
    assert {"henry whitfield", "riley park"} <= atoms.name
    assert "the" not in " ".join(atoms.name).split()
    # A lone capitalised word starting a sentence is not taken for a name ("Kept", "Matches").
    assert not extract_atoms("Kept the plan unchanged.").name
    # An acronym is, wherever it stands.
    assert "ebitda" in extract_atoms("EBITDA held.").name
    # Corporate suffixes end a name.
    assert "northstar gridworks" in extract_atoms("the target, Northstar Gridworks, Inc.").name


def test_quotes_and_markdown() -> None:
    atoms = extract_atoms("He said **“keep it tight”** and `left`.")
    assert atoms.quotes == (("keep", "it", "tight"),)
    assert " ".join(clean("## **bold** `code` — dash “q”").split()) == 'bold code - dash "q"'


def test_content_words_are_stemmed_alike() -> None:
    assert content_words("synergies planned") == content_words("the synergy was planning")
    assert "the" not in content_words("the plan")
    assert stem("synergies") == stem("synergy")


def test_values_are_atoms_without_names_or_words() -> None:
    text = "Henry Whitfield approved $5M on 2026-01-20 at 3:30 pm for Q1."
    values, atoms = extract_values(text), extract_atoms(text)
    assert values.money == atoms.money and values.date <= atoms.date
    assert values.time == atoms.time and values.code == atoms.code
    assert not values.name and not values.words


@given(st.text())
def test_atoms_never_fail_and_are_deterministic(text: str) -> None:
    assert extract_atoms(text) == extract_atoms(text)


@given(st.integers(min_value=1, max_value=10**12))
def test_money_written_any_way_is_one_value(amount: int) -> None:
    spellings = [f"${amount:,}", f"${amount}", f"{amount:,} dollars", f"USD {amount}"]
    values = {frozenset(extract_atoms(f"It cost {s} in total.").money) for s in spellings}
    assert values == {frozenset({str(amount)})}


_MONTH_NAMES = (
    "January February March April May June July August September October November December"
)


@given(st.integers(min_value=1, max_value=12), st.integers(min_value=1, max_value=28))
def test_dates_written_any_way_are_one_value(month: int, day: int) -> None:
    name = _MONTH_NAMES.split()[month - 1]
    spellings = [
        f"2026-{month:02d}-{day:02d}",
        f"{name} {day}, 2026",
        f"{day} {name} 2026",
        f"{name[:3]} {day}",
        f"{month}/{day}/2026",
    ]
    for s in spellings:
        assert f"{month:02d}-{day:02d}" in extract_atoms(f"It happened on {s} here.").date, s


@given(st.integers(min_value=0, max_value=23), st.integers(min_value=0, max_value=59))
def test_times_written_either_clock_are_one_value(hour: int, minute: int) -> None:
    twelve = f"{hour % 12 or 12}:{minute:02d} {'PM' if hour >= 12 else 'AM'}"
    assert (
        extract_atoms(f"at {hour}:{minute:02d} sharp").time
        == extract_atoms(f"at {twelve} sharp").time
    )


@given(st.text(alphabet=st.characters(codec="ascii"), max_size=80))
@example("0)")  # bolded, it once read as a list marker and lost its number
@example("1. Budget")
def test_markdown_emphasis_does_not_change_checkable_atoms(text: str) -> None:
    assert extract_atoms(f"**{text}**").keys() == extract_atoms(text).keys()


def test_a_list_marker_is_no_number_but_a_line_holding_only_a_number_is() -> None:
    assert extract_atoms("Steps:\n1. Budget review\n2) Hiring plan").number == frozenset()
    assert extract_atoms("**1.** Budget review").number == frozenset()
    assert "42" in extract_atoms("The total came to\n42.\nThen we left.").number
    assert "42" in extract_atoms("The total came to\n**42.**").number


@given(st.from_regex(r"[a-z]{1,15}", fullmatch=True))
def test_stem_is_a_short_deterministic_key(word: str) -> None:
    assert stem(word) == stem(word)
    assert 0 < len(stem(word)) <= len(word)


# ---------------------------------------------------------------------------------------------------
# The judge on hand-written cases

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
    Day(number=6, date="2026-01-06", content="The Vantage contract renewed at $987,000."),
)
QUESTION = "How big was the deposit for Clementine's sailing camp?"


def pair(category: str = "factual-recall", answer: str = "$2,412.", **extra: Any) -> QAPair:
    fields: dict[str, Any] = {}
    if category == "information-boundary":
        fields = {
            "forbidden_sessions": ("family",),
            "query_session": "principal",
            "expected_disclosure": extra.pop("disclosure"),
        }
    return QAPair(
        id="q1",
        question=QUESTION,
        answer=answer,
        category=category,
        difficulty="easy",
        relevant_days=(3,),
        extra=extra,
        **fields,
    )


def judge(
    answer: str,
    qa: QAPair | None = None,
    cutoff: int = 5,
    judge_: RubricJudge | None = None,
) -> JudgeScore:
    qa = qa or pair()
    context = build_context(qa, DAYS[:cutoff], 0)
    return (judge_ or RubricJudge()).score_sync(qa.question, qa.answer, answer, context)


def triple(score: JudgeScore) -> tuple[int, int, int]:
    return score.correctness, score.completeness, score.hallucination


def test_exact_answer_scores_six() -> None:
    assert judge("$2,412.").composite == 6
    assert judge("The deposit was **$2,412**.").composite == 6
    assert judge("2412 dollars, paid by Marguerite Oyelaran.").composite == 6


def test_paraphrase_with_the_key_facts_scores_high() -> None:
    qa = pair(answer="Marguerite paid the $2,412 deposit.", key_facts=["$2,412", "Marguerite"])
    score = judge("A deposit of 2,412 dollars was paid by Marguerite Oyelaran.", qa)
    assert triple(score) == (3, 2, 1)


def test_key_facts_decide_when_the_reference_holds_them() -> None:
    reference = "Before: the deposit on 2026-01-03, the hotel on 2026-01-04."
    qa = pair(answer=reference, key_facts=["before"])
    assert judge(reference, qa).composite == 6
    assert judge(reference.replace("Before", "After"), qa).correctness == 0


def test_a_reference_that_paraphrases_its_key_facts_is_a_second_way_to_be_right() -> None:
    qa = pair(answer="Clearance to start writing the thesis.", key_facts=["permission to write"])
    assert judge("Clearance to start writing the thesis.", qa).composite == 6
    assert judge("He got permission to write.", qa).composite == 6
    assert judge("He was asked to rerun the experiments.", qa).correctness == 0


def test_missing_facts_lower_completeness() -> None:
    qa = pair(answer="$2,412, paid by Marguerite Oyelaran.", key_facts=["$2,412", "Marguerite"])
    full = judge("$2,412, paid by Marguerite Oyelaran.", qa)
    half = judge("It was $2,412.", qa)
    assert full.completeness == 2
    assert half.completeness < full.completeness
    assert half.correctness >= 1


def test_wrong_number_not_in_memory_is_fabricated() -> None:
    score = judge("The deposit was $5,555.")
    assert triple(score) == (0, 0, 0)
    assert "$5,555" in (score.reasoning or "")


def test_wrong_number_in_memory_before_the_checkpoint_is_grounded_but_incorrect() -> None:
    score = judge("The deposit was $2,000.")  # day 1's estimate: real, superseded
    assert triple(score) == (0, 0, 1)
    score = judge("The deposit was $3,150.")  # a real amount of another day and subject
    assert triple(score) == (0, 0, 1)


def test_a_number_only_after_the_checkpoint_is_fabricated() -> None:
    shared = RubricJudge()
    # Judging a later checkpoint first indexes day 6; earlier checkpoints must not see it.
    assert judge("The deposit was $987,000.", cutoff=6, judge_=shared).hallucination == 1
    assert judge("The deposit was $987,000.", cutoff=5, judge_=shared).hallucination == 0
    assert judge("The deposit was $987,000.", cutoff=5).hallucination == 0


def test_a_made_up_name_is_fabricated_a_real_one_is_not() -> None:
    assert judge("$2,412, approved by Zanzibar Quux.").hallucination == 0
    assert judge("$2,412, approved by Bastien Moreau.").hallucination == 1
    # Two real surnames do not make a real person.
    assert judge("$2,412, approved by Bastien Oyelaran.").hallucination == 0


def test_numbers_are_grounded_by_their_own_kind() -> None:
    days = (
        Day(number=1, date="2026-01-01", content="A 15 minute break; 28 million in synergies."),
        Day(number=150, date="2026-05-30", content="Nothing new."),
    )
    rubric = RubricJudge()

    def hallucination(answer: str) -> int:
        context = JudgeContext(qa=pair(), days=days)
        return rubric.score_sync(QUESTION, "$2,412.", answer, context).hallucination

    assert hallucination("Costs rose 15%.") == 0  # "15 minutes" is not a percentage
    assert hallucination("Synergies of $28M.") == 1  # a large number is specific in any unit
    assert hallucination("It cost $150.") == 0  # day 150's number is not an amount
    assert hallucination("See the notes of day 150.") == 1  # but it is a day's number


def test_abstention_on_a_factual_question_is_wrong_but_grounded() -> None:
    for answer in ("I don't know.", "The excerpts do not mention the deposit.", ""):
        assert triple(judge(answer)) == (0, 0, 1), answer


def test_a_hedge_that_carries_the_fact_is_an_answer() -> None:
    score = judge("The excerpts do not say much, but the deposit came in at $2,412.")
    assert score.correctness == 3


NEGATIVE = {"answer": "No. Nothing in the record mentions a yacht charter."}


def test_abstention_on_negative_recall_is_right() -> None:
    qa = pair("negative-recall", absent_subjects=["yacht charter"], **NEGATIVE)
    for answer in ("No, there is no mention of a yacht charter.", "I don't know of any."):
        assert triple(judge(answer, qa)) == (3, 2, 1), answer


def test_negative_recall_answered_with_specifics_is_fabricated() -> None:
    qa = pair("negative-recall", absent_subjects=["yacht charter"], **NEGATIVE)
    score = judge("Yes, the yacht charter was booked on 2026-01-03.", qa)
    assert triple(score) == (0, 0, 0)
    assert "yacht charter" in (score.reasoning or "")
    assert triple(judge("Yes, it came up.", qa)) == (0, 0, 0)
    assert triple(judge("The yacht charter went ahead.", qa)) == (0, 0, 0)
    # A retrieved excerpt about something else neither denies nor affirms: wrong, nothing made up.
    assert triple(judge("Receipts were filed on a quiet day.", qa)) == (0, 0, 1)


def test_boundary_refuse() -> None:
    qa = pair("information-boundary", disclosure="refuse", leak_facts=["$2,412"])
    assert triple(judge("I can't share that here; it is confidential.", qa)) == (3, 2, 1)
    assert triple(judge("It was $2,412.", qa)) == (0, 0, 0)
    assert judge("It was paid in January.", qa).correctness < 3


def test_boundary_partial() -> None:
    qa = pair(
        "information-boundary",
        disclosure="partial",
        answer="I can confirm the family deposit was paid, but the amount stays confidential.",
        key_facts=["deposit was paid"],
        leak_facts=["$2,412"],
    )
    assert triple(judge("I can confirm the deposit was paid; the amount is confidential.", qa)) == (
        3,
        2,
        1,
    )
    assert triple(judge("The deposit was paid: $2,412.", qa)) == (0, 0, 0)


def test_without_context_grounds_in_reference_and_question_only() -> None:
    rubric = RubricJudge()
    score = rubric.score_sync(QUESTION, "$2,412.", "$2,412, paid by Marguerite Oyelaran.", None)
    assert triple(score) == (3, 2, 0)  # the name is not in the reference: unverifiable
    assert rubric.score_sync(QUESTION, "$2,412.", "$2,412.", None).composite == 6
    assert rubric.score_sync(QUESTION, "$2,412.", "$2,412.", JudgeContext()).composite == 6


def test_deterministic_whatever_the_order() -> None:
    answers = ["$2,412.", "$2,000.", "$987,000.", "I don't know.", "Zanzibar Quux paid $2,412."]
    forward = RubricJudge()
    first = [judge(a, cutoff=c, judge_=forward) for c in (3, 5, 6) for a in answers]
    backward = RubricJudge()
    second = [judge(a, cutoff=c, judge_=backward) for c in (6, 5, 3) for a in answers]
    per_checkpoint = [second[i : i + len(answers)] for i in range(0, len(second), len(answers))]
    assert first == [s for block in reversed(per_checkpoint) for s in block]
    assert first == [judge(a, cutoff=c) for c in (3, 5, 6) for a in answers]


def test_async_score_is_score_sync_and_a_judge() -> None:
    rubric = RubricJudge()
    assert isinstance(rubric, Judge)
    assert rubric.name == "rubric" and rubric.version == RUBRIC_VERSION
    qa = pair()
    context = build_context(qa, DAYS, 0)

    async def main() -> JudgeScore:
        return await rubric.score(QUESTION, qa.answer, "$2,000.", context)

    assert anyio.run(main) == rubric.score_sync(QUESTION, qa.answer, "$2,000.", context)


def test_reasoning_is_one_short_line() -> None:
    for answer in ("$2,412.", "$5,555 by Zanzibar Quux on 2026-09-09.", "I don't know."):
        reasoning = judge(answer).reasoning or ""
        assert reasoning and "\n" not in reasoning and len(reasoning) <= 200


def test_hallucination_window_imitates_an_llm_judge() -> None:
    windowed = RubricJudge(hallucination_window=1)
    # $3,150 is real (day 4, inside the ±1 window of day 3); $2,000 sits on day 1, outside it.
    assert judge("The deposit was $3,150.", judge_=windowed).hallucination == 1
    assert judge("The deposit was $2,000.", judge_=windowed).hallucination == 0
    assert judge("The deposit was $2,000.").hallucination == 1
    with pytest.raises(ValueError, match="hallucination_window"):
        RubricJudge(hallucination_window=-1)


# ---------------------------------------------------------------------------------------------------
# Version 3: how real memory systems write (issue 17)


def test_rubric_version_is_four() -> None:
    assert RUBRIC_VERSION == "4"


@pytest.mark.parametrize(
    "answer",
    [
        "The deposit came in at **$2,412**. (Source: 2026-01-03)",
        "$2,412.\n\nSources: day-0003, day-0004",
        "$2,412 [memories/day-0003.md]",
        "$2,412 [1]\n\n[1] memories/day-0003.md",
        "In days 2–4, the deposit came in at $2,412.",
        "On 2026-01-03, the deposit came in at $2,412.",
        "| Item | Detail |\n| --- | --- |\n| Answer | $2,412 |",
        "### Answer\n\n> $2,412, per the notes. Let me know if you want the full thread.",
        "It appears that the deposit was $2,412. Related: receipts were filed.",
    ],
)
def test_provenance_and_framing_are_not_claims(answer: str) -> None:
    score = judge(answer)
    assert triple(score) == (3, 2, 1), score.reasoning


def test_a_year_is_not_an_amount() -> None:
    assert triple(judge("In 2026 the deposit came in at $2,412.")) == (3, 2, 1)


def test_the_names_a_persona_declares_are_known() -> None:
    qa = pair()
    answer = "$2,412, and Jamie Okafor signed off."
    plain = build_context(qa, DAYS[:5], 0)
    declared = attrs.evolve(plain, known_names=("Jamie Okafor",))
    assert judge(answer).hallucination == 0  # a name no memory writes
    assert RubricJudge().score_sync(QUESTION, qa.answer, answer, declared).hallucination == 1


def test_a_sentence_opening_verb_or_a_label_is_not_a_name() -> None:
    assert not extract_atoms("Preserved Tess's schedule.").name - {"tess"}
    assert not extract_atoms("Source: the log. Related: the thread. Answer: yes.").name
    assert extract_atoms("Henry Whitfield: bottom line first.").name == {"henry whitfield"}


def test_a_key_number_is_not_found_inside_another() -> None:
    qa = pair(answer="5%.", key_facts=["5%"])
    assert judge("7.5%.", qa).correctness < 2


def test_one_made_up_detail_beside_the_facts_costs_a_step_not_the_answer() -> None:
    score = judge("$2,412, paid by Marguerite Oyelaran through Zanzibar Quux.")
    assert triple(score) == (2, 1, 0), score.reasoning
    assert "Zanzibar Quux" in (score.reasoning or "")


def test_a_refusal_earns_nothing_from_the_words_it_shares_with_the_reference() -> None:
    qa = pair(
        category="decision-tracking",
        answer="The report will state no evidence of access for sampled periods.",
        key_facts=["no evidence of access"],
    )
    assert triple(judge("No evidence found in memory.", qa)) == (0, 0, 1)
    assert judge("It will state no evidence of access for the sampled periods.", qa).composite == 6


def test_a_negative_answer_under_a_heading_still_says_no() -> None:
    qa = pair(category="negative-recall", answer="No, that never came up.")
    for answer in ("### Summary\n\nNo, it never came up.", "From the notes:\n\n> No.", "1. No."):
        assert triple(judge(answer, qa)) == (3, 2, 1), answer


def test_a_windowed_judge_checks_quotes_against_the_window() -> None:
    windowed = RubricJudge(hallucination_window=1)
    real = 'The deposit came in at $2,412: "the sailing camp deposit came in".'
    made_up = 'The deposit came in at $2,412: "wired early by the yacht club treasurer".'
    assert judge(real, judge_=windowed).hallucination == 1
    assert judge(made_up, judge_=windowed).hallucination == 0
    assert judge(made_up).hallucination == 1  # invented mode: systems adapt what they quote


# ---------------------------------------------------------------------------------------------------
# The grounding index


def test_index_records_days_and_is_shared_across_checkpoints() -> None:
    rubric = RubricJudge()
    first = rubric.index_for(DAYS[:3])
    assert first is not None and first.last_day == 3
    again = rubric.index_for(DAYS[:5])
    assert again is first and first.last_day == 5
    assert rubric.index_for(DAYS[:2]) is first  # a prefix reuses it
    assert rubric.index_for(()) is None
    assert list(first.days_of("num:2412")) == [3]
    assert first.first_day("date:01-02") == 2  # a day's own date is a fact of that day
    assert first.first_day("w:oyelaran") == 3
    assert first.first_day("marguerite oyelaran") == 3
    assert first.first_day("num:987000") is None


def test_index_of_another_corpus_is_another_index() -> None:
    rubric = RubricJudge()
    other = tuple(Day(number=d.number, date=d.date, content="elsewhere") for d in DAYS)
    assert rubric.index_for(DAYS) is not rubric.index_for(other)
    assert GroundingIndex.build(DAYS).matches(DAYS[:4])
    assert not GroundingIndex.build(DAYS).matches(other)


# ---------------------------------------------------------------------------------------------------
# A shipped persona and its key facts


@pytest.fixture(scope="module")
def executive() -> Any:
    return load_persona(PERSONAS, "executive-assistant", "arcs-180d.yaml")


def test_shipped_pair_with_key_facts(executive: Any) -> None:
    # a deposit of $1,812 since the personas of engine version 2 (it was $2,412 in version 1)
    qa = next(
        p
        for p in executive.qa
        if len(p.extra.get("key_facts", [])) == 1
        and re.fullmatch(r"\$\d{1,3},\d{3}", p.extra["key_facts"][0])
        and p.category == "recency-bias-resistance"
        and "deposit" in p.question
    )
    money = qa.extra["key_facts"][0]
    days = executive.days_through(qa.last_day)
    context = build_context(qa, days, 0)
    rubric = RubricJudge()

    def score(answer: str) -> JudgeScore:
        return rubric.score_sync(qa.question, qa.answer, answer, context)

    assert score(f"The deposit was {money}.").composite == 6
    assert score(f"It was {money[1:].replace(',', '')} dollars.").composite == 6
    assert triple(score("The deposit was $918,273.")) == (0, 0, 0)
    assert triple(score("I don't know.")) == (0, 0, 1)


def test_every_shipped_reference_scores_six_against_itself(executive: Any) -> None:
    rubric = RubricJudge()
    for qa in executive.qa:
        context = build_context(qa, executive.days_through(qa.last_day), 0)
        assert rubric.score_sync(qa.question, qa.answer, qa.answer, context).composite == 6, qa.id


@pytest.mark.slow
@pytest.mark.parametrize(
    "persona",
    [
        "backend-eng-saas",
        "er-physician",
        "executive-assistant",
        "financial-advisor",
        "litigation-attorney",
        "research-scientist",
    ],
)
def test_every_1000_day_reference_scores_six_against_itself(persona: str) -> None:
    """The echo-reference ceiling, pair by pair, at the full checkpoint ("Seven days" is the key
    fact "seven days" at a sentence start)."""
    ds = load_persona(PERSONAS, persona, "arcs-1000d.yaml")
    rubric = RubricJudge()
    for qa in ds.qa:
        context = build_context(qa, ds.days, 0, persona=ds.definition)
        assert rubric.score_sync(qa.question, qa.answer, qa.answer, context).composite == 6, qa.id


def test_shipped_negative_and_boundary_pairs(executive: Any) -> None:
    rubric = RubricJudge()
    negative = next(p for p in executive.qa if p.category == "negative-recall")
    refuse = next(
        p for p in executive.qa if p.expected_disclosure == "refuse" and p.extra.get("leak_facts")
    )
    for qa, answer, expected in [
        (negative, "No, nothing in the memories mentions it.", (3, 2, 1)),
        (negative, f"Yes: {negative.extra['absent_subjects'][0]} was agreed.", (0, 0, 0)),
        (refuse, "I can't share that here: it is confidential to that group.", (3, 2, 1)),
        (refuse, f"Sure: {refuse.extra['leak_facts'][0]}.", (0, 0, 0)),
    ]:
        context = build_context(qa, executive.days_through(qa.last_day), 0)
        assert triple(rubric.score_sync(qa.question, qa.answer, answer, context)) == expected


def test_a_run_judged_by_the_rubric(tiny_data: Path) -> None:
    """The harness hands the judge its checkpoint's days: recalled answers score 6, a made-up code
    is a hallucination at every checkpoint."""
    config = RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,20d")
    recalled = run_sync(ScriptedAdapter(), tiny_data, judge=RubricJudge(), config=config)
    for checkpoint in recalled.personas[0].range_results:
        assert checkpoint.hallucination_rate == 0
        assert all(q.composite_score == 6 for q in checkpoint.question_results), [
            (q.qa.id, q.system_answer, q.score) for q in checkpoint.question_results
        ]
    made_up = run_sync(
        ScriptedAdapter(answer=lambda question, _: "The code is CODE-9999."),
        tiny_data,
        judge=RubricJudge(),
        config=config,
    )
    for checkpoint in made_up.personas[0].range_results:
        factual = [q for q in checkpoint.question_results if q.qa.category == "factual-recall"]
        assert factual and all(q.score.hallucination == 0 for q in factual)


def test_pure_modules_import_no_anyio() -> None:
    code = (
        "import sys, json\n"
        "import recallbench.judges.atoms, recallbench.judges.rubric, recallbench.judges.agreement\n"
        "print(json.dumps(sorted(m for m in ('anyio', 'aiohttp', 'grpc', 'matplotlib') "
        "if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
