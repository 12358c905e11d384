"""``recallbench validate`` and :func:`recallbench.data.validate.validate_dataset`.

Each case corrupts a fresh copy of the tiny persona (``tests/conftest.py``) in one way and checks that the
problem is reported as an error naming the file (and the line, where there is one), that the command
exits 2 without a traceback, and, for a sample, that the loader fails with a ``DatasetError`` naming the
same file. Expected lines are computed from the files the cases write, never guessed.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import recallbench
from recallbench.cli import main
from recallbench.data._yaml import dump_yaml, load_yaml
from recallbench.data.validate import Problem, format_problem, validate_dataset
from recallbench.errors import ConfigError, DatasetError
from recallbench.testing import write_persona

ARCS = "arcs-30d.yaml"
PID = "tiny"
PERSONA_FILE = f"{PID}/persona.yaml"
ARCS_PATH = f"{PID}/{ARCS}"
MEMORIES = f"{PID}/memories-30d"
QA_DIR = f"{PID}/qa-30d"
QUESTIONS = f"{QA_DIR}/questions.yaml"


# --- fixtures and helpers -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def _tiny_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("template") / "personas"
    write_persona(root)
    return root


@pytest.fixture
def tiny_data(_tiny_template: Path, tmp_path: Path) -> Path:
    """Overrides the conftest fixture with the same dataset (``write_persona(root)``), written once
    per module and copied for each test: copying is much faster than writing it afresh."""
    return Path(shutil.copytree(_tiny_template, tmp_path / "personas"))


def _qid(n: int) -> str:
    return f"id: {PID}-q{n:03d}"


def _line_of(path: Path, needle: str, *, after: str | None = None) -> int:
    """1-based line of the first line containing ``needle`` at or after the first line containing
    ``after``."""
    lines = path.read_text("utf-8").splitlines()
    start = 0 if after is None else next(i for i, s in enumerate(lines) if after in s)
    return next(i for i in range(start, len(lines)) if needle in lines[i]) + 1


def _replace(path: Path, old: str, new: str, *, within: str | None = None) -> None:
    """Replace the one occurrence of ``old`` in ``path`` (inside the list item whose first line holds
    ``within``, when given: a Q&A pair or an arc)."""
    text = path.read_text("utf-8")
    start, end = 0, len(text)
    if within is not None:
        start = text.index(within)
        following = text.find("\n  - ", start)
        end = len(text) if following == -1 else following + 1
    segment = text[start:end]
    assert segment.count(old) == 1, f"{old!r} is not unique in the edited part of {path}"
    path.write_text(text[:start] + segment.replace(old, new) + text[end:], "utf-8")


def _edit_pair(pdir: Path, n: int, old: str, new: str) -> Path:
    qa = pdir / "qa-30d" / "questions.yaml"
    _replace(qa, old, new, within=_qid(n))
    return qa


def _break_utf8(path: Path, marker: str) -> int:
    """Replace the first byte after ``marker``'s first character with 0xff; return its line."""
    text = path.read_text("utf-8")
    at = text.index(marker)
    data = text.encode("utf-8").replace(marker.encode(), marker[0].encode() + b"\xff", 1)
    path.write_bytes(data)
    return text.count("\n", 0, at) + 1


def _names(p: Problem, rel: str) -> bool:
    return p.path.as_posix().endswith("/" + rel)


def _dump(problems: list[Problem]) -> str:
    return "\n".join(map(format_problem, problems)) or "(no problems)"


def _validate(root: Path, personas: list[str] | None = None) -> list[Problem]:
    try:
        return validate_dataset(root, personas, arcs_file=ARCS)
    except Exception as exc:  # a crash must be a failure of its own, with its cause shown
        pytest.fail(
            f"validate_dataset raised {type(exc).__name__}: {exc} (it must report a Problem instead)"
        )


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["validate", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err, out + err
    return code, out, err


# --- the corruptions -------------------------------------------------------------------------------


Mutator = Callable[[Path], int | None]


@dataclass(frozen=True)
class Case:
    name: str
    mutate: Mutator
    """Corrupts the persona directory; returns the line the problem must be reported at, if any."""
    file: str
    """The file (relative to the data directory) the problem must name."""
    message: str
    """A substring of the problem's message."""


CASES: list[Case] = []


def case(file: str, message: str) -> Callable[[Mutator], Mutator]:
    def register(fn: Mutator) -> Mutator:
        CASES.append(Case(fn.__name__.lstrip("_"), fn, file, message))
        return fn

    return register


# Missing and unreadable files.


@case(PERSONA_FILE, "file not found")
def _persona_yaml_missing(pdir: Path) -> None:
    (pdir / "persona.yaml").unlink()


@case(ARCS_PATH, "file not found")
def _arcs_file_missing(pdir: Path) -> None:
    (pdir / ARCS).unlink()


@case(MEMORIES, "memories directory not found")
def _memories_dir_missing(pdir: Path) -> None:
    for f in (pdir / "memories-30d").iterdir():
        f.unlink()
    (pdir / "memories-30d").rmdir()


@case(QA_DIR, "questions directory not found")
def _qa_dir_missing(pdir: Path) -> None:
    (pdir / "qa-30d" / "questions.yaml").unlink()
    (pdir / "qa-30d").rmdir()


@case(QUESTIONS, "file not found")
def _questions_yaml_missing(pdir: Path) -> None:
    (pdir / "qa-30d" / "questions.yaml").unlink()


@case(PERSONA_FILE, "directory")
def _persona_yaml_is_a_directory(pdir: Path) -> None:
    (pdir / "persona.yaml").unlink()
    (pdir / "persona.yaml").mkdir()


@case(QUESTIONS, "directory")
def _questions_yaml_is_a_directory(pdir: Path) -> None:
    (pdir / "qa-30d" / "questions.yaml").unlink()
    (pdir / "qa-30d" / "questions.yaml").mkdir()


@case(f"{MEMORIES}/day-0005.md", "directory")
def _day_file_is_a_directory(pdir: Path) -> None:
    # Well named but unreadable: it must not be reported as "misnamed".
    (pdir / "memories-30d" / "day-0005.md").unlink()
    (pdir / "memories-30d" / "day-0005.md").mkdir()


@case(MEMORIES, "no day logs")
def _no_day_logs(pdir: Path) -> None:
    for f in (pdir / "memories-30d").iterdir():
        f.unlink()


# YAML syntax and encoding.


@case(PERSONA_FILE, "YAML syntax error")
def _yaml_syntax_error_in_persona(pdir: Path) -> int:
    path = pdir / "persona.yaml"
    _replace(path, "role: AI assistant for a test principal", "role: AI assistant: oops")
    return _line_of(path, "role: AI assistant: oops")


@case(ARCS_PATH, "YAML syntax error")
def _yaml_syntax_error_in_arcs(pdir: Path) -> int:
    path = pdir / ARCS
    _replace(path, "title: Daily access codes", "title: Daily: access codes")
    return _line_of(path, "title: Daily: access codes")


@case(QUESTIONS, "YAML syntax error")
def _yaml_syntax_error_in_questions(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "answer: CODE-0005", "answer: CODE: 0005")
    return _line_of(qa, "answer: CODE: 0005")


@case(QUESTIONS, "YAML syntax error")
def _tab_indentation_in_questions(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "    answer: CODE-0005", "\tanswer: CODE-0005")
    return _line_of(qa, "\tanswer: CODE-0005")


@case(f"{MEMORIES}/day-0003.md", "not UTF-8")
def _non_utf8_day_file(pdir: Path) -> int:
    return _break_utf8(pdir / "memories-30d" / "day-0003.md", "CODE-0003")


@case(QUESTIONS, "not UTF-8")
def _non_utf8_questions(pdir: Path) -> int:
    return _break_utf8(pdir / "qa-30d" / "questions.yaml", "CODE-0005")


@case(PERSONA_FILE, "not UTF-8")
def _non_utf8_persona(pdir: Path) -> int:
    return _break_utf8(pdir / "persona.yaml", "Example Co")


# Top-level shapes and empty files.


@case(QUESTIONS, "expected a list of Q&A pairs")
def _questions_top_level_mapping(pdir: Path) -> int:
    qa = pdir / "qa-30d" / "questions.yaml"
    qa.write_text(dump_yaml({"questions": load_yaml(qa)}), "utf-8")
    return 1


@case(PERSONA_FILE, "expected a mapping")
def _persona_top_level_list(pdir: Path) -> int:
    (pdir / "persona.yaml").write_text("- id: tiny\n- name: Tess\n", "utf-8")
    return 1


@case(QUESTIONS, "empty")
def _empty_questions(pdir: Path) -> None:
    (pdir / "qa-30d" / "questions.yaml").write_text("", "utf-8")


@case(QUESTIONS, "empty")
def _comment_only_questions(pdir: Path) -> None:
    (pdir / "qa-30d" / "questions.yaml").write_text("# no questions yet\n", "utf-8")


@case(PERSONA_FILE, "empty")
def _empty_persona(pdir: Path) -> None:
    (pdir / "persona.yaml").write_text("", "utf-8")


# Q&A pairs.


@case(QUESTIONS, "missing required key 'answer'")
def _pair_missing_answer(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "    answer: CODE-0005\n", "")
    return _line_of(qa, _qid(5))


@case(QUESTIONS, "'anwser'")
def _pair_key_misspelled(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "answer: CODE-0005", "anwser: CODE-0005")
    return _line_of(qa, _qid(5))


@case(QUESTIONS, "should be a mapping")
def _pair_not_a_mapping(pdir: Path) -> int:
    qa = pdir / "qa-30d" / "questions.yaml"
    _replace(qa, f"  - {_qid(5)}\n", f"  - just a sentence\n  - {_qid(5)}\n")
    return _line_of(qa, "- just a sentence")


@case(QUESTIONS, "expected a list")
def _relevant_days_a_string(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "    relevant_days:\n      - 5\n", "    relevant_days: '5'\n")
    return _line_of(qa, "relevant_days: '5'")


@case(QUESTIONS, "expected a whole number")
def _relevant_day_not_an_integer(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "      - 5\n", "      - 4\n      - five\n")
    return _line_of(qa, "- five")


@case(QUESTIONS, "extreme")
def _difficulty_extreme(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "difficulty: easy", "difficulty: extreme")
    return _line_of(qa, "difficulty: extreme")


@case(QUESTIONS, "trivia")
def _category_trivia(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "category: factual-recall", "category: trivia")
    return _line_of(qa, "category: trivia")


@case(QUESTIONS, "duplicate Q&A id 'tiny-q005'")
def _duplicate_id(pdir: Path) -> int:
    qa = _edit_pair(pdir, 6, _qid(6), _qid(5))
    return _line_of(qa, _qid(5), after="answer: CODE-0005")


@case(QUESTIONS, "sorted")
def _relevant_days_unsorted(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "      - 5\n", "      - 7\n      - 5\n")
    return _line_of(qa, "relevant_days:", after=_qid(5))


@case(QUESTIONS, "beyond the corpus")
def _relevant_day_beyond_corpus(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "      - 5\n", "      - 99\n")
    return _line_of(qa, "relevant_days:", after=_qid(5))


@case(QUESTIONS, "at least one day")
def _relevant_days_empty(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "    relevant_days:\n      - 5\n", "    relevant_days: []\n")
    return _line_of(qa, "relevant_days: []")


@case(QUESTIONS, "positive integer")
def _relevant_day_zero(pdir: Path) -> None:
    _edit_pair(pdir, 5, "      - 5\n", "      - 0\n")


@case(QUESTIONS, "irrelevant_after 1 is before the last relevant day 5")
def _irrelevant_after_before_last_day(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "      - 5\n", "      - 5\n    irrelevant_after: 1\n")
    return _line_of(qa, "irrelevant_after: 1")


@case(QUESTIONS, "forbidden_sessions")
def _information_boundary_without_forbidden_sessions(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "category: factual-recall", "category: information-boundary")
    return _line_of(qa, _qid(5))


@case(QUESTIONS, "true or false")
def _requires_synthesis_not_boolean(pdir: Path) -> int:
    qa = _edit_pair(pdir, 5, "requires_synthesis: false", "requires_synthesis: maybe")
    return _line_of(qa, "requires_synthesis: maybe")


@case(QUESTIONS, "expected a list of strings")
def _forbidden_sessions_a_number(pdir: Path) -> int:
    qa = _edit_pair(
        pdir, 5, "answer: CODE-0005\n", "answer: CODE-0005\n    forbidden_sessions: 5\n"
    )
    return _line_of(qa, "forbidden_sessions: 5")


# Day files.


@case(f"{MEMORIES}/day-7.md", "misnamed day file")
def _misnamed_day_file(pdir: Path) -> None:
    (pdir / "memories-30d" / "day-7.md").write_text("A stray day.\n", "utf-8")


@case(f"{MEMORIES}/day-0000.md", "start at 1")
def _day_zero(pdir: Path) -> None:
    (pdir / "memories-30d" / "day-0000.md").write_text("Before the beginning.\n", "utf-8")


# Arcs files.


@case(ARCS_PATH, "endDay 10 is before startDay 15")
def _arc_end_before_start(pdir: Path) -> int:
    path = pdir / ARCS
    _replace(path, "endDay: 30", "endDay: 10", within="id: arc-second-half")
    return _line_of(path, "endDay: 10")


@case(ARCS_PATH, "mystery")
def _arc_type_unknown(pdir: Path) -> int:
    path = pdir / ARCS
    _replace(path, "type: incident", "type: mystery")
    return _line_of(path, "type: mystery")


@case(ARCS_PATH, "missing required key 'id'")
def _arc_missing_id(pdir: Path) -> int:
    path = pdir / ARCS
    _replace(path, "  - id: arc-second-half\n    type: incident\n", "  - type: incident\n")
    return _line_of(path, "type: incident")


@case(ARCS_PATH, "duplicate arc id 'arc-codes'")
def _duplicate_arc_id(pdir: Path) -> int:
    path = pdir / ARCS
    _replace(path, "id: arc-second-half", "id: arc-codes")
    return _line_of(path, "id: arc-codes", after="endDay: 30")


@case(ARCS_PATH, "YYYY-MM-DD")
def _arcs_epoch_not_a_date(pdir: Path) -> int:
    path = pdir / ARCS
    _replace(path, "epoch: '2026-01-01'", "epoch: someday")
    return _line_of(path, "epoch: someday")


@case(ARCS_PATH, "")
def _arcs_epoch_impossible_date(pdir: Path) -> int:
    # Unquoted, so YAML itself tries to read it as a date.
    path = pdir / ARCS
    _replace(path, "epoch: '2026-01-01'", "epoch: 2026-02-30")
    return _line_of(path, "epoch: 2026-02-30")


@case(ARCS_PATH, "expected a list")
def _arc_directives_a_number(pdir: Path) -> int:
    path = pdir / ARCS
    _replace(path, "primarySession: principal\n", "primarySession: principal\n    directives: 5\n", within="id: arc-codes")  # fmt: skip
    return _line_of(path, "directives: 5")


@case(ARCS_PATH, "expected a list")
def _arc_referenced_sessions_a_number(pdir: Path) -> int:
    path = pdir / ARCS
    _replace(path, "primarySession: principal\n", "primarySession: principal\n    referencedSessions: 5\n", within="id: arc-codes")  # fmt: skip
    return _line_of(path, "referencedSessions: 5")


@case(ARCS_PATH, "expected a list")
def _arcs_sessions_a_number(pdir: Path) -> int:
    path = pdir / ARCS
    _replace(path, "arcs:\n", "sessions: 5\narcs:\n")
    return _line_of(path, "sessions: 5")


# persona.yaml.


@case(PERSONA_FILE, "expected a string")
def _persona_name_a_list(pdir: Path) -> int:
    path = pdir / "persona.yaml"
    _replace(path, "name: Tess\n", "name: [Tess, Tessa]\n")
    return _line_of(path, "name: [Tess, Tessa]")


@case(PERSONA_FILE, "YYYY-MM-DD")
def _persona_epoch_not_a_date(pdir: Path) -> int:
    path = pdir / "persona.yaml"
    _replace(path, "id: tiny\n", "id: tiny\nepoch: someday\n")
    return _line_of(path, "epoch: someday")


@case(PERSONA_FILE, "3to1")
def _session_kind_unknown(pdir: Path) -> int:
    path = pdir / "persona.yaml"
    _replace(path, "kind: 1to1", "kind: 3to1")
    return _line_of(path, "kind: 3to1")


@case(PERSONA_FILE, "missing required key 'id'")
def _persona_missing_id(pdir: Path) -> None:
    _replace(pdir / "persona.yaml", "id: tiny\n", "")


CASE_BY_NAME = {c.name: c for c in CASES}


def test_there_are_enough_distinct_cases() -> None:
    assert len(CASE_BY_NAME) == len(CASES) >= 22


# --- 1. every corruption, through the API and the command ------------------------------------------


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.name)
def test_corruption_is_reported_with_its_file(
    c: Case, tiny_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = c.mutate(tiny_data / PID)
    problems = _validate(tiny_data)
    errors = [p for p in problems if p.severity == "error"]
    matching = [p for p in errors if _names(p, c.file) and c.message in p.message]
    assert matching, f"no error naming {c.file} with {c.message!r}; got:\n{_dump(problems)}"
    if line is not None:
        assert any(p.line == line for p in matching), (
            f"expected line {line} for {c.file}; got:\n{_dump(problems)}"
        )

    code, out, err = _cli(capsys, "--data", str(tiny_data), "--arcs", ARCS)
    assert code == 2, out + err
    where = tiny_data / c.file
    assert (f"{where}:{line}:" if line is not None else str(where)) in out, out
    assert "error(s)" in out


# --- 2. problems in several files are all reported in one run ---------------------------------------


def test_problems_in_different_files_are_all_reported(
    tiny_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdir = tiny_data / PID
    _edit_pair(pdir, 5, "category: factual-recall", "category: trivia")
    _replace(pdir / ARCS, "type: incident", "type: mystery")
    (pdir / "memories-30d" / "day-7.md").write_text("A stray day.\n", "utf-8")
    _replace(pdir / "persona.yaml", "name: Tess\n", "name: [Tess, Tessa]\n")

    errors = [p for p in _validate(tiny_data) if p.severity == "error"]
    expected = {QUESTIONS, ARCS_PATH, f"{MEMORIES}/day-7.md", PERSONA_FILE}
    assert len(errors) == 4, _dump(errors)
    assert {rel for rel in expected for p in errors if _names(p, rel)} == expected, _dump(errors)

    code, out, _ = _cli(capsys, "--data", str(tiny_data), "--arcs", ARCS)
    assert code == 2
    for rel in expected:
        assert str(tiny_data / rel) in out
    assert "4 error(s), 0 warning(s) in 4 file(s)" in out


# --- 3. several problems within one pair, and in several pairs of one file --------------------------


def test_several_problems_in_one_pair_are_all_reported(tiny_data: Path) -> None:
    qa = _edit_pair(tiny_data / PID, 5, "category: factual-recall", "category: trivia")
    _edit_pair(tiny_data / PID, 5, "difficulty: easy", "difficulty: extreme")
    _edit_pair(tiny_data / PID, 5, "    relevant_days:\n      - 5\n", "    relevant_days: '5'\n")

    errors = [p for p in _validate(tiny_data) if p.severity == "error"]
    assert all(_names(p, QUESTIONS) for p in errors), _dump(errors)
    found = {
        (p.line, word)
        for p in errors
        for word in ("trivia", "extreme", "list")
        if word in p.message
    }
    assert found == {
        (_line_of(qa, "category: trivia"), "trivia"),
        (_line_of(qa, "difficulty: extreme"), "extreme"),
        (_line_of(qa, "relevant_days: '5'"), "list"),
    }, _dump(errors)
    assert len(errors) == 3, _dump(errors)


def test_problems_in_several_pairs_of_one_file_are_all_reported(tiny_data: Path) -> None:
    pdir = tiny_data / PID
    qa = _edit_pair(pdir, 2, "category: factual-recall", "category: trivia")
    _edit_pair(pdir, 10, "difficulty: easy", "difficulty: extreme")
    _edit_pair(pdir, 20, "      - 20\n", "      - 99\n")
    _edit_pair(pdir, 25, _qid(25), _qid(24))

    errors = [p for p in _validate(tiny_data) if p.severity == "error"]
    assert sorted((p.line for p in errors), key=lambda n: n or 0) == [
        _line_of(qa, "category: trivia"),
        _line_of(qa, "difficulty: extreme"),
        _line_of(qa, "relevant_days:", after=_qid(20)),
        _line_of(qa, _qid(24), after="answer: CODE-0024"),
    ], _dump(errors)
    assert all(_names(p, QUESTIONS) for p in errors)


def test_a_string_forbidden_sessions_is_not_split_into_characters(tiny_data: Path) -> None:
    qa = _edit_pair(
        tiny_data / PID,
        5,
        "answer: CODE-0005\n",
        "answer: CODE-0005\n    forbidden_sessions: ghost\n",
    )
    problems = _validate(tiny_data)
    errors = [p for p in problems if p.severity == "error"]
    assert [(p.line, "expected a list of strings" in p.message) for p in errors] == [
        (_line_of(qa, "forbidden_sessions: ghost"), True)
    ], _dump(problems)
    single_letters = [p for p in problems if any(f"session '{ch}'" in p.message for ch in "ghost")]
    assert not single_letters, _dump(problems)


# --- 4. persona ids that would leave the data directory ---------------------------------------------


@pytest.fixture
def outside_persona(tiny_data: Path) -> Path:
    """A valid persona ``x`` next to (not inside) the data directory: reachable only by escaping."""
    return write_persona(tiny_data.parent, "x")


@pytest.mark.parametrize("kind", ["dotdot", "absolute", "nested"])
def test_persona_ids_escaping_the_data_directory_are_refused(
    kind: str, tiny_data: Path, outside_persona: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pid = {"dotdot": "../x", "absolute": str(outside_persona), "nested": f"{PID}/../x"}[kind]
    errors = [p for p in _validate(tiny_data, [pid]) if p.severity == "error"]
    assert errors, "an escaping persona id was accepted"
    assert all(pid in format_problem(p) for p in errors), _dump(errors)
    assert any(repr(pid) in p.message for p in errors), _dump(errors)

    code, out, err = _cli(capsys, "--data", str(tiny_data), "--personas", pid, "--arcs", ARCS)
    assert code == 2, out + err
    assert pid in out
    assert "OK" not in out

    with pytest.raises(ConfigError, match="persona id"):
        recallbench.load_persona(tiny_data, pid, ARCS)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--personas", "nope"], "persona 'nope' not found"),
        (["--arcs", "../arcs-30d.yaml"], "arcs file '../arcs-30d.yaml'"),
        (["--arcs", "arcs-90d.yaml"], "file not found"),
    ],
    ids=["unknown-persona", "arcs-outside-persona", "arcs-not-there"],
)
def test_bad_arguments_are_reported_not_raised(
    args: list[str], expected: str, tiny_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--data", str(tiny_data), *args]
    if "--arcs" not in args:
        argv += ["--arcs", ARCS]
    code, out, err = _cli(capsys, *argv)
    assert code == 2, out + err
    assert expected in out


def test_missing_data_directory_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere"
    code, out, err = _cli(capsys, "--data", str(missing), "--arcs", ARCS)
    assert code == 2, out + err
    assert f"{missing}: error: data directory not found" in out


# --- 5. clean and warning-only datasets pass --------------------------------------------------------


def test_clean_dataset_passes(tiny_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _validate(tiny_data) == []
    code, out, err = _cli(capsys, "--data", str(tiny_data), "--arcs", ARCS)
    assert code == 0, out + err
    assert "OK" in out
    assert "error" not in out + err
    code, out, _ = _cli(capsys, "--data", str(tiny_data), "--personas", PID, "--arcs", ARCS)
    assert code == 0
    assert "OK" in out


def _query_session_undeclared(pdir: Path) -> tuple[str, int | None]:
    qa = _edit_pair(pdir, 5, "answer: CODE-0005\n", "answer: CODE-0005\n    query_session: ghost\n")
    return QUESTIONS, _line_of(qa, _qid(5))


def _arc_session_undeclared(pdir: Path) -> tuple[str, int | None]:
    _replace(
        pdir / ARCS, "primarySession: principal", "primarySession: ghost", within="id: arc-codes"
    )
    return ARCS_PATH, _line_of(pdir / ARCS, "id: arc-codes")


def _persona_id_differs(pdir: Path) -> tuple[str, int | None]:
    _replace(pdir / "persona.yaml", "id: tiny\n", "id: other\n")
    return PERSONA_FILE, None


def _empty_day_log(pdir: Path) -> tuple[str, int | None]:
    (pdir / "memories-30d" / "day-0005.md").write_text("", "utf-8")
    return f"{MEMORIES}/day-0005.md", None


def _day_missing(pdir: Path) -> tuple[str, int | None]:
    (pdir / "memories-30d" / "day-0010.md").unlink()
    return MEMORIES, None


@pytest.mark.parametrize(
    ("mutate", "word"),
    [
        (_query_session_undeclared, "ghost"),
        (_arc_session_undeclared, "ghost"),
        (_persona_id_differs, "other"),
        (_empty_day_log, "empty"),
        (_day_missing, "10"),
    ],
    ids=lambda v: v.__name__.lstrip("_") if callable(v) else v,
)
def test_warning_only_dataset_passes_and_prints_the_warning(
    mutate: Callable[[Path], tuple[str, int | None]],
    word: str,
    tiny_data: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    rel, line = mutate(tiny_data / PID)
    problems = _validate(tiny_data)
    assert problems, "the warning was not reported"
    assert all(p.severity == "warning" for p in problems), _dump(problems)
    assert any(_names(p, rel) and word in p.message and p.line == line for p in problems), _dump(
        problems
    )

    code, out, err = _cli(capsys, "--data", str(tiny_data), "--arcs", ARCS)
    assert code == 0, out + err
    where = tiny_data / rel
    expected = f"{where}:{line}: warning:" if line is not None else f"{where}: warning:"
    assert expected in out, out
    assert "OK" in out
    assert f"({len(problems)} warning(s))" in out

    recallbench.load_persona(tiny_data, PID, ARCS)  # warnings do not stop the loader


# --- 6. the loader stops at the first problem, naming its file and line -----------------------------


@pytest.mark.parametrize(
    ("name", "with_line"),
    [
        ("persona_yaml_missing", False),
        ("qa_dir_missing", False),
        ("yaml_syntax_error_in_persona", True),
        ("yaml_syntax_error_in_questions", True),
        ("non_utf8_day_file", True),
        ("non_utf8_questions", True),
        ("category_trivia", True),
        ("duplicate_id", True),
        ("pair_missing_answer", True),
        ("misnamed_day_file", False),
        ("empty_questions", False),
        ("arc_end_before_start", True),
        ("persona_name_a_list", True),
        ("arcs_epoch_impossible_date", True),
    ],
)
def test_loader_raises_dataset_error_naming_the_file(
    name: str, with_line: bool, tiny_data: Path
) -> None:
    c = CASE_BY_NAME[name]
    line = c.mutate(tiny_data / PID)
    with pytest.raises(DatasetError) as info:
        recallbench.load_persona(tiny_data, PID, ARCS)
    exc = info.value
    where = tiny_data / c.file
    assert exc.path == where
    assert str(where) in str(exc)
    assert c.message in str(exc)
    if with_line:
        assert line is not None
        assert exc.line == line
        assert f"{where}:{line}: " in str(exc)


def test_problems_of_a_file_are_listed_in_line_order() -> None:
    """Errors and warnings of one file together, top to bottom (files in the order checked)."""
    from recallbench.data.validate import Problem, in_file_order

    a, b = Path("a.yaml"), Path("b.yaml")
    found = [
        Problem(path=a, line=9, message="late warning", severity="warning"),
        Problem(path=b, line=1, message="other file"),
        Problem(path=a, line=2, message="early error"),
        Problem(path=a, message="whole file"),
        Problem(path=a, line=5, message="middle", severity="warning"),
    ]
    assert [p.message for p in in_file_order(found)] == [
        "whole file",
        "early error",
        "middle",
        "late warning",
        "other file",
    ]
