"""Small LoCoMo and LongMemEval files in their published formats, written by the tests."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any


def locomo_records() -> list[dict[str, Any]]:
    """Two conversations: multi-image and single-image turns, two sessions on one date, numeric
    answers, empty evidence, an adversarial question, every top-level field."""
    first = {
        "sample_id": "conv-26",
        "conversation": {
            "speaker_a": "Caroline",
            "speaker_b": "Melanie",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {
                    "speaker": "Caroline",
                    "dia_id": "D1:1",
                    "text": "I went to the LGBTQ support group yesterday.",
                },
                {
                    "speaker": "Melanie",
                    "dia_id": "D1:2",
                    "text": "Look at my pottery!",
                    "img_url": ["https://example.org/1.jpg", "https://example.org/2.jpg"],
                    "blip_caption": ["a photo of a clay bowl", "a photo of a blue mug"],
                    "query": "pottery bowl",
                },
                {"speaker": "Caroline", "dia_id": "D1:3", "text": "I have 3 kids."},
            ],
            "session_2_date_time": "7:00 pm on 8 May, 2023",
            "session_2": [
                {
                    "speaker": "Melanie",
                    "dia_id": "D2:1",
                    "text": "I ran a charity race today.",
                    "img_url": ["https://example.org/3.jpg"],
                    "blip_caption": "a photo of runners crossing a line",
                    "query": "charity race",
                }
            ],
            "session_3_date_time": "10:00 am on 20 June, 2023",
            "session_3": [
                {"speaker": "Caroline", "dia_id": "D3:1", "text": "I moved to Boston in 2022."}
            ],
            "session_4_date_time": "4:04 pm on 1 August, 2023",
            "session_4": [
                {"speaker": "Melanie", "dia_id": "D4:1", "text": "We adopted a dog named Oscar."}
            ],
        },
        "qa": [
            {
                "question": "When did Caroline go to the LGBTQ support group?",
                "answer": "7 May 2023",
                "evidence": ["D1:1"],
                "category": 2,
            },
            {
                "question": "How many kids does Caroline have?",
                "answer": 3,
                "evidence": ["D1:3"],
                "category": 4,
            },
            {
                "question": "In which year did Caroline move to Boston?",
                "answer": 2022,
                "evidence": ["D3:1"],
                "category": 4,
            },
            {
                "question": "What activities does Melanie do?",
                "answer": "pottery, running",
                "evidence": ["D1:2", "D2:1"],
                "category": 1,
            },
            {
                "question": "Would Caroline enjoy Boston winters?",
                "answer": "Likely no; she prefers warm weather",
                "evidence": [],
                "category": 3,
            },
            {
                "question": "What did Melanie paint last week?",
                "adversarial_answer": "a sunset",
                "evidence": ["D4:1"],
                "category": 5,
            },
        ],
        "observation": {"session_1_observation": {"Caroline": [["went to a group", "D1:1"]]}},
        "session_summary": {"session_1_summary": "Caroline and Melanie talk."},
        "event_summary": {"events_session_1": {"Caroline": ["support group"], "date": "8 May"}},
    }
    second = {
        "sample_id": "conv-30",
        "conversation": {
            "speaker_a": "Jon",
            "speaker_b": "Gina",
            "session_1_date_time": "9:00 am on 2 January, 2023",
            "session_1": [{"speaker": "Jon", "dia_id": "D1:1", "text": "I lost my job."}],
            "session_2_date_time": "9:00 am on 3 January, 2023",
            "session_2": [{"speaker": "Gina", "dia_id": "D2:1", "text": "I opened a store."}],
        },
        "qa": [
            {
                "question": "What did Gina open?",
                "answer": "a store",
                "evidence": ["D2:1"],
                "category": 4,
            }
        ],
        "observation": {},
        "session_summary": {},
        "event_summary": {},
    }
    return [first, second]


def _date(day: dt.datetime) -> str:
    return day.strftime("%Y/%m/%d (%a) %H:%M")


def longmemeval_records(haystack: int = 300) -> list[dict[str, Any]]:
    """A question whose sessions are stored out of date order with a ``has_answer`` turn, an
    ``_abs`` question, a numeric answer, and an ``_m``-style haystack of ``haystack`` sessions."""
    start = dt.datetime(2023, 1, 1, 9, 0)
    big_dates = [_date(start + dt.timedelta(hours=7 * k)) for k in range(haystack)]
    big = [
        [
            {"role": "user", "content": f"chat {k}: the weather and topic {k * 7 % 13}"},
            {"role": "assistant", "content": f"noted {k}"},
        ]
        for k in range(haystack)
    ]
    big[40] = [
        {"role": "user", "content": "I bought hiking boots today.", "has_answer": True},
        {"role": "assistant", "content": "Enjoy them."},
    ]
    return [
        {
            "question_id": "e47becba",
            "question_type": "single-session-user",
            "question": "What is the name of my dog?",
            "answer": "Biscuit",
            "question_date": "2023/05/30 (Tue) 23:40",
            "haystack_session_ids": ["sharegpt_x", "answer_1"],
            "haystack_dates": ["2023/05/21 (Sun) 10:00", "2023/05/20 (Sat) 02:21"],
            "haystack_sessions": [
                [{"role": "user", "content": "Can you help me with a kettle?"}],
                [
                    {
                        "role": "user",
                        "content": "My dog Biscuit loves the park.",
                        "has_answer": True,
                    },
                    {"role": "assistant", "content": "What a lovely name!"},
                ],
            ],
            "answer_session_ids": ["answer_1"],
        },
        {
            "question_id": "e47becba_abs",
            "question_type": "single-session-user",
            "question": "What is the name of my cat?",
            "answer": "You did not mention a cat.",
            "question_date": "2023/05/30 (Tue) 23:40",
            "haystack_session_ids": ["answer_1"],
            "haystack_dates": ["2023/05/20 (Sat) 02:21"],
            "haystack_sessions": [[{"role": "user", "content": "My dog Biscuit loves the park."}]],
            "answer_session_ids": [],
        },
        {
            "question_id": "gpt4_m_1",
            "question_type": "temporal-reasoning",
            "question": "How many sessions ago did I buy hiking boots?",
            "answer": 2,
            "question_date": _date(start + dt.timedelta(hours=7 * haystack + 5)),
            "haystack_session_ids": [f"s{k}" for k in range(haystack)],
            "haystack_dates": big_dates,
            "haystack_sessions": big,
            "answer_session_ids": ["s40"],
        },
    ]


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
