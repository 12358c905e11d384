"""Bad input never exhausts the machine, never crashes: one line naming the file, exit 2.

Real files and the real command line (a subprocess), as an adversarial user would feed them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from _cli import cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recallbench.cli import main
from recallbench.data._yaml import MAX_DEPTH, load_yaml
from recallbench.errors import DatasetError
from recallbench.testing import write_persona


def _bomb(levels: int = 9, width: int = 9) -> str:
    """The "billion laughs": each level an alias list of the one below."""
    lines = ["a0: &a0 [" + ",".join(['"lol"'] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root)
    return root


@pytest.mark.parametrize("target", ["persona.yaml", "qa-30d/questions.yaml"])
@pytest.mark.parametrize("command", ["validate", "run"])
def test_an_alias_bomb_is_refused_at_once(data: Path, target: str, command: str) -> None:
    (data / "tiny" / target).write_text(_bomb(), encoding="utf-8")
    extra = ["--adapter", "builtin:null", "--judge", "stub"] if command == "run" else []
    done = cli(command, "--data", data, "--arcs", "arcs-30d.yaml", *extra, timeout=60)
    assert done.code == 2, done.err
    shown = done.out + done.err
    assert "alias bomb" in shown and target.split("/")[-1] in shown
    assert "Traceback" not in shown


@pytest.mark.parametrize(
    "text",
    ["a: " + "[" * 5000 + "]" * 5000 + "\n", "".join("  " * i + f"k{i}:\n" for i in range(3000))],
    ids=["flow", "block"],
)
def test_deep_nesting_is_refused_without_recursion(tmp_path: Path, text: str) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DatasetError, match=f"nested more than {MAX_DEPTH} levels"):
        load_yaml(path)


def test_deep_nesting_through_the_command_line(data: Path) -> None:
    (data / "tiny" / "persona.yaml").write_text("a: " + "[" * 5000 + "]" * 5000 + "\n")
    done = cli("validate", "--data", data, "--arcs", "arcs-30d.yaml")
    shown = done.out + done.err
    assert done.code == 2 and "nested more than" in shown and "RecursionError" not in shown


@pytest.mark.parametrize("series", ["1:2000000000:1", "1:2000000:1"])
def test_a_huge_series_is_refused_at_once(data: Path, series: str) -> None:
    done = cli("plan", "--data", data, "--arcs", "arcs-30d.yaml", "--ranges", series, timeout=30)
    assert done.code == 2 and "more than 10,000" in done.one_line_error()


def test_a_series_past_the_corpus_stops_at_its_end(data: Path) -> None:
    done = cli("plan", "--data", data, "--arcs", "arcs-30d.yaml", "--ranges", "1:2000:1", "--json")
    assert done.code == 0, done.err
    import json

    plan = json.loads(done.out)
    checkpoints = plan["personas"][0]["checkpoints"]
    assert len(checkpoints) == 30  # days 1..30: 30d is the corpus's end, 31d..2000d repeat it
    assert checkpoints[-1]["days"] == 30 and checkpoints[-1]["label"] == "30d"


def test_questions_beyond_the_corpus_stop_the_run_before_it_starts(data: Path) -> None:
    qa = data / "tiny" / "qa-30d" / "questions.yaml"
    qa.write_text(qa.read_text().replace("    - 3\n", "    - 301\n", 1), encoding="utf-8")
    done = cli("run", "--data", data, "--arcs", "arcs-30d.yaml", "--adapter", "builtin:null")
    assert done.code == 2
    assert "beyond the corpus (last day 30)" in done.err and "could never be asked" in done.err


def test_a_nul_byte_in_a_day_is_a_validation_error(data: Path) -> None:
    day = data / "tiny" / "memories-30d" / "day-0004.md"
    day.write_text(day.read_text() + "\nhalf\x00written\n", encoding="utf-8")
    done = cli("validate", "--data", data, "--arcs", "arcs-30d.yaml")
    assert done.code == 2
    assert "day-0004.md" in done.out + done.err and "NUL byte" in done.out + done.err


def test_terminal_escapes_in_a_persona_folder_are_shown_escaped(tmp_path: Path) -> None:
    root = tmp_path / "personas"
    write_persona(root, "evil\x1b]0;pwned\x07\x1b[2J")
    done = cli("list", "--data", root)
    shown = done.out + done.err
    assert "\x1b]" not in shown and "\x1b[2J" not in shown and "\x07" not in shown
    assert "\\x1b]0;pwned\\x07" in shown


# -- generated bad input: whatever a file holds, validate answers 0 or 2, never crashes --------------


_FILES = ("persona.yaml", "arcs-30d.yaml", "qa-30d/questions.yaml", "memories-30d/day-0002.md")


def _mutate(text: str, rng: random.Random, kind: str) -> str:
    lines = text.splitlines(keepends=True)
    i = rng.randrange(len(lines)) if lines else 0
    if kind == "drop-line" and lines:
        del lines[i]
    elif kind == "duplicate-line" and lines:
        lines.insert(i, lines[i])
    elif kind == "indent" and lines:
        lines[i] = "   " + lines[i]
    elif kind == "truncate":
        return text[: rng.randrange(len(text) + 1)]
    elif kind == "bytes":
        pos = rng.randrange(len(text) + 1)
        return (
            text[:pos]
            + rng.choice(["\x00", "\ufeff", "\t", ": :", "- [", "{", "&x *x", "\\"])
            + text[pos:]
        )
    elif kind == "swap-type" and lines:
        lines[i] = lines[i].replace(": ", ": [", 1)
    return "".join(lines)


_KINDS = ("drop-line", "duplicate-line", "indent", "truncate", "bytes", "swap-type")


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    target=st.sampled_from(_FILES),
    kind=st.sampled_from(_KINDS),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_a_corrupted_file_is_reported_not_crashed_on(
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    target: str,
    kind: str,
    seed: int,
) -> None:
    root = tmp_path_factory.mktemp("fuzz")
    write_persona(root)
    path = root / "tiny" / target
    path.write_text(_mutate(path.read_text(encoding="utf-8"), random.Random(seed), kind))
    code = main(["validate", "--data", str(root), "--arcs", "arcs-30d.yaml"])
    _, err = capsys.readouterr()
    assert code in (0, 2), err
    assert "internal error" not in err and "Traceback" not in err
