"""Shared fixtures: the reference data (optional) and a tiny persona factory."""

from __future__ import annotations

import inspect
import os
import signal
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import anyio
import pytest
from hypothesis import HealthCheck, settings

from recallbench.testing import write_persona

# These machines are shared and noisy (CI has two cores): time is not what property tests check.
# No per-example deadline, and no "too slow" health check; every other health check stays on.
# The default is the quick profile: 25 examples a property (a quarter of hypothesis' 100; tests that
# name a count of their own take a quarter of it through tests/_examples.py).
settings.register_profile(
    "recallbench",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=25,
)
# CI (.ci/run) draws every example a test asks for (hypothesis' 100 where it names no count), and the
# same ones on every run, so that a clean clone that passes here passes there; developers' runs keep
# drawing fresh ones (and found the bugs CI once tripped over).
settings.register_profile(
    "ci", parent=settings.get_profile("recallbench"), max_examples=100, derandomize=True
)
settings.load_profile(os.environ.get("RECALLBENCH_HYPOTHESIS_PROFILE", "recallbench"))

# A suite started in the background by a shell (`cmd &` without job control, `nohup`) inherits Ctrl-C
# ignored, and so would every command the tests start: tests that send SIGINT would see it ignored.
# They test recallbench, not how the suite was launched (one test ignores it on purpose).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep ``--dist loadgroup`` (pyproject.toml) grouping by ``xdist_group`` under pytest 9.2.

    xdist tells its scheduler a test's group by suffixing the test's id with ``@group`` on the worker;
    pytest 9.2 keeps ids as a structured ``_id`` and xdist 3.8 still writes the old ``_nodeid``, so the
    suffix is lost and every group is spread over the workers, silently (pytest-dev/pytest-xdist#1386,
    fix proposed in #1388). Here the suffix is set where pytest 9.2 reads it, on the workers only; a
    test whose id already ends with it (an xdist that works) is left alone.
    """
    if not os.environ.get("PYTEST_XDIST_WORKER") or not config.getvalue("loadgroup"):
        return
    for item in items:
        groups = {
            str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
            for mark in item.iter_markers("xdist_group")
        }
        suffix = "@" + "_".join(sorted(groups))
        structured = getattr(item, "_id", None)
        if groups and structured is not None and not item.nodeid.endswith(suffix):
            item._id = type(structured).parse(item.nodeid + suffix)


@pytest.fixture(autouse=True)
def _sync_tests_run_outside_the_module_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """A synchronous test may start its own event loop (``anyio.run``, the CLI's ``main``), even in a
    module whose event loop a module-scoped async fixture keeps open (``one_grpc_event_loop``).

    While that loop is kept, anyio's pytest plugin names asyncio as the running library in sniffio's
    context variable, and ``anyio.run`` then refuses with "Already running asyncio in this thread"
    although no loop runs. sniffio is installed only by some extras (the inspect one), so this failed
    on CI and nowhere else. A synchronous test runs with that variable unset.
    """
    if inspect.iscoroutinefunction(getattr(request, "function", None)):
        yield
        return
    try:
        import sniffio
    except ImportError:
        yield
        return
    token = sniffio.current_async_library_cvar.set(None)
    try:
        yield
    finally:
        sniffio.current_async_library_cvar.reset(token)


@pytest.fixture(scope="session")
def reference_data() -> Path:
    """The original project's data (``personas/``, ``bench-results/``), named by
    RECALLBENCH_REFERENCE_DATA; tests using it skip cleanly when it is unset."""
    value = os.environ.get("RECALLBENCH_REFERENCE_DATA")
    if not value:
        pytest.skip("RECALLBENCH_REFERENCE_DATA is not set (reference data not available)")
    path = Path(value)
    if not (path / "personas").is_dir():
        pytest.skip(f"RECALLBENCH_REFERENCE_DATA={value} has no personas/ directory")
    return path


@pytest.fixture(autouse=True)
def _runs_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every run keeps its artifacts (``runs/<adapter>-<timestamp>/`` by default): in the tests they
    go to a temporary folder, never into the checkout. A test of the default unsets it."""
    monkeypatch.setenv("RECALLBENCH_RUNS_DIR", str(tmp_path_factory.mktemp("runs")))
    # Nor does the dataset YAML parse cache write into the user's cache (tests/test_yaml_cache.py
    # turns it on in a temporary folder).
    monkeypatch.setenv("RECALLBENCH_YAML_CACHE", "off")


@pytest.fixture
def tiny_data(tmp_path: Path) -> Path:
    """A data directory holding one valid 30-day persona ``tiny`` (arcs file ``arcs-30d.yaml``)."""
    root = tmp_path / "personas"
    write_persona(root)
    return root


@pytest.fixture(scope="module")
async def one_grpc_event_loop() -> AsyncIterator[None]:
    """Every test of a gRPC module on one event loop, which this fixture keeps open (use it with a
    module-scoped ``anyio_backend``).

    grpc.aio delivers some completions (of a server's shutdown, a channel's close) a moment after
    the awaited call returned. With a loop per test they can arrive once that loop is closed, and
    grpc then raises "Event loop is closed" inside whichever test runs next.
    """
    yield
    await anyio.sleep(0.2)  # let the last completions land before the loop closes
