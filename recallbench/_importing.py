"""Import the object a ``pkg.module[:attr]`` or ``path/to/file.py[:attr]`` spec names.

A spec names a Python attribute in one of four ways::

    pkg.module:attr        an importable module and an attribute of it
    pkg.module             the same, with the caller's default attribute
    path/to/file.py:attr   a source file, imported under a private module name
    path/to/file.py        the same, with the default attribute

Relative file paths are resolved against ``base_dir`` (a profile's directory) or the working directory.
Every failure is a :class:`~recallbench.errors.ConfigError` that names the spec and says what was found.
Adapter, judge and model specs all resolve through here (:mod:`recallbench.harness.loading`,
:mod:`recallbench.models.factory`), which is why it sits below all of them.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import re
import sys
import types
from pathlib import Path

import attrs

from .errors import ConfigError

__all__ = [
    "ObjectSpec",
    "code_identity",
    "describe",
    "file_digest",
    "file_modules",
    "is_async",
    "load_object",
    "parse_object_spec",
]

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_DOTTED = re.compile(rf"^{_IDENT}(?:\.{_IDENT})*$")


# ---------------------------------------------------------------------------------------------------
# Spec strings


@attrs.frozen(kw_only=True)
class ObjectSpec:
    """A parsed ``pkg.module[:attr]`` or ``path/to/file.py[:attr]`` spec.

    Attributes:
        target: the module name, or the file path as written.
        attr: the attribute after the last ``:``, or None when the spec names none.
        is_file: whether ``target`` is a file path rather than a module name.
    """

    target: str
    attr: str | None
    is_file: bool

    def with_attr(self, attr: str) -> str:
        """The spec string naming ``attr`` of the same module or file."""
        return f"{self.target}:{attr}"


def parse_object_spec(spec: str) -> ObjectSpec:
    """Split a spec into module or file, and attribute. Pure: nothing is imported or opened.

    A target is a file when it ends in ``.py`` or contains a path separator; otherwise it must be a
    dotted module name. A Windows drive letter (``C:\\adapters\\mine.py``) is not taken for an
    attribute, because only a trailing ``:name`` made of identifiers is.

    Raises:
        ConfigError: the spec is empty, ends in ``:`` or names neither a module nor a file.
    """
    text = spec.strip()
    if not text:
        raise ConfigError("empty spec: expected pkg.module[:attr] or path/to/file.py[:attr]")
    if text.endswith(":"):
        raise ConfigError(
            f'spec "{spec}" ends with ":": name the attribute after it (pkg.module:attr), '
            "or leave the colon out to use the default"
        )
    target, attr = text, None
    head, sep, tail = text.rpartition(":")
    if sep and head and _DOTTED.match(tail):
        target, attr = head, tail
    is_file = target.endswith(".py") or "/" in target or "\\" in target
    if not is_file and not _DOTTED.match(target):
        raise ConfigError(
            f'spec "{spec}" is neither a module path (pkg.module[:attr]) nor a Python file '
            "(path/to/file.py[:attr])"
        )
    return ObjectSpec(target=target, attr=attr, is_file=is_file)


def load_object(spec: str, *, default_attr: str, base_dir: Path | None = None) -> object:
    """Import the module or file a spec names and return its attribute.

    File modules are imported under a private module name derived from their resolved path (so
    loading the same file twice reuses it). While the file runs, its directory is put at the front of
    ``sys.path`` so it can import its sibling modules; it is removed again afterwards.

    Args:
        spec: ``pkg.module:attr``, ``pkg.module``, ``path/to/file.py:attr`` or ``path/to/file.py``.
        default_attr: the attribute to use when the spec names none.
        base_dir: the directory relative file paths are resolved against (default: the working
            directory).

    Raises:
        ConfigError: the file does not exist, the module cannot be imported, importing it raised,
            or it has no such attribute (the message lists the usable ones it has).
    """
    parsed = parse_object_spec(spec)
    attr = parsed.attr or default_attr
    if parsed.is_file:
        path = Path(parsed.target).expanduser()
        if not path.is_absolute():
            path = (base_dir if base_dir is not None else Path.cwd()) / path
        module = _import_file(spec, path.resolve())
        where = f"file {path}"
    else:
        module = _import_module(spec, parsed.target)
        where = f"module {parsed.target}"
    return _get_attr(spec, module, attr, where, default=parsed.attr is None)


def _import_module(spec: str, name: str) -> types.ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise ConfigError(
            f'cannot load "{spec}": module {name} is not importable ({type(exc).__name__}: {exc})'
        ) from exc
    except Exception as exc:  # the user's module raised while importing: report, don't crash
        raise ConfigError(
            f'cannot load "{spec}": importing module {name} raised {type(exc).__name__}: {exc}'
        ) from exc


_FILE_MODULE = "_recallbench_file_"
"""The prefix of the module name a Python file is loaded under (its name then carries a hash of its
path, so that two files of one name do not collide)."""


def file_modules() -> list[types.ModuleType]:
    """The modules loaded from Python files (``path/to/file.py[:attr]``) in this process. Another
    process does not have them under their names: what they define must be sent by value."""
    return [m for name, m in list(sys.modules.items()) if name.startswith(_FILE_MODULE)]


def code_identity(target: object) -> dict[str, str]:
    """Where a class or function comes from, the same wherever it is installed: ``{"type":
    "pkg.module.QualName"}``; for one loaded from a Python file (``path/to/file.py:attr``), the
    file's name and a hash of its content instead of the module name (which hashes its path):
    ``{"type": "judge.py:judge", "source": "<16 hex of SHA-256>"}``."""
    module_name = getattr(target, "__module__", None) or "?"
    qualname = getattr(target, "__qualname__", None) or type(target).__qualname__
    if not module_name.startswith(_FILE_MODULE):
        return {"type": f"{module_name}.{qualname}"}
    module = sys.modules.get(module_name)
    file = getattr(module, "__file__", None)
    if not file:
        return {"type": f"file:{qualname}"}
    path = Path(file)
    source = file_digest(path)
    if source is None:
        return {"type": f"{path.name}:{qualname}"}
    return {"type": f"{path.name}:{qualname}", "source": source}


def file_digest(path: Path) -> str | None:
    """The first 16 hex of the SHA-256 of a file's content (None when it cannot be read): how a
    run's fingerprint names a Python file by what it holds rather than where it is."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return None


def _import_file(spec: str, path: Path) -> types.ModuleType:
    if not path.exists():
        raise ConfigError(f'cannot load "{spec}": file {path} not found')
    if path.is_dir():
        raise ConfigError(f'cannot load "{spec}": {path} is a directory, expected a .py file')
    digest = hashlib.sha1(str(path).encode("utf-8"), usedforsecurity=False).hexdigest()[:12]
    stem = re.sub(r"\W", "_", path.stem)
    name = f"{_FILE_MODULE}{stem}_{digest}"
    cached = sys.modules.get(name)
    if cached is not None:
        return cached
    module_spec = importlib.util.spec_from_file_location(name, path)
    if module_spec is None or module_spec.loader is None:
        raise ConfigError(
            f'cannot load "{spec}": {path} is not a Python source file (expected a .py file)'
        )
    module = importlib.util.module_from_spec(module_spec)
    # Registered before running, as a normal import would: dataclasses, attrs and pickle look
    # the module up by name while the class bodies execute.
    sys.modules[name] = module
    directory = str(path.parent)
    sys.path.insert(0, directory)
    try:
        module_spec.loader.exec_module(module)
    except Exception as exc:  # the user's file raised while importing: report, don't crash
        sys.modules.pop(name, None)
        raise ConfigError(
            f'cannot load "{spec}": importing file {path} raised {type(exc).__name__}: {exc}'
        ) from exc
    finally:
        # Only the entry we added, even if the module itself edited sys.path meanwhile.
        if sys.path and sys.path[0] == directory:
            del sys.path[0]
        elif directory in sys.path:
            sys.path.remove(directory)
    return module


def _get_attr(
    spec: str, module: types.ModuleType, attr: str, where: str, *, default: bool
) -> object:
    obj: object = module
    walked: list[str] = []
    for part in attr.split("."):
        if not hasattr(obj, part):
            if walked:
                owner = f"{where} attribute {'.'.join(walked)}"
                raise ConfigError(f'cannot load "{spec}": {owner} has no attribute "{part}"')
            usable = _usable_attributes(module)
            found = (
                f"usable attributes it has: {', '.join(usable)}"
                if usable
                else "it has no public functions, classes or objects with score or query"
            )
            which = " (the default; name another with :attr)" if default else ""
            raise ConfigError(
                f'cannot load "{spec}": {where} has no attribute "{attr}"{which}; {found}'
            )
        obj = getattr(obj, part)
        walked.append(part)
    return obj


def _usable_attributes(module: types.ModuleType) -> list[str]:
    """Public attributes that could be an adapter or judge: the module's own functions and classes,
    and objects with ``score`` or ``query`` (imports from other packages are left out)."""
    own_prefix = module.__name__.split(".")[0]
    names = []
    for name, value in vars(module).items():
        if name.startswith("_") or inspect.ismodule(value):
            continue
        if inspect.isclass(value) or inspect.isroutine(value):
            home = getattr(value, "__module__", None) or ""
            if home == module.__name__ or home.split(".")[0] == own_prefix:
                names.append(name)
        elif hasattr(value, "score") or hasattr(value, "query"):
            names.append(name)
    return sorted(names)


def is_async(fn: object) -> bool:
    return inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(
        getattr(fn, "__call__", None)  # noqa: B004 - an async __call__ counts as async
    )


def describe(obj: object) -> str:
    if inspect.isclass(obj) or inspect.isroutine(obj):
        return f"{getattr(obj, '__qualname__', obj)!s}"
    if obj is None:
        return "None"
    return f"a {type(obj).__name__} object"
