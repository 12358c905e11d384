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
over the answer's events, each replaced by the rubric item it is matched with. The official
alignment asks a model, item by item, whether an event describes the same one and takes the first
yes; with shared words in place of a model, an event's best item is often another event's ("weekly
word count target" and "adjusted word count target"), so events and items are matched as a whole
(:func:`max_weight_matching`): as many events as can be matched with an item they hold at least half
of (:func:`~recallbench.judges.reference_parts.key_fact_share` ≥ 0.5), then as much shared as can be;
an event sharing nothing with any item stays unmatched. The events are the answer's lines, and
within a line its enumerated items (``1) …, 2) …``: how BEAM's own reference answers list them, on
one line; the official code, with a model, keeps such a line whole).

Before matching, the answer and each nugget are normalised (:func:`normalise`): a count spelled out
before what it counts is read as its digits ("one day" as "1 day") and a span of days in one month
as its two dates ("April 20-21" as "April 20 to April 21"); and a nugget whose text stops mid-word
(a rubric cut short: "…with Stephe") has that word completed as the answer writes it
(:func:`complete_cut_word`). It reads words, not meaning: paraphrase without shared words scores low,
and an answer quoting a fact it denies still holds it.
"""

from __future__ import annotations

import re

import attrs

from ..._closing import AsyncClosing
from ...judges.base import JudgeContext
from ...judges.lexicon import TENS, UNITS
from ...judges.reference_parts import Text, analyse, key_fact_share
from ...judges.stance import ABSTAIN
from ...results.scoring import JudgeScore
from .abilities import negative_nugget, nugget_text
from .scoring import nugget_value, order_metrics, question_score
from .verdict import beam_pair, shown, verdict

__all__ = [
    "NUGGETS_VERSION",
    "BeamNuggetJudge",
    "complete_cut_word",
    "max_weight_matching",
    "normalise",
    "nugget_check",
]

NUGGETS_VERSION = "4"
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


_COUNTED = (
    r"(?:seconds?|minutes?|hours?|days?|nights?|weeks?|weekends?|months?|years?|times?|sessions?"
    r"|steps?|items?|events?|people|members?)"
)
_SPELLED_COUNT = re.compile(
    rf"\b(one|a\s+single|(?:{'|'.join(TENS)})(?:[- ](?:one|{'|'.join(UNITS)}))?|{'|'.join(UNITS)}"
    rf"|ten|eleven|twelve)\s+(?={_COUNTED}\b)",
    re.IGNORECASE,
)
_SMALL = {"one": 1, "a single": 1, "ten": 10, "eleven": 11, "twelve": 12}
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?"
_DAY_SPAN = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})\s*[-–]\s*(\d{{1,2}})\b(?!\s*[:%])")


def _count(word: str) -> int:
    key = " ".join(word.casefold().split()).replace("-", " ")
    if key in _SMALL:
        return _SMALL[key]
    first, _, second = key.partition(" ")
    if first in TENS:
        return TENS[first] + (UNITS.get(second, 1 if second == "one" else 0) if second else 0)
    return UNITS[first]


def normalise(text: str) -> str:
    """``text`` with a count spelled out before what it counts in digits ("One day" → "1 day",
    "twenty-one days" → "21 days") and a span of days in one month written as its two dates
    ("April 20-21" → "April 20 to April 21"), so that an answer and a nugget writing the same
    count or date otherwise still meet. Pure.

    Examples:
        >>> normalise("One day passed between April 30 and May 1.")
        '1 day passed between April 30 and May 1.'
        >>> normalise("our getaway on April 20-21")
        'our getaway on April 20 to April 21'
    """
    text = _SPELLED_COUNT.sub(lambda m: f"{_count(m.group(1))} ", text)
    return _DAY_SPAN.sub(lambda m: f"{m.group(1)} {m.group(2)} to {m.group(1)} {m.group(3)}", text)


_LAST_WORD = re.compile(r"([^\W\d_]{3,})$")


def complete_cut_word(nugget: str, answer: str) -> str:
    """A nugget whose text stops mid-word (a rubric cut short: "…with Stephe") with that last
    word completed as the answer writes it, when the answer has a word it begins and no word equal
    to it (the shortest such word); else the nugget as it is. Pure.

    Examples:
        >>> complete_cut_word("celebrating with Stephe", "I celebrated with Stephen.")
        'celebrating with Stephen'
        >>> complete_cut_word("the plan", "the plan, then the planning")
        'the plan'
    """
    m = _LAST_WORD.search(nugget)
    if m is None:
        return nugget
    cut = m.group(1).casefold()
    words = set(re.findall(r"[^\W\d_]+", answer))
    if any(w.casefold() == cut for w in words):
        return nugget
    # The shortest completion: the least the cut can have taken away.
    longer = sorted((len(w), w) for w in words if w.casefold().startswith(cut))
    return nugget[: m.start()] + longer[0][1] if longer else nugget


def _abstains(answer: str) -> bool:
    return bool(ABSTAIN.search(answer) or _NO_INFORMATION.search(answer))


def _share_score(share: float) -> float:
    if share >= FULL_SHARE:
        return 1.0
    return 0.5 if share >= PARTIAL_SHARE else 0.0


def nugget_check(nugget: str, ability_key: str, answer: str, ans: Text | None = None) -> float:
    """One nugget's score, 1, 0.5 or 0 (module docstring); ``ans`` is the answer's analysis when
    the caller has it."""
    said = normalise(answer.strip())
    ans = ans if ans is not None else analyse(said)
    forbidden = negative_nugget(nugget)
    if forbidden is not None:
        if not said or _abstains(said):
            return 0.0
        return 1.0 if key_fact_share(forbidden, ans) < LINE_SHARE else 0.0
    if ability_key == "abstention" or _ABSTENTION_NUGGET.match(nugget):
        return 1.0 if _abstains(said) else 0.0
    text = complete_cut_word(normalise(nugget_text(nugget)), said)
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
    """Each line replaced by the rubric item it is matched with, the matching taken as a whole
    (module docstring): as many lines as can be matched with an item they hold at least half of,
    then as much shared as can be; a line sharing nothing with any item stays as it is."""
    texts = [analyse(line) if line.strip() else None for line in lines]
    shares = [
        [key_fact_share(item, text) if text is not None else 0.0 for item in rubric]
        for text in texts
    ]
    # A strong match (at least half of the item) outweighs any number of weak ones.
    bonus = float(len(rubric) + 1)
    weights = [[s + bonus if s >= LINE_SHARE else s for s in row] for row in shares]
    matched = max_weight_matching(weights)
    return [
        rubric[matched[i]] if i in matched and shares[i][matched[i]] > 0 else line
        for i, line in enumerate(lines)
    ]


def max_weight_matching(weights: list[list[float]]) -> dict[int, int]:
    """The rows matched to columns (at most one each) so that the weights matched sum the most:
    the Hungarian method, O(n³) over the padded square. Ties go the way the method finds first
    (deterministic). Pure.

    Examples:
        >>> max_weight_matching([[0.75, 0.67], [0.5, 0.33]])
        {0: 1, 1: 0}
        >>> max_weight_matching([])
        {}
    """
    rows = len(weights)
    cols = max((len(r) for r in weights), default=0)
    n = max(rows, cols)
    if n == 0:
        return {}
    cost = [
        [-(weights[i][j] if i < rows and j < len(weights[i]) else 0.0) for j in range(n)]
        for i in range(n)
    ]
    inf = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    way = [0] * (n + 1)
    owner = [0] * (n + 1)  # owner[j]: the row (1-based) column j is matched with
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        least = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = owner[j0], inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < least[j]:
                        least[j], way[j] = cur, j0
                    if least[j] < delta:
                        delta, j1 = least[j], j
            for j in range(n + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    return dict(
        sorted(
            (owner[j] - 1, j - 1)
            for j in range(1, n + 1)
            if owner[j] - 1 < rows and j - 1 < len(weights[owner[j] - 1])
        )
    )


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
            aligned = _align(pair.rubric, _events(normalise(answer)))
            order = order_metrics(pair.rubric, aligned)
            matched = sum(1 for line in aligned if line in pair.rubric)
            detail = (
                f"tau_norm of {len(aligned)} event(s), {matched} aligned with the rubric's "
                f"{len(pair.rubric)} item(s) by shared words; F1 {order.f1:.4f} (offline)"
            )
            return verdict(order.tau_norm, pair.ability, detail, answer)
        ans = analyse(normalise(answer.strip()))
        raw = [nugget_check(n, pair.key, answer, ans) for n in pair.rubric]
        values = [nugget_value(v, "code") for v in raw]
        detail = f"nuggets {shown(raw)} (int() of each, as the official code; offline)"
        return verdict(question_score(values), pair.ability, detail, answer)

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Score one answer (:meth:`score_sync`)."""
        return self.score_sync(answer, context)
