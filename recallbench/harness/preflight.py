"""Checks made before a run is paid for (reference §2.16), collecting every problem at once.

The data is checked by its benchmark family (the persona folders' checks are in
:mod:`recallbench.benchmarks.personas`); the adapter and the environment the judges need, here. The
command line prints
:func:`format_preflight` and exits 2 on failure, unless ``--skip-preflight`` is given.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from .._importing import parse_object_spec
from .._suggest import nearest_hint
from ..errors import ConfigError
from ..family.opening import data_family
from ..family.registry import family_of_prefix
from .loading import is_builtin_spec, is_grpc_spec, is_mcp_spec

__all__ = [
    "ANTHROPIC_ENV_VARS",
    "AZURE_ENV_VARS",
    "OPENAI_ENV_VARS",
    "check_endpoints",
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

    The data's family checks its data (:meth:`~recallbench.family.base.Benchmark.preflight`: for
    persona folders, each persona's directory, ``persona.yaml``, arcs file, questions and
    memories). Then: an adapter spec naming a file names one that exists; the environment
    variables an ``azure:`` or ``openai`` judge (or synthesis provider) needs are set.

    Args:
        data_dir: the data (as ``--data`` resolved it).
        personas: the unit ids to run; empty means every unit of ``data_dir``.
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
    root = Path(data_dir)
    errors = data_family(root).preflight(root, personas=personas, arcs_file=arcs_file, full=True)
    if adapter_spec is not None:
        errors.extend(_check_adapter(adapter_spec, base_dir))
    errors.extend(_check_env(judge_spec, appellate_spec, synthesis_provider, panel_specs))
    return errors


def check_reach(data_dir: Path | str, personas: Sequence[str], arcs_file: str) -> list[str]:
    """Only the rules of :func:`preflight` that no flag skips (``run --skip-preflight`` still makes
    them): for persona folders, questions citing days beyond their persona's corpus (a ``full``
    checkpoint would score a memory system on a day it was never given)."""
    root = Path(data_dir)
    return data_family(root).preflight(root, personas=personas, arcs_file=arcs_file, full=False)


def check_endpoints(specs: Sequence[tuple[str, str | None]]) -> list[str]:
    """The rule no flag skips about the model specs a run was given, ``(flag, spec)`` pairs (None
    specs left out): an endpoint that carries ``user:password@`` is refused, before any work —
    the provider cannot send it beside a key (it failed after three judge calls, with aiohttp's
    header error) and the spec is written into results. The message shows the spec without them.
    """
    from ..models.credentials import CREDENTIALS_REFUSED, has_credentials, without_credentials

    errors: list[str] = []
    for flag, spec in specs:
        endpoint = _endpoint_of(spec) if spec is not None else None
        if spec is None or endpoint is None or not has_credentials(endpoint):
            continue
        shown = spec.strip().replace(endpoint, without_credentials(endpoint))
        errors.append(f'{flag} "{shown}": the endpoint {CREDENTIALS_REFUSED}')
    return errors


def _endpoint_of(spec: str) -> str | None:
    """The endpoint a model spec names (a family scorer's wrapped spec too), or None."""
    from ..models.spec import parse_model_spec

    head, sep, rest = spec.partition(":")
    if sep and family_of_prefix(head.strip().lower()) is not None:
        spec = rest.strip()
    try:
        parsed = parse_model_spec(spec)
    except ConfigError:
        return None
    return parsed.endpoint if parsed.kind == "provider" else None


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

    # A benchmark family's official LLM scorer wraps a model spec (NAME:<model spec>, its name
    # beginning with the family's): it needs what that model does.
    head, sep, rest = spec.partition(":")
    if sep and family_of_prefix(head.strip().lower()) is not None:
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
    from ..data._yaml_cache import cache_note

    lines = [f"{_PREFIX} FAILED:", *(f"  ✗ {message}{cache_note(message)}" for message in errors)]
    if all(_SKIPPABLE.search(message) for message in errors):
        lines.append("  Fix the problems above, or pass --skip-preflight to run anyway.")
    else:
        lines.append("  Fix the problems above and run again.")
    return "\n".join(lines)


_SKIPPABLE = re.compile(r"is not set \(needed by |is not on PATH \(needed by ")
"""The messages of :func:`_check_env`: a key or command a run might find some other way."""
