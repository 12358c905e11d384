"""A conversation's ``probing_questions.json`` as recallbench's Q&A pairs.

The file is an object whose keys are abilities (:data:`~.abilities.ABILITY_KEYS`), each a list of
questions (two per ability in every file of the repository). A question becomes a pair:

* ``id`` ``<conversation>-<ability>-<n>`` (``100K-01-event-ordering-2``; ``n`` its place in the
  ability's list, from 1 — BEAM's evaluator aligns answers with rubrics by that place);
* ``category`` its ability (``event-ordering``), ``extra["ability"]`` BEAM's key
  (``event_ordering``);
* ``answer`` the gold answer (:data:`~.abilities.GOLD_FIELD`; instruction and preference
  following: the rubric's nuggets, :func:`~.abilities.rubric_answer`);
* ``extra["rubric"]`` the nuggets the official judge scores, as written;
* the days holding its ``source_chat_ids`` (``relevant_days``; every day when it names none) and
  those ids as strings (``extra["evidenceTurns"]``, the ids the day logs write as ``[12]``).
  ``source_chat_ids`` is a list (event ordering's may nest lists), an object of lists
  (contradiction resolution, knowledge update, temporal reasoning), empty or absent; an id that is
  not a whole number (``"--"`` in ``10M/6``; a string of ids, ``"10892, 10894"``, is read as
  them) or that the conversation's haystack lacks is left out, and the conversation's such ids are
  one warning;
* an abstention question has no evidence (``extra["abstention"]``: retrieval metrics leave it
  out, as they leave out LongMemEval's) and every day relevant;
* ``difficulty`` by :func:`~.abilities.difficulty_of`; ``extra`` also keeps ``beamSize``,
  ``beamConversation``, ``beamIndex`` (the place, from 0), ``sourceChatIds`` as written and
  ``planReference`` where the question has one.

A missing field, a wrong type or a key that is no ability is a
:class:`~recallbench.errors.DatasetError` naming the file, the conversation and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..._jsonread import json_loads
from ...data.qa import EVIDENCE_TURNS, NO_EVIDENCE
from ...errors import DatasetError
from .abilities import (
    ABILITY_KEYS,
    ABILITY_OF_KEY,
    GOLD_FIELD,
    difficulty_of,
    rubric_answer,
)
from .source import Conversation

__all__ = ["read_probing", "source_ids"]


def _fail(path: Path, conv: Conversation, field: str, message: str) -> DatasetError:
    return DatasetError(f"BEAM conversation {conv.label}: {field}: {message}", path=path)


def source_ids(value: Any) -> tuple[list[int], list[str]]:
    """The message ids ``source_chat_ids`` names, in order, each once, and the pieces that name
    none (as written).

    Raises:
        TypeError: ``value`` is neither a list, nor an object, nor absent (None).

    Examples:
        >>> source_ids({"first_statement": [56, 58], "second_statement": [68]})
        ([56, 58, 68], [])
        >>> source_ids([20, [70, 72], "--", "174, 176"])
        ([20, 70, 72, 174, 176], ['--'])
    """
    if value is None:
        return [], []
    if isinstance(value, dict):
        items: list[Any] = list(value.values())
    elif isinstance(value, list):
        items = list(value)
    else:
        raise TypeError(type(value).__name__)
    found: dict[int, None] = {}
    unreadable: list[str] = []

    def walk(item: Any) -> None:
        if isinstance(item, list | tuple):
            for x in item:
                walk(x)
        elif isinstance(item, bool) or item is None:
            unreadable.append(repr(item))
        elif isinstance(item, int):
            found[item] = None
        elif isinstance(item, float) and item.is_integer():
            found[int(item)] = None
        elif isinstance(item, str):
            pieces = [p.strip() for p in item.split(",") if p.strip()]
            if pieces and all(p.isdigit() for p in pieces):
                found.update(dict.fromkeys(int(p) for p in pieces))
            else:
                unreadable.append(item)
        else:
            unreadable.append(repr(item))

    for item in items:
        walk(item)
    return list(found), unreadable


def _string(path: Path, conv: Conversation, field: str, value: Any, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise _fail(path, conv, field, "missing or not a string")
    return value


def _rubric(path: Path, conv: Conversation, field: str, value: Any) -> list[str]:
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(n, str) and n.strip() for n in value)
    ):
        raise _fail(path, conv, field, "missing, empty or not a list of strings")
    return list(value)


def _pair(
    path: Path,
    conv: Conversation,
    key: str,
    index: int,
    raw: Any,
    day_of: Callable[[int], int | None],
    all_days: Sequence[int],
    notes: list[tuple[str, list[str]]],
) -> dict[str, Any]:
    field = f"{key}[{index}]"
    if not isinstance(raw, dict):
        raise _fail(path, conv, field, "a question must be an object")
    question = _string(path, conv, f"{field}.question", raw.get("question")).strip()
    rubric = _rubric(path, conv, f"{field}.rubric", raw.get("rubric"))
    gold_field = GOLD_FIELD[key]
    if gold_field is None:
        answer = rubric_answer(rubric)
    else:
        answer = _string(path, conv, f"{field}.{gold_field}", raw.get(gold_field)).strip()
    difficulty = _string(path, conv, f"{field}.difficulty", raw.get("difficulty"), empty=True)
    try:
        ids, unreadable = source_ids(raw.get("source_chat_ids"))
    except TypeError as exc:
        raise _fail(
            path,
            conv,
            f"{field}.source_chat_ids",
            f"must be a list of message ids or an object of such lists, found a {exc}",
        ) from None
    ability = ABILITY_OF_KEY[key]
    qid = f"{conv.id}-{ability}-{index + 1}"
    held = [i for i in ids if day_of(i) is not None]
    lacking = [str(i) for i in ids if day_of(i) is None]
    notes.append((qid, unreadable + [f"{i} (no such message)" for i in lacking]))
    abstention = key == "abstention"
    days = sorted({d for i in held if (d := day_of(i)) is not None})
    extra: dict[str, Any] = {
        "ability": key,
        "rubric": rubric,
        "beamSize": conv.size,
        "beamConversation": conv.number,
        "beamIndex": index,
    }
    if held and not abstention:
        extra[EVIDENCE_TURNS] = [str(i) for i in held]
    if "source_chat_ids" in raw:
        extra["sourceChatIds"] = raw["source_chat_ids"]
    if isinstance(raw.get("plan_reference"), str):
        extra["planReference"] = raw["plan_reference"]
    if difficulty_of(difficulty) != difficulty:
        extra["beamDifficulty"] = difficulty
    if abstention:
        extra["abstention"] = True
    elif not days:
        extra[NO_EVIDENCE] = True  # every day is relevant, none is evidence
    return {
        "id": qid,
        "question": question,
        "answer": answer,
        "category": ability,
        "difficulty": difficulty_of(difficulty),
        "relevant_days": list(all_days) if abstention or not days else days,
        **extra,
    }


def read_probing(
    conv: Conversation,
    day_of: Callable[[int], int | None],
    all_days: Sequence[int],
    notes: list[tuple[str, list[str]]],
) -> tuple[dict[str, Any], ...]:
    """The conversation's questions as pairs (module docstring), abilities in the file's order;
    ``day_of`` gives the day of a message id (None: the haystack lacks it), ``all_days`` every day;
    what ids could not be used is appended to ``notes`` as (question id, pieces).

    Raises:
        DatasetError: the file is missing, not JSON, or malformed (naming the field).
    """
    path = conv.questions
    try:
        raw = json_loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DatasetError(f"cannot read the file: {exc.strerror or exc}", path=path) from None
    except ValueError as exc:
        raise _fail(path, conv, "probing questions", f"not JSON: {exc}") from None
    if not isinstance(raw, Mapping):
        raise _fail(path, conv, "probing questions", "must be an object keyed by ability")
    pairs: list[dict[str, Any]] = []
    for key, questions in raw.items():
        if key not in ABILITY_KEYS:
            raise _fail(
                path,
                conv,
                str(key),
                f"unknown ability (BEAM's are {', '.join(ABILITY_KEYS)})",
            )
        if not isinstance(questions, list):
            raise _fail(path, conv, key, "must be a list of questions")
        for i, item in enumerate(questions):
            pairs.append(_pair(path, conv, key, i, item, day_of, all_days, notes))
    if not pairs:
        raise _fail(path, conv, "probing questions", "no questions")
    return tuple(pairs)
