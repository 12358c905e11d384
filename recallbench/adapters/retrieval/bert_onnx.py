"""The BERT forward pass of :mod:`~recallbench.adapters.retrieval.bert` as an ONNX graph run by
onnxruntime: the same encoder, about twice as fast on the CPUs measured (docs/performance.md).

Why a second runtime: the numpy pass spends three quarters of its time in float32 matrix products
and most of the rest in element-wise passes over memory (GELU alone, a dozen numpy operations, 17%);
numpy's OpenBLAS picks its matrix kernel by CPU model and on a CPU it does not know (the AMD EPYC
this project is measured on) uses its AVX2 one. Under onnxruntime's profiler the same matrix
products took about 0.6 of numpy's time (``benchmarks/bench_dense_encoder.py profile``), and its
fused ``Attention`` and ``BiasGelu`` make one pass each. Embeddings agree with the numpy pass to
about 2e-7 per coordinate (``tests/test_dense_onnx.py`` checks 1e-5 on the shipped passages, and
both runtimes against the sentence-transformers reference vectors).

The graph is built here from :class:`~recallbench.adapters.retrieval.bert.BertWeights`, in memory,
at load time: no file is written or downloaded, and the ``onnx`` package is not needed (the few
protobuf messages an ONNX model is are written by the helpers below). It uses ONNX opset 17 and
onnxruntime's CPU operators of the ``com.microsoft`` domain that exist since onnxruntime 1.8:

* embeddings: the word + position + token type 0 lookup in numpy (a gather, cheap, and it keeps the
  47 MB word table out of the session), then ``LayerNormalization``;
* each layer: ``Attention`` (the fused query/key/value projection, softmax over the unmasked keys,
  the weighted values), ``MatMul`` + ``Add`` + ``Add`` + ``LayerNormalization`` (output projection,
  bias, residual, norm; see :func:`_residual_norm` for why not fused), ``MatMul`` + ``BiasGelu`` (the
  exact, erf GELU), and the feed-forward's ``MatMul`` + ``Add`` + ``Add`` + ``LayerNormalization``.

The graph returns the last hidden states; pooling is :func:`~recallbench.adapters.retrieval.bert.pool`,
shared with the numpy pass. onnxruntime is imported only by :func:`new_session`.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from .bert import BertWeights, Floats, Ints, pool

__all__ = ["OnnxForward", "model_bytes", "new_session", "onnx_forward"]

# ONNX TensorProto.DataType and AttributeProto.AttributeType values.
_FLOAT, _INT32, _INT64 = 1, 6, 7
_ATTR_FLOAT, _ATTR_INT = 1, 2
_MS = "com.microsoft"

# -- protobuf wire format, just what ONNX needs ---------------------------------------------------
# A message is a list of byte strings (or buffers) to be joined once at the end: nesting a 40 MB
# weight tensor three messages deep then copies it once, not at every level.

_Parts = list["bytes | memoryview"]


def _varint(value: int) -> bytes:
    if value < 0:
        value += 1 << 64  # int64 fields encode negatives as ten-byte two's complement
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _size(parts: _Parts) -> int:
    return sum(len(p) if isinstance(p, bytes) else p.nbytes for p in parts)


def _nested(number: int, parts: _Parts) -> _Parts:
    """Field ``number`` holding a length-delimited payload (a message, string or raw bytes)."""
    return [_varint(number << 3 | 2) + _varint(_size(parts)), *parts]


def _int(number: int, value: int) -> _Parts:
    return [_varint(number << 3) + _varint(value)]


def _str(number: int, text: str) -> _Parts:
    return _nested(number, [text.encode("utf-8")])


def _join(*fields: _Parts) -> _Parts:
    return [p for field in fields for p in field]


def _tensor(name: str, array: npt.NDArray[np.generic]) -> _Parts:
    """A TensorProto: dims (1), data_type (2), name (8), raw_data (9, little-endian)."""
    kinds = {np.dtype(np.float32): _FLOAT, np.dtype(np.int32): _INT32, np.dtype(np.int64): _INT64}
    data = np.ascontiguousarray(array)
    data = np.ascontiguousarray(data, dtype=data.dtype.newbyteorder("<"))
    return _join(
        *(_int(1, int(d)) for d in data.shape),
        _int(2, kinds[data.dtype.newbyteorder("=")]),
        _str(8, name),
        _nested(9, [data.data.cast("B")]),
    )


def _attribute(name: str, value: int | float) -> _Parts:
    """An AttributeProto: name (1), f (2) or i (3), type (20)."""
    if isinstance(value, float):
        return _join(
            _str(1, name), [_varint(2 << 3 | 5) + struct.pack("<f", value)], _int(20, _ATTR_FLOAT)
        )
    return _join(_str(1, name), _int(3, value), _int(20, _ATTR_INT))


def _node(
    op: str,
    inputs: Iterable[str],
    outputs: Iterable[str],
    *,
    domain: str = "",
    **attributes: int | float,
) -> _Parts:
    """A NodeProto: input (1), output (2), op_type (4), attribute (5), domain (7)."""
    return _join(
        *(_str(1, i) for i in inputs),
        *(_str(2, o) for o in outputs),
        _str(4, op),
        *(_nested(5, _attribute(k, v)) for k, v in attributes.items()),
        _str(7, domain) if domain else [],
    )


def _value_info(name: str, elem_type: int, dims: Iterable[str | int]) -> _Parts:
    """A ValueInfoProto of a tensor whose dimensions are named (symbolic) or fixed."""
    shape = _join(*(_nested(1, _str(2, d) if isinstance(d, str) else _int(1, d)) for d in dims))
    tensor_type = _join(_int(1, elem_type), _nested(2, shape))
    return _join(_str(1, name), _nested(2, _nested(1, tensor_type)))


# -- the graph --------------------------------------------------------------------------------------


def _residual_norm(
    init: Callable[[str, npt.NDArray[np.generic]], str],
    out: str,
    source: str,
    residual: str,
    matrix: Floats,
    bias: Floats,
    norm: tuple[Floats, Floats],
    eps: float,
) -> list[_Parts]:
    """``out = layer_norm(source @ matrix + bias + residual)``.

    As plain ``MatMul``, ``Add``, ``Add``, ``LayerNormalization``, not the fused
    ``SkipLayerNormalization``: onnxruntime 1.32's CPU kernel of that took six times as long as the
    three it replaces (measured with its profiler on the executive assistant's passages), so the
    session is also built below the optimisation level that would fuse them back.
    """
    return [
        _node("MatMul", [source, init(out + "_w", matrix)], [out + "_mm"]),
        _node("Add", [out + "_mm", init(out + "_b", bias)], [out + "_biased"]),
        _node("Add", [out + "_biased", residual], [out + "_sum"]),
        _node(
            "LayerNormalization",
            [out + "_sum", init(out + "_g", norm[0]), init(out + "_nb", norm[1])],
            [out],
            axis=-1,
            epsilon=eps,
        ),
    ]


def model_bytes(weights: BertWeights) -> bytes:
    """The serialized ONNX model of the encoder past its embedding lookup.

    Inputs: ``embedded`` float32 ``(batch, length, hidden)``, each token's word + position + token
    type 0 embedding (a table lookup, done in numpy: it keeps the 47 MB word table out of the
    session); ``mask`` int32 ``(batch, length)``, 1 where a token is real. Output: ``states``
    float32 ``(batch, length, hidden)``, the last hidden states.
    """
    config = weights.config
    eps = float(config.layer_norm_eps)
    nodes: list[_Parts] = []
    inits: list[_Parts] = []

    def init(name: str, array: npt.NDArray[np.generic]) -> str:
        inits.append(_tensor(name, array))
        return name

    nodes.append(
        _node(
            "LayerNormalization",
            [
                "embedded",
                init("e_gain", weights.embed_norm[0]),
                init("e_bias", weights.embed_norm[1]),
            ],
            ["x0"],
            axis=-1,
            epsilon=eps,
        )
    )
    x = "x0"
    for n, layer in enumerate(weights.layers):
        p = f"l{n}_"
        nodes += [
            _node(
                "Attention",
                [x, init(p + "qkv", layer.qkv), init(p + "qkv_b", layer.qkv_bias), "mask"],
                [p + "ctx"],
                domain=_MS,
                num_heads=config.num_heads,
            ),
            *_residual_norm(
                init,
                p + "a",
                p + "ctx",
                x,
                layer.attn_out,
                layer.attn_out_bias,
                layer.attn_norm,
                eps,
            ),
            _node("MatMul", [p + "a", init(p + "fi", layer.ffn_in)], [p + "fi_out"]),
            _node(
                "BiasGelu",
                [p + "fi_out", init(p + "fi_b", layer.ffn_in_bias)],
                [p + "g"],
                domain=_MS,
            ),
            *_residual_norm(
                init,
                p + "x",
                p + "g",
                p + "a",
                layer.ffn_out,
                layer.ffn_out_bias,
                layer.ffn_norm,
                eps,
            ),
        ]
        x = p + "x"
    nodes.append(_node("Identity", [x], ["states"]))
    graph = _join(
        *(_nested(1, node) for node in nodes),
        _str(2, "bert"),
        *(_nested(5, t) for t in inits),
        _nested(11, _value_info("embedded", _FLOAT, ["batch", "length", config.hidden_size])),
        _nested(11, _value_info("mask", _INT32, ["batch", "length"])),
        _nested(12, _value_info("states", _FLOAT, ["batch", "length", config.hidden_size])),
    )
    opsets = [_join(_str(1, ""), _int(2, 17)), _join(_str(1, _MS), _int(2, 1))]
    model = _join(
        _int(1, 8),  # ir_version 8: what opset 17 came with
        _str(2, "recallbench"),
        _nested(7, graph),
        *(_nested(8, o) for o in opsets),
    )
    return b"".join(model)


OnnxForward = Callable[[Ints, npt.NDArray[np.bool_]], Floats]
"""``forward(ids, mask)`` with :func:`~recallbench.adapters.retrieval.bert.forward`'s contract."""


def new_session(weights: BertWeights, *, threads: int = 1, profile_prefix: str = "") -> Any:
    """An onnxruntime ``InferenceSession`` of :func:`model_bytes` on the CPU.

    Its idle threads sleep rather than spin: on a shared two-core machine a spinning pool steals
    the cores the other batches run on. It is built at the ``basic`` optimisation level, which
    keeps the graph's own operators (see :func:`_residual_norm`).

    Args:
        weights: the encoder.
        threads: threads of the session's own pool for each call.
        profile_prefix: when set, onnxruntime's per-operator profile is written there
            (``session.end_profiling()`` names the file; the benchmark reads it).

    Raises:
        ImportError: onnxruntime is not installed.
    """
    # onnxruntime ships no type information; an environment without it type-checks too.
    import onnxruntime as ort  # type: ignore[import-untyped,import-not-found,unused-ignore]

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3  # warnings about unused initializers and such are noise here
    if profile_prefix:
        options.enable_profiling = True
        options.profile_file_prefix = profile_prefix
    return ort.InferenceSession(
        model_bytes(weights), sess_options=options, providers=["CPUExecutionProvider"]
    )


def onnx_forward(weights: BertWeights, *, threads: int = 1) -> OnnxForward:
    """:func:`~recallbench.adapters.retrieval.bert.forward` for these weights, run by onnxruntime
    (:func:`new_session`). The encoder calls it from one thread per core at once, which
    onnxruntime allows, each call on ``threads`` threads.

    Raises:
        ImportError: onnxruntime is not installed.
    """
    session = new_session(weights, threads=threads)
    max_positions = weights.max_positions
    word = weights.word
    # Token type 0 is the same row for every token: folded into the position table once.
    position = (weights.position + weights.token_type).astype(np.float32)

    def forward(ids: Ints, mask: npt.NDArray[np.bool_]) -> Floats:
        if mask.shape != ids.shape:
            raise ValueError(f"mask shape {mask.shape} differs from ids shape {ids.shape}")
        length = ids.shape[1]
        if length > max_positions:
            raise ValueError(f"{length} tokens exceed the {max_positions} positions")
        embedded = word[ids]
        embedded += position[:length]
        (states,) = session.run(["states"], {"embedded": embedded, "mask": mask.astype(np.int32)})
        return pool(np.asarray(states, dtype=np.float32), mask)

    return forward
