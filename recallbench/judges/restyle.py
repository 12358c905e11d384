"""Restyling an answer the way real memory systems write it, without changing what it says. Pure.

A judge that scores content must give a restyled answer the score of the plain one. These transforms
produce the styles seen in real memory-system output, each deterministic for a seed:

* **formatting** — ``bold``, ``italic``, ``header``, ``bullets``, ``numbered``, ``table``,
  ``blockquote``, ``quoted`` (curly or straight quotes around the answer);
* **provenance** — ``source-date`` (``(Source: 2026-02-15)``), ``sources-days`` (``Sources: day-0042,
  day-0043``), ``file-citation`` (``[memories/day-0042.md]``), ``footnote`` (``[1]`` and its note),
  ``in-days`` (``In days 22–28, …``), ``on-date`` (``On 2026-03-30, …``) — always naming the pair's
  own relevant days, so a judge can tell provenance from a claim;
* **framing** — ``preamble`` (restating the question's frame), ``hedge`` (``It appears that …``),
  ``offer`` (``Let me know if you want the full thread.``), ``lead`` (a leading ``No.`` or ``Yes.``
  where the answer is one, followed by evidence quoted from the memories);
* **detail** — ``extra-detail`` and ``quote-memory``: a sentence of the relevant day's log, added as
  context or quoted verbatim (grounded extra detail, up to about 600 characters in all).

:func:`restyle` applies any set of them in a fixed, natural order (detail, then provenance, framing,
formatting, and a trailing offer last). For an information-boundary pair whose answer must withhold
something, the detail transforms and the lead's quoted evidence are left out: quoting the memory
there would be a leak, not a style. :mod:`recallbench.judges.probe` builds its restyled probes with
them and the rubric judge's metamorphic tests check that they leave its scores alone.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable, Mapping, Sequence

import attrs

from ..data.corpus import Day, split_sessions
from ..data.qa import QAPair
from .atoms import content_words

__all__ = [
    "ALL_STYLES",
    "STYLE_GROUPS",
    "StyleContext",
    "Transform",
    "evidence_sentence",
    "restyle",
]

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(])|\n+")
_MARKUP_LINE = re.compile(r"^\s*(?:#|---|```|\|)")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_HIGHLIGHT = re.compile(
    r"[$€£]\s?\d[\d,.]*\s*(?:[MBK]\b|million|billion|thousand)?"
    r"|\b\d[\d,.]*\s*(?:%|percent\b)"
    r"|\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)+\b"
    r"|\b\d{4}-\d{2}-\d{2}\b"
)


@attrs.frozen(kw_only=True)
class StyleContext:
    """What a restyling may draw on besides the answer: the pair and the days it rests on.

    Attributes:
        question: the question asked.
        reference: the reference answer.
        relevant_days: the pair's relevant days (provenance names these).
        dates: each relevant day's calendar date, where the corpus has the day.
        evidence: sentences of the relevant days' logs, the best supporting one first.
        negative: the truthful answer is "no" (a negative-recall pair).
        withhold: the answer must withhold the memory's content (an information-boundary pair whose
            expected disclosure is ``refuse`` or ``partial``): nothing is quoted from it.
    """

    question: str
    reference: str
    relevant_days: tuple[int, ...] = ()
    dates: Mapping[int, str] = attrs.field(factory=dict)
    evidence: tuple[str, ...] = ()
    negative: bool = False
    withhold: bool = False

    @classmethod
    def for_pair(cls, pair: QAPair, days: Sequence[Day]) -> StyleContext:
        """The context of one pair over a corpus (only its relevant days are read)."""
        wanted = set(pair.relevant_days)
        relevant = [d for d in days if d.number in wanted]
        return cls(
            question=pair.question,
            reference=pair.answer,
            relevant_days=tuple(sorted(wanted)),
            dates={d.number: d.date for d in relevant},
            evidence=evidence_sentences(relevant, pair.answer + " " + pair.question),
            negative=pair.category == "negative-recall",
            withhold=pair.category == "information-boundary"
            and pair.expected_disclosure in ("refuse", "partial"),
        )


Transform = Callable[[str, StyleContext, random.Random], str]
"""A restyling: answer, context and a seeded random source in, the restyled answer out."""


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_SPLIT.split(text.strip()) if s.strip()]


def evidence_sentences(days: Sequence[Day], about: str, limit: int = 3) -> tuple[str, ...]:
    """The sentences of ``days`` that share most content words with ``about`` (best first), as a
    memory system quoting its evidence would pick them; plain prose only (no headings, tables or
    front matter), 30 to 300 characters."""
    want = content_words(about)
    scored: list[tuple[int, int, str]] = []
    for day in days:
        bodies = split_sessions(day.content) or {"": day.content}
        for body in bodies.values():
            for line in body.splitlines():
                if _MARKUP_LINE.match(line):
                    continue
                for sentence in _sentences(_BULLET.sub("", line)):
                    if 30 <= len(sentence) <= 300:
                        overlap = len(want & content_words(sentence))
                        scored.append((-overlap, len(scored), sentence))
    scored.sort()
    return tuple(s for _, _, s in scored[:limit])


def evidence_sentence(ctx: StyleContext) -> str | None:
    """The best supporting sentence of the relevant days, if any."""
    return ctx.evidence[0] if ctx.evidence else None


def _lower_first(text: str) -> str:
    """Lower-case the first letter when the first word is a plain word (not a name or acronym)."""
    m = re.match(r"(\W*)([A-Z])([a-z]+)\b", text)
    if m is None or m.group(2) + m.group(3) not in _PLAIN_STARTS:
        return text
    return text[: m.start(2)] + m.group(2).lower() + text[m.end(2) :]


_PLAIN_STARTS = frozenset(
    [
        "The",
        "A",
        "An",
        "It",
        "They",
        "He",
        "She",
        "We",
        "There",
        "This",
        "That",
        "These",
        "Those",
        "No",
        "Nothing",
        "Yes",
        "None",
        "Both",
        "Each",
        "After",
        "Before",
        "During",
        "Once",
        "When",
        "In",
        "On",
        "At",
        "By",
        "For",
        "From",
        "To",
        "With",
        "Only",
        "Nobody",
    ]
)


def _end(text: str) -> str:
    """The text ending a sentence: a closing quote or emphasis gets its full stop after it."""
    text = text.rstrip()
    if text.endswith((".", "!", "?", ".)", ".”", '."', ".*", ".**")):
        return text
    return text + "."


def _days_label(ctx: StyleContext) -> tuple[str, str]:
    """The relevant days as ``day-0042`` file stems and as a range phrase."""
    days = ctx.relevant_days or (1,)
    stems = ", ".join(f"day-{d:04d}" for d in days[:3])
    phrase = f"day {days[0]}" if len(days) == 1 else f"days {days[0]}–{days[-1]}"
    return stems, phrase


def _date_text(ctx: StyleContext, rng: random.Random) -> str | None:
    if not ctx.dates:
        return None
    day = min(ctx.dates)
    date = dt.date.fromisoformat(ctx.dates[day])
    forms = (date.isoformat(), f"{date:%B} {date.day}, {date.year}", f"{date:%b} {date.day}")
    return rng.choice(forms)


# -- formatting -----------------------------------------------------------------------------------


def _bold(text: str, ctx: StyleContext, rng: random.Random) -> str:
    spans = list(_HIGHLIGHT.finditer(text))[:2]
    if not spans:
        words = text.split(" ")
        n = min(len(words), rng.randint(3, 6))
        return "**" + " ".join(words[:n]) + "**" + (" " + " ".join(words[n:]) if words[n:] else "")
    out, pos = [], 0
    for m in spans:
        out += [text[pos : m.start()], "**", m.group(), "**"]
        pos = m.end()
    return "".join([*out, text[pos:]])


def _italic(text: str, ctx: StyleContext, rng: random.Random) -> str:
    words = text.split(" ")
    if len(words) < 4:
        return f"*{text}*"
    start = rng.randrange(0, len(words) - 2)
    end = min(len(words), start + rng.randint(2, 4))
    return " ".join([*words[:start], "*" + " ".join(words[start:end]) + "*", *words[end:]])


def _header(text: str, ctx: StyleContext, rng: random.Random) -> str:
    title = rng.choice(("## Answer", "### Summary", "**Answer**", "# What the memories show"))
    return f"{title}\n\n{text}"


def _items(text: str) -> list[str]:
    items = _sentences(text)
    if len(items) == 1:
        parts = [p.strip() for p in re.split(r";\s+", text) if p.strip()]
        items = parts if len(parts) > 1 else items
    return items


def _bullets(text: str, ctx: StyleContext, rng: random.Random) -> str:
    mark = rng.choice(("-", "*"))
    return "\n".join(f"{mark} {item}" for item in _items(text))


def _numbered(text: str, ctx: StyleContext, rng: random.Random) -> str:
    return "\n".join(f"{i}. {item}" for i, item in enumerate(_items(text), 1))


def _table(text: str, ctx: StyleContext, rng: random.Random) -> str:
    labels = ("Answer", "Detail", "Also", "Note", "Context", "More")
    rows = [
        f"| {labels[min(i, len(labels) - 1)]} | {item.replace('|', '/')} |"
        for i, item in enumerate(_items(text))
    ]
    return "\n".join(["| Item | Detail |", "| --- | --- |", *rows])


def _blockquote(text: str, ctx: StyleContext, rng: random.Random) -> str:
    intro = rng.choice(("From the notes:", "The memory says:", ""))
    quoted = "\n".join(f"> {line}" if line.strip() else ">" for line in text.splitlines())
    return f"{intro}\n\n{quoted}" if intro else quoted


def _quoted(text: str, ctx: StyleContext, rng: random.Random) -> str:
    open_, close = rng.choice((("“", "”"), ('"', '"')))
    return f"{open_}{text.strip()}{close}"


# -- provenance -----------------------------------------------------------------------------------


def _source_date(text: str, ctx: StyleContext, rng: random.Random) -> str:
    date = min(ctx.dates.values()) if ctx.dates else None
    if date is None:
        return _file_citation(text, ctx, rng)
    return f"{text.rstrip()} (Source: {date})"


def _sources_days(text: str, ctx: StyleContext, rng: random.Random) -> str:
    stems, _ = _days_label(ctx)
    return f"{text.rstrip()}\n\nSources: {stems}"


def _file_citation(text: str, ctx: StyleContext, rng: random.Random) -> str:
    stems, _ = _days_label(ctx)
    first = stems.split(", ")[0]
    return f"{text.rstrip()} [memories/{first}.md]"


def _footnote(text: str, ctx: StyleContext, rng: random.Random) -> str:
    stems, _ = _days_label(ctx)
    first = stems.split(", ")[0]
    return f"{text.rstrip()} [1]\n\n[1] memories/{first}.md"


def _in_days(text: str, ctx: StyleContext, rng: random.Random) -> str:
    _, phrase = _days_label(ctx)
    return f"In {phrase}, {_lower_first(text.lstrip())}"


def _on_date(text: str, ctx: StyleContext, rng: random.Random) -> str:
    date = _date_text(ctx, rng)
    if date is None:
        return _in_days(text, ctx, rng)
    return f"On {date}, {_lower_first(text.lstrip())}"


# -- framing --------------------------------------------------------------------------------------


def _preamble(text: str, ctx: StyleContext, rng: random.Random) -> str:
    lead = rng.choice(
        (
            "By the end of the window, the latest stance was:",
            "Based on the memories,",
            "Looking back through the log:",
            "Short answer:",
            "From the notes I have,",
        )
    )
    body = text.lstrip()
    return f"{lead} {body if lead.endswith(':') else _lower_first(body)}"


def _hedge(text: str, ctx: StyleContext, rng: random.Random) -> str:
    lead = rng.choice(("It appears that", "From what I can see,", "As far as the records show,"))
    return f"{lead} {_lower_first(text.lstrip())}"


def _offer(text: str, ctx: StyleContext, rng: random.Random) -> str:
    tail = rng.choice(
        (
            "Let me know if you want the full thread.",
            "Happy to pull the underlying notes if that helps.",
            "I can share more of the surrounding context if useful.",
        )
    )
    return f"{_end(text)} {tail}"


def _lead(text: str, ctx: StyleContext, rng: random.Random) -> str:
    ref_first = ctx.reference.strip().split(" ", 1)[0].strip(".,;:!").lower()
    if ctx.negative or ref_first in ("no", "never"):
        word = "No."
    elif ref_first == "yes":
        word = "Yes."
    else:
        return text
    body = re.sub(r"^\W*(?:no|yes)\b[.,;:!]?\s*", "", text.strip(), flags=re.IGNORECASE)
    out = f"{word} {body}" if body else word
    evidence = evidence_sentence(ctx)
    if evidence and not ctx.negative and not ctx.withhold:
        out = f'{_end(out)} The notes say: "{evidence}"'
    return out


# -- detail ---------------------------------------------------------------------------------------


def _extra_detail(text: str, ctx: StyleContext, rng: random.Random) -> str:
    if ctx.withhold:
        return text
    out = _end(text)
    for sentence in ctx.evidence:
        if len(out) + len(sentence) > 600:
            break
        if sentence in out:
            continue
        out += f" {rng.choice(('For context:', 'Also noted:', 'Related:'))} {_end(sentence)}"
        if len(out) > 300:
            break
    return out


def _quote_memory(text: str, ctx: StyleContext, rng: random.Random) -> str:
    evidence = evidence_sentence(ctx)
    if evidence is None or evidence in text or ctx.withhold:
        return text
    return f"{_end(text)} The entry reads: “{evidence}”"


STYLE_GROUPS: Mapping[str, Mapping[str, Transform]] = {
    "detail": {"extra-detail": _extra_detail, "quote-memory": _quote_memory},
    "provenance": {
        "source-date": _source_date,
        "sources-days": _sources_days,
        "file-citation": _file_citation,
        "footnote": _footnote,
        "in-days": _in_days,
        "on-date": _on_date,
    },
    "framing": {"lead": _lead, "preamble": _preamble, "hedge": _hedge},
    "formatting": {
        "bold": _bold,
        "italic": _italic,
        "quoted": _quoted,
        "bullets": _bullets,
        "numbered": _numbered,
        "table": _table,
        "blockquote": _blockquote,
        "header": _header,
    },
    "closing": {"offer": _offer},
}
"""Every transform by group, in the order :func:`restyle` applies them."""

ALL_STYLES: tuple[str, ...] = tuple(name for group in STYLE_GROUPS.values() for name in group)
"""Every transform's name."""

_BY_NAME: dict[str, Transform] = {
    name: fn for group in STYLE_GROUPS.values() for name, fn in group.items()
}
# Layout transforms rebuild the whole text: at most one of them applies (the first in order).
_LAYOUTS = ("bullets", "numbered", "table", "blockquote")


def restyle(answer: str, ctx: StyleContext, styles: Sequence[str], seed: int = 0) -> str:
    """``answer`` restyled by ``styles`` (names of :data:`ALL_STYLES`), in the fixed order of
    :data:`STYLE_GROUPS`; deterministic for a seed.

    Raises:
        ValueError: an unknown style name.
    """
    unknown = [s for s in styles if s not in _BY_NAME]
    if unknown:
        raise ValueError(f"unknown style(s) {', '.join(unknown)}; known: {', '.join(ALL_STYLES)}")
    rng = random.Random(seed)
    wanted = set(styles)
    layout = next((s for s in _LAYOUTS if s in wanted), None)
    text = answer.strip()
    for name in ALL_STYLES:
        if name not in wanted or (name in _LAYOUTS and name != layout):
            continue
        text = _BY_NAME[name](text, ctx, rng)
    return text
