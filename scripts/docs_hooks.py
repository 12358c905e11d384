"""MkDocs hooks for the documentation site (mkdocs.yml ``hooks:``): the pages generated from the code
at build time, so that they cannot drift from it.

* ``<!-- generated: api -->`` becomes one mkdocstrings block per name of ``recallbench.__all__``,
  grouped by the room that defines it (a new public name appears without an edit here), and
  ``<!-- generated: api recallbench.judges -->`` the same for a family's ``__all__`` (:data:`FAMILIES`
  lists them and their pages), linking to the front door's entry for a name that is on both;
* ``<!-- generated: cli -->`` becomes the help of ``recallbench`` and of each of its commands, from the
  argument parser itself (``recallbench.cli.build_parser``);
* ``<!-- generated: profile-keys -->`` becomes the keys a run profile accepts, from
  ``recallbench.harness._profile_keys``;
* a docstring's Sphinx role (``:class:`~recallbench.judges.base.Judge```) is shown as the code it names;
* a link from a page to a file of the repository outside ``docs/`` (``../examples/run.yaml``) is
  served with the site under ``repo/``, and a link to a repository file that does not exist fails
  the strict build, as a broken link between pages does.
"""

from __future__ import annotations

import inspect
import logging
import os
import posixpath
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where used: tests/test_docs_api.py reads this module without mkdocs
    from mkdocs.structure.files import Files

log = logging.getLogger("mkdocs.plugins.recallbench")

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"(\]\()(?P<target>\.\./[^)#\s]+)(?P<rest>[^)]*\))")
REPO_PREFIX = "repo"

ROOMS = (
    ("_front", "Running a benchmark"),
    ("_rejudging", "Re-judging a run's answers"),
    ("harness", "The harness: configuration, hooks, executors, resuming"),
    ("adapters", "Adapters: the memory system under test"),
    ("judges", "Judges"),
    ("models", "Text models"),
    ("data", "Datasets, personas, time ranges and plans"),
    ("results", "Results and the numbers computed from them"),
    ("render", "Reports"),
    ("errors", "Errors"),
    ("_retry", "Retries"),
    ("_version", "Version"),
)

FAMILIES = {
    "recallbench.adapters": "reference/api-adapters.md",
    "recallbench.family": "reference/api-family.md",
    "recallbench.judges": "reference/api-judges.md",
    "recallbench.models": "reference/api-models.md",
    "recallbench.data": "reference/api-data.md",
    "recallbench.results": "reference/api-results.md",
    "recallbench.render": "reference/api-render.md",
    "recallbench.harness": "reference/api-harness.md",
    "recallbench.errors": "reference/api-errors.md",
    "recallbench.testing": "reference/api-testing.md",
    "recallbench.generation": "reference/api-generation.md",
}
"""Each public submodule with its own ``__all__``, and its API page (under docs/): the page holds
``<!-- generated: api MODULE -->``, where the names of ``MODULE.__all__`` are rendered."""

API_MARKER = re.compile(r"<!-- generated: api(?: (?P<module>recallbench(?:\.[a-z_]+)*))? -->")


def defining_module(package: str, name: str) -> str:
    """Where ``package.name`` is defined: a class's or function's own module; for a constant, the
    module its package's lazy table names (or the package itself)."""
    import importlib

    from recallbench._lazy import module_of

    module = importlib.import_module(package)
    value = getattr(module, name)
    if inspect.isclass(value) or inspect.isfunction(value):
        return str(value.__module__)
    if name == "__version__":
        return "recallbench._version"
    lazy: dict[str, str] = getattr(module, "_LAZY", {})
    return module_of(package, lazy[name]) if name in lazy else package


def rendered_path(package: str, name: str) -> str:
    """The dotted path under which ``package.name`` is rendered (its identifier for cross-links)."""
    return f"{defining_module(package, name)}.{name}"


def api_markdown() -> str:
    """One ``::: module.Name`` per name of ``recallbench.__all__``, under a heading per room."""
    import recallbench

    by_room: dict[str, list[str]] = {}
    for name in sorted(recallbench.__all__, key=str.lower):
        module = defining_module("recallbench", name)
        room = module.split(".")[1]
        by_room.setdefault(room, []).append(f"::: {module}.{name}")
    titles = dict(ROOMS)
    unknown = sorted(set(by_room) - set(titles))
    if unknown:
        log.warning("docs hooks: public names in rooms without an API heading: %s", unknown)
    parts = []
    for room, title in ROOMS:
        if room in by_room:
            parts.append(f"## {title}\n\n" + "\n\n".join(by_room[room]) + "\n")
    families = ", ".join(
        f"[`{package}`]({posixpath.relpath(page, 'reference')})"
        for package, page in FAMILIES.items()
    )
    parts.append(f"## Everything else\n\nIn its family, each with its own page: {families}.\n")
    return "\n".join(parts)


def family_markdown(package: str) -> str:
    """The names of ``package.__all__``: those also on the front door (``recallbench.__all__``) as
    links to their entry there, the others rendered here, under a heading per defining module."""
    import importlib

    import recallbench

    names = sorted(importlib.import_module(package).__all__, key=str.lower)
    front = [n for n in names if n in recallbench.__all__]
    by_module: dict[str, list[str]] = {}
    for name in names:
        if name not in front:
            by_module.setdefault(defining_module(package, name), []).append(name)
    parts = []
    if front:
        links = ", ".join(f"[`{n}`][{rendered_path(package, n)}]" for n in front)
        parts.append(
            f"Also importable from here, and documented with the front door "
            f"([`recallbench`](api.md)): {links}.\n"
        )
    for module in sorted(by_module):
        blocks = "\n\n".join(f"::: {module}.{n}" for n in by_module[module])
        parts.append(f"## `{module}`\n\n{blocks}\n")
    return "\n".join(parts)


def _api(match: re.Match[str]) -> str:
    module = match["module"]
    if module is None:
        return api_markdown()
    if module not in FAMILIES:
        log.warning("docs hooks: %s has no API page in FAMILIES", module)
    return family_markdown(module)


def cli_markdown() -> str:
    """``recallbench --help`` and every command's ``--help``, as the parser prints them."""
    os.environ["COLUMNS"] = "100"  # argparse wraps at the terminal's width
    from recallbench.cli import build_parser

    parser = build_parser()
    parts = ["## recallbench\n", "```text", parser.format_help().rstrip(), "```\n"]
    subparsers = parser._subparsers._group_actions[0]  # type: ignore[union-attr]
    for name, command in subparsers.choices.items():
        parts += [f"## recallbench {name}\n", "```text", command.format_help().rstrip(), "```\n"]
    return "\n".join(parts)


def profile_keys_markdown() -> str:
    """The keys of both profile formats, from the tables the profile reader checks against."""
    from recallbench.harness import _profile_keys as keys

    lines = ["| section | keys |", "|---|---|"]
    for section, names in keys.SECTION_KEYS.items():
        lines.append(f"| `{section}` | {', '.join(f'`{n}`' for n in names)} |")
    lines += ["", "Flat keys (named after the `recallbench run` flags):", ""]
    lines.append(", ".join(f"`{k}`" for k in sorted(keys.FLAT_KEYS)))
    lines += ["", "Flags that a profile cannot hold (command line only): "]
    lines[-1] += ", ".join(f"`{k}`" for k in sorted(keys.COMMAND_LINE_ONLY))
    return "\n".join(lines) + "\n"


GENERATED = {
    "<!-- generated: cli -->": cli_markdown,
    "<!-- generated: profile-keys -->": profile_keys_markdown,
}


ANY_LINK = re.compile(r"(\]\()(?P<target>(?![a-z][a-z0-9+.-]*:|#|/)[^)#\s]+)(?P<rest>[^)]*\))")
"""A relative link in Markdown (not a URL, an anchor alone or an absolute path)."""


def _source_path(src_uri: str) -> str:
    """Where a site page's source sits in the repository: ``docs/…``, or the repository file a
    ``repo/…`` page serves."""
    if src_uri.startswith(f"{REPO_PREFIX}/"):
        return src_uri[len(REPO_PREFIX) + 1 :]
    return f"docs/{src_uri}"


def _resolve(src_uri: str, target: str) -> str:
    """The repository path a relative link of a page points to."""
    return posixpath.normpath(posixpath.join(posixpath.dirname(_source_path(src_uri)), target))


def _outside_docs(path: str) -> bool:
    return not (path.startswith(("docs/", "../")) or path == "docs")


def _link_pattern(src_uri: str) -> re.Pattern[str]:
    """The links of a page to look at: every relative one in a served repository file, the ones
    leaving docs/ (``../``) in a page of docs/."""
    return ANY_LINK if src_uri.startswith(f"{REPO_PREFIX}/") else LINK


def _links(src_uri: str, text: str) -> list[str]:
    """The repository files outside docs/ that a page links to."""
    found = []
    for match in _link_pattern(src_uri).finditer(text):
        path = _resolve(src_uri, match["target"])
        if _outside_docs(path) and (ROOT / path).is_file():
            found.append(path)
    return found


def on_files(files: Files, config: Any) -> Files:
    """Serve the repository files that pages link to (outside docs/) under ``repo/``, and what the
    Markdown files among them link to in turn."""
    from mkdocs.structure.files import File

    pending = [
        (page.src_uri, Path(page.abs_src_path or "").read_text(encoding="utf-8"))
        for page in files.documentation_pages()
    ]
    wanted: set[str] = set()
    while pending:
        src_uri, text = pending.pop()
        for path in _links(src_uri, text):
            if path not in wanted:
                wanted.add(path)
                if path.endswith(".md"):
                    served = f"{REPO_PREFIX}/{path}"
                    pending.append((served, (ROOT / path).read_text(encoding="utf-8")))
    for path in sorted(wanted):
        files.append(File.generated(config, f"{REPO_PREFIX}/{path}", abs_src_path=str(ROOT / path)))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    markdown = API_MARKER.sub(_api, markdown)
    for marker, render in GENERATED.items():
        if marker in markdown:
            markdown = markdown.replace(marker, render())
    src_uri = page.file.src_uri
    here = posixpath.dirname(src_uri) or "."

    def relink(match: re.Match[str]) -> str:
        path = _resolve(src_uri, match["target"])
        if not _outside_docs(path):
            if src_uri.startswith(f"{REPO_PREFIX}/"):  # a repository file linking into docs/
                new = posixpath.relpath(path[len("docs/") :], here)
                return f"{match.group(1)}{new}{match['rest']}"
            return match.group(0)
        if not (ROOT / path).is_file():
            log.warning("%s links to %s, which is not a file of the repository", src_uri, path)
            return match.group(0)
        new = posixpath.relpath(f"{REPO_PREFIX}/{path}", here)
        return f"{match.group(1)}{new}{match['rest']}"

    return _link_pattern(src_uri).sub(relink, markdown)


# Docstrings cross-reference in Sphinx's roles (:class:`~recallbench.judges.base.Judge`), which the
# Google-style rendering leaves as text: shown as the code they name, the last part of the dotted
# name when it starts with "~" (as Sphinx does).
SPHINX_ROLE = re.compile(r":(?:class|func|mod|meth|data|attr|exc|obj):<code>(~?)([^<]+)</code>")


def _role(match: re.Match[str]) -> str:
    name = match[2]
    return f"<code>{name.rsplit('.', 1)[-1] if match[1] else name}</code>"


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    return SPHINX_ROLE.sub(_role, html)
