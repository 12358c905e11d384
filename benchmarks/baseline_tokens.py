"""What ``builtin:full-context`` and ``builtin:rag`` cost per question, in estimated prompt tokens.

Every question of a shipped persona, asked (in its query session) after the whole arc is ingested;
the prompts are built exactly as the adapters build them, without calling a model (a model adds at
most ``maxTokens``, 256, of output). Tokens are the adapters' estimate, characters / 4.

    python benchmarks/baseline_tokens.py [--persona executive-assistant] [--arcs arcs-180d.yaml]
        [--context-tokens 100000] [--top-k 10]
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from recallbench.adapters.answering import (
    ANSWER_SYSTEM,
    DEFAULT_CONTEXT_TOKENS,
    FullContextAdapter,
    RagAdapter,
    estimate_tokens,
    rag_prompt,
)
from recallbench.data.dataset import load_persona

ROOT = Path(__file__).resolve().parents[1]


def summary(label: str, values: list[int]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return (
        f"{label}: {len(values)} questions, mean {statistics.fmean(values):,.0f}, median "
        f"{statistics.median(values):,.0f}, p95 {p95:,}, max {values[-1]:,} estimated prompt tokens"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT / "personas")
    parser.add_argument("--persona", default="executive-assistant")
    parser.add_argument("--arcs", default="arcs-180d.yaml")
    parser.add_argument("--context-tokens", type=int, default=DEFAULT_CONTEXT_TOKENS)
    parser.add_argument("--top-k", type=int, default=10)
    args = parser.parse_args()
    ds = load_persona(args.data, args.persona, args.arcs)
    isolated = tuple(s.id for s in ds.definition.sessions() if s.isolated)
    model = {"model": "openai:unused", "cache": False}
    full = FullContextAdapter({**model, "contextTokens": args.context_tokens})
    whole = FullContextAdapter({**model, "contextTokens": 10**9})
    rag = RagAdapter({**model, "top_k": args.top_k})
    chars = 0
    for day in ds.days:  # no setup: the prompts need no model
        for adapter in (full, whole, rag):
            adapter.added(
                adapter.store.add_day(day.number, day.content, day.metadata(ds.id, isolated))
            )
        chars += len(day.content)
    rag.index.finalize()
    cost: dict[str, list[int]] = {"full": [], "whole": [], "rag": []}
    cut = 0
    for qa in ds.qa:
        session = qa.query_session or "principal"
        message, days = full.prompt(qa.question, session)
        cost["full"].append(estimate_tokens(ANSWER_SYSTEM + message))
        cost["whole"].append(estimate_tokens(ANSWER_SYSTEM + whole.prompt(qa.question, session)[0]))
        cut += len(days) < len(ds.days)
        ranked = rag.passages(qa.question, session)
        passages = [(c, rag.store.metadata(c.day).date) for c, _ in ranked]
        message = rag_prompt(passages, qa.question, rag.question_date())
        cost["rag"].append(estimate_tokens(ANSWER_SYSTEM + message))
    print(f"{args.persona} {args.arcs}: {len(ds.days)} days, {chars:,} characters of day logs")
    print(summary("full-context, uncut", cost["whole"]))
    print(summary(f"full-context, contextTokens {args.context_tokens:,}", cost["full"]))
    print(f"  cut (oldest days left out) for {cut} of {len(ds.qa)} questions")
    print(summary(f"rag, top_k {args.top_k}", cost["rag"]))


if __name__ == "__main__":
    main()
