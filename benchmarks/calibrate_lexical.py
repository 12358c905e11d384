"""Calibrate the abstention thresholds of ``builtin:bm25`` and ``builtin:fts5`` (or ``builtin:dense``).

    python benchmarks/calibrate_lexical.py [DATA_DIR]             # default: personas/
    python benchmarks/calibrate_lexical.py [DATA_DIR] --dense     # builtin:dense instead (minutes)

Every persona of DATA_DIR is ingested whole (each arcs file it has: ``arcs-1000d.yaml``, and
``arcs-180d.yaml`` where present), then every question is asked once, in its query session, and the
best visible chunk's normalised score recorded (:meth:`recallbench.adapters.lexical.Bm25Adapter.retrieve`;
for ``--dense``, its cosine, :meth:`recallbench.adapters.dense.DenseAdapter.retrieve`, which needs the
``dense`` extra and encodes every chunk of the seven corpora: about 12 minutes on two cores).
A negative-recall question should abstain (score below the threshold), an answerable one — every
other category, except information-boundary pairs whose expected disclosure is ``refuse`` — should
not. The threshold printed maximises balanced accuracy (the mean of the two rates); the rates of the
refusals are shown for information only.
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

import anyio

from recallbench.adapters.dense import DenseAdapter
from recallbench.adapters.lexical import Bm25Adapter, Fts5Adapter
from recallbench.data.dataset import list_personas, load_persona
from recallbench.data.qa import QAPair

ARCS = ("arcs-1000d.yaml", "arcs-180d.yaml")


def kind(qa: QAPair) -> str:
    if qa.category == "negative-recall":
        return "negative"
    if qa.category == "information-boundary" and qa.expected_disclosure == "refuse":
        return "refuse"
    return "answerable"


Calibrated = type[Bm25Adapter] | type[Fts5Adapter] | type[DenseAdapter]


async def scores(data: Path, cls: Calibrated) -> dict[str, list[tuple[str, float]]]:
    """Per persona and arcs file: (kind, best normalised score) of every question."""
    out: dict[str, list[tuple[str, float]]] = {}
    for persona in list_personas(data):
        for arcs in ARCS:
            if not (data / persona / arcs).exists():
                continue
            ds = load_persona(data, persona, arcs)
            isolated = tuple(s.id for s in ds.definition.sessions() if s.isolated)
            adapter = cls({"threshold": 0.0})
            await adapter.setup()
            for day in ds.days:
                await adapter.ingest_day(day.number, day.content, day.metadata(ds.id, isolated))
            await adapter.finalize_ingestion()
            found = out.setdefault(f"{persona}/{arcs}", [])
            for qa in ds.qa:
                # The score the threshold applies to is the last item for every adapter.
                best = adapter.retrieve(qa.question, qa.query_session or "principal")[-1]
                found.append((kind(qa), best))
            await adapter.teardown()
    return out


def rates(found: list[tuple[str, float]], threshold: float) -> dict[str, float]:
    out = {}
    for k in ("negative", "answerable", "refuse"):
        values = [s for kk, s in found if kk == k]
        out[k] = sum(1 for s in values if s < threshold) / len(values) if values else 0.0
    return out


def calibrate(found: list[tuple[str, float]]) -> tuple[float, float]:
    """The threshold (a midpoint between observed scores) with the best balanced accuracy."""
    values = sorted({s for _, s in found})
    candidates = [0.0] + [(a + b) / 2 for a, b in itertools.pairwise(values)]
    best = (0.0, -1.0)
    for t in candidates:
        r = rates(found, t)
        balanced = (r["negative"] + (1 - r["answerable"])) / 2
        if balanced > best[1] + 1e-12:
            best = (t, balanced)
    return best


async def main(data: Path, adapters: tuple[Calibrated, ...]) -> None:
    for cls in adapters:
        start = time.perf_counter()
        by_corpus = await scores(data, cls)
        found = [row for rows in by_corpus.values() for row in rows]
        threshold, balanced = calibrate(found)
        counts = {
            k: sum(1 for kk, _ in found if kk == k) for k in ("negative", "answerable", "refuse")
        }
        print(f"{cls.name}: {len(found)} questions {counts} ({time.perf_counter() - start:.1f} s)")
        print(f"  best threshold {threshold:.3f}  balanced accuracy {balanced:.3f}")
        for t in sorted({round(threshold, 2), 0.3, 0.4, 0.5, 0.6}):
            r = rates(found, t)
            print(
                f"  threshold {t:.2f}: abstains on {r['negative']:.1%} of negative-recall, "
                f"{r['answerable']:.1%} of answerable, {r['refuse']:.1%} of boundary refusals"
            )
        # Leave one corpus out: the threshold calibrated on the others, applied to it. Shows how far
        # the rates move on a persona the threshold has not seen.
        print("  held out (threshold from the other corpora → abstention rates on this one):")
        for name, rows in by_corpus.items():
            others = [row for other, rs in by_corpus.items() if other != name for row in rs]
            t, _ = calibrate(others)
            r = rates(rows, t)
            print(
                f"    {name:40s} {t:.3f} → negative-recall {r['negative']:.1%}, "
                f"answerable {r['answerable']:.1%}"
            )


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--dense"]
    chosen: tuple[Calibrated, ...] = (
        (DenseAdapter,) if "--dense" in sys.argv[1:] else (Bm25Adapter, Fts5Adapter)
    )
    anyio.run(main, Path(args[0]) if args else Path("personas"), chosen)
