"""Metamorphic tests of the rubric judge: the same content in another style scores the same; the same
answer with one key atom swapped for another value of its kind scores lower.

Styles are the ones real memory systems write in (:mod:`recallbench.judges.restyle`): markdown,
provenance citations, framing, grounded extra detail. The restyled answers are the references of the
shipped personas and of the reference project's persona, and the answers of the reference run that
its LLM judge scored 6. Targets (issue 17): composite within 0.5 and the same hallucination verdict in
at least 98% of cases, singly and combined; a swapped key atom drops the composite.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data.corpus import PersonaDataset
from recallbench.data.dataset import load_persona, shipped_personas_dir
from recallbench.data.qa import QAPair
from recallbench.judges.base import JudgeContext, build_context
from recallbench.judges.probe_facts import CorpusFacts, wrong_value
from recallbench.judges.restyle import ALL_STYLES, STYLE_GROUPS, StyleContext, restyle
from recallbench.judges.rubric import RubricJudge
from recallbench.results.scoring import JudgeScore

SHIPPED = (
    ("executive-assistant", "arcs-180d.yaml"),
    ("backend-eng-saas", "arcs-1000d.yaml"),
    ("litigation-attorney", "arcs-1000d.yaml"),
)
PAIRS_PER_PERSONA = 60
COMBINATIONS_PER_PAIR = 4
FORMATTING = tuple(STYLE_GROUPS["formatting"])


@pytest.fixture(scope="module")
def judge() -> RubricJudge:
    return RubricJudge()


@pytest.fixture(scope="module")
def shipped() -> dict[str, PersonaDataset]:
    root = shipped_personas_dir()
    return {pid: load_persona(root, pid, arcs) for pid, arcs in SHIPPED}


def _context(ds: PersonaDataset, pair: QAPair) -> JudgeContext:
    # The full checkpoint: every day of the corpus ingested, as at the `full` range.
    return build_context(pair, ds.days, 0, persona=ds.definition)


def _variants(rng: random.Random) -> Iterator[tuple[str, ...]]:
    """Every style alone, then random combinations of two to five."""
    for style in ALL_STYLES:
        yield (style,)
    for _ in range(COMBINATIONS_PER_PAIR):
        yield tuple(rng.sample(ALL_STYLES, rng.randint(2, 5)))


def _sample(ds: PersonaDataset, n: int, seed: int) -> list[QAPair]:
    pairs = list(ds.qa)
    random.Random(seed).shuffle(pairs)
    return pairs[:n]


class Tally:
    """How many restyled answers kept their composite (within 0.5) and their verdict."""

    def __init__(self) -> None:
        self.n = self.within = self.same_verdict = 0
        self.misses: list[str] = []

    def add(self, base: JudgeScore, styled: JudgeScore, label: str) -> None:
        self.n += 1
        close = abs(styled.composite - base.composite) <= 0.5
        same = styled.hallucination == base.hallucination
        self.within += close
        self.same_verdict += same
        if not (close and same) and len(self.misses) < 10:
            self.misses.append(
                f"{label}: {base.composite} -> {styled.composite} ({styled.reasoning})"
            )

    def check(self, floor: float = 0.98) -> None:
        assert self.n > 0
        assert self.within / self.n >= floor, self.misses
        assert self.same_verdict / self.n >= floor, self.misses


def _restyle_all(
    judge: RubricJudge,
    ds: PersonaDataset,
    pairs: Sequence[QAPair],
    answers: Sequence[str],
    seed: int,
) -> Tally:
    tally = Tally()
    rng = random.Random(seed)
    for pair, answer in zip(pairs, answers, strict=True):
        context = _context(ds, pair)
        base = judge.score_sync(pair.question, pair.answer, answer, context)
        style_context = StyleContext.for_pair(pair, ds.days)
        for styles in _variants(rng):
            text = restyle(answer, style_context, styles, seed=rng.randrange(1 << 30))
            styled = judge.score_sync(pair.question, pair.answer, text, context)
            tally.add(base, styled, f"{pair.id} {'+'.join(styles)}")
    return tally


@pytest.mark.slow
@pytest.mark.parametrize(("pid", "arcs"), SHIPPED, ids=[pid for pid, _ in SHIPPED])
def test_restyled_references_of_the_shipped_personas_keep_their_scores(
    judge: RubricJudge, shipped: dict[str, PersonaDataset], pid: str, arcs: str
) -> None:
    ds = shipped[pid]
    pairs = _sample(ds, PAIRS_PER_PERSONA, seed=17)
    _restyle_all(judge, ds, pairs, [p.answer for p in pairs], seed=17).check()


@pytest.fixture(scope="module")
def reference_persona(reference_data: Path) -> PersonaDataset:
    return load_persona(reference_data / "personas", "executive-assistant", "arcs-180d.yaml")


@pytest.mark.slow
@pytest.mark.reference
def test_restyled_references_of_the_reference_persona_keep_their_scores(
    judge: RubricJudge, reference_persona: PersonaDataset
) -> None:
    ds = reference_persona
    pairs = _sample(ds, PAIRS_PER_PERSONA * 2, seed=17)
    _restyle_all(judge, ds, pairs, [p.answer for p in pairs], seed=17).check()


@pytest.mark.slow
@pytest.mark.reference
def test_restyled_top_answers_of_the_reference_run_keep_their_scores(
    judge: RubricJudge, reference_persona: PersonaDataset, reference_data: Path
) -> None:
    """Real memory-system answers the LLM judge scored 6, each restyled: the same targets."""
    result = reference_data / "bench-results" / "ea-180d-recall-baseline" / "result.json"
    data = json.loads(result.read_text(encoding="utf-8"))
    by_id = {p.id: p for p in reference_persona.qa}
    seen: dict[str, str] = {}
    for persona in data["personas"]:
        for checkpoint in persona["rangeResults"]:
            for q in checkpoint["questionResults"]:
                if q["compositeScore"] == 6 and q["qa"]["id"] in by_id:
                    seen.setdefault(q["qa"]["id"], q["systemAnswer"])
    ids = sorted(seen)
    random.Random(17).shuffle(ids)
    ids = ids[: PAIRS_PER_PERSONA * 2]
    assert len(ids) >= 50
    pairs = [by_id[i] for i in ids]
    _restyle_all(judge, reference_persona, pairs, [seen[i] for i in ids], seed=17).check()


@pytest.mark.slow
@pytest.mark.parametrize(("pid", "arcs"), SHIPPED, ids=[pid for pid, _ in SHIPPED])
def test_a_swapped_key_atom_scores_lower(
    judge: RubricJudge, shipped: dict[str, PersonaDataset], pid: str, arcs: str
) -> None:
    """The reference with its key atom replaced by another value of the same kind (another amount,
    date, time, number, cast member or project) scores below the reference itself."""
    ds = shipped[pid]
    facts = CorpusFacts.of(ds)
    dropped = swapped = 0
    misses = []
    for pair in _sample(ds, 200, seed=5):
        swap = wrong_value(pair, facts, random.Random(pair.id))
        if swap is None:
            continue
        context = _context(ds, pair)
        base = judge.score_sync(pair.question, pair.answer, pair.answer, context)
        wrong = judge.score_sync(pair.question, pair.answer, swap.answer, context)
        swapped += 1
        if wrong.composite < base.composite:
            dropped += 1
        elif len(misses) < 10:
            misses.append(f"{pair.id} {swap.old} -> {swap.new}: {wrong.reasoning}")
    assert swapped >= 40
    assert dropped / swapped >= 0.98, misses


# -- property tests: formatting alone never moves a score ------------------------------------------------


@pytest.fixture(scope="module")
def small(shipped: dict[str, PersonaDataset]) -> PersonaDataset:
    return shipped["executive-assistant"]


@given(
    index=st.integers(min_value=0, max_value=10_000),
    styles=st.lists(st.sampled_from(FORMATTING), min_size=1, max_size=3, unique=True),
    seed=st.integers(min_value=0, max_value=2**30),
)
def test_formatting_never_changes_a_score(
    judge: RubricJudge, small: PersonaDataset, index: int, styles: list[str], seed: int
) -> None:
    pair = small.qa[index % len(small.qa)]
    context = _context(small, pair)
    text = restyle(pair.answer, StyleContext.for_pair(pair, small.days), styles, seed=seed)
    base = judge.score_sync(pair.question, pair.answer, pair.answer, context)
    styled = judge.score_sync(pair.question, pair.answer, text, context)
    assert (styled.composite, styled.hallucination) == (base.composite, base.hallucination), text


@given(
    index=st.integers(min_value=0, max_value=10_000),
    style=st.sampled_from(tuple(STYLE_GROUPS["provenance"])),
    seed=st.integers(min_value=0, max_value=2**30),
)
def test_a_citation_of_the_pairs_own_days_is_never_a_hallucination(
    judge: RubricJudge, small: PersonaDataset, index: int, style: str, seed: int
) -> None:
    pair = small.qa[index % len(small.qa)]
    context = _context(small, pair)
    text = restyle(pair.answer, StyleContext.for_pair(pair, small.days), [style], seed=seed)
    base = judge.score_sync(pair.question, pair.answer, pair.answer, context)
    styled = judge.score_sync(pair.question, pair.answer, text, context)
    assert styled.hallucination == base.hallucination, (text, styled.reasoning)


@given(index=st.integers(min_value=0, max_value=10_000))
def test_the_names_a_persona_declares_are_never_invented(
    judge: RubricJudge, small: PersonaDataset, index: int
) -> None:
    """An answer naming the principal, a cast member or a project beside the reference's facts is
    not flagged for it, even where the day logs never write that name."""
    pair = small.qa[index % len(small.qa)]
    if pair.category in ("negative-recall", "information-boundary"):
        return
    names = small.definition.declared_names()
    name = names[index % len(names)]
    context = _context(small, pair)
    base = judge.score_sync(pair.question, pair.answer, pair.answer, context)
    text = f"{pair.answer.rstrip('.')}. {name} was kept in the loop."
    styled = judge.score_sync(pair.question, pair.answer, text, context)
    assert styled.hallucination == base.hallucination, (text, styled.reasoning)
