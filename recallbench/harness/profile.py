"""Run profiles: a YAML file holding a run's settings, so a command line can stay short (reference §6.9).

A profile is written in one of two formats (``docs/profiles.md`` has complete examples of both).
The reference's sections::

    persona:  {id, dir?, arcs?}                 # dir: a persona directory (its parent is the data root)
    env:      {file?}                           # a dotenv file; variables already set win
    models:   {generation?, judge?, appellateJudge?, creation?, conversation?}
    harness:  {adapter, factory?, config?}      # config is passed verbatim to the factory
    run:      {ranges?, seed?, timeout?, parallelism?, sample?, judgeMemoryWindow?, groupsEnabled?,
               lifecycle?}
    generate: {days?, start?, end?, temperature?, maxTokens?, historyWindow?}

or flat keys named after the ``recallbench run`` flags (:data:`FLAT_KEYS`: ``adapter``, ``data``,
``personas``, ``arcs``, ``judge``, ``ranges``, …, plus ``config`` and ``env-file``), which map onto the
same settings. Section keys are spelled as the reference spells them (camelCase), flat keys as the flags
(``groups-enabled``; ``groups_enabled`` is the same key). A key the format does not know is an error
naming file, line and the nearest known key (the reference ignored unknown keys, so a misspelt key
silently did nothing); so is a profile mixing the two formats. Paths inside the profile
(``persona.dir``, ``data``, ``env.file``, ``env-file`` and an adapter spec naming a file) are resolved
relative to the profile file. Ranges take a list (``[6, 12d, 30d, 6mo]``), a string of the flag's forms
(``30d,90d`` or ``7:180:7``), a series ``{start, end, step}`` or ``{series: [...]}``. Every error is a
:class:`~recallbench.errors.ConfigError` naming the profile file, the line and the key.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn, cast

import attrs

from .._bounds import BOUNDS, PROFILE_KEYS
from .._importing import parse_object_spec
from ..data._yaml import Locator, load_yaml_located, read_text
from ..data.plan import LIFECYCLES, Lifecycle
from ..data.ranges import TimeRange, parse_ranges
from ..errors import ConfigError, DatasetError
from ..family.opening import option_owner
from ._dotenv import parse_dotenv
from ._profile_keys import (
    COMMAND_LINE_ONLY,
    FLAT_KEYS,
    FLAT_TO_SECTION,
    SECTION_KEYS,
    SECTION_RUN_KEYS,
    flat_name,
    unknown_key_message,
)
from .loading import is_grpc_spec, is_mcp_spec

__all__ = [
    "FLAT_KEYS",
    "EnvSection",
    "GenerateSection",
    "HarnessSection",
    "ModelsSection",
    "PersonaSection",
    "Profile",
    "RunSection",
    "apply_profile_env",
    "load_profile",
]


@attrs.frozen(kw_only=True)
class PersonaSection:
    """``persona:`` — which persona a run uses.

    Attributes:
        id: the persona id (its directory name).
        dir: the persona directory, absolute; its parent is the run's default data directory.
        arcs: the arcs file name inside the persona directory (``arcs-180d.yaml``).
    """

    id: str
    dir: Path | None = None
    arcs: str | None = None


@attrs.frozen(kw_only=True)
class EnvSection:
    """``env:`` — ``file``: a dotenv file (absolute path) loaded by :func:`apply_profile_env`."""

    file: Path | None = None


@attrs.frozen(kw_only=True)
class ModelsSection:
    """``models:`` — model selectors (reference §4.5). Only ``judge`` and ``appellate_judge`` are
    used by ``run``; the others are read and checked for the generation commands."""

    generation: str | None = None
    judge: str | None = None
    appellate_judge: str | None = None
    creation: str | None = None
    conversation: str | None = None


@attrs.frozen(kw_only=True)
class HarnessSection:
    """``harness:`` — the memory system under test.

    Attributes:
        adapter: an adapter spec (see :mod:`recallbench.harness.loading`); a relative file path in it is
            already resolved against the profile's directory.
        factory: the attribute of the adapter module that builds the adapter.
        config: passed verbatim to the factory.
    """

    adapter: str
    factory: str | None = None
    config: Mapping[str, Any] | None = attrs.field(default=None, hash=False)


@attrs.frozen(kw_only=True)
class RunSection:
    """``run:`` — run settings; None wherever the profile leaves the command's default.

    Attributes:
        ranges: the checkpoints, in the order given.
        seed: the shuffle seed (0: no shuffle).
        timeout: the per-question timeout in milliseconds.
        parallelism: questions in flight at once.
        sample: questions per checkpoint (stratified sampling).
        judge_memory_window: days either side of each relevant day shown to the judge.
        groups_enabled: whether group-gated categories are evaluated.
        lifecycle: ``fresh``, ``incremental`` or ``snapshot`` (ours; the reference has none).
        max_cost, prices: ``--max-cost`` (USD) and ``--prices`` (a price file); ours.
    """

    ranges: tuple[TimeRange, ...] | None = None
    seed: int | None = None
    timeout: int | float | None = None
    parallelism: int | None = None
    sample: int | None = None
    judge_memory_window: int | None = None
    groups_enabled: bool | None = None
    lifecycle: Lifecycle | None = None
    max_cost: int | float | None = None
    prices: Path | None = None


@attrs.frozen(kw_only=True)
class GenerateSection:
    """``generate:`` — settings of the generation commands (read and checked; ``run`` ignores them)."""

    days: int | None = None
    start: int | None = None
    end: int | None = None
    temperature: float | None = None
    max_tokens: int | None = None
    history_window: int | None = None


@attrs.frozen(kw_only=True)
class Profile:
    """A loaded profile.

    A flat profile fills the same sections (``judge`` is ``models.judge``, ``ranges`` is
    ``run.ranges``, …); only its ``data``, ``personas`` and ``arcs`` have fields of their own, since
    the reference's ``persona`` section names one persona by its directory.

    Attributes:
        path: the profile file, absolute.
        persona, harness: None when the profile has no such section.
        env, models, run, generate: always present; their fields are None where unset.
        data: a flat profile's ``data``: the personas root, absolute.
        personas: a flat profile's ``personas``: the persona ids to run.
        arcs: a flat profile's ``arcs``: the arcs file name.
    """

    path: Path
    persona: PersonaSection | None = None
    env: EnvSection = EnvSection()
    models: ModelsSection = ModelsSection()
    harness: HarnessSection | None = None
    run: RunSection = RunSection()
    generate: GenerateSection = GenerateSection()
    data: Path | None = None
    personas: tuple[str, ...] | None = None
    arcs: str | None = None

    @property
    def dir(self) -> Path:
        """The directory holding the profile: relative paths in it are resolved from here."""
        return self.path.parent

    @property
    def data_dir(self) -> Path | None:
        """The run's default data directory: ``data``, else the parent of ``persona.dir``."""
        if self.data is not None:
            return self.data
        if self.persona is None or self.persona.dir is None:
            return None
        return self.persona.dir.parent

    @property
    def persona_ids(self) -> tuple[str, ...] | None:
        """The personas the run uses: ``personas``, else ``persona.id`` (None: every persona)."""
        if self.personas is not None:
            return self.personas
        return (self.persona.id,) if self.persona is not None else None

    @property
    def arcs_file(self) -> str | None:
        """The arcs file name: ``arcs``, else ``persona.arcs`` (None: the command's default)."""
        if self.arcs is not None:
            return self.arcs
        return self.persona.arcs if self.persona is not None else None

    def resolve(self, path: str | Path) -> Path:
        """``path`` as the profile means it: absolute paths unchanged, relative ones from :attr:`dir`."""
        return _resolve(self.dir, path)


def _resolve(base: Path, path: str | Path) -> Path:
    p = Path(path)
    return p if p.is_absolute() else Path(os.path.normpath(base / p))


# ---------------------------------------------------------------------------------------------------
# Reading


def load_profile(path: Path | str) -> Profile:
    """Read and check a profile YAML file.

    Args:
        path: the profile file; relative paths inside it are resolved against its directory.

    Raises:
        ConfigError: the file is missing, is not YAML, or a key has the wrong type or value; the
            message names the file, the line and the key (``"run.seed" must be a finite number``).
    """
    profile_path = Path(os.path.abspath(path))
    try:
        raw, locator = load_yaml_located(profile_path)
    except DatasetError as exc:
        where = f"{profile_path}:{exc.line}" if exc.line is not None else str(profile_path)
        if exc.message.startswith("YAML syntax error"):
            raise ConfigError(
                f"profile {where}: Failed to parse profile YAML: "
                f"{exc.message.removeprefix('YAML syntax error: ')}"
            ) from None
        raise ConfigError(f"profile {where}: {exc.message}") from None
    reader = _Reader(profile_path, locator)
    if not isinstance(raw, dict):
        found = "an empty file" if raw is None else f"a {_kind(raw)}"
        reader.fail((), f"expected a mapping at the top level, found {found}")
    return reader.profile(raw)


KeyPath = tuple[str | int, ...]


class _Reader:
    def __init__(self, path: Path, locator: Locator):
        self.path = path
        self.locator = locator

    def fail(self, keypath: KeyPath, message: str) -> NoReturn:
        line = self.locator.line(keypath)
        where = f"{self.path}:{line}" if line is not None else str(self.path)
        raise ConfigError(f"profile {where}: {message}")

    # -- sections -------------------------------------------------------------------------------

    def profile(self, raw: dict[str, Any]) -> Profile:
        flat = [k for k in raw if flat_name(k) in FLAT_KEYS]
        for key in raw:
            if key in SECTION_KEYS or flat_name(key) in FLAT_KEYS:
                continue
            if flat_name(key) in COMMAND_LINE_ONLY or option_owner("--" + flat_name(key)):
                self.fail(
                    (key,),
                    f'"{key}" is a flag of recallbench run that a profile does not set: give it on '
                    f"the command line; a flat profile takes {', '.join(FLAT_KEYS)}",
                )
            self.fail((key,), unknown_key_message((), key))
        sections = [k for k in raw if k in SECTION_KEYS]
        if flat and sections:
            key = flat[0]
            self.fail(
                (key,),
                f'"{key}" is a flat key (a run flag) but the profile also has the reference\'s '
                f"section{'s' if len(sections) > 1 else ''} {', '.join(sections)}: write it as "
                f'"{FLAT_TO_SECTION[flat_name(key)]}" or use flat keys only (docs/profiles.md)',
            )
        if flat:
            return self.flat(raw)
        persona = self.section(raw, "persona")
        env = self.section(raw, "env")
        models = self.section(raw, "models")
        harness = self.section(raw, "harness")
        run = self.section(raw, "run")
        generate = self.section(raw, "generate")
        return Profile(
            path=self.path,
            persona=None if persona is None else self.persona(persona),
            env=EnvSection(file=self.path_value(env, ("env", "file"))),
            models=ModelsSection(
                generation=self.string(models, ("models", "generation")),
                judge=self.string(models, ("models", "judge")),
                appellate_judge=self.string(models, ("models", "appellateJudge")),
                creation=self.string(models, ("models", "creation")),
                conversation=self.string(models, ("models", "conversation")),
            ),
            harness=None if harness is None else self.harness(harness),
            run=self.run(run, "run", SECTION_RUN_KEYS),
            generate=GenerateSection(
                days=self.whole(generate, ("generate", "days")),
                start=self.whole(generate, ("generate", "start")),
                end=self.whole(generate, ("generate", "end")),
                temperature=self.number(generate, ("generate", "temperature")),
                max_tokens=self.whole(generate, ("generate", "maxTokens")),
                history_window=self.whole(generate, ("generate", "historyWindow")),
            ),
        )

    def flat(self, raw: dict[str, Any]) -> Profile:
        """A flat profile: keys named after the run flags, read into the same record."""
        by_name = {flat_name(k): k for k in raw}
        for name, key in by_name.items():
            if key != name and name in raw:
                self.fail((key,), f'"{key}" and "{name}" are the same key: give it once')

        def path(name: str) -> KeyPath:
            return (by_name.get(name, name),)

        adapter = self.string(raw, path("adapter"))
        config = self.value(raw, path("config"))
        if config is not None and not isinstance(config, dict):
            self.fail(path("config"), f'"config" must be a mapping, got {_show(config)}')
        if config is not None and adapter is None:
            self.fail(path("config"), '"config" is passed to the adapter: give "adapter" too')
        harness = None
        if adapter is not None:
            harness = HarnessSection(
                adapter=self.adapter_spec(adapter, path("adapter"), "adapter"), config=config
            )
        data = self.path_value(raw, path("data"))
        return Profile(
            path=self.path,
            env=EnvSection(file=self.path_value(raw, path("env-file"))),
            models=ModelsSection(
                judge=self.string(raw, path("judge")),
                appellate_judge=self.string(raw, path("appellate-judge")),
            ),
            harness=harness,
            run=self.run(raw, None, {name: by_name.get(name, name) for name in FLAT_KEYS}),
            data=data,
            personas=self.persona_list(raw, path("personas")),
            arcs=self.string(raw, path("arcs")),
        )

    def persona_list(self, raw: Mapping[str, Any], keypath: KeyPath) -> tuple[str, ...] | None:
        value = self.value(raw, keypath)
        if value is None:
            return None
        items = [i for i in re.split(r"[\s,]+", value) if i] if isinstance(value, str) else value
        if (
            not items
            or not isinstance(items, list)
            or not all(isinstance(i, str) and i.strip() for i in items)
        ):
            self.fail(
                keypath,
                f"{_key(keypath)} must be a persona id or a list of ids, got {_show(value)}",
            )
        return tuple(i.strip() for i in items)

    def section(self, raw: Mapping[str, Any], key: str) -> dict[str, Any] | None:
        value = raw.get(key)
        if value is None:
            return None
        if not isinstance(value, dict):
            self.fail((key,), f'"{key}" must be a mapping, got {_show(value)}')
        for inner in value:
            if inner not in SECTION_KEYS[key]:
                self.fail((key, inner), unknown_key_message((key,), inner))
        return value

    def persona(self, raw: dict[str, Any]) -> PersonaSection:
        persona_id = self.string(raw, ("persona", "id"))
        if persona_id is None:
            self.fail(("persona",), '"persona.id" must be a string (required in "persona")')
        return PersonaSection(
            id=persona_id,
            dir=self.path_value(raw, ("persona", "dir")),
            arcs=self.string(raw, ("persona", "arcs")),
        )

    def harness(self, raw: dict[str, Any]) -> HarnessSection:
        keypath: KeyPath = ("harness", "adapter")
        adapter = self.string(raw, keypath)
        if adapter is None:
            self.fail(("harness",), '"harness.adapter" must be a string (required in "harness")')
        config = raw.get("config")
        if config is not None and not isinstance(config, dict):
            self.fail(
                ("harness", "config"), f'"harness.config" must be a mapping, got {_show(config)}'
            )
        return HarnessSection(
            adapter=self.adapter_spec(adapter, keypath),
            factory=self.string(raw, ("harness", "factory")),
            config=config,
        )

    def adapter_spec(self, spec: str, keypath: KeyPath, name: str = "harness.adapter") -> str:
        if is_grpc_spec(spec) or is_mcp_spec(spec):  # an mcp: file is resolved when loaded
            return spec.strip()
        try:
            parsed = parse_object_spec(spec)
        except ConfigError as exc:
            self.fail(keypath, f'"{name}": {exc}')
        if not parsed.is_file:
            return spec.strip()
        resolved = str(_resolve(self.path.parent, parsed.target))
        return resolved if parsed.attr is None else f"{resolved}:{parsed.attr}"

    def run(
        self, raw: dict[str, Any] | None, section: str | None, keys: Mapping[str, str]
    ) -> RunSection:
        """The run settings, from the ``run`` section or a flat profile; ``keys`` maps each setting's
        flag name to the key that holds it."""

        def at(name: str) -> KeyPath:
            return (section, keys[name]) if section else (keys[name],)

        timeout, max_cost = self.number(raw, at("timeout")), self.number(raw, at("max-cost"))
        for name, number in (("timeout", timeout), ("max-cost", max_cost)):
            if number is not None and number <= 0:
                self.fail(at(name), f"{_key(at(name))} must be positive, got {_show(number)}")
        lifecycle = self.string(raw, at("lifecycle"))
        if lifecycle is not None and lifecycle not in LIFECYCLES:
            self.fail(
                at("lifecycle"),
                f"{_key(at('lifecycle'))} must be one of {', '.join(LIFECYCLES)}, "
                f"got {_show(lifecycle)}",
            )
        return RunSection(
            ranges=self.ranges(raw, at("ranges")),
            seed=self.whole(raw, at("seed")),
            timeout=timeout,
            parallelism=self.whole(raw, at("parallelism")),
            sample=self.whole(raw, at("sample")),
            judge_memory_window=self.whole(raw, at("judge-memory-window")),
            groups_enabled=self.boolean(raw, at("groups-enabled")),
            lifecycle=cast(Lifecycle | None, lifecycle),
            max_cost=max_cost,
            prices=self.path_value(raw, at("prices")),
        )

    def ranges(self, raw: dict[str, Any] | None, keypath: KeyPath) -> tuple[TimeRange, ...] | None:
        value = self.value(raw, keypath)
        name = _key(keypath)
        if value is None:
            return None
        if isinstance(value, list):
            if not value:
                self.fail(keypath, f"{name} is empty: give at least one range or leave it out")
            out: list[TimeRange] = []
            for i, entry in enumerate(value):
                try:
                    out.extend(parse_ranges([entry]))
                except ConfigError as exc:
                    self.fail((*keypath, i), f"{name} contains invalid entry {_show(entry)}: {exc}")
            return tuple(out)
        if isinstance(value, dict | str) or _is_number(value):
            try:
                return parse_ranges([value])
            except ConfigError as exc:
                self.fail(keypath, f"{name} is invalid: {exc}")
        self.fail(
            keypath,
            f"{name} must be a list of ranges, a {{start, end, step}} mapping or "
            f"a {{series: [...]}} mapping, got {_show(value)}",
        )

    # -- values ---------------------------------------------------------------------------------

    def value(self, raw: Mapping[str, Any] | None, keypath: KeyPath) -> Any:
        return None if raw is None else raw.get(str(keypath[-1]))

    def string(self, raw: Mapping[str, Any] | None, keypath: KeyPath) -> str | None:
        value = self.value(raw, keypath)
        if value is None or isinstance(value, str):
            return value
        self.fail(keypath, f"{_key(keypath)} must be a string, got {_show(value)}")

    def path_value(self, raw: Mapping[str, Any] | None, keypath: KeyPath) -> Path | None:
        value = self.string(raw, keypath)
        if value is None:
            return None
        if not value.strip():
            self.fail(keypath, f"{_key(keypath)} must be a path, got an empty string")
        return _resolve(self.path.parent, value)

    def number(self, raw: Mapping[str, Any] | None, keypath: KeyPath) -> int | float | None:
        value = self.value(raw, keypath)
        if value is None:
            return None
        if not _is_number(value):
            self.fail(keypath, f"{_key(keypath)} must be a finite number, got {_show(value)}")
        # Bounded as its flag is (recallbench._bounds); a bound excluding 0 is said as "positive".
        bound = BOUNDS.get(PROFILE_KEYS.get(_flag_spelling(str(keypath[-1])), ""))
        if bound is not None and value > bound.high:
            self.fail(keypath, f"{_key(keypath)}: {value!r} {bound.problem(value)}")
        if bound is not None and not bound.low_open and value < bound.low:
            self.fail(keypath, f"{_key(keypath)} must be at least {bound.low}, got {_show(value)}")
        return cast(int | float, value)

    def whole(self, raw: Mapping[str, Any] | None, keypath: KeyPath) -> int | None:
        value = self.number(raw, keypath)
        if value is None:
            return None
        if isinstance(value, float) and not value.is_integer():
            self.fail(keypath, f"{_key(keypath)} must be a whole number, got {_show(value)}")
        return int(value)

    def boolean(self, raw: Mapping[str, Any] | None, keypath: KeyPath) -> bool | None:
        value = self.value(raw, keypath)
        if value is None or isinstance(value, bool):
            return value
        self.fail(keypath, f"{_key(keypath)} must be a boolean, got {_show(value)}")


def _is_number(value: object) -> bool:
    return (
        not isinstance(value, bool)
        and isinstance(value, int | float)
        and (isinstance(value, int) or math.isfinite(value))
    )


def _flag_spelling(key: str) -> str:
    """A profile key as its flag spells it: ``judgeMemoryWindow`` → ``judge-memory-window``."""
    return flat_name(re.sub(r"(?<=[a-z])([A-Z])", r"-\1", key).lower())


def _key(keypath: KeyPath) -> str:
    return '"' + ".".join(str(k) for k in keypath) + '"'


def _kind(value: object) -> str:
    return {"list": "list", "str": "string", "int": "number", "float": "number"}.get(
        type(value).__name__, type(value).__name__
    )


def _show(value: object) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


# ---------------------------------------------------------------------------------------------------
# Environment


def apply_profile_env(profile: Profile) -> dict[str, str]:
    """Load the profile's ``env.file`` into ``os.environ``; variables already set are kept.

    The file holds ``KEY=VALUE`` lines; blank lines and ``#`` comments are skipped, a leading
    ``export`` is allowed, and quotes around a value are removed (``\\n`` in double quotes is a
    newline; an unquoted value ends at `` #``). Other lines are skipped with a logged warning, as
    dotenv does. No ``env.file`` is a no-op.

    Returns:
        The variables this call set (those not already in the environment).

    Raises:
        ConfigError: the env file is missing or unreadable.
    """
    file = profile.env.file
    if file is None:
        return {}
    try:
        text = read_text(file)
    except DatasetError as exc:
        raise ConfigError(f'profile {profile.path}: "env.file" {file}: {exc.message}') from None
    applied: dict[str, str] = {}
    for key, value in parse_dotenv(text, file).items():
        if key not in os.environ:
            os.environ[key] = value
            applied[key] = value
    return applied
