"""Checkpoints on the corpus axis: time ranges, their parsing and series (reference §2.3). Pure.

Accepted forms, everywhere a range is read:

* a day count: ``30``, ``30d``;
* months and years: ``6mo`` or ``6m`` (30 days a month), ``1y`` (365 days);
* a named alias: ``30d``, ``90d``, ``6mo``, ``1y``, ``full`` (every day on disk);
* a series: ``START:END:STEP`` on the command line, ``{start, end, step}`` in a profile: every STEP days
  from START, closed by END itself when the steps do not land on it (``7:1000:7`` is the seed's 143 weekly
  checkpoints, 7d … 994d, 1000d).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence

import attrs

from ..errors import ConfigError

__all__ = [
    "DEFAULT_RANGES",
    "FULL_DAYS",
    "NAMED_RANGES",
    "TimeRange",
    "clamp_to_corpus",
    "collapsed_past_end",
    "default_ranges_of",
    "expand_series",
    "normalize_ranges",
    "parse_ranges",
    "parse_time_range",
    "past_end_message",
    "persona_ranges_of",
    "widest_by_label",
]

FULL_DAYS = 9007199254740991
"""JavaScript's MAX_SAFE_INTEGER: the reference's ``full`` range, written as this integer in JSON."""

ACCEPTED_FORMS = (
    "accepted forms: a day count (30, 30d), months (6mo, 6m), years (1y), "
    "a named range (30d, 90d, 6mo, 1y, full) or a series START:END:STEP (7:1000:7)"
)


def _check_days(_inst: object, _a: attrs.Attribute[float], value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"days must be a finite number, got {value!r}")
    if value <= 0:
        raise ValueError(f"days must be positive, got {value!r}")


@attrs.frozen(kw_only=True)
class TimeRange:
    """A checkpoint: a label and the number of days of corpus it covers."""

    label: str = attrs.field(validator=attrs.validators.min_len(1))
    days: int | float = attrs.field(validator=_check_days)


def _days_label(days: int | float) -> str:
    return f"{_as_number(days)}d"


def _as_number(value: int | float) -> int | float:
    return int(value) if isinstance(value, float) and value.is_integer() else value


NAMED_RANGES: Mapping[str, TimeRange] = {
    "30d": TimeRange(label="30d", days=30),
    "90d": TimeRange(label="90d", days=90),
    "6mo": TimeRange(label="6mo", days=180),
    "1y": TimeRange(label="1y", days=365),
    "full": TimeRange(label="full", days=FULL_DAYS),
}
DEFAULT_RANGES: tuple[TimeRange, ...] = tuple(NAMED_RANGES.values())
"""The default checkpoints: 30d, 90d, 6mo, 1y and full."""

_DAYS = re.compile(r"^(\d+)d?$")
_MONTHS = re.compile(r"^(\d+)mo?$")
_YEARS = re.compile(r"^(\d+)y$")
_SERIES = re.compile(r"^(\d+):(\d+):(\d+)$")


def parse_time_range(value: object) -> TimeRange:
    """One range from a string, a number, a mapping with ``days`` (and optional ``label``), or a
    TimeRange. Raises ConfigError naming the input and the accepted forms."""
    if isinstance(value, TimeRange):
        return value
    if isinstance(value, Mapping):
        if "days" not in value:
            raise ConfigError(f"time range {dict(value)!r} has no 'days'; {ACCEPTED_FORMS}")
        days = value["days"]
        if isinstance(days, bool) or not isinstance(days, int | float):
            raise ConfigError(f"time range days must be a number, got {days!r}; {ACCEPTED_FORMS}")
        label = value.get("label", _days_label(days))
        return _make(str(label), days, value)
    if isinstance(value, bool):
        raise ConfigError(f"invalid time range {value!r}; {ACCEPTED_FORMS}")
    if isinstance(value, int | float):
        return _make(_days_label(value), value, value)
    if not isinstance(value, str):
        raise ConfigError(f"invalid time range {value!r}; {ACCEPTED_FORMS}")
    text = value.strip().lower()
    if text in NAMED_RANGES:
        return NAMED_RANGES[text]
    if m := _DAYS.match(text):
        return _make(f"{int(m.group(1))}d", int(m.group(1)), value)
    if m := _MONTHS.match(text):
        return _make(f"{int(m.group(1))}mo", int(m.group(1)) * 30, value)
    if m := _YEARS.match(text):
        return _make(f"{int(m.group(1))}y", int(m.group(1)) * 365, value)
    raise ConfigError(f"invalid time range {value!r}; {ACCEPTED_FORMS}")


def _make(label: str, days: int | float, source: object) -> TimeRange:
    try:
        return TimeRange(label=label, days=_as_number(days))
    except ValueError as exc:
        raise ConfigError(f"invalid time range {source!r}: {exc}; {ACCEPTED_FORMS}") from None


MAX_CHECKPOINTS = 10_000
"""The most checkpoints one series may make (a daily series over 27 years): a typo such as
``1:2000000000:1`` is refused at once instead of exhausting memory."""


def expand_series(start: int, end: int, step: int) -> tuple[TimeRange, ...]:
    """``start, start+step, …`` up to ``end``, closed by ``end`` itself when the steps miss it.

    Raises:
        ConfigError: a bound that is not a positive whole number, an end before the start, or a
            series of more than :data:`MAX_CHECKPOINTS` checkpoints.
    """
    for name, v in (("start", start), ("end", end), ("step", step)):
        if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
            raise ConfigError(f"range series {name} must be a positive whole number, got {v!r}")
    if end < start:
        raise ConfigError(f"range series end {end} is before start {start}")
    count = (end - start) // step + 1
    if count > MAX_CHECKPOINTS:
        raise ConfigError(
            f"range series {start}:{end}:{step} makes {count:,} checkpoints, more than "
            f"{MAX_CHECKPOINTS:,}: take a larger step or a nearer end (a persona has at most a few "
            "thousand days)"
        )
    days = list(range(start, end + 1, step))
    if days[-1] != end:
        days.append(end)
    return tuple(TimeRange(label=f"{d}d", days=d) for d in days)


def parse_ranges(values: str | Mapping[str, object] | Iterable[object]) -> tuple[TimeRange, ...]:
    """Ranges as the command line and profiles give them.

    Strings may hold several entries separated by commas and/or spaces (``"30d,90d"``,
    ``"30d 90d"``); ``START:END:STEP`` expands to a series; a mapping with ``start``/``end``/``step``
    (or ``series``) expands likewise. Order is kept; see :func:`normalize_ranges`.
    """
    items: Iterable[object] = [values] if isinstance(values, str | Mapping) else values
    out: list[TimeRange] = []
    for item in items:
        if isinstance(item, str):
            tokens = [t for t in re.split(r"[,\s]+", item.strip()) if t]
            if not tokens:
                raise ConfigError(f"empty time range {item!r}; {ACCEPTED_FORMS}")
            for token in tokens:
                if m := _SERIES.match(token):
                    out.extend(expand_series(int(m[1]), int(m[2]), int(m[3])))
                elif ":" in token:
                    raise ConfigError(
                        f"invalid range series {token!r}: expected START:END:STEP with whole "
                        "numbers, e.g. 7:1000:7"
                    )
                else:
                    out.append(parse_time_range(token))
        elif isinstance(item, Mapping) and "series" in item:
            series = item["series"]
            if isinstance(series, str) or not isinstance(series, Sequence):
                raise ConfigError(f"'series' must be a list of ranges, got {series!r}")
            out.extend(parse_ranges(series))
        elif isinstance(item, Mapping) and "start" in item:
            missing = [k for k in ("start", "end", "step") if k not in item]
            if missing:
                raise ConfigError(f"range series {dict(item)!r} lacks {', '.join(missing)}")
            out.extend(expand_series(item["start"], item["end"], item["step"]))
        else:
            out.append(parse_time_range(item))
    if not out:
        raise ConfigError(f"no time ranges given; {ACCEPTED_FORMS}")
    return tuple(out)


def normalize_ranges(ranges: Iterable[TimeRange]) -> tuple[TimeRange, ...]:
    """The order checkpoints run in: duplicates by label dropped (first wins), then ascending days."""
    seen: dict[str, TimeRange] = {}
    for r in ranges:
        seen.setdefault(r.label, r)
    return tuple(sorted(seen.values(), key=lambda r: r.days))


def widest_by_label(ranges: Iterable[TimeRange]) -> tuple[TimeRange, ...]:
    """Every label once, at the most days it is given, in ascending days (ties keep first-seen
    order): the run's checkpoints over personas that each ask their own under shared labels (a
    LoCoMo conversation's ``25%`` … ``100%`` of its sessions)."""
    widest: dict[str, TimeRange] = {}
    for r in ranges:
        if r.label not in widest or r.days > widest[r.label].days:
            widest[r.label] = r
    return tuple(sorted(widest.values(), key=lambda r: r.days))


_DAYS_LABEL = re.compile(r"^\d+d$")


def clamp_to_corpus(
    ranges: Sequence[TimeRange], max_day: int, *, repeat: bool = False
) -> tuple[TimeRange, ...]:
    """Normalised ``ranges`` for a corpus of ``max_day`` days: a checkpoint past its end would ask
    its last day again, so it is left out when an earlier checkpoint already reaches the end
    (``6mo``, ``1y`` and ``full`` over 180 days are asked once, as ``6mo``); the first past the end
    is kept when none does, a day count labelled by the days it holds (``2000d`` over 180 days runs
    as ``180d``).
    A series ``7:1000:7`` over a 180-day persona so asks 26 checkpoints (the last ``180d``), not
    143 that would all repeat it. :func:`collapsed_past_end` names the checkpoints left out.

    With ``repeat``, the named ranges past the end are kept as well, as the reference runs them
    (``6mo``, ``1y`` and ``full`` over 180 days: three checkpoints asking the same days); only
    day counts past the end still collapse.
    """
    ordered = normalize_ranges(ranges)
    out: list[TimeRange] = []
    end = TimeRange(label=f"{max_day}d", days=max_day)
    for r in ordered:
        if r.days > max_day:  # past the end: it would ask the last day again
            named = not _DAYS_LABEL.match(r.label)
            if any(o.days >= max_day for o in out) and not (repeat and named):
                continue
            if not named:
                if any(o.label == end.label for o in ordered):
                    continue
                r = end
        out.append(r)
    return tuple(sorted(out, key=lambda r: r.days))


def collapsed_past_end(
    ranges: Sequence[TimeRange], max_day: int, *, repeat: bool = False
) -> tuple[tuple[str, ...], str | None]:
    """What :func:`clamp_to_corpus` does at the corpus's end: the labels of ``ranges`` not asked
    under their own label (they fall past the end, where an earlier checkpoint already asks),
    and the label of the checkpoint that asks the end (None when none reaches it)."""
    kept = clamp_to_corpus(ranges, max_day, repeat=repeat)
    end = next((r.label for r in kept if r.days >= max_day), None)
    labels = {r.label for r in kept}
    return tuple(r.label for r in normalize_ranges(ranges) if r.label not in labels), end


def past_end_message(
    persona_id: str, ranges: Sequence[TimeRange], max_day: int, *, repeat: bool = False
) -> str | None:
    """One line saying which checkpoints :func:`clamp_to_corpus` collapsed at the end of a
    persona's corpus and which one asks them (None when none was): what ``plan`` and ``run`` say."""
    gone, end = collapsed_past_end(ranges, max_day, repeat=repeat)
    if not gone or end is None:
        return None
    shown = ", ".join(gone[:5]) + (f" and {len(gone) - 5:,} more" if len(gone) > 5 else "")
    many = len(gone) > 1
    line = (
        f"{persona_id} has {max_day} days: checkpoint{'s' if many else ''} {shown} "
        f"{'fall' if many else 'falls'} past its end, asked once, as {end}"
    )
    named = any(not _DAYS_LABEL.match(label) for label in gone)
    return line + (" (--repeat-checkpoints asks each)" if named and not repeat else "")


def default_ranges_of(dataset: object) -> tuple[TimeRange, ...]:
    """The checkpoints a run asks when none are named: a dataset may declare its own
    (``default_ranges``: a benchmark whose units are each asked once, after their last day)."""
    own = getattr(dataset, "default_ranges", None)
    return tuple(own) if own else DEFAULT_RANGES


def persona_ranges_of(dataset: object, persona_id: str) -> tuple[TimeRange, ...]:
    """The checkpoints one persona asks when the run names none: its own, when the dataset gives
    personas their own (``ranges_of(persona_id)``: an imported conversation's session quarters,
    the same labels in every conversation), else :func:`default_ranges_of`."""
    ranges_of = getattr(dataset, "ranges_of", None)
    own = ranges_of(persona_id) if callable(ranges_of) else ()
    return tuple(own) if own else default_ranges_of(dataset)
