"""One question, end to end: ask the adapter, judge the answer, apply the appellate rule.

Failures of the system under test and of the judge are data here, not exceptions: an adapter that
times out yields the reference's ``[TIMEOUT]`` answer, one that raises ``[ERROR: <type>]`` (see
:func:`no_answer`), with the error recorded; a judge that still fails
after its retries leaves the question unscored with the error recorded. Cancellation is never caught.
"""

from __future__ import annotations

import contextlib
import errno
import inspect
import logging
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import anyio
import attrs

from .._retry import RetryPolicy
from ..adapters.base import Adapter, QueryDetail, RetrievalEntry, ToolCall, accepts, to_query_detail
from ..data.corpus import Day
from ..data.persona import PersonaDefinition
from ..data.qa import QAPair
from ..errors import AdapterTimeout, BudgetExceeded, JudgeParseError
from ..judges.base import Judge, JudgeContext, build_context
from ..models.metering import Tally, metered
from ..results.benchmark_metrics import retrieved_days
from ..results.cost import add_usage
from ..results.measures import question_retrieval
from ..results.panel_scores import panel_parts
from ..results.records import QuestionError, QuestionResult
from ..results.scoring import JudgeScore, is_failure, to_score
from ..results.turn_retrieval import question_turn_retrieval

if TYPE_CHECKING:
    from .config import RunConfig

__all__ = [
    "NO_ANSWER",
    "Evaluation",
    "Judging",
    "adapter_reported_usage",
    "answer_usage",
    "ask",
    "evaluate",
    "judge_once",
    "judge_with_retry",
    "never_suspends",
    "no_answer",
]

log = logging.getLogger("recallbench")

NO_ANSWER = "[TIMEOUT]"
"""The answer recorded when the adapter timed out (the reference's marker, kept for compatibility)."""


def no_answer(exc: BaseException) -> str:
    """The answer recorded for a query that failed with ``exc``: ``[TIMEOUT]`` for a timeout (ours,
    :class:`~recallbench.errors.AdapterTimeout`, or one the adapter raised), else
    ``[ERROR: <type>]`` — the reference writes ``[TIMEOUT]`` for any exception, which tells a reader
    of the answer that a system timed out when it raised. Nothing reads the marker: a failed answer
    is known by its ``error`` stage (:mod:`recallbench.results.failures`) and never judged."""
    return NO_ANSWER if isinstance(exc, TimeoutError) else f"[ERROR: {type(exc).__name__}]"


@attrs.frozen(kw_only=True)
class Evaluation:
    """Everything known about one asked question; the QuestionResult plus what only the logs keep."""

    result: QuestionResult
    retrieval: tuple[RetrievalEntry, ...] | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    memory_context_provided: bool = False
    appellate_score: JudgeScore | None = None
    """Set when the appellate judge re-scored this question."""

    @property
    def scored(self) -> bool:
        """Whether the answer counts in the means: not when the judge failed on it or the memory
        system could not be reached (both are done again on resume)."""
        return self.result.error is None or self.result.error.stage not in UNSCORED_STAGES


UNSCORED_STAGES = ("judge", "connection")
"""Error stages that leave a question unscored and are done again on resume."""

# errnos of a peer that is not there: refused, reset, gone, unreachable.
_UNREACHABLE_ERRNOS = frozenset(
    getattr(errno, name)
    for name in ("ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ENOTCONN", "EHOSTUNREACH",
                 "ENETUNREACH", "EHOSTDOWN", "ESHUTDOWN")
    if hasattr(errno, name)
)  # fmt: skip


def unreachable(exc: BaseException) -> bool:
    """Whether an adapter's failure says the memory system could not be reached (its server down,
    its connection refused or reset, its process gone) rather than that it failed to answer: a
    gRPC ``UNAVAILABLE``, a connection error, a broken pipe, a process that no longer exists."""
    seen: set[int] = set()
    pending: list[BaseException] = [exc]
    while pending:  # the error, what caused it, and the members of a group (anyio's connect_tcp)
        e = pending.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        if getattr(e, "code", None) == "UNAVAILABLE":
            return True
        if isinstance(e, ConnectionError | ProcessLookupError | ChildProcessError):
            return True
        if isinstance(e, OSError) and e.errno in _UNREACHABLE_ERRNOS:
            return True
        if isinstance(e, BaseExceptionGroup):
            pending.extend(e.exceptions)
        pending.extend(x for x in (e.__cause__, e.__context__) if x is not None)
    return False


async def ask(adapter: Adapter, pair: QAPair, timeout: float | None) -> QueryDetail:
    """Query the adapter (``query_detail`` when it has one), passing the query session to methods that
    take ``session``, the question's own date (a pair's ``extra["questionDate"]``, which an importer sets) to
    methods that take ``question_date``, and the pair itself to methods that take ``qa`` (reference
    systems such as the oracle). Raises AdapterTimeout when ``timeout`` seconds pass first."""
    method = getattr(adapter, "query_detail", None) or adapter.query
    kwargs: dict[str, Any] = {}
    if accepts(method, "session"):
        kwargs["session"] = pair.query_session or "principal"
    if accepts(method, "question_date"):
        date = pair.extra.get("questionDate")
        kwargs["question_date"] = date if isinstance(date, str) else None
    if accepts(method, "qa"):
        # Only reference systems (the oracle, echo-reference) ask for the pair itself.
        kwargs["qa"] = pair
    if timeout is None or never_suspends(method):
        start = time.perf_counter()
        value = await method(pair.question, **kwargs)
        late = time.perf_counter() - start
        if timeout is not None and late > timeout:  # it blocked: as below
            raise AdapterTimeout(
                f"answered after {late:.1f} s, past the {timeout:g} s timeout (the adapter blocked "
                "the event loop)"
            )
        return to_query_detail(value)
    # A bare cancel scope rather than anyio.fail_after: the same semantics without the generator
    # context manager, which is measurable at thousands of questions per second.
    start = anyio.current_time()
    with anyio.CancelScope(deadline=start + timeout) as scope:
        value = await method(pair.question, **kwargs)
    if scope.cancelled_caught:
        raise AdapterTimeout(f"no answer within {timeout:g} s")
    late = anyio.current_time() - start
    if late > timeout:
        # Cancellation cannot stop an adapter that blocks the event loop (a synchronous call in an
        # async method) or swallows it: its answer came too late all the same.
        raise AdapterTimeout(
            f"answered after {late:.1f} s, past the {timeout:g} s timeout (the adapter blocked "
            "the event loop or ignored cancellation)"
        )
    return to_query_detail(value)


def runs_inline(judge: Judge) -> bool:
    """Whether ``judge``'s ``score`` never suspends — it declares ``synchronous = True`` (an offline
    judge doing CPU work), or its ``score`` awaits nothing (:func:`never_suspends`) — so no cancel
    scope could interrupt it and none is set: at tens of thousands of questions the scopes cost
    more than such a judge's scoring."""
    return getattr(judge, "synchronous", False) is True or never_suspends(
        getattr(judge, "score", None)
    )


_SUSPENDING = frozenset(
    {"GET_AWAITABLE", "GET_AITER", "GET_ANEXT", "BEFORE_ASYNC_WITH", "SEND", "YIELD_VALUE"}
)
"""The instructions through which a coroutine can give control to the event loop: ``await``,
``async for`` and ``async with`` are each compiled to one of them (CPython 3.11–3.13)."""
_never_suspends: dict[Any, bool] = {}


def never_suspends(method: Any) -> bool:
    """Whether ``method`` is an ``async def`` whose body awaits nothing (no ``await``, ``async
    for`` or ``async with`` in its code): such a coroutine runs to its end the moment it is
    awaited, so no cancel scope could interrupt it, and :func:`ask` sets none.

    An in-process adapter that answers from memory is one; at tens of thousands of questions a
    cancel scope and its deadline timer each cost more than its answer (issue 36: ~20% of a
    143-checkpoint run). Anything else — a method that awaits, a callable returning an awaitable,
    a wrapper — is "may suspend" and gets its scope. Decided once per function, from its bytecode.
    """
    func = getattr(method, "__func__", method)
    try:
        return _never_suspends[func]
    except (KeyError, TypeError):  # not seen yet; or unhashable: decided every time
        pass
    code = getattr(func, "__code__", None)
    verdict = False
    if code is not None and code.co_flags & inspect.CO_COROUTINE:
        import dis

        verdict = not any(i.opname in _SUSPENDING for i in dis.get_instructions(code))
    with contextlib.suppress(TypeError):
        _never_suspends[func] = verdict
    return verdict


async def judge_once(
    judge: Judge, pair: QAPair, answer: str, context: JudgeContext, timeout: float | None
) -> JudgeScore:
    if timeout is None or runs_inline(judge):
        return to_score(await judge.score(pair.question, pair.answer, answer, context))
    with anyio.CancelScope(deadline=anyio.current_time() + timeout) as scope:
        value = await judge.score(pair.question, pair.answer, answer, context)
    if scope.cancelled_caught:
        raise TimeoutError(f"the judge gave no score within {timeout:g} s")
    return to_score(value)


async def judge_with_retry(
    judge: Judge,
    pair: QAPair,
    answer: str,
    context: JudgeContext,
    timeout: float | None,
    retry: RetryPolicy,
    *,
    deadline: float | None = None,
) -> JudgeScore:
    """Score with retries (exponential backoff with jitter). A malformed score is not retried.
    ``deadline`` bounds every attempt and wait together, in seconds: past it, a TimeoutError."""
    if deadline is None or runs_inline(judge):
        return await _judge_with_retry(judge, pair, answer, context, timeout, retry)
    with anyio.CancelScope(deadline=anyio.current_time() + deadline) as scope:
        return await _judge_with_retry(judge, pair, answer, context, timeout, retry)
    if scope.cancelled_caught:
        raise TimeoutError(f"the judge gave no score within {deadline:g} s, retries included")
    raise AssertionError("unreachable")  # pragma: no cover


async def _judge_with_retry(
    judge: Judge,
    pair: QAPair,
    answer: str,
    context: JudgeContext,
    timeout: float | None,
    retry: RetryPolicy,
) -> JudgeScore:
    try:  # the common case needs no retry machinery
        return await judge_once(judge, pair, answer, context, timeout)
    except (JudgeParseError, BudgetExceeded):
        raise
    except Exception:
        if retry.attempts <= 1:
            raise
        log.debug("judge attempt 1 failed on %s; retrying", pair.id, exc_info=True)
    from .._retry import retrying

    # The first attempt ran above, outside tenacity; wait before the first retry as the policy says,
    # then let the shared factory run the remaining attempts.
    await anyio.sleep(retry.initial_delay)
    remaining = attrs.evolve(retry, attempts=retry.attempts - 1)
    async for attempt in retrying(
        remaining,
        retryable=lambda exc: not isinstance(exc, JudgeParseError | BudgetExceeded),
        describe=f"judge on {pair.id}",
    ):
        with attempt:
            return await judge_once(judge, pair, answer, context, timeout)
    raise AssertionError("unreachable")  # pragma: no cover


def adapter_reported_usage(tool_calls: Sequence[ToolCall]) -> dict[str, dict[str, int]]:
    """The tokens an adapter reported for its own model calls, by model: its ``model`` tool calls
    with ``inputTokens`` / ``outputTokens`` (:mod:`recallbench.adapters.answering`'s shape), except
    those its cache answered (``cached: true``), which cost nothing."""
    out: dict[str, dict[str, int]] = {}
    for call in tool_calls:
        args = call.args
        if call.tool != "model" or args.get("cached") is True:
            continue
        tokens = {
            key: t
            for key in ("inputTokens", "outputTokens")
            if isinstance(t := args.get(key), int) and not isinstance(t, bool) and t > 0
        }
        if not tokens:
            continue
        model = args.get("model")
        counts = out.setdefault(
            model if isinstance(model, str) and model else "adapter",
            {"calls": 0, "inputTokens": 0, "outputTokens": 0},
        )
        counts["calls"] += 1
        for key, t in tokens.items():
            counts[key] += t
    return out


def answer_usage(
    judged: Tally,
    appealed: Tally,
    adapter: dict[str, dict[str, int]],
    prior: Mapping[str, Any] | None = None,
) -> dict[str, dict[str, dict[str, int]]] | None:
    """An answer's ``usage`` (:mod:`recallbench.results.cost`): the judge's and the appellate
    judge's calls as their tallies saw them (a panel's members add up by model), the adapter's as
    it reported them, plus ``prior`` — what an earlier attempt of a re-judged answer paid (its
    adapter call, its failed judge calls); None when no call reported a token, so runs without
    paid calls stay as they were."""
    if not (judged.by_model or appealed.by_model or adapter or prior):
        return None  # no model call at all: the common case of offline judges
    out: dict[str, dict[str, dict[str, int]]] = {}
    for role, tally in (("judge", judged), ("appellate", appealed)):
        if tally.used_tokens():
            out[role] = tally.by_model
    if adapter:
        out["adapter"] = adapter
    if prior:
        out = add_usage(prior, out)
    return out or None


def _charge_budget(usage: dict[str, dict[str, dict[str, int]]]) -> None:
    from .budget import active_budget

    budget = active_budget()
    if budget is not None:
        budget.charge(usage)


@attrs.frozen(kw_only=True)
class Judging:
    """The judges of a run and how to call them."""

    judge: Judge
    appellate: Judge | None
    timeout: float | None
    retry: RetryPolicy
    deadline: float | None = None
    """Seconds for all of one question's attempts of one judge together."""
    window: int
    limiter: anyio.CapacityLimiter | None = None
    """Judge calls in flight at once over all of a run's units (judges that run inline are not
    limited)."""

    @classmethod
    def of(cls, judge: Judge, appellate: Judge | None, config: RunConfig) -> Judging:
        """How a run with ``config`` judges: each attempt bounded by its judge timeout (else the
        question timeout), all of a question's attempts by its judge deadline (else one attempt's
        time), its retries and its judge memory window."""
        attempt = config.judge_timeout or config.question_timeout
        return cls(
            judge=judge,
            appellate=appellate,
            timeout=attempt,
            retry=config.judge_retry,
            window=config.judge_memory_window,
            deadline=config.judge_deadline or attempt,
        )


async def _judge(
    judging: Judging, judge: Judge, pair: QAPair, answer: str, context: JudgeContext
) -> JudgeScore:
    """Score with ``judging``'s retries and deadline, within its limiter."""
    if judging.limiter is None or runs_inline(judge):
        return await judge_with_retry(
            judge, pair, answer, context, judging.timeout, judging.retry, deadline=judging.deadline
        )
    async with judging.limiter:
        return await judge_with_retry(
            judge, pair, answer, context, judging.timeout, judging.retry, deadline=judging.deadline
        )


async def evaluate(
    adapter: Adapter | None,
    pair: QAPair,
    days: Sequence[Day],
    judging: Judging,
    question_timeout: float | None,
    *,
    prior_answer: str | None = None,
    prior_latency_ms: float = 0.0,
    prior_usage: Mapping[str, Any] | None = None,
    persona: PersonaDefinition | None = None,
) -> Evaluation:
    """Ask and judge one question. With ``prior_answer`` (a resumed question whose judge failed) the
    adapter is not asked again: only the judging is redone, and ``prior_usage`` (what the earlier
    attempt paid) is added to the answer's usage. ``persona`` is handed to the judge's context (the
    names it declares)."""
    detail: QueryDetail | None = None
    in_process = Tally()  # an in-process adapter's own model calls (the budget saw them)
    if prior_answer is not None:
        detail, latency_ms, query_error = QueryDetail(answer=prior_answer), prior_latency_ms, None
    else:
        assert adapter is not None
        start = time.perf_counter()
        query_error, marker = None, NO_ANSWER
        try:
            with metered(in_process):
                detail = await ask(adapter, pair, question_timeout)
        except AdapterTimeout as exc:
            query_error = QuestionError(stage="query", type="AdapterTimeout", message=str(exc))
            marker = no_answer(exc)
        except BudgetExceeded:  # an in-process adapter's model call the budget refused: stop
            raise
        # The system failed on this question: data. SystemExit and KeyboardInterrupt raised by an
        # adapter's own code too (Ctrl-C reaches a run as cancellation, never caught here).
        except (Exception, SystemExit, KeyboardInterrupt) as exc:
            stage = "connection" if unreachable(exc) else "query"
            message = str(exc)[:500] or repr(exc)
            query_error = QuestionError(stage=stage, type=type(exc).__name__, message=message)
            marker = no_answer(exc)
        latency_ms = (time.perf_counter() - start) * 1000
    if detail is None:
        assert query_error is not None
        score = JudgeScore(
            correctness=0,
            completeness=0,
            hallucination=1,
            reasoning=f"No answer ({query_error.type}: {query_error.message})"[:200],
        )
        result = QuestionResult(
            qa=pair,
            system_answer=marker,
            score=score,
            composite_score=score.composite,
            latency_ms=round(latency_ms, 2),
            error=query_error,
        )
        return Evaluation(result=result)

    adapter_usage = adapter_reported_usage(detail.tool_calls)
    if adapter_usage and prior_answer is None and not in_process.by_model:
        _charge_budget({"adapter": adapter_usage})  # made elsewhere: counted once reported
    context = build_context(pair, days, judging.window, persona=persona)
    entry_days = None if detail.retrieval is None else [e.day for e in detail.retrieval]
    retrieval_metrics = question_retrieval(pair, entry_days)
    turn_metrics = question_turn_retrieval(
        pair, None if detail.retrieval is None else [e.turn for e in detail.retrieval]
    )
    ranked_days = retrieved_days(pair, entry_days)
    judged, appealed = Tally(), Tally()
    try:
        with metered(judged):
            primary = await _judge(judging, judging.judge, pair, detail.answer, context)
    except BudgetExceeded:  # stop the run; this question is asked again on resume
        raise
    except Exception as exc:  # the judge failed after its retries: the question stays unscored
        kind = type(exc).__name__ if not isinstance(exc, TimeoutError) else "JudgeTimeout"
        error = QuestionError(stage="judge", type=kind, message=str(exc)[:500] or kind)
        placeholder = JudgeScore(
            correctness=0, completeness=0, hallucination=0, reasoning="unscored"
        )
        result = QuestionResult(
            qa=pair,
            system_answer=detail.answer,
            score=placeholder,
            composite_score=0,
            latency_ms=round(latency_ms, 2),
            error=error,
            retrieval_metrics=retrieval_metrics,
            usage=answer_usage(judged, appealed, adapter_usage, prior_usage),
            retrieved_days=ranked_days,
            turn_retrieval_metrics=turn_metrics,
        )
        return Evaluation(
            result=result,
            retrieval=detail.retrieval,
            tool_calls=detail.tool_calls,
            memory_context_provided=bool(context.memory_excerpts),
        )

    # A panel's score carries every verdict: they go on the answer, the score itself stays plain.
    panel, primary = panel_parts(primary)
    final, appellate_score = primary, None
    if judging.appellate is not None and is_failure(primary):
        try:
            with metered(appealed):
                appellate_score = await _judge(
                    judging, judging.appellate, pair, detail.answer, context
                )
            final = appellate_score
        except BudgetExceeded:
            raise
        except Exception as exc:  # the primary verdict stands (reference §2.10)
            log.warning(
                "[bench] appellate judge failed on %s: %s (primary score stands)", pair.id, exc
            )
    result = QuestionResult(
        qa=pair,
        system_answer=detail.answer,
        score=final,
        composite_score=final.composite if panel is None or appellate_score else panel[1],
        latency_ms=round(latency_ms, 2),
        primary_score=primary if appellate_score is not None else None,
        retrieval_metrics=retrieval_metrics,
        panel=panel[0] if panel is not None else None,
        usage=answer_usage(judged, appealed, adapter_usage, prior_usage),
        retrieved_days=ranked_days,
        turn_retrieval_metrics=turn_metrics,
    )
    return Evaluation(
        result=result,
        retrieval=detail.retrieval,
        tool_calls=detail.tool_calls,
        memory_context_provided=bool(context.memory_excerpts),
        appellate_score=appellate_score,
    )
