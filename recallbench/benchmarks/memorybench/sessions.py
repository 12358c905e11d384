"""Session-based ingestion: a case's sessions (an array, or LoCoMo's ``session_1…`` keys), which of
them a mode ingests, their dates, and each turned into a day's text.

A session's text opens with ``# session: <id>`` (the heading persona day logs use), so a retrieval
entry that quotes it traces back to its session and its day.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ...data._schema import describe
from ...data.importers.dialog_refs import read_dialog_refs
from .cases import Case
from .manifest import SessionIngestion

__all__ = ["Session", "extract_sessions", "format_session", "select_sessions"]


@attrs.frozen(kw_only=True)
class Session:
    id: str
    index: int
    turns: Any = attrs.field(repr=False)
    date: str | None = None
    speaker_a: str | None = None


class SessionError(ValueError):
    """A case's sessions cannot be read; the message names the field."""

    def __init__(self, key: str, message: str):
        self.key = key
        super().__init__(message)


def _id_text(value: object) -> str:
    return re.sub(r"\s+", "_", str(value).strip()) or "_"


def extract_sessions(case: Case, ing: SessionIngestion) -> list[Session]:
    """The case's sessions in data order, with their ids and dates.

    Raises:
        SessionError: a field is absent or of the wrong shape.
    """
    fields = case.fields
    if ing.sessions_field not in fields:
        raise SessionError(ing.sessions_field, f"sessions field {ing.sessions_field!r} is absent")
    raw = fields[ing.sessions_field]
    if ing.sessions_format == "dynamic_keys":
        if not isinstance(raw, dict):
            raise SessionError(
                ing.sessions_field,
                f"sessions_format dynamic_keys needs an object of {ing.session_key_prefix}N keys, "
                f"found {describe(raw)}",
            )
        pattern = re.compile(re.escape(ing.session_key_prefix) + r"(\d+)$")
        numbered = sorted((int(m.group(1)), k) for k in raw if (m := pattern.match(k)) is not None)
        speaker = raw.get("speaker_a")
        out = []
        for i, (n, key) in enumerate(numbered):
            date = raw.get(key + ing.date_key_suffix)
            out.append(
                Session(
                    id=f"D{n}",
                    index=i,
                    turns=raw[key],
                    date=str(date) if date not in (None, "") else None,
                    speaker_a=speaker if isinstance(speaker, str) else None,
                )
            )
        return out
    if not isinstance(raw, list):
        raise SessionError(
            ing.sessions_field,
            f"sessions field {ing.sessions_field!r} must be a list, found {describe(raw)}",
        )
    ids = _parallel(fields, ing.session_ids_field, len(raw), "session ids")
    dates = _parallel(fields, ing.dates_field, len(raw), "dates")
    return [
        Session(
            id=_id_text(ids[i]) if ids is not None else f"S{i + 1}",
            index=i,
            turns=s,
            date=str(dates[i]) if dates is not None and dates[i] not in (None, "") else None,
        )
        for i, s in enumerate(raw)
    ]


def _parallel(fields: Mapping[str, Any], key: str | None, n: int, what: str) -> list[Any] | None:
    if key is None:
        return None
    if key not in fields:
        raise SessionError(key, f"{what} field {key!r} is absent")
    value = fields[key]
    if not isinstance(value, list) or len(value) != n:
        found = f"{len(value)} item(s)" if isinstance(value, list) else describe(value)
        raise SessionError(
            key, f"{what} field {key!r} must be a list of one per session ({n}), found {found}"
        )
    return value


def evidence_sessions(
    case: Case, ing: SessionIngestion
) -> tuple[list[Any] | None, tuple[str, ...]]:
    """The case's raw gold evidence (None when the manifest names no evidence field or the case has
    none) and the session ids it points at."""
    key = ing.evidence_field or ing.answer_session_ids_field
    if key is None:
        return None, ()
    raw = case.fields.get(key)
    if raw is None:
        return None, ()
    if not isinstance(raw, list):
        raise SessionError(key, f"evidence field {key!r} must be a list, found {describe(raw)}")
    if ing.evidence_field is not None and ing.evidence_parser == "dialog_refs":
        # LoCoMo's "D1:3" (session 1, turn 3), sometimes several in one string ("D1:3; D2:5"),
        # sometimes loosely written ("D:11:26"): read by the importers' one reader.
        return raw, tuple(f"D{n}" for n in read_dialog_refs(raw).sessions)
    return raw, tuple(dict.fromkeys(_id_text(e) for e in raw if isinstance(e, str | int)))


def select_sessions(
    sessions: Sequence[Session], answers: Sequence[str], ing: SessionIngestion
) -> list[Session]:
    """What the mode ingests: ``full`` every session; ``lazy`` only those holding the answer (the
    first when none is known); ``shared`` those plus an evenly spread sample of the others
    (``shared_sample_size`` in all, at least 5 besides the answers)."""
    if ing.mode == "full" or not sessions:
        return list(sessions)
    hits = {s.index for s in sessions if s.id in answers}
    if ing.mode == "lazy":
        return [s for s in sessions if s.index in hits] or [sessions[0]]
    size = max(ing.shared_sample_size - len(hits), 5)
    step = len(sessions) / size
    sample = (
        set(range(len(sessions))) if size >= len(sessions) else {int(i * step) for i in range(size)}
    )
    return [s for s in sessions if s.index in hits | sample]


def _turn(turn: Any, speaker_a: str | None) -> str:
    if isinstance(turn, str):
        return turn
    if isinstance(turn, dict):
        if "role" in turn and "content" in turn:
            return f"{turn['role']}: {turn['content']}"
        if "speaker" in turn and "text" in turn:
            return f"{turn['speaker']}: {turn['text']}"
    return json.dumps(turn, ensure_ascii=False)


def format_session(session: Session, formatter: str) -> str:
    """A session as a day's text: its heading, its date, then one ``role: content`` line a turn
    (``conversation``), or the session as JSON (``json``)."""
    head = f"# session: {session.id}\n" + (f"date: {session.date}\n" if session.date else "")
    turns = session.turns
    if formatter == "json" or not isinstance(turns, list):
        body = turns if isinstance(turns, str) else json.dumps(turns, ensure_ascii=False)
    else:
        body = "\n".join(_turn(t, session.speaker_a) for t in turns)
    return f"{head}\n{body}\n"
