"""A BEAM chat file read one session at a time: each batch a session at its date, each message a line
with its id.

A chat file is a JSON list of batches ``{"batch_number", "turns": [[message, …], …],
"time_anchor"}``; a turn group is a list of messages ``{"role", "id", "content", …}``. A 10M
conversation's combined file is a list of ten ``{"plan-<k>": [batch, …]}`` objects (ids global over
the plans); its plan folders' files are plain chat files whose ids restart at 0, renumbered here
exactly as the repository's ``combine_10m_chats`` (``src/beam/download_dataset.py``) does: each
plan after the first is shifted by the last id of the plan before it, plus one — unless that last
id is 0, where it shifts nothing.

**A session's date** is the ``time_anchor`` of its first message that has one (``March-03-2024``,
``%B-%d-%Y``), else the batch's own ``time_anchor`` (null in every file of the repository); a batch
with neither is a :class:`~recallbench.errors.DatasetError`.

**A session's text** (:func:`session_text`): a ``# session: S<n>`` heading (``n`` counts the
conversation's sessions from 1), a ``date:`` line with BEAM's anchor as written (and, for a 10M
conversation, a ``plan:`` line naming the plan folder — ``plan-0`` … ``plan-9``, as the folders and
the questions' ``plan_reference`` count, where the combined file's keys count from 1 — and the
batch), then each turn group under a
``### turn group <g>`` heading — one retrievable chunk per turn group for the lexical and dense
baselines — and each message as ``[<id>] <role>: <content>``, its content verbatim (the generation
markers ``->-> 1,2`` included, as the official long-context baseline feeds them), messages apart
by a blank line. ``<id>`` is the message's id as BEAM's ``source_chat_ids`` name it: the turn id a
system reports (``RetrievalEntry.turn``) for turn-level recall.

Streamed: :func:`iter_sessions` decodes one batch (one plan of a combined 10M file) at a time with
:func:`~recallbench.data.importers._jsonstream.iter_records` and renders it; what it keeps of a
session is its text and its ids.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from ...data.importers._jsonstream import iter_records
from ...errors import DatasetError
from .source import ChatSource, Conversation

__all__ = ["ANCHOR_FORMAT", "Session", "iter_sessions", "parse_anchor", "session_text"]

ANCHOR_FORMAT = "%B-%d-%Y"
"""How BEAM writes a session's date (``src/beam/utils.py``, ``parse_and_format_date``)."""

_PLAN_KEY = re.compile(r"^plan-(\d+)$")


@attrs.frozen(kw_only=True)
class Session:
    """One batch of a chat: its place, its date, its rendered text and its messages' ids.

    Attributes:
        number: its position in the conversation, from 1.
        where: how messages name it (``batch 2``, ``plan-3 batch 2``).
        anchor: the date as BEAM writes it.
        date: that date.
        text: the session as a day log's section (module docstring).
        ids: its messages' ids, in order.
    """

    number: int
    where: str
    anchor: str
    date: dt.date
    text: str = attrs.field(repr=False)
    ids: tuple[int, ...] = attrs.field(repr=False)


def parse_anchor(value: str) -> dt.date | None:
    """BEAM's ``March-03-2024`` as a date; None when it is not one."""
    try:
        return dt.datetime.strptime(value.strip(), ANCHOR_FORMAT).date()
    except ValueError:
        return None


class _Place:
    """Where a problem is: the file, the conversation and a field path."""

    def __init__(self, path: Path, conv: Conversation):
        self.path = path
        self.conv = conv

    def fail(self, field: str, message: str) -> DatasetError:
        return DatasetError(
            f"BEAM conversation {self.conv.label}: {field}: {message}", path=self.path
        )


def _message(place: _Place, field: str, raw: Any, shift: int) -> tuple[int, str, str]:
    if not isinstance(raw, dict):
        raise place.fail(field, "a message must be an object {role, id, content}")
    role = raw.get("role")
    if not isinstance(role, str) or not role.strip():
        raise place.fail(f"{field}.role", "missing or not a string")
    mid = raw.get("id")
    if isinstance(mid, bool) or not isinstance(mid, int):
        raise place.fail(f"{field}.id", f"missing or not a whole number: {mid!r}")
    content = raw.get("content")
    if not isinstance(content, str):
        raise place.fail(f"{field}.content", "missing or not a string")
    return mid + shift, role.strip(), content


def _anchor(place: _Place, field: str, batch: dict[str, Any]) -> tuple[str, dt.date]:
    anchor: Any = None
    where = f"{field}.time_anchor"
    for g, group in enumerate(batch["turns"]):
        for m, message in enumerate(group):
            if isinstance(message, dict) and message.get("time_anchor") is not None:
                anchor, where = message["time_anchor"], f"{field}.turns[{g}][{m}].time_anchor"
                break
        if anchor is not None:
            break
    if anchor is None:
        anchor = batch.get("time_anchor")
    if anchor is None:
        raise place.fail(
            f"{field}.turns[0][0].time_anchor", "missing: no message of the batch has a date"
        )
    if not isinstance(anchor, str):
        raise place.fail(where, f"not a string: {anchor!r}")
    date = parse_anchor(anchor)
    if date is None:
        raise place.fail(where, f"not a date like March-03-2024: {anchor!r}")
    return anchor.strip(), date


def session_text(number: int, anchor: str, plan: str | None, groups: list[list[str]]) -> str:
    """A session as a day log's section (module docstring); ``groups`` are each turn group's
    message lines."""
    head = [f"# session: S{number}", f"date: {anchor}"]
    if plan:
        head.append(f"plan: {plan}")
    parts = ["\n".join(head)]
    for g, lines in enumerate(groups, 1):
        parts.append(f"### turn group {g}\n" + "\n\n".join(lines))
    return "\n\n".join(parts) + "\n"


def _session(
    place: _Place, field: str, raw: Any, number: int, shift: int, plan: str | None
) -> Session:
    if not isinstance(raw, dict):
        raise place.fail(field, "a batch must be an object {batch_number, turns, time_anchor}")
    turns = raw.get("turns")
    if not isinstance(turns, list) or not turns:
        raise place.fail(f"{field}.turns", "missing, empty or not a list of turn groups")
    for g, group in enumerate(turns):
        if not isinstance(group, list) or not group:
            raise place.fail(f"{field}.turns[{g}]", "a turn group must be a non-empty list")
    anchor, date = _anchor(place, field, raw)
    ids: list[int] = []
    groups: list[list[str]] = []
    for g, group in enumerate(turns):
        lines = []
        for m, message in enumerate(group):
            mid, role, content = _message(place, f"{field}.turns[{g}][{m}]", message, shift)
            ids.append(mid)
            lines.append(f"[{mid}] {role}: {content}")
        groups.append(lines)
    batch = raw.get("batch_number")
    label = f"batch {batch}" if isinstance(batch, int) and not isinstance(batch, bool) else field
    where = f"{plan} {label}" if plan else label
    text = session_text(number, anchor, f"{plan}, {label}" if plan else None, groups)
    return Session(number=number, where=where, anchor=anchor, date=date, text=text, ids=tuple(ids))


def _plan_batches(place: _Place, index: int, record: Any) -> tuple[str, str, list[Any]]:
    """A combined 10M file's record ``{"plan-<k>": [batch, …]}``: its key, the plan folder it
    was made from (``plan-<k-1>``: the keys count from 1, the folders from 0) and its batches."""
    (key,) = record
    batches = record[key]
    if not isinstance(batches, list):
        raise place.fail(f"[{index}].{key}", "must be a list of batches")
    return key, f"plan-{int(key[5:]) - 1}", batches


def _is_plan_record(record: Any) -> bool:
    return (
        isinstance(record, dict) and len(record) == 1 and bool(_PLAN_KEY.match(next(iter(record))))
    )


def iter_sessions(conv: Conversation, source: ChatSource) -> Iterator[Session]:
    """The conversation's sessions in file order, one batch decoded at a time (module docstring).

    Raises:
        DatasetError: a malformed file, naming the file, the conversation and the field.
    """
    try:
        yield from _sessions(conv, source)
    except (
        DatasetError
    ) as exc:  # the stream's own errors (not JSON, not a list) name no conversation
        if exc.message.startswith("BEAM conversation"):
            raise
        raise DatasetError(
            f"BEAM conversation {conv.label}: {exc.message}", path=exc.path, line=exc.line
        ) from None


def _sessions(conv: Conversation, source: ChatSource) -> Iterator[Session]:
    number = 0
    last_id = 0  # combine_10m_chats's running last id: a plan's shift is it plus one
    for path in source.files:
        place = _Place(path, conv)
        shift = last_id + 1 if source.plans and last_id != 0 else 0
        plan = path.parent.name if source.plans else None
        seen = False
        for index, record in enumerate(iter_records(path, "BEAM chat")):
            seen = True
            if _is_plan_record(record):
                key, folder, batches = _plan_batches(place, index, record)
                for b, batch in enumerate(batches):
                    number += 1
                    yield _session(place, f"[{index}].{key}[{b}]", batch, number, 0, folder)
                continue
            number += 1
            session = _session(place, f"[{index}]", record, number, shift, plan)
            if session.ids:
                last_id = session.ids[-1]
            yield session
        if not seen:
            raise place.fail("[]", "the chat file holds no batches")
