"""Run fingerprints (issue 25, item 1): canonical hashing, persona content digests, judge and adapter
descriptions, the harness's fingerprint in result.json, stability across paths and hash seeds."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import recallbench as rb
from recallbench.benchmarks.locomo.judges import LocomoLlmJudge
from recallbench.data import parse_ranges
from recallbench.data.selection import SelectionPolicy
from recallbench.family import open_dataset
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.harness.fingerprinting import describe_adapter, describe_executor
from recallbench.harness.loading import AdapterSpec
from recallbench.judges.base import as_judge
from recallbench.judges.cache import CachedJudge, JudgeCache
from recallbench.judges.describe import describe_judge
from recallbench.judges.llm import LlmJudge
from recallbench.judges.rubric import RUBRIC_VERSION, RubricJudge
from recallbench.results.fingerprint import (
    FINGERPRINT_PARTS,
    _canonical,
    canonical_json,
    make_fingerprint,
    persona_digests,
    sha256_hex,
    short_digest,
)
from recallbench.results.reading import read_run
from recallbench.results.scoring import StubJudge
from recallbench.testing import ScriptedModel, write_persona

# --- canonical JSON -------------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_canonical_json_round_trips_and_ignores_key_order(value: Any) -> None:
    data = canonical_json(value)
    assert canonical_json(json.loads(data)) == data
    if isinstance(value, dict):
        assert canonical_json(dict(reversed(list(value.items())))) == data


@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=6),
                inner,
                max_size=4,
            )
        ),
        max_leaves=20,
    )
)
def test_canonical_json_is_the_standard_librarys_sorted_compact_encoding(value: Any) -> None:
    # Written by orjson where it agrees (issue 36): the digests of every earlier run stay as they were.
    stdlib = json.dumps(
        _canonical(value, "value"),
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
        allow_nan=False,
    ).encode("utf-8")
    assert canonical_json(value) == stdlib


def test_hashing_text_beyond_ascii_leaves_no_encoding_cached_on_it() -> None:
    # orjson caches a string's UTF-8 on it; the dataset's own text must not keep that copy alive.
    import sys

    import orjson

    day = "“Quoted” — café " * 500
    key = "clé “k”"
    before = sys.getsizeof(day), sys.getsizeof(key)
    digest = canonical_json({key: [day, 1, {"x": day}]})
    assert json.loads(digest) == {key: [day, 1, {"x": day}]}
    assert (sys.getsizeof(day), sys.getsizeof(key)) == before
    orjson.dumps(day)  # what the fingerprint spares: the same call on the text itself
    assert sys.getsizeof(day) > before[0]


def test_canonical_json_is_compact_sorted_and_writes_integral_floats_as_integers() -> None:
    assert canonical_json({"b": 1.0, "a": [2.5, "é"]}) == '{"a":[2.5,"é"],"b":1}'.encode()
    assert sha256_hex({"x": 5.0}) == sha256_hex({"x": 5})


@pytest.mark.parametrize("bad", [math.nan, math.inf, {1, 2}, Path("/tmp")])
def test_canonical_json_refuses_what_is_not_json(bad: Any) -> None:
    with pytest.raises((ValueError, TypeError), match=r"fingerprint: value\.x"):
        canonical_json({"x": bad})


# --- the fingerprint's parts ----------------------------------------------------------------------

_PARTS: dict[str, Any] = {
    "datasets": {"p": {"days": "1", "questions": "2", "definition": "3"}},
    "selection": {"personas": ["p"], "ranges": [{"label": "30d", "days": 30}], "seed": 42},
    "adapter": {"name": "a", "spec": "builtin:bm25"},
    "judges": {"primary": {"type": "rubric", "version": "3"}, "memoryWindow": 0},
    "lifecycle": "fresh",
    "executor": "local",
    "repeats": {"epochs": 3},
    "versions": {"recallbench": "0", "python": "3"},
    "rejudged": {"judgeModel": "azure:x", "digest": "abc"},
}


@given(st.sampled_from(FINGERPRINT_PARTS), json_values)
def test_any_part_that_differs_changes_the_hash(part: str, other: Any) -> None:
    changed = {**_PARTS, part: other}
    a, b = make_fingerprint(_PARTS), make_fingerprint(changed)
    if canonical_json(other) == canonical_json(_PARTS[part]) or (
        other is None and part == "repeats"
    ):
        return
    if other is None:  # a part that is None is left out: the hash still changes
        assert part not in b
    assert a["sha256"] != b["sha256"]
    assert (a["digest"] != b["digest"]) == (part in ("datasets", "selection", "judges"))


def test_equal_parts_give_equal_fingerprints_and_the_digest_covers_comparability() -> None:
    a = make_fingerprint(_PARTS)
    assert a == make_fingerprint(dict(reversed(list(_PARTS.items()))))
    assert next(iter(a)) == "digest" and list(a)[-1] == "sha256" and len(a["digest"]) == 12
    assert a["digest"] == short_digest(a)
    with pytest.raises(ValueError, match="unknown part"):
        make_fingerprint({"where": "/home/me"})


def test_persona_digests_hash_content_not_location(tmp_path: Path) -> None:
    write_persona(tmp_path / "one", "tiny")
    shutil.copytree(tmp_path / "one", tmp_path / "elsewhere" / "deeper")
    a = persona_digests(open_dataset(tmp_path / "one", "arcs-30d.yaml").load("tiny"))
    b = persona_digests(
        open_dataset(tmp_path / "elsewhere" / "deeper", "arcs-30d.yaml").load("tiny")
    )
    assert a == b

    day = tmp_path / "elsewhere" / "deeper" / "tiny" / "memories-30d" / "day-0003.md"
    day.write_text(day.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    c = persona_digests(
        open_dataset(tmp_path / "elsewhere" / "deeper", "arcs-30d.yaml").load("tiny")
    )
    assert c["days"] != a["days"] and c["questions"] == a["questions"]
    assert c["definition"] == a["definition"]

    questions = tmp_path / "one" / "tiny" / "qa-30d" / "questions.yaml"
    questions.write_text(
        questions.read_text(encoding="utf-8").replace("difficulty: easy", "difficulty: hard", 1),
        encoding="utf-8",
    )
    d = persona_digests(open_dataset(tmp_path / "one", "arcs-30d.yaml").load("tiny"))
    assert d["questions"] != a["questions"] and d["days"] == a["days"]


# --- judges and adapters describe themselves -----------------------------------------------------


def test_the_rubric_is_described_by_its_rules_version() -> None:
    described = describe_judge(RubricJudge())
    assert described["type"] == "recallbench.judges.rubric.RubricJudge"
    assert described["version"] == "3" or described["version"]  # RUBRIC_VERSION, whatever it is
    assert "synchronous" not in described and "opaque" not in described
    assert describe_judge(RubricJudge(hallucination_window=2))["hallucinationWindow"] == 2


def test_an_llm_judge_hashes_its_prompts_and_its_settings_count(tmp_path: Path) -> None:
    model = ScriptedModel("{}", name="m")
    a = describe_judge(LlmJudge(model, temperature=0.0))
    assert a["identity"]["prompt"] == "1" and len(a["prompts"]) == 16
    assert describe_judge(LlmJudge(model, temperature=0.7))["identity"] != a["identity"]
    cached = CachedJudge(LlmJudge(model, temperature=0.0), JudgeCache(tmp_path))
    assert describe_judge(cached) == a  # a cache changes no score
    official = describe_judge(LocomoLlmJudge(model))
    assert official["prompts"] != a["prompts"]


def test_a_judge_may_describe_itself_and_one_that_says_nothing_is_opaque() -> None:
    class Panel:
        def describe(self) -> dict[str, Any]:
            return {"aggregate": "mean", "members": [describe_judge(RubricJudge())]}

        async def score(self, *args: Any) -> Any:
            raise NotImplementedError

    described = describe_judge(Panel())
    assert described["aggregate"] == "mean" and described["members"][0]["version"]

    async def my_judge(question: str, reference: str, answer: str, context: Any) -> Any:
        raise NotImplementedError

    opaque = describe_judge(as_judge(my_judge))
    assert opaque["opaque"] is True and opaque["type"].endswith("my_judge")
    # One of ours is defined by its type and recallbench's version.
    assert describe_judge(StubJudge()) == {
        "type": "recallbench.results.scoring.StubJudge",
        "name": "stub",
    }

    class Bad:
        def describe(self) -> Any:
            return ["not", "a", "mapping"]

    with pytest.raises(TypeError, match="describe\\(\\) returned a list"):
        describe_judge(Bad())


def test_an_adapter_is_described_without_its_address_or_secrets(tmp_path: Path) -> None:
    here = describe_adapter(AdapterSpec("grpc://10.0.0.1:50051", {"name": "mem"}), "mem")
    there = describe_adapter(AdapterSpec("grpcs://memory.example.com:443", {"name": "mem"}), "mem")
    assert here["spec"] == "grpc" and there["spec"] == "grpcs" and here["config"] == there["config"]
    keyed = describe_adapter(AdapterSpec("builtin:bm25", {"top_k": 5, "apiKey": "sk-1"}), "b")
    unkeyed = describe_adapter(AdapterSpec("builtin:bm25", {"top_k": 5, "apiKey": "sk-2"}), "b")
    assert keyed == unkeyed and "sk-" not in json.dumps(keyed)
    assert describe_adapter(AdapterSpec("builtin:bm25", {"top_k": 6}), "b") != unkeyed

    source = "from recallbench.adapters.baselines import NullAdapter as adapter\n"
    for where in ("x", "y/z"):
        (tmp_path / where).mkdir(parents=True)
        (tmp_path / where / "mine.py").write_text(source, encoding="utf-8")
    a = describe_adapter(AdapterSpec(str(tmp_path / "x" / "mine.py")), "naive")
    b = describe_adapter(AdapterSpec(str(tmp_path / "y" / "z" / "mine.py")), "naive")
    assert a == b and a["spec"] == "mine.py" and str(tmp_path) not in json.dumps(a)
    assert describe_executor(object()) == "builtins.object"


# --- the harness writes it; it reads back; it is the same elsewhere --------------------------------

_RUN = """
import json, sys
import recallbench as rb
from recallbench.harness.config import RunConfig
from recallbench.data.ranges import parse_ranges
from recallbench.harness.loading import AdapterSpec
result = rb.run_sync(
    AdapterSpec("builtin:bm25"), sys.argv[1], judge="rubric",
    config=RunConfig(ranges=parse_ranges("10d,30d"), arcs_file="arcs-30d.yaml"), progress=False,
)
print(json.dumps(result.metadata.fingerprint))
"""


def _fingerprint_in_subprocess(data: Path, seed: str, cwd: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_RUN), str(data)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=cwd,
    )
    value: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return value


def test_the_fingerprint_is_stable_across_hash_seeds_and_locations(tmp_path: Path) -> None:
    write_persona(tmp_path / "here", "tiny")
    write_persona(tmp_path / "here", "other", days=20)
    shutil.copytree(tmp_path / "here", tmp_path / "somewhere" / "else")
    a = _fingerprint_in_subprocess(tmp_path / "here", "1", tmp_path)
    b = _fingerprint_in_subprocess(tmp_path / "somewhere" / "else", "4242", tmp_path / "somewhere")
    assert a == b
    assert list(a["datasets"]) == ["other", "tiny"]
    assert str(tmp_path) not in json.dumps(a)


def test_a_run_writes_its_fingerprint_and_reads_it_back(tmp_path: Path) -> None:
    write_persona(tmp_path / "data", "tiny")
    config = RunConfig(
        ranges=parse_ranges("10d,30d"),
        arcs_file="arcs-30d.yaml",
        selection=SelectionPolicy(seed=7),
    )
    result = rb.run_sync(
        AdapterSpec("builtin:bm25"),
        tmp_path / "data",
        judge="rubric",
        config=config,
        output=RunOutput(result_json=tmp_path / "run" / "result.json"),
        progress=False,
    )
    fp = result.metadata.fingerprint
    assert fp is not None and fp["selection"]["seed"] == 7 and fp["lifecycle"] == "fresh"
    assert fp["executor"] == "local" and fp["judges"]["primary"]["name"] == "rubric"
    assert fp["adapter"] == {"name": "builtin:bm25", "spec": "builtin:bm25"}
    assert [r["label"] for r in fp["selection"]["ranges"]] == ["10d", "30d"]
    written = json.loads((tmp_path / "run" / "result.json").read_text(encoding="utf-8"))
    assert written["metadata"]["fingerprint"] == fp
    assert read_run(tmp_path / "run").result.metadata.fingerprint == fp


def test_every_report_shows_the_fingerprint_at_its_top(tmp_path: Path) -> None:
    from recallbench.render.headline import format_headline
    from recallbench.render.html import render_html_report
    from recallbench.render.report import format_text_report

    write_persona(tmp_path / "data", "tiny")
    config = RunConfig(ranges=parse_ranges("30d"), arcs_file="arcs-30d.yaml")
    result = rb.run_sync(
        AdapterSpec("builtin:bm25"),
        tmp_path / "data",
        judge="rubric",
        config=config,
        progress=False,
    )
    fp = result.metadata.fingerprint
    assert fp is not None
    line = f"{fp['digest']} (datasets, selection, judges) · all parts {fp['sha256'][:12]}"
    assert format_text_report(result).splitlines()[2].startswith(f"Fingerprint: {line}")
    assert any(
        x.startswith(f"  Fingerprint    {line}") for x in format_headline(result).splitlines()
    )
    html = render_html_report(result)
    assert f"<summary>Fingerprint {line}" in html and fp["sha256"] in html

    old = attrs.evolve(result, metadata=attrs.evolve(result.metadata, fingerprint=None))
    assert "Fingerprint" not in format_text_report(old) + format_headline(old)
    assert "<summary>Fingerprint" not in render_html_report(old)


def test_code_loaded_from_a_file_is_identified_by_its_content_not_its_path(tmp_path: Path) -> None:
    from recallbench.harness.judge_loading import load_judge

    source = (
        "async def judge(question, reference, answer, context):\n"
        "    return {'correctness': 3, 'completeness': 2, 'hallucination': 1}\n"
    )
    for where in ("a", "b/c"):
        (tmp_path / where).mkdir(parents=True)
        (tmp_path / where / "mine.py").write_text(source, encoding="utf-8")
    a = describe_judge(load_judge(str(tmp_path / "a" / "mine.py")))
    b = describe_judge(load_judge(str(tmp_path / "b" / "c" / "mine.py")))
    assert a == b and a["type"] == "mine.py:judge" and len(a["source"]) == 16
    assert "opaque" not in a  # its code, prompts included, is hashed
    (tmp_path / "b" / "c" / "mine.py").write_text(source.replace("3", "2"), encoding="utf-8")
    assert (
        describe_judge(load_judge(str(tmp_path / "b" / "c" / "mine.py")))["source"] != a["source"]
    )


def test_an_adapter_given_as_an_object_is_described_by_its_class(tmp_path: Path) -> None:
    from recallbench.adapters.baselines import NullAdapter

    assert describe_adapter(NullAdapter(), "null") == {
        "name": "null",
        "type": "recallbench.adapters.baselines.NullAdapter",
    }
    assert describe_adapter(NullAdapter, "null") == describe_adapter(NullAdapter(), "null")


def test_panels_epochs_and_executors_fill_their_slots() -> None:
    from recallbench.harness.fingerprinting import run_fingerprint
    from recallbench.harness.ray_executor import RayExecutor
    from recallbench.judges.panel import JudgePanel

    rubric = describe_judge(RubricJudge())
    assert describe_judge(JudgePanel([RubricJudge()])) == rubric  # a panel of one, once: the judge
    panel = describe_judge(JudgePanel([RubricJudge(), RubricJudge()], epochs=2))
    assert panel["epochs"] == 2 and [m["version"] for m in panel["members"]] == [RUBRIC_VERSION] * 2

    def fingerprint(config: RunConfig, executor: object) -> dict[str, Any]:
        return run_fingerprint(
            datasets={"p": {"days": "1", "questions": "2", "definition": "3"}},
            config=config,
            ranges=parse_ranges("30d"),
            adapter={"name": "a"},
            judge=RubricJudge(),
            appellate=None,
            executor=executor,
        )

    one = fingerprint(RunConfig(), RayExecutor(address="ray://head.example:10001"))
    assert one["executor"] == "ray" and "repeats" not in one and "head" not in json.dumps(one)
    three = fingerprint(RunConfig(epochs=3), RayExecutor(address="auto"))
    assert three["repeats"] == {"epochs": 3} and three["digest"] == one["digest"]
    assert three["sha256"] != one["sha256"]


def test_the_fingerprint_modules_are_pure() -> None:
    code = (
        "import sys, recallbench.results.fingerprint, recallbench.results.fingerprint_diff, "
        "recallbench.render.fingerprint; "
        "print(sorted(m for m in ('anyio', 'aiohttp', 'grpc', 'matplotlib', 'numpy', 'ray') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_resuming_with_another_judge_is_warned_and_kept_in_the_result(tmp_path: Path) -> None:
    from recallbench.harness.resume import read_resume_log
    from recallbench.testing import ScriptedJudge

    write_persona(tmp_path / "data", "tiny")
    config = RunConfig(ranges=parse_ranges("10d,30d"), arcs_file="arcs-30d.yaml")
    out = tmp_path / "run"
    output = RunOutput(
        result_json=out / "result.json",
        progress=out / "progress.jsonl",
        questions=out / "questions.jsonl",
    )

    def run(judge: Any) -> Any:
        resume = (
            read_resume_log(output.progress, output.questions) if output.progress.exists() else None
        )
        return rb.run_sync(
            AdapterSpec("builtin:bm25"),
            tmp_path / "data",
            judge=judge,
            config=config,
            output=output,
            resume=resume,
            progress=False,
        )

    first = run("rubric")
    header = json.loads(output.progress.read_text(encoding="utf-8").splitlines()[0])
    assert header["fingerprint"] == first.metadata.fingerprint["digest"]
    same = run("rubric")
    assert same.metadata.warnings is None
    other = run(ScriptedJudge())
    (warning,) = other.metadata.warnings
    assert warning.startswith(f"resumed a run whose fingerprint was {header['fingerprint']}, with ")
    assert other.metadata.fingerprint["digest"] in warning


def test_model_endpoints_and_address_keys_are_left_out() -> None:
    here = describe_judge(LlmJudge(ScriptedModel("{}"), name="openai:m;http://10.0.0.1:8000/v1"))
    there = describe_judge(LlmJudge(ScriptedModel("{}"), name="openai:m;https://gpu.example/v1"))
    assert here == there and here["name"] == "openai:m" and "10.0.0.1" not in json.dumps(here)
    a = describe_adapter(
        AdapterSpec("builtin:bm25", {"model": "openai:m;http://a:1/v1", "baseUrl": "http://a"}), "b"
    )
    b = describe_adapter(
        AdapterSpec("builtin:bm25", {"model": "openai:m;http://b:2/v1", "baseUrl": "http://b"}), "b"
    )
    assert a == b
    assert a != describe_adapter(AdapterSpec("builtin:bm25", {"model": "openai:other"}), "b")


def test_dataset_values_that_are_not_json_are_hashed_as_their_text(tmp_path: Path) -> None:
    import datetime

    write_persona(tmp_path, "tiny")
    ds = open_dataset(tmp_path, "arcs-30d.yaml").load("tiny")
    pair = attrs.evolve(ds.qa[0], extra={"asked": datetime.date(2026, 1, 2)})
    dated = attrs.evolve(ds, qa=(pair, *ds.qa[1:]))
    texted = attrs.evolve(ds, qa=(attrs.evolve(pair, extra={"asked": "2026-01-02"}), *ds.qa[1:]))
    assert persona_digests(dated)["questions"] == persona_digests(texted)["questions"]
    assert persona_digests(dated)["questions"] != persona_digests(ds)["questions"]


def test_imported_data_names_its_source_file_by_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from _public_sets import locomo_records, write_json

    from recallbench.harness.fingerprinting import dataset_digests

    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))
    records = locomo_records()
    digests = {}
    for where in ("a", "b"):
        (tmp_path / where).mkdir()
        path = write_json(tmp_path / where / "locomo10.json", records)
        dataset = open_dataset(f"locomo:{path}")
        digests[where] = dataset_digests(
            dataset, [dataset.load(pid) for pid in dataset.persona_ids()]
        )
    assert digests["a"] == digests["b"]  # the same file elsewhere
    source = {d["source"] for d in digests["a"].values()}
    (name,) = source
    assert name.startswith("locomo-v") and len(name.rsplit("-", 1)[1]) == 24
    mem0 = open_dataset(f"locomo-mem0:{tmp_path / 'a' / 'locomo10.json'}")
    again = dataset_digests(mem0, [mem0.load(pid) for pid in mem0.persona_ids()])
    assert {d["source"] for d in again.values()} != source  # another category convention
    write_persona(tmp_path / "plain", "tiny")
    plain = open_dataset(tmp_path / "plain", "arcs-30d.yaml")
    assert "source" not in dataset_digests(plain, [plain.load("tiny")])["tiny"]
