"""Model selector strings: the grammar of reference §4.5, with the endpoint fix, as properties."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from recallbench.errors import ConfigError
from recallbench.models.spec import (
    AGENTS,
    MODEL_SPEC_FORMS,
    PROVIDERS,
    ModelSpec,
    format_model_spec,
    parse_model_spec,
    suggest_model_spec,
)

# -- strategies ------------------------------------------------------------------------------------

SPACE = st.sampled_from(["", " ", "  ", "\t", " \n "])
IDENT = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)
DOTTED = st.lists(IDENT, min_size=1, max_size=3).map(".".join)


def any_case(word: str) -> st.SearchStrategy[str]:
    return st.lists(st.booleans(), min_size=len(word), max_size=len(word)).map(
        lambda flips: "".join(c.upper() if f else c for c, f in zip(word, flips, strict=True))
    )


# Model ids: anything without ';' (the endpoint separator), trimmed; colons allowed (llama3:8b).
MODELS = (
    st.text(st.characters(exclude_characters=";", exclude_categories=["Cs"]), min_size=1)
    .map(str.strip)
    .filter(bool)
)
URLS = st.builds(
    "{}://{}:{}{}".format,
    st.sampled_from(["http", "https"]),
    st.sampled_from(["127.0.0.1", "localhost", "[::1]", "my-resource.openai.azure.com"]),
    st.integers(1, 65535),
    st.sampled_from(["", "/", "/v1", "/v1;x=1", "/a:b/c"]),
)
# Endpoints may hold anything, ';' and ':' included: only the first ';' splits.
ENDPOINTS = URLS | st.text(st.characters(exclude_categories=["Cs"]), min_size=1).map(
    str.strip
).filter(bool)
FILES = st.builds(
    "{}{}.py{}".format,
    st.sampled_from(["", "./", "adapters/", "../x/", "/abs/dir/", "C:\\models\\"]),
    IDENT,
    st.sampled_from(["", ":model", ":Judge.build"]),
)
MODULES = st.builds("{}{}".format, DOTTED, st.sampled_from(["", ":model", ":attr", ":a.b"]))


def _provider_spec(draw_provider: str, model: str, endpoint: str | None) -> ModelSpec:
    return ModelSpec(kind="provider", provider=draw_provider, model=model, endpoint=endpoint)  # type: ignore[arg-type]


def _python_spec(target: str) -> ModelSpec | None:
    try:
        return ModelSpec(kind="python", target=target)
    except ConfigError:  # e.g. the module name "claude" or "OpenAI" is taken by the grammar
        return None


SPECS = st.one_of(
    st.sampled_from(AGENTS).map(lambda a: ModelSpec(kind="agent", agent=a)),
    st.builds(_provider_spec, st.sampled_from(PROVIDERS), MODELS, st.none() | ENDPOINTS),
    (FILES | MODULES).map(_python_spec).filter(lambda s: s is not None),
)


# -- the grammar -----------------------------------------------------------------------------------


@pytest.mark.parametrize("agent", AGENTS)
def test_agents_are_matched_exactly_after_trimming(agent: str) -> None:
    assert parse_model_spec(f"  {agent}\n") == ModelSpec(kind="agent", agent=agent)  # type: ignore[arg-type]
    # Not case-insensitive (reference: "exactly"): a capitalised name is a module path.
    assert parse_model_spec(agent.capitalize()).kind == "python"


@given(any_case("openai"), SPACE, SPACE)
def test_bare_openai_is_gpt_4o_mini_in_any_case(word: str, left: str, right: str) -> None:
    spec = parse_model_spec(f"{left}{word}{right}")
    assert spec == ModelSpec(kind="provider", provider="openai", model="gpt-4o-mini")
    assert format_model_spec(spec) == "openai:gpt-4o-mini"


@given(
    st.sampled_from(PROVIDERS).flatmap(lambda p: st.tuples(st.just(p), any_case(p))),
    MODELS,
    st.none() | ENDPOINTS,
    st.lists(SPACE, min_size=6, max_size=6),
)
def test_provider_specs_split_at_first_colon_then_first_semicolon(
    provider: tuple[str, str],
    model: str,
    endpoint: str | None,
    pads: list[str],
) -> None:
    name, written = provider
    text = f"{pads[0]}{written}{pads[1]}:{pads[2]}{model}{pads[3]}"
    if endpoint is not None:
        text += f";{pads[4]}{endpoint}{pads[5]}"
    spec = parse_model_spec(text)
    assert spec.kind == "provider"
    assert spec.provider == name
    assert spec.model == model
    assert spec.endpoint == endpoint
    assert spec.agent is None and spec.target is None


def test_openai_endpoint_form_is_honoured_for_local_servers() -> None:
    # The reference CLI read this as the model "llama3;http://..."; we do not.
    spec = parse_model_spec("openai:llama3;http://127.0.0.1:8000/v1")
    assert (spec.provider, spec.model, spec.endpoint) == (
        "openai",
        "llama3",
        "http://127.0.0.1:8000/v1",
    )
    spec = parse_model_spec("openai:llama3:8b;http://localhost:11434/v1")  # an Ollama tag
    assert (spec.model, spec.endpoint) == ("llama3:8b", "http://localhost:11434/v1")
    spec = parse_model_spec("AZURE: gpt-4o ; https://r.openai.azure.com;extra:1")
    assert (spec.provider, spec.model, spec.endpoint) == (
        "azure",
        "gpt-4o",
        "https://r.openai.azure.com;extra:1",
    )


@pytest.mark.parametrize("text", ["openai:gpt-4o;", "openai:gpt-4o; ", "anthropic:m ;  "])
def test_an_empty_endpoint_is_none(text: str) -> None:
    assert parse_model_spec(text).endpoint is None


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("pkg.module:attr", "pkg.module:attr"),
        (" pkg.module ", "pkg.module"),
        ("gemini:pro", "gemini:pro"),  # an unknown provider reads as module gemini, attr pro
        ("models/mine.py", "models/mine.py"),
        ("./mine.py:Model", "./mine.py:Model"),
        ("C:\\models\\mine.py", "C:\\models\\mine.py"),
        ("openaix:foo", "openaix:foo"),
    ],
)
def test_everything_else_is_a_python_spec(text: str, target: str) -> None:
    assert parse_model_spec(text) == ModelSpec(kind="python", target=target)


@given(SPECS)
def test_parse_inverts_format(spec: ModelSpec) -> None:
    assert parse_model_spec(format_model_spec(spec)) == spec


@given(SPECS, SPACE, SPACE)
def test_surrounding_whitespace_is_ignored(spec: ModelSpec, left: str, right: str) -> None:
    assert parse_model_spec(f"{left}{format_model_spec(spec)}{right}") == spec


# -- errors ----------------------------------------------------------------------------------------

BAD = [
    "",
    "   ",
    "openai:",
    "openai:  ",
    "anthropic:;https://x",
    "Azure : ; https://x",
    "gemini:pro-1.5",
    "not a spec",
    "pkg.module:",
    "-flag",
]


def _check_error(text: str, exc: ConfigError) -> None:
    message = str(exc)
    assert f'"{text}"' in message
    assert MODEL_SPEC_FORMS in message
    for form in ("claude", "openai:<model>[;<endpoint>]", "azure:<deployment>[;<endpoint>]"):
        assert form in message


@pytest.mark.parametrize("text", BAD)
def test_errors_name_the_spec_and_list_the_forms(text: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_model_spec(text)
    _check_error(text, info.value)


@given(st.text(max_size=30))
def test_any_string_parses_or_fails_with_a_helpful_config_error(text: str) -> None:
    try:
        spec = parse_model_spec(text)
    except ConfigError as exc:
        _check_error(text, exc)
    else:
        assert parse_model_spec(format_model_spec(spec)) == spec


@given(st.sampled_from(PROVIDERS), SPACE, st.none() | ENDPOINTS)
def test_a_provider_without_a_model_is_an_error(
    provider: str, pad: str, endpoint: str | None
) -> None:
    text = f"{provider}:{pad}" + (f";{endpoint}" if endpoint is not None else "")
    assume(text.strip().lower() != "openai")
    with pytest.raises(ConfigError, match="no model"):
        parse_model_spec(text)


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "agent", "agent": "gemini"},
        {"kind": "agent", "agent": "claude", "model": "x"},
        {"kind": "provider", "provider": "openai", "model": ""},
        {"kind": "provider", "provider": "openai", "model": "a;b"},
        {"kind": "provider", "provider": "openai", "model": " padded "},
        {"kind": "provider", "provider": "openai", "model": "m", "endpoint": ""},
        {"kind": "provider", "provider": "gemini", "model": "m"},
        {"kind": "python", "target": "claude"},
        {"kind": "python", "target": "OpenAI"},
        {"kind": "python", "target": "azure:thing"},
        {"kind": "python", "target": "no spaces allowed"},
        {"kind": "python"},
    ],
)
def test_records_the_parser_could_not_produce_are_refused(fields: dict[str, str]) -> None:
    with pytest.raises(ConfigError):
        ModelSpec(**fields)  # type: ignore[arg-type]


def test_the_parser_is_pure() -> None:
    code = (
        "import json, sys; import recallbench.models.spec, recallbench.models; "
        "print(json.dumps([m for m in ('anyio', 'aiohttp', 'tenacity', 'grpc') "
        "if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("gpt-4o-mini", "openai:gpt-4o-mini"),
        ("o3-mini", "openai:o3-mini"),
        ("claude-sonnet-4-5", "anthropic:claude-sonnet-4-5"),
        ("Claude", "claude"),
        ("anthropic", "anthropic:<model>"),
        ("azure", "azure:<deployment>"),
        ("antropic:claude-x", "anthropic:claude-x"),
        ("openai/gpt-4o", "openai:gpt-4o"),
        ("codx", "codex"),
        ("claude", None),
        ("llama3", None),
    ],
)
def test_suggestions(text: str, suggestion: str | None) -> None:
    assert suggest_model_spec(text) == suggestion


def test_errors_suggest_the_nearest_selector() -> None:
    with pytest.raises(ConfigError) as info:
        parse_model_spec("gpt-4o-mini")
    assert "(did you mean openai:gpt-4o-mini?)" in str(info.value)
    _check_error("gpt-4o-mini", info.value)
