"""Checks made before a run is paid for (reference §2.16), collecting every problem at once.

Unlike the reference, which looks only at the first persona and only at ``arcs-<N>d.yaml`` names,
every selected persona is checked, and the sibling directories come from
:func:`~recallbench.data.dataset.derive_sibling_dir` for any arcs file name. The command line prints
:func:`format_preflight` and exits 2 on failure, unless ``--skip-preflight`` is given.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .._importing import parse_object_spec
from .._suggest import nearest_hint
from ..data._yaml import load_yaml
from ..data.dataset import derive_sibling_dir, list_personas, persona_dir, scan_day_files
from ..data.importers import is_manifest_data
from ..data.validate import format_problem, no_data_message
from ..errors import ConfigError, DatasetError
from .loading import is_builtin_spec, is_grpc_spec, is_mcp_spec

__all__ = [
    "ANTHROPIC_ENV_VARS",
    "AZURE_ENV_VARS",
    "OPENAI_ENV_VARS",
    "check_reach",
    "format_preflight",
    "preflight",
]

AZURE_ENV_VARS: tuple[str, ...] = (
    "AZURE_OPENAI_API_KEY",
    "AZURE_OPENAI_ENDPOINT",
    "AZURE_OPENAI_API_VERSION",
)
"""Needed when the adapter's synthesis provider is ``azure``. An ``azure:`` judge needs a key
(``AZURE_OPENAI_API_KEY``, else ``OPENAI_API_KEY``) and, without an endpoint in its spec,
``AZURE_OPENAI_ENDPOINT``; the API version defaults to 2024-10-21."""
OPENAI_ENV_VARS: tuple[str, ...] = ("OPENAI_API_KEY",)
"""Needed when a judge is ``openai`` / ``openai:<model>`` (no endpoint of its own) or the synthesis
provider is ``openai``."""
ANTHROPIC_ENV_VARS: tuple[str, ...] = ("ANTHROPIC_API_KEY",)
"""Needed when a judge is ``anthropic:<model>`` without an endpoint of its own."""

_PREFIX = "[bench preflight]"


def preflight(
    *,
    data_dir: Path | str,
    personas: Sequence[str],
    arcs_file: str,
    adapter_spec: str | None,
    judge_spec: str | None,
    appellate_spec: str | None,
    synthesis_provider: str | None = None,
    base_dir: Path | None = None,
    panel_specs: Sequence[str] = (),
) -> list[str]:
    """Check that a run can start; return every problem found (an empty list means OK).

    For each persona: its directory, ``persona.yaml`` and the arcs file exist; the questions file
    the arcs file selects (``qa-180d/questions.yaml`` for ``arcs-180d.yaml``) exists, parses and
    is a non-empty list; the memories directory it selects exists and is a directory. Then: an
    adapter spec naming a file names one that exists; the environment variables an ``azure:`` or
    ``openai`` judge (or synthesis provider) needs are set.

    Args:
        data_dir: the personas root.
        personas: the persona ids to run; empty means every persona in ``data_dir``.
        arcs_file: the arcs file name inside each persona directory.
        adapter_spec: the ``--adapter`` spec; None skips the adapter check.
        judge_spec: the ``--judge`` spec, or None.
        appellate_spec: the ``--appellate-judge`` spec, or None.
        synthesis_provider: the profile's ``harness.config.synthesisProvider``, if any.
        base_dir: where a relative adapter file path is resolved from (default: working directory).
        panel_specs: the further ``--judge`` specs of a judge panel (checked as the judge is).

    Returns:
        One message per problem, in the order found.
    """
    errors: list[str] = []
    root = Path(data_dir)
    if not root.is_dir():
        errors.append(f"data directory not found: {root}")
    elif is_manifest_data(root):
        errors.extend(_check_manifests(root, personas))
    else:
        ids = list(personas)
        if not ids:
            ids = list_personas(root)
            if not ids:
                errors.append(f"{root}: {no_data_message(root)}")
        for persona_id in ids:
            errors.extend(_check_persona(root, persona_id, arcs_file))
    if adapter_spec is not None:
        errors.extend(_check_adapter(adapter_spec, base_dir))
    errors.extend(_check_env(judge_spec, appellate_spec, synthesis_provider, panel_specs))
    return errors


def _check_manifests(root: Path, personas: Sequence[str]) -> list[str]:
    """A MemoryBench benchmark (or a folder of them) with no error, and the units asked of it there."""
    from ..data.importers.memorybench import ManifestDataset, validate_manifests

    errors = [format_problem(p) for p in validate_manifests(root) if p.severity == "error"]
    if errors:
        return errors
    dataset = ManifestDataset(root)
    if not personas:
        return errors
    known = set(dataset.persona_ids())
    return [
        f"unit {pid!r} is not in the benchmark(s) at {root}" for pid in personas if pid not in known
    ]


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
    if not root.is_dir() or is_manifest_data(root):
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


def _check_adapter(spec: str, base_dir: Path | None) -> list[str]:
    if is_grpc_spec(spec) or is_mcp_spec(spec):  # an mcp: spec is checked when it is loaded
        return []
    if is_builtin_spec(spec):
        from ..adapters.builtin import builtin_adapter_class

        try:
            builtin_adapter_class(spec)
        except ConfigError as exc:
            return [f"adapter: {exc}"]
        return []
    try:
        parsed = parse_object_spec(spec)
    except ConfigError as exc:
        return [f"adapter: {exc}"]
    if not parsed.is_file:
        return []
    path = Path(parsed.target).expanduser()
    if not path.is_absolute():
        path = (base_dir if base_dir is not None else Path.cwd()) / path
    if not path.is_file():
        found = "a directory" if path.is_dir() else "nothing"
        if path.with_suffix(".py").is_file():
            hint = f"; did you mean {parsed.target}.py?"
        else:
            near = [p.name for p in path.parent.glob("*.py")] if path.parent.is_dir() else []
            hint = nearest_hint(path.name, near, "Python files there")
        return [f"adapter file not found: {path} (found {found} there){hint}"]
    return []


def _needs_of(spec: str) -> tuple[str, tuple[str, ...]] | None:
    """What a model selector needs from the environment: ``("env", variables)`` (each variable
    alternatives joined by ``|``), ``("path", (command,))``, or None."""
    from ..models.spec import parse_model_spec

    # The official LLM scorers of public benchmarks wrap a model spec: it needs what that model does.
    head, sep, rest = spec.partition(":")
    if sep and head.strip().lower() in ("locomo-llm", "longmemeval"):
        spec = rest.strip()
    try:
        parsed = parse_model_spec(spec)
    except ConfigError:
        return None  # load_judge reports a bad spec with the accepted forms
    if parsed.kind == "agent" and parsed.agent is not None:
        return ("path", (parsed.agent,))
    if parsed.kind != "provider":
        return None
    custom = parsed.endpoint is not None
    if parsed.provider == "openai":
        # A custom endpoint (vLLM, llama.cpp, Ollama) may need no key at all.
        return None if custom else ("env", OPENAI_ENV_VARS)
    if parsed.provider == "anthropic":
        return None if custom else ("env", ANTHROPIC_ENV_VARS)
    variables = ["AZURE_OPENAI_API_KEY|OPENAI_API_KEY"]
    if not custom:
        variables.append("AZURE_OPENAI_ENDPOINT")
    return ("env", tuple(variables))


def _check_env(
    judge_spec: str | None,
    appellate_spec: str | None,
    synthesis_provider: str | None,
    panel_specs: Sequence[str] = (),
) -> list[str]:
    """Keys, endpoints and agent commands the judges (and a synthesis provider) will need."""
    import shutil

    needs: dict[str, list[str]] = {}
    commands: dict[str, list[str]] = {}
    judges = [("judge", judge_spec), *(("judge", s) for s in panel_specs)]
    for flag, spec in (*judges, ("appellate judge", appellate_spec)):
        if spec is None:
            continue
        need = _needs_of(spec)
        user = f'{flag} "{spec.strip()}"'
        if need is None:
            continue
        kind, items = need
        for item in items:
            (commands if kind == "path" else needs).setdefault(item, []).append(user)
    if synthesis_provider is not None:
        provider = synthesis_provider.strip().lower()
        variables = {"azure": AZURE_ENV_VARS, "openai": OPENAI_ENV_VARS}.get(provider, ())
        for name in variables:
            needs.setdefault(name, []).append(f'synthesisProvider "{synthesis_provider}"')
    errors: list[str] = []
    for name, users in needs.items():
        alternatives = name.split("|")
        if not any(os.environ.get(v) for v in alternatives):
            errors.append(f"{' or '.join(alternatives)} is not set (needed by {', '.join(users)})")
    for command, users in commands.items():
        if shutil.which(command) is None:
            errors.append(
                f"agent command {command!r} is not on PATH (needed by {', '.join(users)})"
            )
    return errors


def format_preflight(errors: Sequence[str]) -> str:
    """The report the command line prints: ``[bench preflight] OK``, or ``FAILED:`` with one
    ``  ✗ <message>`` line per problem. Only when every problem is one a run may get past (an
    environment variable or agent command the run might find another way) does it mention
    ``--skip-preflight``: with missing data a run cannot start at all."""
    if not errors:
        return f"{_PREFIX} OK"
    lines = [f"{_PREFIX} FAILED:", *(f"  ✗ {message}" for message in errors)]
    if all(_SKIPPABLE.search(message) for message in errors):
        lines.append("  Fix the problems above, or pass --skip-preflight to run anyway.")
    else:
        lines.append("  Fix the problems above and run again.")
    return "\n".join(lines)


_SKIPPABLE = re.compile(r"is not set \(needed by |is not on PATH \(needed by ")
"""The messages of :func:`_check_env`: a key or command a run might find some other way."""
