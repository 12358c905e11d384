"""``recallbench judge``: score one answer from the command line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest

from recallbench.cli import main
from recallbench.testing.providers import FakeProviderServer

ROOT = Path(__file__).resolve().parents[1]
PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "matches"}'


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _args(*extra: str) -> list[str]:
    return [
        "judge",
        "--question",
        "What was the access code on day 3?",
        "--reference",
        "CODE-0003",
        "--answer",
        "The access code was CODE-0003.",
        *extra,
    ]


def _model_file(tmp_path: Path, reply: str) -> Path:
    path = tmp_path / "mymodel.py"
    path.write_text(
        "calls = []\n"
        "class Model:\n"
        "    name = 'my-model'\n"
        "    async def complete(self, system_prompt, user_message, *, temperature=None, "
        "max_tokens=None):\n"
        "        calls.append((system_prompt, user_message, temperature, max_tokens))\n"
        f"        return {{'text': {reply!r}, 'input_tokens': 50, 'output_tokens': 9}}\n"
        "model = Model()\n",
        encoding="utf-8",
    )
    return path


def test_stub_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(_args("--judge", "stub", "--json")) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["composite"] == 0 and out["judge"] == "stub"


def test_python_text_model_is_wrapped_in_the_llm_judge(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _model_file(tmp_path, PASS)
    memory = tmp_path / "memory.md"
    memory.write_text("--- DAY 3 (2026-01-03) ---\nThe access code for day 3 is CODE-0003.\n")
    assert main(_args("--judge", f"{path}:model", "--memory", str(memory), "--json")) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["correctness"], out["completeness"], out["hallucination"]) == (3, 2, 1)
    assert out["usage"] == {
        "calls": 1,
        "cacheHits": 0,
        "cacheMisses": 0,
        "inputTokens": 50,
        "outputTokens": 9,
    }
    module = sys.modules[next(m for m in sys.modules if m.startswith("_recallbench_file_mymodel"))]
    _system, user_message, temperature, max_tokens = module.calls[0]
    assert user_message.startswith("MEMORY CONTEXT")  # --memory selects the grounded prompt
    assert "SYSTEM ANSWER:\nThe access code was CODE-0003." in user_message
    assert (temperature, max_tokens) == (0.0, 400)


def test_text_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _model_file(tmp_path, PASS)
    assert main(_args("--judge", f"{path}:model")) == 0
    out = capsys.readouterr().out
    assert (
        "correctness 3/3 · completeness 2/2 · hallucination 1/1 (grounded) · composite 6/6" in out
    )
    assert "reasoning: matches" in out


def test_unparsable_replies_are_a_judge_failure_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _model_file(tmp_path, "I think it is fine.")
    assert main(_args("--judge", f"{path}:model")) == 1
    err = capsys.readouterr().err
    assert "JudgeParseError" in err and "after one retry" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("spec", ["gemini:", "not a spec!", "anthropic:"])
def test_bad_spec_exits_2_naming_it(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(_args("--judge", spec)) == 2
    err = capsys.readouterr().err
    assert err.startswith("recallbench judge: error:")
    assert spec.strip() in err


@pytest.mark.anyio
async def test_openai_compatible_local_server(tmp_path: Path) -> None:
    """One flag away: an OpenAI-compatible server (vLLM, llama.cpp, Ollama) with no key."""
    async with FakeProviderServer(PASS) as server:
        env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
        env["PYTHONPATH"] = str(ROOT)
        result = await anyio.run_process(
            [
                sys.executable,
                "-m",
                "recallbench",
                *_args("--judge", f"openai:llama3:8b;{server.url}/v1", "--json"),
            ],
            env=env,
            check=False,
        )
        assert result.returncode == 0, result.stderr.decode()
        out = json.loads(result.stdout)
        assert out["composite"] == 6
        assert out["usage"]["inputTokens"] == 11
        (request,) = server.requests
        assert request.json["model"] == "llama3:8b"
        assert "authorization" not in request.headers
