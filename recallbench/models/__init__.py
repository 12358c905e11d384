"""Text models: HTTP providers, CLI agents and Python objects, behind one ``complete`` shape.

``import recallbench.models`` stays cheap: providers import aiohttp only when they are built, and
the provider classes named here are imported on first access.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..modelspec import ModelSpec, format_model_spec, parse_model_spec
from .base import Completion, TextModel, complete, to_completion
from .factory import aclose_model, describe_model, load_model

if TYPE_CHECKING:
    from .anthropic import AnthropicModel
    from .azure import AzureOpenAIModel
    from .http import ProviderError
    from .openai import OpenAIModel

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

# Names whose modules import aiohttp: loaded on first access (PEP 562), not with the package.
_LAZY = {
    "AnthropicModel": ".anthropic",
    "AzureOpenAIModel": ".azure",
    "OpenAIModel": ".openai",
    "ProviderError": ".http",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
