"""A run's fingerprint gathered from what the harness was given: the datasets it loaded, its
configuration, its adapter, judges and executor (the hashing and the layout are
:mod:`recallbench.results.fingerprint`'s).

What is deliberately left out: every path (data directory, arcs file location, adapter file
location, judge cache), every address (a gRPC URL's host and port, a model selector's endpoint,
config keys ending in url, endpoint, host, address or port), credentials (config keys that look like
keys, tokens, passwords or certificate files), timings, timeouts and parallelism. The address is not the system: a gRPC adapter is fingerprinted by its config and the
name it reports, so the same system served from another host fingerprints the same.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import platform
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .._convert import to_json
from .._importing import code_identity, file_digest, parse_object_spec
from .._version import __version__
from ..data.corpus import PersonaDataset
from ..data.importers._native import ImportedDataset
from ..data.ranges import TimeRange
from ..errors import ConfigError
from ..family.base import Benchmark
from ..judges.describe import describe_judge, without_endpoint
from ..results.fingerprint import DIGEST_CHARS, make_fingerprint, persona_digests
from .config import RunConfig

if TYPE_CHECKING:
    from .engine import Harness
    from .units import RunState

__all__ = [
    "dataset_digests",
    "describe_adapter",
    "describe_executor",
    "fingerprint_change",
    "harness_fingerprint",
    "run_fingerprint",
]

_SECRET_KEY = re.compile(r"(?i)(api_?key|token|secret|password|credential|ca_?file|cert)")
"""Config keys whose values never reach a fingerprint, not even hashed."""

_ADDRESS_KEY = re.compile(r"(?i)(url|endpoint|host|address|port)$")
"""Config keys naming where a system is reached, left out: the address is not the system."""


def _kept(value: Any) -> Any:
    """A config value without addresses: a model selector's endpoint is dropped."""
    if isinstance(value, str):
        return without_endpoint(value)
    if isinstance(value, Mapping):
        return {str(k): _kept(v) for k, v in value.items() if not _left_out(str(k))}
    if isinstance(value, list | tuple):
        return [_kept(v) for v in value]
    return value


def _left_out(key: str) -> bool:
    return bool(_SECRET_KEY.search(key) or _ADDRESS_KEY.search(key))


def _digest_of(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def _config_digest(config: Mapping[str, Any] | None) -> str | None:
    if not config:
        return None
    return _digest_of(_kept(config))


def _spec_part(spec: str, base_dir: Path | None) -> dict[str, Any]:
    """How an adapter was named, without addresses or paths: ``builtin:bm25`` and ``pkg.mod:attr``
    as given; a gRPC URL as its scheme; a Python file as its name and a hash of its content."""
    scheme = re.match(r"(?i)(grpcs?)://", spec)
    if scheme:
        return {"spec": scheme.group(1).lower()}
    if spec.startswith("builtin:"):
        return {"spec": spec}
    try:
        parsed = parse_object_spec(spec)
    except ConfigError:
        return {"spec": spec}
    if not parsed.is_file:
        return {"spec": spec}
    path = Path(parsed.target).expanduser()
    if not path.is_absolute():
        path = (base_dir or Path.cwd()) / path
    attr = f":{parsed.attr}" if parsed.attr else ""
    return {"spec": f"{path.name}{attr}", "source": file_digest(path)}


_IMPORTED_NAME = re.compile(r"[a-z][a-z0-9-]*-v\d+-[0-9a-f]{24}")
"""The cache directory an imported file converts into (``data.importers._native.cached_import``):
``<kind>[-<variant>]-v<importer version>-<24 hex of the file's SHA-256>``."""


def dataset_digests(
    dataset: object, personas: Sequence[PersonaDataset], benchmark: Benchmark | None = None
) -> dict[str, dict[str, str]]:
    """The ``datasets`` part: each persona's content hashes
    (:func:`~recallbench.results.fingerprint.persona_digests`); for data converted from a
    published file (``--data NAME:FILE``), also its ``source``: the importer, its variant and
    version, and the first 24 hex of the file's SHA-256 — the downloaded file, besides what the
    conversion made of it; and the parts its benchmark family adds
    (:meth:`~recallbench.family.base.Benchmark.fingerprint`)."""
    source = None
    if isinstance(dataset, ImportedDataset) and _IMPORTED_NAME.fullmatch(dataset.data_dir.name):
        source = dataset.data_dir.name
    extra = dict(benchmark.fingerprint(cast(Any, dataset))) if benchmark is not None else {}
    out: dict[str, dict[str, str]] = {}
    for ds in personas:
        digests = persona_digests(ds)
        if source is not None:
            digests["source"] = source
        digests.update(extra)
        out[ds.id] = digests
    return out


def describe_adapter(factory: object, name: str) -> dict[str, Any]:
    """The adapter part: its name (as the run records it), how it was named and a hash of its
    config (an :class:`~recallbench.harness.loading.AdapterSpec`), else a hash of its
    ``describe()`` when it has one, else where its class or factory function comes from (and a hash
    of a ``config`` mapping attribute).

    Args:
        factory: what the harness was given: a spec, an adapter, its class or a factory.
        name: the adapter's name as the run records it."""
    from .loading import AdapterSpec

    out: dict[str, Any] = {"name": name}
    if isinstance(factory, AdapterSpec):
        out.update(_spec_part(factory.spec, factory.base_dir))
        if factory.factory:
            out["factory"] = factory.factory
        digest = _config_digest(factory.config)
        if digest is not None:
            out["config"] = digest
        return out
    own = getattr(factory, "describe", None)
    if callable(own):
        described = own()
        if isinstance(described, Mapping):
            out["described"] = _digest_of(dict(described))
            return out
    plain = isinstance(factory, type) or inspect.isfunction(factory) or inspect.ismethod(factory)
    out.update(code_identity(factory if plain else type(factory)))
    config = getattr(factory, "config", None)
    if isinstance(config, Mapping):
        digest = _config_digest(config)
        if digest is not None:
            out["config"] = digest
    return out


def describe_executor(executor: object) -> str:
    """``local``, ``ray``, or the executor's class name (never its cluster address)."""
    name = type(executor).__name__
    known = {"LocalExecutor": "local", "RayExecutor": "ray"}
    return known.get(name, f"{type(executor).__module__}.{type(executor).__qualname__}")


def _repeats(config: RunConfig) -> dict[str, int] | None:
    """``{"epochs": N}`` when a run asks every question N > 1 times (``--epochs``); None for one.
    ``--judge-epochs`` is not here: a judge judging N times is a panel, whose description in the
    ``judges`` part carries its epochs."""
    epochs = config.epochs
    return {"epochs": epochs} if epochs > 1 else None


def run_fingerprint(
    *,
    datasets: Mapping[str, Mapping[str, str]],
    config: RunConfig,
    ranges: Sequence[TimeRange],
    adapter: Mapping[str, Any],
    judge: object,
    appellate: object | None,
    executor: object,
) -> dict[str, Any]:
    """A run's fingerprint.

    Args:
        datasets: persona id → :func:`~recallbench.results.fingerprint.persona_digests`, in the
            order the run asks them.
        config: the run's configuration.
        ranges: the checkpoints asked.
        adapter: :func:`describe_adapter`'s part.
        judge, appellate: the judges (described by :func:`~recallbench.judges.describe.describe_judge`).
        executor: who ran the units.
    """
    sel = config.selection
    selection: dict[str, Any] = {
        "personas": list(datasets),
        "ranges": [to_json(r) for r in ranges],
        "sample": sel.sample,
        "seed": sel.seed,
        "groupsEnabled": sel.groups_enabled,
        "respectIrrelevantAfter": sel.respect_irrelevant_after,
        **({"repeatCheckpoints": True} if sel.repeat_checkpoints else {}),
    }
    if config.dry_run:
        selection["dryRun"] = True
    judges: dict[str, Any] = {"primary": describe_judge(judge)}
    if appellate is not None:
        judges["appellate"] = describe_judge(appellate)
    judges["memoryWindow"] = config.judge_memory_window
    return make_fingerprint(
        {
            "datasets": dict(datasets),
            "selection": selection,
            "adapter": dict(adapter),
            "judges": judges,
            "lifecycle": config.lifecycle,
            "executor": describe_executor(executor),
            "repeats": _repeats(config),
            "versions": {"recallbench": __version__, "python": platform.python_version()},
        }
    )


def fingerprint_change(header: Mapping[str, Any] | None, digest: str) -> str | None:
    """What to warn when a resumed run's earlier attempt logged (in its progress header) another
    fingerprint digest than this attempt's: its answers were asked or scored over other datasets,
    selection or judges, and the run's numbers mix both; None when they agree or the earlier
    attempt logged none (a run made before fingerprints)."""
    before = header.get("fingerprint") if header is not None else None
    if not isinstance(before, str) or before == digest:
        return None
    return (
        f"resumed a run whose fingerprint was {before}, with fingerprint {digest}: the datasets, "
        "selection or judges differ, and its numbers mix both attempts"
    )


def harness_fingerprint(harness: Harness, state: RunState) -> dict[str, Any]:
    """The fingerprint of the run ``harness`` is making (:func:`run_fingerprint` of what it was
    given: its datasets' digests, taken when they were loaded, its config, the checkpoints asked,
    the adapter as given, its judges and executor — a dry run's is local)."""
    from .executor import LocalExecutor

    config = harness.config
    return run_fingerprint(
        datasets=getattr(harness, "_dataset_digests", {}),
        config=config,
        ranges=state.ranges or config.ranges,
        adapter=describe_adapter(getattr(harness, "_adapter_given", None), state.adapter_name),
        judge=harness.judge,
        appellate=harness.appellate,
        executor=LocalExecutor() if config.dry_run else harness.executor,
    )
