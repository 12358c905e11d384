"""The official token F1, and the diary-f1 judge that puts it on recallbench's scale."""

from __future__ import annotations

import anyio
import pytest
from recallbench_diary.judge import DiaryF1Judge
from recallbench_diary.scoring import declines, diary_f1, normalize, token_f1

from recallbench.data import QAPair
from recallbench.judges import Judge, JudgeContext


def test_normalisation() -> None:
    assert normalize("The Kettle is RED, a bright red!") == ["kettle", "is", "red", "bright", "red"]
    assert normalize("2024-03-04") == ["20240304"]


@pytest.mark.parametrize(
    ("answer", "reference", "f1"),
    [
        ("dark green", "dark green", 1.0),
        ("dark green paint", "dark green", 0.8),  # precision 2/3, recall 1
        ("green", "dark green", 2 / 3),
        ("blue", "dark green", 0.0),
        ("", "dark green", 0.0),
        ("On 2024-03-04, she bought it", "2024-03-04", 2 / 6),
    ],
)
def test_token_f1(answer: str, reference: str, f1: float) -> None:
    assert token_f1(answer, reference) == pytest.approx(f1)


def test_absent_questions_score_a_declining_answer() -> None:
    assert declines("That is not in the diary.")
    assert declines("I don't know")
    assert not declines("Her name is Beatrice")
    assert diary_f1("Not mentioned anywhere", "not in the diary", "absent") == 1.0
    assert diary_f1("Beatrice", "not in the diary", "absent") == 0.0
    assert diary_f1("not in the diary", "not in the diary", "fact") == 1.0  # F1 elsewhere


def _context(category: str) -> JudgeContext:
    pair = QAPair(
        id="q",
        question="?",
        answer="x",
        category=category,
        difficulty="medium",
        relevant_days=(1,),
    )
    return JudgeContext(qa=pair)


@pytest.mark.parametrize(
    ("answer", "category", "scores", "head"),
    [
        ("dark green", "fact", (3, 2, 1), "F1 1.0000 [diary fact]"),
        ("green", "fact", (2, 1, 1), "F1 0.6667 [diary fact]"),
        ("blue", "fact", (0, 0, 0), "F1 0.0000 [diary fact]"),  # asserts what is not so
        ("I don't know", "fact", (0, 0, 1), "F1 0.0000 [diary fact]"),  # declines: grounded
        ("", "fact", (0, 0, 1), "F1 0.0000 [diary fact]"),
        ("Not in the diary.", "absent", (3, 2, 1), "F1 1.0000 [diary absent]"),
    ],
)
def test_the_judge_maps_the_figure_onto_the_scale(
    answer: str, category: str, scores: tuple[int, int, int], head: str
) -> None:
    judge = DiaryF1Judge()
    assert isinstance(judge, Judge)

    async def main() -> None:
        score = await judge.score("?", "dark green", answer, _context(category))
        assert (score.correctness, score.completeness, score.hallucination) == scores
        assert score.reasoning == head

    anyio.run(main)


def test_without_a_context_the_plain_f1_is_used() -> None:
    score = DiaryF1Judge().score_sync("dark green", "green", None)
    assert score.reasoning == "F1 0.6667 [diary no category]"
