"""Write a synthetic LoCoMo-format file from the shipped personas' text (issue 33's long-session test).

The real LoCoMo (``locomo10.json``) is CC BY-NC and not in the repository. This makes a file in its
published format whose *shape* is LoCoMo's where the dense baseline cares: conversations of 19–32
sessions, each session a list of turns ``{speaker, dia_id, text}`` of 800–1,800 all-MiniLM-L6-v2
word pieces as ``recallbench import locomo`` writes them (``[D5:8] Name: text`` lines under a date
line; the real file: median 829, max 1,855), and questions whose ``evidence`` names turns
(``D5:8``). The *text* is not a conversation: each session is consecutive days (usually 2–4; more across a quiet period) of one shipped
persona's logs (``arcs-1000d.yaml``), headings dropped, cut into turns of one to three sentences
that alternate between the persona and a colleague. The questions are that persona's own pairs whose
relevant days all fall in the conversation (negative-recall pairs left out), their evidence the turn
of each relevant day that holds a key fact (else the turn sharing most words with the answer), their
category LoCoMo's official number for ours (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop).

Deterministic: the same personas give the same file.

    python benchmarks/locomo_shaped.py --out /tmp/locomo-shaped.json
    python -m recallbench retrieval-eval --retriever builtin:bm25 --retriever builtin:dense \\
        --data locomo:/tmp/locomo-shaped.json
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recallbench.adapters._memory import split_sentences
from recallbench.adapters.retrieval.minilm import load_encoder
from recallbench.adapters.retrieval.tokenize import tokenize
from recallbench.data.corpus import split_sessions
from recallbench.data.dataset import load_persona

PERSONAS = (
    "executive-assistant",
    "backend-eng-saas",
    "er-physician",
    "litigation-attorney",
    "research-scientist",
    "financial-advisor",
)
COLLEAGUES = ("Morgan", "Priya", "Tomasz", "Aiyana", "Lucas", "Noor")
LOCOMO_CATEGORY = {
    "cross-reference": 1,
    "synthesis": 1,
    "temporal-reasoning": 2,
    "decision-tracking": 3,
    "contradiction-resolution": 3,
    "recency-bias-resistance": 3,
    "information-boundary": 3,
    "group-session-attribution": 3,
    "factual-recall": 4,
}
MIN_PIECES, MAX_PIECES = 800, 1_780  # the imported session adds its date line


def _day_sentences(content: str) -> list[str]:
    bodies = split_sessions(content) or {"_": content}
    return [s for body in bodies.values() for s in split_sentences(body)]


def _turns(sentences: list[str], start: int) -> list[str]:
    """Sentences grouped into turns of 1-3 (a fixed cycle, so the file is deterministic)."""
    out: list[str] = []
    i, n = 0, start
    while i < len(sentences):
        size = (1, 2, 3, 2)[n % 4]
        out.append(" ".join(sentences[i : i + size]))
        i += size
        n += 1
    return out


def conversation(
    persona: str, index: int, first_day: int, sessions: int, encoder: Any
) -> dict[str, Any] | None:
    """One conversation from ``persona``'s days starting at ``first_day``."""
    ds = load_persona(ROOT / "personas", persona, "arcs-1000d.yaml")
    days = {d.number: d for d in ds.days}
    name = ds.definition.persona.name.split()[0]
    other = COLLEAGUES[index % len(COLLEAGUES)]
    conv: dict[str, Any] = {"speaker_a": name, "speaker_b": other}
    turn_of_day: dict[int, list[tuple[str, str]]] = {}  # day -> (dia id, text) of its turns
    day = first_day
    for n in range(1, sessions + 1):
        turns: list[dict[str, str]] = []
        pieces, start_day = 0, day
        while day in days and pieces < MIN_PIECES:
            for text in _turns(_day_sentences(days[day].content), day):
                dia = f"D{n}:{len(turns) + 1}"
                speaker = name if len(turns) % 2 == 0 else other
                # Counted as the importer writes it: "[D5:8] Name: text".
                count = sum(encoder.word_counts([f"[{dia}] {speaker}: {text}"])[0])
                if pieces + count > MAX_PIECES:
                    break
                turns.append({"speaker": speaker, "dia_id": dia, "text": text})
                turn_of_day.setdefault(day, []).append((dia, text))
                pieces += count
            day += 1
        if pieces < MIN_PIECES:
            return None
        date = dt.date.fromisoformat(days[start_day].date)
        conv[f"session_{n}_date_time"] = (
            f"{1 + n % 11}:{(7 * n) % 60:02d} pm on {date.day} {date:%B}, {date.year}"
        )
        conv[f"session_{n}"] = turns
        day += 3 + (n % 4)  # a few days between sessions, as LoCoMo's are spread over months
    qa = []
    for pair in ds.qa:
        category = LOCOMO_CATEGORY.get(pair.category)
        if category is None or not all(d in turn_of_day for d in pair.relevant_days):
            continue
        facts = [str(f).lower() for f in pair.extra.get("key_facts", ())]
        answer_terms = set(tokenize(pair.answer))
        evidence = []
        for d in pair.relevant_days:
            turns_of_day = turn_of_day[d]
            holding = [dia for dia, text in turns_of_day if any(f in text.lower() for f in facts)]
            if holding:
                evidence.append(holding[0])
            else:
                evidence.append(
                    max(turns_of_day, key=lambda t: len(answer_terms & set(tokenize(t[1]))))[0]
                )
        qa.append(
            {
                "question": pair.question,
                "answer": pair.answer,
                "evidence": evidence,
                "category": category,
            }
        )
    return {
        "sample_id": f"shaped-{index}",
        "conversation": conv,
        "qa": qa,
        "observation": {},
        "session_summary": {},
        "event_summary": {},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--conversations", type=int, default=10)
    args = parser.parse_args(argv)
    encoder = load_encoder()
    records = []
    for i in range(args.conversations):
        persona = PERSONAS[i % len(PERSONAS)]
        sessions = 19 + (i * 5) % 14  # 19..32
        first_day = 1 + 200 * (i // len(PERSONAS))
        record = conversation(persona, i, first_day, sessions, encoder)
        if record is not None:
            records.append(record)
    args.out.write_text(json.dumps(records, indent=1), encoding="utf-8")
    sizes = [
        sum(
            sum(c)
            for c in encoder.word_counts(
                [f"[{t['dia_id']}] {t['speaker']}: {t['text']}" for t in turns]
            )
        )
        for r in records
        for k, turns in r["conversation"].items()
        if k.startswith("session_") and not k.endswith("date_time")
    ]
    questions = sum(len(r["qa"]) for r in records)
    print(
        f"{args.out}: {len(records)} conversations, {len(sizes)} sessions of "
        f"{min(sizes)}-{max(sizes)} word pieces (median {statistics.median(sizes):.0f}; the turns as imported), "
        f"{questions} questions"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
