"""Resolving adapter and judge specs (reference §4.5, §6.1): every way to name one, every error."""

from __future__ import annotations

import logging
import re
import sys
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from recallbench import JudgeScore
from recallbench._importing import ObjectSpec, load_object, parse_object_spec
from recallbench.adapters.base import Adapter, make_adapter
from recallbench.adapters.grpc.options import GrpcClientOptions
from recallbench.errors import ConfigError
from recallbench.harness.judge_loading import StubJudge, load_judge
from recallbench.harness.loading import adapter_factory, model_provider

ADAPTERS = textwrap.dedent(
    """
    from pathlib import Path  # imported: not offered as a usable attribute

    CONSTANT = 42

    class MemoAdapter:
        def __init__(self, config=None):
            self.name = "memo"
            self.config = config

        async def setup(self): ...
        async def ingest_day(self, day, content, metadata): ...
        async def finalize_ingestion(self): ...
        async def query(self, question):
            return "answer"
        async def teardown(self): ...

    class NoArgAdapter(MemoAdapter):
        def __init__(self):
            super().__init__("no-arg")

    class NeedsConfigAdapter(MemoAdapter):
        def __init__(self, config):
            super().__init__(config)

    adapter = MemoAdapter({"from": "module"})

    def create_adapter(config):
        return MemoAdapter(config)

    async def create_async(config):
        return MemoAdapter(config)

    def no_args():
        return MemoAdapter("no-args")

    def optional_config(config=None):
        return MemoAdapter(config)

    def returns_junk(config):
        return object()

    async def returns_junk_async():
        return 3

    def two_args(a, b):
        return MemoAdapter(a)

    def keyword_only(config, *, token):
        return MemoAdapter(config)

    class HalfAdapter:
        name = "half"
        async def setup(self): ...
        def query(self, question):
            return ""

    half = HalfAdapter()
    """
)

JUDGES = textwrap.dedent(
    """
    from recallbench import JudgeScore

    class Judge:
        name = "file-judge"
        async def score(self, question, reference, answer, context):
            return JudgeScore(correctness=3, completeness=2, hallucination=1)

    judge = Judge()

    async def score_fn(question, reference, answer, context):
        return {"correctness": 1, "completeness": 1, "hallucination": 1}

    def sync_fn(question, reference, answer, context):
        return {}

    class SyncJudge:
        def score(self, question, reference, answer, context):
            return {}

    class NeedsArgs:
        def __init__(self, model):
            self.model = model
        async def score(self, question, reference, answer, context):
            return {}

    class Explodes:
        def __init__(self):
            raise RuntimeError("no key")
        async def score(self, question, reference, answer, context):
            return {}

    not_a_judge = 42
    """
)


@pytest.fixture(autouse=True)
def _forget_test_modules(tmp_path: Path) -> Iterator[None]:
    """Drop the modules these tests import, so no test sees another's."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        file = getattr(sys.modules[name], "__file__", None) or ""
        if file.startswith(str(tmp_path)) or name.startswith("_recallbench_file_"):
            del sys.modules[name]


@pytest.fixture
def pkg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """An importable package (on sys.path for this test only) with ``adapters`` and ``judges``."""
    name = f"rbtest_{uuid.uuid4().hex[:10]}"
    root = tmp_path / "site" / name
    root.mkdir(parents=True)
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "adapters.py").write_text(ADAPTERS, encoding="utf-8")
    (root / "judges.py").write_text(JUDGES, encoding="utf-8")
    (root / "raising.py").write_text("raise RuntimeError('module boom')\n", encoding="utf-8")
    (root / "needs_missing.py").write_text("import no_such_dependency_xyz\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    return name


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """A directory of loose Python files (not on sys.path)."""
    d = tmp_path / "files"
    d.mkdir()
    (d / "adapters.py").write_text(ADAPTERS, encoding="utf-8")
    (d / "judges.py").write_text(JUDGES, encoding="utf-8")
    return d


def build(factory: Any) -> Any:
    return anyio.run(make_adapter, factory)


def score(judge: Any) -> Any:
    return anyio.run(judge.score, "q", "ref", "ans", None)


# ---------------------------------------------------------------------------------------------------
# Spec parsing


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("pkg.mod:attr", ObjectSpec(target="pkg.mod", attr="attr", is_file=False)),
        ("pkg.mod", ObjectSpec(target="pkg.mod", attr=None, is_file=False)),
        ("mod:Outer.inner", ObjectSpec(target="mod", attr="Outer.inner", is_file=False)),
        ("  pkg.mod:attr  ", ObjectSpec(target="pkg.mod", attr="attr", is_file=False)),
        ("adapter.py", ObjectSpec(target="adapter.py", attr=None, is_file=True)),
        ("adapter.py:make", ObjectSpec(target="adapter.py", attr="make", is_file=True)),
        ("../a/b.py:make", ObjectSpec(target="../a/b.py", attr="make", is_file=True)),
        ("/abs/dir/b", ObjectSpec(target="/abs/dir/b", attr=None, is_file=True)),
        (
            r"C:\adapters\mine.py",
            ObjectSpec(target=r"C:\adapters\mine.py", attr=None, is_file=True),
        ),
        (
            r"C:\adapters\mine.py:make",
            ObjectSpec(target=r"C:\adapters\mine.py", attr="make", is_file=True),
        ),
    ],
)
def test_parse_object_spec(spec: str, expected: ObjectSpec) -> None:
    assert parse_object_spec(spec) == expected


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "empty spec"),
        ("   ", "empty spec"),
        ("pkg.mod:", 'spec "pkg.mod:" ends with ":"'),
        ("not a module", 'spec "not a module" is neither a module path'),
        ("pkg-name.mod:x", 'spec "pkg-name.mod:x" is neither a module path'),
    ],
)
def test_parse_object_spec_errors(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_object_spec(spec)


@pytest.mark.parametrize(
    ("spec", "provider"),
    [
        ("claude", "claude"),
        ("codex", "codex"),
        ("copilot", "copilot"),
        ("openai", "openai"),
        ("OpenAI", "openai"),
        ("openai:gpt-4o-mini", "openai"),
        ("anthropic:claude-sonnet-4-6", "anthropic"),
        ("Azure:gpt-5.4;https://example.invalid", "azure"),
        ("stub", None),
        ("Claude", None),
        ("openai-something", None),
        ("openai_judge.py", None),
        ("pkg.judges:judge", None),
        ("cohere:command", None),
        ("", None),
    ],
)
def test_model_provider(spec: str, provider: str | None) -> None:
    assert model_provider(spec) == provider


# ---------------------------------------------------------------------------------------------------
# load_object


def test_load_object_module_attr_and_default(pkg: str) -> None:
    explicit = load_object(f"{pkg}.adapters:create_adapter", default_attr="adapter")
    default = load_object(f"{pkg}.adapters", default_attr="adapter")
    assert callable(explicit)
    assert explicit.__name__ == "create_adapter"  # type: ignore[attr-defined]
    assert default is sys.modules[f"{pkg}.adapters"].adapter


def test_load_object_dotted_attr(pkg: str) -> None:
    method = load_object(f"{pkg}.adapters:MemoAdapter.query", default_attr="adapter")
    assert method.__name__ == "query"  # type: ignore[attr-defined]


def test_load_object_file_relative_to_base_dir_and_cwd(
    files: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path_before = list(sys.path)
    from_base = load_object("adapters.py:adapter", default_attr="x", base_dir=files)
    monkeypatch.chdir(tmp_path)
    from_cwd = load_object("files/adapters.py", default_attr="adapter")
    absolute = load_object(f"{files / 'adapters.py'}:adapter", default_attr="x")
    # One file is one module, imported once; nothing left behind on sys.path.
    assert from_base is from_cwd is absolute
    assert sys.path == path_before
    module = sys.modules[type(from_base).__module__]
    assert module.__name__.startswith("_recallbench_file_adapters_")
    assert module.__file__ == str(files / "adapters.py")


def test_file_module_imports_its_siblings(tmp_path: Path) -> None:
    helper = f"helper_{uuid.uuid4().hex[:8]}"
    (tmp_path / f"{helper}.py").write_text("ANSWER = 'from the helper'\n", encoding="utf-8")
    (tmp_path / "main.py").write_text(f"from {helper} import ANSWER\n", encoding="utf-8")
    assert load_object("main.py:ANSWER", default_attr="x", base_dir=tmp_path) == "from the helper"
    assert str(tmp_path) not in sys.path


def test_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as err:
        load_object("missing/adapter.py:make", default_attr="adapter", base_dir=tmp_path)
    message = str(err.value)
    assert '"missing/adapter.py:make"' in message
    assert f"file {tmp_path / 'missing' / 'adapter.py'} not found" in message


def test_directory_instead_of_file(tmp_path: Path) -> None:
    (tmp_path / "adapters").mkdir()
    with pytest.raises(ConfigError, match=r'"adapters/": .* is a directory, expected a \.py file'):
        load_object("adapters/", default_attr="adapter", base_dir=tmp_path)


def test_module_not_importable() -> None:
    with pytest.raises(ConfigError) as err:
        load_object("no_such_package_xyz.adapters:make", default_attr="adapter")
    message = str(err.value)
    assert '"no_such_package_xyz.adapters:make"' in message
    assert "is not importable" in message
    assert "No module named 'no_such_package_xyz'" in message


def test_module_with_missing_dependency(pkg: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_object(f"{pkg}.needs_missing", default_attr="adapter")
    assert f'"{pkg}.needs_missing"' in str(err.value)
    assert "No module named 'no_such_dependency_xyz'" in str(err.value)


def test_module_raising_on_import(pkg: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_object(f"{pkg}.raising:x", default_attr="adapter")
    assert f'"{pkg}.raising:x"' in str(err.value)
    assert "raised RuntimeError: module boom" in str(err.value)


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("raise ValueError('file boom')\n", "ValueError: file boom"),
        ("def broken(:\n", "SyntaxError"),
    ],
)
def test_file_raising_on_import(tmp_path: Path, source: str, error: str) -> None:
    (tmp_path / "bad.py").write_text(source, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_object("bad.py", default_attr="adapter", base_dir=tmp_path)
    assert '"bad.py"' in str(err.value)
    assert f"importing file {tmp_path / 'bad.py'} raised {error}" in str(err.value)
    # bad.py's module (another test's bad_model.py may be loaded in this process: not ours).
    assert not any(
        re.fullmatch(r"_recallbench_file_bad_[0-9a-f]{12}", name) for name in sys.modules
    )


def test_missing_attribute_lists_usable_ones(pkg: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_object(f"{pkg}.adapters:make_adapter", default_attr="adapter")
    message = str(err.value)
    assert f'"{pkg}.adapters:make_adapter"' in message
    assert f'module {pkg}.adapters has no attribute "make_adapter"' in message
    usable = message.split("usable attributes it has: ")[1].split(", ")
    assert "MemoAdapter" in usable
    assert "create_adapter" in usable
    assert "half" in usable  # an object with query
    assert "adapter" in usable
    assert "Path" not in usable  # imported from elsewhere
    assert "CONSTANT" not in usable


def test_missing_default_attribute_says_so(files: Path) -> None:
    (files / "empty.py").write_text("VALUE = 1\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_object("empty.py", default_attr="adapter", base_dir=files)
    message = str(err.value)
    assert 'has no attribute "adapter" (the default; name another with :attr)' in message
    assert "it has no public functions, classes or objects with score or query" in message


def test_missing_nested_attribute(pkg: str) -> None:
    with pytest.raises(ConfigError, match=r'attribute MemoAdapter has no attribute "nope"'):
        load_object(f"{pkg}.adapters:MemoAdapter.nope", default_attr="adapter")


# ---------------------------------------------------------------------------------------------------
# adapter_factory


def test_adapter_object_is_reused(pkg: str) -> None:
    factory = adapter_factory(f"{pkg}.adapters")
    first, second = build(factory), build(factory)
    assert first is second
    assert first.config == {"from": "module"}
    assert isinstance(first, Adapter)


def test_adapter_class_gets_config(pkg: str, files: Path) -> None:
    config = {"searchK": 5}
    for spec, base in ((f"{pkg}.adapters:MemoAdapter", None), ("adapters.py:MemoAdapter", files)):
        factory = adapter_factory(spec, config, base_dir=base)
        first, second = build(factory), build(factory)
        assert first is not second  # a fresh adapter per unit of work
        assert first.config is config


def test_adapter_class_config_left_to_default_or_empty(pkg: str) -> None:
    assert build(adapter_factory(f"{pkg}.adapters:MemoAdapter")).config is None
    assert build(adapter_factory(f"{pkg}.adapters:NeedsConfigAdapter")).config == {}


def test_adapter_class_without_parameter(pkg: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="recallbench"):
        adapter = build(adapter_factory(f"{pkg}.adapters:NoArgAdapter", {"ignored": True}))
    assert adapter.config == "no-arg"
    assert "config is not used" in caplog.text


def test_protocol_subclass_without_init_is_built_without_arguments() -> None:
    class Explicit(Adapter):
        name = "explicit"

        async def setup(self) -> None: ...
        async def ingest_day(self, day: int, content: str, metadata: Any) -> None: ...
        async def finalize_ingestion(self) -> None: ...
        async def query(self, question: str) -> str:
            return ""

        async def teardown(self) -> None: ...

    assert isinstance(build(adapter_factory(Explicit, {"k": 1})), Explicit)


def test_factory_functions(pkg: str) -> None:
    config = {"k": 1}
    assert build(adapter_factory(f"{pkg}.adapters:create_adapter", config)).config is config
    assert build(adapter_factory(f"{pkg}.adapters:create_async", config)).config is config
    assert build(adapter_factory(f"{pkg}.adapters:no_args", config)).config == "no-args"
    assert build(adapter_factory(f"{pkg}.adapters:optional_config")).config is None
    assert build(adapter_factory(f"{pkg}.adapters:create_adapter")).config == {}


def test_async_factory_returns_awaitable(pkg: str) -> None:
    factory = adapter_factory(f"{pkg}.adapters:create_async", {"k": 1})
    pending = factory()
    assert not isinstance(pending, Adapter)
    assert hasattr(pending, "__await__")
    assert anyio.run(make_adapter, lambda: pending).config == {"k": 1}


def test_factory_named_separately(pkg: str, files: Path) -> None:
    config = {"k": 2}
    by_module = adapter_factory(f"{pkg}.adapters", config, factory="create_adapter")
    by_file = adapter_factory("adapters.py", config, factory="create_async", base_dir=files)
    assert build(by_module).config is config
    assert build(by_file).config is config


def test_factory_named_twice(pkg: str) -> None:
    with pytest.raises(ConfigError, match=r'names an attribute and a factory "create_adapter"'):
        adapter_factory(f"{pkg}.adapters:adapter", factory="create_adapter")


def test_factory_not_callable(pkg: str) -> None:
    with pytest.raises(ConfigError, match=r'the factory "CONSTANT" is a int, not a class'):
        adapter_factory(f"{pkg}.adapters", factory="CONSTANT")


def test_objects_directly(pkg: str) -> None:
    module = sys.modules.get(f"{pkg}.adapters") or __import__(f"{pkg}.adapters", fromlist=["x"])
    instance = module.MemoAdapter("direct")
    assert build(adapter_factory(instance)) is instance
    assert build(adapter_factory(module.MemoAdapter, {"k": 3})).config == {"k": 3}
    assert build(adapter_factory(module.create_async, {"k": 4})).config == {"k": 4}


def test_not_an_adapter_object(pkg: str) -> None:
    with pytest.raises(ConfigError) as err:
        adapter_factory(f"{pkg}.adapters:half")
    message = str(err.value)
    assert f'adapter "{pkg}.adapters:half" did not produce an adapter' in message
    assert "missing ingest_day, finalize_ingestion, teardown" in message
    assert "not async: query" in message
    assert "got a HalfAdapter object" in message


def test_non_callable_attribute(pkg: str) -> None:
    with pytest.raises(ConfigError, match=r"missing name \(a string\), setup.*got a int object"):
        adapter_factory(f"{pkg}.adapters:CONSTANT")


def test_factory_returning_junk(pkg: str) -> None:
    factory = adapter_factory(f"{pkg}.adapters:returns_junk")
    with pytest.raises(ConfigError, match=r"returns_junk\" did not produce an adapter: missing"):
        build(factory)
    async_factory = adapter_factory(f"{pkg}.adapters:returns_junk_async")
    with pytest.raises(ConfigError, match=r"did not produce an adapter.*got a int object"):
        build(async_factory)


@pytest.mark.parametrize(
    ("attr", "requires"),
    [("two_args", "requires a, b"), ("keyword_only", "requires config, token")],
)
def test_factory_needing_more_than_config(pkg: str, attr: str, requires: str) -> None:
    with pytest.raises(ConfigError, match=f"at most one argument.*{requires}"):
        adapter_factory(f"{pkg}.adapters:{attr}")


@pytest.mark.parametrize(
    ("spec", "url"),
    [
        ("grpc://localhost:50051", "grpc://localhost:50051"),
        ("GRPCS://memory.example:443", "grpcs://memory.example:443"),
    ],
)
def test_grpc_specs_build_a_fresh_grpc_adapter_each_time(spec: str, url: str) -> None:
    # The gRPC client itself is tested in test_grpc_client.py.
    build = adapter_factory(spec, grpc=GrpcClientOptions(timeout=2.5))
    first, second = build(), build()
    assert first is not second
    assert type(first).__name__ == "GrpcAdapter"
    assert first.name == url
    assert getattr(first, "timeout", None) == 2.5


def test_adapter_load_errors_name_the_spec(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r'cannot load "nope\.py".*not found'):
        adapter_factory("nope.py", base_dir=tmp_path)


# ---------------------------------------------------------------------------------------------------
# Judges


@pytest.mark.parametrize("spec", ["stub", " Stub "])
def test_stub_judge(spec: str) -> None:
    judge = load_judge(spec)
    assert isinstance(judge, StubJudge)
    assert judge.name == "stub"
    assert score(judge) == JudgeScore(
        correctness=0,
        completeness=0,
        hallucination=0,
        reasoning="No judge configured — stub scores.",
    )


def test_judge_object_class_and_function(pkg: str, files: Path) -> None:
    by_default = load_judge(f"{pkg}.judges")
    assert by_default is sys.modules[f"{pkg}.judges"].judge
    from_class = load_judge("judges.py:Judge", base_dir=files)
    assert type(from_class).__name__ == "Judge"
    assert score(from_class) == JudgeScore(correctness=3, completeness=2, hallucination=1)
    from_function = load_judge(f"{pkg}.judges:score_fn")
    assert getattr(from_function, "name", None) == "score_fn"
    assert score(from_function) == {"correctness": 1, "completeness": 1, "hallucination": 1}


@pytest.mark.parametrize(
    ("spec", "model_type"),
    [
        ("claude", "CliAgentModel"),
        ("codex", "CliAgentModel"),
        ("copilot", "CliAgentModel"),
        ("openai", "OpenAIModel"),
        ("openai:gpt-4o-mini", "OpenAIModel"),
        ("openai:llama3;http://127.0.0.1:8000/v1", "OpenAIModel"),
        ("anthropic:claude-x", "AnthropicModel"),
        ("AZURE:gpt-5.4", "AzureOpenAIModel"),
    ],
)
def test_llm_judges_wrap_their_model(
    spec: str, model_type: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from recallbench.judges.llm import LlmJudge

    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "AZURE_OPENAI_API_KEY"):
        monkeypatch.setenv(name, "sk-test")
    monkeypatch.setenv("AZURE_OPENAI_ENDPOINT", "https://example.invalid")
    judge = load_judge(spec, timeout=5)
    assert isinstance(judge, LlmJudge)
    assert judge.name == spec
    assert type(judge.model).__name__ == model_type
    assert "sk-test" not in repr(judge) + repr(judge.model)


def test_llm_judge_without_its_key_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        load_judge("anthropic:claude-x")


def test_rubric_judge_and_python_text_models(tmp_path: Path) -> None:
    from recallbench.judges.llm import LlmJudge
    from recallbench.judges.rubric import RubricJudge

    assert isinstance(load_judge(" Rubric "), RubricJudge)
    (tmp_path / "mymodel.py").write_text(
        "class Model:\n"
        "    async def complete(self, system_prompt, user_message, **options):\n"
        '        return \'{"correctness": 3, "completeness": 2, "hallucination": 1}\'\n'
        "model = Model()\n"
    )
    judge = load_judge("mymodel.py:model", base_dir=tmp_path)
    assert isinstance(judge, LlmJudge)
    assert score(judge) == JudgeScore(correctness=3, completeness=2, hallucination=1)


@pytest.mark.parametrize(
    ("attr", "message"),
    [
        ("sync_fn", "is a plain function; a judge function must be async def"),
        ("SyncJudge", "did not produce a judge: a SyncJudge object has a score that is not async"),
        ("not_a_judge", "did not produce a judge: a int object has no score method"),
        ("NeedsArgs", r"instantiating NeedsArgs\(\) raised TypeError"),
        ("Explodes", r"instantiating Explodes\(\) raised RuntimeError: no key"),
        ("nothing_here", 'has no attribute "nothing_here"; usable attributes it has: Explodes'),
    ],
)
def test_judge_errors(pkg: str, attr: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as err:
        load_judge(f"{pkg}.judges:{attr}")
    assert f'"{pkg}.judges:{attr}"' in str(err.value)


def test_judge_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r'cannot load "judge\.py".*not found'):
        load_judge("judge.py", base_dir=tmp_path)


def test_builtin_adapters_resolve_with_their_config() -> None:
    from recallbench.adapters import Bm25Adapter, NullAdapter

    builder = adapter_factory("builtin:bm25", {"top_k": 3})
    built = anyio.run(make_adapter, builder)
    assert isinstance(built, Bm25Adapter) and built.name == "builtin:bm25"
    assert built.settings["top_k"] == 3
    assert builder() is not builder()  # a fresh adapter per unit of work
    assert isinstance(anyio.run(make_adapter, adapter_factory(" Builtin:NULL ")), NullAdapter)
    with pytest.raises(ConfigError, match=r"builtin:nope.*builtin:bm25"):
        adapter_factory("builtin:nope")
    with pytest.raises(ConfigError, match="top_k"):
        anyio.run(make_adapter, adapter_factory("builtin:bm25", {"top_kk": 3}))


# ---------------------------------------------------------------------------------------------------
# Spec errors list the accepted forms and the nearest one (issue 20)


@pytest.mark.parametrize(
    ("spec", "problem", "suggestion"),
    [
        ("gpt-4o-mini", "not a known name, a module path or a Python file", "openai:gpt-4o-mini"),
        ("anthropic", "anthropic needs a model", "anthropic:<model>"),
        ("azure", "azure needs a model", "azure:<deployment>"),
        (
            "claude-sonnet-4-5",
            "not a known name, a module path or a Python file",
            "anthropic:claude-sonnet-4-5",
        ),
        ("Claude", "no module named Claude", "claude"),
        ("gpt4", "no module named gpt4", "openai:gpt4"),
        ("rubrik", "no module named rubrik", "rubric"),
        ("anthropic/claude-3", "file {cwd}/anthropic/claude-3 not found", "anthropic:claude-3"),
    ],
)
def test_judge_spec_errors_suggest_the_nearest_form(
    spec: str, problem: str, suggestion: str
) -> None:
    with pytest.raises(ConfigError) as err:
        load_judge(spec)
    message = str(err.value)
    problem = problem.format(cwd=Path.cwd())
    assert message.startswith(
        f'cannot load judge "{spec}": {problem} (did you mean {suggestion}?); '
    )
    for form in ("stub", "rubric", "openai:<model>[;<endpoint>]", "anthropic:<model>[;<endpoint>]"):
        assert form in message
    assert "\n" not in message


def test_judge_spec_error_without_a_near_form_still_lists_the_forms() -> None:
    with pytest.raises(ConfigError) as err:
        load_judge("llama3")
    assert str(err.value).startswith(
        'cannot load judge "llama3": no module named llama3; judge specs are: '
    )


@pytest.mark.parametrize(
    ("spec", "problem", "suggestion"),
    [
        ("bm25", "no module named bm25", "builtin:bm25"),
        ("BM25", "no module named BM25", "builtin:bm25"),
        ("fts", "no module named fts", "builtin:fts5"),
        ("echo_reference", "no module named echo_reference", "builtin:echo-reference"),
        ("grpc:host:5", "not a known name, a module path or a Python file", "grpc://host:5"),
        (
            "localhost:50051",
            "not a known name, a module path or a Python file",
            "grpc://localhost:50051",
        ),
    ],
)
def test_adapter_spec_errors_suggest_the_nearest_form(
    spec: str, problem: str, suggestion: str
) -> None:
    with pytest.raises(ConfigError) as err:
        adapter_factory(spec)
    message = str(err.value)
    assert message.startswith(
        f'cannot load adapter "{spec}": {problem} (did you mean {suggestion}?); '
    )
    assert "builtin:<name> (bm25, fts5" in message and "grpc://HOST[:PORT]" in message
    assert "pkg.module[:attr] | path/to/file.py[:attr]" in message


def test_adapter_file_without_its_py_suffix(tmp_path: Path) -> None:
    (tmp_path / "mine.py").write_text("adapter = None\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"file .*mine not found \(did you mean \./mine\.py\?\)"):
        adapter_factory("./mine", base_dir=tmp_path)
    with pytest.raises(ConfigError, match=r"no module named mine \(did you mean mine\.py:make\?\)"):
        adapter_factory("mine:make", base_dir=tmp_path)


BROKEN_CLASSES = textwrap.dedent(
    """
    class NoFinalize:
        name = "no-finalize"
        async def setup(self): ...
        async def ingest_day(self, day, content, metadata): ...
        async def query(self, question): return ""
        async def teardown(self): ...

    class SyncQuery(NoFinalize):
        async def finalize_ingestion(self): ...
        def query(self, question): return ""

    class Dynamic:
        def __getattr__(self, name): ...
    """
)


@pytest.mark.parametrize(
    ("attr", "problem"),
    [("NoFinalize", "missing finalize_ingestion"), ("SyncQuery", "not async: query")],
)
def test_a_malformed_adapter_class_is_refused_when_loaded(
    tmp_path: Path, attr: str, problem: str
) -> None:
    path = tmp_path / "broken.py"
    path.write_text(BROKEN_CLASSES, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        adapter_factory(f"{path}:{attr}")
    assert str(err.value) == (
        f'adapter "{path}:{attr}": class {attr} is not an adapter ({problem}); an adapter class '
        "defines async setup, ingest_day, finalize_ingestion, query, teardown and has a string "
        "name (docs/adapters.md)"
    )


def test_a_class_answering_through_getattr_is_checked_when_built(tmp_path: Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text(BROKEN_CLASSES, encoding="utf-8")
    build = adapter_factory(f"{path}:Dynamic")
    with pytest.raises(ConfigError, match="did not produce an adapter"):
        build()
