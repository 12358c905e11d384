"""Numbers printed as the reference printed them: JavaScript's ``toFixed``. Pure.

Ties on the exact binary value round away from zero (4.25 prints as ``4.3``), where Python's
``format`` would round them to even; ``-0`` never appears.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Context, Decimal

__all__ = ["to_fixed"]

_EXACT = Context(prec=1100)
"""Enough digits for any double's exact decimal expansion: quantize never fails or rounds twice."""


def to_fixed(value: float, digits: int) -> str:
    """JavaScript's ``Number.prototype.toFixed``: the exact binary value rounded half away from
    zero, and no ``-0``."""
    if not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("-" if value < 0 else "") + "Infinity"
    quantum = Decimal(1).scaleb(-digits)
    text = str(Decimal(value).quantize(quantum, rounding=ROUND_HALF_UP, context=_EXACT))
    if text.startswith("-") and Decimal(text) == 0:
        text = text[1:]
    return text
