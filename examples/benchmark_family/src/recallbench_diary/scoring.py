"""Diary Recall's official figure: the token F1 of an answer against the reference. Pure.

* Both texts are normalised: lower-cased, ASCII punctuation removed (``2024-03-04`` becomes the
  one token ``20240304``), the words *a*, *an* and *the* dropped, whitespace collapsed.
* The F1 is over the two bags of tokens (0 when they share none).
* An ``absent`` question (its detail was never written) scores 1 when the answer declines — says
  the diary does not hold it, or that it does not know — and 0 otherwise.
"""

from __future__ import annotations

import re
import string
from collections import Counter

__all__ = ["declines", "diary_f1", "normalize", "token_f1"]

_PUNCTUATION = str.maketrans("", "", string.punctuation)
_ARTICLES = frozenset({"a", "an", "the"})
_DECLINES = re.compile(
    r"not in (?:the|my|her|his) diary|not mentioned|not recorded|no record|never (?:wrote|written)"
    r"|no information|(?:don't|do not|doesn't|does not) (?:know|say|mention)|\bunknown\b",
    re.IGNORECASE,
)


def normalize(text: str) -> list[str]:
    """``text`` as the tokens the F1 compares."""
    words = text.lower().translate(_PUNCTUATION).split()
    return [w for w in words if w not in _ARTICLES]


def token_f1(answer: str, reference: str) -> float:
    """The F1 of the two texts' bags of normalised tokens."""
    got, want = normalize(answer), normalize(reference)
    same = sum((Counter(got) & Counter(want)).values())
    if same == 0:
        return 0.0
    precision, recall = same / len(got), same / len(want)
    return 2 * precision * recall / (precision + recall)


def declines(answer: str) -> bool:
    """Whether the answer says the diary does not hold what was asked."""
    return _DECLINES.search(answer) is not None


def diary_f1(answer: str, reference: str, category: str | None) -> float:
    """The official figure of one answer (module docstring)."""
    if category == "absent":
        return 1.0 if declines(answer) else 0.0
    return token_f1(answer, reference)
