"""The shipped personas' domains, and the (days, seed) each shipped variant is generated with."""

from __future__ import annotations

import importlib

from ..domain import Domain

__all__ = ["SHIPPED", "SHIPPED_VARIANTS", "load_domain"]

SHIPPED: dict[str, str] = {
    "backend-eng-saas": "backend_eng_saas",
    "er-physician": "er_physician",
    "litigation-attorney": "litigation_attorney",
    "research-scientist": "research_scientist",
    "financial-advisor": "financial_advisor",
    "executive-assistant": "executive_assistant",
}
"""Persona id → module in this package defining ``DOMAIN``."""

SHIPPED_VARIANTS: tuple[tuple[str, int, int], ...] = (
    ("backend-eng-saas", 1000, 1101),
    ("er-physician", 1000, 1102),
    ("litigation-attorney", 1000, 1103),
    ("research-scientist", 1000, 1104),
    ("financial-advisor", 1000, 1105),
    ("executive-assistant", 1000, 1106),
    ("executive-assistant", 180, 1806),
)
"""(persona id, days, seed) of every variant under ``personas/``."""


def load_domain(persona_id: str) -> Domain:
    """The domain of a shipped persona; ``KeyError`` names the ones there are."""
    try:
        module = SHIPPED[persona_id]
    except KeyError:
        raise KeyError(
            f"no shipped persona {persona_id!r}; shipped: {', '.join(SHIPPED)}"
        ) from None
    domain = importlib.import_module(f"{__name__}.{module}").DOMAIN
    assert isinstance(domain, Domain)
    return domain
