"""Text models: HTTP providers, CLI agents and Python objects, behind one ``complete`` shape.

``import recallbench.models`` stays cheap: providers import aiohttp only when they are built, and
the provider classes named here are imported on first access.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr
from .base import Completion, TextModel, complete, to_completion
from .factory import aclose_model, describe_model, load_model
from .spec import ModelSpec, format_model_spec, parse_model_spec

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
    "AnthropicModel": "anthropic",
    "AzureOpenAIModel": "azure",
    "OpenAIModel": "openai",
    "ProviderError": "http",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
