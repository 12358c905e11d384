"""The BEAM family: :class:`Beam` (its dataset: :class:`~.dataset.BeamDataset`).

* ``--data beam:PATH``: ``PATH`` is a checkout of github.com/mohammadtavakoli78/BEAM (with
  ``--beam-size 100K|500K|1M|10M``; ``128K``, the paper's name of ``100K``, is accepted), its
  ``chats`` folder, a size folder (``chats/100K``) or one conversation's folder
  (``chats/100K/1``); such a folder given as a plain path is recognised too. ``--beam-chat
  official|full`` picks the haystack (:mod:`.source`).
* It is converted once into the user cache (:func:`~recallbench.data.cached_import`, keyed by
  the SHA-256 of every file it reads: :mod:`.cache`): a conversation a persona
  (:mod:`.conversation`), its questions pairs (:mod:`.questions`), asked once after the whole
  conversation. ``recallbench import beam PATH --out DIR`` writes the same.
* Judges: ``beam:<model spec>`` and ``beam-paper:<model spec>`` (:mod:`.judge_llm`),
  ``beam-nuggets`` (:mod:`.judge_offline`, the default without a judge model); with
  ``--judge-model SPEC`` and no ``--judge``, the default is ``beam:SPEC``.
* Figures: per ability, BEAM's score and recall@10, and the overall (:mod:`.figures`).

Importing this module imports :mod:`recallbench.family.base` and :mod:`.abilities` only; every
method imports what it needs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...family.base import DataOption, Figures, ImportSummary, Table
from ...family.imported import ImportedBenchmark
from .abilities import ABILITIES

if TYPE_CHECKING:
    from ...data import Dataset
    from ...data.importers._native import ImportedDataset
    from ...judges.base import Judge
    from ...models.base import TextModel
    from ...results.records import PersonaResult

__all__ = ["Beam"]

_JUDGE_FORMS = ("beam:<model spec>", "beam-paper:<model spec>", "beam-nuggets")
"""Its judge specs (each begins with the family's name)."""


class Beam(ImportedBenchmark):
    """BEAM ("Beyond a Million Tokens", arXiv 2510.27246): the module docstring."""

    valid_as = "BEAM data"

    name = "beam"
    title = "BEAM"
    summary = (
        "BEAM (Beyond a Million Tokens): 100K-10M-token conversations, ten memory abilities, "
        "rubric-nugget judging"
    )
    unit = "conversation"
    categories = ABILITIES
    data_options = (
        DataOption(
            flag="--beam-size",
            choices=("100K", "128K", "500K", "1M", "10M"),
            metavar="SIZE",
            elsewhere="a converted BEAM folder keeps the size it was converted at",
            help="the chat size a BEAM checkout's root is read at: 100K (the paper's 128K), 500K, "
            "1M or 10M (a size or conversation folder is read as it is)",
        ),
        DataOption(
            flag="--beam-chat",
            choices=("official", "full"),
            import_default="official",
            elsewhere="a converted BEAM folder keeps the haystack it was converted from",
            help="BEAM's haystack: official (chat_trunecated.json where the conversation has one, "
            "as BEAM's evaluation reads it; the default) or full (chat.json always)",
        ),
    )
    judge_forms = _JUDGE_FORMS
    can_import = True
    own_default_judge = True
    """Its default judge is its own (``beam-nuggets``; ``beam:<--judge-model>``)."""

    def dataset_type(self) -> type[ImportedDataset]:
        from .dataset import BeamDataset

        return BeamDataset

    def detect(self, path: Path) -> bool:
        from .source import is_beam_path

        return is_beam_path(path)

    def _options(self, options: Mapping[str, Any]) -> tuple[str | None, str]:
        size = options.get("beam_size")
        chat = options.get("beam_chat") or "official"
        return (str(size) if size is not None else None), str(chat)

    def no_data_hint(self, path: Path) -> str | None:
        """A folder whose sub-folders are numbered but hold no probing questions, or a ``chats``
        folder without a size: what BEAM's data looks like."""
        from .abilities import SIZES
        from .source import PROBING

        try:
            names = {p.name for p in path.iterdir() if p.is_dir()}
        except OSError:
            return None
        if "chats" in names or names & set(SIZES) or any(n.isdigit() for n in names):
            return (
                "no BEAM data (looked for chats/<size>/<n>/ or a conversation's "
                f"{PROBING.as_posix()}; --data beam:PATH names a BEAM checkout)"
            )
        return None

    def resolve(self, spec: str, target: str, options: Mapping[str, Any]) -> Path:
        """BEAM's files at ``target`` as the folder they convert to, once (in the user cache,
        keyed by their content, the size and the haystack); a folder they were converted into as
        it is.

        Raises:
            ConfigError: a root without ``--beam-size``; a size the path contradicts; BEAM's
                flags given for a converted folder.
            DatasetError: no BEAM data there; a malformed file (naming the file, the conversation
                and the field); a folder converted for another family.
        """
        path = super().resolve(spec, target, options)
        from ...data import IMPORT_MARKER

        if (path / IMPORT_MARKER).is_file():
            from ...family.opening import marked_family

            owner = marked_family(path)
            if owner != self.name:
                from ...errors import DatasetError

                raise DatasetError(
                    f"this folder holds {owner} data recallbench converted, not BEAM's", path=path
                )
            given = [f"--beam-{k[5:]}" for k, v in options.items() if v is not None]
            if given:
                from ...errors import ConfigError

                raise ConfigError(
                    f"{' and '.join(given)} apply to BEAM's own files, not to {path}, which is "
                    "already converted"
                )
            return path
        size, chat = self._options(options)
        from .cache import cached_conversion

        return cached_conversion(path, size, chat)

    def convert(self, source: Path, out: Path, options: Mapping[str, Any]) -> ImportSummary:
        from .conversation import convert_beam
        from .source import locate

        size_option, chat = self._options(options)
        size, conversations = locate(Path(source).expanduser(), size_option)
        done = convert_beam(conversations, out, size=size, chat=chat)
        return ImportSummary(
            what=f"{len(done.ids)} BEAM {size + ' ' if size else ''}conversation(s)",
            questions=done.questions,
            detail="; each asked once, after its whole conversation",
        )

    def load_judge(
        self, spec: str, *, base_dir: Path | None, timeout: float | None
    ) -> Judge | None:
        from .judges import load_beam_judge

        return load_beam_judge(spec, base_dir=base_dir, timeout=timeout)

    def default_judge(
        self, dataset: Dataset, *, model: TextModel | None, model_spec: str | None
    ) -> Judge | None:
        if model is not None:
            from .judge_llm import BeamJudge

            return BeamJudge(model, name=f"beam:{model_spec}" if model_spec else None)
        from .judge_offline import BeamNuggetJudge

        return BeamNuggetJudge()

    def figures(self, dataset: Dataset, judge: Judge, personas: Sequence[PersonaResult]) -> Figures:
        from .figures import beam_published

        return Figures(published=beam_published(personas, judge))

    def tables(self, published: Mapping[str, Any]) -> tuple[Table, ...]:
        from .figures import beam_tables

        return beam_tables(published)

    def headline(self, published: Mapping[str, Any]) -> str | None:
        from .figures import beam_headline

        return beam_headline(published)
