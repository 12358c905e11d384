"""The claim check's bound set on a judge a command was given (``--claim-days N`` of
``judge-agreement`` and ``judge-probe``): apart from :mod:`.claim_context`, which the LLM judge reads
while this module builds LLM judges."""

from __future__ import annotations

from .rubric import RubricJudge

__all__ = ["checking_claims"]


def checking_claims(judge: object, days: int) -> object:
    """``judge`` with the claim check's bound set to ``days``: a
    :class:`~recallbench.judges.rubric.RubricJudge` with a hallucination window, or an
    :class:`~recallbench.judges.llm.LlmJudge` (a new judge over the same model). For the commands'
    ``--claim-days``.

    Raises:
        ConfigError: any other judge (it does not check claims), or a rubric judge without a
            hallucination window (every ingested day already grounds its claims).
    """
    import attrs

    from .._lazy import instance_of_loaded
    from ..errors import ConfigError

    if isinstance(judge, RubricJudge):
        if judge.hallucination_window is None:
            raise ConfigError(
                "--claim-days: the rubric judge checks claims beyond a window; it grounds them in "
                "every ingested day unless given one (--hallucination-window N)"
            )
        return attrs.evolve(judge, claim_days=days)
    if instance_of_loaded(judge, "recallbench.judges.llm", "LlmJudge"):
        from .llm import LlmJudge

        assert isinstance(judge, LlmJudge)
        return LlmJudge(
            judge.model,
            name=judge.name,
            temperature=judge.temperature,
            max_tokens=judge.max_tokens,
            claim_days=days,
        )
    name = getattr(judge, "name", None) or type(judge).__name__
    raise ConfigError(
        f"--claim-days: judge {name} does not check claims (the rubric judge with a hallucination "
        "window and the LLM judges do)"
    )
