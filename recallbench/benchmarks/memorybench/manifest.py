"""A MemoryBench ``manifest.json`` as records, every field of the manifest reference honoured.

:func:`parse_manifest` checks the parsed JSON field by field and returns every problem with its JSON
path (an :class:`~recallbench.data._schema.Issue`), so that ``recallbench validate`` can name them all;
the record is built only when there is no error. Keys the reference does not name are kept in
``extra`` and reported as warnings (a misspelt ``content_feild`` is worth a look).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..._bounds import BOUNDS
from ...data._schema import Issue, describe
from ._json import JsonPath

__all__ = [
    "CAPABILITIES",
    "METRICS",
    "PROTOCOLS",
    "STRATEGIES",
    "AddDeleteVerifyIngestion",
    "Evaluation",
    "Flatten",
    "Ingestion",
    "Manifest",
    "QuerySpec",
    "SessionIngestion",
    "SimpleIngestion",
    "parse_manifest",
]

STRATEGIES: tuple[str, ...] = ("simple", "session-based", "add-delete-verify")
MODES: tuple[str, ...] = ("lazy", "shared", "full")
SESSIONS_FORMATS: tuple[str, ...] = ("array", "dynamic_keys")
FORMATTERS: tuple[str, ...] = ("conversation", "json")
EVIDENCE_PARSERS: tuple[str, ...] = ("direct", "dialog_refs")
PROTOCOLS: tuple[str, ...] = ("exact-match", "llm-as-judge", "deletion-check")
METRICS: tuple[str, ...] = (
    "correctness",
    "faithfulness",
    "retrieval_precision",
    "retrieval_recall",
    "retrieval_f1",
    "retrieval_coverage",
    "retrieval_ndcg",
    "retrieval_map",
)
CAPABILITIES: tuple[str, ...] = ("add_memory", "retrieve_memory", "delete_memory", "update_memory")


@attrs.frozen(kw_only=True)
class SimpleIngestion:
    """One field of each case is ingested (each element a day with ``is_array``)."""

    strategy: str = "simple"
    content_field: str
    is_array: bool = False
    metadata_fields: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class SessionIngestion:
    """Conversation sessions, each a day. ``answer_session_ids_field``, ``evidence_field``,
    ``evidence_parser``, ``shared_sample_size``, ``session_key_prefix``, ``date_key_suffix`` are the
    reference implementation's options beyond the documented table, honoured too."""

    strategy: str = "session-based"
    sessions_field: str
    sessions_format: str = "array"
    session_ids_field: str | None = None
    dates_field: str | None = None
    mode: str = "full"
    content_formatter: str = "conversation"
    answer_session_ids_field: str | None = None
    evidence_field: str | None = None
    evidence_parser: str = "direct"
    shared_sample_size: int = 10
    session_key_prefix: str = "session_"
    date_key_suffix: str = "_date_time"


@attrs.frozen(kw_only=True)
class AddDeleteVerifyIngestion:
    """Add a case's content, delete a target through the adapter, then ask the verify query."""

    strategy: str = "add-delete-verify"
    add_content_field: str
    delete_target_field: str
    verify_query_field: str
    phase_delay_ms: int = 0


Ingestion = SimpleIngestion | SessionIngestion | AddDeleteVerifyIngestion


@attrs.frozen(kw_only=True)
class QuerySpec:
    question_field: str | None = None
    expected_answer_field: str | None = None
    retrieval_limit: int | None = None


@attrs.frozen(kw_only=True)
class Evaluation:
    """The evaluation protocol and its options, kept whole for the judge that implements it."""

    protocol: str
    options: Mapping[str, Any] = attrs.field(factory=dict)

    @property
    def type_field(self) -> str | None:
        value = self.options.get("type_field")
        return value if isinstance(value, str) else None


@attrs.frozen(kw_only=True)
class Flatten:
    """Expand a list field of each record into one case per element (ids ``<id>_<n>``)."""

    field: str
    max_items: int | None = None
    promote_fields: tuple[str, ...] | None = None


@attrs.frozen(kw_only=True)
class Manifest:
    manifest_version: str
    name: str
    version: str
    description: str = ""
    source: str | None = None
    data_file: str
    ingestion: Ingestion
    query: QuerySpec
    evaluation: Evaluation
    metrics: tuple[str, ...]
    required_capabilities: tuple[str, ...]
    flatten: Flatten | None = None
    extra: Mapping[str, Any] = attrs.field(factory=dict)


class _Fields:
    """Reads one JSON object's keys, recording an issue for each that is missing or mistyped."""

    def __init__(self, raw: Mapping[str, Any], path: JsonPath, issues: list[Issue]):
        self.raw = raw
        self.path = path
        self.issues = issues
        self.seen: set[str] = set()

    def error(self, key: str | None, message: str) -> None:
        self.issues.append(Issue(self.path + ((key,) if key else ()), message))

    def _get(self, key: str, required: bool) -> Any:
        self.seen.add(key)
        if key not in self.raw:
            if required:
                self.error(None, f"missing required field {key!r}")
            return None
        return self.raw[key]

    def text(self, key: str, *, required: bool = False, default: str | None = None) -> str | None:
        value = self._get(key, required)
        if value is None:
            return default
        if not isinstance(value, str) or not value.strip():
            self.error(key, f"{key} must be a non-empty string, found {describe(value)}")
            return default
        return value

    def choice(self, key: str, choices: Sequence[str], default: str, what: str) -> str:
        value = self.text(key, default=default)
        if value is not None and value not in choices:
            self.error(key, f"unknown {what} {value!r} (expected {', '.join(choices)})")
        return value or default

    def flag(self, key: str, default: bool) -> bool:
        value = self._get(key, False)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.error(key, f"{key} must be true or false, found {describe(value)}")
            return default
        return value

    def count(self, key: str, default: int | None, *, bound: str) -> int | None:
        """An integer field held to ``bound`` (:data:`recallbench._bounds.BOUNDS`), checked here so
        that ``validate`` and ``plan`` refuse what ``run`` would sleep or spend memory on."""
        value = self._get(key, False)
        if value is None:
            return default
        limits = BOUNDS[bound]
        if isinstance(value, bool) or not isinstance(value, int) or value < limits.low:
            self.error(key, f"{key} must be an integer ≥ {limits.low}, found {describe(value)}")
            return default
        problem = limits.problem(value)
        if problem is not None:
            self.error(key, f"{key} {value} {problem}")
            return default
        return value

    def names(
        self, key: str, *, required: bool = False, known: Sequence[str] = (), what: str = ""
    ) -> tuple[str, ...] | None:
        value = self._get(key, required)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            self.error(key, f"{key} must be a list of non-empty strings, found {describe(value)}")
            return None
        for i, v in enumerate(value):
            if known and v not in known:
                self.issues.append(
                    Issue(
                        (*self.path, key, i),
                        f"unknown {what} {v!r} (expected one of {', '.join(known)})",
                    )
                )
        return tuple(value)

    def unknown_keys(self) -> dict[str, Any]:
        extra = {k: v for k, v in self.raw.items() if k not in self.seen}
        for k in extra:
            close = difflib.get_close_matches(k, sorted(self.seen), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            self.issues.append(
                Issue((*self.path, k), f"unknown field {k!r}, ignored{hint}", "warning")
            )
        return extra


def _object(
    raw: Mapping[str, Any], key: str, issues: list[Issue], required: bool = True
) -> Mapping[str, Any] | None:
    value = raw.get(key)
    if value is None:
        if required:
            issues.append(Issue((), f"missing required field {key!r}"))
        return None
    if not isinstance(value, dict):
        issues.append(Issue((key,), f"{key} must be an object, found {describe(value)}"))
        return None
    return value


def _ingestion(raw: Mapping[str, Any], issues: list[Issue]) -> Ingestion | None:
    f = _Fields(raw, ("ingestion",), issues)
    strategy = f.text("strategy", required=True)
    if strategy is None:
        return None
    if strategy not in STRATEGIES:
        f.error("strategy", f"unknown strategy {strategy!r} (expected {', '.join(STRATEGIES)})")
        return None
    result: Ingestion
    if strategy == "simple":
        result = SimpleIngestion(
            content_field=f.text("content_field", required=True) or "",
            is_array=f.flag("is_array", False),
            metadata_fields=f.names("metadata_fields") or (),
        )
    elif strategy == "session-based":
        result = SessionIngestion(
            sessions_field=f.text("sessions_field", required=True) or "",
            sessions_format=f.choice(
                "sessions_format", SESSIONS_FORMATS, "array", "sessions_format"
            ),
            session_ids_field=f.text("session_ids_field"),
            dates_field=f.text("dates_field"),
            mode=f.choice("mode", MODES, "full", "mode"),
            content_formatter=f.choice(
                "content_formatter", FORMATTERS, "conversation", "content_formatter"
            ),
            answer_session_ids_field=f.text("answer_session_ids_field"),
            evidence_field=f.text("evidence_field"),
            evidence_parser=f.choice(
                "evidence_parser", EVIDENCE_PARSERS, "direct", "evidence_parser"
            ),
            shared_sample_size=f.count("shared_sample_size", 10, bound="shared-sample-size") or 10,
            session_key_prefix=f.text("session_key_prefix", default="session_") or "session_",
            date_key_suffix=f.text("date_key_suffix", default="_date_time") or "_date_time",
        )
    else:
        result = AddDeleteVerifyIngestion(
            add_content_field=f.text("add_content_field", required=True) or "",
            delete_target_field=f.text("delete_target_field", required=True) or "",
            verify_query_field=f.text("verify_query_field", required=True) or "",
            phase_delay_ms=f.count("phase_delay_ms", 0, bound="phase-delay-ms") or 0,
        )
    f.unknown_keys()
    return result


def parse_manifest(raw: Any) -> tuple[Manifest | None, list[Issue]]:
    """The manifest record (None when there is an error) and every issue found, each with its path."""
    issues: list[Issue] = []
    if not isinstance(raw, dict):
        return None, [Issue((), f"a manifest is a JSON object, found {describe(raw)}")]
    f = _Fields(raw, (), issues)
    version = f._get("manifest_version", True)
    if version is not None and version != "1":
        f.error("manifest_version", f'manifest_version must be "1", found {describe(version)}')
    name = f.text("name", required=True)
    semver = f.text("version", required=True)
    description = f.text("description", default="")
    source = f.text("source")
    data_file = f.text("data_file", required=True)
    f.seen.update({"ingestion", "query", "evaluation", "flatten"})

    ing_raw = _object(raw, "ingestion", issues)
    ingestion = _ingestion(ing_raw, issues) if ing_raw is not None else None
    adv = isinstance(ingestion, AddDeleteVerifyIngestion)

    query = None
    q_raw = _object(raw, "query", issues)
    if q_raw is not None:
        q = _Fields(q_raw, ("query",), issues)
        query = QuerySpec(
            # The verify query stands in for the question of an add-delete-verify case.
            question_field=q.text("question_field", required=not adv),
            expected_answer_field=q.text("expected_answer_field", required=not adv),
            retrieval_limit=q.count("retrieval_limit", None, bound="retrieval-limit"),
        )
        q.unknown_keys()

    evaluation = None
    e_raw = _object(raw, "evaluation", issues)
    if e_raw is not None:
        e = _Fields(e_raw, ("evaluation",), issues)
        protocol = e.text("protocol", required=True)
        if protocol is not None and protocol not in PROTOCOLS:
            e.error("protocol", f"unknown protocol {protocol!r} (expected {', '.join(PROTOCOLS)})")
        for key in (
            "type_field",
            "type_instructions_file",
            "verification_query_field",
            "deleted_content_field",
        ):
            e.text(key)
        for key in ("case_sensitive", "normalize_whitespace", "fuzzy_match"):
            e.flag(key, False)
        options = {k: v for k, v in e_raw.items() if k != "protocol"}
        evaluation = Evaluation(protocol=protocol or "", options=options)

    metrics = f.names("metrics", required=True, known=METRICS, what="metric")
    capabilities = f.names(
        "required_capabilities", required=True, known=CAPABILITIES, what="capability"
    )

    flatten = None
    fl_raw = _object(raw, "flatten", issues, required=False)
    if fl_raw is not None:
        fl = _Fields(fl_raw, ("flatten",), issues)
        flatten = Flatten(
            field=fl.text("field", required=True) or "",
            max_items=fl.count("max_items", None, bound="flatten-max-items"),
            promote_fields=fl.names("promote_fields"),
        )
        fl.unknown_keys()
    extra = f.unknown_keys()

    if any(i.severity == "error" for i in issues):
        return None, issues
    # No error: every required part was read.
    assert name is not None
    assert semver is not None
    assert data_file is not None
    assert ingestion is not None
    assert query is not None
    assert evaluation is not None
    return (
        Manifest(
            manifest_version="1",
            name=name,
            version=semver,
            description=description or "",
            source=source,
            data_file=data_file,
            ingestion=ingestion,
            query=query,
            evaluation=evaluation,
            metrics=metrics or (),
            required_capabilities=capabilities or (),
            flatten=flatten,
            extra=extra,
        ),
        issues,
    )
