"""SQLite FTS5 with its ``bm25()`` ranking: the seed-004 lexical reference (``builtin:fts5``).

The seed's ``SqliteFtsRetriever`` mirrors a production local-store search: an FTS5 table, a
``'"w1" OR "w2" …'`` MATCH and ``ORDER BY bm25()``. Here:

* the table is in memory and **contentless** (``content=''``): it holds the index only, documents
  stay in Python and the FTS ``rowid`` is the document's position, so the reported size
  (``PRAGMA page_count × page_size``) is the index's;
* documents are inserted as the pinned tokenizer's tokens (:mod:`recallbench.adapters.retrieval.tokenize`)
  joined by spaces, and queries are its distinct tokens, each double-quoted, joined by ``OR``. FTS5's
  own ``unicode61`` tokenizer then splits both the same way, so this baseline and
  :mod:`~recallbench.adapters.retrieval.bm25` see identical terms and differ only in scoring: FTS5's bm25 uses
  k1 = 1.2, b = 0.75 and Robertson's idf clamped at a small positive value, so terms in more than
  half the chunks score almost nothing;
* ``bm25()`` is negative (lower is better); :meth:`Fts5Retriever.search` reports its negation, so
  higher is better as everywhere else. Equal scores go to the earlier-added document (``rowid``).

Uses only the stdlib ``sqlite3`` (FTS5 is compiled into CPython's SQLite on the supported platforms).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence

from ...errors import ConfigError
from .base import Document
from .tokenize import tokenize, unique_tokens

__all__ = ["Fts5Retriever", "fts5_query"]

_TABLE = "chunks"


def fts5_query(query: str) -> str | None:
    """The MATCH expression of a query: its distinct tokens, double-quoted, joined by ``OR``; None
    when the query has no tokens (only stopwords or punctuation).

    Examples:
        >>> fts5_query("Which invoices did Devika fix?")
        '"invoice" OR "devika" OR "fix"'
    """
    # The pinned tokens are [a-z0-9]+, so they never contain a double quote to escape.
    terms = unique_tokens(query)
    return " OR ".join(f'"{t}"' for t in terms) if terms else None


class Fts5Retriever:
    """An in-memory SQLite FTS5 index ranked by ``bm25()``, as a retriever (``name="fts5"``).

    Args:
        name: the label in reports.

    Raises:
        ConfigError: this Python's SQLite was built without FTS5.
    """

    def __init__(self, *, name: str = "fts5") -> None:
        self.name = name
        self.documents: list[Document] = []
        """Every document added, in order (its position + 1 is its FTS rowid); a removed one stays
        here, out of the index."""
        self._rows: dict[str, int] = {}
        """The FTS rowid of each document in the index, by id."""
        self._db = self._connect()

    @staticmethod
    def _connect() -> sqlite3.Connection:
        # check_same_thread=False: the index is built and queried from whichever worker thread the
        # caller uses; access is never concurrent (the class is not thread-safe and says nothing
        # more).
        db = sqlite3.connect(":memory:", check_same_thread=False)
        try:
            db.execute(f"CREATE VIRTUAL TABLE {_TABLE} USING fts5(body, content='')")
        except sqlite3.OperationalError as exc:
            db.close()
            raise ConfigError(
                f"SQLite {sqlite3.sqlite_version} has no FTS5 ({exc}); use builtin:bm25"
            ) from exc
        return db

    def __len__(self) -> int:
        return len(self._rows)

    def build_index(self, corpus: Sequence[Document]) -> None:
        """Replace the index with one over ``corpus``."""
        self._db.close()
        self._db = self._connect()
        self.documents = []
        self._rows = {}
        self.add(corpus)

    def add(self, documents: Iterable[Document]) -> None:
        """Index more documents.

        Raises:
            ValueError: a document id is already in the index (or repeats in ``documents``).
        """
        rows: list[tuple[int, str]] = []
        for document in documents:
            if document.id in self._rows:
                raise ValueError(f"document id {document.id!r} is already in the index")
            self.documents.append(document)
            self._rows[document.id] = len(self.documents)
            rows.append((len(self.documents), " ".join(tokenize(document.text))))
        with self._db:  # one transaction: row-by-row commits would be an order of magnitude slower
            self._db.executemany(f"INSERT INTO {_TABLE}(rowid, body) VALUES (?, ?)", rows)

    def remove(self, doc_ids: Iterable[str]) -> int:
        """Take documents out of the index; ids it does not hold are ignored. Returns how many it
        removed. A removed document's id may be added again (an updated memory)."""
        rows: list[tuple[int, str]] = []
        for doc_id in dict.fromkeys(doc_ids):
            rowid = self._rows.pop(doc_id, None)
            if rowid is not None:
                rows.append((rowid, " ".join(tokenize(self.documents[rowid - 1].text))))
        if rows:
            # A contentless table forgets a row through FTS5's 'delete' command, which must be
            # given the very text indexed: the same tokens, joined the same way.
            with self._db:
                self._db.executemany(
                    f"INSERT INTO {_TABLE}({_TABLE}, rowid, body) VALUES ('delete', ?, ?)", rows
                )
        return len(rows)

    def search(
        self,
        query: str,
        k: int,
        *,
        allow: Callable[[Document], bool] | None = None,
    ) -> list[tuple[Document, float]]:
        """The best ``k`` documents for ``query`` with their scores (−bm25), best first.

        Args:
            query: free text, tokenized like the documents.
            k: how many at most.
            allow: when given, only documents it accepts are returned; the others are skipped, not
                counted against ``k``.

        Raises:
            ValueError: ``k`` < 1.
        """
        if k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        match = fts5_query(query)
        if match is None:
            return []
        sql = f"SELECT rowid, bm25({_TABLE}) FROM {_TABLE} WHERE {_TABLE} MATCH ? ORDER BY 2, rowid"
        params: tuple[object, ...] = (match,)
        if allow is None:
            sql += " LIMIT ?"
            params = (match, k)
        out: list[tuple[Document, float]] = []
        # Without a filter SQLite stops at k; with one the cursor is read lazily until k pass it.
        for rowid, rank in self._db.execute(sql, params):
            document = self.documents[rowid - 1]
            if allow is not None and not allow(document):
                continue
            out.append((document, -float(rank)))
            if len(out) == k:
                break
        return out

    def retrieve(self, query: str, k: int) -> list[str]:
        """The ids of the best ``k`` documents, best first."""
        return [d.id for d, _ in self.search(query, k)]

    def index_size_bytes(self) -> int:
        """The database's size: ``PRAGMA page_count`` × ``PRAGMA page_size``."""
        (pages,) = self._db.execute("PRAGMA page_count").fetchone()
        (size,) = self._db.execute("PRAGMA page_size").fetchone()
        return int(pages) * int(size)

    def close(self) -> None:
        """Release the database (the retriever is unusable afterwards)."""
        self._db.close()

    def __repr__(self) -> str:
        return f"Fts5Retriever(name={self.name!r}, docs={len(self.documents)})"
