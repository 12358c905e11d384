"""The judge-probe style probes (issue 33.6): each true to its kind — many grounded details drawn
from the evidence days, a date stamp after every sentence, bold labels, a citation one day off, dates
moved a day, hedged, hedged-partial and hedged-negative answers."""

from __future__ import annotations

import re

import pytest

from recallbench.data.corpus import PersonaDataset
from recallbench.data.dataset import load_persona, shipped_personas_dir
from recallbench.judges.answer_form import split_stamps
from recallbench.judges.atoms import extract_atoms
from recallbench.judges.probe import Probe, battery
from recallbench.judges.probe_styles import MIN_DETAILS, shift_dates

PERSONA = "executive-assistant"


@pytest.fixture(scope="module")
def ds() -> PersonaDataset:
    return load_persona(shipped_personas_dir(), PERSONA)


@pytest.fixture(scope="module")
def probes(ds: PersonaDataset) -> tuple[Probe, ...]:
    return battery([ds], sample=40, seed=7)


def of_kind(probes: tuple[Probe, ...], kind: str) -> list[Probe]:
    found = [p for p in probes if p.kind == kind]
    assert found, f"no {kind} probe in the sample"
    return found


def test_many_details_adds_five_or_more_real_sentences(
    ds: PersonaDataset, probes: tuple[Probe, ...]
) -> None:
    corpus = "\n".join(d.content for d in ds.days)
    for p in of_kind(probes, "many-details"):
        assert p.pair.answer.strip() in p.answer
        details = [line[2:] for line in p.answer.splitlines() if line.startswith("- ")]
        assert len(details) >= MIN_DETAILS
        near = {d + s for d in p.pair.relevant_days for s in (-1, 0, 1)}
        days = "\n".join(d.content for d in ds.days if d.number in near)
        assert all(s in days and s in corpus for s in details)


def test_stamped_cites_a_relevant_day_after_every_sentence(probes: tuple[Probe, ...]) -> None:
    for p in of_kind(probes, "stamped"):
        _, stamps = split_stamps(p.answer)
        n_sentences = len(re.split(r"(?<=[.!?])\s+(?=[A-Z\"“(])", p.pair.answer.strip()))
        cited_days = len(re.findall(r"\(day \d+\)", p.answer))
        assert len(stamps) + cited_days + p.answer.count("[day ") >= n_sentences, p.answer


def test_stamp_off_cites_the_day_next_to_the_evidence(
    ds: PersonaDataset, probes: tuple[Probe, ...]
) -> None:
    dates = {d.date: d.number for d in ds.days}
    for p in of_kind(probes, "stamp-off"):
        m = re.search(r"day (\d+)|(\d{4}-\d{2}-\d{2})", p.answer[len(p.pair.answer.strip()) - 2 :])
        if m is None:
            continue  # a month-day stamp ("— Mar 4")
        day = int(m[1]) if m[1] else dates[m[2]]
        assert day not in p.pair.relevant_days
        assert min(abs(day - d) for d in p.pair.relevant_days) == 1


def test_date_off_moves_every_date_the_question_does_not_give(probes: tuple[Probe, ...]) -> None:
    for p in of_kind(probes, "date-off"):
        stated, _ = split_stamps(p.answer)
        ref = {v for v in extract_atoms(p.pair.answer).date if v[:1].isdigit()}
        given = extract_atoms(p.pair.question).date
        ans = {v for v in extract_atoms(stated).date if v[:1].isdigit()}
        assert (ref - given) and not (ref - given) & ans, p.answer


def test_shift_dates_keeps_each_format() -> None:
    text = "From 2026-02-28 to March 1, 2026; then 31st December 2025 and Apr 30."
    moved, count = shift_dates(text, frozenset({"04-30"}), 1, 2026)
    assert count == 3
    assert moved == "From 2026-03-01 to March 2, 2026; then 1st January 2026 and Apr 30."
    assert shift_dates("2028-03-01", frozenset(), -1, 2026) == ("2028-02-29", 1)


def test_labelled_opens_every_line_with_a_bold_label(probes: tuple[Probe, ...]) -> None:
    for p in of_kind(probes, "labelled"):
        assert all(re.match(r"- \*\*[A-Z][\w ]+:\*\* \S", line) for line in p.answer.splitlines())


def test_hedged_kinds(probes: tuple[Probe, ...]) -> None:
    for p in of_kind(probes, "hedged"):
        assert p.pair.category != "negative-recall"
        assert p.answer.endswith(p.pair.answer.strip()[1:])
    for p in of_kind(probes, "hedged-partial"):
        assert "I couldn't find" in p.answer
        removed = [
            f for f in p.pair.extra.get("key_facts", ()) if f.casefold() in p.answer.casefold()
        ]
        assert len(removed) < len(p.pair.extra.get("key_facts", ()))
    negative = [p for p in of_kind(probes, "hedged-negative") if p.should_be_correct]
    assert negative and all(p.pair.category == "negative-recall" for p in negative)
    for p in of_kind(probes, "hedged-negative"):
        found = p.answer.split(";", 1)[1]
        if p.pair.category != "negative-recall":
            assert not extract_atoms(found).keys() & extract_atoms(p.pair.answer).keys()
