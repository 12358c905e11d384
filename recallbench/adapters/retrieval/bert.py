"""A BERT encoder's forward pass in numpy: what the dense baseline embeds text with, without torch.

all-MiniLM-L6-v2 is a 6-layer, 384-wide BERT (12 heads of 32, a 1,536-wide GELU feed-forward,
post-layer-norm, absolute positions). :func:`forward` runs it on a batch of token ids and returns
the sentence-transformers embedding: the mean of the last hidden states over the attended tokens
(``[CLS]`` and ``[SEP]`` included, padding excluded), L2-normalised, so the cosine of two
embeddings is their dot product. It follows Hugging Face's ``BertModel`` step for step:

* embeddings: word + position (``0 … L-1``) + token type 0, then layer norm;
* each layer: ``softmax(QKᵀ/√d + mask) V`` per head, the output projection, residual, layer norm;
  ``gelu(x W₁ + b₁) W₂ + b₂``, residual, layer norm;
* padded keys get ``finfo(float32).min`` added before the softmax (Hugging Face's extended mask), so
  their weight is exactly 0 and a text's vector does not depend on how much padding its batch has,
  beyond float32 rounding.

GELU is the exact one, ``x · Φ(x)``; numpy has no ``erf``, so :func:`erf` is the float32 rational
approximation of Eigen and XLA (absolute error below 5e-7, a few float32 roundings). Computed in float32 throughout, as the reference is.

Pure: numpy only, no I/O (:mod:`recallbench.adapters.retrieval.minilm` reads the weights).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import numpy as np
import numpy.typing as npt

__all__ = [
    "BertConfig",
    "BertLayer",
    "BertWeights",
    "erf",
    "forward",
    "gelu",
    "layer_norm",
    "pool",
    "weights_from_tensors",
]

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]

# Eigen's / XLA's float32 erf: x·P(x²)/Q(x²) on [-4, 4], where erf is ±1 to float32 precision.
_ERF_ALPHA = np.array(
    [
        -2.72614225801306e-10,
        2.77068142495902e-08,
        -2.10102402082508e-06,
        -5.69250639462346e-05,
        -7.34990630326855e-04,
        -2.95459980854025e-03,
        -1.60960333262415e-02,
    ],
    dtype=np.float32,
)
_ERF_BETA = np.array(
    [
        -1.45660718464996e-05,
        -2.13374055278905e-04,
        -1.68282697438203e-03,
        -7.37332916720468e-03,
        -1.42647390514189e-02,
    ],
    dtype=np.float32,
)
_MASKED = np.finfo(np.float32).min


@attrs.frozen(kw_only=True)
class BertConfig:
    """The shape of a BERT encoder (the fields of its ``config.json`` that the forward pass reads).

    Attributes:
        hidden_size: the width of every hidden state (384 for MiniLM-L6).
        num_heads: attention heads; ``hidden_size`` must divide by it.
        layer_norm_eps: the epsilon of every layer norm.
    """

    hidden_size: int
    num_heads: int
    layer_norm_eps: float = 1e-12

    @classmethod
    def from_json(cls, config: Mapping[str, object]) -> BertConfig:
        """From a parsed Hugging Face ``config.json``.

        Raises:
            ValueError: a field is missing or the heads do not divide the width.
        """
        try:
            hidden = int(config["hidden_size"])  # type: ignore[call-overload]
            heads = int(config["num_attention_heads"])  # type: ignore[call-overload]
            eps = float(config.get("layer_norm_eps", 1e-12))  # type: ignore[arg-type]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a BERT config.json: {exc!r}") from None
        if config.get("hidden_act", "gelu") != "gelu":
            raise ValueError(f"unsupported hidden_act {config.get('hidden_act')!r} (only gelu)")
        if heads < 1 or hidden % heads:
            raise ValueError(f"hidden_size {hidden} does not divide into {heads} heads")
        return cls(hidden_size=hidden, num_heads=heads, layer_norm_eps=eps)


@attrs.frozen(kw_only=True, eq=False)
class BertLayer:
    """One transformer layer's weights, matrices stored as ``(in, out)`` for ``x @ W``.

    Attributes:
        qkv: the query, key and value projections side by side, ``(hidden, 3·hidden)``.
        qkv_bias: their biases, ``(3·hidden,)``.
        attn_out, attn_out_bias: the attention output projection.
        attn_norm: (gain, bias) of the layer norm after attention.
        ffn_in, ffn_in_bias: the feed-forward expansion (``hidden → intermediate``).
        ffn_out, ffn_out_bias: the feed-forward contraction.
        ffn_norm: (gain, bias) of the layer norm after the feed-forward.
    """

    qkv: Floats
    qkv_bias: Floats
    attn_out: Floats
    attn_out_bias: Floats
    attn_norm: tuple[Floats, Floats]
    ffn_in: Floats
    ffn_in_bias: Floats
    ffn_out: Floats
    ffn_out_bias: Floats
    ffn_norm: tuple[Floats, Floats]


@attrs.frozen(kw_only=True, eq=False)
class BertWeights:
    """A BERT encoder's weights, ready for :func:`forward`.

    Attributes:
        config: its shape.
        word: the token embedding table ``(vocab, hidden)``.
        position: the position embeddings ``(max_positions, hidden)``.
        token_type: the token type 0 embedding ``(hidden,)``.
        embed_norm: (gain, bias) of the embedding layer norm.
        layers: the transformer layers, in order.
    """

    config: BertConfig
    word: Floats
    position: Floats
    token_type: Floats
    embed_norm: tuple[Floats, Floats]
    layers: tuple[BertLayer, ...]

    @property
    def max_positions(self) -> int:
        """The longest sequence the position table covers."""
        return int(self.position.shape[0])


def _f32(array: npt.NDArray[np.generic]) -> Floats:
    return np.ascontiguousarray(array, dtype=np.float32)


def weights_from_tensors(
    config: BertConfig, tensors: Mapping[str, npt.NDArray[np.generic]]
) -> BertWeights:
    """Hugging Face ``BertModel`` tensors (names as in its ``model.safetensors``, with or without a
    ``bert.`` prefix) as :class:`BertWeights`. Linear weights, stored ``(out, in)``, are transposed
    once here; the pooler is not used.

    Raises:
        ValueError: a tensor is missing or has the wrong shape.
    """
    prefix = "bert." if "bert.embeddings.word_embeddings.weight" in tensors else ""

    def get(name: str) -> Floats:
        try:
            return _f32(tensors[prefix + name])
        except KeyError:
            raise ValueError(f"the weights have no tensor {prefix + name!r}") from None

    hidden = config.hidden_size
    count = 0
    while f"{prefix}encoder.layer.{count}.attention.self.query.weight" in tensors:
        count += 1
    if count == 0:
        raise ValueError("the weights have no encoder layers")
    layers = []
    for i in range(count):
        at = f"encoder.layer.{i}."
        q, k, v = (get(f"{at}attention.self.{n}.weight") for n in ("query", "key", "value"))
        if q.shape != (hidden, hidden):
            raise ValueError(f"{at}attention.self.query.weight has shape {q.shape}, not {hidden}²")
        layers.append(
            BertLayer(
                qkv=_f32(np.concatenate([q, k, v]).T),
                qkv_bias=np.concatenate(
                    [get(f"{at}attention.self.{n}.bias") for n in ("query", "key", "value")]
                ),
                attn_out=_f32(get(f"{at}attention.output.dense.weight").T),
                attn_out_bias=get(f"{at}attention.output.dense.bias"),
                attn_norm=(
                    get(f"{at}attention.output.LayerNorm.weight"),
                    get(f"{at}attention.output.LayerNorm.bias"),
                ),
                ffn_in=_f32(get(f"{at}intermediate.dense.weight").T),
                ffn_in_bias=get(f"{at}intermediate.dense.bias"),
                ffn_out=_f32(get(f"{at}output.dense.weight").T),
                ffn_out_bias=get(f"{at}output.dense.bias"),
                ffn_norm=(get(f"{at}output.LayerNorm.weight"), get(f"{at}output.LayerNorm.bias")),
            )
        )
    word = get("embeddings.word_embeddings.weight")
    if word.ndim != 2 or word.shape[1] != hidden:
        raise ValueError(f"word embeddings of shape {word.shape} for hidden size {hidden}")
    return BertWeights(
        config=config,
        word=word,
        position=get("embeddings.position_embeddings.weight"),
        token_type=get("embeddings.token_type_embeddings.weight")[0],
        embed_norm=(get("embeddings.LayerNorm.weight"), get("embeddings.LayerNorm.bias")),
        layers=tuple(layers),
    )


def erf(x: Floats) -> Floats:
    """The error function, elementwise, in float32 (absolute error below 5e-7)."""
    x = np.clip(x, np.float32(-4.0), np.float32(4.0))
    x2 = x * x
    p = x2 * _ERF_ALPHA[0]
    p += _ERF_ALPHA[1]
    for a in _ERF_ALPHA[2:]:
        p *= x2
        p += a
    q = x2 * _ERF_BETA[0]
    q += _ERF_BETA[1]
    for b in _ERF_BETA[2:]:
        q *= x2
        q += b
    p *= x
    p /= q
    out: Floats = p
    return out


def gelu(x: Floats) -> Floats:
    """The exact GELU, ``x · (1 + erf(x / √2)) / 2``."""
    out = erf(x * np.float32(1 / np.sqrt(2)))
    out += np.float32(1.0)
    out *= x
    out *= np.float32(0.5)
    return out


def layer_norm(x: Floats, norm: tuple[Floats, Floats], eps: float) -> Floats:
    """Layer norm over the last axis: ``(x − mean) / √(var + eps) · gain + bias``."""
    gain, bias = norm
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    var = np.mean(centred * centred, axis=-1, keepdims=True)
    out: Floats = centred / np.sqrt(var + np.float32(eps)) * gain + bias
    return out


def forward(weights: BertWeights, ids: Ints, mask: npt.NDArray[np.bool_]) -> Floats:
    """Sentence embeddings of a batch: mean-pooled last hidden states, L2-normalised.

    Args:
        weights: the encoder.
        ids: token ids ``(batch, length)``, padded on the right (any id: padding is masked).
        mask: ``(batch, length)``, True where a token is real.

    Returns:
        ``(batch, hidden)`` float32 rows of unit length (a row with no token is all zeros).

    Raises:
        ValueError: the shapes disagree or ``length`` exceeds the position table.
    """
    batch, length = ids.shape
    if mask.shape != ids.shape:
        raise ValueError(f"mask shape {mask.shape} differs from ids shape {ids.shape}")
    if length > weights.max_positions:
        raise ValueError(f"{length} tokens exceed the {weights.max_positions} positions")
    config = weights.config
    hidden, heads, eps = config.hidden_size, config.num_heads, config.layer_norm_eps
    width = hidden // heads
    x = weights.word[ids] + weights.position[:length] + weights.token_type
    x = layer_norm(x, weights.embed_norm, eps).reshape(batch * length, hidden)
    # Added to every query's scores against the padded keys: exp() of it underflows to exactly 0.
    key_bias = np.where(mask, np.float32(0.0), _MASKED).astype(np.float32)[:, None, None, :]
    scale = np.float32(1.0 / np.sqrt(width))
    for layer in weights.layers:
        qkv = x @ layer.qkv + layer.qkv_bias
        # (batch·length, 3·hidden) → three (batch, heads, length, width) tensors.
        q, k, v = qkv.reshape(batch, length, 3, heads, width).transpose(2, 0, 3, 1, 4)
        scores = (q * scale) @ k.transpose(0, 1, 3, 2) + key_bias
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(axis=-1, keepdims=True)
        context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * length, hidden)
        x = layer_norm(context @ layer.attn_out + layer.attn_out_bias + x, layer.attn_norm, eps)
        inner = gelu(x @ layer.ffn_in + layer.ffn_in_bias)
        x = layer_norm(inner @ layer.ffn_out + layer.ffn_out_bias + x, layer.ffn_norm, eps)
    return pool(x.reshape(batch, length, hidden), mask)


def pool(states: Floats, mask: npt.NDArray[np.bool_]) -> Floats:
    """The sentence embeddings of last hidden states ``(batch, length, hidden)``: the mean over the
    tokens ``mask`` sets, L2-normalised (a row with no token is all zeros)."""
    weight = mask.astype(np.float32)
    counts = np.maximum(weight.sum(axis=1, keepdims=True), np.float32(1e-9))
    pooled = np.einsum("blh,bl->bh", states, weight) / counts
    norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), np.float32(1e-12))
    out: Floats = (pooled / norms).astype(np.float32)
    return out
