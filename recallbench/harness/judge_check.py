"""The judge check: before any work, each HTTP model a run's judges call scores one tiny answer, within
a bounded time (issue 42, finding 5).

The liveness probe (:mod:`recallbench.models.liveness`) finds an endpoint that answers nothing, but
not one whose server answers every other request while a chat completion waits forever: a probe
answered proves the server serving, and a long generation looks the same from outside. A run with
default flags against such an endpoint was still waiting after 200 s. So ``run`` asks each model
one real scoring request first — the LLM judge's reference prompt, a one-line question whose answer
is the reference — given the time one judge call is given (``--timeout``, 30 s by default). A model
that does not answer within it, or fails it (a bad key, an unknown model, the endpoint down), stops
the run before any setup or ingestion with one line naming the model and its URL, exit 1. A reply
that holds no score still passes (the model answered; whether it can score is the run's to find,
as for every answer).

What it costs:

* **Nothing for an offline judge** (``stub``, ``rubric``, a family's F1 scorer) **or one that calls
  no HTTP model** (a CLI agent, a Python object): nothing is checked.
* **Nothing for a cached one**: with the judge cache on (the default), the check's score is kept in
  it like any other, so an identical re-run reads it back and sends nothing. (So a model that
  passed a check once is not checked again while its entry lasts: ``--no-judge-cache`` checks
  always.)
* **One call otherwise**, of a few hundred tokens. It is made before the run counts its judge usage
  (``judgeUsage``, the cost figures), so it is outside them; the check's own line says what it
  spent.

``run --no-judge-check`` skips it, and so does ``--skip-preflight``. The library's
:class:`~recallbench.harness.engine.Harness` never makes it: :func:`check_judge_models` is there to
call.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import anyio
import attrs

from ..errors import JudgeParseError, RecallBenchError
from ..judges.cache import CachedJudge, JudgeCache
from ..judges.parse import parse_judge_output
from ..judges.prompts import PROMPT_VERSION, build_user_message, select_prompt
from ..judges.usage import JudgeUsage
from ..models.base import TextModel, complete
from ..models.http import HttpModel, shown_url
from ..results.scoring import JudgeScore

__all__ = [
    "CHECK_ANSWER",
    "CHECK_QUESTION",
    "JudgeCheck",
    "check_judge_models",
    "judge_models",
]

CHECK_QUESTION = "What colour is a clear daytime sky?"
"""The question of the check request."""

CHECK_ANSWER = "Blue."
"""Its reference answer, and the answer scored."""

_MAX_TOKENS = 200  # the score object and its one-line reasoning
_WALK = (
    "inner",
    "judges",
)  # where a judge keeps the judges it wraps (a cache, a panel, a family's)


@attrs.frozen(kw_only=True)
class JudgeCheck:
    """How one model did.

    Attributes:
        model: the model's name (``openai:gpt-4o-mini``).
        url: where its requests go (no user info, no query).
        ok: it answered within the time.
        seconds: how long the check took.
        problem: why it did not pass (``did not score a check request within 30 s``, the error),
            else None.
        timed_out: it did not pass for want of time (rather than an error).
        cached: the score came from the judge cache (no request sent).
        scored: the reply held a score (a reply without one still passes).
        usage: the calls and tokens the check spent (outside the run's judge usage).
    """

    model: str
    url: str
    ok: bool
    seconds: float
    problem: str | None = None
    timed_out: bool = False
    cached: bool = False
    scored: bool = True
    usage: JudgeUsage = attrs.field(factory=JudgeUsage)

    def line(self) -> str:
        """One line saying how the check went."""
        who = f"judge model {self.model} at {self.url}"
        if not self.ok:
            return f"{who} {self.problem}"
        if self.cached:
            return f"{who}: its check is in the judge cache (no request sent)"
        spent = (
            f"{self.usage.calls} call, {self.usage.input_tokens} in / "
            f"{self.usage.output_tokens} out tokens, outside the run's judge usage"
        )
        how = "scored" if self.scored else "answered (though not with a score)"
        return f"{who} {how} a check request in {self.seconds:.1f} s ({spent})"


def judge_models(judges: Iterable[object]) -> list[HttpModel]:
    """The HTTP models the judges call, each once: found through panels, judge caches and the
    judges a family's judge holds (``inner``, ``judges``), and an LLM judge's ``model``."""
    found: dict[tuple[str, str, str], HttpModel] = {}
    seen: set[int] = set()
    stack: list[object] = [j for j in judges if j is not None]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        model = getattr(node, "model", None)
        if isinstance(model, HttpModel):
            key = (type(model).__name__, model.name, _url_of(model))
            found.setdefault(key, model)
        for attr in _WALK:
            inner = getattr(node, attr, None)
            if isinstance(inner, dict):
                stack.extend(inner.values())
            elif isinstance(inner, list | tuple):
                stack.extend(inner)
            elif inner is not None:
                stack.append(inner)
    return list(found.values())


def _url_of(model: HttpModel) -> str:
    url = getattr(model, "url", None)
    return shown_url(url) if isinstance(url, str) else "<no URL>"


class _CheckJudge:
    """The check as a judge (so the judge cache keeps its score): one call, the reply parsed."""

    def __init__(self, model: TextModel, name: str, url: str) -> None:
        self.model = model
        self.usage = JudgeUsage()
        self.cache_identity = json.dumps(
            {"judge": "judge-check", "model": name, "url": url, "prompt": PROMPT_VERSION},
            separators=(",", ":"),
        )
        self.reply_had_score = True

    async def score(self, question: str, reference: str, answer: str, context: Any) -> JudgeScore:
        _kind, system_prompt = select_prompt(None)
        self.usage.calls += 1
        reply = await complete(
            self.model,
            system_prompt,
            build_user_message(question, reference, answer, None),
            temperature=0.0,
            max_tokens=_MAX_TOKENS,
        )
        self.usage.add_tokens(reply.input_tokens, reply.output_tokens)
        try:
            return parse_judge_output(reply.text)
        except JudgeParseError:
            self.reply_had_score = False
            raise  # not kept in the cache; the check passes all the same (the model answered)


async def _check_one(model: HttpModel, timeout: float, cache: JudgeCache | None) -> JudgeCheck:
    url = _url_of(model)
    inner = _CheckJudge(model, model.name, url)
    judge: Any = CachedJudge(inner, cache) if cache is not None else inner
    started = time.monotonic()
    problem: str | None = None
    with anyio.move_on_after(timeout) as scope:
        try:
            await judge.score(CHECK_QUESTION, CHECK_ANSWER, CHECK_ANSWER, None)
        except JudgeParseError:
            pass  # it answered
        except RecallBenchError as exc:
            problem = f"failed a check request: {exc}"
        except Exception as exc:  # a transport error the provider did not word (a bad URL)
            problem = f"failed a check request: {type(exc).__name__}: {exc}"
    if scope.cancelled_caught:
        problem = f"did not score a check request within {timeout:g} s (--timeout)"
    took = time.monotonic() - started
    cached = isinstance(judge, CachedJudge) and judge.usage.cache_hits > 0
    return JudgeCheck(
        model=model.name,
        url=url,
        ok=problem is None,
        seconds=took,
        problem=problem,
        timed_out=scope.cancelled_caught,
        cached=cached,
        scored=inner.reply_had_score,
        usage=inner.usage,
    )


async def check_judge_models(
    judges: Sequence[object], *, timeout: float, cache_dir: Path | None = None
) -> list[JudgeCheck]:
    """Ask each HTTP model the judges call (:func:`judge_models`) one tiny scoring request, all at
    once, each within ``timeout`` seconds; close their connections after.

    Args:
        judges: the run's judges (the primary, a panel, the appellate judge; None is skipped).
        timeout: seconds each check may take, retries included (the time one judge call is given).
        cache_dir: the judge cache: a check whose score it holds sends nothing (None: always ask).

    Returns:
        One :class:`JudgeCheck` a model, in the order found (empty: no HTTP model to check).
    """
    models = judge_models(judges)
    results: list[JudgeCheck | None] = [None] * len(models)
    cache = JudgeCache(cache_dir) if cache_dir is not None else None

    async def one(i: int, model: HttpModel) -> None:
        try:
            results[i] = await _check_one(model, timeout, cache)
        finally:
            await model.aclose()  # the run opens its own session, in its own event loop

    async with anyio.create_task_group() as tg:
        for i, model in enumerate(models):
            tg.start_soon(one, i, model)
    return [r for r in results if r is not None]
