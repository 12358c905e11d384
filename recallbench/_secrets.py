"""Secrets never reach a file or the terminal: every text a run writes goes through :func:`redact`
(or :func:`redact_bytes`, for text already encoded).

What counts as a secret: every value registered with :func:`register_secret` (the HTTP providers
register their API keys when built), the values of environment variables whose names say they are
credentials (``…KEY``, ``…TOKEN``, ``…SECRET``, ``…PASSWORD``), and anything shaped like a bearer
token or an OpenAI/Anthropic key (``Bearer …``, ``sk-…``, ``api_key=…``) whatever its source — a
model's reply that echoes its request, an adapter's error message. Each is replaced by ``[REDACTED]``.

Every call reads the credential variables' values as they are then; their *names* come from a scan of
``os.environ`` made again whenever the number of variables changes and at least once a second.
"""

from __future__ import annotations

import os
import re
import threading
import time

__all__ = ["REDACTED", "redact", "redact_bytes", "register_secret"]

REDACTED = "[REDACTED]"
_MIN_LENGTH = 8  # shorter values ("true", a port) would redact ordinary text
_CREDENTIAL_NAME = re.compile(r"(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)(?:_|$)", re.I)
_SHAPED = re.compile(
    r"\bBearer\s+[A-Za-z0-9._~+/=-]{8,}"
    r"|\bsk-(?:ant-)?[A-Za-z0-9_-]{16,}"
    r"|(?i:\b(?:api[-_]?key|x-api-key)[\"']?\s*[:=]\s*[\"']?)[A-Za-z0-9._~+/=-]{12,}"
)
# A text can hold a shaped secret only if it holds one of _SHAPE_HINTS or matches _KEY_HINT (as
# "api-key", "api_key", "apikey" and "x-api-key" in any case all do). A plain "key" would not do:
# every questions.jsonl line has "keyFacts", and the full pattern then ran on each.
_SHAPE_HINTS = ("Bearer", "sk-")
_KEY_HINT = re.compile(r"(?i:pi[-_]?key)")
# "sk-" alone is no hint for bytes: ordinary words hold it ("risk-first", "ask-first"), and on a
# 500-day run the full pattern then ran over the whole of result.json (~40% of the run, issue 36).
# What _SHAPED's key alternative needs after "sk-" is ASCII only, so this finds every such key (and
# a little more: no word boundary before it), in C, at the speed of a substring search.
_SK_KEY = re.compile(rb"sk-(?:ant-)?[A-Za-z0-9_-]{16,}")
_RESCAN_SECONDS = 1.0

_lock = threading.Lock()
_registered: set[str] = set()
_names: tuple[int, float, tuple[str, ...]] = (-1, 0.0, ())
_cache: tuple[tuple[object, ...], list[str]] = ((), [])
_encoded: tuple[list[str], list[bytes]] = ([], [])


def register_secret(value: str | None) -> None:
    """Treat ``value`` as a secret from now on (values under eight characters are ignored)."""
    if value and len(value) >= _MIN_LENGTH:
        with _lock:
            _registered.add(value)


def _credential_names() -> tuple[str, ...]:
    # Scanning every variable on every call cost a long run seconds; the names are scanned again
    # when the number of variables changes, and at least once a second.
    global _names
    count, when, names = _names
    now = time.monotonic()
    if len(os.environ) != count or now - when > _RESCAN_SECONDS:
        names = tuple(sorted(k for k in os.environ if _CREDENTIAL_NAME.search(k)))
        _names = (len(os.environ), now, names)
    return names


_NONE: list[str] = []


def _known() -> list[str]:
    """The secrets, a longer one before any part of it."""
    global _cache
    names = _credential_names()
    if not names and not _registered:  # the common case, once per line a run writes: no lock
        return _NONE
    values = tuple(os.environ.get(k) for k in names)
    with _lock:
        key = (values, len(_registered))
        if _cache[0] == key:
            return _cache[1]
        found = {v for v in values if v and len(v) >= _MIN_LENGTH} | _registered
    texts = sorted(found, key=len, reverse=True)
    _cache = (key, texts)
    return texts


def _may_hold_shaped(text: str) -> bool:
    return any(hint in text for hint in _SHAPE_HINTS) or _KEY_HINT.search(text) is not None


def redact(text: str) -> str:
    """``text`` with every known or key-shaped secret replaced by ``[REDACTED]``."""
    for secret in _known():
        if secret in text:
            text = text.replace(secret, REDACTED)
    if _may_hold_shaped(text):
        text = _SHAPED.sub(REDACTED, text)
    return text


def redact_bytes(data: bytes) -> bytes:
    """:func:`redact` for UTF-8 text already encoded: the same replacements, ``data`` itself when
    there are none. Looked at as bytes first (a run writes tens of thousands of lines, most
    holding nothing to redact), decoded only when a secret or a hint of one is there."""
    if not (
        b"Bearer" in data
        or (b"sk-" in data and _SK_KEY.search(data) is not None)
        or ((known := _known_bytes()) and any(secret in data for secret in known))
        or _has_key_hint(data)
    ):
        return data
    text = data.decode("utf-8", "surrogatepass")
    out = redact(text)
    return data if out == text else out.encode("utf-8", "surrogatepass")


def _has_key_hint(data: bytes) -> bool:
    """_KEY_HINT for bytes, in the ASCII cases key names are written in."""
    lowered = data.lower()
    return b"key" in lowered and _KEY_LOWERED.search(lowered) is not None


_KEY_LOWERED = re.compile(rb"pi[-_]?key")  # one pass, not three: a result.json is tens of MB


def _known_bytes() -> list[bytes]:
    global _encoded
    texts = _known()
    if _encoded[0] is not texts:
        _encoded = (texts, [t.encode("utf-8", "surrogatepass") for t in texts])
    return _encoded[1]
