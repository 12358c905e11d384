"""The price table: model → USD per million input / output tokens, shipped with its date.

The shipped table is ``prices.yaml`` beside this module (its header says where each price was read
and what it leaves out). A file given with ``--prices FILE`` (or the profile's ``prices:``) adds to
it and overrides it model by model; it has the same shape, as YAML or JSON::

    date: "2026-05-01"            # optional: when you read the prices
    source: our contract          # optional
    prices:
      gpt-4o-mini: {input: 0.15, output: 0.60}
      my-azure-deployment: {input: 0.165, output: 0.66}

A mistake in the file is a :class:`~recallbench.errors.ConfigError` naming the file, the line and
the key.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .._jsonread import json_loads
from ..errors import ConfigError, DatasetError
from ..results.cost import Price, PriceTable

__all__ = ["SHIPPED_PRICES", "load_price_file", "price_table", "shipped_prices"]

SHIPPED_PRICES = Path(__file__).with_name("prices.yaml")
"""The shipped table."""


def _read(path: Path) -> tuple[Any, Any]:
    """The file's data and a function giving the line of a key path (None when unknown)."""
    if path.suffix.lower() == ".json":
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read the price file: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise ConfigError(f"{path}: the price file is not UTF-8 text") from None
        try:
            return json_loads(text), lambda _key: None
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    from ..data._yaml import load_yaml_located

    try:
        data, locator = load_yaml_located(path)
    except DatasetError as exc:
        raise ConfigError(f"price file {exc}") from None
    return data, locator.line


def _where(path: Path, line: int | None) -> str:
    return f"{path}:{line}" if line is not None else str(path)


def _usd(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) and value >= 0 else None


def load_price_file(path: Path | str) -> PriceTable:
    """Read a price file (YAML, or JSON when it ends in ``.json``).

    Raises:
        ConfigError: it cannot be read or parsed, or a key is missing or wrong (file, line, key).
    """
    path = Path(path)
    data, line = _read(path)
    if not isinstance(data, Mapping):
        raise ConfigError(f"{_where(path, 1)}: a price file is a mapping with a 'prices' key")
    unknown = sorted(set(data) - {"date", "source", "prices"})
    if unknown:
        raise ConfigError(
            f"{_where(path, line((unknown[0],)))}: unknown key {unknown[0]!r} "
            "(a price file has date, source and prices)"
        )
    for key in ("date", "source"):
        if key in data and not isinstance(data[key], str):
            raise ConfigError(f"{_where(path, line((key,)))}: {key} must be text")
    prices = data.get("prices")
    if not isinstance(prices, Mapping):
        raise ConfigError(
            f"{_where(path, line(('prices',)))}: 'prices' must be a mapping of model names to "
            "{input: USD, output: USD} per million tokens"
        )
    table: dict[str, Price] = {}
    for model, entry in prices.items():
        at = _where(path, line(("prices", model)))
        if not isinstance(entry, Mapping) or set(entry) != {"input", "output"}:
            raise ConfigError(
                f"{at}: prices.{model}: expected {{input: USD, output: USD}} per million tokens"
            )
        values = {}
        for side in ("input", "output"):
            usd = _usd(entry[side])
            if usd is None:
                raise ConfigError(
                    f"{_where(path, line(('prices', model, side)))}: prices.{model}.{side}: "
                    f"must be a non-negative number of USD per million tokens, got {entry[side]!r}"
                )
            values[side] = usd
        table[str(model)] = Price(input_per_mtok=values["input"], output_per_mtok=values["output"])
    return PriceTable(
        prices=table, date=str(data.get("date") or ""), source=str(data.get("source") or path)
    )


@functools.cache
def shipped_prices() -> PriceTable:
    """The table shipped with recallbench (``prices.yaml``)."""
    return load_price_file(SHIPPED_PRICES)


def price_table(override: Path | str | None = None) -> PriceTable:
    """The shipped table, with ``override``'s prices over it when a file is given."""
    table = shipped_prices()
    return table.merged(load_price_file(override)) if override is not None else table
