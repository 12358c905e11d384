"""Whether a write (ingest, delete, update) was done, refused, or failed, from its result and the
mapping's success rule (:class:`~.config.WriteRule`).

* **Failed**: an error result (``isError``) the rule does not call a refusal — :class:`WriteFailed`;
  the adapter raises it as an AdapterError and the unit stops, as before the rule existed.
* **Refused**: the server answered, and said no — ``success.path`` not true, the text not matching
  ``success.match``, an error result matching ``success.errorRefusal``, or, without a rule, a result
  carrying ``"success": false``. The adapter counts it (``WritesRefused``), never as stored.
* **Done**: anything else.

Pure: plain data in and out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..._jsonread import json_loads
from ...errors import WritesRefused
from .config import WriteRule
from .results import field_value

__all__ = ["REASON_CHARS", "Refusals", "WriteFailed", "write_refusal"]

REASON_CHARS = 300
"""The longest refusal reason kept (one line)."""
REASONS_KEPT = 5
"""The refusal reasons a WritesRefused carries (its count is every refusal)."""


class WriteFailed(Exception):
    """An error result that is not a refusal: the server failed (its first line of text)."""


def _line(text: str) -> str:
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first[:REASON_CHARS]


def _data(structured: Any, texts: Sequence[str]) -> Any:
    """The result's data: its structured content, else its first text when that is a JSON
    object."""
    if structured is not None:
        return structured
    if texts and texts[0].lstrip().startswith("{"):
        try:
            return json_loads(texts[0])
        except ValueError:
            return None
    return None


def _true(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in ("", "false", "0", "no")
    return bool(value)


def _said(data: Any, path: str | None, texts: Sequence[str]) -> str:
    """The server's words for a refusal: the value at ``path``, its ``message`` or ``error``, or its
    first line of text."""
    for field in (path, "message", "error"):
        if field is None:
            continue
        value = field_value(data, field) if isinstance(data, Mapping) else None
        if isinstance(value, str) and value.strip():
            return _line(value)
    return _line("\n".join(texts)) or "no message"


def write_refusal(
    rule: WriteRule | None, *, is_error: bool, structured: Any, texts: Sequence[str]
) -> str | None:
    """Why the server refused a write (None: it was done).

    Raises:
        WriteFailed: an error result the rule does not call a refusal.
    """
    text = "\n".join(texts)
    if is_error:
        refusal = rule.error_refusal if rule is not None else None
        if refusal is not None and refusal.search(text) is not None:
            return _line(text) or "an error result"
        raise WriteFailed(_line(text) or "no message")
    data = _data(structured, texts)
    if rule is None:
        if isinstance(data, Mapping) and data.get("success") is False:
            return _said(data, None, texts)
        return None
    if rule.path is not None:
        value = field_value(data, rule.path) if data is not None else None
        if not _true(value):
            said = _said(data, rule.reason, texts)
            return f'"{rule.path}" is {value!r}: {said}'[:REASON_CHARS]
    if rule.match is not None and rule.match.search(text) is None:
        return _said(data, rule.reason, texts)
    return None


class Refusals:
    """The writes the server refused in one operation (a day's ingest, a delete, an update)."""

    def __init__(self) -> None:
        self.count = 0
        self.reasons: list[str] = []

    def add(self, reason: str) -> None:
        """One more refused write, and why."""
        self.count += 1
        if len(self.reasons) < REASONS_KEPT:
            self.reasons.append(reason)

    def raise_any(self) -> None:
        """Raise :class:`~recallbench.errors.WritesRefused` when any write was refused."""
        if self.count:
            raise WritesRefused(self.count, tuple(self.reasons))
