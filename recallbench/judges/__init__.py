"""Judges: the LLM judge over any text model, the offline rubric judge, and the judge cache."""

from __future__ import annotations

__all__: list[str] = []
