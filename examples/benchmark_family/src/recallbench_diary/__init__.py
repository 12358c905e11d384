"""Diary Recall: a small benchmark family for recallbench, as an installable plug-in.

A Diary Recall file (``diary-recall/1``, JSON) holds diaries: each a writer's dated entries and
questions about them, every question naming the entries that hold its answer (its evidence) and
one of four categories (``fact``, ``date``, ``latest``, ``absent``). Installed, this package
registers the ``diary`` family in recallbench's ``recallbench.benchmarks`` entry-point group
(``pyproject.toml``), and then::

    recallbench run --adapter builtin:bm25 --data diary:sample-diaries.json
    recallbench import diary sample-diaries.json --out diaries/
    recallbench run --adapter builtin:bm25 --data diaries/ --judge diary-f1

This module stays light: recallbench reads the entry point's ``benchmark`` when it needs the
family, and everything heavier is imported by the family's methods when they run.
"""

from __future__ import annotations

from .family import DiaryRecall

__all__ = ["DiaryRecall", "benchmark"]

benchmark = DiaryRecall()
"""The family the ``diary`` entry point names."""
