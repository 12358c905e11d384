"""``questions.yaml`` as ``generate-qa`` keeps it: a resumable store of Q&A pairs.

* **A progress header.** The file's first comment lines record which checkpoints are done
  (:class:`ProgressHeader`), so the record and the pairs it describes are one atomic write: a run
  interrupted anywhere leaves a file whose header tells the truth about its pairs.
* **Appends that keep the file's own text.** Existing pairs keep every key, value, comment and
  quoting exactly as written — ``irrelevant_after`` and keys recallbench does not know included —
  and a commit costs the new pairs only, not a rewrite of two thousand.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from .._atomic import atomic_write_text
from ..data._yaml import dump_yaml, load_yaml, read_text
from ..data.dataset import read_questions
from ..data.qa import QAPair
from ..errors import DatasetError
from .qa_parse import next_pair_number, pair_to_disk

__all__ = [
    "PROGRESS_MARKER",
    "Coverage",
    "ProgressHeader",
    "QuestionsStore",
    "parse_progress_header",
    "reindent",
    "sequence_indent",
    "split_progress_header",
]

logger = logging.getLogger("recallbench")

PROGRESS_MARKER = "# recallbench generate-qa:"
_PREEXISTING_LINE = re.compile(r"^# pairs before this header: (\d+)[ \t]*$")
_DONE_LINE = re.compile(r"^# done (standard|boundary \S+): ([\d,]*)[ \t]*$")


@attrs.frozen(kw_only=True)
class Coverage:
    """The checkpoints of one mode (``standard``, or ``boundary <session>``) a questions file holds.

    Attributes:
        through: every checkpoint up to this day counts as done — what pairs written before
            recallbench kept track imply (the reference's resume rule: their highest relevant day).
        done: further checkpoints done.
    """

    through: int = 0
    done: frozenset[int] = frozenset()

    def covers(self, checkpoint: int) -> bool:
        return checkpoint <= self.through or checkpoint in self.done

    def last_before(self, checkpoint: int) -> int:
        """The latest covered checkpoint before ``checkpoint`` (0 when none)."""
        return max([min(self.through, checkpoint - 1), *(d for d in self.done if d < checkpoint)])


@attrs.frozen(kw_only=True)
class ProgressHeader:
    """The leading comment lines of a questions file ``generate-qa`` wrote.

    Attributes:
        preexisting: how many of the file's first pairs predate the header (written by the
            reference or by hand); their checkpoints follow the reference's rule.
        done: checkpoint days done, per ``standard`` / ``boundary <session>``.
    """

    preexisting: int = 0
    done: Mapping[str, frozenset[int]] = attrs.field(factory=dict)

    def format(self) -> str:
        """The header's text (each line ends with a newline)."""
        lines = [
            f"{PROGRESS_MARKER} checkpoints whose pairs are in this file; a rerun skips them.",
            f"# pairs before this header: {self.preexisting}",
        ]
        for key in sorted(self.done):
            lines.append(f"# done {key}: {','.join(map(str, sorted(self.done[key])))}")
        return "\n".join(lines) + "\n"

    def with_done(self, key: str, checkpoint: int) -> ProgressHeader:
        done = dict(self.done)
        done[key] = done.get(key, frozenset()) | {checkpoint}
        return attrs.evolve(self, done=done)


def split_progress_header(text: str) -> tuple[ProgressHeader | None, str]:
    """A questions file's progress header (None when it has none) and the text after it.

    Only the header's own lines are taken: comments a curator wrote below it stay in the text.
    """
    lines = text.splitlines(keepends=True)
    if not lines or not lines[0].startswith(PROGRESS_MARKER):
        return None, text
    preexisting = 0
    done: dict[str, frozenset[int]] = {}
    taken = 1
    for line in lines[1:]:
        if m := _PREEXISTING_LINE.match(line.rstrip("\n")):
            preexisting = int(m.group(1))
        elif m := _DONE_LINE.match(line.rstrip("\n")):
            done[m.group(1)] = frozenset(int(d) for d in m.group(2).split(",") if d)
        else:
            break
        taken += 1
    return ProgressHeader(preexisting=preexisting, done=done), "".join(lines[taken:])


def parse_progress_header(text: str) -> ProgressHeader | None:
    """The header of a questions file, or None when it has none (not written by ``generate-qa``)."""
    return split_progress_header(text)[0]


_ITEM = re.compile(r"^( *)-(?: |$)")


def sequence_indent(body: str) -> int | None:
    """The indentation of a YAML text's top-level block-sequence items (``- id: …``), or None when
    it is not a plain block sequence (flow style, document markers, a mapping)."""
    lines = body.splitlines()
    if any(line.startswith(("---", "...")) for line in lines):
        return None
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _ITEM.match(line)
        return len(m.group(1)) if m else None
    return None


def reindent(text: str, shift: int) -> str:
    """``text`` with ``shift`` spaces added to (or, when negative, removed from) every non-empty
    line; every such line must start with at least ``-shift`` spaces."""
    if shift == 0:
        return text
    out = []
    for line in text.splitlines(keepends=True):
        if not line.strip("\n"):
            out.append(line)
        elif shift > 0:
            out.append(" " * shift + line)
        else:
            if not line.startswith(" " * -shift):
                raise ValueError(f"cannot remove {-shift} spaces from {line!r}")
            out.append(line[-shift:])
    return "".join(out)


class QuestionsStore:
    """``questions.yaml`` as this run keeps it: the pairs, the progress header, and the file's own
    text for the pairs it already held.

    A commit appends the new pairs' YAML to that text (at the file's own indentation) and rewrites
    the whole file atomically: existing pairs keep every key, value, comment and quoting exactly as
    written, and a commit costs the new pairs, not the whole file. The first append of a run is
    checked by reading the result back; should the file's text not take an append faithfully (an
    unusual layout), the file is written afresh from its data instead.
    """

    def __init__(self, path: Path, persona_id: str) -> None:
        self.path = path
        self.raw: list[dict[str, Any]] = []
        self.pairs: list[QAPair] = []
        header: ProgressHeader | None = None
        self.body = ""
        if path.is_file():
            header, self.body = split_progress_header(read_text(path))
            data = load_yaml(path)
            if data not in (None, []):
                self.pairs = list(read_questions(path))  # checked: errors name file and line
                self.raw = list(data)
        if not self.raw:
            self.body = ""
        if self.body and not self.body.endswith("\n"):
            self.body += "\n"
        self.indent = sequence_indent(self.body) if self.raw else _DUMP_INDENT
        self.verified = not self.raw
        # Pairs already in a file we never wrote to are the reference's (or hand-made): their
        # checkpoints follow the reference's resume rule, for every mode and session.
        self.header = header or ProgressHeader(preexisting=len(self.pairs))
        self.legacy = self.pairs[: self.header.preexisting]
        self.next_number = next_pair_number((p.id for p in self.pairs), persona_id)

    def coverage(self, key: str, session: str | None) -> Coverage:
        if session is None:
            days = [p.last_day for p in self.legacy if p.category != "information-boundary"]
        else:
            days = [
                p.last_day
                for p in self.legacy
                if p.category == "information-boundary" and session in (p.forbidden_sessions or ())
            ]
        return Coverage(through=max(days, default=0), done=self.header.done.get(key, frozenset()))

    def commit(self, key: str, checkpoint: int, pairs: Sequence[QAPair], *, done: bool) -> None:
        """Append ``pairs`` (numbered from ``next_number``), record the checkpoint, rewrite."""
        items = [pair_to_disk(p) for p in pairs]
        if done:
            self.header = self.header.with_done(key, checkpoint)
        body = self._appended(items)
        atomic_write_text(self.path, self.header.format() + (body or "[]\n"))
        self.body = body
        self.raw.extend(items)
        self.pairs.extend(pairs)
        self.next_number += len(pairs)

    def _appended(self, items: list[dict[str, Any]]) -> str:
        if not items:
            return self.body
        if self.indent is not None:
            body = self.body + reindent(dump_yaml(items), self.indent - _DUMP_INDENT)
            if self.verified or self._reads_back(body, self.raw + items):
                self.verified = True
                return body
        logger.info(
            "[qa] %s: rewriting the file from its data (its layout takes no append)", self.path
        )
        self.indent, self.verified = _DUMP_INDENT, True
        return dump_yaml(self.raw + items)

    def _reads_back(self, body: str, expected: list[dict[str, Any]]) -> bool:
        probe = self.path.with_name(f".{self.path.name}.verify.tmp")
        try:
            atomic_write_text(probe, body)
            return bool(load_yaml(probe) == expected)
        except DatasetError:
            return False
        finally:
            probe.unlink(missing_ok=True)


_DUMP_INDENT = 2
"""Where :func:`~recallbench.data._yaml.dump_yaml` puts a top-level list's dashes."""
