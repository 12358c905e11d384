"""What an LLM judge is shown of an answer's extra claims: lines of the days that hold them. Pure.

An LLM judge shown a ±N-day memory window cannot check a detail the answer drew from another day, and
flags it or forgives it by guesswork. :func:`claim_excerpts` runs the claim check
(:mod:`recallbench.judges.claim_days`, through :meth:`RubricJudge.claim_days_for
<recallbench.judges.rubric.RubricJudge.claim_days_for>`): the answer's extra claims that the memory
excerpts do not hold are looked up in every day ingested by the checkpoint, and up to ``limit`` days
holding them are chosen. Of each chosen day the judge is shown the lines that hold the claims — with
the heading above them — as a ``--- DAY n (date) ---`` block, like the window's own; for a claim
that is a day's own date ("on 2026-03-03 the floor stayed …"), the lines of that day that share most
words with the answer.

**The bound on what the prompt grows by**: at most ``limit`` days, :data:`MAX_LINES` lines a day
(and their headings), each cut at :data:`MAX_LINE_CHARS` characters. Over the reference run's 1,639
answers, with a ±1-day window and three days, 61 answers gained lines: 717 characters on average,
2,100 at most, where the window's excerpts average 172,000.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..data.corpus import Day
from .atoms import STOPWORDS, clean, extract_values, tokens
from .base import JudgeContext
from .claim_days import Claim
from .grounding import claim_keys
from .rubric import RubricJudge

__all__ = ["MAX_LINES", "MAX_LINE_CHARS", "claim_excerpts", "claim_lines"]

MAX_LINES = 4
"""Lines shown of each chosen day (headings not counted)."""

MAX_LINE_CHARS = 400
"""A line longer than this is cut, with an ellipsis."""

_HEADING = re.compile(r"^\s*#{1,6}\s")


def _line_keys(line: str) -> set[str]:
    atoms = extract_values(clean(line))
    keys = {f"num:{v}" for v in atoms.numeric_values()}
    keys.update(f"money:{v}" for v in atoms.money)
    keys.update(f"percent:{v}" for v in atoms.percent)
    keys.update(f"date:{v}" for v in atoms.date)
    keys.update(f"time:{v}" for v in atoms.time)
    keys.update(f"code:{v}" for v in atoms.code)
    return keys


def _holds(claim: Claim, keys: set[str], words: set[str]) -> bool:
    kind, _, value = claim.key.partition(":")
    if kind == "name":
        return all(t in words for t in value.split())
    if kind == "quote":
        content = [t for t in claim.tokens if t not in STOPWORDS]
        return bool(content) and sum(1 for t in content if t in words) * 2 >= len(content)
    return any(k in keys for k in claim_keys(claim.key))


def _cut(line: str) -> str:
    line = line.strip()
    return line if len(line) <= MAX_LINE_CHARS else line[: MAX_LINE_CHARS - 1].rstrip() + "…"


def claim_lines(day: Day, claims: Sequence[Claim], answer: str) -> list[str]:
    """The lines of ``day`` to show for ``claims`` (at most :data:`MAX_LINES`, in the day's order),
    each after the nearest heading above it.

    The lines holding a claim, those sharing most words with ``answer`` first; for a claim that is
    the day's own date (the answer says it found something on that day), first the two lines sharing
    most words with the answer (at least two).
    """
    lines = day.content.splitlines()
    heading: list[str | None] = []
    current = None
    for line in lines:
        if _HEADING.match(line):
            current = line.strip()
        heading.append(current)
    wanted = {t for t in tokens(answer) if t not in STOPWORDS and not t.isdigit()}
    body = [i for i, line in enumerate(lines) if line.strip() and not _HEADING.match(line)]
    words = {i: set(tokens(lines[i])) for i in body}

    def by_overlap(indexes: Sequence[int]) -> list[int]:
        return sorted(indexes, key=lambda i: (-len(wanted & words[i]), i))

    picked: list[int] = []
    own_date = f"date:{day.date[5:]}" if day.date else None
    if own_date is not None and any(c.key == own_date for c in claims):
        picked += [i for i in by_overlap(body)[:2] if len(wanted & words[i]) >= 2]
    holding = [i for i in body if any(_holds(c, _line_keys(lines[i]), words[i]) for c in claims)]
    for i in by_overlap(holding):
        if len(picked) >= MAX_LINES:
            break
        if i not in picked:
            picked.append(i)
    out: list[str] = []
    for i in sorted(picked):
        above = heading[i]
        if above is not None and above not in out:
            out.append(above)
        out.append(_cut(lines[i]))
    return out


def claim_excerpts(
    question: str,
    reference: str,
    answer: str,
    context: JudgeContext,
    *,
    limit: int,
    finder: RubricJudge,
) -> str:
    """The lines of up to ``limit`` ingested days beyond ``context``'s memory excerpts that hold the
    answer's extra claims, as ``--- DAY n (date) ---`` blocks; "" when there is nothing to show (no
    days, no pair, no extra claim, or none found on a day).

    Args:
        question, reference, answer: what is being judged.
        context: the judge's context: its days (those ingested at the checkpoint), pair, names and
            memory excerpts (whose days are never shown again).
        limit: the bound on days (0: nothing).
        finder: a :class:`~recallbench.judges.rubric.RubricJudge` doing the look-up (it keeps the
            corpus's grounding index between calls).
    """
    if limit <= 0 or not context.days or context.qa is None:
        return ""
    found = finder.claim_days_for(question, reference, answer, context, limit=limit)
    by_number = {d.number: d for d in context.days if d.number in found.days}
    blocks = []
    for number, claims in sorted(zip(found.days, found.claims, strict=True)):
        day = by_number.get(number)
        if day is None:
            continue
        shown = claim_lines(day, claims, answer)
        if shown:
            blocks.append(f"--- DAY {day.number} ({day.date}) ---\n" + "\n".join(shown))
    return "\n\n".join(blocks)
