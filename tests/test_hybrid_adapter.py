"""The hybrid baseline (``builtin:hybrid``): rank fusion as a pure function, the adapter's
registration and config, and a run in which the fused ranking finds what neither parent ranks first.

The fusion tests need nothing; the adapter tests need the ``dense`` extra (they skip with the reason
when it is absent; CI installs it) and share one all-MiniLM-L6-v2 encoder per module.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from _duo import write_duo
from hypothesis import given
from hypothesis import strategies as st

from recallbench.adapters._memory import ABSTENTION
from recallbench.adapters.retrieval.fusion import (
    RRF_K,
    fuse,
    normalised_score_fusion,
    reciprocal_rank_fusion,
)
from recallbench.adapters.retrieval.minilm import dense_unavailable
from recallbench.data.corpus import DayMetadata
from recallbench.data.persona import day_date
from recallbench.errors import ConfigError
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.results import read_question_log
from recallbench.testing import ScriptedJudge, write_persona

UNAVAILABLE = dense_unavailable()
needs_dense = pytest.mark.skipif(
    UNAVAILABLE is not None, reason=f"the dense extra is not installed here: {UNAVAILABLE}"
)
_PATH = r"^memories/day-(\d{4})\.md#[\w-]+/\d+(/p\d+)?$"


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def encoder() -> Any:
    from recallbench.adapters.retrieval.minilm import load_encoder

    return load_encoder()


def _items(fused: list[tuple[Any, float]]) -> list[Any]:
    return [item for item, _ in fused]


def _ranking(*items: str) -> list[tuple[str, float]]:
    """A ranking of ``items`` with strictly falling (unread by RRF) scores."""
    return [(item, float(len(items) - i)) for i, item in enumerate(items)]


# -- fusion: ranks in, one ranking out ------------------------------------------------------------


def test_rrf_scores_are_the_weighted_sums_of_reciprocal_ranks_from_one() -> None:
    fused = dict(reciprocal_rank_fusion([_ranking("a", "b", "c"), _ranking("c", "a", "d")]))
    assert fused["a"] == pytest.approx(1 / 61 + 1 / 62)  # ranks count from 1, k is 60
    assert fused["c"] == pytest.approx(1 / 63 + 1 / 61)
    assert fused["b"] == pytest.approx(1 / 62)  # absent from a ranking: nothing from it
    assert fused["d"] == pytest.approx(1 / 63)
    assert _items(reciprocal_rank_fusion([_ranking("a", "b", "c"), _ranking("c", "a", "d")])) == [
        "a",
        "c",
        "b",
        "d",
    ]
    weighted = dict(reciprocal_rank_fusion([_ranking("a"), _ranking("b")], weights=(3, 1), k=0))
    assert weighted == pytest.approx({"a": 3.0, "b": 1.0})


def test_rrf_k_decides_between_one_first_place_and_agreement() -> None:
    """A small k trusts each ranker's first place; a large one, items both rankers hold."""
    rankings = [_ranking("a", "b"), _ranking("c", "d", "b")]
    # k 0: a = 1, c = 1, b = 1/2 + 1/3. k 60: b = 1/62 + 1/63 > a = c = 1/61.
    assert _items(reciprocal_rank_fusion(rankings, k=0)) == ["a", "c", "b", "d"]
    assert _items(reciprocal_rank_fusion(rankings, k=60))[0] == "b"
    assert RRF_K == 60


def test_rrf_weights_move_the_winner() -> None:
    rankings = [_ranking("dense-first", "shared"), _ranking("bm25-first", "shared")]
    assert _items(reciprocal_rank_fusion(rankings, k=1, weights=(0.8, 0.2)))[0] == "dense-first"
    assert _items(reciprocal_rank_fusion(rankings, k=1, weights=(0.2, 0.8)))[0] == "bm25-first"
    # Equal weights, k 1: each first place 1/2, the shared item 1/3 + 1/3.
    assert _items(reciprocal_rank_fusion(rankings, k=1))[0] == "shared"
    # A zero weight leaves that ranking's order alone, its other items after.
    only = reciprocal_rank_fusion(rankings, weights=(1, 0))
    assert _items(only) == ["dense-first", "shared", "bm25-first"]


def test_ties_go_to_the_best_rank_then_the_earlier_ranking() -> None:
    # k 0: z = 1 (first of A), p = 1 (first of B), q = 1/2 + 1/2 (second of both): a three-way tie.
    fused = reciprocal_rank_fusion([_ranking("z", "q"), _ranking("p", "q")], k=0)
    assert [s for _, s in fused] == pytest.approx([1.0, 1.0, 1.0])
    assert _items(fused) == ["z", "p", "q"]  # best rank 1 (A, then B) before best rank 2
    assert _items(reciprocal_rank_fusion([_ranking("a", "b"), _ranking("c", "d")])) == [
        "a",
        "c",
        "b",
        "d",
    ]


def test_a_repeated_item_counts_at_its_first_place() -> None:
    fused = dict(reciprocal_rank_fusion([[("a", 3.0), ("a", 2.0), ("b", 1.0)]]))
    assert fused == pytest.approx({"a": 1 / 61, "b": 1 / 62})


def test_minmax_sums_each_ranking_scaled_to_its_own_best_and_worst() -> None:
    bm25 = [("a", 10.0), ("b", 5.0), ("c", 0.0)]
    dense = [("c", 0.9), ("a", 0.5), ("d", 0.1)]
    fused = normalised_score_fusion([bm25, dense])
    assert dict(fused) == pytest.approx({"a": 1.5, "c": 1.0, "b": 0.5, "d": 0.0})
    assert _items(fused) == ["a", "c", "b", "d"]
    weighted = dict(normalised_score_fusion([bm25, dense], weights=(0.25, 0.75)))
    assert weighted == pytest.approx({"a": 0.625, "c": 0.75, "b": 0.125, "d": 0.0})
    # One score, or all equal: each item gets the whole weight.
    assert dict(normalised_score_fusion([[("x", 2.0), ("y", 2.0)]])) == {"x": 1.0, "y": 1.0}
    assert fuse([bm25, dense], method="minmax") == fused


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: reciprocal_rank_fusion([_ranking("a")], weights=(-1,)), "weights must be >= 0"),
        (lambda: reciprocal_rank_fusion([_ranking("a")], weights=(1, 1)), "2 weights for 1"),
        (lambda: reciprocal_rank_fusion([_ranking("a")], k=-1), "k must be >= 0"),
        (lambda: normalised_score_fusion([_ranking("a")], weights=(math.nan,)), ">= 0"),
        (
            lambda: fuse([_ranking("a")], method="borda"),  # type: ignore[arg-type]
            "no fusion method 'borda'; known: rrf",
        ),
    ],
)
def test_fusion_refuses_what_it_cannot_mean(call: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        call()


rankings_st = st.lists(
    st.lists(st.integers(0, 30), unique=True, max_size=15).map(
        lambda items: [(i, float(-n)) for n, i in enumerate(items)]
    ),
    max_size=3,
)


@given(rankings_st, st.sampled_from(["rrf", "minmax"]))
def test_fusion_ranks_every_item_once_best_first(rankings: Any, method: Any) -> None:
    fused = fuse(rankings, method=method)
    assert sorted(_items(fused)) == sorted({i for r in rankings for i, _ in r})
    scores = [s for _, s in fused]
    assert scores == sorted(scores, reverse=True)


@given(st.lists(st.integers(0, 30), unique=True, max_size=15), st.floats(0, 100))
def test_one_ranking_keeps_its_order(items: list[int], k: float) -> None:
    ranking = [(i, 1.0) for i in items]  # equal scores: the order alone must survive
    assert _items(reciprocal_rank_fusion([ranking], k=k)) == items


@given(rankings_st.filter(lambda r: len(r) == 2), st.floats(0.05, 0.95))
def test_swapping_the_rankings_and_their_weights_changes_no_score(rankings: Any, w: float) -> None:
    a, b = rankings
    for method in ("rrf", "minmax"):
        forward = dict(fuse([a, b], method=method, weights=(w, 1 - w)))
        backward = dict(fuse([b, a], method=method, weights=(1 - w, w)))
        assert forward == pytest.approx(backward)


# -- registration, spec and config ----------------------------------------------------------------


@needs_dense
def test_registered_as_builtin_hybrid_and_built_from_its_spec() -> None:
    from recallbench.adapters import HybridAdapter, builtin_adapter
    from recallbench.adapters.base import Adapter
    from recallbench.adapters.builtin import BUILTIN_ADAPTERS, builtin_adapter_class
    from recallbench.adapters.capabilities import adapter_capabilities
    from recallbench.harness.loading import _suggest_adapter, adapter_factory

    assert BUILTIN_ADAPTERS["hybrid"] is HybridAdapter
    assert builtin_adapter_class(" BUILTIN:Hybrid ") is HybridAdapter
    built = adapter_factory("builtin:hybrid", {"top_k": 5, "dense_weight": 2})()
    assert isinstance(built, HybridAdapter) and isinstance(built, Adapter)
    assert built.name == "builtin:hybrid"
    assert built.settings["top_k"] == 5 and built.settings["dense_weight"] == 2.0
    defaults = HybridAdapter().settings
    assert (defaults["fusion"], defaults["rrf_k"], defaults["depth"]) == ("rrf", 5.0, 100)
    assert defaults["bm25_by_match"] is True
    # The parents rank deeper than what is reported, and never abstain on their own.
    assert built.dense.settings["top_k"] == built.settings["depth"]
    assert built.lexical.settings["threshold"] == built.dense.settings["threshold"] == 0
    assert _suggest_adapter("hybird") == "builtin:hybrid"
    assert adapter_capabilities(builtin_adapter("hybrid")) >= {"delete_memory", "update_memory"}


@needs_dense
def test_bm25_weighs_its_match_unless_told_not_to() -> None:
    from recallbench.adapters import builtin_adapter
    from recallbench.adapters.hybrid import HybridAdapter, Rankings

    adapter = builtin_adapter("hybrid", {"dense_weight": 0.5, "bm25_weight": 2})
    assert isinstance(adapter, HybridAdapter)
    assert adapter.weights(0.25) == (0.5, 0.5)
    plain = builtin_adapter(
        "hybrid", {"dense_weight": 0.5, "bm25_weight": 2, "bm25_by_match": False}
    )
    assert isinstance(plain, HybridAdapter)
    assert plain.weights(0.25) == (0.5, 2.0)
    # Day 1 is dense's first, day 2 bm25's; with k 5 each first place is worth w / 6.
    chunk: Any = None
    found = Rankings(
        lexical=[(2, 9.0, chunk), (1, 1.0, chunk)],
        dense=[(1, 0.6, chunk), (2, 0.5, chunk)],
        cosine=0.6,
        match=0.25,
    )
    # bm25 weighs 2 × 0.25, as much as dense: a tie, which goes to dense's first place...
    assert [d for d, _ in adapter.fuse(found)] == [1, 2]
    assert dict(adapter.fuse(found)) == pytest.approx({1: 0.5 / 6 + 0.5 / 7, 2: 0.5 / 7 + 0.5 / 6})
    strong = attrs.evolve(found, match=1.0)
    assert [d for d, _ in adapter.fuse(strong)] == [2, 1]  # ...a full match makes it 2 against 0.5
    assert [d for d, _ in plain.fuse(found)] == [2, 1]


@needs_dense
@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"topk": 3}, r"builtin:hybrid has no config key 'topk'; known keys: abstention \("),
        ({"fusion": "borda"}, r"config key 'fusion' must be one of rrf, minmax, got 'borda'"),
        ({"dense_weight": -0.1}, r"config key 'dense_weight' must be a number >= 0"),
        ({"bm25_by_match": "yes"}, r"config key 'bm25_by_match' must be true or false"),
        ({"rrf_k": "sixty"}, r"config key 'rrf_k' must be a number >= 0, got 'sixty'"),
        ({"depth": 0}, r"config key 'depth' must be an integer >= 1"),
        ({"overlap_tokens": -1}, r"builtin:hybrid config key 'overlap_tokens' must be >= 0"),
    ],
)
def test_config_refusals_name_the_key(config: dict[str, Any], message: str) -> None:
    from recallbench.adapters import builtin_adapter

    with pytest.raises(ConfigError, match=message):
        builtin_adapter("hybrid", config)


@needs_dense
def test_the_cli_refuses_an_unknown_key_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from recallbench.cli import main

    profile = tmp_path / "profile.yaml"
    profile.write_text("harness: {adapter: 'builtin:hybrid', config: {fusoin: rrf}}\n", "utf-8")
    data = write_duo(tmp_path / "p")
    code = main(["run", "--profile", str(profile), "--data", str(data), "--arcs", "arcs-30d.yaml"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert not any("Traceback" in line for line in err)
    (refusal,) = [line for line in err if "fusoin" in line]  # one line, the run's last
    assert refusal == err[-1]
    assert refusal.startswith("recallbench run: error: builtin:hybrid has no config key 'fusoin'")
    assert "known keys: abstention" in refusal


# -- the adapter ----------------------------------------------------------------------------------

# A persona of 12 days, each with the tiny persona's access-code section and one note. The
# question's answer is day 5's note, which shares "espresso machine" with it. bm25 ranks day 9
# first (three question words, another matter); dense ranks day 3 first (the question in other
# words, no word shared, not the answer) and day 9 low. Each places day 5 second.
QUESTION = "Which vendor repaired the espresso machine in the break room?"
NOTES = {
    1: "The kitchen fridge was cleaned out on Friday.",
    2: "Ordered more coffee beans and oat milk for the kitchen.",
    3: "Which supplier fixed the coffee maker in the staff lounge?",
    4: "Booked a plumber for the kitchen sink.",
    5: "Invoice tray holds Brightwater's bill (espresso machine).",
    6: "The office kettle was replaced with a new one.",
    7: "The lounge sofa was cleaned by the building staff.",
    8: "New mugs arrived for the staff lounge.",
    9: "The vendor meeting ran over the lunch break, so the room bookings moved to Friday.",
    10: "Reconciled the corporate card expenses for the month.",
    11: "Sent the weekly status summary to Pat.",
    12: "Updated the emergency contact list for the office.",
}


def _espresso_persona(root: Path) -> Path:
    pair = {
        "id": "espresso",
        "question": QUESTION,
        "answer": "Brightwater",
        "category": "factual-recall",
        "difficulty": "medium",
        "relevant_days": [5],
    }
    pdir = write_persona(root, "office", days=12, extra_pairs=[pair])
    for n, note in NOTES.items():
        path = pdir / "memories-30d" / f"day-{n:04d}.md"
        path.write_text(path.read_text(encoding="utf-8") + f"\n### Notes\n{note}\n", "utf-8")
    return root


async def _run(
    name: str, data: Path, out: Path, config: dict[str, Any], ranges: str = "full"
) -> list[dict[str, Any]]:
    import recallbench as rb
    from recallbench.adapters import builtin_adapter

    await rb.run(
        lambda: builtin_adapter(name, config),
        data,
        judge=ScriptedJudge(),
        config=RunConfig(arcs_file="arcs-30d.yaml", ranges=ranges, question_timeout=30.0),
        output=RunOutput(questions=out),
    )
    return read_question_log(out)


@needs_dense
@pytest.mark.anyio
async def test_a_run_where_the_fusion_finds_what_neither_parent_ranks_first(
    tmp_path: Path,
) -> None:
    data = _espresso_persona(tmp_path / "personas")
    days: dict[str, list[int]] = {}
    answers: dict[str, str] = {}
    for name in ("bm25", "dense", "hybrid"):
        records = await _run(name, data, tmp_path / f"{name}.jsonl", {"threshold": 0})
        (record,) = [r for r in records if r["qa"]["id"] == "espresso"]
        days[name] = [e["day"] for e in record["retrieval"]]
        answers[name] = record["systemAnswer"]
    assert days["bm25"][:2] == [9, 5]
    assert days["dense"][:2] == [3, 5] and days["dense"].index(9) >= 5
    assert days["hybrid"][0] == 5  # second in both: first fused
    assert "Brightwater" in answers["hybrid"]
    assert "Brightwater" not in answers["bm25"] and "Brightwater" not in answers["dense"]


@needs_dense
@pytest.mark.anyio
async def test_a_run_reports_ten_days_and_keeps_sessions_apart(tmp_path: Path) -> None:
    data = write_duo(tmp_path / "personas")
    config = {"threshold": 0, "cite": True}
    records = await _run("hybrid", data, tmp_path / "q.jsonl", config, ranges="10d,30d")
    assert records
    for r in records:
        limit = int(str(r["checkpoint"]).rstrip("d"))
        entries = r["retrieval"]
        assert len(entries) == 10 and len({e["day"] for e in entries}) == 10  # ten days
        assert all(re.match(_PATH, e["path"]) and 1 <= e["day"] <= limit for e in entries)
        assert [e["score"] for e in entries] == sorted((e["score"] for e in entries), reverse=True)
        if r["qa"].get("querySession", "principal") == "principal":
            assert "VAULT" not in r["systemAnswer"]
            assert all("#secret/" not in e["path"] for e in entries)
        assert r["systemAnswer"] != ABSTENTION
        assert re.search(r"\(day \d+\)", r["systemAnswer"])  # cite reaches the answer
    secret = next(r for r in records if r["qa"]["id"] == "duo-secret-vault")
    # The isolated session sees its own chunks. Day 7 is bm25's clear first (the date) and among
    # dense's ten, whose cosines for the thirty vault lines hardly differ: rank fusion reads ranks,
    # not that margin, so day 7 is retrieved but need not be first.
    assert "VAULT-" in secret["systemAnswer"]
    assert 7 in [e["day"] for e in secret["retrieval"]]


ROOT = Path(__file__).resolve().parents[1]


def _family_data(family: str, tmp_path: Path) -> str:
    """A small dataset of ``family`` in its published format, as ``--data`` names it."""
    from _public_sets import locomo_records, longmemeval_records, write_json

    if family == "locomo":
        return f"locomo:{write_json(tmp_path / 'locomo10.json', locomo_records())}"
    if family == "longmemeval":
        records = longmemeval_records(haystack=60)
        return f"longmemeval:{write_json(tmp_path / 'longmemeval_s.json', records)}"
    if family == "beam":
        sys.path.insert(0, str(ROOT / "tests" / "benchmarks" / "beam"))
        try:
            from _beam_files import write_checkout  # type: ignore[import-not-found]
        finally:
            sys.path.pop(0)
        return f"beam:{write_checkout(tmp_path / 'BEAM') / 'chats' / '100K'}"
    # A MemoryBench manifest that deletes and corrects notes (it requires delete_memory).
    return str(ROOT / "examples" / "benchmarks" / "forget-and-update")


@needs_dense
@pytest.mark.anyio
@pytest.mark.parametrize("family", ["locomo", "longmemeval", "beam", "memorybench"])
async def test_runs_on_every_benchmark_family(
    family: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoder: Any
) -> None:
    import recallbench as rb
    from recallbench.adapters.hybrid import HybridAdapter
    from recallbench.family import open_dataset

    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))  # imports land here
    dataset = open_dataset(_family_data(family, tmp_path))
    result = await rb.Harness(
        HybridAdapter(encoder=encoder), dataset, judge="rubric", config=rb.RunConfig(ranges="full")
    ).run()
    done = [q for p in result.personas for r in p.range_results for q in r.question_results]
    assert done and all(q.error is None for q in done)
    if family != "memorybench":  # its notes name no evidence days to score against
        assert result.retrieval is not None and result.retrieval.question_count > 0
        assert result.retrieval.overall.recall_at_10 > 0


def _metadata(day: int) -> DayMetadata:
    return DayMetadata(
        day_number=day, date=day_date("2026-01-01", day), persona_id="t", isolated_sessions=()
    )


@needs_dense
@pytest.mark.anyio
async def test_abstains_on_dense_cosine_and_forgets_and_updates_in_both_parents(
    encoder: Any,
) -> None:
    from recallbench.adapters.hybrid import HybridAdapter

    adapter = HybridAdapter({"sentences": 1}, encoder=encoder)
    await adapter.setup()
    for n, note in NOTES.items():
        await adapter.ingest_day(n, f"### Notes\n{note}\n", _metadata(n))
    await adapter.finalize_ingestion()
    found = await adapter.query_detail(QUESTION)
    assert found.retrieval is not None
    assert found.answer == NOTES[5] and found.retrieval[0].day == 5
    cosine = adapter.rankings(QUESTION).cosine
    strict = HybridAdapter({"threshold": round(cosine + 0.01, 3)}, encoder=encoder)
    await strict.setup()
    for n, note in NOTES.items():
        await strict.ingest_day(n, f"### Notes\n{note}\n", _metadata(n))
    await strict.finalize_ingestion()
    refused = await strict.query_detail(QUESTION)
    assert refused.answer == ABSTENTION and refused.retrieval == found.retrieval

    await adapter.delete_memory("day-0005")
    gone = await adapter.query_detail(QUESTION)
    assert 5 not in [e.day for e in gone.retrieval or ()]
    assert "Brightwater" not in gone.answer
    await adapter.update_memory(
        "day-0003", "### Notes\nKestrel Repairs fixed the espresso machine.\n"
    )
    updated = await adapter.query_detail(QUESTION)
    assert updated.retrieval is not None
    assert updated.retrieval[0].day == 3 and "Kestrel Repairs" in updated.answer
    for parent in (adapter.lexical, adapter.dense):
        assert 5 not in parent.store and 3 in parent.store
    with pytest.raises(KeyError, match="day 5 is not held"):
        await adapter.delete_memory("day-0005")
    with pytest.raises(ValueError, match="day"):
        await adapter.update_memory("yesterday", "x")
    assert 3 in adapter.dense.store  # a refused call changed neither parent
    await adapter.setup()
    assert await adapter.query(QUESTION) == ABSTENTION  # a new unit starts empty
    await adapter.teardown()
    await strict.teardown()
