"""Where the encoder stops reading a text: its first window, found without tokenizing the rest.

The encoder reads at most ``max_length`` word pieces of a text (``[CLS]`` and ``[SEP]`` included;
sentence-transformers' cut). Tokenizing a whole 31 MiB string to keep its first 254 pieces cost
80 s and 2.5 GB (the tokenizer builds every piece, then an encoding per window of the overflow):
:func:`read_prefixes` cuts each text to a prefix that tokenizes to **exactly** the pieces the model
reads of the whole, tokenizing only a few thousand characters of it.

**Why a prefix reads the same.** The tokenizer normalizes character by character (BERT's
normalizer: control characters dropped, CJK characters spaced, accents stripped, lower case), splits
at whitespace and punctuation into words, then cuts each word into pieces. So the words of a prefix
``P`` of ``T`` that end before ``P``'s last word are ``T``'s own words, cut into the same pieces;
only ``P``'s last word may be a fragment. When the piece at position ``max_length - 3`` (the last
the model reads) belongs to a word that another word of ``P`` follows, cutting ``T`` where that next
word begins gives a text whose pieces start with exactly the ``max_length - 2`` the model reads of
``T`` (and end with the rest of that word's pieces: a hundred at most). Otherwise the prefix is
doubled, up to the whole text. tests/test_embed_serve.py holds this against tokenizing whole texts
(prose, code, CJK, Hangul, accents, long words, runs of spaces and punctuation).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

__all__ = ["FIRST_PREFIX", "TOKENIZE_CHARS", "chunks_by_chars", "read_prefixes"]

FIRST_PREFIX = 8
"""The first prefix tried, in characters per word piece read (8 × 256 = 2,048 characters: English
runs 4–5 characters a piece, so most texts are settled by the first try). A text no longer is read
whole."""
TOKENIZE_CHARS = 131_072
"""The most characters given to the tokenizer in one call (a longer text alone): its encodings
hold about 100 bytes a piece, so a call holds about 13 MB at a piece a character, whatever the
texts."""


def chunks_by_chars(texts: Sequence[str], limit: int = TOKENIZE_CHARS) -> Iterator[range]:
    """Consecutive positions of ``texts`` in runs of at most ``limit`` characters (a longer text
    alone)."""
    start, size = 0, 0
    for n, text in enumerate(texts):
        if n > start and size + len(text) > limit:
            yield range(start, n)
            start, size = n, 0
        size += len(text)
    if start < len(texts):
        yield range(start, len(texts))


def read_prefixes(counter: Any, texts: Sequence[str], max_length: int) -> list[str]:
    """Each text cut to a prefix the model reads exactly as it reads the whole (a text of at most
    ``FIRST_PREFIX * max_length`` characters, or one the model reads to its end, unchanged).

    Args:
        counter: a ``tokenizers.Tokenizer`` without truncation or padding.
        texts: the texts.
        max_length: the word pieces the model reads, ``[CLS]`` and ``[SEP]`` included.
    """
    content = max_length - 2  # the pieces of the text itself the model reads
    out = list(texts)
    size = FIRST_PREFIX * max_length
    todo = [n for n, text in enumerate(out) if len(text) > size]
    while todo:
        prefixes = [out[n][:size] for n in todo]
        unsettled: list[int] = []
        for run in chunks_by_chars(prefixes):
            encodings = counter.encode_batch([prefixes[i] for i in run], add_special_tokens=False)
            for i, encoding in zip(run, encodings, strict=True):
                n = todo[i]
                cut = _cut(encoding.word_ids, encoding.offsets, content)
                if cut is not None:
                    out[n] = out[n][:cut]
                elif len(out[n]) > 2 * size:
                    unsettled.append(n)
                # else: twice the prefix holds the whole text, which is then read whole
        todo, size = unsettled, 2 * size
    return out


def _cut(
    words: Sequence[int | None], offsets: Sequence[tuple[int, int]], content: int
) -> int | None:
    """Where to cut a text whose prefix tokenized to these pieces (their word numbers and character
    spans), so that the cut text reads as the whole does; None: this prefix cannot tell."""
    if len(words) <= content:
        return None
    last = words[content - 1]
    for j in range(content, len(words)):
        if words[j] != last:
            return offsets[j][0]  # the next word starts here: the word before it is whole
    return None  # the last piece read is in the prefix's last word, perhaps a fragment
