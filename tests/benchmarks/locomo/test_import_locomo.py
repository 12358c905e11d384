"""LoCoMo files as personas: days at their dates, turns, images, categories, checkpoints, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _public_sets import locomo_records, write_json

from recallbench.benchmarks.locomo.importer import (
    MEM0_NAMES,
    NOT_MENTIONED,
    OFFICIAL_NAMES,
    read_locomo,
    session_checkpoints,
)
from recallbench.data.dataset import load_persona
from recallbench.data.ranges import default_ranges_of, persona_ranges_of
from recallbench.data.validate import validate_dataset
from recallbench.errors import DatasetError
from recallbench.family import open_dataset


@pytest.fixture
def locomo_file(tmp_path: Path) -> Path:
    return write_json(tmp_path / "locomo10.json", locomo_records())


def _cli(*argv: str, env_cache: Path) -> subprocess.CompletedProcess[str]:
    import os

    env = {**os.environ, "RECALLBENCH_CACHE_DIR": str(env_cache)}
    return subprocess.run(
        [sys.executable, "-m", "recallbench", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_days_at_dates_and_turns(locomo_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    r = _cli("import", "locomo", str(locomo_file), "--out", str(out), env_cache=tmp_path / "c")
    assert r.returncode == 0, r.stderr
    ds = load_persona(out, "conv-26")
    assert ds.definition.epoch == "2023-05-08"
    # 8 May (two sessions), 20 June, 1 August: days 1, 44 and 86 at their dates.
    assert [d.number for d in ds.days] == [1, 44, 86]
    assert [d.date for d in ds.days] == ["2023-05-08", "2023-06-20", "2023-08-01"]
    first = ds.days[0]
    assert list(first.sessions) == ["D1", "D2"]  # two sessions of one date, in order
    assert "[D1:3] Caroline: I have 3 kids." in first.content
    assert (
        "[D1:2] Melanie: Look at my pottery! [shared an image: a photo of a clay bowl] "
        "[shared an image: a photo of a blue mug]" in first.content
    )
    assert "[D2:1] Melanie: I ran a charity race today. [shared an image: a photo of runners" in (
        first.content
    )
    assert "date: 1:56 pm on 8 May, 2023" in first.content
    assert "pottery bowl" not in first.content  # the image search query is not ingested
    assert "support group" in first.content and "observation" not in first.content
    problems = validate_dataset(out, arcs_file="arcs-1000d.yaml")
    assert [p for p in problems if p.severity == "error"] == []


def test_questions_categories_and_evidence(locomo_file: Path) -> None:
    personas, _ = read_locomo(locomo_file)
    q = {p["question"]: p for p in personas[0].questions}
    temporal = q["When did Caroline go to the LGBTQ support group?"]
    assert temporal["category"] == "temporal-reasoning"
    assert temporal["locomoCategory"] == 2 and temporal["questionType"] == "temporal"
    assert temporal["relevant_days"] == [1]
    assert q["How many kids does Caroline have?"]["answer"] == "3"
    assert q["In which year did Caroline move to Boston?"]["answer"] == "2022"
    assert q["In which year did Caroline move to Boston?"]["relevant_days"] == [44]
    multi = q["What activities does Melanie do?"]
    assert multi["category"] == "cross-reference" and multi["questionType"] == "multi-hop"
    assert multi["evidenceSessions"] == ["D1", "D2"] and multi["relevant_days"] == [1]
    open_domain = q["Would Caroline enjoy Boston winters?"]
    assert open_domain["relevant_days"] == [1, 44, 86]  # empty evidence: every day
    assert open_domain["category"] == "synthesis"
    adversarial = q["What did Melanie paint last week?"]
    assert adversarial["answer"] == NOT_MENTIONED
    assert adversarial["adversarial_answer"] == "a sunset"
    assert adversarial["category"] == "negative-recall" and adversarial["locomoCategory"] == 5


def test_mem0_convention_renames_but_keeps_the_number(locomo_file: Path) -> None:
    personas, _ = read_locomo(locomo_file, "mem0")
    q = {p["locomoCategory"]: p for p in personas[0].questions}
    assert q[1]["questionType"] == "single-hop" and q[1]["category"] == "factual-recall"
    assert q[4]["questionType"] == "open-domain"
    assert set(OFFICIAL_NAMES) == set(MEM0_NAMES) == {1, 2, 3, 4, 5}


def test_session_checkpoints() -> None:
    # Two quarter points on one day are both kept: every conversation has the same four columns.
    shares = session_checkpoints([1, 1, 44, 86])
    assert [(r.label, r.days) for r in shares] == [
        ("25%", 1),
        ("50%", 1),
        ("75%", 44),
        ("100%", 86),
    ]
    assert [r.days for r in session_checkpoints(list(range(1, 21)))] == [5, 10, 15, 20]
    assert [r.days for r in session_checkpoints([3, 3, 3, 9, 9])] == [3, 3, 9, 9]  # ⌈n·share⌉
    assert [r.days for r in session_checkpoints([7])] == [7, 7, 7, 7]


def test_data_spec_cached_with_default_ranges(
    locomo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    ds = open_dataset(f"locomo:{locomo_file}")
    assert ds.persona_ids() == ["conv-26", "conv-30"]
    # The run's checkpoints: the shares at the longest conversation's days; each conversation
    # asks its own (persona_ranges_of).
    assert [(r.label, r.days) for r in default_ranges_of(ds)] == [
        ("25%", 1),
        ("50%", 1),
        ("75%", 44),
        ("100%", 86),
    ]
    assert [(r.label, r.days) for r in persona_ranges_of(ds, "conv-30")] == [
        ("25%", 1),
        ("50%", 1),
        ("75%", 2),
        ("100%", 2),
    ]
    pair = ds.load("conv-26").qa[1]
    assert pair.extra["locomoCategory"] == 4 and pair.extra["questionType"] == "single-hop"
    cached = list((tmp_path / "cache" / "imports").iterdir())
    assert len(cached) == 1
    stamp = (cached[0] / "conv-26" / "persona.yaml").stat().st_mtime_ns
    open_dataset(f"locomo:{locomo_file}")  # converted once
    assert (cached[0] / "conv-26" / "persona.yaml").stat().st_mtime_ns == stamp


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            lambda d: d[0]["qa"][1].update(category=7),
            "record 0 (sample_id 'conv-26'): qa[1].category",
        ),
        (
            lambda d: d[0]["conversation"].update(session_3_date_time="someday"),
            "conversation.session_3_date_time",
        ),
        (lambda d: d[1]["conversation"]["session_1"][0].pop("text"), "session_1[0].text"),
        (lambda d: d[1].pop("qa"), "record 1 (sample_id 'conv-30'): qa"),
        (lambda d: d[0]["qa"][0].pop("answer"), "qa[0].answer"),
    ],
)
def test_malformed_names_record_and_field(tmp_path: Path, edit: Any, expected: str) -> None:
    data = locomo_records()
    edit(data)
    path = write_json(tmp_path / "bad.json", data)
    with pytest.raises(DatasetError) as info:
        read_locomo(path)
    assert expected in str(info.value)
    r = _cli("import", "locomo", str(path), "--out", str(tmp_path / "o"), env_cache=tmp_path / "c")
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and expected in r.stderr


def test_not_json(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{", encoding="utf-8")
    r = _cli("run", "--data", f"locomo:{path}", env_cache=tmp_path / "c")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_run_with_bm25_and_rubric(locomo_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    r = _cli(
        "run",
        "--data",
        f"locomo:{locomo_file}",
        "--adapter",
        "builtin:bm25",
        "--judge",
        "rubric",
        "--output",
        str(out),
        env_cache=tmp_path / "c",
    )
    assert r.returncode == 0, r.stderr
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    text = json.dumps(result)
    assert "conv-26" in text and "locomoCategory" in text
    # Each conversation asked at its own quarters, under the same four labels.
    asked = {
        p["personaId"]: [(r["range"]["label"], r["daysIngested"]) for r in p["rangeResults"]]
        for p in result["personas"]
    }
    assert asked == {
        "conv-26": [("25%", 1), ("50%", 1), ("75%", 44), ("100%", 86)],
        "conv-30": [("25%", 1), ("50%", 1), ("75%", 2), ("100%", 2)],
    }
    assert [r["label"] for r in result["ranges"]] == ["25%", "50%", "75%", "100%"]


def test_plan_and_list_read_the_data_spec(locomo_file: Path, tmp_path: Path) -> None:
    cache = tmp_path / "c"
    listed = _cli("list", "--data", f"locomo:{locomo_file}", "--json", env_cache=cache)
    assert json.loads(listed.stdout) == ["conv-26", "conv-30"]
    plan = _cli("plan", "--data", f"locomo:{locomo_file}", "--json", env_cache=cache)
    assert plan.returncode == 0, plan.stderr
    checkpoints = {
        p["personaId"]: [(c["label"], c["days"], len(c["questionIds"])) for c in p["checkpoints"]]
        for p in json.loads(plan.stdout)["personas"]
    }
    # conv-26's questions: two on day 1 and category 1's on days 1-2 (day 1), one on day 44, the
    # open-domain one (no evidence: every day) and the adversarial one (day 86) at the end.
    assert checkpoints == {
        "conv-26": [("25%", 1, 3), ("50%", 1, 3), ("75%", 44, 4), ("100%", 86, 6)],
        "conv-30": [("25%", 1, 0), ("50%", 1, 0), ("75%", 2, 1), ("100%", 2, 1)],
    }
    text = _cli("plan", "--data", f"locomo:{locomo_file}", "--personas", "conv-30", env_cache=cache)
    assert [line.split()[0] for line in text.stdout.splitlines() if "%" in line] == [
        "25%",
        "50%",
        "75%",
        "100%",
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ["--data", "locomo:{f}", "--locomo-categories", "mem0"],
        ["--locomo-categories", "mem0", "--data", "locomo:{f}"],
        ["--data", "locomo-mem0:{f}"],
    ],
)
def test_locomo_categories_flag(locomo_file: Path, tmp_path: Path, argv: list[str]) -> None:
    cache = tmp_path / "c"
    args = [a.replace("{f}", str(locomo_file)) for a in argv]
    r = _cli("plan", *args, "--json", env_cache=cache)
    assert r.returncode == 0, r.stderr
    # Converted once, under mem0's names, whichever order the flags come in.
    (cached,) = (cache / "imports").iterdir()
    assert cached.name.startswith("locomo-mem0-")
    pairs = load_persona(cached, "conv-26").qa
    assert {p.extra["questionType"] for p in pairs if p.extra["locomoCategory"] == 1} == {
        "single-hop"
    }


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--data", "locomo-mem0:{f}", "--locomo-categories", "official"], "contradicts"),
        (["--data", "longmemeval:{f}", "--locomo-categories", "mem0"], "not to longmemeval"),
        (["--data", "{d}", "--locomo-categories", "mem0"], "an imported directory keeps"),
        (["--locomo-categories", "mem0"], "no --data was given"),
    ],
)
def test_locomo_categories_flag_misused(
    locomo_file: Path, tmp_path: Path, argv: list[str], expected: str
) -> None:
    args = [a.replace("{f}", str(locomo_file)).replace("{d}", str(tmp_path)) for a in argv]
    r = _cli("validate", *args, env_cache=tmp_path / "c")
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and expected in r.stderr
