"""The records of a finished run and the numbers computed from them. Pure, but for reading runs back.

:mod:`.records` (``BenchmarkResult`` down to ``QuestionResult``) and :mod:`.scoring` (``JudgeScore``)
are what the harness produces; :mod:`.aggregate`, :mod:`.measures`, :mod:`.retrieval_metrics`,
:mod:`.stats`, :mod:`.heatmap` (the category × checkpoint grid) and :mod:`.hallucination` compute from
them (:mod:`.hallucination_mode` names the definition of a hallucination a run's judge applied);
:mod:`.comparison` compares two runs into the records of :mod:`.comparison_records`; :mod:`.reading`
reads a run back from ``result.json``, ``progress.jsonl`` or a run directory (:mod:`.question_log`
its answers' log, whose retrieved memories :mod:`.retrieval_log` keeps apart), and :mod:`.frame` turns
a result into a pandas DataFrame. :mod:`.attribution` gives every answer one class — correct, a
retrieval miss, a reading error, an abstention, a hallucination, an error, judge doubt — and
:mod:`.rejudged` rebuilds a run around new verdicts on its answers. Turning any of it into text, colour, PNG or HTML is
:mod:`recallbench.render`'s job.

The names below are the family's public surface; the result records, ``JudgeScore``, ``read_run`` and
``to_dataframe`` are on the front door too. Importing this package is cheap: each name is imported
from its module on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from .attribution import Attribution, attribute_run
    from .attribution_summary import AttributionSummary, summarize_attribution
    from .comparison import compare_results
    from .comparison_records import RunComparison
    from .frame import to_dataframe
    from .hallucination import HallucinationAnalysis, analyze_hallucination
    from .heatmap import HeatmapView, heatmap_view
    from .question_log import read_question_log
    from .reading import LoadedRun, read_run
    from .records import (
        BenchmarkResult,
        CategoryScore,
        HeatmapCell,
        PersonaResult,
        QuestionError,
        QuestionResult,
        RunMetadata,
        TimeRangeResult,
    )
    from .scoring import JudgeScore

__all__ = [
    "Attribution",
    "AttributionSummary",
    "BenchmarkResult",
    "CategoryScore",
    "HallucinationAnalysis",
    "HeatmapCell",
    "HeatmapView",
    "JudgeScore",
    "LoadedRun",
    "PersonaResult",
    "QuestionError",
    "QuestionResult",
    "RunComparison",
    "RunMetadata",
    "TimeRangeResult",
    "analyze_hallucination",
    "attribute_run",
    "compare_results",
    "heatmap_view",
    "read_question_log",
    "read_run",
    "summarize_attribution",
    "to_dataframe",
]

_LAZY = {
    "Attribution": "attribution",
    "AttributionSummary": "attribution_summary",
    "attribute_run": "attribution",
    "summarize_attribution": "attribution_summary",
    "BenchmarkResult": "records",
    "CategoryScore": "records",
    "HallucinationAnalysis": "hallucination",
    "HeatmapCell": "records",
    "HeatmapView": "heatmap",
    "JudgeScore": "scoring",
    "LoadedRun": "reading",
    "PersonaResult": "records",
    "QuestionError": "records",
    "QuestionResult": "records",
    "RunComparison": "comparison_records",
    "RunMetadata": "records",
    "TimeRangeResult": "records",
    "analyze_hallucination": "hallucination",
    "compare_results": "comparison",
    "heatmap_view": "heatmap",
    "read_question_log": "question_log",
    "read_run": "reading",
    "to_dataframe": "frame",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
