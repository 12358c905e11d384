"""Two runs' fingerprints side by side: which parts differ, and whether their numbers may be
compared. Pure.

Runs whose ``datasets`` or ``judges`` differ scored different questions, or scored them
differently: a difference between their numbers is not a regression or an improvement of the memory
system, and ``compare`` does not call it one (unless told to, ``--force``). Other parts differing
(the selection, the adapter — usually the point of a comparison —, the lifecycle, the executor,
repeats, versions) are listed, not blocking. A run without a fingerprint (older runs, the
reference's) cannot be checked, and the check says so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

import attrs

from .fingerprint import FINGERPRINT_PARTS

__all__ = ["BLOCKING_PARTS", "FingerprintCheck", "FingerprintDifference", "check_fingerprints"]

BLOCKING_PARTS: tuple[str, ...] = ("datasets", "judges")
"""Parts that, when they differ, make a difference between two runs' numbers no evidence about the
memory system."""

_ITEMIZED = ("datasets", "judges")
"""Parts whose differences are listed item by item (persona by persona, judge by judge)."""

_SHOWN = 40
"""Characters of a value shown in a difference."""


@attrs.frozen(kw_only=True)
class FingerprintDifference:
    """One item of one part that differs.

    Attributes:
        part: the fingerprint part (``datasets``, ``judges``, ``selection`` …).
        item: the persona, judge role or key within the part; None for a part that is one value
            (``lifecycle``, ``executor``).
        changes: ``(path, value in A, value in B)`` for each differing leaf below the item, values
            as short text (``none`` when absent).
    """

    part: str
    item: str | None
    changes: tuple[tuple[str, str, str], ...]

    def text(self) -> str:
        """``item: path A → B; …`` on one line."""
        body = "; ".join(f"{p}: {a} → {b}" if p else f"{a} → {b}" for p, a, b in self.changes)
        return f"{self.item}: {body}" if self.item is not None else body


@attrs.frozen(kw_only=True)
class FingerprintCheck:
    """What two fingerprints say about comparing their runs.

    Attributes:
        status: ``same`` (every part equal), ``differ`` or ``unknown`` (a run has no fingerprint).
        digest_a, digest_b: each run's short ``digest`` (None without a fingerprint).
        differences: every differing item, in part order.
        missing: the runs without a fingerprint (``A``, ``B``).
    """

    status: Literal["same", "differ", "unknown"]
    digest_a: str | None = None
    digest_b: str | None = None
    differences: tuple[FingerprintDifference, ...] = ()
    missing: tuple[str, ...] = ()

    @property
    def blocking(self) -> tuple[str, ...]:
        """The :data:`BLOCKING_PARTS` that differ."""
        parts = {d.part for d in self.differences}
        return tuple(p for p in BLOCKING_PARTS if p in parts)

    @property
    def comparable(self) -> bool | None:
        """False when datasets or judges differ; None when it cannot be checked."""
        if self.status == "unknown":
            return None
        return not self.blocking


def _show(value: Any) -> str:
    if value is None:
        return "none"
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _item(value: Any) -> str:
    """A whole item in one word: ``absent``, its name or type, or the value."""
    if value is None:
        return "absent"
    if isinstance(value, Mapping):
        named = value.get("name") or value.get("type")
        return _show(named) if isinstance(named, str) else "present"
    return _show(value)


def _leaves(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, Mapping) and value:
        out: dict[str, Any] = {}
        for k, v in value.items():
            out.update(_leaves(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    return {prefix: value}


def _changes(a: Any, b: Any) -> tuple[tuple[str, str, str], ...]:
    la, lb = _leaves(a), _leaves(b)
    paths = list(dict.fromkeys([*la, *lb]))
    return tuple((p, _show(la.get(p)), _show(lb.get(p))) for p in paths if la.get(p) != lb.get(p))


def _part_differences(part: str, a: Any, b: Any) -> list[FingerprintDifference]:
    if a == b:
        return []
    if part in _ITEMIZED and isinstance(a, Mapping) and isinstance(b, Mapping):
        out = []
        for item in dict.fromkeys([*a, *b]):
            va, vb = a.get(item), b.get(item)
            if va != vb:
                changes = (
                    (("", _item(va), _item(vb)),) if va is None or vb is None else _changes(va, vb)
                )
                out.append(FingerprintDifference(part=part, item=str(item), changes=changes))
        return out
    return [FingerprintDifference(part=part, item=None, changes=_changes(a, b))]


def _digest(fp: Mapping[str, Any] | None) -> str | None:
    value = fp.get("digest") if fp is not None else None
    return value if isinstance(value, str) else None


def check_fingerprints(
    a: Mapping[str, Any] | None, b: Mapping[str, Any] | None
) -> FingerprintCheck:
    """Compare run A's fingerprint with run B's (either may be None: a run that has none)."""
    missing = tuple(side for side, fp in (("A", a), ("B", b)) if not isinstance(fp, Mapping))
    if missing or a is None or b is None:
        return FingerprintCheck(
            status="unknown", digest_a=_digest(a), digest_b=_digest(b), missing=missing
        )
    known = list(FINGERPRINT_PARTS)
    extra = sorted((set(a) | set(b)) - set(known) - {"digest", "sha256"})
    differences = [
        d for part in (*known, *extra) for d in _part_differences(part, a.get(part), b.get(part))
    ]
    return FingerprintCheck(
        status="differ" if differences else "same",
        digest_a=_digest(a),
        digest_b=_digest(b),
        differences=tuple(differences),
    )
