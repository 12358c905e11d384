"""Whether an answer abstains: says it does not know, found nothing, or will not say. Pure.

An answer's attribution (:mod:`recallbench.results.attribution`) tells an abstention from a wrong
answer by the answer's own words, whatever judge scored it. An answer abstains when it is empty, or
when its first sentence that says something states the system's lack of knowledge — "I don't
know", "Not mentioned in memory: no evidence found.", "I couldn't find any record of that", "There
is no information about it", "I can't share that" — and does not go on, in that sentence, to give an
answer after all ("I'm not sure, but it was $5M" answers; "I'm not sure." abstains).

Only the lead sentence is read: "I couldn't find the invoice; what I did find is …" abstains in its
lead and then answers, and is read as an abstention; a long answer that mentions "no record of X"
halfway through is not. The rubric judge reads abstention phrases anywhere in an answer (its own
rule, :mod:`recallbench.judges.stance`); this module keeps to the answer's form because the judges
below it differ.
"""

from __future__ import annotations

import functools
import re

__all__ = ["abstains"]

# What a system says when it has nothing: its knowledge, its records, its memories.
_ABSTAIN = re.compile(
    r"""
    \bI\ (?:do\ not|don't|dont|can(?:no|')t|could\ not|couldn't|am\ unable\ to|am\ not\ able\ to
        |was\ unable\ to|wasn't\ able\ to)
        \ (?:know|recall|remember|find|locate|see|determine|tell|say|confirm|answer|verify|share
        |disclose|have\ (?:any\ )?(?:information|record|details|data|memory|memories|notes))
  | \b(?:I\ have|I've\ got|there\ (?:is|are|was|were)|I\ found|we\ have)\ no\ (?:\w+\ ){0,2}?
        (?:information|record|records|mention|mentions|evidence|details?|data|memory|memories
        |notes?|indication|reference)\b
  | \bno\ (?:\w+\ ){0,2}?(?:information|record|records|mention|evidence|details?|data|memories
        |notes?|indication)\ (?:was\ |were\ |is\ |are\ )?(?:found|available|recorded|given|of|about
        |on|in|for|that|regarding|mentions?|exists?)\b
  | \bno\ (?:relevant\ )?(?:information|record|evidence|mention|details?|memories)\s*(?:[.!]|$)
  | \b(?:not|never)\ (?:explicitly\ |specifically\ )?(?:mentioned|recorded|stated|specified
        |documented|found|available|covered|discussed)\ (?:in|within|anywhere\ in)\ (?:the\ |my\ )?
        (?:memory|memories|notes|records?|logs?|context|conversations?|sessions?|data)\b
  | ^\W*(?:not\ (?:mentioned|recorded|specified|found|available)|unknown|no\ idea|not\ sure
        |unclear|n/?a|none\ found|nothing\ found)\b
  | \b(?:I'?m|I\ am)\ not\ (?:sure|certain|aware)\b
  | \b(?:can(?:no|')t|won't|will\ not|am\ not\ able\ to)\ (?:share|disclose|discuss|reveal)\b
  | \b(?:stays?|remains?|is|are)\ confidential\b
    """,
    re.IGNORECASE | re.VERBOSE,
)
# "…, but it was $5M": the sentence abstains and then answers after all.
_ANSWERS_AFTER_ALL = re.compile(
    r"[,;:—–-]\s*(?:but|however|though|although)\b|\b(?:but|however)\s*,?\s*(?:it|I|the|she|he|they)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?\n]*(?:[.!?]+|\n|$)")
_MARKUP = re.compile(r"[*_`#>|]+")


def _lead_sentence(text: str) -> str:
    """The first sentence that says something: blank lines, headings and an introduction ending in
    a colon ("From my notes:") are skipped."""
    for line in text.splitlines():
        line = _MARKUP.sub(" ", line).strip(" \t-•")
        if not line:
            continue
        if line.endswith(":") and len(line.split()) <= 8:
            continue
        m = _SENTENCE.match(line)
        sentence = m.group().strip() if m else line
        if sentence:
            return sentence
    return ""


@functools.lru_cache(maxsize=65536)
def abstains(answer: str) -> bool:
    """Whether ``answer`` abstains (the module docstring): empty, or its lead sentence states that
    the system does not know, found nothing, or will not say — and does not answer after all.

    Examples:
        >>> abstains("Not mentioned in memory: no evidence found.")
        True
        >>> abstains("I'm not sure, but it seems the budget was $28M.")
        False
        >>> abstains("The budget was $28M.")
        False
    """
    text = answer.strip().replace("\u2019", "'")
    if not text:
        return True
    lead = _lead_sentence(text)
    if not lead:
        return True
    found = _ABSTAIN.search(lead)
    if found is None:
        return False
    return _ANSWERS_AFTER_ALL.search(lead, found.end()) is None
