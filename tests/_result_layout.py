"""The layout ``result.json`` is written in, rebuilt from its data with the standard library: the
document two-space indented, each answer of a ``questionResults`` list one compact line."""

from __future__ import annotations

import json
from typing import Any

_MARK = "\x00answers-{}\x00"


def result_layout(data: Any) -> str:
    """The text ``result.json`` holds for ``data`` (its parsed JSON)."""
    lists: list[list[Any]] = []
    skeleton = json.loads(json.dumps(data))
    for persona in skeleton.get("personas", []):
        for checkpoint in persona.get("rangeResults", []):
            answers = checkpoint.get("questionResults")
            if answers:
                checkpoint["questionResults"] = _MARK.format(len(lists))
                lists.append(answers)
    text = json.dumps(skeleton, indent=2, ensure_ascii=False)
    for n, answers in enumerate(lists):
        mark = json.dumps(_MARK.format(n), ensure_ascii=False)
        at = text.index(mark)
        indent = at - text.rindex("\n", 0, at) - 1 - len('"questionResults": ')
        start = "\n" + " " * (indent + 2)
        lines = ("," + start).join(
            json.dumps(a, separators=(",", ":"), ensure_ascii=False) for a in answers
        )
        text = text.replace(mark, "[" + start + lines + "\n" + " " * indent + "]")
    return text
