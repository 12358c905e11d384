"""Build a text model from a selector string (``--model``, ``--judge``, profile ``models.*``).

The string is parsed by :func:`recallbench.models.spec.parse_model_spec`; this module turns the parsed
spec into an object. Providers and CLI agents are imported only when asked for, so importing this
module loads neither aiohttp nor the process machinery.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import cast

from ..errors import ConfigError
from .base import TextModel
from .spec import ModelSpec, format_model_spec, parse_model_spec

__all__ = ["DEFAULT_MODEL_ATTR", "aclose_model", "describe_model", "load_model"]

DEFAULT_MODEL_ATTR = "model"
"""The attribute a Python spec without ``:attr`` names."""


def _spec(spec: str | ModelSpec) -> ModelSpec:
    return spec if isinstance(spec, ModelSpec) else parse_model_spec(spec)


def describe_model(spec: str | ModelSpec) -> str:
    """The display name of a selector: ``claude``, ``openai:gpt-4o-mini``,
    ``azure:gpt-4o;https://x.openai.azure.com``, ``pkg.module:attr``.

    Raises:
        ConfigError: the selector does not parse.
    """
    return format_model_spec(_spec(spec))


def load_model(
    spec: str | ModelSpec, *, base_dir: Path | None = None, timeout: float | None = None
) -> TextModel:
    """A text model from a selector.

    * ``claude``, ``codex``, ``copilot``: a :class:`~recallbench.models.cli_agent.CliAgentModel`;
    * ``openai[:<model>[;<endpoint>]]``: an :class:`~recallbench.models.openai.OpenAIModel`;
    * ``anthropic:<model>[;<endpoint>]``: an :class:`~recallbench.models.anthropic.AnthropicModel`;
    * ``azure:<deployment>[;<endpoint>]``: an :class:`~recallbench.models.azure.AzureOpenAIModel`;
    * ``pkg.module[:attr]`` / ``path/to/file.py[:attr]`` (default attribute ``model``): an object
      with an async ``complete``, or a class instantiated without arguments that gives one.

    HTTP providers hold a connection pool: close them with ``await model.aclose()`` (or
    :func:`aclose_model`, which accepts any model) when done.

    Args:
        spec: the selector, or a parsed :class:`~recallbench.models.spec.ModelSpec`.
        base_dir: where relative file paths in a Python spec are resolved from.
        timeout: seconds per call (per attempt for HTTP providers); None: the model's default.
            Not applied to Python objects, which bring their own.

    Raises:
        ConfigError: the selector does not parse, a provider's key or endpoint is not set, or the
            Python spec cannot be loaded or does not give a text model.
    """
    parsed = _spec(spec)
    if parsed.kind == "agent":
        from .cli_agent import CliAgentModel

        assert parsed.agent is not None
        if timeout is None:
            return CliAgentModel(parsed.agent)
        return CliAgentModel(parsed.agent, timeout=timeout)
    if parsed.kind == "provider":
        try:
            return _provider(parsed, timeout)
        except ConfigError as exc:  # a missing key or endpoint: say which selector needed it
            raise ConfigError(f'model "{format_model_spec(parsed)}": {exc}') from exc
    assert parsed.target is not None
    return _python_model(parsed.target, base_dir)


def _provider(spec: ModelSpec, timeout: float | None) -> TextModel:
    assert spec.model is not None
    if spec.provider == "openai":
        from .openai import OpenAIModel

        if timeout is None:
            return OpenAIModel(spec.model, endpoint=spec.endpoint)
        return OpenAIModel(spec.model, endpoint=spec.endpoint, timeout=timeout)
    if spec.provider == "anthropic":
        from .anthropic import AnthropicModel

        if timeout is None:
            return AnthropicModel(spec.model, endpoint=spec.endpoint)
        return AnthropicModel(spec.model, endpoint=spec.endpoint, timeout=timeout)
    from .azure import AzureOpenAIModel

    if timeout is None:
        return AzureOpenAIModel(spec.model, endpoint=spec.endpoint)
    return AzureOpenAIModel(spec.model, endpoint=spec.endpoint, timeout=timeout)


def _python_model(target: str, base_dir: Path | None) -> TextModel:
    from .._importing import load_object

    obj = load_object(target, default_attr=DEFAULT_MODEL_ATTR, base_dir=base_dir)
    label = f'model "{target}"'
    if inspect.isclass(obj):
        cls = obj
        try:
            obj = cls()
        except Exception as exc:  # the user's class raised: a configuration problem to report
            raise ConfigError(
                f"{label}: instantiating {cls.__qualname__}() raised {type(exc).__name__}: {exc} "
                "(a model class is instantiated without arguments)"
            ) from exc
    complete = getattr(obj, "complete", None)
    if complete is None or not _is_async(complete):
        what = (
            getattr(obj, "__qualname__", repr(obj))
            if inspect.isroutine(obj)
            else f"a {type(obj).__name__} object"
        )
        found = "no complete method" if complete is None else "a complete that is not async"
        raise ConfigError(
            f"{label} did not produce a text model: {what} has {found}; a text model has "
            "async complete(system_prompt, user_message, *, temperature=None, max_tokens=None)"
        )
    return cast(TextModel, obj)  # checked above: it has an async complete


def _is_async(fn: object) -> bool:
    return inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(
        getattr(fn, "__call__", None)  # noqa: B004 - an async __call__ counts as async
    )


async def aclose_model(model: object) -> None:
    """Close a model's resources when it has any (an HTTP provider's session); else do nothing."""
    aclose = getattr(model, "aclose", None)
    if aclose is not None and callable(aclose):
        result = aclose()
        if inspect.isawaitable(result):
            await result
