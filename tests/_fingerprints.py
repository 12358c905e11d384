"""Comparing the results of one run made by two executors: their fingerprints differ only in the
``executor`` part (and so in the ``sha256`` of every part), by design."""

from __future__ import annotations

from typing import Any


def executor_free(result: dict[str, Any], *parts: str) -> dict[str, Any]:
    """A parsed ``result.json`` whose fingerprint keeps neither ``executor`` nor ``sha256``, nor
    the other ``parts`` named (its ``digest`` — datasets, selection, judges — stays, and must
    still agree)."""
    metadata = result.get("metadata")
    fingerprint = metadata.get("fingerprint") if isinstance(metadata, dict) else None
    if not isinstance(fingerprint, dict):
        return result
    dropped = {"executor", "sha256", *parts}
    kept = {k: v for k, v in fingerprint.items() if k not in dropped}
    return {**result, "metadata": {**metadata, "fingerprint": kept}}
