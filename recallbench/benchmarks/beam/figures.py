"""BEAM's figures in the layout its authors report them (``publicBenchmark["beam"]`` of
``result.json``), their table in the reports, and the headline's line. Pure.

**Which answer.** Each question counts once, by its last asking (a BEAM conversation is asked once,
after its whole haystack, unless a run names other checkpoints). An answer whose judge failed is
counted apart (``unjudgedCount``); one judged by a judge that is none of BEAM's (no official figure
at the head of its reasoning: the rubric judge, an LLM rubric judge) is left out of the figures and
named in a warning.

**The figures**, as ``src/evaluation/report_results.py`` computes them: per ability, the mean of
each conversation's mean over its questions of that ability, over the conversations
(:func:`~.scoring.ability_scores`); ``overall`` is the unweighted mean of the abilities' scores (the
paper's headline; the code stops at the table), over the abilities that have one
(``abilitiesMissing`` names the others).

**Retrieval** (not part of BEAM's own figures): per ability, recall@10 of the evidence — at turn
level (the ``source_chat_ids`` messages, ``extra["evidenceTurns"]``) when the system reported the
turn of what it retrieved for any answer of the run, every answer with gold turns then counting
(one without turn metrics as a miss, as the core's turn-level figures count it); else at day level
(the days holding them), over the answers that have day-level metrics. Abstention has no evidence.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..._numfmt import to_fixed
from ...data.qa import EVIDENCE_TURNS
from ...family.base import Table
from ...results.records import PersonaResult, QuestionResult
from .abilities import ABILITIES, ABILITY_KEYS, ABILITY_OF_KEY, size_label
from .scoring import ability_scores
from .verdict import read_verdict

__all__ = ["beam_headline", "beam_published", "beam_tables", "judge_label"]

MISSING = "–"
_SCORING = {
    "code": "nugget scores through int() as BEAM's code (its published figures)",
    "paper": "nugget scores 1 / 0.5 / 0 as the paper describes",
    "offline": "nuggets checked offline by shared words, aggregated as BEAM's code",
}


def _last_askings(personas: Iterable[PersonaResult]) -> Iterator[tuple[QuestionResult, bool]]:
    for persona in personas:
        last: dict[str, tuple[QuestionResult, bool]] = {}
        for r in persona.range_results:
            for q in r.question_results:
                last.pop(q.qa.id, None)
                last[q.qa.id] = (q, True)
            for q in r.unscored_results or ():
                last.pop(q.qa.id, None)
                last[q.qa.id] = (q, False)
        yield from last.values()


def judge_label(judge: object) -> tuple[str, str | None]:
    """A judge's name (a model selector's endpoint left out: an address is not the judge) and its
    BEAM scoring (``code``, ``paper``, ``offline``; None: none of BEAM's), through a cache's
    wrapper."""
    inner = getattr(judge, "inner", None)
    if inner is not None and getattr(judge, "score", None) is not None:
        judge = inner
    from ...judges.describe import without_endpoint

    name = without_endpoint(str(getattr(judge, "name", None) or type(judge).__name__))
    mode = getattr(judge, "mode", None)
    if getattr(judge, "protocol", None) == "beam" and mode in ("code", "paper"):
        return str(name), str(mode)
    if str(name) == "beam-nuggets":
        return str(name), "offline"
    return str(name), None


def _mean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def _gold_turns(q: QuestionResult) -> bool:
    turns = q.qa.extra.get(EVIDENCE_TURNS)
    return bool(turns) and q.qa.extra.get("abstention") is not True


def _recall(answers: Sequence[QuestionResult], turn_level: bool) -> list[float]:
    if turn_level:
        return [
            q.turn_retrieval_metrics.recall_at_10 if q.turn_retrieval_metrics is not None else 0.0
            for q in answers
            if _gold_turns(q)
        ]
    return [q.retrieval_metrics.recall_at_10 for q in answers if q.retrieval_metrics is not None]


def beam_published(personas: Sequence[PersonaResult], judge: object) -> dict[str, Any] | None:
    """``publicBenchmark["beam"]`` (module docstring); None when the run asked no BEAM question."""
    answers = [
        (q, scored)
        for q, scored in _last_askings(personas)
        if q.qa.extra.get("ability") in ABILITY_OF_KEY
    ]
    if not answers:
        return None
    name, scoring = judge_label(judge)
    sizes = sorted({str(q.qa.extra.get("beamSize") or "") for q, _ in answers})
    size = sizes[0] if len(sizes) == 1 else "mixed"
    triples: list[tuple[str, str, float]] = []
    counts: dict[str, int] = dict.fromkeys(ABILITIES, 0)
    judged: dict[str, int] = dict.fromkeys(ABILITIES, 0)
    by_ability: dict[str, list[QuestionResult]] = {a: [] for a in ABILITIES}
    unjudged = unofficial = 0
    conversations: set[str] = set()
    for q, scored in answers:
        ability = ABILITY_OF_KEY[q.qa.extra["ability"]]
        conv = f"{q.qa.extra.get('beamSize', '')}/{q.qa.extra.get('beamConversation', '')}"
        conversations.add(conv)
        counts[ability] += 1
        by_ability[ability].append(q)
        if not scored:
            unjudged += 1
            continue
        figure = read_verdict(q.score.reasoning)
        if figure is None:
            unofficial += 1
            continue
        judged[ability] += 1
        triples.append((conv, ability, figure.value))
    scores = ability_scores(triples, ABILITIES)
    turn_level = any(q.turn_retrieval_metrics is not None for q, _ in answers)
    rows = []
    for ability, key in zip(ABILITIES, ABILITY_KEYS, strict=True):
        if not counts[ability]:
            continue
        recall = _recall(by_ability[ability], turn_level)
        row: dict[str, Any] = {
            "ability": ability,
            "key": key,
            "questionCount": counts[ability],
            "judgedCount": judged[ability],
        }
        if scores[ability] is not None:
            row["score"] = scores[ability]
        if recall:
            row["recallAt10"] = _mean(recall)
            row["recallCount"] = len(recall)
        rows.append(row)
    present = [r["score"] for r in rows if "score" in r]
    every_recall = _recall([q for q, _ in answers], turn_level)
    out: dict[str, Any] = {
        "heatmapTitle": f"BEAM {size}" if size and size != "mixed" else "BEAM",
        "unit": "conversation",
        "size": size,
        "paperSize": size_label(size),
        "judge": name,
        "scoring": scoring,
        "asking": "last",
        "conversationCount": len(conversations),
        "questionCount": len(answers),
        "judgedCount": len(triples),
        "abilities": rows,
        "abilityCount": len(present),
    }
    if present:
        out["overall"] = _mean(present)
    missing = [a for a in ABILITIES if scores[a] is None]
    if missing:
        out["abilitiesMissing"] = missing
    if every_recall:
        out["recallLevel"] = "turn" if turn_level else "day"
        out["recallAt10"] = _mean(every_recall)
    if unjudged:
        out["unjudgedCount"] = unjudged
    if unofficial:
        out["warnings"] = [
            f"{unofficial} of {len(answers)} answers were judged by a judge that is none of "
            "BEAM's (no official figure): they are not comparable with BEAM's published figures "
            "and are left out of them; judge with --judge beam:<model spec> (or beam-nuggets "
            "offline)"
        ]
    return out


def _cell(value: Any) -> str:
    return to_fixed(float(value), 4) if isinstance(value, int | float) else MISSING


def beam_tables(published: Mapping[str, Any]) -> tuple[Table, ...]:
    """The BEAM section of the reports: a row per ability and the overall."""
    size = str(published.get("size") or "")
    paper = str(published.get("paperSize") or size)
    notes = [
        f"chat size {size}"
        + (f" (the paper's {paper})" if paper != size else "")
        + "; each question counts once, by its last asking",
        f"judge: {published.get('judge', '?')}"
        + (f" ({_SCORING[s]})" if (s := published.get("scoring")) in _SCORING else ""),
        "per ability: the mean of each conversation's mean, over the conversations "
        "(report_results.py); overall: the unweighted mean of the abilities (the paper's)",
    ]
    level = published.get("recallLevel")
    if level:
        notes.append(
            f"recall@10 of the evidence at {level} level"
            + (
                " (the messages source_chat_ids names, as the system reported turns)"
                if level == "turn"
                else " (the days holding the messages source_chat_ids names)"
            )
        )
    if published.get("abilitiesMissing"):
        notes.append("no figure for: " + ", ".join(published["abilitiesMissing"]))
    if published.get("unjudgedCount"):
        notes.append(f"{published['unjudgedCount']} answers unjudged (judge failed)")
    notes += [f"WARNING: {w}" for w in published.get("warnings") or ()]
    rows = [
        (
            str(r["ability"]),
            str(r["questionCount"]),
            _cell(r.get("score")),
            _cell(r.get("recallAt10")),
        )
        for r in published.get("abilities") or ()
    ]
    rows.append(
        (
            f"overall ({published.get('abilityCount', 0)} abilities)",
            str(published.get("questionCount", 0)),
            _cell(published.get("overall")),
            _cell(published.get("recallAt10")),
        )
    )
    title = f"BEAM {size}" if size and size != "mixed" else "BEAM"
    return (
        Table(
            title=title,
            notes=tuple(notes),
            header=("ability", "n", "score", "recall@10"),
            rows=tuple(rows),
        ),
    )


def beam_headline(published: Mapping[str, Any]) -> str | None:
    """``BEAM 100K: 0.412 (10 abilities, beam-nuggets)``; None without an overall."""
    overall = published.get("overall")
    if not isinstance(overall, int | float):
        return None
    size = published.get("size")
    where = f"BEAM {size}" if size and size != "mixed" else "BEAM"
    return (
        f"{where}: {overall:.3f} ({published.get('abilityCount', 0)} abilities, "
        f"{published.get('judge', '?')})"
    )
