"""``result.json`` written in pieces is the whole result's data, in its layout: the document
two-space indented, an answer a compact line."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import attrs
import pytest
from _result_layout import result_layout
from hypothesis import given, settings
from hypothesis import strategies as st

import recallbench as rb
from recallbench._convert import json_bytes, to_json
from recallbench.harness.result_file import _compact_each, result_json_pieces, write_result_file
from recallbench.testing import ScriptedAdapter, ScriptedJudge, containment_judge, write_persona


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_the_pieces_are_the_whole_document(tmp_path: Path) -> None:
    for pid in ("tiny", "other — ünïcode"):
        write_persona(tmp_path, pid.split()[0], extra_pairs=[])
    answers = {0: "I don't know.", 1: "It was on day 3, I think — “quoted”."}
    result = await rb.run(
        lambda: ScriptedAdapter(answer=lambda q, a: answers[len(q) % 2]),
        tmp_path,
        judge=ScriptedJudge(containment_judge),
        config=rb.RunConfig(arcs_file="arcs-30d.yaml", ranges="1d,10d,20d,30d"),
    )
    # A checkpoint with no question results too (one whose questions all went unscored).
    first = result.personas[0]
    emptied = attrs.evolve(first.range_results[1], question_results=())
    result = attrs.evolve(
        result,
        personas=(
            attrs.evolve(
                first, range_results=(first.range_results[0], emptied, *first.range_results[2:])
            ),
            *result.personas[1:],
        ),
    )
    sizes = [len(r.question_results) for p in result.personas for r in p.range_results]
    assert len(sizes) == 8 and 0 in sizes and max(sizes) > 5

    whole = json.loads(json_bytes(to_json(result), pretty=True))
    written = b"".join(result_json_pieces(result))
    assert json.loads(written) == whole
    assert written.decode() == result_layout(whole)
    write_result_file(tmp_path / "result.json", result)
    assert (tmp_path / "result.json").read_bytes() == written
    text = written.decode()
    answers = [line for line in text.splitlines() if line.lstrip().startswith('{"qa":')]
    assert len(answers) == sum(sizes)  # one line each
    assert whole["personas"][1]["rangeResults"][3]["questionResults"]


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)
    | st.sampled_from(['","', '"', ",", "recallbench-cut-", 1e-05, 1e-7]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=200)
@given(st.lists(st.dictionaries(st.text(max_size=5), _json_values, max_size=5), max_size=6))
def test_answers_encoded_together_are_each_encoded_alone(answers: list[dict[str, object]]) -> None:
    assert _compact_each(answers) == [json_bytes(a) for a in answers]


def test_a_run_folder_of_the_old_layout_reads_as_the_same_run_in_the_new(tmp_path: Path) -> None:
    # A folder written before issue 35: result.json indented throughout, snippets in the log.
    old = Path(__file__).parent / "data" / "run-before-issue-21"
    for name in ("result.json", "progress.jsonl", "questions.jsonl"):
        (tmp_path / "old").mkdir(exist_ok=True)
        (tmp_path / "old" / name).write_bytes(gzip.decompress((old / f"{name}.gz").read_bytes()))
    before = rb.read_run(tmp_path / "old")
    assert b'"snippet"' in (tmp_path / "old" / "questions.jsonl").read_bytes()
    write_result_file(tmp_path / "new" / "result.json", before.result)
    after = rb.read_run(tmp_path / "new")
    assert after.result == before.result
    assert to_json(after.result) == to_json(before.result)
    assert before.details  # the old log's retrieval entries, snippets and all, still read
