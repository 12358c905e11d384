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
def test_quickstart_notebook_runs(tmp_path: Path) -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    (tmp_path / "personas").symlink_to(ROOT / "personas", target_is_directory=True)
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
    assert len(pngs) >= 2, "expected the heatmap and the score-against-size plot"
    assert any(
        "text/html" in out.get("data", {}) and "<table" in out["data"]["text/html"]
        for out in outputs
    )
    assert (tmp_path / "runs" / "quickstart" / "result.json").is_file()
    assert (tmp_path / "runs" / "quickstart" / "report.html").is_file()


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
