"""``recallbench judge-agreement``: how far a judge agrees with the scores of a finished run.

It reads a run's judged answers (``result.json``, or a ``questions.jsonl``), has a judge score every
answer again and prints the agreement: Spearman correlation of composites, mean absolute composite
error, and for the hallucination verdict balanced accuracy and Cohen's kappa, overall and per
category. With ``--data`` the judge sees the persona's days up to each answer's checkpoint, as in a
run (the rubric judge grounds claims in them); without it, grounding is reference-only and a warning
says so.

The rubric judge counts hallucinations under the definition of the labels it is compared with, when
the result file says (or lets us infer) which judge produced them: labels from a judge shown a ±N-day
memory window are compared with claims grounded in the same window (``--hallucination-window N``),
labels of the ``invented`` definition with claims grounded in every ingested day. When the file does
not say, it grounds in every ingested day and warns that the definitions may differ.
``--hallucination-window N`` and ``--hallucination-mode invented|window`` choose explicitly. Warnings
go to stderr, and with ``--json`` into the output's ``warnings``.

Exit codes: 0 measured; 2 bad input (a missing or unreadable file, not a result, a persona not in
``--data``, a judge that cannot be loaded).
"""

from __future__ import annotations

import argparse
import bisect
import json
import math
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import attrs

from .._closing import aclose_quietly
from ..data.dataset import DEFAULT_ARCS_FILE
from ..errors import ConfigError, DatasetError
from ._common import add_judge_call_args, non_negative_int, print_json, run_async
from ._heap import long_lived

if TYPE_CHECKING:
    from ..data.corpus import Day
    from ..data.persona import PersonaDefinition
    from ..judges.agreement import AgreementReport, AgreementStats, JudgedAnswer
    from ..judges.base import Judge
    from ..results.hallucination_mode import HallucinationMode
    from ..results.scoring import JudgeScore

__all__ = ["register"]


@attrs.frozen(kw_only=True)
class _Choice:
    """The rubric judge's hallucination window (None: invented), why, and the labels' definition."""

    window: int | None
    note: str | None
    warning: str | None = None
    labels: HallucinationMode | None = None


def register(sub: Any) -> None:
    """Add the ``judge-agreement`` command to the ``recallbench`` sub-parsers."""
    p = sub.add_parser(
        "judge-agreement",
        help="measure how far a judge agrees with the scores of a finished run",
        description="Score the judged answers of a run again with a judge and print how far the "
        "two agree: Spearman correlation and mean absolute error of composites, and balanced "
        "accuracy and Cohen's kappa of the hallucination verdict, overall and per category.",
    )
    p.add_argument(
        "result",
        type=Path,
        metavar="RESULT.json",
        help="a run's result.json (or its questions.jsonl): the answers and their scores",
    )
    p.add_argument(
        "--judge",
        default="rubric",
        metavar="SPEC",
        help="the judge to measure: rubric (the default), or any --judge spec of run",
    )
    p.add_argument(
        "--data",
        type=Path,
        metavar="DIR",
        help="personas root: the judge sees each persona's days up to each answer's checkpoint "
        "(default: the data directory the run recorded, when it is there)",
    )
    p.add_argument(
        "--personas",
        nargs="+",
        action="extend",
        metavar="ID",
        help="only the answers of these personas (default: every persona in the result)",
    )
    p.add_argument(
        "--arcs",
        metavar="FILE",
        help="with --data: the arcs file that selects the days (default: the run's, else "
        f"{DEFAULT_ARCS_FILE})",
    )
    p.add_argument(
        "--hallucination-window",
        type=non_negative_int,
        metavar="N",
        help="rubric judge only: ground claims in the days within N of each pair's relevant days, "
        "as an LLM judge shown a ±N-day memory window does (default: the labels' definition — "
        "their judge's memory window when the result says or implies one — else every ingested "
        "day)",
    )
    p.add_argument(
        "--hallucination-mode",
        choices=("auto", "invented", "window"),
        default="auto",
        help="rubric judge only: invented grounds claims in every ingested day; window in the "
        "labels' judge's memory window (or --hallucination-window N); auto (the default) matches "
        "the labels when the result says which judge scored them",
    )
    p.add_argument(
        "--judge-memory-window",
        type=non_negative_int,
        metavar="N",
        help="with --data: memory excerpts of ±N days for judges that read them (default: the "
        "run's judgeMemoryWindow, else 0)",
    )
    p.add_argument(
        "--claim-days",
        type=non_negative_int,
        metavar="N",
        help="with --data: the claim check — the answer's extra claims that the judge's window "
        "does not hold are looked up in every day ingested by the checkpoint, and up to N days "
        "holding them are added (the rubric judge in the window mode grounds claims there; an LLM "
        "judge is shown their lines); default: the labels' judge's, when the result records one "
        "and the rubric judge matches its window, else 0 (no check)",
    )
    add_judge_call_args(p)
    p.add_argument(
        "--worst",
        type=non_negative_int,
        default=0,
        metavar="N",
        help="also list the N answers whose composites differ most (text output only)",
    )
    p.add_argument("--json", action="store_true", help="print the agreement as JSON")
    p.set_defaults(handler=judge_agreement_command)


def judge_agreement_command(args: argparse.Namespace) -> int:
    """Run ``judge-agreement``; bad input raises ConfigError / DatasetError (exit 2)."""

    from ..judges.agreement import agreement, rescore

    with long_lived():
        answers, metadata = _read_answers(args.result)
    if args.personas:
        wanted = set(args.personas)
        unknown = sorted(wanted - {a.persona_id for a in answers})
        if unknown:
            raise ConfigError(f"--personas: {', '.join(unknown)} not in {args.result}")
        answers = [a for a in answers if a.persona_id in wanted]
    _data_of_run(args, metadata)
    choice = _claim_days(args, _hallucination_choice(args, metadata), metadata)
    judge = _judge(args, choice.window)
    personas = _personas(args, answers) if args.data is not None else None
    days_for = _days_for(personas) if personas is not None else None
    window = args.judge_memory_window
    if window is None:
        run_window = metadata.get("judgeMemoryWindow")
        window = run_window if isinstance(run_window, int) and run_window >= 0 else 0
    mode, warnings = _measured_mode(args, judge, choice, window, metadata)
    for warning in warnings:
        print(f"recallbench judge-agreement: warning: {warning}", file=sys.stderr)

    async def measure() -> list[JudgeScore | None]:
        try:
            return await rescore(
                judge,
                answers,
                days_for=days_for,
                persona_for=(lambda pid: personas[pid].definition) if personas else None,
                memory_window=window if days_for is not None else 0,
                parallelism=args.parallelism,
            )
        finally:  # an HTTP provider's session is closed, not left to the garbage collector
            await aclose_quietly(judge)

    scores = run_async(measure)
    kept = [(a, s) for a, s in zip(answers, scores, strict=True) if s is not None]
    failed = len(answers) - len(kept)
    if not kept:
        raise ConfigError(f"the judge failed on every answer of {args.result}")
    report = agreement(
        [a.label for a, _ in kept], [s for _, s in kept], [a.qa.category for a, _ in kept]
    )
    if args.json:
        data = report.to_json()
        note = choice.note if args.data is not None else None
        data.update(_mode_json(mode, note, choice.labels, metadata, warnings))
        data["claimDays"] = args.claim_days
        print_json(data)
        return 0
    _print_report(args, report, len(answers), failed, mode, choice.note)
    if args.worst:
        _print_worst(kept, args.worst)
    return 0


def _read_answers(path: Path) -> tuple[list[JudgedAnswer], Mapping[str, Any]]:
    """The judged answers of a result.json or questions.jsonl, and the run's metadata."""
    from ..judges.agreement import judged_answers, logged_answers
    from ..results._collector import collector_paused
    from ..results.result_stream import NotSplit, map_file, split_personas
    from ._judged_apart import judged_apart

    try:
        mapped = map_file(path)  # read where it lies in the page cache, when it can be
        raw = path.read_bytes() if mapped is None else b""
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from None
    split = split_personas(raw if mapped is None else mapped)
    if split is not None:  # a large result, parsed one persona at a time, on two cores
        try:
            answers = judged_apart(split)
        except (NotSplit, ValueError):
            pass  # read whole below, where a malformed answer is named as it always was
        else:
            metadata = split.skeleton.get("metadata")
            return answers, metadata if isinstance(metadata, Mapping) else {}
    del split
    if mapped is not None:
        raw = bytes(mapped)
        del mapped
    with collector_paused():  # millions of small objects, no cycle among them
        data = _json_document(path, raw)
        records = _json_lines(raw) if data is None else [data]
    del raw
    try:
        if isinstance(data, Mapping) and "personas" in data:
            metadata = data.get("metadata")
            answers = judged_answers(data)
            return answers, metadata if isinstance(metadata, Mapping) else {}
        if records is None or not all(isinstance(r, Mapping) and "qa" in r for r in records):
            raise ConfigError(
                f"{path} is neither a result.json (an object with 'personas') nor a "
                "questions.jsonl (one question record per line)"
            )
        answers = logged_answers(records)
    except ValueError as exc:
        if isinstance(exc, ConfigError):
            raise
        raise ConfigError(f"{path}: {exc}") from None
    if not answers:
        raise ConfigError(f"{path} holds no judged answers")
    return answers, {}


def _json_document(path: Path, raw: bytes) -> Any:
    """The file as one JSON document (orjson; the standard library for what orjson refuses, such as
    NaN), or None when it is not one — a JSONL file of more than one line."""
    import orjson

    from .._jsonread import json_loads, orjson_loads

    try:
        return orjson_loads(raw)
    except orjson.JSONDecodeError:
        pass
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from None
    try:
        return json_loads(text)
    except json.JSONDecodeError:
        return None


def _json_lines(raw: bytes) -> list[Any] | None:
    """One JSON value per non-blank line (orjson; the standard library for a line orjson refuses);
    None when a line is not JSON.

    Lines end at a line feed (or a carriage return): a line separator (U+2028) or next-line
    character (U+0085) inside a JSON string stays in its line, where splitting the decoded text at
    every Unicode line boundary cut such a record in two and refused the file."""
    import orjson

    from .._jsonread import json_loads, orjson_loads

    records = []
    for line in raw.splitlines():
        try:
            records.append(orjson_loads(line))
            continue
        except orjson.JSONDecodeError:
            pass
        text = line.decode("utf-8")  # the whole file decoded in _json_document
        if not text.strip():
            continue
        try:
            records.append(json_loads(text))
        except json.JSONDecodeError:
            return None
    return records or None


def _is_rubric(args: argparse.Namespace) -> bool:
    return bool(args.judge.strip().lower() == "rubric")


def _hallucination_choice(args: argparse.Namespace, metadata: Mapping[str, Any]) -> _Choice:
    """The rubric judge's hallucination window (None: invented) and why, from the flags and the
    labels' definition."""
    from ..judges.modes import grounding_for_labels
    from ..results.hallucination_mode import run_mode

    explicit = args.hallucination_window is not None or args.hallucination_mode != "auto"
    if not _is_rubric(args):
        if args.hallucination_window is not None:
            raise ConfigError("--hallucination-window applies to the rubric judge only")
        if explicit:
            raise ConfigError("--hallucination-mode applies to the rubric judge only")
        return _Choice(window=None, note=None, warning=None, labels=run_mode(metadata))
    labels = run_mode(metadata)
    if args.hallucination_window is not None:
        if args.hallucination_mode == "invented":
            raise ConfigError(
                "--hallucination-mode invented and --hallucination-window contradict each other"
            )
        window = args.hallucination_window
        return _Choice(window=window, note=f"set by --hallucination-window {window}", labels=labels)
    if args.hallucination_mode == "invented":
        return _Choice(window=None, note="set by --hallucination-mode invented", labels=labels)
    judge_model = metadata.get("judgeModel")
    matched = grounding_for_labels(labels, judge_model if isinstance(judge_model, str) else None)
    if args.hallucination_mode == "window" and matched.window is None:
        raise ConfigError(
            f"--hallucination-mode window: {args.result.name} records no memory window for its "
            "labels; pass --hallucination-window N"
        )
    return _Choice(window=matched.window, note=matched.note, warning=matched.warning, labels=labels)


def _judge(args: argparse.Namespace, hallucination_window: int | None) -> Judge:
    from ..harness.judge_loading import load_judge

    if hallucination_window is not None:
        from ..judges.rubric import RubricJudge

        judge: Judge = RubricJudge(hallucination_window=hallucination_window)
    else:
        judge = load_judge(args.judge, timeout=args.timeout / 1000)
    if args.claim_days:
        from ..judges.claim_judges import checking_claims

        if args.data is None:
            raise ConfigError("--claim-days needs the persona's days: pass --data DIR")
        return cast("Judge", checking_claims(judge, args.claim_days))
    return judge


def _claim_days(args: argparse.Namespace, choice: _Choice, metadata: Mapping[str, Any]) -> _Choice:
    """Sets ``args.claim_days`` when not given: the labels' judge's claim check, for a rubric judge
    matching their window (its note says so); else 0."""
    from ..judges.modes import labels_claim_days

    if args.claim_days is not None:
        return choice
    args.claim_days = 0
    labelled = labels_claim_days(metadata)
    matched = (
        choice.window is not None
        and choice.labels is not None
        and choice.window == choice.labels.window
    )
    if labelled and _is_rubric(args) and matched and args.data is not None:
        args.claim_days = labelled
        note = (
            f"{choice.note}; the labels' judge checked claims beyond it (--claim-days {labelled})"
        )
        return attrs.evolve(choice, note=note)
    return choice


def _data_of_run(args: argparse.Namespace, metadata: Mapping[str, Any]) -> None:
    """Without ``--data``, the data directory (and arcs file) the run recorded, when it is there:
    the judge then sees the days the run's judge saw."""
    recorded, arcs = metadata.get("dataDir"), metadata.get("arcsFile")
    if args.data is None and isinstance(recorded, str) and Path(recorded).is_dir():
        args.data = Path(recorded)
        if args.arcs is None and isinstance(arcs, str):
            args.arcs = arcs
        print(
            f"recallbench judge-agreement: using the run's data: {args.data} "
            f"({args.arcs or DEFAULT_ARCS_FILE}); pass --data to choose",
            file=sys.stderr,
        )
    elif args.data is None and isinstance(recorded, str):
        print(
            f"recallbench judge-agreement: warning: the run's data directory {recorded} is not "
            "here; pass --data DIR",
            file=sys.stderr,
        )
    if args.arcs is None:
        args.arcs = DEFAULT_ARCS_FILE


def _measured_mode(
    args: argparse.Namespace,
    judge: Judge,
    choice: _Choice,
    memory_window: int,
    metadata: Mapping[str, Any],
) -> tuple[HallucinationMode | None, list[str]]:
    """The measured judge's definition of a hallucination here, and the warnings to print."""
    from ..judges.modes import judge_mode
    from ..results.hallucination_mode import HallucinationMode, mode_label

    mode = judge_mode(judge, memory_window=memory_window if args.data is not None else 0)
    if args.data is None:
        # Without days every judge grounds in the reference and the question alone.
        return HallucinationMode(mode="reference-only"), [
            "without --data the judge sees no memories: grounding is reference-only (every "
            "checkable claim not in the reference or the question counts as made up); pass --data "
            "and --arcs to ground claims in the persona's days"
        ]
    warnings = [choice.warning] if choice.warning else []
    labels = choice.labels
    differs = mode is not None and labels is not None and not mode.same_definition(labels)
    if differs and choice.warning is None:  # chosen by a flag, or a judge other than the rubric
        warnings.append(
            f"the judge counts hallucinations as {mode_label(mode)}, the labels (from "
            f"{metadata.get('judgeModel')}) as {mode_label(labels)}: the hallucination "
            "agreement compares different definitions"
        )
    return mode, warnings


def _mode_json(
    mode: HallucinationMode | None,
    note: str | None,
    labels: HallucinationMode | None,
    metadata: Mapping[str, Any],
    warnings: Sequence[str],
) -> dict[str, Any]:
    """The ``--json`` keys saying which definitions of a hallucination were compared."""
    return {
        "hallucinationMode": mode.mode if mode else None,
        "hallucinationWindow": mode.window if mode else None,
        "hallucinationModeNote": note,
        "labelsJudgeModel": metadata.get("judgeModel"),
        "labelsHallucinationMode": labels.mode if labels else None,
        "labelsHallucinationWindow": labels.window if labels else None,
        "labelsHallucinationModeInferred": labels.inferred if labels else None,
        "warnings": list(warnings),
    }


@attrs.frozen
class _Corpus:
    """What rescoring needs of a persona: its definition (the names it declares) and its days."""

    definition: PersonaDefinition
    days: tuple[Day, ...]

    def days_through(self, cutoff: int) -> tuple[Day, ...]:
        return self.days[: bisect.bisect_right(self.days, cutoff, key=lambda d: d.number)]


def _personas(args: argparse.Namespace, answers: Sequence[JudgedAnswer]) -> dict[str, _Corpus]:
    """Each answered persona's definition and days (its questions are not read: the answers carry
    their pairs)."""
    from ..data.dataset import derive_sibling_dir, load_days, load_persona_definition, persona_dir

    personas: dict[str, _Corpus] = {}
    for persona_id in sorted({a.persona_id for a in answers}):
        try:
            definition = load_persona_definition(args.data, persona_id, args.arcs)
            memories = persona_dir(args.data, persona_id) / derive_sibling_dir(
                args.arcs, "memories"
            )
            personas[persona_id] = _Corpus(definition, load_days(definition, memories))
        except DatasetError as exc:
            raise DatasetError(
                f"persona {persona_id!r} of {args.result.name} cannot be loaded from --data "
                f"{args.data} with {args.arcs}: {exc}"
            ) from None
    return personas


def _days_for(personas: dict[str, _Corpus]) -> Any:
    cache: dict[tuple[str, int], tuple[Day, ...]] = {}

    def days_for(persona_id: str, cutoff: int) -> Sequence[Day]:
        # One tuple per checkpoint, of the same Day objects, as the harness hands judges.
        key = (persona_id, cutoff)
        if key not in cache:
            cache[key] = personas[persona_id].days_through(cutoff)
        return cache[key]

    return days_for


def _fmt(value: float, digits: int = 3) -> str:
    return "—" if math.isnan(value) else f"{value:.{digits}f}"


def _row(name: str, stats: AgreementStats, rates: tuple[float, float]) -> str:
    return (
        f"{name:<28} {stats.n:>5}  {_fmt(stats.spearman):>8}  {_fmt(stats.mae, 2):>5}  "
        f"{_fmt(stats.hallucination_balanced_accuracy):>8}  {_fmt(stats.hallucination_kappa):>6}  "
        f"{rates[0]:>5.1%} / {rates[1]:<5.1%}"
    )


def _print_report(
    args: argparse.Namespace,
    report: AgreementReport,
    total: int,
    failed: int,
    mode: HallucinationMode | None,
    note: str | None,
) -> None:
    from ..results.hallucination_mode import mode_text

    grounding = (
        f"days from {args.data} ({args.arcs}) up to each checkpoint"
        if args.data is not None
        else "no days (reference and question only)"
    )
    print(f"judge {args.judge} vs the scores in {args.result} · {total} answers · {grounding}")
    print(f"hallucination: {mode_text(mode)}")
    if args.claim_days:
        print(
            f"claim check: extra claims looked up beyond the window, up to {args.claim_days} "
            f"day{'s' if args.claim_days != 1 else ''} ingested by each checkpoint"
        )
    if note and args.data is not None:
        print(f"({note})")
    if failed:
        print(f"({failed} answers left out: the judge failed on them)")
    print()
    print(
        f"{'category':<28} {'n':>5}  {'spearman':>8}  {'MAE':>5}  {'bal.acc':>8}  {'kappa':>6}  "
        "hallucinated (labels / judge)"
    )
    rates = _rates(report)
    print(_row("overall", report.overall, rates["overall"]))
    for category, stats in report.by_category.items():
        print(_row(category, stats, rates[category]))
    print()
    print(
        "spearman, MAE: composites (0–6); bal.acc, kappa: the hallucination verdict, with the "
        "run's scores as truth (bal.acc = mean of the agreement rates on hallucinated and on "
        "grounded answers)"
    )


def _rates(report: AgreementReport) -> dict[str, tuple[float, float]]:
    return {
        name: (stats.label_hallucination_rate, stats.judge_hallucination_rate)
        for name, stats in [("overall", report.overall), *report.by_category.items()]
    }


def _print_worst(kept: Sequence[tuple[JudgedAnswer, JudgeScore]], count: int) -> None:
    ranked = sorted(
        range(len(kept)),
        key=lambda i: (-abs(kept[i][0].label.composite - kept[i][1].composite), i),
    )
    print(f"\n{min(count, len(kept))} largest disagreements (label → judge):")
    for i in ranked[:count]:
        answer, score = kept[i]
        label = answer.label
        print(
            f"- {answer.qa.id} [{answer.qa.category}, day {answer.days_ingested}] "
            f"{label.correctness}/{label.completeness}/{label.hallucination} → "
            f"{score.correctness}/{score.completeness}/{score.hallucination}"
        )
        print(f"    Q: {_short(answer.qa.question)}")
        print(f"    reference: {_short(answer.qa.answer)}")
        print(f"    answer: {_short(answer.answer)}")
        if label.reasoning:
            print(f"    label says: {_short(label.reasoning)}")
        if score.reasoning:
            print(f"    judge says: {_short(score.reasoning)}")
    sys.stdout.flush()


def _short(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
