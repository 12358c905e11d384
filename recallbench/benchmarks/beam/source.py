"""Where BEAM's files are: a checkout's root, a size folder, or one conversation's folder. Pure but for
``stat`` calls and directory listings; no file is parsed here.

The repository (github.com/mohammadtavakoli78/BEAM) keeps each conversation in
``chats/<size>/<n>/``, sizes ``100K`` (the paper's 128K), ``500K``, ``1M`` and ``10M``, folders
numbered from 1 and sorted as numbers. A conversation folder holds ``chat.json``, often
``chat_trunecated.json`` (sic) and ``probing_questions/probing_questions.json``; a 10M one holds
``plan-0`` … ``plan-9`` folders too, each a ``chat.json`` whose message ids restart at 0.

**Which haystack** (:func:`chat_sources`): the official answer generation
(``src/answer_probing_questions/answer_generation.py``) reads ``chat_trunecated.json`` when the
folder has it and ``chat.json`` otherwise, so that is the default (``--beam-chat official``); the
truncated file is a prefix of ``chat.json`` with hand edits (``1M/6``), never derived from it.
``--beam-chat full`` reads ``chat.json`` always. A 10M folder without either combined file (the
repository's are git blobs of 35–45 MB, which some copies lack) is read from its plan folders,
concatenated in order with their ids renumbered as the repository's ``combine_10m_chats`` does.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

import attrs

from ...errors import ConfigError, DatasetError
from .abilities import SIZE_ALIASES, SIZES

__all__ = [
    "CHAT",
    "CHAT_CHOICES",
    "PROBING",
    "TRUNCATED",
    "ChatSource",
    "Conversation",
    "chat_sources",
    "is_beam_path",
    "locate",
]

CHAT = "chat.json"
TRUNCATED = "chat_trunecated.json"
"""The truncated haystack's name, as the repository spells it."""
PROBING = Path("probing_questions") / "probing_questions.json"
CHAT_CHOICES = ("official", "full")
"""``--beam-chat``: the official haystack (the truncated file where there is one), or ``chat.json``."""

_PLAN = re.compile(r"^plan-(\d+)$")
_WHERE = (
    "a BEAM path is a checkout's root (with --beam-size), a size folder (chats/100K) or one "
    "conversation's folder (chats/100K/1)"
)


@attrs.frozen(kw_only=True)
class ChatSource:
    """The files a conversation's haystack is read from, in order: one chat file (a 10M one holds
    its plans), or a 10M conversation's ``plan-k/chat.json`` files (``plans`` True)."""

    files: tuple[Path, ...]
    plans: bool = False
    note: str | None = None
    """Why this source is not the official one (a warning for the import), when it is not."""


@attrs.frozen(kw_only=True)
class Conversation:
    """One conversation folder: its size (``""`` when its folder is not under a size folder), its
    folder's name, and the persona id it is written as (``100K-01``)."""

    folder: Path
    size: str
    number: str

    @property
    def id(self) -> str:
        """``<size>-<nn>`` (numbers padded to two digits so that ids sort as the folders do)."""
        name = f"{int(self.number):02d}" if self.number.isdigit() else self.number
        safe = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.") or "conversation"
        return f"{self.size}-{safe}" if self.size else safe

    @property
    def label(self) -> str:
        """``100K/3``: how messages name it."""
        return f"{self.size}/{self.number}" if self.size else self.number

    @property
    def questions(self) -> Path:
        return self.folder / PROBING


def _numbered(name: str) -> tuple[int, int | str]:
    return (0, int(name)) if name.isdigit() else (1, name)


def _has_probing(folder: Path) -> bool:
    return (folder / PROBING).is_file()


def _plan_folders(folder: Path) -> list[Path]:
    try:
        with os.scandir(folder) as entries:
            found = [(int(m.group(1)), Path(e.path)) for e in entries if (m := _PLAN.match(e.name))]
    except OSError:
        return []
    return [p for _, p in sorted(found) if p.is_dir()]


def _subfolders(folder: Path) -> list[Path]:
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries if e.is_dir() and not e.name.startswith(".")]
    except OSError:
        return []
    return [folder / n for n in sorted(names, key=_numbered)]


def _is_size_folder(folder: Path) -> bool:
    return any(_has_probing(sub) for sub in _subfolders(folder)[:3]) or (
        folder.name in SIZES and any(_has_probing(sub) for sub in _subfolders(folder))
    )


def _sizes_under(chats: Path) -> list[str]:
    return [s for s in SIZES if (chats / s).is_dir()]


def is_beam_path(path: Path) -> bool:
    """Whether ``path`` is BEAM's data as the repository lays it out (module docstring): cheap, a
    few ``stat`` calls and directory listings."""
    if not path.is_dir():
        return False
    if _sizes_under(path / "chats") or (path.name == "chats" and _sizes_under(path)):
        return True
    return _has_probing(path) or _is_size_folder(path)


def _size_of(option: str | None) -> str | None:
    if option is None:
        return None
    size = SIZE_ALIASES.get(option, option)
    if size not in SIZES:
        raise ConfigError(
            f"--beam-size must be one of {', '.join(SIZES)} (or 128K), not {option!r}"
        )
    return size


def _check_size(path: Path, found: str, wanted: str | None) -> None:
    if wanted is not None and found and wanted != found:
        raise ConfigError(
            f"--beam-size {wanted} contradicts {path}, which is BEAM's {found} data: leave the "
            "flag out, or give the checkout's root"
        )


def _conversations_of(size_dir: Path, size: str) -> list[Conversation]:
    out = []
    for sub in _subfolders(size_dir):
        if _has_probing(sub):
            out.append(Conversation(folder=sub, size=size, number=sub.name))
        elif sub.name.isdigit():
            raise DatasetError(
                f"BEAM conversation {size}/{sub.name}: no {PROBING.as_posix()}", path=sub / PROBING
            )
    if not out:
        raise DatasetError(f"no BEAM conversation folders here ({_WHERE})", path=size_dir)
    return out


def locate(path: Path, size_option: str | None) -> tuple[str, list[Conversation]]:
    """The size and the conversations of a BEAM path (a checkout's root, its ``chats`` folder, a
    size folder or a conversation folder), conversations in the repository's order.

    Raises:
        DatasetError: nothing of BEAM's is there (naming what a BEAM path is).
        ConfigError: a root without ``--beam-size`` (naming the sizes it has), or a size the path
            contradicts.
    """
    wanted = _size_of(size_option)
    if not path.exists():
        raise DatasetError(f"no such folder ({_WHERE})", path=path)
    if not path.is_dir():
        raise DatasetError(f"--data beam: takes a folder, not a file ({_WHERE})", path=path)
    chats = path if path.name == "chats" and _sizes_under(path) else path / "chats"
    sizes = _sizes_under(chats)
    if sizes:
        if wanted is None:
            if len(sizes) > 1:
                raise ConfigError(
                    f"{path} holds BEAM's {', '.join(sizes)} conversations: pick a size with "
                    f"--beam-size {'|'.join(sizes)} (100K is the paper's 128K)"
                )
            wanted = sizes[0]
        if wanted not in sizes:
            raise DatasetError(
                f"no chats/{wanted} folder here (this copy has {', '.join(sizes)})", path=chats
            )
        return wanted, _conversations_of(chats / wanted, wanted)
    if _has_probing(path):
        size = path.parent.name if path.parent.name in SIZES else ""
        _check_size(path, size, wanted)
        return size or (wanted or ""), [
            Conversation(folder=path, size=size or (wanted or ""), number=path.name)
        ]
    if _is_size_folder(path):
        size = path.name if path.name in SIZES else (wanted or "")
        _check_size(path, path.name if path.name in SIZES else "", wanted)
        return size, _conversations_of(path, size)
    raise DatasetError(f"no BEAM data here ({_WHERE})", path=path)


def chat_sources(conv: Conversation, chat: str = "official") -> ChatSource:
    """The files a conversation's haystack is read from (module docstring).

    Raises:
        DatasetError: it has none, or a 10M folder misses one of its plans' ``chat.json``.
    """
    if chat not in CHAT_CHOICES:
        raise ConfigError(f"--beam-chat must be official or full, not {chat!r}")
    folder = conv.folder
    names = (TRUNCATED, CHAT) if chat == "official" else (CHAT,)
    for name in names:
        if (folder / name).is_file():
            return ChatSource(files=(folder / name,))
    plans = _plan_folders(folder)
    if plans:
        files = tuple(p / CHAT for p in plans)
        missing = [f for f in files if not f.is_file()]
        if missing:
            raise DatasetError(
                f"BEAM conversation {conv.label}: no {CHAT} in {missing[0].parent.name} (a 10M "
                f"conversation without {TRUNCATED} or {CHAT} is read from all of its plans)",
                path=missing[0],
            )
        note = None
        if chat == "official":
            note = (
                f"BEAM conversation {conv.label} has no {TRUNCATED}: its haystack is its "
                f"{len(files)} plans' chats concatenated (the whole conversation; the official one "
                "is its prefix cut at 9,990,000 tokens, so late sessions the official haystack "
                "leaves out are ingested too)"
            )
        return ChatSource(files=files, plans=True, note=note)
    if chat == "full" and (folder / TRUNCATED).is_file():
        raise DatasetError(
            f"BEAM conversation {conv.label}: --beam-chat full reads {CHAT}, which is not here "
            f"(only {TRUNCATED})",
            path=folder / CHAT,
        )
    raise DatasetError(
        f"BEAM conversation {conv.label}: no chat file ({TRUNCATED}, {CHAT} or plan-k/{CHAT})",
        path=folder,
    )


def input_files(conversations: Sequence[Conversation], chat: str) -> list[Path]:
    """Every file a conversion of ``conversations`` reads, in order (what its cache key hashes)."""
    files: list[Path] = []
    for conv in conversations:
        files.extend(chat_sources(conv, chat).files)
        files.append(conv.questions)
        if (conv.folder / "topic.json").is_file():
            files.append(conv.folder / "topic.json")
    return files
