"""Which ingested days beyond a judge's window hold an answer's extra claims: a bounded look-up. Pure.

A judge shown a window of days — an LLM judge's memory excerpts, the rubric judge's ``window`` mode —
cannot tell a true detail from another day from an invented one: both are absent from what it sees.
The claim check looks the answer's extra claims up in the whole corpus up to the checkpoint (through
the :class:`~recallbench.judges.grounding.GroundingIndex` the rubric judge keeps anyway) and adds the
few days that hold them to what the judge sees. A true detail the reference leaves out is then
grounded; an invented one is on no day and stays unsupported.

**The bound** (:func:`choose_claim_days`): at most ``limit`` days (:data:`DEFAULT_CLAIM_DAYS` is the
one measured and suggested), ingested by the checkpoint and outside the window, each
holding at least one claim no day chosen before holds. Greedy: the day holding the most claims still
uncovered first; a tie goes to the day nearest the question's relevant days, then to the later day.
Per claim the look-up is one posting list of the index (a checkable atom), the intersection of its
words' lists (a name), or those and the day's word pairs (a quoted string of four words or more,
its candidate days — those holding half its words — capped at :data:`MAX_QUOTE_CANDIDATES`,
nearest first): answers without extra
claims cost nothing, the others a few set operations.

What a claim is, and when one is "extra", is the rubric judge's reading
(:attr:`~recallbench.judges.rubric_case.Case.claims`): money, percentages, numbers above twelve
that are not years, full dates, times, codes and names the reference and the question do not give,
and quoted strings.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence

import attrs

from .atoms import STOPWORDS, bigrams
from .grounding import GroundingIndex, claim_keys

__all__ = [
    "DEFAULT_CLAIM_DAYS",
    "MAX_QUOTE_CANDIDATES",
    "Claim",
    "ClaimDays",
    "choose_claim_days",
    "claim_day_numbers",
]

DEFAULT_CLAIM_DAYS = 3
"""The bound measured and suggested (the check itself is off unless a bound is given): an answer's
extra details come from a few days at most, and an LLM judge's prompt grows by a few lines a day."""

MAX_QUOTE_CANDIDATES = 30
"""A quoted string is checked for its word pairs on at most this many candidate days (nearest first)."""

_QUOTE_PAIRS = 3  # a quote shorter than four words proves nothing (as the window check reads it)


@attrs.frozen
class Claim:
    """One extra claim of an answer, as the index is asked about it.

    Attributes:
        label: how reports show it (``$28,000,000``, ``03-16``, ``Northstar Components``, a quote).
        key: the claim's index key (``money:28000000``, ``date:03-16``, ``name:northstar components``)
            or, for a quoted string, ``quote:`` and its words.
        tokens: a quoted string's words (empty for the other kinds).
    """

    label: str
    key: str
    tokens: tuple[str, ...] = ()


@attrs.frozen
class ClaimDays:
    """The days a claim check chose and the claims each holds (the days in the order chosen).

    Attributes:
        days: the day numbers chosen, at most the bound.
        claims: per chosen day, the claims it holds that no earlier chosen day held.
    """

    days: tuple[int, ...] = ()
    claims: tuple[tuple[Claim, ...], ...] = ()


def _postings(index: GroundingIndex, key: str, cutoff: int) -> set[int]:
    out: set[int] = set()
    for k in claim_keys(key):
        for d in index.days_of(k):
            if d > cutoff:
                break
            out.add(d)
    return out


def _words_days(index: GroundingIndex, words: Iterable[str], cutoff: int) -> set[int]:
    """The days up to ``cutoff`` holding every one of ``words`` (empty for no words)."""
    found: set[int] | None = None
    for word in sorted(set(words), key=lambda w: len(index.days_of(f"w:{w}"))):
        days = {d for d in index.days_of(f"w:{word}") if d <= cutoff}
        found = days if found is None else found & days
        if not found:
            return set()
    return found or set()


def _distance(day: int, relevant: Sequence[int]) -> int:
    return min((abs(day - r) for r in relevant), default=0)


def claim_day_numbers(
    index: GroundingIndex, claim: Claim, cutoff: int, relevant: Sequence[int] = ()
) -> set[int]:
    """The days up to ``cutoff`` that hold ``claim``.

    A checkable atom: the days its key (or an equivalent key, :func:`claim_keys`) is on. A name: the
    days holding every one of its words. A quoted string of four words or more: among the days
    holding half its content words (the :data:`MAX_QUOTE_CANDIDATES` nearest ``relevant``), those
    holding half its word pairs or three quarters of its content words.
    """
    kind, _, value = claim.key.partition(":")
    if kind == "name":
        return _words_days(index, value.split(), cutoff)
    if kind != "quote":
        return _postings(index, claim.key, cutoff)
    pairs = set(bigrams(list(claim.tokens)))
    if len(pairs) < _QUOTE_PAIRS:
        return set()
    words = sorted({t for t in claim.tokens if t not in STOPWORDS and not t.isdigit()})
    # Candidates: the days holding at least half its words (systems adapt a word or two of what
    # they quote); a candidate then needs half the word pairs, or three quarters of the words.
    count: dict[int, int] = {}
    for word in words:
        for d in index.days_of(f"w:{word}"):
            if d > cutoff:
                break
            count[d] = count.get(d, 0) + 1
    candidates = sorted(
        (d for d, n in count.items() if n * 2 >= len(words)),
        key=lambda d: (_distance(d, relevant), -d),
    )
    return {d for d in candidates[:MAX_QUOTE_CANDIDATES] if _quoted_on(index, pairs, words, d)}


def _quoted_on(index: GroundingIndex, pairs: set[str], words: Sequence[str], day: int) -> bool:
    """Whether day ``day`` holds half a quote's word pairs, or three quarters of its words."""
    if len(pairs & index.pairs_of_day(day)) * 2 >= len(pairs):
        return True
    return sum(1 for w in words if _on_day(index, w, day)) * 4 >= len(words) * 3


def _on_day(index: GroundingIndex, word: str, day: int) -> bool:
    found = index.days_of(f"w:{word}")
    i = bisect.bisect_left(found, day)
    return i < len(found) and found[i] == day


def choose_claim_days(
    index: GroundingIndex,
    claims: Sequence[Claim],
    *,
    cutoff: int,
    seen: Sequence[tuple[int, int]],
    relevant: Sequence[int],
    limit: int,
) -> ClaimDays:
    """At most ``limit`` days beyond ``seen`` that hold ``claims``, greedily (see the module docstring).

    Args:
        index: the corpus's grounding index.
        claims: the answer's claims the judge cannot ground in what it sees.
        cutoff: the last day ingested at the checkpoint; later days never count.
        seen: the days the judge already sees, as inclusive ranges: never chosen again.
        relevant: the question's relevant days, for the tie-break by distance.
        limit: the bound; 0 chooses nothing.

    Returns:
        The days chosen and the claims each holds.
    """
    if limit <= 0 or not claims:
        return ClaimDays()

    def unseen(d: int) -> bool:
        return not any(lo <= d <= hi for lo, hi in seen)

    holding = [
        {d for d in claim_day_numbers(index, c, cutoff, relevant) if unseen(d)} for c in claims
    ]
    uncovered = set(range(len(claims)))
    days: list[int] = []
    held: list[tuple[Claim, ...]] = []
    while uncovered and len(days) < limit:
        count: dict[int, int] = {}
        for i in uncovered:
            for d in holding[i]:
                count[d] = count.get(d, 0) + 1
        if not count:
            break
        best = min(count, key=lambda d: (-count[d], _distance(d, relevant), -d))
        covered = sorted(i for i in uncovered if best in holding[i])
        days.append(best)
        held.append(tuple(claims[i] for i in covered))
        uncovered -= set(covered)
    return ClaimDays(days=tuple(days), claims=tuple(held))
