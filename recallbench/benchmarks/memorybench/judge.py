"""The judge of a run over MemoryBench manifests: each answer scored by its own benchmark's protocol.

A folder of benchmarks may mix protocols (one ``exact-match``, one ``llm-as-judge``…).
:func:`manifest_judge` builds each benchmark's judge from its manifest's ``evaluation`` section
(:func:`~recallbench.benchmarks.memorybench.protocols.judge_from_evaluation`) and returns one
:class:`ManifestJudge` that dispatches on the pair's benchmark (``QAPair.extra["benchmark"]``, the
manifest's ``name``, reached through ``context.qa``). It is what ``recallbench run --data FOLDER``
and :class:`~recallbench.harness.engine.Harness` judge a manifest run with when no judge is named;
any judge given instead (``--judge rubric``) scores every benchmark.

The judge is picklable (the Ray executor ships it to its workers) when its model is, and names
itself in results (``judgeModel``): ``memorybench: exact-match`` for one protocol,
``memorybench: a=exact-match, b=llm-as-judge (openai:gpt-4o-mini)`` for several.

**Hallucination mode.** Each protocol declares its definition of a hallucination
(:mod:`recallbench.judges.modes`): ``exact-match`` and ``llm-as-judge`` without a memory window
``reference-only``, ``deletion-check`` one of its own the reports do not know. A run whose benchmarks
all apply the same definition records it; a run whose benchmarks differ records none (no
``hallucinationMode``): its hallucination rate mixes definitions and the reports say the definition is
unknown rather than name one that holds for only some answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..._closing import AsyncClosing
from ...errors import ConfigError, JudgeError
from ...judges.base import Judge, JudgeContext
from ...judges.usage import JudgeUsage
from ...models.base import TextModel
from ...results.scoring import JudgeScore
from .dataset import ManifestDataset
from .protocols import judge_from_evaluation

__all__ = ["ManifestJudge", "manifest_judge"]

_BENCHMARK_KEY = "benchmark"
LLM_PROTOCOL = "llm-as-judge"


class ManifestJudge(AsyncClosing):
    """Scores each answer with the judge of its pair's benchmark.

    Args:
        judges: benchmark name (the manifest's ``name``) → its protocol's judge.
        protocols: benchmark name → its protocol's name, for the judge's name.
        model_name: the model of the ``llm-as-judge`` benchmarks, for the name.

    Attributes:
        name: what results record as ``judgeModel``.
        synchronous: True when every benchmark's judge is (no cancel scope is needed).
        calls_model: whether some benchmark's judge calls a text model.
        usage: the model calls of the ``llm-as-judge`` judges (one counter they share); None when
            no benchmark calls a model.
    """

    fingerprint_type: ClassVar[str] = "recallbench.judges.manifest_judge.ManifestJudge"
    """The type a run's fingerprint records it as: its module before the families moved
    (issue 41), so that runs before and after compare as judged alike."""

    def __init__(
        self,
        judges: Mapping[str, Judge],
        *,
        protocols: Mapping[str, str],
        model_name: str | None = None,
    ) -> None:
        if not judges:
            raise ValueError("a manifest judge needs at least one benchmark's judge")
        self.judges: dict[str, Judge] = dict(judges)
        self.protocols: dict[str, str] = dict(protocols)
        self.model_name = model_name
        self.synchronous = all(getattr(j, "synchronous", False) is True for j in judges.values())
        self.calls_model = any(hasattr(j, "cache_identity") for j in judges.values())
        self.usage: JudgeUsage | None = None
        shared = [j for j in judges.values() if isinstance(getattr(j, "usage", None), JudgeUsage)]
        if shared:
            self.usage = JudgeUsage()
            for j in shared:
                j.usage = self.usage  # type: ignore[attr-defined]
        self.name = self._name()

    def describe(self) -> dict[str, Any]:
        """For a run's fingerprint: each benchmark's protocol and the description of its judge."""
        from ...judges.describe import describe_judge

        return {
            "name": self.name,
            "benchmarks": {
                b: {"protocol": self.protocols.get(b), **describe_judge(j)}
                for b, j in sorted(self.judges.items())
            },
        }

    def _name(self) -> str:
        kinds = sorted(set(self.protocols.values()))
        if len(kinds) == 1:
            label = kinds[0]
        else:
            label = ", ".join(f"{b}={p}" for b, p in sorted(self.protocols.items()))
        model = f" ({self.model_name})" if self.model_name and self.calls_model else ""
        return f"memorybench: {label}{model}"

    def __repr__(self) -> str:
        return f"ManifestJudge({self.name!r})"

    def judge_for(self, context: JudgeContext | None) -> Judge:
        """The judge of the pair's benchmark (the only one when there is one).

        Raises:
            JudgeError: the pair names no benchmark of this judge.
        """
        qa = context.qa if context is not None else None
        benchmark = qa.extra.get(_BENCHMARK_KEY) if qa is not None else None
        judge = self.judges.get(benchmark) if isinstance(benchmark, str) else None
        if judge is not None:
            return judge
        if len(self.judges) == 1:
            return next(iter(self.judges.values()))
        raise JudgeError(
            f"no evaluation protocol for benchmark {benchmark!r} "
            f"(this judge knows {', '.join(sorted(self.judges))})"
        )

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore | Mapping[str, Any]:
        """Score one answer with its benchmark's judge."""
        judge = self.judge_for(context)
        return await judge.score(question, reference, answer, context)

    async def aclose(self) -> None:
        """Close every benchmark's judge (their models' connections)."""
        for judge in self.judges.values():
            aclose = getattr(judge, "aclose", None)
            if aclose is not None:
                await aclose()


def manifest_judge(
    dataset: ManifestDataset, model: TextModel | None = None, *, model_name: str | None = None
) -> ManifestJudge:
    """The judge of a run over ``dataset``: each benchmark's ``evaluation`` protocol.

    Args:
        dataset: one MemoryBench benchmark folder or a folder of them.
        model: the text model of the ``llm-as-judge`` benchmarks (unused by the others).
        model_name: how results name it (default: the model's ``name``, if it has one).

    Raises:
        DatasetError: a benchmark cannot be read.
        ConfigError: a benchmark's ``evaluation`` section is wrong, or an ``llm-as-judge``
            benchmark is given no model (one line naming the manifest and what to pass).
    """
    judges: dict[str, Judge] = {}
    protocols: dict[str, str] = {}
    for benchmark in dataset.benchmarks().values():
        manifest = benchmark.manifest
        assert manifest is not None  # benchmarks with errors are refused on reading
        where = benchmark.folder / "manifest.json"
        if manifest.evaluation.protocol == LLM_PROTOCOL and model is None:
            raise ConfigError(
                f"{where}: evaluation.protocol: llm-as-judge needs a judge model: pass "
                "--judge-model SPEC (openai:MODEL, anthropic:MODEL, claude…), in Python "
                "manifest_judge(dataset, model=...); or score every benchmark with --judge rubric"
            )
        evaluation = {"protocol": manifest.evaluation.protocol, **manifest.evaluation.options}
        judges[manifest.name] = judge_from_evaluation(
            evaluation, benchmark.folder, model=model, manifest=where
        )
        protocols[manifest.name] = manifest.evaluation.protocol
    if model_name is None and model is not None:
        name = getattr(model, "name", None)
        model_name = name if isinstance(name, str) else None
    return ManifestJudge(judges, protocols=protocols, model_name=model_name)
