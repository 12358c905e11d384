"""What ``recallbench embed-serve`` takes, in one record: its sizes, its batching and its memory.

Every size a request may reach is bounded, and a request past any bound is refused whole with 413
and a JSON error naming the bound (in the error shape of the API it called), as OpenAI refuses
inputs over its limits: nothing is cut silently. A text longer than the model's window, within the
bounds, is embedded from its first window (256 word pieces), exactly as sentence-transformers and
``builtin:dense`` embed it; only that window is tokenized (:mod:`~recallbench.adapters.retrieval.window`).

The defaults keep one server process under 500 MB and any one request under 10 s on two cores
(``benchmarks/embed_serve_limits.py`` measures both: 448 MB at most, 5.3 s; issue 42):

==========================  ============  ===============================================================
bound                       default       why
==========================  ============  ===============================================================
``max_texts``               2,048         texts a request (OpenAI's own limit)
``max_text_chars``          65,536        characters a text: 50 windows of prose; the model reads one
``max_request_chars``       1,048,576     characters a request, all texts together (what it holds parsed)
``max_request_pieces``      16,384        word pieces read a request (at most 256 a text): 64 windows,
                                          2.3 s on two shared cores at load 3, 4.6 s at load 6
``max_body_mb``             16            MiB of JSON body: 1 Mi characters even written as ``\\uXXXX``
                                          escapes (12 bytes an emoji)
==========================  ============  ===============================================================

Batching: ``max_batch`` texts and ``call_pieces`` word pieces at most in one encoder call, so a large
request is encoded in several calls and a request arriving meanwhile rides in the next one (it waits
for one call, not for the large request); ``batch_wait`` is how long a request waits for company.

Memory: the command's encoder runs forward batches of :data:`ENCODER_BATCH_TOKENS` padded tokens,
and ``memory_mb`` bounds what the requests being served may hold together, each reserving,
before its body is read, the most a body of its size can cost (:meth:`EmbedLimits.reserve`): the
body and its parsed texts, and the vectors and response of as many texts as it can hold. A request
that does not fit waits unread (its client's bytes stay in the socket) until others finish, so the
largest request is served alongside small ones but not beside another of its size.
"""

from __future__ import annotations

import attrs

from .embed_api import MAX_INPUTS

__all__ = ["DEFAULT_LIMITS", "ENCODER_BATCH_TOKENS", "RESPONSE_BYTES_PER_TEXT", "EmbedLimits"]

MIB = 1024 * 1024

ENCODER_BATCH_TOKENS = 512
"""Padded tokens in one forward batch of the command's encoder (``load_encoder(batch_tokens=…)``):
onnxruntime's arena holds about 25 MB a concurrent batch of full windows at 512, 100 MB at the
encoder's default 2,048, at the same speed on two cores (2026-12-07, load 5–7: 13–16 full windows
a second at 512, 9–13 at 2,048)."""

RESPONSE_BYTES_PER_TEXT = 16 * 1024
"""What one text costs while its request is answered: its vector (1.5 KB), the float64 copy written
out (3 KB) and its JSON (384 floats of about 20 characters: 8 KB), rounded up."""
BODY_FACTOR = 6
"""What a body costs per byte while read and parsed: the bytes read (twice, as aiohttp joins them)
and the strings parsed from them (up to four bytes a character)."""


@attrs.frozen(kw_only=True)
class EmbedLimits:
    """How the server batches and what it takes (the module docstring gives the reasoning).

    Attributes:
        max_batch: texts in one encoder call at most.
        batch_wait: seconds the first request of a batch waits for others (0: encode at once;
            requests arriving during an encode still form the next batch).
        call_pieces: word pieces in one encoder call at most (a single text may exceed it).
        max_texts: texts in one request.
        max_text_chars: characters in one text.
        max_request_chars: characters in one request, all texts together.
        max_request_pieces: word pieces the model reads of one request (at most its window a text).
        max_body_mb: the largest request body taken, in MiB.
        memory_mb: MiB the requests being served may reserve together (:meth:`reserve`); at least
            what the largest body reserves.
    """

    max_batch: int = attrs.field(default=256, validator=attrs.validators.ge(1))
    batch_wait: float = attrs.field(default=0.002, validator=attrs.validators.ge(0))
    call_pieces: int = attrs.field(default=4_096, validator=attrs.validators.ge(1))
    max_texts: int = attrs.field(default=MAX_INPUTS, validator=attrs.validators.ge(1))
    max_text_chars: int = attrs.field(default=65_536, validator=attrs.validators.ge(1))
    max_request_chars: int = attrs.field(default=1_048_576, validator=attrs.validators.ge(1))
    max_request_pieces: int = attrs.field(default=16_384, validator=attrs.validators.ge(1))
    max_body_mb: float = attrs.field(default=16.0, validator=attrs.validators.gt(0))
    memory_mb: float = attrs.field(default=160.0, validator=attrs.validators.gt(0))

    def __attrs_post_init__(self) -> None:
        largest = self.reserve(None) / MIB
        if self.memory_mb < largest:
            raise ValueError(
                f"memory_mb {self.memory_mb:g} is less than the largest request reserves "
                f"({largest:.1f} MiB for a body of {self.max_body_mb:g} MiB)"
            )

    @property
    def max_body(self) -> int:
        """The largest body taken, in bytes."""
        return int(self.max_body_mb * MIB)

    def reserve(self, content_length: int | None) -> int:
        """The bytes a request whose body is ``content_length`` bytes (None: not said, so the
        largest) may hold while served: its body read and parsed, and the vectors and response of
        as many texts as such a body can carry (each at least ``""`` and a comma)."""
        size = self.max_body if content_length is None else min(content_length, self.max_body)
        texts = min(self.max_texts, size // 3 + 1)
        return BODY_FACTOR * size + RESPONSE_BYTES_PER_TEXT * texts


DEFAULT_LIMITS = EmbedLimits()
