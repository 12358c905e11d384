"""Model selector strings (``--model``, ``--judge``, profile ``models.*``) parsed into records.

One pure parser, no I/O and no imports beyond the standard library and attrs. A selector is, in the
order the reference resolves them (§4.5)::

    claude | codex | copilot              a CLI agent (exact, lower case)
    openai                                OpenAI's gpt-4o-mini
    <provider>:<model>[;<endpoint>]       provider openai, anthropic or azure (any case)
    pkg.module[:attr]                     a Python object (default attribute ``model``)
    path/to/file.py[:attr]                the same, from a source file

The provider form splits at the first ``:`` and then at the first ``;``, so an endpoint may hold
colons and semicolons (``openai:llama3;http://127.0.0.1:8000/v1``). Unlike the reference CLI, which
checked an ``openai:`` prefix before the general form and so read ``openai:m;url`` as the model
``m;url``, the endpoint is honoured for every provider: that is how a local vLLM, llama.cpp or
Ollama server is named.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Literal, get_args

import attrs

from .._importing import parse_object_spec
from ..errors import ConfigError

__all__ = [
    "AGENTS",
    "DEFAULT_OPENAI_MODEL",
    "MODEL_SPEC_FORMS",
    "PROVIDERS",
    "Agent",
    "ModelSpec",
    "Provider",
    "SpecKind",
    "format_model_spec",
    "named_model",
    "parse_model_spec",
    "suggest_model_spec",
]

Agent = Literal["claude", "codex", "copilot"]
Provider = Literal["openai", "anthropic", "azure"]
SpecKind = Literal["agent", "provider", "python"]

AGENTS: tuple[Agent, ...] = get_args(Agent)
"""The built-in CLI agents, matched exactly."""
PROVIDERS: tuple[Provider, ...] = get_args(Provider)
"""The HTTP providers, matched case-insensitively."""
DEFAULT_OPENAI_MODEL = "gpt-4o-mini"
"""The model the bare ``openai`` selector names."""

MODEL_SPEC_FORMS = (
    "claude | codex | copilot | openai | openai:<model>[;<endpoint>] | "
    "anthropic:<model>[;<endpoint>] | azure:<deployment>[;<endpoint>] | "
    "pkg.module:attr | path/to/file.py[:attr]"
)
"""Every accepted form, as error messages list them."""


def _error(spec: str, problem: str) -> ConfigError:
    suggestion = suggest_model_spec(spec)
    hint = f" (did you mean {suggestion}?)" if suggestion else ""
    return ConfigError(f'model spec "{spec}": {problem}{hint}; expected one of: {MODEL_SPEC_FORMS}')


_OPENAI_MODEL = re.compile(r"^(?:gpt|chatgpt|o[1-9]|text-|davinci|babbage)", re.IGNORECASE)
_ANTHROPIC_MODEL = re.compile(r"^claude[-_.0-9]", re.IGNORECASE)
_PLACEHOLDERS = {"anthropic": "anthropic:<model>", "azure": "azure:<deployment>"}


def suggest_model_spec(spec: str, names: tuple[str, ...] = ()) -> str | None:
    """The selector a mistyped one most likely meant, for error messages; None when nothing is close.

    ``gpt-4o-mini`` → ``openai:gpt-4o-mini``, ``claude-sonnet-4-5`` → ``anthropic:claude-sonnet-4-5``,
    ``Claude`` → ``claude``, ``anthropic`` → ``anthropic:<model>``, ``antropic:m`` or ``anthropic/m`` →
    ``anthropic:m``; ``names`` are further bare names to match (a judge's ``stub``, ``rubric``).
    """
    text = spec.strip()
    lowered = text.lower()
    if lowered in AGENTS:
        return lowered if text != lowered else None
    if lowered in _PLACEHOLDERS:
        return _PLACEHOLDERS[lowered]
    for separator in (":", "/"):
        head, sep, rest = text.partition(separator)
        if sep and rest.strip() and not rest.startswith("/"):
            close = difflib.get_close_matches(head.strip().lower(), PROVIDERS, n=1, cutoff=0.7)
            if close and (separator == "/" or head.strip().lower() != close[0]):
                return f"{close[0]}:{rest.strip()}"
    if " " not in text:
        if _ANTHROPIC_MODEL.match(text):
            return f"anthropic:{text}"
        if _OPENAI_MODEL.match(text):
            return f"openai:{text}"
    close = difflib.get_close_matches(lowered, (*AGENTS, "openai", *names), n=1, cutoff=0.75)
    return close[0] if close and close[0] != text else None


def _provider_head(text: str) -> Provider | None:
    """The provider a ``<provider>:...`` string names, or None when the head is no provider."""
    head, sep, _ = text.partition(":")
    lowered = head.strip().lower()
    for provider in PROVIDERS:
        if sep and lowered == provider:
            return provider
    return None


def named_model(spec: str) -> str | None:
    """The CLI agent (``claude``, ``codex``, ``copilot``) or provider (``openai``, ``anthropic``,
    ``azure``) a selector names, without checking the rest of it; None for anything else (a Python
    spec, ``stub``, ``rubric``). :func:`parse_model_spec` then validates the whole selector."""
    text = spec.strip()
    if text in AGENTS:
        return text
    if text.lower() == "openai":
        return "openai"
    return _provider_head(text)


def _is_python_target(text: str) -> bool:
    """Whether (stripped) text names a Python object: the one grammar of
    :func:`recallbench._importing.parse_object_spec`, which opens nothing."""
    try:
        parse_object_spec(text)
    except ConfigError:
        return False
    return True


def _check(spec: ModelSpec) -> None:
    """Refuse a record that the parser could not have produced: every ModelSpec formats to a string
    that parses back to it."""
    fields = {"agent": spec.agent, "provider": spec.provider, "model": spec.model}
    fields |= {"endpoint": spec.endpoint, "target": spec.target}
    wanted = {
        "agent": ("agent",),
        "provider": ("provider", "model", "endpoint"),
        "python": ("target",),
    }[spec.kind]
    stray = [name for name, value in fields.items() if value is not None and name not in wanted]
    if stray:
        raise ConfigError(f"a {spec.kind} ModelSpec takes no {', '.join(stray)}")
    if spec.kind == "agent":
        if spec.agent not in AGENTS:
            raise ConfigError(f"agent must be one of {', '.join(AGENTS)}, got {spec.agent!r}")
    elif spec.kind == "provider":
        if spec.provider not in PROVIDERS:
            raise ConfigError(
                f"provider must be one of {', '.join(PROVIDERS)}, got {spec.provider!r}"
            )
        model = spec.model
        if model is None or not model or model != model.strip() or ";" in model:
            raise ConfigError(
                f"model must be non-empty, without surrounding whitespace or ';', got {model!r}"
            )
        endpoint = spec.endpoint
        if endpoint is not None and (not endpoint or endpoint != endpoint.strip()):
            raise ConfigError(
                f"endpoint must be None or non-empty without surrounding whitespace, got {endpoint!r}"
            )
    else:
        target = spec.target
        if (
            target is None
            or target != target.strip()
            or not _is_python_target(target)
            or target in AGENTS
            or target.lower() == "openai"
            or _provider_head(target) is not None
        ):
            raise ConfigError(
                "target must be pkg.module[:attr] or path/to/file.py[:attr] (and not a CLI agent "
                f"or provider selector), got {target!r}"
            )


def _validate(instance: ModelSpec, _attribute: attrs.Attribute[Any], _value: object) -> None:
    _check(instance)


@attrs.frozen(kw_only=True)
class ModelSpec:
    """A parsed model selector. Build one with :func:`parse_model_spec`, or directly.

    Attributes:
        kind: ``agent``, ``provider`` or ``python``; the other fields that kind uses are set, the
            rest are None.
        agent: the CLI agent (kind ``agent``).
        provider: the HTTP provider, lower case (kind ``provider``).
        model: the model id; the deployment name for Azure (kind ``provider``).
        endpoint: the base URL overriding the provider's default, or None (kind ``provider``).
        target: the ``pkg.module[:attr]`` or ``path/to/file.py[:attr]`` spec (kind ``python``).

    Raises:
        ConfigError: the fields do not fit the kind (a record the parser could not produce).
    """

    kind: SpecKind
    agent: Agent | None = None
    provider: Provider | None = None
    model: str | None = None
    endpoint: str | None = None
    # The check needs every field, so it runs once, on the last one.
    target: str | None = attrs.field(default=None, validator=_validate)


def parse_model_spec(spec: str) -> ModelSpec:
    """Parse a model selector (see the module docstring for the grammar).

    Args:
        spec: the selector; surrounding whitespace is ignored.

    Returns:
        The parsed selector.

    Raises:
        ConfigError: the selector is empty, names a provider without a model, or is not a module
            path or Python file either. The message quotes the spec and lists the accepted forms.
    """
    text = spec.strip()
    if not text:
        raise _error(spec, "empty")
    if text in AGENTS:
        return ModelSpec(kind="agent", agent=_agent(text))
    if text.lower() == "openai":
        return ModelSpec(kind="provider", provider="openai", model=DEFAULT_OPENAI_MODEL)
    provider = _provider_head(text)
    if provider is not None:
        rest = text.partition(":")[2]
        model, _, endpoint = (part.strip() for part in rest.partition(";"))
        if not model:
            raise _error(spec, f"no model after {provider}:")
        return ModelSpec(kind="provider", provider=provider, model=model, endpoint=endpoint or None)
    if not _is_python_target(text):
        raise _error(spec, "not a CLI agent, a provider or a module path / Python file")
    return ModelSpec(kind="python", target=text)


def _agent(text: str) -> Agent:
    for agent in AGENTS:
        if agent == text:
            return agent
    raise AssertionError(text)  # pragma: no cover - the caller checked membership


def format_model_spec(spec: ModelSpec) -> str:
    """The selector string for a spec: ``parse_model_spec(format_model_spec(s)) == s``.

    Providers are always written in full (``openai:gpt-4o-mini``), which also serves as the
    display name of a model.
    """
    if spec.kind == "agent":
        assert spec.agent is not None
        return spec.agent
    if spec.kind == "provider":
        text = f"{spec.provider}:{spec.model}"
        return f"{text};{spec.endpoint}" if spec.endpoint is not None else text
    assert spec.target is not None
    return spec.target
