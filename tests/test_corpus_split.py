"""``split_sessions`` finds headings by literal search; it must split exactly as the reference's
pattern does (``^# session:\\s*(\\S+)\\s*$``, multiline, after the front matter is dropped)."""

from __future__ import annotations

import re

from _examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench.data.corpus import split_sessions

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n?", re.DOTALL)
_SESSION_HEADING = re.compile(r"^# session:\s*(\S+)\s*$", re.MULTILINE)


def _by_pattern(content: str) -> dict[str, str]:
    """The definition: the front matter substituted away, the headings found by finditer."""
    text = _FRONT_MATTER.sub("", content, count=1)
    matches = list(_SESSION_HEADING.finditer(text))
    bodies: dict[str, str] = {}
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        bodies[m.group(1)] = text[m.end() : end].strip()
    return bodies


_PIECES = [
    "# session: a", "# session: b", "# session:c", "# session:", "## session: x", "#  session: y",
    "# session: a b", "# session:\t", "# session:\n", "---", "---\n", "type: daily", "\n", "\n\n",
    " ", "\t", "\r", "\x0b", "text", "#", "session:", "# ", "a", "é", "\u2028",
]  # fmt: skip


@settings(max_examples=examples(1500), deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=30))
def test_splits_as_the_pattern_does(pieces: list[str]) -> None:
    content = "".join(pieces)
    assert split_sessions(content) == _by_pattern(content)


def test_a_day_log_with_front_matter_and_two_sessions() -> None:
    log = "---\ntype: daily\n---\n\n# session: principal\n\nMorning.\n\n# session: team\nStandup.\n"
    assert split_sessions(log) == {"principal": "Morning.", "team": "Standup."}
    assert split_sessions("no headings here\n") == {}


def test_a_day_splits_its_sessions_from_its_text_unless_given() -> None:
    from recallbench.data.corpus import Day

    text = "# session: principal\nBudget is 40k.\n\n# session: eng-team\nShip on Friday.\n"
    day = Day(number=1, date="2026-01-01", content=text)
    assert dict(day.sessions) == {"principal": "Budget is 40k.", "eng-team": "Ship on Friday."}
    given = Day(number=1, date="2026-01-01", content="hello", sessions={"s-a": "hello"})
    assert dict(given.sessions) == {"s-a": "hello"}
    assert Day(number=2, date="2026-01-02", content="no headings").sessions == {}
    # Sessions are derived, so they take no part in equality (as before).
    assert day == Day(number=1, date="2026-01-01", content=text, sessions={})
