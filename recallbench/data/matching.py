"""How key facts are matched against text: normalised words on word boundaries. Pure.

The persona engine proves its questions with it and ``validate --deep`` checks datasets with it, so
the two can never disagree about what "the fact occurs on that day" means.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["contains", "normalize"]


def normalize(text: str) -> str:
    """Casefolded words separated by single spaces: what key-fact matching compares.

    Every character that is not a letter or digit separates words, so ``$48,000`` and ``48 000``
    normalise alike and a fact at the end of a sentence still matches.
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.sub(r"[^\w]+|_", " ", text).split())


def contains(haystack_normalized: str, needle: str) -> bool:
    """Whether ``needle`` occurs in already-normalised text on word boundaries."""
    n = normalize(needle)
    return bool(n) and f" {n} " in f" {haystack_normalized} "
