"""A word index over a generated corpus: on which days (and in which session) a phrase occurs.

The engine asks it whether an old fact is ever mentioned again, whether a negative-recall subject is
truly absent and whether a boundary fact leaks into the asking session. Matching is the same
normalised word-boundary containment ``validate --deep`` uses.
"""

from __future__ import annotations

from collections.abc import Mapping

from .domain import normalize

__all__ = ["CorpusIndex"]


class CorpusIndex:
    def __init__(self, texts: Mapping[tuple[int, str], str]) -> None:
        """``texts`` maps (day, session) to that session's body on that day."""
        self._norm = {k: f" {normalize(v)} " for k, v in texts.items()}
        self._words: dict[str, set[tuple[int, str]]] = {}
        for k, text in self._norm.items():
            for word in set(text.split()):
                self._words.setdefault(word, set()).add(k)

    def where(self, phrase: str, session: str | None = None) -> list[tuple[int, str]]:
        """Every (day, session) whose body contains ``phrase``, sorted."""
        words = normalize(phrase).split()
        if not words:
            return []
        hits = set.intersection(*(self._words.get(w, set()) for w in words))
        needle = f" {' '.join(words)} "
        found = [
            k for k in hits if needle in self._norm[k] and (session is None or k[1] == session)
        ]
        return sorted(found)

    def days(self, phrase: str, session: str | None = None) -> list[int]:
        return sorted({d for d, _ in self.where(phrase, session)})
