"""The six arc types: how each plans its beats, writes its sections and states what it makes true.

Every value a question relies on is chosen when the arc is planned and written verbatim by the
renderer; :meth:`ArcPlan.candidates` returns the questions those values answer. ``validate --deep``
proves the two agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .arcbase import ArcPlan, World, spread_days
from .life_arcs import plan_correction, plan_learning, plan_relationship
from .project_arcs import plan_project
from .work_arcs import plan_decision, plan_incident

__all__ = ["ArcPlan", "World", "plan_arc", "spread_days"]

PLANNERS: dict[str, Callable[[Any, dict[str, Any], frozenset[int]], ArcPlan]] = {
    "project": plan_project,
    "incident": plan_incident,
    "decision": plan_decision,
    "learning": plan_learning,
    "relationship": plan_relationship,
    "correction": plan_correction,
}


def plan_arc(kind: str, spec: Any, base: dict[str, Any], blocked: frozenset[int]) -> ArcPlan:
    return PLANNERS[kind](spec, base, blocked)
