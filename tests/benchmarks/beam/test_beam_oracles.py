"""The two oracles over BEAM's own 128K set (``RECALLBENCH_BEAM_REPO``, a checkout of
github.com/mohammadtavakoli78/BEAM; skipped without one): the answer oracle (``builtin:echo-reference``)
at the top of the offline judge's scale on every question whose rubric its reference satisfies, and
the retrieval oracle (``builtin:oracle``) at the top of recall@10 wherever a question cites ten turns
or fewer (at ten over the number of turns cited where it cites more)."""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path
from typing import Any

import anyio
import pytest

from recallbench.adapters import builtin_adapter
from recallbench.benchmarks.beam import benchmark
from recallbench.benchmarks.beam.abilities import negative_nugget, nugget_text
from recallbench.benchmarks.beam.judge_offline import BeamNuggetJudge, normalise
from recallbench.harness.engine import Harness
from recallbench.judges.atoms import extract_atoms

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def beam_100k(tmp_path_factory: pytest.TempPathFactory) -> Any:
    value = os.environ.get("RECALLBENCH_BEAM_REPO")
    if not value or not (Path(value) / "chats" / "100K").is_dir():
        pytest.skip("RECALLBENCH_BEAM_REPO names no checkout of BEAM with chats/100K")
    os.environ.setdefault("RECALLBENCH_CACHE_DIR", str(tmp_path_factory.mktemp("user-cache")))
    path = benchmark.resolve("beam", value, {"beam_size": "100K"})
    return benchmark.open(path, arcs_file="arcs-1000d.yaml")


def _published(ds: Any, name: str) -> tuple[dict[str, dict[str, Any]], Any]:
    judge = BeamNuggetJudge()
    result = anyio.run(Harness(builtin_adapter(name), ds, judge=judge).run)
    figures = benchmark.figures(ds, judge, result.personas)
    assert figures.published is not None
    return {row["ability"]: row for row in figures.published["abilities"]}, result


def _checkable(text: str) -> set[str]:
    atoms = extract_atoms(normalise(text))
    return set(atoms.number | atoms.date | atoms.money | atoms.percent)


def test_the_answer_oracle_tops_every_rubric_its_reference_satisfies(beam_100k: Any) -> None:
    rows, result = _published(beam_100k, "echo-reference")
    assert len(rows) == 10 and all(row["questionCount"] == 40 for row in rows.values())
    below = [
        q.qa
        for p in result.personas
        for r in p.range_results
        for q in r.question_results
        if not (q.score.reasoning or "").startswith("BEAM 1.000000")
    ]
    # Each answer below the top is a reference that does not state its own rubric: a nugget's
    # number or date that the reference does not hold.
    for qa in below:
        said = _checkable(qa.answer)
        wanted = [
            _checkable(nugget_text(n)) for n in qa.extra["rubric"] if negative_nugget(n) is None
        ]
        assert any(w - said for w in wanted), (qa.id, qa.answer, qa.extra["rubric"])
    allowed: dict[str, int] = defaultdict(int)
    for qa in below:
        allowed[qa.category] += 1
    for ability, row in rows.items():
        if not allowed[ability]:
            assert row["score"] == 1.0, ability


def test_the_retrieval_oracle_reaches_the_recall_ceiling(beam_100k: Any) -> None:
    rows, _ = _published(beam_100k, "oracle")
    ceiling: dict[str, list[float]] = defaultdict(list)
    for p in beam_100k.persona_ids():
        for qa in beam_100k.load(p).qa:
            turns = {str(t) for t in qa.extra.get("evidenceTurns") or ()}
            if turns:
                ceiling[qa.category].append(min(1.0, 10 / len(turns)))
    assert set(ceiling) == {a for a, row in rows.items() if "recallAt10" in row}
    for ability, values in ceiling.items():
        assert rows[ability]["recallAt10"] == pytest.approx(sum(values) / len(values)), ability
