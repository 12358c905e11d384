"""Resolve ``--adapter`` and ``--judge`` strings to objects (reference §4.5, §6.1 adapter resolution).

A spec names a Python attribute in one of four ways::

    pkg.module:attr        an importable module and an attribute of it
    pkg.module             the same, with the caller's default attribute (``adapter`` / ``judge``)
    path/to/file.py:attr   a source file, imported under a private module name
    path/to/file.py        the same, with the default attribute

Relative file paths are resolved against ``base_dir`` (a profile's directory) or the working directory.
Everything can also be built directly in Python; these strings are sugar for the command line and profiles.
Every failure is a :class:`~recallbench.errors.ConfigError` that names the spec and says what was found.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import logging
import re
import sys
import types
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Literal, cast

import attrs

from .errors import ConfigError
from .protocols import Adapter, Judge, as_judge
from .scoring import StubJudge

__all__ = [
    "ADAPTER_METHODS",
    "BUILTIN_PREFIX",
    "DEFAULT_ADAPTER_ATTR",
    "DEFAULT_JUDGE_ATTR",
    "AdapterBuilder",
    "ObjectSpec",
    "StubJudge",
    "adapter_factory",
    "is_builtin_spec",
    "is_grpc_spec",
    "load_judge",
    "load_object",
    "make_adapter",
    "model_provider",
    "parse_object_spec",
]

logger = logging.getLogger("recallbench")

DEFAULT_ADAPTER_ATTR = "adapter"
"""The attribute an adapter spec without ``:attr`` names."""
DEFAULT_JUDGE_ATTR = "judge"
"""The attribute a judge spec without ``:attr`` names."""

ADAPTER_METHODS: tuple[str, ...] = (
    "setup",
    "ingest_day",
    "finalize_ingestion",
    "query",
    "teardown",
)
"""The async methods every adapter has (besides a string ``name``)."""

AdapterBuilder = Callable[[], Adapter | Awaitable[Adapter]]
"""What :func:`adapter_factory` returns: builds one adapter, possibly asynchronously. Pass it to
:func:`make_adapter` to get the adapter either way."""


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


BUILTIN_PREFIX = "builtin:"
"""Adapter specs naming a built-in adapter: ``builtin:bm25`` (see :mod:`recallbench.adapters`)."""


def is_builtin_spec(spec: str) -> bool:
    """Whether an adapter spec names a built-in adapter (``builtin:<name>``, any case)."""
    return spec.strip().lower().startswith(BUILTIN_PREFIX)


def is_grpc_spec(spec: str) -> bool:
    """Whether an adapter spec is a ``grpc://`` or ``grpcs://`` URL."""
    return spec.strip().lower().startswith(("grpc://", "grpcs://"))


def model_provider(spec: str) -> str | None:
    """What a judge or model selector names, per the reference's resolution order (§4.5).

    Returns ``claude``, ``codex`` or ``copilot`` for the CLI agents, ``openai`` for ``openai`` and
    ``openai:<model>``, ``anthropic`` or ``azure`` for ``<provider>:<model>[;<endpoint>]`` (provider
    case-insensitive), and None for anything else (a Python spec, ``stub``). The one grammar lives in
    :mod:`recallbench.modelspec`.
    """
    from .modelspec import named_model

    return named_model(spec)


# ---------------------------------------------------------------------------------------------------
# Loading


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


def _import_file(spec: str, path: Path) -> types.ModuleType:
    if not path.exists():
        raise ConfigError(f'cannot load "{spec}": file {path} not found')
    if path.is_dir():
        raise ConfigError(f'cannot load "{spec}": {path} is a directory, expected a .py file')
    digest = hashlib.sha1(str(path).encode("utf-8"), usedforsecurity=False).hexdigest()[:12]
    stem = re.sub(r"\W", "_", path.stem)
    name = f"_recallbench_file_{stem}_{digest}"
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


# ---------------------------------------------------------------------------------------------------
# Adapters


def adapter_factory(
    spec_or_obj: str | object,
    config: Mapping[str, Any] | None = None,
    *,
    factory: str | None = None,
    base_dir: Path | None = None,
    grpc_timeout: float | None = None,
    grpc_ca_file: str | Path | None = None,
) -> AdapterBuilder:
    """A builder of adapters from a spec string or an object.

    The object (or the attribute the spec names) may be:

    * an adapter object: the builder returns that same object every time;
    * an adapter class: the builder instantiates it, passing ``config`` as the single positional
      argument when ``__init__`` accepts one, else no arguments;
    * a factory function, sync or async: called with ``config`` when it accepts a parameter, else
      with none.

    When ``config`` is None and the class or function requires its parameter, it is passed ``{}``;
    when the parameter is optional it is left to its default. Every built object is checked to be
    an adapter (a string ``name`` and async ``setup``, ``ingest_day``, ``finalize_ingestion``,
    ``query`` and ``teardown``).

    A ``grpc://host[:port]`` or ``grpcs://host[:port]`` spec builds a fresh
    :class:`~recallbench.grpc.client.GrpcAdapter` per call, named by the config's ``name`` when it
    has one; the URL and CA file are checked at once.

    Args:
        spec_or_obj: ``builtin:<name>`` (:mod:`recallbench.adapters`), a spec (see
            :func:`load_object`; default attribute ``adapter``) or the adapter, class or factory
            itself.
        config: passed verbatim to the class or factory (a profile's ``harness.config``).
        factory: the attribute naming the factory (a profile's ``harness.factory``); only with a spec
            that names no attribute itself.
        base_dir: where relative file paths in the spec are resolved from.
        grpc_timeout: seconds per RPC of a ``grpc://`` / ``grpcs://`` adapter (None: 120).
        grpc_ca_file: a PEM CA file a ``grpcs://`` adapter trusts (wins over the config's
            ``caFile`` / ``ca_file``; relative config paths are resolved against ``base_dir``).

    Returns:
        A zero-argument callable returning an adapter or an awaitable of one; see
        :func:`make_adapter`.

    Raises:
        ConfigError: the spec cannot be loaded, is a malformed gRPC URL, names something that
            cannot build an adapter, or an object given is not an adapter.
    """
    if isinstance(spec_or_obj, str):
        spec = spec_or_obj.strip()
        if is_builtin_spec(spec):
            from .adapters import builtin_adapter_class

            if factory is not None:
                raise ConfigError(f'adapter "{spec}" is built in: it takes no factory "{factory}"')
            cls = builtin_adapter_class(spec)
            return _named(
                _class_builder(cls, config, f'adapter "{spec}"'), getattr(cls, "name", None)
            )
        if is_grpc_spec(spec):
            if factory is not None:
                raise ConfigError(
                    f'adapter "{spec}" is a gRPC URL: it takes no factory "{factory}"'
                )
            # Before Healthcheck the run knows the server by its URL (the reference's header does too).
            return _named(_grpc_builder(spec, config, base_dir, grpc_timeout, grpc_ca_file), spec)
        if factory is not None:
            parsed = parse_object_spec(spec)
            if parsed.attr is not None:
                raise ConfigError(
                    f'adapter "{spec}" names an attribute and a factory "{factory}" is given too; '
                    "name one of them"
                )
            spec = parsed.with_attr(factory)
        obj = load_object(spec, default_attr=DEFAULT_ADAPTER_ATTR, base_dir=base_dir)
        label = f'adapter "{spec}"'
        if factory is not None and not callable(obj):
            raise ConfigError(
                f'{label}: the factory "{factory}" is a {type(obj).__name__}, not a class or '
                "function"
            )
    else:
        obj = spec_or_obj
        label = f"adapter {_describe(obj)}"

    if not inspect.isclass(obj) and (_looks_like_adapter(obj) or not callable(obj)):
        adapter = _check_adapter(obj, label)
        if config:
            logger.warning("%s is an adapter object, not a factory: its config is not used", label)
        return lambda: adapter

    return _class_builder(obj, config, label)


def _named(builder: AdapterBuilder, name: object) -> AdapterBuilder:
    """The builder, carrying the name its adapters will have (the progress header's ``adapterName``,
    written before any adapter exists)."""
    if isinstance(name, str) and name:
        builder.name = name  # type: ignore[attr-defined]
    return builder


def _grpc_builder(
    url: str,
    config: Mapping[str, Any] | None,
    base_dir: Path | None,
    timeout: float | None,
    ca_file: str | Path | None,
) -> AdapterBuilder:
    """A builder of gRPC client adapters; builds one at once so a bad URL or CA file fails now."""
    from .grpc.client import DEFAULT_GRPC_TIMEOUT, GrpcAdapter

    settings = dict(config or {})
    name = settings.get("name")
    if name is not None and not isinstance(name, str):
        raise ConfigError(f'adapter "{url}": config "name" must be a string')
    if ca_file is None:
        configured = settings.get("caFile", settings.get("ca_file"))
        if configured is not None and not isinstance(configured, str):
            raise ConfigError(f'adapter "{url}": config "caFile" must be a string path')
        if configured:
            path = Path(configured).expanduser()
            ca_file = path if path.is_absolute() or base_dir is None else base_dir / path

    def build() -> Adapter:
        return GrpcAdapter(
            url,
            timeout=timeout if timeout is not None else DEFAULT_GRPC_TIMEOUT,
            name=name or None,
            ca_file=ca_file,
        )

    build()  # constructing opens nothing: it only parses the URL and reads the CA file
    return build


def _class_builder(obj: object, config: Mapping[str, Any] | None, label: str) -> AdapterBuilder:
    """A builder calling a class or factory (with the config when it takes one)."""
    call = _bind_config(cast(Callable[..., object], obj), config, label)

    def build() -> Adapter | Awaitable[Adapter]:
        result = call()
        if inspect.isawaitable(result) and not _looks_like_adapter(result):
            return _await_adapter(result, label)
        return _check_adapter(result, label)

    return build


async def make_adapter(factory: Callable[[], Adapter | Awaitable[Adapter]]) -> Adapter:
    """Build one adapter with a builder from :func:`adapter_factory` (or any plain factory),
    awaiting it when it is async."""
    result = factory()
    if inspect.isawaitable(result) and not _looks_like_adapter(result):
        return await result
    return cast(Adapter, result)


async def _await_adapter(pending: Awaitable[object], label: str) -> Adapter:
    return _check_adapter(await pending, label)


def _looks_like_adapter(obj: object) -> bool:
    return hasattr(obj, "query") or hasattr(obj, "setup")


def _is_async(fn: object) -> bool:
    return inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(
        getattr(fn, "__call__", None)  # noqa: B004 - an async __call__ counts as async
    )


def _check_adapter(obj: object, label: str) -> Adapter:
    missing = [] if isinstance(getattr(obj, "name", None), str) else ["name (a string)"]
    not_async = []
    for method in ADAPTER_METHODS:
        fn = getattr(obj, method, None)
        if fn is None:
            missing.append(method)
        elif not _is_async(fn):
            not_async.append(method)
    if missing or not_async:
        problems = []
        if missing:
            problems.append(f"missing {', '.join(missing)}")
        if not_async:
            problems.append(f"not async: {', '.join(not_async)}")
        raise ConfigError(
            f"{label} did not produce an adapter: {'; '.join(problems)} (got {_describe(obj)}); "
            f"an adapter has a string name and async {', '.join(ADAPTER_METHODS)}"
        )
    return cast(Adapter, obj)


def _bind_config(
    fn: Callable[..., object], config: Mapping[str, Any] | None, label: str
) -> Callable[[], object]:
    arity = _config_arity(fn, label)
    if arity == "none":
        if config:
            logger.warning("%s takes no arguments: its config is not used", label)
        return lambda: fn()
    if config is not None:
        return lambda: fn(config)
    if arity == "required":
        return lambda: fn({})
    return lambda: fn()


def _config_arity(fn: Callable[..., object], label: str) -> Literal["none", "optional", "required"]:
    """Whether a class or factory takes the config: not at all, optionally, or necessarily."""
    if inspect.isclass(fn) and _inherits_object_init(fn):
        return "none"
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):  # some builtins and C types have no signature
        return "optional"
    positional = [
        p
        for p in signature.parameters.values()
        if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    ]
    required = [p for p in positional if p.default is inspect.Parameter.empty]
    keyword_required = [
        p.name
        for p in signature.parameters.values()
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is inspect.Parameter.empty
    ]
    if len(required) > 1 or keyword_required:
        names = [p.name for p in required] + keyword_required
        raise ConfigError(
            f"{label} cannot be called with at most one argument (the config mapping): it "
            f"requires {', '.join(names)}"
        )
    if required:
        return "required"
    takes_var = any(
        p.kind is inspect.Parameter.VAR_POSITIONAL for p in signature.parameters.values()
    )
    return "optional" if positional or takes_var else "none"


def _inherits_object_init(cls: type) -> bool:
    """True when a class has no ``__init__`` of its own making: ``object``'s, or the placeholder
    ``typing.Protocol`` puts on explicit subclasses of a protocol (its signature says ``*args``)."""
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        if init is None:
            continue
        return init is object.__init__ or getattr(init, "__module__", None) == "typing"
    return True


def _describe(obj: object) -> str:
    if inspect.isclass(obj) or inspect.isroutine(obj):
        return f"{getattr(obj, '__qualname__', obj)!s}"
    if obj is None:
        return "None"
    return f"a {type(obj).__name__} object"


# ---------------------------------------------------------------------------------------------------
# Judges


def load_judge(spec: str, *, base_dir: Path | None = None, timeout: float | None = None) -> Judge:
    """A judge from a ``--judge`` / ``--appellate-judge`` spec.

    * ``stub``: :class:`StubJudge` (zeros); ``rubric``: the offline
      :class:`~recallbench.judges.rubric.RubricJudge`;
    * a model selector (``claude``, ``codex``, ``copilot``, ``openai[:model[;endpoint]]``,
      ``anthropic:model[;endpoint]``, ``azure:deployment[;endpoint]``): an
      :class:`~recallbench.judges.llm.LlmJudge` over that model, named by the spec;
    * a Python spec (``pkg.module[:attr]`` or ``file.py[:attr]``, default attribute ``judge``): a
      judge object (an async ``score``), a judge class (instantiated without arguments), an async
      ``score(question, reference, answer, context)`` function — or a text model (an async
      ``complete``), which is wrapped in an LLM judge.

    Args:
        spec: the selector.
        base_dir: where relative file paths are resolved from.
        timeout: seconds per model call for LLM judges (None: the model's default).

    Raises:
        ConfigError: the spec cannot be parsed or loaded, or does not give a judge.
    """
    text = spec.strip()
    lowered = text.lower()
    if lowered == "stub":
        return StubJudge()
    if lowered == "rubric":
        from .judges.rubric import RubricJudge

        return RubricJudge()
    if model_provider(text) is not None:
        from .judges.llm import LlmJudge
        from .models.factory import load_model

        return cast(Judge, LlmJudge(load_model(text, timeout=timeout), name=text))
    obj = load_object(text, default_attr=DEFAULT_JUDGE_ATTR, base_dir=base_dir)
    label = f'judge "{text}"'
    if inspect.isclass(obj):
        cls = obj
        try:
            obj = cls()
        except Exception as exc:  # the user's class raised: report it as a configuration problem
            raise ConfigError(
                f"{label}: instantiating {cls.__qualname__}() raised {type(exc).__name__}: {exc} "
                "(a judge class is instantiated without arguments)"
            ) from exc
    elif inspect.iscoroutinefunction(obj):
        return as_judge(cast(Any, obj))
    elif inspect.isroutine(obj):
        raise ConfigError(
            f"{label} is a plain function; a judge function must be "
            "async def score(question, reference, answer, context)"
        )
    score = getattr(obj, "score", None)
    if score is None:
        complete = getattr(obj, "complete", None)
        if complete is not None and _is_async(complete):
            from .judges.llm import LlmJudge

            return cast(Judge, LlmJudge(cast(Any, obj), name=text))
    if score is None or not _is_async(score):
        found = "no score method" if score is None else "a score that is not async"
        raise ConfigError(
            f"{label} did not produce a judge: {_describe(obj)} has {found}; a judge has "
            "async score(question, reference, answer, context) (or a text model, async "
            "complete(system_prompt, user_message))"
        )
    return cast(Judge, obj)
