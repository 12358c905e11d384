"""``run``'s flags for the built-in adapters that answer with a model (``builtin:full-context``,
``builtin:rag``): ``--adapter-model`` and ``--context-tokens``, merged into the adapter's config.
An ``mcp:`` adapter takes ``--adapter-model`` as its ``answer.model`` (docs/mcp.md).

The flags win over the profile's ``harness.config`` keys ``model`` and ``contextTokens``. The
judge-cache switches govern the model-call cache too, unless the config sets ``cache`` itself:
``--no-judge-cache`` turns it off, ``--judge-cache DIR`` keeps model calls in ``DIR/models``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import ConfigError
from ._common import positive_int

__all__ = ["MODEL_BUILTINS", "adapter_model_config", "add_adapter_model_args"]

MODEL_BUILTINS = ("full-context", "rag")
"""The built-in adapters that answer with a model."""


def add_adapter_model_args(group: Any) -> None:
    """Add ``--adapter-model`` and ``--context-tokens`` to ``run``'s adapter group."""
    group.add_argument(
        "--adapter-model",
        metavar="SPEC",
        help="the model builtin:full-context and builtin:rag answer with (openai[:MODEL[;URL]], "
        "anthropic:MODEL[;URL], azure:DEPLOYMENT[;URL], claude|codex|copilot, pkg.module[:attr]); "
        "their config key 'model'",
    )
    group.add_argument(
        "--context-tokens",
        type=positive_int,
        metavar="N",
        help="builtin:full-context's prompt budget in estimated tokens (chars / 4; default 100000); "
        "its config key 'contextTokens'",
    )


def adapter_model_config(
    args: argparse.Namespace, adapter_spec: str, config: dict[str, Any]
) -> dict[str, Any]:
    """``config`` with the flags merged in, checked by building the adapter once (no model is built
    until ``setup``), so a missing model fails the run at once.

    Raises:
        ConfigError: a flag given for an adapter that takes no model, or a config the adapter
            refuses (no model, a bad key).
    """
    text = adapter_spec.strip().lower()
    # Parsed here: the registry imports every built-in (numpy with the dense one).
    name = text.removeprefix("builtin:").strip() if text.startswith("builtin:") else ""
    model = getattr(args, "adapter_model", None)
    context = getattr(args, "context_tokens", None)
    if text.startswith("mcp:"):
        return _mcp_model_config(args, adapter_spec, config, model, context)
    if name not in MODEL_BUILTINS:
        if model is not None or context is not None:
            flag = "--adapter-model" if model is not None else "--context-tokens"
            raise ConfigError(
                f"{flag} applies to builtin:full-context, builtin:rag and mcp: adapters, not "
                f"{adapter_spec}"
            )
        return config
    if context is not None and name != "full-context":
        raise ConfigError(f"--context-tokens applies to builtin:full-context, not {adapter_spec}")
    merged = dict(config)
    if model is not None:
        merged["model"] = model
    if context is not None:
        merged["contextTokens"] = context
    if "cache" not in merged:
        if args.no_judge_cache:
            merged["cache"] = False
        elif args.judge_cache is not None:
            merged["cache"] = str(args.judge_cache / "models")
    from ..adapters.builtin import builtin_adapter

    builtin_adapter(adapter_spec, merged)
    return merged


def _mcp_model_config(
    args: argparse.Namespace,
    adapter_spec: str,
    config: dict[str, Any],
    model: str | None,
    context: int | None,
) -> dict[str, Any]:
    """An ``mcp:`` adapter's config with ``--adapter-model`` as its ``answer.model`` (and the
    judge-cache switches as ``answer.cache``); the spec itself is checked when it is loaded."""
    if context is not None:
        raise ConfigError(f"--context-tokens applies to builtin:full-context, not {adapter_spec}")
    if model is None:
        return config
    answer = dict(config.get("answer") or {})
    answer["model"] = model
    if "cache" not in answer:
        if args.no_judge_cache:
            answer["cache"] = False
        elif args.judge_cache is not None:
            answer["cache"] = str(args.judge_cache / "models")
    return {**config, "answer": answer}
