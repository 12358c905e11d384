"""The numbers :func:`recallbench.results.comparison.compare_results` reads from each run. Pure.

:func:`flatten` takes one pass over a run's records; :func:`flat_from_parts` builds the same from a
result without its answers (every ``question_results`` empty) and the answers gathered apart by an
:class:`AnswerColumns` — what :mod:`recallbench.results.comparison_read` does straight from a
``result.json``, without building a record per answer. The answers are NumPy columns (one row per
persona, checkpoint label and question), so that pairing two runs' answers
(:mod:`recallbench.results.comparison_pairs`) is array work and a run's numbers cross a process
boundary as a few arrays. The sums are the same ``math.fsum`` of the same floats, so the figures are
the same to the last bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..data.qa import QAPair
from .attribution import Attributor, judge_setting
from .records import BenchmarkResult

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["AnswerColumns", "Answers", "Flat", "flat_from_parts", "flatten", "relabel_flat"]

Key = tuple[str, str, str]
"""(persona id, checkpoint label, question id)."""


@attrs.frozen(kw_only=True, eq=False)
class Answers:
    """One row per (persona, checkpoint label, question) a run answered, as columns.

    Attributes:
        personas, labels, questions: the names the code columns index (question ids).
        qas: the questions the ``qa`` column indexes.
        persona, label, question, qa: each row's codes; ``qa`` is the last answer's question.
        composite: each row's mean composite.
        hallucinated: each row's share hallucinated: 1.0 hallucinated, 0.0 not, a mean for a key
            answered twice.
    """

    personas: tuple[str, ...]
    labels: tuple[str, ...]
    questions: tuple[str, ...]
    qas: tuple[QAPair, ...]
    persona: npt.NDArray[np.intp]
    label: npt.NDArray[np.intp]
    question: npt.NDArray[np.intp]
    qa: npt.NDArray[np.intp]
    composite: npt.NDArray[np.float64]
    hallucinated: npt.NDArray[np.float64]
    attribution: npt.NDArray[np.intp] | None = None
    """Each row's class (an index into :data:`~recallbench.results.attribution.CLASSES`: its last
    answer's); None when not gathered."""

    def __len__(self) -> int:
        return len(self.composite)

    def categories(self) -> npt.NDArray[np.intp]:
        """Each row's category as an index into :meth:`category_names`."""
        import numpy as np

        names = self.category_names()
        codes = {c: i for i, c in enumerate(names)}
        of_qa = np.array([codes[q.category] for q in self.qas], dtype=np.intp)
        return of_qa[self.qa] if len(self.qa) else np.zeros(0, dtype=np.intp)

    def category_names(self) -> list[str]:
        return list(dict.fromkeys(q.category for q in self.qas))

    def hallucinated_by_category(self) -> dict[str, list[float]]:
        """The rows' shares hallucinated, by their question's category (in the order the rows
        first name it)."""
        codes = self.categories()
        names = self.category_names()
        first_seen = dict.fromkeys(codes.tolist())
        return {names[i]: self.hallucinated[codes == i].tolist() for i in first_seen}


@attrs.frozen(kw_only=True, eq=False)
class Flat:
    """One run, flattened.

    Attributes:
        cells: (persona, label, category, mean, count): the heatmap cells, per persona.
        checkpoints: (persona, label, days ingested, answers, hallucination rate).
        answers: the answers, a row per key.
        hallucinated_by_category: the rows' share hallucinated, by the question's category.
        evaluations: [question, evaluations hallucinated, evaluations] by (persona, question id).
        question_answers: answers with per-question data.
        unscored: answers left out because their judge failed.
        label_days: days of each checkpoint label.
        reported: whether the run reports retrieval (any answer carries retrieval metrics).
        judged: whether a judge scored the run (not the stub judge's zeros).
    """

    cells: tuple[tuple[str, str, str, float, int], ...]
    checkpoints: tuple[tuple[str, str, float, int, float], ...]
    answers: Answers
    hallucinated_by_category: dict[str, list[float]]
    evaluations: dict[tuple[str, str], list[Any]]
    question_answers: int
    unscored: int
    label_days: dict[str, float]
    reported: bool = False
    judged: bool = True


class AnswerColumns:
    """A run's scored answers gathered in order: :meth:`checkpoint` starts a checkpoint, then each
    answer appends its question's code (:meth:`code`), its composite and whether it hallucinated to
    the public lists — the hot loop of a reader appends to them directly. Each answer's class goes
    to ``classes`` as it would be if the run reports retrieval, and to ``classes_unreported`` as it
    would be if not (:meth:`~recallbench.results.attribution.Attributor.codes`); a reader that
    meets an answer with retrieval metrics sets ``reported``."""

    def __init__(self) -> None:
        self.qa_codes: list[int] = []
        self.composites: list[float] = []
        self.bad: list[bool] = []
        self.classes: list[int] = []
        self.classes_unreported: list[int] = []
        self.reported = False
        self._qas: list[QAPair] = []
        self._by_identity: dict[int, int] = {}
        self._personas: dict[str, int] = {}
        self._labels: dict[str, int] = {}
        self._spans: list[tuple[int, int, int]] = []  # (persona code, label code, first answer)

    def code(self, qa: QAPair) -> int:
        """The code of a question record (one per object: the readers share equal records)."""
        c = self._by_identity.get(id(qa))
        if c is None:
            c = self._by_identity[id(qa)] = len(self._qas)
            self._qas.append(qa)
        return c

    def add_classes(self, codes: tuple[int, int]) -> None:
        """An answer's class codes: ``(if the run reports retrieval, if it does not)``."""
        self.classes.append(codes[0])
        self.classes_unreported.append(codes[1])

    def checkpoint(self, persona_id: str, label: str) -> None:
        """The answers appended next are this persona's at this checkpoint."""
        p = self._personas.setdefault(persona_id, len(self._personas))
        lb = self._labels.setdefault(label, len(self._labels))
        self._spans.append((p, lb, len(self.qa_codes)))

    def finish(self) -> tuple[Answers, dict[tuple[str, str], list[Any]]]:
        """The rows by key, and [question, hallucinated, evaluations] by (persona, question id)."""
        import numpy as np

        n = len(self.qa_codes)
        qids: dict[str, int] = {}
        qid_of_qa = np.array(
            [qids.setdefault(q.id, len(qids)) for q in self._qas], dtype=np.intp
        ).reshape(-1)
        qa = np.array(self.qa_codes, dtype=np.intp).reshape(-1)
        ends = [s for _, _, s in self._spans[1:]] + [n] * bool(self._spans)
        sizes = [end - s for (_, _, s), end in zip(self._spans, ends, strict=True)]
        persona = np.repeat(np.array([p for p, _, _ in self._spans], dtype=np.intp), sizes)
        label = np.repeat(np.array([lb for _, lb, _ in self._spans], dtype=np.intp), sizes)
        question = qid_of_qa[qa] if n else np.zeros(0, dtype=np.intp)
        # 0.0 + composite, as the per-answer sums began; a share of 1.0 or 0.0 per answer.
        composite = np.array(self.composites, dtype=np.float64).reshape(-1) + 0.0
        bad = np.array(self.bad, dtype=np.bool_).reshape(-1)
        hallucinated = bad.astype(np.float64)
        names = (tuple(self._personas), tuple(self._labels), tuple(qids), tuple(self._qas))
        chosen = self.classes if self.reported else self.classes_unreported
        classes = np.array(chosen, dtype=np.intp).reshape(-1) if len(chosen) == n else None
        rows = _rows(names, persona, label, question, qa, composite, hallucinated, classes)
        return rows, _evaluations(names, persona, question, qa, bad)


def _rows(
    names: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[QAPair, ...]],
    persona: npt.NDArray[np.intp],
    label: npt.NDArray[np.intp],
    question: npt.NDArray[np.intp],
    qa: npt.NDArray[np.intp],
    composite: npt.NDArray[np.float64],
    hallucinated: npt.NDArray[np.float64],
    classes: npt.NDArray[np.intp] | None = None,
) -> Answers:
    """One row per key; a key answered more than once (a run of ``--epochs`` > 1: once per epoch)
    gets the means of its answers, summed in answer order, and its last answer's question — so
    runs of several epochs are compared question by question, each the mean of its epochs."""
    import numpy as np

    n = len(qa)
    key = (persona * len(names[1]) + label) * len(names[2]) + question
    ordered = np.sort(key)
    if n and bool((ordered[1:] == ordered[:-1]).any()):
        sums: dict[int, list[Any]] = {}  # [first answer, last answer, composite, hallucinated, n]
        for i, k in enumerate(key.tolist()):
            total = sums.get(k)
            c, h = composite[i].item(), hallucinated[i].item()
            if total is None:
                sums[k] = [i, i, 0.0 + c, 0.0 + h, 1]
            else:
                total[1] = i
                total[2] += c
                total[3] += h
                total[4] += 1
        # A key's codes from its first answer, its question from its last.
        first = np.array([t[0] for t in sums.values()], dtype=np.intp).reshape(-1)
        last = np.array([t[1] for t in sums.values()], dtype=np.intp).reshape(-1)
        persona, label, question = persona[first], label[first], question[first]
        qa = qa[last]
        classes = classes[last] if classes is not None else None
        composite = np.array([t[2] / t[4] for t in sums.values()], dtype=np.float64).reshape(-1)
        hallucinated = np.array([t[3] / t[4] for t in sums.values()], dtype=np.float64).reshape(-1)
    return Answers(
        personas=names[0],
        labels=names[1],
        questions=names[2],
        qas=names[3],
        persona=persona,
        label=label,
        question=question,
        qa=qa,
        composite=composite,
        hallucinated=hallucinated,
        attribution=classes,
    )


def _evaluations(
    names: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[QAPair, ...]],
    persona: npt.NDArray[np.intp],
    question: npt.NDArray[np.intp],
    qa: npt.NDArray[np.intp],
    bad: npt.NDArray[np.bool_],
) -> dict[tuple[str, str], list[Any]]:
    """[last answer's question, answers hallucinated, answers] by (persona, question id)."""
    import numpy as np

    if not len(qa):
        return {}
    key = persona * len(names[2]) + question
    keys, inverse = np.unique(key, return_inverse=True)
    inverse = inverse.reshape(-1)
    counts = np.bincount(inverse, minlength=len(keys)).tolist()
    hallucinated = np.bincount(inverse[bad], minlength=len(keys)).tolist()
    _, first_reversed = np.unique(key[::-1], return_index=True)
    last = (len(key) - 1 - first_reversed).tolist()
    personas, questions, qas = names[0], names[2], names[3]
    nq = len(questions)
    qa_list = qa.tolist()
    return {
        (personas[k // nq], questions[k % nq]): [qas[qa_list[j]], h, c]
        for k, j, h, c in zip(keys.tolist(), last, hallucinated, counts, strict=True)
    }


def attributor_of(metadata: Any) -> Attributor:
    """An attributor for a run's answers, its judges read from its ``metadata`` (a
    :class:`~recallbench.results.records.RunMetadata` or ``result.json``'s object). Whether the run
    reports retrieval is settled at its end: the codes cover both."""
    return Attributor(reported=True, **judge_setting(metadata))


def flatten(result: BenchmarkResult) -> Flat:
    """The numbers a comparison reads from one run."""
    columns = AnswerColumns()
    codes, composites, bad, code = columns.qa_codes, columns.composites, columns.bad, columns.code
    attributor = attributor_of(result.metadata)
    for persona in result.personas:
        pid = persona.persona_id
        for rr in persona.range_results:
            columns.checkpoint(pid, rr.range.label)
            for qr in rr.question_results:
                error = qr.error
                if error is not None and error.stage == "judge":
                    continue
                codes.append(code(qr.qa))
                composites.append(qr.composite_score)
                bad.append(qr.score.hallucination == 0)
                columns.add_classes(attributor.record_codes(qr))
                if qr.retrieval_metrics is not None or qr.turn_retrieval_metrics is not None:
                    columns.reported = True
    return flat_from_parts(result, columns)


def flat_from_parts(head: BenchmarkResult, columns: AnswerColumns) -> Flat:
    """The flattened run from its result (answers unread: they are in ``columns``, gathered over
    the same checkpoints in the same order)."""
    cells: list[tuple[str, str, str, float, int]] = []
    checkpoints: list[tuple[str, str, float, int, float]] = []
    unscored = 0
    label_days = {r.label: float(r.days) for r in head.ranges}
    for persona in head.personas:
        pid = persona.persona_id
        for rr in persona.range_results:
            label = rr.range.label
            label_days.setdefault(label, float(rr.range.days))
            unscored += len(rr.unscored_results or ())
            checkpoints.append(
                (pid, label, float(rr.days_ingested), rr.questions_evaluated, rr.hallucination_rate)
            )
            cells.extend(
                (pid, label, cs.category, cs.mean_score, cs.question_count)
                for cs in rr.category_scores
            )
    reported = columns.reported or any(
        q.retrieval_metrics is not None or q.turn_retrieval_metrics is not None
        for p in head.personas
        for rr in p.range_results
        for q in rr.unscored_results or ()
    )
    columns.reported = reported
    answers, evaluations = columns.finish()
    return Flat(
        cells=tuple(cells),
        checkpoints=tuple(checkpoints),
        answers=answers,
        hallucinated_by_category=answers.hallucinated_by_category(),
        evaluations=evaluations,
        question_answers=len(columns.qa_codes),
        unscored=unscored,
        label_days=label_days,
        reported=reported,
        judged=head.judged,
    )


def relabel_flat(flat: Flat, renamed: dict[str, str]) -> Flat:
    """``flat`` with its checkpoint labels renamed (old → new; no new label is already there)."""
    if not renamed:
        return flat

    def new(label: str) -> str:
        return renamed.get(label, label)

    def rows(items: Sequence[tuple[Any, ...]]) -> tuple[Any, ...]:
        return tuple((p, new(lb), *rest) for p, lb, *rest in items)

    return attrs.evolve(
        flat,
        cells=rows(flat.cells),
        checkpoints=rows(flat.checkpoints),
        answers=attrs.evolve(flat.answers, labels=tuple(new(lb) for lb in flat.answers.labels)),
        label_days={new(lb): d for lb, d in flat.label_days.items()},
    )
