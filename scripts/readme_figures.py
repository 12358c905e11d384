"""Regenerate the figures the README and docs show: the main job's heatmap and hallucination views.

    python scripts/readme_figures.py

Runs the main job (``python -m recallbench run``: ``builtin:bm25`` judged by the rubric judge over the
shipped personas at the default checkpoints) into a temporary directory and copies its
``heatmap.png`` and ``hallucination.png`` to ``docs/images/``. 10–20 s on two cores. The pictures
change only when the run's numbers (or its runtime, printed in the metadata block) change.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
FIGURES = {"heatmap.png": "main-job-heatmap.png", "hallucination.png": "main-job-hallucination.png"}


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "result.json"
        cmd = [sys.executable, "-m", "recallbench", "run", "--no-html", "--json-out", str(out)]
        done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, check=False)
        if done.returncode != 0:
            print(f"the main job failed (exit {done.returncode})", file=sys.stderr)
            return done.returncode
        IMAGES.mkdir(parents=True, exist_ok=True)
        for name, target in FIGURES.items():
            source = out.parent / name
            if not source.is_file():
                print(f"the run wrote no {name}", file=sys.stderr)
                return 1
            shutil.copyfile(source, IMAGES / target)
            print(f"wrote {(IMAGES / target).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
