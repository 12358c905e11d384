"""LoCoMo (``locomo10.json``) as personas: each conversation a persona, its sessions days at their dates.

The file is a JSON list of ``{sample_id, conversation: {speaker_a, speaker_b, session_N: [turns],
session_N_date_time}, qa: [...], observation, session_summary, event_summary}``. Mapping:

* the first session's date is day 1 and day *n* is dated ``epoch + (n − 1)``; two sessions on one
  date are two ``# session: D<N>`` sections of that day, in session order;
* a turn is written ``[D1:3] Caroline: text``, each image shared with it as
  ``[shared an image: <blip_caption>]``;
* a question's relevant days are the days of the sessions its ``evidence`` dia ids name (all days
  when it names none), its turns (``extra["evidenceTurns"]``, ``D5:8``) the turns they name — read
  where the file writes them loosely (``D:11:26``, ``D30:05``, ``D 5:8``;
  :mod:`recallbench.data.importers.dialog_refs`), one
  warning for the file naming the references that name no turn or one the conversation lacks; its category by the official numbering (:data:`OFFICIAL_NAMES`) or mem0's
  (:data:`MEM0_NAMES`), mapped onto ours by :data:`CATEGORY_OF_NAME`; category 5's reference answer
  is that the conversation does not say (:data:`NOT_MENTIONED`);
* ``observation``, ``session_summary`` and ``event_summary`` (annotations derived from the
  conversation) and a turn's image ``query`` are not ingested;
* each conversation is asked at its own checkpoints, after 25, 50, 75 and 100 % of its sessions,
  labelled ``25%`` … ``100%`` alike in every conversation (:func:`session_checkpoints`), when a run
  names no ``--ranges``.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from ...data.dates import parse_date
from ...data.importers._jsonstream import iter_records
from ...data.importers._native import (
    NativeDay,
    NativePersona,
    answer_text,
    day_number,
    native_id,
    write_native,
)
from ...data.importers.dialog_refs import read_dialog_refs, summarize_unreadable
from ...data.qa import EVIDENCE_TURNS
from ...data.ranges import TimeRange, widest_by_label
from ...errors import DatasetError

__all__ = [
    "CATEGORY_OF_NAME",
    "MEM0_NAMES",
    "NOT_MENTIONED",
    "OFFICIAL_NAMES",
    "SESSION_SHARES",
    "CategoryConvention",
    "convert_locomo",
    "read_locomo",
    "session_checkpoints",
]

CategoryConvention = Literal["official", "mem0"]

OFFICIAL_NAMES: Mapping[int, str] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
"""The numbering of LoCoMo's own evaluation code (snap-research/locomo, ``task_eval``)."""

MEM0_NAMES: Mapping[int, str] = {
    1: "single-hop",
    2: "temporal",
    3: "multi-hop",
    4: "open-domain",
    5: "adversarial",
}
"""The names mem0's LoCoMo evaluation reports the same numbers under (its paper's table; the
``categories = ["single_hop", "temporal", "multi_hop", "open_domain"]`` list of the forks of
mem0's ``evaluation/generate_scores.py``), category 5 left out of its scores."""

CATEGORY_OF_NAME: Mapping[str, str] = {
    "single-hop": "factual-recall",
    "multi-hop": "cross-reference",
    "temporal": "temporal-reasoning",
    "open-domain": "synthesis",
    "adversarial": "negative-recall",
}
"""A LoCoMo category name onto one of our ten categories."""

NOT_MENTIONED = "Not mentioned in the conversation."
"""The reference answer of an adversarial (category 5) question."""

_SESSION_KEY = re.compile(r"^session_(\d+)$")


def names_of(convention: CategoryConvention) -> Mapping[int, str]:
    if convention not in ("official", "mem0"):
        raise ValueError(f"LoCoMo category convention must be official or mem0, not {convention!r}")
    return OFFICIAL_NAMES if convention == "official" else MEM0_NAMES


class _Record:
    """Where a problem is: the file, the record and its sample id."""

    def __init__(self, path: Path, index: int, sample_id: object = None):
        self.path = path
        self.where = f"record {index}" + (f" (sample_id {sample_id!r})" if sample_id else "")

    def fail(self, field: str, message: str) -> DatasetError:
        return DatasetError(f"LoCoMo {self.where}: {field}: {message}", path=self.path)


def _images(turn: Mapping[str, Any]) -> list[str]:
    captions = turn.get("blip_caption")
    urls = turn.get("img_url")
    if isinstance(captions, str):
        captions = [captions]
    if isinstance(captions, list) and captions:
        return [f"[shared an image: {c}]" for c in captions if isinstance(c, str)]
    if isinstance(urls, str):
        urls = [urls]
    return ["[shared an image]" for _ in urls] if isinstance(urls, list) else []


def _turn_line(rec: _Record, field: str, turn: Any) -> str:
    if not isinstance(turn, dict):
        raise rec.fail(field, "a turn must be an object {speaker, dia_id, text}")
    for key in ("speaker", "dia_id", "text"):
        if not isinstance(turn.get(key), str):
            raise rec.fail(f"{field}.{key}", "missing or not a string")
    text = " ".join([turn["text"], *_images(turn)]).strip()
    return f"[{turn['dia_id']}] {turn['speaker']}: {text}"


def _conversation(
    path: Path, index: int, record: Any, convention: CategoryConvention, notes: _Notes
) -> NativePersona:
    """One record as a persona, asked at its own session quarters."""
    if not isinstance(record, dict):
        raise _Record(path, index).fail("record", "must be an object")
    sid = record.get("sample_id")
    rec = _Record(path, index, sid)
    if not isinstance(sid, str | int) or isinstance(sid, bool) or str(sid) == "":
        raise rec.fail("sample_id", "missing or not a string")
    conv = record.get("conversation")
    if not isinstance(conv, dict):
        raise rec.fail("conversation", "missing or not an object")
    speakers: list[str] = []
    for key in ("speaker_a", "speaker_b"):
        speaker = conv.get(key)
        if not isinstance(speaker, str):
            raise rec.fail(f"conversation.{key}", "missing or not a string")
        speakers.append(speaker)
    numbers = sorted(int(m.group(1)) for k in conv if (m := _SESSION_KEY.match(k)))
    if not numbers:
        raise rec.fail("conversation", "no session_N lists")
    dates: dict[int, dt.datetime] = {}
    for n in numbers:
        key = f"session_{n}_date_time"
        raw = conv.get(key)
        parsed = parse_date(raw) if isinstance(raw, str) else None
        if parsed is None:
            raise rec.fail(f"conversation.{key}", f"missing or not a date: {raw!r}")
        dates[n] = parsed
        if not isinstance(conv[f"session_{n}"], list):
            raise rec.fail(f"conversation.session_{n}", "must be a list of turns")
    epoch = min(dates.values()).date()
    day_of = {n: day_number(epoch, dates[n].date()) for n in numbers}
    texts: dict[int, list[str]] = {}
    known_turns: set[str] = set()
    for n in sorted(numbers, key=lambda n: (dates[n], n)):
        field = f"conversation.session_{n}"
        lines = [_turn_line(rec, f"{field}[{i}]", t) for i, t in enumerate(conv[f"session_{n}"])]
        known_turns.update(read_dialog_refs(t["dia_id"] for t in conv[f"session_{n}"]).turns)
        section = (
            f"# session: D{n}\ndate: {conv[f'session_{n}_date_time']}\n\n" + "\n".join(lines) + "\n"
        )
        texts.setdefault(day_of[n], []).append(section)
    days = tuple(NativeDay(number=d, content="\n".join(texts[d])) for d in sorted(texts))
    all_days = [d.number for d in days]
    qa = record.get("qa")
    if not isinstance(qa, list):
        raise rec.fail("qa", "missing or not a list")
    names = names_of(convention)
    pid = native_id(str(sid))
    questions = tuple(
        _question(rec, f"qa[{i}]", item, pid, i, day_of, all_days, names, known_turns, notes)
        for i, item in enumerate(qa)
    )
    persona = NativePersona(
        id=pid,
        name=f"{speakers[0]} and {speakers[1]}",
        role=f"LoCoMo conversation {sid} between {speakers[0]} and {speakers[1]}",
        epoch=epoch.isoformat(),
        days=days,
        questions=questions,
        sessions=tuple(f"D{n}" for n in numbers),
        participants=(speakers[0], speakers[1]),
        checkpoints=session_checkpoints([day_of[n] for n in numbers]),
    )
    return persona


@attrs.define
class _Notes:
    """What a file's questions name that could not be read, or is not in their conversation: said
    once for the file (:func:`read_locomo`'s ``warnings``), never dropped without a word."""

    unreadable: list[tuple[str, Sequence[str]]] = attrs.field(factory=list)
    unknown: list[tuple[str, Sequence[str]]] = attrs.field(factory=list)

    def lines(self, path: Path) -> list[str]:
        out = []
        unreadable = summarize_unreadable(
            self.unreadable,
            what="name no turn that can be told (expected D<session>:<turn>, as D5:8); their "
            "questions' relevant days and turns are what the rest of their evidence names",
        )
        unknown = summarize_unreadable(
            self.unknown,
            what="name a turn or session that is not in their conversation; they are left out "
            "of the relevant days and turns",
        )
        for line in (unreadable, unknown):
            if line is not None:
                out.append(f"{path}: LoCoMo evidence: {line}")
        return out


def _question(
    rec: _Record,
    field: str,
    item: Any,
    pid: str,
    index: int,
    day_of: Mapping[int, int],
    all_days: Sequence[int],
    names: Mapping[int, str],
    known_turns: Collection[str],
    notes: _Notes,
) -> dict[str, Any]:
    if not isinstance(item, dict):
        raise rec.fail(field, "must be an object")
    question = item.get("question")
    if not isinstance(question, str) or not question.strip():
        raise rec.fail(f"{field}.question", "missing or not a string")
    category = item.get("category")
    if isinstance(category, bool) or not isinstance(category, int) or category not in names:
        raise rec.fail(f"{field}.category", f"must be a whole number 1-5, found {category!r}")
    evidence = item.get("evidence", [])
    if not isinstance(evidence, list):
        raise rec.fail(f"{field}.evidence", "must be a list of dia ids")
    qid = f"{pid}-q{index + 1:03d}"
    refs = read_dialog_refs(evidence)
    notes.unreadable.append((qid, refs.unreadable))
    unknown = [t for t in refs.turns if t not in known_turns]
    named = {t.partition(":")[0] for t in unknown}
    unknown += [f"D{s}" for s in refs.sessions if s not in day_of and f"D{s}" not in named]
    notes.unknown.append((qid, unknown))
    turns = [t for t in refs.turns if t in known_turns]
    days = sorted({day_of[s] for s in refs.sessions if s in day_of}) or list(all_days)
    extra: dict[str, Any] = {
        "locomoCategory": category,
        "questionType": names[category],
        "evidence": list(evidence),
        "evidenceSessions": [f"D{s}" for s in refs.sessions],
    }
    if turns:
        # The turn-level gold: what a retrieval entry's ``turn`` is measured against.
        extra[EVIDENCE_TURNS] = turns
    if category == 5:
        answer = NOT_MENTIONED
        if "adversarial_answer" in item:
            extra["adversarial_answer"] = answer_text(item["adversarial_answer"])
        if "answer" in item:
            extra["locomoAnswer"] = answer_text(item["answer"])
    else:
        if (
            "answer" not in item
            or item["answer"] is None
            or isinstance(item["answer"], dict | list)
        ):
            raise rec.fail(f"{field}.answer", "missing or not a text or number")
        answer = answer_text(item["answer"])
    return {
        "id": qid,
        "question": question.strip(),
        "answer": answer,
        "category": CATEGORY_OF_NAME[names[category]],
        "difficulty": "medium",
        "relevant_days": days,
        **extra,
    }


SESSION_SHARES: tuple[tuple[str, float], ...] = (
    ("25%", 0.25),
    ("50%", 0.5),
    ("75%", 0.75),
    ("100%", 1.0),
)
"""A conversation's checkpoints: after these shares of its sessions, labelled alike in every
conversation so that the heatmap's columns line up."""


def session_checkpoints(session_days: Sequence[int]) -> tuple[TimeRange, ...]:
    """A conversation's checkpoints after 25, 50, 75 and 100 % of its sessions, labelled ``25%`` …
    ``100%``: each covers the days through that of its ⌈n·share⌉-th session (``session_days``: each
    session's day, in session order). Two points on one day are both kept, so that every
    conversation has the same four columns."""
    ordered = sorted(session_days)
    return tuple(
        TimeRange(label=label, days=ordered[max(1, math.ceil(len(ordered) * share)) - 1])
        for label, share in SESSION_SHARES
    )


def read_locomo(
    path: Path | str,
    convention: CategoryConvention = "official",
    warnings: list[str] | None = None,
) -> tuple[list[NativePersona], tuple[TimeRange, ...]]:
    """The conversations of a LoCoMo file as personas, each with its own checkpoints
    (:func:`session_checkpoints`), and the run's: the same labels at the longest conversation's
    days (what a run's ``ranges`` and the heatmap's column days show).

    Evidence references are read by
    :func:`~recallbench.data.importers.dialog_refs.read_dialog_refs`; those that name no
    turn that can be told, or a turn or session the conversation lacks, are one line each for the
    whole file, appended to ``warnings``.

    Raises:
        DatasetError: a malformed file, naming the record and the field.
    """
    path = Path(path)
    names_of(convention)
    personas: list[NativePersona] = []
    seen: set[str] = set()
    notes = _Notes()
    for i, record in enumerate(iter_records(path, "LoCoMo")):
        persona = _conversation(path, i, record, convention, notes)
        if persona.id in seen:
            raise _Record(path, i, persona.id).fail("sample_id", "used by an earlier record")
        seen.add(persona.id)
        personas.append(persona)
    if not personas:
        raise DatasetError("a LoCoMo file with no conversations", path=path)
    if warnings is not None:
        warnings.extend(notes.lines(path))
    return personas, widest_by_label(r for p in personas for r in p.checkpoints)


def convert_locomo(
    source: Path | str, out: Path | str, convention: CategoryConvention = "official"
) -> tuple[list[NativePersona], tuple[TimeRange, ...]]:
    """Write a LoCoMo file's conversations under ``out`` as native personas; return them and
    their default checkpoints. The file's warnings (:func:`read_locomo`) are kept in the import
    marker, where ``validate`` and the commands that convert ``--data locomo:FILE`` read them."""
    warnings: list[str] = []
    personas, ranges = read_locomo(source, convention, warnings)
    write_native(
        personas,
        Path(out),
        family="locomo",
        source=f"locomo ({convention} categories)",
        default_ranges=ranges,
        warnings=warnings,
    )
    return personas, ranges
