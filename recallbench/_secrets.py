"""Secrets never reach a file or the terminal: every text a run writes goes through :func:`redact`.

What counts as a secret: every value registered with :func:`register_secret` (the HTTP providers
register their API keys when built), the values of environment variables whose names say they are
credentials (``…KEY``, ``…TOKEN``, ``…SECRET``, ``…PASSWORD``), and anything shaped like a bearer
token or an OpenAI/Anthropic key (``Bearer …``, ``sk-…``) whatever its source — a model's reply that
echoes its request, an adapter's error message. Each is replaced by ``[REDACTED]``.
"""

from __future__ import annotations

import os
import re
import threading

__all__ = ["REDACTED", "redact", "register_secret"]

REDACTED = "[REDACTED]"
_MIN_LENGTH = 8  # shorter values ("true", a port) would redact ordinary text
_CREDENTIAL_NAME = re.compile(r"(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)(?:_|$)", re.I)
_SHAPED = re.compile(
    r"\bBearer\s+[A-Za-z0-9._~+/=-]{8,}"
    r"|\bsk-(?:ant-)?[A-Za-z0-9_-]{16,}"
    r"|(?i:\b(?:api[-_]?key|x-api-key)[\"']?\s*[:=]\s*[\"']?)[A-Za-z0-9._~+/=-]{12,}"
)
_SHAPE_HINTS = ("Bearer", "sk-", "key", "KEY", "Key")

_lock = threading.Lock()
_registered: set[str] = set()


def register_secret(value: str | None) -> None:
    """Treat ``value`` as a secret from now on (values under eight characters are ignored)."""
    if value and len(value) >= _MIN_LENGTH:
        with _lock:
            _registered.add(value)


def _known() -> list[str]:
    found = {
        v
        for k, v in os.environ.items()
        if v and len(v) >= _MIN_LENGTH and _CREDENTIAL_NAME.search(k)
    }
    with _lock:
        found |= _registered
    return sorted(found, key=len, reverse=True)  # a longer secret before any part of it


def redact(text: str) -> str:
    """``text`` with every known or key-shaped secret replaced by ``[REDACTED]``."""
    for secret in _known():
        if secret in text:
            text = text.replace(secret, REDACTED)
    if any(hint in text for hint in _SHAPE_HINTS):
        text = _SHAPED.sub(REDACTED, text)
    return text
