"""Reading a Q&A author's reply: JSON extraction and salvage, pair validation, near-duplicates.

Pure functions (no I/O, no anyio), used by :mod:`recallbench.generation.qa`; :func:`reply_body` is
also how Passes 2 and 3 find the JSON in a reply.

* :func:`parse_qa_json` follows the reference's ``parseQaJson``: a fenced block wins, the array runs
  from the first ``[`` to the last ``]``, and a reply cut off mid-array (the model hit its token
  limit) still yields every *complete* object before the cut — found by a scan that tracks strings
  and escapes, so a ``}`` inside an answer does not end an object.
* :func:`validate_pairs` keeps only pairs that would load (:class:`~recallbench.data.qa.QAPair`) and
  whose evidence the author was shown, numbering them consecutively.
* :func:`drop_near_duplicates`: two questions are near-duplicates when their content-word sets have
  a Jaccard similarity of at least 0.8 **and** their relevant days overlap. The second condition
  keeps the benchmark's deliberate repeats — "What is Dana's role now?" asked at day 30 and again
  at day 300, with a different answer — which ask about different evidence.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import attrs

from ..data.qa import CATEGORIES, DIFFICULTIES, DISCLOSURES, QAPair
from ..errors import ModelError

__all__ = [
    "DEFAULT_DUPLICATE_THRESHOLD",
    "Duplicate",
    "QaReply",
    "Validated",
    "category_distribution",
    "checkpoints",
    "drop_near_duplicates",
    "jaccard",
    "next_pair_number",
    "pair_id",
    "pair_to_disk",
    "parse_qa_json",
    "question_tokens",
    "reply_body",
    "salvage_objects",
    "validate_pairs",
]

DEFAULT_DUPLICATE_THRESHOLD = 0.8

_FENCE_OPEN = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n")
_FENCE_CLOSE = re.compile(r"^[ \t]*```", re.MULTILINE)


def reply_body(text: str) -> str:
    """The part of a model reply that holds its JSON: the inside of a fenced block when the reply
    has one (also an unclosed one: a truncated reply), else the whole reply; trimmed.

    A fence that comes after the JSON has begun (a ``[`` or ``{`` before it) belongs to a string
    inside the JSON — a code sample in an answer — and is left alone.
    """
    m = _FENCE_OPEN.search(text)
    if m is None or "[" in text[: m.start()] or "{" in text[: m.start()]:
        return text.strip()
    rest = text[m.end() :]
    close = _FENCE_CLOSE.search(rest)
    return (rest[: close.start()] if close else rest).strip()


def _excerpt(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit] + "…")


def salvage_objects(text: str) -> list[dict[str, Any]]:
    """Every complete top-level JSON object in ``text`` (the inside of an array, possibly cut off).

    The scan tracks strings and escapes, so braces inside strings do not count; it stops at the
    array's closing ``]`` or at the end of the text. An object that does not parse is skipped.
    """
    found: list[dict[str, Any]] = []
    depth = 0
    start = -1
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}" and depth > 0:
            depth -= 1
            if depth == 0:
                try:
                    value = json.loads(text[start : i + 1])
                except json.JSONDecodeError:
                    continue
                if isinstance(value, dict):
                    found.append(value)
        elif ch == "]" and depth == 0:
            break
    return found


@attrs.frozen(kw_only=True)
class QaReply:
    """The items of a Q&A author's reply; ``truncated`` when they were salvaged from a cut-off one."""

    items: tuple[Any, ...]
    truncated: bool = False


def parse_qa_json(text: str) -> QaReply:
    """The JSON array of a Q&A author's reply (the reference's ``parseQaJson``).

    Raises:
        ModelError: no ``[`` at all ("no JSON array start"), or nothing parses and no complete
            object can be salvaged ("not valid JSON").
    """
    body = reply_body(text)
    first = body.find("[")
    if first < 0:
        raise ModelError(f"the reply has no JSON array start: {_excerpt(text)}")
    last = body.rfind("]")
    candidate = body[first : last + 1] if last > first else body[first:]
    try:
        value = json.loads(candidate)
    except json.JSONDecodeError:
        value = None
    if isinstance(value, list):
        return QaReply(items=tuple(value))
    salvaged = salvage_objects(body[first + 1 :])
    if not salvaged:
        raise ModelError(f"the reply is not valid JSON: {_excerpt(text)}")
    return QaReply(items=tuple(salvaged), truncated=True)


def pair_id(persona_id: str, number: int) -> str:
    """``<persona>-q<number, zero-padded to 3>``."""
    return f"{persona_id}-q{number:03d}"


def next_pair_number(ids: Iterable[str], persona_id: str) -> int:
    """One past the highest ``<persona>-q<digits>`` number among ``ids`` (1 when there is none)."""
    pattern = re.compile(rf"^{re.escape(persona_id)}-q(\d+)$")
    numbers = [int(m.group(1)) for i in ids if (m := pattern.match(i))]
    return max(numbers, default=0) + 1


@attrs.frozen(kw_only=True)
class Validated:
    """The pairs :func:`validate_pairs` kept, and a note for each item it dropped."""

    pairs: tuple[QAPair, ...]
    dropped: tuple[str, ...] = ()


def _text(value: object) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def _days(value: object) -> list[int]:
    if not isinstance(value, list):
        return []
    days = []
    for d in value:
        if isinstance(d, bool):
            continue
        if (
            isinstance(d, int)
            or (isinstance(d, float) and d.is_integer())
            or (isinstance(d, str) and d.strip().isascii() and d.strip().isdigit())
        ):
            days.append(int(d))
    return sorted(set(days))


def _check_item(
    item: object, checkpoint: int, shown_days: Collection[int] | None, query_session: str
) -> dict[str, Any] | str:
    """The QAPair fields of one reply item, or why it is dropped."""
    if not isinstance(item, Mapping):
        return "not a JSON object"
    question, answer = _text(item.get("question")), _text(item.get("answer"))
    if question is None or answer is None:
        return "no question or no answer"
    category = item.get("category")
    if category not in CATEGORIES:
        return f"category {category!r} is not one of the {len(CATEGORIES)} categories"
    difficulty = item.get("difficulty")
    if difficulty not in DIFFICULTIES:
        return f"difficulty {difficulty!r} is not easy, medium or hard"
    days = _days(item.get("relevant_days"))
    if not days:
        return "relevant_days is not a non-empty list of day numbers"
    if days[0] < 1 or days[-1] > checkpoint:
        return f"relevant days {days} fall outside days 1–{checkpoint}"
    if shown_days is not None and (unseen := [d for d in days if d not in shown_days]):
        return f"relevant days {unseen} were not shown to the author"
    fields: dict[str, Any] = {
        "question": question,
        "answer": answer,
        "category": category,
        "difficulty": difficulty,
        "relevant_days": days,
        "requires_synthesis": item.get("requires_synthesis") is True,
    }
    forbidden = item.get("forbidden_sessions")
    if isinstance(forbidden, list) and all(_text(s) for s in forbidden) and forbidden:
        fields["forbidden_sessions"] = [s.strip() for s in forbidden]
    disclosure = item.get("expected_disclosure")
    session = _text(item.get("query_session"))
    if category == "information-boundary":
        if "forbidden_sessions" not in fields:
            return "an information-boundary pair without forbidden_sessions"
        fields["query_session"] = session or query_session
        fields["expected_disclosure"] = disclosure if disclosure in DISCLOSURES else "refuse"
        if fields["query_session"] in fields["forbidden_sessions"]:
            return f"query session {fields['query_session']!r} is one of its forbidden sessions"
    else:
        if session is not None:
            fields["query_session"] = session
        if disclosure in DISCLOSURES:
            fields["expected_disclosure"] = disclosure
    return fields


def validate_pairs(
    raw: Sequence[Any],
    *,
    checkpoint: int,
    persona_id: str,
    first_number: int,
    shown_days: Collection[int] | None = None,
    query_session: str = "principal",
) -> Validated:
    """The well-formed pairs of a reply, with consecutive ids from ``first_number``.

    An item is dropped (with a note) when it is not an object, lacks a question or an answer, has
    a category outside the ten or a difficulty outside easy/medium/hard, has no integer relevant
    day, a relevant day outside ``1..checkpoint`` or — when ``shown_days`` is given — one the author
    was not shown, or is an ``information-boundary`` pair without ``forbidden_sessions``. Texts are
    trimmed, days sorted and deduplicated, ``requires_synthesis`` is true only when literally true;
    boundary pairs default to ``expected_disclosure: refuse`` and ``query_session``.
    """
    pairs: list[QAPair] = []
    dropped: list[str] = []
    for index, item in enumerate(raw, start=1):
        checked = _check_item(item, checkpoint, shown_days, query_session)
        if isinstance(checked, str):
            dropped.append(f"item {index} dropped: {checked}")
            continue
        try:
            pair = QAPair(id=pair_id(persona_id, first_number + len(pairs)), **checked)
        except (TypeError, ValueError) as exc:
            dropped.append(f"item {index} dropped: {exc}")
            continue
        pairs.append(pair)
    return Validated(pairs=tuple(pairs), dropped=tuple(dropped))


def pair_to_disk(pair: QAPair) -> dict[str, Any]:
    """A pair as its ``questions.yaml`` mapping, keys in the reference's order (§1.5), optional
    keys only when set, then ``irrelevant_after`` and any other keys it carries."""
    out: dict[str, Any] = {
        "id": pair.id,
        "question": pair.question,
        "answer": pair.answer,
        "category": pair.category,
        "difficulty": pair.difficulty,
        "relevant_days": list(pair.relevant_days),
        "requires_synthesis": pair.requires_synthesis,
    }
    if pair.query_session is not None:
        out["query_session"] = pair.query_session
    if pair.forbidden_sessions is not None:
        out["forbidden_sessions"] = list(pair.forbidden_sessions)
    if pair.expected_disclosure is not None:
        out["expected_disclosure"] = pair.expected_disclosure
    if pair.irrelevant_after is not None:
        out["irrelevant_after"] = pair.irrelevant_after
    for key, value in pair.extra.items():
        out.setdefault(key, value)
    return out


def category_distribution(pairs: Iterable[QAPair]) -> dict[str, int]:
    """How many pairs each of the ten categories has, in the fixed category order."""
    counts = dict.fromkeys(CATEGORIES, 0)
    for p in pairs:
        counts[p.category] += 1
    return counts


def checkpoints(start: int, end: int, interval: int) -> tuple[int, ...]:
    """``start, start + interval, … ≤ end``, plus ``end`` when it is not already the last."""
    if interval < 1:
        raise ValueError(f"interval must be at least 1, got {interval}")
    if start > end:
        return ()
    points = list(range(start, end + 1, interval))
    if points[-1] != end:
        points.append(end)
    return tuple(points)


# ---- near-duplicates ---------------------------------------------------------------------------

_TOKEN = re.compile(r"\d{4}-\d{2}-\d{2}|[a-z0-9]+")
# Function words only. Interrogatives (who/when/why…), negations and temporal words (before,
# after, until…) stay: "When did X ship?" and "What did X ship before Y?" are different questions.
_STOP_WORDS = frozenset(
    {
        *("a", "an", "the", "and", "or", "but", "if", "so", "than", "then", "that", "this"),
        *("these", "those", "there", "of", "to", "in", "into", "on", "at", "by", "for", "from"),
        *("with", "about", "as", "up", "is", "are", "was", "were", "be", "been", "being", "do"),
        *("does", "did", "has", "have", "had", "can", "could", "will", "would", "i", "me", "my"),
        *("you", "your", "he", "him", "his", "she", "her", "hers", "it", "its", "we", "us", "our"),
        *("they", "them", "their"),
    }
)


def question_tokens(text: str) -> frozenset[str]:
    """A question's content words: lower-cased words and numbers (ISO dates kept whole), without
    function words; apostrophes are dropped first (``Dana's`` → ``danas``)."""
    folded = text.casefold().replace("'", "").replace("’", "")
    return frozenset(t for t in _TOKEN.findall(folded) if t not in _STOP_WORDS)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """|a ∩ b| / |a ∪ b| (1.0 for two empty sets)."""
    union = len(a | b)
    return len(a & b) / union if union else 1.0


@attrs.frozen(kw_only=True)
class Duplicate:
    """A new pair dropped as a near-duplicate of an existing pair (``of_id``) or of an earlier
    pair of the same reply (``of_id`` None)."""

    pair: QAPair
    of_question: str
    of_id: str | None
    similarity: float

    def log_line(self) -> str:
        where = self.of_id or "an earlier pair of the same reply"
        return (
            f"[qa] dropped near-duplicate {self.pair.question!r}: like {self.of_question!r} "
            f"({where}, Jaccard {self.similarity:.2f}, a relevant day in common)"
        )


def drop_near_duplicates(
    new: Sequence[QAPair],
    existing: Iterable[QAPair],
    *,
    threshold: float = DEFAULT_DUPLICATE_THRESHOLD,
) -> tuple[tuple[QAPair, ...], tuple[Duplicate, ...]]:
    """``new`` without the pairs that nearly repeat an existing pair or an earlier new one.

    Near-duplicate: question Jaccard similarity (:func:`question_tokens`) ≥ ``threshold`` and at
    least one relevant day in common. Returns the kept pairs (in order) and the dropped ones.
    """
    seen: list[tuple[frozenset[str], frozenset[int], QAPair, bool]] = [
        (question_tokens(p.question), frozenset(p.relevant_days), p, True) for p in existing
    ]
    kept: list[QAPair] = []
    dropped: list[Duplicate] = []
    for p in new:
        tokens, days = question_tokens(p.question), frozenset(p.relevant_days)
        best: tuple[QAPair, bool, float] | None = None
        for other_tokens, other_days, other, is_existing in seen:
            if days & other_days:
                score = jaccard(tokens, other_tokens)
                if score >= threshold and (best is None or score > best[2]):
                    best = (other, is_existing, score)
        if best is not None:
            other, is_existing, score = best
            dropped.append(
                Duplicate(
                    pair=p,
                    of_question=other.question,
                    of_id=other.id if is_existing else None,
                    similarity=score,
                )
            )
            continue
        kept.append(p)
        seen.append((tokens, days, p, False))
    return tuple(kept), tuple(dropped)
