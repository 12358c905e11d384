"""``--data beam:PATH`` converted once into the user cache.

The conversion is keyed by what it reads: a listing of every input file (each conversation's chat
file or plan files, its probing questions and its ``topic.json``), each named relative to its size
folder with the SHA-256 of its bytes, is the "source"
:func:`~recallbench.data.cached_import` hashes; the size and the haystack choice name the variant. The same files read from
another folder hit the same conversion; an edited file makes a new one.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

from ...data import cached_import
from ...errors import DatasetError

__all__ = ["cached_conversion", "content_hash", "source_listing"]


def content_hash(path: Path) -> str:
    """The SHA-256 of a file's bytes.

    Raises:
        DatasetError: it cannot be read.
    """
    h = hashlib.sha256()
    try:
        with path.open("rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError as exc:
        raise DatasetError(f"cannot read the file: {exc.strerror or exc}", path=path) from None
    return h.hexdigest()


def source_listing(path: Path, size_option: str | None, chat: str) -> tuple[str, str]:
    """The size the path is read at and the listing of its input files (module docstring).

    Raises:
        DatasetError, ConfigError: as :func:`~.source.locate` and :func:`~.source.chat_sources`.
    """
    from .source import input_files, locate

    size, conversations = locate(path, size_option)
    lines = [f"beam size={size} chat={chat}"]
    for conv in conversations:
        base = conv.folder.parent
        for f in input_files([conv], chat):
            lines.append(f"{f.relative_to(base).as_posix()}\t{content_hash(f)}")
    return size, "\n".join(lines) + "\n"


def cached_conversion(path: Path, size_option: str | None, chat: str) -> Path:
    """The personas of the BEAM data at ``path`` (a root with its size, a size folder, or a
    conversation folder), converted once (module docstring).

    Raises:
        DatasetError: the data is missing or malformed (naming the file, the conversation and the
            field); nothing is left in the cache.
        ConfigError: a root without a size, or a size the path contradicts.
    """
    from .conversation import convert_beam
    from .source import locate

    size, listing = source_listing(path, size_option, chat)

    def convert(_listing: Path, out: Path) -> None:
        found_size, conversations = locate(path, size_option)
        convert_beam(conversations, out, size=found_size, chat=chat)

    with tempfile.TemporaryDirectory(prefix="recallbench-beam-") as tmp:
        source = Path(tmp) / "beam-sources.txt"
        source.write_text(listing, encoding="utf-8")
        return cached_import("beam", source, convert, variant=f"{size or 'conv'}-{chat}")
