"""BEAM's ten memory abilities, its chat sizes, and how a probing question's fields are read. Pure.

The abilities are the keys of a conversation's ``probing_questions.json``, written with hyphens as
recallbench's categories (``event_ordering`` → ``event-ordering``), in the paper's order: the order
its README numbers them in, which is also the order of the official evaluation's result columns
(``src/evaluation/report_results.py``, ``column_names``) and of the keys in every probing file.

**The gold answer** sits in a field whose name depends on the ability (:data:`GOLD_FIELD`):
``answer``, ``ideal_response`` (abstention), ``ideal_answer`` (contradiction resolution),
``ideal_summary`` (summarization). Instruction and preference following have none — their
questions test behaviour, scored only against the rubric — so their reference answer is the
rubric's positive nuggets, each without its ``LLM response should state:`` lead, joined with
``"; "`` (:func:`rubric_answer`), which the oracle baselines can echo and the rubric judge can
read; a nugget that forbids something (``LLM response should avoid: …``, ``… should not mention:
…``: nine of BEAM's 2,000 questions have one) is no part of a correct answer and is left out. The
official judge never sees a gold answer: it scores the rubric alone.

**Difficulty** (:func:`difficulty_of`): BEAM writes ``easy``, ``medium``, ``hard`` — kept — and,
outside that scale, ``moderate`` (19 questions), ``clear`` (every contradiction-resolution question:
it names how plainly the contradiction is stated, not how hard the question is) and ``""`` (one):
those read as ``medium``, the middle of the scale, with BEAM's own word kept in
``extra["beamDifficulty"]``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = [
    "ABILITIES",
    "ABILITY_KEYS",
    "ABILITY_OF_KEY",
    "GOLD_FIELD",
    "KEY_OF_ABILITY",
    "RUBRIC_ONLY",
    "SIZES",
    "SIZE_ALIASES",
    "difficulty_of",
    "negative_nugget",
    "nugget_text",
    "rubric_answer",
    "size_label",
]

ABILITY_KEYS: tuple[str, ...] = (
    "abstention",
    "contradiction_resolution",
    "event_ordering",
    "information_extraction",
    "instruction_following",
    "knowledge_update",
    "multi_session_reasoning",
    "preference_following",
    "summarization",
    "temporal_reasoning",
)
"""The keys of ``probing_questions.json``, in the paper's order."""

ABILITIES: tuple[str, ...] = tuple(k.replace("_", "-") for k in ABILITY_KEYS)
"""The abilities as recallbench's categories (``event-ordering``), in the paper's order."""

ABILITY_OF_KEY: Mapping[str, str] = dict(zip(ABILITY_KEYS, ABILITIES, strict=True))
KEY_OF_ABILITY: Mapping[str, str] = dict(zip(ABILITIES, ABILITY_KEYS, strict=True))

GOLD_FIELD: Mapping[str, str | None] = {
    "abstention": "ideal_response",
    "contradiction_resolution": "ideal_answer",
    "event_ordering": "answer",
    "information_extraction": "answer",
    "instruction_following": None,
    "knowledge_update": "answer",
    "multi_session_reasoning": "answer",
    "preference_following": None,
    "summarization": "ideal_summary",
    "temporal_reasoning": "answer",
}
"""Each ability's gold-answer field (None: it has none; its reference is the rubric)."""

RUBRIC_ONLY = frozenset(k for k, v in GOLD_FIELD.items() if v is None)

SIZES: tuple[str, ...] = ("100K", "500K", "1M", "10M")
"""The size folders of ``chats/``, smallest first. The paper calls ``100K`` 128K."""

SIZE_ALIASES: Mapping[str, str] = {"128K": "100K"}
"""What ``--beam-size`` also accepts: the paper's name of the smallest size."""

_PAPER_NAMES: Mapping[str, str] = {"100K": "128K"}

DIFFICULTIES = ("easy", "medium", "hard")

# "LLM response should state: …", "… mention: …", "… contain: …", "… include: …", "… list: …".
_LEAD = re.compile(
    r"^\s*LLM response should\s+(?:state|mention|contain|include|list)\s*:\s*", re.IGNORECASE
)
# "LLM response should avoid: …", "… should not mention: …" (a prohibited element).
_NEGATIVE = re.compile(r"^\s*LLM response should\s+(?:avoid|not\s+[A-Za-z]+)\s*:\s*", re.IGNORECASE)


def size_label(size: str) -> str:
    """How the paper names a size folder: ``100K`` is its 128K; the others as they are."""
    return _PAPER_NAMES.get(size, size)


def difficulty_of(value: str) -> str:
    """recallbench's difficulty for BEAM's (module docstring): easy, medium and hard as they are,
    any other word medium."""
    word = value.strip().lower()
    return word if word in DIFFICULTIES else "medium"


def nugget_text(nugget: str) -> str:
    """A rubric nugget without its ``LLM response should state:`` lead (as it is when it has none).

    Examples:
        >>> nugget_text("LLM response should state: 43 days")
        '43 days'
        >>> nugget_text("Workshop nerves")
        'Workshop nerves'
    """
    return _LEAD.sub("", nugget, count=1).strip()


def negative_nugget(nugget: str) -> str | None:
    """What a nugget forbids (``LLM response should avoid: X`` → ``X``); None for any other.

    Examples:
        >>> negative_nugget("LLM response should not mention: caffeinated teas")
        'caffeinated teas'
        >>> negative_nugget("LLM response should state: 43 days") is None
        True
    """
    m = _NEGATIVE.match(nugget)
    return nugget[m.end() :].strip() if m else None


def rubric_answer(rubric: list[str]) -> str:
    """The reference answer of a question without a gold answer (module docstring): its positive
    nuggets' texts joined with ``"; "`` (every nugget as written, when all forbid something)."""
    positive = [nugget_text(n) for n in rubric if negative_nugget(n) is None]
    return "; ".join(positive or [n.strip() for n in rubric])
