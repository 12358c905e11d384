"""Profiles (reference §6.9 and its profile.test.ts): parsing, checks with file and line, paths, env."""

from __future__ import annotations

import logging
import os
import textwrap
from pathlib import Path

import pytest

from recallbench import ConfigError, TimeRange
from recallbench.data.ranges import NAMED_RANGES
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
unknown: ignored
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


def test_snake_case_spelling_is_ignored_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="recallbench"):
        profile = load_profile(write(tmp_path, "models:\n  appellate_judge: azure:x\n"))
    assert profile.models.appellate_judge is None
    assert (
        '"models.appellate_judge" is ignored; did you mean "models.appellateJudge"' in caplog.text
    )


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
