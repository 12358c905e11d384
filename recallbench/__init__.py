"""recallbench: benchmark the long-horizon memory of AI agents."""

from __future__ import annotations

__version__ = "0.1.0"
