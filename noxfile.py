"""Developer sessions: ``nox -s tests lint typecheck proto docs``."""

from __future__ import annotations

import os
from pathlib import Path

import nox

nox.options.sessions = ["tests", "lint", "typecheck", "proto"]
nox.options.reuse_existing_virtualenvs = True

REFERENCE = Path(__file__).resolve().parent.parent / "shared" / "upstream"


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite, with the reference data when it sits beside the checkout."""
    session.install("-e", ".[dev]")
    env = {}
    if "RECALLBENCH_REFERENCE_DATA" not in os.environ and (REFERENCE / "personas").is_dir():
        env["RECALLBENCH_REFERENCE_DATA"] = str(REFERENCE)
    session.run("python", "-m", "pytest", "-n", "2", *session.posargs, env=env)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff lint and format check; the layer contracts (import-linter, docs/architecture.md)."""
    session.install("-e", ".", "ruff", "import-linter>=2.1")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("lint-imports")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict on the package."""
    session.install("-e", ".[dev]")
    session.run("mypy")


@nox.session
def docs(session: nox.Session) -> None:
    """The documentation site into site/: ``mkdocs build --strict`` (a broken link, a missing
    reference or any warning fails it)."""
    session.install("-e", ".[docs]")
    session.run("mkdocs", "build", "--strict", env={"NO_MKDOCS_2_WARNING": "1"})


@nox.session
def proto(session: nox.Session) -> None:
    """Regenerate the gRPC stubs from proto/ and fail on any diff with the committed ones.

    ``nox -s proto -- --write`` regenerates them in place instead (then commit the result).
    """
    # The generators' output depends on their versions: the same pins as the dev extra.
    session.install("grpcio-tools==1.85.1", "mypy-protobuf==5.1.0")
    write = "--write" in session.posargs
    session.run("python", "scripts/gen_proto.py", *([] if write else ["--check"]))
