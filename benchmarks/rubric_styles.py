"""How far restyling an answer moves the rubric judge's score (issue 17's metamorphic target).

    python benchmarks/rubric_styles.py [--pairs N] [--seed S] [REFERENCE_DIR]

For every shipped persona (and the reference project's executive assistant, when REFERENCE_DIR or
$RECALLBENCH_REFERENCE_DATA or ../shared/upstream has it): N sampled pairs, each reference answer
restyled by every transform of ``recallbench.judges.restyle`` alone and by six random combinations of
two to five; prints the share of restyled answers whose composite stays within 0.5 of the plain
answer's and whose hallucination verdict is unchanged (target: at least 98% each), per transform.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
from pathlib import Path

from recallbench.data.corpus import PersonaDataset
from recallbench.data.dataset import list_personas, load_persona, shipped_personas_dir
from recallbench.judges.base import build_context
from recallbench.judges.restyle import ALL_STYLES, StyleContext, restyle
from recallbench.judges.rubric import RubricJudge


def sweep(ds: PersonaDataset, pairs: int, seed: int) -> dict[str, list[int]]:
    judge = RubricJudge()
    rng = random.Random(seed)
    sample = list(ds.qa)
    rng.shuffle(sample)
    tally: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0])
    for pair in sample[:pairs]:
        context = build_context(pair, ds.days, 0, persona=ds.definition)
        base = judge.score_sync(pair.question, pair.answer, pair.answer, context)
        style_context = StyleContext.for_pair(pair, ds.days)
        variants = [(s,) for s in ALL_STYLES]
        variants += [tuple(rng.sample(ALL_STYLES, rng.randint(2, 5))) for _ in range(6)]
        for styles in variants:
            text = restyle(pair.answer, style_context, styles, seed=rng.randrange(1 << 30))
            score = judge.score_sync(pair.question, pair.answer, text, context)
            row = tally[styles[0] if len(styles) == 1 else "combined"]
            row[0] += 1
            row[1] += abs(score.composite - base.composite) <= 0.5
            row[2] += score.hallucination == base.hallucination
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reference", nargs="?", type=Path)
    parser.add_argument("--pairs", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ref = args.reference or Path(
        os.environ.get("RECALLBENCH_REFERENCE_DATA")
        or Path(__file__).parents[2] / "shared" / "upstream"
    )
    runs = []
    root = shipped_personas_dir()
    for pid in list_personas(root):
        runs.append((f"{pid} (shipped)", load_persona(root, pid, "arcs-1000d.yaml")))
    if (ref / "personas" / "executive-assistant" / "arcs-180d.yaml").is_file():
        upstream = load_persona(ref / "personas", "executive-assistant", "arcs-180d.yaml")
        runs.append(("executive-assistant (reference project, 180d)", upstream))
    worst = 1.0
    for label, ds in runs:
        tally = sweep(ds, args.pairs, args.seed)
        n = sum(r[0] for r in tally.values())
        within = sum(r[1] for r in tally.values()) / n
        same = sum(r[2] for r in tally.values()) / n
        worst = min(worst, within, same)
        print(
            f"{label}: {n} restyled answers · within 0.5: {within:.1%} · same verdict: {same:.1%}"
        )
        for style, (k, w, h) in sorted(tally.items()):
            if w < k or h < k:
                print(f"    {style:14s} within {w / k:.1%}  same verdict {h / k:.1%}  (n {k})")
    print(f"target ≥ 98% each: {'ok' if worst >= 0.98 else 'MISSED'} (lowest {worst:.1%})")


if __name__ == "__main__":
    main()
