"""Run fingerprints: what a run's numbers were computed from, as content hashes. Pure.

A fingerprint is a JSON object written into ``result.json``'s metadata (``fingerprint``) by the
harness (:mod:`recallbench.harness.fingerprinting` gathers its parts). Each part is plain JSON:

* ``datasets``: persona id → ``{"days", "questions", "definition"}``, each the first
  :data:`DIGEST_CHARS` hex of the SHA-256 of that content (:func:`persona_digests`);
* ``selection``: the personas, the checkpoints asked, sample, seed, group gating and the
  ``irrelevant_after`` policy;
* ``adapter``: its name, how it was named (a spec without addresses) and a hash of its config;
* ``judges``: each judge's description (its type, prompt version, a hash of its prompt texts, its
  sampling settings) by role, and the judge memory window;
* ``lifecycle``, ``executor`` (``local`` or ``ray``), ``repeats`` (``epochs``, when a run asks every
  question more than once; judge epochs are in the judges' descriptions) and ``versions``
  (recallbench's and Python's);
* ``rejudged``, only in a run ``recallbench rejudge`` made: the run whose answers it judged again —
  that run's judge (``judgeModel``), its fingerprint's ``digest`` and ``sha256`` and its ``judges``
  part — while ``judges`` describes the new judge.

What never goes in: paths, addresses, host names, timings, dates, parallelism — two runs of the
same benchmark on two machines have the same fingerprint. ``digest`` is the first
:data:`SHORT_DIGEST_CHARS` hex of the hash of the parts that decide whether two runs' numbers are
comparable (``datasets``, ``selection``, ``judges``); ``sha256`` hashes every part.

Hashes are of canonical JSON (:func:`canonical_json`): keys sorted, no whitespace, UTF-8, integral
floats as integers, non-finite numbers refused — the same bytes on every OS, Python build and
``PYTHONHASHSEED``.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

import orjson

from .._convert import to_json
from ..data.corpus import PersonaDataset

__all__ = [
    "COMPARABILITY_PARTS",
    "DIGEST_CHARS",
    "FINGERPRINT_PARTS",
    "SHORT_DIGEST_CHARS",
    "canonical_json",
    "make_fingerprint",
    "persona_digests",
    "sha256_hex",
    "short_digest",
]

DIGEST_CHARS = 16
"""Hex characters kept of each persona part's SHA-256 (64 bits: enough to tell versions apart)."""

SHORT_DIGEST_CHARS = 12
"""Hex characters of the overall ``digest``."""

COMPARABILITY_PARTS: tuple[str, ...] = ("datasets", "selection", "judges")
"""The parts the short ``digest`` covers: two runs that agree on them scored the same questions the
same way."""

FINGERPRINT_PARTS: tuple[str, ...] = (
    "datasets",
    "selection",
    "adapter",
    "judges",
    "lifecycle",
    "executor",
    "repeats",
    "versions",
    "rejudged",
)
"""Every part a fingerprint may hold, in the order they are written and compared."""


def _canonical(value: Any, where: Any, *, lenient: bool = False) -> Any:
    """``value`` as plain JSON values, integral floats as integers, text beyond ASCII copied
    (:func:`_dumps`). ``where`` names the value for an error: a string, or ``(parent, index)`` and
    ``(parent, key, ".")`` spelled out only when an error is raised (a persona's days have tens of
    thousands of values). Exact ``str``, ``dict``, ``list``, ``tuple`` and ``int`` are taken first,
    what a loaded dataset is made of; then every type in the order below."""
    kind = type(value)
    if kind is str:
        return value if value.isascii() else _fresh(value)
    if kind is dict:
        return _canonical_mapping(value, where, lenient)
    if kind is list or kind is tuple:
        return [_canonical(v, (where, i), lenient=lenient) for i, v in enumerate(value)]
    if kind is int:
        return value
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value if value.isascii() else _fresh(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"fingerprint: {_where(where)} is {value}, not a finite number")
        # 5.0 and 5 are one value; repr (shortest round trip) is the same on every IEEE platform.
        return int(value) if value.is_integer() else value
    if isinstance(value, Mapping):
        return _canonical_mapping(value, where, lenient)
    if isinstance(value, list | tuple):
        return [_canonical(v, (where, i), lenient=lenient) for i, v in enumerate(value)]
    if lenient:  # dataset content read from YAML (a date, say): hashed as its text
        return _canonical(str(value), where)
    raise TypeError(f"fingerprint: {_where(where)} is a {type(value).__name__}, not a JSON value")


def _canonical_mapping(value: Mapping[Any, Any], where: Any, lenient: bool) -> dict[str, Any]:
    """:func:`_canonical` of a mapping: its keys as text."""
    out: dict[str, Any] = {}
    for k, v in value.items():
        key = k if type(k) is str else str(k)
        out[key if key.isascii() else _fresh(key)] = _canonical(v, (where, k, "."), lenient=lenient)
    return out


def _where(where: Any) -> str:
    """The name ``(parent, index)`` or ``(parent, key, ".")`` stands for: ``value.a[0].b``."""
    parts: list[str] = []
    while isinstance(where, tuple):
        if len(where) == 3:
            where, key, _ = where
            parts.append(f".{key}")
        else:
            where, key = where
            parts.append(key if isinstance(key, str) else f"[{key}]")
    return str(where) + "".join(reversed(parts))


def _fresh(text: str) -> str:
    """A new ``str`` holding ``text`` (an exact ``str`` even for a subclass): orjson leaves the
    UTF-8 encoding of text beyond ASCII cached on the string it encodes, so it is given a copy that
    dies with the digest instead of the dataset's own text (+4 MiB held for a 180-day persona's
    typographic text otherwise). A copy is a memcpy; the encoding it spares is not."""
    return "".join((text, ""))


def canonical_json(value: Any) -> bytes:
    """``value`` as canonical JSON bytes: keys sorted, no whitespace, UTF-8, integral floats as
    integers.

    Raises:
        ValueError: a number is NaN or infinite.
        TypeError: something is not a JSON value (a set, a path, an object).
    """
    return _dumps(_canonical(value, "value"))


def _dumps(value: Any) -> bytes:
    """Canonical JSON of ``value`` (already :func:`_canonical`): the standard library's sorted,
    compact encoding, ``ensure_ascii=False``. Written by orjson when ``value`` holds no float: the
    two agree byte for byte on strings, integers, booleans, None and str-keyed objects sorted by
    code point (UTF-8 sorts as code points do), and differ on how some floats are spelled
    (``1e-05``); orjson is ~4× faster on a persona's days (issue 36: the fingerprint was a fifth of
    a small run). Text beyond ASCII reaches it as :func:`_canonical`'s copies, so the UTF-8 it
    caches on a string is freed with the digest. Digests are unchanged
    (``tests/test_fingerprint.py``)."""
    if _no_float(value):
        try:
            return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        except (TypeError, orjson.JSONEncodeError):  # past 64 bits, a lone surrogate: as before
            pass
    return json.dumps(
        value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False
    ).encode("utf-8")


def _no_float(value: Any) -> bool:
    """No float anywhere in ``value`` (plain dicts, lists and scalars)."""
    kind = type(value)
    if kind is float:
        return False
    if kind is dict:
        return all(_no_float(v) for v in value.values())
    if kind is list:
        return all(_no_float(v) for v in value)
    return True


def sha256_hex(value: Any) -> str:
    """The hex SHA-256 of ``value``'s canonical JSON."""
    return hashlib.sha256(canonical_json(value)).hexdigest()


def _stream_digest(items: Iterable[Any]) -> str:
    """The first :data:`DIGEST_CHARS` hex of the SHA-256 of each item's canonical JSON, one item a
    line: a persona of thousands of days is hashed a day at a time, never as one string. Values
    that are not JSON (a date a YAML file held) are hashed as their text."""
    hasher = hashlib.sha256()
    for item in items:
        hasher.update(_dumps(_canonical(item, "item", lenient=True)))
        hasher.update(b"\n")
    return hasher.hexdigest()[:DIGEST_CHARS]


def persona_digests(ds: PersonaDataset) -> dict[str, str]:
    """A persona's content hashes: ``days`` (number, date, text, active arcs and sessions of every
    day), ``questions`` (every pair as ``result.json`` writes it) and ``definition`` (the persona,
    its story and arcs, the benchmark and required capabilities of imported data). The file names
    and directories they were read from are left out: a copy elsewhere hashes the same."""
    days = (
        [d.number, d.date, d.content, list(d.active_arcs), sorted(d.sessions.items())]
        for d in ds.days
    )
    definition = to_json(ds.definition)
    if isinstance(definition, dict):
        definition.pop("arcsFile", None)  # a file name, not content
    return {
        "days": _stream_digest(days),
        "questions": _stream_digest(to_json(q) for q in ds.qa),
        "definition": _stream_digest([definition, ds.benchmark, sorted(ds.required_capabilities)]),
    }


def short_digest(fingerprint: Mapping[str, Any]) -> str:
    """The first :data:`SHORT_DIGEST_CHARS` hex of the hash of the comparability parts."""
    return sha256_hex({k: fingerprint.get(k) for k in COMPARABILITY_PARTS})[:SHORT_DIGEST_CHARS]


def make_fingerprint(parts: Mapping[str, Any]) -> dict[str, Any]:
    """A fingerprint from its parts (keys of :data:`FINGERPRINT_PARTS`; a part that is None is
    left out): ``digest`` first, then the parts in canonical form, then ``sha256``.

    Raises:
        ValueError: a part is not one of :data:`FINGERPRINT_PARTS`, or holds a non-finite number.
        TypeError: a part holds something that is not JSON.
    """
    unknown = sorted(set(parts) - set(FINGERPRINT_PARTS))
    if unknown:
        raise ValueError(f"fingerprint: unknown part(s) {', '.join(unknown)}")
    body = {k: _canonical(parts[k], k) for k in FINGERPRINT_PARTS if parts.get(k) is not None}
    return {"digest": short_digest(body), **body, "sha256": sha256_hex(body)}
