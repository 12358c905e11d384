"""The judge-probe extra-detail probes (issue 45): each true to its kind — a true detail from a day
outside the evidence, the same detail invented, citations and markdown, dates written another way,
a hedged wrong value — and the rubric judge ordering them as it should, with and without the claim
check in the window mode."""

from __future__ import annotations

import difflib
import re

import anyio
import pytest

from recallbench.data.corpus import PersonaDataset
from recallbench.data.dataset import load_persona, shipped_personas_dir
from recallbench.judges.atoms import extract_atoms, extract_values
from recallbench.judges.probe import Probe, battery
from recallbench.judges.probe_extras import EXTRA_KINDS
from recallbench.judges.probe_facts import CorpusFacts
from recallbench.judges.probe_report import ORDERINGS, TRUE_EXTRA_KINDS
from recallbench.judges.probe_run import run_probe
from recallbench.judges.probe_styles import reword_dates
from recallbench.judges.rubric import RubricJudge

PERSONA = "executive-assistant"


@pytest.fixture(scope="module")
def ds() -> PersonaDataset:
    return load_persona(shipped_personas_dir(), PERSONA)


@pytest.fixture(scope="module")
def facts(ds: PersonaDataset) -> CorpusFacts:
    return CorpusFacts.of(ds)


@pytest.fixture(scope="module")
def probes(ds: PersonaDataset) -> tuple[Probe, ...]:
    return battery([ds], sample=40, seed=7)


def of_kind(probes: tuple[Probe, ...], kind: str) -> list[Probe]:
    found = [p for p in probes if p.kind == kind]
    assert found, f"no {kind} probe in the sample"
    return found


def keys(text: str) -> set[str]:
    atoms = extract_values(text)
    out = {f"num:{v}" for v in atoms.numeric_values()}
    for kind in ("money", "percent", "date", "time", "code"):
        out.update(f"{kind}:{v}" for v in getattr(atoms, kind))
    return out


def added_sentence(p: Probe) -> str:
    """The sentence a distant-extra or invented-extra probe adds after the reference and its intro."""
    rest = p.answer[len(p.pair.answer.strip().rstrip(".")) :].lstrip(". ")
    return re.sub(r"^(The notes also mention:|Related:|Also noted:|For context:)\s*", "", rest)


def test_distant_extra_adds_a_true_sentence_from_beyond_the_evidence(
    ds: PersonaDataset, probes: tuple[Probe, ...]
) -> None:
    by_number = {d.number: d for d in ds.days}
    for p in of_kind(probes, "distant-extra"):
        assert p.answer.startswith(p.pair.answer.strip().rstrip("."))
        sentence = added_sentence(p).rstrip(".")
        holding = [d.number for d in ds.days if sentence in d.content]
        evidence = {d + s for d in p.pair.relevant_days for s in (-1, 0, 1)}
        assert holding and not set(holding) & evidence, (p.pair.id, sentence)
        shown = keys(f"{p.pair.question} {p.pair.answer}")
        for n in evidence & set(by_number):
            shown |= keys(by_number[n].content)
        assert keys(sentence) - shown, "it adds a detail the evidence days do not hold"
        assert p.should_be_correct is True and p.should_be_flagged is False


def test_invented_extra_is_the_distant_sentence_with_one_detail_found_nowhere(
    facts: CorpusFacts, probes: tuple[Probe, ...]
) -> None:
    distant = {p.pair.id: added_sentence(p) for p in of_kind(probes, "distant-extra")}
    for p in of_kind(probes, "invented-extra"):
        true, made_up = distant[p.pair.id].split(), added_sentence(p).split()
        edits = [
            op
            for op in difflib.SequenceMatcher(a=true, b=made_up).get_opcodes()
            if op[0] != "equal"
        ]
        assert len(edits) == 1 and edits[0][0] == "replace", edits  # one detail replaced
        _, _, _, lo, hi = edits[0]
        invented = " ".join(made_up[lo:hi]).strip(".,;:")
        assert not facts.mentions(invented), invented
        assert p.should_be_flagged is True


def test_cited_extra_is_markdown_with_footnotes_naming_memory_files(
    probes: tuple[Probe, ...],
) -> None:
    for p in of_kind(probes, "cited-extra"):
        assert p.answer.startswith("## Answer\n\n**")
        assert re.search(r"\*\* \[1\]\n\n- .+ \[2\]\n\n\[1\] memories/day-\d{4}\.md\n", p.answer)
        assert re.search(r"\[2\] memories/day-\d{4}\.md$", p.answer)
        cited = int(re.findall(r"day-(\d{4})", p.answer)[0])
        assert cited == p.pair.relevant_days[0]


def test_date_reworded_names_the_same_days_in_other_words(probes: tuple[Probe, ...]) -> None:
    for p in of_kind(probes, "date-reworded"):
        reference = p.pair.answer.strip()
        assert p.answer != reference
        assert extract_atoms(p.answer).date >= {
            v for v in extract_atoms(reference).date if v[:1].isdigit()
        }
        assert keys(p.answer) - {k for k in keys(p.answer) if k.startswith("num:")} >= {
            k for k in keys(reference) if k.startswith("date:")
        }


def test_reword_dates_keeps_the_day() -> None:
    assert reword_dates("Approved on 2026-03-04.", frozenset(), 2026) == (
        "Approved on Wednesday, March 4, 2026.",
        1,
    )
    assert reword_dates("Due March 4 and April 1.", frozenset(), 2026) == (
        "Due 2026-03-04 and 2026-04-01.",
        2,
    )
    assert reword_dates("On Wednesday, 2026-03-04", frozenset(), 2026)[0] == (
        "On Wednesday, March 4, 2026"
    )
    assert reword_dates("Due March 4.", frozenset({"03-04"}), 2026) == ("Due March 4.", 0)


def test_hedged_wrong_is_the_wrong_value_behind_a_hedge(probes: tuple[Probe, ...]) -> None:
    wrong = {p.pair.id: p.answer for p in of_kind(probes, "wrong-value")}
    for p in of_kind(probes, "hedged-wrong"):
        assert p.answer.startswith(("I'm not certain, but it seems", "I can't be sure, but it"))
        body = p.answer.split(" ", 6)[-1]
        assert wrong[p.pair.id][1:] in p.answer or body[1:] in wrong[p.pair.id]
        assert p.should_be_correct is False


def test_extra_kinds_have_their_orderings() -> None:
    named = {k for o in ORDERINGS for k in o.kinds}
    assert set(EXTRA_KINDS) <= named
    assert set(TRUE_EXTRA_KINDS) < set(EXTRA_KINDS)


def _verdicts(judge: RubricJudge, ds: PersonaDataset) -> dict[str, str]:
    async def main() -> dict[str, str]:
        report = await run_probe(judge, [ds], sample=20, seed=0)
        return {o.name: o.verdict for o in report.orderings}

    return anyio.run(main)


EXTRA_ORDERINGS = [o.name for o in ORDERINGS if set(o.kinds) & set(EXTRA_KINDS)]


def test_the_rubric_judge_orders_the_extra_probes(ds: PersonaDataset) -> None:
    """Every extra-detail ordering holds as shipped (``invented``: every ingested day grounds) and
    in the window mode with the claim check; in the window mode without it, the true extras are
    flagged like invented ones. The check makes no other ordering worse."""
    shipped = _verdicts(RubricJudge(), ds)
    assert "violated" not in shipped.values(), shipped
    window = _verdicts(RubricJudge(hallucination_window=1), ds)
    checked = _verdicts(RubricJudge(hallucination_window=1, claim_days=3), ds)
    assert {n: checked[n] for n in EXTRA_ORDERINGS} == dict.fromkeys(EXTRA_ORDERINGS, "held")
    assert window["distant-extra ≥ verbatim"] == "violated"
    assert window["distant-extra > invented-extra"] == "violated"
    assert window["cited-extra ≥ verbatim"] == "violated"
    assert window["true extras not flagged"] == "violated"
    assert window["invented-extra flagged"] == "held"
    for name, verdict in window.items():
        assert checked[name] in ("held", verdict), name
