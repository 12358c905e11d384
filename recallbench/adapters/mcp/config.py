"""The mapping that points the MCP adapter at a memory server: how to start or reach it, which tools
store, search, delete and update, where the hits are in a result, and how the answer is made.

A mapping comes from a YAML or JSON file (:func:`load_mcp_file`, errors name ``file:line``), from a
preset (:mod:`.presets`) or from a profile's adapter ``config``; :func:`parse_mcp_config` checks it
into an :class:`McpConfig`. Every mistake is one :class:`~recallbench.errors.ConfigError` line naming
where it is and what was expected (docs/mcp.md lists the keys).

Pure: no anyio, no mcp.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from ...data._yaml import KeyPath, Locator, load_yaml_located
from ...errors import ConfigError, DatasetError

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

COMMON_FIELDS = frozenset({"data_dir", "persona"})
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
SERVER_FIELDS = frozenset({"data_dir"})

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")

DEFAULT_RECORD_IDS: Mapping[Unit, str] = {
    "day": "{memory_id}",
    "session": "{memory_id}.{session}",
    "chunk": "{memory_id}.{session}.{index}",
}


def placeholders(template: object) -> set[str]:
    """Every ``{name}`` in a template (strings, lists and mappings walked); ``{{`` and ``}}`` are
    literal braces."""
    found: set[str] = set()
    if isinstance(template, str):
        found.update(m.group(1) for m in _PLACEHOLDER.finditer(template) if m.group(1))
    elif isinstance(template, Mapping):
        for key, value in template.items():
            found |= placeholders(key) | placeholders(value)
    elif isinstance(template, list | tuple):
        for item in template:
            found |= placeholders(item)
    return found


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
    """After a restart, store again every record the adapter holds (a server that keeps its memory
    only in its process comes back empty)."""

    @property
    def needs_data_dir(self) -> bool:
        """Whether a fresh data folder is made per unit of work (a template names ``{data_dir}``)."""
        return "data_dir" in placeholders(
            [self.command or "", list(self.args), dict(self.env), self.cwd or ""]
        )


@attrs.frozen(kw_only=True)
class ToolCallConfig:
    """One tool and its argument template."""

    tool: str
    args: Mapping[str, Any] = attrs.field(factory=dict)


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

    ``path`` is dotted (``result.results``; empty: the result itself is the list); ``text`` names
    one field or several (joined by newlines; a list of strings is joined too).
    """

    source: Literal["auto", "structured", "text"] = "auto"
    path: str = ""
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
    source: str = "config"

    @property
    def tools(self) -> list[str]:
        """The tools the mapping calls, each once."""
        calls = [self.ingest, self.search, self.delete, self.update]
        return list(dict.fromkeys(c.tool for c in calls if c is not None))


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
    "server",
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
_SEARCH_KEYS = ("tool", "args", "query", "maxKeywords", "limit", "rank")
_HITS_KEYS = ("from", "path", "id", "text", "score", "day", "session")
_ANSWER_KEYS = ("sentences", "answerHits", "cite", "model", "maxTokens", "cache")


class _Reader:
    """Checks values of one mapping, each error naming its place (``file:line`` or a key path)."""

    def __init__(self, source: str, locator: Locator | None) -> None:
        self.source, self.locator = source, locator

    def where(self, path: KeyPath) -> str:
        dotted = ".".join(str(p) for p in path) or "(top)"
        line = self.locator.line(path) if self.locator is not None else None
        return f"{self.source}:{line}: {dotted}" if line else f"{self.source}: {dotted}"

    def fail(self, path: KeyPath, message: str) -> ConfigError:
        return ConfigError(f"{self.where(path)} {message} (docs/mcp.md)")

    def mapping(self, value: Any, path: KeyPath, keys: Sequence[str]) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(path, f"must be a mapping, got {value!r}")
        for key in value:
            if key not in keys:
                close = difflib.get_close_matches(str(key), keys, n=1, cutoff=0.6)
                hint = f' (did you mean "{close[0]}"?)' if close else ""
                raise self.fail((*path, key), f"is not a key{hint}; known: {', '.join(keys)}")
        return dict(value)

    def text(self, value: Any, path: KeyPath, *, optional: bool = False) -> str | None:
        if value is None and optional:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, f"must be a non-empty string, got {value!r}")
        return value

    def number(
        self,
        value: Any,
        path: KeyPath,
        *,
        whole: bool = False,
        zero: bool = False,
        most: float | None = None,
    ) -> Any:
        ok = isinstance(value, int) if whole else isinstance(value, int | float)
        kind = f"{'whole ' if whole else ''}number {'>= 0' if zero else '> 0'}"
        if isinstance(value, bool) or not ok or not (value >= 0 if zero else value > 0):
            raise self.fail(path, f"must be a {kind}, got {value!r}")
        if most is not None and value > most:
            raise self.fail(path, f"must be a {kind} of at most {most:g}, got {value!r}")
        return value

    def flag(self, value: Any, path: KeyPath) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"must be true or false, got {value!r}")
        return value

    def choice(self, value: Any, path: KeyPath, choices: Sequence[str]) -> Any:
        if value not in choices:
            raise self.fail(path, f"must be one of {', '.join(choices)}, got {value!r}")
        return value

    def strings(self, value: Any, path: KeyPath) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(path, f"must be a list of strings, got {value!r}")
        return tuple(value)

    def string_map(self, value: Any, path: KeyPath) -> dict[str, str]:
        if not isinstance(value, Mapping):
            raise self.fail(path, f"must be a mapping of names to strings, got {value!r}")
        out: dict[str, str] = {}
        for key, item in value.items():
            if isinstance(item, bool) or not isinstance(item, str | int | float):
                raise self.fail((*path, key), f"must be a string, got {item!r}")
            out[str(key)] = str(item)
        return out

    def template(self, value: Any, path: KeyPath, allowed: frozenset[str]) -> None:
        unknown = sorted(placeholders(value) - allowed)
        if unknown:
            raise self.fail(
                path,
                f"names {', '.join('{' + u + '}' for u in unknown)}, which it cannot fill; it may "
                f"use {', '.join('{' + a + '}' for a in sorted(allowed))}",
            )


def _server(r: _Reader, raw: Any) -> ServerConfig:
    path: KeyPath = ("server",)
    given = r.mapping(raw, path, _SERVER_KEYS)
    command = r.text(given.get("command"), (*path, "command"), optional=True)
    url = r.text(given.get("url"), (*path, "url"), optional=True)
    if (command is None) == (url is None):
        raise r.fail(
            path,
            "needs exactly one of command (start the server over stdio) and url "
            "(a running server, streamable HTTP)",
        )
    if url is not None and not re.match(r"https?://", url):
        raise r.fail((*path, "url"), f"must be an http:// or https:// URL, got {url!r}")
    args = r.strings(given.get("args", []), (*path, "args"))
    env = r.string_map(given.get("env", {}), (*path, "env"))
    headers = r.string_map(given.get("headers", {}), (*path, "headers"))
    cwd = r.text(given.get("cwd"), (*path, "cwd"), optional=True)
    probe = given.get("probeAfter", 10.0)
    if probe is not None:
        probe = r.number(probe, (*path, "probeAfter"), zero=True, most=DAY)
    for key, value in (("command", command), ("args", list(args)), ("env", env), ("cwd", cwd)):
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
    )


def _tool(r: _Reader, raw: Any, key: str, allowed: frozenset[str]) -> ToolCallConfig:
    given = r.mapping(raw, (key,), _TOOL_KEYS)
    tool = r.text(given.get("tool"), (key, "tool"))
    args = given.get("args", {})
    if not isinstance(args, Mapping):
        raise r.fail((key, "args"), f"must be a mapping (the tool's arguments), got {args!r}")
    r.template(args, (key, "args"), allowed)
    return ToolCallConfig(tool=tool or "", args=dict(args))


def _search(r: _Reader, raw: Any) -> SearchConfig:
    given = r.mapping(raw, ("search",), _SEARCH_KEYS)
    call = _tool(r, {k: v for k, v in given.items() if k in _TOOL_KEYS}, "search", SEARCH_FIELDS)
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


def _hits(r: _Reader, raw: Any) -> HitsConfig:
    given = r.mapping(raw, ("hits",), _HITS_KEYS)
    text = given.get("text", "text")
    texts = (text,) if isinstance(text, str) else r.strings(text, ("hits", "text"))
    if not texts or not all(t.strip() for t in texts):
        raise r.fail(("hits", "text"), f"must name a field or a list of fields, got {text!r}")
    path = given.get("path", "")
    if not isinstance(path, str):
        raise r.fail(("hits", "path"), f"must be a dotted path (a string), got {path!r}")
    return HitsConfig(
        source=r.choice(
            given.get("from", "auto"), ("hits", "from"), ("auto", "structured", "text")
        ),
        path=path,
        id=r.text(given.get("id", "id"), ("hits", "id")) or "id",
        text=texts,
        score=r.text(given.get("score"), ("hits", "score"), optional=True),
        day=r.text(given.get("day"), ("hits", "day"), optional=True),
        session=r.text(given.get("session"), ("hits", "session"), optional=True),
    )


def _answer(r: _Reader, raw: Any) -> AnswerConfig:
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
    r = _Reader(source, locator)
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
    return McpConfig(
        name=name,
        server=_server(r, given["server"]),
        unit=unit,
        record_id=record_id,
        ingest=_tool(r, given["ingest"], "ingest", INGEST_FIELDS),
        search=_search(r, given["search"]),
        hits=_hits(r, given["hits"]),
        delete=_tool(r, given["delete"], "delete", DELETE_FIELDS) if given.get("delete") else None,
        update=_tool(r, given["update"], "update", INGEST_FIELDS) if given.get("update") else None,
        answer=_answer(r, given.get("answer", {})),
        source=source,
    )
