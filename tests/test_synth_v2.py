"""Engine version 2's devices: relative time that pins one day, recurring errands and their changes,
questions worded away from the log, and routine lines without connectives."""

from __future__ import annotations

import functools
import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data.matching import contains, normalize
from recallbench.generation.synth import SHIPPED, SynthPersona, load_domain, synthesize
from recallbench.generation.synth.anchors import Anchor, relative_to
from recallbench.generation.synth.prose import refer_back, vary_subject
from recallbench.generation.synth.recurring import MIN_GAP
from recallbench.generation.synth.rng import Rng
from recallbench.generation.synth.text import COLON_LEADS, LEADS


@functools.cache
def persona(pid: str) -> SynthPersona:
    return synthesize(load_domain(pid), 240, 7)


# ---------------------------------------------------------------- relative time


def _fits(phrase: str, anchor: int, day: int, others: list[int]) -> list[int]:
    """The days among ``day`` and ``others`` that ``phrase`` (about an anchor on ``anchor``) fits."""
    days = sorted({day, *others})
    if phrase.startswith("on the day"):
        return [d for d in days if d == anchor]
    if m := re.match(r"(the day|two days) (before|after) ", phrase):
        step = 1 if m.group(1) == "the day" else 2
        return [
            d for d in days if d == (anchor - step if m.group(2) == "before" else anchor + step)
        ]
    if phrase.startswith("in the week before"):
        return [d for d in days if anchor - 7 <= d <= anchor - 1]
    if phrase.startswith("in the week after"):
        return [d for d in days if anchor + 1 <= d <= anchor + 7]
    if phrase.startswith("the first time after"):
        return [d for d in days if d >= anchor][:1]
    if phrase.startswith("the last time before"):
        return [d for d in days if d < anchor][-1:]
    raise AssertionError(f"unknown phrase {phrase!r}")


@given(
    day=st.integers(30, 300),
    anchor_days=st.lists(st.integers(1, 400), max_size=12),
    others=st.lists(st.integers(1, 400), max_size=10),
)
def test_a_relative_phrase_pins_exactly_its_day(
    day: int, anchor_days: list[int], others: list[int]
) -> None:
    others = [d for d in others if d != day]
    anchors = [Anchor(d, f"event {i}", "principal") for i, d in enumerate(anchor_days)]
    pinned = relative_to(day, anchors, others)
    if pinned is None:
        return
    phrase, anchor = pinned
    assert phrase.endswith(anchor.phrase)
    assert _fits(phrase, anchor.day, day, others) == [day]


def test_relative_phrases_read_naturally() -> None:
    learn = Anchor(50, "the day Ana finished the course", "principal")
    assert relative_to(51, [learn], []) == ("the day after Ana finished the course", learn)
    assert relative_to(50, [learn], []) == ("on the day Ana finished the course", learn)
    start = Anchor(40, "the start of the move", "principal")
    assert relative_to(45, [start], [90]) == ("in the week after the start of the move", start)
    assert relative_to(60, [start], [50]) is None  # the first time after it was day 50


# ---------------------------------------------------------------- prose


def test_refer_back_turns_a_named_thing_into_a_pronoun_after_a_preposition() -> None:
    assert (
        refer_back("I booked {value} for {thing} today.", "the review")
        == "I booked {value} for it today."
    )
    assert refer_back("The vendor quoted {value} for {thing}.", "pelvic binders") == (
        "The vendor quoted {value} for them."
    )
    assert refer_back("{thing} renews on {value}.", "the seat") == "{thing} renews on {value}."


def test_vary_subject_writes_a_diary_line_either_way() -> None:
    seen = {vary_subject("I filed the receipts.", Rng(s)) for s in range(20)}
    assert seen == {"I filed the receipts.", "Filed the receipts."}
    seen = {vary_subject("Declined two invitations.", Rng(s)) for s in range(20)}
    assert seen == {"Declined two invitations.", "I declined two invitations."}
    assert vary_subject("Nothing came in.", Rng(1)) == "Nothing came in."


@pytest.mark.parametrize("pid", list(SHIPPED))
def test_no_routine_line_opens_with_a_connective(pid: str) -> None:
    openers = tuple(LEADS + COLON_LEADS)
    p = persona(pid)
    lines = [
        x for t in p.day_texts for x in t.splitlines() if x and not x.startswith(("#", "-", ">"))
    ]
    assert not [x for x in lines if x.startswith(openers)][:3]


# ---------------------------------------------------------------- errands and their lookalikes


@pytest.mark.parametrize("pid", list(SHIPPED))
def test_errands_recur_with_other_values_and_change(pid: str) -> None:
    p = persona(pid)
    uses: dict[tuple[str, str], list[int]] = {}
    changes = notes = 0
    for day, items in sorted(p.schedule.errands.items()):
        topics = [e.errand.topic for e in items if not e.note]
        assert len(topics) == len(set(topics)), f"day {day}: one kind of errand twice"
        for e in items:
            if e.note:
                notes += 1
            elif e.first is not None:
                changes += 1
                assert 1 <= e.day - e.first <= 4 and e.previous != e.value
            else:
                uses.setdefault((e.errand.topic, e.thing), []).append(day)
    for days in uses.values():
        assert all(b - a >= MIN_GAP for a, b in itertools.pairwise(days))
    assert max(len(d) for d in uses.values()) >= 2
    assert changes and notes


# ---------------------------------------------------------------- the questions


@pytest.mark.parametrize("pid", list(SHIPPED))
def test_questions_ask_by_role_and_description(pid: str) -> None:
    d = load_domain(pid)
    p = persona(pid)
    relationships = [a for a in p.schedule.arcs if a.type == "relationship"]
    asked = [q["question"] for q in p.questions]
    for arc in relationships:
        # the log names the person; no question about them does
        assert not [q for q in asked if contains(normalize(q), arc.participants[0])]
    described = [a for _, a in d.thing_asks]
    assert any(a in q for q in asked for a in described)
    assert any(q.startswith("Most recently, ") for q in asked)


@pytest.mark.parametrize("pid", list(SHIPPED))
def test_stale_questions_end_before_the_next_use(pid: str) -> None:
    """A first use asked without a date is asked only until the thing is logged again."""
    p = persona(pid)
    for q in p.questions:
        stale = q.get("irrelevant_after")
        if stale is not None:
            assert max(q["relevant_days"]) <= stale


def test_decisions_give_their_reasons_days_later() -> None:
    p = persona("executive-assistant")
    spread = [a for a in p.schedule.arcs if "rationale" in a.beats.values()]
    assert spread
    for arc in spread:
        day = {k: d for d, k in arc.beats.items()}
        assert 1 <= day["rationale"] - day["resolution"] <= 3
    reasons = [
        c
        for a in spread
        for c in a.candidates(p.schedule.world)
        if c.question.startswith("What reason")
    ]
    assert len(reasons) == len(spread)
    assert all(len(c.days) == 2 and c.requires_synthesis for c in reasons)
