"""The prompts of Pass 1: one system prompt per focus session and one user message per session-day,
and the cleaning and assembly of what the model writes back (reference §5.2 steps 5–7, §1.4).

Pure: no I/O, no model calls.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..data.persona import PRINCIPAL, PersonaDefinition, SessionDef
from .history import RecentEntry
from .planning import ActiveArc, CorrectionState, DayPlan, weekday

__all__ = ["assemble_day", "clean_body", "session_system_prompt", "session_user_message"]

ECHO_DESCRIPTION_LINES = 3
"""Lines of an echoing arc's description shown to the sessions it touches."""

DENSITY_GUIDE = {
    "quiet": "a light day — one or two short sections",
    "normal": "an ordinary day — two to four sections",
    "busy": "a busy day — four to six sections",
    "dense": "a dense day — six or more sections, several threads moving at once",
}


def _session_line(s: SessionDef, principal: str | None) -> str:
    kind = "1:1" if s.kind == "1to1" else "group"
    who = ", ".join(s.participants) or (principal or "")
    flags = " [isolated]" if s.isolated else ""
    label = s.extra.get("label") or s.extra.get("description") or ""
    about = f" — {label}" if isinstance(label, str) and label else ""
    return f"- {s.id} ({kind} with {who}){flags}{about}"


def session_system_prompt(definition: PersonaDefinition, session_id: str) -> str:
    """Who the agent is, whom it works with, its sessions, and how to write one session's entry.

    The sessions catalogue leaves out day ranges on purpose (the reference does too): the model
    should not reason about the story's schedule.
    """
    p = definition.persona
    principal = p.principal
    sessions = definition.sessions()
    focus = next((s for s in sessions if s.id == session_id), None)
    lines = [
        f'You are "{p.name}", an AI agent — {p.role or "an assistant"}. You keep your own working '
        "memory log: for each day and each conversation session you record who talked to you, what "
        "they asked, what you did, decided and produced, and what is still open.",
        "",
        "# Identity",
        f"- Name: {p.name}",
        f"- Role: {p.role}",
        f"- Domain: {p.domain}",
    ]
    if p.organisation:
        lines.append(f"- Organisation: {p.organisation}")
    if p.team_size is not None:
        lines.append(f"- Team supported: {p.team_size} people")
    if p.profile.strip():
        lines += ["", "# Profile", p.profile.strip()]
    if p.communication_style.strip():
        lines += ["", "# Communication style", p.communication_style.strip()]
    if principal is not None:
        lines += ["", "# Principal — the human you serve", f"- {principal.name} — {principal.role}"]
        if principal.profile:
            lines.append(principal.profile.strip())
    if p.cast:
        lines += ["", "# People and agents you work with"]
        lines += [f"- {c.name} — {c.role} ({c.effective_kind})" for c in p.cast]
    if p.projects:
        lines += ["", "# Projects"]
        lines += [f"- {pr.name or pr.id}: {pr.description}" for pr in p.projects]
    if sessions:
        lines += ["", "# Your sessions"]
        lines += [_session_line(s, principal.name if principal else None) for s in sessions]
    if p.shared_knowledge:
        lines += ["", "# Shared knowledge (usable in every session)"]
        lines += [f"- {k}" for k in p.shared_knowledge]
    lines += ["", f"# Focus session: {session_id}"]
    if focus is None:
        who = principal.name if principal is not None and session_id == PRINCIPAL else "—"
        lines.append(
            f"- Kind: {'1:1' if session_id == PRINCIPAL else 'group'}; participants: {who}"
        )
    else:
        lines.append(
            f"- Kind: {'1:1' if focus.kind == '1to1' else 'group'}; participants: "
            f"{', '.join(focus.participants) or '—'}"
        )
        if focus.sensitive_topics:
            lines.append(f"- Sensitive topics: {'; '.join(focus.sensitive_topics)}")
        if focus.isolated:
            lines += [
                "- ISOLATED: what is said here stays here. Never mention other sessions' "
                "business in this entry, and write this session's confidential details plainly "
                "— they are recorded only here.",
            ]
    lines += [
        "",
        "# Writing rules",
        "- Write only this session's entry for the given day: first person, past tense, as the "
        "agent.",
        "- Use real calendar dates and weekdays; never write 'day 12', 'arc', 'phase' or other "
        "words of these instructions.",
        "- Be specific: names, documents, figures, times, decisions; quote people when their "
        'words matter (> Name: "…").',
        "- Stay consistent with your recent entries and the story so far; do not repeat them.",
        "- Structure: sections that start with '### <topic>'. A section about one of the story "
        "threads starts its heading with the thread's title ('### <title> — <topic>'); routine "
        "work goes under plain headings. End open work with an 'Outstanding:' line.",
        "- Output the entry only: no front matter, no '#' (H1) headings, no preamble, no "
        "closing remarks, no code fences.",
    ]
    return "\n".join(lines)


def _arc_block(a: ActiveArc) -> list[str]:
    arc = a.arc
    return [
        f"### {arc.title or arc.id} (arc {arc.id}, {arc.type})",
        f"Phase: {a.phase} — day {a.day_in_arc} of {a.arc_length}",
        arc.description.strip(),
    ]


def _echo_block(a: ActiveArc) -> list[str]:
    arc = a.arc
    desc = arc.description.strip().splitlines()[:ECHO_DESCRIPTION_LINES]
    return [
        f"### {arc.title or arc.id} (arc {arc.id}, unfolds in session {arc.primary_session})",
        f"Phase: {a.phase} — day {a.day_in_arc} of {a.arc_length}",
        *desc,
        "Record only what this session would hear or do about it.",
    ]


def _belief_line(c: CorrectionState) -> str:
    if c.phase == "wrong_belief":
        return (
            f'- [{c.arc_id}] You believe: "{c.wrong_belief}". Write as if it is true; nothing '
            "today suggests otherwise."
        )
    if c.phase == "correction_day":
        return (
            f'- [{c.arc_id}] Today you learn you were wrong: "{c.wrong_belief}" is not so — '
            f'"{c.corrected_belief}". Record the correction explicitly: what you believed, what '
            "is true, who told you."
        )
    return (
        f'- [{c.arc_id}] You now know: "{c.corrected_belief}" (you once believed '
        f'"{c.wrong_belief}"). Act on the corrected belief.'
    )


def session_user_message(
    plan: DayPlan,
    session_id: str,
    *,
    epoch: str,
    summaries: dict[str, Sequence[str]],
    recent: Sequence[RecentEntry],
) -> str:
    """The day's assignment for one session: date, density, its arcs with phase, echoes, directives,
    belief states, the arcs' story so far and the session's own recent entries."""
    lines = [
        f"Write the log of session `{session_id}` for {plan.weekday}, {plan.date}.",
        "",
        f"Density: {plan.density} — {DENSITY_GUIDE[plan.density]}.",
    ]
    primary, echoes = plan.primary_arcs(session_id), plan.echo_arcs(session_id)
    if primary:
        lines += ["", "## Story threads unfolding in this session today"]
        for a in primary:
            lines += ["", *_arc_block(a)]
    if echoes:
        lines += ["", "## Threads from other sessions that touch this one today"]
        for a in echoes:
            lines += ["", *_echo_block(a)]
    if not primary and not echoes:
        what = "a routine day between story threads" if plan.filler else "a routine day"
        lines += [
            "",
            f"## {what[0].upper()}{what[1:]}",
            "No story thread moves in this session today: record routine work only — mail, "
            "calendar, small requests, follow-ups — briefly and consistently with your recent "
            "entries. Invent no major events.",
        ]
    directives = plan.directives_for(session_id)
    if directives:
        lines += ["", "## Must happen today"]
        lines += [f"- [{d.arc_id}] {d.event}" for d in directives]
    corrections = plan.corrections_for(session_id)
    if corrections:
        lines += ["", "## Beliefs"]
        lines += [_belief_line(c) for c in corrections]
    threads = (*primary, *echoes)
    if threads:
        lines += ["", "## The story so far"]
        for a in threads:
            so_far = summaries.get(a.id, ())
            lines += ["", f"### {a.arc.title or a.id}"]
            lines += list(so_far) if so_far else ["Nothing recorded yet: it begins here."]
    lines += ["", "## Your recent entries in this session"]
    if recent:
        for e in recent:
            lines += ["", f"[{weekday(epoch, e.day)}, {e.date}]", e.body]
    else:
        lines += ["", "None yet: this is the session's first entry."]
    return "\n".join(lines)


_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n---[ \t]*(?:\n|\Z)", re.DOTALL)
_FENCE = re.compile(r"\A```[A-Za-z0-9_-]*[ \t]*\n(.*?)\n?```\s*\Z", re.DOTALL)
_SESSION_LINE = re.compile(r"\A#[ \t]*session:[^\n]*(?:\n|\Z)", re.IGNORECASE)
_H1 = re.compile(r"^#[ \t]+", re.MULTILINE)


def clean_body(text: str) -> str:
    """A model's entry made safe to file under its session heading: code fences, a leading front
    matter block and a leading ``# session:`` line dropped; any other H1 demoted to ``###`` (an H1
    would start a new session when the day is read back). Empty when nothing is left."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    body = _FRONT_MATTER.sub("", body, count=1).strip()
    body = _SESSION_LINE.sub("", body, count=1).strip()
    return _H1.sub("### ", body).strip()


def assemble_day(bodies: Sequence[tuple[str, str]]) -> str:
    """A day log (reference §1.4): ``type: daily`` front matter, then ``# session: <id>`` and its
    body for each session in order, ending with exactly one newline."""
    parts = ["---\ntype: daily\n---\n"]
    parts += [f"# session: {sid}\n\n{body.strip()}\n" for sid, body in bodies]
    return "\n".join(parts).rstrip("\n") + "\n"
