# SHIM(issue 41): removed when the core is rewired
"""Moved to :mod:`recallbench.benchmarks.longmemeval.importer`; re-exported for the core modules
that still import it here (``data/importers/__init__.py``, ``cli/import_data.py``)."""

from ...benchmarks.longmemeval.importer import convert_longmemeval

__all__ = ["convert_longmemeval"]
