"""What counts as a secret is redacted from every text a run writes, as text or as bytes alike."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench._secrets import REDACTED, redact, redact_bytes, register_secret

SECRET_ENV = "RECALLBENCH_TEST_API_KEY"
pieces = st.sampled_from(
    [
        "the answer is 42",
        "Bearer abcdefgh12345678",
        "sk-ant-0123456789abcdefXYZ",
        "api_key=ABCDEFGHIJKLMNOP",
        "X-Api-Key: 'qwertyuiopasdfgh'",
        "APIKEY:zxcvbnmasdfghjkl",
        "keyFacts",
        "risk-first",
        "task-0123456789abcdefXYZ",
        "sk-",
        "sk-ant-",
        "0123456789abcdef",
        "KEY",
        "Api_",
        "apI-",
        ": ",
        "=",
        "registered-secret-value",
        "env-secret-value-1",
        "é — “quoted” ✓",
        " ",
        "\n",
    ]
)


@pytest.fixture(autouse=True)
def _secret_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECRET_ENV, "env-secret-value-1")
    register_secret("registered-secret-value")


@settings(max_examples=300)
@given(st.lists(pieces | st.text(max_size=12), max_size=8))
def test_bytes_and_text_are_redacted_alike(parts: list[str]) -> None:
    text = "".join(parts)
    assert redact_bytes(text.encode("utf-8", "surrogatepass")) == redact(text).encode(
        "utf-8", "surrogatepass"
    )


def test_each_kind_is_redacted(monkeypatch: pytest.MonkeyPatch) -> None:
    line = (
        "env-secret-value-1 registered-secret-value Bearer abcdefgh12345678 "
        "sk-0123456789abcdefXYZ api-key: ABCDEFGHIJKLMNOP"
    )
    assert redact(line).split() == [REDACTED] * 5
    assert redact_bytes(b"keyFacts and nothing else") == b"keyFacts and nothing else"


def test_words_holding_sk_are_not_secrets() -> None:
    # "risk-first" holds "sk-" but no key follows it: the bytes are given back as they are.
    data = b"a risk-first plan, ask-first rules, the desk-bound task-0123 " * 1000
    assert redact_bytes(data) is data
    shaped = data + b"sk-0123456789abcdefXYZ"
    assert redact_bytes(shaped).endswith(REDACTED.encode())


def test_the_environment_is_read_as_it_is_now(monkeypatch: pytest.MonkeyPatch) -> None:
    assert redact("new-secret-value-2") == "new-secret-value-2"
    monkeypatch.setenv(SECRET_ENV, "new-secret-value-2")  # the same name, a new value
    assert redact("new-secret-value-2") == REDACTED
    monkeypatch.setenv("ANOTHER_TOKEN", "third-secret-value")  # a new name
    assert redact_bytes(b"third-secret-value") == REDACTED.encode()
    monkeypatch.delenv("ANOTHER_TOKEN")
    assert redact("third-secret-value") == "third-secret-value"
