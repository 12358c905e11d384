"""``split_sessions`` finds headings by literal search; it must split exactly as the reference's
pattern does (``^# session:\\s*(\\S+)\\s*$``, multiline, after the front matter is dropped)."""

from __future__ import annotations

import re

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


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=30))
def test_splits_as_the_pattern_does(pieces: list[str]) -> None:
    content = "".join(pieces)
    assert split_sessions(content) == _by_pattern(content)


def test_a_day_log_with_front_matter_and_two_sessions() -> None:
    log = "---\ntype: daily\n---\n\n# session: principal\n\nMorning.\n\n# session: team\nStandup.\n"
    assert split_sessions(log) == {"principal": "Morning.", "team": "Standup."}
    assert split_sessions("no headings here\n") == {}
