"""Writing the days: every active session's sections in canonical order, in the reference's day format.

Arc beats, meetings, errands and leave notices carry the facts; filler sections are the hay. Each day
draws from its own random stream, so the text of one day never depends on how another was written.
"""

from __future__ import annotations

from collections.abc import Iterator

from .arcs import World
from .domain import FillerTopic
from .prose import errand_section, preview_section, routine_section
from .rng import Rng
from .schedule import ErrandUse, MeetingUse, QuietPeriod, Schedule, team_of
from .text import Section, bullets, cap, fill, lead, pick, quote, strip_article, with_tail

__all__ = ["FILLER_SECTIONS", "render_day"]

FILLER_SECTIONS = {"quiet": (1, 3), "normal": (6, 8), "busy": (9, 11), "dense": (13, 16)}
"""Filler sections in the principal session by density: (fewest, most)."""
FILLER_SECTIONS_V2 = {"quiet": (1, 3), "normal": (6, 8), "busy": (9, 11), "dense": (12, 14)}
"""Version 2's routine sections wanted by density; a topic with too few lines not written in three
weeks is passed over (:func:`~.prose.routine_section`), so days carry fewer than they want."""

_QUIET_HEADINGS = (
    "Quiet day",
    "Out-of-office watch",
    "Holding pattern",
    "Light day",
    "Minimal log",
)
COOLDOWN = 7
"""Days before a routine line may be written again."""

_STATUSES = (
    "done",
    "checked",
    "no change",
    "looked fine",
    "waiting on a reply",
    "moved to next week",
    "in progress",
    "parked",
    "needs a second look",
    "closed",
    "on track",
    "deferred",
    "signed off",
    "filed",
    "sent back with comments",
    "confirmed by email",
    "nothing to do",
    "handed over",
    "double-checked",
    "flagged for later",
)
_CAL_HEADINGS = ("Calendar", "Calendar note", "Time blocks", "Schedule")


def render_day(
    sched: Schedule, day: int, root: Rng, recent: dict[str, int]
) -> tuple[str, dict[str, list[Section]], bool]:
    """The day's markdown, its sections by session, and whether it carried no story content.

    ``recent`` maps routine lines to the last day they were written; days must be rendered in order
    with one shared mapping, which keeps a routine line from coming back within a week.
    """
    w = sched.world
    rng = root.fork("day", day)
    sections: dict[str, list[Section]] = {s: [] for s in sched.active[day]}
    story = False
    quiet = sched.quiet_period(day)
    for arc in sched.arcs:
        kind = arc.beats.get(day)
        if kind is not None:
            sections.setdefault(arc.session, []).append(
                arc.render(day, kind, w, rng.fork("arc", arc.id))
            )
            story = True
        elif (
            quiet is None
            and arc.start < day < arc.end
            and arc.session in sections
            and not w.cal.is_weekend(day)
            and rng.fork("touch", arc.id).chance(0.55 if w.v2 else 0.3)
        ):
            touch = arc.touch(day, w, rng.fork("touch-text", arc.id))
            if touch is not None:
                sections[arc.session].append(touch)
                story = True
    for m in sched.meetings.get(day, []):
        sections.setdefault(m.meeting.session, []).append(
            _meeting(w, m, rng.fork("meeting", m.meeting.title))
        )
        if w.domain.session(m.meeting.session).isolated:
            sections["principal"].append(_calendar_hold(w, m, rng.fork("hold", m.meeting.title)))
        story = True
    for m in sched.previews.get(day, []):
        sections.setdefault(m.meeting.session, []).append(
            preview_section(w, m, rng.fork("preview", m.meeting.title))
        )
        story = True
    for e in sched.errands.get(day, []):
        erng = rng.fork("errand", e.errand.topic)
        if w.v2:
            section = errand_section(w, e, erng.choice(_people(w, e.session)), erng)
        else:
            section = _errand(w, e, erng)
        sections.setdefault(e.session, []).append(section)
        story = True
    for q in sched.quiet:
        if day == q.announce:
            sections["principal"].append(_leave_notice(w, q, rng.fork("leave")))
            story = True
    if quiet is not None:
        sections["principal"].append(_quiet(w, quiet, rng.fork("quiet")))
    else:
        _add_filler(sched, day, sections, rng.fork("filler"), recent)
    body = []
    for s in w.domain.sessions:
        secs = sections.get(s.id)
        if secs:
            body.append(f"# session: {s.id}\n\n" + "\n\n".join(x.render() for x in secs))
    text = "---\ntype: daily\n---\n\n" + "\n\n".join(body).rstrip("\n") + "\n"
    return text, sections, not story


def _add_filler(
    sched: Schedule, day: int, sections: dict[str, list[Section]], rng: Rng, recent: dict[str, int]
) -> None:
    w = sched.world
    fillers = list(w.domain.fillers)
    rng.shuffle(fillers)
    # version 2 writes a routine topic at most once a day
    it = iter(fillers if w.v2 else fillers * 2)
    lo, hi = (FILLER_SECTIONS_V2 if w.v2 else FILLER_SECTIONS)[sched.density[day]]
    for sid, secs in sections.items():
        if sid == "principal":
            n = rng.randint(lo, hi)
            people = sched.team
        elif w.domain.session(sid).isolated:
            continue  # confidential rooms carry their own business only
        else:
            n = rng.randint(1, 2) if secs else rng.randint(1, 3)
            people = _people(w, sid)
        if w.v2:
            _add_routine(w, sid, secs, n, it, people, rng, day, recent)
            continue
        for _ in range(n):
            pos = rng.below(len(secs) + 1)
            secs.insert(pos, _filler(w, sid, next(it), people, rng, day, recent))


def _add_routine(
    w: World,
    sid: str,
    secs: list[Section],
    n: int,
    topics: Iterator[FillerTopic],
    people: list[str],
    rng: Rng,
    day: int,
    recent: dict[str, int],
) -> None:
    """``n`` version-2 routine sections, skipping topics with too few fresh lines."""
    added = 0
    for topic in topics:
        if added == n:
            break
        section = routine_section(w, sid, topic, people, rng, day, recent)
        if section is not None:
            secs.insert(rng.below(len(secs) + 1), section)
            added += 1
    if not secs and sid == "principal":
        # every routine line is still cooling down: the day still gets one routine section
        topic = min(
            w.domain.fillers, key=lambda t: (max(recent.get(x, -999) for x in t.lines), t.title)
        )
        section = routine_section(w, sid, topic, people, rng, day, recent, force=True)
        if section is not None:
            secs.append(section)


def cap_fill(template: str, **slots: object) -> str:
    """A template filled, its first letter upper-cased (a slot may open the sentence)."""
    return cap(fill(template, **slots))


def _people(w: World, session: str) -> list[str]:
    """Who a routine line in ``session`` may name: that group's members, else the team."""
    s = w.domain.session(session)
    members = (
        [p for p in s.participants if p != w.domain.principal.name] if s.kind == "group" else []
    )
    return members or team_of(w.domain)


def _filler(
    w: World,
    session: str,
    topic: FillerTopic,
    people: list[str],
    rng: Rng,
    day: int,
    recent: dict[str, int],
) -> Section:
    want = rng.randint(3, 5)
    fresh = [x for x in topic.lines if day - recent.get(x, -99) > COOLDOWN]
    lines = rng.sample(fresh if len(fresh) >= want else topic.lines, want)
    for x in lines:
        recent[x] = day
    used: set[str] = set()
    sentences = [
        lead(
            rng,
            cap_fill(
                line,
                person=rng.choice(people),
                n=rng.randint(2, 9),
                thing=rng.choice(topic.things) if topic.things else "",
                principal=w.principal,
            ),
            used,
        )
        for line in lines
    ]
    s = Section(session, topic.title)
    s.add(with_tail(rng, " ".join(sentences), 0.3, n=rng.randint(5, 40), principal=w.principal))
    if topic.things and rng.chance(0.2):
        items = rng.sample(topic.things, min(len(topic.things), rng.randint(2, 3)))
        s.add(bullets(f"{item} - {rng.choice(_STATUSES)}" for item in items))
    if rng.chance(0.35):
        subject = strip_article(topic.title).lower()
        item = rng.choice(
            (
                f"check back with {rng.choice(people)} about {subject}",
                f"close out {subject}",
                f"a short note to {w.principal} on {subject}",
                f"revisit {subject} on {rng.choice(('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'))}",
                f"the rest of {subject} for {rng.choice(people)}",
            )
        )
        s.add(
            pick(
                rng,
                ("Outstanding: {i}.", "Open loops: {i}.", "Still open: {i}.", "Pending: {i}."),
                i=item,
            )
        )
    return s


def _meeting(w: World, m: MeetingUse, rng: Rng) -> Section:
    meeting = m.meeting
    label = w.label(meeting.session)
    s = Section(meeting.session, meeting.title)
    s.add(
        pick(
            rng,
            (
                "{n} of us met in {label} to work through {t}.",
                "Discussion in {label} today: {t}.",
                "{Label} took up {t}.",
                "We spent most of the time in {label} on {t}.",
            ),
            n=len(m.speakers) + rng.randint(0, 2),
            label=label,
            Label=cap(label),
            t=meeting.title.lower(),
        ),
        "\n".join(
            quote(who, st.quote) for who, st in zip(m.speakers, meeting.stances, strict=True)
        ),
        pick(
            rng,
            ("Outcome: {o}.", "Where we landed: {o}.", "Agreed: {o}.", "Result: {o}."),
            o=meeting.outcome.log,
        ),
    )
    return s


def _calendar_hold(w: World, m: MeetingUse, rng: Rng) -> Section:
    label = w.label(m.meeting.session)
    s = Section("principal", rng.choice(_CAL_HEADINGS))
    s.add(
        pick(
            rng,
            (
                "Blocked {n} minutes for {label} today; what was discussed stays in that thread.",
                "{p} spent part of the day with {label}. The substance lives there, not here.",
                "Held time on {p}'s calendar for {label}; I keep its details out of this log.",
            ),
            n=rng.choice((30, 45, 60, 90)),
            label=label,
            p=w.principal,
        )
    )
    return s


def _errand(w: World, e: ErrandUse, rng: Rng) -> Section:
    heading = e.errand.topic if rng.chance(0.5) else f"{e.errand.topic} - {e.thing}"
    s = Section(e.session, heading)
    s.add(
        lead(
            rng,
            cap_fill(
                e.errand.log,
                thing=e.thing,
                value=e.value,
                person=rng.choice(_people(w, e.session)),
                principal=w.principal,
            ),
        )
    )
    return s


def _leave_notice(w: World, q: QuietPeriod, rng: Rng) -> Section:
    s = Section(
        "principal", rng.choice((f"{cap(q.leave.kind)} coverage", "Out-of-office plan", "Handover"))
    )
    s.add(
        fill(
            q.leave.log,
            principal=w.principal,
            place=q.place,
            date=w.cal.long(q.back),
            person=q.cover,
        ),
        pick(
            rng,
            (
                "I set the auto-reply and moved the recurring holds.",
                "Auto-replies are on; recurring holds are paused.",
            ),
        ),
    )
    return s


def _quiet(w: World, q: QuietPeriod, rng: Rng) -> Section:
    s = Section("principal", rng.choice(_QUIET_HEADINGS))
    lines = rng.sample(q.leave.quiet_lines, rng.randint(1, 2))
    s.add(
        " ".join(
            fill(x, n=rng.randint(2, 9), principal=w.principal, person=q.cover, place=q.place)
            for x in lines
        )
    )
    return s
