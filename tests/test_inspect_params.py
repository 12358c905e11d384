"""The inspect task's parameters, as ``-T NAME=VALUE`` gives them: each mistake is one line naming the
parameter; a string where names are expected is one name (or several, comma-separated), never a
string of letters. Pure: these run without inspect installed."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from recallbench.data.ranges import parse_ranges
from recallbench.errors import ConfigError
from recallbench.inspect.params import TaskInputError, names_of, task_params

NAME = st.text(
    alphabet=st.characters(whitelist_categories=("Ll", "Nd"), whitelist_characters="-_"),
    min_size=1,
    max_size=20,
).filter(lambda s: s.strip() == s)


def test_a_string_of_names_is_one_name_or_several_never_its_letters() -> None:
    assert names_of("personas", "executive-assistant") == ("executive-assistant",)
    assert names_of("personas", "a,b") == ("a", "b")
    assert names_of("personas", ["a", "b", "a"]) == ("a", "b")
    assert names_of("personas", None) is None
    assert names_of("personas", "") is None


@given(st.lists(NAME, min_size=1, max_size=5, unique=True))
def test_names_written_with_commas_or_as_a_list_read_back_the_same(names: list[str]) -> None:
    assert names_of("personas", ",".join(names)) == tuple(names)
    assert names_of("personas", names) == tuple(names)


@pytest.mark.parametrize("value", [5, ["a", 3], [""], {"a": 1}, True])
def test_names_of_another_type_are_refused_in_one_line_naming_the_parameter(value: object) -> None:
    with pytest.raises(TaskInputError) as caught:
        names_of("personas", value)
    message = str(caught.value)
    assert message.startswith("recallbench/recall_bench: -T personas takes names")
    assert "\n" not in message
    assert isinstance(caught.value, ConfigError)


def test_the_parameters_as_the_issue_writes_them() -> None:
    params = task_params(
        data="../shared/upstream/personas",
        personas="executive-assistant",
        arcs="arcs-180d.yaml",
        ranges="30d",
        adapter="builtin:bm25",
        judge="rubric",
    )
    assert params.personas == ("executive-assistant",)
    assert params.ranges == parse_ranges("30d")
    assert (params.adapter, params.judge, params.arcs) == (
        "builtin:bm25",
        "rubric",
        "arcs-180d.yaml",
    )
    assert (params.lifecycle, params.solver) == ("fresh", "system")
    assert (params.selection.sample, params.selection.seed) == (None, 42)


def test_defaults_and_yaml_typed_values() -> None:
    params = task_params(ranges=["30d", 90], sample="5", seed=0, lifecycle="Incremental")
    assert [r.label for r in params.ranges] == ["30d", "90d"]
    assert (params.selection.sample, params.selection.seed) == (5, 0)
    assert params.lifecycle == "incremental"
    assert params.adapter == "builtin:bm25"
    assert params.judge is None
    assert task_params(sample="none").selection.sample is None


@pytest.mark.parametrize(
    ("kwargs", "start"),
    [
        ({"lifecycle": "snapshot"}, "-T lifecycle takes fresh | incremental"),
        ({"lifecycle": "weekly"}, "-T lifecycle takes fresh | incremental | snapshot"),
        ({"solver": "oracle"}, "-T solver takes system | model | agent"),
        ({"ranges": "30x"}, "-T ranges: "),
        ({"ranges": [True]}, "-T ranges takes checkpoints"),
        ({"sample": "many"}, "-T sample takes a whole number"),
        ({"seed": 1.5}, "-T seed takes a whole number"),
        ({"adapter": ["a"]}, "-T adapter takes a string"),
    ],
)
def test_each_mistake_is_one_line_naming_its_parameter(
    kwargs: dict[str, object], start: str
) -> None:
    with pytest.raises(TaskInputError) as caught:
        task_params(**kwargs)  # type: ignore[arg-type]
    message = str(caught.value)
    assert message.startswith(f"recallbench/recall_bench: {start}"), message
    assert "\n" not in message


def test_the_parameters_are_checked_without_inspect() -> None:
    """A subprocess in which inspect_ai cannot be imported checks them all the same."""
    code = (
        "import sys; sys.modules['inspect_ai'] = None; "
        "from recallbench.inspect.params import TaskInputError, task_params\n"
        "try:\n    task_params(solver='x')\nexcept TaskInputError as e:\n    print(e)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("recallbench/recall_bench: -T solver takes")
