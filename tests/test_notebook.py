"""examples/quickstart.ipynb runs top to bottom in a real Jupyter kernel (nbclient), offline, and is
stored without outputs."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

nbclient = pytest.importorskip(
    "nbclient", reason="the notebook test needs the dev extra (nbclient)"
)
nbformat = pytest.importorskip(
    "nbformat", reason="the notebook test needs the dev extra (nbformat)"
)
# Looked up, not imported: the kernel runs in its own process, and ipykernel imported here would
# make this process look like a notebook to recallbench.run's progress default.
if importlib.util.find_spec("ipykernel") is None:
    pytest.skip("the notebook test needs the dev extra (ipykernel)", allow_module_level=True)
if importlib.util.find_spec("pandas") is None:
    pytest.skip("the notebook uses rb.to_dataframe (the pandas extra)", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "examples" / "quickstart.ipynb"


def test_notebook_is_stored_without_outputs() -> None:
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == []
            assert cell.get("execution_count") is None


@pytest.mark.slow
def test_quickstart_notebook_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    (tmp_path / "personas").symlink_to(ROOT / "personas", target_is_directory=True)
    # The LoCoMo file the notebook writes is converted into the cache: the kernel's, here.
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    client = nbclient.NotebookClient(
        nb,
        timeout=240,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()  # the python3 kernel: ipykernel in this interpreter

    outputs = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]
    assert not [out for out in outputs if out.output_type == "error"]
    # The progress bar: an HTML display updated in place.
    assert any(
        "<progress" in out.get("data", {}).get("text/html", "")
        for out in outputs
        if out.output_type in ("display_data", "update_display_data")
    ), "no progress bar was displayed"
    # The heatmap inline, the DataFrame as a table, the plot as an image.
    pngs = [out for out in outputs if "image/png" in out.get("data", {})]
    assert len(pngs) >= 3, "expected the heatmap, the score-against-size and comparison plots"
    assert any(
        "text/html" in out.get("data", {}) and "<table" in out["data"]["text/html"]
        for out in outputs
    )
    assert (tmp_path / "runs" / "quickstart" / "result.json").is_file()
    assert (tmp_path / "runs" / "quickstart" / "report.html").is_file()

    # Section 5: a LoCoMo selection run by two adapters, compared as a table and a plot.
    import recallbench as rb

    runs = {
        name: rb.read_run(tmp_path / "runs" / f"locomo-{name}").result
        for name in ("bm25", "keyword")
    }
    assert runs["bm25"].adapter_name == "builtin:bm25"
    assert runs["keyword"].adapter_name == "keyword-memory"
    for result in runs.values():
        assert [p.persona_id for p in result.personas] == ["conv-demo"]
        assert [r.label for r in result.ranges] == ["25%", "50%", "75%", "100%"]
        assert result.judged and result.overall_score is not None
        assert sum(len(r.question_results) for r in result.personas[0].range_results) > 0
    cells = [cell for cell in nb.cells if cell.cell_type == "code"]
    table = next(cell for cell in cells if "compare_results(bm25, keyword)" in cell.source)
    html = "".join(out.get("data", {}).get("text/html", "") for out in table.outputs)
    assert "<table" in html and "B − A" in html and "factual-recall" in html
    plot = next(cell for cell in cells if "comparison.checkpoints" in cell.source)
    assert any("image/png" in out.get("data", {}) for out in plot.outputs)


def test_ipykernel_imported_outside_a_kernel_is_not_a_notebook() -> None:
    """A process that merely imported ipykernel (a test suite, a tool) is not watched: run's
    progress stays off there, and on in a real kernel (the test above sees the bar)."""
    import subprocess
    import sys

    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import ipykernel, recallbench._front as f; print(f._watched(), f._in_notebook())",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.split() == ["False", "False"]
