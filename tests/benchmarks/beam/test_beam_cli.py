"""BEAM end to end through ``python -m recallbench`` (subprocesses): ``run --data beam:…`` with its
flags, plain paths detected, ``import beam``, ``validate``, ``list``, the default judge and
``--judge-model``, and BEAM's section of the reports.

These need the core wired to the benchmark families (issue 41): until ``run --help`` lists
``--beam-size``, they skip (the ``wired_core`` fixture)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from _beam_cli import cli, wired_core
from _beam_files import write_checkout

__all__ = ["wired_core"]

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("wired_core")]


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    return write_checkout(tmp_path / "BEAM")


def _result(out: Path) -> dict[str, Any]:
    return json.loads((out / "result.json").read_text(encoding="utf-8"))


def test_run_with_the_default_judge(checkout: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    done = cli(
        "run", "--data", f"beam:{checkout}", "--beam-size", "128K", "--adapter", "builtin:bm25",
        "--output", str(out), cache=tmp_path / "c",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    result = _result(out)
    beam = result["publicBenchmark"]["beam"]
    assert beam["judge"] == "beam-nuggets" and beam["size"] == "100K"
    assert [r["ability"] for r in beam["abilities"]][:3] == [
        "abstention",
        "contradiction-resolution",
        "event-ordering",
    ]
    assert beam["questionCount"] == 11 and beam["recallLevel"] == "day"
    assert {p["personaId"] for p in result["personas"]} == {"100K-01", "100K-02"}
    assert "BEAM 100K (published layout; see docs/reports.md)" in done.stdout
    assert "BEAM 100K: " in done.stdout and "(10 abilities, beam-nuggets)" in done.stdout
    report = cli("report", str(out), cache=tmp_path / "c")
    assert report.returncode == 0, report.stderr
    assert "BEAM 100K (published layout" in report.stdout
    assert "information-extraction" in report.stdout


def test_plain_paths_are_detected(checkout: Path, tmp_path: Path) -> None:
    for i, where in enumerate(("chats/100K", "chats/100K/1", "chats/10M/1")):
        out = tmp_path / f"run{i}"
        done = cli(
            "run", "--data", str(checkout / where), "--adapter", "builtin:null",
            "--output", str(out), cache=tmp_path / "c",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert "beam" in _result(out)["publicBenchmark"]
    # the plans' haystack is not the official one: said on stderr
    assert "has no chat_trunecated.json" in done.stderr


def test_import_validate_and_list(checkout: Path, tmp_path: Path) -> None:
    out = tmp_path / "converted"
    done = cli(
        "import",
        "beam",
        str(checkout),
        "--beam-size",
        "10M",
        "--out",
        str(out),
        cache=tmp_path / "c",
    )
    assert done.returncode == 0, done.stderr
    assert "1 BEAM 10M conversation(s), 2 question(s)" in done.stdout
    assert "warning:" in done.stderr and "'--'" in done.stderr
    valid = cli("validate", "--data", str(out), cache=tmp_path / "c")
    assert valid.returncode == 0, valid.stdout + valid.stderr
    listed = cli("list", "--data", f"beam:{checkout / 'chats' / '100K'}", cache=tmp_path / "c")
    assert listed.returncode == 0, listed.stderr
    assert "Available conversations (BEAM benchmark):" in listed.stdout
    assert "100K-01" in listed.stdout and "100K-02" in listed.stdout


def test_flags_misused(checkout: Path, tmp_path: Path) -> None:
    root = cli(
        "run", "--data", f"beam:{checkout}", "--adapter", "builtin:null", cache=tmp_path / "c"
    )
    assert root.returncode == 2 and "--beam-size 100K|10M" in root.stderr
    bad = cli(
        "run", "--data", f"beam:{checkout}", "--beam-size", "2M", "--adapter", "builtin:null",
        cache=tmp_path / "c",
    )  # fmt: skip
    assert bad.returncode == 2


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_judge_model_makes_the_official_judge(checkout: Path, tmp_path: Path) -> None:
    from recallbench.testing.providers import FakeProviderServer, reply

    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k}
    env.update(OPENAI_API_KEY="sk-test", RECALLBENCH_CACHE_DIR=str(tmp_path / "c"))
    async with FakeProviderServer(
        lambda request: reply('{"score": 0.5, "reason": "partly"}')
    ) as server:
        spec = f"openai:gpt-4.1-mini;{server.url}/v1"
        outs = {}
        for flag, value in (("--judge-model", spec), ("--judge", f"beam-paper:{spec}")):
            out = tmp_path / flag.strip("-")
            done = await anyio.run_process(
                [sys.executable, "-m", "recallbench", "run", "--data", str(checkout / "chats" / "100K" / "1"),
                 "--adapter", "builtin:oracle", flag, value, "--output", str(out)],
                env=env, check=False,
            )  # fmt: skip
            assert done.returncode == 0, done.stderr.decode()
            outs[flag] = _result(out)["publicBenchmark"]["beam"]
    code, paper = outs["--judge-model"], outs["--judge"]
    assert code["judge"] == "beam:openai:gpt-4.1-mini" and code["scoring"] == "code"
    assert paper["scoring"] == "paper"
    by = lambda pub: {r["ability"]: r.get("score") for r in pub["abilities"]}  # noqa: E731
    # every nugget 0.5: BEAM's code counts 0, the paper a half
    assert by(code)["knowledge-update"] == 0.0 and by(paper)["knowledge-update"] == 0.5
