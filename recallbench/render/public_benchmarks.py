"""A benchmark family's published figures (``result.json``'s ``publicBenchmark``, by family name),
as the family lays them out (:meth:`~recallbench.family.base.Benchmark.tables`): as text
(:func:`public_section_lines`, in ``recallbench report`` and at the end of ``recallbench run``),
as a section of ``report.html`` (:func:`public_html_section`), and as the headline's lines
(:func:`public_headline_lines`).

Only the family named by a key is imported to lay it out. Figures of a family that is not
installed here (a run made elsewhere with a plug-in) are shown as recorded, with a note saying so.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from html import escape
from typing import Any

from ..errors import ConfigError
from ..family.base import Benchmark, Table
from ..family.registry import family

__all__ = ["public_headline_lines", "public_html_section", "public_section_lines", "public_tables"]

_RULE = "═" * 59


def _families(public: Mapping[str, Any]) -> Iterator[tuple[str, Benchmark | None, Any]]:
    for name, value in public.items():
        try:
            owner: Benchmark | None = family(name)
        except ConfigError:
            owner = None
        yield name, owner, value


def _as_recorded(name: str, value: Any) -> Table:
    """Figures whose family is not here: their scalar values by key path."""
    rows: list[tuple[str, str]] = []

    def walk(v: Any, path: str) -> None:
        if isinstance(v, Mapping):
            for k, x in v.items():
                walk(x, f"{path}.{k}" if path else str(k))
        elif isinstance(v, list | tuple):
            for i, x in enumerate(v):
                walk(x, f"{path}[{i}]")
        else:
            rows.append((path, str(v)))

    walk(value, "")
    return Table(
        title=name,
        notes=(
            f"the benchmark family {name!r} that recorded these figures is not installed here: "
            "shown as recorded",
        ),
        header=("figure", "value"),
        rows=tuple(rows),
    )


def public_tables(public: Mapping[str, Any]) -> list[Table]:
    """Every section the run's published figures make, family by family."""
    out: list[Table] = []
    for name, owner, value in _families(public):
        if owner is None:
            out.append(_as_recorded(name, value))
        elif isinstance(value, Mapping):
            out.extend(owner.tables(value))
    return out


def _layout(header: Sequence[str], body: Sequence[Sequence[str]]) -> list[str]:
    if not header:
        return []
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = f"{cells[0]:<{widths[0]}}"
        rest = [f"{c:>{w}}" for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    return [line(header), *(line(cells) for cells in body)]


def public_section_lines(public: Mapping[str, Any] | None) -> list[str]:
    """The published-layout tables under a heading each, for the text report; none without."""
    lines: list[str] = []
    for table in public_tables(public or {}):
        lines += [
            "",
            _RULE,
            f"{table.title.upper()} (published layout; see docs/reports.md)",
            _RULE,
        ]
        lines += [f"  {n}" for n in table.notes]
        lines += [f"  {row}" for row in _layout(table.header, table.rows)]
    return lines


def public_html_section(public: Mapping[str, Any] | None) -> str:
    """The tables as a section of ``report.html`` (``id="public-benchmark"``); empty without."""
    tables = public_tables(public or {})
    if not tables:
        return ""
    parts = ['<h2 id="public-benchmark">Published layout</h2>']
    for table in tables:
        parts.append(f"<h3>{escape(table.title)}</h3>")
        parts += [
            f'<p class="{"rb-banner interim" if n.startswith("WARNING") else "muted"}">{escape(n)}</p>'
            for n in table.notes
        ]
        head = "".join(
            f"<th{' class=num' if i else ''}>{escape(h)}</th>" for i, h in enumerate(table.header)
        )
        rows = "".join(
            "<tr>"
            + "".join(f"<td{' class=num' if i else ''}>{escape(c)}</td>" for i, c in enumerate(r))
            + "</tr>"
            for r in table.rows
        )
        parts.append(f'<table class="rb-table"><tr>{head}</tr>{rows}</table>')
    return "".join(parts)


def public_headline_lines(public: Mapping[str, Any] | None) -> list[str]:
    """One line per family that gives one for the run's headline (its official figure)."""
    out: list[str] = []
    for _name, owner, value in _families(public or {}):
        if owner is not None and isinstance(value, Mapping):
            line = owner.headline(value)
            if line:
                out.append(line)
    return out
