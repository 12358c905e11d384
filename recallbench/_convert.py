"""The project's one cattrs converter (never ``cattrs.global_converter``).

It owns both spellings: records read from disk are structured from their on-disk keys (snake_case in
``questions.yaml``, the reference's camelCase in arcs files), with unknown keys kept in ``extra``; every
record is unstructured to the camelCase JSON of reference §3, absent optional keys omitted rather than
written as null, integral floats written as integers (``5``, not ``5.0``), and ``extra`` keys appended.
"""

from __future__ import annotations

import json
import re
import typing
import weakref
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs
import cattrs
import orjson
from cattrs.gen import make_dict_structure_fn, override

from ._fields import EXTRA, NOT_IN_JSON, camel, disk_key, json_key

__all__ = [
    "converter",
    "dumps_compact",
    "dumps_pretty",
    "json_bytes",
    "structure_disk",
    "to_json",
]

T = TypeVar("T")

# Without detailed validation a record's own ValueError surfaces as itself, and structuring is faster.
converter = cattrs.Converter(detailed_validation=False)


def _integral(value: float) -> int | float:
    # Hooks for float also see ints inside tuple[float, ...]; only integral floats change.
    return int(value) if isinstance(value, float) and value.is_integer() else value


converter.register_unstructure_hook(float, _integral)


def _has_extra(cls: type) -> bool:
    return any(a.name == EXTRA for a in attrs.fields(cls))


def _structure_factory(cls: type) -> Callable[[Any, type], Any]:
    fields = [a for a in attrs.fields(cls) if a.name != EXTRA]
    renames = {a.name: override(rename=disk_key(a)) for a in fields}
    known = {disk_key(a) for a in fields}
    with_extra = _has_extra(cls)
    if with_extra:
        renames[EXTRA] = override(rename=EXTRA)
    base: Callable[[Any, type], Any] = make_dict_structure_fn(cls, converter, **renames)  # type: ignore[arg-type]

    def structure(data: Any, _cls: type) -> Any:
        if not isinstance(data, Mapping):
            raise TypeError(f"expected a mapping for {cls.__name__}, got {type(data).__name__}")
        if not with_extra:
            return base(data, cls)
        own = {k: v for k, v in data.items() if k in known}
        own[EXTRA] = {k: v for k, v in data.items() if k not in known}
        return base(own, cls)

    return structure


def _unstructure_factory(cls: type) -> Callable[[Any], dict[str, Any]]:
    # Hand-rolled rather than cattrs.gen: cattrs moves omittable keys after the others, and the
    # reference's key order (optional keys in between) is part of the file format.
    hints = typing.get_type_hints(cls)
    plan: list[tuple[str, str, Callable[[Any], Any] | None, bool]] = []
    for a in attrs.fields(cls):
        if a.name == EXTRA or a.metadata.get(NOT_IN_JSON):
            continue
        hook = converter.get_unstructure_hook(hints[a.name])
        passthrough = hints[a.name] in (str, int, bool)
        plan.append((a.name, json_key(a), None if passthrough else hook, a.default is None))
    with_extra = _has_extra(cls)

    def unstructure(obj: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, key, hook, omit_if_none in plan:
            value = getattr(obj, name)
            if value is None:
                if omit_if_none:
                    continue
                out[key] = None
            else:
                out[key] = value if hook is None else hook(value)
        if with_extra:
            for k, v in obj.extra.items():
                out.setdefault(camel(k), v)
        return out

    if getattr(cls, "_json_once", False) is True:
        return _made_once(unstructure)
    return unstructure


def _made_once(unstructure: Callable[[Any], dict[str, Any]]) -> Callable[[Any], dict[str, Any]]:
    """``unstructure`` remembered per (frozen) object: a record written many times over (a
    question pair, in every answer about it) is converted once. Each call gets its own copy of the
    top-level mapping; the memo forgets an object once it is gone."""
    memo: dict[int, tuple[weakref.ref[Any], dict[str, Any]]] = {}

    def once(obj: Any) -> dict[str, Any]:
        hit = memo.get(id(obj))
        if hit is not None and hit[0]() is obj:
            return dict(hit[1])
        out = unstructure(obj)
        key = id(obj)
        memo[key] = (weakref.ref(obj, lambda _ref: memo.pop(key, None)), out)
        return dict(out)

    return once


converter.register_structure_hook_factory(attrs.has, _structure_factory)
converter.register_unstructure_hook_factory(attrs.has, _unstructure_factory)


def structure_disk(data: Any, cls: type[T]) -> T:
    """A record from data read from disk (on-disk key spellings)."""
    return converter.structure(data, cls)


def to_json(obj: Any) -> Any:
    """Plain JSON data (camelCase keys) for a record or a collection of records."""
    return converter.unstructure(obj)


# Where orjson's output can differ from the standard library's: a float below 1e-4 (``0.00001``
# for ``1e-05``, ``1e-7`` for ``1e-07``) and NaN/infinity (``null`` for ``NaN``). Output holding
# neither is the standard library's byte for byte (tests/test_json_bytes.py); output holding one
# (or a string that happens to look like one) is encoded again by the standard library.
_SMALL_EXPONENT = re.compile(rb"e-[0-9](?![0-9])")
_COMPACT = (",", ":")


def json_bytes(data: Any, *, pretty: bool = False) -> bytes:
    """Plain JSON data as UTF-8: the bytes of ``json.dumps(data, ensure_ascii=False)`` with
    ``indent=2`` (``pretty``) or compact separators, written by orjson in C — the one encoder of
    every artifact (``result.json``, the JSONL logs, ``--json`` output)."""
    option = orjson.OPT_NON_STR_KEYS | (orjson.OPT_INDENT_2 if pretty else 0)
    try:
        out = orjson.dumps(data, option=option)
    except (TypeError, orjson.JSONEncodeError):  # ints past 64 bits, lone surrogates, other types
        pass
    else:
        if not (
            b"0.0000" in out
            or (b"e-" in out and _SMALL_EXPONENT.search(out) is not None)
            or (b"null" in out and _holds_nan_or_infinity(data))
        ):
            return out
    if pretty:
        text = json.dumps(data, indent=2, ensure_ascii=False)
    else:
        text = json.dumps(data, separators=_COMPACT, ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def _holds_nan_or_infinity(data: Any) -> bool:
    """Whether ``data`` holds a NaN or an infinity (which orjson writes as ``null``): asked of the
    standard library's C encoder, compact, which refuses them under ``allow_nan=False`` — far
    cheaper than its pure-Python indenting one, so that data with None values keeps the fast path."""
    try:
        json.dumps(data, allow_nan=False, check_circular=False, ensure_ascii=False)
    except (ValueError, TypeError):  # TypeError: a value only orjson knows; encode again, as before
        return True
    return False


def dumps_pretty(obj: Any) -> str:
    """Two-space-indented JSON, raw UTF-8, no trailing newline (``result.json``)."""
    return json_bytes(to_json(obj), pretty=True).decode("utf-8", "surrogatepass")


def dumps_compact(obj: Any) -> str:
    """One JSONL line without the newline: compact separators, raw UTF-8."""
    return json_bytes(to_json(obj)).decode("utf-8", "surrogatepass")
