"""The LLM generation pipeline: a persona from a prompt, its day logs, and what is derived from them.

Each pass runs on any text model (:mod:`recallbench.models`: CLI agents, HTTP providers, Python
objects), bounds its concurrency, gives every model call a deadline, writes each file atomically the
moment it exists, and resumes where it stopped — a rerun never pays twice for a finished file:

* :func:`create_persona` / :func:`create_arcs` (``recallbench create-persona``): ``persona.yaml`` with a
  principal, a cast and sessions, and an ``arcs-<N>d.yaml`` story;
* :func:`generate_days` (Pass 1, ``recallbench generate``): one call per active session per day,
  planned by :mod:`.planning`, with a history window and arc summaries rebuilt from the files on disk
  (:mod:`.history`);
* :func:`generate_conversations` (Pass 2) and :func:`generate_tool_calls` (Pass 3);
* :func:`generate_qa` (``recallbench generate-qa``): checkpoint-windowed Q&A, standard or boundary.

Modules: ``_common`` (the model call and token totals), ``daylogs`` (what the per-day passes share),
``planning``, ``history``, ``day_prompts``, ``days``, ``create``/``create_prompts``/``normalise``,
``conversations``, ``tool_calls``, ``qa``/``qa_parse``/``qa_prompts``/``qa_store``.

Beside the LLM pipeline, :mod:`.synth` is the other way a persona is written: the deterministic engine
behind the six shipped personas (no model, byte-for-byte reproducible, every answer provable). The two
share nothing but the persona format; importing this package loads neither until a name is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from ._common import GenerationUsage
    from .conversations import ConversationOptions, generate_conversations
    from .create import CreatedPersona, create_arcs, create_persona, write_created
    from .daylogs import DayPassFailure, DayPassProgress, DayPassResult
    from .days import DayFailure, DayProgress, GenerateOptions, GenerateResult, generate_days
    from .planning import DayPlan, plan_story
    from .qa import QaFailure, QaOptions, QaProgress, QaResult, generate_qa
    from .tool_calls import ToolCallOptions, generate_tool_calls

__all__ = [
    "ConversationOptions",
    "CreatedPersona",
    "DayFailure",
    "DayPassFailure",
    "DayPassProgress",
    "DayPassResult",
    "DayPlan",
    "DayProgress",
    "GenerateOptions",
    "GenerateResult",
    "GenerationUsage",
    "QaFailure",
    "QaOptions",
    "QaProgress",
    "QaResult",
    "ToolCallOptions",
    "create_arcs",
    "create_persona",
    "generate_conversations",
    "generate_days",
    "generate_qa",
    "generate_tool_calls",
    "plan_story",
    "write_created",
]

_LAZY = {
    "ConversationOptions": "conversations",
    "CreatedPersona": "create",
    "DayFailure": "days",
    "DayPassFailure": "daylogs",
    "DayPassProgress": "daylogs",
    "DayPassResult": "daylogs",
    "DayPlan": "planning",
    "DayProgress": "days",
    "GenerateOptions": "days",
    "GenerateResult": "days",
    "GenerationUsage": "_common",
    "QaFailure": "qa",
    "QaOptions": "qa",
    "QaProgress": "qa",
    "QaResult": "qa",
    "ToolCallOptions": "tool_calls",
    "create_arcs": "create",
    "create_persona": "create",
    "generate_conversations": "conversations",
    "generate_days": "days",
    "generate_qa": "qa",
    "generate_tool_calls": "tool_calls",
    "plan_story": "planning",
    "write_created": "create",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
