"""The dense encoder's two runtimes: onnxruntime (the default when installed) and the numpy pass.

The onnxruntime graph (``bert_onnx.py``) must give the numpy pass's vectors to 1e-5 per coordinate
on the real workload (passages of the shipped executive assistant, split as ``builtin:dense`` splits
them) and both must match sentence-transformers' reference vectors; the runtime is chosen by
``RECALLBENCH_DENSE_RUNTIME`` with a one-line error for a wrong value or a missing onnxruntime.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.adapters.retrieval.bert_onnx import _varint
from recallbench.adapters.retrieval.minilm import RUNTIME_ENV, dense_unavailable
from recallbench.errors import ConfigError

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = Path(__file__).parent / "data" / "minilm-reference.json"
UNAVAILABLE = dense_unavailable()
needs_dense = pytest.mark.skipif(
    UNAVAILABLE is not None, reason=f"the dense extra is not installed here: {UNAVAILABLE}"
)
try:
    import onnxruntime  # noqa: F401

    NO_ORT = None
except ImportError as exc:
    NO_ORT = str(exc)
needs_ort = pytest.mark.skipif(NO_ORT is not None, reason=f"onnxruntime is not installed: {NO_ORT}")


def _read_varint(data: bytes) -> int:
    value = 0
    for shift, byte in enumerate(data):
        value |= (byte & 0x7F) << (7 * shift)
        if not byte & 0x80:
            assert shift == len(data) - 1
            return value - (1 << 64) if value >= 1 << 63 else value
    raise AssertionError("unterminated varint")


@given(st.integers(min_value=-(1 << 63), max_value=(1 << 63) - 1))
def test_varints_round_trip_as_protobuf_writes_them(value: int) -> None:
    encoded = _varint(value)
    assert _read_varint(encoded) == value
    assert len(encoded) == (10 if value < 0 else max(1, -(-value.bit_length() // 7)))


def test_varint_examples_from_the_protobuf_documentation() -> None:
    assert _varint(1) == b"\x01"
    assert _varint(150) == b"\x96\x01"
    assert _varint(300) == b"\xac\x02"


@pytest.fixture(scope="module")
def runtimes() -> tuple[Any, Any]:
    from recallbench.adapters.retrieval.minilm import load_encoder

    return load_encoder(runtime="numpy"), load_encoder(runtime="onnxruntime")


@pytest.fixture(scope="module")
def passages(runtimes: tuple[Any, Any]) -> list[str]:
    """A fixed sample of the shipped executive assistant's passages: every fifteenth, so short
    and long ones, headings carried into split sections, and the longest passage of all."""
    from recallbench.adapters.retrieval.dense import passage_documents
    from recallbench.family import open_dataset
    from recallbench.harness.retrieval_eval import corpus_documents

    dataset = open_dataset(ROOT / "personas", "arcs-180d.yaml").load("executive-assistant")
    texts = [p.text for p, _ in passage_documents(corpus_documents(dataset), runtimes[0])]
    pieces = runtimes[0].word_pieces(texts)
    longest = texts[int(np.argmax(pieces))]
    return [*texts[::15], longest]


@needs_dense
@needs_ort
def test_the_runtimes_agree_on_the_shipped_passages(
    runtimes: tuple[Any, Any], passages: list[str]
) -> None:
    numpy_encoder, onnx_encoder = runtimes
    assert (numpy_encoder.runtime, onnx_encoder.runtime) == ("numpy", "onnxruntime")
    assert len(passages) > 100
    assert max(numpy_encoder.word_pieces(passages)) > 60  # a full 64-piece passage is in
    expected = numpy_encoder.encode_uncached(passages)
    got = onnx_encoder.encode_uncached(passages)
    assert got.shape == expected.shape == (len(passages), 384)
    assert float(np.abs(got - expected).max()) <= 1e-5
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-6)


@needs_dense
@needs_ort
@pytest.mark.parametrize("which", [0, 1], ids=["numpy", "onnxruntime"])
def test_each_runtime_matches_sentence_transformers(runtimes: tuple[Any, Any], which: int) -> None:
    reference = json.loads(REFERENCE.read_text(encoding="utf-8"))
    expected = np.array(reference["vectors"], dtype=np.float32)
    got = runtimes[which].encode_uncached(reference["texts"])
    assert float(np.abs(got - expected).max()) < 1e-5


@needs_dense
@needs_ort
def test_padding_is_masked_and_an_empty_row_is_zero(runtimes: tuple[Any, Any]) -> None:
    numpy_encoder, onnx_encoder = runtimes
    ids = np.array([[101, 7592, 2088, 102, 0, 0], [101, 102, 0, 0, 0, 0], [0] * 6], dtype=np.int64)
    mask = ids != 0
    got = onnx_encoder._forward(ids, mask)
    assert np.array_equal(got[2], np.zeros(384, dtype=np.float32))
    assert float(np.abs(got - numpy_encoder._forward(ids, mask)).max()) <= 1e-5
    alone = onnx_encoder._forward(ids[:1, :4], mask[:1, :4])
    assert float(np.abs(alone[0] - got[0]).max()) <= 1e-6
    with pytest.raises(ValueError, match="mask shape"):
        onnx_encoder._forward(ids, mask[:, :3])


@needs_dense
def test_the_runtime_is_chosen_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from recallbench.adapters.retrieval.minilm import load_encoder

    monkeypatch.setenv(RUNTIME_ENV, "numpy")
    assert load_encoder().runtime == "numpy"
    monkeypatch.setenv(RUNTIME_ENV, "tensorflow")
    with pytest.raises(ConfigError) as caught:
        load_encoder()
    message = str(caught.value)
    assert "\n" not in message and f"{RUNTIME_ENV}='tensorflow'" in message and "numpy" in message
    with pytest.raises(ConfigError, match="runtime='gpu'"):
        load_encoder(runtime="gpu")
    monkeypatch.delenv(RUNTIME_ENV)
    assert load_encoder().runtime == ("numpy" if NO_ORT else "onnxruntime")


@needs_dense
def test_without_onnxruntime_auto_falls_back_and_asking_for_it_is_one_line() -> None:
    code = (
        "import sys\n"
        "sys.modules['onnxruntime'] = None  # as if it were not installed\n"
        "from recallbench.adapters.retrieval.minilm import load_encoder\n"
        "from recallbench.errors import ConfigError\n"
        "print(load_encoder().runtime)\n"
        "try:\n"
        "    load_encoder(runtime='onnxruntime')\n"
        "except ConfigError as exc:\n"
        "    print(exc)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != RUNTIME_ENV}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr
    runtime, message = done.stdout.strip().split("\n")
    assert runtime == "numpy"
    assert "onnxruntime is not installed" in message and "recallbench[dense]" in message
