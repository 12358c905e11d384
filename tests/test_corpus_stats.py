"""``recallbench list --stats``: the figures of any data directory, imported sets included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from _public_sets import locomo_records, longmemeval_records, write_json

from recallbench.benchmarks.locomo.importer import convert_locomo
from recallbench.data.corpus_stats import corpus_stats
from recallbench.family import open_dataset


def test_figures_of_an_imported_conversation(tmp_path: Path) -> None:
    convert_locomo(write_json(tmp_path / "locomo10.json", locomo_records()), tmp_path / "out")
    ds = open_dataset(tmp_path / "out").load("conv-26")
    stats = corpus_stats(ds)
    assert (stats.days, stats.last_day, stats.sessions) == (3, 86, 4)
    sizes = sorted(len(d.content.encode()) for d in ds.days)
    assert (stats.bytes_total, stats.bytes_median, stats.bytes_max) == (
        sum(sizes),
        sizes[1],
        sizes[2],
    )
    assert stats.questions == 6
    assert stats.categories == {
        "factual-recall": 2,
        "cross-reference": 1,
        "negative-recall": 1,
        "synthesis": 1,
        "temporal-reasoning": 1,
    }
    assert list(stats.question_types) == [
        "single-hop",
        "adversarial",
        "multi-hop",
        "open-domain",
        "temporal",
    ]


def test_list_stats_over_a_data_spec(tmp_path: Path) -> None:
    source = write_json(tmp_path / "lme.json", longmemeval_records(haystack=45))
    env = {**os.environ, "RECALLBENCH_CACHE_DIR": str(tmp_path / "c")}

    def cli(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "recallbench", "list", "--data", f"longmemeval:{source}", *argv],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    r = cli("--stats", "--json")
    assert r.returncode == 0, r.stderr
    rows = {row["personaId"]: row for row in json.loads(r.stdout)}
    assert rows["gpt4_m_1"]["sessions"] == 45
    assert rows["e47becba_abs"]["questionTypes"] == {"single-session-user": 1}
    assert "checkpoints" not in rows["gpt4_m_1"]  # asked at the run's own: once, after it all
    text = cli("--stats").stdout
    assert "questions by type (questionType): single-session-user 2, temporal-reasoning 1" in text
