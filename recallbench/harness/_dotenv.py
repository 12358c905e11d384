"""Reading a dotenv file (a profile's ``env.file``): ``KEY=VALUE`` lines, as dotenv reads them."""

from __future__ import annotations

import logging
import re
from pathlib import Path

__all__ = ["parse_dotenv"]

logger = logging.getLogger("recallbench")

_DOTENV_LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$")


def parse_dotenv(text: str, path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _DOTENV_LINE.match(line)
        if m is None:
            logger.warning("%s:%d: not a KEY=VALUE line; skipped", path, number)
            continue
        values[m.group(1)] = _dotenv_value(m.group(2).strip())
    return values


def _dotenv_value(raw: str) -> str:
    if raw[:1] in {'"', "'", "`"}:
        end = raw.find(raw[0], 1)
        if end > 0:
            inner = raw[1:end]
            return inner.replace("\\n", "\n") if raw[0] == '"' else inner
    comment = re.search(r"\s#", raw)
    return (raw[: comment.start()] if comment else raw).strip()
