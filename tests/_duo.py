"""A 30-day test persona with an isolated session: what session visibility is tested on."""

from __future__ import annotations

from pathlib import Path

from recallbench.data._yaml import dump_yaml, load_yaml
from recallbench.data.persona import day_date
from recallbench.testing import write_persona

EPOCH = "2026-01-01"


def secret_phrase(day: int) -> str:
    return f"VAULT-{day:04d}"


def write_duo(root: Path) -> Path:
    """A 30-day persona with sessions ``principal`` and ``secret`` (isolated). Day n's secret session
    states a vault phrase the principal session never mentions; two questions ask for day 7's phrase,
    one from each session."""
    question = f"What was the vault phrase set on {day_date(EPOCH, 7)}?"
    pairs = [
        {
            "id": f"duo-{session}-vault",
            "question": question,
            "answer": secret_phrase(7),
            "category": "factual-recall",
            "difficulty": "easy",
            "relevant_days": [7],
            "query_session": session,
        }
        for session in ("principal", "secret")
    ]
    pdir = write_persona(root, "duo", sessions=("principal", "secret"), extra_pairs=pairs)
    persona = load_yaml(pdir / "persona.yaml")
    for session in persona["sessions"]:
        if session["id"] == "secret":
            session["isolated"] = True
    (pdir / "persona.yaml").write_text(dump_yaml(persona), encoding="utf-8")
    for n in range(1, 31):
        path = pdir / "memories-30d" / f"day-{n:04d}.md"
        head, _, _ = path.read_text(encoding="utf-8").partition("# session: secret")
        secret = (
            f"# session: secret\n\n### Vault (secret)\n"
            f"On {day_date(EPOCH, n)} the vault phrase set for the vault is {secret_phrase(n)}.\n"
        )
        path.write_text(head + secret, encoding="utf-8")
    return root
