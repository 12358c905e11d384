"""``recallbench retrieval-eval``: rank the personas' questions with retrievers (the seed-004 benchmark).

Imports numpy only when the command runs: ``import recallbench.cli`` stays light.
"""

from __future__ import annotations

import argparse
import inspect
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError
from ._common import add_dataset_args, non_negative_int, positive_int, print_json

if TYPE_CHECKING:
    from ..adapters.retrieval.base import Retriever

__all__ = ["BUILTIN_RETRIEVERS", "DEFAULT_RETRIEVER_ATTR", "load_retriever", "register"]

BUILTIN_RETRIEVERS: tuple[str, ...] = ("bm25", "fts5", "dense")
"""The names ``builtin:<name>`` accepts."""

DEFAULT_RETRIEVER_ATTR = "retriever"
"""The attribute a ``pkg.module`` / ``file.py`` spec without ``:attr`` names."""

_DEFAULT_SPECS = ("builtin:bm25", "builtin:fts5")


def register(sub: Any) -> None:
    """Add ``retrieval-eval`` to the command line's sub-parsers."""
    p = sub.add_parser(
        "retrieval-eval",
        help="rank each question's evidence days with retrievers (recall@k, nDCG@10, MRR)",
        description="Index every day of each persona (chunked by session and ### section) with each "
        "retriever, ask every question except negative-recall ones, and report recall@5, "
        "recall@10, nDCG@10 and MRR against the relevant days, overall and per category, with "
        "query latency, index build time and size; two or more retrievers are compared by a "
        "paired bootstrap (95% interval of the mean difference, 10,000 resamples). Without --data, "
        "the personas/ directory of the source checkout is used.",
    )
    p.add_argument(
        "--retriever",
        action="append",
        metavar="SPEC",
        help="builtin:bm25, builtin:fts5, builtin:dense (needs the dense extra), pkg.module[:attr] or path/to/file.py[:attr] (default "
        f"attribute {DEFAULT_RETRIEVER_ATTR!r}; a class is instantiated without arguments, a "
        "function retrieve(query, k) is accepted); repeatable (default: builtin:bm25 and "
        "builtin:fts5)",
    )
    add_dataset_args(p, data_required=False)
    p.add_argument(
        "--k", type=positive_int, default=10, help="chunks retrieved per question (default 10)"
    )
    p.add_argument("--seed", type=non_negative_int, default=0, help="bootstrap seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.set_defaults(handler=run)


def load_retriever(spec: str, *, base_dir: Path | None = None) -> Retriever:
    """A retriever from a ``--retriever`` spec.

    * ``builtin:bm25`` / ``builtin:fts5`` / ``builtin:dense``:
      :class:`~recallbench.adapters.retrieval.bm25.BM25Retriever` /
      :class:`~recallbench.adapters.retrieval.fts5.Fts5Retriever` /
      :class:`~recallbench.adapters.retrieval.dense.DenseRetriever` (which needs the ``dense``
      extra and the weights);
    * ``pkg.module[:attr]`` or ``path/to/file.py[:attr]`` (default attribute ``retriever``): a
      retriever object, a class (instantiated without arguments) or a function
      ``retrieve(query, k)``.

    Raises:
        ConfigError: an unknown builtin, ``builtin:dense`` without its extra (one line naming the
            install), or a spec that cannot be loaded or gives no retriever.
    """
    from .._importing import load_object
    from ..adapters.retrieval.base import as_retriever

    text = spec.strip()
    head, sep, tail = text.partition(":")
    if sep and head.strip().lower() == "builtin":
        name = tail.strip().lower()
        if name == "bm25":
            from ..adapters.retrieval.bm25 import BM25Retriever

            return BM25Retriever()
        if name == "fts5":
            from ..adapters.retrieval.fts5 import Fts5Retriever

            return Fts5Retriever()
        if name == "dense":
            from ..adapters.retrieval.dense import DenseRetriever

            return DenseRetriever()
        raise ConfigError(
            f'unknown builtin retriever "{tail.strip()}"; the builtins are '
            + ", ".join(f"builtin:{b}" for b in BUILTIN_RETRIEVERS)
        )
    obj = load_object(text, default_attr=DEFAULT_RETRIEVER_ATTR, base_dir=base_dir)
    if inspect.isclass(obj):
        cls = obj
        try:
            obj = cls()
        except Exception as exc:  # the user's class raised: a configuration problem, reported
            raise ConfigError(
                f'retriever "{text}": instantiating {cls.__qualname__}() raised '
                f"{type(exc).__name__}: {exc} (a retriever class is instantiated without arguments)"
            ) from exc
    try:
        return as_retriever(obj)
    except ConfigError as exc:
        raise ConfigError(f'retriever "{text}": {exc}') from None


def run(args: argparse.Namespace) -> int:
    """Load the retrievers and personas, evaluate, print text or JSON; returns the exit code."""
    from ..family.opening import open_dataset
    from ..harness.retrieval_eval import run_retrieval_eval
    from ._shipped import shipped_personas_dir

    data: Path | None = args.data
    if data is None:
        data = shipped_personas_dir()
    retrievers = [load_retriever(s) for s in (args.retriever or _DEFAULT_SPECS)]
    dataset = open_dataset(data, args.arcs)
    persona_ids = args.personas or dataset.persona_ids()
    if not persona_ids:
        raise ConfigError(f"no personas in {data}")
    datasets = [dataset.load(pid) for pid in persona_ids]
    result = run_retrieval_eval(retrievers, datasets, k=args.k, seed=args.seed)
    if args.json:
        print_json(result.to_json())
    else:
        print(result.format_text())
    return 0
