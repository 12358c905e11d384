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

import functools
import math
import re
import unicodedata
from collections.abc import Iterator

import attrs

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

STOPWORDS: frozenset[str] = frozenset(
    """
    a about above after again against all also am an and any are aren't as at be because been before
    being below between both but by can can't cannot could couldn't did didn't do does doesn't doing
    don't down during each either else even ever every few for from further had hadn't has hasn't have
    haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll
    i'm i've if in into is isn't it it's its itself just let's me might more most much must mustn't my
    myself neither no nor not now of off on once only or other ought our ours ourselves out over own
    per rather same shan't she she'd she'll she's should shouldn't since so some still such than that
    that's the their theirs them themselves then there there's these they they'd they'll they're
    they've this those though through thus to too under until up upon us very via was wasn't we we'd
    we'll we're we've were weren't what what's when when's where where's whether which while who who's
    whom whose why why's will with within without won't would wouldn't yes yet you you'd you'll you're
    you've your yours yourself yourselves
    """.split()  # noqa: SIM905 - a word list reads better as text than as 200 quoted strings
)
"""Function words: never content words, never a name when they start a sentence."""

# Corporate suffixes end a name rather than being part of what identifies it.
_NAME_SUFFIXES = frozenset({"inc", "llc", "ltd", "corp", "co", "plc", "gmbh", "lp", "llp"})

_MONTHS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
_FULL_MONTHS = (
    "january february march april may june july august september october november december"
)
_WEEKDAYS = {
    "monday": "mon",
    "tuesday": "tue",
    "wednesday": "wed",
    "thursday": "thu",
    "friday": "fri",
    "saturday": "sat",
    "sunday": "sun",
}
_UNITS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALES = {
    "k": 1e3,
    "thousand": 1e3,
    "m": 1e6,
    "mm": 1e6,
    "mn": 1e6,
    "million": 1e6,
    "b": 1e9,
    "bn": 1e9,
    "billion": 1e9,
    "t": 1e12,
    "tn": 1e12,
    "trillion": 1e12,
}

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
_CAPITALISED_WORD = re.compile(r"(?<![\w'])[A-Z\u00c0-\u00d6\u00d8-\u00de](?:\w|'(?=\w))*")
_POSSESSIVE = re.compile(r"'s\b")
_SENTENCE_END = re.compile(r"(?:[.!?:;]\s|\n)\s*$")
_MARKDOWN_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\n]*\)")
# A numbered-list marker needs text after it on its line: a line that is only "42." or "0)" holds a
# number, and so does "**0)**" once its emphasis is gone.
_LINE_MARK = re.compile(r"(?m)^\s*(?:#+\s*|>\s*|[-*+]\s+|\d+[.)][ \t]+(?=\S))")

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
    quotes and list bullets go (a list item starts a new line, so it still starts a sentence), and a
    markdown link keeps its text. Underscores become spaces so that ``file_name_v2`` splits into words.
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
    return _LINE_MARK.sub("\n", text)


_STEM_LENGTH = 7


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light, deterministic suffix stripper (lower-case input): plurals, ``-ing``, ``-ed``, ``-ly``.

    It only has to map inflections of one word to one key on both sides of a comparison, not to produce
    a dictionary word: ``synergies`` and ``synergy`` both become ``synergy``; ``kept`` stays ``kept``.
    """
    if len(word) <= 3:
        return word
    if word.endswith("'s"):
        word = word[:-2]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif word.endswith("ied") and len(word) > 4:
        word = word[:-3] + "y"
    elif (word.endswith("ed") and len(word) > 4) or (word.endswith("ly") and len(word) > 5):
        word = word[:-2]
    # Collapse a doubled final consonant left by -ing/-ed ("planned" → "plann" → "plan").
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]
    return word[:_STEM_LENGTH]


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
    if parts[0] in _TENS:
        return _TENS[parts[0]] + (_UNITS.get(parts[1], 1) if len(parts) > 1 else 0)
    return _UNITS[parts[0]]


def _scale(text: str | None) -> float:
    if not text:
        return 1.0
    key = text.casefold()
    return _SCALES.get(key, 1.0)


def _month(text: str) -> int:
    return _MONTHS[text[:3].casefold()]


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
    names, name_words, dates = _names_and_calendar(cleaned, spans)
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


def _names_and_calendar(
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
        parts = [p for p in current if p not in _NAME_SUFFIXES]
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
        if low.endswith("s") and low[:-1] in _WEEKDAYS:  # "Tuesdays"
            low = low[:-1]
        if low in _WEEKDAYS:
            dates.add(_WEEKDAYS[low])
            flush()
            continue
        if low in _FULL_MONTH_NAMES:
            # Capitalised "May" mid-sentence is the month; at a sentence start it may be the verb.
            if low != "may" or not _sentence_start(cleaned, start):
                dates.add(f"month:{_MONTHS[low[:3]]:02d}")
            flush()
            continue
        if not current:
            if low in STOPWORDS:
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


_FULL_MONTH_NAMES = frozenset(_FULL_MONTHS.split())


def _sentence_start(text: str, pos: int) -> bool:
    head = text[max(0, pos - 4) : pos]
    return pos == 0 or not head.strip() or bool(_SENTENCE_END.search(text[max(0, pos - 6) : pos]))
