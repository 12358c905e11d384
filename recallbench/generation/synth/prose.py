"""Engine version 2's prose devices: a thing named once per section and referred back to, errand
changes logged days later, and routine lines written as they are, with no opening connective.

Version 1 opened most routine sentences with a connective ("Before lunch,", "Side note:") so that
no sentence shape came back too often; version 2 writes fewer routine lines and lets the story's
own entities and values vary them. Pure string work.
"""

from __future__ import annotations

import re

from .arcbase import World
from .domain import FillerTopic
from .recurring import ErrandUse
from .rng import Rng
from .schedule import MeetingUse
from .text import Section, cap, fill, pick, strip_article

__all__ = [
    "ROUTINE_COOLDOWN",
    "errand_section",
    "preview_section",
    "refer_back",
    "routine_section",
    "vary_subject",
    "when_logged",
]

ROUTINE_COOLDOWN = 21
"""Days before version 2 writes a routine line again: no line is on more than one day in 21."""

_BEFORE_THING = re.compile(r"\b(for|on|with|to|about|from|against)\s+\{thing\}(?=[ .,;:])")


def refer_back(template: str, thing: str) -> str:
    """``template`` with ``{thing}`` after a preposition turned into a pronoun (the section's heading
    names the thing); a ``{thing}`` anywhere else stays."""
    last = thing.rstrip(" .").split()[-1] if thing.strip() else ""
    plural = last.endswith("s") and not last.endswith(("ss", "us", "is", "'s"))
    pronoun = "them" if plural else "it"
    return _BEFORE_THING.sub(lambda m: f"{m.group(1)} {pronoun}", template)


def when_logged(w: World, first: int, day: int) -> str:
    """How a note on ``day`` points back at ``first`` ("yesterday", "on Tuesday", "last week")."""
    gap = day - first
    if gap == 1:
        return "yesterday"
    if gap < 7:
        return f"on {w.cal.weekday(first)}"
    return "last week"


def errand_section(w: World, e: ErrandUse, person: str, rng: Rng) -> Section:
    """An errand, or the change of an earlier errand's value, as version 2 writes it."""
    topic, thing = e.errand.topic, e.thing
    named = rng.chance(0.55)
    heading = f"{topic} - {thing}" if named else topic
    s = Section(e.session, heading)
    slots = {"value": e.value, "person": person, "principal": w.principal}
    if e.note:
        s.heading = topic
        s.add(
            cap_pick(
                rng,
                (
                    "{thing} came up again; nothing about it has changed since {when}.",
                    "{person} asked after {thing}, and I pointed to my note from {when}.",
                    "Checked {thing} once more - still as logged {when}.",
                    "{thing} went ahead as arranged.",
                    "A reminder about {thing} reached {principal}; it needed no action.",
                    "{person} confirmed {thing} is in hand.",
                ),
                thing=thing,
                person=person,
                principal=w.principal,
                when=when_logged(w, e.first or e.day, e.day),
            )
        )
        return s
    if e.previous is None or e.first is None:
        template = refer_back(e.errand.log, thing) if named else e.errand.log
        s.add(cap(fill(template, thing=thing, **slots)))
        return s
    ref = "it" if named else thing
    s.add(
        cap_pick(
            rng,
            (
                "What I logged {when} for {ref} has changed: it is {value} now, not {previous}.",
                "Change to {ref} since {when}: {previous} is out and {value} replaces it.",
                "{previous} no longer holds for {ref}; {person} confirmed {value} instead.",
                "Correcting my note from {when}: for {ref} it is {value}, not {previous}.",
                "{person} came back on {ref}. The right entry is {value}; {previous}, from {when}, is "
                "superseded.",
            ),
            when=when_logged(w, e.first, e.day),
            ref=ref,
            value=e.value,
            previous=e.previous,
            person=person,
        )
    )
    return s


def cap_pick(rng: Rng, options: tuple[str, ...], **slots: object) -> str:
    return cap(pick(rng, options, **slots))


def preview_section(w: World, m: MeetingUse, rng: Rng) -> Section:
    """A first round of a meeting's discussion, days before it settles: the positions without who
    held them. A question about who said what needs the meeting's own day, not this one."""
    meeting = m.meeting
    s = Section(
        meeting.session,
        f"{meeting.title} - {rng.choice(('first round', 'early views', 'not settled yet'))}",
    )
    views = [st.ask for st in meeting.stances]
    joined = "; ".join(
        f"{('one person', 'another', 'a third', 'a fourth', 'a fifth')[i]} {v}"
        for i, v in enumerate(views)
    )
    s.add(
        cap_pick(
            rng,
            (
                "{label} had a first go at {t} with nothing settled. Views in the room: {views}.",
                "No decision yet on {t} in {label}. I noted the positions, not who held them: {views}.",
                "A first, informal round on {t}: {views}. It goes back to {label} soon.",
            ),
            label=w.label(meeting.session),
            t=meeting.title.lower(),
            views=joined,
        )
    )
    return s


_IRREGULAR = frozenset(
    [
        "sent",
        "put",
        "made",
        "set",
        "kept",
        "left",
        "met",
        "found",
        "got",
        "took",
        "gave",
        "wrote",
        "ran",
        "read",
        "paid",
        "built",
        "held",
        "cut",
        "told",
        "spent",
        "brought",
        "caught",
        "chose",
        "drew",
        "fed",
        "heard",
        "hung",
        "laid",
        "led",
        "lent",
        "lost",
        "meant",
        "rang",
        "rode",
        "saw",
        "shut",
        "sat",
        "sold",
        "sought",
        "spoke",
        "stood",
        "struck",
        "swept",
        "taught",
        "thought",
        "threw",
        "understood",
        "won",
    ]
)


def _is_past(word: str) -> bool:
    w = word.lower()
    return (w.endswith("ed") and len(w) > 4) or w in _IRREGULAR


def vary_subject(sentence: str, rng: Rng) -> str:
    """A diary line written either way: ``I filed the receipts.`` or ``Filed the receipts.``"""
    first, _, rest = sentence.partition(" ")
    if not rest or not rng.chance(0.5):
        return sentence
    if first == "I" and _is_past(rest.split()[0]):
        return cap(rest)
    if first[:1].isupper() and first[1:].islower() and _is_past(first):
        return f"I {first.lower()} {rest}"
    return sentence


def routine_section(
    w: World,
    session: str,
    topic: FillerTopic,
    people: list[str],
    rng: Rng,
    day: int,
    recent: dict[str, int],
    force: bool = False,
) -> Section | None:
    """Routine work (the hay) as version 2 writes it: two to four lines none of which was written in
    the last :data:`ROUTINE_COOLDOWN` days, or ``None`` when the topic has too few fresh ones.
    ``force`` writes the two lines written longest ago instead (a day is never empty)."""
    fresh = [x for x in topic.lines if day - recent.get(x, -999) > ROUTINE_COOLDOWN]
    if len(fresh) < 2 and force:
        fresh = sorted(topic.lines, key=lambda x: (recent.get(x, -999), x))[:2]
    if len(fresh) < 2:
        return None
    lines = rng.sample(fresh, min(len(fresh), rng.randint(2, 4)))
    for x in lines:
        recent[x] = day
    sentences = [
        vary_subject(
            cap(
                fill(
                    line,
                    person=rng.choice(people),
                    n=rng.randint(2, 9),
                    thing=rng.choice(topic.things) if topic.things else "",
                    principal=w.principal,
                )
            ),
            rng,
        )
        for line in lines
    ]
    s = Section(session, topic.title)
    s.add(" ".join(sentences))
    if rng.chance(0.3):
        subject = strip_article(topic.title).lower()
        s.add(
            pick(
                rng,
                (
                    "Still open: {subject} for {who}.",
                    "Open loops: check back with {who} about {subject}.",
                    "Pending: the rest of {subject}, {day}.",
                    "Outstanding: close out {subject}.",
                ),
                subject=subject,
                who=rng.choice(people),
                day=rng.choice(("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")),
            )
        )
    return s
