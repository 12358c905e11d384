"""Field helpers shared by the record modules: on-disk key names and common validators.

Persona and arcs files mix spellings (``startDay`` beside ``sensitive_topics``), so every field can
name its on-disk key; the JSON spelling is the camelCase of the attribute name unless told.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

DISK_KEY = "recallbench.disk"
JSON_KEY = "recallbench.json"
NOT_IN_JSON = "recallbench.not_in_json"
"""Metadata of a field kept in memory only: never written to (nor read from) JSON."""
EXTRA = "extra"
"""Name of the attribute that keeps unknown keys of a record read from disk."""

_CAMEL = re.compile(r"_([a-z0-9])")


@functools.lru_cache(maxsize=4096)
def camel(name: str) -> str:
    """``relevant_days`` → ``relevantDays`` (cached: every extra key of every record written)."""
    return _CAMEL.sub(lambda m: m.group(1).upper(), name)


def disk_key(a: attrs.Attribute[Any]) -> str:
    return str(a.metadata.get(DISK_KEY, a.name))


def json_key(a: attrs.Attribute[Any]) -> str:
    return str(a.metadata.get(JSON_KEY, camel(a.name)))


def keys(*, disk: str | None = None, json: str | None = None) -> dict[str, str]:
    """Metadata naming a field's on-disk and/or JSON key."""
    meta: dict[str, str] = {}
    if disk is not None:
        meta[DISK_KEY] = disk
    if json is not None:
        meta[JSON_KEY] = json
    return meta


def extra_field() -> Any:
    """The catch-all for keys a record does not know: kept, never an error."""
    return attrs.field(factory=dict, converter=_frozen_mapping, eq=False, repr=False)


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return dict(value)


def positive_int(_inst: object, a: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{a.name} must be a positive integer, got {value!r}")


def optional(validator: Callable[[object, attrs.Attribute[Any], Any], None]) -> Any:
    return attrs.validators.optional(validator)


def str_tuple(value: object) -> tuple[str, ...]:
    """Converter: any iterable of strings → tuple (a lone string is one element, not its chars)."""
    if isinstance(value, str):
        return (value,)
    return tuple(value)  # type: ignore[arg-type]


def int_tuple(value: object) -> tuple[int, ...]:
    return tuple(value)  # type: ignore[arg-type]
