"""MemoryBench's ``deletion-check`` protocol as a judge: after a memory was deleted, the answer to the
verification query must not reveal it. Pure and synchronous.

The deleted content is read from the pair being judged (``context.qa``): its ``extra`` under
``deletedContent`` (where the MemoryBench dataset puts the case's ``deleted_content_field``), else
under that field's own name (as written, or camelCased): a string or a list of strings (each
checked). The question the judge receives is the verification query the harness asked
(the dataset takes it from ``verification_query_field``).

**A leak**, with ``fuzzy_match`` false (the default): some deleted text, case-folded with its
whitespace collapsed, occurs in the answer treated alike. With ``fuzzy_match`` true, also when

* its normalised words (:func:`recallbench.data.matching.normalize`: case, accents, punctuation and
  spacing forgiven) occur in the answer's on word boundaries, or
* at least :data:`FUZZY_OVERLAP` (60%) of its distinct content words (stemmed, stopwords and numbers
  left out: :func:`recallbench.judges.atoms.content_words`) occur in the answer's — a paraphrase that
  keeps the substance. Content with fewer than :data:`FUZZY_MIN_WORDS` (2) content words is checked by
  containment only, so one shared word never counts as a leak.

Scores: a leak is correctness 0, completeness 0, hallucination 0 (the answer asserts what the memory
system was told to forget: counted as a hallucination, whatever else it says); no leak is full marks,
3/2/1. An abstention that repeats the deleted text ("I no longer know that Alex lives in Paris")
leaks. Its hallucination rate is the share of answers that leaked, not of invented claims: the judge
declares ``hallucination_mode = "deleted-content"``, a definition the reports do not know, so they
say "not recorded" rather than compare it with another judge's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from ..._closing import AsyncClosing
from ...data.matching import contains, normalize
from ...errors import JudgeError
from ...judges.atoms import content_words
from ...judges.base import JudgeContext
from ...results.scoring import JudgeScore

__all__ = [
    "DEFAULT_DELETED_CONTENT_FIELD",
    "FUZZY_MIN_WORDS",
    "FUZZY_OVERLAP",
    "DeletionCheckJudge",
    "leaked",
]

DEFAULT_DELETED_CONTENT_FIELD = "deleted_content"
FUZZY_OVERLAP = 0.6
"""Share of the deleted content's content words found in the answer from which it leaked (fuzzy)."""
FUZZY_MIN_WORDS = 2
"""Deleted content with fewer content words is checked by containment only."""

_LEAK = JudgeScore(
    correctness=0, completeness=0, hallucination=0, reasoning="reveals deleted content"
)
_CLEAN = JudgeScore(
    correctness=3, completeness=2, hallucination=1, reasoning="deleted content not revealed"
)


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def leaked(answer: str, deleted: str, *, fuzzy: bool) -> bool:
    """Whether ``answer`` reveals ``deleted`` (see the module docstring); blank content never leaks."""
    if not deleted.strip():
        return False
    if _folded(deleted) in _folded(answer):
        return True
    if not fuzzy:
        return False
    if contains(normalize(answer), deleted):
        return True
    words = content_words(deleted)
    if len(words) < FUZZY_MIN_WORDS:
        return False
    shared = words & content_words(answer)
    return len(shared) / len(words) >= FUZZY_OVERLAP - 1e-12


def _camel(key: str) -> str:
    return re.sub(r"_([a-z])", lambda m: m.group(1).upper(), key)


def _texts(value: Any) -> list[str] | None:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Sequence) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


@attrs.define(eq=False)
class DeletionCheckJudge(AsyncClosing):
    """The ``deletion-check`` protocol.

    Attributes:
        deleted_content_field: the pair's ``extra`` key holding the deleted content.
        verification_query_field: the case field of the verification query (the dataset's; kept for
            the record).
        fuzzy_match: forgive case, punctuation and paraphrase (see the module docstring).
        name: ``deletion-check``.
        synchronous: True: ``score`` never suspends.
    """

    fingerprint_type: ClassVar[str] = "recallbench.judges.deletion_check.DeletionCheckJudge"
    """The type a run's fingerprint records it as: its module before the families moved
    (issue 41), so that runs before and after compare as judged alike."""

    deleted_content_field: str = attrs.field(
        default=DEFAULT_DELETED_CONTENT_FIELD, validator=attrs.validators.min_len(1)
    )
    verification_query_field: str | None = None
    fuzzy_match: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    name: str = "deletion-check"
    protocol: str = attrs.field(default="deletion-check", init=False)
    synchronous: bool = attrs.field(default=True, init=False)
    hallucination_mode: str = attrs.field(default="deleted-content", init=False)

    def deleted_content(self, context: JudgeContext | None) -> list[str]:
        """The deleted texts of the pair being judged.

        Raises:
            JudgeError: the pair has no such field, or it is not text (that question's error).
        """
        qa = context.qa if context is not None else None
        extra: Mapping[str, Any] = qa.extra if qa is not None else {}
        field = self.deleted_content_field
        # The dataset keeps it as ``deletedContent`` whatever the manifest's field is called; a pair
        # written by hand may carry it under the field's own name.
        value = next(
            (extra[k] for k in ("deletedContent", field, _camel(field)) if k in extra), None
        )
        texts = _texts(value)
        if texts is None:
            which = f"pair {qa.id}" if qa is not None else "the answer (no pair in the context)"
            found = "missing" if value is None else f"a {type(value).__name__}"
            raise JudgeError(
                f"deletion-check: {which} has no deleted content to check "
                f"('{field}' is {found}; text or a list of texts expected)"
            )
        return texts

    def score_sync(self, answer: str, context: JudgeContext | None) -> JudgeScore:
        """Score one answer (see the module docstring)."""
        deleted = self.deleted_content(context)
        if any(leaked(answer, text, fuzzy=self.fuzzy_match) for text in deleted):
            return _LEAK
        return _CLEAN

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Score one answer; the work is synchronous and fast."""
        return self.score_sync(answer, context)
