"""create-persona: two calls, lenient parsing, a persona with principal, cast and sessions whose arcs
name them, validated before writing, and a story that ``generate`` can plan."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _genfakes import ARCS_REPLY, PERSONA_REPLY, invoke, write_entry, write_model_file
from hypothesis import example, given, settings
from hypothesis import strategies as st

from recallbench._convert import structure_disk
from recallbench.data.dataset import load_persona_definition
from recallbench.data.persona import Story
from recallbench.errors import DatasetError, ModelError
from recallbench.generation.create import (
    arcs_file_name,
    create_arcs,
    create_persona,
    parse_yaml_reply,
    write_created,
)
from recallbench.generation.create_prompts import SYSTEM_PROMPT, arc_quotas
from recallbench.generation.normalise import normalise_arcs, normalise_persona
from recallbench.generation.planning import plan_story
from recallbench.testing import ScriptedModel


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def scripted() -> ScriptedModel:
    return ScriptedModel(replies=write_entry, input_tokens=50, output_tokens=20)


@pytest.mark.anyio
async def test_create_persona_makes_sessions_arcs_can_use(tmp_path: Path) -> None:
    model = scripted()
    created = await create_persona(
        model, "A lab manager agent", epoch="2024-01-01", days=30, persona_id="lab"
    )
    [persona_call, arcs_call] = model.calls
    assert persona_call.system_prompt == SYSTEM_PROMPT
    assert "A lab manager agent" in persona_call.user_message
    assert '"2024-01-01"' in persona_call.user_message
    assert persona_call.max_tokens == 4000
    assert arcs_call.max_tokens == 8000  # the arcs call gets twice the tokens (reference)
    assert "days 1-30" in arcs_call.user_message
    assert "- lab-group: group with Dr. Mira Okafor, Theo Park" in arcs_call.user_message
    assert "- grants-committee: group with Dr. Mira Okafor (isolated)" in arcs_call.user_message

    p = created.persona
    assert (p.id, p.name, p.epoch, p.company) == (
        "lab",
        "Vela",
        "2024-01-01",
        "Northwind University",
    )
    assert p.principal is not None and p.principal.name == "Dr. Mira Okafor"
    assert [s.id for s in p.sessions] == ["principal", "lab-group", "grants-committee"]
    principal = p.sessions[0]
    assert (principal.kind, principal.participants) == ("1to1", ("Dr. Mira Okafor",))
    assert principal.extra["label"] == "my 1:1 with Mira"
    assert p.sessions[2].isolated and p.sessions[2].sensitive_topics
    assert [(c.name, c.kind) for c in p.cast] == [("Theo Park", "human"), ("@pipette-bot", None)]

    arcs = {a.id: a for a in created.story.arcs}
    assert list(arcs) == [
        "fold-atlas",
        "fold-atlas-2",
        "buffer-ph",
        "grant-review",
        "missing-beliefs",
    ]
    atlas = arcs["fold-atlas"]
    assert atlas.referenced_sessions == ("lab-group",)  # "nowhere" is not a session
    assert [d.day for d in atlas.directives] == [2]  # day 40 lies outside the arc
    buffer = arcs["buffer-ph"]
    assert (buffer.type, buffer.wrong_day, buffer.corrected_day) == ("correction", 3, 9)
    assert arcs["grant-review"].end_day == 30  # clamped to the horizon
    missing = arcs["missing-beliefs"]
    assert (missing.type, missing.primary_session) == ("decision", "principal")
    assert any("missing-beliefs" in n and "decision" in n for n in created.notes)
    assert created.story.extra["quietPeriods"] == [
        {"startDay": 20, "endDay": 23, "kind": "conference"}
    ]
    assert created.arcs_file == "arcs-30d.yaml"

    pdir = tmp_path / "lab"
    written = write_created(pdir, created)
    assert [w.name for w in written] == ["persona.yaml", "arcs-30d.yaml"]
    definition = load_persona_definition(tmp_path, "lab", "arcs-30d.yaml")
    plans = plan_story(definition)
    assert plans, "the reference's created personas planned no day at all"
    assert set(range(1, 19)) <= set(plans)
    assert not {20, 21, 22, 23} & set(plans)  # the declared quiet period stays quiet
    assert plans[19].filler  # the week of day 19 had four active weekdays
    assert plans[5].sessions == ("principal", "lab-group")


@pytest.mark.anyio
async def test_arcs_only_keeps_the_persona(tmp_path: Path) -> None:
    created = await create_persona(scripted(), "x", days=30, persona_id="lab")
    write_created(tmp_path / "lab", created)
    before = (tmp_path / "lab" / "persona.yaml").read_bytes()
    model = scripted()
    arcs = await create_arcs(model, "x", created.persona, epoch="2025-03-01", days=60)
    assert arcs.persona_data is None
    assert [w.name for w in write_created(tmp_path / "lab", arcs)] == ["arcs-60d.yaml"]
    assert (tmp_path / "lab" / "persona.yaml").read_bytes() == before
    assert load_persona_definition(tmp_path, "lab", "arcs-60d.yaml").epoch == "2025-03-01"
    assert len(model.calls) == 1


def test_replies_are_read_leniently() -> None:
    assert parse_yaml_reply("```yaml\na: 1\n```", "x") == {"a": 1}
    assert parse_yaml_reply(PERSONA_REPLY, "x")["name"] == "Vela"  # prose around a fenced block
    assert parse_yaml_reply(ARCS_REPLY, "x")["arcs"][0]["id"] == "fold-atlas"
    with pytest.raises(ModelError, match=r"persona reply is not YAML \(a YAML syntax error"):
        parse_yaml_reply("key: [unclosed\n  - : :", "persona")
    with pytest.raises(ModelError, match="empty reply"):
        parse_yaml_reply("  ", "persona")


@pytest.mark.anyio
async def test_a_reply_that_is_not_a_mapping_is_a_model_error() -> None:
    with pytest.raises(ModelError, match="not a mapping"):
        await create_persona(ScriptedModel(replies="- just\n- a list"), "x")


def test_defaults_follow_the_reference() -> None:
    data, notes = normalise_persona({}, epoch="2024-01-01")
    assert data["id"] == "generated-persona"
    assert (data["name"], data["role"], data["domain"]) == ("Unknown", "Professional", "General")
    assert (data["company"], data["team_size"]) == ("Acme Corp", 5)
    assert data["sessions"] == [{"id": "principal", "kind": "1to1", "participants": ["Unknown"]}]
    assert any("principal" in n for n in notes)
    arcs, _ = normalise_arcs({"arcs": [{}]}, sessions=[], epoch="2024-01-01", days=1000)
    [arc] = arcs["arcs"]
    assert (arc["id"], arc["type"], arc["startDay"], arc["endDay"]) == ("arc-1", "project", 1, 100)
    assert arc["primarySession"] == "principal"


def test_arc_quotas_scale_with_the_horizon() -> None:
    assert arc_quotas(1000)[:2] == (18, 22)  # the type quotas add up to 18 of the 15–22
    low, high, quotas = arc_quotas(90)
    assert all(n == 1 for n in quotas.values())
    assert low == 6 <= high


@pytest.mark.anyio
async def test_an_invalid_result_is_not_written(tmp_path: Path) -> None:
    created = await create_persona(scripted(), "x", days=30, persona_id="lab")
    broken = Story(epoch=None, arcs=())
    import attrs

    bad = attrs.evolve(created, arcs_data={"arcs": [{"id": "a", "type": "mystery"}]}, story=broken)
    with pytest.raises(DatasetError, match="nothing was written"):
        write_created(tmp_path / "lab", bad)
    assert not (tmp_path / "lab").exists()
    assert [p.name for p in tmp_path.iterdir()] == []  # no scratch directory left behind


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2000) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
arc_keys = st.sampled_from(
    [
        "id",
        "type",
        "title",
        "startDay",
        "endDay",
        "primarySession",
        "referencedSessions",
        "directives",
        "wrongDay",
        "correctedDay",
        "wrongBelief",
        "correctedBelief",
    ]
)


@settings(max_examples=80)
@given(
    st.lists(st.dictionaries(arc_keys, junk | st.integers(1, 60)), max_size=5),
    st.integers(1, 60),
)
@example([{"startDay": "¹"}], 1)  # str.isdigit() is true for superscripts; int() is not
@example([{"startDay": "--5", "endDay": " 7 "}], 10)
def test_any_arcs_reply_normalises_to_a_loadable_story(
    items: list[dict[str, Any]], days: int
) -> None:
    data, _ = normalise_arcs({"arcs": items}, sessions=["a"], epoch="2024-01-01", days=days)
    story = structure_disk(data, Story)
    ids = [a.id for a in story.arcs]
    assert len(ids) == len(set(ids)) == len(items)
    for arc in story.arcs:
        assert 1 <= arc.start_day <= arc.end_day <= days
        assert arc.primary_session in ("principal", "a")
        assert all(1 <= d.day <= days and arc.active_on(d.day) for d in arc.directives)
        if arc.type == "correction":
            assert arc.wrong_belief and arc.corrected_belief
            assert arc.corrected_day is not None and arc.active_on(arc.corrected_day)


@settings(max_examples=60)
@given(st.dictionaries(st.sampled_from(["id", "name", "principal", "cast", "sessions"]), junk))
def test_any_persona_reply_normalises_to_a_loadable_persona(raw: dict[str, Any]) -> None:
    from recallbench.data.persona import Persona

    data, _ = normalise_persona(raw, epoch="2024-01-01")
    persona = structure_disk(data, Persona)
    assert persona.sessions[0].id == "principal"
    assert len({s.id for s in persona.sessions}) == len(persona.sessions)


# --- the command --------------------------------------------------------------------------------


def _create(tmp_path: Path, *extra: str) -> int:
    model = write_model_file(tmp_path)
    return invoke(
        [
            "create-persona",
            "--prompt",
            "A lab manager agent for a protein folding lab",
            "--model",
            f"{model}:model",
            "--persona",
            str(tmp_path / "personas" / "lab"),
            "--epoch",
            "2024-01-01",
            "--days",
            "30",
            *extra,
        ]
    )


def test_command_writes_and_summarises(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert _create(tmp_path, "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["personaId"] == "lab"
    assert out["personaName"] == "Vela"
    assert (out["arcsCreated"], out["sessionsCreated"], out["arcsFile"]) == (5, 3, "arcs-30d.yaml")
    assert (out["modelCalls"], out["totalInputTokens"], out["totalOutputTokens"]) == (2, 200, 80)
    pdir = tmp_path / "personas" / "lab"
    assert sorted(p.name for p in pdir.iterdir()) == ["arcs-30d.yaml", "persona.yaml"]
    assert arcs_file_name(30) == "arcs-30d.yaml"


def test_command_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _create(tmp_path) == 0
    capsys.readouterr()
    assert _create(tmp_path) == 2
    err = capsys.readouterr().err
    assert "persona.yaml" in err and "--overwrite" in err and err.count("\n") == 1
    pdir = tmp_path / "personas" / "lab"
    (pdir / "memories-30d").mkdir()
    (pdir / "memories-30d" / "day-0001.md").write_text("---\ntype: daily\n---\n")
    assert _create(tmp_path, "--arcs-only") == 2
    assert "memories-30d/ holds day logs" in capsys.readouterr().err
    assert _create(tmp_path, "--arcs-only", "--overwrite") == 0


def test_command_arcs_only_needs_a_persona(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _create(tmp_path, "--arcs-only") == 2
    assert "create the persona first" in capsys.readouterr().err


def test_command_model_failure_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad_model.py"
    bad.write_text(
        "class M:\n    async def complete(self, s, u, *, temperature=None, max_tokens=None):\n"
        "        return 'this: is: not: yaml: ['\nmodel = M()\n",
        encoding="utf-8",
    )
    code = invoke(
        [
            "create-persona",
            "--prompt",
            "x",
            "--model",
            f"{bad}:model",
            "--persona",
            str(tmp_path / "p"),
        ]
    )
    assert code == 1
    err = capsys.readouterr().err
    assert "not YAML" in err and "nothing was written" in err
    assert not (tmp_path / "p").exists()


def test_command_rejects_a_bad_epoch(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as info:
        _create(tmp_path, "--epoch", "2024-13-01")
    assert info.value.code == 2
