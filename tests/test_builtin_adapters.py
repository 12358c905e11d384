"""The built-in adapters (``builtin:<name>``) driven by the real harness over the tiny persona.

Each adapter runs through :func:`recallbench.run` with the containment judge; questions.jsonl
gives the answers and retrieval entries. The multi-session persona has an isolated ``secret`` session
holding facts the principal session never states.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest
from _duo import secret_phrase, write_duo
from hypothesis import given
from hypothesis import strategies as st

from recallbench import run
from recallbench.adapters import (
    ABSTENTION,
    BUILTIN_ADAPTERS,
    Bm25Adapter,
    EchoReferenceAdapter,
    Fts5Adapter,
    NullAdapter,
    OracleAdapter,
    RandomAdapter,
    RecencyAdapter,
    builtin_adapter,
    builtin_adapter_class,
    builtin_name,
)
from recallbench.adapters._memory import (
    SNIPPET_CHARS,
    MemoryStore,
    cite_day,
    compose_answer,
    query_terms,
    snippet,
    split_sentences,
    visible,
)
from recallbench.adapters.base import Adapter, QueryDetail
from recallbench.adapters.retrieval.minilm import dense_unavailable
from recallbench.cli._adapter_model import MODEL_BUILTINS
from recallbench.data.corpus import DayMetadata
from recallbench.data.persona import day_date
from recallbench.data.qa import QAPair
from recallbench.errors import ConfigError
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.results import read_question_log
from recallbench.testing import ScriptedJudge, day_code, write_persona

EPOCH = "2026-01-01"
LEXICAL = ("bm25", "fts5")
RETRIEVING = ("bm25", "fts5", "recency", "random", "oracle")
_PATH = re.compile(r"^memories/day-(\d{4})\.md(?:#[\w-]+/\d+)?$")
# builtin:dense needs the optional dense extra (tests/test_dense.py covers it; CI installs it).
DENSE_MISSING = dense_unavailable()


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


# -- helpers ---------------------------------------------------------------------------------------


def config(**overrides: Any) -> RunConfig:
    settings: dict[str, Any] = {
        "arcs_file": "arcs-30d.yaml",
        "ranges": "10d,20d,30d",
        "question_timeout": 10.0,
    }
    settings.update(overrides)
    return RunConfig(**settings)


async def run_records(
    factory: Callable[[], Any], data: Path, tmp_path: Path, **overrides: Any
) -> list[dict[str, Any]]:
    """Run the harness and return the questions.jsonl records (answers, retrieval, checkpoints)."""
    out = tmp_path / f"run-{len(list(tmp_path.glob('run-*')))}"
    out.mkdir()
    await run(
        factory,
        data,
        judge=ScriptedJudge(),
        config=config(**overrides),
        output=RunOutput(questions=out / "questions.jsonl", snippets=True),
    )
    return read_question_log(out / "questions.jsonl")


def cutoff(record: Mapping[str, Any]) -> int:
    return int(str(record["checkpoint"]).rstrip("d"))


def asked_day(record: Mapping[str, Any]) -> int | None:
    """The day a tiny-persona factual question asks about (None for the negative-recall pair)."""
    if record["qa"]["category"] != "factual-recall":
        return None
    return int(record["qa"]["relevantDays"][0])


def retrieved_days(record: Mapping[str, Any]) -> list[int]:
    return [int(e["day"]) for e in record.get("retrieval") or ()]


def metadata(day: int, isolated: tuple[str, ...] = ()) -> DayMetadata:
    return DayMetadata(
        day_number=day, date=day_date(EPOCH, day), persona_id="t", isolated_sessions=isolated
    )


async def ingest(adapter: Any, data: Path, days: range, persona: str = "tiny") -> None:
    for n in days:
        text = (data / persona / "memories-30d" / f"day-{n:04d}.md").read_text(encoding="utf-8")
        await adapter.ingest_day(n, text, metadata(n))


def pair(day: int, **overrides: Any) -> QAPair:
    settings: dict[str, Any] = {
        "id": f"q{day}",
        "question": f"What was the access code issued on {day_date(EPOCH, day)}?",
        "answer": day_code(day),
        "category": "factual-recall",
        "difficulty": "easy",
        "relevant_days": [day],
    }
    settings.update(overrides)
    return QAPair(**settings)


# -- the registry ----------------------------------------------------------------------------------


def test_registry_names_and_errors() -> None:
    assert set(BUILTIN_ADAPTERS) == {
        "bm25",
        "fts5",
        "dense",
        "hybrid",
        "recency",
        "null",
        "random",
        "oracle",
        "echo-reference",
        "full-context",
        "rag",
    }
    for name, cls in BUILTIN_ADAPTERS.items():
        if name in ("dense", "hybrid") and DENSE_MISSING is not None:
            with pytest.raises(ConfigError, match=re.escape("pip install 'recallbench[dense]'")):
                builtin_adapter(f"builtin:{name}")
            continue
        # The model baselines need a model (tests/test_model_baselines.py runs them).
        config = {"model": "openai:gpt-test"} if name in MODEL_BUILTINS else None
        adapter = builtin_adapter(f"builtin:{name}", config)
        assert isinstance(adapter, cls)
        assert isinstance(adapter, Adapter)
        assert adapter.name == f"builtin:{name}"
    assert builtin_adapter_class("BM25") is Bm25Adapter
    assert builtin_name(" builtin:oracle ") == "oracle"
    assert builtin_name("pkg.module:attr") is None
    with pytest.raises(ConfigError, match=r"builtin:bm25, builtin:fts5, .*builtin:echo-reference"):
        builtin_adapter("builtin:bm26")


@pytest.mark.parametrize(
    ("name", "config_", "message"),
    [
        ("bm25", {"topk": 3}, r"no config key 'topk'; known keys: abstention \(.*\), top_k"),
        ("bm25", {"top_k": 0}, r"'top_k' must be an integer >= 1"),
        ("bm25", {"threshold": -1}, r"'threshold' must be a number >= 0"),
        ("recency", {"days": "30"}, r"'days' must be an integer >= 1"),
        ("random", {"seed": 1.5}, r"'seed' must be an integer"),
        (
            "null",
            {"anything": 1},
            r"builtin:null has no config key 'anything'; known keys: abstention \(the answer",
        ),
    ],
)
def test_bad_config_is_a_config_error(name: str, config_: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        builtin_adapter(name, config_)


def test_loading_builds_a_builtin_from_its_class_and_config() -> None:
    from recallbench.harness.loading import adapter_factory

    build = adapter_factory(RecencyAdapter, {"days": 7})
    adapter = build()
    assert isinstance(adapter, RecencyAdapter)
    assert adapter.settings["days"] == 7


# -- the shared memory -----------------------------------------------------------------------------


def test_sentences_paths_and_the_session_rule() -> None:
    assert split_sentences("### Heading\nFirst one. Second one! e.g. not split\n- A bullet") == (
        "First one.",
        "Second one! e.g. not split",
        "A bullet",
    )
    store = MemoryStore()
    content = "# session: principal\n\n### A\nAlpha.\n\n### B\nBeta.\n\n# session: vault\n\n### C\nGamma.\n"
    chunks = store.add_day(5, content, metadata(5, isolated=("vault",)))
    assert [c.path for c in chunks] == [
        "memories/day-0005.md#principal/0",
        "memories/day-0005.md#principal/1",
        "memories/day-0005.md#vault/0",
    ]
    assert [visible(c, "principal") for c in chunks] == [True, True, False]
    assert [visible(c, "vault") for c in chunks] == [True, True, True]
    assert store.add_day(5, content, metadata(5)) == []  # a day is held once
    plain = store.add_day(6, "### Only\nNo sessions here.\n", metadata(6))
    assert [c.path for c in plain] == ["memories/day-0006.md#0"]
    assert visible(plain[0], "anyone")


_PROSE = st.text(alphabet=st.sampled_from("abc XYZ.!?\n-#0123"), max_size=400)


@given(_PROSE)
def test_snippets_are_short_one_line_prefixes(text: str) -> None:
    cut = snippet(text)
    flat = " ".join(text.split())
    assert len(cut) <= SNIPPET_CHARS
    assert "\n" not in cut
    assert flat.startswith(cut.removesuffix("…").rstrip())


@given(
    st.lists(_PROSE, min_size=1, max_size=4), st.integers(1, 5), st.text("abcxyz XYZ", max_size=30)
)
def test_answers_are_the_best_sentences_of_the_candidates(
    sections: list[str], sentences: int, question: str
) -> None:
    store = MemoryStore()
    content = "".join(f"### S{i}\n{body}\n" for i, body in enumerate(sections))
    chunks = store.add_day(1, content, metadata(1))
    weights = dict.fromkeys(query_terms(question), 1.0)
    answer = compose_answer(store, chunks, weights, sentences=sentences)
    scored = [
        (sum(w for t, w in weights.items() if t in terms), sentence)
        for c in chunks
        for sentence, terms in zip(store.sentences(c), store.sentence_terms(c), strict=True)
    ]
    best = max((score for score, _ in scored), default=0)
    if best == 0:
        assert answer is None
        return
    assert answer is not None
    assert any(answer.startswith(s) for score, s in scored if score == best)
    longest = sorted((len(s) for score, s in scored if score > 0), reverse=True)[:sentences]
    assert len(answer) <= sum(longest) + len(longest) - 1


def test_citations_go_before_the_final_stop() -> None:
    assert cite_day("It shipped.", 5) == "It shipped (day 5)."
    assert cite_day("Why?!", 12) == "Why (day 12)?!"
    assert cite_day("No stop", 3) == "No stop (day 3)"


def test_config_must_be_a_mapping() -> None:
    with pytest.raises(ConfigError, match="takes a mapping of settings, got list"):
        builtin_adapter("bm25", [("top_k", 3)])  # type: ignore[arg-type]


# -- each adapter through the harness --------------------------------------------------------------


@pytest.mark.anyio
async def test_null_abstains_everywhere(tiny_data: Path, tmp_path: Path) -> None:
    records = await run_records(lambda: builtin_adapter("null"), tiny_data, tmp_path)
    assert len(records) == 10 + 20 + 31
    assert {r["systemAnswer"] for r in records} == {ABSTENTION}
    assert not any(r.get("retrieval") for r in records)


@pytest.mark.anyio
async def test_echo_reference_answers_the_reference(tiny_data: Path, tmp_path: Path) -> None:
    records = await run_records(lambda: builtin_adapter("echo-reference"), tiny_data, tmp_path)
    for r in records:
        assert r["systemAnswer"] == r["qa"]["referenceAnswer"]
        assert retrieved_days(r) == [d for d in r["qa"]["relevantDays"] if d <= cutoff(r)]


@pytest.mark.anyio
async def test_oracle_answers_from_the_relevant_days(tiny_data: Path, tmp_path: Path) -> None:
    records = await run_records(lambda: builtin_adapter("oracle"), tiny_data, tmp_path)
    for r in records:
        day = asked_day(r)
        if day is None:  # negative recall: no evidence by construction
            assert r["systemAnswer"] == ABSTENTION
            continue
        assert day_code(day) in r["systemAnswer"]
        assert set(retrieved_days(r)) == {day}


@pytest.mark.anyio
async def test_oracle_never_uses_a_day_not_ingested(tiny_data: Path) -> None:
    oracle = OracleAdapter()
    await oracle.setup()
    await ingest(oracle, tiny_data, range(1, 11))
    await oracle.finalize_ingestion()
    both = await oracle.query_detail("access code", qa=pair(5, relevant_days=[5, 25]))
    assert {e.day for e in both.retrieval} == {5}
    assert "CODE-0025" not in both.answer
    future = await oracle.query_detail("access code", qa=pair(25))
    assert future == QueryDetail(answer=ABSTENTION, retrieval=())  # it found nothing: a miss
    assert await oracle.query("What was the access code issued on 2026-01-05?") == ABSTENTION


@pytest.mark.anyio
async def test_recency_only_uses_the_last_days(tiny_data: Path, tmp_path: Path) -> None:
    records = await run_records(
        lambda: builtin_adapter("recency", {"days": 5}), tiny_data, tmp_path
    )
    answered = 0
    for r in records:
        recent = range(cutoff(r) - 4, cutoff(r) + 1)
        assert set(retrieved_days(r)) <= set(recent)
        day = asked_day(r)
        if day is not None and day in recent:
            assert day_code(day) in r["systemAnswer"]
            assert retrieved_days(r)[0] == day
            answered += 1
        elif day is not None:
            assert day_code(day) not in r["systemAnswer"]
    assert answered == 15


@pytest.mark.anyio
async def test_random_is_deterministic_given_the_seed(tiny_data: Path, tmp_path: Path) -> None:
    def answers(seed: int) -> Callable[[], Any]:
        return lambda: builtin_adapter("random", {"seed": seed})

    first = await run_records(answers(7), tiny_data, tmp_path)
    again = await run_records(answers(7), tiny_data, tmp_path, lifecycle="incremental")
    other = await run_records(answers(8), tiny_data, tmp_path)
    key = [(r["checkpoint"], r["qa"]["id"]) for r in first]
    assert [(r["checkpoint"], r["qa"]["id"]) for r in again] == key
    assert [r["systemAnswer"] for r in first] == [r["systemAnswer"] for r in again]
    assert [r["systemAnswer"] for r in first] != [r["systemAnswer"] for r in other]
    for r in first:
        assert "the access code for day" in r["systemAnswer"]
        assert all(1 <= d <= cutoff(r) for d in retrieved_days(r))


@pytest.mark.anyio
@pytest.mark.parametrize("name", LEXICAL)
async def test_lexical_finds_the_asked_day(name: str, tmp_path: Path) -> None:
    # "What is the access code for day 17?" (the day number is a rare term: the calibrated default
    # threshold answers it) beside the persona's own "…issued on 2026-01-17?" questions, whose only
    # distinctive term is "17" (the tokenizer splits dates, and "2026", "01" are on every day) while
    # "issued" is on none: those sit near the threshold, so they are asked with it at 0.
    extra = [
        {
            "id": f"tiny-by-number-{n}",
            "question": f"What is the access code for day {n}?",
            "answer": day_code(n),
            "category": "factual-recall",
            "difficulty": "easy",
            "relevant_days": [n],
        }
        for n in (3, 17, 30)
    ]
    data = tmp_path / "personas"
    write_persona(data, extra_pairs=extra)
    default = await run_records(lambda: builtin_adapter(name), data, tmp_path, ranges="30d")
    by_number = [r for r in default if r["qa"]["id"].startswith("tiny-by-number")]
    assert len(by_number) == 3
    for r in by_number:
        number = int(r["qa"]["relevantDays"][0])
        assert day_code(number) in r["systemAnswer"]
        assert retrieved_days(r)[0] == number
    negative = [r for r in default if r["qa"]["category"] == "negative-recall"]
    assert [r["systemAnswer"] for r in negative] == [ABSTENTION]  # "…GraphQL migration…?"

    records = await run_records(lambda: builtin_adapter(name, {"threshold": 0}), data, tmp_path)
    for r in records:
        day = asked_day(r)
        if day is None:  # nothing shares a term with it: abstains whatever the threshold
            assert r["systemAnswer"] == ABSTENTION
            continue
        assert day_code(day) in r["systemAnswer"]
        assert retrieved_days(r)[0] == day
        first = r["retrieval"][0]
        assert _PATH.match(first["path"])
        assert first["score"] > 0
        assert len(first["snippet"]) <= 200


@pytest.mark.anyio
@pytest.mark.parametrize("name", RETRIEVING)
async def test_isolated_sessions_stay_isolated(name: str, tmp_path: Path) -> None:
    data = write_duo(tmp_path / "personas")
    settings = {"days": 30} if name == "recency" else {}
    records = await run_records(
        lambda: builtin_adapter(name, settings), data, tmp_path, ranges="30d"
    )
    by_id = {r["qa"]["id"]: r for r in records}
    principal, secret = by_id["duo-principal-vault"], by_id["duo-secret-vault"]
    for r in records:
        if r["qa"].get("querySession", "principal") == "principal":
            assert "VAULT" not in r["systemAnswer"], r["qa"]["id"]
            assert all("#secret/" not in e["path"] for e in r.get("retrieval") or ())
    if name != "random":
        assert secret_phrase(7) in secret["systemAnswer"]
        assert retrieved_days(secret)[0] == 7
        assert "VAULT" not in principal["systemAnswer"]


# -- lifecycle properties --------------------------------------------------------------------------


def _stateful() -> list[Any]:
    skip = pytest.mark.skipif(DENSE_MISSING is not None, reason=f"no dense extra: {DENSE_MISSING}")
    return [
        pytest.param(n, marks=skip) if n in ("dense", "hybrid") else n
        for n in BUILTIN_ADAPTERS
        if n not in ("null", *MODEL_BUILTINS)
    ]


async def _ask_all(adapter: Any, qas: list[QAPair]) -> list[QueryDetail]:
    out = []
    for qa in qas:
        if isinstance(adapter, OracleAdapter | EchoReferenceAdapter):
            out.append(await adapter.query_detail(qa.question, qa=qa))
        else:
            out.append(await adapter.query_detail(qa.question))
    return out


@pytest.mark.anyio
@pytest.mark.parametrize("name", _stateful())
async def test_incremental_ingestion_equals_batch(name: str, tiny_data: Path) -> None:
    qas = [pair(d) for d in range(1, 31, 3)]
    batch = builtin_adapter(name, {"seed": 3} if name == "random" else None)
    await batch.setup()
    await ingest(batch, tiny_data, range(1, 31))
    await batch.finalize_ingestion()
    steps = builtin_adapter(name, {"seed": 3} if name == "random" else None)
    await steps.setup()
    for lo, hi in ((1, 11), (11, 12), (12, 31)):
        await ingest(steps, tiny_data, range(lo, hi))
        await steps.finalize_ingestion()
    assert await _ask_all(batch, qas) == await _ask_all(steps, qas)
    await batch.teardown()
    await steps.teardown()


@pytest.mark.anyio
@pytest.mark.parametrize("name", _stateful())
async def test_setup_resets(name: str, tiny_data: Path) -> None:
    adapter = builtin_adapter(name)
    await adapter.setup()
    await ingest(adapter, tiny_data, range(1, 31))
    await adapter.finalize_ingestion()
    await adapter.setup()  # a reused instance starts the next unit of work empty
    await ingest(adapter, tiny_data, range(1, 4))
    await adapter.finalize_ingestion()
    fresh = builtin_adapter(name)
    await fresh.setup()
    await ingest(fresh, tiny_data, range(1, 4))
    await fresh.finalize_ingestion()
    qas = [pair(2), pair(20)]
    reused = await _ask_all(adapter, qas)
    assert reused == await _ask_all(fresh, qas)
    assert all(e.day is not None and e.day <= 3 for d in reused for e in d.retrieval)
    if name != "echo-reference":  # which answers the reference whatever it holds
        assert "CODE-0020" not in reused[1].answer


@pytest.mark.anyio
async def test_lexical_threshold_and_top_k(tiny_data: Path) -> None:
    strict = Bm25Adapter({"threshold": 100.0})
    loose = Fts5Adapter({"top_k": 2, "sentences": 1, "cite": True})
    for adapter in (strict, loose):
        await adapter.setup()
        await ingest(adapter, tiny_data, range(1, 31))
        await adapter.finalize_ingestion()
    question = "What was the access code issued on 2026-01-12?"
    refused = await strict.query_detail(question)
    assert refused.answer == ABSTENTION
    assert refused.retrieval[0].day == 12  # what was retrieved is still reported
    cited = await loose.query_detail(question)
    assert cited.answer == "On 2026-01-12 the access code for day 12 is CODE-0012 (day 12)."
    assert len(cited.retrieval) == 2
    assert await loose.query(question) == cited.answer
    assert await NullAdapter().query(question) == ABSTENTION
    assert isinstance(builtin_adapter("random"), RandomAdapter)


@pytest.mark.anyio
async def test_the_oracle_reads_the_turns_a_pair_names_as_its_evidence() -> None:
    """Where a pair names its evidence finer than a day (``evidenceTurns``) and the day log writes
    each turn with its id, the oracle reads the chunks holding those turns, not every chunk of the
    day: it is the retrieval ceiling at turn level too."""
    from recallbench.adapters import builtin_adapter

    day = (
        "# session: S1\n\n### turn group 1\n[1] user: The weather was grey and the train was late.\n\n"
        "### turn group 2\n[2] user: My sister's dog is called Biscuit.\n\n"
        "### turn group 3\n[3] user: The train was late again on the way home.\n"
    )
    pair = QAPair(
        id="q1",
        question="What is the name of the dog the train passed?",
        answer="Biscuit",
        category="factual-recall",
        difficulty="easy",
        relevant_days=(1,),
        extra={"evidenceTurns": ["2"]},
    )
    oracle = builtin_adapter("oracle")
    await oracle.setup()
    metadata = DayMetadata(day_number=1, date=day_date("2026-01-01", 1), persona_id="p")
    await oracle.ingest_day(1, day, metadata)
    await oracle.finalize_ingestion()
    answer = await oracle.query_detail(pair.question, qa=pair)
    assert "Biscuit" in answer.answer
    assert answer.retrieval and all("[2]" in (e.snippet or "") for e in answer.retrieval)
    # Without turns named, every chunk of the day is a candidate, the train's first.
    plain = attrs.evolve(pair, extra={})
    assert "train" in (await oracle.query_detail(plain.question, qa=plain)).answer
    await oracle.teardown()


@pytest.mark.anyio
async def test_the_oracle_reports_every_evidence_turn_whatever_its_top_k() -> None:
    """The oracle's retrieval is the ceiling at turn level: each evidence turn once, from every chunk
    holding one, even beyond the ``top_k`` chunks its answer reads and in a chunk sharing no word
    with the question; turns the pair does not name are never reported."""
    from recallbench.adapters import builtin_adapter

    groups = [
        "The dog is called Biscuit.",
        "Nothing here of note at all.",
        "Biscuit the dog chased a ball.",
        "A completely unrelated sentence.",
        "Rain, then sun, then rain.",
    ]
    day = "# session: S1\n\n" + "\n\n".join(
        f"### turn group {i}\n[{i}] user: {text}\n" for i, text in enumerate(groups, start=1)
    )
    pair = QAPair(
        id="q1",
        question="What is the dog called?",
        answer="Biscuit",
        category="factual-recall",
        difficulty="easy",
        relevant_days=(1,),
        extra={"evidenceTurns": ["1", "3", "5"]},
    )
    oracle = builtin_adapter("oracle", {"top_k": 1})
    await oracle.setup()
    metadata = DayMetadata(day_number=1, date=day_date("2026-01-01", 1), persona_id="p")
    await oracle.ingest_day(1, day, metadata)
    await oracle.finalize_ingestion()
    detail = await oracle.query_detail(pair.question, qa=pair)
    assert detail.retrieval is not None
    turns = [e.turn for e in detail.retrieval]
    assert sorted(turns) == ["1", "3", "5"]  # type: ignore[type-var]
    assert turns[-1] == "5"  # shares no word with the question: ranked last
    assert all(e.day == 1 for e in detail.retrieval)
    # Without turns named, the retrieval is the chunks read (top_k), reported by chunk.
    plain = attrs.evolve(pair, extra={})
    chunks = (await oracle.query_detail(plain.question, qa=plain)).retrieval
    assert chunks is not None and len(chunks) == 1 and chunks[0].turn is None
    await oracle.teardown()
