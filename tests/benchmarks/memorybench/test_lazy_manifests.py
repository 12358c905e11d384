"""MemoryBench manifests read lazily (issue 36.4): the data file is read once, a record at a time, to
map its cases; a unit keeps where its record is and reads its days from there when it runs, so a run
holds the days of the units in flight, not all of them. What is read, every problem and every result
are those of reading the whole file at once."""

from __future__ import annotations

import codecs
import json
import pickle
import random
import tempfile
from pathlib import Path
from typing import Any

import attrs
import pytest
from _examples import examples
from _live_days import Counting, Live, comparable
from _manifests import write_benchmark
from hypothesis import given, settings
from hypothesis import strategies as st

import recallbench as rb
from recallbench.adapters.builtin import builtin_adapter
from recallbench.benchmarks.memorybench._json import read_cases_raw
from recallbench.benchmarks.memorybench._records import iter_records, read_record
from recallbench.benchmarks.memorybench.dataset import ManifestDataset, read_benchmark
from recallbench.benchmarks.memorybench.metrics import day_ids
from recallbench.data.corpus import PersonaDataset, StoredDays
from recallbench.errors import DatasetError

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "benchmarks"
CHUNKS = (1, 2, 3, 7, 64, 1 << 20)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))


# -- the reader ----------------------------------------------------------------------------------


def _whole(path: Path) -> tuple[list[tuple[int, Any]] | None, tuple[str, int | None] | None]:
    """What reading the whole file at once gives: the records and their lines, or the error."""
    try:
        return list(read_cases_raw(path)), None
    except DatasetError as exc:
        return None, (exc.message, exc.line)


def _streamed(
    path: Path, chunk: int
) -> tuple[list[tuple[int, Any]] | None, tuple[str, int | None] | None]:
    """What the streaming reader gives, each record read again from its span on the way."""
    out = []
    try:
        for line, span, record in iter_records(path, chunk=chunk):
            assert read_record(path, span, line) == record
            out.append((line, record))
    except DatasetError as exc:
        return None, (exc.message, exc.line)
    return out, None


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)
_LAYOUTS = ("array", "array-indented", "array-bom", "jsonl", "jsonl-crlf", "jsonl-blank", "ndjson")


def _write(folder: Path, records: list[Any], layout: str, ascii_only: bool) -> Path:
    def dump(value: Any, **kw: Any) -> str:
        return json.dumps(value, ensure_ascii=ascii_only, **kw)

    if layout.startswith("array"):
        text = dump(records, indent=2) if layout == "array-indented" else dump(records)
        raw = text.encode("utf-8", "surrogatepass")
        path = folder / "data.json"
        path.write_bytes((codecs.BOM_UTF8 if layout == "array-bom" else b"") + raw)
        return path
    newline = "\r\n" if layout == "jsonl-crlf" else "\n"
    lines = [dump(r) for r in records]
    if layout == "jsonl-blank":
        lines = [x for r in lines for x in ("", r, "  ")]
    path = folder / ("data.ndjson" if layout == "ndjson" else "data.jsonl")
    path.write_bytes(newline.join(lines).encode("utf-8", "surrogatepass"))
    return path


@settings(max_examples=examples(200), deadline=None)
@given(
    records=st.lists(_json_values, max_size=6),
    layout=st.sampled_from(_LAYOUTS),
    ascii_only=st.booleans(),
    chunk=st.sampled_from(CHUNKS),
)
def test_streamed_records_are_those_of_the_whole_file(
    records: list[Any], layout: str, ascii_only: bool, chunk: int
) -> None:
    # Text with raw U+2028, \x85 or \r breaks a JSON Lines line as str.splitlines() breaks it:
    # the same error both ways, on the same line.
    with tempfile.TemporaryDirectory() as folder:
        path = _write(Path(folder), records, layout, ascii_only)
        assert _streamed(path, chunk) == _whole(path)


_BAD = {
    "trailing-comma.json": b"[1,\n2,]",
    "no-comma.json": b"[1,\n2\n3]",
    "extra-data.json": b"[1] x",
    "unterminated.json": b'[{"a":"' + b"x" * 100 + b'"},\n{"b":"unterminated}]',
    "too-deep.json": b"[" + b"[" * 300 + b"]" * 300 + b"]",
    "too-deep.jsonl": codecs.BOM_UTF8 + b'{"a":1}\n' + b"[" * 300 + b"]" * 300 + b"\n",
    "bad-line.jsonl": b'{"a":1}\n{"b":\n',
    "not-utf8.json": b'[1,\n2,\n"\xff"]',
    "not-utf8-bom.jsonl": codecs.BOM_UTF8 + b'{"a":1}\n{"b":"\xc3"}\n',
    "cut-utf8.json": b'[1,\n"ab\n\xe2\x82',
    "empty.json": b"   \n\n",
    "object.json": b'{"a": 1}\n{"b": 2}\n',
    "u2028.jsonl": '{"a":1}\r{"b":"x\u2028"}\n{"c":1}\x0c\n{"d":2}'.encode(),
}


@pytest.mark.parametrize("name", sorted(_BAD))
def test_a_bad_file_is_refused_as_a_whole_file_read_refuses_it(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(_BAD[name])
    whole = _whole(path)
    for chunk in CHUNKS:
        assert _streamed(path, chunk) == whole, chunk


# -- the units -----------------------------------------------------------------------------------


def _haystack_records(n: int, sessions: int, seed: int = 3) -> list[dict[str, Any]]:
    """LongMemEval-style records; the last two share a haystack (one unit, two questions)."""
    rng = random.Random(seed)
    words = [
        "harbour",
        "bell",
        "noon",
        "cat",
        "sofa",
        "green",
        "bicycle",
        "Lisbon",
        "sister",
        "June",
        "kiln",
        "clay",
    ]
    out = []
    for k in range(n):
        shared = min(k, n - 2) if n >= 2 else k
        dates = [f"2023/0{1 + s % 9}/{10 + s % 18} (Mon) 0{s % 10}:00" for s in range(sessions)]
        haystack = [
            [
                {"role": "user", "content": " ".join(rng.choice(words) for _ in range(12))},
                {"role": "assistant", "content": f"noted {shared}-{s} é✓"},
            ]
            for s in range(sessions)
        ]
        out.append(
            {
                "question_id": f"q{k}",
                "question_type": rng.choice(["temporal-reasoning", "multi-session"]),
                "question": f"What did I say in session {k % sessions}?",
                "answer": f"noted {shared}-{k % sessions}",
                "haystack_session_ids": [f"s{shared}-{s}" for s in range(sessions)],
                "haystack_dates": dates,
                "haystack_sessions": haystack,
                "answer_session_ids": [f"s{shared}-{k % sessions}"],
            }
        )
        if k == n - 1 and n >= 2:
            out[-1]["haystack_sessions"] = out[-2]["haystack_sessions"]
    return out


def _haystacks(folder: Path, data_file: str = "data.jsonl", n: int = 5) -> Path:
    ingestion = {
        "strategy": "session-based",
        "sessions_field": "haystack_sessions",
        "session_ids_field": "haystack_session_ids",
        "dates_field": "haystack_dates",
        "answer_session_ids_field": "answer_session_ids",
        "mode": "full",
        "content_formatter": "conversation",
    }
    return write_benchmark(
        folder,
        _haystack_records(n, sessions=6),
        ingestion=ingestion,
        data_file=data_file,
        evaluation={"protocol": "exact-match"},
    )


@attrs.define
class _Counted(ManifestDataset):
    """The manifest dataset, its stored days counted as they are read and let go."""

    live: Live = attrs.field(factory=Live, eq=False)

    def load(self, persona_id: str) -> PersonaDataset:
        ds = super().load(persona_id)
        assert isinstance(ds.days, StoredDays)
        counted = Counting(ds.days.source, persona_id, self.live)
        return attrs.evolve(ds, days=StoredDays(ds.days.numbers, counted))


@attrs.define
class _Eager(ManifestDataset):
    """The manifest dataset with every unit's days read when it is loaded (before issue 36.4 they
    were built with the benchmark)."""

    def load(self, persona_id: str) -> PersonaDataset:
        ds = super().load(persona_id).loaded()
        assert isinstance(ds.days, tuple)
        return ds


def test_reading_a_benchmark_keeps_no_day(tmp_path: Path) -> None:
    ds = _Counted(_haystacks(tmp_path / "b"))
    assert len(ds.persona_ids()) == 4  # five questions, the last two over one haystack
    persona = ds.load(ds.persona_ids()[-1])
    assert len(persona.qa) == 2
    assert ds.live.read == set()  # planning needs the numbers only
    assert persona.day_numbers == (1, 2, 3, 4, 5, 6) and persona.max_day == 6
    days = persona.loaded().days
    assert [d.number for d in days] == [1, 2, 3, 4, 5, 6]
    assert [list(d.sessions) for d in days] == [[f"s3-{s}"] for s in range(6)]
    assert persona.days_through(4, after=2) == days[2:4]
    del days
    assert ds.live.alive == {}


@pytest.mark.anyio
@pytest.mark.parametrize("units_at_once", [1, 2])
async def test_a_run_holds_the_days_of_the_units_in_flight(
    tmp_path: Path, units_at_once: int
) -> None:
    ds = _Counted(_haystacks(tmp_path / "b", n=7))
    config = rb.RunConfig(unit_parallelism=units_at_once)
    result = await rb.Harness(builtin_adapter("null"), ds, config=config, judge="stub").run()
    assert len(result.personas) == 6 and ds.live.read == set(ds.persona_ids())
    assert ds.live.most <= units_at_once
    assert ds.live.alive == {}


def _benchmark(tmp_path: Path, name: str) -> tuple[Path, str | None]:
    """A benchmark folder and the judge its run takes (None: its manifest's protocol)."""
    if name == "haystacks.jsonl":
        return _haystacks(tmp_path / "h", "data.jsonl"), None
    if name == "haystacks.json":
        return _haystacks(tmp_path / "h", "data.json"), None
    folder = EXAMPLES / name
    protocol = json.loads((folder / "manifest.json").read_text())["evaluation"]["protocol"]
    return folder, "rubric" if protocol == "llm-as-judge" else None


BENCHMARKS = [
    "haystacks.jsonl",
    "haystacks.json",
    "kestrel-print-works",
    "household-chats",
    "household-chats-keyed",
    "forget-and-update",
]


@pytest.mark.anyio
@pytest.mark.parametrize("name", BENCHMARKS)
@pytest.mark.parametrize("lifecycle", ["incremental", "fresh"])
async def test_results_are_those_of_reading_every_day_up_front(
    tmp_path: Path, name: str, lifecycle: str
) -> None:
    folder, judge = _benchmark(tmp_path, name)
    config = rb.RunConfig(lifecycle=lifecycle)
    results = []
    for ds in (ManifestDataset(folder), _Eager(folder)):
        kw = {"judge": judge} if judge else {}
        results.append(await rb.Harness(builtin_adapter("bm25"), ds, config=config, **kw).run())
    lazy, eager = results
    assert lazy.metadata.total_evals_run > 0
    assert lazy.metadata.fingerprint == eager.metadata.fingerprint
    assert comparable(lazy) == comparable(eager)


@pytest.mark.parametrize("name", BENCHMARKS)
def test_day_ids_are_those_of_the_days_read(tmp_path: Path, name: str) -> None:
    ds = ManifestDataset(_benchmark(tmp_path, name)[0])
    for pid in ds.persona_ids():
        assert ds.day_ids(pid) == day_ids(ds.load(pid).days, ds.manifest_of(pid))


def test_a_unit_pickles_with_its_days(tmp_path: Path) -> None:
    ds = ManifestDataset(_haystacks(tmp_path / "b"))
    persona = ds.load("q0")
    shipped = pickle.loads(pickle.dumps(persona))
    assert isinstance(shipped.days, tuple) and shipped == persona.loaded()
    assert pickle.loads(pickle.dumps(ds)).load("q0") == persona


@pytest.mark.parametrize("data_file", ["data.jsonl", "data.json"])
def test_a_data_file_changed_after_reading_is_named_when_its_unit_reads_it(
    tmp_path: Path, data_file: str
) -> None:
    folder = _haystacks(tmp_path / "b", data_file)
    ds = ManifestDataset(folder)
    persona = ds.load("q1")
    path = folder / data_file
    text = path.read_text(encoding="utf-8")
    record_line = [line for line, _ in read_cases_raw(path)][1]  # q1's record starts there
    # The same length, so the spans still fall on records: one session's text differs.
    path.write_text(text.replace("noted 1-2 ", "noted 1-9 "), encoding="utf-8")
    assert len(path.read_text(encoding="utf-8")) == len(text)
    with pytest.raises(DatasetError, match="changed since it was read") as info:
        persona.loaded()
    assert info.value.path == path
    assert info.value.line == record_line
    # Cut short: no record where there was one.
    path.write_text(text[: len(text) // 3], encoding="utf-8")
    with pytest.raises(DatasetError, match="changed since it was read"):
        ds.load("q3").loaded()


def test_a_benchmark_read_again_is_the_same(tmp_path: Path) -> None:
    folder = _haystacks(tmp_path / "b")
    first, again = read_benchmark(folder), read_benchmark(folder)
    assert first == again  # StoredDays equal by their numbers and record, not their text
    assert [tuple(u.days) for u in first.units] == [tuple(u.days) for u in again.units]
