"""The embedding APIs ``recallbench embed-serve`` speaks, as pure functions: request bodies in, checked
requests or a :class:`RequestError` out; vectors in, response bodies out.

Two wire formats, each as its clients send it:

* **OpenAI** (``POST /v1/embeddings``): ``{"model", "input": str | [str], "encoding_format"?,
  "dimensions"?, "user"?}`` → ``{"object": "list", "data": [{"object": "embedding", "index": i,
  "embedding": [...]}], "model", "usage": {"prompt_tokens", "total_tokens"}}``. ``encoding_format``
  ``"base64"`` sends each vector as the base64 of its little-endian float32 bytes, which is what the
  ``openai`` Python client asks for when the caller does not choose (Chroma's and mem0's OpenAI
  embedders use that client). Token-id inputs (``[int]`` or ``[[int]]``) are refused: this server
  tokenizes with the model's own WordPiece vocabulary, and ids from another tokenizer would be
  silently wrong.
* **Ollama** (``POST /api/embed``): ``{"model", "input": str | [str], "truncate"?, "options"?,
  "keep_alive"?}`` → ``{"model", "embeddings": [[...]], "total_duration", "load_duration",
  "prompt_eval_count"}``; and the older ``POST /api/embeddings``: ``{"model", "prompt": str}`` →
  ``{"embedding": [...]}``.

**The model name** of a request is accepted whatever it is (clients insist on sending one, and
their defaults differ: ``nomic-embed-text``, ``text-embedding-3-small`` …) and the response names
the model that really ran, :data:`MODEL_NAME`.

**Floats** go out as the float64 spelling of each float32 coordinate, so a client that reads them
back as float32 gets the encoder's vector bit for bit (a shorter float32 spelling read as float64
and then rounded can land one ulp away).

A bad request raises :class:`RequestError` naming the field; :func:`openai_error` and
:func:`ollama_error` shape it as each API reports errors. **Sizes** are checked apart
(:func:`check_sizes`, :func:`check_word_pieces`): a request over a limit is refused whole with 413
naming the limit, as OpenAI refuses inputs over its limits, never cut silently (a text longer than
the model's window within the limits is embedded from its first window, as sentence-transformers
does). No I/O and no event loop here.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

__all__ = [
    "DIMENSIONS",
    "MAX_INPUTS",
    "MODEL_NAME",
    "EmbedRequest",
    "RequestError",
    "check_sizes",
    "check_word_pieces",
    "ollama_error",
    "ollama_legacy_request",
    "ollama_legacy_response",
    "ollama_request",
    "ollama_response",
    "openai_error",
    "openai_request",
    "openai_response",
]

MODEL_NAME = "all-MiniLM-L6-v2"
"""The model every response names, whatever the request asked for."""
DIMENSIONS = 384
"""The length of every vector."""
MAX_INPUTS = 2048
"""The most texts one request may carry by default (OpenAI's own limit)."""

Floats = npt.NDArray[np.float32]


class RequestError(ValueError):
    """A request the server refuses (HTTP 400), naming the field at fault.

    Attributes:
        field: the body field (``input``, ``model``, ``encoding_format`` …; ``body`` for the whole).
        status: the HTTP status to answer with: 400; 413 for a request over a size limit
            (:func:`check_sizes`); 415 for a body not sent as ``application/json``; 403 for a
            request from a web page of another site.
    """

    def __init__(self, field: str, message: str, *, status: int = 400) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.status = status


@attrs.frozen(kw_only=True)
class EmbedRequest:
    """A checked request: the texts to embed, in order, and how to send the vectors back.

    Attributes:
        texts: the inputs.
        model: the model name the client asked for (echoed nowhere; kept for logs).
        encoding: ``"float"`` or ``"base64"`` (OpenAI format only).
        field: the body field the texts came in (``input``; ``prompt`` for Ollama's older API).
    """

    texts: tuple[str, ...]
    model: str = ""
    encoding: str = "float"
    field: str = "input"


def _body(body: object) -> Mapping[str, Any]:
    if not isinstance(body, Mapping):
        raise RequestError("body", f"expected a JSON object, got {_kind(body)}")
    return body


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _model(body: Mapping[str, Any], *, required: bool) -> str:
    model = body.get("model")
    if model is None:
        if required:
            raise RequestError("model", f'missing (any name is accepted; "{MODEL_NAME}" runs)')
        return ""
    if not isinstance(model, str):
        raise RequestError("model", f"expected a string, got {_kind(model)}")
    return model


def _texts(value: object, field: str) -> tuple[str, ...]:
    """``value`` as the texts to embed: a string, or a non-empty array of strings."""
    if isinstance(value, str):
        return (value,)
    if value is None:
        raise RequestError(field, "missing: give a string or an array of strings")
    if not isinstance(value, list):
        raise RequestError(field, f"expected a string or an array of strings, got {_kind(value)}")
    if not value:
        raise RequestError(field, "an empty array: give at least one string")
    for n, item in enumerate(value):
        if isinstance(item, str):
            continue
        if isinstance(item, int) or (isinstance(item, list) and item and isinstance(item[0], int)):
            raise RequestError(
                field,
                "token ids are not accepted: send text (this server tokenizes with "
                f"{MODEL_NAME}'s own WordPiece vocabulary)",
            )
        raise RequestError(f"{field}[{n}]", f"expected a string, got {_kind(item)}")
    return tuple(value)


def openai_request(body: object) -> EmbedRequest:
    """A ``POST /v1/embeddings`` body, checked.

    Raises:
        RequestError: a missing or malformed field (``model`` and ``input`` are required, as
            OpenAI requires them), token-id inputs, an unknown ``encoding_format``, or
            ``dimensions`` other than :data:`DIMENSIONS`.
    """
    fields = _body(body)
    model = _model(fields, required=True)
    texts = _texts(fields.get("input"), "input")
    encoding = fields.get("encoding_format", "float")
    if encoding is None:
        encoding = "float"
    if encoding not in ("float", "base64"):
        raise RequestError("encoding_format", f'expected "float" or "base64", got {encoding!r}')
    dimensions = fields.get("dimensions")
    if dimensions is not None and dimensions != DIMENSIONS:
        raise RequestError(
            "dimensions",
            f"{MODEL_NAME} makes {DIMENSIONS}-dimensional vectors, {dimensions!r} asked "
            f"(leave it out, or set your client's embedding size to {DIMENSIONS})",
        )
    return EmbedRequest(texts=texts, model=model, encoding=encoding)


def ollama_request(body: object) -> EmbedRequest:
    """A ``POST /api/embed`` body, checked (``model`` may be left out here).

    Raises:
        RequestError: ``input`` missing or not text.
    """
    fields = _body(body)
    return EmbedRequest(
        texts=_texts(fields.get("input"), "input"), model=_model(fields, required=False)
    )


def ollama_legacy_request(body: object) -> EmbedRequest:
    """A ``POST /api/embeddings`` body (Ollama's older endpoint: one ``prompt``), checked.

    Raises:
        RequestError: ``prompt`` missing or not a string.
    """
    fields = _body(body)
    prompt = fields.get("prompt")
    if not isinstance(prompt, str):
        problem = "missing" if prompt is None else f"expected a string, got {_kind(prompt)}"
        raise RequestError("prompt", problem)
    return EmbedRequest(texts=(prompt,), model=_model(fields, required=False), field="prompt")


def check_sizes(
    request: EmbedRequest,
    *,
    max_texts: int = MAX_INPUTS,
    max_text_chars: int,
    max_request_chars: int,
    window: int = 256,
) -> None:
    """Refuse a request with more texts, or longer ones, than the server takes.

    Raises:
        RequestError: (413) naming the field, the size and the limit: more than ``max_texts``
            texts, a text over ``max_text_chars`` characters, or more than ``max_request_chars``
            characters in all.
    """
    field, texts = request.field, request.texts
    if len(texts) > max_texts:
        raise RequestError(
            field,
            f"{len(texts):,} texts, at most {max_texts:,} in one request: send them in several",
            status=413,
        )
    total = 0
    for n, text in enumerate(texts):
        if len(text) > max_text_chars:
            where = field if len(texts) == 1 else f"{field}[{n}]"
            raise RequestError(
                where,
                f"{len(text):,} characters, at most {max_text_chars:,} in one text (the model "
                f"reads its first {window} word pieces, about {window * 4:,} characters of prose: "
                "send the start of the text, or split it)",
                status=413,
            )
        total += len(text)
    if total > max_request_chars:
        raise RequestError(
            field,
            f"{total:,} characters in all, at most {max_request_chars:,} in one request: send "
            "fewer texts a request",
            status=413,
        )


def check_word_pieces(
    request: EmbedRequest, pieces: Sequence[int], *, limit: int, window: int = 256
) -> None:
    """Refuse a request whose texts the model would read more than ``limit`` word pieces of
    (``pieces``: each text's, at most the model's window).

    Raises:
        RequestError: (413) naming the count and the limit.
    """
    total = int(sum(pieces))
    if total > limit:
        raise RequestError(
            request.field,
            f"{total:,} word pieces to read (at most {window} a text), at most {limit:,} in one "
            "request (what one request may cost the encoder): send fewer texts a request",
            status=413,
        )


def _exact(vectors: Floats) -> npt.NDArray[np.float64]:
    # float64 holds every float32 exactly; its shortest spelling reads back to the same float32.
    return vectors.astype(np.float64)


def openai_response(
    request: EmbedRequest, vectors: Floats, tokens: Sequence[int]
) -> dict[str, Any]:
    """The ``/v1/embeddings`` response body for ``vectors`` (one row per text, in order) and the
    word pieces each text was read as (``usage``)."""
    data: list[dict[str, Any]] = []
    if request.encoding == "base64":
        little = vectors.astype("<f4", copy=False)
        for i, row in enumerate(little):
            encoded = base64.b64encode(row.tobytes()).decode("ascii")
            data.append({"object": "embedding", "index": i, "embedding": encoded})
    else:
        for i, row in enumerate(_exact(vectors)):
            data.append({"object": "embedding", "index": i, "embedding": row})
    total = int(sum(tokens))
    return {
        "object": "list",
        "data": data,
        "model": MODEL_NAME,
        "usage": {"prompt_tokens": total, "total_tokens": total},
    }


def ollama_response(vectors: Floats, tokens: Sequence[int], seconds: float) -> dict[str, Any]:
    """The ``/api/embed`` response body (durations in nanoseconds, as Ollama reports them)."""
    return {
        "model": MODEL_NAME,
        "embeddings": _exact(vectors),
        "total_duration": int(seconds * 1e9),
        "load_duration": 0,
        "prompt_eval_count": int(sum(tokens)),
    }


def ollama_legacy_response(vectors: Floats) -> dict[str, Any]:
    """The ``/api/embeddings`` response body."""
    return {"embedding": _exact(vectors)[0]}


def openai_error(
    message: str, *, param: str | None = None, kind: str = "invalid_request_error"
) -> dict[str, Any]:
    """An error body as OpenAI sends one."""
    return {"error": {"message": message, "type": kind, "param": param, "code": None}}


def ollama_error(message: str) -> dict[str, Any]:
    """An error body as Ollama sends one."""
    return {"error": message}
