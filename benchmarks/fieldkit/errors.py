"""The one error the field tooling raises on bad input: printed as one line, exit 2."""

from __future__ import annotations

__all__ = ["Refusal"]


class Refusal(Exception):
    """Bad input or an unsafe state, said in one line naming the flag, file or port."""
