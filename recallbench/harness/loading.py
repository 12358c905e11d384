"""Resolve ``--adapter`` strings to adapters (``--judge`` strings: :mod:`.judge_loading`) (reference §4.5, §6.1 adapter resolution).

Besides ``builtin:<name>``, ``grpc://`` URLs and model selectors, a spec names a Python attribute:
``pkg.module[:attr]`` or ``path/to/file.py[:attr]`` (see :mod:`recallbench._importing`; the default
attribute is ``adapter`` or ``judge``). Relative file paths are resolved against ``base_dir`` (a
profile's directory) or the working directory. Everything can also be built directly in Python; these strings are sugar for the command line and profiles.
Every failure is a :class:`~recallbench.errors.ConfigError` that names the spec and says what was found;
a spec that names nothing importable lists the accepted forms and the nearest one (``bm25`` →
``builtin:bm25``, ``gpt-4o-mini`` → ``openai:gpt-4o-mini``), and an adapter class is checked against
the protocol when it is loaded, before any adapter is built.
"""

from __future__ import annotations

import difflib
import importlib.util
import inspect
import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast

from .._importing import describe, is_async, load_object, parse_object_spec
from ..adapters.base import (
    ADAPTER_METHODS,
    Adapter,
    AdapterBuilder,
    built_adapter,
    check_adapter,
    looks_like_adapter,
    required_methods,
)
from ..adapters.grpc.options import GrpcClientOptions
from ..errors import ConfigError

__all__ = [
    "BUILTIN_PREFIX",
    "DEFAULT_ADAPTER_ATTR",
    "AdapterSpec",
    "adapter_factory",
    "adapter_spec_forms",
    "check_adapter_class",
    "is_builtin_spec",
    "is_grpc_spec",
    "is_mcp_spec",
    "model_provider",
    "spec_error",
    "unresolvable_spec",
]

logger = logging.getLogger("recallbench")

DEFAULT_ADAPTER_ATTR = "adapter"
"""The attribute an adapter spec without ``:attr`` names."""

BUILTIN_PREFIX = "builtin:"
"""Adapter specs naming a built-in adapter: ``builtin:bm25`` (see :mod:`recallbench.adapters`)."""


def adapter_spec_forms() -> str:
    """Every accepted ``--adapter`` form, as error messages list them (with the built-in names)."""
    from ..adapters.builtin import BUILTIN_ADAPTERS
    from ..adapters.mcp.presets import PRESETS

    return (
        f"{BUILTIN_PREFIX}<name> ({', '.join(BUILTIN_ADAPTERS)}) | grpc://HOST[:PORT] | "
        f"grpcs://HOST[:PORT] | mcp:<preset> ({', '.join(PRESETS)}) | mcp:path/to/config.yaml | "
        "pkg.module[:attr] | path/to/file.py[:attr]"
    )


def unresolvable_spec(text: str, base_dir: Path | None) -> tuple[str, str | None] | None:
    """Why a spec cannot name a Python object, found without importing anything, with the file it
    may have meant (``mine`` or ``./mine`` when ``mine.py`` is there); None when it may name one
    (loading then says more)."""
    try:
        parsed = parse_object_spec(text)
    except ConfigError:
        return "not a known name, a module path or a Python file", None
    base = base_dir or Path.cwd()
    attr = f":{parsed.attr}" if parsed.attr else ""
    if parsed.is_file:
        path = Path(parsed.target).expanduser()
        path = path if path.is_absolute() else base / path
        if path.exists() or path.name.endswith(".py"):
            return None  # loading says whether it is there
        with_py = path.with_name(path.name + ".py")
        meant = f"{parsed.target}.py{attr}" if with_py.is_file() else None
        return f"file {path} not found", meant
    top = parsed.target.split(".")[0]
    try:
        found = importlib.util.find_spec(top) is not None
    except (ImportError, ValueError):  # a broken package on the path: loading reports it
        found = True
    if found:
        return None
    as_file = parsed.target.replace(".", "/") + ".py"
    return f"no module named {top}", (f"{as_file}{attr}" if (base / as_file).is_file() else None)


def _suggest_adapter(text: str) -> str | None:
    """The adapter spec a mistyped one most likely meant: ``bm25`` → ``builtin:bm25``,
    ``grpc:host:1`` → ``grpc://host:1``, ``host:50051`` → ``grpc://host:50051``."""
    from ..adapters.builtin import BUILTIN_ADAPTERS

    close = difflib.get_close_matches(text.lower(), list(BUILTIN_ADAPTERS), n=1, cutoff=0.75)
    if close:
        return f"{BUILTIN_PREFIX}{close[0]}"
    from ..adapters.mcp.presets import PRESETS

    close = difflib.get_close_matches(text.lower(), list(PRESETS), n=1, cutoff=0.75)
    if close:
        return f"mcp:{close[0]}"
    scheme = re.fullmatch(r"(grpcs?):/{0,3}(.+)", text, re.IGNORECASE)
    if scheme:
        return f"{scheme.group(1).lower()}://{scheme.group(2)}"
    if re.fullmatch(r"[\w.-]+:\d+", text):
        return f"grpc://{text}"
    return None


def spec_error(kind: str, text: str, problem: str, suggestion: str | None, forms: str) -> str:
    hint = f" (did you mean {suggestion}?)" if suggestion else ""
    return f'cannot load {kind} "{text}": {problem}{hint}; {kind} specs are: {forms}'


def is_builtin_spec(spec: str) -> bool:
    """Whether an adapter spec names a built-in adapter (``builtin:<name>``, any case)."""
    return spec.strip().lower().startswith(BUILTIN_PREFIX)


def is_mcp_spec(spec: str) -> bool:
    """Whether an adapter spec names the MCP adapter: ``mcp:<preset>``, ``mcp:<file>`` or ``mcp:``
    (the mapping is the adapter config)."""
    return spec.strip().lower().startswith("mcp:")


def is_grpc_spec(spec: str) -> bool:
    """Whether an adapter spec is a ``grpc://`` or ``grpcs://`` URL."""
    return spec.strip().lower().startswith(("grpc://", "grpcs://"))


def model_provider(spec: str) -> str | None:
    """What a judge or model selector names, per the reference's resolution order (§4.5).

    Returns ``claude``, ``codex`` or ``copilot`` for the CLI agents, ``openai`` for ``openai`` and
    ``openai:<model>``, ``anthropic`` or ``azure`` for ``<provider>:<model>[;<endpoint>]`` (provider
    case-insensitive), and None for anything else (a Python spec, ``stub``). The one grammar lives in
    :mod:`recallbench.models.spec`.
    """
    from ..models.spec import named_model

    return named_model(spec)


# ---------------------------------------------------------------------------------------------------
# Adapters


def adapter_factory(
    spec_or_obj: str | object,
    config: Mapping[str, Any] | None = None,
    *,
    factory: str | None = None,
    base_dir: Path | None = None,
    grpc: GrpcClientOptions | None = None,
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
    :class:`~recallbench.adapters.grpc.client.GrpcAdapter` per call, named by the config's ``name`` when it
    has one; the URL and CA file are checked at once.

    Args:
        spec_or_obj: ``builtin:<name>`` (:mod:`recallbench.adapters`), a spec (see
            :func:`load_object`; default attribute ``adapter``) or the adapter, class or factory
            itself.
        config: passed verbatim to the class or factory (a profile's ``harness.config``).
        factory: the attribute naming the factory (a profile's ``harness.factory``); only with a spec
            that names no attribute itself.
        base_dir: where relative file paths in the spec are resolved from.
        grpc: how a ``grpc://`` / ``grpcs://`` adapter connects (timeout, CA file, token file,
            message cap); each setting wins over the config's ``caFile`` / ``tokenFile`` /
            ``maxMessageMb`` (relative config paths are resolved against ``base_dir``).

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
            from ..adapters.builtin import builtin_adapter_class

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
            options = grpc or GrpcClientOptions()
            return _named(_grpc_builder(spec, config, base_dir, options), spec)
        if is_mcp_spec(spec):
            from ..adapters.mcp.spec import mcp_builder

            if factory is not None:
                raise ConfigError(
                    f'adapter "{spec}" is an MCP server: it takes no factory "{factory}"'
                )
            return cast(AdapterBuilder, mcp_builder(spec, config, base_dir=base_dir))
        unresolvable = unresolvable_spec(spec, base_dir)
        if unresolvable is not None:
            problem, suggestion = unresolvable
            raise ConfigError(
                spec_error(
                    "adapter",
                    spec,
                    problem,
                    suggestion or _suggest_adapter(spec),
                    adapter_spec_forms(),
                )
            )
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
        label = f"adapter {describe(obj)}"

    if not inspect.isclass(obj) and (looks_like_adapter(obj) or not callable(obj)):
        adapter = check_adapter(obj, label)
        if config:
            logger.warning("%s is an adapter object, not a factory: its config is not used", label)

        def same() -> Adapter:
            return adapter

        same.made_from = adapter  # type: ignore[attr-defined]
        return same

    if inspect.isclass(obj):
        check_adapter_class(obj, label)
    return _class_builder(obj, config, label)


class AdapterSpec:
    """A factory of adapters named by a spec: :func:`adapter_factory`'s builder, loaded at once (a
    bad spec fails here), that pickles as its spec — a process it is sent to (a Ray worker) loads
    the spec again, from the same files, on its first call.

    Args and the spec forms: those of :func:`adapter_factory`.
    """

    def __init__(
        self,
        spec: str,
        config: Mapping[str, Any] | None = None,
        *,
        factory: str | None = None,
        base_dir: Path | None = None,
        grpc: GrpcClientOptions | None = None,
    ):
        self.spec, self.config, self.factory, self.grpc = spec, config, factory, grpc
        self.base_dir = base_dir.resolve() if base_dir is not None else None
        self._builder: AdapterBuilder | None = self._load()

    def _load(self) -> AdapterBuilder:
        return adapter_factory(
            self.spec, self.config, factory=self.factory, base_dir=self.base_dir, grpc=self.grpc
        )

    @property
    def name(self) -> str | None:
        """The name its adapters will have, when the spec tells it before one is built."""
        builder = self._builder or self._load()
        name = getattr(builder, "name", None)
        return name if isinstance(name, str) else None

    def __call__(self) -> Adapter | Awaitable[Adapter]:
        if self._builder is None:
            self._builder = self._load()
        return self._builder()

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_builder": None}

    def lacks(self, methods: Sequence[str]) -> list[str]:
        """Which of ``methods`` its adapters lack, known before any setup: from the class or adapter
        object the spec names (a ``grpc://`` spec: the gRPC client's), or from one adapter a
        factory function builds and drops (nothing was set up); ``[]`` when it cannot tell (an MCP
        spec, a factory returning an awaitable)."""
        builder = self._builder or self._load()
        made = getattr(builder, "made_from", None)
        if made is None:
            return []
        if not inspect.isclass(made) and callable(made) and not looks_like_adapter(made):
            built = builder()  # a factory function: what it builds is known once it has built one
            if inspect.isawaitable(built):
                if inspect.iscoroutine(built):
                    built.close()
                return []
            made = built
        return [m for m in methods if not callable(getattr(made, m, None))]

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __repr__(self) -> str:
        return f"AdapterSpec({self.spec!r})"


def check_adapter_class(cls: type, label: str) -> None:
    """Refuse, before any adapter is built, a class whose instances cannot be adapters: one that
    lacks one of the protocol's methods or defines it without ``async``. (Its ``name`` may be set
    in ``__init__``, so it is checked on the built adapter.) A class answering unknown attributes
    through ``__getattr__`` is left to that later check.

    Raises:
        ConfigError: one line naming the class and what it lacks.
    """
    if any("__getattr__" in vars(klass) for klass in cls.__mro__[:-1]):
        return
    needed = required_methods(cls)
    missing = [m for m in needed if getattr(cls, m, None) is None]
    not_async = [m for m in needed if m not in missing and not is_async(getattr(cls, m))]
    if missing or not_async:
        problems = [f"missing {', '.join(missing)}"] if missing else []
        problems += [f"not async: {', '.join(not_async)}"] if not_async else []
        raise ConfigError(
            f"{label}: class {cls.__qualname__} is not an adapter ({'; '.join(problems)}); an "
            f"adapter class defines async {', '.join(ADAPTER_METHODS)} and has a string name "
            "(docs/adapters.md)"
        )


def _named(builder: AdapterBuilder, name: object) -> AdapterBuilder:
    """The builder, carrying the name its adapters will have (the progress header's ``adapterName``,
    written before any adapter exists)."""
    if isinstance(name, str) and name:
        builder.name = name  # type: ignore[attr-defined]
    return builder


def _grpc_builder(
    url: str, config: Mapping[str, Any] | None, base_dir: Path | None, options: GrpcClientOptions
) -> AdapterBuilder:
    """A builder of gRPC client adapters; builds one at once so a bad URL, CA or token file fails
    now."""
    from ..adapters.grpc.client import DEFAULT_GRPC_TIMEOUT, DEFAULT_MAX_MESSAGE_MB, GrpcAdapter

    settings = dict(config or {})
    name = settings.get("name")
    if name is not None and not isinstance(name, str):
        raise ConfigError(f'adapter "{url}": config "name" must be a string')

    def configured_path(key: str, given: str | Path | None) -> str | Path | None:
        if given is not None:
            return given
        snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in key)
        value = settings.get(key, settings.get(snake))
        if value is not None and not isinstance(value, str):
            raise ConfigError(f'adapter "{url}": config "{key}" must be a string path')
        if not value:
            return None
        path = Path(value).expanduser()
        return path if path.is_absolute() or base_dir is None else base_dir / path

    ca_file = configured_path("caFile", options.ca_file)
    token_file = configured_path("tokenFile", options.token_file)
    cap = options.max_message_mb
    if cap is None:
        value = settings.get("maxMessageMb", settings.get("max_message_mb"))
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)):
            raise ConfigError(f'adapter "{url}": config "maxMessageMb" must be a number of MiB')
        cap = float(value) if value is not None else DEFAULT_MAX_MESSAGE_MB
    unary = options.unary
    if unary is None:
        unary = settings.get("unary", False)
        if not isinstance(unary, bool):
            raise ConfigError(f'adapter "{url}": config "unary" must be true or false')

    def build() -> Adapter:
        return GrpcAdapter(
            url,
            timeout=options.timeout if options.timeout is not None else DEFAULT_GRPC_TIMEOUT,
            name=name or None,
            ca_file=ca_file,
            token_file=token_file,
            max_message_mb=cap,
            stream=not unary,
        )

    build()  # constructing opens nothing: it parses the URL and reads the CA and token files
    build.made_from = GrpcAdapter  # type: ignore[attr-defined]
    return build


def _class_builder(obj: object, config: Mapping[str, Any] | None, label: str) -> AdapterBuilder:
    """A builder calling a class or factory (with the config when it takes one)."""
    call = _bind_config(cast(Callable[..., object], obj), config, label)

    def build() -> Adapter | Awaitable[Adapter]:
        return built_adapter(call(), label)

    build.made_from = obj  # type: ignore[attr-defined]
    return build


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


# ---------------------------------------------------------------------------------------------------
# Judges
