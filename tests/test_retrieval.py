"""The lexical baselines, chunking, the retrieval benchmark and ``recallbench retrieval-eval``."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from recallbench import cli
from recallbench.adapters.retrieval import (
    TOKENIZER_VERSION,
    BM25Index,
    BM25Retriever,
    CallableRetriever,
    Document,
    Fts5Retriever,
    Retriever,
    as_retriever,
    chunk_day,
)
from recallbench.adapters.retrieval.fts5 import fts5_query
from recallbench.adapters.retrieval.tokenize import stem, tokenize
from recallbench.cli import retrieval_eval
from recallbench.data.dataset import load_persona
from recallbench.errors import AdapterError, ConfigError
from recallbench.harness.retrieval_eval import run_retrieval_eval
from recallbench.testing import write_persona

# ---------------------------------------------------------------------------------------------------
# Tokenizer


def test_tokenizer_pins_its_steps() -> None:
    assert TOKENIZER_VERSION
    assert tokenize("The invoices for Café Noir came to $2,412 on 07:50!") == [
        "invoice",
        "cafe",
        "noir",
        "came",
        "2412",
        "07",
        "50",
    ]
    # NFKC folds the ligature, casefold the sharp s; thousands separators go, other commas split.
    assert tokenize("ﬁle STRASSE Straße") == ["file", "strasse", "strasse"]
    assert tokenize("$4,500,000 vs 4500000; 1,2 and 2,4125") == [
        "4500000",
        "vs",
        "4500000",
        "1",
        "2",
        "2",
        "4125",
    ]
    assert tokenize("what did the team decide about it?") == ["team", "decide"]
    assert tokenize("日本 🙂 ---") == []


@pytest.mark.parametrize(
    ("word", "stemmed"),
    [
        ("invoices", "invoice"),
        ("queries", "query"),
        ("days", "day"),
        ("glass", "glass"),
        ("status", "status"),
        ("bus", "bus"),
        ("goes", "goe"),
        ("shoes", "shoe"),
        ("2024s", "2024s"),
    ],
)
def test_s_stemmer(word: str, stemmed: str) -> None:
    assert stem(word) == stemmed


# ---------------------------------------------------------------------------------------------------
# Chunking

DAY = """---
type: daily
---

# session: principal

Morning note before any section.

### Invoices

Fixed the invoice totals.

### Standup

Nothing stuck.

# session: platform-team

### Staging refresh

Monthly masked refresh agreed.
"""


def test_chunk_day_splits_by_session_and_section() -> None:
    chunks = chunk_day(5, DAY)
    assert [c.id for c in chunks] == [
        "d0005/principal/0",
        "d0005/principal/1",
        "d0005/principal/2",
        "d0005/platform-team/0",
    ]
    assert {c.day for c in chunks} == {5}
    assert [c.session for c in chunks] == ["principal"] * 3 + ["platform-team"]
    assert chunks[0].text == "Morning note before any section."
    assert chunks[1].text == "### Invoices\n\nFixed the invoice totals."
    assert chunks[3].text.startswith("### Staging refresh")
    assert all("type: daily" not in c.text for c in chunks)


def test_chunk_day_without_sessions_keeps_the_whole_log() -> None:
    chunks = chunk_day(12, "---\nx: 1\n---\n### A\none\n### B\ntwo\n")
    assert [(c.id, c.session, c.text) for c in chunks] == [
        ("d0012/_/0", None, "### A\none"),
        ("d0012/_/1", None, "### B\ntwo"),
    ]
    assert chunk_day(3, "") == []


# ---------------------------------------------------------------------------------------------------
# BM25

DOCS = [
    Document(id="a", text="apple banana apple", day=1, session="principal"),
    Document(id="b", text="banana cherry", day=2, session="team"),
    Document(id="c", text="cherry durian elderberry fig", day=3, session="principal"),
]


def _bm25(tf: int, dl: int, avgdl: float, df: int, n: int) -> float:
    idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
    return idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl))


def test_bm25_matches_a_hand_computed_example() -> None:
    index = BM25Index()
    index.add(DOCS)
    avgdl = (3 + 2 + 4) / 3
    hits = index.search("banana apple", 10)
    expected_a = _bm25(2, 3, avgdl, 1, 3) + _bm25(1, 3, avgdl, 2, 3)
    expected_b = _bm25(1, 2, avgdl, 2, 3)
    assert [d.id for d, _ in hits] == ["a", "b"]
    assert hits[0][1] == pytest.approx(expected_a)
    assert hits[1][1] == pytest.approx(expected_b)
    assert index.idf("banana") == pytest.approx(math.log(1 + 1.5 / 2.5))
    assert index.idf("kiwi") == 0.0
    # A repeated query term counts once; unknown terms and stopwords add nothing.
    assert index.search("banana banana the kiwi", 10) == index.search("banana", 10)
    assert index.search("the of", 10) == []


def test_bm25_ties_keep_insertion_order() -> None:
    index = BM25Index()
    index.add([Document(id=i, text="same words here") for i in ("z", "y", "x")])
    assert [d.id for d, _ in index.search("words", 3)] == ["z", "y", "x"]
    assert [d.id for d, _ in index.search("words", 2)] == ["z", "y"]


def test_bm25_incremental_adds_equal_a_batch_build() -> None:
    docs = [
        Document(id=f"d{i}", text=f"term{i % 7} shared word{i % 3} extra{i % 5} shared", day=i)
        for i in range(60)
    ]
    batch = BM25Index()
    batch.add(docs)
    incremental = BM25Index()
    for start in range(0, 60, 13):
        incremental.add(docs[start : start + 13])
        incremental.search("shared term3", 5)  # compacts between adds
    for query in ("shared term3", "word1 extra4", "term6 word0 extra2 shared"):
        a = batch.search(query, 20)
        b = incremental.search(query, 20)
        assert [d.id for d, _ in a] == [d.id for d, _ in b]
        assert [s for _, s in a] == pytest.approx([s for _, s in b])
    assert batch.index_size_bytes() == incremental.index_size_bytes()


def test_bm25_allow_filters_without_using_up_k() -> None:
    index = BM25Index()
    index.add(DOCS)
    hits = index.search("banana cherry", 1, allow=lambda d: d.session == "principal")
    # b matches both terms and ranks first, but it is not allowed: a (shorter than c) fills k = 1.
    assert [d.id for d, _ in hits] == ["a"]
    everything = index.search("banana cherry", 3, allow=lambda d: d.session == "principal")
    assert {d.id for d, _ in everything} == {"a", "c"}


def test_bm25_refuses_duplicate_ids_and_bad_k() -> None:
    index = BM25Index()
    index.add(DOCS)
    with pytest.raises(ValueError, match="already"):
        index.add([Document(id="a", text="again")])
    with pytest.raises(ValueError, match="k must"):
        index.search("banana", 0)
    assert index.document("b").day == 2
    assert len(index) == 3


def test_bm25_retriever_protocol() -> None:
    r = BM25Retriever()
    assert isinstance(r, Retriever)
    assert r.name == "bm25"
    r.build_index(DOCS)
    assert r.retrieve("cherry durian", 2) == ["c", "b"]
    assert r.index_size_bytes() > 0
    r.build_index(DOCS[:1])  # replaces, does not extend
    assert r.retrieve("cherry", 5) == []


# ---------------------------------------------------------------------------------------------------
# FTS5


def test_fts5_query_quotes_pinned_tokens() -> None:
    assert fts5_query('Which "invoices" did Devika fix?') == '"invoice" OR "devika" OR "fix"'
    assert fts5_query("the of a") is None


def test_fts5_ranks_the_obviously_relevant_document_first() -> None:
    r = Fts5Retriever()
    r.build_index(DOCS)
    r.add(
        [
            Document(id=f"noise{i}", text=f"filler text number {i} banana", day=10 + i)
            for i in range(20)
        ]
    )
    hits = r.search("durian elderberry", 3)
    assert [d.id for d, _ in hits] == ["c"]
    assert hits[0][1] > 0  # -bm25: higher is better
    assert r.retrieve("apple", 5) == ["a"]
    late = r.search("banana", 2, allow=lambda d: (d.day or 0) >= 10)
    assert len(late) == 2 and all((d.day or 0) >= 10 for d, _ in late)
    assert r.index_size_bytes() > 0
    assert r.search("the", 5) == []
    with pytest.raises(ValueError, match="already"):
        r.add([Document(id="a", text="again")])
    r.build_index(DOCS[1:2])
    assert r.retrieve("apple banana", 5) == ["b"]
    r.close()


# ---------------------------------------------------------------------------------------------------
# Retriever protocol


def test_as_retriever_accepts_objects_and_bare_callables() -> None:
    r = BM25Retriever()
    assert as_retriever(r) is r

    def oracle(query: str, k: int) -> list[str]:
        return ["x"][:k]

    wrapped = as_retriever(oracle)
    assert isinstance(wrapped, CallableRetriever)
    assert wrapped.name == "oracle"
    assert wrapped.retrieve("q", 3) == ["x"]
    with pytest.raises(ConfigError, match="class"):
        as_retriever(BM25Retriever)
    with pytest.raises(ConfigError, match="not a retriever"):
        as_retriever(42)

    async def slow(query: str, k: int) -> list[str]:
        return []

    with pytest.raises(ConfigError, match="async"):
        as_retriever(slow)


# ---------------------------------------------------------------------------------------------------
# The benchmark


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root, days=12, suffix="12d", sessions=("principal", "team"))
    return root


def test_run_retrieval_eval_scores_an_oracle_and_compares(tiny: Path) -> None:
    dataset = load_persona(tiny, "tiny", "arcs-12d.yaml")
    answers = {q.question: q.relevant_days for q in dataset.qa}

    def oracle(query: str, k: int) -> list[str]:
        return [f"d{d:04d}/principal/0" for d in answers[query]][:k]

    def nothing(query: str, k: int) -> list[str]:
        return ["not-a-doc"]

    result = run_retrieval_eval([oracle, BM25Retriever(), nothing], [dataset], k=5, resamples=500)
    assert result.query_count == 12  # the negative-recall pair is left out
    by_name = {r.name: r for r in result.retrievers}
    assert by_name["oracle"].overall.as_tuple() == (1.0, 1.0, 1.0, 1.0)
    assert by_name["oracle"].index_build_ms is None
    assert by_name["nothing"].overall.as_tuple() == (0.0, 0.0, 0.0, 0.0)
    assert by_name["bm25"].index_build_ms is not None
    assert by_name["bm25"].index_size_bytes
    assert list(by_name["bm25"].by_category) == ["factual-recall"]
    # The first retriever against each other one, on every metric.
    assert {(c.a, c.b) for c in result.comparisons} == {("oracle", "bm25"), ("oracle", "nothing")}
    assert len(result.comparisons) == 8
    versus_nothing = [c for c in result.comparisons if c.b == "nothing"]
    assert all(c.mean_diff == c.low == c.high == 1.0 for c in versus_nothing)
    text = result.format_text()
    assert "oracle" in text and "by category" in text and "95% interval" in text


def test_run_retrieval_eval_errors(tiny: Path) -> None:
    dataset = load_persona(tiny, "tiny", "arcs-12d.yaml")

    def broken(query: str, k: int) -> list[str]:
        raise RuntimeError("index offline")

    with pytest.raises(AdapterError, match="broken raised on question tiny-q001"):
        run_retrieval_eval([broken], [dataset])
    with pytest.raises(ConfigError, match="no retrievers"):
        run_retrieval_eval([], [dataset])
    with pytest.raises(ConfigError, match="k must"):
        run_retrieval_eval([BM25Retriever()], [dataset], k=0)
    with pytest.raises(ConfigError, match="no questions"):
        run_retrieval_eval([BM25Retriever()], [])


def test_duplicate_names_are_made_unique(tiny: Path) -> None:
    dataset = load_persona(tiny, "tiny", "arcs-12d.yaml")
    result = run_retrieval_eval([BM25Retriever(), BM25Retriever()], [dataset], resamples=100)
    assert [r.name for r in result.retrievers] == ["bm25", "bm25#2"]
    assert all(c.mean_diff == 0.0 for c in result.comparisons)


# ---------------------------------------------------------------------------------------------------
# The command


@pytest.fixture
def commands() -> None:
    """``retrieval-eval`` is in the real command line."""
    assert retrieval_eval in cli._COMMANDS


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.usefixtures("commands")
def test_cli_json_shape_and_comparison(tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(
        capsys,
        "retrieval-eval",
        "--retriever",
        "builtin:bm25",
        "--retriever",
        "builtin:fts5",
        "--data",
        str(tiny),
        "--arcs",
        "arcs-12d.yaml",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"retrievers", "comparisons"}
    assert [r["name"] for r in data["retrievers"]] == ["bm25", "fts5"]
    for r in data["retrievers"]:
        assert set(r) == {
            "name",
            "overall",
            "byCategory",
            "latencyMs",
            "indexBuildMs",
            "indexSizeBytes",
        }
        assert set(r["overall"]) == {"recall@5", "recall@10", "ndcg@10", "mrr"}
        assert set(r["byCategory"]) == {"factual-recall"}
        assert set(r["latencyMs"]) == {"p50", "p95"}
        assert isinstance(r["indexSizeBytes"], int)
        assert isinstance(r["indexBuildMs"], float)
        # Each day's date appears only on that day: both baselines rank it first.
        assert r["overall"]["mrr"] == 1.0
    assert {(c["a"], c["b"]) for c in data["comparisons"]} == {("bm25", "fts5")}
    assert [c["metric"] for c in data["comparisons"]] == ["recall@5", "recall@10", "ndcg@10", "mrr"]
    for c in data["comparisons"]:
        assert c["low"] <= c["meanDiff"] <= c["high"]


@pytest.mark.usefixtures("commands")
def test_cli_text_and_a_retriever_from_a_file(
    tiny: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plugin = tmp_path / "my_retriever.py"
    plugin.write_text(
        "class Latest:\n"
        "    name = 'latest'\n"
        "    def build_index(self, corpus):\n"
        "        self.ids = [d.id for d in reversed(corpus)]\n"
        "    def retrieve(self, query, k):\n"
        "        return self.ids[:k]\n",
        encoding="utf-8",
    )
    code, out, err = _run(
        capsys,
        "retrieval-eval",
        "--retriever",
        f"{plugin}:Latest",
        "--data",
        str(tiny),
        "--arcs",
        "arcs-12d.yaml",
        "--k",
        "3",
    )
    assert code == 0, err
    assert "latest" in out and "k=3" in out
    assert "paired bootstrap" not in out


@pytest.mark.usefixtures("commands")
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("builtin:nope", "builtin:bm25, builtin:fts5"),
        ("no_such_module_xyz:thing", "not importable"),
        ("json:__doc__", "not a retriever"),
        # A function that cannot be called as retrieve(query, k) fails on the first question.
        ("json:dumps", "raised on question tiny-q001"),
    ],
)
def test_cli_bad_retriever_is_a_one_line_error(
    tiny: Path, capsys: pytest.CaptureFixture[str], spec: str, message: str
) -> None:
    code, out, err = _run(
        capsys,
        "retrieval-eval",
        "--retriever",
        spec,
        "--data",
        str(tiny),
        "--arcs",
        "arcs-12d.yaml",
    )
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err
    assert err.startswith("recallbench retrieval-eval: error:")
