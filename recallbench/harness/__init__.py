"""The engine: feed each persona's days to an adapter, ask the checkpoint questions, judge, record.

:mod:`.engine` (``Harness``, ``run``, ``run_sync``) drives a run; :mod:`.units` cuts it into units of
work, each with an adapter of its own; :mod:`.questions` asks a checkpoint's questions through a
bounded pool of workers; :mod:`.evaluate` takes one question end to end (ask, judge, appeal);
:mod:`.runlog` writes ``progress.jsonl``, ``questions.jsonl`` and ``result.json`` as the run goes and
:mod:`.resume` rebuilds what an earlier attempt finished. Around it: :mod:`.config` (``RunConfig``),
:mod:`.hooks` (callbacks for embedders), :mod:`.loading` (``--adapter`` / ``--judge`` strings to
objects), :mod:`.profile` (``run.yaml``), :mod:`.preflight` (checks before anything is paid for) and
:mod:`.retrieval_eval` (the seed-004 retrieval benchmark over a persona's chunks).

Importing this package loads nothing heavy; ``recallbench.run`` and ``recallbench.Harness`` are the
front door.
"""
