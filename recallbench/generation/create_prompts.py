"""The two prompts of ``create-persona`` (reference §5.1, extended with principal, cast and sessions).

Pure: text in, text out. Arc counts and type quotas are the reference's for a 1,000-day story and
scale with the horizon, so a 90-day story is not asked for 22 arcs.
"""

from __future__ import annotations

import math

from ..data.persona import PRINCIPAL, Persona

__all__ = ["SYSTEM_PROMPT", "arc_quotas", "arcs_prompt", "persona_prompt"]

SYSTEM_PROMPT = (
    "You design personas and multi-year story outlines for a benchmark of AI agents' long-term "
    "memory. Reply with YAML only: no prose before or after it, no code fences."
)

_QUOTAS_1000 = {
    "project": 5,
    "incident": 2,
    "decision": 3,
    "learning": 2,
    "relationship": 2,
    "correction": 4,
}
_LENGTHS = {
    "project": (60, 200),
    "incident": (2, 10),
    "decision": (10, 40),
    "learning": (30, 120),
    "relationship": (60, 300),
    "correction": (20, 90),
}


def arc_quotas(days: int) -> tuple[int, int, dict[str, int]]:
    """(fewest arcs, most arcs, minimum per type) for a story of ``days`` days: 15–22 arcs and the
    reference's quotas at 1,000 days, scaled down (at least one of each type)."""
    scale = days / 1000
    quotas = {t: max(1, math.ceil(n * scale)) for t, n in _QUOTAS_1000.items()}
    low = max(math.ceil(15 * scale), sum(quotas.values()))
    high = max(math.ceil(22 * scale), low)
    return low, high, quotas


def persona_prompt(prompt: str, *, epoch: str) -> str:
    """Call 1: the persona — identity, principal, cast and sessions."""
    return f"""Create a persona for this description:

{prompt.strip()}

The persona is an AI agent that works for one human, its principal, and with the people and agents
around them. It talks to them in sessions: a 1:1 thread with the principal (id "principal"), and
other 1:1 threads and group rooms.

Return YAML with exactly these keys:
id: a kebab-case id
name: the agent's name
epoch: "{epoch}"
role: the agent's role
domain: the field it works in
company: the organisation
team_size: an integer
profile: 3-5 sentences on what the agent does and does not do
communication_style: 2-3 sentences on how it writes its log
projects: 3-5 items of {{id, name, description}}
principal: {{name, role, profile}} (profile: 2-3 sentences)
cast: 6-12 people or agents the agent works with, each {{name, role, kind: human|agent}}
sessions: 3-6 items, the first with id "principal"; each {{id (kebab-case), kind: 1to1|group,
  participants (names from principal and cast), label, description}}. If the description suggests
  confidential matters (pay, health, legal, personnel, deals), add one or two isolated sessions:
  isolated: true and sensitive_topics: a list of what must not leave that session.
sharedKnowledge: 3-6 facts every session may use"""


def arcs_prompt(prompt: str, persona: Persona, *, epoch: str, days: int) -> str:
    """Call 2: the story's arcs over days 1..``days``, tied to the persona's sessions."""
    low, high, quotas = arc_quotas(days)
    sessions = [s for s in persona.sessions if s.id != PRINCIPAL]
    principal = persona.principal.name if persona.principal is not None else "the principal"
    session_lines = [f"- {PRINCIPAL}: 1:1 with {principal}"]
    for s in sessions:
        kind = "1:1" if s.kind == "1to1" else "group"
        flag = " (isolated)" if s.isolated else ""
        session_lines.append(f"- {s.id}: {kind} with {', '.join(s.participants)}{flag}")
    cast = ", ".join(c.name for c in persona.cast) or "(none named)"
    quota_text = ", ".join(f"{t} {n}+" for t, n in quotas.items())
    length_text = ", ".join(
        f"{t} {min(a, days)}-{min(b, days)} days" for t, (a, b) in _LENGTHS.items()
    )
    gaps = (
        "\n- 1-2 quiet periods of 10-15 days with no arc at all (vacations, breaks); list them "
        "under quietPeriods."
        if days >= 120
        else ""
    )
    return f"""Design the story arcs for this persona over days 1-{days} (day 1 is {epoch}).

Persona: {persona.name}, {persona.role} ({persona.domain}). Principal: {principal}.
Description: {prompt.strip()}
Cast: {cast}
Sessions (use only these ids):
{chr(10).join(session_lines)}

Requirements:
- {low}-{high} arcs; at least: {quota_text}.
- At most 4 arcs running on any day.
- Typical lengths: {length_text}.{gaps}
- Every arc unfolds in one session (primarySession) and may echo into others
  (referencedSessions) that would hear about it; spread arcs over the sessions, keep isolated
  sessions' arcs inside them.
- At least {max(1, math.ceil(5 * days / 1000))} arcs have directives: mandatory events on given
  days inside the arc.
- Every correction arc has wrongDay, correctedDay (after wrongDay), wrongBelief (what the agent
  believes at first) and correctedBelief (what turns out to be true).

Return YAML:
quietPeriods: [{{startDay, endDay, kind}}]
arcs:
  - id: kebab-case
    type: project|incident|decision|learning|relationship|correction
    title: short title
    description: 2-3 sentences
    startDay: 1
    endDay: 60
    primarySession: a session id
    referencedSessions: [session ids]
    participants: [names]
    directives: [{{day, event}}]
    wrongDay, correctedDay, wrongBelief, correctedBelief: correction arcs only"""
