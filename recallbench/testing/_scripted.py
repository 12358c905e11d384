"""Scripted adapters and judges, and a small checkable persona.

* :class:`ScriptedAdapter` and :class:`ScriptedJudge` record every call and take knobs for delays, hangs
  and failures; they are real objects the harness drives, not patches.
* :func:`write_persona` writes a small, valid persona directory whose every answer is checkable: day ``n``
  states "the access code for day n is CODE-n". Tests corrupt a copy of it to check error paths, and
  adapters can run against it in a second.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from .._closing import AsyncClosing
from ..data._yaml import dump_yaml
from ..data.corpus import DayMetadata
from ..data.persona import day_date
from ..results.scoring import JudgeScore

__all__ = [
    "ScriptedAdapter",
    "ScriptedJudge",
    "ScriptedSnapshotAdapter",
    "containment_judge",
    "day_code",
    "recall_by_date",
    "write_persona",
]

AnswerFn = Callable[[str, "ScriptedAdapter"], str]
ScoreFn = Callable[[str, str, str, Any], JudgeScore]
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _matches(rule: Iterable[str] | Callable[[str], bool] | None, text: str) -> bool:
    if rule is None:
        return False
    if callable(rule):
        return bool(rule(text))
    return any(part in text for part in rule)


def recall_by_date(question: str, adapter: ScriptedAdapter) -> str:
    """An answer strategy with real memory: the first ingested line mentioning the question's date.

    On a :func:`write_persona` corpus it answers from what was ingested and nothing else, so scores
    depend on the lifecycle being right ("I don't know" for days not ingested).
    """
    m = _DATE.search(question)
    if m:
        for content in adapter.memory.values():
            for line in content.splitlines():
                if m.group(0) in line:
                    return line.strip()
    return "I don't know."


@attrs.define(eq=False)
class ScriptedAdapter:
    """An in-process adapter that keeps ingested days in a dict and answers by a script.

    Args:
        answer: a fixed string, a mapping question → answer (else ``"I don't know."``), or a function
            ``(question, adapter) -> str``; default :func:`recall_by_date`.
        name: the adapter's name.
        delay: seconds every query sleeps (anyio), to exercise concurrency.
        hang_on: questions (substrings) or a predicate: the query sleeps forever (for timeouts).
        fail_on: questions (substrings) or a predicate: the query raises RuntimeError.
        fail_setup, fail_ingest_day: make setup, or the ingestion of that day, raise.

    Attributes:
        calls: every call as a tuple, in order: ``("setup",)``, ``("ingest_day", n)``,
            ``("finalize_ingestion",)``, ``("query", question)``, ``("teardown",)``.
    """

    answer: str | Mapping[str, str] | AnswerFn = recall_by_date
    name: str = "scripted"
    delay: float = 0.0
    hang_on: Iterable[str] | Callable[[str], bool] | None = None
    fail_on: Iterable[str] | Callable[[str], bool] | None = None
    fail_setup: bool = False
    fail_ingest_day: int | None = None
    calls: list[tuple[Any, ...]] = attrs.field(factory=list)
    memory: dict[int, str] = attrs.field(factory=dict)
    metadata: dict[int, DayMetadata] = attrs.field(factory=dict)

    async def setup(self) -> None:
        self.calls.append(("setup",))
        if self.fail_setup:
            raise RuntimeError("scripted setup failure")
        self.memory.clear()
        self.metadata.clear()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        self.calls.append(("ingest_day", day))
        if day == self.fail_ingest_day:
            raise RuntimeError(f"scripted ingestion failure on day {day}")
        self.memory[day] = content
        self.metadata[day] = metadata

    async def finalize_ingestion(self) -> None:
        self.calls.append(("finalize_ingestion",))

    async def query(self, question: str) -> str:
        import anyio

        self.calls.append(("query", question))
        if _matches(self.hang_on, question):
            await anyio.sleep_forever()
        if self.delay:
            await anyio.sleep(self.delay)
        if _matches(self.fail_on, question):
            raise RuntimeError(f"scripted query failure: {question[:60]}")
        if isinstance(self.answer, str):
            return self.answer
        if isinstance(self.answer, Mapping):
            return self.answer.get(question, "I don't know.")
        return self.answer(question, self)

    async def teardown(self) -> None:
        self.calls.append(("teardown",))

    def count(self, method: str) -> int:
        """How many times ``method`` was called."""
        return sum(1 for c in self.calls if c[0] == method)


@attrs.define(eq=False)
class ScriptedSnapshotAdapter(ScriptedAdapter):
    """A :class:`ScriptedAdapter` that also supports ``snapshot``/``restore`` (the snapshot lifecycle).

    Queries are remembered in ``memory`` under negative keys, so a test can see whether a restore
    dropped them.
    """

    snapshots: int = 0

    async def query(self, question: str) -> str:
        answer = await super().query(question)
        self.memory[-(len(self.memory) + 1)] = f"asked: {question}"
        return answer

    async def snapshot(self) -> dict[int, str]:
        self.calls.append(("snapshot",))
        self.snapshots += 1
        return dict(self.memory)

    async def restore(self, token: dict[int, str]) -> None:
        self.calls.append(("restore",))
        self.memory = dict(token)


def containment_judge(question: str, reference: str, answer: str, context: Any) -> JudgeScore:
    """Deterministic scoring: the reference (case-folded) inside the answer → 3/2/1; an abstention
    → 0/0/1; anything else → 0/0/0 (a wrong, specific answer counts as fabricated)."""
    ref, ans = reference.casefold().strip(" ."), answer.casefold()
    if ref and ref in ans:
        return JudgeScore(
            correctness=3, completeness=2, hallucination=1, reasoning="contains reference"
        )
    if "don't know" in ans or "no evidence" in ans:
        return JudgeScore(correctness=0, completeness=0, hallucination=1, reasoning="abstained")
    return JudgeScore(correctness=0, completeness=0, hallucination=0, reasoning="wrong answer")


@attrs.define(eq=False)
class ScriptedJudge(AsyncClosing):
    """A judge that scores by a function and records its calls.

    Args:
        scorer: ``(question, reference, answer, context) -> JudgeScore``; default
            :func:`containment_judge`. A fixed JudgeScore or mapping is returned as is.
        delay: seconds each call sleeps (anyio).
        fail_times: the first N calls for each question raise RuntimeError (retries should recover).
        fail_on: questions (substrings) or a predicate: every call raises.
        name: shown as the judge model in results.

    Attributes:
        calls: ``(question, reference, answer, context)`` of every call, in order.
    """

    scorer: ScoreFn | JudgeScore | Mapping[str, Any] = containment_judge
    delay: float = 0.0
    fail_times: int = 0
    fail_on: Iterable[str] | Callable[[str], bool] | None = None
    name: str = "scripted-judge"
    calls: list[tuple[str, str, str, Any]] = attrs.field(factory=list)
    _failures: dict[str, int] = attrs.field(factory=dict)

    async def score(
        self, question: str, reference: str, answer: str, context: Any
    ) -> JudgeScore | Mapping[str, Any]:
        import anyio

        self.calls.append((question, reference, answer, context))
        if self.delay:
            await anyio.sleep(self.delay)
        if _matches(self.fail_on, question):
            raise RuntimeError(f"scripted judge failure: {question[:60]}")
        seen = self._failures.get(question, 0)
        if seen < self.fail_times:
            self._failures[question] = seen + 1
            raise RuntimeError(f"scripted transient judge failure {seen + 1}/{self.fail_times}")
        if isinstance(self.scorer, JudgeScore | Mapping):
            return self.scorer
        return self.scorer(question, reference, answer, context)


def day_code(day: int) -> str:
    """The fact planted on ``day`` of a :func:`write_persona` corpus."""
    return f"CODE-{day:04d}"


def write_persona(
    root: Path | str,
    persona_id: str = "tiny",
    *,
    days: int = 30,
    suffix: str = "30d",
    sessions: Sequence[str] = ("principal",),
    epoch: str = "2026-01-01",
    extra_pairs: Sequence[dict[str, Any]] = (),
) -> Path:
    """Write a small valid persona under ``root/persona_id`` and return its directory.

    Files: ``persona.yaml``, ``arcs-<suffix>.yaml``, ``memories-<suffix>/day-0001.md …`` and
    ``qa-<suffix>/questions.yaml`` with one factual-recall pair per day (relevant day ``n``, answer
    :func:`day_code`), a negative-recall pair at the end, then ``extra_pairs`` as given.
    """
    pdir = Path(root) / persona_id
    memories = pdir / f"memories-{suffix}"
    qa_dir = pdir / f"qa-{suffix}"
    memories.mkdir(parents=True, exist_ok=True)
    qa_dir.mkdir(parents=True, exist_ok=True)
    persona = {
        "id": persona_id,
        "name": "Tess",
        "role": "AI assistant for a test principal",
        "domain": "Testing",
        "company": "Example Co",
        "team_size": 3,
        "profile": "A small persona for tests.\n",
        "communication_style": "Terse.\n",
        "principal": {"name": "Pat Example", "role": "Principal"},
        "cast": [{"name": "Pat Example", "role": "Principal", "kind": "human"}],
        "sessions": [
            {
                "id": s,
                "kind": "1to1" if s == "principal" else "group",
                "participants": ["Pat Example"],
            }
            for s in sessions
        ],
    }
    (pdir / "persona.yaml").write_text(dump_yaml(persona), encoding="utf-8")
    half = max(1, days // 2)
    arcs = {
        "epoch": epoch,
        "arcs": [
            {
                "id": "arc-codes",
                "type": "project",
                "title": "Daily access codes",
                "description": "A code is issued every day.\n",
                "startDay": 1,
                "endDay": days,
                "primarySession": sessions[0],
            },
            {
                "id": "arc-second-half",
                "type": "incident",
                "title": "Second-half incident",
                "description": "Something happens in the second half.\n",
                "startDay": half,
                "endDay": days,
                "primarySession": sessions[0],
            },
        ],
    }
    (pdir / f"arcs-{suffix}.yaml").write_text(dump_yaml(arcs), encoding="utf-8")
    for n in range(1, days + 1):
        parts = ["---", "type: daily", "---", ""]
        for s in sessions:
            parts += [
                f"# session: {s}",
                "",
                f"### Access code ({s})",
                f"On {day_date(epoch, n)} the access code for day {n} is {day_code(n)}.",
                "",
            ]
        (memories / f"day-{n:04d}.md").write_text("\n".join(parts).rstrip("\n") + "\n", "utf-8")
    pairs: list[dict[str, Any]] = [
        {
            "id": f"{persona_id}-q{n:03d}",
            "question": f"What was the access code issued on {day_date(epoch, n)}?",
            "answer": day_code(n),
            "category": "factual-recall",
            "difficulty": "easy",
            "relevant_days": [n],
            "requires_synthesis": False,
        }
        for n in range(1, days + 1)
    ]
    pairs.append(
        {
            "id": f"{persona_id}-q{days + 1:03d}",
            "question": "Was a GraphQL migration ever discussed?",
            "answer": "No evidence of that in memory.",
            "category": "negative-recall",
            "difficulty": "medium",
            "relevant_days": [days],
            "requires_synthesis": False,
        }
    )
    pairs.extend(extra_pairs)
    (qa_dir / "questions.yaml").write_text(dump_yaml(pairs), encoding="utf-8")
    return pdir
