# SHIM(issue 41): removed when the core is rewired
"""Moved to :mod:`recallbench.benchmarks.locomo.importer`; re-exported for the core modules that
still import it here (``data/importers/__init__.py``, ``cli/import_data.py``)."""

from ...benchmarks.locomo.importer import convert_locomo

__all__ = ["convert_locomo"]
