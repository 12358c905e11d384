"""The persona engine: determinism, the world it builds, the questions it proves, and the shipped files
(version 2 under ``personas/``; version 1, the first shipped set, against ``personas/v1.sha256``)."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import pytest

from recallbench.cli import main
from recallbench.data.corpus import split_sessions
from recallbench.data.dataset import load_persona
from recallbench.data.deepcheck import deep_check
from recallbench.data.qa import CATEGORIES
from recallbench.data.validate import validate_dataset
from recallbench.generation.synth import (
    ENGINE_VERSION,
    SHIPPED,
    SHIPPED_VARIANTS,
    SynthPersona,
    check_domain,
    load_domain,
    synthesize,
    write_persona,
)
from recallbench.generation.synth.rng import Rng
from recallbench.generation.synth.schedule import MAX_CONCURRENT
from recallbench.generation.synth.stats import persona_stats, sentence_templates

PERSONAS = Path(__file__).resolve().parents[1] / "personas"
V1_MANIFEST = PERSONAS / "v1.sha256"
VARIANT_IDS = [f"{pid}-{days}d" for pid, days, _ in SHIPPED_VARIANTS]
VARIANTS = [(p, d) for p, d, _ in SHIPPED_VARIANTS]
# Each shipped persona is synthesised once (``shipped``, cached per process): on one xdist worker.
pytestmark = pytest.mark.xdist_group("synth")


@functools.cache
def shipped(pid: str, days: int, version: int = ENGINE_VERSION) -> SynthPersona:
    seed = next(s for p, d, s in SHIPPED_VARIANTS if (p, d) == (pid, days))
    return synthesize(load_domain(pid), days, seed, version)


# ---------------------------------------------------------------- the generator


def test_rng_is_pinned() -> None:
    """Golden values: a change here silently changes every shipped byte (bump ENGINE_VERSION)."""
    r = Rng(0)
    assert [r.below(1000) for _ in range(6)] == [535, 700, 679, 444, 747, 90]
    assert Rng(1234).fork("a", "b").randint(1, 10**9) == 526069991
    assert Rng(5).random() == 0.386768045983934


def test_rng_streams_and_forks() -> None:
    a, b = Rng(7), Rng(7)
    assert [a.random() for _ in range(10)] == [b.random() for _ in range(10)]
    assert Rng(7).fork("x").random() == Rng(7).fork("x").random()
    assert Rng(7).fork("x").random() != Rng(7).fork("y").random()
    items = list(range(20))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert len(set(Rng(3).sample(range(50), 10))) == 10


@pytest.mark.parametrize("pid", list(SHIPPED))
def test_shipped_domains_are_complete(pid: str) -> None:
    assert check_domain(load_domain(pid)) == []


def test_same_seed_same_bytes_other_seed_other_bytes() -> None:
    d = load_domain("research-scientist")
    a, b, c = synthesize(d, 90, 5), synthesize(d, 90, 5), synthesize(d, 90, 6)
    assert a.day_texts == b.day_texts and a.questions_yaml == b.questions_yaml
    assert a.day_texts != c.day_texts


def test_too_short_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 60 days"):
        synthesize(load_domain("er-physician"), 30, 1)


# ---------------------------------------------------------------- the world


@pytest.mark.parametrize(("pid", "days"), VARIANTS, ids=VARIANT_IDS)
def test_world_shape(pid: str, days: int) -> None:
    p = shipped(pid, days)
    sched = p.schedule
    assert {a.type for a in sched.arcs} == {
        "project",
        "incident",
        "decision",
        "learning",
        "relationship",
        "correction",
    }
    for day in range(1, days + 1):
        assert sum(a.start <= day <= a.end for a in sched.arcs) <= MAX_CONCURRENT
    assert 1 <= len(sched.quiet) <= 2
    for q in sched.quiet:
        assert 10 <= q.end - q.start + 1 <= 15
    size = {d: len(t.encode()) for d, t in enumerate(p.day_texts, 1)}
    quiet = [size[d] for q in sched.quiet for d in range(q.start, q.end + 1)]
    weekday = [
        size[d] for d in size if not sched.cal.is_weekend(d) and sched.quiet_period(d) is None
    ]
    weekend = [size[d] for d in size if sched.cal.is_weekend(d) and sched.quiet_period(d) is None]
    # a quiet-period day is a line or two; version 2 writes fewer routine lines than version 1 did
    # (none twice in three weeks), so its lightest weekdays are light too: compare with the median
    assert max(quiet) < 1000 < sorted(weekday)[len(weekday) // 2]
    assert sum(weekend) / len(weekend) < 0.6 * sum(weekday) / len(weekday)
    assert len(load_domain(pid).cast) >= 15
    assert len(set(sched.density.values())) == 4


@pytest.mark.parametrize(("pid", "days"), VARIANTS, ids=VARIANT_IDS)
def test_day_format(pid: str, days: int) -> None:
    p = shipped(pid, days)
    order = [s.id for s in p.domain.sessions]
    for text in p.day_texts:
        assert text.startswith("---\ntype: daily\n---\n\n# session: principal\n\n")
        assert text.endswith("\n") and not text.endswith("\n\n")
        bodies = split_sessions(text)
        assert list(bodies) == [s for s in order if s in bodies]
        for body in bodies.values():
            assert body.startswith("### ")
    joined = "".join(p.day_texts)
    assert "> " in joined and ': "' in joined
    assert "Outstanding:" in joined and "Open loops:" in joined


def test_sessions_of_the_executive_assistant() -> None:
    d = load_domain("executive-assistant")
    groups = [s for s in d.sessions if s.kind == "group"]
    assert d.sessions[0].id == "principal"
    assert len(groups) >= 4 and sum(s.isolated for s in groups) >= 2
    others = [pid for pid in SHIPPED if pid != "executive-assistant"]
    assert any(len(load_domain(pid).sessions) >= 2 for pid in others)


# ---------------------------------------------------------------- the questions


@pytest.mark.parametrize(("pid", "days"), VARIANTS, ids=VARIANT_IDS)
def test_question_mix(pid: str, days: int) -> None:
    p = shipped(pid, days)
    s = persona_stats(p)
    assert s.pairs >= (500 if days >= 1000 else 150)
    multi = any(x.kind == "group" for x in p.domain.sessions)
    isolated = any(x.isolated for x in p.domain.sessions)
    for cat in CATEGORIES:
        if cat == "information-boundary" and not isolated:
            continue
        if cat == "group-session-attribution" and not multi:
            continue
        assert s.categories[cat] > 0, cat
    assert s.weeks_without_new == 0
    assert s.derived_key_share < 0.15
    ids = [q["id"] for q in p.questions]
    assert len(set(ids)) == len(ids) and all(i.startswith(f"{pid}-q") for i in ids)
    for q in p.questions:
        assert q["relevant_days"][-1] <= days
        if q["category"] == "information-boundary":
            assert q["forbidden_sessions"] and q["expected_disclosure"] in (
                "refuse",
                "partial",
                "answer",
            )
        if q["category"] == "negative-recall":
            assert q["absent_subjects"] and q["key_facts"] == []
    assert {q.get("expected_disclosure") for q in p.questions} >= {"refuse", "partial"}


@pytest.mark.parametrize(("pid", "days"), VARIANTS, ids=VARIANT_IDS)
def test_realism_targets(pid: str, days: int) -> None:
    """Issue 18's targets on the shipped (version 2) personas: no sentence shape on more than 5% of
    days with the connectives left out, questions worded away from the sentences that answer them."""
    s = persona_stats(shipped(pid, days))
    assert s.sizes["median"] >= 1.5 * 1024
    assert s.sizes["max"] <= 20 * 1024
    assert s.top_template_share <= 0.05, s.top_template
    assert s.question_overlap <= 0.25
    assert s.section_overlap <= 0.25


def test_sentence_templates_mask_names_numbers_and_files() -> None:
    text = "---\ntype: daily\n---\n\n# session: principal\n\n### Head\n\nMaya paid $1,200 for `a.md` today. Ok then.\n"
    assert sentence_templates(text) == {"X paid # for `file` today."}


def test_sentence_templates_leave_out_the_connectives() -> None:
    """Version 1's openers and closers are not part of a sentence's shape."""
    head = "---\ntype: daily\n---\n\n# session: principal\n\n### Head\n\n"
    plain = sentence_templates(head + "The report cleared approval the same afternoon.\n")
    assert plain == sentence_templates(
        head + "Before lunch, the report cleared approval the same afternoon; filed and done.\n"
    )
    assert plain == sentence_templates(
        head
        + "Side note: The report cleared approval the same afternoon; it took about 12 minutes.\n"
    )


def test_a_generated_persona_passes_deep_validation(tmp_path: Path) -> None:
    p = synthesize(load_domain("financial-advisor"), 120, 99)
    write_persona(p, tmp_path)
    report = deep_check(tmp_path, ["financial-advisor"], "arcs-120d.yaml")
    assert [x for x in report.problems if x.severity == "error"] == []
    assert report.proven >= len(p.questions) * 0.9


# ---------------------------------------------------------------- the shipped files


@pytest.mark.slow
@pytest.mark.parametrize(("pid", "days"), VARIANTS, ids=VARIANT_IDS)
def test_committed_personas_regenerate_byte_for_byte(pid: str, days: int) -> None:
    want = {name: text.encode() for name, text in shipped(pid, days).files().items()}
    root = PERSONAS / pid
    on_disk = {
        str(f.relative_to(PERSONAS)): f.read_bytes()
        for f in [
            root / "persona.yaml",
            root / f"arcs-{days}d.yaml",
            root / f"qa-{days}d" / "questions.yaml",
            *sorted((root / f"memories-{days}d").glob("day-*.md")),
        ]
    }
    assert sorted(on_disk) == sorted(want)
    changed = [name for name in want if want[name] != on_disk[name]]
    assert changed == [], (
        f"{len(changed)} file(s) differ, first {changed[:3]}; run `recallbench synth --all --out personas`"
    )


def _v1_manifest() -> dict[str, str]:
    pairs = (line.split("  ", 1) for line in V1_MANIFEST.read_text().splitlines() if line)
    return {name: digest for digest, name in pairs}


@pytest.mark.slow
@pytest.mark.parametrize(("pid", "days"), VARIANTS, ids=VARIANT_IDS)
def test_version_1_regenerates_byte_for_byte(pid: str, days: int) -> None:
    """The first shipped set is not committed (it would double personas/); `synth --version 1`
    rebuilds it, and personas/v1.sha256 holds the digest of every file it wrote."""
    manifest = _v1_manifest()
    files = shipped(pid, days, 1).files()
    changed = [
        name
        for name, text in files.items()
        if manifest.get(name) != hashlib.sha256(text.encode()).hexdigest()
    ]
    assert changed == [], f"{len(changed)} version-1 file(s) differ, first {changed[:3]}"
    # its realism as measured now: version 1 kept its sentence shapes under 5% of days by opening
    # routine lines with connectives; without them its most repeated shape is on more days, and its
    # questions share about half their words with their answers (the figures docs/personas.md gives)
    stats = persona_stats(shipped(pid, days, 1))
    assert stats.sizes["median"] >= 3 * 1024
    assert stats.top_template_share > 0.05
    assert stats.question_overlap >= 0.4
    assert stats.section_overlap >= 0.4
    prefix = f"{pid}/"
    mine = {
        n
        for n in manifest
        if n.startswith(prefix) and (f"-{days}d" in n or n.endswith("/persona.yaml"))
    }
    assert mine == set(files)


def test_versions_write_their_number() -> None:
    """The arcs file names the engine version that wrote it; an unknown version is refused."""
    p1, p2 = shipped("executive-assistant", 180, 1), shipped("executive-assistant", 180)
    assert "version: 1\n" in p1.arcs_yaml and f"version: {ENGINE_VERSION}\n" in p2.arcs_yaml
    assert p1.day_texts != p2.day_texts
    with pytest.raises(ValueError, match="engine version 9"):
        synthesize(load_domain("er-physician"), 90, 1, 9)


def test_shipped_personas_load_and_validate() -> None:
    assert sorted(p.name for p in PERSONAS.iterdir() if p.is_dir()) == sorted(SHIPPED)
    for pid, days, _ in SHIPPED_VARIANTS:
        arcs = f"arcs-{days}d.yaml"
        data = load_persona(PERSONAS, pid, arcs_file=arcs)
        assert len(data.days) == days
        assert [p for p in validate_dataset(PERSONAS, [pid], arcs) if p.severity == "error"] == []


@pytest.mark.slow
@pytest.mark.parametrize(("pid", "days"), VARIANTS, ids=VARIANT_IDS)
def test_shipped_personas_pass_deep_validation(pid: str, days: int) -> None:
    report = deep_check(PERSONAS, [pid], f"arcs-{days}d.yaml")
    assert [str(x) for x in report.problems if x.severity == "error"] == []
    assert report.proven == report.checked


def test_personas_directory_stays_small() -> None:
    total = sum(f.stat().st_size for f in PERSONAS.rglob("*") if f.is_file())
    assert total < 40 * 1024 * 1024


# ---------------------------------------------------------------- the command


def test_synth_command_writes_a_custom_persona(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "synth",
            "--persona",
            "litigation-attorney",
            "--days",
            "75",
            "--seed",
            "4",
            "--out",
            str(tmp_path),
        ]
    )
    assert code == 0
    root = tmp_path / "litigation-attorney"
    assert (root / "persona.yaml").is_file() and (root / "arcs-75d.yaml").is_file()
    assert len(list((root / "memories-75d").glob("day-*.md"))) == 75
    assert "75d (seed 4)" in capsys.readouterr().err
    again = synthesize(load_domain("litigation-attorney"), 75, 4)
    assert (root / "qa-75d" / "questions.yaml").read_text() == again.questions_yaml


def test_synth_command_writes_version_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "synth",
        "--persona",
        "er-physician",
        "--days",
        "70",
        "--seed",
        "3",
        "--out",
        str(tmp_path),
    ]
    assert main([*argv, "--version", "1"]) == 0
    assert "engine version 1" in capsys.readouterr().err
    again = synthesize(load_domain("er-physician"), 70, 3, 1)
    assert (tmp_path / "er-physician" / "arcs-70d.yaml").read_text() == again.arcs_yaml


def test_synth_stats(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["synth", "--persona", "er-physician", "--days", "80", "--stats"])
    out = capsys.readouterr().out
    assert code == 0
    assert (
        "day size KB" in out and "most repeated sentence template" in out and "categories:" in out
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["synth", "--stats", "--days", "90"], "--days and --seed need --persona"),
        (["synth", "--stats", "--persona", "nobody"], "no shipped world 'nobody'"),
        (["synth", "--stats", "--persona", "er-physician", "--days", "20"], "at least 60 days"),
        (["synth", "--persona", "er-physician"], "nothing to do"),
        (
            ["synth", "--stats", "--persona", "er-physician", "--version", "3"],
            "writes versions 1, 2",
        ),
    ],
)
def test_synth_bad_flags(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
