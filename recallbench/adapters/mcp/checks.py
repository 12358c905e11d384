"""Checking the values of one MCP mapping, each mistake one :class:`~recallbench.errors.ConfigError`
line naming where it is (``file:line: key.path``, or the key path alone) and what was expected,
ending ``(docs/mcp.md)``.

Pure: no anyio, no mcp.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...data._yaml import KeyPath, Locator
from ...errors import ConfigError

__all__ = ["PLACEHOLDER", "Reader", "placeholders"]

PLACEHOLDER = re.compile(r"\{\{|\}\}|(?<!\$)\{([A-Za-z_][A-Za-z0-9_]*)\}")
"""A ``{name}`` of a template (``{{`` and ``}}`` are literal braces; ``${NAME}`` is an environment
variable, :mod:`.environ`)."""


def placeholders(template: object) -> set[str]:
    """Every ``{name}`` in a template (strings, lists and mappings walked); ``{{`` and ``}}`` are
    literal braces."""
    found: set[str] = set()
    if isinstance(template, str):
        found.update(m.group(1) for m in PLACEHOLDER.finditer(template) if m.group(1))
    elif isinstance(template, Mapping):
        for key, value in template.items():
            found |= placeholders(key) | placeholders(value)
    elif isinstance(template, list | tuple):
        for item in template:
            found |= placeholders(item)
    return found


class Reader:
    """Checks values of one mapping, each error naming its place (``file:line`` or a key path)."""

    def __init__(self, source: str, locator: Locator | None) -> None:
        self.source, self.locator = source, locator

    def where(self, path: KeyPath) -> str:
        dotted = ".".join(str(p) for p in path) or "(top)"
        line = self.locator.line(path) if self.locator is not None else None
        return f"{self.source}:{line}: {dotted}" if line else f"{self.source}: {dotted}"

    def fail(self, path: KeyPath, message: str) -> ConfigError:
        return ConfigError(f"{self.where(path)} {message} (docs/mcp.md)")

    def mapping(self, value: Any, path: KeyPath, keys: Sequence[str]) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(path, f"must be a mapping, got {value!r}")
        for key in value:
            if key not in keys:
                close = difflib.get_close_matches(str(key), keys, n=1, cutoff=0.6)
                hint = f' (did you mean "{close[0]}"?)' if close else ""
                raise self.fail((*path, key), f"is not a key{hint}; known: {', '.join(keys)}")
        return dict(value)

    def text(self, value: Any, path: KeyPath, *, optional: bool = False) -> str | None:
        if value is None and optional:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, f"must be a non-empty string, got {value!r}")
        return value

    def number(
        self,
        value: Any,
        path: KeyPath,
        *,
        whole: bool = False,
        zero: bool = False,
        most: float | None = None,
    ) -> Any:
        ok = isinstance(value, int) if whole else isinstance(value, int | float)
        kind = f"{'whole ' if whole else ''}number {'>= 0' if zero else '> 0'}"
        if isinstance(value, bool) or not ok or not (value >= 0 if zero else value > 0):
            raise self.fail(path, f"must be a {kind}, got {value!r}")
        if most is not None and value > most:
            raise self.fail(path, f"must be a {kind} of at most {most:g}, got {value!r}")
        return value

    def flag(self, value: Any, path: KeyPath) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"must be true or false, got {value!r}")
        return value

    def choice(self, value: Any, path: KeyPath, choices: Sequence[str]) -> Any:
        if value not in choices:
            raise self.fail(path, f"must be one of {', '.join(choices)}, got {value!r}")
        return value

    def strings(self, value: Any, path: KeyPath) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(path, f"must be a list of strings, got {value!r}")
        return tuple(value)

    def string_map(self, value: Any, path: KeyPath) -> dict[str, str]:
        if not isinstance(value, Mapping):
            raise self.fail(path, f"must be a mapping of names to strings, got {value!r}")
        out: dict[str, str] = {}
        for key, item in value.items():
            if isinstance(item, bool) or not isinstance(item, str | int | float):
                raise self.fail((*path, key), f"must be a string, got {item!r}")
            out[str(key)] = str(item)
        return out

    def template(self, value: Any, path: KeyPath, allowed: frozenset[str]) -> None:
        unknown = sorted(placeholders(value) - allowed)
        if unknown:
            raise self.fail(
                path,
                f"names {', '.join('{' + u + '}' for u in unknown)}, which it cannot fill; it may "
                f"use {', '.join('{' + a + '}' for a in sorted(allowed))}",
            )

    def pattern(self, value: Any, path: KeyPath) -> re.Pattern[str]:
        """A regular expression (Python's ``re``; inline flags such as ``(?ms)`` allowed)."""
        text = self.text(value, path) or ""
        try:
            return re.compile(text)
        except re.error as exc:
            raise self.fail(path, f"is not a regular expression ({exc}): {text!r}") from None

    def dotted(self, value: Any, path: KeyPath, *, optional: bool = False) -> str | None:
        """A dotted path (``metadata.day``, ``ids.0``): non-empty steps."""
        text = self.text(value, path, optional=optional)
        if text is not None and not all(step.strip() for step in text.split(".")):
            raise self.fail(
                path, f"must be a dotted path such as metadata.day or ids.0, got {text!r}"
            )
        return text
