"""BEAM runs in process (the harness over the family's dataset): every built-in baseline, the figures
per ability as BEAM aggregates them, retrieval recall at turn and day level, the report tables and
the headline."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import anyio
import pytest
from _beam_files import write_checkout

from recallbench.adapters import builtin_adapter
from recallbench.adapters.base import QueryDetail, RetrievalEntry
from recallbench.benchmarks.beam import benchmark
from recallbench.benchmarks.beam.abilities import ABILITIES
from recallbench.benchmarks.beam.dataset import BeamDataset
from recallbench.benchmarks.beam.judge_offline import BeamNuggetJudge
from recallbench.benchmarks.beam.verdict import read_verdict
from recallbench.data.corpus import DayMetadata
from recallbench.data.qa import QAPair
from recallbench.harness.engine import Harness
from recallbench.results.records import BenchmarkResult

ARCS = "arcs-1000d.yaml"


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "user-cache"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def dataset(tmp_path: Path) -> BeamDataset:
    root = write_checkout(tmp_path / "BEAM")
    return benchmark.open(
        benchmark.resolve("beam", str(root / "chats" / "100K"), {}), arcs_file=ARCS
    )


def run(adapter: Any, ds: BeamDataset, judge: Any = None) -> BenchmarkResult:
    judge = judge if judge is not None else benchmark.default_judge(ds, model=None, model_spec=None)
    return anyio.run(Harness(adapter, ds, judge=judge).run)


def published(ds: BeamDataset, result: BenchmarkResult, judge: Any = None) -> dict[str, Any]:
    judge = judge if judge is not None else BeamNuggetJudge()
    figures = benchmark.figures(ds, judge, result.personas)
    assert figures.metrics is None and figures.published is not None
    return dict(figures.published)


def rows(pub: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["ability"]: r for r in pub["abilities"]}


def answers(result: BenchmarkResult) -> list[Any]:
    return [q for p in result.personas for r in p.range_results for q in r.question_results]


BASELINES = ["null", "oracle", "bm25", "fts5", "echo-reference", "recency", "random"]


@pytest.mark.parametrize("name", BASELINES)
def test_every_lexical_baseline_runs(dataset: BeamDataset, name: str) -> None:
    result = run(builtin_adapter(name), dataset)
    done = answers(result)
    assert len(done) == 11 and all(q.error is None for q in done)
    assert all(read_verdict(q.score.reasoning) is not None for q in done)
    pub = published(dataset, result)
    assert pub["questionCount"] == 11 and pub["judgedCount"] == 11
    assert pub["conversationCount"] == 2 and pub["size"] == "100K" and pub["paperSize"] == "128K"
    assert [r["ability"] for r in pub["abilities"]] == list(ABILITIES)
    assert pub["judge"] == "beam-nuggets" and pub["scoring"] == "offline"
    # asked once, after the whole conversation
    assert {r.range.label for p in result.personas for r in p.range_results} == {"full"}


def test_dense_baseline_runs(dataset: BeamDataset) -> None:
    from recallbench.adapters.dense import DenseAdapter

    reason = DenseAdapter.unavailable()
    if reason is not None:
        pytest.skip(reason)
    result = run(builtin_adapter("dense"), dataset)
    assert all(q.error is None for q in answers(result))
    assert published(dataset, result)["recallLevel"] == "day"


def test_floor_and_ceiling(dataset: BeamDataset) -> None:
    null = rows(published(dataset, run(builtin_adapter("null"), dataset)))
    assert null["abstention"]["score"] == 1.0  # abstaining is right only there
    assert null["knowledge-update"]["score"] == 0.0
    assert null["knowledge-update"]["recallAt10"] == 0.0  # it retrieved nothing: a miss
    assert "recallAt10" not in null["abstention"]  # no evidence to retrieve
    echo = published(dataset, run(builtin_adapter("echo-reference"), dataset))
    top = rows(echo)
    for ability in ("information-extraction", "knowledge-update", "instruction-following",
                    "multi-session-reasoning", "temporal-reasoning", "summarization"):  # fmt: skip
        assert top[ability]["score"] == 1.0, ability
    assert echo["overall"] > 0.6
    oracle = published(dataset, run(builtin_adapter("oracle"), dataset))
    assert oracle["overall"] > published(dataset, run(builtin_adapter("null"), dataset))["overall"]


class TurnReporter:
    """Answers with the reference and reports the pair's first gold turn (or a wrong one): the
    retrieval a system that names turns reports."""

    name = "turn-reporter"

    def __init__(self, right: bool = True):
        self.right = right

    async def setup(self) -> None: ...

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None: ...

    async def finalize_ingestion(self) -> None: ...

    async def query(self, question: str) -> str:
        return ""

    async def query_detail(self, question: str, *, qa: QAPair | None = None) -> QueryDetail:
        assert qa is not None
        turns = qa.extra.get("evidenceTurns") or ["999"]
        turn = turns[0] if self.right else "999"
        entry = RetrievalEntry(path="memories/day-0001.md", day=qa.relevant_days[0], turn=turn)
        return QueryDetail(answer=qa.answer, retrieval=(entry,))

    async def teardown(self) -> None: ...


def test_recall_at_turn_level_when_the_system_names_turns(dataset: BeamDataset) -> None:
    right = rows(published(dataset, run(TurnReporter(), dataset)))
    # the first of its gold turns: all of one, a half of two, a third of three
    assert right["information-extraction"]["recallAt10"] == 1.0
    assert right["knowledge-update"]["recallAt10"] == 0.5
    assert right["event-ordering"]["recallAt10"] == pytest.approx(1 / 3)
    assert "recallAt10" not in right["summarization"]  # no source ids: no gold turns
    wrong = published(dataset, run(TurnReporter(right=False), dataset))
    assert wrong["recallLevel"] == "turn" and wrong["recallAt10"] == 0.0
    # day level for a system that names no turns: bm25
    day = published(dataset, run(builtin_adapter("bm25"), dataset))
    assert day["recallLevel"] == "day" and 0 < day["recallAt10"] <= 1


def test_figures_follow_report_results(dataset: BeamDataset, tmp_path: Path) -> None:
    result = run(builtin_adapter("echo-reference"), dataset)
    pub = published(dataset, result)
    figures: dict[tuple[str, str], list[float]] = {}
    for q in answers(result):
        fig = read_verdict(q.score.reasoning)
        assert fig is not None
        figures.setdefault((q.qa.category, q.qa.extra["beamConversation"]), []).append(fig.value)
    for row in pub["abilities"]:
        convs = [v for (a, _), v in figures.items() if a == row["ability"]]
        want = sum(sum(v) / len(v) for v in convs) / len(convs)
        assert row["score"] == pytest.approx(want)
    assert pub["overall"] == pytest.approx(sum(r["score"] for r in pub["abilities"]) / 10)
    assert pub["abilityCount"] == 10 and "abilitiesMissing" not in pub


def test_a_judge_that_is_not_beams(dataset: BeamDataset) -> None:
    from recallbench.judges.rubric import RubricJudge

    judge = RubricJudge()
    result = run(builtin_adapter("bm25"), dataset, judge)
    pub = published(dataset, result, judge)
    assert pub["judgedCount"] == 0 and "overall" not in pub and pub["scoring"] is None
    assert "11 of 11 answers were judged by a judge that is none of BEAM's" in pub["warnings"][0]
    (table,) = benchmark.tables(pub)
    assert any(n.startswith("WARNING: 11 of 11") for n in table.notes)
    assert benchmark.headline(pub) is None


def test_tables_and_headline(dataset: BeamDataset) -> None:
    pub = published(dataset, run(builtin_adapter("echo-reference"), dataset))
    (table,) = benchmark.tables(pub)
    assert table.title == "BEAM 100K"
    assert table.header == ("ability", "n", "score", "recall@10")
    assert [r[0] for r in table.rows] == [*ABILITIES, "overall (10 abilities)"]
    assert table.rows[3] == ("information-extraction", "2", "1.0000", "1.0000")
    assert table.rows[0][3] == "–"  # abstention: no evidence
    assert table.notes[0] == (
        "chat size 100K (the paper's 128K); each question counts once, by its last asking"
    )
    assert table.notes[1].startswith("judge: beam-nuggets (nuggets checked offline")
    line = benchmark.headline(pub)
    assert line is not None and re.fullmatch(
        r"BEAM 100K: \d\.\d{3} \(10 abilities, beam-nuggets\)", line
    )


def test_a_subset_of_abilities(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "BEAM")
    ds = benchmark.open(
        benchmark.resolve("beam", str(root / "chats" / "100K" / "2"), {}), arcs_file=ARCS
    )
    pub = published(ds, run(builtin_adapter("echo-reference"), ds))
    assert [r["ability"] for r in pub["abilities"]] == ["information-extraction"]
    assert pub["abilityCount"] == 1 and len(pub["abilitiesMissing"]) == 9
    (table,) = benchmark.tables(pub)
    assert table.rows[-1][0] == "overall (1 abilities)"
    assert any(n.startswith("no figure for: abstention") for n in table.notes)


@pytest.mark.anyio
async def test_model_baselines_with_the_official_judge(
    dataset: BeamDataset, tmp_path: Path
) -> None:
    """builtin:full-context and builtin:rag over a real HTTP provider, judged by beam:<model> over
    the same provider: each question's nuggets are asked, one call each."""
    from recallbench.testing.providers import FakeProviderServer, RecordedRequest, reply

    def answer(request: RecordedRequest) -> Any:
        messages = request.json["messages"]
        text = str(messages[-1]["content"])
        if "You are an expert evaluator" in text:
            return reply('{"score": 1.0, "reason": "present"}')
        if messages[0]["role"] == "system" and "binary classifier" in str(messages[0]["content"]):
            return reply("YES")
        return reply("1,350 words, from 1,200; January 15, 2024.")

    async with FakeProviderServer(answer) as server:
        spec = f"openai:gpt-test;{server.url}/v1"
        for name in ("full-context", "rag"):
            judge = benchmark.load_judge(f"beam:{spec}", base_dir=None, timeout=10)
            adapter = builtin_adapter(name, {"model": spec, "cache": str(tmp_path / f"mc-{name}")})
            result = await Harness(adapter, dataset, judge=judge).run()
            done = answers(result)
            assert len(done) == 11 and all(q.error is None for q in done)
            assert all(q.system_answer.startswith("1,350 words") for q in done)
            pub = published(dataset, result, judge)
            # the judge as its spec names it, without the endpoint (an address is not the judge)
            assert pub["judge"] == "beam:openai:gpt-test" and pub["scoring"] == "code"
            assert pub["judgedCount"] == 11
            assert rows(pub)["knowledge-update"]["score"] == 1.0
    evaluator = [
        r
        for r in server.requests
        if "You are an expert evaluator" in str(r.json["messages"][-1]["content"])
    ]
    nuggets = sum(len(q.qa.extra["rubric"]) for q in done if q.qa.category != "event-ordering")
    assert len(evaluator) == 2 * nuggets


def test_big_days_are_read_lazily(tmp_path: Path) -> None:
    """A conversation's days stay on disk until a unit of work reads them."""
    root = write_checkout(tmp_path / "BEAM")
    ds = benchmark.open(benchmark.resolve("beam", str(root / "chats" / "10M"), {}), arcs_file=ARCS)
    persona = ds.load("10M-01")
    assert type(persona.days).__name__ == "StoredDays"
