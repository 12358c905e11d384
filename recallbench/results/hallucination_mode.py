"""Which definition of a hallucination a run's judge applied, named and described in plain words. Pure.

A hallucination rate means little without its definition, and judges differ:

* ``invented`` — a claim found on no day ingested by the checkpoint (the rubric judge's default, the
  seed's definition: every claim must trace to an ingested memory);
* ``window`` — a claim found on no day within ±N days of the question's relevant days (an LLM judge
  shown a ``--judge-memory-window N``, or ``RubricJudge(hallucination_window=N)``): a real memory from
  further away counts as made up;
* ``reference-only`` — a claim not in the reference answer or the question (an LLM judge shown no
  memories).

A run records its judge's definition in ``result.json`` (``metadata.hallucinationMode`` and, for
``window``, ``metadata.hallucinationWindow``; both omitted when unknown, as for the stub judge or a
judge of your own that declares none). For runs that do not record it — older runs, the reference
harness's files — :func:`run_mode` infers what the judge's name and memory window allow (an LLM judge
spec with ``judgeMemoryWindow`` N → ``window`` N, without one → ``reference-only``; ``rubric`` →
``invented``) and marks it inferred. :func:`recallbench.judges.modes.judge_mode` names the mode of a
judge object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

import attrs

from .records import RunMetadata

__all__ = [
    "MODES",
    "NOT_RECORDED",
    "HallucinationMode",
    "Mode",
    "infer_mode",
    "is_llm_judge_spec",
    "mode_from_json",
    "mode_label",
    "mode_text",
    "run_mode",
]

Mode = Literal["invented", "window", "reference-only"]
MODES: tuple[Mode, ...] = get_args(Mode)
"""The definitions, as ``metadata.hallucinationMode`` spells them."""

NOT_RECORDED = "not recorded"
"""What a report says when a run neither records its definition nor lets it be inferred."""

_TITLES: dict[str, str] = {
    "invented": "invented",
    "window": "outside the evidence window",
    "reference-only": "reference-only",
}

# The judge specs that name an LLM judge (models.spec's grammar, which this room cannot import; a
# test checks that the two agree).
_AGENTS = ("claude", "codex", "copilot")
_PROVIDERS = ("openai", "anthropic", "azure")
_RUBRIC = "rubric"


def _window(_inst: HallucinationMode, _a: attrs.Attribute[Any], value: int | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"a hallucination window is a whole number ≥ 0, got {value!r}")
    if _inst.mode != "window":
        raise ValueError(f"only the window mode has a window, not {_inst.mode!r}")


@attrs.frozen(kw_only=True)
class HallucinationMode:
    """The definition of a hallucination a judge applied.

    Attributes:
        mode: ``invented``, ``window`` or ``reference-only``.
        window: N of the ``window`` mode (days either side of the relevant days); None otherwise, or
            when a judge of your own declares the window mode without saying N.
        inferred: not recorded by the run, but inferred from its judge's name and memory window.
    """

    mode: Mode = attrs.field(validator=attrs.validators.in_(MODES))
    window: int | None = attrs.field(default=None, validator=_window)
    inferred: bool = False

    @property
    def title(self) -> str:
        """The definition's name in words: ``invented``, ``outside the evidence window`` or
        ``reference-only``."""
        return _TITLES[self.mode]

    @property
    def label(self) -> str:
        """The name with the window: ``outside the evidence window (±1 day)``."""
        if self.mode == "window" and self.window is not None:
            return f"{self.title} (±{_days(self.window)})"
        return self.title

    @property
    def description(self) -> str:
        """One line: the name and what counts as a hallucination under it."""
        if self.mode == "invented":
            return "invented: a claim found on no day ingested by the checkpoint"
        if self.mode == "reference-only":
            return "reference-only: a claim not in the reference answer or the question"
        if self.window is None:
            where = "within the evidence window around the question's relevant days"
        elif self.window == 0:
            where = "among the question's relevant days"
        else:
            where = f"within ±{_days(self.window)} of the question's relevant days"
        return f"outside the evidence window: a claim found on no day {where}"

    def same_definition(self, other: HallucinationMode | None) -> bool:
        """Whether two runs counted hallucinations alike (recorded or inferred alike)."""
        return other is not None and (self.mode, self.window) == (other.mode, other.window)

    def to_json(self) -> dict[str, Any]:
        """``{"hallucinationMode": …, "hallucinationWindow"?: …}``, the metadata keys."""
        out: dict[str, Any] = {"hallucinationMode": self.mode}
        if self.window is not None:
            out["hallucinationWindow"] = self.window
        return out


def _days(n: int) -> str:
    return "1 day" if n == 1 else f"{n} days"


def is_llm_judge_spec(spec: str) -> bool:
    """Whether a ``--judge`` spec names an LLM judge: a CLI agent (``claude``, ``codex``,
    ``copilot``) or a provider (``openai``, ``openai:…``, ``anthropic:…``, ``azure:…``)."""
    text = spec.strip()
    if text in _AGENTS or text.lower() == "openai":
        return True
    head, sep, _ = text.partition(":")
    return bool(sep) and head.strip().lower() in _PROVIDERS


def infer_mode(
    judge_model: str | None, judge_memory_window: int | None
) -> HallucinationMode | None:
    """The definition a run's judge spec and memory window imply, for runs that do not record one.

    ``rubric`` → ``invented`` (its default); an LLM judge spec → ``window`` N with a memory window N > 0,
    else ``reference-only``; anything else (no judge, a judge of your own) → None.
    """
    if not judge_model:
        return None
    if judge_model.strip().lower() == _RUBRIC:
        return HallucinationMode(mode="invented", inferred=True)
    if is_llm_judge_spec(judge_model):
        if judge_memory_window:
            return HallucinationMode(mode="window", window=judge_memory_window, inferred=True)
        return HallucinationMode(mode="reference-only", inferred=True)
    return None


def mode_from_json(
    mode: object, window: object, *, judge_model: object = None, judge_memory_window: object = None
) -> HallucinationMode | None:
    """The definition from a run's metadata values (recorded keys first, else inferred); None when
    neither says. Values of the wrong type are ignored."""
    if isinstance(mode, str) and mode in MODES:
        n = window if mode == "window" and _is_count(window) else None
        return HallucinationMode(mode=mode, window=n)  # type: ignore[arg-type]
    return infer_mode(
        judge_model if isinstance(judge_model, str) else None,
        judge_memory_window if _is_count(judge_memory_window) else None,  # type: ignore[arg-type]
    )


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def run_mode(metadata: RunMetadata | Mapping[str, Any]) -> HallucinationMode | None:
    """The definition a run used: recorded in its metadata, else inferred (:func:`infer_mode`).

    Args:
        metadata: a run's :class:`RunMetadata`, or the ``metadata`` object of a ``result.json``.
    """
    if isinstance(metadata, RunMetadata):
        return mode_from_json(
            metadata.hallucination_mode,
            metadata.hallucination_window,
            judge_model=metadata.judge_model,
            judge_memory_window=metadata.judge_memory_window,
        )
    return mode_from_json(
        metadata.get("hallucinationMode"),
        metadata.get("hallucinationWindow"),
        judge_model=metadata.get("judgeModel"),
        judge_memory_window=metadata.get("judgeMemoryWindow"),
    )


def mode_label(mode: HallucinationMode | None) -> str:
    """The definition's short name (:attr:`HallucinationMode.label`), ``… (inferred)`` when the run
    did not record it; ``not recorded`` when nothing is known."""
    if mode is None:
        return NOT_RECORDED
    return f"{mode.label} (inferred)" if mode.inferred else mode.label


def mode_text(mode: HallucinationMode | None) -> str:
    """The definition in plain words for a report: its description, with ``(inferred from the judge
    and its memory window)`` when the run did not record it; ``not recorded`` when nothing is known."""
    if mode is None:
        return NOT_RECORDED
    if mode.inferred:
        return f"{mode.description} (not recorded; inferred from the judge and its memory window)"
    return mode.description
