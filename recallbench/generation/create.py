"""``create-persona``: ``persona.yaml`` and ``arcs-<N>d.yaml`` from a one-line prompt (reference §5.1).

Two model calls, as in the reference — the persona, then its arcs — but the persona comes out with
what ``generate`` needs and the reference's created personas lack: a principal, a cast, and sessions
(``principal`` first, 1:1 and group rooms, isolated ones where the prompt suggests confidential
matters), and arcs whose ``primarySession``/``referencedSessions`` name those sessions, with
correction fields on correction arcs and the story's quiet periods declared (``quietPeriods``), so
that gap filling leaves them alone.

Replies are read leniently (code fences, prose around a fenced block, missing fields — filled with
the reference's defaults, each noted), then normalised: ids made unique slugs, days clamped to the
horizon, sessions that do not exist replaced by ``principal``, directives outside their arc dropped.
Before anything is written the result is loaded by :func:`recallbench.data.dataset.load_persona_definition`
from a scratch directory, and only then written atomically.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from .._atomic import atomic_write_text
from ..data._yaml import dump_yaml
from ..data.dataset import load_persona_definition
from ..data.persona import PRINCIPAL, Persona, Story
from ..errors import DatasetError, ModelError
from ..models.base import TextModel
from ._common import GenerationUsage, call_model, strip_fences
from .create_prompts import SYSTEM_PROMPT, arcs_prompt, persona_prompt
from .normalise import normalise_arcs, normalise_persona

__all__ = ["CreatedPersona", "arcs_file_name", "create_arcs", "create_persona", "write_created"]


def arcs_file_name(days: int) -> str:
    """``arcs-<days>d.yaml``: the arcs file a story of ``days`` days is written to."""
    return f"arcs-{days}d.yaml"


@attrs.frozen(kw_only=True)
class CreatedPersona:
    """A created persona and story, ready to write.

    Attributes:
        persona: the persona (read back from ``persona_data``).
        story: the story (read back from ``arcs_data``).
        persona_data: ``persona.yaml`` as written; None for an arcs-only run (kept as it is).
        arcs_data: the arcs file as written.
        arcs_file: its name (``arcs-1000d.yaml``).
        notes: what normalisation filled in or dropped, one line each.
    """

    persona: Persona
    story: Story
    persona_data: Mapping[str, Any] | None = attrs.field(eq=False)
    arcs_data: Mapping[str, Any] = attrs.field(eq=False)
    arcs_file: str
    notes: tuple[str, ...] = ()


_FENCED = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)\n?```", re.DOTALL)


def parse_yaml_reply(text: str, what: str) -> Any:
    """A model's YAML reply: the whole text without fences, else the first fenced block in it.

    Raises:
        ModelError: neither parses as YAML.
    """
    from ruamel.yaml.error import YAMLError

    from ..data._yaml import loads_yaml

    candidates = [strip_fences(text)]
    fenced = _FENCED.search(text)
    if fenced:
        candidates.append(fenced.group(1))
    problem = "an empty reply"
    for candidate in candidates:
        if not candidate.strip():
            continue
        try:
            return loads_yaml(candidate)
        except YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" at line {mark.line + 1}" if mark is not None else ""
            problem = f"a YAML syntax error{where}: {getattr(exc, 'problem', None) or exc}"
        except DatasetError as exc:  # nested too deep, or an alias bomb
            problem = str(exc)
    raise ModelError(f"the {what} reply is not YAML ({problem})")


def _mapping(value: Any, what: str) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    raise ModelError(f"the {what} reply is YAML but not a mapping (found {type(value).__name__})")


async def create_persona(
    model: TextModel,
    prompt: str,
    *,
    epoch: str = "2024-01-01",
    days: int = 1000,
    persona_id: str | None = None,
    temperature: float | None = 0.7,
    max_tokens: int | None = 4000,
    timeout: float | None = 120.0,
    usage: GenerationUsage | None = None,
) -> CreatedPersona:
    """A persona and its arcs from ``prompt``: two model calls (the arcs call gets twice the tokens).

    Args:
        model: the text model.
        prompt: what the persona is ("A research scientist studying protein folding…").
        epoch: the story's first date (YYYY-MM-DD).
        days: the story's horizon; the arcs file is ``arcs-<days>d.yaml``.
        persona_id: the persona's id (the directory name it goes to); None: the model's, slugged.
        temperature, max_tokens, timeout: per call (timeout in seconds).
        usage: token totals to add to.

    Raises:
        ModelError: a call failed or a reply is not YAML.
    """
    reply = await call_model(
        model,
        SYSTEM_PROMPT,
        persona_prompt(prompt, epoch=epoch),
        temperature=temperature,
        max_tokens=max_tokens,
        timeout=timeout,
        usage=usage,
    )
    raw = _mapping(parse_yaml_reply(reply.text, "persona"), "persona")
    persona_data, notes = normalise_persona(raw, epoch=epoch, persona_id=persona_id)
    persona = _structure_persona(persona_data)
    arcs = await create_arcs(
        model,
        prompt,
        persona,
        epoch=epoch,
        days=days,
        temperature=temperature,
        max_tokens=max_tokens,
        timeout=timeout,
        usage=usage,
    )
    return attrs.evolve(arcs, persona_data=persona_data, notes=(*notes, *arcs.notes))


async def create_arcs(
    model: TextModel,
    prompt: str,
    persona: Persona,
    *,
    epoch: str = "2024-01-01",
    days: int = 1000,
    temperature: float | None = 0.7,
    max_tokens: int | None = 4000,
    timeout: float | None = 120.0,
    usage: GenerationUsage | None = None,
) -> CreatedPersona:
    """The arcs of an existing persona (``--arcs-only``): one call with twice ``max_tokens``.

    The persona's sessions (plus ``principal``) are the only sessions arcs may name.

    Raises:
        ModelError: the call failed or the reply is not YAML.
    """
    reply = await call_model(
        model,
        SYSTEM_PROMPT,
        arcs_prompt(prompt, persona, epoch=epoch, days=days),
        temperature=temperature,
        max_tokens=2 * max_tokens if max_tokens is not None else None,
        timeout=timeout,
        usage=usage,
    )
    parsed = parse_yaml_reply(reply.text, "arcs")
    if isinstance(parsed, list):  # a bare list of arcs, as the reference also accepts
        parsed = {"arcs": parsed}
    raw = _mapping(parsed, "arcs")
    sessions = [PRINCIPAL, *(s.id for s in persona.sessions if s.id != PRINCIPAL)]
    arcs_data, notes = normalise_arcs(raw, sessions=sessions, epoch=epoch, days=days)
    from .._convert import structure_disk

    story = structure_disk(arcs_data, Story)
    return CreatedPersona(
        persona=persona,
        story=story,
        persona_data=None,
        arcs_data=arcs_data,
        arcs_file=arcs_file_name(days),
        notes=tuple(notes),
    )


def _structure_persona(data: Mapping[str, Any]) -> Persona:
    from .._convert import structure_disk
    from ..data._schema import check_record

    errors = [i for i in check_record(data, Persona) if i.severity == "error"]
    if errors:  # normalisation should make this impossible; say what slipped through
        raise ModelError(f"the created persona is not valid: {errors[0].message}")
    return structure_disk(data, Persona)


def write_created(persona_dir: Path, created: CreatedPersona) -> list[Path]:
    """Write ``persona.yaml`` (unless arcs-only) and the arcs file into ``persona_dir``.

    Both files are first written to a scratch directory beside it and loaded the way every command
    loads a persona; only a persona that loads is written, each file atomically.

    Returns:
        The files written.

    Raises:
        DatasetError: the result does not load (the message says why).
    """
    persona_dir.parent.mkdir(parents=True, exist_ok=True)
    persona_text = (
        dump_yaml(dict(created.persona_data), width=100)
        if created.persona_data is not None
        else None
    )
    arcs_text = dump_yaml(dict(created.arcs_data), width=100)
    scratch = Path(tempfile.mkdtemp(prefix=".create-persona-", dir=persona_dir.parent))
    try:
        pid = created.persona.id
        (scratch / pid).mkdir()
        persona_file = scratch / pid / "persona.yaml"
        if persona_text is not None:
            persona_file.write_text(persona_text, encoding="utf-8")
        else:
            shutil.copyfile(persona_dir / "persona.yaml", persona_file)
        (scratch / pid / created.arcs_file).write_text(arcs_text, encoding="utf-8")
        try:
            load_persona_definition(scratch, pid, created.arcs_file)
        except DatasetError as exc:
            raise DatasetError(
                f"the created persona does not load, nothing was written: {exc.message}",
                path=persona_dir / (exc.path.name if exc.path else ""),
                line=exc.line,
            ) from None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    written = []
    if persona_text is not None:
        atomic_write_text(persona_dir / "persona.yaml", persona_text)
        written.append(persona_dir / "persona.yaml")
    atomic_write_text(persona_dir / created.arcs_file, arcs_text)
    written.append(persona_dir / created.arcs_file)
    return written
