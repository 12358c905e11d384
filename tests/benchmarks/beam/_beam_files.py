"""Small BEAM checkouts written in BEAM's own format (github.com/mohammadtavakoli78/BEAM): conversation
folders with ``chat.json``, ``chat_trunecated.json`` (sic), a 10M conversation's ``plan-k`` folders
and its combined file, and ``probing_questions/probing_questions.json``, as the repository lays them
out (``chats/<size>/<n>/``). Nothing of BEAM's data is copied: the texts are made up here, in the
shapes the repository's files have (batches of turn groups, a time anchor on a batch's first
message, ``->-> b,k`` generation markers, ``source_chat_ids`` as lists, nested lists and objects).

The 100K conversation ``1`` is the one most tests read: three sessions (March-15, April-05,
April-25 2024: days 1, 22 and 42), message ids 0-13, and one question per ability whose answer
its turns hold (:data:`FACTS`).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

__all__ = [
    "ANCHORS",
    "FACTS",
    "batch",
    "conversation_one",
    "conversation_two",
    "probing_one",
    "probing_ten_million",
    "write_checkout",
    "write_json",
]

ANCHORS = ("March-15-2024", "April-05-2024", "April-25-2024")

FACTS = {
    0: "I met Michael at the Montserrat Writers' Festival on January 15, 2024. ->-> 1,1",
    2: "My weekly word count target is 1,200 words, tracked in Google Docs. ->-> 1,2",
    4: "Always format dates as Month Day, Year when I ask about timeline details. ->-> 2,1",
    6: "I have never felt anxious about my grammar accuracy after feedback. ->-> 2,2",
    8: "I prefer editing in short 30-minute bursts rather than marathon sessions. ->-> 2,2",
    10: "I adjusted my weekly word count target to 1,350 words after reviewing progress. ->-> 3,1",
    12: "I felt anxious about my grammar accuracy after receiving feedback from Amy. ->-> 3,2",
}


def write_json(path: Path, data: Any, indent: int = 2) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=indent), encoding="utf-8")
    return path


def _user(
    mid: int, content: str, *, anchor: str | None = None, main: bool = True
) -> dict[str, Any]:
    out: dict[str, Any] = {"role": "user", "id": mid}
    if anchor is not None:
        out["time_anchor"] = anchor
    if main:
        out["index"] = "1,1"
        out["question_type"] = "main_question"
    else:
        out["question_type"] = "followup_question"
    out["content"] = content
    return out


def _assistant(mid: int, content: str) -> dict[str, Any]:
    return {"role": "assistant", "id": mid, "content": content}


def batch(number: int, groups: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """A batch as the repository writes it (its own ``time_anchor`` null)."""
    return {"batch_number": number, "turns": groups, "time_anchor": None}


def conversation_one(anchors: tuple[str, ...] = ANCHORS) -> list[dict[str, Any]]:
    """Three sessions, two turn groups each, ids 0-13; the user's messages are :data:`FACTS`."""
    reply = {
        1: "That sounds like a wonderful start to your writing journey.",
        3: "Tracking the count in Google Docs keeps the goal visible.",
        5: "Understood: I will write dates as Month Day, Year.",
        7: "Feedback can feel personal; it helps to read it twice.",
        9: "Short focused bursts are a good way to keep editing fresh.",
        11: "A modest increase keeps the goal reachable.",
        13: "It is natural to feel that way; Amy's notes are meant to help.",
    }
    sessions = []
    mid = 0
    for s in range(3):
        groups = []
        for g in range(2):
            first = _user(mid, FACTS[mid], anchor=anchors[s] if g == 0 else None)
            group = [first, _assistant(mid + 1, reply[mid + 1])]
            mid += 2
            if s == 1 and g == 1:  # a follow-up exchange in the same turn group
                group += [_user(mid, FACTS[mid], main=False), _assistant(mid + 1, reply[mid + 1])]
                mid += 2
            groups.append(group)
        sessions.append(batch(s + 1, groups))
    return sessions


def probing_one() -> dict[str, list[dict[str, Any]]]:
    """One question per ability about :func:`conversation_one` (BEAM's keys, in its order)."""
    return {
        "abstention": [
            {
                "question": "What was the agenda for the Montserrat Writers' Festival?",
                "ideal_response": "Based on the provided chat, there is no information related "
                "to the agenda of the Montserrat Writers' Festival.",
                "difficulty": "medium",
                "abstention_type": "missing_detail",
                "plan_reference": "Batch 1 mentions the festival but no agenda.",
                "rubric": [
                    "Based on the provided chat, there is no information related to the agenda "
                    "of the Montserrat Writers' Festival"
                ],
            }
        ],
        "contradiction_resolution": [
            {
                "question": "Do I usually feel anxious about my grammar accuracy after feedback?",
                "ideal_answer": "You said both that you felt anxious and that you never did.",
                "difficulty": "clear",
                "source_chat_ids": {"first_statement": [12], "second_statement": [6]},
                "rubric": [
                    "LLM response should state: there is contradictory information",
                    "LLM response should mention: You said you felt anxious about your grammar "
                    "accuracy after feedback",
                    "LLM response should mention: you also mentioned that you never felt anxious",
                    "LLM response should mention: which statement is correct?",
                ],
            }
        ],
        "event_ordering": [
            {
                "question": "In which order did I bring up these topics? Mention ONLY three items.",
                "answer": "Meeting Michael, then the word count target, then its adjustment.",
                "difficulty": "hard",
                "source_chat_ids": [0, [2], 10],
                "rubric": [
                    "Meeting Michael at the festival",
                    "Weekly word count target",
                    "Adjusted word count target",
                ],
            }
        ],
        "information_extraction": [
            {
                "question": "When did I say I met Michael at the festival?",
                "answer": "You met Michael on January 15, 2024.",
                "difficulty": "easy",
                "source_chat_ids": [0],
                "rubric": ["LLM response should state: January 15, 2024"],
            }
        ],
        "instruction_following": [
            {
                "question": "When was the Montserrat Writers' Festival?",
                "instruction_being_tested": "Always format dates as Month Day, Year.",
                "compliance_indicators": ["Month Day, Year format"],
                "difficulty": "medium",
                "source_chat_ids": [4],
                "rubric": ["LLM response should contain: Month Day, Year format"],
            }
        ],
        "knowledge_update": [
            {
                "question": "What is my weekly word count target?",
                "answer": "1,350 words per week",
                "difficulty": "easy",
                "source_chat_ids": {"original_info": [2], "updated_info": [10]},
                "rubric": ["LLM response should state: 1,350 words"],
            }
        ],
        "multi_session_reasoning": [
            {
                "question": "By how much did I raise my weekly word count target?",
                "answer": "By 150 words, from 1,200 to 1,350 words.",
                "difficulty": "moderate",
                "source_chat_ids": [2, 10],
                "rubric": [
                    "LLM response should state: 150 words",
                    "LLM response should state: from 1,200 to 1,350 words",
                ],
            }
        ],
        "preference_following": [
            {
                "question": "How should I break up my editing this week?",
                "compliance_indicators": ["short sessions"],
                "difficulty": "medium",
                "source_chat_ids": [8],
                "rubric": [
                    "LLM response should contain: short 30-minute editing bursts",
                    "LLM response should avoid: marathon editing sessions",
                ],
            }
        ],
        "summarization": [
            {
                "question": "Summarize how my writing goals developed.",
                "ideal_summary": "You set a weekly target of 1,200 words and raised it to 1,350.",
                "difficulty": "",
                "source_chat_ids": [],
                "rubric": [
                    "LLM response should contain: a weekly target of 1,200 words",
                    "LLM response should contain: raised to 1,350 words",
                ],
            }
        ],
        "temporal_reasoning": [
            {
                "question": "How many days passed between meeting Michael and April 25, 2024?",
                "answer": "101 days.",
                "difficulty": "easy",
                "source_chat_ids": {"first_event": [0], "second_event": [10]},
                "rubric": ["LLM response should state: 101 days"],
            }
        ],
    }


def conversation_two() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A conversation's ``chat.json`` (two sessions) and its ``chat_trunecated.json``: the first
    session alone, with message 1 edited (as ``1M/6``'s truncated file edits one)."""
    full = [
        batch(1, [[_user(0, "I planted tomatoes in May.", anchor="May-01-2024"),
                   _assistant(1, "Tomatoes like full sun.")]]),
        batch(2, [[_user(2, "The tomatoes ripened in August.", anchor="August-20-2024"),
                   _assistant(3, "Enjoy the harvest.")]]),
    ]  # fmt: skip
    truncated = copy.deepcopy(full[:1])
    truncated[0]["turns"][0][1]["content"] = (
        "Tomatoes like full sun (edited in the truncated file)."
    )
    return full, truncated


def _probing_two() -> dict[str, list[dict[str, Any]]]:
    return {
        "information_extraction": [
            {
                "question": "When did I plant tomatoes?",
                "answer": "In May.",
                "difficulty": "easy",
                "source_chat_ids": [0],
                "rubric": ["LLM response should state: May"],
            }
        ]
    }


def _plan(first_id: int, anchors: tuple[str, ...], word: str) -> list[dict[str, Any]]:
    """One plan: a batch per anchor, one turn group each, ids from ``first_id``."""
    out = []
    mid = first_id
    for b, anchor in enumerate(anchors, 1):
        group = [
            _user(
                mid,
                f"Plan note {word} {b}: the checkpoint code is {word.upper()}-{b}.",
                anchor=anchor,
            ),
            _assistant(mid + 1, f"Noted {word} {b}."),
        ]
        out.append(batch(b, [group]))
        mid += 2
    return out


PLAN_ANCHORS = (
    ("July-01-2024", "July-02-2024"),
    ("July-16-2024", "July-17-2024"),
    ("August-01-2024", "August-02-2024"),
)


def ten_million_plans(first_anchor: str | None = None) -> list[list[dict[str, Any]]]:
    """Three plans of two batches (ids 0-3 each, as the plan folders write them); with
    ``first_anchor``, the first session is dated so (``10M/5``'s first session is out of order)."""
    plans = [
        _plan(0, anchors, word)
        for anchors, word in zip(PLAN_ANCHORS, ("alpha", "beta", "gamma"), strict=True)
    ]
    if first_anchor is not None:
        plans[0][0]["turns"][0][0]["time_anchor"] = first_anchor
    return plans


def combined(plans: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The plans as one combined 10M file: ``combine_10m_chats`` of ``src/beam/download_dataset.py``,
    its code as it is (ids shifted by the last id of the plan before, plus one)."""
    chats = copy.deepcopy(plans)
    new_chat = []
    last_id = 0
    for index, chat in enumerate(chats):
        if last_id != 0:
            for batch_number, one in enumerate(chat):
                for turn_number, turn in enumerate(one["turns"]):
                    for message_number, _message in enumerate(turn):
                        chat[batch_number]["turns"][turn_number][message_number]["id"] += (
                            last_id + 1
                        )
        last_id = chat[-1]["turns"][-1][-1]["id"]
        new_chat.append({f"plan-{index + 1}": chat})
    return new_chat


def probing_ten_million() -> dict[str, list[dict[str, Any]]]:
    """Questions naming global ids: 4 is plan-1's first message, 10 plan-2's second user one."""
    return {
        "information_extraction": [
            {
                "question": "What was the checkpoint code of beta 1?",
                "answer": "BETA-1",
                "difficulty": "easy",
                "plan_reference": "Plan 1, Batch 1",
                "source_chat_ids": [4],
                "rubric": ["LLM response should state: BETA-1"],
            },
            {
                "question": "What was the checkpoint code of gamma 2?",
                "answer": "GAMMA-2",
                "difficulty": "easy",
                "source_chat_ids": [10, "--", 99],
                "rubric": ["LLM response should state: GAMMA-2"],
            },
        ]
    }


def write_checkout(
    root: Path, *, combined_10m: bool = False, first_anchor: str | None = None
) -> Path:
    """A BEAM checkout under ``root``: ``chats/100K/1`` (:func:`conversation_one`), ``chats/100K/2``
    (:func:`conversation_two`, with its truncated file) and ``chats/10M/1`` (three plan folders;
    with ``combined_10m`` also the combined ``chat.json``). Returns ``root``."""
    one = root / "chats" / "100K" / "1"
    write_json(one / "chat.json", conversation_one())
    write_json(one / "probing_questions" / "probing_questions.json", probing_one(), indent=4)
    write_json(one / "topic.json", {"id": 7, "category": "Writing", "title": "Writing confidence"})
    two = root / "chats" / "100K" / "2"
    full, truncated = conversation_two()
    write_json(two / "chat.json", full)
    write_json(two / "chat_trunecated.json", truncated, indent=4)
    write_json(two / "probing_questions" / "probing_questions.json", _probing_two())
    ten = root / "chats" / "10M" / "1"
    plans = ten_million_plans(first_anchor)
    for k, plan in enumerate(plans):
        write_json(ten / f"plan-{k}" / "chat.json", plan)
    if combined_10m:
        write_json(ten / "chat.json", combined(plans))
    write_json(ten / "probing_questions" / "probing_questions.json", probing_ten_million())
    write_json(root / "chats" / "100K" / "topics.json", [{"id": 7}])
    return root
