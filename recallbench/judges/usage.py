"""What judging cost: model calls, tokens and cache traffic, counted as a run goes."""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["JudgeUsage"]


@attrs.define(kw_only=True)
class JudgeUsage:
    """Counters a judge keeps (``judge.usage``); the harness reports the difference over a run.

    Attributes:
        calls: model calls made (a parse retry is a second call).
        input_tokens, output_tokens: tokens the provider reported for those calls.
        cache_hits, cache_misses: judge-cache lookups that found, or did not find, a stored score.
    """

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_hits: int = 0
    cache_misses: int = 0

    def add_tokens(self, input_tokens: int | None, output_tokens: int | None) -> None:
        self.input_tokens += input_tokens or 0
        self.output_tokens += output_tokens or 0

    def absorb(self, other: JudgeUsage) -> None:
        """Add another copy's counts (a judge that scored in a unit running elsewhere)."""
        self.calls += other.calls
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.cache_hits += other.cache_hits
        self.cache_misses += other.cache_misses

    def copy(self) -> JudgeUsage:
        return attrs.evolve(self)

    def since(self, earlier: JudgeUsage) -> JudgeUsage:
        """The counts accumulated after ``earlier`` (a copy taken at the start of a run)."""
        return JudgeUsage(
            calls=self.calls - earlier.calls,
            input_tokens=self.input_tokens - earlier.input_tokens,
            output_tokens=self.output_tokens - earlier.output_tokens,
            cache_hits=self.cache_hits - earlier.cache_hits,
            cache_misses=self.cache_misses - earlier.cache_misses,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "cacheHits": self.cache_hits,
            "cacheMisses": self.cache_misses,
            "inputTokens": self.input_tokens,
            "outputTokens": self.output_tokens,
        }
