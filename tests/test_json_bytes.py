"""The one JSON encoder (orjson, in C) writes the standard library's bytes, whatever the data."""

from __future__ import annotations

import json
import math
from typing import Any

from _examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench._convert import json_bytes

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.floats(min_value=-1e-3, max_value=1e-3)
    | st.text()
    | st.sampled_from(["0.00001", "1e-7", "null", "\x7f\u2028", "\ud800", "é—"])
)
json_data = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=6) | st.integers(-5, 5), children, max_size=4)
    ),
    max_leaves=20,
)


def stdlib(data: Any, pretty: bool) -> bytes:
    if pretty:
        text = json.dumps(data, indent=2, ensure_ascii=False)
    else:
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


@settings(max_examples=examples(400))
@given(json_data, st.booleans())
def test_the_bytes_are_the_standard_librarys(data: Any, pretty: bool) -> None:
    assert json_bytes(data, pretty=pretty) == stdlib(data, pretty)


def test_the_cases_where_orjson_alone_would_differ() -> None:
    for value in (1e-05, 1.5e-07, 9.99e-05, math.nan, -math.inf, 2**65, "\ud800"):
        assert json_bytes([value], pretty=True) == stdlib([value], True)
    nested = {"a": [], "b": {}, "c": [1, {"d": []}], 1: 2.5, "e": "x\ny\t\x00—"}
    assert json_bytes(nested, pretty=True) == stdlib(nested, True)
    assert json_bytes(nested) == stdlib(nested, False)
