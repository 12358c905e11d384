"""The mapping's second version, in its pure parts: each refusal one line naming file, line and key;
hits given as columns or in prose; dotted paths into hits; days from tags; the success rule of a
write; environment variables with defaults; where a preset's executable is; and which mappings keep
units apart."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from _mcp_support import fake_mapping
from hypothesis import given
from hypothesis import strategies as st

from recallbench.adapters.mcp import McpAdapter, parse_mcp_config
from recallbench.adapters.mcp.checks import placeholders
from recallbench.adapters.mcp.config import WriteRule, load_mcp_file
from recallbench.adapters.mcp.environ import expand_env, locate
from recallbench.adapters.mcp.results import MalformedResult, read_hits, search_hits
from recallbench.adapters.mcp.writes import WriteFailed, write_refusal
from recallbench.errors import ConfigError

GOOD = f"""\
name: mine
server:
  command: {sys.executable}
  args: [-m, recallbench.testing.mcp_memory_server]
setup:
  - tool: create_namespace
    args: {{namespace: "{{namespace}}"}}
ingest:
  tool: remember
  args: {{id: "{{record_id}}", text: "{{content}}", namespace: "{{namespace}}"}}
  success: {{path: success}}
search:
  tool: search
  args: {{query: "{{query}}", namespace: "{{namespace}}"}}
hits: {{path: hits, id: id, text: text}}
"""


def _check(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "memory.yaml"
    path.write_text(text, encoding="utf-8")
    mapping, locator = load_mcp_file(path)
    return parse_mcp_config(mapping, source=path.name, locator=locator)


def test_the_good_mapping_checks(tmp_path: Path) -> None:
    config = _check(tmp_path, GOOD)
    assert [c.tool for c in config.setup] == ["create_namespace"]
    assert config.ingest.success == WriteRule(path="success")
    assert config.namespaced and config.tools[0] == "create_namespace"


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            ("  - tool: create_namespace\n", "  - tool: create_namespace\n    arsg: {}\n"),
            r"memory\.yaml:7: setup\.0\.arsg is not a key \(did you mean \"args\"\?\)",
        ),
        (
            ('{namespace: "{namespace}"}\ningest', '{namespace: "{query}"}\ningest'),
            r"memory\.yaml:7: setup\.0\.args names \{query\}, which it cannot fill; it may use "
            r"\{data_dir\}, \{namespace\}, \{persona\}, \{unit\}",
        ),
        (
            (
                'setup:\n  - tool: create_namespace\n    args: {namespace: "{namespace}"}\n',
                "setup: 7\n",
            ),
            r"memory\.yaml:5: setup must be a list of tool calls \(\{tool, args\}\), got 7",
        ),
        (
            ("  success: {path: success}", "  success: {paht: success}"),
            r"memory\.yaml:11: ingest\.success\.paht is not a key \(did you mean \"path\"\?\)",
        ),
        (
            ("  success: {path: success}", "  success: {match: '(unclosed'}"),
            r"memory\.yaml:11: ingest\.success\.match is not a regular expression",
        ),
        (
            ("  success: {path: success}", "  success: {}"),
            r"memory\.yaml:11: ingest\.success must give at least one of path, match, errorRefusal",
        ),
        (
            ("hits: {path: hits, id: id, text: text}", "hits: {pattern: '(?P<text>.*)'}"),
            r'memory\.yaml:15: hits\.id names "id", which is no named group of hits\.pattern '
            r"\(its groups: text\); write \(\?P<id>…\)",
        ),
        (
            ("hits: {path: hits, id: id, text: text}", "hits: {pattern: '(?P<id>x', text: t}"),
            r"memory\.yaml:15: hits\.pattern is not a regular expression \(missing \), unterminated",
        ),
        (
            (
                "hits: {path: hits, id: id, text: text}",
                "hits: {pattern: '(?P<id>.)(?P<text>.)', columns: {id: ids.0}}",
            ),
            r"memory\.yaml:15: hits\.pattern reads prose; columns read data: give one of them",
        ),
        (
            ("hits: {path: hits, id: id, text: text}", "hits: {path: hits, empty: none}"),
            r"memory\.yaml:15: hits\.empty applies to hits\.pattern only",
        ),
        (
            ("hits: {path: hits, id: id, text: text}", "hits: {path: hits, day: metadata..day}"),
            r"memory\.yaml:15: hits\.day must be a dotted path such as metadata\.day or ids\.0",
        ),
        (
            ("name: mine\n", "name: mine\nnamespace: shared\n"),
            r"memory\.yaml:2: namespace must name \{unit\}, so each unit has its own: 'shared'",
        ),
        (
            ("  args: [-m,", "  locate: {env: 'NOT A NAME'}\n  args: [-m,"),
            r"memory\.yaml:4: server\.locate\.env must name an environment variable",
        ),
        (
            (f"  command: {sys.executable}\n", "  locate: {env: X}\n"),
            r"memory\.yaml:3: server\.locate needs server\.command: what to run when its variable",
        ),
    ],
)
def test_each_v2_mistake_is_one_line_naming_file_line_and_key(
    tmp_path: Path, edit: tuple[str, str], expected: str
) -> None:
    old, new = edit
    assert old in GOOD
    with pytest.raises(ConfigError) as caught:
        _check(tmp_path, GOOD.replace(old, new, 1))
    message = str(caught.value)
    assert re.search(expected, message), message
    assert "\n" not in message and message.endswith("(docs/mcp.md)")


CHROMA_ANSWER = {
    "ids": [["day-0002.principal", "day-0001.board"]],
    "documents": [["The access code for day 2.", "The board budget."]],
    "distances": [[0.12, 0.4]],
    "metadatas": [[{"day": 2, "session": "principal"}, {"day": 1, "session": "board"}]],
    "embeddings": None,
}
COLUMNS = {
    "columns": {"id": "ids.0", "text": "documents.0", "d": "distances.0", "m": "metadatas.0"},
    "score": "d",
    "day": "m.day",
    "session": "m.session",
}


def test_hits_given_as_columns_are_read_position_by_position() -> None:
    config = parse_mcp_config(fake_mapping(hits=COLUMNS)).hits
    hits = read_hits(CHROMA_ANSWER, config, last_day=2)
    assert [(h.id, h.day, h.session, h.score) for h in hits] == [
        ("day-0002.principal", 2, "principal", 0.12),
        ("day-0001.board", 1, "board", 0.4),
    ]
    short = {**CHROMA_ANSWER, "distances": [[0.1]]}
    with pytest.raises(
        MalformedResult, match=r"columns differ in length: ids\.0 2, documents\.0 2"
    ):
        read_hits(short, config)
    with pytest.raises(MalformedResult, match=r'column "metadatas\.0" is a NoneType, not a list'):
        read_hits({**CHROMA_ANSWER, "metadatas": [None]}, config)
    empty = {"ids": [[]], "documents": [[]], "distances": [[]], "metadatas": [[]]}
    assert read_hits(empty, config) == []


@given(
    st.lists(
        st.tuples(st.text(min_size=1, max_size=8), st.text(max_size=20), st.integers(1, 30)),
        max_size=12,
    )
)
def test_columns_and_objects_give_the_same_hits(rows: list[tuple[str, str, int]]) -> None:
    objects = parse_mcp_config(fake_mapping(hits={"path": "hits", "day": "meta.day"})).hits
    columns = parse_mcp_config(
        fake_mapping(
            hits={"columns": {"id": "ids", "text": "docs", "meta": "metas"}, "day": "meta.day"}
        )
    ).hits
    as_objects = {"hits": [{"id": i, "text": t, "meta": {"day": d}} for i, t, d in rows]}
    as_columns = {
        "ids": [i for i, _, _ in rows],
        "docs": [t for _, t, _ in rows],
        "metas": [{"day": d} for _, _, d in rows],
    }
    assert read_hits(as_objects, objects, 30) == read_hits(as_columns, columns, 30)


PROSE = (
    "Found 2 memories for query: 'code'\n\n"
    "1. The access code\n\nfor day 7.\n   Hash: abc123\n   Created: 2026-12-07T10:00:00 "
    "[day-0007.principal, day-0007]\n\n"
    "2. The board budget.\n   Hash: def456\n   Created: 2026-12-07T10:00:01 [day-0003.board]"
)
PATTERN = (
    r"(?ms)^\d+\. (?P<text>.*?)\n   Hash: (?P<hash>\w+)\n   Created: [^\n\[]*"
    r"\[(?P<id>[^,\]\n]+)(?:, (?P<tags>[^\]\n]*))?\]"
)


def test_prose_is_read_by_the_pattern_each_match_a_hit() -> None:
    config = parse_mcp_config(
        fake_mapping(hits={"pattern": PATTERN, "empty": "^No memories", "day": "tags"})
    ).hits
    hits = search_hits(None, [PROSE], config, last_day=30)
    assert [(h.id, h.text, h.day) for h in hits] == [
        ("day-0007.principal", "The access code\n\nfor day 7.", 7),
        ("day-0003.board", "The board budget.", None),  # no tags group: placed by its id later
    ]
    assert search_hits(None, ["No memories found for query: 'x'"], config) == []
    with pytest.raises(MalformedResult, match=r"matches neither hits\.pattern nor hits\.empty"):
        search_hits(None, ["Error searching memories: the database is locked"], config)


def test_fields_are_dotted_paths_with_list_indices_and_keys_may_hold_dots() -> None:
    config = parse_mcp_config(
        fake_mapping(
            hits={
                "path": "result.memories",
                "id": "metadata.record_id",
                "text": ["content", "notes.0"],
                "score": "scores.1",
                "day": "metadata.day",
            }
        )
    ).hits
    payload = {
        "result": {
            "memories": [
                {
                    "content": "main text",
                    "notes": ["first note", "second"],
                    "scores": [0.1, 0.9],
                    "metadata": {"record_id": "day-0004.principal", "day": "4"},
                }
            ]
        }
    }
    (hit,) = read_hits(payload, config, last_day=5)
    assert (hit.id, hit.text, hit.score, hit.day) == (
        "day-0004.principal",
        "main text\nfirst note",
        0.9,
        4,
    )
    dotted_key = parse_mcp_config(fake_mapping(hits={"path": "hits", "id": "a.b"})).hits
    (hit,) = read_hits({"hits": [{"a.b": "x", "text": "t"}]}, dotted_key)
    assert hit.id == "x"
    with pytest.raises(MalformedResult, match=r'hit 0 has no "metadata\.record_id"'):
        read_hits({"result": {"memories": [{"content": "x", "metadata": {}}]}}, config)


@pytest.mark.parametrize(
    ("value", "day"),
    [
        (["S1", "day-0007"], 7),
        ("day:7", 7),
        ("day_12", 12),
        ("S1, day-0003, other", 3),
        (["S1", "board"], None),
        (9, 9),
        ("9", 9),
    ],
)
def test_days_are_read_from_a_number_text_or_tags(value: Any, day: int | None) -> None:
    config = parse_mcp_config(fake_mapping(hits={"path": "hits", "day": "tags"})).hits
    (hit,) = read_hits({"hits": [{"id": "x", "text": "t", "tags": value}]}, config, last_day=30)
    assert hit.day == day


def test_a_tag_naming_a_day_outside_the_corpus_is_malformed() -> None:
    config = parse_mcp_config(fake_mapping(hits={"path": "hits", "day": "tags"})).hits
    with pytest.raises(MalformedResult, match=r'hit 0\'s "tags" is day 31, outside the corpus'):
        read_hits({"hits": [{"id": "x", "text": "t", "tags": ["day-0031"]}]}, config, 30)
    with pytest.raises(MalformedResult, match=r"hit 0's \"tags\" is not a day: 'tuesday'"):
        read_hits({"hits": [{"id": "x", "text": "t", "tags": "tuesday"}]}, config, 30)


def test_a_write_is_done_refused_or_failed_by_its_rule() -> None:
    def judge(rule: WriteRule | None, *texts: str, structured: Any = None, error: bool = False):
        return write_refusal(rule, is_error=error, structured=structured, texts=list(texts))

    # Without a rule: only "success": false is a refusal (never counted as stored).
    assert judge(None, '{"success": false, "message": "near-duplicate"}') == "near-duplicate"
    assert judge(None, structured={"success": False, "error": "quota"}) == "quota"
    assert judge(None, "Memory stored") is None
    with pytest.raises(WriteFailed, match="boom"):
        judge(None, "boom", error=True)
    path = WriteRule(path="result.ok")
    assert judge(path, structured={"result": {"ok": True}}) is None
    assert judge(path, structured={"result": {"ok": False}, "message": "no"}) == (
        '"result.ok" is False: no'
    )
    assert judge(path, "not json").startswith('"result.ok" is None')
    match = WriteRule(match=re.compile("^Memory stored"))
    assert judge(match, "Memory stored successfully (hash: 1)") is None
    assert judge(match, "Not stored: this content was deleted") == (
        "Not stored: this content was deleted"
    )
    refusal = WriteRule(error_refusal=re.compile("Duplicate content"))
    assert judge(refusal, "Error storing memory: Duplicate content detected", error=True) == (
        "Error storing memory: Duplicate content detected"
    )
    with pytest.raises(WriteFailed, match="embedding service down"):
        judge(refusal, "Error storing memory: embedding service down", error=True)


def test_environment_variables_take_defaults_and_are_no_placeholders(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RB_SET", "http://x/v1")
    monkeypatch.delenv("RB_UNSET", raising=False)
    monkeypatch.setenv("RB_EMPTY", "")
    assert expand_env("${RB_SET:-d}/embeddings") == "http://x/v1/embeddings"
    assert expand_env("${RB_UNSET:-http://127.0.0.1:8089/v1}") == "http://127.0.0.1:8089/v1"
    assert expand_env("${RB_EMPTY:-fallback}") == "fallback"
    assert expand_env("$RB_SET ${RB_SET} $RB_UNSET ${RB_UNSET}") == (
        "http://x/v1 http://x/v1 $RB_UNSET ${RB_UNSET}"
    )
    assert placeholders("${RB_SET} {data_dir} ${RB_UNSET:-x}") == {"data_dir"}


def test_locate_reads_a_folder_or_an_executable_from_its_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    exe = tmp_path / "venv" / "bin" / "server"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n", encoding="utf-8")
    monkeypatch.setenv("RB_WHERE", str(tmp_path / "venv"))
    assert locate("RB_WHERE", ["nope/server", "bin/server"], "server") == str(exe)
    monkeypatch.setenv("RB_WHERE", str(exe))
    assert locate("RB_WHERE", ["bin/server"], "server") == str(exe)
    monkeypatch.delenv("RB_WHERE")
    assert locate("RB_WHERE", ["bin/server"], "server") == "server"
    mapping = fake_mapping()
    mapping["server"] = {
        "command": "server",
        "locate": {"env": "RB_WHERE", "under": ["bin/server"]},
    }
    monkeypatch.setenv("RB_WHERE", str(tmp_path / "venv"))
    checked = parse_mcp_config(mapping)
    assert (checked.server.command, checked.server.located_by) == (str(exe), "RB_WHERE")


def test_a_url_server_without_a_namespace_runs_its_units_one_at_a_time() -> None:
    url = {"url": "http://127.0.0.1:9/mcp"}
    shared = McpAdapter(fake_mapping(server=url))
    assert shared.concurrent_units == 1
    assert shared.concurrency_note is not None and "one at a time" in shared.concurrency_note
    assert "neither resets it" in shared.concurrency_note
    reset = McpAdapter(fake_mapping(server=url, reset=[{"tool": "reset"}]))
    assert reset.concurrent_units == 1 and "resets it for each unit" in (
        reset.concurrency_note or ""
    )
    spaced = fake_mapping(server=url)
    for key in ("ingest", "search"):
        spaced[key]["args"]["namespace"] = "{namespace}"
    assert McpAdapter(spaced).concurrent_units is None
    half = fake_mapping(server=url)
    half["ingest"]["args"]["namespace"] = "{namespace}"  # a search over every unit's memories
    assert McpAdapter(half).concurrent_units == 1
    headed = fake_mapping(server={**url, "headers": {"X-Namespace": "{namespace}"}})
    assert McpAdapter(headed).concurrent_units is None
    assert McpAdapter(fake_mapping()).concurrent_units is None  # stdio: a server per unit
