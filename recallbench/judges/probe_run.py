"""Running a judge over the probe battery (:mod:`recallbench.judges.probe`): the async edge.

Each probe is judged with the context a run would give its pair at the persona's last checkpoint —
every day of the corpus, memory excerpts of ``memory_window`` days around the relevant days, and the
names the persona declares — in one task group, at most ``parallelism`` judgements in flight. A judge
failure (an exception or a timeout) is counted on its probe, never fatal. Wrap an LLM judge in a
:class:`~recallbench.judges.cache.CachedJudge` and a re-run makes no model calls: the probes and
their contexts are the same for a seed.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import anyio

from ..data.corpus import PersonaDataset
from ..results.scoring import to_score
from .base import Judge, JudgeContext, build_context
from .probe import DEFAULT_SAMPLE, Probe, ProbeOutcome, battery
from .probe_report import ProbeReport, probe_report

__all__ = ["run_probe"]

log = logging.getLogger("recallbench")


async def run_probe(
    judge: Judge,
    datasets: Sequence[PersonaDataset],
    *,
    sample: int = DEFAULT_SAMPLE,
    seed: int = 0,
    parallelism: int = 4,
    memory_window: int = 0,
    timeout: float | None = None,
) -> ProbeReport:
    """Build the battery over ``datasets``, have ``judge`` score every probe, and report.

    Args:
        judge: any judge (rubric, LLM, a Python judge).
        datasets: the personas to sample pairs from.
        sample: pairs per persona.
        seed: the battery's seed (sampling and every probe answer).
        parallelism: judgements in flight (model-backed judges gain; the rubric judge does not).
        memory_window: memory excerpts of ±N days for judges that read them (0: none).
        timeout: seconds one judgement may take (None: unbounded); a timeout is that probe's error.

    Returns:
        The report; its ``errors`` count the probes the judge failed on.
    """
    if parallelism < 1:
        raise ValueError(f"parallelism must be at least 1, got {parallelism}")
    probes = battery(datasets, sample=sample, seed=seed)
    personas = {ds.id: ds for ds in datasets}
    contexts: dict[tuple[str, str], JudgeContext] = {}

    def context_of(probe: Probe) -> JudgeContext:
        # One context per pair, sharing the persona's own tuple of days: judges that index a corpus
        # (the rubric judge) recognise it by the identity of its days and build the index once.
        key = (probe.persona_id, probe.pair.id)
        if key not in contexts:
            ds = personas[probe.persona_id]
            contexts[key] = build_context(probe.pair, ds.days, memory_window, persona=ds.definition)
        return contexts[key]

    outcomes: list[ProbeOutcome | None] = [None] * len(probes)
    limiter = anyio.CapacityLimiter(parallelism)

    async def judge_one(i: int) -> None:
        probe = probes[i]
        context = context_of(probe)
        async with limiter:
            try:
                with anyio.fail_after(timeout):
                    value = await judge.score(
                        probe.pair.question, probe.pair.answer, probe.answer, context
                    )
                outcomes[i] = ProbeOutcome(probe=probe, score=to_score(value))
            except Exception as exc:  # one failed judgement is data, not the end of the battery
                log.warning(
                    "[probe] the judge failed on %s (%s): %s", probe.pair.id, probe.kind, exc
                )
                outcomes[i] = ProbeOutcome(probe=probe, error=f"{type(exc).__name__}: {exc}")

    async with anyio.create_task_group() as tg:
        for i in range(len(probes)):
            tg.start_soon(judge_one, i)
    name = str(getattr(judge, "name", None) or type(judge).__name__)
    done = [o for o in outcomes if o is not None]
    return probe_report(done, judge=name, seed=seed, sample=sample, personas=list(personas))
