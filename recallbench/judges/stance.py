"""An answer's stance: whether it abstains, says no, or says yes — read from its words. Pure.

The rubric judge reads abstention ("no evidence", "not mentioned", "I don't know", refusals) anywhere
in an answer, and a "no" or a "yes" from its first sentence that says something (headings and an
introduction ending in a colon are skipped).
"""

from __future__ import annotations

import re

__all__ = [
    "ABSTAIN",
    "NEGATION",
    "NEGATIVE_START",
    "POSITIVE_START",
    "first_sentence",
    "lead_sentence",
    "says_no",
]

ABSTAIN = re.compile(
    r"""
    \b(?:no|not\ any|nothing|none)\b[^.\n]{0,40}?\b(?:evidence|record|mention|information|indication
        |sign|reference|details?|data)\b
  | \b(?:do|does|did)(?:\ not|n't)\ (?:explicitly\ |specifically\ |directly\ )?(?:mention|say|show
        |specify|state|give|provide|include|indicate|contain|name|record|confirm|describe|identify
        |list|reference|discuss|note|tell|establish|support|reflect)
  | \b(?:not|never|isn't|wasn't|aren't|weren't)\ (?:explicitly\ |specifically\ |directly\ )?
        (?:mentioned|stated|specified|recorded|discussed|documented|found|available|provided|given
        |shown|indicated|confirmed|included|listed|described|identified|covered|noted|clear)
  | \bI\ (?:don't|do\ not|can't|cannot|could\ not|couldn't|am\ unable\ to|am\ not\ able\ to)
        \ (?:know|find|determine|tell|say|confirm|answer|share|see|locate|verify|disclose|recall)
  | \b(?:unable|not\ able)\ to\ (?:find|determine|answer|confirm|locate|share|verify|disclose)
  | \b(?:can't|cannot|can\ not|won't)\ (?:share|disclose|discuss|reveal|provide|determine|confirm)
  | \b(?:unknown|not\ sure|unclear|no\ way\ to\ (?:know|tell))\b
  | \bthere\ (?:is|was|are|were)\ no\b
  | \b(?:stays?|remains?|is|are)\ confidential\b
    """,
    re.IGNORECASE | re.VERBOSE,
)
NEGATIVE_START = re.compile(
    r"^\W*(?:no|nope|none|nothing|never|not|neither|nobody|no\ one)\b", re.IGNORECASE | re.VERBOSE
)
POSITIVE_START = re.compile(r"^\W*(?:yes|yeah|yep|correct|indeed)\b", re.IGNORECASE)
NEGATION = re.compile(
    r"\b(?:no|not|never|nothing|none|didn't|wasn't|weren't|hasn't|haven't|hadn't)\b", re.IGNORECASE
)
_FIRST_SENTENCE = re.compile(r"^.*?(?:[.!?](?:\s|$)|\n|$)", re.DOTALL)


def first_sentence(text: str) -> str:
    m = _FIRST_SENTENCE.match(text.strip())
    return m.group() if m else text


def lead_sentence(text: str) -> str:
    """The first sentence that says something: headings ("Summary", "What the memories show"), an
    introduction ending in a colon ("From the notes:") and table headers are skipped."""
    lines = [line.strip() for line in text.strip().splitlines()]
    for i, line in enumerate(lines):
        if not line:
            continue
        words = line.split()
        heading = len(words) <= 5 and not line.endswith((".", "!", "?")) and i + 1 < len(lines)
        if heading or line.endswith(":"):
            continue
        return first_sentence("\n".join(lines[i:]))
    return first_sentence(text)


def says_no(reference: str) -> bool:
    """Whether a reference says "no / never / no evidence" (a negative-recall pair's usual answer)."""
    first = first_sentence(reference)
    return bool(NEGATIVE_START.search(first) or ABSTAIN.search(first))
