"""The preflight's checks of persona folders (reference §2.16), collecting every problem at once.

Unlike the reference, which looks only at the first persona and only at ``arcs-<N>d.yaml`` names,
every selected persona is checked, and the sibling directories come from
:func:`~recallbench.data.dataset.derive_sibling_dir` for any arcs file name.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..._suggest import nearest_hint
from ...data._yaml import load_yaml
from ...data.dataset import derive_sibling_dir, list_personas, persona_dir, scan_day_files
from ...data.validate import no_data_message
from ...errors import ConfigError, DatasetError
from .hints import no_data_hints

__all__ = ["check_personas", "check_reach"]


def check_personas(root: Path, personas: Sequence[str], arcs_file: str) -> list[str]:
    """For each persona (every one under ``root`` when none are named): its directory,
    ``persona.yaml`` and the arcs file exist; the questions file the arcs file selects
    (``qa-180d/questions.yaml`` for ``arcs-180d.yaml``) exists, parses and is a non-empty list;
    the memories directory it selects exists and is a directory; no question cites a day beyond
    the corpus."""
    if not root.is_dir():
        return [f"data directory not found: {root}"]
    errors: list[str] = []
    ids = list(personas)
    if not ids:
        ids = list_personas(root)
        if not ids:
            errors.append(f"{root}: {no_data_message(root, no_data_hints(root))}")
    for persona_id in ids:
        errors.extend(_check_persona(root, persona_id, arcs_file))
    return errors


def _check_persona(root: Path, persona_id: str, arcs_file: str) -> list[str]:
    try:
        pdir = persona_dir(root, persona_id)
    except ConfigError as exc:
        return [str(exc)]
    if not pdir.is_dir():
        others = [d.name for d in root.iterdir() if d.is_dir()] if root.is_dir() else []
        hint = nearest_hint(persona_id, others, "personas here")
        return [f"persona {persona_id!r}: directory not found: {pdir}{hint}"]
    errors: list[str] = []
    if not (pdir / "persona.yaml").is_file():
        errors.append(f"persona {persona_id!r}: persona.yaml not found: {pdir / 'persona.yaml'}")
    if not arcs_file or "/" in arcs_file or "\\" in arcs_file or arcs_file in {".", ".."}:
        errors.append(
            f"arcs file {arcs_file!r} must be a file name inside the persona directory, "
            "such as arcs-180d.yaml"
        )
        return errors
    if not (pdir / arcs_file).is_file():
        # One line: the questions and memories it would select are missing for the same reason.
        there = sorted(p.name for p in pdir.glob("arcs-*.yaml"))
        hint = nearest_hint(arcs_file, there, "arcs files there")
        errors.append(f"persona {persona_id!r}: arcs file not found: {pdir / arcs_file}{hint}")
        return errors
    qa_file = pdir / derive_sibling_dir(arcs_file, "qa") / "questions.yaml"
    problem, pairs = _check_questions(qa_file)
    if problem is not None:
        errors.append(f"persona {persona_id!r}: {problem}")
    memories = pdir / derive_sibling_dir(arcs_file, "memories")
    if not memories.exists():
        errors.append(
            f"persona {persona_id!r}: memories directory not found: {memories} "
            f"(the arcs file {arcs_file} selects {memories.name}/)"
        )
    elif not memories.is_dir():
        errors.append(f"persona {persona_id!r}: memories path is not a directory: {memories}")
    elif pairs:
        errors.extend(_check_reach(persona_id, pairs, memories, qa_file))
    return errors


def _check_reach(persona_id: str, pairs: list[Any], memories: Path, qa_file: Path) -> list[str]:
    """Questions whose relevant days lie beyond the corpus can never be asked: a run would leave
    them out without a word, so it does not start."""
    numbers = [f.number for f in scan_day_files(memories) if f.number is not None]
    last = max(numbers, default=0)
    beyond = [
        str(p.get("id", f"#{i + 1}"))
        for i, p in enumerate(pairs)
        if isinstance(p, dict)
        and isinstance(p.get("relevant_days"), list)
        and any(isinstance(d, int) and d > last for d in p["relevant_days"])
    ]
    if not beyond:
        return []
    return [
        f"persona {persona_id!r}: {len(beyond)} question(s) of {qa_file} cite days beyond the "
        f"corpus (last day {last}) and could never be asked: {_few_ids(beyond)}; "
        "`recallbench validate` lists them with their lines"
    ]


def _few_ids(ids: Sequence[str], shown: int = 5) -> str:
    """The first ``shown`` ids and ``and N more``: a message stays one short line."""
    more = f" and {len(ids) - shown:,} more" if len(ids) > shown else ""
    return ", ".join(ids[:shown]) + more


def check_reach(data_dir: Path | str, personas: Sequence[str], arcs_file: str) -> list[str]:
    """Only the reach rule of :func:`preflight`: questions citing days beyond their persona's corpus.

    ``run --skip-preflight`` still makes this check: a run asking such a question (a ``full``
    checkpoint reaches it) would score a memory system on a day it was never given. Personas whose
    files are missing or unreadable are left to the load that follows, which says so.
    """
    root = Path(data_dir)
    if not root.is_dir():
        return []
    errors: list[str] = []
    for persona_id in personas or list_personas(root):
        try:
            pdir = persona_dir(root, persona_id)
        except ConfigError:
            continue
        qa_file = pdir / derive_sibling_dir(arcs_file, "qa") / "questions.yaml"
        memories = pdir / derive_sibling_dir(arcs_file, "memories")
        if not qa_file.is_file() or not memories.is_dir():
            continue
        problem, pairs = _check_questions(qa_file)
        if problem is None:
            errors.extend(_check_reach(persona_id, pairs, memories, qa_file))
    return errors


def _check_questions(qa_file: Path) -> tuple[str | None, list[Any]]:
    """A problem with the questions file, or None; and its pairs."""
    if not qa_file.is_file():
        return f"questions file not found: {qa_file}", []
    try:
        # kept: the dataset load that follows a passed preflight takes this parse instead of
        # parsing the file again (only this reads it, and only reads it)
        raw = load_yaml(qa_file, keep=True, cached=True)
    except DatasetError as exc:
        return f"questions file does not parse: {exc}", []
    if not isinstance(raw, list):
        found = "an empty file" if raw is None else f"a {type(raw).__name__}"
        return f"questions file is not a list of Q&A pairs (found {found}): {qa_file}", []
    if not raw:
        return f"questions file is an empty list: {qa_file}", []
    return None, raw
