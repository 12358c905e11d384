"""Question/answer pairs (``qa-*/questions.yaml``, reference §1.5) and their categories."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal

import attrs

from .._fields import extra_field, int_tuple, optional, positive_int, str_tuple

__all__ = [
    "CATEGORIES",
    "CORE_CATEGORIES",
    "DIFFICULTIES",
    "DISCLOSURES",
    "EVIDENCE_TURNS",
    "GROUP_CATEGORIES",
    "NO_EVIDENCE",
    "QAPair",
    "question_type_key",
    "report_categories",
]

CORE_CATEGORIES: tuple[str, ...] = (
    "factual-recall",
    "temporal-reasoning",
    "decision-tracking",
    "contradiction-resolution",
    "cross-reference",
    "recency-bias-resistance",
    "synthesis",
    "negative-recall",
)
"""The eight categories every persona has."""
GROUP_CATEGORIES: tuple[str, ...] = ("group-session-attribution", "information-boundary")
"""The two categories about group sessions: who said what, and what may be shared with whom."""
CATEGORIES: tuple[str, ...] = CORE_CATEGORIES + GROUP_CATEGORIES
"""All ten categories, in the fixed order every per-category output uses."""


def report_categories(
    present: Iterable[str], declared: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The categories questions are reported under, in report order: a benchmark family's own
    (``declared``: all of them, in its order, as BEAM's abilities), or without them Recall Bench's
    ten (all of them, in their fixed order) when the questions use any of them; then any other
    category the questions use, in alphabetical order. Data of Recall Bench's categories alone is
    reported exactly as before families could bring their own."""
    names = set(present)
    if declared:
        return tuple(declared) + tuple(sorted(names - set(declared)))
    extra = tuple(sorted(names - set(CATEGORIES)))
    if not extra:
        return CATEGORIES
    return CATEGORIES + extra if names & set(CATEGORIES) else extra


DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")
"""A question's difficulty levels, in order."""
DISCLOSURES: tuple[str, ...] = ("refuse", "partial", "answer")

Disclosure = Literal["refuse", "partial", "answer"]

NO_EVIDENCE = "noEvidence"
"""The ``QAPair.extra`` key (``true``) of a pair whose data names no evidence for it (a summary of
the whole conversation, a question whose evidence ids name nothing): its ``relevant_days`` are then
every day, and retrieval metrics leave it out rather than count every day as gold."""

EVIDENCE_TURNS = "evidenceTurns"
"""The ``QAPair.extra`` key of a pair's gold turns, when its data has evidence finer than a day
(LoCoMo's ``D5:8``, session 5 turn 8): turn ids, compared as strings with the ``turn`` of the
retrieval entries an adapter reports (turn-level recall beside day-level)."""


_CATEGORY_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _category_name(_inst: object, a: attrs.Attribute[Any], value: str) -> None:
    if not isinstance(value, str) or not _CATEGORY_NAME.fullmatch(value):
        raise ValueError(
            f"{a.name} must be a category name (lower-case words joined by hyphens, such as "
            f"factual-recall), got {value!r}"
        )


def _sorted_unique_days(_inst: object, a: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
    if not value:
        raise ValueError(f"{a.name} must list at least one day")
    for d in value:
        positive_int(_inst, a, d)
    if any(b <= x for x, b in itertools.pairwise(value)):
        raise ValueError(f"{a.name} must be sorted ascending without repeats, got {list(value)}")


@attrs.frozen(kw_only=True)
class QAPair:
    """One evaluation question with its reference answer and the days that hold the answer.

    Keys the reference does not know (``key_facts``, ``derived_facts``, …) are kept in ``extra``.
    """

    _json_once: ClassVar[bool] = True
    """A pair is written into every answer about it: its JSON is made once (``recallbench._convert``)."""

    id: str = attrs.field(validator=attrs.validators.min_len(1))
    question: str = attrs.field(validator=attrs.validators.min_len(1))
    answer: str
    category: str = attrs.field(validator=_category_name)
    """One of Recall Bench's :data:`CATEGORIES`, or of the categories a benchmark family declares
    (BEAM's abilities); which set a dataset accepts is checked where it is read
    (:func:`~recallbench.data.dataset.read_questions`)."""
    difficulty: str = attrs.field(validator=attrs.validators.in_(DIFFICULTIES))
    relevant_days: tuple[int, ...] = attrs.field(converter=int_tuple, validator=_sorted_unique_days)
    requires_synthesis: bool = False
    query_session: str | None = None
    forbidden_sessions: tuple[str, ...] | None = attrs.field(
        default=None, converter=attrs.converters.optional(str_tuple)
    )
    expected_disclosure: Disclosure | None = attrs.field(
        default=None, validator=optional(attrs.validators.in_(DISCLOSURES))
    )
    irrelevant_after: int | None = attrs.field(default=None, validator=optional(positive_int))
    extra: Mapping[str, Any] = extra_field()

    def __attrs_post_init__(self) -> None:
        if self.irrelevant_after is not None and self.irrelevant_after < self.last_day:
            raise ValueError(
                f"irrelevant_after {self.irrelevant_after} is before the last relevant day "
                f"{self.last_day}"
            )
        if self.category == "information-boundary" and not self.forbidden_sessions:
            raise ValueError("an information-boundary pair needs forbidden_sessions")

    @property
    def last_day(self) -> int:
        """The latest relevant day: the pair is answerable once this day is ingested."""
        return self.relevant_days[-1]

    @property
    def is_group(self) -> bool:
        return self.category in GROUP_CATEGORIES


def question_type_key(value: object) -> str | None:
    """A benchmark's question type as the string key it is looked up and grouped by, whatever its
    JSON type: text stripped (``" temporal "`` → ``temporal``), a whole number as its digits (``1``
    and ``1.0`` → ``"1"``, as a ``type_instructions.json`` keyed ``"1"``…``"5"`` names it), another
    number as Python writes it; None for no type (null, empty text) or one that is not a type
    (true/false, a list, an object).

    Examples:
        >>> question_type_key(3), question_type_key("3"), question_type_key(" multi-hop ")
        ('3', '3', 'multi-hop')
        >>> question_type_key(True) is None and question_type_key("") is None
        True
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return str(int(value)) if value.is_integer() else repr(value)
    return None
