"""The judge-probe battery: answers whose truth is known, to calibrate any judge. Pure.

From each sampled pair the battery builds one probe answer of each kind it can, and says what a sound
judge does with it (``should_be_correct``: scored correctness ≥ 2; ``should_be_flagged``:
hallucination 0; None where either verdict is defensible):

============== ==================================================================== ======= =======
kind           built as                                                             correct flagged
============== ==================================================================== ======= =======
verbatim       the reference                                                        yes     no
paraphrase     :func:`~recallbench.judges.probe_text.paraphrase`: other wording,    yes     no
               every checkable atom literal
restyled       :func:`~recallbench.judges.restyle.restyle` with 2–4 styles drawn    yes     no
               from different groups (markdown, provenance, framing, detail, …)
grounded-extra the reference plus the ``extra-detail`` style: real sentences of     yes     no
               the pair's relevant days
partial        :func:`~recallbench.judges.probe_text.partial`: about half the key   —       no
               facts removed (pairs with two or more key facts)
fabricated     :func:`~recallbench.judges.probe_facts.fabricate`: the reference     —       yes
               plus one invented name, amount or code found nowhere in the corpus
wrong-value    :func:`~recallbench.judges.probe_facts.wrong_value`: the key atom    no      —
               swapped for another real value of its kind (pairs with one)
vague          :func:`~recallbench.judges.probe_text.vague`: the question's topic   no      no
               words, no facts
abstention     a plain "No evidence found in memory." (or a variant)                only on no
                                                                                    negative
                                                                                    recall
confident-yes  negative-recall pairs only: "Yes. <cast member> raised <absent       no      yes
               subject> on <date> …"
============== ==================================================================== ======= =======

The style kinds (:mod:`recallbench.judges.probe_styles`) and the extra-detail kinds
(:mod:`recallbench.judges.probe_extras`: a true detail from a day outside the evidence, the same
with an invented detail, citations and markdown, dates written another way, a hedged wrong value)
follow.

A wrong value is drawn from the corpus on purpose: it is grounded but wrong, so a judge that applies
the seed's definition (a hallucination is a claim no memory supports) need not flag it.

**Sampling** (:func:`sample_pairs`): the pairs askable at the persona's last day (its ``full``
checkpoint), information-boundary pairs that expect a refusal or a partial disclosure left out (the
kinds above assume a pair with an answer, or a negative-recall "no"); an equal share per category,
round-robin over the categories (negative-recall first, so that even a small sample tests the
abstention and confident-yes checks, then the fixed order), each category's pairs in a seeded
shuffle.

Everything is deterministic for a seed: each probe draws from ``random.Random`` seeded with the seed,
the pair's id and the kind, never the global generator. :mod:`recallbench.judges.probe_report` turns
the judge's scores into the report and its orderings; :mod:`recallbench.judges.probe_run` runs a judge
over the battery.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import attrs

from ..data.corpus import PersonaDataset
from ..data.qa import CATEGORIES, QAPair
from ..data.selection import filter_qa_by_range
from ..results.scoring import JudgeScore
from .probe_extras import EXTRA_KINDS, ExtraProbe, extra_probes
from .probe_facts import CorpusFacts, confident_yes, fabricate, wrong_value
from .probe_styles import STYLE_KINDS, StyleProbe, style_probes
from .probe_text import abstention, paraphrase, partial, vague
from .restyle import STYLE_GROUPS, StyleContext, restyle

__all__ = [
    "DEFAULT_SAMPLE",
    "PROBE_KINDS",
    "Probe",
    "ProbeOutcome",
    "battery",
    "build_probes",
    "probe_pool",
    "probe_rng",
    "sample_pairs",
]

PROBE_KINDS: tuple[str, ...] = (
    "verbatim",
    "paraphrase",
    "restyled",
    "grounded-extra",
    "partial",
    "fabricated",
    "wrong-value",
    "vague",
    "abstention",
    "confident-yes",
    *STYLE_KINDS,
    *EXTRA_KINDS,
)
"""Every probe kind, in the order reports list them: the wording kinds, then the style kinds of
:mod:`recallbench.judges.probe_styles` and the extra-detail kinds of
:mod:`recallbench.judges.probe_extras`."""

DEFAULT_SAMPLE = 20
"""Pairs sampled per persona by default: two per category when all ten are present."""

_RESTYLE_GROUPS = (2, 4)  # how many style groups a restyled probe combines, at least and at most


@attrs.frozen(kw_only=True)
class Probe:
    """One probe answer with known truth.

    Attributes:
        kind: one of :data:`PROBE_KINDS`.
        persona_id: the persona the pair belongs to.
        pair: the pair it answers.
        answer: the probe answer.
        should_be_correct: a sound judge scores it correct (correctness ≥ 2): True, False, or None
            where either is defensible (a partial answer, the true facts with an invented extra).
        should_be_flagged: a sound judge flags it as hallucinated (hallucination 0); None where
            either is defensible (a wrong but real value).
        note: what was done to the reference, in a few words.
        styles: restyled and grounded-extra: the restyle transforms applied.
        removed: partial: the key facts removed.
        swap: wrong-value: the literal replaced and its replacement.
        invented: fabricated: the invented detail.
    """

    kind: str = attrs.field(validator=attrs.validators.in_(PROBE_KINDS))
    persona_id: str
    pair: QAPair = attrs.field(repr=False)
    answer: str
    should_be_correct: bool | None
    should_be_flagged: bool | None
    note: str = ""
    styles: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    swap: tuple[str, str] | None = None
    invented: str | None = None


@attrs.frozen(kw_only=True)
class ProbeOutcome:
    """What the judge made of one probe: its score, or the error that stopped it."""

    probe: Probe
    score: JudgeScore | None = None
    error: str | None = None


def probe_rng(seed: int, pair_id: str, kind: str) -> random.Random:
    """The random source of one probe: seeded by the seed, the pair and the kind (a string seed is
    hashed with SHA-512 by :mod:`random`, the same in every process)."""
    return random.Random(f"{seed}:{pair_id}:{kind}")


def probe_pool(ds: PersonaDataset) -> list[QAPair]:
    """The pairs a battery may sample: askable at the persona's last day, without the
    information-boundary pairs that expect a refusal or a partial disclosure."""
    eligible = filter_qa_by_range(ds.qa, ds.max_day)
    return [
        p
        for p in eligible
        if not (p.category == "information-boundary" and p.expected_disclosure != "answer")
    ]


def sample_pairs(ds: PersonaDataset, n: int, seed: int) -> list[QAPair]:
    """``n`` pairs of :func:`probe_pool`, an equal share per category: round-robin over the
    categories (negative-recall first, then the fixed order), each category's pairs in a seeded
    shuffle; a category that runs out leaves its turns to the others. Deterministic for a seed."""
    by_category: dict[str, list[QAPair]] = {}
    for pair in probe_pool(ds):
        by_category.setdefault(pair.category, []).append(pair)
    queues = []
    # Negative-recall first: two of the orderings read only its pairs, so even a small sample has one.
    order = ["negative-recall", *(c for c in CATEGORIES if c != "negative-recall")]
    for category in order:
        pairs = by_category.get(category, [])
        random.Random(f"{seed}:{ds.id}:{category}").shuffle(pairs)
        if pairs:
            queues.append(pairs)
    out: list[QAPair] = []
    while len(out) < n and any(queues):
        for queue in queues:
            if queue and len(out) < n:
                out.append(queue.pop(0))
    return out


def _restyle_choice(rng: random.Random) -> tuple[str, ...]:
    groups = rng.sample(sorted(STYLE_GROUPS), rng.randint(*_RESTYLE_GROUPS))
    return tuple(rng.choice(sorted(STYLE_GROUPS[g])) for g in groups)


def build_probes(
    ds: PersonaDataset, pair: QAPair, facts: CorpusFacts, seed: int
) -> tuple[Probe, ...]:
    """Every probe the pair can carry, in the order of :data:`PROBE_KINDS`.

    Args:
        ds: the persona (its days feed the restyled and grounded-extra probes).
        pair: the pair.
        facts: the persona's :class:`CorpusFacts` (build once with ``CorpusFacts.of(ds)``).
        seed: the battery's seed.
    """
    negative = pair.category == "negative-recall"
    ctx = StyleContext.for_pair(pair, ds.days)
    reference = pair.answer.strip()
    out: list[Probe] = []

    def add(
        kind: str,
        answer: str,
        correct: bool | None,
        flagged: bool | None,
        *,
        note: str,
        styles: tuple[str, ...] = (),
        removed: tuple[str, ...] = (),
        swap: tuple[str, str] | None = None,
        invented: str | None = None,
    ) -> None:
        out.append(
            Probe(
                kind=kind,
                persona_id=ds.id,
                pair=pair,
                answer=answer,
                should_be_correct=correct,
                should_be_flagged=flagged,
                note=note,
                styles=styles,
                removed=removed,
                swap=swap,
                invented=invented,
            )
        )

    def rng(kind: str) -> random.Random:
        return probe_rng(seed, pair.id, kind)

    add("verbatim", reference, True, False, note="the reference")
    add("paraphrase", paraphrase(reference, rng("paraphrase")), True, False, note="reworded")
    r = rng("restyled")
    styles = _restyle_choice(r)
    restyled = restyle(reference, ctx, styles, seed=r.getrandbits(32))
    if restyled != reference:
        add("restyled", restyled, True, False, note=", ".join(styles), styles=styles)
    extra = restyle(reference, ctx, ("extra-detail",), seed=rng("grounded-extra").getrandbits(32))
    if extra.rstrip(".") != reference.rstrip("."):
        add("grounded-extra", extra, True, False, note="plus relevant-day sentences")
    cut = partial(pair, rng("partial"))
    if cut is not None:
        answer, removed = cut
        note = f"removed {len(removed)} of the key facts"
        add("partial", answer, None, False, note=note, removed=removed)
    fab = fabricate(pair, facts, rng("fabricated"))
    if fab is not None:
        note = f"invented {fab.kind} {fab.detail}"
        add("fabricated", fab.answer, None, True, note=note, invented=fab.detail)
    swap = wrong_value(pair, facts, rng("wrong-value"))
    if swap is not None:
        note = f"{swap.kind} {swap.old} → {swap.new}"
        add("wrong-value", swap.answer, False, None, note=note, swap=(swap.old, swap.new))
    topic = vague(pair, facts.names, rng("vague"))
    if topic is not None:
        add("vague", topic, False, False, note="topic words only")
    add("abstention", abstention(rng("abstention")), negative, False, note="no evidence")
    if negative:
        yes = confident_yes(pair, facts, rng("confident-yes"))
        if yes is not None:
            add("confident-yes", yes, False, True, note="affirms an absent subject")
    styled: Sequence[StyleProbe | ExtraProbe] = (
        *style_probes(ds, pair, facts.names, rng),
        *extra_probes(ds, pair, facts, rng),
    )
    for one in styled:
        add(one.kind, one.answer, one.should_be_correct, one.should_be_flagged, note=one.note)
    return tuple(out)


def battery(
    datasets: Iterable[PersonaDataset], *, sample: int = DEFAULT_SAMPLE, seed: int = 0
) -> tuple[Probe, ...]:
    """The probes of ``sample`` pairs per persona (:func:`sample_pairs`), persona by persona."""
    out: list[Probe] = []
    for ds in datasets:
        pairs: Sequence[QAPair] = sample_pairs(ds, sample, seed)
        if not pairs:
            continue
        facts = CorpusFacts.of(ds)
        for pair in pairs:
            out.extend(build_probes(ds, pair, facts, seed))
    return tuple(out)
