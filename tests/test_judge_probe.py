"""The judge-probe battery: probes deterministic per seed and true to their kind, the report's numbers
and ordering verdicts against judges of known behaviour, and the ``judge-probe`` command end to end
(the rubric judge in process; an LLM judge over a real loopback provider server, with its cache)."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench import cli
from recallbench.cli import judge_probe
from recallbench.data.corpus import PersonaDataset
from recallbench.data.dataset import load_persona, shipped_personas_dir
from recallbench.data.qa import QAPair
from recallbench.judges.atoms import content_words, extract_atoms, extract_values
from recallbench.judges.base import JudgeContext
from recallbench.judges.probe import (
    PROBE_KINDS,
    Probe,
    ProbeOutcome,
    battery,
    probe_pool,
    probe_rng,
    sample_pairs,
)
from recallbench.judges.probe_facts import CorpusFacts
from recallbench.judges.probe_report import (
    ABOUT_TOLERANCE,
    ABOVE_MARGIN,
    AT_LEAST_SLACK,
    ORDERINGS,
    probe_report,
)
from recallbench.judges.probe_run import run_probe
from recallbench.judges.probe_text import ABSTENTIONS, paraphrase
from recallbench.judges.restyle import STYLE_GROUPS
from recallbench.results.scoring import JudgeScore
from recallbench.testing import ScriptedJudge
from recallbench.testing.providers import FakeProviderServer, RecordedRequest

ROOT = Path(__file__).resolve().parents[1]
PERSONA = "executive-assistant"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


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


def test_probe_building_and_report_modules_are_pure() -> None:
    modules = ("probe", "probe_text", "probe_facts", "probe_report")
    code = (
        "import sys; "
        + "; ".join(f"import recallbench.judges.{m}" for m in modules)
        + "; print(','.join(m for m in ('anyio', 'aiohttp', 'grpc', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# ---------------------------------------------------------------------------------------------------
# Sampling and determinism


def test_probes_are_deterministic_per_seed_and_differ_across_seeds(ds: PersonaDataset) -> None:
    first = battery([ds], sample=12, seed=1)
    again = battery([ds], sample=12, seed=1)
    other = battery([ds], sample=12, seed=2)
    assert [(p.kind, p.pair.id, p.answer) for p in first] == [
        (p.kind, p.pair.id, p.answer) for p in again
    ]
    assert [p.answer for p in first] != [p.answer for p in other]
    # Same pairs, another seed: the seeded kinds still change their answers.
    pair = first[0].pair
    assert (
        probe_rng(1, pair.id, "paraphrase").random() != probe_rng(2, pair.id, "paraphrase").random()
    )


def test_sample_is_stratified_negative_recall_first_and_askable(ds: PersonaDataset) -> None:
    pairs = sample_pairs(ds, 20, seed=0)
    assert len(pairs) == len({p.id for p in pairs}) == 20
    assert pairs[0].category == "negative-recall"
    counts = Counter(p.category for p in pairs)
    assert set(counts.values()) == {2}  # ten categories, two each
    pool = {p.id for p in probe_pool(ds)}
    assert {p.id for p in pairs} <= pool
    assert all(
        p.expected_disclosure == "answer" for p in pairs if p.category == "information-boundary"
    )
    assert sample_pairs(ds, 20, seed=0) == pairs
    assert sample_pairs(ds, 20, seed=1) != pairs


def test_every_kind_is_built_and_carries_its_expectations(probes: tuple[Probe, ...]) -> None:
    assert {p.kind for p in probes} == set(PROBE_KINDS)
    expected = {
        "verbatim": (True, False),
        "paraphrase": (True, False),
        "restyled": (True, False),
        "grounded-extra": (True, False),
        "partial": (None, False),
        "fabricated": (None, True),
        "wrong-value": (False, None),
        "vague": (False, False),
        "confident-yes": (False, True),
        "many-details": (True, False),
        "stamped": (True, False),
        "labelled": (True, False),
        "stamp-off": (True, False),
        "hedged": (True, False),
        "hedged-partial": (None, False),
        "distant-extra": (True, False),
        "invented-extra": (None, True),
        "cited-extra": (True, False),
        "date-reworded": (True, False),
        "hedged-wrong": (False, None),
    }
    for p in probes:
        if p.kind in ("abstention", "hedged-negative"):
            assert p.should_be_correct == (p.pair.category == "negative-recall")
            assert p.should_be_flagged is False
        elif p.kind == "date-off":
            assert p.should_be_correct in (False, None) and p.should_be_flagged is None
        else:
            assert (p.should_be_correct, p.should_be_flagged) == expected[p.kind], p.kind
        assert p.persona_id == PERSONA
        assert p.answer.strip()


# ---------------------------------------------------------------------------------------------------
# Each kind has the property it claims


def test_verbatim_is_the_reference(probes: tuple[Probe, ...]) -> None:
    assert all(p.answer == p.pair.answer.strip() for p in of_kind(probes, "verbatim"))


def test_paraphrase_keeps_every_atom_and_changes_the_wording(probes: tuple[Probe, ...]) -> None:
    for p in of_kind(probes, "paraphrase"):
        assert extract_atoms(p.pair.answer).keys() <= extract_atoms(p.answer).keys(), p.answer
        assert p.answer != p.pair.answer


def test_paraphrase_rules() -> None:
    rng = probe_rng(0, "q", "paraphrase")
    # ';' clauses reverse, table words change, a leading "No." stays in front.
    out = paraphrase("No. Nothing mentions it; the team approved nothing.", rng)
    assert out.startswith("No. ")
    assert "group signed off on nothing; Nothing mentions it." in out
    # A short fact gets the "It was" frame.
    assert paraphrase("$2,412.", rng) == "It was $2,412."
    # Sequenced sentences keep their order; a trailing parenthesis becomes a sentence.
    told = paraphrase("He joined. Then he left.", rng)
    assert told.index("joined") < told.index("left")
    assert paraphrase("5% (it was 7.5% before).", rng).endswith("5%. It was 7.5% before.")
    # Capitalised words and compounds are never swapped.
    assert "large-cap" in paraphrase("Funded from US large-cap and Team Rocket.", rng)
    assert "Team Rocket" in paraphrase("Funded from US large-cap and Team Rocket.", rng)


_WORDS = st.sampled_from(
    ["approved", "the", "team", "budget", "moved", "while", "customers", "objected to", "rule"]
)
_ATOMS = st.sampled_from(
    ["$2,412", "$1.2M", "15%", "April 30, 2026", "3:30 pm", "INC-4421", "Henry Whitfield", "42"]
)


@given(
    st.lists(
        st.lists(st.one_of(_WORDS, _ATOMS), min_size=1, max_size=8).map(" ".join),
        min_size=1,
        max_size=4,
    ),
    st.sampled_from(["; ", ". "]),
    st.integers(0, 2**16),
)
def test_paraphrase_never_loses_an_atom(clauses: list[str], sep: str, seed: int) -> None:
    reference = sep.join(clauses) + "."
    out = paraphrase(reference, probe_rng(seed, "q", "paraphrase"))
    assert extract_atoms(reference).keys() <= extract_atoms(out).keys()
    assert out != reference


def test_restyled_combines_two_to_four_groups(probes: tuple[Probe, ...]) -> None:
    group_of = {name: g for g, names in STYLE_GROUPS.items() for name in names}
    for p in of_kind(probes, "restyled"):
        assert 2 <= len(p.styles) <= 4
        assert len({group_of[s] for s in p.styles}) == len(p.styles)
        assert p.answer != p.pair.answer


def test_grounded_extra_adds_real_sentences_of_the_relevant_days(
    probes: tuple[Probe, ...], ds: PersonaDataset
) -> None:
    days = {d.number: d.content for d in ds.days}
    for p in of_kind(probes, "grounded-extra"):
        reference = p.pair.answer.strip().rstrip(".")
        assert p.answer.startswith(reference)
        added = p.answer[len(reference) :]
        relevant = " ".join(days[d] for d in p.pair.relevant_days)
        # At least one stretch of 30 characters of what was added is quoted from those days.
        assert any(added[i : i + 30] in relevant for i in range(len(added) - 30)), p.answer


def test_partial_removes_about_half_the_key_facts(probes: tuple[Probe, ...]) -> None:
    for p in of_kind(probes, "partial"):
        facts = p.pair.extra["key_facts"]
        assert 1 <= len(p.removed) < len(facts)
        assert len(p.removed) >= len(facts) / 2  # at most half are kept
        for fact in p.removed:
            assert fact.casefold() not in p.answer.casefold()
        assert len(p.answer) < len(p.pair.answer)


def test_fabricated_detail_is_nowhere_in_the_corpus_nor_the_names(
    probes: tuple[Probe, ...], ds: PersonaDataset, facts: CorpusFacts
) -> None:
    corpus = "\n".join(d.content for d in ds.days).casefold()
    names = " ".join(ds.definition.declared_names()).casefold()
    kinds = set()
    for p in of_kind(probes, "fabricated"):
        assert p.invented is not None
        detail = p.invented
        assert detail.casefold() not in corpus and detail.casefold() not in names
        assert not facts.mentions(detail)
        assert p.answer.startswith(p.pair.answer.strip().rstrip("."))
        added = extract_atoms(p.answer).keys() - extract_atoms(p.pair.answer).keys()
        assert added == extract_atoms(detail).keys() != frozenset()
        kinds.add(p.note.split()[1])
    assert kinds == {"name", "amount", "code"}


def test_corpus_facts_find_what_the_corpus_says(ds: PersonaDataset, facts: CorpusFacts) -> None:
    cast = ds.definition.persona.cast[0].name
    assert facts.mentions(cast)
    assert facts.mentions(cast.split()[-1] + " Quillonby")  # a real surname makes a name known
    amount = next(iter(facts.literals["money"]))
    assert facts.mentions(amount)
    assert not facts.mentions("Quillon Vellington")


def test_wrong_value_differs_from_the_reference_in_exactly_the_swapped_atom(
    probes: tuple[Probe, ...],
) -> None:
    kinds = set()
    for p in of_kind(probes, "wrong-value"):
        assert p.swap is not None
        old, new = p.swap
        reference = p.pair.answer
        before = re.findall(r"\w+|[^\w\s]|\s+", reference)
        after = re.findall(r"\w+|[^\w\s]|\s+", p.answer)
        changes = [
            ("".join(before[i1:i2]), "".join(after[j1:j2]))
            for tag, i1, i2, j1, j2 in SequenceMatcher(
                a=before, b=after, autojunk=False
            ).get_opcodes()
            if tag != "equal"
        ]
        assert changes, p.answer
        for removed, added in changes:  # every difference lies inside the swapped literals
            assert removed in old and added in new, (reference, p.answer, changes)
        kind = p.note.split()[0]
        kinds.add(kind)
        if kind != "name":
            old_value = getattr(extract_values(old), kind)
            assert old_value and getattr(extract_values(new), kind)
            assert not old_value & getattr(extract_values(p.answer), kind)
        else:
            assert old not in p.answer
        assert old.casefold() in " ".join(p.pair.extra["key_facts"]).casefold()
    assert len(kinds) >= 3


def test_vague_has_no_atoms_but_the_question_s_topic(
    probes: tuple[Probe, ...], ds: PersonaDataset
) -> None:
    names = [n.casefold() for n in ds.definition.declared_names()]
    for p in of_kind(probes, "vague"):
        atoms = extract_atoms(p.answer)
        assert atoms.keys() == frozenset() and not atoms.soft_number, p.answer
        assert not any(ch.isdigit() for ch in p.answer)
        text = p.answer.casefold()
        assert not [n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)]
        assert content_words(p.answer) & content_words(p.pair.question)


def test_abstention_and_confident_yes(probes: tuple[Probe, ...]) -> None:
    assert {p.answer for p in of_kind(probes, "abstention")} <= set(ABSTENTIONS)
    for p in of_kind(probes, "confident-yes"):
        assert p.pair.category == "negative-recall"
        assert p.answer.startswith("Yes. ")
        assert p.pair.extra["absent_subjects"][0] in p.answer
        assert re.search(r"\b20\d\d\b", p.answer)  # a specific date
    assert all(p.pair.category == "negative-recall" for p in of_kind(probes, "confident-yes"))


# ---------------------------------------------------------------------------------------------------
# The report: exact numbers and verdicts


def _pair(pid: str, category: str = "factual-recall") -> QAPair:
    return QAPair(
        id=pid,
        question="Q?",
        answer="A.",
        category=category,
        difficulty="easy",
        relevant_days=(1,),
    )


def _outcome(kind: str, pair: QAPair, score: tuple[int, int, int] | None) -> ProbeOutcome:
    probe = Probe(
        kind=kind,
        persona_id="p",
        pair=pair,
        answer="x",
        should_be_correct=pair.category == "negative-recall" if kind == "abstention" else None,
        should_be_flagged=None,
    )
    if score is None:
        return ProbeOutcome(probe=probe, error="RuntimeError: boom")
    c, k, h = score
    return ProbeOutcome(
        probe=probe, score=JudgeScore(correctness=c, completeness=k, hallucination=h)
    )


def _verdicts(outcomes: list[ProbeOutcome]) -> dict[str, str]:
    report = probe_report(outcomes, judge="t", seed=0, sample=1)
    return {o.name: o.verdict for o in report.orderings}


def test_report_numbers_hand_computed() -> None:
    a, b, neg = _pair("a"), _pair("b"), _pair("n", "negative-recall")
    outcomes = [
        _outcome("verbatim", a, (3, 2, 1)),
        _outcome("verbatim", b, (2, 1, 1)),
        _outcome("verbatim", neg, None),
        _outcome("fabricated", a, (3, 2, 0)),
        _outcome("fabricated", b, (1, 0, 1)),
        _outcome("abstention", a, (0, 0, 1)),
        _outcome("abstention", neg, (3, 2, 1)),
    ]
    report = probe_report(outcomes, judge="t", seed=3, sample=2)
    kinds = {k.kind: k for k in report.kinds}
    assert [k.kind for k in report.kinds] == ["verbatim", "fabricated", "abstention"]
    assert (kinds["verbatim"].n, kinds["verbatim"].errors) == (2, 1)
    assert kinds["verbatim"].mean_composite == pytest.approx(5.0)
    assert kinds["verbatim"].share_correct == 1.0
    assert kinds["fabricated"].mean_composite == pytest.approx(3.5)
    assert kinds["fabricated"].share_correct == 0.5
    assert kinds["fabricated"].share_flagged == 0.5
    assert (report.pairs, report.probes, report.errors) == (3, 7, 1)
    assert list(report.by_category) == ["factual-recall", "negative-recall"]
    checks = {o.name: o for o in report.orderings}
    assert checks["fabricated flagged"].verdict == "held"  # 50% is enough
    assert checks["fabricated flagged"].figures == {"flagged": 0.5}
    abstention = checks["abstention right only where it should be"]
    assert abstention.figures == {"negativeCorrect": 1.0, "answerableCorrect": 0.0}
    assert abstention.verdict == "held"
    assert checks["verbatim ≥ restyled"].verdict == "untested"
    data = report.to_json()
    assert data["kinds"]["verbatim"] == {
        "n": 2,
        "errors": 1,
        "meanComposite": 5.0,
        "shareCorrect": 1.0,
        "shareFlagged": 0.0,
    }
    assert data["held"] + data["violated"] + data["untested"] == len(ORDERINGS)
    json.dumps(data, allow_nan=False)


_BY_COMPOSITE = {6: (3, 2, 1), 5: (3, 1, 1), 4: (2, 1, 1), 3: (1, 1, 1), 1: (0, 0, 1), 0: (0, 0, 0)}


@pytest.mark.parametrize(
    ("name", "left", "right", "verdict"),
    [
        # A ≥ B: held down to mean(A) = mean(B) − 0.25.
        ("verbatim ≥ restyled", [6, 6, 6, 5], [6], "held"),
        ("verbatim ≥ restyled", [6, 5], [6], "violated"),
        # A ≈ B: held while |mean(A) − mean(B)| ≤ 0.75.
        ("restyled ≈ paraphrase", [6, 6, 6, 3], [6], "held"),
        ("restyled ≈ paraphrase", [6], [6, 6, 6, 3], "held"),
        ("restyled ≈ paraphrase", [5], [6], "violated"),
        # A > B: held from mean(A) − mean(B) = 0.5.
        ("paraphrase > partial", [6], [6, 5], "held"),
        ("paraphrase > partial", [6], [6, 6, 6, 5], "violated"),
        ("vague ≈ wrong-value", [1], [], "untested"),
    ],
)
def test_comparison_thresholds(name: str, left: list[int], right: list[int], verdict: str) -> None:
    kinds = re.split(r" [≥≈>] ", name)
    outcomes = [
        _outcome(kind, _pair(f"{kind}-{i}"), _BY_COMPOSITE[c])
        for kind, side in zip(kinds, (left, right), strict=True)
        for i, c in enumerate(side)
    ]
    assert _verdicts(outcomes)[name] == verdict
    assert (AT_LEAST_SLACK, ABOUT_TOLERANCE, ABOVE_MARGIN) == (0.25, 0.75, 0.5)


def _sound(kind: str, negative: bool) -> JudgeScore:
    scores = {
        "verbatim": (3, 2, 1),
        "paraphrase": (3, 2, 1),
        "restyled": (3, 2, 1),
        "grounded-extra": (3, 2, 1),
        "partial": (2, 1, 1),
        "fabricated": (3, 2, 0),
        "wrong-value": (0, 0, 1),
        "vague": (0, 0, 1),
        "abstention": (3, 2, 1) if negative else (0, 0, 1),
        "confident-yes": (0, 0, 0),
        "many-details": (3, 2, 1),
        "stamped": (3, 2, 1),
        "labelled": (3, 2, 1),
        "stamp-off": (3, 2, 1),
        "date-off": (1, 1, 1),
        "hedged": (3, 2, 1),
        "hedged-partial": (2, 1, 1),
        "hedged-negative": (3, 2, 1) if negative else (0, 0, 1),
        "distant-extra": (3, 2, 1),
        "invented-extra": (2, 1, 0),
        "cited-extra": (3, 2, 1),
        "date-reworded": (3, 2, 1),
        "hedged-wrong": (0, 0, 1),
    }
    c, k, h = scores[kind]
    return JudgeScore(correctness=c, completeness=k, hallucination=h)


def _fooled(kind: str, negative: bool) -> JudgeScore:
    """A judge fooled by confidence: anything that is not an abstention is right and grounded."""
    if kind in ("abstention", "hedged-negative"):
        return JudgeScore(correctness=0, completeness=0, hallucination=1)
    return JudgeScore(correctness=3, completeness=2, hallucination=1)


def _judge_by_kind(ds: PersonaDataset, seed: int, rule: Any, **kw: Any) -> ScriptedJudge:
    by_answer = {(p.pair.id, p.answer): p.kind for p in battery([ds], sample=10, seed=seed)}

    def scorer(question: str, reference: str, answer: str, context: Any) -> JudgeScore:
        assert isinstance(context, JudgeContext) and context.qa is not None
        assert context.days and context.known_names  # judged as in a run
        kind = by_answer[(context.qa.id, answer)]
        return rule(kind, context.qa.category == "negative-recall")

    return ScriptedJudge(scorer, **kw)


@pytest.mark.anyio
async def test_runner_with_a_sound_judge_holds_every_ordering(ds: PersonaDataset) -> None:
    judge = _judge_by_kind(ds, 5, _sound)
    report = await run_probe(judge, [ds], sample=10, seed=5, parallelism=3)
    assert report.errors == 0 and report.pairs == 10
    assert len(judge.calls) == report.probes
    kinds = {k.kind: k for k in report.kinds}
    assert kinds["verbatim"].mean_composite == 6.0
    assert kinds["partial"].mean_composite == 4.0
    assert kinds["fabricated"].share_flagged == 1.0 and kinds["fabricated"].share_correct == 1.0
    assert kinds["vague"].mean_composite == 1.0 and kinds["vague"].share_correct == 0.0
    assert kinds["confident-yes"].mean_composite == 0.0
    assert any(c[3].qa.category == "negative-recall" for c in judge.calls)
    assert {o.name: o.verdict for o in report.orderings} == {o.name: "held" for o in ORDERINGS}


@pytest.mark.anyio
async def test_runner_with_a_fooled_judge_violates_orderings(ds: PersonaDataset) -> None:
    report = await run_probe(_judge_by_kind(ds, 5, _fooled), [ds], sample=10, seed=5)
    verdicts = {o.name: o.verdict for o in report.orderings}
    assert verdicts == {
        "verbatim ≥ restyled": "held",
        "verbatim ≥ paraphrase": "held",
        "verbatim ≥ grounded-extra": "held",
        "restyled ≈ paraphrase": "held",
        "restyled > partial": "violated",
        "paraphrase > partial": "violated",
        "partial > vague": "violated",
        "partial > wrong-value": "violated",
        "vague ≈ wrong-value": "held",
        "fabricated flagged": "violated",
        "confident-yes flagged": "violated",
        "grounded not flagged": "held",
        "abstention right only where it should be": "violated",
        "many-details ≥ verbatim": "held",
        "many-details > fabricated": "violated",
        "stamped ≥ verbatim": "held",
        "labelled ≥ verbatim": "held",
        "stamp-off ≥ verbatim": "held",
        "verbatim > date-off": "violated",
        "stamp-off > date-off": "violated",
        "date-off never fully correct": "violated",
        "hedged > wrong-value": "violated",
        "hedged-partial ≥ partial": "held",
        "hedged-partial > vague": "violated",
        "hedged-negative right only where it should be": "violated",
        "styled grounded not flagged": "held",
        "distant-extra ≥ verbatim": "held",
        "distant-extra > invented-extra": "violated",
        "invented-extra flagged": "violated",
        "cited-extra ≥ verbatim": "held",
        "date-reworded ≥ verbatim": "held",
        "date-reworded > date-off": "violated",
        "hedged > hedged-wrong": "violated",
        "hedged-wrong ≈ wrong-value": "held",
        "true extras not flagged": "held",
    }


@pytest.mark.anyio
async def test_judge_failures_are_counted_not_fatal(ds: PersonaDataset) -> None:
    pairs = sample_pairs(ds, 4, seed=0)
    failing = pairs[1].question
    judge = _judge_by_kind(ds, 0, _sound, fail_on=[failing])
    report = await run_probe(judge, [ds], sample=4, seed=0)
    failed = sum(1 for c in judge.calls if c[0] == failing)
    assert failed > 0 and report.errors == failed
    assert sum(k.errors for k in report.kinds) == failed
    assert sum(k.n for k in report.kinds) == report.probes - failed


# ---------------------------------------------------------------------------------------------------
# The command


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> Any:
    assert judge_probe in cli._COMMANDS

    def run(*argv: str) -> tuple[int, str, str]:
        code = cli.main(["judge-probe", *argv])
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


def test_command_rubric_text_and_json(run_cli: Any) -> None:
    argv = ("--judge", "rubric", "--personas", PERSONA, "--sample", "6", "--seed", "3")
    code, out, err = run_cli(*argv)
    assert code == 0, err
    assert "judge rubric · 1 persona · 6 pairs" in out
    for kind in ("verbatim", "paraphrase", "fabricated", "abstention", "confident-yes"):
        assert re.search(rf"^{kind}\s+\d+\s+\d\.\d\d", out, re.M), kind
    assert re.search(r"^\s+(held|violated)\s+fabricated flagged", out, re.M)
    code, out, err = run_cli(*argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["judge"] == "rubric" and data["pairs"] == 6 and data["seed"] == 3
    assert data["personas"] == [PERSONA]
    assert next(iter(data["kinds"])) == "verbatim"
    assert data["kinds"]["verbatim"]["meanComposite"] > data["kinds"]["vague"]["meanComposite"]
    assert [o["name"] for o in data["orderings"]] == [o.name for o in ORDERINGS]
    assert {o["verdict"] for o in data["orderings"]} <= {"held", "violated", "untested"}
    assert "usage" not in data  # the rubric judge calls no model


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--judge", "rubric", "--personas", "nobody"], "--personas: nobody not in"),
        (["--judge", "rubric", "--data", "/nonexistent/dir"], "data directory not found"),
        (["--judge", "no.such.module", "--personas", PERSONA], "no.such.module"),
        (["--judge", "rubric", "--personas", PERSONA, "--arcs", "arcs-7d.yaml"], "arcs-7d.yaml"),
    ],
)
def test_command_bad_input_is_one_line_and_exit_2(
    run_cli: Any, argv: list[str], message: str
) -> None:
    code, _, err = run_cli(*argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("value", ["0", "-3", "many"])
def test_command_bad_sample_exits_2(capsys: pytest.CaptureFixture[str], value: str) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["judge-probe", "--judge", "rubric", "--sample", value])
    assert exc.value.code == 2
    assert "--sample" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------------
# An LLM judge through the command, against a real loopback server speaking the OpenAI API


def containment_grader(request: RecordedRequest) -> str:
    """A fake LLM judge: correct and grounded when the system answer contains the reference (case
    and a final full stop aside), else wrong and grounded. Not a model: it reads the prompt."""
    user = (request.json or {}).get("messages", [{}])[-1].get("content", "")
    reference = re.search(r"REFERENCE ANSWER:\n(.*?)\n\nSYSTEM ANSWER:", user, re.S)
    answer = re.search(r"SYSTEM ANSWER:\n(.*?)\n\n", user, re.S)
    ref = reference.group(1).strip().rstrip(".").casefold() if reference else "\0"
    found = answer is not None and ref in answer.group(1).casefold()
    score = (3, 2, 1) if found else (0, 0, 1)
    return json.dumps(
        dict(zip(("correctness", "completeness", "hallucination"), score, strict=True))
    )


async def _cli(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    result = await anyio.run_process(
        [sys.executable, "-m", "recallbench", *args], env=env, check=False
    )
    return (
        result.returncode,
        result.stdout.decode("utf-8", "replace"),
        result.stderr.decode("utf-8", "replace"),
    )


@pytest.mark.anyio
@pytest.mark.slow
async def test_command_llm_judge_is_cached_across_runs(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k and "AZURE" not in k}
    env["PYTHONPATH"] = str(ROOT)
    env["RECALLBENCH_CACHE_DIR"] = str(tmp_path / "user-cache")  # never the real user cache
    async with FakeProviderServer(containment_grader) as server:
        spec = f"openai:fake-judge;{server.url}/v1"
        args = ["judge-probe", "--judge", spec, "--personas", PERSONA, "--sample", "4", "--json"]
        code, out, err = await _cli(args, env)
        assert code == 0, err
        first = json.loads(out)
        calls = len(server.requests)
        assert calls == first["probes"] == first["usage"]["calls"] > 0
        assert first["usage"]["cacheMisses"] == first["probes"]
        assert first["kinds"]["verbatim"]["meanComposite"] == 6.0
        assert first["kinds"]["abstention"]["shareCorrect"] == 0.0
        assert (tmp_path / "user-cache" / "judge").is_dir()  # run's default cache directory

        code, out, err = await _cli(args, env)
        assert code == 0, err
        again = json.loads(out)
        assert len(server.requests) == calls  # not one model call
        assert again["usage"]["calls"] == 0
        assert again["usage"]["cacheHits"] == again["probes"]
        assert again["kinds"] == first["kinds"] and again["orderings"] == first["orderings"]

        code, out, err = await _cli([*args[:-1], "--no-judge-cache"], env)
        assert code == 0, err
        assert "judge usage:" in out and len(server.requests) == 2 * calls


def test_an_empty_report_is_untested_and_json_safe() -> None:
    report = probe_report([], judge="t", seed=0, sample=0)
    assert all(o.verdict == "untested" for o in report.orderings)
    assert all(
        v is None or not math.isnan(v)
        for o in report.to_json()["orderings"]
        for v in o["figures"].values()
    )
