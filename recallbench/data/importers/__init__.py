"""What importers of other benchmarks' published files share: :mod:`._native` (the imported data
written as native persona folders with an import marker naming its benchmark family, converted once
into the user cache by content hash, and read back lazily as an ``ImportedDataset``),
:mod:`._jsonstream` (a file's JSON list read a record at a time) and :mod:`.dialog_refs` (loosely
written turn references read as session and turn).

Each benchmark family brings its own importer (``recallbench/benchmarks/<family>/``) and reaches
the core through :mod:`recallbench.family`; ``--data`` is resolved there.
"""
