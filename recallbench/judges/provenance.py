"""Provenance in an answer: where a memory system says it found something is not a claim. Pure.

Real systems cite their sources — ``(Source: 2026-02-15)``, ``Sources: day-0042, day-0043``,
``[memories/day-0042.md]``, a ``[1]`` footnote and its note, "In days 22–28, …", "On day 42, …". A
judge that reads those dates and numbers as facts the answer asserts flags a faithful answer as
fabricated. :func:`strip_citations` removes the explicit citation forms (labels, bracketed file names,
footnotes, day numbers) before an answer is analysed; :func:`calendar_dates` finds the full dates an
answer writes, so that a date naming a day of the ingested corpus can be taken as provenance too (the
persona's epoch maps each day to a date).
"""

from __future__ import annotations

import datetime as dt
import re

__all__ = ["calendar_dates", "strip_citations"]

_MONTHS = {
    m: i
    for i, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        1,
    )
    for m in names
}
_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)

_DAY_REF = r"(?:day|memory|memories)[-_ ]?\d{1,4}(?:\.md)?"
_PATH_REF = rf"(?:[\w./-]*/)?{_DAY_REF}"
_FILE_REF = r"(?:[\w./-]*/)?(?:day|memory|memories)[-_]\d{1,4}(?:\.md)?"
_CITATIONS = re.compile(
    rf"""
    # a parenthesised or bracketed source label: (Source: …), [Sources: …], (from day-0042)
    [(\[]\s*(?:sources?|refs?|references?|citations?|cited|from|see|via|per)\b[^()\[\]\n]{{0,120}}[)\]]
    # a bracketed file or day reference: [memories/day-0042.md], [day 42], [1], [^1]
  | \[\s*(?:\^?\d{{1,3}}|{_PATH_REF}(?:\s*[,;]\s*{_PATH_REF})*)\s*\]
    # a footnote's own line: "[1] memories/day-0042.md", "[^1]: day 42"
  | (?m:^[ \t]*\[\^?\d{{1,3}}\]:?[^\n]*$)
    # a source line: "Sources: day-0042, day-0043", "Source: 2026-02-15"
  | (?m:^[ \t>*_-]*(?:sources?|references?|citations?)\s*:[^\n]*$)
    # a bare file reference: memories/day-0042.md, day-0042
  | \b{_FILE_REF}\b
    # days named as where something was found: "In days 22-28", "on day 42", "(day 42)"
  | \b(?:in|on|from|see|per|via|across|during|over|by)\s+days?\s+\d{{1,4}}
        (?:\s*(?:-|–|—|to|and|through)\s*\d{{1,4}})?\b
    """,
    re.IGNORECASE | re.VERBOSE,
)
_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_MONTH_DAY_YEAR = re.compile(
    rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.IGNORECASE
)
_DAY_MONTH_YEAR = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH})\.?,?\s+(\d{{4}})\b", re.IGNORECASE
)


def strip_citations(text: str) -> str:
    """``text`` without its explicit citations (source labels, bracketed file or day references,
    footnote markers and notes, ``Sources:`` lines, day numbers), each replaced by a space."""
    return _CITATIONS.sub(" ", text)


def _iso(year: int, month: int, day: int) -> str | None:
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError:
        return None


def calendar_dates(text: str) -> dict[str, str]:
    """The full dates (with a year) ``text`` writes, as ISO ``YYYY-MM-DD`` → the ``MM-DD`` key the
    rubric's atoms use; dates without a year are not here (they name no single day)."""
    found: dict[str, str] = {}
    for m in _ISO.finditer(text):
        iso = _iso(int(m[1]), int(m[2]), int(m[3]))
        if iso:
            found[iso] = iso[5:]
    for m in _MONTH_DAY_YEAR.finditer(text):
        iso = _iso(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
        if iso:
            found[iso] = iso[5:]
    for m in _DAY_MONTH_YEAR.finditer(text):
        iso = _iso(int(m[3]), _MONTHS[m[2].lower()], int(m[1]))
        if iso:
            found[iso] = iso[5:]
    return found
