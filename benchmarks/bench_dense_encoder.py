"""The dense baseline's encoder on its real workload: passages per second, and where the time goes.

    python benchmarks/bench_dense_encoder.py rate [--persona ID] [--arcs FILE] [--limit N] [--repeat R]
    python benchmarks/bench_dense_encoder.py profile [--persona ...] [--arcs ...] [--limit N]
    python benchmarks/bench_dense_encoder.py check [--persona ...] [--arcs ...] [--limit N]

The workload is what ``builtin:dense`` embeds when it ingests a shipped persona: every chunk of its
days (``corpus_documents``, as ``retrieval-eval`` builds them) cut into passages of at most 64 word
pieces by ``passage_documents`` (dense.py), the executive assistant's 180 days by default (1,678
passages, 74,526 word pieces).

``rate`` encodes every passage with the encoder's cache bypassed (``encode_uncached``) and prints
passages/s and word pieces/s, ``--repeat`` times (best and median). It uses whatever ``recallbench``
is importable and the runtime ``RECALLBENCH_DENSE_RUNTIME`` chooses, so the code before a change is
measured by pointing ``PYTHONPATH`` at an export of that commit; run the two alternately, as whole
processes, for a ratio that holds on a busy machine.

``profile`` breaks one pass over the workload down: tokenisation (the truncated encode and the
untruncated per-word count that the passage split needs), padding waste of the length-sorted
batches, the BLAS library numpy uses (its kernel and threads, from threadpoolctl), the numpy pass
timed step by step (matrix products, attention, softmax, GELU, layer norms) on one thread, and
onnxruntime's own per-operator profile of the same batches.

``check`` encodes every passage with both runtimes and prints the largest absolute difference of
any coordinate (the target: at most 1e-5).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from recallbench.adapters.retrieval.dense import passage_documents
from recallbench.adapters.retrieval.minilm import BATCH_TOKENS, _batches, load_encoder
from recallbench.family import open_dataset
from recallbench.harness.retrieval_eval import corpus_documents

ROOT = Path(__file__).resolve().parents[1]


def _passages(args: argparse.Namespace, encoder: Any) -> list[str]:
    dataset = open_dataset(ROOT / "personas", args.arcs).load(args.persona)
    texts = [p.text for p, _ in passage_documents(corpus_documents(dataset), encoder)]
    return texts[: args.limit] if args.limit else texts


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def rate(args: argparse.Namespace) -> None:
    encoder = load_encoder()
    texts = _passages(args, encoder)
    pieces = sum(encoder.word_pieces(texts))
    rates = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        encoder.encode_uncached(texts)
        rates.append(len(texts) / (time.perf_counter() - start))
    print(
        f"{args.persona} {args.arcs}: {len(texts)} passages, {pieces:,} word pieces; "
        f"runtime {getattr(encoder, 'runtime', 'numpy')}: best {max(rates):.1f} passages/s "
        f"({max(rates) * pieces / len(texts):,.0f} word pieces/s), median "
        f"{statistics.median(rates):.1f} passages/s over {args.repeat}; {_load()}"
    )


def _padded(encoder: Any, ids: list[list[int]]) -> list[tuple[Any, Any]]:
    lengths = np.array([len(i) for i in ids], dtype=np.int64)
    out = []
    for batch in _batches(lengths, BATCH_TOKENS):
        width = int(lengths[batch].max())
        tokens = np.zeros((len(batch), width), dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.bool_)
        for row, i in enumerate(batch):
            tokens[row, : lengths[i]] = ids[i]
            mask[row, : lengths[i]] = True
        out.append((tokens, mask))
    return out


def _numpy_steps(weights: Any, batches: list[tuple[Any, Any]]) -> dict[str, float]:
    """The numpy pass of bert.forward, step by step, timed (one thread)."""
    from recallbench.adapters.retrieval import bert

    spent: dict[str, float] = defaultdict(float)
    clock = [time.perf_counter()]

    def tick(step: str) -> None:
        now = time.perf_counter()
        spent[step] += now - clock[0]
        clock[0] = now

    config = weights.config
    hidden, heads, eps = config.hidden_size, config.num_heads, config.layer_norm_eps
    width = hidden // heads
    scale = np.float32(1.0 / np.sqrt(width))
    for ids, mask in batches:
        clock[0] = time.perf_counter()
        batch, length = ids.shape
        x = weights.word[ids] + weights.position[:length] + weights.token_type
        x = bert.layer_norm(x, weights.embed_norm, eps).reshape(batch * length, hidden)
        key_bias = np.where(mask, np.float32(0.0), np.finfo(np.float32).min)[:, None, None, :]
        tick("embeddings + layer norm")
        for layer in weights.layers:
            qkv = x @ layer.qkv + layer.qkv_bias
            tick("matmul: query/key/value")
            q, k, v = qkv.reshape(batch, length, 3, heads, width).transpose(2, 0, 3, 1, 4)
            scores = (q * scale) @ k.transpose(0, 1, 3, 2) + key_bias.astype(np.float32)
            tick("attention: QK^T")
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            tick("attention: softmax")
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * length, hidden)
            tick("attention: weights x V")
            y = context @ layer.attn_out + layer.attn_out_bias + x
            tick("matmul: attention output")
            x = bert.layer_norm(y, layer.attn_norm, eps)
            tick("layer norms")
            h = x @ layer.ffn_in + layer.ffn_in_bias
            tick("matmul: feed-forward in")
            h = bert.gelu(h)
            tick("GELU (erf)")
            y = h @ layer.ffn_out + layer.ffn_out_bias + x
            tick("matmul: feed-forward out")
            x = bert.layer_norm(y, layer.ffn_norm, eps)
            tick("layer norms")
        bert.pool(x.reshape(batch, length, hidden), mask)
        tick("pooling")
    return spent


def _onnx_steps(weights: Any, batches: list[tuple[Any, Any]]) -> dict[str, float]:
    """onnxruntime's own profile of the same batches (one thread), summed by operator type."""
    from recallbench.adapters.retrieval.bert_onnx import new_session

    with tempfile.TemporaryDirectory() as folder:
        session = new_session(weights, profile_prefix=str(Path(folder) / "ort"))
        position = (weights.position + weights.token_type).astype(np.float32)
        spent: dict[str, float] = defaultdict(float)
        for ids, mask in batches:
            start = time.perf_counter()
            embedded = weights.word[ids] + position[: ids.shape[1]]
            spent["embedding lookup (numpy)"] += time.perf_counter() - start
            session.run(["states"], {"embedded": embedded, "mask": mask.astype(np.int32)})
        events = json.loads(Path(session.end_profiling()).read_text())
    for event in events:
        if event.get("cat") == "Node" and event["name"].endswith("_kernel_time"):
            spent[event["args"]["op_name"]] += event["dur"] / 1e6
    return spent


def _table(title: str, spent: dict[str, float], passages: int) -> None:
    total = sum(spent.values())
    print(f"\n{title}: {total:.2f} s, {passages / total:.1f} passages/s on one thread")
    for step, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"  {step:<30} {seconds:7.2f} s  {100 * seconds / total:5.1f}%")


def profile(args: argparse.Namespace) -> None:
    from threadpoolctl import threadpool_info

    encoder = load_encoder()
    texts = _passages(args, encoder)
    tokenizer = encoder._tokenizer
    start = time.perf_counter()
    ids = [e.ids for e in tokenizer.encode_batch(texts)]
    tokenize = time.perf_counter() - start
    start = time.perf_counter()
    encoder.word_counts(texts)
    counting = time.perf_counter() - start
    batches = _padded(encoder, ids)
    real = sum(len(i) for i in ids)
    padded = sum(t.size for t, _ in batches)
    print(
        f"{args.persona} {args.arcs}: {len(texts)} passages, {real:,} word pieces "
        f"(median {int(np.median([len(i) for i in ids]))} a passage); {_load()}"
    )
    print(
        f"tokenisation: {tokenize:.2f} s for the model's ids, {counting:.2f} s for the per-word "
        f"counts the passage split reads"
    )
    print(
        f"batches: {len(batches)} of at most {BATCH_TOKENS} padded tokens, {padded:,} padded "
        f"tokens, {100 * (padded - real) / padded:.1f}% padding"
    )
    for info in threadpool_info():
        print(
            f"{info['internal_api']} {info.get('version')}: kernel {info.get('architecture')}, "
            f"{info['num_threads']} thread(s) (the encoder sets BLAS to 1 and runs its own threads)"
        )
    _table("numpy pass, by step", _numpy_steps(encoder.weights, batches), len(texts))
    try:
        onnx = _onnx_steps(encoder.weights, batches)
    except ImportError:
        print("\nonnxruntime is not installed: no onnxruntime profile")
    else:
        _table("onnxruntime, by operator", onnx, len(texts))


def check(args: argparse.Namespace) -> None:
    numpy_encoder = load_encoder(runtime="numpy")
    onnx_encoder = load_encoder(runtime="onnxruntime")
    texts = _passages(args, numpy_encoder)
    a = numpy_encoder.encode_uncached(texts)
    b = onnx_encoder.encode_uncached(texts)
    cosine = np.sum(a * b, axis=1)
    print(
        f"{len(texts)} passages: largest |numpy - onnxruntime| over every coordinate "
        f"{float(np.abs(a - b).max()):.2e}; lowest cosine between the two {float(cosine.min()):.8f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("mode", choices=("rate", "profile", "check"))
    parser.add_argument("--persona", default="executive-assistant")
    parser.add_argument("--arcs", default="arcs-180d.yaml")
    parser.add_argument("--limit", type=int, default=0, help="the first N passages only")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    {"rate": rate, "profile": profile, "check": check}[args.mode](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
