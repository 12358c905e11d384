"""The shipped-persona engine: deterministic worlds whose every question is proven against the corpus.

``synthesize(domain, days, seed)`` writes a persona in memory; ``write_persona`` puts it on disk in the
reference layout; ``recallbench synth`` does both for the six shipped personas. LLM-written corpora are
the generation pipeline's job; this engine makes runs reproducible offline and answers checkable.
"""

from __future__ import annotations

from .domain import Domain, check_domain, normalize
from .domains import SHIPPED, SHIPPED_VARIANTS, load_domain
from .engine import ENGINE_VERSION, ENGINE_VERSIONS, SynthPersona, synthesize, write_persona

__all__ = [
    "ENGINE_VERSION",
    "ENGINE_VERSIONS",
    "SHIPPED",
    "SHIPPED_VARIANTS",
    "Domain",
    "SynthPersona",
    "check_domain",
    "load_domain",
    "normalize",
    "synthesize",
    "write_persona",
]
