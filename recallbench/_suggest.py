"""What a misspelt name most likely meant: the nearest names that exist, and the list when short.
Pure (the standard library's difflib)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["nearest_hint"]


def nearest_hint(name: str, candidates: Iterable[str], what: str, *, listed: int = 12) -> str:
    """``"; did you mean X?"`` for the nearest of ``candidates`` to a misspelt ``name``, then the
    candidates themselves when they are few (``" (personas here: a, b)"``); ``""`` with none.

    Examples:
        >>> nearest_hint("executive-asistant", ["executive-assistant", "er-physician"], "personas")
        '; did you mean executive-assistant? (personas: er-physician, executive-assistant)'
    """
    ordered = sorted(set(candidates))
    if not ordered:
        return ""
    near = difflib.get_close_matches(name, ordered, n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    if len(ordered) <= listed:
        hint += f" ({what}: {', '.join(ordered)})"
    return hint
