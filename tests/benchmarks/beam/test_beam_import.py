"""BEAM's files as personas: where the data is, sessions as days, turns with their ids, questions with
their abilities, rubrics and evidence, the official haystack, 10M plans, dates out of order, the
user-cache conversion."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from _beam_files import FACTS, probing_one, write_checkout, write_json

from recallbench.benchmarks.beam import benchmark
from recallbench.benchmarks.beam.abilities import ABILITIES, nugget_text, rubric_answer
from recallbench.benchmarks.beam.dataset import BeamDataset
from recallbench.data import IMPORT_MARKER, import_warnings
from recallbench.errors import ConfigError, DatasetError
from recallbench.family.opening import detect, resolve_data

ARCS = "arcs-1000d.yaml"


@pytest.fixture(autouse=True)
def _cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "user-cache"))


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    return write_checkout(tmp_path / "BEAM")


def _open(path: Path) -> BeamDataset:
    return benchmark.open(path, arcs_file=ARCS)


def _resolve(target: Path, **options: str | None) -> Path:
    return benchmark.resolve("beam", str(target), {f"beam_{k}": v for k, v in options.items()})


def test_family_surface() -> None:
    assert benchmark.name == "beam" and benchmark.unit == "conversation"
    assert benchmark.categories == ABILITIES
    assert ABILITIES[0] == "abstention" and ABILITIES[2] == "event-ordering"
    assert len(ABILITIES) == 10 and all("_" not in a for a in ABILITIES)
    assert [o.flag for o in benchmark.data_options] == ["--beam-size", "--beam-chat"]
    assert all(form.startswith("beam") for form in benchmark.judge_forms)
    assert benchmark.can_import and benchmark.own_default_judge


@pytest.mark.parametrize(
    ("where", "size", "expected"),
    [
        ("", "100K", ["100K-01", "100K-02"]),
        ("", "128K", ["100K-01", "100K-02"]),
        ("chats", "100K", ["100K-01", "100K-02"]),
        ("chats/100K", None, ["100K-01", "100K-02"]),
        ("chats/100K/2", None, ["100K-02"]),
        ("chats/10M", None, ["10M-01"]),
        ("chats/10M/1", "10M", ["10M-01"]),
    ],
)
def test_where_the_data_is(
    checkout: Path, where: str, size: str | None, expected: list[str]
) -> None:
    path = _resolve(checkout / where, size=size)
    assert benchmark.unit_ids(path, arcs_file=ARCS) == expected
    assert _open(path).persona_ids() == expected


def test_root_needs_a_size_and_sizes_must_agree(checkout: Path) -> None:
    with pytest.raises(ConfigError, match=r"--beam-size 100K\|10M"):
        _resolve(checkout)
    with pytest.raises(ConfigError, match="contradicts"):
        _resolve(checkout / "chats" / "100K", size="10M")
    with pytest.raises(
        DatasetError, match=r"no chats/500K folder here \(this copy has 100K, 10M\)"
    ):
        _resolve(checkout, size="500K")
    with pytest.raises(DatasetError, match="takes a folder, not a file"):
        _resolve(checkout / "chats" / "100K" / "1" / "chat.json")
    with pytest.raises(DatasetError, match="no BEAM data here"):
        _resolve(checkout / "chats" / "100K" / "1" / "probing_questions")


def _every_family_loads() -> bool:
    from recallbench.family.registry import all_families

    try:
        all_families()
    except ConfigError:
        return False
    return True


def test_detected_as_plain_paths(checkout: Path, tmp_path: Path) -> None:
    for where in ("", "chats", "chats/100K", "chats/100K/1", "chats/10M/1"):
        assert benchmark.detect(checkout / where), where
    (tmp_path / "empty").mkdir()
    assert not benchmark.detect(tmp_path / "empty")
    assert not benchmark.detect(checkout / "chats" / "100K" / "1" / "chat.json")
    (tmp_path / "personas" / "ada").mkdir(parents=True)
    (tmp_path / "personas" / "ada" / "persona.yaml").write_text("id: ada\n")
    assert not benchmark.detect(tmp_path / "personas")


@pytest.mark.skipif(
    not _every_family_loads(),
    reason="needs every registered family importable (the other families move in other branches)",
)
def test_detected_by_the_registry(checkout: Path) -> None:
    for where in ("", "chats", "chats/100K", "chats/100K/1", "chats/10M/1"):
        assert detect(checkout / where).name == "beam", where
    # The core's --data resolution of a plain path takes it to the family, then its options.
    path = resolve_data(checkout / "chats" / "100K", {"beam_size": None})
    assert detect(path).name == "beam"  # the converted folder: by its marker's family
    assert resolve_data(f"beam:{checkout}", {"beam_size": "100K"}) == path


def test_sessions_are_days_at_their_dates(checkout: Path) -> None:
    ds = _open(_resolve(checkout / "chats" / "100K" / "1")).load("100K-01")
    assert ds.definition.epoch == "2024-03-15"
    assert [d.number for d in ds.days] == [1, 22, 42]
    assert [d.date for d in ds.days] == ["2024-03-15", "2024-04-05", "2024-04-25"]
    first = ds.days[0].content
    assert first.startswith("# session: S1\ndate: March-15-2024\n\n### turn group 1\n[0] user: ")
    assert f"[0] user: {FACTS[0]}" in first  # verbatim, the generation marker included
    assert "\n\n[1] assistant: That sounds like a wonderful start" in first
    assert "### turn group 2\n[2] user: " in first
    second = ds.days[1].content
    assert f"[8] user: {FACTS[8]}" in second and "[9] assistant:" in second
    assert list(ds.days[1].sessions) == ["S2"]


def test_questions_abilities_rubrics_and_evidence(checkout: Path) -> None:
    ds = _open(_resolve(checkout / "chats" / "100K")).load("100K-01")
    pairs = {p.category: p for p in ds.qa}
    assert list(pairs) == list(ABILITIES)
    ie = pairs["information-extraction"]
    assert ie.id == "100K-01-information-extraction-1"
    assert ie.answer == "You met Michael on January 15, 2024."
    assert ie.relevant_days == (1,)
    assert ie.extra["evidenceTurns"] == ["0"]
    assert ie.extra["rubric"] == ["LLM response should state: January 15, 2024"]
    assert ie.extra["ability"] == "information_extraction"
    assert (ie.extra["beamSize"], ie.extra["beamConversation"], ie.extra["beamIndex"]) == (
        "100K",
        "1",
        0,
    )
    cr = pairs["contradiction-resolution"]
    assert cr.extra["evidenceTurns"] == ["12", "6"] and cr.relevant_days == (22, 42)
    assert cr.difficulty == "medium" and cr.extra["beamDifficulty"] == "clear"
    eo = pairs["event-ordering"]
    assert eo.extra["evidenceTurns"] == ["0", "2", "10"] and eo.relevant_days == (1, 42)
    assert pairs["multi-session-reasoning"].extra["beamDifficulty"] == "moderate"
    # No source ids: every day; no gold turns.
    summary = pairs["summarization"]
    assert summary.relevant_days == (1, 22, 42) and "evidenceTurns" not in summary.extra
    assert summary.difficulty == "medium" and summary.extra["beamDifficulty"] == ""
    abstention = pairs["abstention"]
    assert abstention.extra["abstention"] is True and abstention.relevant_days == (1, 22, 42)
    assert abstention.extra["planReference"].startswith("Batch 1")
    # Rubric-only abilities: the positive nuggets joined, without their leads.
    assert pairs["instruction-following"].answer == "Month Day, Year format"
    assert pairs["preference-following"].answer == "short 30-minute editing bursts"
    rubric = probing_one()["preference_following"][0]["rubric"]
    assert rubric_answer(rubric) == nugget_text(rubric[0])


def test_official_haystack_is_the_truncated_file(checkout: Path) -> None:
    official = _open(_resolve(checkout / "chats" / "100K" / "2")).load("100K-02")
    assert [d.date for d in official.days] == ["2024-05-01"]
    assert "(edited in the truncated file)" in official.days[0].content
    full = _open(_resolve(checkout / "chats" / "100K" / "2", chat="full")).load("100K-02")
    assert [d.date for d in full.days] == ["2024-05-01", "2024-08-20"]
    assert "(edited in the truncated file)" not in full.days[0].content
    assert (
        "(haystack: chat.json)"
        in json.loads(
            (_resolve(checkout / "chats" / "100K", chat="full") / IMPORT_MARKER).read_text()
        )["source"]
    )


def test_ten_million_plans_renumbered_as_combined(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "BEAM", combined_10m=True)
    from_combined = _open(_resolve(root / "chats" / "10M" / "1")).load("10M-01")
    (root / "chats" / "10M" / "1" / "chat.json").unlink()
    converted = _resolve(root / "chats" / "10M" / "1")
    from_plans = _open(converted).load("10M-01")
    assert [d.content for d in from_plans.days] == [d.content for d in from_combined.days]
    assert [d.number for d in from_plans.days] == [1, 2, 16, 17, 32, 33]
    day16 = from_plans.days[2].content
    assert "plan: plan-1, batch 1" in day16 and "[4] user: Plan note beta 1" in day16
    q = {p.id: p for p in from_plans.qa}
    assert q["10M-01-information-extraction-1"].relevant_days == (16,)
    second = q["10M-01-information-extraction-2"]
    assert second.relevant_days == (33,) and second.extra["evidenceTurns"] == ["10"]
    # The plans' haystack is not the official one, and "--" and 99 name no message: warned.
    warned = "\n".join(import_warnings(converted))
    assert "has no chat_trunecated.json" in warned and "3 plans' chats concatenated" in warned
    assert "'--'" in warned and "99 (no such message)" in warned


def test_a_session_dated_out_of_order(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "BEAM", first_anchor="March-31-2025")
    converted = _resolve(root / "chats" / "10M" / "1")
    ds = _open(converted).load("10M-01")
    assert ds.definition.epoch == "2024-07-02"
    assert [d.number for d in ds.days] == [1, 15, 16, 31, 32]
    assert ds.days[0].content.index("# session: S1\ndate: March-31-2025") < ds.days[
        0
    ].content.index("# session: S2")
    (line,) = [w for w in import_warnings(converted) if "out of order" in w]
    assert (
        "session S1 (plan-0 batch 1) dated March-31-2025 is ingested in its place as of 2024-07-02"
        in line
    )


def test_converted_once_into_the_user_cache(checkout: Path, tmp_path: Path) -> None:
    first = _resolve(checkout, size="100K")
    assert first.parent == tmp_path / "user-cache" / "imports"
    marker = json.loads((first / IMPORT_MARKER).read_text())
    assert marker["family"] == "beam" and marker["categories"] == list(ABILITIES)
    assert marker["defaultRanges"] == [{"label": "full", "days": 9007199254740991}]
    stamp = (first / "100K-01" / "persona.yaml").stat().st_mtime_ns
    assert _resolve(checkout, size="100K") == first
    assert (first / "100K-01" / "persona.yaml").stat().st_mtime_ns == stamp
    # The same files elsewhere are the same conversion; an edited file is another.
    moved = tmp_path / "elsewhere"
    os.rename(checkout, moved)
    assert _resolve(moved, size="128K") == first
    write_json(moved / "chats" / "100K" / "1" / "topic.json", {"title": "Another title"})
    assert _resolve(moved, size="100K") != first
    # A converted folder is taken as it is; BEAM's flags do not apply to it.
    assert _resolve(first) == first
    with pytest.raises(ConfigError, match="already converted"):
        _resolve(first, size="100K")


def test_validate_and_convert(checkout: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    summary = benchmark.convert(checkout, out, {"beam_size": "100K"})
    assert summary.what == "2 BEAM 100K conversation(s)" and summary.questions == 11
    found = benchmark.validate(out, personas=None, arcs_file=ARCS, deep=False)
    assert [p for p in found.problems if p.severity == "error"] == []
    assert found.ok.startswith("OK:")
    assert benchmark.preflight(out, personas=[], arcs_file=ARCS, full=True) == []


def test_dataset_declares_its_family(checkout: Path) -> None:
    from recallbench.family.opening import benchmark_of

    ds = _open(_resolve(checkout / "chats" / "100K"))
    assert benchmark_of(ds) is benchmark
    assert ds.categories == ABILITIES


def test_a_folder_converted_for_another_family(checkout: Path, tmp_path: Path) -> None:
    converted = _resolve(checkout / "chats" / "100K")
    other = tmp_path / "other"
    import shutil

    shutil.copytree(converted, other)
    marker = json.loads((other / IMPORT_MARKER).read_text())
    (other / IMPORT_MARKER).write_text(json.dumps({**marker, "family": "personas"}))
    with pytest.raises(DatasetError, match="holds personas data recallbench converted, not BEAM's"):
        _resolve(other)


def test_turns_of_the_chunks_the_baselines_retrieve(checkout: Path) -> None:
    from recallbench.benchmarks.beam.turns import chunk_turns, message_ids

    ds = _open(_resolve(checkout / "chats" / "100K" / "1")).load("100K-01")
    day = ds.days[1]
    turns = chunk_turns(day.number, day.content)
    assert turns == {
        "memories/day-0022.md#S2/0": (),
        "memories/day-0022.md#S2/1": ("4", "5"),
        "memories/day-0022.md#S2/2": ("6", "7", "8", "9"),
    }
    # a chunk cut inside a message (BEAM's replies have ### sections) starts with that message
    text = "# session: S1\ndate: May-01-2024\n\n### turn group 1\n[0] user: hi\n\n[1] assistant: a\n\n### Step 2\nmore\n\n[2] user: ok"
    assert chunk_turns(3, text) == {
        "memories/day-0003.md#S1/0": (),
        "memories/day-0003.md#S1/1": ("0", "1"),
        "memories/day-0003.md#S1/2": ("1", "2"),
    }
    assert message_ids("[12] user: x\n[x] no\n [13] user: no\n[14] assistant: y") == ["12", "14"]
