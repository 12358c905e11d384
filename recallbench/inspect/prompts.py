"""The prompts of the two modes in which the model under evaluation answers (docs/how-to/inspect.md).

*Model reads memory* (``-T solver=model``): the memory system is asked the question as ``recallbench
run`` asks it (its ``query_detail``), and the model is given what came back — the memory system's own
answer (many memory systems answer with the memories they found) and the entries it retrieved, best
first, each with its day and snippet as the system reported them — under the system prompt of the
built-in model baselines (:func:`~recallbench.adapters.answering.answer_system`: answer from the
memory only, the most recent value counts, say the abstention phrase when the memory does not say).

*Agent uses memory* (``-T solver=agent``): the model is given the memory server's read-only tools and
the question, and looks up what it needs itself.

Both end with the question's date (its own, else the date of the last day ingested, as the model
baselines date a question) and the question.
"""

from __future__ import annotations

from ..adapters._memory import ABSTENTION
from ..adapters.base import QueryDetail

__all__ = [
    "AGENT_SYSTEM",
    "agent_prompt",
    "memory_prompt",
    "memory_system",
]


def memory_system() -> str:
    """The system prompt of *model reads memory*: the built-in model baselines' own (imported when
    asked: the baselines' module brings BM25 with it)."""
    from ..adapters.answering import answer_system

    return answer_system()


AGENT_SYSTEM = (
    "You are a personal assistant with a long-term memory kept in a memory server. Look up what "
    "the question needs with the memory tools you are given (they only read the memory), then "
    "answer. Reply with the answer alone, in a short phrase or one sentence; when the memory holds "
    "several values for the same thing, the most recent one counts. If the memory does not say, "
    f"reply exactly: {ABSTENTION}"
)
"""The system prompt of *agent uses memory*."""

_MEMORY_HEAD = "Your memory system was asked the question. Its answer, from what it holds:"
_ENTRIES_HEAD = "The memories it retrieved, best first:"


def _tail(question: str, date: str | None) -> str:
    when = f"Current date: {date}\n" if date else ""
    return f"{when}Question: {question}\nAnswer:"


def memory_prompt(detail: QueryDetail, question: str, date: str | None) -> str:
    """The user message of *model reads memory*: the memory system's answer, the entries it
    retrieved (``[rank] Day N, session S (path): snippet``), the date and the question."""
    parts = [f"{_MEMORY_HEAD}\n{detail.answer.strip() or '(nothing)'}"]
    if detail.retrieval:
        lines = []
        for rank, entry in enumerate(detail.retrieval, start=1):
            where = f"Day {entry.day}" if entry.day is not None else "Day unknown"
            text = (entry.snippet or "").strip() or "(no text reported)"
            lines.append(f"[{rank}] {where} ({entry.path}): {text}")
        parts.append(f"{_ENTRIES_HEAD}\n" + "\n".join(lines))
    elif detail.retrieval is not None:
        parts.append(f"{_ENTRIES_HEAD}\n(nothing matched)")
    return "\n\n".join([*parts, _tail(question, date)])


def agent_prompt(question: str, date: str | None) -> str:
    """The user message of *agent uses memory*: the date and the question."""
    when = f"Current date: {date}\n" if date else ""
    return f"{when}Question: {question}"
