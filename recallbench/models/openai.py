"""OpenAI's Chat Completions API, and any server that speaks it (vLLM, llama.cpp, Ollama, ...).

Reference §4.6: messages ``[system, user]``; ``temperature`` and ``max_completion_tokens`` are sent
only when given (never ``max_tokens``); the text is the first choice's content, trimmed; tokens come
from ``usage``. The request and its retries are :class:`~recallbench.models.http.HttpModel`'s.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from .._retry import Backoff
from ..errors import ConfigError
from .base import Completion
from .http import DEFAULT_HTTP_RETRY, DEFAULT_TIMEOUT, HttpModel, ProviderError, token_count

__all__ = ["DEFAULT_OPENAI_ENDPOINT", "OpenAIModel", "chat_body", "chat_completion"]

DEFAULT_OPENAI_ENDPOINT = "https://api.openai.com/v1"
"""The base URL used when no endpoint is given."""


def chat_body(
    model: str,
    system_prompt: str,
    user_message: str,
    *,
    temperature: float | None,
    max_tokens: int | None,
) -> dict[str, Any]:
    """A Chat Completions request body (shared with Azure, which adds nothing but the URL)."""
    # An empty system prompt is left out: judges that send one user message (the official
    # LongMemEval and LoCoMo prompts) then send exactly what their authors' scripts send.
    system = [{"role": "system", "content": system_prompt}] if system_prompt else []
    body: dict[str, Any] = {
        "model": model,
        "messages": [*system, {"role": "user", "content": user_message}],
    }
    if temperature is not None:
        body["temperature"] = temperature
    if max_tokens is not None:
        # The reasoning models reject max_tokens; max_completion_tokens works for every model.
        body["max_completion_tokens"] = max_tokens
    return body


def chat_completion(
    data: Mapping[str, Any], *, name: str, provider: str
) -> tuple[Completion, str | None]:
    """The reply of a Chat Completions response, and its first choice's ``finish_reason``.

    Raises:
        ProviderError: the response has no choices, or its content is neither text nor null.
    """
    choices = data.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    message = first.get("message") if isinstance(first, Mapping) else None
    if not isinstance(message, Mapping):
        raise ProviderError(
            f"{name}: the response has no choices[0].message (keys: {', '.join(map(str, data))})",
            provider=provider,
            status=200,
        )
    content = message.get("content")
    if content is None:
        text = ""
    elif isinstance(content, str):
        text = content
    elif isinstance(content, list):  # content parts, as some compatible servers send
        text = "".join(
            part["text"]
            for part in content
            if isinstance(part, Mapping) and isinstance(part.get("text"), str)
        )
    else:
        raise ProviderError(
            f"{name}: choices[0].message.content is a {type(content).__name__}, not text",
            provider=provider,
            status=200,
        )
    usage = data.get("usage")
    model = data.get("model")
    finish = first.get("finish_reason") if isinstance(first, Mapping) else None
    completion = Completion(
        text=text.strip(),
        input_tokens=token_count(usage, "prompt_tokens"),
        output_tokens=token_count(usage, "completion_tokens"),
        model=model if isinstance(model, str) else None,
    )
    return completion, finish if isinstance(finish, str) else None


class OpenAIModel(HttpModel):
    """A text model on OpenAI's Chat Completions API, or a compatible server.

    Args:
        model: the model id.
        endpoint: the API base URL (``.../v1``); requests go to ``{endpoint}/chat/completions``.
            None: OpenAI's own API.
        api_key: sent as ``Authorization: Bearer``; None reads ``OPENAI_API_KEY``. With a custom
            endpoint the key may be missing (local servers need none) and no header is sent.
        timeout: seconds one attempt may take; None for no limit.
        retry: attempts and backoff (429, 5xx, timeouts and lost connections are retried).

    Raises:
        ConfigError: the model id is empty, or no key is set for OpenAI's own API.
    """

    provider = "openai"

    def __init__(
        self,
        model: str = "gpt-4o-mini",
        *,
        endpoint: str | None = None,
        api_key: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        retry: Backoff = DEFAULT_HTTP_RETRY,
    ) -> None:
        if not model.strip():
            raise ConfigError("openai: the model id is empty")
        key = api_key or os.environ.get("OPENAI_API_KEY") or None
        if key is None and endpoint is None:
            raise ConfigError(
                "openai: no API key: set OPENAI_API_KEY (or pass api_key=...); a key is optional "
                "only with a custom endpoint (openai:<model>;<endpoint>)"
            )
        super().__init__(timeout=timeout, retry=retry, secrets=(key,) if key else ())
        self.model = model.strip()
        self.endpoint = endpoint.strip().rstrip("/") if endpoint is not None else None
        self._api_key = key

    def __repr__(self) -> str:
        return f"OpenAIModel(model={self.model!r}, endpoint={self.endpoint!r})"

    @property
    def name(self) -> str:
        """``openai:<model>``."""
        return f"openai:{self.model}"

    @property
    def url(self) -> str:
        """Where requests go."""
        return f"{self.endpoint or DEFAULT_OPENAI_ENDPOINT}/chat/completions"

    async def complete(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Completion:
        """Send one chat completion and return the first choice, trimmed (empty for null content).

        Raises:
            ProviderError: the API refused the request, or failed after the retries.
            ModelTimeout: the last attempt ran out of time.
        """
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        body = chat_body(
            self.model, system_prompt, user_message, temperature=temperature, max_tokens=max_tokens
        )
        data = await self._post_json(self.url, headers=headers, body=body)
        completion, _ = chat_completion(data, name=self.name, provider=self.provider)
        return completion
