"""Filling argument templates, and reading hits out of a tool's result.

Pure: plain data in and out (the adapter hands over a result's ``structuredContent`` and the texts
of its content), so every rule here is tested without a server.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..._jsonread import MAX_DEPTH, json_loads
from .checks import PLACEHOLDER as _PLACEHOLDER
from .config import HitsConfig

__all__ = [
    "Hit",
    "MalformedResult",
    "day_in_id",
    "dig",
    "field_value",
    "fill",
    "prose_items",
    "read_hits",
    "result_payload",
    "search_hits",
    "slug",
]

_WHOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_DAY_IN_ID = re.compile(r"day[-_ ]?0*(\d+)", re.IGNORECASE)
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


class MalformedResult(ValueError):
    """A tool's result is not what the mapping says it is (the message says what was found)."""


@attrs.frozen(kw_only=True)
class Hit:
    """One hit of a search, as the server gave it."""

    id: str
    text: str
    score: float | None = None
    day: int | None = None
    session: str | None = None


def _as_text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        return "\n".join(str(v) for v in value)
    return json.dumps(value) if isinstance(value, Mapping) else str(value)


def fill(template: Any, values: Mapping[str, Any]) -> Any:
    """``template`` with its placeholders filled from ``values``.

    A string that is exactly one placeholder (``"{lines}"``) takes the value itself, so a list stays
    a list and a number a number; in a longer string each placeholder is replaced by its text (a
    list's items joined by newlines). ``{{`` and ``}}`` are literal braces. Mapping keys are filled
    too.
    """
    if isinstance(template, str):
        whole = _WHOLE.fullmatch(template)
        if whole is not None:
            return values[whole.group(1)]

        def replace(match: re.Match[str]) -> str:
            name = match.group(1)
            if name is None:
                return match.group(0)[0]
            return _as_text(values[name])

        return _PLACEHOLDER.sub(replace, template)
    if isinstance(template, Mapping):
        return {fill(k, values): fill(v, values) for k, v in template.items()}
    if isinstance(template, list | tuple):
        return [fill(item, values) for item in template]
    return template


def result_payload(structured: Any, texts: Sequence[str], source: str) -> Any:
    """The data a result carries: its ``structuredContent`` (``source`` ``structured``, or ``auto``
    when it has one), else the JSON of its first text content.

    Raises:
        MalformedResult: no structured content where it must be, or a text that is not JSON.
    """
    if source != "text" and structured is not None:
        return structured
    if source == "structured":
        raise MalformedResult("it has no structuredContent")
    if not texts:
        raise MalformedResult("it has no text content")
    try:
        return json_loads(texts[0])
    except ValueError as exc:
        if "nested deeper" in str(exc):
            raise MalformedResult(
                f"its text content is JSON nested deeper than {MAX_DEPTH} levels"
            ) from None
        start = texts[0][:80].replace("\n", " ")
        raise MalformedResult(f"its text content is not JSON: {start!r}") from None


def dig(data: Any, dotted: str) -> Any:
    """The value at a dotted path (``result.results``, ``hits.0.id``); ``""`` is ``data`` itself.

    Raises:
        MalformedResult: a step that is not there.
    """
    value = data
    walked: list[str] = []
    for step in dotted.split(".") if dotted else []:
        walked.append(step)
        if isinstance(value, Mapping) and step in value:
            value = value[step]
        elif isinstance(value, list) and step.isdigit() and int(step) < len(value):
            value = value[int(step)]
        else:
            got = (
                f"keys {', '.join(map(str, value))}"
                if isinstance(value, Mapping)
                else type(value).__name__
            )
            raise MalformedResult(f'no "{".".join(walked)}" in it (found {got})')
    return value


def _shown(value: Any) -> str:
    """A value for a message: its repr, at most 80 characters (an int of 400 digits is not
    written whole)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**60:
        return f"an integer of {len(str(abs(value)))} digits"
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:77]}..."


def _score(value: Any, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedResult(f"{where} is not a number: {_shown(value)}")
    try:
        score = float(value)
    except OverflowError:  # an integer past the floats (10**400)
        score = math.inf
    if not math.isfinite(score):
        raise MalformedResult(f"{where} is not a finite number: {_shown(value)}")
    return score


_DAY_TAG = re.compile(r"(?:day[-_: ]?)?0*(\d{1,9})", re.IGNORECASE)


def _named_day(tag: Any) -> int | None:
    """The day one value names: a whole number, or text such as ``7``, ``day-0007``, ``day:7``
    (None when it names none)."""
    if isinstance(tag, int) and not isinstance(tag, bool):
        return tag
    if isinstance(tag, str):
        found = _DAY_TAG.fullmatch(tag.strip())
        if found is not None:
            return int(found.group(1))
    return None


def _day(value: Any, where: str, last_day: int | None) -> int | None:
    """A hit's day from the value at its day field: a number, text naming a day, or tags (a list,
    or text of comma-separated tags): the first tag naming a day; tags naming none give none."""
    if value is None:
        return None
    day = _named_day(value)
    if day is None:
        if isinstance(value, str) and "," in value:
            value = value.split(",")
        if not isinstance(value, list):
            raise MalformedResult(f"{where} is not a day: {_shown(value)}")
        day = next((d for d in map(_named_day, value) if d is not None), None)
        if day is None:
            return None
    if day < 1 or (last_day is not None and day > last_day):
        corpus = f"days 1-{last_day}" if last_day else "no day yet"
        raise MalformedResult(f"{where} is day {_shown(day)}, outside the corpus ({corpus})")
    return day


@functools.lru_cache(maxsize=256)
def _steps(field: str) -> tuple[str, ...]:
    return tuple(field.split("."))


def _mapping(value: Any) -> bool:
    # A result's JSON is dicts: checked first, the ABC check (slow) only for other mappings.
    return type(value) is dict or isinstance(value, Mapping)


def field_value(item: Any, field: str) -> Any:
    """The value at a hit's field: the key itself when the hit has it (a key may hold dots), else
    the dotted path (``metadata.day``, ``tags.0``); None when it is not there."""
    if _mapping(item) and field in item:
        return item[field]
    value = item
    for step in _steps(field):
        if _mapping(value):
            value = value.get(step)
        elif isinstance(value, list) and step.isdigit() and int(step) < len(value):
            value = value[int(step)]
        else:
            return None
        if value is None:
            return None
    return value


def _column_items(payload: Any, config: HitsConfig) -> list[dict[str, Any]]:
    """Hits given as parallel lists (``{ids: [[…]], documents: [[…]]}``): one mapping per
    position, of each column's item there."""
    base = dig(payload, config.path)
    columns: dict[str, list[Any]] = {}
    for name, path in config.columns.items():
        found = dig(base, path)
        if not isinstance(found, list):
            raise MalformedResult(
                f'column "{path}" is a {type(found).__name__}, not a list (hits.columns.{name})'
            )
        columns[name] = found
    lengths = {name: len(items) for name, items in columns.items()}
    if len(set(lengths.values())) > 1:
        shown = ", ".join(f"{config.columns[n]} {k}" for n, k in lengths.items())
        raise MalformedResult(f"its columns differ in length: {shown}")
    count = next(iter(lengths.values()), 0)
    return [{name: items[n] for name, items in columns.items()} for n in range(count)]


def prose_items(texts: Sequence[str], config: HitsConfig) -> list[dict[str, Any]]:
    """Hits read out of a text result (``hits.pattern``): one mapping of the named groups per
    match, in order.

    Raises:
        MalformedResult: no match, in a text that ``hits.empty`` does not call empty (when given).
    """
    assert config.pattern is not None
    text = "\n".join(texts)
    items = [
        {k: v for k, v in m.groupdict().items() if v is not None}
        for m in config.pattern.finditer(text)
    ]
    empty = config.empty
    if not items and empty is not None and text.strip() and empty.search(text) is None:
        start = text.strip()[:80].replace("\n", " ")
        raise MalformedResult(f"its text matches neither hits.pattern nor hits.empty: {start!r}")
    return items


def search_hits(
    structured: Any, texts: Sequence[str], config: HitsConfig, last_day: int | None = None
) -> list[Hit]:
    """The hits of a search result (its ``structuredContent`` and the texts of its content):
    prose read by ``hits.pattern``, else the data (:func:`result_payload`) read by
    :func:`read_hits`.

    Raises:
        MalformedResult: see :func:`read_hits` and :func:`prose_items`.
    """
    if config.pattern is not None:
        return _hits(prose_items(texts, config), config, last_day)
    return read_hits(result_payload(structured, texts, config.source), config, last_day)


def read_hits(payload: Any, config: HitsConfig, last_day: int | None = None) -> list[Hit]:
    """The hits in a search result's payload, in the server's order: a list of hit objects at
    ``config.path``, or columns (``config.columns``).

    Args:
        last_day: the last day of the corpus the server was given: a hit's day must be within
            ``1..last_day`` (None: any day from 1).

    Raises:
        MalformedResult: no list at ``config.path`` (or a column that is not a list, or columns of
            unequal length), a hit that is not a mapping, or lacks its id or text field, a score
            that is not a finite number, or a day that is not a day of the corpus.
    """
    if config.columns:
        return _hits(_column_items(payload, config), config, last_day)
    found = dig(payload, config.path)
    if not isinstance(found, list):
        where = f'"{config.path}"' if config.path else "the result"
        raise MalformedResult(f"{where} is a {type(found).__name__}, not a list of hits")
    return _hits(found, config, last_day)


def _hits(found: list[Any], config: HitsConfig, last_day: int | None) -> list[Hit]:
    hits: list[Hit] = []
    for n, item in enumerate(found):
        if not _mapping(item):
            raise MalformedResult(f"hit {n} is a {type(item).__name__}, not a mapping")
        ident = field_value(item, config.id)
        if ident is None or isinstance(ident, dict | list) or _mapping(ident):
            raise MalformedResult(f'hit {n} has no "{config.id}" (its keys: {", ".join(item)})')
        parts = [field_value(item, field) for field in config.text]
        if all(p is None for p in parts):
            fields = " or ".join(f'"{f}"' for f in config.text)
            raise MalformedResult(f"hit {n} has no {fields} (its keys: {', '.join(item)})")
        session = field_value(item, config.session) if config.session else None
        hits.append(
            Hit(
                id=str(ident),
                text="\n".join(_as_text(p) for p in parts if p is not None),
                score=_score(field_value(item, config.score), f'hit {n}\'s "{config.score}"')
                if config.score
                else None,
                day=_day(field_value(item, config.day), f'hit {n}\'s "{config.day}"', last_day)
                if config.day
                else None,
                session=str(session) if session is not None else None,
            )
        )
    return hits


def slug(text: str) -> str:
    """``text`` lowercased with every run of other characters one ``-`` (how servers tend to turn a
    title into a permalink), for matching ids a server rewrote."""
    return _NOT_ALNUM.sub("-", text.lower()).strip("-")


def day_in_id(text: str, last_day: int | None = None) -> int | None:
    """The day an id names (``day-0007…``), or None — also when it is no day of the corpus
    (``1..last_day``): the id is then not one of ours."""
    match = _DAY_IN_ID.search(text)
    if match is None or len(match.group(1)) > 9:
        return None
    day = int(match.group(1))
    return day if day >= 1 and (last_day is None or day <= last_day) else None
