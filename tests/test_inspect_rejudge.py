"""A ``recall_bench`` log judged again by ``recallbench/recall_rejudge`` (``inspect score``), in
process: the memory system never asked, the same judge giving the same scores, another judge its
own, failures kept as failures, a panel's spread, and data that moved."""

from __future__ import annotations

import math
import shutil
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("inspect_ai", reason="the inspect extra is not installed")

import _inspect_support as support
from _inspect_support import (
    INSPECT_WARNINGS,
    collected_while_ignored,  # noqa: F401 (an autouse fixture)
    run_task,
    scores_of,
)
from inspect_ai import score as inspect_score
from inspect_ai.log import EvalLog

from recallbench.inspect import recall_rejudge

pytestmark = INSPECT_WARNINGS

RANGES = "10d,20d"


@pytest.fixture(autouse=True)
def _fresh_recorder() -> None:
    support.BUILT.clear()


def _values(log: EvalLog, scorer: str) -> dict[str, dict[str, Any]]:
    assert log.samples is not None
    return {
        str(s.id): {
            k: None if isinstance(v, float) and math.isnan(v) else v
            for k, v in s.scores[scorer].value.items()  # type: ignore[index,union-attr]
        }
        for s in log.samples
        if s.scores and scorer in s.scores
    }


def _logged(tmp_path: Path, data: Path, adapter: str = "_inspect_support:recorder") -> EvalLog:
    log = run_task(
        tmp_path / "logs", data=str(data), arcs="arcs-30d.yaml", ranges=RANGES, adapter=adapter
    )
    assert log.status == "success", log.error
    return log


def test_the_same_judge_gives_every_answer_its_score_and_asks_the_system_nothing(
    tiny_data: Path, tmp_path: Path
) -> None:
    log = _logged(tmp_path, tiny_data)
    calls = [list(a.calls) for a in support.BUILT]
    built = len(support.BUILT)
    assert built >= 2  # a memory per checkpoint

    again = inspect_score(log, recall_rejudge(judge="rubric"), action="append", display="none")

    assert len(support.BUILT) == built and [a.calls for a in support.BUILT] == calls
    first, second = _values(again, "recall_judge"), _values(again, "recall_rejudge")
    assert first and second == first
    metadata = {str(s.id): s.scores["recall_rejudge"].metadata for s in again.samples or ()}  # type: ignore[index]
    assert all(m and "latencyMs" in m for m in metadata.values())


def test_another_judge_scores_the_same_answers_its_own_way_keeping_retrieval(
    tiny_data: Path, tmp_path: Path
) -> None:
    log = _logged(tmp_path, tiny_data, adapter="builtin:bm25")
    before = scores_of(log)

    again = inspect_score(
        log, recall_rejudge(judge="_inspect_support:exact_judge"), action="overwrite",
        display="none",
    )  # fmt: skip

    assert again.samples is not None
    for sample in again.samples:
        assert sample.scores is not None and set(sample.scores) == {"recall_rejudge"}
        score = sample.scores["recall_rejudge"]
        value = score.value
        assert isinstance(value, dict)
        exact = str(score.answer).strip().casefold() == str(sample.target).strip().casefold()
        assert value["composite"] == (6.0 if exact else 1.0)  # (3 + 2 + 1) or hallucination alone
        old = before[(str(sample.id), sample.epoch)]
        for key in ("recall@5", "recall@10", "ndcg@10", "mrr"):
            assert value[key] == old[key]  # the retrieval, not the judge's
    # bm25 answers with excerpts, never the bare reference: the rubric's scores and this judge's differ
    assert {v["composite"] for v in _values(again, "recall_rejudge").values()} != {
        v["composite"] for v in before.values()
    }
    metrics = {s.name: s.metrics for s in again.results.scores}  # type: ignore[union-attr]
    assert set(metrics["recall_rejudge"]) == {"recall@5", "recall@10", "ndcg@10", "mrr"}


def test_a_failed_answer_keeps_its_failure_score(tiny_data: Path, tmp_path: Path) -> None:
    log = _logged(tmp_path, tiny_data, adapter="_inspect_support:failing_on_day_three")
    first = _values(log, "recall_judge")
    failed = [sid for sid, s in log_scores(log).items() if s.metadata and "error" in s.metadata]
    assert failed, "the adapter failed no answer"

    again = inspect_score(
        log, recall_rejudge(judge="_inspect_support:exact_judge"), action="append", display="none"
    )

    second = _values(again, "recall_rejudge")
    for sid in failed:
        assert second[sid] == first[sid]
        assert again_metadata(again, sid)["error"]["stage"] == "query"
    assert any(second[s] != first[s] for s in second if s not in failed)


def log_scores(log: EvalLog) -> dict[str, Any]:
    return {str(s.id): s.scores["recall_judge"] for s in log.samples or () if s.scores}  # type: ignore[index]


def again_metadata(log: EvalLog, sid: str) -> dict[str, Any]:
    [sample] = [s for s in log.samples or () if str(s.id) == sid]
    return dict(sample.scores["recall_rejudge"].metadata or {})  # type: ignore[index]


def test_a_panel_gives_the_score_under_each_judge_and_their_spread(
    tiny_data: Path, tmp_path: Path
) -> None:
    log = _logged(tmp_path, tiny_data, adapter="builtin:bm25")
    rubric = _values(log, "recall_judge")

    again = inspect_score(
        log, recall_rejudge(judge=["rubric", "_inspect_support:exact_judge"]),
        action="append", display="none",
    )  # fmt: skip

    metrics = {s.name: s.metrics for s in again.results.scores}  # type: ignore[union-attr]
    spread = {k: m.value for k, m in metrics["recall_rejudge"].items()}
    exact = {sid: list(again_metadata(again, sid)["judges"]["exact_judge"]) for sid in rubric}
    assert all(again_metadata(again, sid)["judges"]["rubric"] == [int(v["composite"])]
               for sid, v in rubric.items())  # fmt: skip
    assert spread["rubric"] == pytest.approx(
        sum(v["composite"] for v in rubric.values()) / len(rubric)
    )
    assert spread["exact_judge"] == pytest.approx(sum(c[0] for c in exact.values()) / len(exact))
    panel = sum(v["composite"] for v in _values(again, "recall_rejudge").values()) / len(rubric)
    assert spread["spread"] == pytest.approx(
        max(abs(spread["rubric"] - panel), abs(spread["exact_judge"] - panel))
    )
    assert spread["spread"] > 0


def test_data_that_moved_is_named_and_found_where_it_is_now(
    tiny_data: Path, tmp_path: Path
) -> None:
    log = _logged(tmp_path, tiny_data)
    moved = tmp_path / "elsewhere"
    shutil.move(str(tiny_data), moved)

    with pytest.raises(Exception, match=r"data .* is not here: pass -S data=PATH"):
        inspect_score(log, recall_rejudge(judge="rubric"), action="append", display="none")

    again = inspect_score(
        log, recall_rejudge(judge="rubric", data=str(moved)), action="append", display="none"
    )
    assert _values(again, "recall_rejudge") == _values(again, "recall_judge")


def test_a_bad_judge_is_named_before_any_sample(tiny_data: Path) -> None:
    with pytest.raises(Exception, match=r"-S judge"):
        recall_rejudge(judge="role:")
    with pytest.raises(Exception, match="no-such-judge"):
        recall_rejudge(judge="no-such-judge")
