"""Text models: HTTP providers, CLI agents and Python objects, behind one ``complete`` shape.

``import recallbench.models`` stays cheap: every name here is imported on first access (a run that
only parses a model spec, through :mod:`.spec`, loads neither the factory nor a provider), and
providers import aiohttp only when they are built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from .anthropic import AnthropicModel
    from .azure import AzureOpenAIModel
    from .base import Completion, TextModel, complete, to_completion
    from .factory import aclose_model, describe_model, load_model
    from .http import ProviderError
    from .openai import OpenAIModel
    from .spec import ModelSpec, format_model_spec, parse_model_spec

__all__ = [
    "AnthropicModel",
    "AzureOpenAIModel",
    "Completion",
    "ModelSpec",
    "OpenAIModel",
    "ProviderError",
    "TextModel",
    "aclose_model",
    "complete",
    "describe_model",
    "format_model_spec",
    "load_model",
    "parse_model_spec",
    "to_completion",
]

# Every name and its module, loaded on first access (PEP 562), not with the package.
_LAZY = {
    "AnthropicModel": "anthropic",
    "AzureOpenAIModel": "azure",
    "Completion": "base",
    "ModelSpec": "spec",
    "OpenAIModel": "openai",
    "ProviderError": "http",
    "TextModel": "base",
    "aclose_model": "factory",
    "complete": "base",
    "describe_model": "factory",
    "format_model_spec": "spec",
    "load_model": "factory",
    "parse_model_spec": "spec",
    "to_completion": "base",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
