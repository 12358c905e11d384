"""Generate the committed gRPC stubs in ``recallbench/_proto`` from ``proto/memory_bench_service.proto``.

Usage::

    python scripts/gen_proto.py            # regenerate in place
    python scripts/gen_proto.py --check    # regenerate into a temporary directory; exit 1 on any diff

``nox -s proto`` runs the check with the pinned generators installed. The generators are pinned
because their output depends on their version (``GRPC_GENERATED_VERSION``, the protobuf runtime
check): the check refuses to compare output from other versions.

The ``.proto`` keeps the reference's path (``proto/memory_bench_service.proto``); protoc sees it
under the virtual path ``recallbench/_proto/`` (``-Irecallbench/_proto=proto``), so the generated
``_pb2_grpc`` module imports its messages as ``from recallbench._proto import ..._pb2`` — a package
import — rather than as a bare top-level module.
"""

from __future__ import annotations

import argparse
import difflib
import shutil
import sys
import tempfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO_DIR = ROOT / "proto"
PROTO_NAME = "memory_bench_service.proto"
PACKAGE_PATH = "recallbench/_proto"
"""Where the generated modules live, relative to the repository root (and their import path)."""

GENERATORS = {"grpcio-tools": "1.85.1", "mypy-protobuf": "5.1.0"}
"""The generator versions the committed stubs were made with (also pinned in the ``dev`` extra)."""

GENERATED = (
    "memory_bench_service_pb2.py",
    "memory_bench_service_pb2.pyi",
    "memory_bench_service_pb2_grpc.py",
    "memory_bench_service_pb2_grpc.pyi",
)
"""The files protoc writes; ``__init__.py`` beside them is hand-written."""


def version_problems() -> list[str]:
    """Generators that are missing or not at the pinned version."""
    problems = []
    for dist, wanted in GENERATORS.items():
        try:
            found = metadata.version(dist)
        except metadata.PackageNotFoundError:
            problems.append(f"{dist} is not installed (need {dist}=={wanted})")
            continue
        if found != wanted:
            problems.append(f"{dist} {found} is installed; the stubs are generated with {wanted}")
    return problems


def _plugin(name: str) -> str:
    """The path of a protoc plugin script: beside this interpreter first (a venv), else on PATH."""
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"gen_proto: {name} not found (install mypy-protobuf)")
    return found


def generate(out_root: Path) -> Path:
    """Run protoc into ``out_root``; returns the directory holding the generated modules."""
    from grpc_tools import protoc

    args = [
        "grpc_tools.protoc",
        f"-I{PACKAGE_PATH}={PROTO_DIR}",
        f"--python_out={out_root}",
        f"--grpc_python_out={out_root}",
        f"--mypy_out={out_root}",
        f"--mypy_grpc_out={out_root}",
        f"--plugin=protoc-gen-mypy={_plugin('protoc-gen-mypy')}",
        f"--plugin=protoc-gen-mypy_grpc={_plugin('protoc-gen-mypy_grpc')}",
        f"{PACKAGE_PATH}/{PROTO_NAME}",
    ]
    code = protoc.main(args)
    if code != 0:
        raise SystemExit(f"gen_proto: protoc failed with exit code {code}")
    return out_root / PACKAGE_PATH


def diff(generated: Path, committed: Path) -> list[str]:
    """Unified diffs (one string per differing file) between fresh and committed stubs."""
    out = []
    for name in GENERATED:
        new, old = generated / name, committed / name
        new_text = new.read_text(encoding="utf-8") if new.exists() else ""
        old_text = old.read_text(encoding="utf-8") if old.exists() else ""
        if new_text != old_text:
            lines = difflib.unified_diff(
                old_text.splitlines(keepends=True),
                new_text.splitlines(keepends=True),
                fromfile=f"{PACKAGE_PATH}/{name} (committed)",
                tofile=f"{PACKAGE_PATH}/{name} (regenerated)",
            )
            out.append("".join(lines) or f"{name}: differs\n")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="compare freshly generated stubs with the committed ones; exit 1 on any diff",
    )
    args = parser.parse_args(argv)
    problems = version_problems()
    if problems:
        for problem in problems:
            print(f"gen_proto: {problem}", file=sys.stderr)
        return 2
    committed = ROOT / PACKAGE_PATH
    with tempfile.TemporaryDirectory(prefix="recallbench-proto-") as tmp:
        fresh = generate(Path(tmp))
        if args.check:
            diffs = diff(fresh, committed)
            for text in diffs:
                sys.stdout.write(text)
            if diffs:
                print(
                    f"gen_proto: {len(diffs)} generated file(s) differ from {PROTO_DIR.name}/"
                    f"{PROTO_NAME}; run `python scripts/gen_proto.py` and commit the result",
                    file=sys.stderr,
                )
                return 1
            print(f"gen_proto: {PACKAGE_PATH} is up to date with proto/{PROTO_NAME}")
            return 0
        committed.mkdir(parents=True, exist_ok=True)
        for name in GENERATED:
            shutil.copyfile(fresh / name, committed / name)
            print(f"gen_proto: wrote {PACKAGE_PATH}/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
