"""``recallbench run``: benchmark a memory system.

Settings come from, in order of precedence: explicit flags, the ``--profile`` YAML, the defaults.
Exit codes: 0 the run finished; 1 a persona stopped early or the run failed (too many judge errors);
2 bad input or a failed preflight.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..adapters.grpc.options import GrpcClientOptions
from ..data.plan import LIFECYCLES
from ..data.ranges import DEFAULT_RANGES
from ..data.selection import SelectionPolicy
from ..errors import BudgetExceeded, OutputError, RunFailed
from ..harness.config import (
    DEFAULT_ADAPTER_ERROR_LIMIT,
    DEFAULT_LIFECYCLE_TIMEOUTS,
    AdapterErrorLimit,
    LifecycleTimeouts,
    RunConfig,
    RunOutput,
)
from ._adapter_model import adapter_model_config, add_adapter_model_args
from ._common import (
    add_dataset_args,
    add_judge_cache_args,
    non_negative_int,
    positive_int,
    ranges_arg,
    run_async,
)
from ._cost import add_cost_arguments, stop_message
from ._epochs import add_epoch_arguments
from ._executor import add_executor_arguments, executor_of
from ._judge_check import judge_check
from ._panel import add_panel_arguments, panel_judge
from ._resume import check_resume_path, resume_of, retry_output
from ._retry_errors import add_retry_argument, retry_log, same_settings
from ._run_output import (
    add_output_arguments,
    announce_defaults,
    print_end,
    print_notes,
    run_output,
    snapshot_check,
    stop_hint,
    views_missed,
    write_run_views,
)

if TYPE_CHECKING:
    from ..harness.profile import Profile

__all__ = ["register"]

log = logging.getLogger("recallbench")

DEFAULT_ADAPTER = "builtin:bm25"
"""The adapter ``run`` benchmarks when none is named (judged by the rubric judge unless told)."""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "run",
        help="benchmark a memory system",
        description="Feed each persona's days to the adapter, ask the checkpoint questions, judge the "
        "answers and report the category × checkpoint heatmap.",
    )
    g = p.add_argument_group("adapter & data")
    g.add_argument(
        "--adapter",
        metavar="SPEC",
        help="builtin:NAME (bm25, fts5, dense, hybrid, recency, null, random, oracle, echo-reference, "
        "full-context, rag), grpc://HOST[:PORT] or grpcs://… (a memory service in any language: proto/), "
        "pkg.module[:attr] or path/to/file.py[:attr]: an adapter object, class, or "
        "factory called with the profile's harness.config (default attr: adapter); "
        f"without one, {DEFAULT_ADAPTER} judged by the rubric judge",
    )
    g.add_argument(
        "--profile",
        type=Path,
        metavar="PATH",
        help="YAML profile supplying adapter, data, models and run settings; flags win",
    )
    add_adapter_model_args(g)
    add_dataset_args(g, data_required=False)
    g.set_defaults(arcs=None)

    j = p.add_argument_group("judging")
    j.add_argument(
        "--judge",
        action="append",
        metavar="SPEC",
        help="stub (zeros, the default), rubric (offline, deterministic), an LLM judge "
        "(claude|codex|copilot, openai[:MODEL[;URL]], anthropic:MODEL[;URL], "
        "azure:DEPLOYMENT[;URL]) or a Python judge or text model (pkg.module[:attr], file.py[:attr]); "
        "given more than once, a panel: every judge scores every answer (--panel-aggregate)",
    )
    j.add_argument(
        "--judge-model",
        metavar="SPEC",
        help="the model of the data's own judge, for a benchmark family that scores with a "
        "protocol of its own that calls a model (without --judge, such data is judged by its "
        "own protocol: 'recallbench list benchmarks')",
    )
    add_panel_arguments(j)
    j.add_argument(
        "--appellate-judge",
        metavar="SPEC",
        help="re-scores answers the primary judge failed; its verdict is final",
    )
    j.add_argument(
        "--judge-memory-window",
        type=non_negative_int,
        metavar="N",
        help="days of memory around each relevant day shown to the judge (default 0)",
    )
    add_judge_cache_args(
        j,
        "where LLM judge scores are cached across runs (default: the user cache directory, "
        "e.g. ~/.cache/recallbench/judge); an identical re-run makes no judge calls",
    )
    j.add_argument(
        "--no-judge-check",
        action="store_true",
        help="do not ask each HTTP model the judges call one tiny scoring request before any work "
        "(default: asked, within --timeout; a model that cannot answer stops the run, exit 1)",
    )
    j.add_argument(
        "--max-errors",
        type=non_negative_int,
        default=10,
        metavar="N",
        help="questions left unscored by judge failures before the run fails (default 10)",
    )
    j.add_argument(
        "--max-adapter-errors",
        type=_error_limit,
        default=DEFAULT_ADAPTER_ERROR_LIMIT,
        metavar="LIMIT",
        help="questions the memory system may fail (raise, time out, answer nothing) before the "
        "run fails with exit 1: P%% of any checkpoint's questions, N over the run, or none "
        "(default 10%%)",
    )

    s = p.add_argument_group("selection")
    s.add_argument(
        "--ranges",
        nargs="+",
        action="extend",
        metavar="RANGE",
        help="checkpoints: 30d,90d,6mo,1y,full, day counts, or START:END:STEP series "
        "(comma- or space-separated)",
    )
    s.add_argument(
        "--sample",
        type=non_negative_int,
        metavar="N",
        help="cap on re-asked historical questions per checkpoint (default: all)",
    )
    s.add_argument(
        "--groups-enabled",
        action="store_true",
        default=None,
        help="also ask group-session-attribution and information-boundary questions",
    )
    s.add_argument(
        "--seed", type=int, metavar="N", help="shuffle seed; 0 = no shuffle (default 42)"
    )
    s.add_argument(
        "--ignore-irrelevant-after",
        action="store_true",
        help="ignore irrelevant_after (reproduces runs made before the field existed)",
    )
    s.add_argument(
        "--repeat-checkpoints",
        action="store_true",
        help="also ask the named checkpoints past a persona's last day (1y, full after 6mo over "
        "180 days), which repeat it (default: asked once)",
    )

    e = p.add_argument_group("execution")
    e.add_argument(
        "--lifecycle",
        choices=LIFECYCLES,
        help="fresh (default): setup → ingest 1..N → teardown per checkpoint; incremental: "
        "one setup per persona, new days only; snapshot: incremental with state restored "
        "after each checkpoint's queries",
    )
    e.add_argument(
        "--parallelism",
        type=positive_int,
        metavar="N",
        help="questions in flight in each unit of work (default 1)",
    )
    add_epoch_arguments(e)
    add_cost_arguments(e)
    add_executor_arguments(e)
    e.add_argument(
        "--timeout",
        type=positive_int,
        metavar="MS",
        help="per-question timeout (default 30000); an answer that comes later counts as timed out",
    )
    for step, default, what in (
        ("setup", DEFAULT_LIFECYCLE_TIMEOUTS.setup, "the adapter's setup and healthcheck"),
        (
            "ingest",
            DEFAULT_LIFECYCLE_TIMEOUTS.ingest,
            "each ingest_day, finalize_ingestion, snapshot",
        ),
        ("teardown", DEFAULT_LIFECYCLE_TIMEOUTS.teardown, "teardown (past it: a warning, exit 1)"),
    ):
        e.add_argument(
            f"--{step}-timeout",
            type=positive_int,
            default=int(default) if default else None,
            metavar="S",
            help=f"seconds for {what} (default {default:g})",
        )
    e.add_argument(
        "--grpc-timeout",
        type=positive_int,
        default=120000,
        metavar="MS",
        help="per-RPC timeout of gRPC adapters (default 120000)",
    )
    e.add_argument(
        "--grpc-ca-file",
        type=Path,
        metavar="PATH",
        help="PEM root certificates a grpcs:// adapter trusts (default: the system's)",
    )
    e.add_argument(
        "--grpc-token-file",
        type=Path,
        metavar="PATH",
        help="the shared secret a `serve --token-file` server asks for (default: "
        "$RECALLBENCH_GRPC_TOKEN)",
    )
    e.add_argument(
        "--grpc-max-message-mb",
        type=positive_int,
        metavar="MIB",
        help="the largest gRPC message sent or taken (default 64; gRPC's own is 4)",
    )
    e.add_argument(
        "--grpc-unary",
        action="store_true",
        help="call a grpc:// server with the six unary RPCs only, as the reference does "
        "(default: one Session stream per lifecycle when the server has it)",
    )
    e.add_argument(
        "--dry-run",
        action="store_true",
        help="stop each persona after its first evaluated checkpoint",
    )
    e.add_argument(
        "--skip-preflight",
        action="store_true",
        help="skip the startup checks (not the refusal of questions citing days beyond the corpus)",
    )
    e.add_argument(
        "--skip-unsupported",
        action="store_true",
        help="leave out the units whose required capabilities (a benchmark's declared "
        "required_capabilities) the adapter lacks (default: refuse the run, naming the capability)",
    )

    o = add_output_arguments(p)
    add_retry_argument(o)
    p.set_defaults(handler=run)


def _error_limit(text: str) -> AdapterErrorLimit:
    try:
        return AdapterErrorLimit.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


JUDGE_TIMEOUT_FACTOR = 10
"""An LLM judge's whole score may take this many question timeouts (retries included)."""


def _calls_models(judge: Any) -> bool:
    """Whether a judge calls a text model (its score then takes model round trips, retries)."""
    return judge is not None and (
        hasattr(judge, "cache_identity") or getattr(judge, "calls_model", False) is True
    )


def harness_config_of(profile: Any) -> dict[str, Any]:
    """The profile's ``harness.config`` (empty without one)."""
    return dict(profile.harness.config or {}) if profile and profile.harness else {}


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _pick(*values: Any) -> Any:
    return next((v for v in values if v is not None), None)


def run(args: argparse.Namespace) -> int:
    from ..family.opening import data_family
    from ..harness.judge_loading import load_judge
    from ..harness.loading import AdapterSpec
    from ..harness.preflight import check_endpoints
    from ._default_judge import run_judge

    retry = retry_log(args)  # a RUN_DIR that is no ended run: one line, exit 2, before any work
    check_resume_path(args.resume)  # a --resume that is a device or a folder: the same
    profile: Profile | None = None
    if args.profile:
        from ..harness.profile import apply_profile_env, load_profile

        profile = load_profile(args.profile)
        apply_profile_env(profile)
    prun = profile.run if profile else None
    base_dir = profile.dir if profile else None
    # A path in --adapter is relative to the working directory; one from the profile, to the profile.
    adapter_base = None if args.adapter else base_dir

    adapter_spec = args.adapter or (
        profile.harness.adapter if profile and profile.harness else None
    )
    judge_specs = list(args.judge or ())  # more than one: a panel
    judge_spec = _pick(
        judge_specs[0] if judge_specs else None, profile.models.judge if profile else None
    )
    appellate_spec = _pick(
        args.appellate_judge, profile.models.appellate_judge if profile else None
    )
    data = args.data or (profile.data_dir if profile else None)
    # Not skippable: aiohttp cannot send a password in an endpoint beside a key (the judge failed
    # after its first questions), and the spec, password and all, is written into results.
    bad_endpoints = check_endpoints(
        [
            *(("--judge", s) for s in (judge_specs or [judge_spec])),
            ("--appellate-judge", appellate_spec),
            ("--judge-model", args.judge_model),
            ("--adapter-model", args.adapter_model),
        ]
    )
    if bad_endpoints:
        print(f"recallbench run: error: {bad_endpoints[0]}", file=sys.stderr)
        return 2
    defaults = []
    named = bool(adapter_spec)
    if not adapter_spec:
        # Nothing to benchmark was named: run the built-in baseline, so that the first command a
        # newcomer types shows a real heatmap, and say so.
        adapter_spec = DEFAULT_ADAPTER
        defaults.append(f"adapter {DEFAULT_ADAPTER} (a BM25 baseline over the day logs)")
        if judge_spec is None and not (data and data_family(data).own_default_judge):
            judge_spec = "rubric"
            defaults.append("judge rubric (offline, deterministic)")
    if data is None:
        from ._shipped import shipped_personas_dir

        data = shipped_personas_dir()
        defaults.append(f"the shipped personas ({data})")
    personas = args.personas or (list(profile.persona_ids or ()) if profile else None)
    arcs = _pick(args.arcs, profile.arcs_file if profile else None, "arcs-1000d.yaml")
    if defaults:
        announce_defaults(defaults, args, hint=not named)

    executor = executor_of(args)  # a wrong --executor, or Ray missing, before any work
    preflight_ok: str | None = None
    if not args.skip_preflight:
        from ..harness.preflight import format_preflight, preflight

        root = Path(data)
        errors = preflight(
            data_dir=root,
            personas=personas or [],
            arcs_file=arcs,
            adapter_spec=adapter_spec,
            judge_spec=judge_spec,
            appellate_spec=appellate_spec,
            synthesis_provider=_text(harness_config_of(profile).get("synthesisProvider")),
            base_dir=adapter_base,
            panel_specs=judge_specs[1:],
        )
        if errors:
            print(format_preflight(errors), file=sys.stderr)
            return 2
        # Said once the adapter and judges have loaded, the logs to resume read and the judges
        # checked too: an OK line right before a load error would be a lie.
        preflight_ok = format_preflight(errors)
    else:
        from ..harness.preflight import check_reach

        # Not skippable: a `full` checkpoint would ask a question about a day never ingested.
        beyond = check_reach(data, personas or [], arcs)
        for line in beyond:
            print(
                f"recallbench run: error: {line} (--skip-preflight skips no data rule)",
                file=sys.stderr,
            )
        if beyond:
            return 2

    harness_config = adapter_model_config(args, adapter_spec, harness_config_of(profile))
    factory_attr = (
        profile.harness.factory if profile and profile.harness and not args.adapter else None
    )
    factory = AdapterSpec(
        adapter_spec,
        harness_config,
        factory=factory_attr,
        base_dir=adapter_base,
        grpc=GrpcClientOptions(
            timeout=args.grpc_timeout / 1000,
            ca_file=args.grpc_ca_file,
            token_file=args.grpc_token_file,
            max_message_mb=args.grpc_max_message_mb,
            unary=args.grpc_unary or None,
        ),
    )
    ranges = ranges_arg(args.ranges) or (prun.ranges if prun else None) or DEFAULT_RANGES
    timeout_ms = _pick(args.timeout, prun.timeout if prun else None, 30000)
    # Judge models get the question timeout per call, as the reference does (§4.5).
    judge = (
        load_judge(judge_spec, base_dir=base_dir, timeout=timeout_ms / 1000) if judge_spec else None
    )
    appellate = (
        load_judge(appellate_spec, base_dir=base_dir, timeout=timeout_ms / 1000)
        if appellate_spec
        else None
    )
    judge = run_judge(Path(data), judge, args.judge_model, timeout_ms / 1000, arcs)
    judge_label = None
    if judge is not None and (len(judge_specs) > 1 or args.judge_epochs > 1):
        others = [
            load_judge(s, base_dir=base_dir, timeout=timeout_ms / 1000) for s in judge_specs[1:]
        ]
        specs = [s for s in (judge_spec, *judge_specs[1:]) if s]
        judge, judge_label = panel_judge([judge, *others], specs, args)
    uses_model = any(_calls_models(j) for j in (judge, appellate))
    judge_cache = None
    from ..results.scoring import StubJudge

    stub_only = all(j is None or isinstance(j, StubJudge) for j in (judge, appellate))
    if not args.no_judge_cache and not stub_only:  # the stub judge has nothing to cache
        from ..judges.cache import default_cache_dir

        judge_cache = args.judge_cache or default_cache_dir()
    config = RunConfig(
        ranges=ranges,
        personas=tuple(personas) if personas else None,
        arcs_file=arcs,
        selection=SelectionPolicy(
            sample=_pick(args.sample, prun.sample if prun else None),
            seed=_pick(args.seed, prun.seed if prun else None, 42),
            groups_enabled=bool(
                _pick(args.groups_enabled, prun.groups_enabled if prun else None, False)
            ),
            respect_irrelevant_after=not args.ignore_irrelevant_after,
            repeat_checkpoints=args.repeat_checkpoints,
        ),
        lifecycle=_pick(args.lifecycle, prun.lifecycle if prun else None, "fresh"),
        parallelism=_pick(args.parallelism, prun.parallelism if prun else None, 1),
        unit_parallelism=args.unit_parallelism or 1,
        question_timeout=timeout_ms / 1000,
        # A model judge's own calls are bounded by the timeout above; the score as a whole may
        # also wait out provider back-offs and one re-ask after an unparsable reply.
        judge_timeout=JUDGE_TIMEOUT_FACTOR * timeout_ms / 1000 if uses_model else None,
        judge_cache=judge_cache,
        judge_memory_window=_pick(
            args.judge_memory_window, prun.judge_memory_window if prun else None, 0
        ),
        max_judge_errors=args.max_errors,
        max_adapter_errors=args.max_adapter_errors,
        lifecycle_timeouts=LifecycleTimeouts(
            setup=args.setup_timeout, ingest=args.ingest_timeout, teardown=args.teardown_timeout
        ),
        dry_run=args.dry_run,
        skip_unsupported=args.skip_unsupported,
        skip_catchup_ingest=args.skip_catchup_ingest,
        judge_model=judge_label or (judge_spec if judge_spec and judge_spec != "stub" else None),
        appellate_judge_model=appellate_spec,
        harness_config=harness_config,
        epochs=args.epochs,
        ci_width=args.ci_width,
        max_cost=_pick(args.max_cost, prun.max_cost if prun else None),
        prices=_pick(args.prices, prun.prices if prun else None),
    )
    if config.lifecycle == "snapshot":  # before any setup or ingestion (issue 34.12)
        snapshot_check(factory, adapter_spec)
    output = run_output(args, adapter_spec)
    if retry is not None:  # into the run's own folder, whatever the defaults say
        output = RunOutput.directory(args.retry_errors)
    from ..harness.runlog import check_writable

    # A folder that cannot be written is bad input, found before anything runs (exit 2).
    check_writable(
        p for p in (output.result_json, output.progress, output.questions, output.failures) if p
    )
    resume = retry
    if retry is not None:  # its answers go on into the log the run wrote
        output = retry_output(retry, output)
    if args.resume is not None:  # damaged logs, or logs that lost answers: one line, exit 2
        resume, output = resume_of(args, output)

    if preflight_ok is not None:  # the last check, the one that may cost a call: the judges'
        if uses_model and not args.no_judge_check:  # a hung judge stops the run before any work
            failed = judge_check(judge, appellate, timeout_ms / 1000, judge_cache)
            if failed is not None:
                print(f"recallbench run: stopped before any work: {failed}", file=sys.stderr)
                return 1
        print(preflight_ok, file=sys.stderr)
    # A stop by signal from here on names the real progress file (or says --no-save kept nothing).
    args.stop_hint = lambda: stop_hint(output)
    from ..harness.engine import Harness
    from ..render.progress import progress_hooks

    harness = Harness(
        factory,
        Path(data),
        judge=judge,
        appellate_judge=appellate,
        config=config,
        output=output,
        hooks=progress_hooks(sys.stderr),
        resume=resume,
        executor=executor,
    )
    if retry is not None:
        same_settings(retry, harness.config, args.retry_errors)
    try:
        result = run_async(harness.run)
    except OutputError as exc:
        where = output.progress or args.resume
        again = f"; rerun with --resume {where}" if where else ""
        print(
            f"recallbench run: stopped: {exc}. Every answer logged so far is kept{again} once it "
            "can be written.",
            file=sys.stderr,
        )
        return 1
    except RunFailed as exc:
        partial = getattr(exc, "result", None)
        stop = stop_message(exc, output.progress or args.resume)
        print(f"recallbench run: {stop}", file=sys.stderr)
        if partial is None:
            return 1
        print_notes(partial, output)
        why = "stopped by --max-cost" if isinstance(exc, BudgetExceeded) else "the run failed"
        written = write_run_views(partial, args, output, interim=f"INTERIM — {why}")
        print_end(partial, args, output, written, failure=str(exc))
        return 1
    print_notes(result, output)
    written = write_run_views(result, args, output)
    missed = views_missed(args, output, written)
    print_end(result, args, output, written)
    meta = result.metadata
    stopped = any(p.error for p in result.personas)
    return 1 if stopped or missed or meta.warnings or meta.connection_errors else 0
