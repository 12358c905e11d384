"""The dense baseline reads whole days: passages within the encoder's window, days scored by their
best passages (issue 33, deliver 2).

The splitting and the day score are pure and property-tested; the rest uses the real encoder (and
skips without the dense extra, as tests/test_dense.py does).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.adapters.retrieval.base import Document
from recallbench.adapters.retrieval.minilm import dense_unavailable
from recallbench.adapters.retrieval.passages import split_passages, word_spans
from recallbench.data.persona import day_date

UNAVAILABLE = dense_unavailable()
needs_dense = pytest.mark.skipif(
    UNAVAILABLE is not None, reason=f"the dense extra is not installed here: {UNAVAILABLE}"
)


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def encoder() -> Any:
    from recallbench.adapters.retrieval.minilm import load_encoder

    return load_encoder()


# -- splitting (pure) -------------------------------------------------------------------------------

_SEPARATORS = st.sampled_from([" ", " ", " ", ". ", "\n", "\n\n", ".\n", "  \n \n"])
_TEXTS = st.lists(
    st.tuples(st.text("abcdefgh.!?", min_size=1, max_size=6), _SEPARATORS), max_size=120
).map(lambda parts: "".join(w + s for w, s in parts))


@given(_TEXTS, st.data(), st.integers(1, 60), st.integers(0, 20))
def test_every_word_lands_in_a_passage_within_the_budget(
    text: str, data: st.DataObject, budget: int, overlap: int
) -> None:
    spans = word_spans(text)
    counts = data.draw(st.lists(st.integers(0, 9), min_size=len(spans), max_size=len(spans)))
    passages = split_passages(text, counts, budget=budget, overlap=overlap)
    if sum(counts) <= budget:  # a short text is one passage: itself, unchanged
        assert len(passages) == 1
        assert text[passages[0].start : passages[0].end] == text
        return
    covered = set()
    for before, after in itertools.pairwise(passages):
        assert before.first_word < after.first_word <= before.last_word  # in order, no gap
        repeated = sum(counts[after.first_word : before.last_word])
        assert repeated <= overlap
        if after.first_word < before.last_word:  # overlap only where a cut fell inside a paragraph
            gap = text[spans[before.last_word - 1][1] : spans[before.last_word][0]]
            assert re.search(r"\n[ \t\r\f\v]*\n", gap) is None
    for p in passages:
        covered.update(range(p.first_word, p.last_word))
        assert p.pieces == sum(counts[p.first_word : p.last_word])
        assert p.pieces <= budget or p.last_word - p.first_word == 1
        assert (p.start, p.end) == (spans[p.first_word][0], spans[p.last_word - 1][1])
    assert covered == set(range(len(spans)))
    assert passages[0].first_word == 0 and passages[-1].last_word == len(spans)


def test_cuts_prefer_paragraphs_then_lines_and_overlap_only_inside_a_paragraph() -> None:
    paragraph = "one two three four five six seven eight nine ten."
    text = f"{paragraph}\n\n{paragraph}\n\n{paragraph}"
    passages = split_passages(text, [1] * 30, budget=15, overlap=5)
    assert [text[p.start : p.end] for p in passages] == [paragraph] * 3  # no overlap across them
    packed = split_passages(text, [1] * 30, budget=25, overlap=5)  # whole paragraphs fill a passage
    assert [text[p.start : p.end] for p in packed] == [f"{paragraph}\n\n{paragraph}", paragraph]
    turns = "\n".join(f"[D1:{i}] A: word word word." for i in range(1, 7))
    passages = split_passages(turns, [1] * 30, budget=12, overlap=5)
    texts = [turns[p.start : p.end] for p in passages]
    assert texts[0] == "[D1:1] A: word word word.\n[D1:2] A: word word word."
    assert texts[1].startswith("[D1:2]")  # the previous turn repeated: cut inside the paragraph
    assert texts[-1].endswith("[D1:6] A: word word word.")
    with pytest.raises(ValueError, match="word counts"):
        split_passages("a b", [1])


# -- the day score (pure) ---------------------------------------------------------------------------


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.sampled_from([0.1, 0.25, 0.5, 0.75, 0.9])),
        min_size=1,
        max_size=40,
    ),
    st.integers(1, 4),
)
def test_a_day_scores_the_mean_of_its_best_passages(
    rows: list[tuple[int, float]], top: int
) -> None:
    from recallbench.adapters.retrieval.dense import group_scores

    groups = np.array([g for g, _ in rows], dtype=np.intp)
    scores = np.array([s for _, s in rows], dtype=np.float32)
    means, best = group_scores(scores, groups, top)
    present = sorted(set(groups.tolist()))
    assert len(means) == len(best) == len(present)
    for g, mean, row in zip(present, means.tolist(), best.tolist(), strict=True):
        mine = sorted(
            (float(s) for gg, s in zip(groups, scores, strict=True) if gg == g), reverse=True
        )
        assert mean == pytest.approx(sum(mine[:top]) / len(mine[:top]))
        assert groups[row] == g and scores[row] == max(mine)
        assert row == min(i for i in range(len(rows)) if groups[i] == g and scores[i] == mine[0])
        assert mean <= mine[0] + 1e-9  # never above its best passage; equal to it for top 1
        if top == 1:
            assert mean == float(np.float32(mine[0]))


# -- with the encoder ---------------------------------------------------------------------------------

FILLER = [
    "The printer on the third floor jammed twice before lunch and facilities sent someone up.",
    "Caroline asked whether the quarterly numbers were ready and Mel said they would be by Friday.",
    "We talked about the weather, which has been grey all week, and about weekend plans.",
    "The team reviewed the backlog and moved four tickets into the next sprint.",
    "Someone brought pastries to the stand-up, which made the morning better for everyone.",
    "The vendor call ran long because the contract terms were still being negotiated.",
]
FACT = (
    "The ferry to the Isle of Skye was cancelled because of a gale warning, so Oscar stayed home."
)


def _long_day(day: int, with_fact: bool) -> str:
    lines = [f"[D{day}:{i + 1}] Speaker: {FILLER[(i + day) % len(FILLER)]}" for i in range(48)]
    if with_fact:
        lines.append(f"[D{day}:49] Speaker: {FACT}")
    return f"# session: D{day}\ndate: 8 May, 2023\n\n" + "\n".join(lines) + "\n"


def _metadata(day: int) -> Any:
    from recallbench.data.corpus import DayMetadata

    return DayMetadata(
        day_number=day, date=day_date("2023-05-08", day), persona_id="long", isolated_sessions=()
    )


@needs_dense
def test_a_long_day_is_split_and_every_word_piece_is_embedded(encoder: Any) -> None:
    from recallbench.adapters.retrieval.dense import passage_documents

    text = _long_day(3, with_fact=True)
    counts = encoder.word_counts([text])[0]
    assert len(counts) == len(word_spans(text)) and sum(counts) > 800
    document = Document(id="d0003/D3/0", text=text, day=3, session="D3")
    pairs = passage_documents([document], encoder)
    assert len(pairs) > 3 and all(source is document for _, source in pairs)
    pieces = encoder.word_pieces([p.text for p, _ in pairs])
    assert max(pieces) <= encoder.max_length  # nothing truncated: [CLS] + 254 + [SEP] at most
    assert [p.id for p, _ in pairs] == [f"d0003/D3/0#p{i}" for i in range(len(pairs))]
    assert FACT in pairs[-1][0].text


@needs_dense
def test_a_passage_embeds_exactly_as_its_text_does(encoder: Any) -> None:
    from recallbench.adapters.retrieval.dense import DenseIndex, DenseRetriever, passage_documents

    short = Document(id="d0001/_/0", text="### Note\nShe was admitted to the clinic.", day=1)
    long = Document(id="d0002/_/0", text=_long_day(2, with_fact=True), day=2)
    pairs = passage_documents([short, long], encoder)
    assert pairs[0] == (short, short) and pairs[0][0] is short  # a short chunk is its own passage
    retriever = DenseRetriever(encoder)
    retriever.build_index([short, long])
    assert len(retriever.index) == len(pairs)
    vectors = retriever.index.vectors
    alone = encoder.encode_uncached([p.text for p, _ in pairs])
    assert np.abs(vectors - alone).max() < 1e-6
    # The short chunk's vector is the one an index of whole chunks gave it before passages.
    whole = DenseIndex(encoder)
    whole.add([short])
    assert np.array_equal(whole.vectors[0], vectors[0])


@needs_dense
@pytest.mark.anyio
async def test_a_fact_only_in_the_last_paragraph_of_a_long_day_is_found(encoder: Any) -> None:
    from recallbench.adapters import DenseAdapter

    question = "Why was the boat trip to the island called off?"
    found: dict[str, Any] = {}
    for label, config in (("passages", {}), ("truncated", {"passage_tokens": 100_000})):
        adapter = DenseAdapter({"threshold": 0, "top_k": 3, **config}, encoder=encoder)
        await adapter.setup()
        for day in range(1, 7):
            await adapter.ingest_day(day, _long_day(day, with_fact=day == 4), _metadata(day))
        await adapter.finalize_ingestion()
        found[label] = await adapter.query_detail(question)
        await adapter.teardown()
    now, before = found["passages"], found["truncated"]
    assert now.retrieval[0].day == 4
    assert now.retrieval[0].path.startswith("memories/day-0004.md#D4/0/p")
    assert "ferry" in now.retrieval[0].snippet or "Skye" in now.answer
    assert "Isle of Skye" in now.answer  # quoted from the best passage
    # Embedded whole, the day was read only up to its 256th word piece: the fact never counted.
    assert before.retrieval[0].day != 4 and "Skye" not in before.answer
    assert len({e.day for e in now.retrieval}) == len(now.retrieval) == 3  # three days, not chunks


@needs_dense
@pytest.mark.anyio
async def test_updating_a_split_day_replaces_its_passages(encoder: Any) -> None:
    from recallbench.adapters import DenseAdapter

    adapter = DenseAdapter({"threshold": 0, "top_k": 2, "abstention": "Nothing."}, encoder=encoder)
    await adapter.setup()
    assert await adapter.query("anything") == "Nothing."  # the abstention key is honoured
    for day in (1, 2):
        await adapter.ingest_day(day, _long_day(day, with_fact=day == 2), _metadata(day))
    await adapter.finalize_ingestion()
    question = "Why was the boat trip to the island called off?"
    assert "Skye" in await adapter.query(question)
    await adapter.update_memory("day-0002", _long_day(2, with_fact=False))
    answer = await adapter.query_detail(question)
    assert "Skye" not in answer.answer and all("Skye" not in e.snippet for e in answer.retrieval)
    await adapter.delete_memory("day-0002")
    assert {e.day for e in (await adapter.query_detail(question)).retrieval} == {1}
    await adapter.teardown()


@needs_dense
def test_the_retriever_returns_k_days_as_their_best_chunks(encoder: Any) -> None:
    from recallbench.adapters.retrieval.dense import DenseRetriever

    corpus = [
        Document(id=f"d{day:04d}/D{day}/0", text=_long_day(day, day == 5), day=day)
        for day in range(1, 7)
    ]
    corpus.append(Document(id="d0005/D5/1", text="### Errands\nBought stamps.", day=5))
    retriever = DenseRetriever(encoder)
    retriever.build_index(corpus)
    ids = retriever.retrieve("Why was the boat trip to the island called off?", 4)
    assert ids[0] == "d0005/D5/0" and len(ids) == 4
    assert len({i[:5] for i in ids}) == 4  # four different days
    assert retriever.remove(["d0005/D5/0", "nope"]) == 1
    assert "d0005/D5/0" not in retriever.retrieve("ferry", 6)
    top2 = DenseRetriever(encoder, day_passages=2)
    top2.build_index(corpus)
    assert len(top2.retrieve("ferry", 6)) == 6
