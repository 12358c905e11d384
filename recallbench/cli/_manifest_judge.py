"""``run``'s judge of a MemoryBench manifest run: each benchmark's own evaluation protocol when no
``--judge`` is named, with ``--judge-model`` the model of its ``llm-as-judge`` benchmarks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import ConfigError

__all__ = ["run_judge"]


def run_judge(data: Path, judge: Any, model_spec: str | None, timeout: float) -> Any:
    """``judge`` (what ``--judge`` loaded, or None), or for manifest data without one the
    manifests' protocols (:func:`~recallbench.judges.manifest_judge.manifest_judge`).

    Raises:
        ConfigError: ``--judge-model`` without manifest data or beside ``--judge``; an
            ``llm-as-judge`` benchmark without ``--judge-model``.
    """
    from ..data.importers import is_manifest_data

    manifests = is_manifest_data(data)
    if model_spec and not manifests:
        raise ConfigError(
            f"--judge-model: {data} holds no MemoryBench manifest; the model of an LLM judge is "
            "named by --judge itself (--judge openai:MODEL)"
        )
    if judge is not None:
        if model_spec:
            raise ConfigError(
                "--judge-model names the model of the manifests' llm-as-judge protocol, but --judge "
                "scores every benchmark instead: pass one or the other"
            )
        return judge
    if not manifests:
        return None
    from ..data.importers.memorybench import ManifestDataset
    from ..judges.manifest_judge import manifest_judge

    model = None
    if model_spec:
        from ..models.factory import load_model

        model = load_model(model_spec, timeout=timeout)
    return manifest_judge(ManifestDataset(data), model, model_name=model_spec)
