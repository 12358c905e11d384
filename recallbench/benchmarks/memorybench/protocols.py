"""A MemoryBench manifest's ``evaluation`` section as a judge (:func:`judge_from_evaluation`).

========================  ===========================================================  ===============
``protocol``              options (manifest defaults)                                   judge
========================  ===========================================================  ===============
``exact-match``           ``case_sensitive`` (false), ``normalize_whitespace`` (true)   :class:`~recallbench.benchmarks.memorybench.exact_match.ExactMatchJudge`
``llm-as-judge``          ``type_field``, ``type_instructions_file`` (relative to the   :class:`~recallbench.benchmarks.memorybench.typed_llm.TypedLlmJudge`
                          benchmark folder; a JSON object of type → instructions)
``deletion-check``        ``verification_query_field``, ``deleted_content_field``       :class:`~recallbench.benchmarks.memorybench.deletion_check.DeletionCheckJudge`
                          (``deleted_content``), ``fuzzy_match`` (false)
========================  ===========================================================  ===============

Every mistake is a one-line :class:`~recallbench.errors.ConfigError` naming the manifest and the key
(``manifest.json: evaluation.protocol: unknown protocol 'fuzzy' (expected exact-match, llm-as-judge,
deletion-check)``): an unknown protocol, an option of no protocol or of another one, an option of the
wrong type, a missing or unreadable instructions file, one outside the benchmark folder (``../``, an
absolute path, a symlink out: :mod:`recallbench.benchmarks.memorybench.files`), and
``llm-as-judge`` without a model.

The manifest's protocol is the default, not an obligation: any judge (``--judge rubric``) can score a
manifest's answers instead; the harness chooses.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..._jsonread import json_loads
from ...errors import ConfigError
from ...judges.base import Judge
from ...models.base import TextModel
from .deletion_check import DEFAULT_DELETED_CONTENT_FIELD, DeletionCheckJudge
from .exact_match import ExactMatchJudge
from .files import outside_folder
from .typed_llm import TypedLlmJudge

__all__ = ["PROTOCOLS", "PROTOCOL_OPTIONS", "judge_from_evaluation", "read_type_instructions"]

PROTOCOL_OPTIONS: dict[str, dict[str, type]] = {
    "exact-match": {"case_sensitive": bool, "normalize_whitespace": bool},
    "llm-as-judge": {"type_field": str, "type_instructions_file": str},
    "deletion-check": {
        "verification_query_field": str,
        "deleted_content_field": str,
        "fuzzy_match": bool,
    },
}
"""Each protocol's options and their JSON types."""

PROTOCOLS: tuple[str, ...] = tuple(PROTOCOL_OPTIONS)


def _where(manifest: str | Path | None) -> str:
    return f"{manifest}: " if manifest is not None else ""


def _options(evaluation: Mapping[str, Any], protocol: str, where: str) -> dict[str, Any]:
    allowed = PROTOCOL_OPTIONS[protocol]
    out: dict[str, Any] = {}
    for key, value in evaluation.items():
        if key == "protocol":
            continue
        if key not in allowed:
            owner = next((p for p, opts in PROTOCOL_OPTIONS.items() if key in opts), None)
            why = f"an option of {owner}, not of {protocol}" if owner else "unknown option"
            raise ConfigError(
                f"{where}evaluation.{key}: {why} ({protocol} takes {', '.join(allowed)})"
            )
        kind = allowed[key]
        if not isinstance(value, kind) or (isinstance(value, str) and not value.strip()):
            wanted = "true or false" if kind is bool else "a non-empty string"
            raise ConfigError(
                f"{where}evaluation.{key}: expected {wanted}, got {json.dumps(value)[:60]}"
            )
        out[key] = value
    return out


def read_type_instructions(path: Path, *, where: str = "") -> dict[str, str]:
    """A ``type_instructions.json``: a JSON object of question type → grading instructions.

    Raises:
        ConfigError: the file is missing or unreadable, not JSON (with its line), or not an object
            of strings.
    """
    key = f"{where}evaluation.type_instructions_file"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{key}: file {path} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{key}: cannot read {path}: {exc}") from None
    try:
        data = json_loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected an object of question type → instructions")
    for qtype, instructions in data.items():
        if not isinstance(instructions, str) or not instructions.strip():
            raise ConfigError(
                f"{path}: {json.dumps(qtype)} must map to instructions (a non-empty string), "
                f"got {json.dumps(instructions)[:60]}"
            )
    return data


def judge_from_evaluation(
    evaluation: Mapping[str, Any],
    benchmark_dir: str | Path,
    *,
    model: TextModel | None = None,
    manifest: str | Path | None = None,
) -> Judge:
    """The judge of a manifest's ``evaluation`` section.

    Args:
        evaluation: the section, a plain mapping: ``{"protocol": ..., **options}``.
        benchmark_dir: the benchmark folder (``type_instructions_file`` is relative to it).
        model: the text model of ``llm-as-judge`` (unused by the other protocols).
        manifest: the manifest's path, for error messages.

    Raises:
        ConfigError: see the module docstring.
    """
    where = _where(manifest)
    if not isinstance(evaluation, Mapping):
        raise ConfigError(f"{where}evaluation: expected an object with a protocol")
    protocol = evaluation.get("protocol")
    if protocol is None:
        raise ConfigError(f"{where}evaluation.protocol: missing (one of {', '.join(PROTOCOLS)})")
    if not isinstance(protocol, str) or protocol not in PROTOCOL_OPTIONS:
        raise ConfigError(
            f"{where}evaluation.protocol: unknown protocol {json.dumps(protocol)[:60]} "
            f"(expected {', '.join(PROTOCOLS)})"
        )
    options = _options(evaluation, protocol, where)
    if protocol == "exact-match":
        return ExactMatchJudge(
            case_sensitive=options.get("case_sensitive", False),
            normalize_whitespace=options.get("normalize_whitespace", True),
        )
    if protocol == "deletion-check":
        return DeletionCheckJudge(
            deleted_content_field=options.get(
                "deleted_content_field", DEFAULT_DELETED_CONTENT_FIELD
            ),
            verification_query_field=options.get("verification_query_field"),
            fuzzy_match=options.get("fuzzy_match", False),
        )
    if model is None:
        raise ConfigError(
            f"{where}evaluation.protocol: llm-as-judge needs a judge model (a model spec such as "
            "openai:<model>, anthropic:<model> or claude); or score with --judge rubric"
        )
    instructions: dict[str, str] = {}
    file = options.get("type_instructions_file")
    if file is not None:
        # Checked again here, not only by validate: nothing outside the benchmark folder (a
        # ../ path, an absolute one, a symlink out) is read, let alone sent to the judge model.
        outside = outside_folder(Path(benchmark_dir), file)
        if outside is not None:
            raise ConfigError(f"{where}evaluation.type_instructions_file: {outside}")
        instructions = read_type_instructions(Path(benchmark_dir) / file, where=where)
    return TypedLlmJudge(
        model, type_instructions=instructions, type_field=options.get("type_field")
    )
