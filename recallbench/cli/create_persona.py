"""``recallbench create-persona``: ``persona.yaml`` and ``arcs-<N>d.yaml`` from a prompt.

Exit codes: 0 written; 1 the model failed or replied with something that is not YAML (nothing is
written); 2 bad input, or files that would be overwritten without ``--overwrite``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path
from typing import Any

from ..errors import ConfigError, ModelError
from ._common import positive_int, run_async
from ._generation import add_model_args, load_generation_model, print_summary, timeout_seconds

__all__ = ["register"]


def _epoch(text: str) -> str:
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a YYYY-MM-DD date, got {text!r}") from None


def register(sub: Any) -> None:
    p = sub.add_parser(
        "create-persona",
        help="create persona.yaml and an arcs file from a prompt",
        description="Create a persona (principal, cast, sessions) and its story arcs from a "
        "one-line description, ready for 'recallbench generate'. Two model calls; the result is "
        "checked by loading it before anything is written.",
    )
    p.add_argument("--prompt", required=True, metavar="TEXT", help="what the persona is")
    p.add_argument(
        "--persona",
        type=Path,
        required=True,
        metavar="DIR",
        help="persona directory to create; its name is the persona id",
    )
    p.add_argument(
        "--epoch",
        type=_epoch,
        default="2024-01-01",
        metavar="YYYY-MM-DD",
        help="the story's first date (default 2024-01-01)",
    )
    p.add_argument(
        "--days",
        type=positive_int,
        default=1000,
        metavar="N",
        help="the story's horizon: arcs over days 1..N, written to arcs-<N>d.yaml (default 1000)",
    )
    p.add_argument(
        "--arcs-only",
        action="store_true",
        help="keep the existing persona.yaml and (re)write only the arcs file",
    )
    p.add_argument(
        "--overwrite",
        action="store_true",
        help="replace existing files (refused by default: days may have been generated from them)",
    )
    add_model_args(p, temperature=0.7, max_tokens=4000, timeout_ms=120000, parallel=False)
    p.set_defaults(handler=create_persona_command)


def _refuse_overwrite(persona_dir: Path, arcs_file: str, arcs_only: bool) -> None:
    from ..data.dataset import derive_sibling_dir, scan_day_files

    targets = [persona_dir / arcs_file] + ([] if arcs_only else [persona_dir / "persona.yaml"])
    existing = [t.name for t in targets if t.exists()]
    memories = persona_dir / derive_sibling_dir(arcs_file, "memories")
    has_days = memories.is_dir() and any(f.number for f in scan_day_files(memories))
    if existing and (has_days or not arcs_only):
        raise ConfigError(
            f"--persona {persona_dir}: {' and '.join(existing)} already exist"
            + (f" and {memories.name}/ holds day logs made from them" if has_days else "")
            + "; pass --overwrite to replace them"
        )


def create_persona_command(args: argparse.Namespace) -> int:

    from ..data.dataset import read_persona
    from ..data.persona import Persona
    from ..generation._common import GenerationUsage
    from ..generation.create import (
        CreatedPersona,
        arcs_file_name,
        create_arcs,
        create_persona,
        write_created,
    )
    from ..models import aclose_model

    persona_dir = Path(args.persona).resolve()
    arcs_file = arcs_file_name(args.days)
    if persona_dir.exists() and not persona_dir.is_dir():
        raise ConfigError(f"--persona {args.persona}: exists and is not a directory")
    if not args.overwrite:
        _refuse_overwrite(persona_dir, arcs_file, args.arcs_only)
    persona: Persona | None = None
    if args.arcs_only:
        if not (persona_dir / "persona.yaml").is_file():
            raise ConfigError(
                f"--arcs-only: {persona_dir / 'persona.yaml'} not found (create the persona first)"
            )
        persona = read_persona(persona_dir / "persona.yaml")
    if not persona_dir.name:
        raise ConfigError(f"--persona {args.persona}: needs a directory name (the persona id)")
    model = load_generation_model(args)
    usage = GenerationUsage()
    common: dict[str, Any] = {
        "epoch": args.epoch,
        "days": args.days,
        "temperature": args.temperature,
        "max_tokens": args.max_tokens,
        "timeout": timeout_seconds(args),
        "usage": usage,
    }

    async def run() -> CreatedPersona:
        try:
            if persona is not None:
                return await create_arcs(model, args.prompt, persona, **common)
            return await create_persona(model, args.prompt, persona_id=persona_dir.name, **common)
        finally:
            await aclose_model(model)

    try:
        created = run_async(run)
    except ModelError as exc:
        print(f"recallbench create-persona: {exc} (nothing was written)", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("recallbench create-persona: interrupted (nothing was written)", file=sys.stderr)
        return 130
    write_created(persona_dir, created)
    for note in created.notes:
        print(f"[create-persona] {note}", file=sys.stderr)
    summary: dict[str, Any] = {"personaId": created.persona.id}
    if not args.arcs_only:
        summary["personaName"] = created.persona.name
        summary["sessionsCreated"] = len(created.persona.sessions)
        summary["castCreated"] = len(created.persona.cast)
    summary["arcsCreated"] = len(created.story.arcs)
    summary["arcsFile"] = arcs_file
    summary.update(usage.to_json())
    if args.arcs_only:  # the reference's arcs-only spellings, kept for scripts that read them
        summary["inputTokens"] = usage.input_tokens
        summary["outputTokens"] = usage.output_tokens
    summary["outputDir"] = str(persona_dir)
    print_summary(summary, args)
    return 0
