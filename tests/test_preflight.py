"""Preflight (reference §2.16, extended to every selected persona and any arcs file name)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from recallbench.harness.preflight import AZURE_ENV_VARS, format_preflight, preflight
from recallbench.testing import write_persona

PROVIDER_VARS = (*AZURE_ENV_VARS, "OPENAI_API_KEY", "ANTHROPIC_API_KEY")


@pytest.fixture(autouse=True)
def _no_provider_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in PROVIDER_VARS:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root, "tiny")
    write_persona(root, "other")
    (tmp_path / "adapter.py").write_text("adapter = None\n", encoding="utf-8")
    return root


def check(data: Path, **overrides: Any) -> list[str]:
    kwargs: dict[str, Any] = {
        "data_dir": data,
        "personas": ["tiny", "other"],
        "arcs_file": "arcs-30d.yaml",
        "adapter_spec": "adapter.py:adapter",
        "judge_spec": "stub",
        "appellate_spec": None,
        "base_dir": data.parent,
    }
    kwargs.update(overrides)
    return preflight(**kwargs)


def test_valid_setup_passes(data: Path) -> None:
    assert check(data) == []
    assert format_preflight([]) == "[bench preflight] OK"


def test_every_persona_is_checked(data: Path) -> None:
    (data / "other" / "persona.yaml").unlink()
    (data / "tiny" / "arcs-30d.yaml").unlink()
    errors = check(data)
    assert len(errors) == 2
    assert "persona 'tiny': arcs file not found" in errors[0]
    assert "persona 'other': persona.yaml not found" in errors[1]


def test_missing_persona_directory(data: Path) -> None:
    errors = check(data, personas=["tiny", "ghost"])
    # Nothing near "ghost": the personas there are listed, none suggested.
    assert errors == [
        f"persona 'ghost': directory not found: {data / 'ghost'} (personas here: other, tiny)"
    ]


def test_persona_id_leaving_the_data_directory(data: Path) -> None:
    errors = check(data, personas=["../tiny"])
    assert len(errors) == 1
    assert "is not a directory name inside the data directory" in errors[0]


def test_no_personas_means_all(data: Path) -> None:
    shutil.rmtree(data / "other" / "memories-30d")
    errors = check(data, personas=[])
    assert len(errors) == 1
    assert errors[0].startswith("persona 'other': memories directory not found")


def test_empty_and_missing_data_directory(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    empty = tmp_path / "empty"
    assert check(empty, personas=[], adapter_spec=None) == [
        f"{empty}: no persona directories (sub-folders with persona.yaml) and no MemoryBench "
        f"manifest (looked for {empty / 'manifest.json'} and {empty / '*' / 'manifest.json'})"
    ]
    assert check(tmp_path / "nowhere", adapter_spec=None) == [
        f"data directory not found: {tmp_path / 'nowhere'}"
    ]


def test_other_arcs_file_selects_other_siblings(data: Path) -> None:
    # A missing arcs file is one line: the questions and memories it would select are missing for
    # the same reason (issue 35.6), and the line names the arcs files there.
    (error,) = check(data, personas=["tiny"], arcs_file="arcs-60d.yaml")
    assert "arcs file not found" in error
    assert error.endswith("; did you mean arcs-30d.yaml? (arcs files there: arcs-30d.yaml)")
    (data / "tiny" / "arcs-30d.yaml").rename(data / "tiny" / "arcs-60d.yaml")
    errors = check(data, personas=["tiny"], arcs_file="arcs-60d.yaml")
    assert f"questions file not found: {data / 'tiny' / 'qa-60d' / 'questions.yaml'}" in errors[0]
    assert "memories directory not found" in errors[1]
    assert "(the arcs file arcs-60d.yaml selects memories-60d/)" in errors[1]


@pytest.mark.parametrize(("arcs", "suffix"), [("arcs.yaml", ""), ("arcs-v2.yaml", "-v2")])
def test_any_arcs_name(data: Path, arcs: str, suffix: str) -> None:
    pdir = data / "tiny"
    (pdir / "arcs-30d.yaml").rename(pdir / arcs)
    (pdir / "qa-30d").rename(pdir / f"qa{suffix}")
    assert check(data, personas=["tiny"], arcs_file=arcs) == [
        f"persona 'tiny': memories directory not found: {pdir / f'memories{suffix}'} "
        f"(the arcs file {arcs} selects memories{suffix}/)"
    ]
    (pdir / "memories-30d").rename(pdir / f"memories{suffix}")
    assert check(data, personas=["tiny"], arcs_file=arcs) == []


def test_arcs_file_must_be_a_name(data: Path) -> None:
    errors = check(data, personas=["tiny"], arcs_file="../tiny/arcs-30d.yaml")
    assert errors == [
        "arcs file '../tiny/arcs-30d.yaml' must be a file name inside the persona directory, "
        "such as arcs-180d.yaml"
    ]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "questions file not found"),
        ("- id: [unclosed\n", "questions file does not parse: "),
        ("", "questions file is not a list of Q&A pairs (found an empty file)"),
        ("id: q1\n", "questions file is not a list of Q&A pairs (found a dict)"),
        ("[]\n", "questions file is an empty list"),
    ],
)
def test_broken_questions(data: Path, content: str | None, problem: str) -> None:
    qa_file = data / "tiny" / "qa-30d" / "questions.yaml"
    if content is None:
        qa_file.unlink()
    else:
        qa_file.write_text(content, encoding="utf-8")
    errors = check(data)
    assert len(errors) == 1
    assert errors[0].startswith(f"persona 'tiny': {problem}")
    assert str(qa_file) in errors[0]


def test_memories_must_be_a_directory(data: Path) -> None:
    memories = data / "tiny" / "memories-30d"
    shutil.rmtree(memories)
    memories.write_text("not a directory", encoding="utf-8")
    assert check(data) == [f"persona 'tiny': memories path is not a directory: {memories}"]


@pytest.mark.parametrize(
    "spec",
    [
        "grpc://localhost:50051",
        "grpcs://memory.example:443",
        "some_installed_pkg.adapters:create",
        "adapter.py",
        None,
    ],
)
def test_adapter_specs_that_pass(data: Path, spec: str | None) -> None:
    assert check(data, adapter_spec=spec) == []


def test_adapter_file_missing(data: Path, tmp_path: Path) -> None:
    errors = check(data, adapter_spec="adapters/missing.py:make")
    assert errors == [
        f"adapter file not found: {tmp_path / 'adapters' / 'missing.py'} (found nothing there)"
    ]
    (tmp_path / "adapters").mkdir()
    assert "(found a directory there)" in check(data, adapter_spec="adapters/")[0]


def test_adapter_spec_malformed(data: Path) -> None:
    errors = check(data, adapter_spec="not a spec")
    assert len(errors) == 1
    assert errors[0].startswith('adapter: spec "not a spec" is neither a module path')


def test_azure_judge_needs_key_and_endpoint(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    errors = check(data, judge_spec="azure:gpt-5.4-mini", appellate_spec="Azure:gpt-5.4")
    users = '(needed by judge "azure:gpt-5.4-mini", appellate judge "Azure:gpt-5.4")'
    assert errors == [
        f"AZURE_OPENAI_API_KEY or OPENAI_API_KEY is not set {users}",
        f"AZURE_OPENAI_ENDPOINT is not set {users}",
    ]
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")  # the fallback key
    assert check(data, judge_spec="azure:gpt-5.4-mini;https://example.invalid") == []
    monkeypatch.setenv("AZURE_OPENAI_ENDPOINT", "")  # empty counts as unset
    assert len(check(data, judge_spec="azure:gpt-5.4-mini")) == 1
    monkeypatch.setenv("AZURE_OPENAI_ENDPOINT", "https://example.invalid")
    assert check(data, judge_spec="azure:gpt-5.4-mini") == []


def test_custom_endpoints_need_no_key(data: Path) -> None:
    for spec in ("openai:llama3;http://127.0.0.1:8000/v1", "anthropic:claude-x;http://127.0.0.1:9"):
        assert check(data, judge_spec=spec) == []
    assert check(data, judge_spec="anthropic:claude-x") == [
        'ANTHROPIC_API_KEY is not set (needed by judge "anthropic:claude-x")'
    ]


def test_agent_judges_need_their_command(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")
    assert check(data, judge_spec="claude") == [
        "agent command 'claude' is not on PATH (needed by judge \"claude\")"
    ]


@pytest.mark.parametrize(
    ("judge", "appellate", "synthesis", "needs"),
    [
        ("openai", None, None, 'judge "openai"'),
        ("stub", "OpenAI:gpt-4o", None, 'appellate judge "OpenAI:gpt-4o"'),
        (None, None, "openai", 'synthesisProvider "openai"'),
    ],
)
def test_openai_needs_api_key(
    data: Path,
    monkeypatch: pytest.MonkeyPatch,
    judge: str | None,
    appellate: str | None,
    synthesis: str | None,
    needs: str,
) -> None:
    kwargs = {"judge_spec": judge, "appellate_spec": appellate, "synthesis_provider": synthesis}
    assert check(data, **kwargs) == [f"OPENAI_API_KEY is not set (needed by {needs})"]
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert check(data, **kwargs) == []


def test_synthesis_provider_azure(data: Path) -> None:
    errors = check(data, synthesis_provider="azure")
    assert len(errors) == 3
    assert all('(needed by synthesisProvider "azure")' in e for e in errors)


@pytest.mark.parametrize("judge", ["stub", "rubric", "openai_judge.py", "judges:azure"])
def test_judges_needing_no_openai_or_azure_variables(data: Path, judge: str) -> None:
    assert check(data, judge_spec=judge, appellate_spec=judge) == []


def test_errors_from_everywhere_are_collected(data: Path) -> None:
    (data / "tiny" / "persona.yaml").unlink()
    (data / "other" / "qa-30d" / "questions.yaml").write_text("[]\n", encoding="utf-8")
    errors = check(data, adapter_spec="gone.py", judge_spec="openai:gpt-4o")
    assert len(errors) == 4
    assert errors[0].startswith("persona 'tiny': persona.yaml not found")
    assert errors[1].startswith("persona 'other': questions file is an empty list")
    assert errors[2].startswith("adapter file not found")
    assert errors[3].startswith("OPENAI_API_KEY is not set")


def test_format_failure() -> None:
    text = format_preflight(["data directory not found: x", "second problem"])
    assert text.splitlines() == [
        "[bench preflight] FAILED:",
        "  ✗ data directory not found: x",
        "  ✗ second problem",
        "  Fix the problems above and run again.",  # skipping the checks would not help
    ]
    # Only a missing key or command is something a run might get past.
    text = format_preflight(["OPENAI_API_KEY is not set (needed by --judge openai)"])
    assert text.splitlines()[-1] == (
        "  Fix the problems above, or pass --skip-preflight to run anyway."
    )


def test_an_endpoint_with_a_password_is_refused_and_not_shown() -> None:
    """Issue 42, finding 9: refused whatever else is skipped (``run`` calls this before preflight);
    the spec is shown without the user name and password."""
    from recallbench.harness.preflight import check_endpoints

    errors = check_endpoints(
        [
            ("--judge", "openai:gpt-4o-mini;https://me:hunter2@llm.example/v1"),
            ("--judge", "openai:gpt-4o-mini;https://llm.example/v1"),
            ("--appellate-judge", None),
            ("--judge-model", "azure:dep;https://:secret@x.openai.azure.com"),
            ("--judge", "rubric"),
            ("--judge", "openai:gpt-4o-mini;not a url"),
        ]
    )
    assert errors == [
        '--judge "openai:gpt-4o-mini;https://llm.example/v1": the endpoint carries a user name and '
        "password (user:password@), which recallbench does not send (they would also be written "
        "into results): give the key as the provider's key variable (OPENAI_API_KEY, "
        "ANTHROPIC_API_KEY, AZURE_OPENAI_API_KEY) and the endpoint without them",
        errors[1],
    ]
    assert errors[1].startswith('--judge-model "azure:dep;https://x.openai.azure.com": ')
    assert "hunter2" not in str(errors) and "secret" not in str(errors)
