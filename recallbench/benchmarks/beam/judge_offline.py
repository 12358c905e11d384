"""``--judge beam-nuggets``: BEAM's rubric checked offline, nugget by nugget, aggregated as the official
judge aggregates. The default judge of a BEAM run given no judge and no judge model.

Each nugget is scored 1, 0.5 or 0 by rules over the rubric judge's atoms (:mod:`recallbench.judges.
atoms`, :mod:`recallbench.judges.reference_parts`) instead of a model:

* a nugget that forbids something (``LLM response should avoid: X``) is 1 when the answer says
  something (not an abstention) and holds less than half of X, else 0;
* an abstention nugget (``Based on the provided chat, there is no information related to …``, or
  any nugget of an abstention question) is 1 when the answer abstains ("no information", "not
  mentioned", "I don't know": the rubric judge's patterns), else 0;
* contradiction resolution's nugget "there is contradictory information" is 1 when the answer says
  so (contradict, conflict, inconsistent, mixed information), and its "which statement is
  correct?" when the answer asks which is (a question asking to clarify or confirm); its other
  nuggets as any other;
* any other nugget, without its ``LLM response should state:`` lead, is found in the answer as the
  rubric judge finds a key fact (:func:`~recallbench.judges.reference_parts.key_fact_share`: 1 when
  it occurs verbatim, else the weighted share of its numbers, dates, names and content words, at
  most a half when a number, date or name is missing): a share of 0.8 or more scores 1, of 0.4 or
  more 0.5, less 0.

The question's figure is then the official one: the mean of ``int()`` of the nugget scores (a 0.5
counts 0, as in BEAM's code), or for event ordering ``tau_norm`` (:func:`~.scoring.order_metrics`)
with each line, in order, aligned to the unused rubric item it holds most of, when it holds at least
half of it (:func:`~recallbench.judges.reference_parts.key_fact_share` ≥ 0.5; ties: the earlier
item) — the official alignment asks a model, item by item, whether the line describes the same
event and takes the first yes; with shared words in place of a model, the first item sharing half
its words is often another event's ("weekly word count target" and "adjusted word count target"),
so the best one is taken; an event left unmatched then takes the unused item it shares the most
with, when it shares anything (an event told in other words). The events are the answer's lines, and within a line its enumerated items
(``1) …, 2) …``: how BEAM's own reference answers list them, on one line; the official code, with
a model, keeps such a line whole). It reads words, not meaning: paraphrase without shared words scores low,
and an answer quoting a fact it denies still holds it.
"""

from __future__ import annotations

import re

import attrs

from ..._closing import AsyncClosing
from ...judges.base import JudgeContext
from ...judges.reference_parts import Text, analyse, key_fact_share
from ...judges.stance import ABSTAIN
from ...results.scoring import JudgeScore
from .abilities import negative_nugget, nugget_text
from .scoring import nugget_value, order_metrics, question_score
from .verdict import beam_pair, shown, verdict

__all__ = ["NUGGETS_VERSION", "BeamNuggetJudge", "nugget_check"]

NUGGETS_VERSION = "3"
"""Changes whenever a rule or threshold changes."""

FULL_SHARE = 0.8
PARTIAL_SHARE = 0.4
LINE_SHARE = 0.5

_ABSTENTION_NUGGET = re.compile(r"^\s*Based on the provided chat, there is no information", re.I)
_NO_INFORMATION = re.compile(
    r"\b(?:no|not\s+any|nothing)\b[^.\n]{0,60}?\b(?:information|details?|mention|record)\b"
    r"|\bnot\s+(?:mentioned|provided|specified|discussed|available)\b",
    re.IGNORECASE,
)
_SAYS_CONTRADICTION = re.compile(
    r"\b(?:contradict\w*|conflict\w*|inconsisten\w*|mixed\s+information|discrepan\w*"
    r"|both\s+said|you\s+(?:also\s+)?(?:said|mentioned)\b[^.\n]{0,80}\bbut\b)",
    re.IGNORECASE,
)
_CONTRADICTION_NUGGET = re.compile(r"\bcontradict\w*\s+information\b|\bcontradiction\b", re.I)
_WHICH_NUGGET = re.compile(r"\bwhich\b.*\b(?:correct|right|true|accurate)\b|\bclarif", re.I)
_ASKS_WHICH = re.compile(
    r"\b(?:which|clarify|clarification|confirm|could\s+you|can\s+you|is\s+it)\b[^?]{0,200}\?",
    re.IGNORECASE,
)


def _abstains(answer: str) -> bool:
    return bool(ABSTAIN.search(answer) or _NO_INFORMATION.search(answer))


def _share_score(share: float) -> float:
    if share >= FULL_SHARE:
        return 1.0
    return 0.5 if share >= PARTIAL_SHARE else 0.0


def nugget_check(nugget: str, ability_key: str, answer: str, ans: Text | None = None) -> float:
    """One nugget's score, 1, 0.5 or 0 (module docstring); ``ans`` is the answer's analysis when
    the caller has it."""
    said = answer.strip()
    ans = ans if ans is not None else analyse(answer)
    forbidden = negative_nugget(nugget)
    if forbidden is not None:
        if not said or _abstains(said):
            return 0.0
        return 1.0 if key_fact_share(forbidden, ans) < LINE_SHARE else 0.0
    if ability_key == "abstention" or _ABSTENTION_NUGGET.match(nugget):
        return 1.0 if _abstains(said) else 0.0
    text = nugget_text(nugget)
    if ability_key == "contradiction_resolution":
        if _CONTRADICTION_NUGGET.search(text) and len(text.split()) <= 6:
            return 1.0 if _SAYS_CONTRADICTION.search(said) else 0.0
        if _WHICH_NUGGET.search(text) and len(text.split()) <= 8:
            return 1.0 if _ASKS_WHICH.search(said) else 0.0
    if not said:
        return 0.0
    return _share_score(key_fact_share(text, ans))


_ENUMERATOR = re.compile(r"(?:^|(?<=\s))\(?(\d{1,2})[).]\s+")


def _events(answer: str) -> list[str]:
    """The events an answer lists, in order: its lines, each line with two or more enumerated
    items (``1) a, 2) b``) split at them, what comes before its first item dropped."""
    out: list[str] = []
    for line in answer.split("\n"):
        marks = list(_ENUMERATOR.finditer(line))
        numbers = [int(m.group(1)) for m in marks]
        if len(marks) < 2 or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
            out.append(line)
            continue
        for mark, following in zip(marks, [*marks[1:], None], strict=True):
            end = following.start() if following is not None else len(line)
            out.append(line[mark.end() : end].strip().rstrip(",;"))
    return out


def _align(rubric: tuple[str, ...], lines: list[str]) -> list[str]:
    """Each line replaced by the unused rubric item it holds most of, at least half (module
    docstring); then each line still unmatched by the unused item it shares most with, when it
    shares anything (an event told in other words than its rubric item's); a line sharing nothing
    stays as it is."""
    used: set[int] = set()
    out: list[str | None] = []
    texts = [analyse(line) if line.strip() else None for line in lines]
    for text in texts:
        best = _best_item(rubric, text, used, LINE_SHARE)
        out.append(rubric[best] if best is not None else None)
        if best is not None:
            used.add(best)
    for i, text in enumerate(texts):
        if out[i] is None:
            best = _best_item(rubric, text, used, 0.0, strictly=True)
            if best is not None:
                out[i] = rubric[best]
                used.add(best)
    return [
        aligned if aligned is not None else line for aligned, line in zip(out, lines, strict=True)
    ]


def _best_item(
    rubric: tuple[str, ...],
    text: Text | None,
    used: set[int],
    floor: float,
    *,
    strictly: bool = False,
) -> int | None:
    """The unused item ``text`` holds most of, at least ``floor`` (above it, ``strictly``;
    ties: the earlier item)."""
    if text is None:
        return None
    best, best_share = None, floor
    for index, item in enumerate(rubric):
        if index in used:
            continue
        share = key_fact_share(item, text)
        if share > best_share or (best is None and not strictly and share >= best_share):
            best, best_share = index, share
    return best


@attrs.define(eq=False)
class BeamNuggetJudge(AsyncClosing):
    """The offline BEAM judge (module docstring). Deterministic, synchronous, no model.

    Attributes:
        name: ``beam-nuggets``.
        version: :data:`NUGGETS_VERSION`.
        synchronous: True: ``score`` never suspends.
        hallucination_mode: ``reference-only``.
    """

    name: str = "beam-nuggets"
    version: str = NUGGETS_VERSION
    synchronous: bool = attrs.field(default=True, init=False)
    hallucination_mode: str = attrs.field(default="reference-only", init=False)

    def score_sync(self, answer: str, context: JudgeContext | None) -> JudgeScore:
        """Score one answer against its pair's rubric.

        Raises:
            JudgeError: the pair is no BEAM question.
        """
        pair = beam_pair(context)
        if pair.key == "event_ordering":
            aligned = _align(pair.rubric, _events(answer))
            order = order_metrics(pair.rubric, aligned)
            matched = sum(1 for line in aligned if line in pair.rubric)
            detail = (
                f"tau_norm of {len(aligned)} event(s), {matched} aligned with the rubric's "
                f"{len(pair.rubric)} item(s) by shared words; F1 {order.f1:.4f} (offline)"
            )
            return verdict(order.tau_norm, pair.ability, detail, answer)
        ans = analyse(answer)
        raw = [nugget_check(n, pair.key, answer, ans) for n in pair.rubric]
        values = [nugget_value(v, "code") for v in raw]
        detail = f"nuggets {shown(raw)} (int() of each, as the official code; offline)"
        return verdict(question_score(values), pair.ability, detail, answer)

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Score one answer (:meth:`score_sync`)."""
        return self.score_sync(answer, context)
