"""The records of a finished run and the numbers computed from them. Pure, but for reading runs back.

:mod:`.records` (``BenchmarkResult`` down to ``QuestionResult``) and :mod:`.scoring` (``JudgeScore``)
are what the harness produces; :mod:`.aggregate`, :mod:`.measures`, :mod:`.retrieval_metrics`,
:mod:`.stats`, :mod:`.heatmap` (the category × checkpoint grid) and :mod:`.hallucination` compute from
them (:mod:`.hallucination_mode` names the definition of a hallucination a run's judge applied); :mod:`.comparison` compares two runs into the records of :mod:`.comparison_records`;
:mod:`.reading` reads a run back from ``result.json``, ``progress.jsonl`` or a run directory.
Turning any of it into text, colour, PNG or HTML is :mod:`recallbench.render`'s job.
"""
