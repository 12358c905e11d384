"""A ``result.json`` — ours or the reference harness's — read back into a :class:`BenchmarkResult`.

:func:`load_result_data` parses the file (orjson, with the standard library's messages for a file
orjson refuses), :func:`result_from_json` structures the parsed data. :func:`qa_from_json` and
:func:`score_from_json` read the two records every answer carries, in either shape.

A large run repeats itself: each question is asked at every checkpoint after its last relevant day
(a 143-checkpoint run writes ~3,700 questions 187,000 times), and a stub or rubric judge gives few
distinct scores. While one result is structured, equal question and score objects become one
:class:`QAPair` and one :class:`JudgeScore` (both frozen values), which took the structuring of such a
file from 12.5 s to under a second and keeps the records it builds small.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs
import cattrs
import orjson
from cattrs.gen import make_dict_structure_fn, override

from .._fields import json_key
from .._jsonread import json_loads, orjson_loads
from ..data.qa import QAPair
from ..data.ranges import TimeRange
from ..errors import DatasetError
from ._collector import collector_paused
from .records import BenchmarkResult, HeatmapCell, PersonaResult, QuestionResult
from .result_stream import SplitResult, split_personas
from .scoring import JudgeScore

__all__ = [
    "Interner",
    "answer_from_json",
    "head_from_json",
    "load_result_data",
    "persona_apart",
    "qa_from_json",
    "read_result",
    "result_from_json",
    "score_from_json",
]

_QA_KEYS = {
    "id": "id",
    "question": "question",
    "answer": "answer",
    "referenceAnswer": "answer",
    "category": "category",
    "difficulty": "difficulty",
    "relevantDays": "relevant_days",
    "requiresSynthesis": "requires_synthesis",
    "querySession": "query_session",
    "forbiddenSessions": "forbidden_sessions",
    "expectedDisclosure": "expected_disclosure",
    "irrelevantAfter": "irrelevant_after",
}
_CAMEL_HUMP = re.compile(r"(?<=[a-z0-9])([A-Z])")


def qa_from_json(data: Any) -> QAPair:
    """A QAPair from its result-JSON (camelCase) or question-log shape (``referenceAnswer``).

    Keys the record does not know are kept in ``extra`` (snake_case, as on disk)."""
    if not isinstance(data, Mapping):
        raise TypeError(f"expected a question object, got {type(data).__name__}")
    fields: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        name = _QA_KEYS.get(key)
        if name is not None:
            fields[name] = value
        else:
            extra[_CAMEL_HUMP.sub(r"_\1", key).lower()] = value
    fields.setdefault("difficulty", "medium")
    fields.setdefault("answer", "")
    return QAPair(**fields, extra=extra)


def score_from_json(data: Any, _cls: type = JudgeScore) -> JudgeScore:
    """A JudgeScore from its JSON object (integral floats such as ``3.0`` accepted)."""
    if not isinstance(data, Mapping):
        raise TypeError(f"expected a score object, got {type(data).__name__}")

    def whole(value: Any) -> Any:
        return int(value) if isinstance(value, float) and value.is_integer() else value

    reasoning = data.get("reasoning")
    return JudgeScore(
        correctness=whole(data["correctness"]),
        completeness=whole(data["completeness"]),
        hallucination=whole(data["hallucination"]),
        reasoning=reasoning if isinstance(reasoning, str) else None,
    )


# --- one record per distinct question and score ------------------------------------------------


class Interner:
    """Equal question and score objects read as one QAPair and one JudgeScore.

    A question object is looked up by its ``id`` and compared whole with the objects already read
    under that id, so two different questions sharing an id (a hand-edited file) stay two. A score
    is looked up by its three integers and its reasoning; an object of any other shape is read
    afresh, with the error it always gave.
    """

    __slots__ = ("_qas", "_scores")

    def __init__(self) -> None:
        self._qas: dict[Any, list[tuple[Any, QAPair]]] = {}
        self._scores: dict[tuple[int, int, int, Any], JudgeScore] = {}

    def qa(self, data: Any) -> QAPair:
        """The QAPair of a question object (as :func:`qa_from_json`)."""
        if type(data) is not dict:
            return qa_from_json(data)
        key = data.get("id")
        try:
            seen = self._qas.get(key)
        except TypeError:  # an unhashable id: QAPair will say what is wrong with it
            return qa_from_json(data)
        if seen is None:
            seen = self._qas[key] = []
        else:
            for raw, qa in seen:
                if raw == data:
                    return qa
        qa = qa_from_json(data)
        seen.append((data, qa))
        return qa

    def score(self, data: Any) -> JudgeScore:
        """The JudgeScore of a score object (as :func:`score_from_json`)."""
        if type(data) is not dict:
            return score_from_json(data)
        c, k, h = data.get("correctness"), data.get("completeness"), data.get("hallucination")
        reasoning = data.get("reasoning")
        # Exactly int (not bool, not 3.0), exactly str or absent: the key decides the record.
        if (
            type(c) is not int
            or type(k) is not int
            or type(h) is not int
            or (reasoning is not None and type(reasoning) is not str)
        ):
            return score_from_json(data)
        key = (c, k, h, reasoning)
        score = self._scores.get(key)
        if score is None:
            score = self._scores[key] = score_from_json(data)
        return score


_interner: contextvars.ContextVar[Interner | None] = contextvars.ContextVar(
    "recallbench_result_interner", default=None
)


def _interned_qa(data: Any, _cls: type) -> QAPair:
    interner = _interner.get()
    return interner.qa(data) if interner is not None else qa_from_json(data)


def _interned_score(data: Any, _cls: type) -> JudgeScore:
    interner = _interner.get()
    return interner.score(data) if interner is not None else score_from_json(data)


# --- the converters ----------------------------------------------------------------------------

_json = cattrs.Converter(detailed_validation=False)
_json_detailed = cattrs.Converter(detailed_validation=True)


def _structure_factory(conv: cattrs.Converter) -> Any:
    def factory(cls: type) -> Any:
        fields = [a for a in attrs.fields(cls) if a.name != "extra"]
        renames = {a.name: override(rename=json_key(a)) for a in fields}
        base: Any = make_dict_structure_fn(cls, conv, **renames)  # type: ignore[arg-type]

        def structure(data: Any, _cls: type) -> Any:
            if not isinstance(data, Mapping):
                raise TypeError(f"expected an object for {cls.__name__}, got {type(data).__name__}")
            return base(data, cls)

        return structure

    return factory


def _time_range(data: Any, _cls: type) -> TimeRange:
    if not isinstance(data, Mapping):
        raise TypeError(f"expected a range object, got {type(data).__name__}")
    return TimeRange(label=data["label"], days=data["days"])


def _number(data: Any, _cls: type) -> float:
    if isinstance(data, bool) or not isinstance(data, int | float):
        raise TypeError(f"expected a number, got {data!r}")
    return data


def _cell_from_json(structure: Any) -> Any:
    """A heatmap cell; one without questions has no score (the file writes 0 there)."""

    def cell(data: Any, cls: type) -> HeatmapCell:
        c: HeatmapCell = structure(data, cls)
        return attrs.evolve(c, score=None) if c.question_count <= 0 else c

    return cell


def _optional_number(data: Any, _cls: type) -> float | None:
    return None if data is None else _number(data, float)


_PLAIN_ANSWER_KEYS = 5  # qa, systemAnswer, score, compositeScore, latencyMs


def _question_results(conv: cattrs.Converter) -> Any:
    """A checkpoint's answers. The usual answer — those five keys, a text answer and two plain
    numbers — is built directly (a fifth of the generic path's time); any other shape, and any
    answer with an error, a primary score or retrieval metrics, goes the generic way."""

    def question_results(data: Any, _cls: type) -> tuple[QuestionResult, ...]:
        generic = conv.get_structure_hook(QuestionResult)
        if type(data) is not list:
            return tuple(generic(item, QuestionResult) for item in data)
        interner = _interner.get() or Interner()
        qa_of, score_of = interner.qa, interner.score
        out = []
        for item in data:
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
                        out.append(
                            QuestionResult(
                                qa=qa_of(qa),
                                system_answer=answer,
                                score=score_of(score),
                                composite_score=composite,
                                latency_ms=latency,
                            )
                        )
                        continue
            out.append(generic(item, QuestionResult))
        return tuple(out)

    return question_results


for _conv in (_json, _json_detailed):
    _conv.register_structure_hook(TimeRange, _time_range)
    _conv.register_structure_hook(float, _number)
    _conv.register_structure_hook(float | None, _optional_number)
    _conv.register_structure_hook(int | float, _number)
    _conv.register_structure_hook_factory(attrs.has, _structure_factory(_conv))
    _conv.register_structure_hook(
        HeatmapCell, _cell_from_json(_structure_factory(_conv)(HeatmapCell))
    )
# The fast converter shares records; the detailed one, run only to say where a file went wrong,
# builds every record afresh.
_json.register_structure_hook(QAPair, _interned_qa)
_json.register_structure_hook(JudgeScore, _interned_score)
_json.register_structure_hook_func(
    lambda t: t == tuple[QuestionResult, ...], _question_results(_json)
)
_json_detailed.register_structure_hook(QAPair, lambda d, _c: qa_from_json(d))
_json_detailed.register_structure_hook(JudgeScore, score_from_json)


def persona_apart(data: Any) -> tuple[PersonaResult, list[list[Any]]] | None:
    """A parsed persona object structured without its answers — each checkpoint's
    ``question_results`` empty — and each checkpoint's ``questionResults`` list as parsed, for a
    reader that goes through the answers itself (:func:`answer_from_json` for any it does not read
    as the plain shape, whose test is the one ``question_results`` uses). None when a checkpoint or
    its answers are not a list of objects; an invalid persona raises what structuring raises.

    Equal question and score objects are shared while an :class:`Interner` is set (see
    :func:`sharing`), as when a whole result is read."""
    if type(data) is not dict:
        return None
    checkpoints = data.get("rangeResults")
    if type(checkpoints) is not list:
        return None
    answers: list[list[Any]] = []
    stripped: list[dict[str, Any]] = []
    for rr in checkpoints:
        if type(rr) is not dict or type(rr.get("questionResults")) is not list:
            return None
        answers.append(rr["questionResults"])
        stripped.append({**rr, "questionResults": []})
    persona: PersonaResult = _json.structure({**data, "rangeResults": stripped}, PersonaResult)
    return persona, answers


def answer_from_json(data: Any) -> QuestionResult:
    """One answer as :func:`result_from_json` builds it."""
    hook: Any = _json.get_structure_hook(QuestionResult)
    answer: QuestionResult = hook(data, QuestionResult)
    return answer


def head_from_json(skeleton: Mapping[str, Any]) -> BenchmarkResult:
    """A result's parsed object without its personas (a persona-split file's skeleton), as a
    result with none."""
    head: BenchmarkResult = _json.structure({**skeleton, "personas": []}, BenchmarkResult)
    return head


@contextlib.contextmanager
def sharing() -> Iterator[Interner]:
    """Equal question and score objects read as one record in the block (the reader's interner)."""
    interner = Interner()
    token = _interner.set(interner)
    try:
        yield interner
    finally:
        _interner.reset(token)


def result_from_json(data: Any) -> BenchmarkResult:
    """A BenchmarkResult from parsed ``result.json`` data (ours or the reference's).

    Raises:
        ValueError: the data is not a result; the message names the first bad field's path.
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("personas"), list):
        raise ValueError("not a result.json: expected an object with a 'personas' list")
    token = _interner.set(Interner())
    try:
        with collector_paused():
            return _json.structure(data, BenchmarkResult)
    except Exception:
        pass
    finally:
        _interner.reset(token)
    try:  # again, slowly, for a message that names where it went wrong
        return _json_detailed.structure(data, BenchmarkResult)
    except cattrs.ClassValidationError as exc:
        raise ValueError(_first_error(exc)) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{type(exc).__name__}: {exc}") from None


def _first_error(exc: BaseException, path: str = "") -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        for sub in exc.exceptions:
            notes = getattr(sub, "__notes__", None) or []
            where = path
            for note in notes:
                m = re.search(r"@ \$?(.*)$", str(note))
                if m:
                    where = f"{path}{m.group(1)}" if m.group(1).startswith(("[", ".")) else path
                    m2 = re.match(r"Structuring class \w+ @ attribute (\w+)", str(note))
                    if m2:
                        where = f"{path}.{m2.group(1)}"
                    m3 = re.match(r"Structuring \S+ @ index (\d+)", str(note))
                    if m3:
                        where = f"{path}[{m3.group(1)}]"
            return _first_error(sub, where)
    if isinstance(exc, KeyError):
        return f"{path.lstrip('.') or 'result'}: missing key {exc}"
    return f"{path.lstrip('.') or 'result'}: {exc}"


# --- the file ----------------------------------------------------------------------------------


def read_result(path: Path) -> tuple[BenchmarkResult, Mapping[str, Any]]:
    """A ``result.json`` read back: the result and the file's ``metadata`` object as written (it may
    hold keys the record does not know, such as the reference's ``reconstructedComplete``).

    An indented file is read a persona at a time (:mod:`.result_stream`); any other, and any file
    that does not read cleanly that way, is parsed whole.

    Raises:
        DatasetError: the file cannot be read, is not JSON (naming the line) or not a result.
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None
    with collector_paused():
        split = split_personas(raw)
        streamed = _structure_split(split) if split is not None else None
    if split is not None and streamed is not None:
        return streamed, _metadata(split.skeleton)
    del split
    data = _parse(path, raw)
    del raw
    try:
        result = result_from_json(data)
    except ValueError as exc:
        raise DatasetError(f"{path}: {exc}") from None
    return result, _metadata(data)


def _metadata(data: Mapping[str, Any]) -> Mapping[str, Any]:
    md = data.get("metadata")
    return md if isinstance(md, Mapping) else {}


def _structure_split(split: SplitResult) -> BenchmarkResult | None:
    """The result from its split file, or None for the whole-file path (which words the error)."""
    token = _interner.set(Interner())
    try:
        personas = [_json.structure(p, PersonaResult) for p in split.personas()]
        return attrs.evolve(head_from_json(split.skeleton), personas=tuple(personas))
    except Exception:  # read whole, the error is found again and named
        return None
    finally:
        _interner.reset(token)


def load_result_data(path: Path) -> Any:
    """The parsed JSON of a ``result.json``, whole.

    Raises:
        DatasetError: the file cannot be read, or is not JSON (naming the line).
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None
    return _parse(path, raw)


def _parse(path: Path, raw: bytes) -> Any:
    """orjson parses the file (with the collector paused: 0.5 s for 200 MB, against 3.7 s for the
    standard library with it running); what orjson refuses — NaN, integers past 64 bits, lone
    surrogates, a byte-order mark, or a file that is not JSON at all — goes to the standard library,
    which accepts the first three as it always did and words the error for the rest."""
    try:
        with collector_paused():
            return orjson_loads(raw)
    except orjson.JSONDecodeError:
        pass
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None
    try:
        with collector_paused():
            return json_loads(text)
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from None
