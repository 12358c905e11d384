"""Dialog references (``D5:8``: session 5, turn 8), LoCoMo's evidence, read where their intent is
clear and kept aside where it is not.

The published ``locomo10.json`` writes most references as ``D<session>:<turn>``, but not all: a
stray colon (``D:11:26``), a zero-padded turn (``D30:05``), a space (``D 5:8``), several in one
string (``D8:6; D9:17``), a trailing semicolon. :func:`read_dialog_refs` reads each of those as the
turn it names (``D11:26``, ``D30:5``, ``D5:8``); a piece whose turn cannot be told (``D5`` names a
session and no turn, ``D5:8:2``, a number) is kept in :attr:`DialogRefs.unreadable` for the importer
to warn about, never dropped without a word. :func:`summarize_unreadable` makes the one warning line.
Pure: stdlib and attrs only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import attrs

__all__ = ["DialogRefs", "canonical_turn", "read_dialog_refs", "summarize_unreadable"]

# A "D", an optional stray colon, the session, a colon and the turn, with spaces anywhere between.
_REF = re.compile(r"[Dd]\s*:?\s*(\d+)\s*:\s*(\d+)(?!\s*:\s*\d)")
_SESSION_ONLY = re.compile(r"^[Dd]\s*:?\s*(\d+)$")
_SEPARATORS = re.compile(r"[\s;,]+")


@attrs.frozen(kw_only=True)
class DialogRefs:
    """What a question's evidence references name.

    Attributes:
        turns: the turns, written ``D<session>:<turn>`` without padding, in order, each once.
        sessions: the sessions of those turns, and of pieces that name only a session, in order,
            each once.
        unreadable: the pieces whose turn could not be told, as written.
    """

    turns: tuple[str, ...] = ()
    sessions: tuple[int, ...] = ()
    unreadable: tuple[str, ...] = ()


def canonical_turn(session: int, turn: int) -> str:
    """``D<session>:<turn>``, the spelling every turn id is compared in."""
    return f"D{session}:{turn}"


def read_dialog_refs(evidence: Iterable[object]) -> DialogRefs:
    """The turns and sessions a list of dialog references names (see the module docstring).

    Examples:
        >>> refs = read_dialog_refs(["D:11:26", "D30:05; D 5:8;", "D7", 12])
        >>> refs.turns, refs.sessions, refs.unreadable
        (('D11:26', 'D30:5', 'D5:8'), (11, 30, 5, 7), ('D7', '12'))
    """
    turns: dict[str, None] = {}
    sessions: dict[int, None] = {}
    unreadable: list[str] = []
    for entry in evidence:
        if not isinstance(entry, str):
            unreadable.append(str(entry))
            continue
        rest: list[str] = []
        last = 0
        for m in _REF.finditer(entry):
            rest.append(entry[last : m.start()])
            last = m.end()
            session, turn = int(m.group(1)), int(m.group(2))
            turns[canonical_turn(session, turn)] = None
            sessions[session] = None
        rest.append(entry[last:])
        for piece in _SEPARATORS.split(" ".join(rest)):
            if not piece:
                continue
            only = _SESSION_ONLY.match(piece)
            if only is not None:
                sessions[int(only.group(1))] = None  # a session is clear; its turn is not
            unreadable.append(piece)
    return DialogRefs(turns=tuple(turns), sessions=tuple(sessions), unreadable=tuple(unreadable))


def summarize_unreadable(
    found: Sequence[tuple[str, Sequence[str]]], *, what: str, shown: int = 3
) -> str | None:
    """One line for the references of many questions: ``found`` is (question id, its pieces).

    Examples:
        >>> summarize_unreadable([("q1", ["D7"]), ("q9", ["x", "D:"])], what="could not be read")
        "3 evidence reference(s) of 2 question(s) could not be read (q1: 'D7'; q9: 'x', 'D:')"
    """
    found = [(q, pieces) for q, pieces in found if pieces]
    if not found:
        return None
    count = sum(len(pieces) for _, pieces in found)
    named = "; ".join(
        f"{q}: {', '.join(repr(p) for p in pieces[:3])}" for q, pieces in found[:shown]
    )
    more = f"; and {len(found) - shown} more question(s)" if len(found) > shown else ""
    return f"{count} evidence reference(s) of {len(found)} question(s) {what} ({named}{more})"
