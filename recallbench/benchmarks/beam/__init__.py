"""BEAM ("Beyond a Million Tokens: Benchmarking and Enhancing Long-Term Memory in LLMs", arXiv
2510.27246) as a benchmark family: its conversations at each chat size, its ten memory abilities,
its rubric-nugget judge (:mod:`.family`). Nothing heavy is imported here.
"""

from __future__ import annotations

from .family import Beam

__all__ = ["Beam", "benchmark"]

benchmark = Beam()
"""The family the ``beam`` entry point names."""
