"""Dates as benchmarks write them (:func:`parse_date`), shared by every reader of dated sessions."""

from __future__ import annotations

import datetime as dt
import re

__all__ = ["parse_date"]

_MONTHS = {
    m: i
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}
_SLASHED = re.compile(
    r"^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:\s*\(\w+\))?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?"
)
_SPOKEN = re.compile(
    r"^(?:(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+)?(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})$", re.IGNORECASE
)


def parse_date(text: str | None) -> dt.datetime | None:
    """A session date as benchmarks write them: ISO (``2023-05-20``, ``2023-05-20T10:00``),
    slashed with a weekday (``2023/05/20 (Sat) 02:21``), spoken (``1:56 pm on 8 May, 2023``);
    None otherwise (and for a day or month out of range)."""
    if not text:
        return None
    text = text.strip()
    try:
        return dt.datetime.fromisoformat(text.replace("Z", "+00:00")).replace(tzinfo=None)
    except ValueError:
        pass
    try:
        m = _SLASHED.match(text)
        if m is not None:
            y, mo, d, h, mi, s = (int(g) if g else 0 for g in m.groups())
            return dt.datetime(y, mo, d, h, mi, s)
        m = _SPOKEN.match(text)
        if m is not None:
            hour, minute, half, day, month, year = m.groups()
            mon = _MONTHS.get(month[:3].lower())
            if mon is None:
                return None
            h = int(hour or 0) % 12 + (12 if (half or "").lower() == "pm" else 0)
            return dt.datetime(int(year), mon, int(day), h, int(minute or 0))
    except ValueError:  # a day or month out of range
        return None
    return None
