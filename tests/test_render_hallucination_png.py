"""``hallucination.png``: renders, byte-stable, and shows what the analysis says."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from test_hallucination import persona, rate_series, run, synthetic_run

from recallbench.render.hallucination_png import (
    BACKGROUND,
    HEIGHT,
    PERSONA_COLOURS,
    WARNING_COLOUR,
    WIDTH,
    render_hallucination_png,
)
from recallbench.results.hallucination import HallucinationAnalysis, analyze_hallucination

TESTS = Path(__file__).parent


def pixels(png: bytes) -> np.ndarray:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"))


def rgb(hex_colour: str) -> np.ndarray:
    return np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)])


def share_near(img: np.ndarray, hex_colour: str, tolerance: int = 12) -> float:
    """The share of pixels within ``tolerance`` of a colour on every channel."""
    close = np.all(np.abs(img.astype(int) - rgb(hex_colour)) <= tolerance, axis=-1)
    return float(close.mean())


@pytest.fixture(scope="module")
def healthy() -> HallucinationAnalysis:
    return analyze_hallucination(synthetic_run(personas=6, checkpoints=40))


@pytest.fixture(scope="module")
def fabricating() -> HallucinationAnalysis:
    return analyze_hallucination(synthetic_run(personas=6, checkpoints=40, fabricating=True))


def test_renders_a_png_of_the_fixed_size_and_writes_the_same_bytes(
    healthy: HallucinationAnalysis, tmp_path: Path
) -> None:
    target = tmp_path / "out" / "hallucination.png"
    data = render_hallucination_png(healthy, target)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert target.read_bytes() == data
    assert pixels(data).shape == (HEIGHT, WIDTH, 3)
    assert b"Software" not in data  # no matplotlib version in the metadata


def test_the_bytes_are_deterministic_and_depend_on_the_analysis(
    healthy: HallucinationAnalysis, fabricating: HallucinationAnalysis
) -> None:
    first = render_hallucination_png(healthy)
    assert render_hallucination_png(healthy) == first
    assert render_hallucination_png(fabricating) != first


def test_the_picture_is_dark_not_blank_and_shows_every_persona(
    healthy: HallucinationAnalysis,
) -> None:
    img = pixels(render_hallucination_png(healthy))
    assert share_near(img, BACKGROUND, tolerance=2) > 0.2  # the dark theme
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 200  # points, lines and text drawn
    for colour in PERSONA_COLOURS[:6]:
        assert share_near(img, colour, tolerance=30) * img.shape[0] * img.shape[1] >= 20, colour


def test_the_warning_is_drawn_only_when_it_fires(
    healthy: HallucinationAnalysis, fabricating: HallucinationAnalysis
) -> None:
    assert healthy.warning is None and fabricating.warning is not None
    header = slice(0, 130)  # the title area, above the panels
    warned = pixels(render_hallucination_png(fabricating))[header]
    calm = pixels(render_hallucination_png(healthy))[header]
    assert share_near(warned, WARNING_COLOUR, tolerance=40) > 0.002
    assert share_near(calm, WARNING_COLOUR, tolerance=40) == 0.0


def test_runs_without_answers_one_checkpoint_or_many_personas_render() -> None:
    empty = analyze_hallucination(run([persona("p", [])]))
    one = analyze_hallucination(run([persona("p", rate_series({30: 5}))]))
    crowd = analyze_hallucination(synthetic_run(personas=13, checkpoints=3, per_checkpoint=2))
    assert empty.points == () and one.hallucination_trend is None and len(crowd.by_persona) == 13
    shapes = {pixels(render_hallucination_png(a)).shape for a in (empty, one, crowd)}
    assert shapes == {(HEIGHT, WIDTH, 3)}


def test_bytes_agree_across_processes_and_pyplot_is_never_imported(
    healthy: HallucinationAnalysis,
) -> None:
    code = (
        "import hashlib, sys\n"
        f"sys.path.insert(0, {str(TESTS)!r})\n"
        "from test_hallucination import synthetic_run\n"
        "from recallbench.results.hallucination import analyze_hallucination\n"
        "from recallbench.render.hallucination_png import render_hallucination_png\n"
        "data = render_hallucination_png(analyze_hallucination("
        "synthetic_run(personas=6, checkpoints=40)))\n"
        "print(hashlib.sha256(data).hexdigest(), 'matplotlib.pyplot' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    digest, pyplot = out.stdout.split()
    assert digest == hashlib.sha256(render_hallucination_png(healthy)).hexdigest()
    assert pyplot == "False"
