"""The parts of ``benchmarks/field_results.py``: the systems and their installs, the companion check,
the process-tree sampler and the figures read from a run (docs/field-results.md)."""
