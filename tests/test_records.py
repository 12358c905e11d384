"""Records and their JSON: QAPair and JudgeScore validation, the converter (reference §1.5, §3.1–3.2),
day-log splitting (§1.4) and epoch dates."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from _examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench import JudgeScore
from recallbench._convert import dumps_compact, dumps_pretty, structure_disk, to_json
from recallbench.data import CATEGORIES, QAPair, split_sessions
from recallbench.data.dataset import read_questions
from recallbench.data.persona import day_date
from recallbench.errors import DatasetError
from recallbench.results.records import CategoryScore, HeatmapCell, RunMetadata
from recallbench.results.scoring import MAX_COMPOSITE, is_failure

BASE: dict[str, Any] = {
    "id": "ea-q001",
    "question": "What is the access code?",
    "answer": "CODE-0001",
    "category": "factual-recall",
    "difficulty": "easy",
    "relevant_days": [1],
}


def pair(**overrides: Any) -> QAPair:
    return QAPair(**(BASE | overrides))


# ---------------------------------------------------------------------------------------------------
# QAPair validation


def test_valid_pair_and_defaults() -> None:
    p = pair(relevant_days=[2, 5, 9])
    assert p.relevant_days == (2, 5, 9)
    assert p.last_day == 9
    assert p.requires_synthesis is False
    assert p.query_session is None
    assert p.forbidden_sessions is None
    assert p.expected_disclosure is None
    assert p.irrelevant_after is None
    assert dict(p.extra) == {}
    assert not p.is_group
    assert pair(category="group-session-attribution").is_group


def test_all_categories_accepted() -> None:
    assert len(CATEGORIES) == 10
    for c in CATEGORIES:
        p = pair(category=c, forbidden_sessions=["room"])
        assert p.category == c


@pytest.mark.parametrize(
    "overrides",
    [
        {"category": "factual_recall"},
        {"category": "Factual-Recall"},
        {"category": "Trivia"},
        {"category": "two words"},
        {"category": ""},
        {"difficulty": "trivial"},
        {"difficulty": "Easy"},
        {"relevant_days": []},
        {"relevant_days": [3, 1]},
        {"relevant_days": [1, 1]},
        {"relevant_days": [1, 2, 2]},
        {"relevant_days": [0]},
        {"relevant_days": [-1, 2]},
        {"relevant_days": [True]},
        {"relevant_days": [1.5]},
        {"relevant_days": ["2"]},
        {"relevant_days": [1, 5], "irrelevant_after": 4},
        {"relevant_days": [7], "irrelevant_after": 6},
        {"irrelevant_after": 0},
        {"irrelevant_after": True},
        {"expected_disclosure": "maybe"},
        {"category": "information-boundary"},
        {"category": "information-boundary", "forbidden_sessions": []},
        {"id": ""},
        {"question": ""},
    ],
)
def test_pair_validation_rejects(overrides: dict[str, Any]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - the message varies by field
        pair(**overrides)


def test_a_category_beyond_recall_bench_is_a_family_s_and_checked_where_read(
    tmp_path: Path,
) -> None:
    """A pair may carry a family's category (BEAM's abilities); the persona format accepts
    Recall Bench's ten unless the data's family declares its own."""
    assert pair(category="event-ordering").category == "event-ordering"
    qa = tmp_path / "questions.yaml"
    qa.write_text(
        "- id: q1\n  question: Where?\n  answer: Here\n  category: trivia\n"
        "  difficulty: easy\n  relevant_days: [1]\n",
        encoding="utf-8",
    )
    with pytest.raises(
        DatasetError, match=r"'category' must be one of: factual-recall, .*\(got 'trivia'\)"
    ):
        read_questions(qa)
    assert read_questions(qa, ("trivia",))[0].category == "trivia"


def test_pair_validation_accepts_boundaries() -> None:
    assert pair(relevant_days=[1, 5], irrelevant_after=5).irrelevant_after == 5
    p = pair(category="information-boundary", forbidden_sessions="room-a")
    assert p.forbidden_sessions == ("room-a",)  # a lone string is one session


@given(
    st.lists(st.integers(min_value=-3, max_value=20), min_size=1, max_size=5),
)
def test_pair_days_rule_property(days: list[int]) -> None:
    valid = all(d >= 1 for d in days) and all(b > a for a, b in itertools.pairwise(days))
    if valid:
        assert pair(relevant_days=days).relevant_days == tuple(days)
    else:
        with pytest.raises(ValueError, match="relevant_days"):
            pair(relevant_days=days)


# ---------------------------------------------------------------------------------------------------
# JudgeScore and is_failure

ALL_SCORES = list(itertools.product(range(4), range(3), range(2)))


@pytest.mark.parametrize(("correctness", "completeness", "hallucination"), ALL_SCORES)
def test_judge_score_composite_and_failure_truth_table(
    correctness: int, completeness: int, hallucination: int
) -> None:
    s = JudgeScore(correctness=correctness, completeness=completeness, hallucination=hallucination)
    total = correctness + completeness + hallucination
    assert s.composite == total
    assert 0 <= s.composite <= MAX_COMPOSITE == 6
    assert s.recall == correctness + completeness
    assert is_failure(s) is (total < 4 or hallucination == 0 or correctness == 0)


def test_is_failure_examples() -> None:
    assert not is_failure(JudgeScore(correctness=3, completeness=2, hallucination=1))
    assert not is_failure(JudgeScore(correctness=1, completeness=2, hallucination=1))  # composite 4
    assert is_failure(JudgeScore(correctness=1, completeness=1, hallucination=1))  # composite 3
    assert is_failure(JudgeScore(correctness=3, completeness=2, hallucination=0))  # hallucinated
    assert is_failure(JudgeScore(correctness=0, completeness=2, hallucination=1))  # wrong
    assert (
        sum(
            is_failure(JudgeScore(correctness=c, completeness=m, hallucination=h))
            for c, m, h in ALL_SCORES
        )
        == 18
    )


@pytest.mark.parametrize(
    "overrides",
    [
        {"correctness": 4},
        {"correctness": -1},
        {"completeness": 3},
        {"hallucination": 2},
        {"hallucination": -1},
        {"correctness": True},
        {"completeness": False},
        {"hallucination": True},
        {"correctness": 2.0},
        {"correctness": "3"},
        {"hallucination": None},
    ],
)
def test_judge_score_rejects(overrides: dict[str, Any]) -> None:
    fields = {"correctness": 2, "completeness": 1, "hallucination": 1} | overrides
    with pytest.raises(ValueError):  # noqa: PT011
        JudgeScore(**fields)


# ---------------------------------------------------------------------------------------------------
# Converter: QAPair JSON

QA_KEY_ORDER = [
    "id",
    "question",
    "answer",
    "category",
    "difficulty",
    "relevantDays",
    "requiresSynthesis",
    "querySession",
    "forbiddenSessions",
    "expectedDisclosure",
    "irrelevantAfter",
]

_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=12)


@st.composite
def qa_pairs(draw: st.DrawFn) -> QAPair:
    category = draw(st.sampled_from(CATEGORIES))
    days = sorted(
        draw(
            st.lists(st.integers(min_value=1, max_value=5000), min_size=1, max_size=5, unique=True)
        )
    )
    forbidden = None
    if category == "information-boundary" or draw(st.booleans()):
        forbidden = draw(st.lists(_text, min_size=1, max_size=3))
    return QAPair(
        id=draw(_text),
        question=draw(_text),
        answer=draw(st.text(max_size=12)),
        category=category,
        difficulty=draw(st.sampled_from(["easy", "medium", "hard"])),
        relevant_days=days,
        requires_synthesis=draw(st.booleans()),
        query_session=draw(st.none() | _text),
        forbidden_sessions=forbidden,
        expected_disclosure=draw(st.none() | st.sampled_from(["refuse", "partial", "answer"])),
        irrelevant_after=draw(
            st.none() | st.integers(min_value=days[-1], max_value=days[-1] + 999)
        ),
    )


def snake_dict(p: QAPair) -> dict[str, Any]:
    """The questions.yaml spelling of a pair, optional keys only when set."""
    out: dict[str, Any] = {
        "id": p.id,
        "question": p.question,
        "answer": p.answer,
        "category": p.category,
        "difficulty": p.difficulty,
        "relevant_days": list(p.relevant_days),
        "requires_synthesis": p.requires_synthesis,
    }
    if p.query_session is not None:
        out["query_session"] = p.query_session
    if p.forbidden_sessions is not None:
        out["forbidden_sessions"] = list(p.forbidden_sessions)
    if p.expected_disclosure is not None:
        out["expected_disclosure"] = p.expected_disclosure
    if p.irrelevant_after is not None:
        out["irrelevant_after"] = p.irrelevant_after
    return out


@given(qa_pairs())
@settings(max_examples=examples(150))
def test_structure_disk_round_trip(p: QAPair) -> None:
    back = structure_disk(snake_dict(p), QAPair)
    assert back == p
    assert dict(back.extra) == {}
    assert back.relevant_days == p.relevant_days
    assert back.forbidden_sessions == p.forbidden_sessions


@given(qa_pairs())
@settings(max_examples=examples(150))
def test_qa_json_keys_and_values(p: QAPair) -> None:
    data = json.loads(dumps_compact(p))
    optional = {
        "querySession": p.query_session,
        "forbiddenSessions": p.forbidden_sessions,
        "expectedDisclosure": p.expected_disclosure,
        "irrelevantAfter": p.irrelevant_after,
    }
    expected_keys = [k for k in QA_KEY_ORDER if optional.get(k, True) is not None]
    assert list(data) == expected_keys
    assert list(to_json(p)) == expected_keys
    assert data["relevantDays"] == list(p.relevant_days)
    assert data["requiresSynthesis"] is p.requires_synthesis
    assert data["id"] == p.id
    assert data["question"] == p.question
    assert data["answer"] == p.answer
    if p.forbidden_sessions is not None:
        assert data["forbiddenSessions"] == list(p.forbidden_sessions)
    if p.irrelevant_after is not None:
        assert data["irrelevantAfter"] == p.irrelevant_after
    assert dumps_pretty(p) == json.dumps(data, indent=2, ensure_ascii=False)
    assert dumps_compact(p) == json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def test_qa_json_example() -> None:
    p = pair(relevant_days=[1, 3], irrelevant_after=5, query_session="principal")
    assert dumps_compact(p) == (
        '{"id":"ea-q001","question":"What is the access code?","answer":"CODE-0001",'
        '"category":"factual-recall","difficulty":"easy","relevantDays":[1,3],'
        '"requiresSynthesis":false,"querySession":"principal","irrelevantAfter":5}'
    )
    full = pair(
        category="information-boundary",
        forbidden_sessions=["room-a"],
        expected_disclosure="refuse",
        irrelevant_after=1,
        query_session="room-b",
        requires_synthesis=True,
    )
    assert list(to_json(full)) == QA_KEY_ORDER


def test_unknown_disk_keys_kept_in_extra_and_written_last() -> None:
    raw = BASE | {
        "key_facts": ["the code"],
        "irrelevant_after": 3,
        "derived_facts": {"x": 1},
        "temporal_scope": "day",
    }
    p = structure_disk(raw, QAPair)
    assert p.irrelevant_after == 3
    assert dict(p.extra) == {
        "key_facts": ["the code"],
        "derived_facts": {"x": 1},
        "temporal_scope": "day",
    }
    assert p == structure_disk(BASE | {"irrelevant_after": 3}, QAPair)  # extra is not identity
    data = to_json(p)
    assert list(data) == [
        "id",
        "question",
        "answer",
        "category",
        "difficulty",
        "relevantDays",
        "requiresSynthesis",
        "irrelevantAfter",
        "keyFacts",
        "derivedFacts",
        "temporalScope",
    ]
    assert data["keyFacts"] == ["the code"]
    assert data["derivedFacts"] == {"x": 1}


_KNOWN_DISK_KEYS = {
    "id",
    "question",
    "answer",
    "category",
    "difficulty",
    "relevant_days",
    "requires_synthesis",
    "query_session",
    "forbidden_sessions",
    "expected_disclosure",
    "irrelevant_after",
    "extra",
}


def _camel(key: str) -> str:
    return re.sub(r"_([a-z])", lambda m: m[1].upper(), key)


@given(
    qa_pairs(),
    st.dictionaries(
        # Letters only after "_": distinct snake keys stay distinct in camelCase.
        st.from_regex(r"[a-z]{1,6}(_[a-z]{1,5}){0,2}", fullmatch=True).filter(
            lambda k: k not in _KNOWN_DISK_KEYS
        ),
        st.integers() | st.text(max_size=5) | st.lists(st.integers(), max_size=3),
        max_size=4,
    ),
)
@settings(max_examples=100)
def test_extra_round_trip_property(p: QAPair, extra: dict[str, Any]) -> None:
    back = structure_disk(snake_dict(p) | extra, QAPair)
    assert back == p
    assert dict(back.extra) == extra
    data = to_json(back)
    known = list(to_json(p))
    assert list(data) == known + [_camel(k) for k in extra]
    for k, v in extra.items():
        assert data[_camel(k)] == v


# ---------------------------------------------------------------------------------------------------
# Converter: numbers, pretty output, RunMetadata


def test_integral_floats_written_as_ints() -> None:
    score = CategoryScore(
        category="factual-recall",
        mean_score=5.0,
        question_count=2,
        scores=(5.0, 2.5, 0.0),
        eligible_count=3,
    )
    assert dumps_compact(score) == (
        '{"category":"factual-recall","meanScore":5,"questionCount":2,"scores":[5,2.5,0],'
        '"eligibleCount":3}'
    )
    cell = HeatmapCell(range="30d", category="synthesis", score=2.5, question_count=4)
    assert dumps_compact(cell) == (
        '{"range":"30d","category":"synthesis","score":2.5,"questionCount":4}'
    )


def test_a_cell_without_questions_has_no_score_and_writes_the_references_zero() -> None:
    from recallbench.results.reading import result_from_json

    empty = HeatmapCell(range="30d", category="synthesis", score=None, question_count=0)
    assert dumps_compact(empty) == (
        '{"range":"30d","category":"synthesis","score":0,"questionCount":0}'
    )
    data = {
        "timestamp": "t",
        "adapterName": "a",
        "ranges": [{"label": "30d", "days": 30}],
        "personas": [],
        "heatmap": [
            json.loads(dumps_compact(empty)),
            {"range": "30d", "category": "factual-recall", "score": 0, "questionCount": 2},
        ],
        "metadata": {"durationMs": 1, "totalEvalsRun": 0, "uniqueQAPairCount": 0},
    }
    cells = result_from_json(data).heatmap
    assert cells[0].score is None  # read back: no data
    assert cells[1].score == 0  # two questions that scored 0 are a real 0


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e15, max_value=1e15))
def test_float_fields_property(x: float) -> None:
    cell = HeatmapCell(range="r", category="synthesis", score=x, question_count=1, eligible_count=2)
    text = dumps_compact(cell)
    value = json.loads(text)["score"]
    assert value == x
    if x.is_integer():
        assert isinstance(value, int)
        assert f'"score":{int(x)},' in text
    else:
        assert isinstance(value, float)


def test_int_in_float_field_is_written() -> None:
    # Durations and means are often whole numbers computed as ints; Python accepts an int where a
    # float is annotated, and the writer must too (``int.is_integer`` only exists from Python 3.12).
    meta = RunMetadata(duration_ms=1234, total_evals_run=3, unique_qa_pair_count=2)
    assert dumps_compact(meta) == (
        '{"durationMs":1234,"totalEvalsRun":3,"uniqueQAPairCount":2,"groupsEnabled":false}'
    )
    score = CategoryScore(
        category="synthesis", mean_score=5, question_count=1, scores=(5,), eligible_count=1
    )
    assert dumps_compact(score) == (
        '{"category":"synthesis","meanScore":5,"questionCount":1,"scores":[5],"eligibleCount":1}'
    )


def test_run_metadata_key_order() -> None:
    full = RunMetadata(
        duration_ms=1234.0,
        total_evals_run=300,
        unique_qa_pair_count=150,
        sample=50,
        judge_memory_window=3,
        groups_enabled=True,
        synthesis_model="syn",
        embedding_provider="emb-p",
        embedding_model="emb-m",
        judge_model="azure:gpt-5.4-mini",
        appellate_judge_model="azure:gpt-5.4",
        appellate_invocations=7,
    )
    assert list(to_json(full)) == [
        "durationMs",
        "totalEvalsRun",
        "uniqueQAPairCount",
        "sample",
        "judgeMemoryWindow",
        "groupsEnabled",
        "synthesisModel",
        "embeddingProvider",
        "embeddingModel",
        "judgeModel",
        "appellateJudgeModel",
        "appellateInvocations",
    ]
    assert json.loads(dumps_compact(full))["durationMs"] == 1234
    assert '"durationMs":1234,' in dumps_compact(full)
    minimal = RunMetadata(
        duration_ms=10.5, total_evals_run=0, unique_qa_pair_count=0, judge_model="stub"
    )
    assert dumps_compact(minimal) == (
        '{"durationMs":10.5,"totalEvalsRun":0,"uniqueQAPairCount":0,"groupsEnabled":false,'
        '"judgeModel":"stub"}'
    )
    sampled = RunMetadata(
        duration_ms=1.0,
        total_evals_run=1,
        unique_qa_pair_count=1,
        sample=0,
        appellate_invocations=0,
    )
    assert list(to_json(sampled)) == [
        "durationMs",
        "totalEvalsRun",
        "uniqueQAPairCount",
        "sample",
        "groupsEnabled",
        "appellateInvocations",
    ]


def test_dumps_pretty_format() -> None:
    p = pair(question="Qu'a dit Zoë à 東京? ✓", answer="naïve — “quoted”")
    text = dumps_pretty(p)
    assert not text.endswith("\n")
    assert text.endswith("}")
    assert "Zoë à 東京? ✓" in text
    assert "naïve — “quoted”" in text
    assert "\\u" not in text
    assert text.startswith('{\n  "id": "ea-q001",\n  "question": ')
    assert json.loads(text) == to_json(p) | {"relevantDays": [1]}
    compact = dumps_compact(p)
    assert "\n" not in compact
    assert ", " not in compact
    assert '": ' not in compact
    assert "東京" in compact


# ---------------------------------------------------------------------------------------------------
# split_sessions (reference §1.4)


def test_split_sessions_reference_shape() -> None:
    content = (
        "---\ntype: daily\n---\n\n"
        "# session: principal\n\n### Topic\nThe code is CODE-0001.\n\n"
        "# session: eng-room\n\n- item one\n- item two\n\n"
    )
    assert split_sessions(content) == {
        "principal": "### Topic\nThe code is CODE-0001.",
        "eng-room": "- item one\n- item two",
    }


def test_split_sessions_rules() -> None:
    assert split_sessions("") == {}
    assert split_sessions("---\ntype: daily\n---\nno headings here\n") == {}
    assert split_sessions("just text\n## session: x\n") == {}
    # Text before the first heading belongs to no session.
    assert split_sessions("preamble\nmore\n# session: a\nbody\n") == {"a": "body"}
    # Bodies trimmed; trailing spaces after the id allowed; an empty body is "".
    assert split_sessions("# session: a   \n\n  x  \n\n# session:b\n# session: c\n\n") == {
        "a": "x",
        "b": "",
        "c": "",
    }
    # A repeated heading keeps its last body.
    assert split_sessions("# session: a\none\n# session: a\ntwo\n") == {"a": "two"}
    # Only leading front matter is stripped.
    assert split_sessions("# session: a\nx\n---\ny\n---\nz") == {"a": "x\n---\ny\n---\nz"}


_body_chars = st.sampled_from([*list("abcxyz019 .,:;-*>#\n\t\"'"), "é", "東"])
_session_ids = st.from_regex(r"[a-z0-9@_][a-z0-9@_.-]{0,10}", fullmatch=True)
_HEADING = re.compile(r"^# session:", re.MULTILINE)


@given(
    st.dictionaries(_session_ids, st.text(_body_chars, max_size=60), max_size=5),
    st.text(st.sampled_from(list("abc xyz\n.")), max_size=30),
    st.booleans(),
)
@settings(max_examples=examples(150))
def test_split_sessions_round_trip(bodies: dict[str, str], preamble: str, front: bool) -> None:
    if any(_HEADING.search(b) for b in bodies.values()):
        bodies = {k: _HEADING.sub("#session", b) for k, b in bodies.items()}
    parts = ["---\ntype: daily\n---\n\n" if front else "", preamble]
    if preamble and not preamble.endswith("\n"):
        parts.append("\n")
    for sid, body in bodies.items():
        parts.append(f"# session: {sid}\n\n{body}\n\n")
    content = "".join(parts)
    assert split_sessions(content) == {sid: body.strip() for sid, body in bodies.items()}
    assert list(split_sessions(content)) == list(bodies)


# ---------------------------------------------------------------------------------------------------
# Epoch dates


@pytest.mark.parametrize(
    ("epoch", "day", "date"),
    [
        ("2024-01-01", 1, "2024-01-01"),
        ("2024-01-01", 32, "2024-02-01"),
        ("2024-02-28", 2, "2024-02-29"),
        ("2023-02-28", 2, "2023-03-01"),
        ("2024-12-31", 2, "2025-01-01"),
        ("2024-01-01", 366, "2024-12-31"),
        ("2024-03-30", 2, "2024-03-31"),  # no DST drift: pure date arithmetic
    ],
)
def test_day_date(epoch: str, day: int, date: str) -> None:
    assert day_date(epoch, day) == date


@given(st.dates(), st.integers(min_value=1, max_value=2000))
def test_day_date_property(epoch: Any, day: int) -> None:
    import datetime as dt

    try:
        expected = (epoch + dt.timedelta(days=day - 1)).isoformat()
    except OverflowError:
        return
    assert day_date(epoch.isoformat(), day) == expected
    if day > 1:
        assert day_date(epoch.isoformat(), day) > day_date(epoch.isoformat(), day - 1)


def test_a_pair_is_converted_once_and_forgotten_with_it() -> None:
    import gc

    def pair(n: int) -> QAPair:
        return QAPair(
            id=f"p-q{n:03d}",
            question=f"Question {n}?",
            answer=f"Answer {n}.",
            category="factual-recall",
            difficulty="easy",
            relevant_days=(n,),
            extra={"key_facts": [f"fact {n}"]},
        )

    first = pair(1)
    once = to_json(first)
    again = to_json(first)
    assert once == again and once is not again  # each caller gets its own mapping
    again["question"] = "changed"
    assert to_json(first)["question"] == "Question 1?"
    # Objects made and dropped one after another reuse addresses: each is converted as itself.
    for n in range(2, 40):  # a full collection per object: a few dozen show the reuse
        converted = to_json(pair(n))
        assert converted["id"] == f"p-q{n:03d}" and converted["keyFacts"] == [f"fact {n}"]
        gc.collect()
