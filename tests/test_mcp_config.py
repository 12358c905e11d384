"""The MCP adapter's mapping: checked with file:line errors, presets and the mcp: spec forms, and the
pure rules of templates and hits."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from _mcp_support import fake_mapping

from recallbench.adapters.mcp import PRESETS, mcp_config, parse_mcp_config
from recallbench.adapters.mcp.results import MalformedResult, dig, fill, read_hits, result_payload
from recallbench.errors import ConfigError
from recallbench.harness.loading import adapter_factory

GOOD = f"""\
name: mine
server:
  command: {sys.executable}
  args: [-m, recallbench.testing.mcp_memory_server]
ingest:
  tool: remember
  args: {{id: "{{record_id}}", text: "{{content}}"}}
search:
  tool: search
  args: {{query: "{{query}}"}}
hits: {{path: hits, id: id, text: text}}
"""


def _write(tmp_path: Path, text: str, name: str = "memory.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            ("  tool: search\n", "  tool: search\n  qurey: or\n"),
            r"memory\.yaml:10: search\.qurey is not a key \(did you mean \"query\"\?\)",
        ),
        (
            ('{query: "{query}"}', '{query: "{question}"}'),
            r"memory\.yaml:10: search\.args names \{question\}, which it cannot fill",
        ),
        (
            ("  args: [-m,", "  url: http://x/mcp\n  args: [-m,"),
            r"memory\.yaml:2: server needs exactly one of command .* and url",
        ),
        (
            ("hits: {path: hits, id: id, text: text}", "hits: {path: hits, id: 7, text: text}"),
            r"memory\.yaml:11: hits\.id must be a non-empty string, got 7",
        ),
        (
            ("name: mine\n", "name: mine\nunit: week\n"),
            r"memory\.yaml:2: unit must be one of day, session, chunk, got 'week'",
        ),
    ],
)
def test_a_bad_mapping_file_is_one_line_with_its_file_and_line(
    tmp_path: Path, edit: tuple[str, str], expected: str
) -> None:
    path = _write(tmp_path, GOOD.replace(*edit))
    with pytest.raises(ConfigError, match=expected) as caught:
        mcp_config(f"mcp:{path}")
    assert "\n" not in str(caught.value) and "docs/mcp.md" in str(caught.value)


def test_a_file_that_does_not_parse_or_lacks_a_section(tmp_path: Path) -> None:
    broken = _write(tmp_path, "server: [unclosed\n", "broken.yaml")
    with pytest.raises(ConfigError, match=r"broken\.yaml"):
        mcp_config(f"mcp:{broken}")
    partial = _write(tmp_path, GOOD.split("search:")[0], "partial.json")
    with pytest.raises(ConfigError, match=r'partial\.json:1: \(top\) lacks "search"'):
        mcp_config(f"mcp:{partial}")
    with pytest.raises(ConfigError, match=r"MCP adapter config .*nowhere\.yaml not found"):
        mcp_config("mcp:nowhere.yaml", base_dir=tmp_path)


def test_a_good_file_loads_relative_to_the_base_dir_with_the_config_laid_over(
    tmp_path: Path,
) -> None:
    _write(tmp_path, GOOD)
    config = mcp_config("mcp:memory.yaml", {"search": {"limit": 3}}, base_dir=tmp_path)
    assert (config.name, config.search.limit, config.search.tool) == ("mine", 3, "search")
    builder = adapter_factory("mcp:memory.yaml", base_dir=tmp_path)
    assert builder.name == "mcp:mine"  # type: ignore[attr-defined]


def test_the_adapter_config_alone_is_a_mapping() -> None:
    assert mcp_config("mcp:", fake_mapping()).name == "fake"
    with pytest.raises(ConfigError, match="names no server"):
        mcp_config("mcp:")


def test_an_unknown_preset_says_what_was_meant_and_lists_the_presets() -> None:
    with pytest.raises(ConfigError) as caught:
        adapter_factory("mcp:server-memroy")
    message = str(caught.value)
    assert "did you mean mcp:server-memory?" in message
    assert all(f"mcp:{name}" in message for name in PRESETS)
    with pytest.raises(ConfigError, match=r"did you mean mcp:basic-memory\?"):
        adapter_factory("basic-memory")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_checks(name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    exe = tmp_path / "bin" / "server"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\n", encoding="utf-8")
    exe.chmod(0o755)
    for env in (
        "RECALLBENCH_SERVER_MEMORY",
        "RECALLBENCH_BASIC_MEMORY",
        "RECALLBENCH_MEMPALACE_PYTHON",
        "RECALLBENCH_CHROMA_MCP",
        "RECALLBENCH_MEMORY_SERVICE",
    ):
        monkeypatch.setenv(env, str(exe))
    config = mcp_config(f"mcp:{name}")
    assert config.server.command == str(exe) and config.delete is not None
    assert config.server.needs_data_dir


def test_a_preset_whose_server_is_not_installed_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RECALLBENCH_SERVER_MEMORY", "/nowhere/mcp-server-memory")
    with pytest.raises(
        ConfigError, match=r"cannot find '/nowhere/mcp-server-memory'.*npm install --prefix"
    ):
        mcp_config("mcp:server-memory")


def test_templates_keep_types_when_whole_and_join_text_inside_strings() -> None:
    values = {"lines": ["a", "b"], "day": 7, "record_id": "day-0007.x"}
    assert fill({"obs": "{lines}", "n": "{day}", "t": "{record_id} on {day} {{x}}"}, values) == {
        "obs": ["a", "b"],
        "n": 7,
        "t": "day-0007.x on 7 {x}",
    }
    assert fill(["{lines}", "L: {lines}"], values) == [["a", "b"], "L: a\nb"]


def test_hits_are_read_from_structured_content_or_json_text() -> None:
    hits = parse_mcp_config(
        fake_mapping(
            hits={"path": "r.hits", "id": "id", "text": ["t", "u"], "score": "s", "day": "d"}
        )
    ).hits
    payload = {
        "r": {"hits": [{"id": "x", "t": "one", "u": ["two", "three"], "s": 0.5, "d": "day-0004"}]}
    }
    (hit,) = read_hits(result_payload(payload, [], "auto"), hits)
    assert (hit.id, hit.text, hit.score, hit.day) == ("x", "one\ntwo\nthree", 0.5, 4)
    assert read_hits(result_payload(None, ['{"r": {"hits": []}}'], "auto"), hits) == []
    with pytest.raises(MalformedResult, match="not JSON"):
        result_payload(None, ["oops"], "text")
    with pytest.raises(MalformedResult, match="no structuredContent"):
        result_payload(None, ["{}"], "structured")
    with pytest.raises(MalformedResult, match=r'no "r.nope" in it \(found keys hits\)'):
        dig(payload, "r.nope")
    with pytest.raises(MalformedResult, match="is not a number"):
        read_hits({"r": {"hits": [{"id": "x", "t": "a", "s": "high"}]}}, hits)


def test_adapter_model_becomes_the_answer_model_of_an_mcp_adapter() -> None:
    import argparse

    from recallbench.cli._adapter_model import adapter_model_config

    args = argparse.Namespace(
        adapter_model="openai:gpt-4o-mini",
        context_tokens=None,
        no_judge_cache=True,
        judge_cache=None,
    )
    merged = adapter_model_config(args, "mcp:server-memory", {"answer": {"sentences": 2}})
    assert merged == {"answer": {"sentences": 2, "model": "openai:gpt-4o-mini", "cache": False}}
    args.context_tokens = 1000
    with pytest.raises(ConfigError, match="--context-tokens applies to builtin:full-context"):
        adapter_model_config(args, "mcp:server-memory", {})
