"""Passages within an encoder's window: a long chunk cut where its text breaks, with overlap.

The dense baseline's encoder reads at most 256 word pieces of a text (254 between ``[CLS]`` and
``[SEP]``); the rest of a longer text would never be embedded. A LoCoMo session runs to 800–1,850
word pieces, so :func:`split_passages` cuts such a text into passages that each fit a budget within
the window (:data:`PASSAGE_PIECES`), and the dense index scores a day by its best passage
(:mod:`~recallbench.adapters.retrieval.dense`).

**The rule.** A text whose word pieces fit ``budget`` is one passage: the whole text, unchanged, so
its vector is exactly the one the encoder gave the whole chunk before passages existed. A longer text
is cut greedily from its start: each passage takes as many whole words as fit ``budget``, then ends at
the strongest break in the second half of that reach — a blank line (paragraph) before a line break
(a LoCoMo turn, a list item) before a sentence end before any space — the latest of the strongest. A
passage that ends at a paragraph break is followed by the next paragraph with no overlap; one cut
inside a paragraph (a LoCoMo session is one paragraph of turns) is followed by a passage that starts
up to ``overlap`` word pieces earlier (at the strongest break in that stretch, earliest of the
strongest: the previous turn or sentence when it fits), so a fact that straddles the cut, or a reply
and the line it answers, is whole in one of the two. A single word longer than ``budget`` is a passage of its own (the encoder
truncates it).

Word pieces are counted per word (a maximal run of non-space characters): the BERT pre-tokenizer
never joins two words into one piece, so the pieces of a stretch of text are the sum of its words'
pieces, and a caller can count them once per text (:meth:`MiniLMEncoder.word_counts
<recallbench.adapters.retrieval.minilm.MiniLMEncoder.word_counts>`) and pass them here.

Pure: stdlib only.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

import attrs

__all__ = [
    "OVERLAP_PIECES",
    "PASSAGE_PIECES",
    "Passage",
    "split_passages",
    "word_spans",
]

PASSAGE_PIECES = 64
"""Word pieces a passage holds at most by default. The window allows 254 (all-MiniLM-L6-v2's 256 less
``[CLS]`` and ``[SEP]``); 64 ranked best of 254, 128, 96 and 64 on the long-session LoCoMo-shaped file
and the 1,000-day executive assistant, with the day scored by its best passage (docs/baselines.md,
``benchmarks/bench_dense_passages.py variants``): a short passage's vector is about one thing, where
a whole session's is the average of many. A budget above 254 leaves passages the encoder truncates
(a huge one embeds each chunk whole, as before passages existed)."""
OVERLAP_PIECES = 32
"""Word pieces a passage cut inside a paragraph repeats from the one before it, at most (a short
LoCoMo turn, or one sentence)."""

_WORD = re.compile(r"\S+")
_PARAGRAPH = re.compile(r"\n[ \t\r\f\v]*\n")
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*$")

# Break strengths, strongest last.
_SPACE, _SENTENCE, _LINE, _PARAGRAPH_BREAK = 0, 1, 2, 3


@attrs.frozen(kw_only=True)
class Passage:
    """One passage of a text: ``text[start:end]``.

    Attributes:
        start: offset of its first character in the text.
        end: offset just past its last character.
        first_word: index of its first word in :func:`word_spans` of the text.
        last_word: index just past its last word.
        pieces: its word pieces (the sum of its words' counts).
    """

    start: int
    end: int
    first_word: int
    last_word: int
    pieces: int


def word_spans(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` character offsets of every word (maximal run of non-space) of ``text``."""
    return [m.span() for m in _WORD.finditer(text)]


def _breaks(text: str, spans: Sequence[tuple[int, int]]) -> list[int]:
    """The strength of the break before each word (the first word's is a paragraph break)."""
    out = [_PARAGRAPH_BREAK]
    for (_, previous_end), (start, _) in itertools.pairwise(spans):
        gap = text[previous_end:start]
        if _PARAGRAPH.search(gap):
            out.append(_PARAGRAPH_BREAK)
        elif "\n" in gap:
            out.append(_LINE)
        elif _SENTENCE_END.search(text[max(previous_end - 4, 0) : previous_end]):
            out.append(_SENTENCE)
        else:
            out.append(_SPACE)
    return out


def split_passages(
    text: str,
    counts: Sequence[int],
    *,
    budget: int = PASSAGE_PIECES,
    overlap: int = OVERLAP_PIECES,
) -> list[Passage]:
    """The passages of ``text``, in order (see the module docstring for the rule).

    Args:
        text: the chunk's text.
        counts: the word pieces of each word of ``text`` (one per :func:`word_spans` entry).
        budget: the most word pieces in a passage (≥ 1).
        overlap: the most word pieces a passage cut inside a paragraph repeats (≥ 0).

    Returns:
        One passage spanning the whole text when its pieces fit ``budget`` (or it has no word);
        otherwise passages whose words cover every word of the text, each within ``budget`` unless
        it is a single longer word.

    Raises:
        ValueError: ``budget`` < 1, ``overlap`` < 0, or ``counts`` not one per word.
    """
    if budget < 1:
        raise ValueError(f"budget must be at least 1, got {budget}")
    if overlap < 0:
        raise ValueError(f"overlap must be at least 0, got {overlap}")
    spans = word_spans(text)
    if len(counts) != len(spans):
        raise ValueError(f"{len(counts)} word counts for {len(spans)} words")
    total = sum(counts)
    if total <= budget:
        return [Passage(start=0, end=len(text), first_word=0, last_word=len(spans), pieces=total)]
    breaks = _breaks(text, spans)
    prefix = [0]
    for c in counts:
        prefix.append(prefix[-1] + c)
    out: list[Passage] = []
    first = 0
    while True:
        reach = first + 1  # past the furthest word that fits (at least one word)
        while reach < len(spans) and prefix[reach + 1] - prefix[first] <= budget:
            reach += 1
        if reach == len(spans):
            out.append(_passage(spans, prefix, first, reach))
            return out
        # End at the strongest break in the second half of the reach (latest of the strongest):
        # the break before word `end` closes the passage.
        half = prefix[first] + (prefix[reach] - prefix[first]) // 2
        candidates = [j for j in range(first + 1, reach + 1) if prefix[j] >= half]
        end = max(candidates, key=lambda j: (breaks[j], j))
        out.append(_passage(spans, prefix, first, end))
        if breaks[end] == _PARAGRAPH_BREAK or overlap == 0:
            first = end
            continue
        # Cut inside a paragraph: start the next passage up to `overlap` pieces back, at the
        # strongest break in that stretch (earliest of the strongest), always after `first`.
        back = end
        while back - 1 > first and prefix[end] - prefix[back - 1] <= overlap:
            back -= 1
        first = min(range(back, end), key=lambda j: (-breaks[j], j)) if back < end else end


def _passage(
    spans: Sequence[tuple[int, int]], prefix: Sequence[int], first: int, last: int
) -> Passage:
    return Passage(
        start=spans[first][0],
        end=spans[last - 1][1],
        first_word=first,
        last_word=last,
        pieces=prefix[last] - prefix[first],
    )
