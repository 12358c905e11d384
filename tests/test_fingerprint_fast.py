"""The days digest written in pieces (issue 36): a day whose text goes beyond ASCII is encoded a
stretch at a time, its session bodies taken from its text's encoding. The digest must stay the
module's definition, byte for byte, over any text: the SHA-256 of each day's
``json.dumps([number, date, content, arcs, sorted sessions], sort_keys=True, ensure_ascii=False,
separators=(",", ":"), allow_nan=False)`` in UTF-8, a line each."""

from __future__ import annotations

import hashlib
import json
import math
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import pytest
from _examples import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st

from recallbench.data.corpus import Day, PersonaDataset
from recallbench.family import open_dataset
from recallbench.results.fingerprint import DIGEST_CHARS, canonical_json, persona_digests
from recallbench.testing import write_persona


def reference_days_digest(days: Sequence[Day]) -> str:
    """The module docstring's definition, written out with the standard library."""
    hasher = hashlib.sha256()
    for d in days:
        item = [d.number, d.date, d.content, list(d.active_arcs), sorted(d.sessions.items())]
        line = json.dumps(
            item, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False
        )
        hasher.update(line.encode("utf-8"))
        hasher.update(b"\n")
    return hasher.hexdigest()[:DIGEST_CHARS]


@pytest.fixture(scope="module")
def tiny() -> Iterator[PersonaDataset]:
    with tempfile.TemporaryDirectory() as root:
        write_persona(Path(root), "tiny")
        yield open_dataset(Path(root), "arcs-30d.yaml").load("tiny")


# Characters JSON escapes, or that could trip a hand-written escape: quotes, backslashes, every
# kind of control character, DEL, text beyond ASCII and beyond the BMP, line separators.
_SPECIAL = list('"\\\n\r\t\b\f\x00\x01\x0b\x1b\x1f\x7f\x80 é“”’—\u2028\u2029\ufeff😀\U0010ffff#:-')
_CHAR = st.sampled_from(_SPECIAL) | st.characters(blacklist_categories=("Cs",))
_PIECE = st.text(_CHAR, max_size=40)
# Bodies long enough to be looked for in the day's text, and short ones that are not.
_BODY = st.builds(lambda text, times: text * times, _PIECE, st.integers(1, 12))
_SESSION_ID = st.sampled_from(["principal", "family", "board-prep", "x"])


@st.composite
def days(draw: st.DrawFn, surrogate: bool = False) -> list[Day]:
    out = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        sessions = draw(st.lists(st.tuples(_SESSION_ID, _BODY), max_size=4))
        text = draw(st.sampled_from(["", "---\ntype: daily\n---\n\n"])) + draw(_PIECE) + "\n"
        for sid, body in sessions:
            text += f"# session: {sid}\n\n{body}\n\n" + draw(st.sampled_from(["", " \n", "x"]))
        if surrogate:
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(["\ud800", "\udfff"])) + text[at:]
        given: dict[str, str] | None = None
        if draw(st.booleans()):  # bodies given: from the text, made up, or repeated
            given = dict(sessions)
            given.update(draw(st.dictionaries(_SESSION_ID, _BODY, max_size=2)))
            if given and draw(st.booleans()):
                first = next(iter(given.values()))
                given = dict.fromkeys(given, first)  # one stretch of text, several sessions
        out.append(
            Day(
                number=draw(st.integers(1, 2**62)) if number > 1 else 1,
                date=draw(st.sampled_from(["2026-01-01", "1er “mai”"])),
                content=text,
                active_arcs=draw(st.lists(_PIECE, max_size=3)),
                sessions=given,
            )
        )
    return out


_ESCAPED = '“Every escape”: \\ " \n \r \t \b \f \x00 \x1f \x7f 😀 ' * 4
_TRICKY = [
    # A body full of what JSON escapes, its text between bodies too; one body twice, given apart.
    Day(number=1, date="d", content=f"{_ESCAPED}\n# session: a\n\n{_ESCAPED}\n", active_arcs=["é"]),
    Day(
        number=2,
        date="d",
        content=f"# session: a\n{_ESCAPED}",
        sessions={"a": _ESCAPED, "b": _ESCAPED},
    ),
]


@settings(max_examples=examples(400))
@given(days())
@example(_TRICKY)
def test_the_days_digest_is_the_standard_librarys_canonical_json(
    tiny: PersonaDataset, generated: list[Day]
) -> None:
    ds = attrs.evolve(tiny, days=tuple(generated))
    assert persona_digests(ds)["days"] == reference_days_digest(generated)


@given(days(surrogate=True))
def test_a_lone_surrogate_still_fails_as_the_standard_library_does(
    tiny: PersonaDataset, generated: list[Day]
) -> None:
    ds = attrs.evolve(tiny, days=tuple(generated))
    with pytest.raises(UnicodeEncodeError):
        reference_days_digest(generated)
    with pytest.raises(UnicodeEncodeError):
        persona_digests(ds)


def test_hashing_days_leaves_no_encoding_cached_on_their_text(tiny: PersonaDataset) -> None:
    # The encoding of a day's text, its bodies' and a body given apart dies with the digest.
    body = "“Quoted” — café, a line long enough to be looked for in the day.\n" * 40
    apart = "Given apart — not in the text. " * 40
    text = f"---\ntype: daily\n---\n# session: a\n\n{body}\n# session: b\n\n{body}\n"
    split = Day(number=1, date="2026-01-01", content=text)
    given = Day(number=2, date="2026-01-02", content=text, sessions={"a": body, "c": apart})
    whole = Day(number=3, date="2026-01-03", content=body, sessions={"a": body})
    held = [text, body, apart]
    before = [sys.getsizeof(s) for s in held]
    ds = attrs.evolve(tiny, days=(split, given, whole))
    assert persona_digests(ds)["days"] == reference_days_digest(ds.days)
    assert [sys.getsizeof(s) for s in held] == before


def test_the_reference_180_day_persona_hashes_as_defined(reference_data: Path) -> None:
    # 9.3 M characters of typographic text, every body taken from its day's text.
    ds = open_dataset(reference_data / "personas", "arcs-180d.yaml").load("executive-assistant")
    assert persona_digests(ds)["days"] == reference_days_digest(ds.days)


@pytest.mark.parametrize(
    ("value", "where"),
    [
        ({"a": [1, {"b": math.nan}]}, r"value\.a\[1\]\.b is nan"),
        ({1: [(2, {"é": {3}})]}, r"value\.1\[0\]\[1\]\.é is a set"),
    ],
)
def test_a_value_that_is_not_json_is_named_by_its_place(value: object, where: str) -> None:
    with pytest.raises((ValueError, TypeError), match=where):
        canonical_json(value)
