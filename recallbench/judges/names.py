"""Names and calendar words in cleaned text, for the rubric judge's atoms. Pure.

A run of capitalised words separated by single spaces is one name ("Henry Whitfield"); a sentence's
first word, a label ("Source:"), a function word, or a verb or adverb opening a clause ("Preserved",
"Looking") does not start one; weekdays and month names are calendar atoms, not names.
"""

from __future__ import annotations

import re

from .lexicon import (
    FULL_MONTH_NAMES,
    LABEL_WORDS,
    MONTHS,
    NAME_SUFFIXES,
    STOPWORDS,
    VERB_ENDINGS,
    WEEKDAYS,
    stem,
)

__all__ = ["names_and_calendar"]

_CAPITALISED_WORD = re.compile(r"(?<![\w'])[A-Z\u00c0-\u00d6\u00d8-\u00de](?:\w|'(?=\w))*")
# A sentence ends at its punctuation, closing quotes and brackets allowed after it ('." Happy').
_SENTENCE_END = re.compile(r"(?:[.!?:;][\"')\]]*\s|\n)\s*$")


def names_and_calendar(
    cleaned: str, spans: list[tuple[int, int]]
) -> tuple[set[str], frozenset[str], set[str]]:
    """Capitalised-word names, their words, and month/weekday atoms not already part of a date.

    Only capitalised words are visited (a fraction of the text); a run of them separated by single
    spaces is one name ("Henry Whitfield"), anything else between them ends it.
    """
    names: set[str] = set()
    name_words: set[str] = set()
    dates: set[str] = set()
    current: list[str] = []
    span_i = 0
    last_end = -1

    def flush() -> None:
        parts = [p for p in current if p not in NAME_SUFFIXES]
        if parts:
            names.add(" ".join(parts))
            name_words.update(stem(p) for p in parts)
        current.clear()

    for m in _CAPITALISED_WORD.finditer(cleaned):
        start, end = m.span()
        if current and cleaned[last_end:start].strip(" "):  # not adjacent: the name ended
            flush()
        last_end = end
        while span_i < len(spans) and spans[span_i][1] <= start:
            span_i += 1
        if span_i < len(spans) and spans[span_i][0] <= start:  # part of a scanned atom ("May 5")
            flush()
            continue
        word = m.group()
        low = word.casefold()
        if low.endswith("'s"):
            low = low[:-2]
        if low.endswith("s") and low[:-1] in WEEKDAYS:  # "Tuesdays"
            low = low[:-1]
        if low in WEEKDAYS:
            dates.add(WEEKDAYS[low])
            flush()
            continue
        if low in FULL_MONTH_NAMES:
            # Capitalised "May" mid-sentence is the month; at a sentence start it may be the verb.
            if low != "may" or not _sentence_start(cleaned, start):
                dates.add(f"month:{MONTHS[low[:3]]:02d}")
            flush()
            continue
        label = cleaned[end : end + 1] == ":" and (not current or low in LABEL_WORDS)
        if current and (low in STOPWORDS or label):  # "EV Also", "EV Related:": the name ended
            flush()
            continue
        if not current:
            if low in STOPWORDS or label:  # "Source:", "Answer:": a label, not a name
                continue
            if (
                len(low) > 4
                and low.endswith(VERB_ENDINGS)
                and (_sentence_start(cleaned, start) or not _followed_by_capital(cleaned, end))
            ):
                # "Preserved Tess's hold", "Scheduling Dana", "Looking back": a verb or an adverb
                # that opens a sentence or a clause.
                continue
            if (
                _sentence_start(cleaned, start)
                and not (
                    _CAPITALISED_WORD.match(cleaned, end + 1) and cleaned[end : end + 1] == " "
                )
                and sum(c.isupper() for c in word) < 2
            ):
                # A capitalised word starting a sentence is a name only when another follows
                # ("Henry Whitfield said") or it is an acronym or camel-case ("EBITDA", "McKay").
                continue
        current.append(low)
        if word.endswith(("'s", "s'")):  # "Riley Park's Tuesday": the possessive ends the name
            flush()
    flush()
    return names, frozenset(name_words), dates


def _followed_by_capital(text: str, end: int) -> bool:
    return text[end : end + 1] == " " and bool(_CAPITALISED_WORD.match(text, end + 1))


def _sentence_start(text: str, pos: int) -> bool:
    head = text[max(0, pos - 4) : pos]
    return pos == 0 or not head.strip() or bool(_SENTENCE_END.search(text[max(0, pos - 6) : pos]))
