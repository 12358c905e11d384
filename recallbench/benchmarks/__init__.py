"""recallbench's own benchmark families, each a room of its own, each registered in the
``recallbench.benchmarks`` entry-point group exactly as a third party's family would be
(``pyproject.toml``): ``personas`` (Recall Bench's persona folders, the default), ``memorybench``
(MemoryBench manifests), ``locomo``, ``longmemeval`` and ``beam``.

The core never imports them (an import-linter contract); it reaches them through
:mod:`recallbench.family`. Nothing is imported here.
"""
