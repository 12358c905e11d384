"""Realism statistics of a generated persona: day sizes, filler share, sessions per day, question mix
and how often the most common sentence template repeats. Pure functions over a :class:`SynthPersona`.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ...data.qa import CATEGORIES, DIFFICULTIES
from .domain import normalize
from .engine import SynthPersona
from .questions import target_count
from .text import COLON_LEADS, LEADS, TAILS

__all__ = ["PersonaStats", "format_stats", "persona_stats", "sentence_templates"]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'`(])")
_MASKS = (
    (re.compile(r"`[^`]*`"), "`file`"),
    (re.compile(r"\$?\d[\d,.:/%-]*"), "#"),
    (re.compile(r"\b[A-Z][\w'-]*"), "X"),
)
MIN_TEMPLATE_WORDS = 4


_CONNECTIVE = re.compile(
    "^(?:"
    + "|".join(re.escape(x) for x in sorted(LEADS + COLON_LEADS, key=len, reverse=True))
    + ")"
)
_TAIL = re.compile(
    "; (?:"
    + "|".join(
        re.escape(t).replace(re.escape("{n}"), r"\d+").replace(re.escape("{principal}"), r"[\w'-]+")
        for t in TAILS
    )
    + r")(?=\.$)"
)


def bare_sentence(sentence: str) -> str:
    """A sentence without the opening connective and closing routine clause version 1 varied its
    routine lines with (``Before lunch, i…`` → ``I…``; ``…; filed and done.`` → ``….``)."""
    bare = _TAIL.sub("", _CONNECTIVE.sub("", sentence))
    return bare[:1].upper() + bare[1:]


def sentence_templates(day_text: str) -> set[str]:
    """The masked shapes of a day's sentences: numbers → ``#``, capitalised words → ``X``,
    backticked names → ``file``, the connectives of :func:`bare_sentence` left out. Headings, front
    matter and sentences under four words are skipped."""
    out = set()
    body = day_text.split("\n---\n", 1)[-1]
    for line in body.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("- ").removeprefix("> ")
        for sentence in _SENTENCE_END.split(line):
            sentence = bare_sentence(sentence)
            if len(sentence.split()) < MIN_TEMPLATE_WORDS:
                continue
            masked = sentence
            for pattern, repl in _MASKS:
                masked = pattern.sub(repl, masked)
            out.add(masked)
    return out


@attrs.frozen(kw_only=True)
class PersonaStats:
    persona: str
    days: int
    sizes: dict[str, int]
    total_bytes: int
    filler_share: float
    quiet_days: int
    density: dict[str, int]
    sessions_per_day: dict[int, int]
    session_days: dict[str, int]
    arcs: dict[str, int]
    max_concurrent_arcs: int
    pairs: int
    target: int
    categories: dict[str, int]
    difficulties: dict[str, int]
    requires_synthesis: int
    irrelevant_after: int
    derived_key_share: float
    top_template: str
    top_template_share: float
    weeks_without_new: int
    question_overlap: float
    section_overlap: float
    """Median share of a recall question's content words found in the log sentence that answers it."""


def _percentile(sorted_values: Sequence[int], q: float) -> int:
    i = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[i]


def persona_stats(p: SynthPersona) -> PersonaStats:
    sizes = sorted(len(t.encode()) for t in p.day_texts)
    counts: Counter[str] = Counter()
    for text in p.day_texts:
        counts.update(sentence_templates(text))
    # Ties go to the alphabetically first template: the counts come from sets, whose order
    # changes with the interpreter's hash seed.
    top, top_n = min(counts.items(), key=lambda kv: (-kv[1], kv[0])) if counts else ("", 0)
    sched = p.schedule
    load = [sum(a.start <= d <= a.end for a in sched.arcs) for d in range(1, p.days + 1)]
    keys = [k for q in p.questions for k in q.get("key_facts", [])]
    derived = [k for q in p.questions for k in q.get("derived_facts", [])]
    return PersonaStats(
        persona=p.domain.id,
        days=p.days,
        sizes={
            "min": sizes[0],
            "p10": _percentile(sizes, 0.1),
            "median": int(statistics.median(sizes)),
            "mean": round(statistics.fmean(sizes)),
            "p90": _percentile(sizes, 0.9),
            "max": sizes[-1],
        },
        total_bytes=sum(sizes),
        filler_share=len(p.filler_days) / p.days,
        quiet_days=sum(q.end - q.start + 1 for q in sched.quiet),
        density=dict(Counter(sched.density.values())),
        sessions_per_day=dict(
            sorted(Counter(t.count("\n# session: ") for t in p.day_texts).items())
        ),
        session_days={
            s.id: sum(f"# session: {s.id}\n" in t for t in p.day_texts) for s in p.domain.sessions
        },
        arcs=dict(Counter(a.type for a in sched.arcs)),
        max_concurrent_arcs=max(load),
        pairs=len(p.questions),
        target=target_count(p.days),
        categories={c: sum(q["category"] == c for q in p.questions) for c in CATEGORIES},
        difficulties={d: sum(q["difficulty"] == d for q in p.questions) for d in DIFFICULTIES},
        requires_synthesis=sum(bool(q["requires_synthesis"]) for q in p.questions),
        irrelevant_after=sum("irrelevant_after" in q for q in p.questions),
        derived_key_share=len(derived) / len(keys) if keys else 0.0,
        top_template=top,
        top_template_share=top_n / p.days,
        weeks_without_new=_empty_weeks(p.questions, p.days),
        question_overlap=question_overlap(p),
        section_overlap=question_overlap(p, unit="section"),
    )


_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "for",
        "and",
        "or",
        "at",
        "by",
        "with",
        "from",
        "as",
        "is",
        "was",
        "were",
        "be",
        "been",
        "did",
        "do",
        "does",
        "what",
        "which",
        "who",
        "whom",
        "when",
        "where",
        "why",
        "how",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "their",
        "his",
        "her",
        "our",
        "my",
        "i",
        "we",
        "you",
        "they",
        "he",
        "she",
        "there",
        "any",
        "about",
        "into",
        "after",
        "before",
        "over",
        "under",
        "up",
        "out",
        "than",
        "then",
        "so",
        "if",
        "not",
        "no",
        "yes",
    ]
)


def _content_words(text: str) -> set[str]:
    return {w for w in normalize(text).split() if w not in _STOP and not w.isdigit()}


def question_overlap(p: SynthPersona, *, unit: str = "sentence") -> float:
    """The median share of a question's content words (answer words and stop words aside) that also
    occur in the log holding the answer — how much lexical matching alone gives away; 1.0 would be
    a copied sentence.

    ``unit="sentence"``: for factual and recency pairs, the sentence holding the answer.
    ``unit="section"``: for every pair with key facts, the whole ``#``/``###`` section holding it,
    its heading included (what a chunking retriever indexes)."""
    shares = []
    for q in p.questions:
        if not q["key_facts"]:
            continue
        if unit == "sentence" and q["category"] not in _RECALL_CATEGORIES:
            continue
        key = normalize(q["key_facts"][0])
        words = _content_words(q["question"]) - set(key.split())
        if not words:
            continue
        for day in q["relevant_days"]:
            pattern = _SENTENCE if unit == "sentence" else _SECTION
            hit = [
                s for s in pattern.split(p.day_texts[day - 1]) if f" {key} " in f" {normalize(s)} "
            ]
            if hit:
                shares.append(max(len(words & _content_words(s)) / len(words) for s in hit))
                break
    return statistics.median(shares) if shares else 0.0


_RECALL_CATEGORIES = ("factual-recall", "recency-bias-resistance")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")
_SECTION = re.compile(r"\n(?=###? )")


def _empty_weeks(questions: Iterable[dict[str, Any]], days: int) -> int:
    last = [max(q["relevant_days"]) for q in questions]
    checkpoints = [*range(35, days + 1, 7)]
    if days not in checkpoints:
        checkpoints.append(days)
    empty, prev = 0, 28
    for cp in checkpoints:
        if not any(prev < d <= cp for d in last):
            empty += 1
        prev = cp
    return empty


def format_stats(stats: Sequence[PersonaStats]) -> str:
    """A plain-text report, one block per persona."""
    out = []
    for s in stats:
        kb = {k: f"{v / 1024:.1f}" for k, v in s.sizes.items()}
        out += [
            f"{s.persona} ({s.days} days)",
            f"  day size KB: min {kb['min']}  p10 {kb['p10']}  median {kb['median']}  mean {kb['mean']}  "
            f"p90 {kb['p90']}  max {kb['max']}   total {s.total_bytes / 1_048_576:.1f} MB",
            f"  filler-only days: {s.filler_share:.1%}   quiet-period days: {s.quiet_days}   density: "
            + ", ".join(f"{k} {v}" for k, v in sorted(s.density.items())),
            "  sessions per day: "
            + ", ".join(f"{k}:{v}" for k, v in s.sessions_per_day.items())
            + "   days per session: "
            + ", ".join(f"{k} {v}" for k, v in s.session_days.items()),
            "  arcs: "
            + ", ".join(f"{k} {v}" for k, v in sorted(s.arcs.items()))
            + f"   most at once: {s.max_concurrent_arcs}",
            f"  pairs: {s.pairs} (target {s.target})   requires_synthesis {s.requires_synthesis}   "
            f"irrelevant_after {s.irrelevant_after}   derived key facts {s.derived_key_share:.1%}",
            "  categories: " + ", ".join(f"{k} {v}" for k, v in s.categories.items() if v),
            "  difficulty: " + ", ".join(f"{k} {v}" for k, v in s.difficulties.items()),
            f"  weekly checkpoints after day 28 with no new pair: {s.weeks_without_new}",
            f"  question words found in the answering log sentence (median, recall pairs): "
            f"{s.question_overlap:.0%}; in its section, heading included (median, every pair): "
            f"{s.section_overlap:.0%}",
            f"  most repeated sentence template: {s.top_template_share:.1%} of days: {s.top_template!r}",
            "",
        ]
    return "\n".join(out)
