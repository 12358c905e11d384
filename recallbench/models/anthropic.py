"""Anthropic's Messages API.

Reference §4.6: a ``system`` prompt and one user message; ``max_tokens`` is the caller's or 4096
(the API requires it); ``temperature`` only when given; the text is every ``text`` block joined,
trimmed; tokens from ``usage.input_tokens`` / ``output_tokens``.
"""

from __future__ import annotations

import os
from typing import Any

from .._retry import Backoff
from ..errors import ConfigError
from .base import Completion
from .http import DEFAULT_HTTP_RETRY, DEFAULT_TIMEOUT, HttpModel, ProviderError, token_count

__all__ = [
    "ANTHROPIC_VERSION",
    "DEFAULT_ANTHROPIC_ENDPOINT",
    "DEFAULT_MAX_TOKENS",
    "AnthropicModel",
]

DEFAULT_ANTHROPIC_ENDPOINT = "https://api.anthropic.com"
"""The base URL used when no endpoint is given (requests go to ``{endpoint}/v1/messages``)."""
ANTHROPIC_VERSION = "2023-06-01"
"""The ``anthropic-version`` header sent."""
DEFAULT_MAX_TOKENS = 4096
"""``max_tokens`` when the caller gives none."""


class AnthropicModel(HttpModel):
    """A text model on Anthropic's Messages API.

    Args:
        model: the model id.
        endpoint: the API base URL, without ``/v1`` (as Anthropic's SDKs take it); None:
            Anthropic's own API.
        api_key: sent as ``x-api-key``; None reads ``ANTHROPIC_API_KEY``. With a custom endpoint
            (a proxy) the key may be missing and no header is sent.
        timeout: seconds one attempt may take; None for no limit.
        retry: attempts and backoff (429, 5xx, timeouts and lost connections are retried; so is
            Anthropic's 529 "overloaded").

    Raises:
        ConfigError: the model id is empty, or no key is set for Anthropic's own API.
    """

    provider = "anthropic"

    def __init__(
        self,
        model: str = "claude-sonnet-4-6",
        *,
        endpoint: str | None = None,
        api_key: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        retry: Backoff = DEFAULT_HTTP_RETRY,
    ) -> None:
        if not model.strip():
            raise ConfigError("anthropic: the model id is empty")
        key = api_key or os.environ.get("ANTHROPIC_API_KEY") or None
        if key is None and endpoint is None:
            raise ConfigError("anthropic: no API key: set ANTHROPIC_API_KEY (or pass api_key=...)")
        super().__init__(timeout=timeout, retry=retry, secrets=(key,) if key else ())
        self.model = model.strip()
        self.endpoint = endpoint.strip().rstrip("/") if endpoint is not None else None
        self._api_key = key

    def __repr__(self) -> str:
        return f"AnthropicModel(model={self.model!r}, endpoint={self.endpoint!r})"

    @property
    def name(self) -> str:
        """``anthropic:<model>``."""
        return f"anthropic:{self.model}"

    @property
    def url(self) -> str:
        """Where requests go."""
        return f"{self.endpoint or DEFAULT_ANTHROPIC_ENDPOINT}/v1/messages"

    async def complete(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Completion:
        """Send one message and return the text blocks of the reply, joined and trimmed.

        Raises:
            ProviderError: the API refused the request, or failed after the retries.
            ModelTimeout: the last attempt ran out of time.
        """
        headers = {"anthropic-version": ANTHROPIC_VERSION}
        if self._api_key:
            headers["x-api-key"] = self._api_key
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "user", "content": user_message}],
            "max_tokens": max_tokens if max_tokens is not None else DEFAULT_MAX_TOKENS,
        }
        if system_prompt:  # left out when empty (a judge sending one user message)
            body["system"] = system_prompt
        if temperature is not None:
            body["temperature"] = temperature
        data = await self._post_json(self.url, headers=headers, body=body)
        blocks = data.get("content")
        if not isinstance(blocks, list):
            raise ProviderError(
                f"{self.name}: the response has no content list (keys: {', '.join(map(str, data))})",
                provider=self.provider,
                status=200,
            )
        text = "".join(
            block["text"]
            for block in blocks
            if isinstance(block, dict)
            and block.get("type") == "text"
            and isinstance(block.get("text"), str)
        )
        usage = data.get("usage")
        model = data.get("model")
        return Completion(
            text=text.strip(),
            input_tokens=token_count(usage, "input_tokens"),
            output_tokens=token_count(usage, "output_tokens"),
            model=model if isinstance(model, str) else None,
        )
