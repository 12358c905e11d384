"""The timestamps the logs carry: ISO-8601 UTC with milliseconds and Z, the clock's own time."""

from __future__ import annotations

import datetime as dt
import re

from recallbench.harness.runlog import iso_now

STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


def test_a_stamp_is_now_to_the_millisecond() -> None:
    for _ in range(2000):  # across a second's turn too, most likely
        before = dt.datetime.now(dt.UTC)
        stamp = iso_now()
        after = dt.datetime.now(dt.UTC)
        assert STAMP.fullmatch(stamp), stamp
        when = dt.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=dt.UTC)
        assert before - dt.timedelta(milliseconds=1) <= when <= after
