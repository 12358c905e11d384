"""The engine: feed each persona's days to an adapter, ask the checkpoint questions, judge, record.

:mod:`.engine` (``Harness``) drives a run; :mod:`.units` cuts it into units of
work, each with an adapter of its own; :mod:`.questions` asks a checkpoint's questions through a
bounded pool of workers; :mod:`.evaluate` takes one question end to end (ask, judge, appeal);
:mod:`.runlog` writes ``progress.jsonl``, ``questions.jsonl`` and ``result.json`` as the run goes and
:mod:`.resume` rebuilds what an earlier attempt finished. Around it: :mod:`.config` (``RunConfig``),
:mod:`.hooks` (callbacks for embedders), :mod:`.loading` (``--adapter`` / ``--judge`` strings to
objects), :mod:`.profile` (``run.yaml``), :mod:`.preflight` (checks before anything is paid for) and
:mod:`.retrieval_eval` (the seed-004 retrieval benchmark over a persona's chunks).

The names below are what an embedder configures a run with: the records of a run's configuration and
output, the hook events, the executors (:class:`RayExecutor` spreads units over a Ray cluster), the
resume logs and the retry policy. ``recallbench.run`` and ``recallbench.Harness`` are the front door,
with ``RunConfig``, ``RunOutput``, ``Hooks`` and ``load_judge``. Importing this package loads nothing
heavy: each name is imported from its module on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from .._retry import RetryPolicy
    from .config import AdapterErrorLimit, LifecycleTimeouts, RunConfig, RunOutput
    from .engine import Harness
    from .executor import Executor, LocalExecutor
    from .hooks import CheckpointDone, CheckpointStarted, Hooks, QuestionDone, RunDone, RunStarted
    from .judge_loading import load_judge
    from .loading import AdapterSpec
    from .ray_executor import RayExecutor
    from .resume import ResumeLog, read_resume_log, read_retry_log

__all__ = [
    "AdapterErrorLimit",
    "AdapterSpec",
    "CheckpointDone",
    "CheckpointStarted",
    "Executor",
    "Harness",
    "Hooks",
    "LifecycleTimeouts",
    "LocalExecutor",
    "QuestionDone",
    "RayExecutor",
    "ResumeLog",
    "RetryPolicy",
    "RunConfig",
    "RunDone",
    "RunOutput",
    "RunStarted",
    "load_judge",
    "read_resume_log",
    "read_retry_log",
]

_LAZY = {
    "AdapterErrorLimit": "config",
    "AdapterSpec": "loading",
    "CheckpointDone": "hooks",
    "CheckpointStarted": "hooks",
    "Executor": "executor",
    "Harness": "engine",
    "Hooks": "hooks",
    "LifecycleTimeouts": "config",
    "LocalExecutor": "executor",
    "QuestionDone": "hooks",
    "RayExecutor": "ray_executor",
    "ResumeLog": "resume",
    "RetryPolicy": ".._retry",
    "RunConfig": "config",
    "RunDone": "hooks",
    "RunOutput": "config",
    "RunStarted": "hooks",
    "load_judge": "judge_loading",
    "read_resume_log": "resume",
    "read_retry_log": "resume",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
