"""Word lists and word functions the rubric judge's text analysis shares. Pure.

Function words (:data:`STOPWORDS`), calendar words, number words and scales, the suffixes that end a
company name, the words that label rather than name, and :func:`stem`, the light suffix stripper both
sides of every word comparison go through.
"""

from __future__ import annotations

import functools

__all__ = [
    "FULL_MONTH_NAMES",
    "LABEL_WORDS",
    "MONTHS",
    "NAME_SUFFIXES",
    "SCALES",
    "STOPWORDS",
    "TENS",
    "UNITS",
    "VERB_ENDINGS",
    "WEEKDAYS",
    "stem",
]

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
NAME_SUFFIXES = frozenset({"inc", "llc", "ltd", "corp", "co", "plc", "gmbh", "lp", "llp"})

MONTHS = {
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
FULL_MONTHS = (
    "january february march april may june july august september october november december"
)
WEEKDAYS = {
    "monday": "mon",
    "tuesday": "tue",
    "wednesday": "wed",
    "thursday": "thu",
    "friday": "fri",
    "saturday": "sat",
    "sunday": "sun",
}
UNITS = {
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
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
SCALES = {
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


FULL_MONTH_NAMES = frozenset(FULL_MONTHS.split())
# Words that label what follows them ("Source:", "Related:", "Next steps:"), never names.
LABEL_WORDS = frozenset(
    """
    source sources answer answers note notes related context summary detail details update updates
    status decision decisions outcome outcomes result results reference references citation citations
    evidence background takeaway takeaways item items next step steps action actions owner owners
    reason reasons question response memory memories entry entries log record records caveat caveats
    confidence date dates time amount total key point points fact facts finding findings topic
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Endings of the verbs and adverbs that open sentences ("Confirmed", "Scheduling", "Reportedly").
VERB_ENDINGS = ("ed", "ing", "ly")
