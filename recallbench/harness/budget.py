"""``--max-cost USD``: a run's budget, checked before every paid model call.

A :class:`Budget` is a meter (:mod:`recallbench.models.metering`) the harness makes active for the
whole run, so every model call made in the run's process — the judge's, the appellate judge's, a
panel member's, and an in-process adapter's through :func:`~recallbench.models.base.complete` — is
shown to it before it is sent. The call's cost is estimated then (its prompt at
``ceil(characters / 4)`` tokens, and ``max_tokens`` of output, :data:`DEFAULT_OUTPUT_TOKENS` when
the call sets none); if what was spent, plus what calls in flight may spend, plus this estimate
would pass the budget, the call is refused with :class:`~recallbench.errors.BudgetExceeded` and
every later call is refused too. The question it was for is not logged, so ``--resume`` asks it
again; the questions in flight finish (their calls were already counted), and the run writes what
it has, marked as stopped by the budget.

Spending is counted from the tokens the provider reported once a call returns. Usage an adapter
reports for calls made outside this process (a gRPC or subprocess memory system) cannot be refused
beforehand: it is added when its answer arrives, so the run stops at the next call after it.

The budget lives in the driver's process. Units an executor runs elsewhere (the Ray executor's
workers) see none: their calls are not refused beforehand; the driver counts each answer's usage as
its record arrives and, once the budget is spent, stops the run and cancels the units in flight —
so such a run can pass its budget by what the units in flight spend before their next answer
arrives, and the calls of answers cancelled in flight are paid for but not kept.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import BudgetExceeded, ConfigError
from ..models.metering import CallMeter, metered, meters, model_label
from ..results.cost import PriceTable, Usage, persona_cost_json, run_cost_json, usage_cost
from ..results.records import PersonaResult, QuestionResult, TimeRangeResult

if TYPE_CHECKING:
    from ..models.base import Completion

__all__ = ["DEFAULT_OUTPUT_TOKENS", "Budget", "RunCosting", "active_budget", "budget_active"]

log = logging.getLogger("recallbench")

DEFAULT_OUTPUT_TOKENS = 1000
"""Output tokens a call that sets no ``max_tokens`` is assumed to cost before it returns."""


class Budget:
    """The money a run may spend on model calls.

    Args:
        max_usd: the budget in USD (> 0).
        prices: the price table calls are priced with.

    Attributes:
        spent: USD the calls that returned cost (by their reported tokens).
        stopped: set once a call was refused; every later call is refused too.
        unpriced: models called whose price is unknown (their calls are refused).
    """

    def __init__(self, max_usd: float, prices: PriceTable) -> None:
        if isinstance(max_usd, bool) or not isinstance(max_usd, int | float) or not max_usd > 0:
            raise ConfigError(f"--max-cost must be a positive number of USD, got {max_usd!r}")
        self.max_usd = float(max_usd)
        self.prices = prices
        self.spent = 0.0
        self.stopped = False
        self._in_flight = 0.0
        # Model calls may come from worker threads (a synchronous model run in a thread).
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"Budget(max_usd={self.max_usd:g}, spent={self.spent:.6f}, stopped={self.stopped})"

    def _refuse(self, why: str) -> BudgetExceeded:
        self.stopped = True
        return BudgetExceeded(
            f"--max-cost {self.max_usd:g} USD: {why}; ${self.spent:.4f} spent — the call was not "
            "made (--resume continues the run)"
        )

    def estimate(self, model: str, prompt_tokens: int, max_tokens: int | None) -> float | None:
        """What a call may cost at most (None: its model has no price)."""
        price = self.prices.price_of(model)
        if price is None:
            return None
        return price.cost(prompt_tokens, max_tokens or DEFAULT_OUTPUT_TOKENS)

    def before_call(self, model: str, prompt_tokens: int, max_tokens: int | None) -> None:
        estimate = self.estimate(model, prompt_tokens, max_tokens)
        with self._lock:
            if self.stopped:
                raise self._refuse("the budget was reached")
            if estimate is None:
                raise self._refuse(
                    f"no price for model {model!r}, so the budget cannot be kept (add it with "
                    "--prices FILE)"
                )
            if self.spent + self._in_flight + estimate > self.max_usd:
                raise self._refuse(
                    f"a {model} call estimated at ${estimate:.6f} would pass it "
                    f"(${self._in_flight:.4f} more in flight)"
                )
            self._in_flight += estimate

    def after_call(
        self, model: str, prompt_tokens: int, max_tokens: int | None, reply: Completion | None
    ) -> None:
        estimate = self.estimate(model, prompt_tokens, max_tokens) or 0.0
        price = self.prices.price_of(model)
        with self._lock:
            self._in_flight = max(0.0, self._in_flight - estimate)
            if reply is not None and price is not None:
                self.spent += price.cost(reply.input_tokens or 0, reply.output_tokens or 0)

    def charge(self, usage: Usage) -> None:
        """Add usage reported for calls this process did not see (an out-of-process adapter's)."""
        cost = usage_cost(usage, self.prices).get("total")
        with self._lock:
            if cost is None:
                log.warning(
                    "[bench] --max-cost: the adapter reported calls of a model with no price; "
                    "they are not counted against the budget"
                )
                return
            self.spent += cost

    def to_json(self) -> dict[str, Any]:
        """``budget`` in the run's ``cost``: the limit, what this invocation spent, whether it
        stopped the run."""
        return {"maxUsd": self.max_usd, "spentUsd": round(self.spent, 6), "stopped": self.stopped}


def active_budget() -> Budget | None:
    """The budget of the run this task belongs to, if it has one."""
    for meter in meters():
        if isinstance(meter, Budget):
            return meter
    return None


@contextlib.contextmanager
def budget_active(budget: Budget | None) -> Iterator[Budget | None]:
    """Make ``budget`` active for the calls of the block (and of the tasks it starts)."""
    if budget is None:
        yield None
        return
    meter: CallMeter = budget
    with metered(meter):
        yield budget


class RunCosting:
    """A run's price table and budget, and the ``cost`` objects of its result.

    Args:
        max_usd: ``--max-cost`` (None: no budget).
        prices: ``--prices`` (None: the shipped table, read only when an answer used tokens).
    """

    def __init__(self, max_usd: float | None = None, prices: Path | None = None) -> None:
        self.max_usd = max_usd
        self._file = prices
        self._table: PriceTable | None = None
        if prices is not None or max_usd is not None:
            self.table()  # a bad price file is found before anything runs
        self.budget: Budget | None = None

    def table(self) -> PriceTable:
        if self._table is None:
            from ..models.prices import price_table

            self._table = price_table(self._file)
        return self._table

    def check_judges(self, *judges: object) -> None:
        """With a budget, refuse judges whose model has no price (the budget could not be kept)."""
        if self.max_usd is None:
            return
        for judge in _members(judges):
            model = _model_of(judge)
            if model is not None and self.table().price_of(model_label(model)) is None:
                raise ConfigError(
                    f"--max-cost: no price for the judge's model {model_label(model)!r}, so the "
                    "budget cannot be kept; give its price with --prices FILE"
                )

    def start(self) -> Budget | None:
        """A fresh budget for one run (None without ``--max-cost``)."""
        self.budget = Budget(self.max_usd, self.table()) if self.max_usd is not None else None
        return self.budget

    def persona(self, range_results: Sequence[TimeRangeResult]) -> dict[str, Any] | None:
        """A persona's ``cost`` (None when none of its answers used tokens)."""
        if not any(q.usage for r in range_results for q in _answers(r)):
            return None
        return persona_cost_json(range_results, self.table())

    def run(self, personas: Sequence[PersonaResult]) -> dict[str, Any] | None:
        """The run's ``cost`` (None when no answer used tokens and there was no budget)."""
        budget = self.budget.to_json() if self.budget is not None else None
        if budget is None and not any(p.cost for p in personas):
            return None
        return run_cost_json(personas, self.table(), budget)


def _answers(r: TimeRangeResult) -> Iterator[QuestionResult]:
    yield from r.question_results
    yield from r.unscored_results or ()


def _members(judges: Sequence[object]) -> list[object]:
    """The judges that call models: a panel's members, a judge's judges per benchmark (each
    looked into in turn), and any other judge as itself."""
    out: list[object] = []
    for judge in judges:
        if judge is None:
            continue
        held = getattr(judge, "judges", None)
        if isinstance(held, Mapping):
            held = list(held.values())
        if isinstance(held, list | tuple) and held:
            out += _members(held)
        else:
            out.append(judge)
    return out


def _model_of(judge: object) -> object | None:
    """The text model a judge calls, looking through a cache wrapper (None: it calls none)."""
    for _ in range(4):
        model: object = getattr(judge, "model", None)
        if model is not None and hasattr(model, "complete"):
            return model
        inner = getattr(judge, "judge", None) or getattr(judge, "inner", None)
        if inner is None:
            return None
        judge = inner
    return None
