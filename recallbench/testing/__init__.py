"""Fakes and fixtures for testing recallbench and the memory systems benchmarked with it.

* :class:`ScriptedAdapter` and :class:`ScriptedJudge` record every call and take knobs for delays, hangs
  and failures; they are real objects the harness drives, not patches.
* :class:`ScriptedModel` is a text model that answers from a script and records its prompts.
* :func:`write_persona` writes a small, valid persona directory whose every answer is checkable: day ``n``
  states "the access code for day n is CODE-n". Tests corrupt a copy of it to check error paths, and
  adapters can run against it in a second.
"""

from __future__ import annotations

from ._scripted import (
    ScriptedAdapter,
    ScriptedJudge,
    ScriptedSnapshotAdapter,
    containment_judge,
    day_code,
    recall_by_date,
    write_persona,
)
from .models import ModelCall, ScriptedModel

__all__ = [
    "ModelCall",
    "ScriptedAdapter",
    "ScriptedJudge",
    "ScriptedModel",
    "ScriptedSnapshotAdapter",
    "containment_judge",
    "day_code",
    "recall_by_date",
    "write_persona",
]
