"""Check persona datasets and report every problem, each with its file and (where there is one) line.

Unlike the loader, which stops at the first problem, :func:`validate_dataset` runs every check it can
and keeps going: a broken ``persona.yaml`` does not hide a broken ``questions.yaml``. Errors make a
dataset unusable or its scores wrong; warnings are worth a look but do not fail validation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from .._convert import structure_disk
from .._suggest import nearest_hint
from ..errors import ConfigError, DatasetError
from ._schema import Issue, check_record
from ._yaml import load_yaml, load_yaml_located, read_text
from .dataset import (
    DEFAULT_ARCS_FILE,
    _check_arcs_name,
    derive_sibling_dir,
    list_personas,
    persona_dir,
    qa_issues,
    scan_day_files,
)
from .persona import PRINCIPAL, Persona, Story
from .qa import CATEGORIES

GRPC_DEFAULT_MESSAGE_BYTES = 4 * 2**20
"""gRPC's default cap on a message: a day log larger than this fails over gRPC unless both sides
raise it."""
RECALLBENCH_GRPC_MESSAGE_BYTES = 64 * 2**20
"""The cap recallbench's own gRPC client and server use (``recallbench.adapters.grpc.limits``)."""
GRPC_ENVELOPE_BYTES = 1024
"""What an IngestDay message adds to the day's text (metadata, field tags)."""

__all__ = [
    "Problem",
    "format_problem",
    "in_file_order",
    "no_data_message",
    "validate_dataset",
]


@attrs.frozen(kw_only=True)
class Problem:
    """One finding of the validator."""

    path: Path
    message: str
    line: int | None = None
    severity: Literal["error", "warning"] = "error"


def format_problem(p: Problem) -> str:
    """A problem as ``recallbench validate`` prints it: ``FILE[:LINE]: SEVERITY: MESSAGE``."""
    where = f"{p.path}:{p.line}" if p.line is not None else str(p.path)
    return f"{where}: {p.severity}: {p.message}"


def _from_error(exc: DatasetError) -> Problem:
    return Problem(path=exc.path or Path("."), line=exc.line, message=exc.message)


class _Report:
    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.missing_days: list[tuple[Path, list[int]]] = []
        """Each corpus with gaps and its missing days (:func:`_missing_days_summary`)."""

    def add(
        self,
        path: Path,
        message: str,
        line: int | None = None,
        severity: Literal["error", "warning"] = "error",
    ) -> None:
        self.problems.append(Problem(path=path, message=message, line=line, severity=severity))

    def yaml_file(self, path: Path, expect: type, check: Any) -> Any:
        """Load ``path``; report syntax, encoding and shape problems and ``check(raw)``'s issues.
        Returns the raw data when it is of the expected top-level type, else None."""
        if not path.exists():
            self.add(path, "file not found")
            return None
        try:
            raw = load_yaml(path)
        except DatasetError as exc:
            self.problems.append(_from_error(exc))
            return None
        if raw is None or raw == [] or raw == {}:
            what = "a list of Q&A pairs" if expect is list else "a mapping"
            self.add(path, f"the file is empty: expected {what}")
            return None
        if not isinstance(raw, expect):
            what = "a list of Q&A pairs" if expect is list else "a mapping at the top level"
            self.add(path, f"expected {what}, found a {type(raw).__name__}", line=1)
            return None
        issues: list[Issue] = check(raw)
        if issues:
            locator = load_yaml_located(path)[1]
            for i in issues:
                self.add(path, i.message, locator.line(i.path), i.severity)
        return raw


def validate_dataset(
    data_dir: Path | str,
    personas: Sequence[str] | None = None,
    arcs_file: str = DEFAULT_ARCS_FILE,
    no_data_hints: Sequence[str] = (),
) -> list[Problem]:
    """Every problem found in the personas of ``data_dir`` (all of them unless ``personas`` is
    given); ``no_data_hints`` say, when it holds none, what other benchmark families looked for
    (:func:`no_data_message`)."""
    root = Path(data_dir)
    report = _Report()
    if not root.is_dir():
        report.add(root, "data directory not found" if not root.exists() else "not a directory")
        return report.problems
    try:
        _check_arcs_name(arcs_file)
    except ConfigError as exc:
        report.add(root, str(exc))
        return report.problems
    from .importers._native import IMPORT_MARKER, import_warnings, is_imported, marked_categories

    # An importer's data: its family's categories, as its marker records them.
    categories = marked_categories(root) if is_imported(root) else CATEGORIES
    ids = list(personas) if personas else list_personas(root)
    if not ids:
        report.add(root, no_data_message(root, no_data_hints))
    for note in import_warnings(root):
        report.add(root / IMPORT_MARKER, note, severity="warning")
    for pid in ids:
        _validate_persona(report, root, pid, arcs_file, categories)
    _missing_days_summary(report, root, imported=is_imported(root))
    return in_file_order(report.problems)


def _missing_days_summary(report: _Report, root: Path, *, imported: bool) -> None:
    """The gaps of several personas' corpora as one line: an import dates each session as the data
    does, so its days are sparse by nature (LoCoMo's sessions weeks apart, LongMemEval's haystack
    over months), and a line per persona would bury everything else."""
    gaps = report.missing_days
    if len(gaps) < 2 and not (imported and gaps):
        for memories, missing in gaps:
            shown = ", ".join(map(str, missing[:10])) + (" …" if len(missing) > 10 else "")
            report.add(
                memories,
                f"{len(missing)} day(s) missing from the corpus: {shown}",
                severity="warning",
            )
        return
    named = ", ".join(f"{m.parent.name} {len(d)}" for m, d in gaps[:3])
    more = f", and {len(gaps) - 3} more" if len(gaps) > 3 else ""
    why = (
        " (imported data: its days are the dates of its sessions, so gaps are expected)"
        if imported
        else ""
    )
    report.add(
        root,
        f"days missing from the corpus of {len(gaps)} persona(s): {named}{more} day(s) missing"
        f"{why}",
        severity="warning",
    )


def no_data_message(root: Path, hints: Sequence[str] = ()) -> str:
    """Why the folder ``root`` holds no data: no persona directories, and what each other
    benchmark family looked for there (its :meth:`~recallbench.family.base.Benchmark.no_data_hint`,
    gathered by the caller)."""
    looked = "no persona directories (sub-folders with persona.yaml)"
    return " and ".join([looked, *hints])


def in_file_order(problems: list[Problem]) -> list[Problem]:
    """Files in the order they were checked; within a file, by line (problems without one first),
    errors and warnings together, so that a reader walks the file top to bottom."""
    first = {p.path: i for i, p in reversed(list(enumerate(problems)))}
    return sorted(problems, key=lambda p: (first[p.path], p.line or 0))


def _validate_persona(
    report: _Report, root: Path, pid: str, arcs_file: str, categories: Sequence[str] = CATEGORIES
) -> None:
    try:
        pdir = persona_dir(root, pid)
    except ConfigError as exc:
        report.add(root / pid, str(exc))
        return
    if not pdir.is_dir():
        here = [d.name for d in root.iterdir() if d.is_dir()] if root.is_dir() else []
        hint = nearest_hint(pid, here, "personas here")
        report.add(pdir, f"persona {pid!r} not found in the data directory{hint}")
        return
    persona_raw = report.yaml_file(pdir / "persona.yaml", dict, lambda r: check_record(r, Persona))
    persona: Persona | None = None
    if persona_raw is not None and not _has_errors(check_record(persona_raw, Persona)):
        persona = structure_disk(persona_raw, Persona)
        if persona.id != pid:
            report.add(
                pdir / "persona.yaml",
                f"id {persona.id!r} differs from the directory name {pid!r}",
                severity="warning",
            )
    sessions = {s.id for s in persona.sessions} | {PRINCIPAL} if persona else None

    arcs_path = pdir / arcs_file
    report.yaml_file(arcs_path, dict, lambda r: check_record(r, Story) + _story_issues(r, sessions))

    max_day = _validate_days(report, pdir / derive_sibling_dir(arcs_file, "memories"), arcs_file)

    qa_path = pdir / derive_sibling_dir(arcs_file, "qa") / "questions.yaml"
    if not qa_path.parent.is_dir():
        report.add(
            qa_path.parent,
            f"questions directory not found (the arcs file {arcs_file} selects "
            f"{qa_path.parent.name}/)",
        )
        return
    report.yaml_file(
        qa_path, list, lambda r: qa_issues(r, categories) + _qa_cross_issues(r, max_day, sessions)
    )


def _list(value: Any) -> list[Any]:
    """The value when it is a list, else nothing: cross checks leave wrong types to the type check."""
    return value if isinstance(value, list) else []


def _has_errors(issues: Iterable[Issue]) -> bool:
    return any(i.severity == "error" for i in issues)


def _story_issues(raw: dict[str, Any], sessions: set[str] | None) -> list[Issue]:
    """Cross checks of an arcs file beyond field types: ids, session names, correction fields."""
    issues: list[Issue] = []
    arcs = raw.get("arcs")
    if not isinstance(arcs, list):
        return issues
    seen: dict[str, int] = {}
    for i, arc in enumerate(arcs):
        if not isinstance(arc, dict):
            continue
        aid = arc.get("id")
        if isinstance(aid, str):
            if aid in seen:
                issues.append(Issue(("arcs", i, "id"), f"duplicate arc id {aid!r}"))
            seen.setdefault(aid, i)
        if sessions is not None:
            named = [arc.get("primarySession"), *_list(arc.get("referencedSessions"))]
            for s in named:
                if isinstance(s, str) and s not in sessions:
                    issues.append(
                        Issue(
                            ("arcs", i),
                            f"arc {aid!r} names session {s!r}, which persona.yaml does not declare",
                            "warning",
                        )
                    )
        if arc.get("type") == "correction":
            missing = [
                k
                for k in ("wrongDay", "correctedDay", "wrongBelief", "correctedBelief")
                if k not in arc
            ]
            if missing:
                issues.append(
                    Issue(
                        ("arcs", i), f"correction arc {aid!r} lacks {', '.join(missing)}", "warning"
                    )
                )
        start, end = arc.get("startDay"), arc.get("endDay")
        if isinstance(start, int) and isinstance(end, int):
            for j, d in enumerate(_list(arc.get("directives"))):
                day = d.get("day") if isinstance(d, dict) else None
                if isinstance(day, int) and not start <= day <= end:
                    issues.append(
                        Issue(
                            ("arcs", i, "directives", j),
                            f"directive day {day} lies outside arc {aid!r} (days {start}–{end})",
                            "warning",
                        )
                    )
    if sessions is not None:
        for i, s in enumerate(_list(raw.get("sessions"))):
            sid = s.get("id") if isinstance(s, dict) else None
            if isinstance(sid, str) and sid not in sessions:
                issues.append(
                    Issue(
                        ("sessions", i),
                        f"session {sid!r} has a lifecycle here but persona.yaml does not declare it",
                        "warning",
                    )
                )
    return issues


def _validate_days(report: _Report, memories: Path, arcs_file: str) -> int | None:
    """Check the day logs; return the highest day number (None when there is no corpus)."""
    if not memories.is_dir():
        report.add(
            memories,
            f"memories directory not found (the arcs file {arcs_file} selects {memories.name}/)",
        )
        return None
    numbers = []
    for f in scan_day_files(memories):
        if f.number is None:
            report.add(
                f.path,
                "misnamed day file: day logs are named day-NNNN.md (four digits, e.g. day-0007.md); "
                "this file would be ignored",
            )
            continue
        if f.number == 0:
            report.add(f.path, "day numbers start at 1 (day-0001.md)")
            continue
        try:
            text = read_text(f.path)
        except DatasetError as exc:
            report.problems.append(_from_error(exc))
            continue
        if not text.strip():
            report.add(f.path, "empty day log", severity="warning")
        if "\x00" in text:
            line = text.count("\n", 0, text.index("\x00")) + 1
            report.add(
                f.path,
                f"NUL byte at line {line}: a day log is text (is this a binary file, or a "
                "truncated write?)",
            )
        size = len(text.encode("utf-8")) + GRPC_ENVELOPE_BYTES
        if size > GRPC_DEFAULT_MESSAGE_BYTES:
            ours = size > RECALLBENCH_GRPC_MESSAGE_BYTES
            report.add(
                f.path,
                f"{size / 2**20:.1f} MiB: more than gRPC's default 4 MiB message, which a memory "
                "server of another make (and the reference's client) refuses"
                + (
                    "; more than recallbench's 64 MiB too: raise --max-message-mb (serve) and "
                    "--grpc-max-message-mb (run)"
                    if ours
                    else " unless it raises its cap (recallbench's client and server take 64 MiB)"
                ),
                severity="warning",
            )
        numbers.append(f.number)
    if not numbers:
        report.add(memories, "no day logs (day-NNNN.md) in the memories directory")
        return None
    missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
    if missing:
        report.missing_days.append((memories, missing))  # said once for all personas
    return max(numbers)


def _qa_cross_issues(raw: list[Any], max_day: int | None, sessions: set[str] | None) -> list[Issue]:
    """Checks of pairs against the corpus and the persona's sessions."""
    issues: list[Issue] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            continue
        days = item.get("relevant_days")
        if max_day is not None and isinstance(days, list):
            beyond = [d for d in days if isinstance(d, int) and d > max_day]
            if beyond:
                issues.append(
                    Issue(
                        (i, "relevant_days"),
                        f"relevant day(s) {beyond} lie beyond the corpus (last day {max_day})",
                    )
                )
        if sessions is not None:
            named = [item.get("query_session"), *_list(item.get("forbidden_sessions"))]
            for s in named:
                if isinstance(s, str) and s not in sessions:
                    issues.append(
                        Issue((i,), f"session {s!r} is not declared in persona.yaml", "warning")
                    )
    return issues
