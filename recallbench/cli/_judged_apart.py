"""``judge-agreement`` reads a large ``result.json``'s answers on two cores.

A persona-split result (:mod:`recallbench.results.result_stream`) is read in two parts: the later
personas, about half the file's bytes, in a forked child (:mod:`._fork`), the others here at the same
time. The child sends its answers back as columns — persona, cutoff, question, answer text and label
by code, each distinct question and label once — which pickle in milliseconds where 90,000 answer
records took a fifth of a second, and they are rebuilt here into the same records. Where the child
fails or there is no fork, everything is read here, as before, with the errors it always gave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._fork import can_fork, in_child

if TYPE_CHECKING:
    from ..judges.agreement import JudgedAnswer
    from ..results.result_stream import SplitResult

__all__ = ["judged_apart"]


def judged_apart(split: SplitResult) -> list[JudgedAnswer]:
    """``judged_answers(split.skeleton, personas=split.personas())``: every scored answer, in file
    order.

    Raises:
        NotSplit, ValueError: as :func:`~recallbench.judges.agreement.judged_answers` raises them.
    """
    from ..judges.agreement import judged_answers

    cut = _cut(split.spans)
    if cut is None or not can_fork():
        return judged_answers(split.skeleton, personas=split.personas())
    child = in_child(_tail_columns, split, cut)
    try:
        head = judged_answers(split.skeleton, personas=split.personas(stop=cut))
        tail = child.result()
    finally:
        child.cancel()
    if tail is None:  # read it all here: an error names the file's own persona index
        return judged_answers(split.skeleton, personas=split.personas())
    return head + _rebuilt(tail)


def _cut(spans: tuple[tuple[int, int], ...]) -> int | None:
    """The first persona the child reads: the split of the bytes nearest to halves; None for one
    persona."""
    if len(spans) < 2:
        return None
    sizes = [end - start for start, end in spans]
    total, before, best, cut = sum(sizes), 0, None, 1
    for i, size in enumerate(sizes[:-1], start=1):
        before += size
        gap = abs(total - 2 * before)
        if best is None or gap < best:
            best, cut = gap, i
    return cut


_Columns = tuple[
    list[str], list[Any], list[Any], list[int], list[int], list[int], list[str], list[int]
]


def _tail_columns(split: SplitResult, cut: int) -> _Columns:
    """The answers of the personas from ``cut`` on, as columns (run in the child)."""
    from ..judges.agreement import judged_answers

    answers = judged_answers(split.skeleton, personas=split.personas(start=cut))
    personas: dict[str, int] = {}
    qas: dict[int, int] = {}
    labels: dict[int, int] = {}
    qa_table: list[Any] = []
    label_table: list[Any] = []
    p_codes, days, q_codes, texts, l_codes = [], [], [], [], []
    for a in answers:
        p_codes.append(personas.setdefault(a.persona_id, len(personas)))
        days.append(a.days_ingested)
        q = qas.get(id(a.qa))
        if q is None:
            q = qas[id(a.qa)] = len(qa_table)
            qa_table.append(a.qa)
        q_codes.append(q)
        texts.append(a.answer)
        lb = labels.get(id(a.label))
        if lb is None:
            lb = labels[id(a.label)] = len(label_table)
            label_table.append(a.label)
        l_codes.append(lb)
    return list(personas), qa_table, label_table, p_codes, days, q_codes, texts, l_codes


def _rebuilt(columns: _Columns) -> list[JudgedAnswer]:
    from ..judges.agreement import JudgedAnswer

    personas, qas, labels, p_codes, days, q_codes, texts, l_codes = columns
    return [
        JudgedAnswer(persona_id=personas[p], days_ingested=d, qa=qas[q], answer=t, label=labels[lb])
        for p, d, q, t, lb in zip(p_codes, days, q_codes, texts, l_codes, strict=True)
    ]
