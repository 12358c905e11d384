"""What the command line prints is safe to print: no secret, no terminal control sequence.

Both standard streams are wrapped once, in :func:`recallbench.cli.main`: every write goes through
:func:`recallbench._secrets.redact`, and control characters are shown escaped (``\\x1b``) so that a
persona folder or an adapter's answer holding escape sequences cannot retitle the window, clear the
screen or fake output. Colour (SGR sequences, ``ESC [ … m``) passes: the reports use it. The live
progress bar writes through :meth:`SafeStream.progress_stream`, which lets its own cursor movements
and line erasures through as well (it escapes every text of data before drawing it:
:mod:`recallbench._controls`).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any, TextIO

from .._controls import escape_controls, progress_safe

__all__ = ["SafeStream", "terminal_safe"]

terminal_safe = escape_controls
"""``text`` with secrets redacted and control characters other than newline, tab, carriage return
and colour sequences escaped."""


class SafeStream(io.TextIOBase):
    """A text stream that writes :func:`terminal_safe` text to the one it wraps."""

    def __init__(self, stream: TextIO, safe: Callable[[str], str] = escape_controls):
        self._stream = stream
        self._safe = safe

    def write(self, text: str) -> int:
        self._stream.write(self._safe(text))
        return len(text)

    def progress_stream(self) -> SafeStream:
        """The same stream for a live progress display, which may move the cursor and erase
        lines (and must have escaped its texts of data itself)."""
        return SafeStream(self._stream, progress_safe)

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
