"""A judge panel: several judges, each possibly several times (judge epochs), scoring one answer.

``JudgePanel([a, b], aggregate="median", epochs=3)`` is itself a judge: its ``score`` asks every
member ``epochs`` times and returns a :class:`~recallbench.results.panel_scores.PanelScore`, the
aggregate of the verdicts (rules in :mod:`recallbench.results.panel_scores`) carrying every verdict,
which the harness keeps on the answer (``panel`` in ``result.json``).

Caching is per member and per epoch (:meth:`JudgePanel.with_cache`): each member's entries are the
ones it would have alone; epoch 1 keeps today's key, later epochs add their number
(:func:`~recallbench.judges.cache.cache_key`). A member that fails fails the panel's score (the
harness retries it; members already cached are not asked again).

:func:`panel_of` is the door the harness and the CLI use: a single judge judged once is returned as
it is, so such a run is exactly the run without a panel.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from .._bounds import bounded
from .._closing import AsyncClosing
from ..errors import ConfigError
from ..results.panel_scores import AGGREGATES, Aggregate, PanelScore, aggregate, verdict_of
from ..results.scoring import JudgeScore, to_score
from .base import Judge, JudgeContext
from .cache import CachedJudge, JudgeCache, is_cacheable, usage_of
from .usage import JudgeUsage

__all__ = ["JudgePanel", "member_names", "panel_of", "unique_names"]


def _name(judge: object) -> str:
    name = getattr(judge, "name", None)
    return name if isinstance(name, str) and name else type(judge).__name__


def unique_names(names: Iterable[str]) -> tuple[str, ...]:
    """``names`` made unique by a ``#2``, ``#3`` suffix on a repeated one."""
    seen: dict[str, int] = {}
    out = []
    for base in names:
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return tuple(out)


def member_names(judges: Sequence[object]) -> tuple[str, ...]:
    """Each member's name, made unique by a ``#2``, ``#3`` suffix when two share one."""
    return unique_names(_name(judge) for judge in judges)


def _positive(_inst: object, a: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{a.name} must be a whole number of at least 1, got {value!r}")


def _rule(_inst: object, _a: attrs.Attribute[str], value: str) -> None:
    if value not in AGGREGATES:
        raise ValueError(f"unknown panel aggregate {value!r} (choose {', '.join(AGGREGATES)})")


def _judges(value: Iterable[Judge]) -> tuple[Judge, ...]:
    if isinstance(value, str | bytes):  # never a panel of one judge per character
        raise ConfigError(
            f"JudgePanel takes judge objects, not the spec {value!r}: load it first "
            "(recallbench.load_judge) or give run() a list of specs"
        )
    return tuple(value)


def _strings(value: Iterable[str]) -> tuple[str, ...]:
    # One name is one name, never its characters (a panel of as many judges would take them).
    return (value,) if isinstance(value, str) else tuple(value)


def _members(_inst: object, _a: attrs.Attribute[Any], value: tuple[Judge, ...]) -> None:
    if not value:
        raise ValueError("a judge panel needs at least one judge")


@attrs.define(eq=False)
class JudgePanel(AsyncClosing):
    """Several judges as one.

    Args:
        judges: the members (at least one).
        aggregate: ``mean`` (default), ``median`` or ``majority``.
        epochs: how many times each member judges each answer (default 1).
        names: the members' names in verdicts (default: their ``name``, made unique).
    """

    judges: tuple[Judge, ...] = attrs.field(converter=_judges, validator=_members)
    aggregate: Aggregate = attrs.field(default="mean", validator=_rule, kw_only=True)
    epochs: int = attrs.field(
        default=1, validator=[_positive, bounded("judge-epochs")], kw_only=True
    )
    names: tuple[str, ...] = attrs.field(default=(), converter=_strings, kw_only=True)
    # The judge asked for member i at epoch e (1-based): the member, or its cache per epoch.
    _callers: tuple[tuple[Judge, ...], ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        if not self.names:
            self.names = member_names(self.judges)
        elif len(self.names) != len(self.judges):
            raise ValueError(f"{len(self.names)} names for {len(self.judges)} panel judges")
        self._callers = tuple(tuple(j for _ in range(self.epochs)) for j in self.judges)

    @property
    def name(self) -> str:
        epochs = f" x{self.epochs}" if self.epochs > 1 else ""
        return f"panel {self.aggregate}({', '.join(self.names)}){epochs}"

    @property
    def synchronous(self) -> bool:
        """True when every member's ``score`` never suspends (offline judges only)."""
        return all(getattr(j, "synchronous", False) is True for j in self.judges)

    @property
    def calls_model(self) -> bool:
        """Whether a member calls a text model (the harness then allows for model round trips)."""
        return any(
            isinstance(getattr(j, "cache_identity", None), str)
            or getattr(j, "calls_model", False) is True
            for j in self.judges
        )

    def describe(self) -> dict[str, Any]:
        """What decides the panel's scores, for a run's fingerprint: its rule, its epochs and each
        member's own description (:func:`~recallbench.judges.describe.describe_judge`); a panel of
        one judge judging once is described as that judge."""
        from .describe import describe_judge

        if len(self.judges) == 1 and self.epochs == 1:  # exactly its one member
            return describe_judge(self.judges[0])
        return {
            "aggregate": self.aggregate,
            "epochs": self.epochs,
            "members": [
                {"name": name, **describe_judge(judge)}
                for name, judge in zip(self.names, self.judges, strict=True)
            ],
        }

    def with_cache(self, cache: JudgeCache) -> JudgePanel:
        """This panel with each cacheable member cached in ``cache``, each epoch under its own keys
        (members that are not cacheable, such as the rubric, are asked every time)."""
        callers: list[tuple[Judge, ...]] = []
        for judge in self.judges:
            inner = judge.inner if isinstance(judge, CachedJudge) else judge
            if isinstance(judge, CachedJudge) or is_cacheable(inner):
                callers.append(
                    tuple(CachedJudge(inner, cache, epoch=e) for e in range(1, self.epochs + 1))
                )
            else:
                callers.append(tuple(judge for _ in range(self.epochs)))
        out = JudgePanel(
            self.judges, aggregate=self.aggregate, epochs=self.epochs, names=self.names
        )
        out._callers = tuple(callers)
        return out

    def _inners(self) -> list[object]:
        seen: dict[int, object] = {}
        for judge in self.judges:
            inner = judge.inner if isinstance(judge, CachedJudge) else judge
            seen.setdefault(id(inner), inner)
        return list(seen.values())

    @property
    def usage(self) -> JudgeUsage | None:
        """Calls and tokens summed over the members (each counted once), plus every member's cache
        hits and misses over every epoch; None when no member keeps counts (as that member
        alone would have)."""
        total, kept = JudgeUsage(), False
        for inner in self._inners():
            spent = usage_of(inner)
            if spent is not None:
                total.absorb(spent)
                kept = True
        for callers in self._callers:
            for caller in callers:
                if isinstance(caller, CachedJudge):
                    own = usage_of(caller.inner) or JudgeUsage()
                    total.absorb(caller.usage.since(own))
                    kept = True
        return total if kept else None

    async def aclose(self) -> None:
        """Close every member's resources (each once)."""
        for inner in self._inners():
            aclose = getattr(inner, "aclose", None)
            if aclose is not None:
                await aclose()

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> PanelScore:
        """Every member's verdict at every epoch, aggregated. A member's failure is the panel's."""
        calls = [
            (name, epoch, caller)
            for name, callers in zip(self.names, self._callers, strict=True)
            for epoch, caller in enumerate(callers, start=1)
        ]
        scores: list[JudgeScore | None] = [None] * len(calls)
        if self.synchronous:
            for i, (_, _, caller) in enumerate(calls):
                scores[i] = to_score(await caller.score(question, reference, answer, context))
        else:
            await self._gather(calls, scores, (question, reference, answer, context))
        verdicts = [
            verdict_of(name, epoch, score)
            for (name, epoch, _), score in zip(calls, scores, strict=True)
            if score is not None
        ]
        return aggregate(verdicts, self.aggregate)

    async def _gather(
        self,
        calls: Sequence[tuple[str, int, Judge]],
        scores: list[JudgeScore | None],
        args: tuple[str, str, str, JudgeContext | None],
    ) -> None:
        import anyio

        failures: list[Exception] = []

        async def one(i: int, caller: Judge) -> None:
            try:
                scores[i] = to_score(await caller.score(*args))
            except Exception as exc:  # raised as itself below, not inside an ExceptionGroup
                failures.append(exc)

        async with anyio.create_task_group() as tg:
            for i, (_, _, caller) in enumerate(calls):
                tg.start_soon(one, i, caller)
        if failures:
            raise failures[0]


def panel_of(
    judges: Judge | Sequence[Judge], *, aggregate: Aggregate = "mean", epochs: int = 1
) -> Judge:
    """A panel of ``judges`` judging ``epochs`` times, or the one judge itself when there is one
    and it judges once (so that run is byte for byte the run without a panel)."""
    members = [judges] if not isinstance(judges, Sequence) else list(judges)
    if len(members) == 1 and epochs == 1:
        return members[0]
    return JudgePanel(members, aggregate=aggregate, epochs=epochs)
