"""A run read for a comparison straight from its ``result.json``: the result without its answers,
and the answers flattened, without a record per answer.

``compare`` needs of each answer its question, composite and whether it hallucinated
(:mod:`recallbench.results.comparison_flat`). :func:`read_flat` reads an indented ``result.json`` a
persona at a time (:mod:`recallbench.results.result_stream`), structures each persona without its
answers, and checks and gathers the answers itself: the usual answer by the same test and the same
shared question and score records as :func:`recallbench.results.result_json.result_from_json`, any
other through the converter. It reads exactly what :func:`recallbench.results.reading.read_run`
reads — when it returns, ``read_run`` would have returned that result, with those answers — and
returns None whenever it cannot say so (another layout, a directory without a ``result.json``, a
``progress.jsonl``, any record that does not read): the caller then reads the run with ``read_run``,
which gives the result or the error it always gave.
"""

from __future__ import annotations

import mmap
from pathlib import Path

import attrs

from ._collector import collector_paused
from .comparison_flat import AnswerColumns, Flat, attributor_of, flat_from_parts
from .loaded_run import LoadedRun, loaded_from_result
from .records import BenchmarkResult, PersonaResult
from .result_json import answer_from_json, head_from_json, persona_apart, sharing
from .result_stream import map_file, split_personas

__all__ = ["read_flat"]

_PLAIN_ANSWER_KEYS = 5  # qa, systemAnswer, score, compositeScore, latencyMs: as result_json's


def read_flat(path: Path | str) -> tuple[LoadedRun, Flat] | None:
    """The run at ``path`` (a ``result.json`` or a run directory holding one) as a loaded run whose
    result has no answers (every ``question_results`` empty; ``details`` empty) and its flattened
    numbers; None when it is to be read by :func:`~recallbench.results.reading.read_run`."""
    path = Path(path)
    if path.is_dir():
        path = path / "result.json"
    if path.suffix == ".jsonl" or not path.is_file():
        return None
    try:
        raw = map_file(path)
    except OSError:
        return None
    if raw is None:
        return None
    with collector_paused():  # millions of small objects, no cycle among them
        try:
            read = _read(raw)
        except Exception:  # read_run says what is wrong
            return None
    if read is None:
        return None
    result, flat, metadata = read
    return loaded_from_result(result, path, metadata, {}), flat


def _read(raw: mmap.mmap) -> tuple[BenchmarkResult, Flat, dict[str, object]] | None:
    split = split_personas(raw)
    if split is None:
        return None
    columns = AnswerColumns()
    codes, composites, bad, code = columns.qa_codes, columns.composites, columns.bad, columns.code
    classes, unreported = columns.classes, columns.classes_unreported
    head_metadata = split.skeleton.get("metadata")
    md = head_metadata if isinstance(head_metadata, dict) else {}
    attributor = attributor_of(md)
    plain_codes, record_codes = attributor.codes, attributor.record_codes
    personas: list[PersonaResult] = []
    with sharing() as interner:
        qa_of, score_of = interner.qa, interner.score
        for data in split.personas():
            apart = persona_apart(data)
            if apart is None:
                return None
            persona, answers = apart
            personas.append(persona)
            for rr, items in zip(persona.range_results, answers, strict=True):
                columns.checkpoint(persona.persona_id, rr.range.label)
                for item in items:
                    # The usual answer, tested as result_json's question_results tests it.
                    if type(item) is dict and len(item) == _PLAIN_ANSWER_KEYS:
                        try:
                            qa, answer, score = item["qa"], item["systemAnswer"], item["score"]
                            composite, latency = item["compositeScore"], item["latencyMs"]
                        except KeyError:
                            pass
                        else:
                            if (
                                type(answer) is str
                                and (type(composite) is int or type(composite) is float)
                                and (type(latency) is int or type(latency) is float)
                            ):
                                qa_record, score_record = qa_of(qa), score_of(score)
                                codes.append(code(qa_record))
                                bad.append(score_record.hallucination == 0)
                                composites.append(composite)
                                kind = plain_codes(qa_record, answer, score_record)
                                classes.append(kind[0])
                                unreported.append(kind[1])
                                continue
                    record = answer_from_json(item)
                    error = record.error
                    if error is not None and error.stage == "judge":
                        continue
                    codes.append(code(record.qa))
                    bad.append(record.score.hallucination == 0)
                    composites.append(record.composite_score)
                    kind = record_codes(record)
                    classes.append(kind[0])
                    unreported.append(kind[1])
                    if (
                        record.retrieval_metrics is not None
                        or record.turn_retrieval_metrics is not None
                    ):
                        columns.reported = True
        head = head_from_json(split.skeleton)
    result = attrs.evolve(head, personas=tuple(personas))
    metadata = split.skeleton.get("metadata")
    return result, flat_from_parts(result, columns), metadata if isinstance(metadata, dict) else {}
