"""The rubric judge (``--judge rubric``): deterministic, offline, thousands of scores per second.

It scores an answer as the LLM judge's rubric reads, with explainable rules over atoms
(:mod:`recallbench.judges.atoms`) instead of a model.

**Correctness and completeness** come from the share of the reference's key facts found in the answer:
the pair's ``key_facts`` when it has them (or the reference's parts, when the reference paraphrases
the key facts and the answer matches it better), else the reference's parts — its checkable atoms (money,
numbers, dates, times, codes, names, quoted strings), each weighing four content words, and its
content words (a word the question already uses weighs less: it shows little by itself). The share
maps to 0–3 and 0–2 in steps. The answer is *wrong* rather than partial (0/0) when it misses every
value of a kind the reference states and gives other values of that kind instead ($40M for $28M), or
when, with the corpus at hand, it states checkable atoms from outside the question's evidence days
(its relevant days ±1) instead of the reference's: a real fact from another day is the wrong answer.

**Abstention** ("no evidence", "not mentioned", "I don't know", refusals) is right for a negative-recall
question whose reference says "no" and for an information-boundary ``refuse``; elsewhere, unless the
answer also carries the facts, it scores 0/0 and stays grounded (composite 1).

**Hallucination** is 0 when the answer asserts a checkable atom (money, number, date, time, code,
name) found neither in the reference, nor in the question, nor in any memory ingested up to the
checkpoint — the seed's definition: every claim must trace to an ingested memory; when it affirms
what a negative-recall question says never happened (a "yes", the absent subject, or specifics; an
unrelated excerpt that neither denies nor affirms is only wrong);
and when a boundary answer leaks a pair's ``leak_facts``. Being offline and cheap, the judge grounds
against *every* day in ``context.days`` (all days ingested at the checkpoint), so an extractive answer
quoting real memories is grounded wherever they sit; an LLM judge sees a ±N-day window instead
(``RubricJudge(hallucination_window=N)`` imitates that, for comparisons), and with the claim check
(``claim_days=K``, :mod:`recallbench.judges.claim_days`) up to K more days that hold the answer's
extra claims — as an LLM judge shown those days' lines reads them. A :class:`GroundingIndex`
built once per corpus and shared by every checkpoint records the days each atom and word appears on,
so "grounded at this checkpoint" is a lookup and a comparison with the checkpoint's last day. Without
days (no context, or none ingested) the judge grounds against the reference and the question only, as
the LLM judge's reference-only prompt does: any checkable atom they lack is flagged.

**How it is written is not what it says** (version 4, :mod:`recallbench.judges.answer_form`):
date stamps after sentences (``(2026-03-04)``, ``[day 12]``, ``— Mar 4``) are provenance, taken out
before matching — a stamp naming no ingested day is a claim, and a stamp stands for the answer's date
only where the answer writes none; bold labels and headings are words, never names; a hedge before a
statement ("I'm not certain, but it seems …") is not an abstention. With a hallucination window, a
quote beside a right answer that traces to any ingested day is not unsupported (checkable atoms
outside the window still are, as the LLM judges it imitates read them). The rules applied to one
answer live in :mod:`recallbench.judges.rubric_case`.

Known blind spots: paraphrase without lexical overlap scores low, and an answer that denies a fact
while quoting it still finds it; negation inside a sentence is not read ("did not approve $5M" finds
$5M); a wrong but real fact from another day is grounded (only incorrect); counts up to 12, plain words
and quoted text are never checked for grounding (systems adapt what they quote); a claim assembled from
real atoms in a false combination is not caught; an answer that wrongly says "no evidence" is an
abstention, never a fabrication.

Calibration (version 1) against the reference run ``ea-180d-recall-baseline`` — 1,639 answers scored
by an LLM judge shown a ±1-day memory window, appeals applied — with ``recallbench judge-agreement
result.json --data personas --arcs arcs-180d.yaml``: Spearman of composites 0.77, MAE 0.72, but
hallucination balanced accuracy 0.50 (kappa 0.01). The labels call hallucinated what this judge, by
the seed's definition, does not: real memories from outside the judge's window, and confidently wrong
answers (80% of their hallucinations come with correctness ≤ 1). With ``hallucination_window=1``
(``--hallucination-window 1``), grounding as that judge did: Spearman 0.80, balanced accuracy 0.78
(kappa 0.64). Without ``--data`` (reference and question only): Spearman 0.76, balanced accuracy 0.74.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from .._closing import AsyncClosing
from ..data.corpus import Day
from ..data.qa import QAPair
from ..errors import ConfigError
from ..results.scoring import JudgeScore
from .answer_form import plain_labels, split_stamps, strip_hedges
from .atoms import extract_values, tokens
from .base import JudgeContext, excerpt_days
from .claim_days import ClaimDays, choose_claim_days
from .describe import DESCRIBED_WHEN_SET
from .grounding import Grounding, GroundingIndex
from .provenance import calendar_dates, strip_citations
from .reference_parts import Text, analyse, analyse_cached
from .rubric_case import Case
from .stance import says_no

__all__ = ["RUBRIC_VERSION", "GroundingIndex", "RubricJudge"]

RUBRIC_VERSION = "4"

"""Changes whenever a rule or threshold changes, so scores of different versions are not mixed."""

# Days either side of a relevant day that hold the question's evidence.
_EVIDENCE_WINDOW = 1
# How many indexes a judge keeps (one per corpus: a persona, or a persona and an arcs variant).
_MAX_INDEXES = 8


@functools.lru_cache(maxsize=64)
def _name_tokens(names: tuple[str, ...]) -> frozenset[str]:
    """The tokens of the names a persona declares (each known on its own: "Jamie", "Rourke")."""
    return frozenset(t for name in names for t in tokens(name))


# ---------------------------------------------------------------------------------------------------
# The judge


@attrs.define(eq=False)
class RubricJudge(AsyncClosing):
    """The offline rubric judge: deterministic rules over atoms, thousands of scores per second.

    Use it wherever a judge goes (``--judge rubric``, or pass ``RubricJudge()`` as a run's judge). It
    keeps one :class:`GroundingIndex` per corpus it has seen (a handful at most), so one instance can
    judge a whole run; it is not safe to share between threads.

    Attributes:
        name: ``rubric``.
        version: the rule set's version, :data:`RUBRIC_VERSION`.
        synchronous: True: ``score`` never suspends, so the harness sets no timeout around it.
        hallucination_window: None (the default) grounds claims in every ingested day, the seed's
            definition. A number N grounds them only in the days within N of the pair's relevant
            days, as an LLM judge shown a ±N-day memory window does: a real fact from a distant day
            then counts as fabricated. For comparing with such judges, not for scoring systems.
        claim_days: with a hallucination window, the claim check's bound
            (:mod:`recallbench.judges.claim_days`): the answer's claims the window does not hold
            are looked up in every day ingested by the checkpoint, and up to this many days that
            hold them join the window — as an LLM judge shown those days' lines
            (``LlmJudge(model, claim_days=N)``) reads them. A true detail from another day is then
            grounded, an invented one is not. 0 (the default): no check; recorded in the run's
            fingerprint only when set.
    """

    name: str = "rubric"
    version: str = RUBRIC_VERSION
    synchronous: bool = attrs.field(default=True, init=False)
    hallucination_window: int | None = attrs.field(
        default=None,
        kw_only=True,
        validator=attrs.validators.optional(
            [attrs.validators.instance_of(int), attrs.validators.ge(0)]
        ),
    )
    claim_days: int = attrs.field(
        default=0,
        kw_only=True,
        validator=[attrs.validators.instance_of(int), attrs.validators.ge(0)],
        metadata={DESCRIBED_WHEN_SET: True},
    )
    _indexes: dict[int, GroundingIndex] = attrs.field(factory=dict, init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.claim_days and self.hallucination_window is None:
            raise ConfigError(
                "claim_days needs a hallucination_window: without one every ingested day already "
                "grounds a claim"
            )

    @property
    def hallucination_mode(self) -> str:
        """The definition of a hallucination this judge applies: ``invented`` (a claim found on no
        ingested day: the default, the seed's definition) or ``window`` (a claim found on no day
        within ``hallucination_window`` of the pair's relevant days, as an LLM judge shown a memory
        window reads it)."""
        return "invented" if self.hallucination_window is None else "window"

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Score one answer (see :meth:`score_sync`; the work is synchronous and fast)."""
        return self.score_sync(question, reference, answer, context)

    def index_for(self, days: Sequence[Day]) -> GroundingIndex | None:
        """The grounding index covering ``days`` (built, extended or reused); None without days."""
        if not days:
            return None
        key = id(days[0])
        index = self._indexes.get(key)
        if index is None or not index.matches(days):
            if len(self._indexes) >= _MAX_INDEXES:
                self._indexes.pop(next(iter(self._indexes)))
            index = GroundingIndex()
            self._indexes[key] = index
        if days[-1].number > index.last_day:
            index.extend(days)
        return index

    def score_sync(
        self, question: str, reference: str, answer: str, context: JudgeContext | None = None
    ) -> JudgeScore:
        """Score one answer against its reference and, with ``context.days``, the ingested memories.

        Args:
            question: the question asked.
            reference: the reference answer.
            answer: the system's answer.
            context: the pair (``context.qa``: its category, relevant days and the extra keys
                ``key_facts``, ``absent_subjects``, ``leak_facts``), the expected disclosure, and the
                days ingested at this checkpoint (``context.days``). None: a factual question judged
                against the reference only.

        Returns:
            The score, its reasoning one line naming the facts found or missing and why a
            hallucination was flagged.
        """
        qa = context.qa if context is not None else None
        days = context.days if context is not None else ()
        disclosure = context.expected_disclosure if context is not None else None
        if disclosure is None and qa is not None and qa.category == "information-boundary":
            disclosure = qa.expected_disclosure
        index = self.index_for(days)
        grounding = None
        if index is not None:
            cutoff = days[-1].number
            support = None
            if self.hallucination_window is not None and qa is not None:
                w = self.hallucination_window
                support = tuple(
                    (max(1, d - w), min(cutoff, d + w)) for d in qa.relevant_days if d - w <= cutoff
                )
            grounding = Grounding(index, cutoff, _evidence(qa, cutoff), support)
        parts = _Parts.of(question, reference, answer, context, grounded=grounding is not None)
        case = parts.case(grounding)
        verdict = _verdict(qa, disclosure, case)
        if self.claim_days and grounding is not None and grounding.support is not None:
            # The claim check: the answer's extra claims the window cannot ground, looked up in
            # the rest of the corpus up to the checkpoint; the few days holding them join the window.
            found = choose_claim_days(
                grounding.index,
                case.claims_to_check(verdict),
                cutoff=grounding.cutoff,
                seen=grounding.support,
                relevant=qa.relevant_days if qa is not None else (),
                limit=self.claim_days,
            )
            if found.days:
                wider = grounding.support + tuple((d, d) for d in sorted(found.days))
                case = parts.case(attrs.evolve(grounding, support=wider))
        if verdict == "boundary":
            assert disclosure is not None
            return case.boundary(disclosure)
        if verdict == "negative":
            return case.negative()
        return case.factual()

    def claim_days_for(
        self, question: str, reference: str, answer: str, context: JudgeContext, *, limit: int
    ) -> ClaimDays:
        """The claim check alone: up to ``limit`` ingested days outside what ``context`` shows
        (the days of its memory excerpts) that hold the answer's extra claims.

        What an LLM judge is shown beside its memory window
        (:func:`recallbench.judges.claim_context.claim_excerpts`). The claims are the ones the
        window mode checks (:meth:`~recallbench.judges.rubric_case.Case.claims_to_check`), with the
        excerpts' days as the window; nothing without days or a pair.
        """
        days, qa = context.days, context.qa
        index = self.index_for(days)
        if index is None or qa is None:
            return ClaimDays()
        cutoff = days[-1].number
        shown = tuple((d, d) for d in excerpt_days(context.memory_excerpts) if d <= cutoff)
        grounding = Grounding(index, cutoff, _evidence(qa, cutoff), shown)
        case = _Parts.of(question, reference, answer, context, grounded=True).case(grounding)
        disclosure = context.expected_disclosure or (
            qa.expected_disclosure if qa.category == "information-boundary" else None
        )
        return choose_claim_days(
            index,
            case.claims_to_check(_verdict(qa, disclosure, case)),
            cutoff=cutoff,
            seen=shown,
            relevant=qa.relevant_days,
            limit=limit,
        )


def _evidence(qa: QAPair | None, cutoff: int) -> tuple[tuple[int, int], ...]:
    """The question's evidence days (its relevant days ±1, up to ``cutoff``) as inclusive ranges."""
    return tuple(
        (max(1, d - _EVIDENCE_WINDOW), min(cutoff, d + _EVIDENCE_WINDOW))
        for d in (qa.relevant_days if qa is not None else ())
        if d - _EVIDENCE_WINDOW <= cutoff
    )


def _verdict(qa: QAPair | None, disclosure: str | None, case: Case) -> str:
    """Which of the case's verdicts applies: ``boundary`` (an information-boundary refusal or
    partial disclosure), ``negative`` (a negative-recall question whose reference says no) or
    ``factual``."""
    category = qa.category if qa is not None else "factual-recall"
    if category == "information-boundary" and disclosure in ("refuse", "partial"):
        return "boundary"
    if category == "negative-recall" and says_no(case.ref.cleaned):
        return "negative"
    return "factual"


@attrs.frozen(kw_only=True)
class _Parts:
    """What a :class:`Case` is built from that does not depend on where claims may trace to."""

    qa: QAPair | None
    ans: Text
    ref: Text
    q: Text
    reference: str
    question: str
    dates: dict[str, str]
    """The full dates the answer writes (ISO → ``MM-DD``)."""
    stamps: frozenset[str]
    """The dates (``MM-DD``) of the answer's citation stamps."""
    known: frozenset[str]
    framing: frozenset[str]

    @classmethod
    def of(
        cls,
        question: str,
        reference: str,
        answer: str,
        context: JudgeContext | None,
        *,
        grounded: bool,
    ) -> _Parts:
        """The parts of one answer; ``grounded``: a corpus is at hand (its full dates are read)."""
        # Where the answer says it found something is provenance, not a claim: explicit citations
        # go before analysis, and a full date naming an ingested day is not checked as a fact.
        # How it is written is not what it says: hedges before a statement, bold labels and
        # headings, and date stamps after its sentences (provenance) go before analysis.
        stated, stamped = split_stamps(plain_labels(strip_hedges(answer)))
        names = context.known_names if context is not None else ()
        return cls(
            qa=context.qa if context is not None else None,
            ans=analyse(strip_citations(stated)),
            ref=analyse_cached(reference),
            q=analyse_cached(question),
            reference=reference,
            question=question,
            dates=calendar_dates(answer) if grounded else {},
            stamps=frozenset(v for written in stamped for v in extract_values(written).date),
            known=_name_tokens(tuple(names)) if names else frozenset(),
            framing=_name_tokens(context.context_names) if context is not None else frozenset(),
        )

    def case(self, grounding: Grounding | None) -> Case:
        """The case judged with claims tracing to ``grounding`` (None: no corpus)."""
        provenance = frozenset(
            mmdd for iso, mmdd in self.dates.items() if grounding and grounding.names_a_day(iso)
        )
        real = {v for v in self.stamps if grounding is not None and grounding.cites_a_day(v)}
        return Case(
            qa=self.qa,
            ans=self.ans,
            ref=self.ref,
            q=self.q,
            reference=self.reference,
            question=self.question,
            grounding=grounding,
            known=self.known,
            framing=self.framing,
            provenance=provenance,
            stamps=frozenset(real),
            false_stamps=frozenset(self.stamps - real) if grounding is not None else frozenset(),
        )
