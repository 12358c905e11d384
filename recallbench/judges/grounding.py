"""Where the rubric judge looks for a claim's support: the days each checkable atom and word of a
corpus appears on, built once per corpus and read from any checkpoint. Pure.

Index keys: ``num:2412`` (every number-like value, whatever its kind), ``money:…``, ``percent:…``,
``date:…``, ``time:…``, ``code:…``, ``day:N`` (a day's own number) and ``w:token`` (words); word pairs
keep only their first day.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence

import attrs

from ..data.corpus import Day
from .atoms import STOPWORDS, Atoms, bigrams, clean, extract_values, tokens

__all__ = ["SPECIFIC_NUMBER", "Grounding", "GroundingIndex", "claim_keys"]

_QUOTE_PAIRS = 3
"""A quoted string is checked from this many word pairs (four words) up."""

SPECIFIC_NUMBER = 1000
"""An amount or percentage at least this large is specific enough to be grounded by the same number
written any other way ($28M by "28 million")."""


def _value_keys(atoms: Atoms) -> set[str]:
    """Index keys of the scanned kinds. Every number-like value has a ``num:`` key whatever its kind
    (so ``$28M`` in an answer finds ``28 million`` in a memory), amounts and percentages also their
    own (so a made-up 15% is not grounded by "15 minutes")."""
    keys = {f"num:{v}" for v in atoms.numeric_values()}
    keys.update(f"money:{v}" for v in atoms.money)
    keys.update(f"percent:{v}" for v in atoms.percent)
    keys.update(f"date:{v}" for v in atoms.date)
    keys.update(f"time:{v}" for v in atoms.time)
    keys.update(f"code:{v}" for v in atoms.code)
    return keys


@attrs.define(eq=False)
class GroundingIndex:
    """The days each checkable atom and word of a corpus appears on, and the first day of each word pair.

    Built once per corpus and extended as later checkpoints bring later days, so a judge asked about
    checkpoint after checkpoint reads each day once. "Grounded at a checkpoint" is then "appears on a
    day up to the checkpoint's last day"; "in the evidence" is "appears on one of these days".

    The index keeps its days (not copies): a caller may cache it by the identity of the first Day
    object, and holding that object keeps its id from being reused by another.

    Attributes:
        days: the days indexed, in order.
    """

    days: list[Day] = attrs.field(factory=list)
    _postings: dict[str, list[int]] = attrs.field(factory=dict, repr=False)
    _first_pair: dict[str, int] = attrs.field(factory=dict, repr=False)
    _dates: dict[str, int] = attrs.field(factory=dict, repr=False)
    _month_days: dict[str, list[int]] = attrs.field(factory=dict, repr=False)
    _pairs_by_day: dict[int, frozenset[str]] = attrs.field(factory=dict, repr=False)

    @classmethod
    def build(cls, days: Iterable[Day]) -> GroundingIndex:
        """An index over ``days`` (in day order)."""
        index = cls()
        index.extend(days)
        return index

    @property
    def last_day(self) -> int:
        """The last day number indexed (0 when empty)."""
        return self.days[-1].number if self.days else 0

    def extend(self, days: Iterable[Day]) -> None:
        """Index the days after the last one indexed, in order; days already indexed are skipped."""
        postings, first_pair = self._postings, self._first_pair
        for day in days:
            if day.number <= self.last_day:
                continue
            self.days.append(day)
            n = day.number
            if day.date:
                self._dates.setdefault(day.date, n)
                self._month_days.setdefault(day.date[5:], []).append(n)
            cleaned = clean(day.content)
            keys = _value_keys(extract_values(cleaned, cleaned=True))
            # A day's own date and number are facts of that day: answers cite "on 2026-01-20" and
            # "day 20" (a plain number, never an amount).
            if day.date:
                keys |= _value_keys(extract_values(day.date))
            keys.add(f"day:{n}")
            toks = tokens(cleaned, cleaned=True)
            keys.update(f"w:{t}" for t in toks)
            for key in keys:
                postings.setdefault(key, []).append(n)
            for pair in set(bigrams(toks)):
                first_pair.setdefault(pair, n)

    def days_of(self, key: str) -> Sequence[int]:
        """The day numbers ``key`` (``num:2412``, ``date:04-30``, ``w:token``, …) appears on, ascending."""
        return self._postings.get(key, ())

    def pairs_of_day(self, n: int) -> frozenset[str]:
        """The word pairs of day ``n`` (computed on first use: only window checks need them)."""
        found = self._pairs_by_day.get(n)
        if found is None:
            i = bisect.bisect_left(self.days, n, key=_day_number)
            if i == len(self.days) or self.days[i].number != n:
                return frozenset()
            found = frozenset(bigrams(tokens(self.days[i].content)))
            self._pairs_by_day[n] = found
        return found

    def day_of_date(self, iso: str) -> int | None:
        """The day whose calendar date is ``iso`` (``YYYY-MM-DD``), if the corpus has it."""
        return self._dates.get(iso)

    def days_dated(self, month_day: str) -> Sequence[int]:
        """The days whose calendar date falls on ``month_day`` (``MM-DD``, any year), ascending."""
        return self._month_days.get(month_day, ())

    def first_day(self, key: str) -> int | None:
        """The first day ``key`` appears on: an atom or token key, or a word pair ``"a b"``."""
        found = self._postings.get(key)
        if found:
            return found[0]
        return self._first_pair.get(key)

    def matches(self, days: Sequence[Day]) -> bool:
        """Whether ``days`` are a prefix or an extension of the corpus this index was built from."""
        if not self.days:
            return True
        if not days or days[0] is not self.days[0]:
            return False
        last = days[-1]
        if last.number > self.last_day:
            return True
        i = bisect.bisect_left(self.days, last.number, key=_day_number)
        return i < len(self.days) and self.days[i] is last


def _day_number(day: Day) -> int:
    return day.number


def claim_keys(key: str) -> tuple[str, ...]:
    """The index keys that ground a claim key: an amount or a percentage is grounded by the same
    kind, or by any number when large enough to be specific (``$28M`` by "28 million"); a plain
    number by any number or a day's number."""
    kind, _, value = key.partition(":")
    if kind in ("money", "percent"):
        return (key, f"num:{value}") if float(value) >= SPECIFIC_NUMBER else (key,)
    if kind == "number":
        return (f"num:{value}", f"day:{value}")
    return (key,)


@attrs.frozen
class Grounding:
    """An index seen from one checkpoint: only days up to ``cutoff`` count; ``evidence`` are the
    question's evidence days as inclusive ranges."""

    index: GroundingIndex
    cutoff: int
    evidence: tuple[tuple[int, int], ...]
    support: tuple[tuple[int, int], ...] | None = None
    """With a hallucination window: the only days a claim may trace to."""

    def grounded(self, key: str) -> bool:
        """Whether a claim's key (see :func:`claim_keys`) appears on a day the claim may trace to."""
        if self.support is not None:
            return self.in_days(key, self.support)
        return self.ingested(key)

    def names_a_day(self, iso: str) -> bool:
        """Whether the full date ``iso`` is the date of a day a claim may trace to (ingested by the
        cutoff; with a hallucination window, inside it): the answer's provenance, not a claim."""
        day = self.index.day_of_date(iso)
        if day is None or day > self.cutoff:
            return False
        return self.support is None or any(lo <= day <= hi for lo, hi in self.support)

    def cites_a_day(self, month_day: str) -> bool:
        """Whether a citation stamp's date (``MM-DD``) is the date of a day ingested by the cutoff:
        a real memory cited, wherever it sits (a citation is not a claim, so no window applies)."""
        found = self.index.days_dated(month_day)
        return bool(found) and found[0] <= self.cutoff

    def ingested(self, key: str) -> bool:
        """Whether a claim's key appears on any day ingested by the cutoff, whatever the window."""
        for k in claim_keys(key):
            found = self.index.days_of(k)
            if found and found[0] <= self.cutoff:
                return True
        return False

    def quote_ingested(self, toks: Sequence[str]) -> bool:
        """Whether at least half a quoted string's word pairs appear on days ingested by the cutoff."""
        pairs = set(bigrams(list(toks)))
        first = self.index.first_day
        found = sum(1 for p in pairs if (first(p) or self.cutoff + 1) <= self.cutoff)
        return found * 2 >= len(pairs)

    def quote_grounded(self, toks: Sequence[str]) -> bool:
        """With a hallucination window, whether at least half the word pairs of a quoted string are
        on the window's days (a quote from elsewhere is not what the judge could see). Without a
        window quotes are not checked: systems trim and adapt what they quote."""
        if self.support is None:
            return True
        pairs = set(bigrams(list(toks)))
        if len(pairs) < _QUOTE_PAIRS:  # "not yet authorized": too short to be evidence of anything
            return True
        seen: set[str] = set()
        for lo, hi in self.support:
            for n in range(lo, hi + 1):
                seen |= self.index.pairs_of_day(n)
        if len(pairs & seen) * 2 >= len(pairs):
            return True
        # A close paraphrase ("cap-allocation" for "capital-allocation") keeps most of its words.
        words = [t for t in toks if t not in STOPWORDS]
        found = sum(1 for t in words if self.in_days(f"w:{t}", self.support))
        return bool(words) and found * 4 >= len(words) * 3

    def in_evidence(self, key: str) -> bool:
        return self.in_days(key, self.evidence)

    def in_days(self, key: str, ranges: Sequence[tuple[int, int]]) -> bool:
        for k in claim_keys(key):
            found = self.index.days_of(k)
            for lo, hi in ranges:
                i = bisect.bisect_left(found, lo)
                if i < len(found) and found[i] <= hi:
                    return True
        return False

    def name_grounded(self, toks: Sequence[str]) -> bool:
        """Whether a name traces to the corpus: its words by the cutoff, and (for a multiword name)
        each adjacent pair of them too, so that two real surnames do not make a real person."""
        if not all(self.grounded(f"w:{t}") for t in toks):
            return False
        if self.support is not None or len(toks) < 2:
            return True
        first = self.index.first_day
        return all((first(p) or self.cutoff + 1) <= self.cutoff for p in bigrams(list(toks)))
