"""Reading persona directories (reference §1): ``persona.yaml``, an arcs file, its day logs and questions.

The arcs file picks its siblings: ``arcs-180d.yaml`` selects ``memories-180d/`` and ``qa-180d/``; a plain
``arcs.yaml`` selects ``memories/`` and ``qa/``. Loading stops at the first problem with a
:class:`~recallbench.errors.DatasetError` naming file and line; :mod:`recallbench.data.validate` reports all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

import attrs

from .._convert import structure_disk
from .._suggest import nearest_hint
from ..errors import ConfigError, DatasetError
from ._schema import Issue, check_and_build
from ._yaml import KeyPath, Locator, load_yaml, load_yaml_located, read_text
from .corpus import Day, PersonaDataset, StoredDays
from .persona import Persona, PersonaDefinition, Story, day_date
from .qa import CATEGORIES, QAPair

__all__ = [
    "DEFAULT_ARCS_FILE",
    "SOURCE_PERSONAS_DIR",
    "Dataset",
    "DayFile",
    "DayFiles",
    "DirectoryDataset",
    "derive_sibling_dir",
    "list_personas",
    "load_persona",
    "load_persona_definition",
    "persona_dir",
    "read_persona",
    "scan_day_files",
    "shipped_personas_dir",
]

DEFAULT_ARCS_FILE = "arcs-1000d.yaml"
"""The arcs file read in each persona directory when none is named (``--arcs``)."""
DAY_FILE = re.compile(r"^day-(\d{4})\.md$")
_DAY_LIKE = re.compile(r"^day[-_ ]?\d+", re.IGNORECASE)
_ARCS_NAME = re.compile(r"^arcs(?:-(.+))?\.ya?ml$")

T = TypeVar("T")


def derive_sibling_dir(arcs_file: str, base: str) -> str:
    """``arcs-180d.yaml`` + ``memories`` → ``memories-180d``; ``arcs.yaml`` → ``memories``."""
    m = _ARCS_NAME.match(arcs_file)
    if m is None or m.group(1) is None:
        return base
    return f"{base}-{m.group(1)}"


def list_personas(data_dir: Path | str) -> list[str]:
    """The persona ids under ``data_dir``: its sub-directory names, sorted (hidden ones skipped)."""
    root = Path(data_dir)
    if not root.is_dir():
        raise DatasetError("data directory not found", path=root)
    return sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))


def persona_dir(data_dir: Path | str, persona_id: str) -> Path:
    """``data_dir/persona_id``, refusing ids that would leave the data directory."""
    if (
        not persona_id
        or persona_id in {".", ".."}
        or "/" in persona_id
        or "\\" in persona_id
        or Path(persona_id).is_absolute()
    ):
        raise ConfigError(
            f"persona id {persona_id!r} is not a directory name inside the data directory "
            "(no '/', '..' or absolute paths)"
        )
    return Path(data_dir) / persona_id


def _check_arcs_name(arcs_file: str) -> None:
    if not arcs_file or "/" in arcs_file or "\\" in arcs_file or arcs_file in {".", ".."}:
        raise ConfigError(
            f"arcs file {arcs_file!r} must be a file name inside the persona directory, "
            "such as arcs-180d.yaml"
        )


@attrs.frozen
class DayFile:
    """A file in a memories directory: a well-named day log, or a misnamed one (``number`` None)."""

    path: Path
    number: int | None


def scan_day_files(memories_dir: Path) -> Iterator[DayFile]:
    """Day logs in name order, plus files that look like day logs but are misnamed."""
    for path in sorted(memories_dir.iterdir()):
        m = DAY_FILE.match(path.name)
        if m:  # a directory of that name fails later, on reading, with its own message
            yield DayFile(path, int(m.group(1)))
        elif _DAY_LIKE.match(path.name):
            yield DayFile(path, None)


def _raise_first(path: Path, issues: list[Issue], locate: bool) -> None:
    errors = [i for i in issues if i.severity == "error"]
    if not errors:
        return
    first = errors[0]
    locator = load_yaml_located(path)[1] if locate else Locator()
    more = (
        f" (and {len(errors) - 1} more; run 'recallbench validate' to see all)"
        if len(errors) > 1
        else ""
    )
    raise DatasetError(first.message + more, path=path, line=locator.line(first.path))


def _read_record(path: Path, cls: type[T]) -> T:
    raw = load_yaml(path, cached=True)
    if not isinstance(raw, dict):
        raise DatasetError(f"expected a mapping at the top level, found {_kind(raw)}", path=path)
    issues, record = check_and_build(raw, cls)
    _raise_first(path, issues, locate=True)
    return record if record is not None else structure_disk(raw, cls)


def _kind(raw: Any) -> str:
    return "an empty file" if raw is None else f"a {type(raw).__name__}"


def read_persona(path: Path) -> Persona:
    """A ``persona.yaml`` alone, checked (a persona whose arcs do not exist yet).

    Raises:
        DatasetError: the file is missing, not YAML, or not a valid persona (file and line named).
    """
    return _read_record(path, Persona)


def read_questions(path: Path, categories: Sequence[str] = CATEGORIES) -> tuple[QAPair, ...]:
    """Every pair of a ``questions.yaml`` (a YAML list of mappings), checked; a pair's category
    must be one of ``categories`` (Recall Bench's, unless the data's family declares its own)."""
    raw = load_yaml(path, cached=True)
    if raw is None or raw == []:
        raise DatasetError("the questions file is empty: expected a list of Q&A pairs", path=path)
    if not isinstance(raw, list):
        raise DatasetError(f"expected a list of Q&A pairs, found {_kind(raw)}", path=path)
    issues, pairs = _check_questions(raw, categories)
    _raise_first(path, issues, locate=True)
    return tuple(
        p if p is not None else structure_disk(item, QAPair)
        for p, item in zip(pairs, raw, strict=True)
    )


def qa_issues(raw: list[Any], categories: Sequence[str] = CATEGORIES) -> list[Issue]:
    """Problems of a parsed questions list: each pair's fields (its category one of
    ``categories``), and duplicate ids."""
    return _check_questions(raw, categories)[0]


def _check_questions(
    raw: list[Any], categories: Sequence[str] = CATEGORIES
) -> tuple[list[Issue], list[QAPair | None]]:
    """:func:`qa_issues`, and each pair as the check built it (None where it could not)."""
    issues: list[Issue] = []
    pairs: list[QAPair | None] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(raw):
        path: KeyPath = (i,)
        if not isinstance(item, dict):
            issues.append(Issue(path, f"Q&A pair {i + 1} should be a mapping, found {_kind(item)}"))
            pairs.append(None)
            continue
        found, pair = check_and_build(item, QAPair, path)
        category = item.get("category")
        if (
            isinstance(category, str)
            and category not in categories
            and not any(i.path == (*path, "category") for i in found)
        ):
            found.append(
                Issue(
                    (*path, "category"),
                    f"'category' must be one of: {', '.join(categories)} (got {category!r})",
                )
            )
            pair = None
        issues.extend(found)
        pairs.append(pair)
        qid = item.get("id")
        if isinstance(qid, str):
            if qid in seen:
                issues.append(
                    Issue(
                        (i, "id"), f"duplicate Q&A id {qid!r} (first used by pair {seen[qid] + 1})"
                    )
                )
            else:
                seen[qid] = i
    return issues, pairs


def load_persona_definition(
    data_dir: Path | str, persona_id: str, arcs_file: str = DEFAULT_ARCS_FILE
) -> PersonaDefinition:
    """A persona's ``persona.yaml`` and one arcs file, without days or questions."""
    _check_arcs_name(arcs_file)
    pdir = persona_dir(data_dir, persona_id)
    if not pdir.is_dir():
        here = [d.name for d in pdir.parent.iterdir() if d.is_dir()] if pdir.parent.is_dir() else []
        hint = nearest_hint(persona_id, here, "personas here")
        raise DatasetError(f"persona {persona_id!r} not found{hint}", path=pdir)
    persona = _read_record(pdir / "persona.yaml", Persona)
    story = _read_record(pdir / arcs_file, Story)
    return PersonaDefinition(persona=persona, story=story, arcs_file=arcs_file)


def _day_numbers(definition: PersonaDefinition, memories_dir: Path) -> list[int]:
    """The day numbers of ``memories_dir``'s day logs, in order, refusing misnamed ones and day 0."""
    if not memories_dir.is_dir():
        raise DatasetError(
            f"memories directory not found (the arcs file {definition.arcs_file} selects "
            f"{memories_dir.name}/)",
            path=memories_dir,
        )
    numbers = []
    for f in scan_day_files(memories_dir):
        if f.number is None:
            raise DatasetError(
                "misnamed day file: day logs are named day-NNNN.md (four digits, e.g. day-0007.md)",
                path=f.path,
            )
        if f.number == 0:
            raise DatasetError("day numbers start at 1 (day-0001.md)", path=f.path)
        numbers.append(f.number)
    return numbers


@attrs.frozen
class DayFiles:
    """A persona's day logs as a :class:`~recallbench.data.corpus.DaySource`: day *n* is
    ``memories_dir/day-NNNN.md``, dated from the story's epoch, read when asked for."""

    memories_dir: Path
    definition: PersonaDefinition

    def read_days(self, numbers: Sequence[int]) -> Iterator[Day]:
        epoch = self.definition.epoch
        story = self.definition.story
        for n in numbers:
            yield Day(
                number=n,
                date=day_date(epoch, n),
                content=read_text(self.memories_dir / f"day-{n:04d}.md"),
                active_arcs=story.active_arcs(n),
            )


def load_days(definition: PersonaDefinition, memories_dir: Path) -> tuple[Day, ...]:
    """Every day log of ``memories_dir`` in order, dated from the story's epoch."""
    numbers = _day_numbers(definition, memories_dir)
    return tuple(DayFiles(memories_dir, definition).read_days(numbers))


def stored_days(definition: PersonaDefinition, memories_dir: Path) -> StoredDays:
    """:func:`load_days` without reading them: the day logs' numbers (checked as
    :func:`load_days` checks them), each log read when asked for."""
    return StoredDays(_day_numbers(definition, memories_dir), DayFiles(memories_dir, definition))


def load_persona(
    data_dir: Path | str,
    persona_id: str,
    arcs_file: str = DEFAULT_ARCS_FILE,
    *,
    stored: bool = False,
    categories: Sequence[str] = CATEGORIES,
) -> PersonaDataset:
    """Load one persona: definition, day logs and questions.

    Args:
        data_dir: the personas root; each sub-directory is a persona.
        persona_id: the persona's directory name.
        arcs_file: the arcs file inside the persona directory; it selects the memories and qa
            directories (``arcs-180d.yaml`` → ``memories-180d/``, ``qa-180d/``).
        categories: the question categories the data's family accepts (Recall Bench's by default).
        stored: leave the day logs on disk (:class:`~recallbench.data.corpus.StoredDays`, read
            when asked for; a log that cannot be read is found then) rather than read them now.

    Raises:
        DatasetError: a file is missing or malformed (the message names file and line).
        ConfigError: ``persona_id`` or ``arcs_file`` would leave their directory.
    """
    definition = load_persona_definition(data_dir, persona_id, arcs_file)
    pdir = persona_dir(data_dir, persona_id)
    memories = pdir / derive_sibling_dir(arcs_file, "memories")
    qa_file = pdir / derive_sibling_dir(arcs_file, "qa") / "questions.yaml"
    days = stored_days(definition, memories) if stored else load_days(definition, memories)
    if not qa_file.parent.is_dir():
        raise DatasetError(
            f"questions directory not found (the arcs file {arcs_file} selects {qa_file.parent.name}/)",
            path=qa_file.parent,
        )
    return PersonaDataset(
        definition=definition,
        days=days,
        qa=read_questions(qa_file, categories),
        categories=None if tuple(categories) == CATEGORIES else tuple(categories),
        persona_dir=pdir,
        memories_dir=memories,
        qa_file=qa_file,
    )


@runtime_checkable
class Dataset(Protocol):
    """Where personas come from: a directory of persona folders (:class:`recallbench.data.DirectoryDataset`),
    or an importer of another benchmark's format."""

    def persona_ids(self) -> list[str]: ...

    def load(self, persona_id: str) -> PersonaDataset: ...


@attrs.frozen
class DirectoryDataset:
    """Personas in a data directory, read with one arcs file (the :class:`~recallbench.data.dataset.Dataset`
    the command line uses)."""

    data_dir: Path = attrs.field(converter=Path)
    arcs_file: str = DEFAULT_ARCS_FILE

    def persona_ids(self) -> list[str]:
        return list_personas(self.data_dir)

    def load(self, persona_id: str) -> PersonaDataset:
        return load_persona(self.data_dir, persona_id, self.arcs_file)


SOURCE_PERSONAS_DIR = Path(__file__).resolve().parents[2] / "personas"
"""Where a source checkout holds the shipped personas: ``personas/`` beside the package. An installed
package has none there; the ``recallbench`` commands then build them, once, into the user cache
(:mod:`recallbench.cli._shipped`)."""


def shipped_personas_dir() -> Path:
    """The shipped personas of a source checkout: the ``personas/`` directory beside the package.

    Raises:
        ConfigError: it is not there. An installed package ships none: the ``recallbench``
            commands build them into the user cache on first use, and ``recallbench synth --all
            --out DIR`` writes them anywhere.
    """
    path = SOURCE_PERSONAS_DIR
    if not path.is_dir():
        raise ConfigError(
            f"the shipped personas are not at {path} (a source checkout has them there; the "
            "recallbench commands build them into the user cache on first use, and "
            "'recallbench synth --all --out DIR' writes them anywhere); pass --data DIR"
        )
    return path
