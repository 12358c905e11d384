"""The persona engine: a domain, a length and a seed in; persona files, days and proven questions out.

:func:`synthesize` is pure (no I/O) and deterministic: the same domain, days and seed give the same
bytes on any machine. :func:`write_persona` puts the result on disk in the reference layout (§1).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import attrs

from ...data._yaml import dump_yaml
from .days import render_day
from .domain import Domain
from .index import CorpusIndex
from .questions import assign_links, build_candidates, select_questions
from .rng import Rng
from .schedule import MAX_CONCURRENT, Schedule, make_schedule, slug

__all__ = ["ENGINE_VERSION", "ENGINE_VERSIONS", "SynthPersona", "synthesize", "write_persona"]

ENGINE_VERSION = 2
"""Bumped whenever the same inputs would produce different bytes."""

ENGINE_VERSIONS = (1, 2)
"""Every version the engine can still write byte for byte: 1 is the first shipped set (``personas-v1``,
regenerated on demand), 2 the harder one shipped under ``personas/``."""


@attrs.frozen
class SynthPersona:
    """A generated persona: everything that goes on disk, plus what the statistics need."""

    domain: Domain
    days: int
    seed: int
    persona_yaml: str
    arcs_yaml: str
    day_texts: tuple[str, ...]
    questions: tuple[dict[str, Any], ...]
    questions_yaml: str
    filler_days: frozenset[int]
    schedule: Schedule
    dropped: dict[str, int]
    version: int = ENGINE_VERSION

    @property
    def suffix(self) -> str:
        return f"{self.days}d"

    def files(self) -> dict[str, str]:
        """Every file of the persona on disk, by its path under the personas root."""
        root, suffix = self.domain.id, self.suffix
        out = {
            f"{root}/persona.yaml": self.persona_yaml,
            f"{root}/arcs-{suffix}.yaml": self.arcs_yaml,
        }
        for day, text in enumerate(self.day_texts, 1):
            out[f"{root}/memories-{suffix}/day-{day:04d}.md"] = text
        out[f"{root}/qa-{suffix}/questions.yaml"] = self.questions_yaml
        return out


def synthesize(domain: Domain, days: int, seed: int, version: int = ENGINE_VERSION) -> SynthPersona:
    """Generate ``days`` days of ``domain`` from ``seed`` as engine ``version`` writes them."""
    if days < 60:
        raise ValueError(f"a persona needs at least 60 days, got {days}")
    if version not in ENGINE_VERSIONS:
        raise ValueError(
            f"engine version {version} is not one of {', '.join(map(str, ENGINE_VERSIONS))}"
        )
    rng = Rng(seed)
    sched = make_schedule(domain, days, seed, version)
    links = assign_links(sched, rng.fork("links"))
    texts: list[str] = []
    bodies: dict[tuple[int, str], str] = {}
    filler_days = set()
    recent: dict[str, int] = {}
    for day in range(1, days + 1):
        text, sections, filler = render_day(sched, day, rng.fork("render"), recent)
        texts.append(text)
        for sid, secs in sections.items():
            if secs:
                bodies[(day, sid)] = "\n\n".join(s.render() for s in secs)
        if filler:
            filler_days.add(day)
    index = CorpusIndex(bodies)
    cands = build_candidates(sched, links, rng.fork("questions"))
    chosen, dropped = select_questions(cands, sched, index, rng.fork("select"))
    width = max(3, len(str(len(chosen))))
    pairs = tuple(c.to_disk(f"{domain.id}-q{i:0{width}d}") for i, c in enumerate(chosen, 1))
    return SynthPersona(
        domain=domain,
        days=days,
        seed=seed,
        persona_yaml=dump_yaml(persona_document(domain)),
        arcs_yaml=dump_yaml(story_document(sched, seed, version)),
        day_texts=tuple(texts),
        questions=pairs,
        questions_yaml=dump_yaml(list(pairs)),
        filler_days=frozenset(filler_days),
        schedule=sched,
        dropped=dropped,
        version=version,
    )


def persona_document(d: Domain) -> dict[str, Any]:
    """``persona.yaml`` (reference §1.2), independent of the story length."""
    doc: dict[str, Any] = {
        "id": d.id,
        "name": d.agent,
        "role": d.role,
        "domain": d.domain,
        d.organisation_key: d.organisation,
        "team_size": d.team_size,
        "profile": d.profile,
        "communication_style": d.communication_style,
        "projects": [
            {"id": slug(p.name), "name": p.name, "description": f"Goal: {p.goal}."}
            for p in d.projects
        ],
        "principal": {
            "name": d.principal.name,
            "role": d.principal.role,
            "profile": d.principal_profile,
        },
        "cast": [{"name": p.name, "role": p.role, "kind": p.kind} for p in d.cast],
        "sessions": [_session_doc(d, s.id) for s in d.sessions],
        "sharedKnowledge": list(d.shared_knowledge),
    }
    return doc


def _session_doc(d: Domain, sid: str) -> dict[str, Any]:
    s = d.session(sid)
    doc: dict[str, Any] = {
        "id": s.id,
        "kind": s.kind,
        "participants": list(s.participants) or [d.principal.name],
    }
    if s.isolated:
        doc["isolated"] = True
    if s.sensitive_topics:
        doc["sensitive_topics"] = list(s.sensitive_topics)
    doc["label"] = s.label
    doc["description"] = s.description
    return doc


def story_document(sched: Schedule, seed: int, version: int) -> dict[str, Any]:
    """``arcs-<N>d.yaml`` (reference §1.3) with our extras: quiet periods and the generator stamp."""
    cal = sched.cal
    sessions = []
    for s in sched.world.domain.sessions:
        lo, hi = sched.spans[s.id]
        if (lo, hi) != (1, cal.days):
            sessions.append({"id": s.id, "firstDay": lo, "lastDay": hi})
    arcs = []
    for a in sched.arcs:
        doc: dict[str, Any] = {
            "id": a.id,
            "type": a.type,
            "title": a.title,
            "description": a.description,
            "startDay": a.start,
            "endDay": a.end,
            "primarySession": a.session,
            "participants": list(a.participants),
            "directives": [
                {"day": d, "event": a.directive(d, k)} for d, k in sorted(a.beats.items())
            ],
        }
        if a.wrong_day is not None:
            doc.update(
                wrongDay=a.wrong_day,
                correctedDay=a.corrected_day,
                wrongBelief=a.wrong_belief,
                correctedBelief=a.corrected_belief,
            )
        arcs.append(doc)
    return {
        "epoch": cal.epoch,
        "maxConcurrent": MAX_CONCURRENT,
        "generator": {
            # The engine's name in the files it writes (not a module path): stable, so the shipped
            # personas regenerate byte for byte.
            "engine": "recallbench.synth",
            "version": version,
            "seed": seed,
        },
        "quietPeriods": [
            {"startDay": q.start, "endDay": q.end, "kind": q.leave.kind} for q in sched.quiet
        ],
        "sessions": sessions,
        "arcs": arcs,
    }


def write_persona(p: SynthPersona, out: Path | str) -> Path:
    """Write ``p`` under ``out/<id>/`` and return that directory. Stale day files are removed."""
    base = Path(out)
    for name, text in p.files().items():
        path = base / name
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, text)
    root = base / p.domain.id
    memories = root / f"memories-{p.suffix}"
    wanted = {f"day-{day:04d}.md" for day in range(1, len(p.day_texts) + 1)}
    for stale in memories.glob("day-*.md"):
        if stale.name not in wanted:
            stale.unlink()
    return root


def _write(path: Path, text: str) -> None:
    data = text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return
    except FileNotFoundError:
        pass
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
