"""An endpoint URL that carries ``user:password@``: found and shown without it (issue 42, finding 9).

A model endpoint with a user name and password in its URL cannot be used: aiohttp refuses to send
them beside the ``Authorization`` header a key makes (a ``ValueError``, raised after a judge's first
questions were paid for), and the spec, URL and all, is written into results as the judge's name.
So ``run`` refuses such a spec before any work (:func:`recallbench.harness.preflight.check_endpoints`)
and an HTTP provider before it sends anything. The standard library only: preflight imports this
without aiohttp.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

__all__ = ["CREDENTIALS_REFUSED", "has_credentials", "without_credentials"]

CREDENTIALS_REFUSED = (
    "carries a user name and password (user:password@), which recallbench does not send (they "
    "would also be written into results): give the key as the provider's key variable "
    "(OPENAI_API_KEY, ANTHROPIC_API_KEY, AZURE_OPENAI_API_KEY) and the endpoint without them"
)
"""Why an endpoint URL with user info is refused, said after the URL (shown without it)."""


def has_credentials(url: str) -> bool:
    """Whether ``url`` carries a user name or password (``https://user:password@host/v1``)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return "@" in parts.netloc


def without_credentials(url: str) -> str:
    """``url`` with its user name and password left out."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<invalid URL>"
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=host))
