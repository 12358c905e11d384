"""Concurrent embedding requests coalesced into bounded encoder calls (``recallbench embed-serve``).

Every request queues its texts and takes a turn at a lock; whoever holds it *leads* one encoder
call: it waits up to ``batch_wait`` for more requests (or until a call's worth is queued), takes
texts from the queue — at most ``max_batch`` texts and ``call_pieces`` word pieces, though always
one — encodes them on a worker thread and hands each request its rows. A request already served by
earlier leaders returns at once. So there is no worker task to start or stop: the batcher is only as
busy as its callers, and one encode runs at a time (the encoder spreads a call over the cores).

**Fair to small requests.** A request larger than one call is encoded in several; between them,
requests that have had no rows yet go first, in a call of their own. A client asking for one vector
while another's 2,048 are encoded waits for the call under way (4,096 word pieces: about 0.6 s on
two idle cores), not for the whole large request.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import anyio
import attrs
import numpy as np

from .minilm import MiniLMEncoder

__all__ = ["EmbeddingBatcher"]

log = logging.getLogger("recallbench")

Floats = np.ndarray[Any, np.dtype[np.float32]]


@attrs.define(eq=False)
class _Job:
    texts: Sequence[str]
    pieces: Sequence[int]
    vectors: Floats
    taken: int = 0
    """Texts handed to encoder calls so far (from the front)."""
    filled: int = 0
    """Rows of ``vectors`` written."""
    calls: int = 0
    """Encoder calls that took some of its texts."""
    error: Exception | None = None
    abandoned: bool = False

    @property
    def done(self) -> bool:
        return self.error is not None or self.filled == len(self.texts)


@attrs.frozen
class _Slice:
    job: _Job
    start: int
    stop: int


class EmbeddingBatcher:
    """Coalesces concurrent embedding requests into encoder calls of bounded size.

    Args:
        encoder: the text encoder.
        max_batch: texts in one encoder call at most.
        batch_wait: seconds the first request of a call waits for others.
        call_pieces: word pieces in one encoder call at most (a single text may exceed it).
    """

    def __init__(
        self,
        encoder: MiniLMEncoder,
        *,
        max_batch: int = 256,
        batch_wait: float = 0.002,
        call_pieces: int = 4_096,
    ) -> None:
        self.encoder = encoder
        self.max_batch = max_batch
        self.batch_wait = batch_wait
        self.call_pieces = call_pieces
        self._queue: list[_Job] = []
        self._turn = anyio.Lock()
        self._arrived = anyio.Event()
        self._held_back = False  # the last call left larger requests out for new ones
        self.requests = 0
        """Requests answered."""
        self.batches = 0
        """Encoder calls made."""
        self.texts = 0
        """Texts embedded (cache hits included)."""
        self.largest_batch = 0
        """The most texts one encoder call has taken."""

    async def embed(self, texts: Sequence[str], pieces: Sequence[int]) -> Floats:
        """The vectors of ``texts`` (one row each, in order).

        Args:
            texts: the texts, each no longer than the model reads
                (:meth:`~recallbench.adapters.retrieval.minilm.MiniLMEncoder.read_prefixes`).
            pieces: the word pieces the model reads of each (what a call's size is counted in).

        Raises:
            Exception: what the encoder raised for a call this request was in.
        """
        job = _Job(texts, pieces, np.empty((len(texts), self.encoder.dim), dtype=np.float32))
        if texts:
            self._queue.append(job)
            self._arrived.set()
        try:
            while not job.done:
                async with self._turn:
                    if not job.done:
                        await self._lead()
        finally:
            # A request cancelled before all its texts were taken (its client went away): the
            # rest is skipped.
            job.abandoned = not job.done
        if job.error is not None:
            raise job.error
        self.requests += 1
        return job.vectors

    def _queued(self) -> tuple[int, int]:
        texts = pieces = 0
        for job in self._queue:
            texts += len(job.texts) - job.taken
            pieces += int(sum(job.pieces[job.taken :]))
            if texts >= self.max_batch or pieces >= self.call_pieces:
                break
        return texts, pieces

    async def _lead(self) -> None:
        """Gather one call (waiting up to ``batch_wait`` for company), encode it, hand it out."""
        deadline = anyio.current_time() + self.batch_wait
        while True:
            texts, pieces = self._queued()
            remaining = deadline - anyio.current_time()
            if texts >= self.max_batch or pieces >= self.call_pieces or remaining <= 0:
                break
            self._arrived = anyio.Event()
            with anyio.move_on_after(remaining):
                await self._arrived.wait()
        slices = self._take()
        if not slices:
            return
        batch = [t for s in slices for t in s.job.texts[s.start : s.stop]]
        # Shielded: once taken, a call is encoded and handed out even if the leading request is
        # cancelled meanwhile, or the requests riding with it would never be answered.
        with anyio.CancelScope(shield=True):
            try:
                vectors = await anyio.to_thread.run_sync(self.encoder.encode, batch)
            except Exception as exc:  # this call's requests fail; the server goes on
                log.warning(
                    "embed-serve: encoding %d texts failed: %s: %s",
                    len(batch),
                    type(exc).__name__,
                    exc,
                )
                for s in slices:
                    s.job.error = exc
                self._queue = [job for job in self._queue if job.error is None]
                return
        self.batches += 1
        self.texts += len(batch)
        self.largest_batch = max(self.largest_batch, len(batch))
        row = 0
        for s in slices:
            count = s.stop - s.start
            s.job.vectors[s.start : s.stop] = vectors[row : row + count]
            s.job.filled += count
            row += count

    def _take(self) -> list[_Slice]:
        """The texts of the next call, in arrival order, each request as many of its texts as
        still fit. Requests with no rows yet go first, and a call that takes them is not filled
        up with the rest of larger requests — unless the last call was such a call, so that a
        stream of small requests cannot hold a large one back for more than every other call."""
        self._queue = [job for job in self._queue if not job.abandoned]
        fresh = [job for job in self._queue if job.calls == 0]
        rest = [job for job in self._queue if job.calls > 0]
        if fresh and rest and not self._held_back:
            order, self._held_back = fresh, True
        else:
            order, self._held_back = fresh + rest, False
        slices: list[_Slice] = []
        texts = pieces = 0
        for job in order:
            start = stop = job.taken
            while stop < len(job.texts) and texts < self.max_batch:
                cost = int(job.pieces[stop])
                if texts and pieces + cost > self.call_pieces:
                    break
                texts, pieces, stop = texts + 1, pieces + cost, stop + 1
            if stop > start:
                slices.append(_Slice(job, start, stop))
                job.taken, job.calls = stop, job.calls + 1
            if texts >= self.max_batch or pieces >= self.call_pieces:
                break
        self._queue = [job for job in self._queue if job.taken < len(job.texts)]
        return slices
