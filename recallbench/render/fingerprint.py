"""A run's fingerprint as the reports show it at their top: one line of text, or an HTML block
that opens onto every part. Pure.

The fingerprint itself is :mod:`recallbench.results.fingerprint`'s; a run that has none (older runs,
the reference's) shows nothing here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["fingerprint_html", "fingerprint_line"]


def _versions(fp: Mapping[str, Any]) -> str:
    versions = fp.get("versions")
    if not isinstance(versions, Mapping):
        return ""
    parts = [
        f"{k} {v}"
        for k, v in (
            ("recallbench", versions.get("recallbench")),
            ("Python", versions.get("python")),
        )
        if v
    ]
    return " · " + " · ".join(parts) if parts else ""


def fingerprint_line(fp: Mapping[str, Any] | None) -> str | None:
    """``dfae5d84d99d (datasets, selection, judges) · all parts 1933ea38f265 · recallbench 0.1.0 ·
    Python 3.11.7``; None without a fingerprint."""
    if not isinstance(fp, Mapping) or not isinstance(fp.get("digest"), str):
        return None
    full = fp.get("sha256")
    whole = f" · all parts {full[:12]}" if isinstance(full, str) else ""
    return f"{fp['digest']} (datasets, selection, judges){whole}{_versions(fp)}"


def fingerprint_html(fp: Mapping[str, Any] | None) -> str:
    """A ``<details>`` block: the line as its summary, every part as indented JSON inside; empty
    without a fingerprint."""
    from html import escape  # here: a run without the page imports this module for its headline

    line = fingerprint_line(fp)
    if line is None or fp is None:
        return ""
    body = json.dumps(fp, indent=2, ensure_ascii=False)
    return (
        '<details class="rb-fingerprint"><summary>Fingerprint '
        f"{escape(line)}</summary><pre>{escape(body)}</pre></details>"
    )
