"""The mapping that points the MCP adapter at a memory server: how to start or reach it, what to call
when a unit of work starts (``reset``, ``setup``) and ends (``teardown``), which tools store,
search, delete and update, when a write counts as stored (``success``), where the hits are in a
result, and how the answer is made.

A mapping comes from a YAML or JSON file (:func:`load_mcp_file`, errors name ``file:line``), from a
preset (:mod:`.presets`: mapping files shipped in ``presets/``) or from a profile's adapter
``config``; :func:`parse_mcp_config` checks it into an :class:`McpConfig`. Every mistake is one
:class:`~recallbench.errors.ConfigError` line naming where it is and what was expected (docs/mcp.md
lists the keys).

Pure but for ``server.locate`` (an environment variable naming where the server is installed): no
anyio, no mcp.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import attrs

from ...data._yaml import KeyPath, Locator, load_yaml_located
from ...errors import ConfigError, DatasetError
from .checks import Reader, placeholders
from .environ import locate

__all__ = [
    "INGEST_FIELDS",
    "QUERY_MODES",
    "SEARCH_FIELDS",
    "UNITS",
    "AnswerConfig",
    "HitsConfig",
    "McpConfig",
    "SearchConfig",
    "ServerConfig",
    "ToolCallConfig",
    "WriteRule",
    "deep_merge",
    "load_mcp_file",
    "parse_mcp_config",
    "placeholders",
]

Unit = Literal["day", "session", "chunk"]
QueryMode = Literal["whole", "keywords", "or", "each"]

UNITS: tuple[Unit, ...] = ("day", "session", "chunk")
"""What one stored memory is: a whole day log, one session of a day, or one ``###`` section."""
QUERY_MODES: tuple[QueryMode, ...] = ("whole", "keywords", "or", "each")
"""How the question becomes a query: as asked, its keywords joined by spaces, joined by `` OR ``,
or one search call per keyword (hits merged)."""

UNIT_FIELDS = frozenset({"data_dir", "persona", "unit", "namespace"})
"""What every template may name: the unit's data folder, the persona, the unit's slug and its
namespace."""
COMMON_FIELDS = UNIT_FIELDS
INGEST_FIELDS = COMMON_FIELDS | {
    "day",
    "memory_id",
    "record_id",
    "date",
    "content",
    "lines",
    "session",
}
"""The placeholders of ingest and update arguments (and of ``recordId``, without ``record_id``)."""
DELETE_FIELDS = COMMON_FIELDS | {"day", "memory_id", "record_id", "session"}
SEARCH_FIELDS = COMMON_FIELDS | {"query", "limit", "session"}
SERVER_FIELDS = frozenset({"data_dir", "unit", "namespace"})
NAMESPACE_FIELDS = frozenset({"unit", "persona"})
SCOPING = frozenset({"unit", "namespace"})
"""The placeholders that give each unit of work its own part of a shared server."""

DEFAULT_RECORD_IDS: Mapping[Unit, str] = {
    "day": "{memory_id}",
    "session": "{memory_id}.{session}",
    "chunk": "{memory_id}.{session}.{index}",
}
DEFAULT_NAMESPACE = "recallbench-{unit}"


@attrs.frozen(kw_only=True)
class ServerConfig:
    """How to reach the server: a command to start over stdio, or the URL of a running one."""

    command: str | None = None
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = attrs.field(factory=dict)
    cwd: str | None = None
    url: str | None = None
    headers: Mapping[str, str] = attrs.field(factory=dict)
    start_timeout: float = 60.0
    call_timeout: float = 120.0
    probe_after: float | None = 10.0
    """Seconds of silence from the server, while a call waits, before it is pinged (None: never)."""
    restarts: int = 3
    """How many times a stdio server that dies is started again in one unit of work."""
    replay: bool = False
    """After a restart, call ``setup`` and store again every record the adapter holds (a server
    that keeps its memory only in its process comes back empty)."""
    located_by: str | None = None
    """The environment variable ``server.locate`` read the command from (when it was set)."""

    @property
    def needs_data_dir(self) -> bool:
        """Whether a fresh data folder is made per unit of work (a template names ``{data_dir}``)."""
        return "data_dir" in placeholders(
            [self.command or "", list(self.args), dict(self.env), self.cwd or ""]
        )


@attrs.frozen(kw_only=True)
class WriteRule:
    """When a write (ingest, delete, update) counts as done, and when the server refused it.

    A write is refused when ``path`` in its result is not true, when its text does not match
    ``match``, or when it is an error result whose text matches ``error_refusal``; any other error
    result is a failure (it stops the unit). Without a rule, a result carrying ``"success": false``
    is refused.
    """

    path: str | None = None
    match: re.Pattern[str] | None = None
    error_refusal: re.Pattern[str] | None = None
    reason: str | None = None
    """A dotted path to the server's words for a refusal (default: its first line of text)."""


@attrs.frozen(kw_only=True)
class ToolCallConfig:
    """One tool, its argument template, and (for a write) its success rule."""

    tool: str
    args: Mapping[str, Any] = attrs.field(factory=dict)
    success: WriteRule | None = None


@attrs.frozen(kw_only=True)
class SearchConfig(ToolCallConfig):
    """The search tool, how the question becomes its query, how many hits, and who ranks them."""

    query: QueryMode = "whole"
    max_keywords: int = 8
    limit: int = 10
    rank: Literal["server", "overlap"] = "server"


@attrs.frozen(kw_only=True)
class HitsConfig:
    """Where the hits are in a search result and which fields hold what.

    ``path`` is dotted (``result.results``; empty: the result itself is the list); ``columns``
    reads hits given as parallel lists (``{id: ids.0, text: documents.0}``: hit n is ``{id: ids.0[n],
    text: documents.0[n]}``); ``pattern`` reads hits out of prose (each match one hit, its named
    groups its fields). The fields (``id``, ``text``, ``score``, ``day``, ``session``) are dotted
    paths into each hit (``metadata.day``); ``text`` names one or several (joined by newlines; a
    list of strings is joined too).
    """

    source: Literal["auto", "structured", "text"] = "auto"
    path: str = ""
    columns: Mapping[str, str] = attrs.field(factory=dict)
    pattern: re.Pattern[str] | None = None
    empty: re.Pattern[str] | None = None
    id: str = "id"
    text: tuple[str, ...] = ("text",)
    score: str | None = None
    day: str | None = None
    session: str | None = None


@attrs.frozen(kw_only=True)
class AnswerConfig:
    """Extractive answers from the hits (as ``builtin:bm25``), or a model's (as ``builtin:rag``)."""

    sentences: int = 3
    answer_hits: int = 1
    cite: bool = False
    model: str | None = None
    max_tokens: int = 256
    cache: bool | str = True


@attrs.frozen(kw_only=True)
class McpConfig:
    """A checked mapping (see the module docstring and docs/mcp.md)."""

    name: str
    server: ServerConfig
    ingest: ToolCallConfig
    search: SearchConfig
    hits: HitsConfig
    unit: Unit = "session"
    record_id: str = DEFAULT_RECORD_IDS["session"]
    delete: ToolCallConfig | None = None
    update: ToolCallConfig | None = None
    answer: AnswerConfig = AnswerConfig()
    namespace: str = DEFAULT_NAMESPACE
    reset: tuple[ToolCallConfig, ...] = ()
    setup: tuple[ToolCallConfig, ...] = ()
    teardown: tuple[ToolCallConfig, ...] = ()
    install: str | None = None
    source: str = "config"

    @property
    def tools(self) -> list[str]:
        """The tools the mapping calls, each once."""
        calls = [
            *self.reset,
            *self.setup,
            self.ingest,
            self.search,
            self.delete,
            self.update,
            *self.teardown,
        ]
        return list(dict.fromkeys(c.tool for c in calls if c is not None))

    @property
    def namespaced(self) -> bool:
        """Whether each unit of work has its own part of the server: ``{namespace}`` (or
        ``{unit}``) in the server's URL or headers, or in both the ingest and the search
        arguments."""
        server = placeholders([self.server.url or "", dict(self.server.headers)])
        tools = placeholders(dict(self.ingest.args)) & placeholders(dict(self.search.args))
        return bool((server | tools) & SCOPING)


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``over`` laid on it: mappings merged key by key, anything else replaced."""
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def load_mcp_file(path: Path) -> tuple[dict[str, Any], Locator]:
    """A mapping file (YAML or JSON) and the lines of its keys.

    Raises:
        ConfigError: the file is missing, unreadable, not YAML/JSON or not a mapping (file:line).
    """
    if not path.is_file():
        raise ConfigError(f"MCP adapter config {path} not found")
    try:
        data, locator = load_yaml_located(path)
    except DatasetError as exc:
        raise ConfigError(str(exc)) from None
    if not isinstance(data, dict):
        raise ConfigError(
            f"{path}:1: an MCP adapter config is a mapping, got {type(data).__name__}"
        )
    return data, locator


_TOP_KEYS = (
    "name",
    "install",
    "server",
    "namespace",
    "reset",
    "setup",
    "teardown",
    "unit",
    "recordId",
    "ingest",
    "search",
    "hits",
    "delete",
    "update",
    "answer",
)
_SERVER_KEYS = (
    "command",
    "locate",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    "startTimeout",
    "callTimeout",
    "probeAfter",
    "restarts",
    "replay",
)
DAY = 86_400.0
"""The longest timeout (seconds) a mapping may set."""
MAX_RESTARTS = 100
"""The most restarts of a server a mapping may allow in one unit of work."""
_TOOL_KEYS = ("tool", "args")
_WRITE_KEYS = ("tool", "args", "success")
_SUCCESS_KEYS = ("path", "match", "errorRefusal", "reason")
_LOCATE_KEYS = ("env", "under")
_SEARCH_KEYS = ("tool", "args", "query", "maxKeywords", "limit", "rank")
_HITS_KEYS = (
    "from",
    "path",
    "columns",
    "pattern",
    "empty",
    "id",
    "text",
    "score",
    "day",
    "session",
)
_ANSWER_KEYS = ("sentences", "answerHits", "cite", "model", "maxTokens", "cache")


def _command(r: Reader, given: Mapping[str, Any], path: KeyPath) -> tuple[str | None, str | None]:
    """The command and, when ``locate`` found it through a set variable, that variable."""
    command = r.text(given.get("command"), (*path, "command"), optional=True)
    if "locate" not in given:
        return command, None
    where = (*path, "locate")
    if command is None:
        raise r.fail(where, "needs server.command: what to run when its variable is not set")
    spec = r.mapping(given["locate"], where, _LOCATE_KEYS)
    env = r.text(spec.get("env"), (*where, "env")) or ""
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", env):
        raise r.fail((*where, "env"), f"must name an environment variable, got {env!r}")
    under = r.strings(spec.get("under", []), (*where, "under"))
    found = locate(env, under, command)
    return found, (env if found != command else None)


def _server(r: Reader, raw: Any) -> ServerConfig:
    path: KeyPath = ("server",)
    given = r.mapping(raw, path, _SERVER_KEYS)
    command, located_by = _command(r, given, path)
    url = r.text(given.get("url"), (*path, "url"), optional=True)
    if (command is None) == (url is None):
        raise r.fail(
            path,
            "needs exactly one of command (start the server over stdio) and url "
            "(a running server, streamable HTTP)",
        )
    if url is not None and not re.match(r"(https?://|\$)", url):
        raise r.fail((*path, "url"), f"must be an http:// or https:// URL, got {url!r}")
    args = r.strings(given.get("args", []), (*path, "args"))
    env = r.string_map(given.get("env", {}), (*path, "env"))
    headers = r.string_map(given.get("headers", {}), (*path, "headers"))
    cwd = r.text(given.get("cwd"), (*path, "cwd"), optional=True)
    probe = given.get("probeAfter", 10.0)
    if probe is not None:
        probe = r.number(probe, (*path, "probeAfter"), zero=True, most=DAY)
    templated = (
        ("command", command),
        ("args", list(args)),
        ("env", env),
        ("cwd", cwd),
        ("url", url),
        ("headers", headers),
    )
    for key, value in templated:
        r.template(value, (*path, key), SERVER_FIELDS)
    return ServerConfig(
        command=command,
        args=args,
        env=env,
        cwd=cwd,
        url=url,
        headers=headers,
        start_timeout=float(
            r.number(given.get("startTimeout", 60.0), (*path, "startTimeout"), most=DAY)
        ),
        call_timeout=float(
            r.number(given.get("callTimeout", 120.0), (*path, "callTimeout"), most=DAY)
        ),
        probe_after=float(probe) if probe else None,
        restarts=r.number(
            given.get("restarts", 3), (*path, "restarts"), whole=True, zero=True, most=MAX_RESTARTS
        ),
        replay=r.flag(given.get("replay", False), (*path, "replay")),
        located_by=located_by,
    )


def _success(r: Reader, raw: Any, path: KeyPath) -> WriteRule:
    given = r.mapping(raw, path, _SUCCESS_KEYS)
    if not given:
        raise r.fail(path, f"must give at least one of {', '.join(_SUCCESS_KEYS[:3])}")
    return WriteRule(
        path=r.dotted(given.get("path"), (*path, "path"), optional=True),
        match=r.pattern(given["match"], (*path, "match")) if "match" in given else None,
        error_refusal=r.pattern(given["errorRefusal"], (*path, "errorRefusal"))
        if "errorRefusal" in given
        else None,
        reason=r.dotted(given.get("reason"), (*path, "reason"), optional=True),
    )


def _tool(
    r: Reader, raw: Any, path: KeyPath, allowed: frozenset[str], *, write: bool = False
) -> ToolCallConfig:
    given = r.mapping(raw, path, _WRITE_KEYS if write else _TOOL_KEYS)
    tool = r.text(given.get("tool"), (*path, "tool"))
    args = given.get("args", {})
    if not isinstance(args, Mapping):
        raise r.fail((*path, "args"), f"must be a mapping (the tool's arguments), got {args!r}")
    r.template(args, (*path, "args"), allowed)
    success = _success(r, given["success"], (*path, "success")) if "success" in given else None
    return ToolCallConfig(tool=tool or "", args=dict(args), success=success)


def _calls(r: Reader, raw: Any, key: str) -> tuple[ToolCallConfig, ...]:
    """``setup``, ``reset`` or ``teardown``: a list of tool calls (one call alone is a list of one)."""
    items = [raw] if isinstance(raw, Mapping) else raw
    if not isinstance(items, list):
        raise r.fail((key,), f"must be a list of tool calls ({{tool, args}}), got {raw!r}")
    return tuple(
        _tool(r, item, (key, n) if items is raw else (key,), UNIT_FIELDS)
        for n, item in enumerate(items)
    )


def _search(r: Reader, raw: Any) -> SearchConfig:
    given = r.mapping(raw, ("search",), _SEARCH_KEYS)
    call = _tool(r, {k: v for k, v in given.items() if k in _TOOL_KEYS}, ("search",), SEARCH_FIELDS)
    if "query" not in placeholders(call.args):
        raise r.fail(("search", "args"), "must pass the question somewhere: no {query} in it")
    return SearchConfig(
        tool=call.tool,
        args=call.args,
        query=r.choice(given.get("query", "whole"), ("search", "query"), QUERY_MODES),
        max_keywords=r.number(given.get("maxKeywords", 8), ("search", "maxKeywords"), whole=True),
        limit=r.number(given.get("limit", 10), ("search", "limit"), whole=True),
        rank=r.choice(given.get("rank", "server"), ("search", "rank"), ("server", "overlap")),
    )


def _hits(r: Reader, raw: Any) -> HitsConfig:
    given = r.mapping(raw, ("hits",), _HITS_KEYS)
    text = given.get("text", "text")
    texts = (text,) if isinstance(text, str) else r.strings(text, ("hits", "text"))
    if not texts or not all(t.strip() for t in texts):
        raise r.fail(("hits", "text"), f"must name a field or a list of fields, got {text!r}")
    for n, field in enumerate(texts):
        r.dotted(field, ("hits", "text") if isinstance(text, str) else ("hits", "text", n))
    path = given.get("path", "")
    if not isinstance(path, str):
        raise r.fail(("hits", "path"), f"must be a dotted path (a string), got {path!r}")
    source = r.choice(given.get("from", "auto"), ("hits", "from"), ("auto", "structured", "text"))
    columns = r.string_map(given.get("columns", {}), ("hits", "columns"))
    for name, column in columns.items():
        r.dotted(column, ("hits", "columns", name))
    pattern = r.pattern(given["pattern"], ("hits", "pattern")) if "pattern" in given else None
    empty = r.pattern(given["empty"], ("hits", "empty")) if "empty" in given else None
    fields = {
        "id": r.dotted(given.get("id", "id"), ("hits", "id")) or "id",
        "score": r.dotted(given.get("score"), ("hits", "score"), optional=True),
        "day": r.dotted(given.get("day"), ("hits", "day"), optional=True),
        "session": r.dotted(given.get("session"), ("hits", "session"), optional=True),
    }
    if pattern is not None:
        if columns:
            raise r.fail(("hits", "pattern"), "reads prose; columns read data: give one of them")
        if source == "structured" or path:
            raise r.fail(
                ("hits", "pattern"),
                "reads the text content as it is: it takes neither from: structured nor a path",
            )
        groups = set(pattern.groupindex)
        named: list[tuple[str, str]] = [("text", t) for t in texts]
        named += [(k, v) for k, v in fields.items() if v is not None]
        for key, field in named:
            if field.split(".")[0] not in groups:
                raise r.fail(
                    ("hits", key),
                    f'names "{field}", which is no named group of hits.pattern (its groups: '
                    f"{', '.join(sorted(groups)) or 'none'}); write (?P<{field.split('.')[0]}>…)",
                )
    elif empty is not None:
        raise r.fail(("hits", "empty"), "applies to hits.pattern only (prose results)")
    return HitsConfig(
        source=source,
        path=path,
        columns=columns,
        pattern=pattern,
        empty=empty,
        id=fields["id"] or "id",
        text=texts,
        score=fields["score"],
        day=fields["day"],
        session=fields["session"],
    )


def _answer(r: Reader, raw: Any) -> AnswerConfig:
    given = r.mapping(raw, ("answer",), _ANSWER_KEYS)
    cite = given.get("cite", False)
    if not isinstance(cite, bool):
        raise r.fail(("answer", "cite"), f"must be true or false, got {cite!r}")
    cache = given.get("cache", True)
    if not isinstance(cache, bool) and not (isinstance(cache, str) and cache.strip()):
        raise r.fail(("answer", "cache"), f"must be true, false or a directory, got {cache!r}")
    return AnswerConfig(
        sentences=r.number(given.get("sentences", 3), ("answer", "sentences"), whole=True),
        answer_hits=r.number(given.get("answerHits", 1), ("answer", "answerHits"), whole=True),
        cite=cite,
        model=r.text(given.get("model"), ("answer", "model"), optional=True),
        max_tokens=r.number(given.get("maxTokens", 256), ("answer", "maxTokens"), whole=True),
        cache=cache,
    )


def parse_mcp_config(
    mapping: Mapping[str, Any], *, source: str = "config", locator: Locator | None = None
) -> McpConfig:
    """Check a mapping (docs/mcp.md) into an :class:`McpConfig`.

    Args:
        mapping: the mapping, as read from a file, a preset or a profile.
        source: how errors name where it came from (a file name, ``preset server-memory``).
        locator: the lines of its keys, when it was read from a file.

    Raises:
        ConfigError: one line: ``source:line: key.path problem (docs/mcp.md)``.
    """
    r = Reader(source, locator)
    given = r.mapping(mapping, (), _TOP_KEYS)
    for key in ("server", "ingest", "search", "hits"):
        if key not in given:
            raise r.fail((), f'lacks "{key}", which every MCP adapter config needs')
    unit = r.choice(given.get("unit", "session"), ("unit",), UNITS)
    record_id = r.text(given.get("recordId", DEFAULT_RECORD_IDS[unit]), ("recordId",)) or ""
    record_fields = INGEST_FIELDS - {"record_id", "content", "lines"} | (
        {"index"} if unit == "chunk" else set()
    )
    r.template(record_id, ("recordId",), frozenset(record_fields))
    if unit == "day" and "session" in placeholders(record_id):
        raise r.fail(("recordId",), "names {session}, but unit: day stores whole days")
    name = r.text(given.get("name", "mcp"), ("name",)) or "mcp"
    namespace = r.text(given.get("namespace", DEFAULT_NAMESPACE), ("namespace",)) or ""
    r.template(namespace, ("namespace",), NAMESPACE_FIELDS)
    if "unit" not in placeholders(namespace):
        raise r.fail(("namespace",), f"must name {{unit}}, so each unit has its own: {namespace!r}")
    optional = {
        key: _tool(r, given[key], (key,), fields, write=True) if given.get(key) else None
        for key, fields in (("delete", DELETE_FIELDS), ("update", INGEST_FIELDS))
    }
    return McpConfig(
        name=name,
        install=r.text(given.get("install"), ("install",), optional=True),
        server=_server(r, given["server"]),
        namespace=namespace,
        reset=_calls(r, given.get("reset", []), "reset"),
        setup=_calls(r, given.get("setup", []), "setup"),
        teardown=_calls(r, given.get("teardown", []), "teardown"),
        unit=unit,
        record_id=record_id,
        ingest=_tool(r, given["ingest"], ("ingest",), INGEST_FIELDS, write=True),
        search=_search(r, given["search"]),
        hits=_hits(r, given["hits"]),
        delete=optional["delete"],
        update=optional["update"],
        answer=_answer(r, given.get("answer", {})),
        source=source,
    )
