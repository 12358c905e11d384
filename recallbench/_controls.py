"""Terminal control characters: shown escaped when they come from data, passed when they are ours.

Text that comes from data, adapters, models or files (a persona folder, an answer, an error message)
may hold escape sequences that would retitle the window, clear the screen or fake output: it is
written with every control character escaped (``\\x1b``), colour (SGR, ``ESC [ … m``) excepted.
recallbench's own live progress bar moves the cursor and erases lines: its stream
(:func:`cursor_controls_pass`) lets exactly those sequences through — the ones a progress display
emits (cursor up/down, erase line, hide/show the cursor, carriage return) — and the bar escapes every
text of data it shows (:func:`escape_controls`) before it draws it, so a sequence in the output can
only be the bar's own. Pure; secrets are redacted on the way (:func:`recallbench._secrets.redact`).
"""

from __future__ import annotations

import re

from ._secrets import redact

__all__ = ["escape_controls", "progress_safe"]

_SGR = r"\x1b\[[0-9;]*m"
_UNSAFE = re.compile(rf"({_SGR})|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f]")
# What a live progress display writes besides colour: cursor up/down/to column (CSI n A/B/G),
# erase in line (CSI n K), hide/show the cursor (CSI ? 25 l/h), and carriage return.
_CURSOR = r"\x1b\[[0-9]*[ABGK]|\x1b\[\?25[lh]|\r"
_UNSAFE_FOR_PROGRESS = re.compile(rf"({_SGR}|{_CURSOR})|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f]")


def _escape(m: re.Match[str]) -> str:
    if m.group(1):
        return m.group(1)
    return f"\\x{ord(m.group()):02x}"


def escape_controls(text: str) -> str:
    """``text`` with secrets redacted and control characters other than newline, tab, carriage
    return and colour sequences escaped (``\\x1b``): what any text from data may be printed as."""
    text = redact(text)
    if text.isprintable() or not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(_escape, text)


def progress_safe(text: str) -> str:
    """What a live progress display's stream writes: :func:`escape_controls`, except that the
    cursor movements and line erasures such a display draws with pass as well. Only for a stream
    whose every text of data was escaped before it was drawn."""
    text = redact(text)
    if text.isprintable() or not _UNSAFE_FOR_PROGRESS.search(text):
        return text
    return _UNSAFE_FOR_PROGRESS.sub(_escape, text)
