"""Deleting and updating memories: the capability rules (``recallbench.adapters.capabilities``), the
indexes' ``remove`` (held to an index built afresh from what is left), and every built-in adapter's
``delete_memory`` / ``update_memory``: a deleted day is neither retrieved nor quoted, an updated
one answers with its new content only."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench.adapters import ABSTENTION, BUILTIN_ADAPTERS, builtin_adapter
from recallbench.adapters.base import MemoryDeleting, MemoryUpdating
from recallbench.adapters.capabilities import (
    MEMORY_CAPABILITIES,
    adapter_capabilities,
    capability_message,
    day_memory_id,
    memory_id_day,
    missing_capabilities,
    require_capabilities,
)
from recallbench.adapters.dense import DenseAdapter
from recallbench.adapters.lexical import TermStats, unseen_idf
from recallbench.adapters.retrieval.base import Document
from recallbench.adapters.retrieval.bm25 import BM25Index
from recallbench.adapters.retrieval.dense import DenseIndex
from recallbench.adapters.retrieval.fts5 import Fts5Retriever
from recallbench.data.corpus import DayMetadata
from recallbench.data.qa import QAPair
from recallbench.errors import ConfigError
from recallbench.testing import ScriptedAdapter

# -- capabilities -----------------------------------------------------------------------------------


class Plain:
    name = "plain"

    async def setup(self) -> None: ...
    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None: ...
    async def finalize_ingestion(self) -> None: ...
    async def query(self, question: str) -> str:
        return ""

    async def teardown(self) -> None: ...


class Deleting(Plain):
    name = "deleting"

    async def delete_memory(self, memory_id: str) -> None: ...


class Both(Deleting):
    async def update_memory(self, memory_id: str, content: str) -> None: ...


class Withholding(Both):
    """Has both methods but declares only deletion (a gRPC client whose server lacks updates)."""

    capabilities = frozenset({"delete_memory", "query_detail"})


class Boasting(Plain):
    """Declares what it has no method for."""

    capabilities = ("delete_memory", "update_memory")


def test_capabilities_are_derived_from_the_methods() -> None:
    base = {"add_memory", "retrieve_memory"}
    assert adapter_capabilities(Plain()) == base
    assert adapter_capabilities(Deleting) == base | {"delete_memory"}
    assert adapter_capabilities(Both()) == set(MEMORY_CAPABILITIES)
    assert adapter_capabilities(ScriptedAdapter()) == base
    assert isinstance(Both(), MemoryDeleting) and isinstance(Both(), MemoryUpdating)
    assert not isinstance(Plain(), MemoryDeleting)


def test_a_declaration_wins_but_needs_the_method() -> None:
    assert adapter_capabilities(Withholding()) == {
        "add_memory",
        "retrieve_memory",
        "delete_memory",
        "query_detail",
    }
    assert adapter_capabilities(Boasting) == {"add_memory", "retrieve_memory"}
    # Declaring nothing still leaves what the protocol requires (a reference gRPC server).
    empty = Both()
    empty.capabilities = frozenset()  # type: ignore[attr-defined]
    assert adapter_capabilities(empty) == {"add_memory", "retrieve_memory"}


def test_missing_capabilities_and_the_one_line() -> None:
    required = ["add_memory", "retrieve_memory", "delete_memory", "update_memory", "delete_memory"]
    assert missing_capabilities(Plain, required) == ("delete_memory", "update_memory")
    assert missing_capabilities(Both(), required) == ()
    assert missing_capabilities(builtin_adapter("null"), required) == ()
    assert capability_message("builtin:bm25", ("delete_memory",), "forgetting") == (
        'adapter "builtin:bm25" lacks delete_memory, which benchmark "forgetting" requires '
        "(required_capabilities in its manifest.json)"
    )
    with pytest.raises(ConfigError) as info:
        require_capabilities(Deleting, required, "updates")
    assert str(info.value) == (
        'adapter "deleting" lacks update_memory, which benchmark "updates" requires '
        "(required_capabilities in its manifest.json)"
    )
    with pytest.raises(
        ConfigError, match='lacks delete_memory and update_memory, which benchmark "b" require '
    ):
        require_capabilities(Plain(), required, "b")
    require_capabilities(Both, required, "b")


@pytest.mark.parametrize("name", sorted(BUILTIN_ADAPTERS))
def test_every_builtin_supports_all_four(name: str) -> None:
    assert missing_capabilities(BUILTIN_ADAPTERS[name], MEMORY_CAPABILITIES) == ()


@given(st.integers(min_value=1, max_value=10**6))
def test_memory_ids_of_days_round_trip(day: int) -> None:
    assert memory_id_day(day_memory_id(day)) == day
    assert memory_id_day(str(day)) == day == memory_id_day(f"day-{day}")


@pytest.mark.parametrize("bad", ["", "day-0", "0", "day-", "week-3", "day-3.md", "-3", "d0003"])
def test_a_memory_id_that_names_no_day(bad: str) -> None:
    with pytest.raises(ValueError, match="names no day"):
        memory_id_day(bad)


# -- the indexes ------------------------------------------------------------------------------------

WORDS = ["invoice", "car", "dog", "lunch", "sam", "budget", "paris", "code", "red", "blue"]
texts = st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join)
corpora = st.lists(texts, min_size=1, max_size=12)


def _docs(corpus: list[str]) -> list[Document]:
    return [Document(id=f"d{i}", text=t, day=i + 1) for i, t in enumerate(corpus)]


@settings(max_examples=60, deadline=None)
@given(corpora, st.data())
def test_bm25_remove_is_an_index_of_what_is_left(corpus: list[str], data: st.DataObject) -> None:
    docs = _docs(corpus)
    gone = data.draw(st.sets(st.sampled_from([d.id for d in docs])))
    index = BM25Index()
    index.add(docs[: len(docs) // 2])
    index.finalize()  # some postings compacted, some pending
    index.add(docs[len(docs) // 2 :])
    assert index.remove([*gone, "nowhere"]) == len(gone)
    fresh = BM25Index()
    fresh.add([d for d in docs if d.id not in gone])
    for query in [*WORDS, "car dog red"]:
        got = [(d.id, round(s, 9)) for d, s in index.search(query, 20)]
        assert got == [(d.id, round(s, 9)) for d, s in fresh.search(query, 20)]
    for word in WORDS:  # the weights bm25 answers with: a term no chunk holds any more is unseen
        weight = index.idf(word) or unseen_idf(len(index))
        assert weight == pytest.approx(fresh.idf(word) or unseen_idf(len(fresh)))
    index.add([d for d in docs if d.id in gone])  # a removed id may come back


@settings(max_examples=40, deadline=None)
@given(corpora, st.data())
def test_fts5_remove_is_an_index_of_what_is_left(corpus: list[str], data: st.DataObject) -> None:
    docs = _docs(corpus)
    gone = data.draw(st.sets(st.sampled_from([d.id for d in docs])))
    index, fresh = Fts5Retriever(), Fts5Retriever()
    try:
        index.add(docs)
        assert index.remove([*gone, "nowhere"]) == len(gone)
        assert len(index) == len(docs) - len(gone)
        fresh.add([d for d in docs if d.id not in gone])
        for query in WORDS:
            assert [d.id for d, _ in index.search(query, 20)] == [
                d.id for d, _ in fresh.search(query, 20)
            ]
        index.add([d for d in docs if d.id in gone])
        assert len(index) == len(docs)
    finally:
        index.close()
        fresh.close()


class WordEncoder:
    """A stand-in for all-MiniLM-L6-v2: each word hashed to a dimension, L2-normalised."""

    dim = 64
    label = "words"

    def encode(self, texts: Any) -> np.ndarray[Any, np.dtype[np.float32]]:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"[a-z0-9]+", text.lower()):
                out[row, hashlib.sha1(word.encode()).digest()[0] % self.dim] += 1.0
            norm = float(np.linalg.norm(out[row]))
            if norm:
                out[row] /= norm
        return out

    def word_counts(self, texts: Sequence[str]) -> list[list[int]]:
        """One word piece per word: what the dense adapter's passage splitter cuts by."""
        from recallbench.adapters.retrieval.passages import word_spans

        return [[1] * len(word_spans(text)) for text in texts]


@settings(max_examples=40, deadline=None)
@given(corpora, st.data())
def test_dense_remove_is_an_index_of_what_is_left(corpus: list[str], data: st.DataObject) -> None:
    docs = _docs(corpus)
    gone = data.draw(st.sets(st.sampled_from([d.id for d in docs])))
    encoder: Any = WordEncoder()
    index = DenseIndex(encoder)
    index.add(docs[: len(docs) // 2])
    index.finalize()  # some encoded, some queued
    index.add(docs[len(docs) // 2 :])
    assert index.remove([*gone, "nowhere"]) == len(gone)
    fresh = DenseIndex(encoder)
    fresh.add([d for d in docs if d.id not in gone])
    assert np.array_equal(index.vectors, fresh.vectors)
    assert [d.id for d in index.documents] == [d.id for d in fresh.documents]


def test_term_stats_forget_what_they_counted() -> None:
    stats, fresh = TermStats(), TermStats()
    stats.add(["red car", "blue car", "dog"])
    stats.remove(["red car", "dog"])
    fresh.add(["blue car"])
    assert (stats.documents, stats.frequency) == (fresh.documents, fresh.frequency)
    assert stats.idf("dog") == fresh.idf("dog")


# -- the built-in adapters --------------------------------------------------------------------------


def _meta(day: int, isolated: tuple[str, ...] = ()) -> DayMetadata:
    return DayMetadata(
        day_number=day, date=f"2026-01-{day:02d}", persona_id="p", isolated_sessions=isolated
    )


def _day(text: str, session: str = "principal") -> str:
    return f"# session: {session}\n\n### Note\n{text}\n"


DAYS = {
    1: "The family car is a red Volvo estate parked in the garage.",
    2: "The family dog is named Biscuit and chews slippers.",
    3: "Dinner on Friday was pasta with the neighbours downtown.",
}
NEW_CAR = "The family car is now a blue Tesla parked in the street."
QUESTIONS = {
    "dog": "What is the family dog named?",
    "car": "What is the family car?",
    "dinner": "What was dinner on Friday?",
}


def _qa(key: str, day: int) -> QAPair:
    return QAPair(
        id=key,
        question=QUESTIONS[key],
        answer=DAYS[day],
        category="factual-recall",
        difficulty="easy",
        relevant_days=(day,),
    )


def _dense(config: dict[str, Any]) -> Any:
    encoder: Any = WordEncoder()
    return DenseAdapter(config, encoder=encoder)


MEMORY_READERS: dict[str, Any] = {
    "bm25": lambda: builtin_adapter("bm25", {"threshold": 0}),
    "fts5": lambda: builtin_adapter("fts5", {"threshold": 0}),
    "dense": lambda: _dense({"threshold": 0}),
    "recency": lambda: builtin_adapter("recency"),
    "random": lambda: builtin_adapter("random", {"sentences": 5}),
    "oracle": lambda: builtin_adapter("oracle"),
}


async def _ask(adapter: Any, key: str, day: int) -> tuple[str, list[int], str]:
    """The answer, the days retrieved and the snippets, for the question about ``key``."""
    detail = (
        await adapter.query_detail(QUESTIONS[key], qa=_qa(key, day))
        if _cheats(adapter)
        else await adapter.query_detail(QUESTIONS[key])
    )
    snippets = " ".join(r.snippet or "" for r in detail.retrieval)
    return detail.answer, [r.day for r in detail.retrieval], snippets


def _cheats(adapter: Any) -> bool:
    return adapter.name in ("builtin:oracle", "builtin:echo-reference")


async def _ingested(make: Any) -> Any:
    adapter = make()
    await adapter.setup()
    for day, text in DAYS.items():
        await adapter.ingest_day(day, _day(text), _meta(day))
    await adapter.finalize_ingestion()
    return adapter


@pytest.mark.anyio
@pytest.mark.parametrize("name", sorted(MEMORY_READERS))
async def test_a_deleted_day_is_neither_retrieved_nor_answered(name: str) -> None:
    adapter = await _ingested(MEMORY_READERS[name])
    answer, days, _ = await _ask(adapter, "dog", 2)
    if name != "random":  # random quotes what it draws, not what was asked
        assert "Biscuit" in answer and 2 in days
    await adapter.delete_memory(day_memory_id(2))
    for key in QUESTIONS:
        answer, days, snippets = await _ask(adapter, key, 2)
        assert "Biscuit" not in answer + snippets and 2 not in days
    answer, _, _ = await _ask(adapter, "dinner", 3)
    if name != "random":
        assert "pasta" in answer  # the other days are untouched
    with pytest.raises(KeyError, match="day 2 is not held"):
        await adapter.delete_memory("day-0002")
    with pytest.raises(ValueError, match="names no day"):
        await adapter.delete_memory("the dog")
    # The day may be ingested again after its deletion.
    await adapter.ingest_day(2, _day(DAYS[2]), _meta(2))
    await adapter.finalize_ingestion()
    if name != "random":
        assert "Biscuit" in (await _ask(adapter, "dog", 2))[0]
    await adapter.teardown()


@pytest.mark.anyio
@pytest.mark.parametrize("name", sorted(MEMORY_READERS))
async def test_an_updated_day_answers_with_its_new_content(name: str) -> None:
    adapter = await _ingested(MEMORY_READERS[name])
    await adapter.update_memory("1", _day(NEW_CAR))
    for key in QUESTIONS:
        answer, _, snippets = await _ask(adapter, key, 1)
        assert "Volvo" not in answer + snippets
    answer, days, snippets = await _ask(adapter, "car", 1)
    assert "Tesla" in snippets and 1 in days
    if name != "random":
        assert "Tesla" in answer
    assert "Biscuit" in " ".join([(await _ask(adapter, "dog", 2))[2]])
    with pytest.raises(KeyError):
        await adapter.update_memory("day-0009", _day(NEW_CAR))
    await adapter.teardown()


@pytest.mark.anyio
@pytest.mark.parametrize("name", ["bm25", "fts5", "dense", "recency", "random"])
async def test_an_updated_day_keeps_its_isolated_sessions(name: str) -> None:
    adapter = MEMORY_READERS[name]()
    await adapter.setup()
    await adapter.ingest_day(1, _day("Sam's salary is 90k dollars.", "hr"), _meta(1, ("hr",)))
    await adapter.finalize_ingestion()
    await adapter.update_memory("day-0001", _day("Sam's salary is 95k dollars.", "hr"))
    question = "What is Sam's salary?"
    leaked = await adapter.query_detail(question, session="principal")
    assert "95k" not in leaked.answer and not leaked.retrieval
    told = await adapter.query_detail(question, session="hr")
    assert "95k" in " ".join(r.snippet or "" for r in told.retrieval)
    await adapter.teardown()


@pytest.mark.anyio
async def test_the_null_and_echo_reference_adapters_know_their_days() -> None:
    null = await _ingested(lambda: builtin_adapter("null"))
    await null.delete_memory("day-0002")
    await null.update_memory("day-0001", _day(NEW_CAR))
    assert await null.query("What is the family dog named?") == ABSTENTION
    with pytest.raises(KeyError):
        await null.delete_memory("day-0002")
    echo = await _ingested(lambda: builtin_adapter("echo-reference"))
    await echo.delete_memory("day-0002")
    detail = await echo.query_detail(QUESTIONS["dog"], qa=_qa("dog", 2))
    assert detail.retrieval == ()  # the deleted day is no longer reported retrieved
    await echo.update_memory("day-0001", _day(NEW_CAR))
    with pytest.raises(KeyError):
        await echo.update_memory("day-0002", "")
