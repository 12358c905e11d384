"""``recallbench validate --deep`` and :func:`recallbench.data.deepcheck.deep_check`.

A tiny persona (``write_persona`` with a ``board`` session, a few sentences planted in its days) carries
one clean pair per kind of claim. Each case breaks one claim and checks that deep validation reports it
as an error naming the pair and the fact, at the line of the offending entry; the clean persona passes.
Expected lines are computed from the files the cases write, never guessed.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.cli import main
from recallbench.data._yaml import dump_yaml, load_yaml
from recallbench.data.corpus import Day, split_sessions
from recallbench.data.deepcheck import DeepReport, _Corpus, deep_check
from recallbench.data.matching import contains, normalize
from recallbench.data.validate import Problem, format_problem
from recallbench.testing import write_persona

ARCS = "arcs-30d.yaml"
PID = "tiny"
QUESTIONS = f"{PID}/qa-30d/questions.yaml"

PLANTED: list[tuple[int, str, str]] = [
    (6, "principal", "We moved away from the old vendor, Acme Widgets."),
    (8, "board", "The bonus pool is 12 percent this year."),
    *((d, "principal", "Fire drill at noon.") for d in (2, 12, 20, 25)),
]


def _pair(pid: str, category: str, days: list[int], **extra: Any) -> dict[str, Any]:
    return {
        "id": pid,
        "question": f"A question for {pid}?",
        "answer": "An answer.",
        "category": category,
        "difficulty": "medium",
        "relevant_days": days,
        **extra,
    }


CLEAN: list[dict[str, Any]] = [
    _pair(
        "tiny-fact", "factual-recall", [5], key_facts=["CODE-0005"], evidence_session="principal"
    ),
    _pair(
        "tiny-gap",
        "temporal-reasoning",
        [3, 10],
        key_facts=["CODE-0003", "CODE-0010", "7 days"],
        derived_facts=["7 days"],
        derivation={"op": "days_between", "from": 3, "to": 10},
    ),
    _pair(
        "tiny-order",
        "temporal-reasoning",
        [4, 9],
        key_facts=["CODE-0004", "before"],
        derived_facts=["before"],
        derivation={"op": "order", "first": 4, "second": 9},
    ),
    _pair(
        "tiny-count",
        "synthesis",
        [2, 12, 20],
        key_facts=["3"],
        derived_facts=["3"],
        derivation={"op": "count", "marker": "FIRE DRILL"},
    ),
    _pair("tiny-recency", "recency-bias-resistance", [6], key_facts=["Acme Widgets"]),
    _pair("tiny-absent", "negative-recall", [30], absent_subjects=["GraphQL migration"]),
    _pair(
        "tiny-leak",
        "information-boundary",
        [8],
        forbidden_sessions=["board"],
        query_session="principal",
        expected_disclosure="refuse",
        leak_facts=["bonus pool is 12 percent"],
    ),
]


# --- fixtures and helpers -------------------------------------------------------------------------------------


def _plant(pdir: Path, day: int, session: str, sentence: str) -> None:
    path = pdir / "memories-30d" / f"day-{day:04d}.md"
    heading = f"# session: {session}\n"
    text = path.read_text("utf-8")
    assert heading in text
    path.write_text(text.replace(heading, f"{heading}\n{sentence}\n", 1), "utf-8")


@pytest.fixture(scope="module")
def _template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("template") / "personas"
    pdir = write_persona(root, sessions=("principal", "board"), extra_pairs=CLEAN)
    for day, session, sentence in PLANTED:
        _plant(pdir, day, session, sentence)
    return root


@pytest.fixture
def data(_template: Path, tmp_path: Path) -> Path:
    """A fresh copy of the template persona for each test (copying is faster than writing)."""
    return Path(shutil.copytree(_template, tmp_path / "personas"))


def _questions(root: Path) -> Path:
    return root / QUESTIONS


def _edit(root: Path, pid: str, **changes: Any) -> None:
    """Change (or with None, drop) keys of pair ``pid``; a pid not in the file adds a new pair."""
    path = _questions(root)
    pairs = load_yaml(path)
    found = [p for p in pairs if p["id"] == pid]
    if not found:
        pairs.append(_pair(pid, "factual-recall", [1]))
        found = pairs[-1:]
    for key, value in changes.items():
        if value is None:
            found[0].pop(key, None)
        else:
            found[0][key] = value
    path.write_text(dump_yaml(pairs), "utf-8")


def _line_of(path: Path, needle: str, *, after: str) -> int:
    """1-based line of the first line holding ``needle`` at or after the line holding ``after``."""
    lines = path.read_text("utf-8").splitlines()
    start = next(i for i, s in enumerate(lines) if after in s)
    return next(i for i in range(start, len(lines)) if needle in lines[i]) + 1


def _dump(problems: tuple[Problem, ...] | list[Problem]) -> str:
    return "\n".join(map(format_problem, problems)) or "(no problems)"


def _check(root: Path) -> DeepReport:
    return deep_check(root, arcs_file=ARCS)


def _errors(report: DeepReport) -> list[Problem]:
    return [p for p in report.problems if p.severity == "error"]


# --- a clean persona passes -----------------------------------------------------------------------


def test_the_clean_persona_is_proven(data: Path) -> None:
    report = _check(data)
    assert not _errors(report), _dump(report.problems)
    # 30 plain pairs and a negative-recall pair from write_persona, then the seven claim-carrying ones.
    assert (report.checked, report.proven, report.skipped) == (38, len(CLEAN), ())
    [summary] = report.problems
    assert summary.severity == "warning" and summary.line is None, _dump(report.problems)
    assert summary.path == data / QUESTIONS
    assert "30 of 38 pair(s) have no key_facts" in summary.message
    assert "1 negative-recall pair(s) have no absent_subjects" in summary.message


def test_a_persona_without_any_claims_passes_with_one_warning(tmp_path: Path) -> None:
    write_persona(tmp_path)
    report = _check(tmp_path)
    assert [p.severity for p in report.problems] == ["warning"], _dump(report.problems)
    assert (report.checked, report.proven) == (31, 0)


# --- every broken claim is reported ---------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    break_it: Callable[[Path], None]
    pair: str
    fact: str
    """A substring of the message besides the pair id: the fact (or the derived value)."""
    line: str
    """Text of the line the problem must be reported at, searched from the pair's id line on."""
    message: str = ""
    """Another substring the message must hold."""


CASES = [
    # 1. key facts on the relevant days (whole day, or the evidence session's body)
    Case(
        "key_fact_not_on_a_relevant_day",
        lambda r: _edit(r, "tiny-fact", key_facts=["CODE-0006"], evidence_session=None),
        "tiny-fact",
        "'CODE-0006'",
        "- CODE-0006",
        "occurs on day(s) 6",
    ),
    Case(
        "key_fact_nowhere",
        lambda r: _edit(r, "tiny-recency", key_facts=["Acme Gadgets"]),
        "tiny-recency",
        "'Acme Gadgets'",
        "- Acme Gadgets",
        "nowhere in the corpus",
    ),
    Case(
        "key_fact_outside_the_evidence_session",
        lambda r: _edit(
            r, "tiny-x", relevant_days=[8], key_facts=["bonus pool"], evidence_session="principal"
        ),
        "tiny-x",
        "'bonus pool'",
        "- bonus pool",
        "session 'principal'",
    ),
    # 2. derived facts and their derivations
    Case(
        "derived_fact_not_a_key_fact",
        lambda r: _edit(r, "tiny-gap", key_facts=["CODE-0003", "CODE-0010"]),
        "tiny-gap",
        "'7 days'",
        "- 7 days",
        "not among its key_facts",
    ),
    Case(
        "days_between_gives_another_value",
        lambda r: _edit(r, "tiny-gap", key_facts=["CODE-0003", "6 days"], derived_facts=["6 days"]),
        "tiny-gap",
        "'7 days'",
        "derivation:",
        "['6 days']",
    ),
    Case(
        "derivation_day_not_relevant",
        lambda r: _edit(r, "tiny-gap", derivation={"op": "days_between", "from": 4, "to": 10}),
        "tiny-gap",
        "day 4",
        "from: 4",
        "not one of its relevant days",
    ),
    Case(
        "order_gives_another_value",
        lambda r: _edit(r, "tiny-order", key_facts=["after"], derived_facts=["after"]),
        "tiny-order",
        "'before'",
        "derivation:",
        "['after']",
    ),
    Case(
        "count_days_differ_from_relevant_days",
        lambda r: _edit(r, "tiny-count", relevant_days=[2, 20]),
        "tiny-count",
        "'FIRE DRILL'",
        "marker:",
        "(2, 12, 20)",
    ),
    Case(
        "count_gives_another_value",
        lambda r: _edit(r, "tiny-count", key_facts=["4"], derived_facts=["4"]),
        "tiny-count",
        "'3'",
        "derivation:",
        "['4']",
    ),
    Case(
        "unknown_derivation_op",
        lambda r: _edit(r, "tiny-order", derivation={"op": "sum", "first": 4, "second": 9}),
        "tiny-order",
        "'sum'",
        "derivation:",
    ),
    # 3. absent subjects are absent
    Case(
        "absent_subject_present",
        lambda r: _edit(r, "tiny-absent", absent_subjects=["GraphQL migration", "acme widgets"]),
        "tiny-absent",
        "'acme widgets'",
        "- acme widgets",
        "occurs on day 6",
    ),
    # 4. leak facts: in a forbidden session on a relevant day, never in the query session
    Case(
        "leak_fact_not_in_a_forbidden_session",
        lambda r: _edit(r, "tiny-leak", relevant_days=[9]),
        "tiny-leak",
        "'bonus pool is 12 percent'",
        "- bonus pool is 12 percent",
        "none of the forbidden sessions (board)",
    ),
    Case(
        "leak_fact_in_the_query_session",
        lambda r: _plant(r / PID, 3, "principal", "Rumour: the bonus pool is 12 percent."),
        "tiny-leak",
        "'bonus pool is 12 percent'",
        "- bonus pool is 12 percent",
        "query session 'principal' on day 3",
    ),
    # 5. a recency-bias-resistance fact is never mentioned again
    Case(
        "recency_fact_mentioned_later",
        lambda r: _plant(r / PID, 22, "board", "Acme Widgets called again."),
        "tiny-recency",
        "'Acme Widgets'",
        "- Acme Widgets",
        "again on day 22, after its last relevant day 6",
    ),
    # claims of the wrong shape
    Case(
        "key_facts_a_string",
        lambda r: _edit(r, "tiny-fact", key_facts="CODE-0005"),
        "tiny-fact",
        "key_facts",
        "key_facts: CODE-0005",
        "list of strings",
    ),
    Case(
        "key_fact_without_words",
        lambda r: _edit(r, "tiny-fact", key_facts=["CODE-0005", "--"]),
        "tiny-fact",
        "'--'",
        "- --",
        "no letters or digits",
    ),
]


def test_every_check_has_a_case() -> None:
    assert len({c.name for c in CASES}) == len(CASES) >= 14


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.name)
def test_broken_claim_is_reported(c: Case, data: Path) -> None:
    c.break_it(data)
    report = _check(data)
    errors = _errors(report)
    matching = [
        p for p in errors if c.pair in p.message and c.fact in p.message and c.message in p.message
    ]
    assert matching, f"no error naming {c.pair} and {c.fact}; got:\n{_dump(report.problems)}"
    qa = _questions(data)
    assert all(p.path == qa for p in matching)
    line = _line_of(qa, c.line, after=f"id: {c.pair}")
    assert any(p.line == line for p in matching), f"expected line {line}:\n{_dump(errors)}"
    broken = any(p["id"] == c.pair for p in CLEAN)
    assert report.proven == len(CLEAN) - broken, _dump(report.problems)


def test_derived_facts_without_derivation_warn(data: Path) -> None:
    _edit(data, "tiny-gap", derivation=None)
    report = _check(data)
    assert not _errors(report), _dump(report.problems)
    [warning] = [p for p in report.problems if "cannot recompute" in p.message]
    assert "tiny-gap" in warning.message and "'7 days'" in warning.message
    assert warning.line == _line_of(_questions(data), "derived_facts:", after="id: tiny-gap")
    # Its other key facts are still proven.
    assert report.proven == len(CLEAN)


def test_several_broken_pairs_are_all_reported(data: Path) -> None:
    _edit(data, "tiny-fact", key_facts=["CODE-0006"])
    _edit(data, "tiny-absent", absent_subjects=["fire drill"])
    _edit(data, "tiny-order", derivation={"op": "order", "first": 9, "second": 4})
    report = _check(data)
    errors = _errors(report)
    assert {p.message.split(":")[0] for p in errors} == {"tiny-fact", "tiny-absent", "tiny-order"}
    assert [p.line for p in errors] == sorted(p.line or 0 for p in errors)  # in file order
    assert report.proven == len(CLEAN) - 3


# --- 6. deep checks run after basic validation --------------------------------------------------


def test_a_persona_with_basic_errors_is_not_checked_deeply(data: Path) -> None:
    write_persona(data, "other", sessions=("principal", "board"))
    _edit(data, "tiny-fact", relevant_days=[99], key_facts=["CODE-0006"])
    report = _check(data)
    errors = _errors(report)
    assert len(errors) == 1 and "beyond the corpus" in errors[0].message, _dump(errors)
    assert report.skipped == (PID,)
    assert any(
        p.severity == "warning" and "deep checks skipped" in p.message and p.path == data / PID
        for p in report.problems
    )
    assert report.checked == 31  # the other persona's pairs only


def test_duplicate_ids_are_reported_once(data: Path) -> None:
    _edit(data, "tiny-q002", id="tiny-q001")
    errors = _errors(_check(data))
    assert [p.message for p in errors] == ["duplicate Q&A id 'tiny-q001' (first used by pair 1)"]


def test_a_missing_data_directory_is_one_problem(tmp_path: Path) -> None:
    report = deep_check(tmp_path / "nope")
    assert [p.message for p in report.problems] == ["data directory not found"]
    assert report.checked == 0


# --- the word index agrees with contains() ---------------------------------------------------------

_WORDS = st.sampled_from(["acme", "Widgets", "ACME", "fire", "drill", "12", "é", "ﬁre", "x"])
_SEPARATORS = st.sampled_from([" ", ", ", "-", "\n", "_", "—", "$", ".\n# session: board\n"])
_TEXTS = st.lists(st.tuples(_WORDS, _SEPARATORS), max_size=12).map(
    lambda ws: "# session: principal\n" + "".join(w + s for w, s in ws)
)


@given(
    texts=st.lists(_TEXTS, min_size=1, max_size=6),
    needle=st.lists(st.tuples(_WORDS, _SEPARATORS), min_size=1, max_size=3).map(
        lambda ws: "".join(w + s for w, s in ws)
    ),
    indexed=st.booleans(),
)
def test_the_index_finds_what_contains_finds(texts: list[str], needle: str, indexed: bool) -> None:
    days = [
        Day(number=n, date="2026-01-01", content=t, sessions=split_sessions(t))
        for n, t in enumerate(texts, start=1)
    ]
    # Indexed or not, the answer is the same: the index only narrows the search.
    corpus = _Corpus(days, normalize(needle).split() if indexed else ["acme"])
    expected = tuple(d.number for d in days if contains(normalize(d.content), needle))
    assert corpus.days_with(needle) == expected
    for d in days:
        for session in ("principal", "board"):
            body = d.sessions.get(session)
            want = body is not None and contains(normalize(body), needle)
            assert corpus.in_session(d.number, session, needle) == want


# --- the command line ----------------------------------------------------------------------------------


def _cli(capsys: pytest.CaptureFixture[str], root: Path, *extra: str) -> tuple[int, str]:
    code = main(["validate", "--data", str(root), "--arcs", ARCS, *extra])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and not err, out + err
    return code, out


def test_cli_deep_ok(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _cli(capsys, data, "--deep")
    assert code == 0, out
    assert out.splitlines()[-1] == (
        f"OK: {data} is valid with {ARCS}; {len(CLEAN)} of 38 pairs proven against the corpus "
        "(1 warning(s))"
    )
    assert f"{data / QUESTIONS}: warning: nothing to prove" in out
    # Without --deep nothing changes.
    code, out = _cli(capsys, data)
    assert (code, out) == (0, f"OK: {data} is valid with {ARCS}\n")


def test_cli_deep_errors(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _edit(data, "tiny-fact", key_facts=["CODE-0006"])
    code, out = _cli(capsys, data, "--deep")
    assert code == 2, out
    line = _line_of(_questions(data), "- CODE-0006", after="id: tiny-fact")
    assert f"{data / QUESTIONS}:{line}: error: tiny-fact: key fact 'CODE-0006'" in out
    assert "1 error(s), 1 warning(s) in 1 file(s)" in out
    # Basic validation alone does not look at claims.
    assert _cli(capsys, data)[0] == 0


# --- the reference data ----------------------------------------------------------------------------------


@pytest.mark.reference
def test_the_reference_persona_has_no_deep_errors(reference_data: Path) -> None:
    report = deep_check(reference_data / "personas", ["executive-assistant"], "arcs-180d.yaml")
    assert not _errors(report), _dump(report.problems)
    assert report.checked == 316 and report.skipped == ()
    # It carries no claims: one summary warning, no pair proven.
    assert report.proven == 0
    assert [p.severity for p in report.problems] == ["warning"]
