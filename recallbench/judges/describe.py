"""What a judge says about itself for a run's fingerprint: :func:`describe_judge`.

A judge may define ``describe()`` returning a JSON-able mapping of everything that decides its
scores (its kind, prompt version, a hash of its prompt texts, sampling settings, its members for a
judge made of judges). When it does not, the description is gathered from what it exposes:

* its type (``module.QualName``, or the class's ``fingerprint_type`` when it names one: a judge
  class that moved keeps the type it was recorded under; a plain function judge: the function's;
  one loaded from a Python file: ``file.py:QualName`` and ``source``, a hash of the file's
  content) and ``name``;
* ``identity``: its ``cache_identity`` (the LLM judges': name, prompt version, sampling settings),
  parsed when it is JSON;
* ``prompts``: a hash of ``prompt_texts()`` when it has that method (every text its model can be
  sent);
* the scalar fields of an attrs judge (the rubric's ``version`` and ``hallucination_window``,
  exact-match's settings); a field whose metadata carries :data:`DESCRIBED_WHEN_SET` only when it
  is not at its default (the rubric's ``claim_days``);
* ``opaque: true`` when none of that says anything beyond the type and name of a judge from outside
  recallbench: a third-party judge whose prompts the fingerprint cannot see (one of ours, such as
  the stub judge, is defined by its type and recallbench's version).

A :class:`~recallbench.judges.cache.CachedJudge` is described as the judge it wraps: a cache does not
change a score. A model selector's endpoint (``openai:m;https://host/v1``) is left out wherever it
appears: the address is not the judge.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from .._fields import camel
from .._importing import code_identity
from .._lazy import instance_of_loaded
from .base import _FunctionJudge

__all__ = ["DESCRIBED_WHEN_SET", "describe_judge", "prompt_digest", "without_endpoint"]

DESCRIBED_WHEN_SET = "recallbench.described_when_set"
"""An attrs field's metadata key: the field is described only when it differs from its default (a
setting added after runs were recorded, so that their fingerprints stay what they were)."""

PROMPT_DIGEST_CHARS = 16
"""Hex characters kept of the SHA-256 of a judge's prompt texts."""


def prompt_digest(texts: Iterable[str]) -> str:
    """The first :data:`PROMPT_DIGEST_CHARS` hex of the SHA-256 of ``texts`` (in order, each
    NUL-separated)."""
    return hashlib.sha256("\x00".join(texts).encode("utf-8")).hexdigest()[:PROMPT_DIGEST_CHARS]


def _code(obj: object) -> dict[str, str]:
    # A judge class may name the type it is recorded as (``fingerprint_type``): a class that moved
    # to another module stays the judge it was, and runs before and after the move compare as
    # judged alike.
    named = getattr(type(obj), "fingerprint_type", None)
    if isinstance(named, str) and named:
        return {"type": named}
    # as_judge's wrapper of a plain function: name the function
    return code_identity(obj.fn if isinstance(obj, _FunctionJudge) else type(obj))


def _type_name(obj: object) -> str:
    return _code(obj)["type"]


def _scalar(value: object) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, bool | int | str)


def without_endpoint(text: str) -> str:
    """A model selector without its endpoint (``openai:m;https://host/v1`` → ``openai:m``): an
    address is not part of what a judge is (a run elsewhere reaches the same model elsewhere)."""
    head, sep, tail = text.partition(";")
    return head if sep and "://" in tail else text


def _jsonable(value: Any) -> Any:
    """``value`` with tuples as lists and mappings' keys as strings (a described judge's own
    output, checked once here so that a bad ``describe()`` fails with the judge's name)."""
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, str):
        return without_endpoint(value)
    if _scalar(value):
        return value
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def describe_judge(judge: object) -> dict[str, Any]:
    """A JSON-able description of ``judge`` for a run's fingerprint (see the module docstring).

    Raises:
        TypeError: the judge's own ``describe()`` returned something that is not a JSON mapping.
    """
    if instance_of_loaded(judge, "recallbench.judges.cache", "CachedJudge"):
        return describe_judge(judge.inner)  # type: ignore[attr-defined]
    own = getattr(judge, "describe", None)
    if callable(own):
        described = own()
        if not isinstance(described, Mapping):
            raise TypeError(
                f"judge {_type_name(judge)}: describe() returned a {type(described).__name__}, "
                "not a mapping"
            )
        try:
            return {**_code(judge), **_jsonable(described)}
        except TypeError as exc:
            raise TypeError(f"judge {_type_name(judge)}: describe(): {exc}") from None
    out: dict[str, Any] = _code(judge)
    name = getattr(judge, "name", None)
    if isinstance(name, str):
        out["name"] = without_endpoint(name)
    told = "source" in out  # a judge from a file: its code, prompts included, is hashed
    identity = getattr(judge, "cache_identity", None)
    if isinstance(identity, str):
        try:
            out["identity"] = _jsonable(json.loads(identity))
        except (ValueError, TypeError):
            out["identity"] = without_endpoint(identity)
        told = True
    texts = getattr(judge, "prompt_texts", None)
    if callable(texts):
        out["prompts"] = prompt_digest(texts())
        told = True
    cls = type(judge)
    if attrs.has(cls):
        for field in attrs.fields(cls):
            # init=False fields are the class's constants (``synchronous``, ``protocol``).
            if field.name.startswith("_") or not field.init or field.name == "name":
                continue
            value = getattr(judge, field.name)
            if field.metadata.get(DESCRIBED_WHEN_SET) and value == field.default:
                continue  # a setting added later, left out at its default: fingerprints stay
            if _scalar(value):
                out[camel(field.name)] = _jsonable(value)
                told = True
    if not told and not out["type"].startswith("recallbench."):
        out["opaque"] = True  # a third-party judge that says nothing of its prompts
    return out
