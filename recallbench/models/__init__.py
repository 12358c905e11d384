"""Text models: HTTP providers, CLI agents and Python objects, behind one ``complete`` shape.

``import recallbench.models`` stays cheap: providers import aiohttp only when they are built.
"""

from __future__ import annotations

from .base import Completion, TextModel, complete, to_completion

__all__ = ["Completion", "TextModel", "complete", "to_completion"]
