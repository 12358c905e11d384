"""Azure OpenAI: Chat Completions on a deployment.

Reference §4.6: the deployment is the spec's model part and is also sent as ``model``;
``temperature`` / ``max_completion_tokens`` as for OpenAI; ten retries (eleven calls) as the
reference's client made. A content-filter refusal is not an error: the call returns empty text
(which the judge scores as a miss, reference §4.3) and logs a warning.
"""

from __future__ import annotations

import logging
import os
from urllib.parse import quote

from .._retry import Backoff, RetryPolicy
from ..errors import ConfigError
from .base import Completion
from .http import DEFAULT_TIMEOUT, HttpModel, ProviderError
from .openai import chat_body, chat_completion

__all__ = ["AZURE_RETRY", "DEFAULT_AZURE_API_VERSION", "AzureOpenAIModel", "is_content_filter"]

logger = logging.getLogger("recallbench")

DEFAULT_AZURE_API_VERSION = "2024-10-21"
"""The ``api-version`` used when neither the argument nor ``AZURE_OPENAI_API_VERSION`` gives one."""

AZURE_RETRY = RetryPolicy(attempts=11, initial_delay=0.5, max_delay=8.0)
"""Azure's default: the first call and ten retries, as the reference configured its client."""


def is_content_filter(exc: ProviderError) -> bool:
    """Whether an error is Azure's content filter refusing the prompt (HTTP 400)."""
    return exc.status == 400 and (
        exc.code == "content_filter" or exc.inner_code == "ResponsibleAIPolicyViolation"
    )


class AzureOpenAIModel(HttpModel):
    """A text model on an Azure OpenAI deployment.

    Args:
        deployment: the deployment name (the URL names it; it is also sent as ``model``).
        endpoint: the resource URL (``https://<resource>.openai.azure.com``); None reads
            ``AZURE_OPENAI_ENDPOINT``.
        api_version: the ``api-version`` query parameter; None reads ``AZURE_OPENAI_API_VERSION``,
            else ``2024-10-21``.
        api_key: sent as the ``api-key`` header; None reads ``AZURE_OPENAI_API_KEY``, then
            ``OPENAI_API_KEY``.
        timeout: seconds one attempt may take; None for no limit.
        retry: attempts and backoff (default :data:`AZURE_RETRY`).

    Raises:
        ConfigError: the deployment is empty, or no endpoint or key is set.
    """

    provider = "azure"

    def __init__(
        self,
        deployment: str,
        *,
        endpoint: str | None = None,
        api_version: str | None = None,
        api_key: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        retry: Backoff = AZURE_RETRY,
    ) -> None:
        if not deployment.strip():
            raise ConfigError("azure: the deployment name is empty")
        endpoint = endpoint or os.environ.get("AZURE_OPENAI_ENDPOINT") or None
        if endpoint is None or not endpoint.strip():
            raise ConfigError(
                "azure: no endpoint: set AZURE_OPENAI_ENDPOINT or name it in the spec "
                "(azure:<deployment>;<endpoint>)"
            )
        key = (
            api_key
            or os.environ.get("AZURE_OPENAI_API_KEY")
            or os.environ.get("OPENAI_API_KEY")
            or None
        )
        if key is None:
            raise ConfigError(
                "azure: no API key: set AZURE_OPENAI_API_KEY (or OPENAI_API_KEY, or pass "
                "api_key=...)"
            )
        super().__init__(timeout=timeout, retry=retry, secrets=(key,))
        self.deployment = deployment.strip()
        self.endpoint = endpoint.strip().rstrip("/")
        self.api_version = (
            api_version or os.environ.get("AZURE_OPENAI_API_VERSION") or DEFAULT_AZURE_API_VERSION
        )
        self._api_key = key

    def __repr__(self) -> str:
        return (
            f"AzureOpenAIModel(deployment={self.deployment!r}, endpoint={self.endpoint!r}, "
            f"api_version={self.api_version!r})"
        )

    @property
    def name(self) -> str:
        """``azure:<deployment>``."""
        return f"azure:{self.deployment}"

    @property
    def url(self) -> str:
        """Where requests go (without the ``api-version`` query parameter)."""
        deployment = quote(self.deployment, safe="")
        return f"{self.endpoint}/openai/deployments/{deployment}/chat/completions"

    async def complete(
        self,
        system_prompt: str,
        user_message: str,
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Completion:
        """Send one chat completion; a content-filter refusal returns empty text.

        Raises:
            ProviderError: the API refused the request (other than the content filter), or
                failed after the retries.
            ModelTimeout: the last attempt ran out of time.
        """
        body = chat_body(
            self.deployment,
            system_prompt,
            user_message,
            temperature=temperature,
            max_tokens=max_tokens,
        )
        try:
            data = await self._post_json(
                self.url,
                headers={"api-key": self._api_key},
                body=body,
                params={"api-version": self.api_version},
            )
        except ProviderError as exc:
            if not is_content_filter(exc):
                raise
            logger.warning(
                "%s: the content filter refused the prompt (HTTP 400, %s); returning empty text",
                self.name,
                exc.inner_code or exc.code,
            )
            return Completion(text="")
        completion, finish = chat_completion(data, name=self.name, provider=self.provider)
        if finish == "content_filter" and not completion.text:
            logger.warning(
                "%s: the content filter withheld the reply (finish_reason content_filter); "
                "returning empty text",
                self.name,
            )
        return completion
