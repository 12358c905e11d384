"""The message ids a piece of a BEAM day log holds: what a system retrieving chunks of the log would
report as the turns it retrieved (``RetrievalEntry.turn``).

A day log writes each message as ``[<id>] <role>: <content>`` (:mod:`.chat`); the built-in baselines
cut it into chunks at its ``### `` headings (:func:`~recallbench.adapters.retrieval.base.chunk_day`),
which BEAM's assistant replies use too. A chunk's turns are the ids of the messages that start in
it, after the id of the message it starts inside of when it does not start with one (a reply's
third section, and whatever follows it there). :func:`chunk_turns` gives them for every chunk of a day, under the path the built-in baselines
report it by (``memories/day-0005.md#S2/7``).
"""

from __future__ import annotations

import re

__all__ = ["chunk_turns", "message_ids"]

_MESSAGE = re.compile(r"(?m)^\[(\d+)\] [A-Za-z_]+: ")
_GROUP_HEADING = re.compile(r"\A### turn group \d+\n")


def message_ids(text: str) -> list[str]:
    """The ids of the messages that start in ``text``, in order.

    Examples:
        >>> message_ids("### turn group 1\\n[4] user: hi\\n\\n[5] assistant: hello")
        ['4', '5']
    """
    return _MESSAGE.findall(text)


def chunk_turns(day: int, content: str) -> dict[str, tuple[str, ...]]:
    """Each chunk of a day log by its path (``memories/day-0005.md#S2/7``), with the message ids it
    holds (module docstring)."""
    from ...adapters.retrieval.base import chunk_day

    out: dict[str, tuple[str, ...]] = {}
    last: dict[str | None, str] = {}
    for document in chunk_day(day, content):
        text = _GROUP_HEADING.sub("", document.text, count=1)
        ids = message_ids(text)
        session = document.session or None
        first = _MESSAGE.search(text)
        inside = text[: first.start() if first else len(text)].strip()
        if inside and session in last:
            ids = [last[session], *ids]
        if ids:
            last[session] = ids[-1]
        index = document.id.rpartition("/")[2]
        anchor = f"{session}/{index}" if session else index
        out[f"memories/day-{day:04d}.md#{anchor}"] = tuple(ids)
    return out
