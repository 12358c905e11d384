"""Recall Bench's persona folders: the default benchmark family (:class:`PersonaFolders`).

A data folder whose sub-folders hold ``persona.yaml``: each a persona that lives up to 1,000 days,
its day logs and questions selected by an arcs file (``arcs-180d.yaml`` → ``memories-180d/``,
``qa-180d/``). The persona format itself is the core's own (:mod:`recallbench.data.dataset`):
other families write their data in it. This family adds what a run over persona folders needs
around it: recognising them, the arcs-file hints, validation (``--deep`` included) and the
preflight's checks.
"""

from __future__ import annotations

from .family import PersonaFolders, benchmark

__all__ = ["PersonaFolders", "benchmark"]
