"""The price table: the shipped file, override files (YAML and JSON) and their one-line errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from recallbench.errors import ConfigError
from recallbench.models.prices import load_price_file, price_table, shipped_prices

ROOT = Path(__file__).resolve().parents[1]


def test_the_shipped_table_is_dated_and_names_its_sources() -> None:
    table = shipped_prices()
    assert table.date == "2026-03-21"
    assert "platform.openai.com/docs/pricing" in table.source
    assert "docs.anthropic.com" in table.source
    mini = table.price_of("openai:gpt-4o-mini")
    assert mini is not None and (mini.input_per_mtok, mini.output_per_mtok) == (0.15, 0.60)
    sonnet = table.price_of("anthropic:claude-sonnet-4-5-20250929")
    assert sonnet is not None and sonnet.output_per_mtok == 15.0
    # A model the table does not list stays unknown rather than guessed, and a listed model's
    # sibling is not priced as it.
    assert table.price_of("my-finetune-7b") is None
    assert table.price_of("gpt-5.4-pro") is None
    small = table.price_of("azure:gpt-5.4-mini")
    assert small is not None and small.input_per_mtok == 0.75


def test_an_override_adds_and_replaces_model_by_model(tmp_path: Path) -> None:
    path = tmp_path / "prices.yaml"
    path.write_text(
        'date: "2026-06-01"\nsource: our contract\nprices:\n'
        "  gpt-4o-mini: {input: 0.1, output: 0.5}\n"
        "  my-deployment: {input: 2, output: 8}\n",
        encoding="utf-8",
    )
    table = price_table(path)
    assert table.date == "2026-06-01"
    assert table.source.startswith("our contract")
    assert table.price_of("gpt-4o-mini").input_per_mtok == 0.1  # type: ignore[union-attr]
    assert table.price_of("azure:my-deployment;https://x").output_per_mtok == 8  # type: ignore[union-attr]
    assert table.price_of("gpt-4o").input_per_mtok == 2.5  # type: ignore[union-attr]


def test_json_price_files_read_the_same(tmp_path: Path) -> None:
    path = tmp_path / "prices.json"
    path.write_text('{"prices": {"m": {"input": 1, "output": 3}}}', encoding="utf-8")
    assert load_price_file(path).price_of("m").output_per_mtok == 3  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "negative.yaml",
            "prices:\n  ok: {input: 1, output: 2}\n  bad: {input: -1, output: 2}\n",
            r"negative\.yaml:3: prices\.bad\.input: must be a non-negative number of USD per "
            r"million tokens, got -1",
        ),
        (
            "text.yaml",
            "prices:\n  m:\n    input: cheap\n    output: 2\n",
            r"text\.yaml:3: prices\.m\.input: .* got 'cheap'",
        ),
        (
            "missing.yaml",
            "prices:\n  m: {input: 1}\n",
            r"missing\.yaml:2: prices\.m: expected \{input: USD, output: USD\}",
        ),
        ("noprices.yaml", "date: '2026-01-01'\n", r"noprices\.yaml:1: 'prices' must be a mapping"),
        ("typo.yaml", "price:\n  m: {input: 1, output: 2}\n", r"typo\.yaml:1: unknown key 'price'"),
        ("broken.json", '{"prices": {', r"broken\.json:1: not valid JSON"),
        ("list.yaml", "- 1\n- 2\n", r"list\.yaml:1: a price file is a mapping"),
    ],
)
def test_a_bad_price_file_is_one_line_naming_file_line_and_key(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message) as info:
        load_price_file(path)
    assert "\n" not in str(info.value)


def test_a_missing_price_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"nowhere\.yaml"):
        load_price_file(tmp_path / "nowhere.yaml")


def test_run_with_a_bad_price_file_exits_2_with_one_line_before_running(tmp_path: Path) -> None:
    bad = tmp_path / "prices.yaml"
    bad.write_text("prices:\n  m: {input: free, output: 1}\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RECALLBENCH_CACHE_DIR": str(tmp_path / "c")}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "recallbench",
            "run",
            "--judge",
            "rubric",
            "--personas",
            "nonexistent-is-never-reached",
            "--skip-preflight",
            "--prices",
            str(bad),
            "--output",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if "prices.yaml" in line]
    assert len(lines) == 1 and "prices.m.input" in lines[0], done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out" / "result.json").exists()
