"""Run configuration: small frozen records with module-level defaults."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from .._bounds import bounded, check
from .._retry import DEFAULT_RETRY, RetryPolicy
from ..data.dataset import DEFAULT_ARCS_FILE
from ..data.plan import LIFECYCLES, Lifecycle
from ..data.ranges import DEFAULT_RANGES, TimeRange, parse_ranges
from ..data.selection import DEFAULT_POLICY, SelectionPolicy
from ..errors import ConfigError
from ..results.intervals import DEFAULT_CI_WIDTH

__all__ = [
    "DEFAULT_ADAPTER_ERROR_LIMIT",
    "DEFAULT_LIFECYCLE_TIMEOUTS",
    "AdapterErrorLimit",
    "LifecycleTimeouts",
    "RunConfig",
    "RunOutput",
]


def _positive(_i: object, a: attrs.Attribute[Any], v: float | None) -> None:
    if v is not None and not v > 0:
        raise ValueError(f"{a.name} must be positive, got {v!r}")


def _user_path(value: str | Path) -> Path:
    return Path(value).expanduser()


def _ranges(value: Any) -> tuple[TimeRange, ...]:
    """``ranges`` as a profile's ``run.ranges`` takes them: a string (``"30d"``, ``"30d,90d"``,
    ``"7:180:7"``), a number of days, a mapping, a :class:`TimeRange`, or a sequence of those."""
    if isinstance(value, tuple) and all(isinstance(r, TimeRange) for r in value):
        return value
    if isinstance(value, TimeRange) or (
        isinstance(value, int | float) and not isinstance(value, bool)
    ):
        value = [value]  # one range, not an iterable of them
    elif isinstance(value, bytes | bytearray) or not isinstance(value, str | Mapping | Iterable):
        raise ConfigError(
            f"RunConfig.ranges: expected a range ('30d'), a string of them ('30d,90d'), a number "
            f"of days or a sequence of those, got {value!r}"
        )
    try:
        return parse_ranges(value)
    except ConfigError as exc:
        raise ConfigError(f"RunConfig.ranges: {exc}") from None


def _persona_ids(value: Any) -> tuple[str, ...] | None:
    """``personas`` as a profile's ``personas`` key takes them: one id, ids separated by commas or
    spaces (``"executive-assistant"``, ``"a, b"``), or a sequence of ids; None for every persona.
    A string is never taken apart into characters."""
    if value is None:
        return None
    if isinstance(value, str):
        items: list[Any] = [i for i in re.split(r"[\s,]+", value) if i]
    elif isinstance(value, bytes | bytearray | Mapping) or not isinstance(value, Iterable):
        raise ConfigError(
            f"RunConfig.personas: expected a persona id or a sequence of ids, got {value!r}"
        )
    else:
        items = list(value)
    if not items:
        raise ConfigError(
            f"RunConfig.personas: {value!r} names no persona; name at least one, or pass None "
            "for every persona of the dataset"
        )
    bad = next((i for i in items if not isinstance(i, str) or not i.strip()), None)
    if bad is not None:
        raise ConfigError(
            f"RunConfig.personas: expected persona ids (non-empty strings), got {value!r}"
        )
    return tuple(i.strip() for i in items)


@attrs.frozen(kw_only=True)
class LifecycleTimeouts:
    """Seconds an adapter's lifecycle steps may take (None: no limit). A step past its limit stops
    the persona (setup, ingestion) or is a warning (teardown); a run never hangs on one.

    Attributes:
        setup: ``setup`` (and ``healthcheck``).
        ingest: each ``ingest_day``, ``finalize_ingestion``, ``snapshot`` and ``restore``.
        teardown: ``teardown``.
    """

    setup: float | None = attrs.field(default=300.0, validator=[_positive, bounded("timeout-s")])
    ingest: float | None = attrs.field(default=300.0, validator=[_positive, bounded("timeout-s")])
    teardown: float | None = attrs.field(default=60.0, validator=[_positive, bounded("timeout-s")])


DEFAULT_LIFECYCLE_TIMEOUTS = LifecycleTimeouts()


@attrs.frozen
class AdapterErrorLimit:
    """How many questions the memory system may fail (raise, time out, return no answer) before
    the run fails: past it, the run stops after the checkpoint where it was crossed and raises
    :class:`~recallbench.errors.RunFailed` (the command line exits 1).

    Attributes:
        share: the fraction of one checkpoint's questions that may fail (0.1: a checkpoint of 26
            questions fails the run at its third error). None: no share limit.
        count: adapter errors over the whole run. None: no count limit.
    """

    share: float | None = attrs.field(default=0.1)
    count: int | None = attrs.field(default=None)

    @share.validator
    def _share(self, _a: attrs.Attribute[Any], v: float | None) -> None:
        if v is not None and not 0 <= v <= 1:
            raise ValueError(f"share must be between 0 and 1, got {v!r}")

    @count.validator
    def _count(self, _a: attrs.Attribute[Any], v: int | None) -> None:
        if v is not None and v < 0:
            raise ValueError(f"count must not be negative, got {v!r}")

    @classmethod
    def parse(cls, text: str) -> AdapterErrorLimit:
        """``10%`` (a share of any checkpoint's questions), ``5`` (errors over the run) or
        ``none`` (no limit).

        Raises:
            ValueError: none of those, with the accepted forms.
        """
        value = text.strip().lower()
        try:
            if value in ("none", "off"):
                return cls(share=None)
            if value.endswith("%"):
                return cls(share=float(value[:-1]) / 100)
            return cls(share=None, count=int(value))
        except ValueError:
            raise ValueError(
                f"expected a percentage of a checkpoint's questions (10%), a number of errors over "
                f"the run (5) or 'none', got {text!r}"
            ) from None

    def exceeded(self, errors: int, questions: int, run_errors: int) -> str | None:
        """Why a checkpoint with ``errors`` adapter errors among ``questions`` (``run_errors`` over
        the run so far) breaks the limit, or None."""
        if self.share is not None and questions and errors > self.share * questions:
            return f"more than {self.share * 100:g}% of a checkpoint's questions"
        if self.count is not None and run_errors > self.count:
            return f"more than {self.count} over the run"
        return None

    def __str__(self) -> str:
        if self.share is None and self.count is None:
            return "none"
        return f"{self.share * 100:g}%" if self.share is not None else str(self.count)


DEFAULT_ADAPTER_ERROR_LIMIT = AdapterErrorLimit()


def _error_count_bounded(i: object, a: attrs.Attribute[Any], v: AdapterErrorLimit) -> None:
    # Bounded where a run takes it (the command line checks --max-adapter-errors N itself, in one
    # line, after AdapterErrorLimit.parse).
    if isinstance(v, AdapterErrorLimit) and v.count is not None:
        check("error-count", v.count, f"{type(i).__name__}.{a.name}.count")


@attrs.frozen(kw_only=True)
class RunConfig:
    """What a run does, besides which adapter and judge it uses.

    Every number is held to its bound (``docs/reference/bounds.md``): ``RunConfig(epochs=10**9)``
    is a :class:`~recallbench.errors.ConfigError` naming the field and the bound.

    Attributes:
        ranges: the checkpoints (duplicates by label dropped, run in ascending days): a range
            (``"30d"``, ``90``, a :class:`~recallbench.data.ranges.TimeRange`), a string of them
            (``"30d,90d"``, a series ``"7:180:7"``) or a sequence of those, as a profile's
            ``run.ranges`` takes them.
        personas: persona ids to run (None: every persona of the dataset): one id
            (``"executive-assistant"``), ids separated by commas or spaces, or a sequence of ids,
            as a profile's ``personas`` takes them. A string is one id, never its characters; an
            empty selection is refused.
        selection: sample, seed, group gating, irrelevant_after handling.
        lifecycle: ``fresh`` (default), ``incremental`` or ``snapshot`` — see :mod:`recallbench.data.plan`.
        parallelism: questions in flight at once in each unit of work (a sliding window).
        unit_parallelism: units of work in flight at once in this process (the local executor):
            checkpoints in the ``fresh`` lifecycle, personas in the others; each has its own
            adapter from the factory.
        judge_parallelism: judge calls in flight at once over every unit (None: ``parallelism``);
            judges that declare ``synchronous = True`` are not limited.
        question_timeout: seconds for one adapter query (None: no limit); an answer that comes
            later (an adapter blocking the event loop) is recorded as timed out.
        lifecycle_timeouts: seconds for setup, each ingestion step and teardown.
        judge_timeout: seconds for one judge attempt (None: the question timeout).
        judge_deadline: seconds for all of a question's judge attempts and back-offs together
            (None: the judge timeout): an endpoint that never answers fails a question in bounded
            time, and three such questions in a row fail the run.
        judge_memory_window: days of memory around each relevant day shown to the judge (0: none).
        judge_retry: retries of a failing judge call.
        max_adapter_errors: the questions the memory system may fail before the run fails
            (default: more than 10% of any checkpoint's questions); see :class:`AdapterErrorLimit`.
        max_judge_errors: questions left unscored by judge failures before the run fails (None: no
            limit).
        dry_run: stop each persona after its first evaluated checkpoint.
        skip_unsupported: leave out benchmarks whose ``required_capabilities`` the adapter lacks
            (a warning each) instead of refusing the run.
        skip_catchup_ingest: on resume, trust the adapter to still hold the days already ingested.
        judge_model, appellate_judge_model: how the judges are named in results.
        judge_cache: a directory of cached judge scores (:mod:`recallbench.judges.cache`); judges
            that declare a ``cache_identity`` (LLM judges) are looked up there first. None: no
            cache. The command line turns it on by default.
        harness_config: the profile's ``harness.config``; its string ``synthesisModel``,
            ``embeddingProvider`` and ``embeddingModel`` are recorded in the results.
        epochs: how many times each question is asked at each checkpoint (``--epochs``): every
            answer is kept and judged, the means are over all of them, and with more than one each
            mean gets a bootstrap interval (:mod:`recallbench.results.intervals`). Epoch-major: all
            of a checkpoint's questions once, then all again; the memory system is not re-ingested
            between epochs.
        ci_width: the interval width (composite points, 0–6 scale) above which a heatmap cell is
            marked (``--ci-width``); recorded in ``metadata.intervals`` when ``epochs`` > 1.
        max_cost: the run's budget in USD (``--max-cost``): a model call that would pass it is
            not made and the run stops cleanly, to be continued with ``--resume``
            (:mod:`recallbench.harness.budget`). None: no budget.
        prices: a price file over the shipped table (``--prices``; :mod:`recallbench.models.prices`)
            for the run's cost and budget. None: the shipped table.
    """

    ranges: tuple[TimeRange, ...] = attrs.field(default=DEFAULT_RANGES, converter=_ranges)
    personas: tuple[str, ...] | None = attrs.field(default=None, converter=_persona_ids)
    arcs_file: str = DEFAULT_ARCS_FILE
    selection: SelectionPolicy = DEFAULT_POLICY
    lifecycle: Lifecycle = attrs.field(default="fresh", validator=attrs.validators.in_(LIFECYCLES))
    parallelism: int = attrs.field(
        default=1, validator=[attrs.validators.ge(1), bounded("parallelism")]
    )
    unit_parallelism: int = attrs.field(
        default=1, validator=[attrs.validators.ge(1), bounded("unit-parallelism")]
    )
    judge_parallelism: int | None = attrs.field(
        default=None,
        validator=[attrs.validators.optional(attrs.validators.ge(1)), bounded("parallelism")],
    )
    question_timeout: float | None = attrs.field(
        default=30.0, validator=[_positive, bounded("timeout-s")]
    )
    lifecycle_timeouts: LifecycleTimeouts = DEFAULT_LIFECYCLE_TIMEOUTS
    judge_timeout: float | None = attrs.field(
        default=None, validator=[_positive, bounded("judge-timeout-s")]
    )
    judge_deadline: float | None = attrs.field(
        default=None, validator=[_positive, bounded("judge-timeout-s")]
    )
    judge_memory_window: int = attrs.field(
        default=0, validator=[attrs.validators.ge(0), bounded("memory-window")]
    )
    judge_retry: RetryPolicy = DEFAULT_RETRY
    max_adapter_errors: AdapterErrorLimit = attrs.field(
        default=DEFAULT_ADAPTER_ERROR_LIMIT, validator=_error_count_bounded
    )
    max_judge_errors: int | None = attrs.field(default=10, validator=bounded("error-count"))
    dry_run: bool = False
    skip_unsupported: bool = False
    skip_catchup_ingest: bool = False
    judge_model: str | None = None
    appellate_judge_model: str | None = None
    judge_cache: Path | None = attrs.field(
        default=None, converter=attrs.converters.optional(_user_path)
    )
    harness_config: Mapping[str, Any] = attrs.field(factory=dict)
    epochs: int = attrs.field(default=1, validator=[attrs.validators.ge(1), bounded("epochs")])
    ci_width: float = attrs.field(
        default=DEFAULT_CI_WIDTH, validator=[_positive, bounded("ci-width")]
    )
    max_cost: float | None = attrs.field(default=None, validator=[_positive, bounded("usd")])
    prices: Path | None = attrs.field(default=None, converter=attrs.converters.optional(_user_path))


@attrs.frozen(kw_only=True)
class RunOutput:
    """Where a run writes its artifacts; None skips that artifact.

    Attributes:
        result_json, progress, questions, failures: the result and the logs.
        views: also render ``heatmap.png``, ``hallucination.png`` and ``report.html`` beside
            ``result_json`` when the run ends (``recallbench.run`` and the command line do;
            :class:`~recallbench.harness.engine.Harness` itself writes only the result and logs).
        snippets: keep each retrieval entry's ``snippet`` text in the question log (and so in
            ``report.html``); by default an entry keeps its path, score, day and turn, which is
            all that resume, the retrieval metrics, ``report`` and ``compare`` read, and the text
            (10 MB of the main job's 23.5 MB folder) is left out (``--keep-snippets``).
            ``failures.jsonl`` always keeps it. The entries are written beside ``questions``, in
            its retrieval log (``questions.retrieval.jsonl.gz``,
            :mod:`recallbench.results.retrieval_log`).
    """

    result_json: Path | None = None
    progress: Path | None = None
    questions: Path | None = None
    failures: Path | None = None
    views: bool = False
    snippets: bool = False

    @classmethod
    def directory(cls, path: Path | str) -> RunOutput:
        """Every artifact of a run in one directory: ``result.json``, the logs and the views."""
        return cls.beside(Path(path) / "result.json")

    @classmethod
    def beside(
        cls, result_json: Path | str, *, questions: bool = True, failures: bool = True
    ) -> RunOutput:
        """``result.json`` with its siblings ``progress.jsonl``, ``questions.jsonl`` and
        ``failures.jsonl`` in the same directory, and the views beside them."""
        path = Path(result_json)
        d = path.parent
        return cls(
            result_json=path,
            progress=d / "progress.jsonl",
            questions=d / "questions.jsonl" if questions else None,
            failures=d / "failures.jsonl" if failures else None,
            views=True,
        )
