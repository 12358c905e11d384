"""Which definition of a hallucination a judge applies in a run (:func:`judge_mode`). Pure.

The definitions and their wording are in :mod:`recallbench.results.hallucination_mode`. A judge names
its own by a ``hallucination_mode`` attribute (``invented``, ``window`` or ``reference-only``, with
``hallucination_window`` for N), as :class:`~recallbench.judges.rubric.RubricJudge` does; the LLM judge
grounds in the memory excerpts it is shown, so its definition is the run's memory window's.

:func:`grounding_for_labels` picks the rubric judge's definition that matches a run's labels, and
:func:`labels_claim_days` the claim check its judge applied, for ``recallbench judge-agreement``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from .._lazy import instance_of_loaded
from ..results.hallucination_mode import MODES, HallucinationMode
from .base import _FunctionJudge

# The cache, LLM and panel judges are asked about by their modules' names: a run of the stub judge
# never imports them (a module not imported has made no judge).
_CACHE = "recallbench.judges.cache"
_LLM = "recallbench.judges.llm"
_PANEL = "recallbench.judges.panel"

__all__ = ["LabelGrounding", "grounding_for_labels", "judge_mode", "labels_claim_days"]


def _unwrapped(judge: object) -> object:
    """The judge behind a cache or the function behind a plain async ``score`` function."""
    while True:
        if instance_of_loaded(judge, _CACHE, "CachedJudge"):
            judge = judge.inner  # type: ignore[attr-defined]
        elif isinstance(judge, _FunctionJudge):
            judge = judge.fn
        else:
            return judge


def judge_mode(judge: object, *, memory_window: int = 0) -> HallucinationMode | None:
    """The definition of a hallucination ``judge`` applies in a run with ``memory_window``.

    Args:
        judge: the run's primary judge (a cached judge is looked through).
        memory_window: the run's ``judge_memory_window`` (0: none).

    Returns:
        What the judge declares (``hallucination_mode``, and ``hallucination_window`` or else the
        memory window for N); for the LLM judge ``window`` N with a memory window N > 0, else
        ``reference-only`` (it sees the reference only); for a judge made of judges — a
        :class:`~recallbench.judges.panel.JudgePanel`'s members, or a judge that keeps one judge
        per benchmark in a ``judges`` mapping (a benchmark family's protocols) — the definition
        they share, None when they differ; None for the stub judge and for judges that declare
        nothing (or something unknown).
    """
    inner = _unwrapped(judge)
    held = getattr(inner, "judges", None)
    by_benchmark = isinstance(held, Mapping) and getattr(inner, "hallucination_mode", None) is None
    if by_benchmark or instance_of_loaded(inner, _PANEL, "JudgePanel"):
        # Each benchmark's protocol (each panel member) declares its own; a run mixing definitions
        # records none.
        judges: Any = inner.judges  # type: ignore[attr-defined]
        members = judges.values() if by_benchmark else judges
        modes = {judge_mode(j, memory_window=memory_window) for j in members}
        return modes.pop() if len(modes) == 1 else None
    declared = getattr(inner, "hallucination_mode", None)
    if isinstance(declared, str):
        if declared not in MODES:
            return None
        if declared != "window":
            return HallucinationMode(mode=declared)
        window = getattr(inner, "hallucination_window", None)
        if isinstance(window, bool) or not isinstance(window, int) or window < 0:
            window = memory_window if memory_window > 0 else None
        return HallucinationMode(mode="window", window=window)
    if instance_of_loaded(inner, _LLM, "LlmJudge"):
        if memory_window > 0:
            return HallucinationMode(mode="window", window=memory_window)
        return HallucinationMode(mode="reference-only")
    return None


@attrs.frozen(kw_only=True)
class LabelGrounding:
    """How the rubric judge should ground claims to be compared with a run's labels.

    Attributes:
        window: the ``hallucination_window`` to use (None: every ingested day, ``invented``).
        note: the choice and its reason, one line.
        warning: why the choice may still differ from the labels' definition; None when it matches.
    """

    window: int | None
    note: str
    warning: str | None = None


_OVERRIDE = "pass --hallucination-window N or --hallucination-mode invented to override"


def grounding_for_labels(labels: HallucinationMode | None, judge: str | None) -> LabelGrounding:
    """The rubric judge's definition matching labels scored under ``labels`` by ``judge``.

    Labels from a windowed judge (``window`` N) are compared with claims grounded in the same
    window; labels of the ``invented`` definition with claims grounded in every ingested day. Labels
    whose definition is unknown, or whose judge saw the reference only, keep ``invented`` with a
    warning: the definitions may differ.

    Args:
        labels: the labels' definition (:func:`recallbench.results.hallucination_mode.run_mode`).
        judge: the judge that scored them (``metadata.judgeModel``), for the note.
    """
    who = f"labels from {judge}" if judge else "the labels"
    if labels is not None and labels.mode == "window" and labels.window is not None:
        days = "day" if labels.window == 1 else "days"
        return LabelGrounding(
            window=labels.window,
            note=f"{who} with a ±{labels.window}-{days} memory window: grounding claims in the "
            f"same window; {_OVERRIDE}",
        )
    if labels is not None and labels.mode == "invented":
        return LabelGrounding(
            window=None,
            note=f"{who} count invented claims: grounding claims in every ingested day; "
            "pass --hallucination-window N to override",
        )
    invented = "grounding claims in every ingested day (invented)"
    if labels is not None and labels.mode == "reference-only":
        return LabelGrounding(
            window=None,
            note=f"{who} were grounded in the reference only: {invented}",
            warning=f"{who} counted every claim not in the reference as made up (the judge saw no "
            "memories): the hallucination agreement compares different definitions; run without "
            "--data to ground the same way",
        )
    return LabelGrounding(
        window=None,
        note=f"{who} do not say which definition of a hallucination they used: {invented}",
        warning=f"the result file does not say which definition of a hallucination {who} used "
        f"({invented} here): the definitions may differ; pass --hallucination-window N to "
        "ground as a judge shown a ±N-day memory window",
    )


def labels_claim_days(metadata: Mapping[str, Any]) -> int:
    """The claim check's bound of the judge that scored a run (its fingerprint's primary judge: an
    LLM judge's ``identity.claim_days``, the rubric judge's ``claimDays``); 0 when it checked no
    claims or the run does not say (older runs, the reference harness's files)."""
    fingerprint = metadata.get("fingerprint")
    judges = fingerprint.get("judges") if isinstance(fingerprint, Mapping) else None
    primary = judges.get("primary") if isinstance(judges, Mapping) else None
    if not isinstance(primary, Mapping):
        return 0
    identity = primary.get("identity")
    found = identity.get("claim_days") if isinstance(identity, Mapping) else None
    if found is None:
        found = primary.get("claimDays")
    return found if isinstance(found, int) and not isinstance(found, bool) and found > 0 else 0
