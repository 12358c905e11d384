"""Turn what a model wrote for ``create-persona`` into a persona and arcs that load and generate.

Pure: plain data in, plain data (on-disk spellings, in the reference's key order) and notes out.
Missing fields take the reference's defaults (§5.1); everything the model got wrong is repaired
and noted rather than refused — a night of generation should not die on a stray ``kind: dm``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..data.persona import ARC_TYPES, PRINCIPAL

__all__ = ["normalise_arcs", "normalise_persona", "slug"]

PERSONA_DEFAULTS: Mapping[str, Any] = {
    "id": "generated-persona",
    "name": "Unknown",
    "role": "Professional",
    "domain": "General",
    "company": "Acme Corp",
    "team_size": 5,
}
DEFAULT_ARC_END = 100
_ONE_TO_ONE = {"1to1", "1:1", "1-1", "1on1", "1-on-1", "one-to-one", "dm", "direct"}
_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """``"Q3 Outage!"`` → ``q3-outage``."""
    return _SLUG.sub("-", text.casefold()).strip("-")


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return ""


# ASCII digits only: str.isdigit() also accepts "¹" and "²", which int() rejects.
_INTEGER = re.compile(r"-?[0-9]+")


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
        return int(value.strip())
    return None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _texts(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value] if isinstance(value, str) else []
    return [t for t in (_text(v) for v in items) if t]


def _unique(base: str, taken: set[str]) -> str:
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate)
    return candidate


def normalise_persona(
    raw: Mapping[str, Any], *, epoch: str, persona_id: str | None = None
) -> tuple[dict[str, Any], list[str]]:
    """``persona.yaml`` data from a model's reply, and notes on what was filled in or repaired."""
    notes: list[str] = []

    def field(key: str) -> Any:
        value = _text(raw.get(key))
        if not value:
            value = PERSONA_DEFAULTS[key]
            notes.append(f"persona: no {key}; using {value!r}")
        return value

    pid = persona_id or slug(_text(raw.get("id"))) or field("id")
    out: dict[str, Any] = {"id": pid, "name": field("name"), "epoch": epoch}
    out["role"], out["domain"] = field("role"), field("domain")
    institution = _text(raw.get("institution"))
    if institution and not _text(raw.get("company")):
        out["institution"] = institution
    else:
        out["company"] = field("company")
    team = _int(raw.get("team_size"))
    out["team_size"] = team if team is not None and team > 0 else PERSONA_DEFAULTS["team_size"]
    out["profile"] = _text(raw.get("profile"))
    out["communication_style"] = _text(raw.get("communication_style"))
    projects = _projects(raw.get("projects"))
    if projects:
        out["projects"] = projects
    principal = raw.get("principal")
    principal = principal if isinstance(principal, Mapping) else {}
    p_name = _text(principal.get("name")) or _text(raw.get("principal"))
    if not p_name:
        p_name = "Unknown"
        notes.append("persona: no principal; using 'Unknown'")
    out["principal"] = {"name": p_name, "role": _text(principal.get("role")) or "Principal"}
    if _text(principal.get("profile")):
        out["principal"]["profile"] = _text(principal.get("profile"))
    out["cast"] = _cast(raw.get("cast"), p_name)
    if not out["cast"]:
        del out["cast"]
        notes.append("persona: no cast")
    out["sessions"] = _sessions(raw.get("sessions"), p_name, notes)
    knowledge = _texts(raw.get("sharedKnowledge", raw.get("shared_knowledge")))
    if knowledge:
        out["sharedKnowledge"] = knowledge
    return out, notes


def _projects(value: Any) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    taken: set[str] = set()
    for i, item in enumerate(_list(value)):
        if not isinstance(item, Mapping):
            continue
        name = _text(item.get("name"))
        base = slug(_text(item.get("id"))) or slug(name) or f"project-{i + 1}"
        out.append(
            {
                "id": _unique(base, taken),
                "name": name or base,
                "description": _text(item.get("description")),
            }
        )
    return out


def _cast(value: Any, principal: str) -> list[dict[str, str]]:
    out, seen = [], {principal.casefold()}
    for item in _list(value):
        name = _text(item.get("name")) if isinstance(item, Mapping) else _text(item)
        if not name or name.casefold() in seen:
            continue
        seen.add(name.casefold())
        member = {
            "name": name,
            "role": _text(item.get("role")) if isinstance(item, Mapping) else "",
        }
        kind = _text(item.get("kind")).casefold() if isinstance(item, Mapping) else ""
        if kind in ("human", "agent"):
            member["kind"] = kind
        out.append(member)
    return out


def _sessions(value: Any, principal: str, notes: list[str]) -> list[dict[str, Any]]:
    taken = {PRINCIPAL}
    head: dict[str, Any] = {"id": PRINCIPAL, "kind": "1to1", "participants": [principal]}
    rest = []
    for i, item in enumerate(_list(value)):
        if not isinstance(item, Mapping):
            continue
        sid = slug(_text(item.get("id"))) or slug(_text(item.get("label"))) or f"session-{i + 1}"
        participants = _texts(item.get("participants"))
        kind = _text(item.get("kind")).casefold().replace(" ", "")
        kind = "1to1" if kind in _ONE_TO_ONE else "group" if kind == "group" else ""
        if not kind:
            kind = "1to1" if len(participants) <= 1 else "group"
        if sid == PRINCIPAL:
            head["participants"] = participants or [principal]
            for key in ("label", "description"):
                if _text(item.get(key)):
                    head[key] = _text(item.get(key))
            continue
        session: dict[str, Any] = {"id": _unique(sid, taken), "kind": kind}
        session["participants"] = participants
        if item.get("isolated") is True:
            session["isolated"] = True
        if item.get("shared") is True:
            session["shared"] = True
        topics = _texts(item.get("sensitive_topics", item.get("sensitiveTopics")))
        if topics:
            session["sensitive_topics"] = topics
        for key in ("label", "description"):
            if _text(item.get(key)):
                session[key] = _text(item.get(key))
        rest.append(session)
    if not rest:
        notes.append("persona: no sessions besides the principal's")
    return [head, *rest]


def normalise_arcs(
    raw: Mapping[str, Any], *, sessions: Sequence[str], epoch: str, days: int
) -> tuple[dict[str, Any], list[str]]:
    """Arcs-file data from a model's reply, for a story of ``days`` days over ``sessions``."""
    notes: list[str] = []
    known = list(dict.fromkeys([PRINCIPAL, *sessions]))
    taken: set[str] = set()
    arcs = []
    for i, item in enumerate(_list(raw.get("arcs"))):
        if isinstance(item, Mapping):
            arcs.append(_arc(item, i, known, days, taken, notes))
    if not arcs:
        notes.append("arcs: the reply held no arcs")
    out: dict[str, Any] = {"epoch": epoch, "maxConcurrent": 4}
    quiet = _quiet_periods(raw.get("quietPeriods", raw.get("quiet_periods")), days)
    if quiet:
        out["quietPeriods"] = quiet
    lifecycles = _lifecycles(raw.get("sessions"), known, days)
    if lifecycles:
        out["sessions"] = lifecycles
    out["arcs"] = arcs
    return out, notes


def _day(value: Any, default: int, days: int) -> int:
    day = _int(value)
    return min(max(day if day is not None else default, 1), days)


def _arc(
    item: Mapping[str, Any], i: int, known: list[str], days: int, taken: set[str], notes: list[str]
) -> dict[str, Any]:
    title = _text(item.get("title"))
    aid = _unique(slug(_text(item.get("id"))) or slug(title) or f"arc-{i + 1}", taken)
    kind = _text(item.get("type")).casefold()
    if kind not in ARC_TYPES:
        notes.append(f"arc {aid}: type {kind or 'missing'!r}; using 'project'")
        kind = "project"
    start = _day(item.get("startDay", item.get("start_day")), 1, days)
    end = _day(item.get("endDay", item.get("end_day")), min(DEFAULT_ARC_END, days), days)
    if end < start:
        start, end = end, start
    primary = _text(item.get("primarySession", item.get("primary_session")))
    if primary not in known:
        notes.append(f"arc {aid}: session {primary or 'missing'!r} unknown; using 'principal'")
        primary = PRINCIPAL
    referenced = [
        s
        for s in dict.fromkeys(
            _texts(item.get("referencedSessions", item.get("referenced_sessions")))
        )
        if s in known and s != primary
    ]
    arc: dict[str, Any] = {
        "id": aid,
        "type": kind,
        "title": title,
        "description": _text(item.get("description")),
        "startDay": start,
        "endDay": end,
        "primarySession": primary,
    }
    if referenced:
        arc["referencedSessions"] = referenced
    participants = _texts(item.get("participants"))
    if participants:
        arc["participants"] = participants
    directives = []
    for d in _list(item.get("directives")):
        day = _int(d.get("day")) if isinstance(d, Mapping) else None
        event = _text(d.get("event")) if isinstance(d, Mapping) else ""
        if day is not None and start <= day <= end and event:
            directives.append({"day": day, "event": event})
    if directives:
        arc["directives"] = sorted(directives, key=lambda d: d["day"])
    if kind == "correction":
        _correction(arc, item, notes)
    return arc


def _correction(arc: dict[str, Any], item: Mapping[str, Any], notes: list[str]) -> None:
    wrong = _text(item.get("wrongBelief", item.get("wrong_belief")))
    right = _text(item.get("correctedBelief", item.get("corrected_belief")))
    if not wrong or not right:
        notes.append(f"arc {arc['id']}: a correction without both beliefs; made a 'decision'")
        arc["type"] = "decision"
        return
    start, end = arc["startDay"], arc["endDay"]
    wrong_day = _int(item.get("wrongDay", item.get("wrong_day")))
    wrong_day = wrong_day if wrong_day is not None and start <= wrong_day <= end else start
    fixed = _int(item.get("correctedDay", item.get("corrected_day")))
    if fixed is None or not wrong_day < fixed <= end:
        fixed = min(end, wrong_day + max(1, (end - wrong_day) * 2 // 3))
    arc.update(wrongDay=wrong_day, correctedDay=fixed, wrongBelief=wrong, correctedBelief=right)


def _quiet_periods(value: Any, days: int) -> list[dict[str, Any]]:
    out = []
    for p in _list(value):
        if not isinstance(p, Mapping):
            continue
        first = _int(p.get("startDay", p.get("start_day")))
        last = _int(p.get("endDay", p.get("end_day")))
        if first is None or last is None:
            continue
        first, last = sorted((min(max(first, 1), days), min(max(last, 1), days)))
        period: dict[str, Any] = {"startDay": first, "endDay": last}
        if _text(p.get("kind")):
            period["kind"] = _text(p.get("kind"))
        out.append(period)
    return out


def _lifecycles(value: Any, known: list[str], days: int) -> list[dict[str, Any]]:
    out = []
    for s in _list(value):
        sid = _text(s.get("id")) if isinstance(s, Mapping) else ""
        if sid not in known or sid == PRINCIPAL or not isinstance(s, Mapping):
            continue
        entry: dict[str, Any] = {"id": sid}
        for key in ("firstDay", "lastDay"):
            day = _int(s.get(key))
            if day is not None:
                entry[key] = min(max(day, 1), days)
        if len(entry) > 1:
            out.append(entry)
    return out
