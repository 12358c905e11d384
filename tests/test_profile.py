"""Profiles (reference §6.9 and its profile.test.ts): parsing, checks with file and line, paths, env."""

from __future__ import annotations

import argparse
import os
import re
import textwrap
from pathlib import Path

import pytest

from recallbench.data import TimeRange
from recallbench.data.ranges import NAMED_RANGES
from recallbench.errors import ConfigError
from recallbench.harness.profile import (
    EnvSection,
    GenerateSection,
    HarnessSection,
    ModelsSection,
    PersonaSection,
    Profile,
    RunSection,
    apply_profile_env,
    load_profile,
)

FULL = """\
persona:
  id: executive-assistant
  dir: ../personas/executive-assistant
  arcs: arcs-180d.yaml
env:
  file: ../.env
models:
  generation: claude
  judge: azure:gpt-5.4-mini
  appellateJudge: azure:gpt-5.4
  creation: openai:gpt-4o
  conversation: codex
harness:
  adapter: ../adapters/recall.py
  factory: createRecallAdapter
  config:
    synthesisProvider: azure
    searchK: 8
    nested: {a: [1, 2]}
run:
  ranges: [30d, 90d, 6mo]
  seed: 42
  timeout: 60000
  parallelism: 4
  sample: 50
  judgeMemoryWindow: 1
  groupsEnabled: false
  lifecycle: incremental
generate:
  days: 180
  start: 1
  end: 180
  temperature: 0.7
  maxTokens: 2000
  historyWindow: 3
"""


def write(tmp_path: Path, text: str, name: str = "profile.yaml") -> Path:
    path = tmp_path / "profiles" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_full_profile(tmp_path: Path) -> None:
    path = write(tmp_path, FULL)
    profile = load_profile(path)
    assert profile == Profile(
        path=path,
        persona=PersonaSection(
            id="executive-assistant",
            dir=tmp_path / "personas" / "executive-assistant",
            arcs="arcs-180d.yaml",
        ),
        env=EnvSection(file=tmp_path / ".env"),
        models=ModelsSection(
            generation="claude",
            judge="azure:gpt-5.4-mini",
            appellate_judge="azure:gpt-5.4",
            creation="openai:gpt-4o",
            conversation="codex",
        ),
        harness=HarnessSection(
            adapter=str(tmp_path / "adapters" / "recall.py"),
            factory="createRecallAdapter",
            config={"synthesisProvider": "azure", "searchK": 8, "nested": {"a": [1, 2]}},
        ),
        run=RunSection(
            ranges=(NAMED_RANGES["30d"], NAMED_RANGES["90d"], NAMED_RANGES["6mo"]),
            seed=42,
            timeout=60000,
            parallelism=4,
            sample=50,
            judge_memory_window=1,
            groups_enabled=False,
            lifecycle="incremental",
        ),
        generate=GenerateSection(
            days=180, start=1, end=180, temperature=0.7, max_tokens=2000, history_window=3
        ),
    )
    assert profile.path.is_absolute()
    assert profile.dir == tmp_path / "profiles"
    assert profile.data_dir == tmp_path / "personas"
    hash(profile)  # a value: hashable despite the config mapping


def test_relative_profile_path_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "harness: {adapter: adapter.py}\n")
    monkeypatch.chdir(tmp_path)
    profile = load_profile("profiles/profile.yaml")
    assert profile.path == tmp_path / "profiles" / "profile.yaml"
    assert profile.harness is not None
    assert profile.harness.adapter == str(tmp_path / "profiles" / "adapter.py")


def test_sparse_profile(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "harness:\n  adapter: grpc://localhost:50051\n"))
    assert profile.harness == HarnessSection(adapter="grpc://localhost:50051")
    assert profile.persona is None
    assert profile.env == EnvSection()
    assert profile.models == ModelsSection()
    assert profile.run == RunSection()
    assert profile.generate == GenerateSection()
    assert profile.data_dir is None


def test_null_sections_and_values_are_absent(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "run:\nmodels:\n  judge:\nharness:\n"))
    assert profile.run == RunSection()
    assert profile.models == ModelsSection()
    assert profile.harness is None


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("grpc://host:1234", "grpc://host:1234"),
        ("mypkg.adapters:create", "mypkg.adapters:create"),
        ("mypkg.adapters", "mypkg.adapters"),
        ("adapters/recall.py:make", "{dir}/adapters/recall.py:make"),
        ("../recall.py", "{root}/recall.py"),
        ("/opt/adapters/recall.py:make", "/opt/adapters/recall.py:make"),
    ],
)
def test_adapter_paths_resolved_against_the_profile(
    tmp_path: Path, spec: str, expected: str
) -> None:
    profile = load_profile(write(tmp_path, f"harness:\n  adapter: '{spec}'\n"))
    assert profile.harness is not None
    assert profile.harness.adapter == expected.format(dir=tmp_path / "profiles", root=tmp_path)


def test_resolve_keeps_absolute_paths(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "persona: {id: p, dir: /data/personas/p}\n"))
    assert profile.persona is not None
    assert profile.persona.dir == Path("/data/personas/p")
    assert profile.resolve("/abs/file") == Path("/abs/file")
    assert profile.resolve("rel/file") == tmp_path / "profiles" / "rel" / "file"
    assert profile.resolve("../up") == tmp_path / "up"


# ---------------------------------------------------------------------------------------------------
# Ranges


def test_mixed_ranges(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "run:\n  ranges: [6, 12d, '30d', 6mo]\n"))
    assert profile.run.ranges == (
        TimeRange(label="6d", days=6),
        TimeRange(label="12d", days=12),
        NAMED_RANGES["30d"],
        NAMED_RANGES["6mo"],
    )


def test_series_mapping(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "run:\n  ranges: {start: 6, end: 30, step: 6}\n"))
    assert profile.run.ranges is not None
    assert [r.days for r in profile.run.ranges] == [6, 12, 18, 24, 30]


def test_series_list(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "run:\n  ranges:\n    series: [7d, 14d, 1y]\n"))
    assert profile.run.ranges is not None
    assert [r.label for r in profile.run.ranges] == ["7d", "14d", "1y"]


def test_single_string_range(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "run:\n  ranges: 30d,90d\n"))
    assert profile.run.ranges == (NAMED_RANGES["30d"], NAMED_RANGES["90d"])


def test_weekly_range_rejected_with_line(tmp_path: Path) -> None:
    path = write(tmp_path, "run:\n  seed: 1\n  ranges:\n    - 30d\n    - weekly\n")
    with pytest.raises(ConfigError) as err:
        load_profile(path)
    message = str(err.value)
    assert f"profile {path}:5: " in message
    assert '"run.ranges" contains invalid entry "weekly"' in message


@pytest.mark.parametrize(
    ("ranges", "message"),
    [
        ("[]", '"run.ranges" is empty'),
        ("[true]", '"run.ranges" contains invalid entry true'),
        ("{start: 6, end: 30}", '"run.ranges" is invalid: range series .* lacks step'),
        ("{series: 30d}", "\"run.ranges\" is invalid: 'series' must be a list"),
        ("{start: 30, end: 6, step: 6}", '"run.ranges" is invalid: .*before start'),
        ("true", '"run.ranges" must be a list of ranges'),
    ],
)
def test_invalid_ranges(tmp_path: Path, ranges: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_profile(write(tmp_path, f"run:\n  ranges: {ranges}\n"))


# ---------------------------------------------------------------------------------------------------
# Errors


def test_list_top_level_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, "- harness\n- run\n")
    with pytest.raises(ConfigError, match=r"mapping at the top level, found a list") as err:
        load_profile(path)
    assert str(path) in str(err.value)


def test_empty_file_rejected(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"mapping at the top level, found an empty file"):
        load_profile(write(tmp_path, ""))


def test_broken_yaml(tmp_path: Path) -> None:
    path = write(tmp_path, "run:\n  seed: 42\n  ranges: [30d, 90d\n")
    with pytest.raises(ConfigError, match=r"Failed to parse profile YAML") as err:
        load_profile(path)
    assert f"profile {path}:" in str(err.value)


def test_missing_profile(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"profile .*nope\.yaml: file not found"):
        load_profile(tmp_path / "nope.yaml")


def test_numeric_model_spec_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, "models:\n  judge: azure:gpt-5.4-mini\n  appellateJudge: 5\n")
    with pytest.raises(ConfigError) as err:
        load_profile(path)
    assert f"profile {path}:3: " in str(err.value)
    assert '"models.appellateJudge" must be a string, got 5' in str(err.value)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("run:\n  seed: abc\n", 2, '"run.seed" must be a finite number, got "abc"'),
        ("run:\n  timeout: .inf\n", 2, '"run.timeout" must be a finite number, got inf'),
        ("run:\n  timeout: 0\n", 2, '"run.timeout" must be positive'),
        ("run:\n  seed: true\n", 2, '"run.seed" must be a finite number, got true'),
        ("run:\n  parallelism: 1.5\n", 2, '"run.parallelism" must be a whole number, got 1.5'),
        ("run:\n  parallelism: 0\n", 2, '"run.parallelism" must be at least 1, got 0'),
        ("run:\n  sample: -1\n", 2, '"run.sample" must be at least 0, got -1'),
        ("run:\n  groupsEnabled: 'yes'\n", 2, '"run.groupsEnabled" must be a boolean, got "yes"'),
        ("run:\n  lifecycle: forever\n", 2, '"run.lifecycle" must be one of fresh, incremental'),
        ("\n\nrun: [1, 2]\n", 3, '"run" must be a mapping, got \\[1, 2\\]'),
        ("harness:\n  adapter: a.py\n  config: [1]\n", 3, '"harness.config" must be a mapping'),
        ("harness:\n  factory: make\n", 1, '"harness.adapter" must be a string \\(required'),
        ("harness:\n  adapter: 'not a spec'\n", 2, '"harness.adapter": spec "not a spec" is'),
        ("persona:\n  dir: x\n", 1, '"persona.id" must be a string \\(required'),
        ("persona:\n  id: [a]\n", 2, '"persona.id" must be a string, got \\["a"\\]'),
        ("env:\n  file: ''\n", 2, '"env.file" must be a path, got an empty string'),
        ("generate:\n  temperature: hot\n", 2, '"generate.temperature" must be a finite number'),
        ("generate:\n  maxTokens: 0\n", 2, '"generate.maxTokens" must be at least 1'),
    ],
)
def test_wrong_types(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError, match=message) as err:
        load_profile(path)
    assert str(err.value).startswith(f"profile {path}:{line}: ")


def test_integral_floats_accepted_as_whole_numbers(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "run:\n  seed: 7.0\n  timeout: 1500.5\n"))
    assert profile.run.seed == 7
    assert isinstance(profile.run.seed, int)
    assert profile.run.timeout == 1500.5


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        # The reference ignored unknown keys: a misspelt one silently did nothing.
        (
            "run:\n  seed: 1\n  rangez: [30d]\n",
            3,
            'unknown key "run.rangez" (did you mean "run.ranges"?): "run" takes ranges, seed,',
        ),
        (
            "models:\n  appellate_judge: azure:x\n",
            2,
            'unknown key "models.appellate_judge" (did you mean "models.appellateJudge"?)',
        ),
        ("run:\n  judge: rubric\n", 2, 'unknown key "run.judge" (did you mean "models.judge"?)'),
        ("persona:\n  id: p\n  arc: a.yaml\n", 3, '(did you mean "persona.arcs"?)'),
        ("harness:\n  adapter: a.py\n  factroy: f\n", 3, '(did you mean "harness.factory"?)'),
        ("generate:\n  max_tokens: 5\n", 2, '(did you mean "generate.maxTokens"?)'),
        ("env:\n  path: .env\n", 2, 'unknown key "env.path": "env" takes file'),
        ("harnes:\n  adapter: a.py\n", 1, 'unknown key "harnes" (did you mean "harness"?)'),
        ("factory: make\n", 1, 'unknown key "factory" (did you mean "harness.factory"?)'),
        ("adaptor: a.py\n", 1, 'unknown key "adaptor" (did you mean "adapter"?)'),
        ("groupsEnabled: true\n", 1, '(did you mean "groups-enabled"?)'),
        ("unknown: ignored\n", 1, 'unknown key "unknown": a profile holds either'),
    ],
)
def test_unknown_keys_are_errors_with_line_and_nearest_key(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as err:
        load_profile(path)
    assert str(err.value).startswith(f"profile {path}:{line}: ")
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_harness_config_is_passed_verbatim_whatever_its_keys(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "harness:\n  adapter: a.py\n  config: {anyKey: 1}\n"))
    assert profile.harness is not None
    assert profile.harness.config == {"anyKey": 1}


# ---------------------------------------------------------------------------------------------------
# The flat format: keys named after the run flags


FLAT = """\
adapter: ../adapters/recall.py:make
config: {searchK: 8}
data: ../personas
personas: [executive-assistant, er-physician]
arcs: arcs-180d.yaml
judge: rubric
appellate-judge: azure:gpt-5.4
ranges: 7:28:7
sample: 50
seed: 7
groups-enabled: true
judge-memory-window: 1
lifecycle: incremental
parallelism: 4
timeout: 60000
env-file: ../.env
"""


def test_flat_profile_fills_the_same_settings(tmp_path: Path) -> None:
    path = write(tmp_path, FLAT)
    profile = load_profile(path)
    assert profile == Profile(
        path=path,
        env=EnvSection(file=tmp_path / ".env"),
        models=ModelsSection(judge="rubric", appellate_judge="azure:gpt-5.4"),
        harness=HarnessSection(
            adapter=f"{tmp_path / 'adapters' / 'recall.py'}:make", config={"searchK": 8}
        ),
        run=RunSection(
            ranges=tuple(TimeRange(label=f"{d}d", days=d) for d in (7, 14, 21, 28)),
            seed=7,
            timeout=60000,
            parallelism=4,
            sample=50,
            judge_memory_window=1,
            groups_enabled=True,
            lifecycle="incremental",
        ),
        data=tmp_path / "personas",
        personas=("executive-assistant", "er-physician"),
        arcs="arcs-180d.yaml",
    )
    assert profile.data_dir == tmp_path / "personas"
    assert profile.persona_ids == ("executive-assistant", "er-physician")
    assert profile.arcs_file == "arcs-180d.yaml"


def test_the_issue_profile_is_read_as_written(tmp_path: Path) -> None:
    """Issue 20: this ran the full default main job; every key now counts."""
    text = "adapter: mine.py\ndata: data\npersonas: tiny\njudge: rubric\nranges: 30d,90d\n"
    profile = load_profile(write(tmp_path, text))
    assert profile.harness == HarnessSection(adapter=str(tmp_path / "profiles" / "mine.py"))
    assert profile.data_dir == tmp_path / "profiles" / "data"
    assert profile.persona_ids == ("tiny",)
    assert profile.models.judge == "rubric"
    assert profile.run.ranges == (NAMED_RANGES["30d"], NAMED_RANGES["90d"])


def test_sections_give_the_same_accessors(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, FULL))
    assert profile.persona_ids == ("executive-assistant",)
    assert profile.arcs_file == "arcs-180d.yaml"
    empty = load_profile(write(tmp_path, "run: {seed: 1}\n"))
    assert (empty.data_dir, empty.persona_ids, empty.arcs_file) == (None, None, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("personas: a, b c\n", ("a", "b", "c")),
        ("personas: [a]\n", ("a",)),
        ("groups_enabled: false\njudge_memory_window: 2\n", None),
    ],
)
def test_flat_spellings(tmp_path: Path, text: str, expected: tuple[str, ...] | None) -> None:
    profile = load_profile(write(tmp_path, text))
    assert profile.personas == expected
    if expected is None:
        assert profile.run == RunSection(groups_enabled=False, judge_memory_window=2)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("adapter: a.py\nrun:\n  seed: 1\n", 1, '"adapter" is a flat key (a run flag) but the'),
        ("json-out: r.json\n", 1, '"json-out" is a flag of recallbench run that a profile does'),
        ("resume: p.jsonl\n", 1, "give it on the command line"),
        ("config: {a: 1}\n", 1, '"config" is passed to the adapter: give "adapter" too'),
        ("adapter: a.py\nconfig: [1]\n", 2, '"config" must be a mapping'),
        ("personas: [a, 1]\n", 1, '"personas" must be a persona id or a list of ids'),
        ("personas: ''\n", 1, '"personas" must be a persona id or a list of ids'),
        ("seed: 1\nranges: weekly\n", 2, '"ranges" is invalid: invalid time range'),
        ("parallelism: 0\n", 1, '"parallelism" must be at least 1, got 0'),
        ("judge-memory-window: -1\n", 1, '"judge-memory-window" must be at least 0'),
        ("timeout: 0\n", 1, '"timeout" must be positive'),
        ("lifecycle: forever\n", 1, '"lifecycle" must be one of fresh, incremental'),
        ("groups-enabled: 'yes'\n", 1, '"groups-enabled" must be a boolean'),
        ("judge: 5\n", 1, '"judge" must be a string, got 5'),
        ("adapter: 'not a spec'\n", 1, '"adapter": spec "not a spec" is'),
        ("seed: 1\nseed_x: 2\n", 2, 'unknown key "seed_x"'),
        ("groups-enabled: true\ngroups_enabled: true\n", 2, "are the same key"),
    ],
)
def test_flat_errors(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as err:
        load_profile(path)
    assert str(err.value).startswith(f"profile {path}:{line}: ")
    assert message in str(err.value)


def test_flat_keys_and_command_line_only_flags_cover_every_run_flag() -> None:
    """A new ``run`` flag is either a flat profile key or named as command-line only, so that a
    profile holding it gets a precise message instead of "unknown key"."""
    from recallbench.cli import build_parser
    from recallbench.harness._profile_keys import COMMAND_LINE_ONLY, FLAT_KEYS

    parser = build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    run = sub.choices["run"]
    from recallbench.family.opening import option_owner

    # A benchmark family's flags (--<family>-…) go with --data, never in a profile.
    flags = {
        o[2:]
        for a in run._actions
        for o in a.option_strings
        if o.startswith("--") and option_owner(o) is None
    }
    profile_only = {"config", "env-file"}
    unlisted = sorted(flags - set(FLAT_KEYS) - set(COMMAND_LINE_ONLY))
    assert not unlisted, (
        f"run flags {unlisted}: add each to FLAT_KEYS (and read it in cli/run.py) or to "
        "COMMAND_LINE_ONLY in recallbench/harness/_profile_keys.py"
    )
    stale = sorted((set(FLAT_KEYS) - profile_only | set(COMMAND_LINE_ONLY)) - flags)
    assert not stale, f"{stale} are no longer run flags"


def test_docs_profiles_examples_load(tmp_path: Path) -> None:
    """Every YAML example of docs/profiles.md is a profile that loads."""
    docs = Path(__file__).resolve().parents[1] / "docs" / "profiles.md"
    blocks = re.findall(r"```yaml\n(.*?)```", docs.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 2
    for i, block in enumerate(blocks):
        load_profile(write(tmp_path, block, f"example-{i}.yaml"))


# ---------------------------------------------------------------------------------------------------
# Environment


ENV_FILE = """\
# a comment
RB_TEST_PLAIN=plain value
export RB_TEST_EXPORTED=exported
RB_TEST_DOUBLE="double # not a comment"
RB_TEST_SINGLE='single\\n'
RB_TEST_MULTI="line1\\nline2"
RB_TEST_INLINE=value # a comment
RB_TEST_EMPTY=
RB_TEST_EXISTING=from the file
   RB_TEST_SPACED  =  spaced
not a variable line
"""


def test_env_file_applied_without_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = [line.split("=")[0].split()[-1] for line in ENV_FILE.splitlines() if "=" in line]
    for name in names:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("RB_TEST_EXISTING", "from the environment")
    (tmp_path / ".env").write_text(ENV_FILE, encoding="utf-8")
    profile = load_profile(write(tmp_path, "env:\n  file: ../.env\n"))
    applied = apply_profile_env(profile)
    assert applied == {
        "RB_TEST_PLAIN": "plain value",
        "RB_TEST_EXPORTED": "exported",
        "RB_TEST_DOUBLE": "double # not a comment",
        "RB_TEST_SINGLE": "single\\n",
        "RB_TEST_MULTI": "line1\nline2",
        "RB_TEST_INLINE": "value",
        "RB_TEST_EMPTY": "",
        "RB_TEST_SPACED": "spaced",
    }
    for name, value in applied.items():
        assert os.environ[name] == value
    assert os.environ["RB_TEST_EXISTING"] == "from the environment"
    # Applying again changes nothing: every variable is now set.
    assert apply_profile_env(profile) == {}


def test_env_noop_without_env_file(tmp_path: Path) -> None:
    assert apply_profile_env(load_profile(write(tmp_path, "run: {seed: 1}\n"))) == {}


def test_env_file_missing(tmp_path: Path) -> None:
    profile = load_profile(write(tmp_path, "env: {file: missing.env}\n"))
    with pytest.raises(ConfigError, match=r'"env.file" .*missing\.env: file not found') as err:
        apply_profile_env(profile)
    assert str(profile.path) in str(err.value)
