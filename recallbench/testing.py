"""Fakes and fixtures for testing recallbench and the memory systems benchmarked with it.

:func:`write_persona` writes a small, valid persona directory whose every answer is checkable: day ``n``
states "the access code for day n is CODE-n". Tests corrupt a copy of it to check error paths, and adapters
can run against it in a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ._yaml import dump_yaml
from .persona import day_date

__all__ = ["day_code", "write_persona"]


def day_code(day: int) -> str:
    """The fact planted on ``day`` of a :func:`write_persona` corpus."""
    return f"CODE-{day:04d}"


def write_persona(
    root: Path | str,
    persona_id: str = "tiny",
    *,
    days: int = 30,
    suffix: str = "30d",
    sessions: Sequence[str] = ("principal",),
    epoch: str = "2026-01-01",
    extra_pairs: Sequence[dict[str, Any]] = (),
) -> Path:
    """Write a small valid persona under ``root/persona_id`` and return its directory.

    Files: ``persona.yaml``, ``arcs-<suffix>.yaml``, ``memories-<suffix>/day-0001.md …`` and
    ``qa-<suffix>/questions.yaml`` with one factual-recall pair per day (relevant day ``n``, answer
    :func:`day_code`), a negative-recall pair at the end, then ``extra_pairs`` as given.
    """
    pdir = Path(root) / persona_id
    memories = pdir / f"memories-{suffix}"
    qa_dir = pdir / f"qa-{suffix}"
    memories.mkdir(parents=True, exist_ok=True)
    qa_dir.mkdir(parents=True, exist_ok=True)
    persona = {
        "id": persona_id,
        "name": "Tess",
        "role": "AI assistant for a test principal",
        "domain": "Testing",
        "company": "Example Co",
        "team_size": 3,
        "profile": "A small persona for tests.\n",
        "communication_style": "Terse.\n",
        "principal": {"name": "Pat Example", "role": "Principal"},
        "cast": [{"name": "Pat Example", "role": "Principal", "kind": "human"}],
        "sessions": [
            {"id": s, "kind": "1to1" if s == "principal" else "group", "participants": ["Pat Example"]}
            for s in sessions
        ],
    }
    (pdir / "persona.yaml").write_text(dump_yaml(persona), encoding="utf-8")
    half = max(1, days // 2)
    arcs = {
        "epoch": epoch,
        "arcs": [
            {
                "id": "arc-codes",
                "type": "project",
                "title": "Daily access codes",
                "description": "A code is issued every day.\n",
                "startDay": 1,
                "endDay": days,
                "primarySession": sessions[0],
            },
            {
                "id": "arc-second-half",
                "type": "incident",
                "title": "Second-half incident",
                "description": "Something happens in the second half.\n",
                "startDay": half,
                "endDay": days,
                "primarySession": sessions[0],
            },
        ],
    }
    (pdir / f"arcs-{suffix}.yaml").write_text(dump_yaml(arcs), encoding="utf-8")
    for n in range(1, days + 1):
        parts = ["---", "type: daily", "---", ""]
        for s in sessions:
            parts += [
                f"# session: {s}",
                "",
                f"### Access code ({s})",
                f"On {day_date(epoch, n)} the access code for day {n} is {day_code(n)}.",
                "",
            ]
        (memories / f"day-{n:04d}.md").write_text("\n".join(parts).rstrip("\n") + "\n", "utf-8")
    pairs: list[dict[str, Any]] = [
        {
            "id": f"{persona_id}-q{n:03d}",
            "question": f"What was the access code issued on {day_date(epoch, n)}?",
            "answer": day_code(n),
            "category": "factual-recall",
            "difficulty": "easy",
            "relevant_days": [n],
            "requires_synthesis": False,
        }
        for n in range(1, days + 1)
    ]
    pairs.append(
        {
            "id": f"{persona_id}-q{days + 1:03d}",
            "question": "Was a GraphQL migration ever discussed?",
            "answer": "No evidence of that in memory.",
            "category": "negative-recall",
            "difficulty": "medium",
            "relevant_days": [days],
            "requires_synthesis": False,
        }
    )
    pairs.extend(extra_pairs)
    (qa_dir / "questions.yaml").write_text(dump_yaml(pairs), encoding="utf-8")
    return pdir
