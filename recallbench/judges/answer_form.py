"""How an answer is written, read apart from what it says: citation stamps, bold labels and
headings, hedges. Pure.

Memory systems backed by a model write long markdown answers: a date stamp after every sentence
(``(2026-03-04)``, ``[2026-03-04]``, ``(day 12)``, ``— Mar 4``), bullets that open with a bold label
(``- **Owner:** Dana``), headings (``## Key Decisions``), and hedges (``I'm not certain, but it seems
…``). None of these is a claim about the world, and a judge that reads them as claims marks a faithful
answer wrong or fabricated:

* :func:`split_stamps` takes the date stamps out and returns them: a stamp says where the system
  found something (provenance), not when a thing happened; the rubric checks only that it names a day
  the system could have read.
* :func:`plain_labels` writes bold labels and headings in lower case, so their words still count as
  words but are never read as a name ("People Involved" is not a person).
* :func:`strip_hedges` removes a hedge that introduces a statement, so "I'm not sure, but it seems
  the budget was $28M" reads as the statement it makes, not as an abstention.
"""

from __future__ import annotations

import re

__all__ = ["plain_labels", "split_stamps", "strip_hedges"]

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_DATE = (
    rf"(?:\d{{4}}-\d{{1,2}}-\d{{1,2}}|{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}\.?(?:,?\s+\d{{4}})?)"
)
_DAY = r"days?\s+\d{1,4}(?:\s*(?:-|–|,|and|to)\s*\d{1,4})?"
# A stamp: a date (or a day number) alone in parentheses or brackets, or after a dash at the end of
# a sentence or line. What it stands beside is the statement; it says where that came from.
_STAMP = re.compile(
    rf"""
    [ \t]*[(\[]\s*(?P<bracketed>{_DATE}|{_DAY})\s*[)\]]
  | [ \t]+[—–-]{{1,2}}[ \t]*(?P<dashed>{_DATE})(?=[ \t]*(?:[.!?;]|\*\*|$|\n))
    """,
    re.IGNORECASE | re.VERBOSE | re.MULTILINE,
)
# A bold label opening a line or a list item ("- **Owner:** Dana", "**Key Decision**: …"), and a
# markdown heading line ("## Key Decisions").
_BOLD_LABEL = re.compile(
    r"(?m)^(?P<lead>[ \t>]*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?)"
    r"(?P<label>\*\*[^*\n]{1,60}?(?::\*\*|\*\*[ \t]*:)|__[^_\n]{1,60}?(?::__|__[ \t]*:))"
)
_HEADING = re.compile(r"(?m)^(?P<lead>[ \t]*#{1,6}[ \t]+)(?P<label>[^\n]+)$")
# A hedge that introduces a statement: uncertainty, then "but" and what the system thinks.
_HEDGE = re.compile(
    r"""
    (?:^|(?<=[.!?;]\s)|(?<=\n))[ \t]*
    (?:
        (?:I'?m|I\ am)\ (?:not\ (?:entirely\ |completely\ |fully\ |100%\ )?(?:certain|sure)|unsure)
        (?:\ of\ this|\ about\ this)?
      | I\ (?:can't|cannot|can\ not)\ be\ (?:entirely\ |completely\ )?(?:certain|sure)
      | (?:It's|It\ is)\ (?:not\ (?:entirely\ )?(?:certain|clear)|hard\ to\ say\ for\ sure)
    )
    \s*[,;—–-]?\s*but\s*,?\s*
    (?:(?:it\ )?(?:seems|appears|looks)(?:\ like|\ that|\ to\ be)?\s*,?\s*
      | I\ (?:believe|think)(?:\ that)?\s*
      | (?:probably|likely|most\ likely)\s*,?\s*)?
  | (?:^|(?<=[.!?;]\s)|(?<=\n))[ \t]*
    (?:If\ I'?m\ reading\ (?:the|my)\ notes\ (?:right|correctly)
      | If\ I\ recall\ correctly
      | As\ far\ as\ I\ can\ tell
      | To\ the\ best\ of\ my\ knowledge)\s*,\s*
    """,
    re.IGNORECASE | re.VERBOSE,
)


def split_stamps(text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` without its date stamps, and the stamps' dates as written (a day-number stamp such as
    ``(day 12)`` is removed without a date: the rubric's index cannot misread a day number)."""
    dates: list[str] = []

    def take(m: re.Match[str]) -> str:
        written = m["bracketed"] or m["dashed"]
        if not re.match(r"days?\b", written, re.IGNORECASE):
            dates.append(written)
        return ""

    return _STAMP.sub(take, text), tuple(dates)


def plain_labels(text: str) -> str:
    """``text`` with its bold labels and markdown headings in lower case (their words stay words;
    they are structure, not names)."""

    def lower(m: re.Match[str]) -> str:
        return m["lead"] + m["label"].lower()

    return _HEADING.sub(lower, _BOLD_LABEL.sub(lower, text))


def strip_hedges(text: str) -> str:
    """``text`` without the hedges that introduce a statement ("I'm not certain, but it seems …",
    "If I'm reading the notes right, …"). A bare "I'm not sure." is not one: it states nothing else,
    and stays an abstention."""
    return _HEDGE.sub(" ", text)
