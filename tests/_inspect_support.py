"""What the inspect task's tests share: recording adapters and judges named by spec strings, scripted
models that need no tokenizer, and running the task in-process."""

from __future__ import annotations

import gc
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "inspect_ai", reason="the inspect extra is not installed (pip install -e '.[inspect]')"
)

from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessageAssistant,
    Model,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.tool import ToolCall

from recallbench.testing import ScriptedAdapter

INSPECT_WARNINGS = [
    pytest.mark.filterwarnings("ignore:Unclosed <MemoryObjectReceiveStream:ResourceWarning"),
    pytest.mark.filterwarnings("ignore:The 'initial' parameter is deprecated:DeprecationWarning"),
]
"""Two warnings of inspect 0.3.285's own, which the suite's warnings-as-errors would turn into
failures of ours: it closes the send side of each sample's hook-event stream, never its receive
side (anyio warns as each is collected), and it still passes tenacity's deprecated ``initial`` to
its model retries. The test modules running inspect ignore these two and nothing else."""


@pytest.fixture(autouse=True)
def collected_while_ignored() -> Iterator[None]:
    """Collect inspect's streams at the end of the test that made them, where the filter above
    holds (not in some later test of another module)."""
    yield
    gc.collect()


BUILT: list[ScriptedAdapter] = []
"""Every adapter :func:`recorder` built, in order (one per unit of work); cleared by each test."""


def recorder() -> ScriptedAdapter:
    """An adapter factory (spec ``_inspect_support:recorder``) keeping every adapter it builds."""
    adapter = ScriptedAdapter()
    BUILT.append(adapter)
    return adapter


def failing_setup() -> ScriptedAdapter:
    """An adapter factory whose adapters' setup raises (spec ``_inspect_support:failing_setup``)."""
    adapter = ScriptedAdapter(fail_setup=True)
    BUILT.append(adapter)
    return adapter


async def failing_judge(question: str, reference: str, answer: str, context: Any) -> Any:
    """A judge (spec ``_inspect_support:failing_judge``) that fails on every answer."""
    raise RuntimeError("this judge fails on purpose")


def _output(text: str | None = None, tool: tuple[str, dict[str, Any]] | None = None) -> ModelOutput:
    """A model output carrying its own usage, so mockllm counts no tokens (tiktoken would fetch its
    encoding from the network)."""
    calls = None
    if tool is not None:
        calls = [ToolCall(id=f"call-{tool[0]}", function=tool[0], arguments=tool[1])]
    message = ChatMessageAssistant(content=text or "", tool_calls=calls, model="mockllm/model")
    return ModelOutput(
        model="mockllm/model",
        choices=[
            ChatCompletionChoice(message=message, stop_reason="tool_calls" if calls else "stop")
        ],
        usage=ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15),
    )


def scripted(*outputs: str | tuple[str, dict[str, Any]]) -> Model:
    """mockllm answering with ``outputs`` in turn (a string: a reply; ``(tool, args)``: a call)."""
    return get_model(
        "mockllm/model",
        custom_outputs=[
            _output(tool=o) if isinstance(o, tuple) else _output(text=o) for o in outputs
        ],
    )


def run_task(log_dir: Path, model: Model | str | None = None, **kwargs: Any) -> EvalLog:
    """``recall_bench`` run in-process (eval options among ``kwargs`` go to ``inspect_ai.eval``,
    the rest are the task's parameters); its log."""
    from recallbench.inspect import recall_bench

    eval_keys = {"epochs", "limit", "max_samples", "fail_on_error", "model_roles", "sample_id"}
    options = {k: kwargs.pop(k) for k in list(kwargs) if k in eval_keys}
    task = recall_bench(**kwargs)
    logs = inspect_eval(
        task,
        model=model or scripted(),
        display="none",
        log_dir=str(log_dir),
        log_realtime=False,
        **options,
    )
    assert len(logs) == 1
    return logs[0]


def scores_of(log: EvalLog) -> dict[tuple[str, int], dict[str, Any]]:
    """Each sample's score value, by (sample id, epoch); an unmeasured (NaN) figure as None."""
    assert log.samples is not None
    return {
        (str(s.id), s.epoch): {
            k: None if isinstance(v, float) and math.isnan(v) else v
            for k, v in s.scores["recall_judge"].value.items()  # type: ignore[index,union-attr]
        }
        for s in log.samples
        if s.scores
    }


PYTHON = sys.executable


def failing_on_day_three() -> ScriptedAdapter:
    """An adapter factory (spec ``_inspect_support:failing_on_day_three``) whose query about
    2026-01-03 raises; every adapter it builds is kept in :data:`BUILT`."""
    adapter = ScriptedAdapter(fail_on=["2026-01-03"])
    BUILT.append(adapter)
    return adapter


async def exact_judge(question: str, reference: str, answer: str, context: Any) -> Any:
    """A judge (spec ``_inspect_support:exact_judge``): full marks for the reference word for word,
    nothing for anything else."""
    from recallbench import JudgeScore

    exact = answer.strip().casefold() == reference.strip().casefold()
    return JudgeScore(correctness=3 * exact, completeness=2 * exact, hallucination=1)
