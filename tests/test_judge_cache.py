"""The judge cache: content addressing, persistence across runs, and the counts a run reports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from recallbench import JudgeContext, JudgeScore, RunConfig, RunOutput
from recallbench.harness.engine import Harness
from recallbench.judges.cache import CachedJudge, JudgeCache, cache_key, default_cache_dir
from recallbench.judges.usage import JudgeUsage
from recallbench.render.report import format_text_report
from recallbench.testing import ScriptedAdapter, containment_judge, write_persona


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@attrs.define(eq=False)
class CountingJudge:
    """A cacheable judge that counts its calls like an LLM judge does."""

    cache_identity: str = "counting|v1"
    name: str = "counting"
    usage: JudgeUsage = attrs.field(factory=JudgeUsage)

    async def score(self, question: str, reference: str, answer: str, context: Any) -> JudgeScore:
        self.usage.calls += 1
        self.usage.add_tokens(100, 10)
        return containment_judge(question, reference, answer, context)


def test_key_covers_every_input() -> None:
    base = cache_key("j", "q", "r", "a", JudgeContext(memory_excerpts="m"))
    variants = [
        cache_key("j2", "q", "r", "a", JudgeContext(memory_excerpts="m")),
        cache_key("j", "q2", "r", "a", JudgeContext(memory_excerpts="m")),
        cache_key("j", "q", "r2", "a", JudgeContext(memory_excerpts="m")),
        cache_key("j", "q", "r", "a2", JudgeContext(memory_excerpts="m")),
        cache_key("j", "q", "r", "a", JudgeContext(memory_excerpts="m2")),
        cache_key(
            "j", "q", "r", "a", JudgeContext(memory_excerpts="m", expected_disclosure="refuse")
        ),
        cache_key("j", "q", "r", "a", JudgeContext(memory_excerpts="m", query_session="s")),
        cache_key("j", "q", "r", "a", JudgeContext(memory_excerpts="m", forbidden_sessions=("x",))),
    ]
    assert len({base, *variants}) == len(variants) + 1
    # What the judge cannot see (the pair object, the corpus) does not split the cache.
    assert base == cache_key("j", "q", "r", "a", JudgeContext(memory_excerpts="m", days=()))
    # Separators cannot be forged: ("ab", "c") and ("a", "bc") differ.
    assert cache_key("j", "ab", "c", "a", None) != cache_key("j", "a", "bc", "a", None)


def test_round_trip_and_unreadable_entries(tmp_path: Path, caplog: Any) -> None:
    cache = JudgeCache(tmp_path)
    score = JudgeScore(correctness=2, completeness=1, hallucination=1, reasoning="ok")
    key = cache_key("j", "q", "r", "a", None)
    assert cache.get(key) is None
    cache.put(key, score, identity="j")
    assert cache.get(key) == score
    path = tmp_path / key[:2] / f"{key}.json"
    assert json.loads(path.read_text())["judge"] == "j"
    path.write_text("{not json")
    assert cache.get(key) is None
    assert "unreadable" in caplog.text
    assert not list(tmp_path.rglob(".tmp-*"))


def test_default_dir_follows_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path))
    assert default_cache_dir() == tmp_path / "judge"
    monkeypatch.delenv("RECALLBENCH_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    import sys

    if sys.platform.startswith("linux"):
        assert default_cache_dir() == tmp_path / "xdg" / "recallbench" / "judge"


@pytest.mark.anyio
async def test_cached_judge_counts_hits_and_misses(tmp_path: Path) -> None:
    inner = CountingJudge()
    judge = CachedJudge(inner, JudgeCache(tmp_path))
    first = await judge.score("q", "CODE-1", "CODE-1", None)
    again = await judge.score("q", "CODE-1", "CODE-1", None)
    assert first == again
    assert inner.usage.calls == 1
    assert judge.usage.to_json() == {
        "calls": 1,
        "cacheHits": 1,
        "cacheMisses": 1,
        "inputTokens": 100,
        "outputTokens": 10,
    }


def _run(data: Path, out: Path, cache: Path | None, judge: Any) -> Any:
    import anyio

    harness = Harness(
        ScriptedAdapter(),
        data,
        judge=judge,
        config=RunConfig(ranges="10d,20d", arcs_file="arcs-30d.yaml", judge_cache=cache),
        output=RunOutput.beside(out / "result.json"),
    )
    return anyio.run(harness.run)


def test_identical_rerun_makes_zero_judge_calls(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data)
    cache = tmp_path / "cache"
    first_judge, second_judge = CountingJudge(), CountingJudge()
    first = _run(data, tmp_path / "run1", cache, first_judge)
    second = _run(data, tmp_path / "run2", cache, second_judge)
    evaluations = first.metadata.total_evals_run
    assert evaluations > 0
    assert first.metadata.judge_usage == {
        "calls": first_judge.usage.calls,
        "cacheHits": evaluations - first_judge.usage.calls,
        "cacheMisses": first_judge.usage.calls,
        "inputTokens": 100 * first_judge.usage.calls,
        "outputTokens": 10 * first_judge.usage.calls,
    }
    assert second_judge.usage.calls == 0
    assert second.metadata.judge_usage["cacheHits"] == evaluations
    assert second.metadata.judge_usage["calls"] == 0
    # Same verdicts either way, and the counts reach result.json, progress.jsonl and the report.
    assert [p.heatmap for p in second.personas] == [p.heatmap for p in first.personas]
    saved = json.loads((tmp_path / "run2" / "result.json").read_text())
    assert saved["metadata"]["judgeUsage"]["cacheHits"] == evaluations
    summary = json.loads((tmp_path / "run2" / "progress.jsonl").read_text().splitlines()[-1])
    assert summary["judgeUsage"]["calls"] == 0
    report = format_text_report(second)
    assert f"0 calls · cache {evaluations} hits / 0 misses" in report


def test_no_cache_calls_every_time_and_uncacheable_judges_are_left_alone(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_persona(data)
    judge = CountingJudge()
    result = _run(data, tmp_path / "run", None, judge)
    assert judge.usage.calls == result.metadata.total_evals_run
    assert result.metadata.judge_usage["cacheMisses"] == 0
    # A judge without cache_identity (a plain function) is never cached or counted.
    calls: list[str] = []

    async def plain(question: str, reference: str, answer: str, context: Any) -> JudgeScore:
        calls.append(question)
        return containment_judge(question, reference, answer, context)

    again = _run(data, tmp_path / "run2", tmp_path / "cache", plain)
    assert len(calls) == again.metadata.total_evals_run
    assert again.metadata.judge_usage is None
    assert not (tmp_path / "cache").exists()
