"""The one pinned tokenizer of the lexical baselines (BM25 and FTS5).

Lexical retrievers rank differently mostly because their tokenizers differ, so the baselines share
this one and its version is reported with their results. Pure: stdlib only.

Steps, in order (``TOKENIZER_VERSION`` changes whenever any of them does):

1. Unicode **NFKC** normalisation and **casefold** (``ﬁ`` → ``fi``, ``Straße`` → ``strasse``);
   accents are then stripped (``café`` → ``cafe``) so the ASCII token pattern keeps accented words
   whole.
2. **Numbers**: thousands separators are dropped between digit groups (``2,412`` → ``2412``,
   ``$4,500,000`` → ``4500000``); a currency sign is not a token, so ``$4,500`` and ``4,500`` match.
   Other punctuation splits (``07:50`` → ``07`` ``50``, ``3.5`` → ``3`` ``5``).
3. **Tokens** are the maximal runs of ``[a-z0-9]``; anything else (CJK, emoji, punctuation) separates
   tokens and is dropped. The shipped corpora are English.
4. **Stopwords**: the English function words of :data:`STOPWORDS` (Lucene's classic list plus common
   pronouns and auxiliaries) are removed.
5. **Stemming**: Harman's S-stemmer (1991), plurals only: ``-ies`` → ``-y`` (not after ``a``/``e``),
   ``-es`` → ``-e`` (not after ``a``/``e``/``o``), ``-s`` → ``""`` (not after ``u``/``s``), for
   alphabetic tokens longer than three characters. It is deliberately tiny: it conflates
   ``invoice``/``invoices`` without the surprises of a full Porter stemmer.

Speed: each distinct raw token is stemmed once (a cache), so tokenizing the 5.5 MB of a 1,000-day
persona takes a few tenths of a second.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = ["STOPWORDS", "TOKENIZER_VERSION", "stem", "tokenize", "unique_tokens"]

TOKENIZER_VERSION = "rb-lex-1"
"""Names the exact tokenizer behaviour; bump it when any step above changes."""

_STOPWORD_TEXT = """
    a an and are as at be but by for if in into is it no not of on or such that the their then
    there these they this to was will with
    i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she
    her hers herself its itself them theirs themselves what which who whom am were been being have
    has had having do does did doing would should could can from up down out off over under again
    further once here when where why how all any both each few more most other some so than too
    very s t just don now about above after before below between during through until while
"""
STOPWORDS: frozenset[str] = frozenset(_STOPWORD_TEXT.split())
"""English function words dropped before indexing and querying."""

_TOKEN = re.compile(r"[a-z0-9]+")
# A comma between a digit and exactly three digits (not followed by a fourth) is a thousands
# separator; "1,2" and "2,4125" keep their comma and split.
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")

# raw token -> indexed form ("" for a stopword). Bounded by the vocabulary of the text seen, which
# for the lexical baselines is the corpus vocabulary anyway.
_CACHE: dict[str, str] = {}
_CACHE_LIMIT = 1_000_000


def stem(word: str) -> str:
    """Harman's S-stemmer: strip an English plural from an alphabetic word of more than 3 letters.

    Examples:
        >>> [stem(w) for w in ("invoices", "queries", "glass", "status", "days", "bus")]
        ['invoice', 'query', 'glass', 'status', 'day', 'bus']
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and word[-4] not in "ae":
        return word[:-3] + "y"
    if word.endswith("es") and word[-3] not in "aeo":
        return word[:-1]
    if word.endswith("s") and word[-2] not in "us":
        return word[:-1]
    return word


def _indexed_form(raw: str) -> str:
    if raw in STOPWORDS:
        return ""
    return stem(raw)


def _normalise(text: str) -> str:
    if text.isascii():
        # NFKC is the identity on ASCII and casefold equals lower there; this is the common path.
        return _THOUSANDS.sub("", text.lower())
    text = unicodedata.normalize("NFKC", text).casefold()
    # Strip accents: decompose, drop the combining marks.
    decomposed = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _THOUSANDS.sub("", text)


def tokenize(text: str) -> list[str]:
    """The indexed tokens of ``text``, in order, repeats kept.

    Examples:
        >>> tokenize("The invoices for Café Noir came to $2,412 on 07:50!")
        ['invoice', 'cafe', 'noir', 'came', '2412', '07', '50']
    """
    cache = _CACHE
    out: list[str] = []
    append = out.append
    for raw in _TOKEN.findall(_normalise(text)):
        form = cache.get(raw)
        if form is None:
            form = _indexed_form(raw)
            if len(cache) < _CACHE_LIMIT:
                cache[raw] = form
        if form:
            append(form)
    return out


def unique_tokens(text: str | Iterable[str]) -> list[str]:
    """The distinct tokens of a query, in first-seen order (a text is tokenized first)."""
    tokens = tokenize(text) if isinstance(text, str) else text
    return list(dict.fromkeys(tokens))
