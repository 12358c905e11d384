"""Re-judging a finished run: the same answers scored by another judge, the memory system untouched.

:func:`rejudge_run` reads a run (a run folder, its ``result.json`` or ``progress.jsonl``, or a
:class:`~recallbench.results.records.BenchmarkResult`), scores every answer the memory system gave
with the judge given, each with the context a run gives its judge — the pair, the days ingested at
its checkpoint, the persona's declared names, memory excerpts with a judge memory window — and
rebuilds the result around the new verdicts (:mod:`recallbench.results.rejudged`). Nothing is asked
of the memory system: its answers, latencies, retrieval metrics and errors are kept as they were.
:func:`write_rejudged` writes the new run folder: ``result.json``, and the question log with the
new verdicts (its retrieval log copied beside it). The views (``report.html``) are a layer above:
``recallbench.rejudge`` and ``recallbench rejudge`` write them.

The new run's fingerprint names the new judge (its ``judges`` part) and the run it re-judged (its
``rejudged`` part: that run's digests and judges), so ``compare`` sets the two side by side and says
every difference is the judges'.
"""

from __future__ import annotations

import logging
import os
import platform
import shutil
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from .._convert import to_json
from .._version import __version__
from ..data.dataset import (
    DEFAULT_ARCS_FILE,
    DirectoryDataset,
    derive_sibling_dir,
    load_days,
    load_persona_definition,
    persona_dir,
)
from ..errors import ConfigError, DatasetError
from ..judges.base import Judge
from ..results.fingerprint import FINGERPRINT_PARTS, make_fingerprint
from ..results.question_log import answer_key
from ..results.reading import LoadedRun, read_run
from ..results.records import BenchmarkResult, PersonaResult, QuestionResult, RunMetadata
from ..results.rejudged import Slot, answer_slots, rebuilt_result
from .rejudge_scoring import Corpus, Job, score_all
from .runlog import iso_now

__all__ = ["Rejudged", "rejudge_run", "write_rejudged"]

log = logging.getLogger("recallbench")


@attrs.frozen(kw_only=True, repr=False)
class Rejudged:
    """A run re-judged.

    Attributes:
        result: the new run.
        source: the file the run was read from (None: it was given as a result).
        judged: the answers the judge scored.
        unscored: those it failed on (left unscored, error stage ``judge``).
        kept: the answers the memory system had failed to give, kept as they were (nothing to
            judge).
        warnings: what the new verdicts should be read with (the judge saw no days, …).
        seconds: how long the re-judging took.
    """

    result: BenchmarkResult
    source: Path | None
    judged: int
    unscored: int
    kept: int
    warnings: tuple[str, ...] = ()
    seconds: float = 0.0
    _details: Mapping[tuple[str, str, str], Mapping[str, Any]] = attrs.field(
        factory=dict, alias="details"
    )

    @property
    def details(self) -> Mapping[tuple[str, str, str], Mapping[str, Any]]:
        """The source's question-log records (retrieval entries, tool calls) by answer."""
        return self._details

    def __repr__(self) -> str:
        return (
            f"Rejudged(judge={self.result.metadata.judge_model!r}, judged={self.judged}, "
            f"unscored={self.unscored}, kept={self.kept}, source={str(self.source)!r})"
        )


def _loaded(run: str | Path | BenchmarkResult | LoadedRun) -> LoadedRun | None:
    if isinstance(run, BenchmarkResult):
        return None
    if isinstance(run, LoadedRun):
        return run
    return read_run(run)


def _judge_label(judge: object, given: object) -> str:
    if isinstance(given, str):
        return given
    name = getattr(judge, "name", None)
    return str(name) if name else type(judge).__name__


def _dataset(result: BenchmarkResult, data: Path | None, arcs: str) -> Any:
    """The dataset the run's days come from (None: no data), every persona of the run in it."""
    from ..family.opening import open_dataset

    if data is None:
        return None
    try:
        dataset = open_dataset(data, arcs)
    except (DatasetError, ConfigError) as exc:
        raise DatasetError(f"the run's days cannot be read from {data} ({arcs}): {exc}") from None
    known = set(dataset.persona_ids())
    missing = sorted({p.persona_id for p in result.personas} - known)
    if missing:
        raise DatasetError(
            f"{data} ({arcs}) holds no persona {', '.join(missing)} of the run: pass the run's "
            "data with --data DIR (and --arcs FILE)"
        )
    return dataset


def _corpus_of(dataset: Any) -> Any:
    # Persona folders: the definition and the days, not the questions (the result holds them as
    # the data does; their parse is a tenth of what loading a 1,000-day persona costs).
    folders = isinstance(dataset, DirectoryDataset) and getattr(
        getattr(dataset, "benchmark", None), "name", "personas"
    ) in ("personas", None)

    def corpus_of(persona_id: str) -> Corpus:
        if dataset is None:
            return Corpus(definition=None, days=())
        if folders:
            definition = load_persona_definition(dataset.data_dir, persona_id, dataset.arcs_file)
            memories = persona_dir(dataset.data_dir, persona_id) / derive_sibling_dir(
                dataset.arcs_file, "memories"
            )
            return Corpus(definition=definition, days=load_days(definition, memories))
        try:
            persona = dataset.load(persona_id).loaded()
        except DatasetError as exc:
            raise DatasetError(f"persona {persona_id!r}: {exc}") from None
        return Corpus(
            definition=persona.definition,
            days=tuple(persona.days),
            pairs={pair.id: pair for pair in persona.qa},
        )

    return corpus_of


def _fingerprint(
    source: Mapping[str, Any] | None, md: RunMetadata, judge: Judge, window: int
) -> dict[str, Any]:
    """The new run's fingerprint: the source's parts, its judges replaced by the new one, the
    versions by these, and the run it re-judged named."""
    from ..judges.describe import describe_judge

    parts: dict[str, Any] = {}
    if isinstance(source, Mapping):
        parts = {k: source[k] for k in FINGERPRINT_PARTS if source.get(k) is not None}
    before = parts.get("judges")
    parts["judges"] = {"primary": describe_judge(judge), "memoryWindow": window}
    parts["versions"] = {"recallbench": __version__, "python": platform.python_version()}
    rejudged: dict[str, Any] = {"judgeModel": md.judge_model}
    if isinstance(source, Mapping):
        rejudged.update(digest=source.get("digest"), sha256=source.get("sha256"), judges=before)
    parts["rejudged"] = {k: v for k, v in rejudged.items() if v is not None}
    return make_fingerprint(parts)


def _metadata(
    source: BenchmarkResult,
    personas: Sequence[PersonaResult],
    *,
    judge: Judge,
    label: str,
    window: int,
    seconds: float,
    data: Path | None,
    arcs: str,
) -> RunMetadata:
    from ..judges.cache import usage_of
    from ..judges.modes import judge_mode
    from .budget import RunCosting

    md = source.metadata
    mode = judge_mode(judge, memory_window=window)
    usage = usage_of(judge)
    answers = [
        q
        for p in personas
        for rr in p.range_results
        for q in (*rr.question_results, *(rr.unscored_results or ()))
    ]
    judge_errors = sum(1 for q in answers if q.error is not None and q.error.stage == "judge")
    return attrs.evolve(
        md,
        duration_ms=round(seconds * 1000),
        total_evals_run=sum(p.total_evals_run for p in personas),
        judge_memory_window=window or None,
        judge_model=label,
        appellate_judge_model=None,
        appellate_invocations=None,
        appellate_judge_usage=None,
        judge_errors=judge_errors,
        judge_usage=usage.to_json() if usage is not None else None,
        hallucination_mode=mode.mode if mode is not None else None,
        hallucination_window=mode.window if mode is not None else None,
        data_dir=str(data.resolve()) if data is not None else md.data_dir,
        arcs_file=arcs if data is not None else md.arcs_file,
        fingerprint=_fingerprint(md.fingerprint, md, judge, window),
        cost=RunCosting(None, None).run(personas),
    )


def _retrieved_days(
    slots: Sequence[tuple[Slot, QuestionResult]],
    result: BenchmarkResult,
    details: Mapping[tuple[str, str, str], Mapping[str, Any]],
) -> list[tuple[Slot, QuestionResult]]:
    """The answers with the days they retrieved put back in memory (from the question log), which
    a benchmark family's figures are computed from."""
    from ..results.benchmark_metrics import retrieved_days

    out = []
    for slot, q in slots:
        persona = result.personas[slot.persona]
        label = persona.range_results[slot.checkpoint].range.label
        record = details.get((persona.persona_id, label, answer_key(q.qa.id, q.epoch)))
        entries = record.get("retrieval") if record is not None else None
        if isinstance(entries, list):
            days = [e.get("day") if isinstance(e, Mapping) else None for e in entries]
            q = attrs.evolve(q, retrieved_days=retrieved_days(q.qa, days))
        out.append((slot, q))
    return out


async def rejudge_run(
    run: str | Path | BenchmarkResult | LoadedRun,
    judge: Judge,
    *,
    label: str | None = None,
    data: str | Path | None = None,
    arcs: str | None = None,
    judge_memory_window: int | None = None,
    parallelism: int = 8,
    timeout: float | None = 120.0,
    processes: int | None = None,
) -> Rejudged:
    """Score every answer of ``run`` again with ``judge`` (the module docstring).

    Args:
        run: a run folder, its ``result.json`` or ``progress.jsonl``, a loaded run, or a result.
        judge: the judge (a :class:`~recallbench.judges.panel.JudgePanel` for several).
        label: how results name the judge (default: its ``name``).
        data: the data directory the run read (default: the one its metadata records); None and
            none recorded: the judge sees no days (a warning says so).
        arcs: the arcs file (default: the run's, else the default one).
        judge_memory_window: days either side of a relevant day shown to judges that read
            excerpts (default: the run's).
        parallelism: judge calls in flight at once (judges that call a model).
        timeout: seconds per judge attempt.
        processes: for a judge that never suspends, 1 to score in this process only, 2 to score on
            two cores; None: two for a large run when a second core is free.

    Raises:
        DatasetError: the run or its days cannot be read.
    """
    start = time.perf_counter()
    loaded = _loaded(run)
    source = loaded.result if loaded is not None else run
    assert isinstance(source, BenchmarkResult)
    md = source.metadata
    warnings: list[str] = []
    if loaded is not None and loaded.interim:
        warnings.append(f"the run had not finished ({loaded.interim_note}): re-judged as it stands")
    where = Path(data) if data is not None else (Path(md.data_dir) if md.data_dir else None)
    arcs = arcs or md.arcs_file or DEFAULT_ARCS_FILE
    if where is not None and not where.exists():
        if data is not None:
            raise DatasetError(f"--data {where}: no such directory")
        warnings.append(
            f"the run's data directory {where} is not here: the judge sees no days (claims are "
            "grounded in the reference and the question only); pass --data DIR"
        )
        where = None
    elif where is None:
        warnings.append(
            "the run records no data directory: the judge sees no days (claims are grounded in the "
            "reference and the question only); pass --data DIR"
        )
    dataset = _dataset(source, where, arcs)
    window = judge_memory_window if judge_memory_window is not None else md.judge_memory_window or 0
    slots = list(answer_slots(source))
    jobs = [Job(slot, source.personas[slot.persona].persona_id, days, q) for slot, days, q in slots]
    scored = await score_all(
        judge,
        jobs,
        _corpus_of(dataset),
        window=window,
        parallelism=parallelism,
        timeout=timeout,
        processes=processes,
    )
    pairs = [(job.slot, q) for job, q in zip(jobs, scored, strict=True)]
    details = loaded.details if loaded is not None else {}
    family = None
    if dataset is not None and (source.benchmark_metrics or source.public_benchmark):
        from ..family.opening import benchmark_of

        family = benchmark_of(dataset)
        if family is not None:
            pairs = _retrieved_days(pairs, source, details)
    new = dict(pairs)
    seconds = time.perf_counter() - start
    from .budget import RunCosting

    costing = RunCosting(None, None)
    result = rebuilt_result(
        source,
        new,
        metadata=lambda personas: _metadata(
            source,
            personas,
            judge=judge,
            label=label or _judge_label(judge, None),
            window=window,
            seconds=seconds,
            data=where,
            arcs=arcs,
        ),
        persona_cost=costing.persona,
        timestamp=iso_now(),
    )
    if family is not None:
        figures = family.figures(dataset, judge, result.personas)
        result = attrs.evolve(
            result,
            benchmark_metrics=figures.metrics,
            public_benchmark=(
                {family.name: figures.published} if figures.published is not None else None
            ),
        )
    if md.epochs is not None:
        from ..results.intervals import with_intervals

        result = with_intervals(result)
    failed = sum(1 for q in scored if q.error is not None)
    return Rejudged(
        result=result,
        source=loaded.source if loaded is not None else None,
        judged=len(scored) - failed,
        unscored=failed,
        kept=sum(
            len(rr.question_results) + len(rr.unscored_results or ())
            for p in source.personas
            for rr in p.range_results
        )
        - len(scored),
        warnings=tuple(warnings),
        seconds=seconds,
        details=details,
    )


def _rewritten_log(
    source: Path, target: Path, answers: Mapping[tuple[str, str, str], QuestionResult]
) -> None:
    """The question log ``source`` written to ``target`` with each answer's new verdict (score,
    composite, panel, error, usage; no appeal), every other key as it was."""
    import orjson

    from .._jsonread import orjson_loads

    def update(record: dict[str, Any]) -> dict[str, Any]:
        qa = record.get("qa")
        epoch = record.get("epoch")
        key = (
            str(record.get("personaId")),
            str(record.get("checkpoint")),
            answer_key(
                str(qa.get("id")) if isinstance(qa, Mapping) else "",
                epoch if type(epoch) is int else None,
            ),
        )
        q = answers.get(key)
        if q is None:
            return record
        out = {
            k: v for k, v in record.items() if k not in ("primaryScore", "panel", "error", "usage")
        }
        out["score"] = to_json(q.score)
        out["composite"] = q.composite_score
        out["usedAppellate"] = False
        if q.panel is not None:
            out["panel"] = to_json(list(q.panel))
        if q.error is not None:
            out["error"] = to_json(q.error)
        if q.usage is not None:
            out["usage"] = to_json(q.usage)
        return out

    tmp = target.with_name(target.name + ".tmp")
    with source.open("rb") as src, tmp.open("wb") as dst:
        for line in src:
            if not line.strip():
                continue
            try:
                record = orjson_loads(line)
            except orjson.JSONDecodeError:
                continue  # a torn last line of a killed run: left out, as readers skip it
            if isinstance(record, dict):
                record = update(record)
            dst.write(orjson.dumps(record) + b"\n")
    tmp.replace(target)


def write_rejudged(rejudged: Rejudged, directory: str | Path) -> list[Path]:
    """Write the re-judged run into ``directory`` (created): ``result.json``, and, when the source
    run has one, its question log with the new verdicts and its retrieval log beside it. Returns
    the paths written.

    Raises:
        ConfigError: ``directory`` already holds a run.
        OutputError: a file could not be written.
    """
    from ..errors import OutputError
    from ..results.retrieval_log import retrieval_log_paths
    from .runlog import write_result

    target = Path(directory)
    if (target / "result.json").exists():
        raise ConfigError(f"{target} already holds a run (result.json): choose another --output")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(target, exc.strerror or str(exc)) from None
    written = [target / "result.json"]
    write_result(written[0], rejudged.result)
    source = rejudged.source
    questions = source.with_name("questions.jsonl") if source is not None else None
    if questions is None or not questions.is_file():
        return written
    answers = {
        (p.persona_id, rr.range.label, answer_key(q.qa.id, q.epoch)): q
        for p in rejudged.result.personas
        for rr in p.range_results
        for q in (*rr.question_results, *(rr.unscored_results or ()))
    }
    try:
        _rewritten_log(questions, target / "questions.jsonl", answers)
        written.append(target / "questions.jsonl")
        for log_file, new in zip(
            retrieval_log_paths(questions),
            retrieval_log_paths(target / "questions.jsonl"),
            strict=True,
        ):
            if not log_file.is_file():
                continue
            try:  # a closed run's gzipped log never changes: a second name for the same bytes
                if log_file.name.endswith(".gz"):
                    os.link(log_file, new)
                else:  # a live one (a run that stopped before closing) may grow: a copy
                    shutil.copyfile(log_file, new)
            except OSError:
                shutil.copyfile(log_file, new)
            written.append(new)
    except OSError as exc:
        raise OutputError(target, exc.strerror or str(exc)) from None
    return written
