"""What the command line prints is safe to print: no secret, no terminal control sequence.

Both standard streams are wrapped once, in :func:`recallbench.cli.main`: every write goes through
:func:`recallbench._secrets.redact`, and control characters are shown escaped (``\\x1b``) so that a
persona folder or an adapter's answer holding escape sequences cannot retitle the window, clear the
screen or fake output. Colour (SGR sequences, ``ESC [ … m``) passes: the reports use it.
"""

from __future__ import annotations

import io
import re
from typing import Any, TextIO

from .._secrets import redact

__all__ = ["SafeStream", "terminal_safe"]

_SGR = r"\x1b\[[0-9;]*m"
_UNSAFE = re.compile(rf"({_SGR})|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f]")


def _escape(m: re.Match[str]) -> str:
    if m.group(1):
        return m.group(1)
    return f"\\x{ord(m.group()):02x}"


def terminal_safe(text: str) -> str:
    """``text`` with secrets redacted and control characters other than newline, tab, carriage
    return and colour sequences escaped."""
    text = redact(text)
    if text.isprintable() or not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(_escape, text)


class SafeStream(io.TextIOBase):
    """A text stream that writes :func:`terminal_safe` text to the one it wraps."""

    def __init__(self, stream: TextIO):
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(terminal_safe(text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return self._stream.isatty()

    def fileno(self) -> int:
        return self._stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self._stream.errors

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
