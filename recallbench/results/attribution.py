"""Why each answer scored as it did: one class per answer, decided from what the run holds. Pure.

A score says how much was lost; an attribution says where. Every answer of a run — scored, failed,
or left unscored by its judge — gets exactly one class of :data:`CLASSES`, decided from the
question's evidence days, what the system reported retrieving (the answer's retrieval metrics),
the answer's words, its score and panel verdicts, and its error. Nothing is asked again and no
judge is called. The classes, in their order of precedence — the first rule that holds decides:

1. ``timeout``: the memory system did not answer within the question timeout.
2. ``system-error``: the memory system raised, or could not be reached.
3. ``judge-error``: the judge failed on the answer after its retries (no verdict).
4. ``judge-doubt``: a judge panel's verdicts disagree on the answer (correct, wrong or
   hallucinated), or the judge is known to be unreliable for the answer's form
   (:data:`UNRELIABLE_FORMS`).
5. ``hallucination``: the judge found a claim supported by neither the reference nor the memories
   it could check (hallucination 0); the claims it names as unsupported, where its reasoning
   records them, go into the answer's ``why``.
6. ``correct-abstention``: the answer abstains (:func:`~recallbench.results.abstention.abstains`)
   and the question has no answer (negative recall, an abstention pair, a refusal expected).
7. ``correct``: full marks on correctness (3) and completeness (2).
8. ``retrieval-miss``: the answer fell short and some of the question's evidence days were not
   among the first ten memories the system reported retrieving (recall@10 below 1).
9. ``wrong-abstention``: the answer abstains where the answer exists, its evidence retrieved (or
   retrieval not reported).
10. ``retrieval-unknown``: the answer fell short and the run reports no retrieval: retrieval misses
    and reading errors cannot be told apart.
11. ``reading-error``: the answer fell short though every evidence day was retrieved (or the
    question has no evidence to retrieve).

"Retrieved" is recall@10, the figure the run's retrieval metrics report (day level; turn level
where the entries name turns but no days): an answer whose evidence days were all retrieved is never
a retrieval miss, and an answer that fell short with any evidence day missing always is. A run
reports retrieval when any of its answers carries retrieval metrics; then an answer with evidence
but none (it reported nothing that time, or failed) counts as a miss, as the run's recall@10 counts
it. One definition per class, for docs and reports: :data:`DEFINITIONS`; a run's counts by class,
checkpoint and category: :mod:`recallbench.results.attribution_summary`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from ..data.qa import QAPair
from .abstention import abstains
from .evidence import NO_EVIDENCE_CATEGORIES, has_evidence
from .failures import FAILED_STAGES
from .panel_scores import PanelVerdict
from .records import BenchmarkResult, QuestionError, QuestionResult, RetrievalMetrics
from .scoring import JudgeScore

__all__ = [
    "CLASSES",
    "DEFINITIONS",
    "EVIDENCE_STATES",
    "LABELS",
    "NOT_REPORTED_NOTE",
    "SHORT_LABELS",
    "UNRELIABLE_FORMS",
    "AttributedAnswer",
    "Attribution",
    "Attributor",
    "UnreliableForm",
    "attribute",
    "attribute_run",
    "evidence_state",
    "has_answer",
    "judge_setting",
    "retrieval_reported",
]

CLASSES: tuple[str, ...] = (
    "timeout",
    "system-error",
    "judge-error",
    "judge-doubt",
    "hallucination",
    "correct-abstention",
    "correct",
    "retrieval-miss",
    "wrong-abstention",
    "retrieval-unknown",
    "reading-error",
)
"""Every class, in the order of precedence in which :func:`attribute` tries them."""

DEFINITIONS: Mapping[str, str] = {
    "timeout": "the memory system did not answer within the question timeout",
    "system-error": "the memory system raised, or could not be reached: no answer",
    "judge-error": "the judge failed on the answer after its retries: no verdict",
    "judge-doubt": "a judge panel's verdicts disagree on the answer, or the judge is known to be "
    "unreliable for the answer's form",
    "hallucination": "the judge found a claim supported by neither the reference nor the "
    "memories it checked",
    "correct-abstention": "the answer abstains and the question has no answer",
    "correct": "full marks on correctness and completeness, nothing invented",
    "retrieval-miss": "the answer fell short and some evidence day was not among the first ten "
    "memories the system retrieved",
    "wrong-abstention": "the answer abstains where the answer exists (its evidence retrieved, or "
    "retrieval not reported)",
    "retrieval-unknown": "the answer fell short and the run reports no retrieval: a retrieval "
    "miss and a reading error cannot be told apart",
    "reading-error": "the answer fell short though every evidence day was retrieved (or there "
    "was no evidence to retrieve)",
}
"""One line per class."""

LABELS: Mapping[str, str] = {c: c.replace("-", " ") for c in CLASSES}
"""Each class as prose names it (``retrieval miss``)."""

SHORT_LABELS: Mapping[str, str] = {
    "timeout": "timeout",
    "system-error": "sys-err",
    "judge-error": "jdg-err",
    "judge-doubt": "doubt",
    "hallucination": "halluc",
    "correct-abstention": "abst-ok",
    "correct": "correct",
    "retrieval-miss": "miss",
    "wrong-abstention": "abst-bad",
    "retrieval-unknown": "unknown",
    "reading-error": "reading",
}
"""Each class in at most eight characters, for table columns."""

NOT_REPORTED_NOTE = "retrieval not reported: misses and reading errors cannot be told apart"
"""What a view says of a run whose system reported no retrieval."""

EVIDENCE_STATES: tuple[str, ...] = ("retrieved", "partial", "missed", "no-evidence", "not-reported")
"""What an answer's evidence came to: every evidence day among the first ten retrieved, some, none;
the question has no evidence to retrieve; the run reports no retrieval."""


@attrs.frozen(kw_only=True)
class UnreliableForm:
    """A form of answer (or of verdict) on which a judge is known to disagree with stronger judges
    much more often than elsewhere: its verdicts there are ``judge-doubt``.

    Attributes:
        judge: the judge's name as results record it (``metadata.judgeModel``, its options after
            a colon left out): ``rubric``.
        name: what the form is, in a few words.
        applies: whether an answer (its text and verdict) has the form.
        measured: the measurement that makes it known.
        mode: the judge's definition of a hallucination in which it was measured
            (``metadata.hallucinationMode``: ``window``); None: any.
        claim_check: whether it holds with the judge's claim check too (its fingerprint's
            ``claimDays``); False: only without it.
    """

    judge: str
    name: str
    applies: Callable[[str, JudgeScore], bool] = attrs.field(eq=False, repr=False)
    measured: str
    mode: str | None = None
    claim_check: bool = False


def _flag_beside_right(answer: str, score: JudgeScore) -> bool:
    return score.hallucination == 0 and score.correctness >= 1


UNRELIABLE_FORMS: tuple[UnreliableForm, ...] = (
    UnreliableForm(
        judge="rubric",
        name="a hallucination flag beside a partly right answer (window mode)",
        applies=_flag_beside_right,
        measured="on the reference run (1,639 answers labelled by an LLM judge with a ±1-day "
        "memory window; rubric version 4 in the window mode, no claim check) the LLM judge shared "
        "51 of the rubric's 76 flags on answers it found at least partly right (67%), against 105 "
        "of its 114 flags on wrong answers (92%) and 1,350 of its 1,449 grounded verdicts (93%); "
        "in the invented mode, a run's default, the rubric flagged 2 such answers, both shared",
        mode="window",
    ),
)
"""The answer forms for which a judge is known unreliable (docs/attribution.md says how each was
measured)."""


@attrs.frozen(kw_only=True)
class Attribution:
    """One answer's class, what its evidence came to, and why, in one line.

    Attributes:
        kind: its class, one of :data:`CLASSES`.
        evidence: one of :data:`EVIDENCE_STATES`.
        why: the rule that decided, with the figure it read (``recall@10 0.50``).
    """

    kind: str
    evidence: str
    why: str


def has_answer(pair: QAPair) -> bool:
    """Whether the question has an answer to give: not negative recall (what never happened), not
    an abstention pair of an imported benchmark (``extra["abstention"]``), not an
    information-boundary question whose right answer is a refusal."""
    if pair.category in NO_EVIDENCE_CATEGORIES or pair.extra.get("abstention") is True:
        return False
    return pair.expected_disclosure != "refuse"


def _recall(q: QuestionResult) -> float | None:
    """The answer's recall@10 (day level, else turn level); None when it has no metrics."""
    metrics: RetrievalMetrics | None = q.retrieval_metrics
    if metrics is None:
        metrics = q.turn_retrieval_metrics
    return None if metrics is None else metrics.recall_at_10


def _state(evidence: bool, reported: bool, recall: float | None) -> str:
    if not evidence:
        return "no-evidence"
    if not reported:
        return "not-reported"
    r = 0.0 if recall is None else recall  # reported nothing this time, or failed: a miss
    return "retrieved" if r >= 1.0 else "missed" if r <= 0.0 else "partial"


def evidence_state(q: QuestionResult, reported: bool) -> str:
    """What the answer's evidence came to (:data:`EVIDENCE_STATES`), the run reporting retrieval
    or not (``reported``)."""
    return _state(has_evidence(q.qa), reported, _recall(q))


def retrieval_reported(result: BenchmarkResult) -> bool:
    """Whether the run reports retrieval: any answer carries retrieval metrics."""
    return any(
        q.retrieval_metrics is not None or q.turn_retrieval_metrics is not None
        for p in result.personas
        for rr in p.range_results
        for q in (*rr.question_results, *(rr.unscored_results or ()))
    )


def _outcome(correctness: int, completeness: int, hallucination: int) -> str:
    if hallucination == 0:
        return "hallucinated"
    return "correct" if correctness == 3 and completeness == 2 else "short"


def _doubt(
    answer: str,
    score: JudgeScore,
    panel: Sequence[PanelVerdict] | None,
    judge: str | None,
    forms: Sequence[UnreliableForm],
) -> str | None:
    """Why the verdict is in doubt, or None: a panel's verdicts that disagree on the outcome
    (correct, short, hallucinated), or a form the judge is known unreliable on."""
    if panel is not None and len(panel) > 1:
        outcomes = {_outcome(v.correctness, v.completeness, v.hallucination) for v in panel}
        if len(outcomes) > 1:
            seen = ", ".join(f"{v.judge} {v.composite}" for v in panel[:4])
            return f"the panel disagrees ({seen}{', …' if len(panel) > 4 else ''})"
        return None
    if judge is not None:
        for form in forms:  # the judge's own (_forms_of)
            if form.applies(answer, score):
                return f"{form.judge} is unreliable on {form.name}"
    return None


def _forms_of(
    judge: str | None,
    forms: Sequence[UnreliableForm],
    mode: str | None = None,
    claim_check: bool = False,
) -> tuple[UnreliableForm, ...]:
    """The forms ``judge`` (a name as results record it: ``rubric``, ``rubric:window=1``) is known
    unreliable on, applying its definition of a hallucination ``mode`` with or without its claim
    check."""
    if judge is None:
        return ()
    name = judge.split(":", 1)[0].strip().lower()
    return tuple(
        f
        for f in forms
        if f.judge == name
        and (f.mode is None or f.mode == mode)
        and (f.claim_check or not claim_check)
    )


@attrs.frozen
class _Pair:
    """What the rules read of a question: whether it has evidence days and an answer."""

    evidence: bool
    answerable: bool


def _decide(
    pair: _Pair,
    answer: str,
    score: JudgeScore,
    error: QuestionError | None,
    scored: bool,
    doubt: str | None,
    state: str,
) -> str:
    """The class, by the rules of the module docstring in their order."""
    if error is not None and error.stage in FAILED_STAGES:
        if error.type == "AdapterTimeout" or answer == "[TIMEOUT]":
            return "timeout"
        return "system-error"
    if not scored or (error is not None and error.stage == "judge"):
        return "judge-error"
    if doubt is not None:
        return "judge-doubt"
    if score.hallucination == 0:
        return "hallucination"
    abstained = abstains(answer)
    if abstained and not pair.answerable:
        return "correct-abstention"
    if score.correctness == 3 and score.completeness == 2:
        return "correct"
    if state in ("missed", "partial"):
        return "retrieval-miss"
    if abstained:
        return "wrong-abstention"
    if state == "not-reported":
        return "retrieval-unknown"
    return "reading-error"


_UNSUPPORTED = re.compile(r"\bunsupported(?: claims?)?:\s*([^;\n]{1,160})", re.IGNORECASE)


def _support(reasoning: str | None) -> str | None:
    """What the judge recorded of the claims it found no support for (the rubric's reasoning names
    them: ``unsupported: $4,512,000, Zanzibar``), when it did."""
    found = _UNSUPPORTED.search(reasoning or "")
    return f"unsupported: {found.group(1).strip()}" if found else None


def _why(
    kind: str,
    state: str,
    recall: float | None,
    doubt: str | None,
    error: QuestionError | None,
    reasoning: str | None = None,
) -> str:
    """The rule that decided, in a few words."""
    support = _support(reasoning) if kind == "hallucination" else None
    if kind in ("timeout", "system-error", "judge-error"):
        if error is None:
            return "left unscored by the judge"
        return f"{error.stage}: {error.type}: {error.message[:100]}"
    if kind == "judge-doubt":
        return doubt or "judge doubt"
    if kind == "retrieval-miss":
        return f"recall@10 {0.0 if recall is None else recall:.2f}"
    if kind == "wrong-abstention":
        return "abstains; the answer exists" + (
            " and its evidence was retrieved" if state == "retrieved" else ""
        )
    if kind == "reading-error":
        return "recall@10 1.00" if state == "retrieved" else "no evidence to retrieve"
    return {
        "hallucination": "judged hallucinated" + (f" ({support})" if support else ""),
        "correct-abstention": "abstains; the question has no answer",
        "correct": "full marks",
        "retrieval-unknown": NOT_REPORTED_NOTE,
    }[kind]


class Attributor:
    """Attributes the answers of one run, each question's facts read once (a question asked at
    every checkpoint is one record).

    Args:
        reported: whether the run reports retrieval (:func:`retrieval_reported`).
        judge: the name of the run's judge (``metadata.judge_model``) and ``appellate`` its
            appellate judge's: the verdict an answer carries is the appellate judge's when it was
            appealed; for the forms a judge is known unreliable on (None: none looked up).
        forms: the known unreliable forms (default :data:`UNRELIABLE_FORMS`).
        mode, claim_check: the primary judge's definition of a hallucination
            (``metadata.hallucination_mode``) and whether it checks extra claims against the
            memories (its fingerprint's ``claimDays``): a form measured in one mode is looked up
            in that one only (:func:`judge_setting` reads both from a run's metadata).
    """

    def __init__(
        self,
        *,
        reported: bool,
        judge: str | None = None,
        appellate: str | None = None,
        forms: Sequence[UnreliableForm] = UNRELIABLE_FORMS,
        mode: str | None = None,
        claim_check: bool = False,
    ) -> None:
        self.reported, self.judge, self.appellate, self.forms = reported, judge, appellate, forms
        self._judge_forms = _forms_of(judge, forms, mode, claim_check)
        self._appellate_forms = _forms_of(appellate, forms)
        self._pairs: dict[int, tuple[QAPair, _Pair]] = {}
        # Codes by what decides them (the question, the answer, the verdict's three scores, the
        # recall): a question re-asked at every checkpoint is mostly answered alike.
        self._codes: dict[tuple[Any, ...], tuple[int, int]] = {}
        self._attributions: dict[tuple[Any, ...], Attribution] = {}

    def _pair(self, qa: QAPair) -> _Pair:
        found = self._pairs.get(id(qa))
        if found is None:  # the record is kept with its facts, so its id is never reused
            found = self._pairs[id(qa)] = (qa, _Pair(has_evidence(qa), has_answer(qa)))
        return found[1]

    def _doubt_of(self, q: QuestionResult, scored: bool) -> str | None:
        if not scored or q.error is not None:
            return None
        appealed = q.primary_score is not None
        judge, forms = (
            (self.appellate, self._appellate_forms) if appealed else (self.judge, self._judge_forms)
        )
        return _doubt(q.system_answer, q.score, None if appealed else q.panel, judge, forms)

    def attribute(self, q: QuestionResult, *, scored: bool = True) -> Attribution:
        """The answer's class, evidence and why (``scored`` False: left unscored by the run)."""
        if scored and q.error is None and q.panel is None and q.primary_score is None:
            # A question re-asked at every checkpoint is mostly answered and scored alike: one
            # record for all of them (a large run has hundreds of thousands of answers).
            s = q.score
            recall = _recall(q)
            key = (id(q.qa), q.system_answer, s.correctness, s.completeness, s.hallucination,
                   s.reasoning, recall)  # fmt: skip
            found = self._attributions.get(key)
            if found is None:
                found = self._attributions[key] = self._attribute(q, scored)
            return found
        return self._attribute(q, scored)

    def _attribute(self, q: QuestionResult, scored: bool) -> Attribution:
        pair = self._pair(q.qa)
        recall = _recall(q)
        state = _state(pair.evidence, self.reported, recall)
        doubt = self._doubt_of(q, scored)
        kind = _decide(pair, q.system_answer, q.score, q.error, scored, doubt, state)
        why = _why(kind, state, recall, doubt, q.error, q.score.reasoning)
        return Attribution(kind=kind, evidence=state, why=why)

    def record_codes(self, q: QuestionResult, *, scored: bool = True) -> tuple[int, int]:
        """The answer's class as an index into :data:`CLASSES`, as ``(if the run reports
        retrieval, if it does not)``: a reader learns which holds only at the end of the run."""
        recall = _recall(q)
        plain = scored and q.error is None and q.panel is None and q.primary_score is None
        if plain:
            s = q.score
            key = (
                id(q.qa),
                q.system_answer,
                s.correctness,
                s.completeness,
                s.hallucination,
                recall,
            )
            found = self._codes.get(key)
            if found is None:
                found = self._codes[key] = self._record_codes(q, scored, recall)
            return found
        return self._record_codes(q, scored, recall)

    def _record_codes(
        self, q: QuestionResult, scored: bool, recall: float | None
    ) -> tuple[int, int]:
        pair = self._pair(q.qa)
        doubt = self._doubt_of(q, scored)
        answer, score, error = q.system_answer, q.score, q.error
        reported = _decide(
            pair, answer, score, error, scored, doubt, _state(pair.evidence, True, recall)
        )
        if not pair.evidence:
            return _INDEX[reported], _INDEX[reported]
        unreported = _decide(pair, answer, score, error, scored, doubt, "not-reported")
        return _INDEX[reported], _INDEX[unreported]

    def codes(self, qa: QAPair, answer: str, score: JudgeScore) -> tuple[int, int]:
        """The class (an index into :data:`CLASSES`) of a plain scored answer — no error, no
        panel, no appeal, no retrieval metrics — as ``(if the run reports retrieval, if it does
        not)``: a reader learns which holds only at the end of the run."""
        key = (id(qa), answer, score.correctness, score.completeness, score.hallucination, None)
        found = self._codes.get(key)
        if found is None:
            found = self._codes[key] = self._plain_codes(qa, answer, score)
        return found

    def _plain_codes(self, qa: QAPair, answer: str, score: JudgeScore) -> tuple[int, int]:
        pair = self._pair(qa)
        doubt = _doubt(answer, score, None, self.judge, self._judge_forms)
        reported = _decide(
            pair, answer, score, None, True, doubt, _state(pair.evidence, True, None)
        )
        if not pair.evidence:
            return _INDEX[reported], _INDEX[reported]
        unreported = _decide(pair, answer, score, None, True, doubt, "not-reported")
        return _INDEX[reported], _INDEX[unreported]


_INDEX = {c: i for i, c in enumerate(CLASSES)}


def judge_setting(metadata: Any) -> dict[str, Any]:
    """What :class:`Attributor` reads of a run's judges, from its metadata (a
    :class:`~recallbench.results.records.RunMetadata`, or ``result.json``'s ``metadata`` object):
    ``judge``, ``appellate``, ``mode`` and ``claim_check``, as its keyword arguments."""
    if isinstance(metadata, Mapping):
        judge, appellate = metadata.get("judgeModel"), metadata.get("appellateJudgeModel")
        mode, fingerprint = metadata.get("hallucinationMode"), metadata.get("fingerprint")
    else:
        judge, appellate = metadata.judge_model, metadata.appellate_judge_model
        mode, fingerprint = metadata.hallucination_mode, metadata.fingerprint
    primary = None
    if isinstance(fingerprint, Mapping) and isinstance(fingerprint.get("judges"), Mapping):
        primary = fingerprint["judges"].get("primary")
    claims = isinstance(primary, Mapping) and bool(primary.get("claimDays"))
    return {
        "judge": judge if isinstance(judge, str) else None,
        "appellate": appellate if isinstance(appellate, str) else None,
        "mode": mode if isinstance(mode, str) else None,
        "claim_check": claims,
    }


def attribute(
    q: QuestionResult,
    *,
    reported: bool,
    judge: str | None = None,
    scored: bool = True,
    forms: Sequence[UnreliableForm] = UNRELIABLE_FORMS,
    mode: str | None = None,
) -> Attribution:
    """The class of one answer (the module docstring gives the rules and their order).

    Args:
        q: the answer.
        reported: whether its run reports retrieval (:func:`retrieval_reported`).
        judge: the name of the judge whose verdict the answer carries (the run's
            ``metadata.judge_model``; its appellate judge's for an appealed answer), for the forms
            it is known unreliable on; None: none is looked up.
        scored: False for an answer the run left unscored (its ``unscored_results``).
        forms: the known unreliable forms (default :data:`UNRELIABLE_FORMS`).
        mode: the judge's definition of a hallucination (``metadata.hallucination_mode``).
    """
    attributor = Attributor(reported=reported, judge=judge, appellate=judge, forms=forms, mode=mode)
    return attributor.attribute(q, scored=scored)


@attrs.frozen(kw_only=True)
class AttributedAnswer:
    """An answer of a run with its place and class."""

    persona_id: str
    checkpoint: str
    answer: QuestionResult
    scored: bool
    attribution: Attribution


def attribute_run(
    result: BenchmarkResult, *, forms: Sequence[UnreliableForm] = UNRELIABLE_FORMS
) -> Iterator[AttributedAnswer]:
    """Every answer of ``result`` with its class, persona by persona, checkpoint by checkpoint,
    scored answers first, then those left unscored."""
    attributor = Attributor(
        reported=retrieval_reported(result), forms=forms, **judge_setting(result.metadata)
    )
    for persona in result.personas:
        for rr in persona.range_results:
            for scored, answers in ((True, rr.question_results), (False, rr.unscored_results)):
                for q in answers or ():
                    yield AttributedAnswer(
                        persona_id=persona.persona_id,
                        checkpoint=rr.range.label,
                        answer=q,
                        scored=scored,
                        attribution=attributor.attribute(q, scored=scored),
                    )
