"""BEAM conversations written as recallbench personas, one conversation at a time.

A conversation is a persona (``100K-01``): its sessions, in file order, are days at their dates
(the first session's date is day 1; two sessions of one date are two ``# session:`` sections of
that day), its probing questions its pairs (:mod:`.questions`), all asked once, after the whole
conversation (the run's ``full`` checkpoint), as BEAM asks them.

**A session dated out of order.** BEAM's sessions follow one another in time, but not always
(``10M/5`` opens with a session dated March-31-2025 before sessions of July 2024). A conversation's
order is its meaning — event-ordering questions ask in which order things were mentioned — so its
sessions are ingested in file order whatever their dates: the dates that keep the longest run of
the sessions in time are kept, and a session outside that run is dated as the session before it
(the one after it when it comes first), its ``date:`` line keeping BEAM's date. The conversations
with such a session are one warning of the import, naming each session and the date it was given.

:func:`convert_beam` writes the conversations under a folder with
:func:`~recallbench.data.write_native` — family ``beam``, the ten abilities as categories — streaming: a
conversation is read, written and let go before the next is read (a 10M conversation, about 31 M
characters, is the most held at once).
"""

from __future__ import annotations

import bisect
import datetime as dt
import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs

from ...data import NativeDay, NativePersona, write_native
from ...data.importers.dialog_refs import summarize_unreadable
from ...data.ranges import NAMED_RANGES
from ...errors import DatasetError
from .abilities import ABILITIES, size_label
from .chat import Session, iter_sessions
from .questions import read_probing
from .source import Conversation, chat_sources

__all__ = ["Converted", "convert_beam", "read_conversation", "session_days"]

_MAX_DAY = 9999


def day_number(epoch: dt.date, date: dt.date) -> int:
    """Day *n* is dated ``epoch + (n − 1)``."""
    return (date - epoch).days + 1


def _in_time(dates: Sequence[dt.date]) -> set[int]:
    """The positions of the longest run of ``dates`` (in order, not necessarily adjacent) that
    never goes back in time (the latest such run where several are as long)."""
    best = [0] * len(dates)
    back = [-1] * len(dates)
    for i, d in enumerate(dates):
        best[i] = 1
        for j in range(i):
            if dates[j] <= d and best[j] + 1 >= best[i]:
                best[i], back[i] = best[j] + 1, j
    keep: set[int] = set()
    i = max(range(len(dates)), key=lambda k: (best[k], k)) if dates else -1
    while i >= 0:
        keep.add(i)
        i = back[i]
    return keep


def session_days(dates: Sequence[dt.date]) -> tuple[list[dt.date], list[int]]:
    """Each session's date as it is ingested (module docstring), and the positions of those
    re-dated.

    Examples:
        >>> d = [dt.date(2025, 3, 31), dt.date(2024, 7, 2), dt.date(2024, 7, 3)]
        >>> placed, moved = session_days(d)
        >>> [x.isoformat() for x in placed], moved
        (['2024-07-02', '2024-07-02', '2024-07-03'], [0])
    """
    keep = sorted(_in_time(dates))
    placed = list(dates)
    moved = [i for i in range(len(dates)) if i not in set(keep)]
    for i in moved:
        k = bisect.bisect_left(keep, i)
        placed[i] = dates[keep[k - 1]] if k > 0 else dates[keep[k]]
    return placed, moved


@attrs.frozen(kw_only=True)
class Converted:
    """What :func:`convert_beam` wrote: the conversations and their question count."""

    ids: tuple[str, ...]
    questions: int


def _topic(conv: Conversation) -> str | None:
    try:
        raw = json.loads((conv.folder / "topic.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    title = raw.get("title") if isinstance(raw, dict) else None
    return title.strip() if isinstance(title, str) and title.strip() else None


def read_conversation(conv: Conversation, chat: str, warnings: list[str]) -> NativePersona:
    """One conversation as a persona (module docstring); what is worth a warning is appended to
    ``warnings``, one line each.

    Raises:
        DatasetError: a malformed file, naming the file, the conversation and the field.
    """
    source = chat_sources(conv, chat)
    if source.note:
        warnings.append(source.note)
    sessions: list[Session] = []
    seen: dict[int, int] = {}  # message id → its session's position
    for s in iter_sessions(conv, source):
        for mid in s.ids:
            if mid in seen:
                raise DatasetError(
                    f"BEAM conversation {conv.label}: message id {mid} of {s.where} is also in "
                    f"{sessions[seen[mid]].where}",
                    path=source.files[0] if not source.plans else conv.folder,
                )
            seen[mid] = len(sessions)
        sessions.append(s)
    placed, moved = session_days([s.date for s in sessions])
    if moved:
        shown = "; ".join(
            f"session S{sessions[i].number} ({sessions[i].where}) dated {sessions[i].anchor} "
            f"is ingested in its place as of {placed[i].isoformat()}"
            for i in moved[:3]
        )
        more = f"; and {len(moved) - 3} more" if len(moved) > 3 else ""
        warnings.append(
            f"BEAM conversation {conv.label}: {len(moved)} session(s) dated out of order ({shown}"
            f"{more}): a conversation is ingested in its own order"
        )
    epoch = placed[0]
    texts: dict[int, list[str]] = {}
    day_of_session: list[int] = []
    for s, date in zip(sessions, placed, strict=True):
        day = day_number(epoch, date)
        if day > _MAX_DAY:
            raise DatasetError(
                f"BEAM conversation {conv.label}: {s.where} dated {s.anchor} is {day} days after "
                f"the first session: more than the {_MAX_DAY} days a persona holds",
                path=conv.folder,
            )
        texts.setdefault(day, []).append(s.text)
        day_of_session.append(day)
    del sessions
    days = tuple(NativeDay(number=d, content="\n".join(texts.pop(d))) for d in sorted(texts))
    day_of_id = {mid: day_of_session[at] for mid, at in seen.items()}
    del seen
    notes: list[tuple[str, list[str]]] = []
    pairs = read_probing(conv, day_of_id.get, [d.number for d in days], notes)
    line = summarize_unreadable(
        notes,
        what="name no message of the haystack; their relevant days and turns are the rest",
    )
    if line is not None:
        warnings.append(f"{conv.questions}: BEAM conversation {conv.label}: {line}")
    topic = _topic(conv)
    label = (
        f"BEAM {size_label(conv.size)} conversation {conv.number}"
        if conv.size
        else (f"BEAM conversation {conv.number}")
    )
    return NativePersona(
        id=conv.id,
        name=label,
        role=f"{label}: {topic}" if topic else label,
        epoch=epoch.isoformat(),
        days=days,
        questions=pairs,
    )


def convert_beam(
    conversations: Sequence[Conversation], out: Path, *, size: str, chat: str = "official"
) -> Converted:
    """Write ``conversations`` under ``out`` as personas (module docstring), one at a time; the
    warnings are kept in the import marker.

    Raises:
        DatasetError: a malformed file (no conversation is left half written).
    """
    warnings: list[str] = []
    ids: list[str] = []
    count = 0

    def each() -> Iterator[NativePersona]:
        nonlocal count
        seen: set[str] = set()
        for conv in conversations:
            if conv.id in seen:
                raise DatasetError(
                    f"two BEAM conversations would be persona {conv.id!r}", path=conv.folder
                )
            seen.add(conv.id)
            persona = read_conversation(conv, chat, warnings)
            ids.append(persona.id)
            count += len(persona.questions)
            yield persona

    haystack = "chat_trunecated.json where present" if chat == "official" else "chat.json"
    what = f"beam {size}" if size else "beam"
    write_native(
        each(),
        out,
        source=f"{what} (haystack: {haystack})",
        default_ranges=(NAMED_RANGES["full"],),
        warnings=warnings,
        family="beam",
        categories=ABILITIES,
    )
    return Converted(ids=tuple(ids), questions=count)
