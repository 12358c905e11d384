"""Reading a score out of an LLM judge's reply (reference §4.3). Pure: no I/O, no anyio.

Models asked for "a single bare JSON object" still wrap it in code fences, put a sentence before it,
or say nothing at all (a provider's content filter). The rules, in order:

1. An empty (or whitespace-only) reply scores 0/0/1 with no reasoning: nothing was claimed, so
   nothing was fabricated.
2. The reply is trimmed; when the whole of it is one fenced block (```` ```json ```` or ```` ``` ````)
   only the inside is read.
3. The whole body is tried as a JSON object. Failing that, the first ``{`` is found and the text is
   scanned from there, following strings, escapes and brace depth, to the ``}`` that closes it; that
   substring is tried. Only that first candidate is tried: a later object is not looked for.
4. ``correctness``, ``completeness`` and ``hallucination`` must be finite numbers; each is rounded the
   way JavaScript's ``Math.round`` rounds (halves toward +∞, unlike Python's :func:`round`), then
   range-checked. Out of range is an error, never clamped.
5. ``reasoning`` is kept when it is a non-empty string; other keys are ignored.

Every failure is a :class:`~recallbench.errors.JudgeParseError`.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..errors import JudgeParseError
from ..results.scoring import JudgeScore

__all__ = [
    "EMPTY_REPLY_SCORE",
    "SCORE_RANGES",
    "describe_value",
    "find_reply_object",
    "js_round",
    "parse_judge_output",
]

SCORE_RANGES: dict[str, tuple[int, int]] = {
    "correctness": (0, 3),
    "completeness": (0, 2),
    "hallucination": (0, 1),
}
"""Each scored field and its inclusive range, in the order they are checked."""

EMPTY_REPLY_SCORE = JudgeScore(correctness=0, completeness=0, hallucination=1)
"""The score of an empty reply (reference §4.3 step 1)."""

_EXCERPT = 200

# The whole reply is one fenced block: an opening fence with an optional ``json`` tag, the body, and
# a closing fence at the very end.
_FENCED = re.compile(r"\A```(?:json)?[ \t]*\n?(.*?)\n?[ \t]*```\Z", re.DOTALL | re.IGNORECASE)


def js_round(x: float) -> int:
    """Round like JavaScript's ``Math.round``: to the nearest integer, halves toward +∞.

    ``js_round(2.5) == 3``, ``js_round(-0.5) == 0``, ``js_round(1.6) == 2``, ``js_round(2.4) == 2``.
    Exact for every finite float: ``0.49999999999999994`` rounds to 0 (``math.floor(x + 0.5)`` would
    give 1, because the addition itself rounds up to 1.0).

    Raises:
        ValueError: ``x`` is NaN or infinite.
    """
    if not math.isfinite(x):
        raise ValueError(f"cannot round a non-finite number: {x!r}")
    whole = math.floor(x)
    # The fractional part of a float is exactly representable, so this comparison is exact.
    return whole + 1 if x - whole >= 0.5 else whole


def _excerpt(text: str) -> str:
    return text[:_EXCERPT] + ("…" if len(text) > _EXCERPT else "")


def _try_object(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _first_braced(text: str) -> str | None:
    """The text from the first ``{`` to the ``}`` that brings the depth back to 0, or None."""
    start = text.find("{")
    if start < 0:
        return None
    depth = 0
    in_string = False
    escaped = False
    for i in range(start, len(text)):
        ch = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return text[start : i + 1]
    return None


def _find_object(body: str) -> dict[str, Any] | None:
    whole = _try_object(body)
    if whole is not None:
        return whole
    candidate = _first_braced(body)
    return _try_object(candidate) if candidate is not None else None


def find_reply_object(text: str) -> dict[str, Any] | None:
    """The JSON object of a non-empty reply by steps 2 and 3 above (a whole-reply fence unwrapped,
    then the whole body, then the first braced object); None when there is none."""
    body = text.strip()
    fenced = _FENCED.match(body)
    if fenced is not None:
        body = fenced.group(1).strip()
    return _find_object(body)


def describe_value(value: Any) -> str:
    """A reply's value as an error message quotes it: JSON, at most 60 characters."""
    return _describe(value)


def _describe(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:60] + "…"


def _field(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    # bool is an int subclass in Python but not a number in JSON; NaN and ±Infinity (which Python's
    # json accepts, and 1e999 overflows to) are not finite.
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or (isinstance(value, float) and not math.isfinite(value))
    ):
        raise JudgeParseError(f"Judge score field '{name}' is not a number: {_describe(value)}")
    rounded = value if isinstance(value, int) else js_round(value)
    low, high = SCORE_RANGES[name]
    if not low <= rounded <= high:
        raise JudgeParseError(
            f"Judge score field '{name}' out of range [{low}, {high}]: {_describe(rounded)}"
        )
    return rounded


def parse_judge_output(text: str) -> JudgeScore:
    """The score in an LLM judge's reply.

    Args:
        text: the model's reply, as returned.

    Returns:
        The score; :data:`EMPTY_REPLY_SCORE` for an empty reply.

    Raises:
        JudgeParseError: the reply holds no JSON object, or a field is missing, not a finite number,
            or out of range after rounding.
    """
    if not text.strip():
        return EMPTY_REPLY_SCORE
    data = find_reply_object(text)
    if data is None:
        raise JudgeParseError(
            f"Judge output did not contain a JSON object: {_excerpt(text.strip())}"
        )
    correctness, completeness, hallucination = (_field(data, name) for name in SCORE_RANGES)
    reasoning = data.get("reasoning")
    return JudgeScore(
        correctness=correctness,
        completeness=completeness,
        hallucination=hallucination,
        reasoning=reasoning if isinstance(reasoning, str) and reasoning else None,
    )
