"""How many examples a property test with a count of its own draws.

Under the ``ci`` profile (``RECALLBENCH_HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``) the count the test
names; in the quick default a developer runs, a quarter of it (at least 25), as the default profile
does for tests that name no count (tests/conftest.py).
"""

from __future__ import annotations

import os

FULL = os.environ.get("RECALLBENCH_HYPOTHESIS_PROFILE") == "ci"


def examples(count: int) -> int:
    """``count`` under the ``ci`` profile; a quarter of it, at least 25, otherwise."""
    return count if FULL else max(25, count // 4)
