"""The keys a run profile may hold, in either of its formats, and the message naming the nearest key
when one is not known (``docs/profiles.md``)."""

from __future__ import annotations

import difflib
from collections.abc import Mapping

__all__ = [
    "COMMAND_LINE_ONLY",
    "FLAT_KEYS",
    "FLAT_TO_SECTION",
    "SECTION_KEYS",
    "SECTION_RUN_KEYS",
    "flat_name",
    "unknown_key_message",
]

SECTION_KEYS: Mapping[str, tuple[str, ...]] = {
    "persona": ("id", "dir", "arcs"),
    "env": ("file",),
    "models": ("generation", "judge", "appellateJudge", "creation", "conversation"),
    "harness": ("adapter", "factory", "config"),
    "run": (
        "ranges",
        "seed",
        "timeout",
        "parallelism",
        "sample",
        "judgeMemoryWindow",
        "groupsEnabled",
        "lifecycle",
        "maxCost",
        "prices",
    ),
    "generate": ("days", "start", "end", "temperature", "maxTokens", "historyWindow"),
}
"""The reference's format: each section and its keys (camelCase, as the reference spells them)."""

FLAT_TO_SECTION: Mapping[str, str] = {
    "adapter": "harness.adapter",
    "config": "harness.config",
    "data": "persona.dir",
    "personas": "persona.id",
    "arcs": "persona.arcs",
    "judge": "models.judge",
    "appellate-judge": "models.appellateJudge",
    "ranges": "run.ranges",
    "sample": "run.sample",
    "seed": "run.seed",
    "groups-enabled": "run.groupsEnabled",
    "judge-memory-window": "run.judgeMemoryWindow",
    "lifecycle": "run.lifecycle",
    "parallelism": "run.parallelism",
    "timeout": "run.timeout",
    "max-cost": "run.maxCost",
    "prices": "run.prices",
    "env-file": "env.file",
}
"""The flat format: each key (a ``recallbench run`` flag, or ``config`` / ``env-file``) and where the
reference's format holds the same setting (``data`` and ``personas`` only approximately: the
reference names one persona directory, whose parent is the data root)."""

FLAT_KEYS: tuple[str, ...] = tuple(FLAT_TO_SECTION)
"""The keys of a flat profile."""

SECTION_RUN_KEYS: Mapping[str, str] = {
    flat: section.partition(".")[2]
    for flat, section in FLAT_TO_SECTION.items()
    if section.startswith("run.")
}
"""The ``run`` section's keys, by the flag each one stands for (``groups-enabled`` → ``groupsEnabled``)."""

COMMAND_LINE_ONLY: tuple[str, ...] = (
    "help",
    "profile",
    # Where and how widely the units run: the machine's business, not the benchmark's.
    "executor",
    "ray-address",
    "unit-parallelism",
    "num-cpus-per-unit",
    "num-gpus-per-unit",
    # The model of the data's own default judge: a profile names its judge in models.judge.
    "judge-model",
    # The model baselines' settings: a profile sets them in harness.config (model, contextTokens).
    "adapter-model",
    "context-tokens",
    "judge-cache",
    "no-judge-cache",
    "no-judge-check",
    "max-errors",
    "max-adapter-errors",
    "ignore-irrelevant-after",
    "repeat-checkpoints",
    "setup-timeout",
    "ingest-timeout",
    "teardown-timeout",
    "grpc-timeout",
    "grpc-ca-file",
    "grpc-token-file",
    "grpc-max-message-mb",
    "grpc-unary",
    "dry-run",
    "skip-unsupported",
    "skip-preflight",
    "verbose",
    "json",
    "heatmap",
    "output",
    "no-save",
    "json-out",
    "no-heatmap-png",
    "no-html",
    "question-log",
    "no-question-log",
    "keep-snippets",
    "progress-jsonl",
    "failure-log",
    "resume",
    "skip-catchup-ingest",
    # Repeats, judge panels and the interval threshold: flags only, not profile keys yet (a
    # profile names one judge in models.judge); the run's fingerprint records them all.
    "epochs",
    "ci-width",
    "judge-epochs",
    "panel-aggregate",
    # A retry names an ended run's folder: one invocation's business.
    "retry-errors",
)
"""The ``recallbench run`` flags a profile does not set: output, resume, limits and connection
settings of one invocation (a test keeps this list and :data:`FLAT_KEYS` covering every flag).
A benchmark family's flags (``--<family>-…``) are not set by a profile either: they go with
``--data`` on the command line."""


def flat_name(key: str) -> str:
    """A flat key as the flag spells it: ``groups_enabled`` → ``groups-enabled``."""
    return key.replace("_", "-")


def _folded(key: str) -> str:
    return key.lower().replace("-", "").replace("_", "")


def _nearest(key: str, candidates: tuple[str, ...]) -> str | None:
    """The candidate ``key`` most likely meant: the same word spelt another way (``groups_enabled``,
    ``groupsEnabled``), else the closest by edit similarity."""
    folded = _folded(key)
    for candidate in candidates:
        if _folded(candidate) == folded:
            return candidate
    close = difflib.get_close_matches(key, candidates, n=1, cutoff=0.6)
    return close[0] if close else None


def _elsewhere(key: str, skip: str | None) -> str | None:
    """``section.key`` when ``key`` (spelt any way) belongs to another section."""
    for section, keys in SECTION_KEYS.items():
        if section == skip:
            continue
        for candidate in keys:
            if _folded(candidate) == _folded(key):
                return f"{section}.{candidate}"
    return None


def unknown_key_message(section: tuple[str, ...], key: str) -> str:
    """What to say about a key the profile's format does not have, at the top level
    (``section`` empty) or inside a section: the nearest known key and what the place takes."""
    if not section:
        suggestion = _nearest(key, (*SECTION_KEYS, *FLAT_KEYS)) or _elsewhere(key, None)
        hint = f' (did you mean "{suggestion}"?)' if suggestion else ""
        return (
            f'unknown key "{key}"{hint}: a profile holds either the reference\'s sections '
            f"({', '.join(SECTION_KEYS)}) or flat keys named after the run flags "
            f"({', '.join(FLAT_KEYS)}); see docs/profiles.md"
        )
    name = section[0]
    keys = SECTION_KEYS[name]
    nearest = _nearest(key, keys)
    suggestion = f"{name}.{nearest}" if nearest else _elsewhere(key, name)
    hint = f' (did you mean "{suggestion}"?)' if suggestion else ""
    return f'unknown key "{name}.{key}"{hint}: "{name}" takes {", ".join(keys)}'
