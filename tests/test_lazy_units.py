"""Imported benchmarks read lazily (issue 36.4): a unit's days are read when it starts and let go
when it ends, so a run holds the haystacks of the units in flight, not all of them; and the results
are those of reading every day up front."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import attrs
import pytest
from _live_days import Counting as _Counting
from _live_days import Live as _Live
from _live_days import comparable as _comparable
from _public_sets import locomo_records, longmemeval_records, write_json

import recallbench as rb
from recallbench.adapters.builtin import builtin_adapter
from recallbench.data.corpus import PersonaDataset, StoredDays
from recallbench.data.dataset import load_persona
from recallbench.data.importers._native import ImportedDataset
from recallbench.errors import DatasetError
from recallbench.family import open_dataset


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECALLBENCH_CACHE_DIR", str(tmp_path / "cache"))


def _lme(tmp_path: Path) -> ImportedDataset:
    path = write_json(tmp_path / "lme.json", longmemeval_records(haystack=60))
    ds = open_dataset(f"longmemeval:{path}")
    assert isinstance(ds, ImportedDataset)
    return ds


def _locomo(tmp_path: Path) -> ImportedDataset:
    ds = open_dataset(f"locomo:{write_json(tmp_path / 'locomo10.json', locomo_records())}")
    assert isinstance(ds, ImportedDataset)
    return ds


@attrs.frozen
class _CountedImport(ImportedDataset):
    """The imported dataset, its stored days counted as they are read and let go."""

    live: _Live = attrs.field(factory=_Live, eq=False)

    def load(self, persona_id: str) -> PersonaDataset:
        ds = super().load(persona_id)
        assert isinstance(ds.days, StoredDays)
        counted = _Counting(ds.days.source, persona_id, self.live)
        return attrs.evolve(ds, days=StoredDays(ds.days.numbers, counted))


def _same(ds: ImportedDataset, cls: type[ImportedDataset]) -> Any:
    return cls(ds.data_dir, ds.arcs_file, ds.default_ranges, ds.persona_ranges)


def _eager(ds: ImportedDataset) -> ImportedDataset:
    """``ds`` (its family's dataset, which names the family) with every day read up front."""

    class Eager(type(ds)):  # type: ignore[misc]
        def load(self, persona_id: str) -> PersonaDataset:
            return load_persona(self.data_dir, persona_id, self.arcs_file)

    return Eager(ds.data_dir, ds.arcs_file, ds.default_ranges, ds.persona_ranges)


def test_load_reads_no_day_and_loaded_reads_them_all(tmp_path: Path) -> None:
    ds = _same(_lme(tmp_path), _CountedImport)
    persona = ds.load("gpt4_m_1")
    assert ds.live.read == set()  # planning needs the numbers only
    assert persona.max_day == persona.day_numbers[-1] and len(persona.day_numbers) > 1
    assert persona.days_through(1) == (persona.days[0],)
    eager = load_persona(ds.data_dir, "gpt4_m_1")
    assert persona.loaded().days == eager.days
    assert persona.loaded() == attrs.evolve(persona, days=eager.days)
    assert eager.loaded() is eager
    assert persona.days_through(3, after=1) == eager.days_through(3, after=1)
    assert ds.live.alive == {}  # nothing kept once the caller lets go


def test_stored_days_pickle_as_their_days(tmp_path: Path) -> None:
    ds = _lme(tmp_path)
    persona = ds.load("e47becba")
    shipped = pickle.loads(pickle.dumps(persona))
    assert isinstance(shipped.days, tuple) and shipped == persona.loaded()


def test_an_unreadable_day_names_its_file_when_read(tmp_path: Path) -> None:
    ds = _lme(tmp_path)
    persona = ds.load("e47becba")
    bad = persona.memories_dir / "day-0001.md"
    bad.write_bytes(b"ok\n\xff\n")
    with pytest.raises(DatasetError) as info:
        persona.loaded()
    assert info.value.path == bad and info.value.line == 2


@pytest.mark.anyio
@pytest.mark.parametrize("units_at_once", [1, 2])
async def test_a_run_holds_the_days_of_the_units_in_flight(
    tmp_path: Path, units_at_once: int
) -> None:
    ds = _same(_lme(tmp_path), _CountedImport)
    config = rb.RunConfig(unit_parallelism=units_at_once)
    # The stub judge keeps nothing (the rubric judge keeps the grounding index of its last eight
    # corpora, days included: a bound of its own, whatever the file's length).
    result = await rb.Harness(builtin_adapter("null"), ds, config=config).run()
    assert len(result.personas) == 3 and ds.live.read == set(ds.persona_ids())
    assert ds.live.most <= units_at_once
    assert ds.live.alive == {}


@pytest.mark.anyio
@pytest.mark.parametrize("source", ["longmemeval", "locomo"])
@pytest.mark.parametrize("lifecycle", ["incremental", "fresh"])
async def test_results_are_those_of_reading_every_day_up_front(
    tmp_path: Path, source: str, lifecycle: str
) -> None:
    ds = _lme(tmp_path) if source == "longmemeval" else _locomo(tmp_path)
    config = rb.RunConfig(lifecycle=lifecycle)
    results = [
        await rb.Harness(builtin_adapter("bm25"), d, judge="rubric", config=config).run()
        for d in (ds, _eager(ds))
    ]
    assert results[0].metadata.total_evals_run > 0
    assert _comparable(results[0]) == _comparable(results[1])
