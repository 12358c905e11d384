"""A run's cost as text and HTML: the headline's line, the report's section, report.html's section.

The numbers are ``result.json``'s ``cost`` objects (:mod:`recallbench.results.cost`); a cost that is
unknown (a model without a price) is shown as ``unknown``, never as $0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..results.cost import CORRECT_AT_LEAST, ROLES
from ..results.records import BenchmarkResult

__all__ = ["CORRECT_RULE", "cost_headline_lines", "cost_html_section", "cost_section_lines", "usd"]

CORRECT_RULE = f"correct = scored with correctness >= {CORRECT_AT_LEAST} of 3"
"""How the report defines a correct answer for the cost per correct answer."""


def usd(value: float | None) -> str:
    """``$0.000384`` below a cent, ``$0.0123``, ``$1,234.50`` from $100; ``unknown`` for a cost
    with a model without a price."""
    if value is None:
        return "unknown"
    if value < 0.01:  # a cheap run's cents: six places, so a cost per answer is not $0.0000
        return f"${value:.6f}"
    return f"${value:.4f}" if value < 100 else f"${value:,.2f}"


def _split(cost: Mapping[str, Any]) -> str:
    parts = [f"{r} {usd(cost[r + 'Usd'])}" for r in ROLES if r + "Usd" in cost]
    return f" ({', '.join(parts)})" if len(parts) > 1 else (f" ({parts[0]})" if parts else "")


def _per_correct(cost: Mapping[str, Any]) -> str:
    return (
        f"{usd(cost.get('usdPerCorrectAnswer'))} per correct answer "
        f"({cost.get('correctAnswers', 0)} of {cost.get('answers', 0)})"
    )


def _budget(cost: Mapping[str, Any]) -> str | None:
    budget = cost.get("budget")
    if not budget:
        return None
    text = f"budget ${budget['maxUsd']:g}; this invocation spent ${budget['spentUsd']:.4f}"
    return text + (" — STOPPED by --max-cost (--resume continues)" if budget.get("stopped") else "")


def cost_headline_lines(result: BenchmarkResult) -> list[str]:
    """``  Cost           $0.0123 (judge …) · $0.0004 per correct answer (…)``; none without a
    cost."""
    cost = result.metadata.cost
    if not cost:
        return []
    line = f"  Cost           {usd(cost.get('usd'))}{_split(cost)} · {_per_correct(cost)}"
    lines = [line]
    budget = _budget(cost)
    if budget:
        lines.append(f"  Budget         {budget}")
    return lines


def cost_section_lines(result: BenchmarkResult) -> list[str]:
    """The report's ``COST`` section: the run, each persona and checkpoint, the price table's date
    and what counts as correct; none when the run has no cost."""
    cost = result.metadata.cost
    if not cost:
        return []
    lines = ["", "COST (USD)"]
    lines.append(f"  Run: {usd(cost.get('usd'))}{_split(cost)}; {_per_correct(cost)}")
    for p in result.personas:
        pc = p.cost
        if not pc:
            continue
        lines.append(f"  {p.persona_id}: {usd(pc.get('usd'))}{_split(pc)}; {_per_correct(pc)}")
        for label, part in (pc.get("checkpoints") or {}).items():
            lines.append(f"    {label:>8}: {usd(part.get('usd'))} · {_per_correct(part)}")
    if cost.get("unpricedModels"):
        lines.append(
            f"  No price for {', '.join(cost['unpricedModels'])}: their cost is unknown "
            "(give it with --prices FILE)."
        )
    budget = _budget(cost)
    if budget:
        lines.append(f"  {budget[0].upper()}{budget[1:]}")
    prices = cost.get("prices") or {}
    lines.append(
        f"  Prices of {prices.get('date') or 'an undated table'} per million tokens; "
        f"{CORRECT_RULE}; unscored and wrong answers count in the cost."
    )
    return lines


def cost_html_section(result: BenchmarkResult) -> str:
    """report.html's cost section (empty without a cost)."""
    import html  # here: a run without the page (--no-html) imports this module for its headline

    cost = result.metadata.cost
    if not cost:
        return ""
    rows = [("run", cost)]
    for p in result.personas:
        if p.cost:
            rows.append((p.persona_id, p.cost))
            rows.extend(
                (f"{p.persona_id} · {label}", part)
                for label, part in (p.cost.get("checkpoints") or {}).items()
            )
    roles = [r for r in ROLES if r + "Usd" in cost]
    header = ("", "USD", *roles, "correct", "USD per correct")
    head = "".join(f"<th{' class=num' if i else ''}>{h}</th>" for i, h in enumerate(header))
    body = "".join(
        "<tr>"
        + f"<td>{html.escape(name)}</td><td class=num>{usd(c.get('usd'))}</td>"
        + "".join(f"<td class=num>{usd(c.get(r + 'Usd'))}</td>" for r in roles)
        + f"<td class=num>{c.get('correctAnswers', 0)} of {c.get('answers', 0)}</td>"
        + f"<td class=num>{usd(c.get('usdPerCorrectAnswer'))}</td></tr>"
        for name, c in rows
    )
    prices = cost.get("prices") or {}
    notes = [
        f"Prices of {html.escape(str(prices.get('date') or 'an undated table'))} "
        f"({html.escape(str(prices.get('source') or ''))}); {html.escape(CORRECT_RULE)}; "
        "unscored and wrong answers count in the cost."
    ]
    if cost.get("unpricedModels"):
        names = html.escape(", ".join(cost["unpricedModels"]))
        notes.append(f"No price for {names}: their cost is unknown.")
    budget = _budget(cost)
    if budget:
        notes.append(html.escape(budget))
    return (
        '<h2 id="cost">Cost</h2>'
        f'<table class="rb-table"><tr>{head}</tr>{body}</table>'
        + "".join(f'<p class="muted">{n}</p>' for n in notes)
    )
