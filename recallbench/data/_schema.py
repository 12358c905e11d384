"""Check raw YAML data against a record type, reporting every problem with its key path.

The record types are the schema: each attrs field's annotation and validator are checked field by field,
so one bad mapping yields all its problems rather than the first. Cross-field rules (``endDay`` before
``startDay``, ``irrelevant_after`` before the last relevant day) run once the fields are fine.
"""

from __future__ import annotations

import difflib
import functools
import re
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeVar

import attrs

from .._fields import EXTRA, disk_key
from ._yaml import KeyPath

__all__ = ["Issue", "check_and_build", "check_record", "describe"]

T = TypeVar("T")

_IN_MESSAGE = re.compile(r"must be in (.*) \(got (.*)\)$")


@attrs.frozen
class Issue:
    """One problem in a data file: where (key path inside the file) and what."""

    path: KeyPath
    message: str
    severity: Literal["error", "warning"] = "error"


def describe(value: object) -> str:
    """How a wrong value reads in a message: ``a list``, ``the string 'x'``, ``null``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        short = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {short!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if tp is str:
        return "a string"
    if tp is bool:
        return "true or false"
    if tp is int:
        return "a whole number"
    if tp is float:
        return "a number"
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in typing.get_args(tp))
    if origin is tuple:
        return f"a list of {_type_name(typing.get_args(tp)[0]).removeprefix('a ')}s"
    if attrs.has(tp):
        return "a mapping"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(a) for a in typing.get_args(tp) if a is not type(None))
    return str(tp)


def _check_value(value: Any, tp: Any, path: KeyPath) -> list[Issue]:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if value is None and type(None) in args:
            return []
        candidates = [a for a in args if a is not type(None)]
        if len(candidates) == 1:
            return _check_value(value, candidates[0], path)
        for a in candidates:
            if not _check_value(value, a, path):
                return []
        return [Issue(path, f"expected {_type_name(tp)}, got {describe(value)}")]
    if tp is Any:
        return []
    if origin is Literal:
        if value in typing.get_args(tp):
            return []
        return [Issue(path, f"expected {_type_name(tp)}, got {describe(value)}")]
    if tp is str:
        ok = isinstance(value, str)
    elif tp is bool:
        ok = isinstance(value, bool)
    elif tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif tp is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif origin is tuple:
        if not isinstance(value, list):
            return [Issue(path, f"expected {_type_name(tp)}, got {describe(value)}")]
        inner = typing.get_args(tp)[0]
        issues: list[Issue] = []
        for i, item in enumerate(value):
            issues.extend(_check_value(item, inner, (*path, i)))
        return issues
    elif origin in (Mapping, dict) or tp is dict:
        ok = isinstance(value, dict)
    elif attrs.has(tp):
        if not isinstance(value, dict):
            return [Issue(path, f"expected a mapping, got {describe(value)}")]
        return check_record(value, tp, path)
    else:  # pragma: no cover - a record type this checker does not know
        raise TypeError(f"unsupported field type {tp!r}")
    if ok:
        return []
    return [Issue(path, f"expected {_type_name(tp)}, got {describe(value)}")]


def check_record(raw: Mapping[str, Any], cls: type, path: KeyPath = ()) -> list[Issue]:
    """Every problem of ``raw`` read as a ``cls`` record, with key paths relative to the file."""
    return check_and_build(raw, cls, path)[0]


def check_and_build(
    raw: Mapping[str, Any], cls: type[T], path: KeyPath = ()
) -> tuple[list[Issue], T | None]:
    """:func:`check_record`, and the record itself when ``raw`` makes one (the check builds it to
    run the cross-field rules: a loader keeps it instead of building it again). The record is
    None when a field is wrong or a cross-field rule fails."""
    record_type: Any = cls  # an attrs class
    hints = _hints(record_type)
    fields = [a for a in attrs.fields(record_type) if a.name != EXTRA]
    known = {disk_key(a) for a in fields}
    unknown = [k for k in raw if k not in known]
    issues: list[Issue] = []
    field_ok = True
    for a in fields:
        key = disk_key(a)
        if key not in raw:
            if a.default is attrs.NOTHING:
                hint = difflib.get_close_matches(key, unknown, n=1)
                also = f" (found {hint[0]!r}: a misspelling?)" if hint else ""
                issues.append(Issue(path, f"missing required key {key!r}{also}"))
                field_ok = False
            continue
        value = raw[key]
        found = _check_value(value, hints[a.name], (*path, key))
        if not found and a.validator is not None and not attrs.has(hints[a.name]):
            try:
                a.validator(None, a, _as_field(value, a))
            except (ValueError, TypeError) as exc:
                found = [Issue((*path, key), _field_message(key, a.name, exc))]
        if found:
            field_ok = False
            issues.extend(found)
    record: T | None = None
    if field_ok:
        from .._convert import structure_disk

        try:
            record = structure_disk(dict(raw), cls)
        except (ValueError, TypeError) as exc:
            # Cross-field rules name their field first: point at that key when they do.
            text = _root_message(exc)
            first = text.split(" ", 1)[0]
            at = next((disk_key(a) for a in fields if a.name == first), None)
            if at is not None:
                text = text.replace(first, at, 1)
            issues.append(Issue((*path, at) if at else path, text))
    return issues, record


def _as_field(value: Any, a: attrs.Attribute[Any]) -> Any:
    return a.converter(value) if callable(a.converter) else value


def _field_message(key: str, name: str, exc: Exception) -> str:
    text = _root_message(exc)
    m = _IN_MESSAGE.search(text)
    if m:  # attrs' in_ validator: say it in our words
        accepted = ", ".join(re.findall(r"'([^']*)'", m.group(1)))
        return f"{key!r} must be one of: {accepted} (got {m.group(2)})"
    return text.replace(name, key, 1) if key != name else text


def _root_message(exc: BaseException) -> str:
    while isinstance(exc, BaseExceptionGroup):
        exc = exc.exceptions[0]
    text = str(exc.args[0]) if exc.args else str(exc)
    return text
