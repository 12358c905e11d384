"""Pass 1 planning: phases, echoes, sessions, density, directives, corrections, day selection and gap
filling (reference §5.2 steps 1–4 and its legacy helpers), as examples and as properties."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

import pytest
from _genfakes import ARCS, PLANNED_DAYS, write_gen_persona
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench.data.dataset import load_persona_definition
from recallbench.data.persona import Arc, Directive, Story
from recallbench.generation.planning import (
    WEEKDAYS,
    ActiveArc,
    CorrectionState,
    DayDirective,
    active_arcs,
    active_sessions,
    arc_phase,
    correction_states,
    day_directives,
    density_hint,
    echo_today,
    identify_gap_days,
    plan_story,
    quiet_days,
    select_arc_days,
    story_horizon,
    weekday,
)

EPOCH = "2024-01-01"  # a Monday

AUTH = Arc(
    id="auth-migration",
    type="project",
    title="Auth migration",
    start_day=15,
    end_day=145,
    directives=(Directive(day=15, event="kick-off"), Directive(day=85, event="pool incident")),
)
POOL = Arc(id="incident-db-pool", type="incident", start_day=85, end_day=95)
RATE = Arc(
    id="correction-rate-limit",
    type="correction",
    start_day=50,
    end_day=200,
    wrong_day=50,
    corrected_day=200,
    wrong_belief="100 rps",
    corrected_belief="1000 rps",
)
K8S = Arc(id="learning-k8s", type="learning", start_day=50, end_day=280)
ARCS_EXAMPLE = (AUTH, POOL, RATE, K8S)


def annotated(arc_type: str = "project", day_in_arc: int = 50, length: int = 200) -> ActiveArc:
    arc = Arc(id=f"a-{arc_type}", type=arc_type, start_day=1, end_day=length)
    return ActiveArc(
        arc=arc,
        day_in_arc=day_in_arc,
        arc_length=length,
        phase=arc_phase(day_in_arc, length),
        echo_today=False,
    )


# --- the reference's examples -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "phase"),
    [
        (1, "early"),
        (14, "early"),
        (15, "mid"),
        (75, "mid"),
        (76, "late"),
        (90, "late"),
        (91, "concluding"),
        (100, "concluding"),
    ],
)
def test_phase_boundaries(day: int, phase: str) -> None:
    assert arc_phase(day, 100) == phase


def test_phase_of_an_empty_arc_is_mid() -> None:
    assert arc_phase(1, 0) == "mid"


def test_active_arcs_are_annotated() -> None:
    assert [a.id for a in active_arcs(ARCS_EXAMPLE, 90)] == [a.id for a in ARCS_EXAMPLE]
    assert active_arcs(ARCS_EXAMPLE, 10) == ()
    [auth] = [a for a in active_arcs(ARCS_EXAMPLE, 15) if a.id == "auth-migration"]
    assert (auth.phase, auth.day_in_arc, auth.arc_length) == ("early", 1, 131)
    assert "auth-migration" in [a.id for a in active_arcs(ARCS_EXAMPLE, 145)]


def test_density_rules() -> None:
    normal, incident, start = annotated(), annotated("incident", 3, 10), annotated(day_in_arc=1)
    fix = CorrectionState(
        arc_id="x", phase="correction_day", wrong_belief="w", corrected_belief="r"
    )
    two = (DayDirective(arc_id="a", event="1"), DayDirective(arc_id="b", event="2"))
    assert density_hint("Saturday", [normal], [], []) == "quiet"
    assert density_hint("Sunday", [normal], [], []) == "quiet"
    assert density_hint("Saturday", [incident], [], []) == "busy"
    assert density_hint("Wednesday", [normal], [], [fix]) == "dense"
    assert density_hint("Monday", [normal, normal, normal], two, []) == "dense"
    assert density_hint("Monday", [incident], [], []) == "busy"
    assert density_hint("Tuesday", [start], [], []) == "busy"
    assert density_hint("Wednesday", [normal], two[:1], []) == "busy"
    assert density_hint("Monday", [normal, normal, normal], [], []) == "busy"
    assert density_hint("Monday", [normal], [], []) == "normal"
    assert density_hint("Wednesday", [], [], []) == "quiet"


def test_directives_and_corrections() -> None:
    assert day_directives(ARCS_EXAMPLE, 15) == (
        DayDirective(arc_id="auth-migration", event="kick-off"),
    )
    assert day_directives(ARCS_EXAMPLE, 100) == ()
    [before] = correction_states(ARCS_EXAMPLE, 100)
    assert (before.phase, before.wrong_belief, before.corrected_belief) == (
        "wrong_belief",
        "100 rps",
        None,
    )
    [on] = correction_states(ARCS_EXAMPLE, 200)
    assert (on.phase, on.corrected_belief) == ("correction_day", "1000 rps")
    longer = Arc(**{**_fields(RATE), "end_day": 220})
    [after] = correction_states([longer], 201)
    assert (after.phase, after.corrected_belief) == ("post_correction", "1000 rps")
    assert correction_states(ARCS_EXAMPLE, 10) == ()


def _fields(arc: Arc) -> dict[str, object]:
    import attrs

    return {a.name: getattr(arc, a.name) for a in attrs.fields(Arc)}


def test_calendar() -> None:
    assert weekday(EPOCH, 1) == "Monday"
    assert weekday(EPOCH, 6) == "Saturday"
    from recallbench.data.persona import day_date

    assert day_date(EPOCH, 32) == "2024-02-01"


def test_select_arc_days_examples() -> None:
    days = select_arc_days(AUTH, EPOCH)
    assert {15, 85, 145} <= set(days)
    assert {50, 200} <= set(select_arc_days(RATE, EPOCH))
    assert len(select_arc_days(Arc(id="s", type="project", start_day=1, end_day=10), EPOCH)) >= 3
    long = select_arc_days(Arc(id="l", type="project", start_day=1, end_day=200), EPOCH)
    assert 10 < len(long) < 200


def test_identify_gap_days_examples() -> None:
    assert len(identify_gap_days({1}, 1, 7, EPOCH, 5)) == 4
    assert identify_gap_days({1, 2, 3, 4, 5}, 1, 7, EPOCH, 5) == ()
    assert len(identify_gap_days({1, 2}, 1, 7, EPOCH, 3)) == 1
    assert len(identify_gap_days({1, 2}, 1, 7, EPOCH, 5)) == 3
    assert identify_gap_days({1, 2, 3, 4, 5, 8, 9, 10, 11, 12}, 1, 14, EPOCH, 5) == ()
    assert identify_gap_days(set(), 1, 7, EPOCH) == (1, 2, 3, 4, 5)


def test_echo_touchpoints() -> None:
    arc = Arc(
        id="e",
        type="project",
        start_day=10,
        end_day=60,
        referenced_sessions=("team",),
        directives=(Directive(day=20, event="x"),),
    )
    echoes = [d for d in range(1, 70) if echo_today(arc, d)]
    assert echoes == [10, 20, 24, 38, 52, 60]  # start, directive, arc days 15/29/43, end
    assert not any(
        echo_today(Arc(**{**_fields(arc), "referenced_sessions": ()}), d) for d in echoes
    )


def test_fixture_plan(tmp_path: Path) -> None:
    write_gen_persona(tmp_path)
    definition = load_persona_definition(tmp_path, "gen-test", ARCS)
    plans = plan_story(definition)
    assert tuple(plans) == PLANNED_DAYS
    assert [d for d, p in plans.items() if p.filler] == [17, 18]  # 15–16 are a quiet period
    assert plans[17].sessions == ("principal",)
    assert plans[17].density == "quiet"
    assert plans[1].sessions == ("principal", "eng-team")  # the atlas arc echoes on its start
    assert plans[2].sessions == ("principal",)
    assert plans[8].density == "dense"  # the budget's correction day
    assert [c.phase for c in plans[8].corrections_for("principal")] == ["correction_day"]
    assert plans[3].directives_for("eng-team") == (
        DayDirective(arc_id="project-atlas", event="Atlas kickoff demo"),
    )
    assert plans[6].sessions == ("principal", "eng-team")  # the weekend incident
    assert plans[6].density == "busy"
    assert plans[19].sessions == ("people-room",)
    without = plan_story(definition, gap_fill=False)
    assert 17 not in without
    assert set(without) == set(PLANNED_DAYS) - {17, 18}
    sparse = plan_story(definition, schedule="arc-days", gap_fill=False)
    assert set(sparse) < set(without)
    assert {1, 3, 8, 10, 14} <= set(sparse)  # boundaries, directives, correction day


def test_session_lifecycle_is_enforced(tmp_path: Path) -> None:
    pdir = write_gen_persona(tmp_path)
    text = (pdir / ARCS).read_text(encoding="utf-8")
    (pdir / ARCS).write_text(
        text.replace("arcs:\n", "sessions:\n  - id: eng-team\n    lastDay: 5\narcs:\n", 1),
        encoding="utf-8",
    )
    plans = plan_story(load_persona_definition(tmp_path, "gen-test", ARCS))
    assert plans[1].sessions == ("principal", "eng-team")
    assert plans[6].sessions == ("principal",)  # the incident's room has closed


# --- properties ---------------------------------------------------------------------------------

ARC_TYPES = ("project", "incident", "decision", "learning", "relationship", "correction")


@st.composite
def arcs(draw: st.DrawFn, horizon: int = 120) -> Arc:
    start = draw(st.integers(1, horizon))
    end = draw(st.integers(start, min(horizon, start + 150)))
    in_arc = st.integers(start, end)
    kind = draw(st.sampled_from(ARC_TYPES))
    directives = tuple(Directive(day=d, event=f"e{d}") for d in draw(st.lists(in_arc, max_size=4)))
    extra: dict[str, object] = {}
    if kind == "correction":
        extra = {
            "wrong_day": draw(in_arc),
            "corrected_day": draw(in_arc),
            "wrong_belief": "w",
            "corrected_belief": "r",
        }
    return Arc(
        id=f"arc-{start}-{end}-{draw(st.integers(0, 999))}",
        type=kind,
        start_day=start,
        end_day=end,
        primary_session=draw(st.sampled_from(("principal", "a", "b", None))),
        referenced_sessions=tuple(draw(st.lists(st.sampled_from(("a", "b", "c")), max_size=2))),
        directives=directives,
        **extra,  # type: ignore[arg-type]
    )


epochs = st.dates(dt.date(2000, 1, 1), dt.date(2040, 12, 31)).map(dt.date.isoformat)


@given(st.integers(1, 500), st.integers(1, 500))
def test_phase_never_goes_back(day: int, length: int) -> None:
    order = ("early", "mid", "late", "concluding")
    assert order.index(arc_phase(day, length)) <= order.index(arc_phase(day + 1, length))


@given(arcs(), epochs)
def test_selected_days_lie_in_the_arc_and_keep_pinned_days(arc: Arc, epoch: str) -> None:
    days = select_arc_days(arc, epoch)
    assert list(days) == sorted(set(days))
    assert all(arc.start_day <= d <= arc.end_day for d in days)
    pinned = {arc.start_day, arc.end_day} | {d.day for d in arc.directives}
    pinned |= {d for d in (arc.wrong_day, arc.corrected_day) if d is not None}
    assert pinned <= set(days)
    if arc.type != "incident":
        spread = set(days) - pinned
        assert all(weekday(epoch, d) not in ("Saturday", "Sunday") for d in spread)


@given(st.sets(st.integers(1, 80)), st.integers(1, 60), st.integers(0, 40), epochs)
def test_gap_fill_fills_each_week_and_is_idempotent(
    active: set[int], start: int, span: int, epoch: str
) -> None:
    end = start + span
    gaps = identify_gap_days(active, start, end, epoch)
    assert len(set(gaps)) == len(gaps)
    assert not set(gaps) & active
    assert all(start <= d <= end and weekday(epoch, d) in WEEKDAYS[:5] for d in gaps)
    assert identify_gap_days(active | set(gaps), start, end, epoch) == ()
    filled = active | set(gaps)
    for d in range(start, end + 1):  # every whole Monday–Sunday week in the span has 5
        if weekday(epoch, d) != "Monday" or d + 6 > end:
            continue
        assert sum(1 for x in range(d, d + 5) if x in filled) == 5


@settings(max_examples=60)
@given(st.lists(arcs(), max_size=6, unique_by=lambda a: a.id), st.integers(1, 130))
def test_active_sessions_are_the_primaries_and_echoes(arc_list: list[Arc], day: int) -> None:
    active = active_arcs(arc_list, day)
    sessions = active_sessions(active, ("b", "a"))
    expected = {a.arc.primary_session for a in active if a.arc.primary_session}
    expected |= {s for a in active if a.echo_today for s in a.arc.referenced_sessions}
    assert set(sessions) == expected
    assert len(sessions) == len(set(sessions))
    if "principal" in sessions:
        assert sessions[0] == "principal"
    declared = [s for s in sessions if s in ("a", "b")]
    assert declared == [s for s in ("b", "a") if s in declared]


@settings(max_examples=40, deadline=None)
@given(st.lists(arcs(), min_size=1, max_size=5, unique_by=lambda a: a.id), epochs)
def test_story_plans_are_well_formed(arc_list: list[Arc], epoch: str) -> None:
    from recallbench.data.persona import Persona, PersonaDefinition

    story = Story(epoch=epoch, arcs=tuple(arc_list))
    definition = PersonaDefinition(
        persona=Persona(id="p", name="P"), story=story, arcs_file="arcs.yaml"
    )
    plans = plan_story(definition)
    horizon = story_horizon(story)
    assert list(plans) == sorted(plans)
    for day, plan in plans.items():
        assert 1 <= day <= horizon
        assert plan.sessions
        assert plan.day == day
        if plan.filler:
            assert plan.sessions == ("principal",) and plan.arcs == ()
    for day in range(1, horizon + 1):  # every day an arc with a session runs has a log
        if any(a.active_on(day) and a.primary_session for a in arc_list):
            assert day in plans
    assert quiet_days(story) == frozenset()


def test_planning_is_pure() -> None:
    code = (
        "import sys, recallbench.generation.planning, recallbench.generation.history, "
        "recallbench.generation.day_prompts, recallbench.generation.normalise, "
        "recallbench.generation.create_prompts\n"
        "bad = {'anyio', 'aiohttp', 'grpc', 'matplotlib'} & set(sys.modules)\n"
        "print(sorted(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
