"""Shared fixtures of the Pass 1 / create-persona tests: a small persona with every planning feature,
a deterministic day writer, a Python-file model for subprocess runs, and a way to run the commands."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from recallbench.data._yaml import dump_yaml

ROOT = Path(__file__).resolve().parent.parent
EPOCH = "2026-01-05"  # a Monday
ARCS = "arcs-21d.yaml"
MEMORIES = "memories-21d"

PERSONA: dict[str, Any] = {
    "id": "gen-test",
    "name": "Quill",
    "role": "AI chief of staff",
    "domain": "Product engineering",
    "company": "Lumen Labs",
    "team_size": 6,
    "profile": "Quill supports Dana Reyes, VP of Engineering at Lumen Labs.",
    "communication_style": "Terse and specific.",
    "principal": {"name": "Dana Reyes", "role": "VP Engineering"},
    "cast": [
        {"name": "Omar Haddad", "role": "Staff engineer"},
        {"name": "Priya Nair", "role": "HR partner"},
        {"name": "@deploybot", "role": "CI agent"},
    ],
    "sessions": [
        {"id": "principal", "kind": "1to1", "participants": ["Dana Reyes"]},
        {
            "id": "eng-team",
            "kind": "group",
            "participants": ["Dana Reyes", "Omar Haddad", "@deploybot"],
        },
        {
            "id": "people-room",
            "kind": "group",
            "participants": ["Dana Reyes", "Priya Nair"],
            "isolated": True,
            "sensitive_topics": ["salaries"],
        },
    ],
    "sharedKnowledge": ["Lumen Labs ships on Thursdays."],
}

STORY: dict[str, Any] = {
    "epoch": EPOCH,
    "quietPeriods": [{"startDay": 15, "endDay": 16, "kind": "offsite"}],
    "arcs": [
        {
            "id": "project-atlas",
            "type": "project",
            "title": "Atlas Platform",
            "description": "Rebuild the deploy pipeline.\nSecond line.\nThird line.\nFourth line.",
            "startDay": 1,
            "endDay": 14,
            "primarySession": "principal",
            "referencedSessions": ["eng-team"],
            "directives": [
                {"day": 3, "event": "Atlas kickoff demo"},
                {"day": 10, "event": "Atlas beta ships"},
            ],
        },
        {
            "id": "incident-outage",
            "type": "incident",
            "title": "Weekend Outage",
            "description": "The build farm goes down.",
            "startDay": 6,
            "endDay": 7,
            "primarySession": "eng-team",
        },
        {
            "id": "correction-budget",
            "type": "correction",
            "title": "Q1 Budget",
            "description": "The size of the Q1 tooling budget.",
            "startDay": 2,
            "endDay": 12,
            "primarySession": "principal",
            "wrongDay": 2,
            "correctedDay": 8,
            "wrongBelief": "The Q1 budget is 40k",
            "correctedBelief": "The Q1 budget is 55k",
        },
        {
            "id": "relationship-hiring",
            "type": "relationship",
            "title": "Hiring Panel",
            "description": "A tense hiring panel.",
            "startDay": 19,
            "endDay": 21,
            "primarySession": "people-room",
        },
    ],
}

#: The days the fixture's plan gives a log: 1–14 (arcs), 17–18 (gap fill; 15–16 are a declared
#: quiet period), 19–21 (the hiring arc).
PLANNED_DAYS = (*range(1, 15), 17, 18, 19, 20, 21)


def write_gen_persona(root: Path, pid: str = "gen-test") -> Path:
    """Write the fixture persona under ``root/pid``; returns the persona directory."""
    pdir = root / pid
    pdir.mkdir(parents=True, exist_ok=True)
    (pdir / "persona.yaml").write_text(dump_yaml({**PERSONA, "id": pid}), encoding="utf-8")
    (pdir / ARCS).write_text(dump_yaml(STORY), encoding="utf-8")
    return pdir


# The model of the subprocess tests, as a Python file the `--model file.py:model` selector loads.
# In-process tests exec the same source, so both write exactly the same entries.
MODEL_SOURCE = r'''
import json, os, re, signal

SESSION = re.compile(r"Write the log of session `([^`]+)` for (\w+), (\d{4}-\d\d-\d\d)\.")
THREAD = re.compile(r"^### (.+?) \(arc ([\w-]+), ", re.MULTILINE)


PERSONA_REPLY = """Here is the persona:

```yaml
id: Lab Helper
name: Vela
role: AI lab manager
domain: Protein folding research
company: Northwind University
team_size: 7
profile: Vela runs the lab's schedule, orders and instrument bookings.
communication_style: Precise, with numbers.
projects:
  - name: Fold Atlas
    description: Map folding intermediates.
principal:
  name: Dr. Mira Okafor
  role: Principal investigator
cast:
  - {name: Theo Park, role: Postdoc, kind: human}
  - {name: "@pipette-bot", role: Liquid handler, kind: robot}
  - {name: Dr. Mira Okafor, role: the principal again}
sessions:
  - {id: Lab Group, kind: group, participants: [Dr. Mira Okafor, Theo Park]}
  - {id: principal, kind: dm, participants: [Dr. Mira Okafor], label: "my 1:1 with Mira"}
  - id: grants-committee
    kind: group
    participants: [Dr. Mira Okafor]
    isolated: true
    sensitive_topics: [unannounced funding decisions]
sharedKnowledge: [The cryo-EM is booked on Tuesdays.]
```
"""

ARCS_REPLY = """quietPeriods:
  - {startDay: 20, endDay: 23, kind: conference}
arcs:
  - id: fold-atlas
    type: project
    title: Fold Atlas
    description: Map the folding intermediates of three proteins.
    startDay: 1
    endDay: 18
    primarySession: principal
    referencedSessions: [lab-group, nowhere]
    directives: [{day: 2, event: First fold map}, {day: 40, event: out of range}]
  - id: fold-atlas
    type: incident
    title: Freezer Alarm
    description: The -80 freezer alarms overnight.
    startDay: 5
    endDay: 6
    primarySession: lab-group
  - type: correction
    title: Buffer pH
    description: The pH of the standard buffer.
    startDay: 3
    endDay: 14
    primarySession: principal
    wrongBelief: The buffer is pH 7.4
    correctedBelief: The buffer is pH 8.0
    correctedDay: 9
  - type: relationship
    title: Grant Review
    description: The committee weighs the renewal.
    startDay: 24
    endDay: 45
    primarySession: grants-committee
  - type: correction
    title: Missing Beliefs
    startDay: 10
    endDay: 12
    primarySession: mystery
"""


def write_entry(system, user):
    """A plausible, deterministic session entry for a Pass 1 prompt."""
    if "Create a persona for this description" in user:
        return PERSONA_REPLY
    if "Design the story arcs" in user:
        return ARCS_REPLY
    m = SESSION.search(user)
    if m is None:
        return "### Notes\nNothing to add."
    session, weekday, date = m.groups()
    parts = []
    for title, arc in THREAD.findall(user):
        parts.append(
            f"### {title} — update\n"
            f"On {date} I moved {title} forward in {session}. Tracked under {arc}.\n\n"
            f"Outstanding: the next {title} step."
        )
    parts.append(f"### Inbox\nI cleared the {session} inbox on {weekday}. Nothing urgent.")
    return "\n\n".join(parts)


def _log(event, user):
    path = os.environ.get("GEN_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"event": event, "user": user}) + "\n")


class Model:
    async def complete(self, system_prompt, user_message, *, temperature=None, max_tokens=None):
        _log("start", user_message)
        kill = os.environ.get("GEN_KILL_DATE")
        if kill and f", {kill}." in user_message:
            os.kill(os.getpid(), signal.SIGKILL)  # a hard crash: no cleanup, no exception
        fail = os.environ.get("GEN_FAIL")  # "<date>/<session>"
        if fail:
            date, session = fail.split("/")
            if f"session `{session}` for" in user_message and f", {date}." in user_message:
                raise RuntimeError(f"scripted failure on {date}")
        delay = float(os.environ.get("GEN_DELAY", "0"))
        if delay:
            import anyio
            await anyio.sleep(delay)
        text = write_entry(system_prompt, user_message)
        _log("done", user_message)
        return {"text": text, "input_tokens": 100, "output_tokens": 40}


model = Model()
'''

_namespace: dict[str, Any] = {}
exec(compile(MODEL_SOURCE, "<gen-model>", "exec"), _namespace)
write_entry = _namespace["write_entry"]
PERSONA_REPLY: str = _namespace["PERSONA_REPLY"]
ARCS_REPLY: str = _namespace["ARCS_REPLY"]


def write_model_file(directory: Path) -> Path:
    path = directory / "gen_model.py"
    path.write_text(MODEL_SOURCE, encoding="utf-8")
    return path


def log_events(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _registered() -> bool:
    from recallbench.cli import build_parser

    parser = build_parser()
    return any(
        "generate" in getattr(a, "choices", {}) or {}
        for a in parser._actions
        if isinstance(a, argparse._SubParsersAction)
    )


_RUNNER = """
import argparse, sys
from recallbench.cli import create_persona, generate
from recallbench.errors import RecallBenchError
p = argparse.ArgumentParser(prog="recallbench")
sub = p.add_subparsers(dest="command", required=True)
generate.register(sub)
create_persona.register(sub)
args = p.parse_args(sys.argv[1:])
try:
    sys.exit(args.handler(args))
except RecallBenchError as exc:
    print(f"recallbench {args.command}: error: {exc}", file=sys.stderr)
    sys.exit(2)
except KeyboardInterrupt:
    sys.exit(130)
"""


def cli_argv() -> list[str]:
    """How to start the command line as a subprocess (the commands' own parser until the lead
    registers them in ``recallbench.cli``)."""
    if _registered():
        return [sys.executable, "-m", "recallbench"]
    return [sys.executable, "-c", _RUNNER]


def invoke(argv: Sequence[str]) -> int:
    """Run a command in-process, with the error handling of ``recallbench.cli.main``."""
    if _registered():
        from recallbench.cli import main

        return main(list(argv))
    from recallbench.cli import create_persona, generate
    from recallbench.errors import RecallBenchError

    p = argparse.ArgumentParser(prog="recallbench")
    sub = p.add_subparsers(dest="command", required=True)
    generate.register(sub)
    create_persona.register(sub)
    args = p.parse_args(list(argv))
    try:
        code: int = args.handler(args)
    except RecallBenchError as exc:
        print(f"recallbench {args.command}: error: {exc}", file=sys.stderr)
        return 2
    return code


def subprocess_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GEN_")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def run_cli(
    args: Sequence[str], *, env: dict[str, str], cwd: Path
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*cli_argv(), *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
