"""Deep validation: proof that a dataset's questions are grounded in its corpus.

Basic validation (:func:`recallbench.data.validate.validate_dataset`) checks that the files are well formed.
:func:`deep_check` runs it first and then, for every persona it found no errors in, checks what the
questions claim about the day logs. The claims are optional keys of a pair in ``questions.yaml``:

- ``key_facts`` — atoms a correct answer must contain. Each one that is not derived must occur on one
  of the pair's relevant days (in the ``evidence_session`` body there, when the pair names one). A
  ``recency-bias-resistance`` pair's facts must also not occur again after its last relevant day.
- ``derived_facts`` — the key facts that are computed rather than written; ``derivation`` says how
  (``days_between`` from/to, ``order`` first/second, ``count`` marker) and must recompute them exactly.
- ``absent_subjects`` — what a negative-recall pair asks about: it must occur on no day at all.
- ``leak_facts`` — what an information-boundary pair must not disclose: each occurs in one of its
  ``forbidden_sessions`` on a relevant day and never in its ``query_session`` up to its last day.

Matching is :func:`recallbench.data.matching.contains`: normalised text, whole words. Each day is
normalised once and indexed by the words the claims use, so a claim costs a look at the few days that
hold all its words rather than a scan of the corpus.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from ..errors import ConfigError, DatasetError
from ._schema import Issue, describe
from ._yaml import KeyPath, load_yaml_located
from .corpus import Day
from .dataset import DEFAULT_ARCS_FILE, list_personas, load_persona, persona_dir
from .matching import contains, normalize
from .persona import PRINCIPAL
from .qa import QAPair
from .validate import Problem, in_file_order, validate_dataset

__all__ = ["DERIVATION_OPS", "DeepReport", "deep_check"]

DERIVATION_OPS: tuple[str, ...] = ("days_between", "order", "count")
"""The ``op`` values a ``derivation`` may use."""

_LIST_KEYS = ("key_facts", "derived_facts", "absent_subjects", "leak_facts")
# Categories whose pairs prove something other than key facts (their own keys do).
_OWN_CLAIMS = {"negative-recall": "absent_subjects", "information-boundary": "leak_facts"}


@attrs.frozen(kw_only=True)
class DeepReport:
    """What :func:`deep_check` found.

    Attributes:
        problems: basic validation's problems, then the deep checks', each with file and line.
        checked: pairs of the personas that passed basic validation and were checked deeply.
        proven: checked pairs with at least one claim proven against the corpus and no error.
        skipped: personas left unchecked because basic validation found errors in them.
    """

    problems: tuple[Problem, ...]
    checked: int = 0
    proven: int = 0
    skipped: tuple[str, ...] = ()

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == "error")


def deep_check(
    data_dir: Path | str,
    personas: Sequence[str] | None = None,
    arcs_file: str = DEFAULT_ARCS_FILE,
) -> DeepReport:
    """Validate ``data_dir`` as :func:`~recallbench.data.validate.validate_dataset` does, then prove the
    questions of every persona without errors against that persona's corpus.

    Args:
        data_dir: the personas root.
        personas: persona ids to check (default: all of them).
        arcs_file: the arcs file that selects the memories and qa directories.

    Returns:
        Every problem found (basic ones first) and how many pairs were proven.
    """
    root = Path(data_dir)
    problems = list(validate_dataset(root, personas, arcs_file))
    errors = [p for p in problems if p.severity == "error"]
    if any(p.path == root for p in errors) or not root.is_dir():
        return DeepReport(problems=tuple(problems))
    checked = proven = 0
    skipped: list[str] = []
    for pid in list(personas) if personas else list_personas(root):
        try:
            pdir = persona_dir(root, pid)
        except ConfigError:
            skipped.append(pid)  # already reported by basic validation
            continue
        if any(p.path == pdir or pdir in p.path.parents for p in errors):
            skipped.append(pid)
            if pdir.is_dir():
                problems.append(
                    Problem(
                        path=pdir,
                        message=f"deep checks skipped for persona {pid!r}: fix the errors above first",
                        severity="warning",
                    )
                )
            continue
        result = _check_persona(root, pid, arcs_file)
        problems += result.problems
        checked += result.checked
        proven += result.proven
    return DeepReport(
        problems=tuple(in_file_order(problems)),
        checked=checked,
        proven=proven,
        skipped=tuple(skipped),
    )


def _check_persona(root: Path, pid: str, arcs_file: str) -> DeepReport:
    try:
        ds = load_persona(root, pid, arcs_file)
    except DatasetError as exc:  # basic validation passed, so this is unexpected
        problem = Problem(path=exc.path or root / pid, message=exc.message, line=exc.line)
        return DeepReport(problems=(problem,))
    corpus = _Corpus(ds.days, _claim_words(ds.qa))
    checks = [_check_pair(i, pair, corpus) for i, pair in enumerate(ds.qa)]
    issues = [issue for c in checks for issue in c.issues]
    problems: list[Problem] = []
    if issues:
        locator = load_yaml_located(ds.qa_file)[1]
        problems = [
            Problem(
                path=ds.qa_file, message=i.message, line=locator.line(i.path), severity=i.severity
            )
            for i in issues
        ]
    summary = _nothing_to_prove(checks)
    if summary:
        problems.append(Problem(path=ds.qa_file, message=summary, severity="warning"))
    return DeepReport(
        problems=tuple(problems),
        checked=len(checks),
        proven=sum(c.proven for c in checks),
    )


# --- the corpus -------------------------------------------------------------------------------------


class _Corpus:
    """A persona's day logs, each normalised once, indexed by the words the claims use."""

    def __init__(self, days: Sequence[Day], words: Iterable[str]) -> None:
        self._days = tuple(days)
        self._numbers = tuple(d.number for d in days)
        self._at = {n: i for i, n in enumerate(self._numbers)}
        # Padded once so that a whole-word test is one substring search: the test contains() makes.
        self._padded = [f" {normalize(d.content)} " for d in days]
        wanted = set(words)
        self._postings: dict[str, list[int]] = {w: [] for w in wanted}
        for i, text in enumerate(self._padded):
            for w in wanted.intersection(text.split()):
                self._postings[w].append(i)
        self._found: dict[str, tuple[int, ...]] = {}
        self._bodies: dict[tuple[int, str], str] = {}

    def days_with(self, needle: str) -> tuple[int, ...]:
        """The numbers of the days whose text contains ``needle``, ascending."""
        norm = normalize(needle)
        if not norm:
            return ()
        found = self._found.get(norm)
        if found is None:
            # A whole-word match needs every word of the needle among the day's words, so the
            # shortest posting list bounds the days to search; words not indexed bound nothing.
            candidates: Sequence[int] = range(len(self._padded))
            for w in set(norm.split()):
                posting = self._postings.get(w)
                if posting is not None and len(posting) < len(candidates):
                    candidates = posting
            pattern = f" {norm} "
            found = tuple(self._numbers[i] for i in candidates if pattern in self._padded[i])
            self._found[norm] = found
        return found

    def in_session(self, day: int, session: str, needle: str) -> bool:
        """Whether ``session``'s body on ``day`` contains ``needle``."""
        i = self._at.get(day)
        if i is None:
            return False
        body = self._bodies.get((i, session))
        if body is None:
            raw = self._days[i].sessions.get(session)
            body = self._bodies[(i, session)] = normalize(raw) if raw is not None else ""
        return contains(body, needle)


def _claim_words(pairs: Iterable[QAPair]) -> set[str]:
    """Every word of every string a deep check will look for (over-approximated: cheap and safe)."""
    words: set[str] = set()
    for pair in pairs:
        texts = [v for key in _LIST_KEYS for v in _as_list(pair.extra.get(key))]
        derivation = pair.extra.get("derivation")
        if isinstance(derivation, Mapping):
            texts.append(derivation.get("marker"))
        for t in texts:
            if isinstance(t, str):
                words.update(normalize(t).split())
    return words


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


# --- one pair ---------------------------------------------------------------------------------------


@attrs.define
class _PairCheck:
    """The findings about one pair: its issues (key paths into questions.yaml) and claims proven."""

    index: int
    pair: QAPair
    issues: list[Issue] = attrs.field(factory=list)
    claims: int = 0
    kind: Literal["claims", "no-key-facts", "negative-recall", "information-boundary"] = "claims"

    def add(
        self, where: KeyPath, message: str, severity: Literal["error", "warning"] = "error"
    ) -> None:
        self.issues.append(Issue((self.index, *where), f"{self.pair.id}: {message}", severity))

    @property
    def proven(self) -> bool:
        return self.claims > 0 and not any(i.severity == "error" for i in self.issues)

    def strings(self, key: str) -> list[tuple[int, str]]:
        """The pair's ``key`` as (position, text) items; wrong types are reported and left out."""
        value = self.pair.extra.get(key, [])
        if not isinstance(value, list):
            self.add((key,), f"{key} must be a list of strings, found {describe(value)}")
            return []
        items = []
        for j, v in enumerate(value):
            if not isinstance(v, str):
                self.add((key, j), f"{key} must hold strings, found {describe(v)}")
            elif not normalize(v):
                self.add(
                    (key, j), f"{key} entry {v!r} has no letters or digits: nothing can match it"
                )
            else:
                items.append((j, v))
        return items


def _check_pair(index: int, pair: QAPair, corpus: _Corpus) -> _PairCheck:
    c = _PairCheck(index, pair)
    facts = c.strings("key_facts")
    derived = c.strings("derived_facts")
    absent = c.strings("absent_subjects")
    leaks = c.strings("leak_facts")
    if "key_facts" not in pair.extra or pair.extra["key_facts"] == []:
        own = _OWN_CLAIMS.get(pair.category)
        if own is None:
            c.kind = "no-key-facts"
        elif not pair.extra.get(own):
            c.kind = "negative-recall" if own == "absent_subjects" else "information-boundary"

    derived_norm = {normalize(t) for _, t in derived}
    plain = [(j, t) for j, t in facts if normalize(t) not in derived_norm]
    _check_key_facts(c, corpus, plain)
    if pair.category == "recency-bias-resistance":
        _check_no_later_mention(c, corpus, plain)
    _check_derived(c, corpus, facts, derived)
    for j, subject in absent:
        days = corpus.days_with(subject)
        if days:
            c.add(
                ("absent_subjects", j),
                f"absent subject {subject!r} occurs on day {days[0]}{_more(days[1:])}",
            )
        else:
            c.claims += 1
    _check_leaks(c, corpus, leaks)
    return c


def _check_key_facts(c: _PairCheck, corpus: _Corpus, plain: list[tuple[int, str]]) -> None:
    pair = c.pair
    session = pair.extra.get("evidence_session")
    if session is not None and not isinstance(session, str):
        c.add(
            ("evidence_session",), f"evidence_session must be a string, found {describe(session)}"
        )
        return
    relevant = set(pair.relevant_days)
    shown = _days(pair.relevant_days)
    for j, fact in plain:
        days = corpus.days_with(fact)
        on_relevant = [d for d in days if d in relevant]
        if session is None:
            if on_relevant:
                c.claims += 1
                continue
            c.add(
                ("key_facts", j),
                f"key fact {fact!r} occurs on none of its relevant days ({shown}); {_where(days)}",
            )
        elif any(corpus.in_session(d, session, fact) for d in on_relevant):
            c.claims += 1
        else:
            elsewhere = (
                f"on those days it occurs only in other sessions (day(s) {_days(on_relevant)})"
                if on_relevant
                else _where(days)
            )
            c.add(
                ("key_facts", j),
                f"key fact {fact!r} occurs in session {session!r} on none of its relevant days "
                f"({shown}); {elsewhere}",
            )


def _check_no_later_mention(c: _PairCheck, corpus: _Corpus, plain: list[tuple[int, str]]) -> None:
    last = c.pair.last_day
    for j, fact in plain:
        later = [d for d in corpus.days_with(fact) if d > last]
        if later:
            c.add(
                ("key_facts", j),
                f"key fact {fact!r} of a recency-bias-resistance pair occurs again on day "
                f"{later[0]}{_more(later[1:])}, after its last relevant day {last}",
            )


def _check_derived(
    c: _PairCheck, corpus: _Corpus, facts: list[tuple[int, str]], derived: list[tuple[int, str]]
) -> None:
    key_norm = {normalize(t) for _, t in facts}
    for j, t in derived:
        if normalize(t) not in key_norm:
            c.add(("derived_facts", j), f"derived fact {t!r} is not among its key_facts")
    derivation = c.pair.extra.get("derivation")
    listed = [t for _, t in derived]
    if derivation is None:
        if listed:
            c.add(
                ("derived_facts",),
                f"cannot recompute derived fact(s) {listed}: the pair has no derivation",
                "warning",
            )
        return
    value = _derive(c, corpus, derivation)
    if value is None:
        return
    if {normalize(t) for t in listed} == {normalize(value)}:
        c.claims += 1
    else:
        op = derivation["op"]
        c.add(
            ("derivation",),
            f"derivation {op} gives {value!r}, but derived_facts "
            + (f"lists {listed}" if listed else "is empty"),
        )


def _derive(c: _PairCheck, corpus: _Corpus, derivation: Any) -> str | None:
    """The fact ``derivation`` computes, or None after reporting why it cannot be computed."""
    if not isinstance(derivation, Mapping):
        c.add(
            ("derivation",),
            f"derivation must be a mapping with an op, found {describe(derivation)}",
        )
        return None
    op = derivation.get("op")
    if op not in DERIVATION_OPS:
        c.add(
            ("derivation",),
            f"derivation op {op!r} is unknown (expected one of {', '.join(DERIVATION_OPS)})",
        )
        return None
    if op == "count":
        return _derive_count(c, corpus, derivation)
    a_key, b_key = ("from", "to") if op == "days_between" else ("first", "second")
    a, b = _day_arg(c, derivation, op, a_key), _day_arg(c, derivation, op, b_key)
    if a is None or b is None:
        return None
    if op == "days_between":
        if b <= a:
            c.add(
                ("derivation",),
                f"derivation days_between runs from day {a} to day {b}: not forward",
            )
            return None
        return f"{b - a} days"
    if a == b:
        c.add(("derivation",), f"derivation order compares day {a} with itself")
        return None
    return "before" if a < b else "after"


def _day_arg(c: _PairCheck, derivation: Mapping[str, Any], op: str, key: str) -> int | None:
    day = derivation.get(key)
    if isinstance(day, bool) or not isinstance(day, int):
        c.add(("derivation",), f"derivation {op} needs {key}: a day number, found {describe(day)}")
        return None
    if day not in c.pair.relevant_days:
        c.add(
            ("derivation", key),
            f"derivation {op} uses day {day}, which is not one of its relevant days "
            f"({_days(c.pair.relevant_days)})",
        )
        return None
    return day


def _derive_count(c: _PairCheck, corpus: _Corpus, derivation: Mapping[str, Any]) -> str | None:
    marker = derivation.get("marker")
    if not isinstance(marker, str) or not normalize(marker):
        c.add(
            ("derivation",), f"derivation count needs marker: some text, found {describe(marker)}"
        )
        return None
    last = c.pair.last_day
    days = tuple(d for d in corpus.days_with(marker) if d <= last)
    if days != c.pair.relevant_days:
        c.add(
            ("derivation", "marker"),
            f"derivation count of {marker!r}: the days up to {last} that mention it are "
            f"({_days(days) or 'none'}), but the relevant days are ({_days(c.pair.relevant_days)})",
        )
        return None
    return str(len(days))


def _check_leaks(c: _PairCheck, corpus: _Corpus, leaks: list[tuple[int, str]]) -> None:
    if not leaks:
        return
    pair = c.pair
    forbidden = pair.forbidden_sessions or ()
    if not forbidden:
        c.add(("leak_facts",), "leak_facts need forbidden_sessions to leak from")
    query = pair.query_session or PRINCIPAL
    relevant = set(pair.relevant_days)
    for j, fact in leaks:
        days = corpus.days_with(fact)
        ok = True
        if forbidden and not any(
            corpus.in_session(d, s, fact) for d in days if d in relevant for s in forbidden
        ):
            ok = False
            c.add(
                ("leak_facts", j),
                f"leak fact {fact!r} occurs in none of the forbidden sessions "
                f"({', '.join(forbidden)}) on its relevant days ({_days(pair.relevant_days)})",
            )
        reached = next(
            (d for d in days if d <= pair.last_day and corpus.in_session(d, query, fact)), None
        )
        if reached is not None:
            ok = False
            c.add(
                ("leak_facts", j),
                f"leak fact {fact!r} occurs in the query session {query!r} on day {reached}: "
                f"up to day {pair.last_day} it must occur only in the forbidden sessions",
            )
        if ok and forbidden:
            c.claims += 1


# --- wording ----------------------------------------------------------------------------------------


def _days(days: Iterable[int]) -> str:
    return ", ".join(map(str, days))


def _more(days: Sequence[int]) -> str:
    return f" (and {len(days)} later day(s))" if days else ""


def _where(days: Sequence[int]) -> str:
    if not days:
        return "it occurs nowhere in the corpus"
    shown = _days(days[:5]) + (" …" if len(days) > 5 else "")
    return f"it occurs on day(s) {shown}"


def _nothing_to_prove(checks: Sequence[_PairCheck]) -> str | None:
    """One sentence for a questions file about its pairs that carry no claim at all."""

    def ids(kind: str) -> list[str]:
        return [c.pair.id for c in checks if c.kind == kind]

    bare = ids("no-key-facts")
    parts: list[str] = []
    if bare:
        sample = ", ".join(bare[:3]) + (", …" if len(bare) > 3 else "")
        parts.append(f"{len(bare)} of {len(checks)} pair(s) have no key_facts (e.g. {sample})")
    for kind, key in _OWN_CLAIMS.items():
        n = len(ids(kind))
        if n:
            parts.append(f"{n} {kind} pair(s) have no {key}")
    if not parts:
        return None
    return "nothing to prove against the corpus: " + "; ".join(parts)
