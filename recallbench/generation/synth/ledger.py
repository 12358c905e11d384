"""What the engine knows to be true: candidate question/answer pairs with the atoms that prove them.

A :class:`Candidate` is built from the same values the prose was written with; the question selector
turns chosen candidates into ``QAPair`` mappings. Pure records.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["Candidate", "Event"]


@attrs.frozen(kw_only=True)
class Candidate:
    """A question the corpus can answer, with everything ``validate --deep`` needs to prove it."""

    category: str
    question: str
    answer: str
    difficulty: str
    days: tuple[int, ...]
    keys: tuple[str, ...] = ()
    derived: tuple[str, ...] = ()
    derivation: dict[str, Any] | None = None
    session: str | None = None
    irrelevant_after: int | None = None
    requires_synthesis: bool = False
    query_session: str | None = None
    forbidden: tuple[str, ...] = ()
    disclosure: str | None = None
    absent: tuple[str, ...] = ()
    leaks: tuple[str, ...] = ()
    origin: str = ""
    """Which item produced it (``project:Ledger Sync``): the selector spreads picks across origins."""

    @property
    def last_day(self) -> int:
        return max(self.days)

    def to_disk(self, pair_id: str) -> dict[str, Any]:
        """The ``questions.yaml`` mapping, keys in the reference's order followed by ours."""
        out: dict[str, Any] = {
            "id": pair_id,
            "question": self.question,
            "answer": self.answer,
            "category": self.category,
            "difficulty": self.difficulty,
            "relevant_days": sorted(set(self.days)),
            "requires_synthesis": self.requires_synthesis,
        }
        if self.query_session is not None:
            out["query_session"] = self.query_session
        if self.forbidden:
            out["forbidden_sessions"] = list(self.forbidden)
        if self.disclosure is not None:
            out["expected_disclosure"] = self.disclosure
        if self.irrelevant_after is not None:
            out["irrelevant_after"] = self.irrelevant_after
        out["key_facts"] = list(self.keys)
        if self.derived:
            out["derived_facts"] = list(self.derived)
        if self.derivation is not None:
            out["derivation"] = dict(self.derivation)
        if self.session is not None:
            out["evidence_session"] = self.session
        if self.absent:
            out["absent_subjects"] = list(self.absent)
        if self.leaks:
            out["leak_facts"] = list(self.leaks)
        return out


@attrs.frozen
class Event:
    """A dated happening a temporal question can compare with another (``the launch of X``)."""

    day: int
    phrase: str
    arc: str
