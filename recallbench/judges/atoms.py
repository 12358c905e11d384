"""Normalisation and atom extraction for the offline rubric judge. Pure: no I/O, no anyio.

An *atom* is a checkable piece of a text in a canonical form, so that two spellings of one fact compare
equal: ``$650M``, ``$650 million`` and ``650 million dollars`` are all the amount ``650000000``;
``2026-04-30``, ``April 30, 2026``, ``30 April`` and ``Apr 30`` are all the date ``04-30``; ``3:30 pm``
and ``15:30`` are both the time ``3:30``. The kinds (fields of :class:`Atoms`):

* ``money``: ``$2,412``, ``$1.2M``, ``€5k``, ``4.7 million dollars``, ``$620–760M`` → the amounts;
* ``percent``: ``10%``, ``10 percent``, ``sixty percent`` → ``10``, ``60``;
* ``number``: ``22``, ``2,412``, ``3.2x``, ``2nd`` → ``22``, ``2412``, ``3.2``, ``2``; numbers written
  as words (two to ninety-nine) are ``soft_number``;
* ``date``: ISO, ``April 30[, 2026]``, ``30 April``, ``Apr 30``, ``4/30`` → ``04-30``; a month name
  alone → ``month:05``; a weekday → ``tue``;
* ``time``: ``3:30 pm``, ``15:30``, ``4 PM`` → ``3:30``, ``4:00`` (a 12-hour clock);
* ``code``: letters and digits in one token: ``Q1``, ``FY27``, ``INC-4421``, ``2026-W06``, ``6E``;
* ``name``: runs of capitalised words (``Henry Whitfield``), not a lone common word that merely starts
  a sentence, corporate suffixes dropped → ``henry whitfield``;
* ``quotes``: text between double quotes, as tokens;
* ``words``: the remaining content words, stopwords removed, lightly stemmed (:func:`stem`).

Case, markdown, curly quotes, dashes, thousands separators and number formats are normalised away.
The year of a date and the AM/PM of a time are dropped on purpose: answers restate dates without the
year and times without the meridiem far more often than they get either wrong.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator

import attrs

from .lexicon import MONTHS, SCALES, STOPWORDS, TENS, UNITS, stem
from .names import names_and_calendar

__all__ = [
    "CHECKABLE_KINDS",
    "STOPWORDS",
    "Atoms",
    "bigrams",
    "clean",
    "content_words",
    "extract_atoms",
    "extract_values",
    "stem",
    "tokens",
]

CHECKABLE_KINDS: tuple[str, ...] = ("money", "percent", "number", "date", "time", "code", "name")
"""The kinds a fabricated answer gets wrong in a checkable way (words and quotes are not)."""

# ``one`` is left out of the number words: "no one", "one of the", "the one who" would make a number of
# every other sentence.
_ONES = "two|three|four|five|six|seven|eight|nine"
_NUMBER_WORD = (
    rf"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|{_ONES}))?"
    rf"|{_ONES}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
)
_MONTH_NAME = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_SCALE = r"(?:thousand|million|billion|trillion|bn|mn|mm|[kKmMbBtT](?![a-zA-Z]))"

# One scanner, alternatives in priority order: at each position the first that matches wins, so a date
# is never also read as three numbers and a time never as two.
_SCAN = re.compile(
    # Grouped by first character (digit, currency sign, letter) behind a lookahead, so that at most
    # positions one character test rejects a whole group: scanning a 5 MB corpus stays fast.
    rf"""
    (?=\d)(?:
        (?P<iso>\b(?P<iy>\d{{4}})-(?P<im>\d{{1,2}})-(?P<id>\d{{1,2}})\b)
      | (?P<week>\b\d{{4}}-W\d{{1,2}}\b)
      | (?P<dm>\b(?P<dmd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dmm>{_MONTH_NAME})\b)
      | (?P<slash>\b(?P<sm>\d{{1,2}})/(?P<sd>\d{{1,2}})(?:/\d{{2,4}})?\b)
      | (?P<clock>\b(?P<ch>\d{{1,2}}):(?P<cm>\d{{2}})(?:\s*(?P<cap>[aApP])\.?[mM]\b\.?)?)
      | (?P<hour>\b(?P<hh>\d{{1,2}})\s*(?P<hap>[aApP])\.?[mM]\b\.?)
      | (?P<money2>\b(?P<m2num>{_NUM})(?:\s*(?P<m2scale>{_SCALE}))?\s+(?:dollars|usd|euros|pounds)\b)
      | (?P<pct>\b(?P<pnum>{_NUM})\s*(?:%|percent\b|per\s+cent\b|pct\b))
      | (?P<scaled>\b(?P<snum>{_NUM})\s*(?P<sscale>thousand|million|billion|trillion|bn|mn|[kKMB](?![a-zA-Z])))
      | (?P<num>\b(?P<nnum>{_NUM})(?:st|nd|rd|th|x|X)?\b)
      | (?P<code2>\b\d+[A-Za-z][A-Za-z0-9]*\b)
    )
  | (?P<money>(?:(?P<cur>[$€£¥])\s?|\b(?:USD|US\$|EUR|GBP)\s?)(?P<mnum>{_NUM})
        (?:\s*(?P<mscale>{_SCALE}))?)
  | \b(?=[A-Za-z])(?:
        (?P<md>(?P<mdm>{_MONTH_NAME})\.?\s+(?P<mdd>\d{{1,2}})(?:st|nd|rd|th)?\b(?!:)(?:,?\s+\d{{4}}\b)?)
      | (?P<wpct>(?P<wpnum>{_NUMBER_WORD})\s+(?:percent|per\s+cent)\b)
      | (?P<code>[A-Za-z]++-?\d[A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*\b)
      | (?P<wnum>{_NUMBER_WORD}\b)
    )
    """,
    re.VERBOSE,
)
_RANGE_TAIL = re.compile(rf"\s*(?:-|to|and)\s*[$€£¥]?(?:{_NUM})\s*(?P<scale>{_SCALE})")
_QUOTE = re.compile(r'"([^"\n]{2,300})"')
_WORD = re.compile(r"[^\W\d_](?:[\w]|['’](?=\w))*")
_TOKEN = re.compile(r"[^\W_]+")
_POSSESSIVE = re.compile(r"'s\b")
_MARKDOWN_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\n]*\)")
_LINE_MARK = re.compile(r"(?m)^\s*(?:#+\s*|>\s*|[-*+]\s+)")
# A numbered-list marker needs text after it on its line (a line that is only "42." or "0)" holds a
# number, and so does "**0)**" once its emphasis is gone) and a list around it: a lone "230. I can
# share more" is an answer that starts with its number.
_NUMBERED = re.compile(r"(?m)^\s*\d{1,3}[.)][ \t]+(?=\S)")
_FIRST_ITEM = re.compile(r"(?m)^\s*1[.)][ \t]+(?=\S)")
# Table rows: each cell reads as a line of its own; a separator row is punctuation.
_TABLE_PIPE = re.compile(r"[ \t]*\|[ \t]*")

_REPLACEMENTS: tuple[tuple[str, str], ...] = (
    ("‘", "'"),
    ("’", "'"),
    ("‚", "'"),
    ("‛", "'"),
    ("′", "'"),
    ("“", '"'),
    ("”", '"'),
    ("„", '"'),
    ("‟", '"'),
    ("″", '"'),
    ("«", '"'),
    ("»", '"'),
    ("–", "-"),
    ("—", " - "),
    ("−", "-"),
    ("‒", "-"),
    ("‐", "-"),
    ("‑", "-"),
    ("\u00a0", " "),
    ("\u202f", " "),
    ("*", " "),
    ("`", " "),
    ("_", " "),
)
_NON_ASCII = frozenset(a for a, _ in _REPLACEMENTS if not a.isascii())


def clean(text: str) -> str:
    """Unicode-normalised text with markdown and typographic variants removed; case is kept.

    Curly quotes become straight, dashes become hyphens, emphasis markers, backticks, headings, block
    quotes, list bullets and (in a list of two or more) item numbers go, a table cell becomes a line
    of its own (a list item or cell starts a new line, so it still starts a sentence), and a markdown
    link keeps its text. Underscores become spaces so that ``file_name_v2`` splits into words.
    """
    ascii_only = text.isascii()
    if not ascii_only:
        text = unicodedata.normalize("NFKC", text)
    # str.replace per character beats str.translate with a mapping several times over on long text.
    for old, new in _REPLACEMENTS:
        if (ascii_only and old in _NON_ASCII) or old not in text:
            continue
        text = text.replace(old, new)
    text = _MARKDOWN_LINK.sub(r"\1", text)
    if "|" in text:
        text = _TABLE_PIPE.sub("\n", text)
    text = _LINE_MARK.sub("\n", text)
    if len(_NUMBERED.findall(text)) >= 2:
        text = _NUMBERED.sub("\n", text)
    else:  # a list's first item may stand alone ("1. No, it never came up.")
        text = _FIRST_ITEM.sub("\n", text)
    return text


def tokens(text: str, *, cleaned: bool = False) -> list[str]:
    """Lower-case word and number tokens of cleaned text, possessive ``'s`` dropped.

    Every non-alphanumeric character separates tokens, so ``read-only`` is ``read``, ``only`` and
    ``$2,412`` is ``2``, ``412``: the sequence phrase and quote matching compare.
    """
    text = text if cleaned else clean(text)
    return _TOKEN.findall(_POSSESSIVE.sub("", text.casefold()).replace("'", ""))


def bigrams(toks: list[str]) -> Iterator[str]:
    """Adjacent token pairs as ``"a b"`` strings."""
    for i in range(len(toks) - 1):
        yield f"{toks[i]} {toks[i + 1]}"


def content_words(text: str) -> frozenset[str]:
    """The stemmed, lower-case content words of ``text`` (stopwords and numbers removed)."""
    return _content_words(clean(text))


def _content_words(cleaned: str) -> frozenset[str]:
    out = set()
    for word in set(_WORD.findall(cleaned.casefold())):
        if word.endswith("'s"):
            word = word[:-2]
        if len(word) > 1 and word not in STOPWORDS:
            out.add(stem(word))
    return frozenset(out)


@attrs.frozen(kw_only=True)
class Atoms:
    """The atoms of one text, each kind a set of canonical values (see the module docstring).

    Attributes:
        money, percent, number, date, time, code, name: canonical values of the checkable kinds.
        soft_number: numbers written as words; they match like numbers but are never checked for
            grounding (``two`` and ``seven`` are too common to prove anything).
        quotes: the quoted strings, each as its token tuple.
        words: stemmed content words, including those of names.
    """

    money: frozenset[str] = frozenset()
    percent: frozenset[str] = frozenset()
    number: frozenset[str] = frozenset()
    soft_number: frozenset[str] = frozenset()
    date: frozenset[str] = frozenset()
    time: frozenset[str] = frozenset()
    code: frozenset[str] = frozenset()
    name: frozenset[str] = frozenset()
    quotes: tuple[tuple[str, ...], ...] = ()
    words: frozenset[str] = frozenset()

    def keys(self) -> frozenset[str]:
        """Every checkable atom as a ``kind:value`` key: what two texts' checkable content is compared
        by (``money:2412``, ``date:04-30``, ``name:henry whitfield``)."""
        out: set[str] = set()
        for kind in CHECKABLE_KINDS:
            out.update(f"{kind}:{v}" for v in getattr(self, kind))
        return frozenset(out)

    def numeric_values(self) -> frozenset[str]:
        """Every number-like value regardless of kind: ``$28M`` and ``28 million`` share ``28000000``."""
        return self.money | self.percent | self.number | self.soft_number


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _fmt(value: float) -> str:
    # Canonical decimal: integers without a point, others with at most 4 places and no trailing zeros.
    if not math.isfinite(value):  # a run of hundreds of digits: too large to be a fact
        return "inf"
    if value == int(value) and abs(value) < 1e18:
        return str(int(value))
    return f"{value:.4f}".rstrip("0").rstrip(".")


def _word_number(text: str) -> int:
    parts = re.split(r"[- ]", text.casefold())
    if parts[0] in TENS:
        return TENS[parts[0]] + (UNITS.get(parts[1], 1) if len(parts) > 1 else 0)
    return UNITS[parts[0]]


def _scale(text: str | None) -> float:
    if not text:
        return 1.0
    key = text.casefold()
    return SCALES.get(key, 1.0)


def _month(text: str) -> int:
    return MONTHS[text[:3].casefold()]


def _clock(hour: int, minute: int) -> str | None:
    if hour > 23 or minute > 59:
        return None
    return f"{hour % 12 or 12}:{minute:02d}"


def _scan(cleaned: str) -> tuple[dict[str, set[str]], list[tuple[int, int]]]:
    """The scanned kinds of cleaned text (all but names, quotes and words), and the spans matched."""
    found: dict[str, set[str]] = {
        k: set()
        for k in ("money", "percent", "number", "soft_number", "date", "time", "code", "name")
    }
    spans: list[tuple[int, int]] = []
    for m in _SCAN.finditer(cleaned):
        kind = m.lastgroup
        value: str | None = None
        target = ""
        if kind == "iso":
            month, day = int(m["im"]), int(m["id"])
            if 1 <= month <= 12 and 1 <= day <= 31:
                target, value = "date", f"{month:02d}-{day:02d}"
        elif kind == "week":
            target, value = "code", m.group().casefold()
        elif kind == "md":
            day = int(m["mdd"])
            if 1 <= day <= 31:
                target, value = "date", f"{_month(m['mdm']):02d}-{day:02d}"
        elif kind == "dm":
            day = int(m["dmd"])
            if 1 <= day <= 31:
                target, value = "date", f"{_month(m['dmm']):02d}-{day:02d}"
        elif kind == "slash":
            month, day = int(m["sm"]), int(m["sd"])
            if 1 <= month <= 12 and 1 <= day <= 31:
                target, value = "date", f"{month:02d}-{day:02d}"
            else:  # "24/7", "3/4" of something: two numbers, not a date
                found["number"].update((_fmt(float(m["sm"])), _fmt(float(m["sd"]))))
        elif kind == "clock":
            target, value = "time", _clock(int(m["ch"]), int(m["cm"]))
        elif kind == "hour":
            hour = int(m["hh"])
            target, value = "time", _clock(hour, 0) if 1 <= hour <= 12 else None
        elif kind == "money":
            scale = m["mscale"]
            if scale is None:
                # "$620-760M": the scale written once after a range applies to both ends.
                tail = _RANGE_TAIL.match(cleaned, m.end())
                scale = tail["scale"] if tail else None
            target, value = "money", _fmt(_number(m["mnum"]) * _scale(scale))
        elif kind == "money2":
            target, value = "money", _fmt(_number(m["m2num"]) * _scale(m["m2scale"]))
        elif kind == "pct":
            target, value = "percent", _fmt(_number(m["pnum"]))
        elif kind == "wpct":
            target, value = "percent", str(_word_number(m["wpnum"]))
        elif kind == "scaled":
            # A bare "760M" right after a money atom ("$620M-760M") is money too.
            before = cleaned[max(0, m.start() - 12) : m.start()]
            amount = _fmt(_number(m["snum"]) * _scale(m["sscale"]))
            money_range = re.search(r"[$€£¥][\d,.]+\s*[a-zA-Z]*\s*(?:-|to)\s*$", before)
            target, value = ("money" if money_range else "number"), amount
        elif kind in ("code", "code2"):
            target, value = "code", m.group().casefold()
        elif kind == "num":
            target, value = "number", _fmt(_number(m["nnum"]))
        elif kind == "wnum":
            target, value = "soft_number", str(_word_number(m.group()))
        if value is not None:
            found[target].add(value)
        spans.append(m.span())
    return found, spans


def extract_values(text: str, *, cleaned: bool = False) -> Atoms:
    """The money, percentages, numbers, dates and times, and codes of ``text``; no names, quotes or
    words. What a grounding index needs from a corpus, at a fraction of :func:`extract_atoms`' cost.

    Args:
        text: the text.
        cleaned: ``text`` already went through :func:`clean`.
    """
    found, _ = _scan(text if cleaned else clean(text))
    return Atoms(
        money=frozenset(found["money"]),
        percent=frozenset(found["percent"]),
        number=frozenset(found["number"]),
        soft_number=frozenset(found["soft_number"]),
        date=frozenset(found["date"]),
        time=frozenset(found["time"]),
        code=frozenset(found["code"]),
    )


def extract_atoms(text: str, *, cleaned: bool = False) -> Atoms:
    """Every atom of ``text`` (see the module docstring for the kinds and their canonical forms).

    Args:
        text: the text.
        cleaned: ``text`` already went through :func:`clean`.
    """
    cleaned_text = text if cleaned else clean(text)
    return _extract(cleaned_text)


def _extract(cleaned: str) -> Atoms:
    found, spans = _scan(cleaned)
    names, name_words, dates = names_and_calendar(cleaned, spans)
    # Content words come from the text outside the scanned atoms: "$650M" must not leave a word "m".
    pieces, pos = [], 0
    for start, end in spans:
        pieces.append(cleaned[pos:start])
        pos = end
    pieces.append(cleaned[pos:])
    outside = " ".join(pieces)
    found["name"].update(names)
    found["date"].update(dates)
    quotes = tuple(
        tuple(t) for q in _QUOTE.findall(cleaned) if 2 <= len(t := tokens(q, cleaned=True)) <= 60
    )
    return Atoms(
        money=frozenset(found["money"]),
        percent=frozenset(found["percent"]),
        number=frozenset(found["number"]),
        soft_number=frozenset(found["soft_number"]),
        date=frozenset(found["date"]),
        time=frozenset(found["time"]),
        code=frozenset(found["code"]),
        name=frozenset(found["name"]),
        quotes=quotes,
        words=_content_words(outside) | name_words,
    )
