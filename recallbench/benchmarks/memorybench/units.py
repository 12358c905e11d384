"""Cases mapped onto the harness's model: units of context (personas), their days, their questions.

Each strategy turns a case into its context (the texts to ingest, in order) and its question. Cases
whose contexts are identical share one unit (a flattened record's cases, or LongMemEval questions
over the same haystack); a case with a context of its own is a unit of its own. A unit's days are its
context in order — sessions in date order when every date is understood — and each case's question
is a :class:`~recallbench.data.qa.QAPair` whose ``relevant_days`` are the days holding its gold
evidence, or all the unit's days when the data names none.

The data file is mapped in one pass, a case at a time: contexts are told apart by a digest of their
text, and a unit keeps its questions, its days' count and session ids, and where its first case's
record is. Its days' text is read again from there when asked for (:class:`RecordDays`, a
:class:`~recallbench.data.corpus.DaySource`): a benchmark over a multi-GB file holds the days of the
units in flight, not all of them.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from ...data.corpus import (
    DELETE_BEFORE_ASKING,
    DELETE_DELAY_MS,
    Day,
    StoredDays,
    day_memory_id,
    memory_id_day,
)
from ...data.dates import parse_date
from ...data.importers.dialog_refs import read_dialog_refs, summarize_unreadable
from ...data.persona import DEFAULT_EPOCH, day_date
from ...data.qa import CATEGORIES, DIFFICULTIES, EVIDENCE_TURNS, QAPair, question_type_key
from ...data.validate import Problem
from ...errors import DatasetError
from ._context import _digest, _Entry
from .cases import Case, case_fields
from .manifest import AddDeleteVerifyIngestion, Manifest, SessionIngestion, SimpleIngestion
from .sessions import (
    Session,
    SessionError,
    evidence_sessions,
    extract_sessions,
    format_session,
    select_sessions,
)

__all__ = [
    "DEFAULT_CATEGORY",
    "DeletionCase",
    "RecordDays",
    "UnitSpec",
    "build_units",
    "category_of",
]

DEFAULT_CATEGORY = "factual-recall"


@attrs.frozen(kw_only=True)
class DeletionCase:
    """An add-delete-verify case: what is added, what is then deleted, what is asked after."""

    case_id: str
    unit_id: str
    add_content: tuple[str, ...]
    delete_target: str
    verify_query: str
    phase_delay_ms: int = 0


@attrs.frozen(kw_only=True)
class UnitSpec:
    """One unit of context: its days and the questions asked over them."""

    id: str
    days: Sequence[Day]
    """Its days: :class:`~recallbench.data.corpus.StoredDays` read from the data file when asked
    for (a tuple when built in memory)."""
    qa: tuple[QAPair, ...]
    epoch: str = DEFAULT_EPOCH
    deletions: tuple[DeletionCase, ...] = ()
    session_ids: str | None = attrs.field(default=None, repr=False)
    """Each day's session id, one a line ("" for a day that is not a session; a session id holds no
    whitespace), or None when not known: one string, not a tuple of 500 per unit."""

    @property
    def day_sessions(self) -> tuple[str | None, ...] | None:
        """Each day's session id (None for a day that is not a session), known without reading
        the days: what a run's metrics name a retrieved day by; None when not known."""
        if self.session_ids is None:
            return None
        return tuple(s or None for s in self.session_ids.split("\n"))


@attrs.frozen
class RecordDays:
    """A unit's days as a :class:`~recallbench.data.corpus.DaySource`: its first case's record read
    again from the data file and mapped as it was (its context checked against the digest taken
    then), each day asked for made from it."""

    data_path: Path
    case: Case = attrs.field(eq=False, repr=False)
    """The case, without its fields (:meth:`Case.bare`), whose record holds the unit's context."""
    digest: str
    manifest: Manifest = attrs.field(eq=False, repr=False)
    epoch: str = attrs.field(eq=False, repr=False)
    """What an undated day is dated from (the first date understood), as when it was read."""
    span: object = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "span", self.case.span)

    def read_days(self, numbers: Sequence[int]) -> Iterator[Day]:
        """Days ``numbers`` of the unit, read when the iteration starts (its record at once).

        Raises:
            DatasetError: the record cannot be read again, or no longer maps to the unit's context
                (the data file changed since the benchmark was read).
        """
        return self.days_of(self._context(), numbers)

    def days_of(self, context: Sequence[_Entry], numbers: Iterable[int]) -> Iterator[Day]:
        for n in numbers:
            entry = context[n - 1]
            parsed = parse_date(entry.date)
            yield Day(
                number=n,
                date=parsed.date().isoformat() if parsed is not None else day_date(self.epoch, n),
                content=entry.text,
                sessions={entry.session: entry.text} if entry.session else {},
            )

    def _context(self) -> list[_Entry]:
        fields = case_fields(self.data_path, self.case, self.manifest.flatten)
        case = attrs.evolve(self.case, fields=fields)
        adv = isinstance(self.manifest.ingestion, AddDeleteVerifyIngestion)
        context = _Mapper(self.manifest, self.data_path, []).context_of(case)[0]
        if context is None or _digest(context, case.id if adv else None) != self.digest:
            raise DatasetError(
                f"the data file changed since it was read: {case.where()} no longer gives the "
                "context it gave; read the benchmark again",
                path=self.data_path,
                line=case.line,
            )
        return context


@attrs.define
class _Group:
    """A unit being built: cases whose contexts are the same."""

    uid: str
    source: RecordDays
    by_session: dict[str, int]
    size: int
    session_ids: str
    days: tuple[Day, ...] | None = None
    """Its days, when its first case was built in memory (no record to read them from)."""
    qa: list[QAPair] = attrs.Factory(list)
    deletions: list[DeletionCase] = attrs.Factory(list)
    problems: list[Problem] = attrs.Factory(list)
    """Its cases' warnings, given after the file's other problems (as when units were built last)."""
    unreadable_refs: list[tuple[Case, tuple[str, ...]]] = attrs.Factory(list)

    def unit(self) -> UnitSpec:
        return UnitSpec(
            id=self.uid,
            days=self.days if self.days is not None else StoredDays(_days(self.size), self.source),
            qa=tuple(self.qa),
            epoch=self.source.epoch,
            deletions=tuple(self.deletions),
            session_ids=self.session_ids,
        )


@functools.lru_cache(maxsize=16)
def _days(count: int) -> tuple[int, ...]:
    """Day numbers 1..count: one tuple for every unit of that many days (numbers past 256 are
    objects of their own, 500 of them per ``_m`` unit otherwise)."""
    return tuple(range(1, count + 1))


def category_of(value: object) -> str:
    """The benchmark's question type as one of our categories when it names one (``temporal
    reasoning``, ``Temporal_Reasoning`` …), else ``factual-recall``."""
    if not isinstance(value, str):
        return DEFAULT_CATEGORY
    key = "-".join(value.strip().lower().replace("_", " ").replace("-", " ").split())
    return key if key in CATEGORIES else DEFAULT_CATEGORY


class _Mapper:
    def __init__(self, manifest: Manifest, data_path: Path, problems: list[Problem]):
        self.m = manifest
        self.data_path = data_path
        self.problems = problems
        self.missing: dict[str, list[Case]] = {}
        self.undated: Case | None = None
        self.unreadable_refs: list[tuple[Case, tuple[str, ...]]] = []

    def error(self, case: Case, key: str | None, message: str) -> None:
        where = case.where(key) if key else case.where()
        self.problems.append(
            Problem(path=self.data_path, line=case.line, message=f"{where}: {message}")
        )

    def field(self, case: Case, key: str, role: str) -> Any:
        """``case[key]``; an absent field is noted (reported once per field when every case lacks it)."""
        if key in case.fields:
            return case.fields[key]
        self.missing.setdefault(f"{role} {key!r}", []).append(case.bare())
        return None

    def text(self, case: Case, key: str, role: str, *, join: bool = False) -> str | None:
        value = self.field(case, key, role)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, str | int | float | list):
            self.error(case, key, f"{role} {key!r} must be text, found {json.dumps(value)[:40]}")
            return None
        if isinstance(value, list):
            if not join:
                self.error(case, key, f"{role} {key!r} must be text, found a list")
                return None
            return "; ".join(str(v) for v in value)
        return str(value)

    # -- contexts -------------------------------------------------------------------------------

    def simple(self, case: Case, ing: SimpleIngestion) -> list[_Entry] | None:
        value = self.field(case, ing.content_field, "content field")
        if value is None:
            return None
        if ing.is_array != isinstance(value, list):
            want = "a list (is_array is true)" if ing.is_array else "text (is_array is false)"
            self.error(
                case, ing.content_field, f"content field {ing.content_field!r} must be {want}"
            )
            return None
        items = value if isinstance(value, list) else [value]
        front = ""
        meta = {k: self.field(case, k, "metadata field") for k in ing.metadata_fields}
        if meta:
            front = (
                "---\n"
                + "".join(f"{k}: {json.dumps(v, ensure_ascii=False)}\n" for k, v in meta.items())
                + "---\n"
            )
        entries = [
            _Entry(front + (v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)))
            for v in items
        ]
        return None if self._nul(case, ing.content_field, entries) else entries

    def _nul(self, case: Case, key: str, entries: Sequence[_Entry]) -> bool:
        """Whether an entry holds a NUL character (noted): a day is text, for every adapter."""
        if any("\x00" in e.text for e in entries):
            self.error(case, key, "a NUL character (\\u0000) in the content: a day is text")
            return True
        return False

    def sessions(
        self, case: Case, ing: SessionIngestion
    ) -> tuple[list[_Entry], list[Any] | None, tuple[str, ...]] | None:
        try:
            sessions = extract_sessions(case, ing)
            evidence, answer_ids = evidence_sessions(case, ing)
        except SessionError as exc:
            self.error(case, exc.key, str(exc))
            return None
        if not sessions:
            self.error(case, ing.sessions_field, "no sessions to ingest")
            return None
        chosen = _in_date_order(select_sessions(sessions, answer_ids, ing))
        if chosen is None:
            self.undated = self.undated or case.bare()
            chosen = select_sessions(sessions, answer_ids, ing)
        entries = [_Entry(format_session(s, ing.content_formatter), s.id, s.date) for s in chosen]
        if self._nul(case, ing.sessions_field, entries):
            return None
        return entries, evidence, answer_ids

    # -- the whole file -------------------------------------------------------------------------

    def context_of(
        self, case: Case
    ) -> tuple[list[_Entry] | None, tuple[list[Any] | None, tuple[str, ...]]]:
        """The case's context (None, with the problem said, when it has none) and its evidence."""
        ing = self.m.ingestion
        if isinstance(ing, SessionIngestion):
            found = self.sessions(case, ing)
            return (found[0], (found[1], found[2])) if found else (None, (None, ()))
        if isinstance(ing, SimpleIngestion):
            return self.simple(case, ing), (None, ())
        return self.add_content(case, ing), (None, ())

    def build(self, cases: Iterable[Case]) -> list[UnitSpec]:
        ing = self.m.ingestion
        adv = isinstance(ing, AddDeleteVerifyIngestion)
        groups: dict[str, _Group] = {}
        taken: set[str] = set()
        count = 0
        for case in cases:
            count += 1
            context, evidence = self.context_of(case)
            question = self.question(case, ing)
            if context is None or question is None:
                continue
            # An add-delete-verify case deletes from its context: it never shares it.
            key = _digest(context, case.id if adv else None)
            group = groups.get(key)
            if group is None:
                uid = case.item_id if case.item_id not in taken else case.id
                while uid in taken:
                    uid += "~"
                taken.add(uid)
                group = groups[key] = self.group(uid, key, case, context)
            self.join(group, case, context, evidence)
        self._report_missing(count)
        for group in groups.values():
            self.problems += group.problems
            self.unreadable_refs += group.unreadable_refs
        return [g.unit() for g in groups.values()]

    def add_content(self, case: Case, ing: AddDeleteVerifyIngestion) -> list[_Entry] | None:
        value = self.field(case, ing.add_content_field, "add content field")
        if value is None:
            return None
        items = value if isinstance(value, list) else [value]
        if not items or not all(isinstance(v, str) and v.strip() for v in items):
            self.error(
                case, ing.add_content_field, "the content to add must be text or a list of texts"
            )
            return None
        return [_Entry(v) for v in items]

    def deleted_day(self, case: Case, ing: AddDeleteVerifyIngestion, target: str) -> int | None:
        """The day (1-based, in the order the case adds its items) the delete target names: its
        position (``2``), its memory id (``day-0002``) or its exact text; None, with the problem
        said, when it names none."""
        value = case.fields.get(ing.add_content_field)
        items = value if isinstance(value, list) else [value]
        wanted = target.strip()
        texts = [v.strip() for v in items if isinstance(v, str)]
        if wanted in texts:
            return texts.index(wanted) + 1
        try:
            day = memory_id_day(wanted)
        except ValueError:
            day = 0
        if 1 <= day <= len(items):
            return day
        self.error(
            case,
            ing.delete_target_field,
            f"delete target {target!r} names none of the {len(items)} item(s) added (expected a "
            "1-based position, a memory id such as day-0001, or an item's exact text)",
        )
        return None

    def question(self, case: Case, ing: Any) -> str | None:
        if isinstance(ing, AddDeleteVerifyIngestion):
            target = self.text(case, ing.delete_target_field, "delete target field", join=True)
            query = self.text(case, ing.verify_query_field, "verify query field")
            if target is not None and self.deleted_day(case, ing, target) is None:
                return None
            return query if target is not None else None
        assert self.m.query.question_field is not None  # required unless add-delete-verify
        question = self.text(case, self.m.query.question_field, "question field")
        answer_key = self.m.query.expected_answer_field
        if answer_key is not None and answer_key in case.fields:
            if self.text(case, answer_key, "expected answer field", join=True) is None:
                return None
        elif answer_key is not None:
            self.field(case, answer_key, "expected answer field")
        return question

    def group(self, uid: str, key: str, case: Case, context: Sequence[_Entry]) -> _Group:
        """A new unit whose context is ``case``'s: its days numbered in order, dated from the
        first date understood."""
        known = (p for p in map(parse_date, (e.date for e in context)) if p is not None)
        first = next(known, None)
        epoch = first.date().isoformat() if first is not None else DEFAULT_EPOCH
        source = RecordDays(self.data_path, case.bare(), key, self.m, epoch)
        by_session = {e.session: n for n, e in enumerate(context, 1) if e.session}
        group = _Group(
            uid=uid,
            source=source,
            by_session=by_session,
            size=len(context),
            session_ids="\n".join(e.session or "" for e in context),
        )
        if case.span is None:
            group.days = tuple(source.days_of(context, range(1, len(context) + 1)))
        return group

    def join(
        self,
        group: _Group,
        case: Case,
        context: Sequence[_Entry],
        evidence: tuple[list[Any] | None, tuple[str, ...]],
    ) -> None:
        """``case``'s question (and deletion) added to its unit; its warnings kept with the unit."""
        raw_evidence, ids = evidence
        by_session = group.by_session
        hit = sorted({by_session[s] for s in ids if s in by_session})
        problems, refs = self.problems, self.unreadable_refs
        self.problems, self.unreadable_refs = group.problems, group.unreadable_refs
        try:
            if ids and len(hit) < len(ids):
                gone = [s for s in ids if s not in by_session]
                self.problems.append(
                    Problem(
                        path=self.data_path,
                        line=case.line,
                        severity="warning",
                        message=f"{case.where()}: evidence session(s) {', '.join(gone)} not among "
                        "the sessions ingested",
                    )
                )
            all_days = _days(len(context))
            group.qa.append(self.pair(case, tuple(hit) or all_days, raw_evidence, ids))
            if isinstance(self.m.ingestion, AddDeleteVerifyIngestion):
                group.deletions.append(self.deletion(case, group.uid, context))
        finally:
            self.problems, self.unreadable_refs = problems, refs

    def deletion(self, case: Case, uid: str, context: Sequence[_Entry]) -> DeletionCase:
        ing = self.m.ingestion
        assert isinstance(ing, AddDeleteVerifyIngestion)
        return DeletionCase(
            case_id=case.id,
            unit_id=uid,
            add_content=tuple(e.text for e in context),
            delete_target=self.text(case, ing.delete_target_field, "delete target field", join=True)
            or "",
            verify_query=self.text(case, ing.verify_query_field, "verify query field") or "",
            phase_delay_ms=ing.phase_delay_ms,
        )

    def pair(
        self,
        case: Case,
        days: tuple[int, ...],
        raw_evidence: list[Any] | None,
        ids: tuple[str, ...],
    ) -> QAPair:
        m, f = self.m, case.fields
        ing = m.ingestion
        extra: dict[str, Any] = {"caseId": case.id, "benchmark": m.name}
        type_field = m.evaluation.type_field
        if type_field is not None and f.get(type_field) is not None:
            # A number (LoCoMo's category 1..5) or text alike: one string key, as the instructions
            # file and the metrics table name it.
            qtype = question_type_key(f[type_field])
            if qtype is not None:
                extra["questionType"] = qtype
            else:
                self.problems.append(
                    Problem(
                        path=self.data_path,
                        line=case.line,
                        severity="warning",
                        message=f"{case.where(type_field)}: question type "
                        f"{json.dumps(f[type_field])[:40]} is not a type (expected text or a "
                        "number); the case is graded with the default instructions",
                    )
                )
        if raw_evidence is not None:
            extra["evidence"] = raw_evidence
            extra["evidenceSessions"] = list(ids)
            if isinstance(ing, SessionIngestion) and ing.evidence_parser == "dialog_refs":
                refs = read_dialog_refs(raw_evidence)
                if refs.turns:
                    extra[EVIDENCE_TURNS] = list(refs.turns)
                self.unreadable_refs.append((case.bare(), refs.unreadable))
        if m.query.retrieval_limit is not None:
            extra["retrievalLimit"] = m.query.retrieval_limit
        answer_key = m.query.expected_answer_field
        answer = (
            self.text(case, answer_key, "expected answer field", join=True)
            if answer_key and answer_key in f
            else ""
        )
        if isinstance(ing, AddDeleteVerifyIngestion):
            question = self.text(case, ing.verify_query_field, "verify query field") or ""
            target = self.text(case, ing.delete_target_field, "delete target field", join=True)
            extra["deleteTarget"] = target
            day = self.deleted_day(case, ing, target or "")
            if day is not None:
                # What the harness deletes through the adapter before asking (docs/datasets.md).
                extra[DELETE_BEFORE_ASKING] = day_memory_id(day)
            extra[DELETE_DELAY_MS] = ing.phase_delay_ms
            deleted = m.evaluation.options.get("deleted_content_field")
            if isinstance(deleted, str) and deleted in f:
                extra["deletedContent"] = f[deleted]
        else:
            assert m.query.question_field is not None
            question = self.text(case, m.query.question_field, "question field") or ""
        difficulty = f.get("difficulty")
        return QAPair(
            id=case.id,
            question=question,
            answer=answer or "",
            category=category_of(f.get(type_field) if type_field else None),
            difficulty=difficulty if difficulty in DIFFICULTIES else "medium",
            relevant_days=days,
            extra=extra,
        )

    def report_unreadable_refs(self) -> None:
        """One warning for the benchmark's dialog references that name no turn that can be told."""
        found = [(c, pieces) for c, pieces in self.unreadable_refs if pieces]
        line = summarize_unreadable(
            [(c.id, pieces) for c, pieces in found],
            what="name no turn that can be told (expected D<session>:<turn>, as D5:8); the "
            "sessions and turns of the rest of their evidence are kept",
        )
        if line is not None:
            self.problems.append(
                Problem(
                    path=self.data_path,
                    line=found[0][0].line,
                    severity="warning",
                    message=line,
                )
            )

    def _report_missing(self, cases: int) -> None:
        for what, lacking in self.missing.items():
            first = lacking[0]
            if len(lacking) > 1 and len(lacking) == cases:
                self.problems.append(
                    Problem(
                        path=self.data_path,
                        line=first.line,
                        message=f"{what} is absent from all {cases} cases (first: "
                        f"{first.where()}); is the manifest's field name right?",
                    )
                )
                continue
            for case in lacking:
                self.error(case, None, f"{what} is absent")
        if self.undated is not None:
            self.problems.append(
                Problem(
                    path=self.data_path,
                    line=self.undated.line,
                    severity="warning",
                    message=f"{self.undated.where()}: session dates missing or not understood: "
                    "its sessions are ingested in data order, dated from 2024-01-01",
                )
            )


def _in_date_order(sessions: Sequence[Session]) -> list[Session] | None:
    """The sessions sorted by date (ties keep data order); None when a date is missing or unknown."""
    dated = [(parse_date(s.date), s) for s in sessions]
    if any(d is None for d, _ in dated):
        return None
    return [s for _, s in sorted(dated, key=lambda p: (p[0], p[1].index))]


def build_units(
    manifest: Manifest, cases: Iterable[Case], data_path: Path, problems: list[Problem]
) -> list[UnitSpec]:
    """The benchmark's units in data order; problems are appended, each naming its case and line.

    ``cases`` are mapped as they come (a :class:`~.cases.CaseStream` is read once, a record at a
    time). A unit whose first case was read from the file (its ``span``) reads its days from there
    when asked for; one built in memory keeps them."""
    mapper = _Mapper(manifest, data_path, problems)
    units = mapper.build(cases)
    mapper.report_unreadable_refs()
    return units
