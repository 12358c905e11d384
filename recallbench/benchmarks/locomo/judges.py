"""LoCoMo's official scorers as judges: the token F1 (``--judge locomo-f1``) and the binary
CORRECT/WRONG LLM judge most published LoCoMo figures use (``--judge locomo-llm:<model spec>``).

**Token F1** (:class:`LocomoF1Judge`), as ``task_eval/evaluation.py`` of snap-research/locomo
computes it (``eval_question_answering``, ``f1_score``, ``f1``, ``normalize_answer``):

* normalisation: commas dropped, lower-cased, ASCII punctuation removed, the words *a*, *an*, *the*
  and *and* removed, whitespace collapsed; each token then Porter-stemmed (nltk's
  ``PorterStemmer()``, as the official code uses);
* F1 over the two bags of stems (0 when they share none);
* by the pair's LoCoMo category (``QAPair.extra["locomoCategory"]``, 1–5, the official numbering):
  1 multi-hop — answer and gold are both split on commas, and the mean over the gold's parts of each
  part's best F1 against the answer's parts; 2 temporal, 4 single-hop — the plain F1; 3 open-domain —
  the gold cut at its first ``;``; 5 adversarial — 1 when the answer, lower-cased, contains "no
  information available" or "not mentioned", else 0. A pair without a category is scored by the
  plain F1 and says so.

**LLM judge** (:class:`LocomoLlmJudge`): mem0's ``ACCURACY_PROMPT`` (``evaluation/metrics/
llm_judge.py``), word for word, as the one user message, temperature 0; the reply's JSON ``label``
is 1 when it is exactly ``CORRECT``. Category 5 is not scored by it: mem0's evaluation skips those
questions, so the judge makes no call and flags the score ``J excluded [locomo 5 adversarial]``
(reports leave it out of the J score); the score itself is the official F1 scorer's phrase check, so
the heatmap still shows whether the answer declined.

Both map their figure onto our scale and keep it at the head of the reasoning
(:mod:`recallbench.judges.official`); both apply the ``reference-only`` definition of a
hallucination.
"""

from __future__ import annotations

import functools
import json
import re
import string
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from ..._closing import AsyncClosing
from ...errors import ConfigError, JudgeParseError
from ...judges.base import JudgeContext
from ...judges.llm import DEFAULT_TEMPERATURE, LlmJudge
from ...judges.official import figure_head, official_score
from ...judges.parse import find_reply_object
from ...models.base import TextModel
from ...results.scoring import JudgeScore

__all__ = [
    "LOCOMO_CATEGORIES",
    "LOCOMO_JUDGE_PROMPT",
    "LOCOMO_PROMPT_VERSION",
    "LocomoF1Judge",
    "LocomoLlmJudge",
    "adversarial_declined",
    "locomo_category",
    "locomo_f1",
    "multi_answer_f1",
    "normalize_answer",
    "token_f1",
]

LOCOMO_CATEGORIES: dict[int, str] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
"""The official evaluation code's category numbers and the names we give them."""

_PUNCTUATION = frozenset(string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the|and)\b")


def normalize_answer(text: str) -> str:
    """LoCoMo's normalisation: commas dropped, lower case, no ASCII punctuation, no *a*, *an*,
    *the*, *and*, single spaces."""
    text = text.replace(",", "").lower()
    text = "".join(ch for ch in text if ch not in _PUNCTUATION)
    return " ".join(_ARTICLES.sub(" ", text).split())


@functools.cache
def _stemmer() -> Callable[[str], str]:
    try:
        from nltk.stem import PorterStemmer
    except ImportError as exc:  # the benchmarks extra is not installed
        raise ConfigError(
            "the LoCoMo F1 judge needs nltk (its Porter stemmer): pip install 'recallbench[benchmarks]'"
        ) from exc
    stem: Callable[[str], str] = functools.lru_cache(maxsize=65536)(PorterStemmer().stem)
    return stem


def _stems(text: str) -> list[str]:
    stem = _stemmer()
    return [stem(word) for word in normalize_answer(text).split()]


def token_f1(prediction: str, gold: str) -> float:
    """The F1 of the two texts' bags of stemmed, normalised tokens (0.0 when they share none)."""
    predicted, wanted = _stems(prediction), _stems(gold)
    same = sum((Counter(predicted) & Counter(wanted)).values())
    if same == 0:
        return 0.0
    precision, recall = same / len(predicted), same / len(wanted)
    return 2 * precision * recall / (precision + recall)


def multi_answer_f1(prediction: str, gold: str) -> float:
    """Category 1: both texts split on commas; the mean, over the gold's parts, of each part's best
    F1 against the prediction's parts."""
    predictions = [p.strip() for p in prediction.split(",")]
    golds = [g.strip() for g in gold.split(",")]
    return sum(max(token_f1(p, g) for p in predictions) for g in golds) / len(golds)


def adversarial_declined(answer: str) -> bool:
    """Category 5's check: the answer says "no information available" or "not mentioned"."""
    lowered = answer.lower()
    return "no information available" in lowered or "not mentioned" in lowered


def locomo_f1(prediction: str, gold: str, category: int | None) -> float:
    """The official per-question figure for a LoCoMo category (module docstring); ``None``: the
    plain F1."""
    if category == 1:
        return multi_answer_f1(prediction, gold)
    if category == 3:
        gold = gold.split(";")[0].strip()
    if category == 5:
        return 1.0 if adversarial_declined(prediction) else 0.0
    return token_f1(prediction, gold)


def locomo_category(context: JudgeContext | None) -> int | None:
    """The pair's LoCoMo category (``extra["locomoCategory"]``, 1–5), or None."""
    qa = context.qa if context is not None else None
    value = qa.extra.get("locomoCategory") if qa is not None else None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value in LOCOMO_CATEGORIES:
        return value
    return None


def _group(category: int | None) -> str:
    if category is None:
        return "locomo no category"
    return f"locomo {category} {LOCOMO_CATEGORIES[category]}"


@attrs.define(eq=False)
class LocomoF1Judge(AsyncClosing):
    """The official LoCoMo token F1 (module docstring). Offline and synchronous.

    Attributes:
        name: ``locomo-f1``.
        synchronous: True: ``score`` never suspends.
        hallucination_mode: ``reference-only``.

    It declares no ``cache_identity``: the F1 is cheaper than a cache lookup.
    """

    fingerprint_type: ClassVar[str] = "recallbench.judges.locomo.LocomoF1Judge"
    """The type a run's fingerprint records: the class's module before the LoCoMo family moved
    into :mod:`recallbench.benchmarks.locomo` (runs before and after compare as judged alike)."""

    name: str = "locomo-f1"
    protocol: str = attrs.field(default="locomo-f1", init=False)
    synchronous: bool = attrs.field(default=True, init=False)
    hallucination_mode: str = attrs.field(default="reference-only", init=False)

    def __attrs_post_init__(self) -> None:
        _stemmer()  # a missing nltk is a configuration error now, not a judge error per question

    def score_sync(self, reference: str, answer: str, category: int | None) -> JudgeScore:
        """Score one answer of a LoCoMo category."""
        figure = locomo_f1(answer, reference, category)
        return official_score(figure, answer, figure_head("F1", figure, _group(category)))

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Score one answer; its category comes from ``context.qa``."""
        return self.score_sync(reference, answer, locomo_category(context))


LOCOMO_PROMPT_VERSION = "mem0-1"
"""The version of :data:`LOCOMO_JUDGE_PROMPT` (the judge cache keys on it)."""

# mem0ai/mem0, evaluation/metrics/llm_judge.py (commit 2352a44193bd0e36cd544fc5664cbee14e020bc2),
# ACCURACY_PROMPT: word for word, its curly quotes, trailing spaces and blank first line included.
LOCOMO_JUDGE_PROMPT = """
Your task is to label an answer to a question as ’CORRECT’ or ’WRONG’. You will be given the following data:
    (1) a question (posed by one user to another user), 
    (2) a ’gold’ (ground truth) answer, 
    (3) a generated answer
which you will score as CORRECT/WRONG.

The point of the question is to ask about something one user should know about the other user based on their prior conversations.
The gold answer will usually be a concise and short answer that includes the referenced topic, for example:
Question: Do you remember what I got the last time I went to Hawaii?
Gold answer: A shell necklace
The generated answer might be much longer, but you should be generous with your grading - as long as it touches on the same topic as the gold answer, it should be counted as CORRECT. 

For time related questions, the gold answer will be a specific date, month, year, etc. The generated answer might be much longer or use relative time references (like "last Tuesday" or "next month"), but you should be generous with your grading - as long as it refers to the same date or time period as the gold answer, it should be counted as CORRECT. Even if the format differs (e.g., "May 7th" vs "7 May"), consider it CORRECT if it's the same date.

Now it's time for the real question:
Question: {question}
Gold answer: {gold_answer}
Generated answer: {generated_answer}

First, provide a short (one sentence) explanation of your reasoning, then finish with CORRECT or WRONG. 
Do NOT include both CORRECT and WRONG in your response, or it will break the evaluation script.

Just return the label CORRECT or WRONG in a json format with the key as "label".
"""  # noqa: W291 - the official text, its trailing spaces as published
"""mem0's LoCoMo judge prompt, sent as the only (user) message."""

_RETRY = (
    '\n\nYOUR PREVIOUS REPLY could not be read. Reply with a JSON object: {"label": "CORRECT"} or '
    '{"label": "WRONG"}.'
)


def parse_locomo_label(text: str) -> int:
    """1 when the reply's JSON ``label`` is exactly ``CORRECT`` (as mem0's script reads it), else 0.

    Raises:
        JudgeParseError: no JSON object with a string ``label``.
    """
    data = find_reply_object(text) if text.strip() else None
    label = data.get("label") if data is not None else None
    if not isinstance(label, str):
        raise JudgeParseError(f"Judge reply has no JSON label: {text.strip()[:200] or '(empty)'}")
    return 1 if label == "CORRECT" else 0


class LocomoLlmJudge(LlmJudge):
    """mem0's binary LoCoMo judge over any text model (module docstring).

    Args:
        model: any text model.
        name: how results name it (``locomo-llm:<model spec>`` from the command line).
        temperature: 0, as mem0's script.
        max_tokens: None (mem0's script sets none; the provider's default applies).

    Attributes:
        hallucination_mode: ``reference-only``.
    """

    fingerprint_type: ClassVar[str] = "recallbench.judges.locomo.LocomoLlmJudge"
    """The type a run's fingerprint records (its module before the family moved)."""

    protocol = "locomo-llm"
    hallucination_mode = "reference-only"

    def __init__(
        self,
        model: TextModel,
        *,
        name: str | None = None,
        temperature: float | None = DEFAULT_TEMPERATURE,
        max_tokens: int | None = None,
    ) -> None:
        super().__init__(model, name=name, temperature=temperature, max_tokens=max_tokens)
        self.prompt_version = LOCOMO_PROMPT_VERSION

    def __repr__(self) -> str:
        return (
            f"LocomoLlmJudge(name={self.name!r}, temperature={self.temperature!r}, "
            f"max_tokens={self.max_tokens!r})"
        )

    @property
    def cache_identity(self) -> str:
        """The protocol, name, prompt version and sampling settings."""
        return json.dumps(
            {
                "judge": self.protocol,
                "name": self.name,
                "prompt": self.prompt_version,
                "temperature": self.temperature,
                "max_tokens": self.max_tokens,
            },
            separators=(",", ":"),
        )

    def prompt_texts(self) -> tuple[str, ...]:
        """The texts its model can be sent: mem0's prompt and the retry's addition (hashed into a
        run's fingerprint)."""
        return (LOCOMO_JUDGE_PROMPT, _RETRY)

    def cache_material(self, context: JudgeContext | None) -> Any:
        """What the cache key adds for this judge: the pair's category (5 is not asked)."""
        return {"locomoCategory": locomo_category(context)}

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Label one answer CORRECT or WRONG (one call, two after an unreadable reply); category 5
        makes no call and is flagged as excluded.

        Raises:
            JudgeParseError: no readable label, twice.
            ModelError: the model call failed (the harness retries it).
        """
        category = locomo_category(context)
        group = _group(category)
        if category == 5:
            declined = adversarial_declined(answer)
            note = (
                "not part of the J score (mem0's evaluation skips category 5); official phrase "
                f"check: {'declined' if declined else 'did not decline'}"
            )
            head = figure_head("J", None, group)
            return official_score(1.0 if declined else 0.0, answer, f"{head}: {note}")
        prompt = LOCOMO_JUDGE_PROMPT.format(
            question=question, gold_answer=reference, generated_answer=answer
        )
        reply = await self._call("", prompt)
        try:
            label = parse_locomo_label(reply.text)
        except JudgeParseError:
            reply = await self._call("", prompt + _RETRY)
            try:
                label = parse_locomo_label(reply.text)
            except JudgeParseError as exc:
                raise JudgeParseError(f"{exc} (after one retry)") from exc
        said = " ".join(reply.text.split())[:200]
        return official_score(float(label), answer, f"{figure_head('J', label, group)}: {said}")
