"""Small prose helpers shared by the engine: dates, sections, quotes and the generic connective words.

Pure string work. Everything here is domain-neutral English; domain wording lives in the domains.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

import attrs

from .rng import Rng

__all__ = ["Calendar", "Section", "bullets", "cap", "fill", "strip_article"]


@attrs.frozen
class Calendar:
    """Day numbers (1-based) ↔ dates for a story starting on ``epoch``."""

    epoch: str
    days: int

    def date(self, day: int) -> dt.date:
        return dt.date.fromisoformat(self.epoch) + dt.timedelta(days=day - 1)

    def long(self, day: int) -> str:
        """``March 5, 2026``: how the log and the questions write a date."""
        d = self.date(day)
        return f"{d:%B} {d.day}, {d.year}"

    def weekday(self, day: int) -> str:
        return f"{self.date(day):%A}"

    def month(self, day: int) -> str:
        d = self.date(day)
        return f"{d:%B} {d.year}"

    def is_weekend(self, day: int) -> bool:
        return self.date(day).weekday() >= 5


@attrs.define
class Section:
    """One ``### topic`` section of a session body."""

    session: str
    heading: str
    lines: list[str] = attrs.field(factory=list)

    def add(self, *paragraphs: str) -> Section:
        self.lines.extend(p for p in paragraphs if p)
        return self

    def render(self) -> str:
        return "\n\n".join([f"### {self.heading}", *self.lines])


def cap(text: str) -> str:
    """Upper-case the first letter only (``the webhook relay`` → ``The webhook relay``)."""
    return text[:1].upper() + text[1:]


def strip_article(text: str) -> str:
    for article in ("the ", "a ", "an "):
        if text.lower().startswith(article):
            return text[len(article) :]
    return text


def bullets(items: Iterable[str]) -> str:
    return "\n".join(f"- {i}" for i in items)


def quote(name: str, words: str) -> str:
    return f'> {name}: "{words}"'


def fill(template: str, **slots: object) -> str:
    """``str.format`` that leaves unknown slots alone (so a stray ``{x}`` never raises)."""

    class _Keep(dict[str, object]):
        def __missing__(self, key: str) -> str:
            return "{" + key + "}"

    return template.format_map(_Keep(slots))


def pick(rng: Rng, options: Sequence[str], **slots: object) -> str:
    return fill(rng.choice(options), **slots)


# Generic connectives that make routine sentences differ from day to day.
LEADS: tuple[str, ...] = (
    "First thing, ",
    "Before lunch, ",
    "Mid-morning, ",
    "Late in the day, ",
    "Between meetings, ",
    "Around noon, ",
    "After the morning sync, ",
    "Early on, ",
    "Toward the end of the afternoon, ",
    "While things were calm, ",
    "Right after standup, ",
    "Later, ",
    "On the side, ",
    "As a small aside, ",
)

COLON_LEADS: tuple[str, ...] = (
    "Around noon: ",
    "Late afternoon: ",
    "Quick note: ",
    "For the log: ",
    "Heads-up: ",
    "From the morning: ",
    "Small thing: ",
    "After lunch: ",
    "End of day: ",
    "In passing: ",
    "Also today: ",
    "Side note: ",
    "Worth noting: ",
    "Early afternoon: ",
    "Before the wrap-up: ",
    "Mid-morning check: ",
    "One more: ",
    "Noted in passing: ",
    "Just before five: ",
    "First hour: ",
)
"""Connectives that keep the sentence's own capitalisation (it may open with a name)."""

TAILS: tuple[str, ...] = (
    "nothing else came of it",
    "that closes it for now",
    "no follow-up needed",
    "I'll revisit it if it comes back",
    "it took about {n} minutes",
    "noted in the running log",
    "it can wait until next week",
    "no decision was needed",
    "routine, but worth writing down",
    "nobody else needed to weigh in",
    "nothing for {principal} to act on",
    "filed and done",
    "no surprises there",
    "that was the whole of it",
    "I left a short note in the tracker",
    "all of it within the usual bounds",
)
"""Clauses appended to a routine paragraph's last sentence (``…; no follow-up needed.``)."""

OUTSTANDING: tuple[str, ...] = (
    "Outstanding: {item}.",
    "Open loops: {item}.",
    "Still open: {item}.",
    "Carry forward: {item}.",
    "Next step: {item}.",
    "To pick up tomorrow: {item}.",
    "Pending: {item}.",
    "Open loop - {item}.",
)


def lead(rng: Rng, sentence: str, used: set[str] | None = None) -> str:
    """Sometimes open a sentence with a connective: ``Before lunch, i…`` where the first word can be
    lower-cased, ``Around noon: Maya…`` where it cannot. ``used`` keeps one paragraph from repeating
    a connective."""
    first, _, rest = sentence.partition(" ")
    if not rest or rng.chance(0.15):
        return sentence
    lowerable = first in _COMMON_STARTS or first in ("I", "I'd", "I'll", "I've", "I'm")
    pool = LEADS if lowerable and rng.chance(0.6) else COLON_LEADS
    prefix = rng.choice(pool)
    if used is not None and prefix in used:
        prefix = rng.choice(pool)
        if prefix in used:
            return sentence
    if used is not None:
        used.add(prefix)
    if first in _COMMON_STARTS:
        return f"{prefix}{first.lower()} {rest}"
    return f"{prefix}{sentence}"


_COMMON_STARTS = frozenset(
    [
        "The",
        "A",
        "An",
        "We",
        "Our",
        "My",
        "This",
        "That",
        "These",
        "Those",
        "Nothing",
        "No",
        "Most",
        "Some",
        "Every",
        "Two",
        "Three",
        "One",
        "It",
        "There",
        "Another",
        "Both",
        "All",
        "Each",
        "Several",
        "Half",
        "He",
        "She",
        "They",
        "Her",
        "His",
        "Their",
        "Its",
    ]
)


def with_tail(rng: Rng, paragraph: str, chance: float, **slots: object) -> str:
    """Sometimes end a paragraph's last sentence with a routine clause (``…; filed and done.``)."""
    if not paragraph.endswith(".") or not rng.chance(chance):
        return paragraph
    return f"{paragraph[:-1]}; {fill(rng.choice(TAILS), **slots)}."
